import random
import unittest

from paperlist.match.dupes import find_duplicates
from paperlist.match.papers import group_papers
from paperlist.readers.text import parse_list
from paperlist.reports.triage import rank_papers
from paperlist.tagging.apply import tag_lists
from paperlist.tagging.tags import TagMatcher

SHARED = "Shared GPU clusters in universities are often idle at night and overloaded before deadlines, we find…"
LISTS = {
    "a.txt": f"Related papers: A\n{SHARED}\nFederated learning lets hospitals train together…\nplain one…\n",
    "b.txt": f"Related papers: B\n{SHARED[:70]}…\nGPU memory is scarce…\n",
    "c.txt": "Related papers: C\nFederated averaging with GPU clients…\n",
}
MATCHER = TagMatcher({"fl": ["federated"], "gpu": ["GPU"]})


def entries(order, **options):
    lists = tag_lists([parse_list(LISTS[name], name) for name in order], MATCHER.tag)
    grouping = group_papers(lists, find_duplicates([s for rl in lists for s in rl.snippets], threshold=None))
    return rank_papers(grouping.papers, **options)


def summary(entry):
    return entry.paper.kept.text, tuple((m.path, m.line) for m in entry.paper.members)


class TriageTest(unittest.TestCase):
    def test_ranking_by_lists(self):
        papers = entries(["a.txt", "b.txt", "c.txt"])
        self.assertEqual(len(papers), 5)
        self.assertEqual(summary(papers[0]), (SHARED, (("a.txt", 2), ("b.txt", 2))))
        self.assertEqual([e.paper.kept.text[:9] for e in papers[1:]], ["Federated", "plain one", "GPU memor",
                                                                       "Federated"])
        self.assertEqual([e.rank for e in papers], [1, 2, 3, 4, 5])

    def test_focus_pulls_papers_with_more_focus_tags_to_the_top(self):
        papers = entries(["a.txt", "b.txt", "c.txt"], focus=["fl", "gpu"])
        self.assertEqual([(e.paper.kept.text[:9], e.focus) for e in papers[:3]],
                         [("Federated", ("fl", "gpu")), ("Shared GP", ("gpu",)), ("Federated", ("fl",))])
        self.assertEqual(papers[-1].focus, ())

    def test_filters(self):
        self.assertEqual(len(entries(["a.txt", "b.txt", "c.txt"], min_lists=2)), 1)
        self.assertEqual([e.paper.kept.text[:9] for e in entries(["a.txt", "b.txt", "c.txt"], keep_tags=["fl"])],
                         ["Federated", "Federated"])
        self.assertEqual(len(entries(["a.txt", "b.txt", "c.txt"], exclude_tags=["gpu"])), 2)
        self.assertEqual(len(entries(["a.txt", "b.txt", "c.txt"], top=2)), 2)

    def test_shuffled_file_order_keeps_entries(self):
        expected = {summary(e) for e in entries(["a.txt", "b.txt", "c.txt"])}
        rng = random.Random(3)
        for _ in range(6):
            order = ["a.txt", "b.txt", "c.txt"]
            rng.shuffle(order)
            self.assertEqual({summary(e) for e in entries(order)}, expected)


class ColdStartTest(unittest.TestCase):
    """Before any mark: lists, then likeness to the lists' seed titles, then the year, then first appearance."""

    def rank(self, text):
        from paperlist.readers.table import parse_table
        from paperlist.reports.triage import relevance
        lists = parse_table(text, "x.csv")
        grouping = group_papers(lists, [])
        seeds = {rl.path: rl.seed_title for rl in lists}
        order = relevance(grouping.papers, {}, seeds)
        return [e.paper.kept.text for e in rank_papers(grouping.papers, order=order)], order

    def test_newest_first_when_nothing_else_tells_papers_apart(self):
        texts, order = self.rank("title,year\nOld survey of graph methods,1999\nNew survey of graph methods,2024\n"
                                 "No year survey of graph methods,\nMiddle survey of graph methods,2010\n")
        self.assertEqual(texts, ["New survey of graph methods", "Middle survey of graph methods",
                                 "Old survey of graph methods", "No year survey of graph methods"])
        self.assertFalse(order.learned)
        self.assertEqual(order.rule, "ranked by the number of lists a paper is in and of its copies (most first), then "
                                     "by its likeness to the seed titles of its lists, then by year (newest first), "
                                     "then by first appearance")

    def test_likeness_to_the_seed_title_comes_before_the_year(self):
        texts, _ = self.rank("title,year,seed\nGraph networks for molecules,2024,Copper in liver disease\n"
                             "Liver copper in Wilson disease,2001,Copper in liver disease\n"
                             "Molecules and graphs,2023,Copper in liver disease\n")
        self.assertEqual(texts[0], "Liver copper in Wilson disease")


class RuleTest(unittest.TestCase):
    def test_focus_comes_first_and_no_marks_yet_stays_in_front(self):
        from paperlist.reports.triage import Relevance, ranking_rule
        cold = Relevance({}, lambda i: (), collection=True)
        self.assertEqual(ranking_rule(["gpu"], cold), "no marks yet: ranked by the number of focus tags a paper "
                         "carries (most first), then by the number of lists a paper is in and of its copies (most "
                         "first), then by its likeness to the seed titles of its lists, then by year (newest first), "
                         "then by first appearance")
        learned = Relevance({}, lambda i: (), relevant=9, rejected=5)
        self.assertEqual(ranking_rule([], learned), "ranked by your 14 marks: 9 relevant (want, read), 5 not (skip): "
                                                    "most like the relevant papers and least like the others first")


class HashSeedTest(unittest.TestCase):
    def test_the_cold_order_is_the_same_whatever_the_hash_seed(self):
        """Likeness to the seed titles sums term weights over sets: in another set order the floats differ in
        their last bits, and papers that tie swap places unless the sums are exact."""
        import os
        import subprocess
        import sys
        from tests.helpers import ROOT, TempDir
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        words = "scheduling elastic training clusters accelerators memory pipelines serving quantised sparse".split()
        texts = [f"Paper {n}: " + " ".join(words[(n + k) % len(words)] for k in range(7)) + f" and topic{n} results."
                 for n in range(40)]
        tmp.write("l.txt", "Related papers: " + " ".join(words) + "\n\n" + "\n\n".join(texts) + "\n")
        outputs = {subprocess.run([sys.executable, "-m", "paperlist", "triage", str(tmp.path), "--format", "json"],
                                  capture_output=True, text=True, check=True, cwd=ROOT,
                                  env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT / "src")}).stdout
                   for seed in ("1", "2", "3", "4", "5", "6")}
        self.assertEqual(len(outputs), 1)
