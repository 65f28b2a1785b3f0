import random
import unittest

from paperlist.dupes import find_duplicates
from paperlist.parse import parse_list
from paperlist.tags import TagMatcher
from paperlist.triage import triage

SHARED = "Shared GPU clusters in universities are often idle at night and overloaded before deadlines, we find…"
LISTS = {
    "a.txt": f"Related papers: A\n{SHARED}\nFederated learning lets hospitals train together…\nplain one…\n",
    "b.txt": f"Related papers: B\n{SHARED[:70]}…\nGPU memory is scarce…\n",
    "c.txt": "Related papers: C\nFederated averaging with GPU clients…\n",
}
MATCHER = TagMatcher({"fl": ["federated"], "gpu": ["GPU"]})


def load(order):
    return [parse_list(LISTS[name], name, MATCHER.tag) for name in order]


def entries(order, **options):
    lists = load(order)
    groups = find_duplicates([s for rl in lists for s in rl.snippets], threshold=None)
    return triage(lists, groups, **options)


class TriageTest(unittest.TestCase):
    def test_ranking(self):
        papers = entries(["a.txt", "b.txt", "c.txt"], focus=["fl"])
        self.assertEqual(len(papers), 5)
        self.assertEqual(papers[0].text, SHARED)
        self.assertEqual(papers[0].occurrences, (("a.txt", 2), ("b.txt", 2)))
        self.assertEqual(papers[0].seed_titles, ("A", "B"))
        self.assertEqual([p.text[:9] for p in papers[1:3]], ["Federated", "Federated"])
        self.assertEqual([p.rank for p in papers], [1, 2, 3, 4, 5])

    def test_filters(self):
        self.assertEqual(len(entries(["a.txt", "b.txt", "c.txt"], min_lists=2)), 1)
        self.assertEqual([p.text[:9] for p in entries(["a.txt", "b.txt", "c.txt"], keep_tags=["fl"])],
                         ["Federated", "Federated"])
        self.assertEqual(len(entries(["a.txt", "b.txt", "c.txt"], exclude_tags=["gpu"])), 2)
        self.assertEqual(len(entries(["a.txt", "b.txt", "c.txt"], top=2)), 2)

    def test_shuffled_file_order_keeps_entries(self):
        expected = {(p.text, p.occurrences) for p in entries(["a.txt", "b.txt", "c.txt"])}
        rng = random.Random(3)
        for _ in range(6):
            order = ["a.txt", "b.txt", "c.txt"]
            rng.shuffle(order)
            self.assertEqual({(p.text, p.occurrences) for p in entries(order)}, expected)
