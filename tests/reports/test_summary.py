import unittest

from paperlist.match.dupes import find_duplicates
from paperlist.match.papers import group_papers
from paperlist.readers.text import parse_list
from paperlist.reports.summary import count_tags, summarize
from paperlist.tagging.apply import tag_lists
from paperlist.tagging.tags import TagMatcher
from paperlist.tagging.topics import rank_terms, term_counts

A = "Federated learning on phones with GPUs saves energy, and federated learning scales…"
B = "Graph neural networks train on GPUs with federated learning…"


class SummaryTest(unittest.TestCase):
    def test_counts_add_up_per_paper(self):
        matcher = TagMatcher({"fl": ["federated learning"], "gpu": ["GPU"], "graph": ["graph neural network"]})
        one, two = tag_lists([parse_list(f"Related papers: One\n{A}\n{B}\nplain text\n{A}\n", "1.txt"),
                              parse_list(f"Related papers: Two…\n{A}\n", "2.txt")], matcher.tag)
        lists = [one, two]
        grouping = group_papers(lists, find_duplicates([s for rl in lists for s in rl.snippets], threshold=None))
        summary = summarize(lists, grouping, terms=2)
        t = summary.totals
        self.assertEqual((t["snippets"], t["papers"], t["unique"], t["in_several_lists"], t["recurring"]),
                         (5, 3, 3, 1, 1))
        self.assertEqual(t["untagged"], 1)
        # A is in the collection three times but is one paper: its tags count once.
        self.assertEqual(t["tags"], {"fl": 2, "gpu": 2, "graph": 1})
        self.assertEqual(summary.overlap, [{"a": "1.txt", "b": "2.txt", "shared": 1}])
        self.assertEqual([s.tags for s in summary.lists], [{"fl": 2, "gpu": 2, "graph": 1}, {"fl": 1, "gpu": 1}])
        self.assertEqual([(s.snippets, s.papers, s.only_here) for s in summary.lists], [(4, 3, 2), (1, 1, 0)])
        self.assertTrue(summary.lists[1].seed_truncated)
        self.assertEqual(summary.terms, [("federated learning", 2), ("GPU", 2)])

    def test_tag_ties_by_name(self):
        self.assertEqual(list(count_tags([("b", "a"), ("c",), ("b", "a")])), ["a", "b", "c"])

    def test_terms_once_per_text_without_stop_words(self):
        texts = ["the data loading pipeline and data loading", "data loading of the cluster", "a cluster"]
        sets, defined = term_counts(texts)[:2]
        self.assertEqual([(t.term, t.papers) for t in rank_terms(sets, defined)], [("data loading", 2), ("cluster", 2)])


class ManyListsTest(unittest.TestCase):
    def test_the_text_view_shows_fifty_lists_and_counts_the_rest(self):
        from tests.helpers import TempDir, run_cli
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        for n in range(60):
            tmp.write(f"l{n:02d}.txt", f"Related papers: Seed {n}\n\nSnippet {n} of its own, long enough to count…\n")
        code, out, _ = run_cli("summarize", str(tmp.path), "--tags", "builtin")
        self.assertEqual(code, 0)
        self.assertIn("Seed 49", out)
        self.assertNotIn("Seed 50", out)
        self.assertIn("... and 10 more lists (--format json or csv lists every one)", out)
        self.assertTrue(out.startswith("60 lists, 60 snippets, 60 papers"))
        code, out, _ = run_cli("summarize", str(tmp.path), "--tags", "builtin", "--format", "csv")
        self.assertIn("Seed 59", out)
