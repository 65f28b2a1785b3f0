import unittest

from paperlist.readers.text import parse_list, split_lines

A = "First abstract opens here and goes on for a while…"
B = "Second abstract is about something else entirely..."


class LayoutTest(unittest.TestCase):
    CASES = [
        ("paragraphs", f"Related papers: Seed\n\n{A}\n\n{B}\n", [(3, A), (5, B)]),
        ("one per line", f"Related papers: Seed\n{A}\n{B}\n", [(2, A), (3, B)]),
        ("hard-wrapped paragraph", "Related papers: Seed\n\nline one of\n  the abstract…\n\nnext one\n",
         [(3, "line one of the abstract…"), (6, "next one")]),
        ("mixture", f"Related papers: Seed\n\n{A}\n{B}\n\nwrapped\ntext\n",
         [(3, A), (4, B), (6, "wrapped text")]),
        ("CRLF", f"Related papers: Seed\r\n\r\n{A}\r\n\r\n{B}", [(3, A), (5, B)]),
        ("lone CR", f"Related papers: Seed\r{A}\r{B}\r", [(2, A), (3, B)]),
        ("BOM", f"\ufeffRelated papers: Seed\n{A}\n", [(2, A)]),
        ("whitespace-only lines are blank", f"Related papers: Seed\n \t\n{A}\n   \n{B}\n", [(3, A), (5, B)]),
        ("U+2028 and U+0085 stay inside a line", "Related papers: Seed\nab\u2028cd\x85ef…\n",
         [(2, "ab cd ef…")]),
        ("whitespace collapsed", "Related papers: Seed\n  lots   of\tspace  \n", [(2, "lots of space")]),
    ]

    def test_layouts(self):
        for name, text, expected in self.CASES:
            with self.subTest(name):
                parsed = parse_list(text, "x.txt")
                self.assertEqual([(s.line, s.text) for s in parsed.snippets], expected)
                self.assertEqual(parsed.seed_title, "Seed")
                self.assertEqual(parsed.warnings, ())
                self.assertEqual([s.index for s in parsed.snippets], list(range(1, len(expected) + 1)))

    def test_real_shaped_lists(self):
        wrapped_item = ("Related papers: Cephalo: Harnessing Heterogeneous GPU Clusters for…\n\n"
                        "Large language models for code generation are evaluated on benchmarks that\n"
                        "leak into their training data. We collect decision-\n"
                        "making tasks from recent contests and find that scores drop by half when\n"
                        "various techniques from the literature to achieve this. Our experiments show that our…\n")
        one_line_items = ("Related papers: Varuna: Scalable, Low-cost Training of Massive Dee…\n\n"
                          f"{A}\n{B}\nA third opening that is cut here…\n")
        hard_wrapped_items = ("Related papers: Seed\n\nfirst item wraps\nover two lines…\n\n"
                              "second item also\nwraps…\n\nthird item is not cut\nat all.\n")
        cases = [
            ("one wrapped item is one snippet", wrapped_item, [(3, (
                "Large language models for code generation are evaluated on benchmarks that leak into their "
                "training data. We collect decision-making tasks from recent contests and find that scores drop "
                "by half when various techniques from the literature to achieve this. Our experiments show "
                "that our…"))]),
            ("one-line items after a single blank line", one_line_items,
             [(3, A), (4, B), (5, "A third opening that is cut here…")]),
            ("hard-wrapped items between blank lines", hard_wrapped_items,
             [(3, "first item wraps over two lines…"), (6, "second item also wraps…"),
              (9, "third item is not cut at all.")]),
            ("no blank line after the header: one per line, even uncut", "Related papers: S\nfirst\nsecond\n",
             [(2, "first"), (3, "second")]),
            ("a spaced dash keeps its space", "Related papers: S\n\nsome text -\nmore text\n",
             [(3, "some text - more text")]),
        ]
        for name, text, expected in cases:
            with self.subTest(name):
                self.assertEqual([(s.line, s.text) for s in parse_list(text, "x.txt").snippets], expected)

    def test_truncation_marks(self):
        parsed = parse_list(f"Related papers: Seed\n{A}\n{B}\nwhole abstract.\n", "x.txt")
        self.assertEqual([s.truncated for s in parsed.snippets], [True, True, False])

    def test_seed_title_cut_keeps_its_mark(self):
        parsed = parse_list("Related papers:   Cephalo: Harnessing  GPU Clusters for…\n\ntext\n", "x.txt")
        self.assertEqual(parsed.seed_title, "Cephalo: Harnessing GPU Clusters for…")
        self.assertTrue(parsed.seed_truncated)


class MalformedTest(unittest.TestCase):
    CASES = [
        ("no header", "just a snippet\nanother one\n", None, 2, ["x.txt:1: warning: no 'Related papers:' header; seed title unknown"]),
        ("empty file", "", None, 0, ["x.txt: warning: empty file"]),
        ("header only", "Related papers: Seed\n\n\n", "Seed", 0, ["x.txt: warning: no snippets found"]),
        ("empty title", "Related papers:   \nsnippet\n", None, 1, ["x.txt:1: warning: empty seed title in header"]),
        ("blank lines only", "\n \n\t\n", None, 0, ["x.txt: warning: no snippets found"]),
    ]

    def test_warnings(self):
        for name, text, title, count, warnings in self.CASES:
            with self.subTest(name):
                parsed = parse_list(text, "x.txt")
                self.assertEqual(parsed.seed_title, title)
                self.assertEqual(len(parsed.snippets), count)
                self.assertEqual([w.render() for w in parsed.warnings], warnings)


class SplitLinesTest(unittest.TestCase):
    def test_only_three_line_ends(self):
        self.assertEqual(split_lines("a\r\nb\rc\nd\u2028e\x0cf"), ["a", "b", "c", "d\u2028e\x0cf"])

    def test_no_trailing_newline(self):
        self.assertEqual(split_lines("a\nb"), ["a", "b"])
