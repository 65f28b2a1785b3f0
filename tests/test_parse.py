import unittest

from paperlist.parse import parse_list, split_lines

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
