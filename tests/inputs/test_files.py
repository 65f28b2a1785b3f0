import os
import unittest
from unittest import mock

from paperlist.inputs.files import decode_bytes, find_files, read_bytes
from tests.helpers import TempDir


class DecodeTest(unittest.TestCase):
    CASES = [
        ("utf-8", "Related papers: Café…\n".encode(), "Related papers: Café…\n", []),
        ("utf-8 BOM", b"\xef\xbb\xbfRelated", "Related", []),
        ("utf-16 BOM", "Related papers: x\n".encode("utf-16"), "Related papers: x\n", []),
        ("cp1252", b"Related papers: x\nna\xefve caf\xe9\n", "Related papers: x\nnaïve café\n",
         ["f.txt:2: warning: not valid UTF-8; decoded as cp1252"]),
        ("one bad byte in UTF-8 keeps the rest", "Related papers: x…\n".encode() + b"bad \xff byte\nend\xe2\x80\xa6\n",
         "Related papers: x…\nbad \ufffd byte\nend…\n",
         ["f.txt:2: warning: invalid UTF-8 (1 place(s)) replaced with U+FFFD"]),
        ("a bad byte after a UTF-8 BOM is placed on its own line", b"\xef\xbb\xbfab\n\xff caf\xc3\xa9\n",
         "ab\n\ufffd café\n", ["f.txt:2: warning: invalid UTF-8 (1 place(s)) replaced with U+FFFD"]),
        ("utf-32 BOM", "Related papers: x…\n".encode("utf-32"), "Related papers: x…\n", []),
        ("utf-32 big-endian BOM", b"\x00\x00\xfe\xff" + "ab…".encode("utf-32-be"), "ab…", []),
        ("utf-16 with an odd byte count", "ab…".encode("utf-16") + b"\x00", "ab…",
         ["f.txt: warning: UTF-16 file with 1 stray byte(s) at the end; ignored"]),
        ("utf-16 little-endian without a BOM", "Related papers: x…\n".encode("utf-16-le"), "Related papers: x…\n", []),
        ("utf-16 big-endian without a BOM", "TY  - JOUR\nTI  - Café 一\n".encode("utf-16-be"), "TY  - JOUR\nTI  - Café 一\n", []),
        # CNKI's exports and Chinese Windows: GBK, whose characters are pairs of bytes past ASCII
        ("gbk", "TY  - JOUR\nTI  - 基于深度学习的缺陷检测\nAU  - 凯撒\n".encode("gbk"),
         "TY  - JOUR\nTI  - 基于深度学习的缺陷检测\nAU  - 凯撒\n", ["f.txt:2: warning: not valid UTF-8; decoded as GB18030 (GBK)"]),
        # cp1252 whose accented letters would also decode as GBK, but stand among ASCII letters
        ("cp1252 that GBK could decode", "TI  - Résumés of naïve Müller\n".encode("cp1252"),
         "TI  - Résumés of naïve Müller\n", ["f.txt:1: warning: not valid UTF-8; decoded as cp1252"]),
    ]

    def test_decoding(self):
        for name, data, text, warnings in self.CASES:
            with self.subTest(name):
                source = decode_bytes(data, "f.txt")
                self.assertEqual(source.text, text)
                self.assertEqual([w.render() for w in source.warnings], warnings)

    def test_a_file_that_is_not_clean_utf8_is_decoded_in_memory_proportional_to_it(self):
        # Counting its multi-byte characters once made a list of every one: 11 to 15 times the file.
        import tracemalloc
        record = "TY  - JOUR\nTI  - 基于深度学习的缺陷检测方法研究与应用 {}\nER  - \n"
        texts = "".join(record.format(n) for n in range(30000))
        for name, data, warning in (("gbk", texts.encode("gbk"), "decoded as GB18030 (GBK)"),
                                    ("damaged utf-8", texts.encode() + b"\xff\n", "replaced with U+FFFD")):
            with self.subTest(name):
                tracemalloc.start()
                try:
                    source = decode_bytes(data, "f.ris")
                    peak = tracemalloc.get_traced_memory()[1]
                finally:
                    tracemalloc.stop()
                self.assertEqual(source.text[:len(texts)], texts)
                self.assertIn(warning, source.warnings[0].message)
                self.assertLess(peak, 8 * len(data))

    def test_binary_is_skipped(self):
        cases = [
            (b"Related papers: x\n\nab\x00cd", "f.txt:3: warning: binary file (NUL byte); skipped"),
            (bytes(range(1, 9)) * 50, "f.txt: warning: binary file (control bytes); skipped"),
            # NULs where UTF-16 has them, but what they would decode to is control characters: 16-bit numbers
            (bytes(b for n in range(1, 200) for b in (n % 31 + 1, 0)), "f.txt:1: warning: binary file (NUL byte); skipped"),
        ]
        for data, warning in cases:
            with self.subTest(warning):
                source = decode_bytes(data, "f.txt")
                self.assertIsNone(source.text)
                self.assertEqual([w.render() for w in source.warnings], [warning])

    def test_a_spreadsheet_workbook_is_named_as_one(self):
        # Scopus and Web of Science offer Excel files; paperlist reads their CSV
        for name, data in (("scopus.xlsx", b"PK\x03\x04\x14\x00\x06\x00" + b"\x00" * 40),
                           ("savedrecs.xls", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 40)):
            with self.subTest(name):
                source = decode_bytes(data, name)
                self.assertIsNone(source.text)
                self.assertEqual([w.render() for w in source.warnings], [
                    f"{name}: warning: a spreadsheet workbook, not text: save it as CSV (UTF-8) and read that; skipped"])
        # a zip under another name is still a binary file
        self.assertEqual(decode_bytes(b"PK\x03\x04\x00\x00", "f.txt").warnings[0].message,
                         "binary file (NUL byte); skipped")


