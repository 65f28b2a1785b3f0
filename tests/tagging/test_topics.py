"""Terms, distinctive terms per list and automatic topics, for lists of any field."""

import gzip
import json
import unittest

from paperlist.tagging.stopwords import STOP_PHRASES
from paperlist.tagging.topics import (
    ABSORB_SHARE,
    acronyms,
    candidate_terms,
    distinctive,
    rank_terms,
    term_counts,
)
from tests.helpers import ROOT, TempDir, run_cli

DAILY = ROOT.parent / "shared" / "data" / "arxiv-daily-cs" / "daily"
LLM = [
    "Large language models (LLMs) write code. We test LLMs on fuzzing harnesses for real world software.",
    "Large language models can repair vulnerabilities; LLMs still miss memory safety bugs found by fuzzing.",
    "We ask whether large language models understand program semantics, with experimental results on C code.",
    "Existing approaches to fuzzing miss deep states; large language models guide the fuzzer to new code.",
]


class TermsTest(unittest.TestCase):
    def test_acronyms_fold_into_their_long_form(self):
        self.assertEqual(acronyms(LLM[0]), {"llm": "large language models"})
        sets, defined = term_counts(LLM)[:2]
        ranked = rank_terms(sets, defined)
        self.assertEqual(ranked[0].label, "large language models (LLMs)")
        self.assertEqual(ranked[0].papers, 4)
        labels = [t.term for t in ranked]
        for part in ("language models", "large language", "llm", "models llms", "language models llms"):
            self.assertNotIn(part, labels)

    def test_boilerplate_and_generic_words_are_not_terms(self):
        terms = candidate_terms("Experimental results show that existing approaches fail in the real world.")
        self.assertEqual(terms & {"real world", "existing approaches", "experimental results show",
                                  "experimental results"}, set())
        self.assertIn("fuzzing", candidate_terms("Coverage-guided fuzzing finds bugs."))
        self.assertIn("GPU".lower(), candidate_terms("Runs on one GPU."))
        self.assertNotIn("increasingly", candidate_terms("Models are increasingly deployed."))

    def test_counted_once_per_paper(self):
        sets, defined = term_counts(["fuzzing fuzzing fuzzing harnesses", "fuzzing harnesses again"])[:2]
        self.assertEqual([(t.term, t.papers) for t in rank_terms(sets, defined)], [("fuzzing harnesses", 2)])

    def test_distinctive_terms(self):
        security = [{"fuzzing", "memory safety"}] * 6 + [{"large language models"}] * 2
        vision = [{"image segmentation", "large language models"}] * 6
        found = distinctive({"sec": security, "cv": vision})
        self.assertEqual([t for t, _ in found["sec"]], ["fuzzing", "memory safety"])
        self.assertEqual([t for t, _ in found["cv"]], ["image segmentation", "large language models"])


class SuggestTest(unittest.TestCase):
    def test_suggested_rules_tag_as_auto_does(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        texts = LLM + [
            "Image segmentation with vision transformers improves medical image segmentation of tumours and organs…",
            "Vision transformers for image segmentation need labelled medical scans; we use weak labels instead…",
            "Medical image segmentation under domain shift: vision transformers adapt with a few scans per site…",
        ]
        tmp.write("a.txt", "Related papers: A\n\n" + "\n\n".join(texts) + "\n")
        code, rules, err = run_cli("tags", "--suggest", str(tmp.path))
        self.assertEqual(code, 0, err)
        path = tmp.write("topics.toml", rules)
        auto = [json.loads(line)["tags"] for line in run_cli("export", str(tmp.path), "--tags", "auto",
                                                              "--glob", "*.txt")[1].splitlines()]
        loaded = [json.loads(line)["tags"] for line in run_cli("export", str(tmp.path), "--tags", path,
                                                                "--glob", "*.txt")[1].splitlines()]
        self.assertEqual(auto, loaded)
        self.assertTrue(any(auto))
        self.assertEqual(run_cli("tags", "--suggest")[0::2], (2, "paperlist: error: --suggest needs PATHs to read\n"))


def arxiv_lists(tmp, categories=("cs.CR", "cs.SE"), per_list=40):
    """Lists of arXiv papers carrying a category, one list per category, abstracts cut at 250 characters."""
    seen = set()
    lists = {c: [] for c in categories}
    for path in sorted(DAILY.glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            for record in map(json.loads, handle):
                for category in categories:
                    if category in record["categories"] and record["id"] not in seen and len(lists[category]) < 400:
                        seen.add(record["id"])
                        lists[category].append(" ".join(record["summary"].split())[:250] + "…")
    for category, texts in lists.items():
        for n in range(0, len(texts), per_list):
            tmp.write(f"{category}-{n // per_list}.txt", f"Related papers: {category} list {n // per_list}\n\n"
                      + "\n\n".join(texts[n:n + per_list]) + "\n")


@unittest.skipUnless(DAILY.is_dir(), "needs ../shared/data/arxiv-daily-cs")
class ArxivTopicsTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = TempDir()
        arxiv_lists(cls.tmp)

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_builtin_rules_warn_and_auto_tags_most_papers(self):
        code, _, err = run_cli("summarize", str(self.tmp.path), "--format", "json")
        self.assertEqual(code, 0)
        self.assertRegex(" ".join(err.split()), r"paperlist: note: the built-in tag rules \(deep-learning systems\) describe only \d+ "
                              r"of \d+ papers with more than 'large-language-models'; try --tags auto")
        totals = json.loads(run_cli("summarize", str(self.tmp.path), "--tags", "auto", "--format", "json")[1])["totals"]
        self.assertGreaterEqual(1 - totals["untagged"] / totals["papers"], 0.8)
        self.assertGreaterEqual(len(totals["tags"]), 8)

    def test_top_terms_are_whole_and_not_boilerplate(self):
        doc = json.loads(run_cli("summarize", str(self.tmp.path), "--terms", "20", "--format", "json")[1])
        papers = {t["term"].split(" (")[0]: t["papers"] for t in doc["terms"]}
        self.assertEqual(len(papers), 20)
        for term, n in papers.items():
            with self.subTest(term):
                self.assertNotIn(term, STOP_PHRASES)
                absorbing = [other for other, m in papers.items()
                             if other != term and f" {term} " in f" {other} " and m >= ABSORB_SHARE * n]
                self.assertEqual(absorbing, [])
        self.assertTrue(any(entry["distinctive"] for entry in doc["lists"]))
