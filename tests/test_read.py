import os
import unittest

from paperlist.read import decode_bytes, find_files, read_source

from tests.helpers import TempDir


class DecodeTest(unittest.TestCase):
    CASES = [
        ("utf-8", "Related papers: Café…\n".encode(), "Related papers: Café…\n", []),
        ("utf-8 BOM", b"\xef\xbb\xbfRelated", "Related", []),
        ("utf-16 BOM", "Related papers: x\n".encode("utf-16"), "Related papers: x\n", []),
        ("cp1252", b"Related papers: x\nna\xefve caf\xe9\n", "Related papers: x\nnaïve café\n",
         ["f.txt:2: warning: not valid UTF-8; decoded as cp1252"]),
    ]

    def test_decoding(self):
        for name, data, text, warnings in self.CASES:
            with self.subTest(name):
                source = decode_bytes(data, "f.txt")
                self.assertEqual(source.text, text)
                self.assertEqual([w.render() for w in source.warnings], warnings)

    def test_binary_is_skipped(self):
        cases = [
            (b"Related papers: x\n\nab\x00cd", "f.txt:3: warning: binary file (NUL byte); skipped"),
            (bytes(range(1, 9)) * 50, "f.txt: warning: binary file (control bytes); skipped"),
        ]
        for data, warning in cases:
            with self.subTest(warning):
                source = decode_bytes(data, "f.txt")
                self.assertIsNone(source.text)
                self.assertEqual([w.render() for w in source.warnings], [warning])


class FindFilesTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)

    def test_sorted_recursive_hidden_skipped_pattern(self):
        for name in ("b.txt", "a.txt", "sub/c.txt", ".hidden.txt", ".git/d.txt", "notes.md"):
            self.tmp.write(name, "x")
        found = [os.path.relpath(f.path, self.tmp.path) for f in find_files([str(self.tmp.path)])]
        self.assertEqual(found, ["a.txt", "b.txt", os.path.join("sub", "c.txt")])

    def test_symlink_loop_is_not_followed(self):
        self.tmp.write("sub/a.txt", "x")
        os.symlink(self.tmp.path, self.tmp.path / "sub" / "loop")
        found = [os.path.relpath(f.path, self.tmp.path) for f in find_files([str(self.tmp.path)])]
        self.assertEqual(found, [os.path.join("sub", "a.txt")])

    def test_missing_path_and_explicit_file(self):
        named = self.tmp.write("list.md", "x")
        self.assertEqual([(f.path, f.name, f.error) for f in find_files(["nope", named])],
                         [("nope", "nope", "No such file or directory"), (named, "list.md", None)])

    def test_unreadable_directory_as_file(self):
        source = read_source(str(self.tmp.path))
        self.assertIsNone(source.text)
        self.assertEqual(source.error, "Is a directory")