def remove_chain(root, depth):
    """Remove root/d/d/.../x.txt from the bottom up (shutil.rmtree recurses once per level)."""
    deepest = os.path.join(root, *["d"] * depth)
    os.remove(os.path.join(deepest, "x.txt"))
    for level in range(depth, 0, -1):
        os.rmdir(os.path.join(root, *["d"] * level))


class FindFilesTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)

    def test_sorted_recursive_hidden_skipped_pattern(self):
        for name in ("b.txt", "a.txt", "sub/c.txt", ".hidden.txt", ".git/d.txt", "notes.md", "refs.bib", "Inbox",
                     "Makefile"):
            self.tmp.write(name, "From x@y Mon Jan  1 00:00:00 2024\nSubject: s\n\nbody\n" if name == "Inbox" else "x")
        found = [(os.path.relpath(f.path, self.tmp.path), f.unknown) for f in find_files([str(self.tmp.path)])]
        self.assertEqual(found, [("Inbox", False), ("Makefile", True), ("a.txt", False), ("b.txt", False),
                                 ("notes.md", True), ("refs.bib", False), (os.path.join("sub", "c.txt"), False)])
        found = [(os.path.relpath(f.path, self.tmp.path), f.unknown) for f in find_files([str(self.tmp.path)], "*.md")]
        self.assertEqual(found, [("notes.md", False)])

    def test_json_reports_in_a_folder_are_read_only_when_asked_for(self):
        # summarize --format json > lists/summary.json must not become an input of the next run
        for name in ("a.txt", "summary.json", "refs.enw"):
            self.tmp.write(name, "x")
        found = [(os.path.relpath(f.path, self.tmp.path), f.unknown) for f in find_files([str(self.tmp.path)])]
        self.assertEqual(found, [("a.txt", False), ("refs.enw", False), ("summary.json", True)])
        found = [os.path.relpath(f.path, self.tmp.path) for f in find_files([str(self.tmp.path)], "*.json")]
        self.assertEqual(found, ["summary.json"])
        named = str(self.tmp.path / "summary.json")
        self.assertEqual([(f.path, f.unknown) for f in find_files([named])], [(named, False)])

    def test_symlink_loop_is_not_followed(self):
        self.tmp.write("sub/a.txt", "x")
        os.symlink(self.tmp.path, self.tmp.path / "sub" / "loop")
        found = [os.path.relpath(f.path, self.tmp.path) for f in find_files([str(self.tmp.path)])]
        self.assertEqual(found, [os.path.join("sub", "a.txt")])

    def test_missing_path_and_explicit_file(self):
        named = self.tmp.write("list.md", "x")
        self.assertEqual([(f.path, f.name, f.error) for f in find_files(["nope", named])],
                         [("nope", "nope", "No such file or directory"), (named, "list.md", None)])

    def test_deep_nesting_is_walked_without_recursion(self):
        deep = str(self.tmp.path)
        for _ in range(1000):  # os.makedirs recurses once per level
            deep = os.path.join(deep, "d")
            os.mkdir(deep)
        self.addCleanup(remove_chain, str(self.tmp.path), 1000)
        with open(os.path.join(deep, "x.txt"), "w") as handle:
            handle.write("x")
        found = list(find_files([str(self.tmp.path)]))
        self.assertEqual([(f.name.count(os.sep), f.error) for f in found], [(1000, None)])

    def test_fifo_is_skipped_not_opened(self):
        fifo = self.tmp.path / "pipe.txt"
        os.mkfifo(fifo)
        source = read_bytes(str(fifo))
        self.assertEqual([w.render() for w in source.warnings], [f"{fifo}: warning: not a regular file; skipped"])

    def test_unreadable_subdirectory_is_an_error(self):
        self.tmp.write("ok/a.txt", "x")
        self.tmp.write("locked/b.txt", "x")
        real_scandir = os.scandir

        def scandir(path):
            if str(path).endswith("locked"):
                raise PermissionError(13, "Permission denied")
            return real_scandir(path)

        with mock.patch("os.scandir", scandir):
            found = [(os.path.relpath(f.path, self.tmp.path), f.error) for f in find_files([str(self.tmp.path)])]
        self.assertEqual(found, [("locked", "cannot read directory: Permission denied"),
                                 (os.path.join("ok", "a.txt"), None)])

    def test_unreadable_directory_as_file(self):
        source = read_bytes(str(self.tmp.path))
        self.assertIsNone(source.text)
        self.assertEqual(source.error, "Is a directory")


class AddressSpaceTest(unittest.TestCase):
    def test_a_small_export_is_read_under_a_memory_limit_far_below_its_cap(self):
        # A reference export may hold 1 GiB; reading a small one must not set that much aside (a system without
        # overcommit, or ulimit -v, refuses it). Run in a child whose address space is capped at 512 MiB.
        import resource
        import subprocess
        import sys

        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        path = tmp.write("refs.ris", "TY  - JOUR\nTI  - A paper read under a memory limit\nER  - \n")
        limit = 512 * 1024 * 1024

        def capped() -> None:
            resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

        done = subprocess.run([sys.executable, "-m", "paperlist", "summarize", path], capture_output=True,
                              text=True, preexec_fn=capped, timeout=60, check=False,
                              env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)})
        self.assertEqual((done.returncode, done.stderr), (0, ""))
        self.assertTrue(done.stdout.startswith("1 list, 1 snippet, 1 paper"), done.stdout)
