import unittest

from paperlist.dupes import find_duplicates
from paperlist.parse import parse_list
from paperlist.summary import count_tags, frequent_terms, summarize
from paperlist.tags import TagMatcher

A = "Federated learning on phones with GPUs saves energy, and federated learning scales…"
B = "Graph neural networks train on GPUs with federated learning…"


class SummaryTest(unittest.TestCase):
    def test_counts_add_up(self):
        matcher = TagMatcher({"fl": ["federated learning"], "gpu": ["GPU"], "graph": ["graph neural network"]})
        one = parse_list(f"Related papers: One\n{A}\n{B}\nplain text\n", "1.txt", matcher.tag)
        two = parse_list(f"Related papers: Two…\n{A}\n", "2.txt", matcher.tag)
        groups = find_duplicates([s for rl in (one, two) for s in rl.snippets], threshold=None)
        summary = summarize([one, two], groups, terms=2)
        self.assertEqual(summary.totals["snippets"], 4)
        self.assertEqual(summary.totals["unique"], 3)
        self.assertEqual(summary.totals["recurring"], 1)
        self.assertEqual(summary.totals["untagged"], 1)
        self.assertEqual(summary.totals["tags"], {"fl": 3, "gpu": 3, "graph": 1})
        self.assertEqual(summary.overlap, [{"a": "1.txt", "b": "2.txt", "shared": 1}])
        self.assertEqual([s.tags for s in summary.lists], [{"fl": 2, "gpu": 2, "graph": 1}, {"fl": 1, "gpu": 1}])
        self.assertTrue(summary.lists[1].seed_truncated)
        self.assertEqual(summary.terms, [("federated learning", 3), ("federated learning scales", 2)])

    def test_tag_ties_by_name(self):
        self.assertEqual(list(count_tags([("b", "a"), ("c",), ("b", "a")])), ["a", "b", "c"])

    def test_terms_once_per_snippet_without_stop_words(self):
        texts = ["the data loading pipeline and data loading", "data loading of the cluster", "a cluster"]
        self.assertEqual(frequent_terms(texts, 5), [("data loading", 2)])
