"""One count of papers: every command reports the same papers for the same input and options."""

import json
import os
import unittest

from paperlist.match.dupes import find_duplicates
from paperlist.model import Snippet
from tests.helpers import EXAMPLES, TempDir, run_cli

BASE = ("Training large neural networks across many machines is limited by the network, because every step "
        "exchanges gradients between all workers and the slowest link sets the pace of the whole job. "
        "We propose a scheme that overlaps this exchange with computation and compresses the largest tensors")
REWORDED = BASE.replace("We propose", "This paper proposes").replace("limited", "bounded")
OTHERS = [
    "Recommendation models spend most of their time looking up huge embedding tables rather than doing "
    "arithmetic, so we cache the hottest rows in accelerator memory and stream the rest from the host",
    "Federated learning lets hospitals train a shared model without moving patient records, but slow clients "
    "hold back every round of training, so we describe an asynchronous aggregation scheme for stragglers",
    "Energy is now a first-class cost of deep learning. We report the power draw of training runs on four "
    "generations of accelerators and show that capping the clock speed saves a quarter of the energy",
]


def cut(text: str, chars: int) -> str:
    return text[:chars].rstrip() + "…"


def write_collection(tmp: TempDir) -> None:
    """Three lists holding an exact copy, a cut, a re-worded copy, a repeat inside one list and singles."""
    tmp.write("one.txt", "Related papers: One\n\n" + "\n\n".join([cut(BASE, 250), OTHERS[0], cut(OTHERS[1], 200)]) + "\n")
    tmp.write("two.txt", "Related papers: Two\n" + "\n".join([cut(BASE, 250), cut(OTHERS[1], 120), OTHERS[2]]) + "\n")
    tmp.write("sub/three.txt", "Related papers: Three\n\n" + "\n\n".join([REWORDED, OTHERS[2], OTHERS[2]]) + "\n")


class SameCountTest(unittest.TestCase):
    def counts(self, *argv):
        summary = json.loads(run_cli("summarize", *argv, "--format", "json")[1])["totals"]
        dupes = json.loads(run_cli("dupes", *argv, "--format", "json")[1])["totals"]
        triage = json.loads(run_cli("triage", *argv, "--format", "json")[1])["totals"]
        export = json.loads(run_cli("export", *argv, "--format", "json")[1])
        jsonl = [json.loads(line) for line in run_cli("export", *argv)[1].splitlines()]
        by_paper = {}
        for record in jsonl:
            by_paper.setdefault(record["paper"], set()).add(record["path"])
        return {
            "summarize": (summary["papers"], summary["in_several_lists"]),
            "dupes": (dupes["papers"], dupes["in_several_lists"]),
            "triage": (triage["distinct_papers"], triage["in_several_lists"]),
            "export json": (export["totals"]["papers"], export["totals"]["in_several_lists"]),
            "export jsonl": (len(by_paper), sum(len(paths) >= 2 for paths in by_paper.values())),
        }

    def assertSameCounts(self, argv, expected):
        counts = self.counts(*argv)
        self.assertEqual(counts, dict.fromkeys(counts, expected))

    def test_examples(self):
        self.assertSameCounts([str(EXAMPLES)], (14, 3))
        self.assertSameCounts([str(EXAMPLES), "--no-near"], (15, 2))

    def test_generated_collection_with_every_kind(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        write_collection(tmp)
        # BASE: exact across one/two and near in three; OTHERS[1] cut in two; OTHERS[2] twice in three, once in two.
        self.assertSameCounts([str(tmp.path)], (4, 3))
        self.assertSameCounts([str(tmp.path), "--no-near"], (5, 3))
        doc = json.loads(run_cli("dupes", str(tmp.path), "--format", "json")[1])
        self.assertEqual(doc["totals"]["by_kind"], {"exact": 1, "truncation": 1, "identifier": 0, "title": 0, "pages": 0,
                                                     "near": 1})

    def test_export_paper_and_keep_join_with_dupes(self):
        records = [json.loads(line) for line in run_cli("export", str(EXAMPLES))[1].splitlines()]
        groups = json.loads(run_cli("dupes", str(EXAMPLES), "--format", "json")[1])["groups"]
        for group in groups:
            with self.subTest(group=group["id"]):
                places = {(m["path"], m["line"]) for m in group["members"]}
                joined = [r for r in records if r["paper"] == group["paper"]]
                self.assertEqual({(r["path"], r["line"]) for r in joined}, places)
                kept = next(m for m in group["members"] if m["keep"])
                self.assertEqual([(r["path"], r["line"]) for r in joined if r["keep"]], [(kept["path"], kept["line"])])


class PathsReadOnceTest(unittest.TestCase):
    def test_same_path_twice_and_file_inside_directory(self):
        code, out, _ = run_cli("summarize", str(EXAMPLES), str(EXAMPLES), str(EXAMPLES / "data-loading.txt"),
                               "--format", "json")
        self.assertEqual(code, 0)
        self.assertEqual(json.loads(out)["totals"]["lists"], 4)

    def test_jobs_above_the_cpu_count_is_lowered(self):
        self.assertEqual(run_cli("summarize", str(EXAMPLES), "--jobs", "64", "--format", "json"),
                         run_cli("summarize", str(EXAMPLES), "--format", "json"))


class MaybeNeverChainsTest(unittest.TestCase):
    def test_a_b_and_b_c_without_a_c_are_two_groups(self):
        words = [f"w{i}" for i in range(40)]
        a = " ".join(words)
        b = " ".join(words[:20] + [f"x{i}" for i in range(20)])
        c = " ".join([f"y{i}" for i in range(20)] + [f"x{i}" for i in range(20)])
        snippets = [Snippet(f"{n}.txt", 1, 1, text, False) for n, text in enumerate((a, b, c))]
        groups = find_duplicates(snippets, threshold=0.9, maybe=0.3)
        self.assertEqual(sorted(tuple(m.path for m in g.members) for g in groups if g.tier == "maybe"),
                         [("0.txt", "1.txt"), ("1.txt", "2.txt")])

    def test_a_clique_is_one_group(self):
        words = [f"w{i}" for i in range(40)]
        texts = [" ".join(words[:30] + [f"{tag}{i}" for i in range(10)]) for tag in "xyz"]
        snippets = [Snippet(f"{n}.txt", 1, 1, text, False) for n, text in enumerate(texts)]
        groups = find_duplicates(snippets, threshold=0.9, maybe=0.3)
        self.assertEqual([len(g.members) for g in groups], [3])
        self.assertEqual(len(groups[0].pairs), 3)


class LayoutOnDiskTest(unittest.TestCase):
    def test_relative_names(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        write_collection(tmp)
        doc = json.loads(run_cli("summarize", str(tmp.path), "--format", "json")[1])
        self.assertEqual([entry["name"] for entry in doc["lists"]], ["one.txt", os.path.join("sub", "three.txt"),
                                                                     "two.txt"])
