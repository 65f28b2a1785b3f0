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
