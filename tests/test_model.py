import pickle
import unittest

from paperlist.model import DuplicateGroup, Pair, Record, Snippet


class ValueTest(unittest.TestCase):
    """The values are named tuples: compared and hashed by their fields, copied by _replace, never changed."""

    snippet = Snippet("a.txt", 3, 1, "Text…", True, "Seed", ("gpu",), Record(title="T", year="2024"))

    def test_equal_and_hashed_by_fields(self):
        same = Snippet("a.txt", 3, 1, "Text…", True, "Seed", ("gpu",), Record(title="T", year="2024"))
        self.assertEqual(self.snippet, same)
        self.assertEqual(len({self.snippet, same}), 1)
        self.assertNotEqual(self.snippet, self.snippet._replace(line=4))
        self.assertNotEqual(self.snippet, self.snippet._replace(record=Record(title="T", year="2025")))

    def test_replace_copies_and_rejects_unknown_fields(self):
        moved = self.snippet._replace(line=9, tags=())
        self.assertEqual((moved.line, moved.tags, moved.text), (9, (), "Text…"))
        self.assertEqual(self.snippet.line, 3)
        with self.assertRaisesRegex(ValueError, "unexpected field names: \\['lines'\\]"):
            self.snippet._replace(lines=9)
        with self.assertRaises(AttributeError):
            self.snippet.line = 4  # type: ignore[misc]
        with self.assertRaises(AttributeError):
            self.snippet.note = "x"  # type: ignore[attr-defined]

    def test_repr_names_every_field(self):
        self.assertEqual(repr(Pair(0, 1, "near", 0.5)), "Pair(a=0, b=1, kind='near', similarity=0.5, agreed=(), missing=())")

    def test_defaults_and_properties(self):
        group = DuplicateGroup(1, "near", "duplicate", (self.snippet,), (Pair(0, 1, "near", 0.75),))
        self.assertEqual((group.keep, group.lists, group.similarity), (0, (), 0.75))

    def test_pickled_across_processes(self):
        # --jobs reads files in worker processes and sends the parsed lists back pickled.
        self.assertEqual(pickle.loads(pickle.dumps(self.snippet)), self.snippet)


if __name__ == "__main__":
    unittest.main()
