"""Edges: file names that are not UTF-8, archives refused by their size, mbox separators, full devices, and a
collection whose tables or values were tampered with."""

import json
import os
import sqlite3
import subprocess
import sys
import unittest
from unittest import mock

from tests.helpers import EXAMPLES, ROOT, TempDir, run_cli

ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}


class EdgesTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)

    def test_a_file_name_that_is_not_utf8_loses_nothing(self):
        folder = self.tmp.path / "lists"
        folder.mkdir()
        (folder / "good.txt").write_bytes((EXAMPLES / "gpu-scheduling.txt").read_bytes())
        odd = os.fsdecode(b"caf\xe9.txt")
        (folder / odd).write_bytes((EXAMPLES / "data-loading.txt").read_bytes())
        db = str(self.tmp.path / "c.db")
        code, out, err = run_cli("add", str(folder), "--db", db)
        self.assertEqual((code, err), (0, ""))
        self.assertIn("added 2 lists", out)
        triage = run_cli("triage", "--db", db, "--format", "text")[1]
        self.assertIn("caf\\xe9.txt:", triage)
        self.assertEqual(run_cli("add", str(folder), "--db", db)[1].split(";")[0], f"{db}: added 0 lists (2 already added)")

    def test_an_archive_over_its_cap_is_refused_before_it_is_read(self):
        big = self.tmp.path / "huge.mbox"
        with open(big, "wb") as handle:
            handle.truncate(1024 ** 3 + 1)  # sparse: no disk used
        good = str(EXAMPLES / "data-loading.txt")
        with mock.patch("builtins.open", wraps=open) as opened:
            code, out, err = run_cli("summarize", str(big), good, "--format", "json")
        self.assertNotIn(str(big), [str(call.args[0]) for call in opened.call_args_list if call.args])
        self.assertEqual((code, err), (0, f"{big}: warning: larger than 1 GiB; skipped\n"))
        self.assertEqual(json.loads(out)["totals"]["lists"], 1)

    def test_a_from_line_inside_a_body_is_text(self):
        alert = (EXAMPLES.parent / "tests" / "data" / "formats" / "alerts.mbox").read_bytes()
        body_from = alert.replace(b"\nFrom ", b"\n\nFrom ", 0)
        lines = body_from.split(b"\n")
        # A body line that starts "From " with no blank line before it and no envelope, as real mailboxes hold.
        first_body = next(n for n, line in enumerate(lines) if line.startswith(b"Large") or b"gse_alrt_sni" in line)
        lines.insert(first_body + 1, b"From the abstract: a line that is no separator")
        path = self.tmp.write("inbox.mbox", b"\n".join(lines))
        code, out, err = run_cli("export", path, "--format", "json")
        plain = json.loads(run_cli("export", self.tmp.write("plain.mbox", alert), "--format", "json")[1])
        self.assertEqual(code, 0)
        self.assertEqual(len(json.loads(out)["snippets"]), len(plain["snippets"]))

    def test_help_and_version_to_a_full_device(self):
        for argv in (["--help"], ["--version"], ["dupes", "--help"]):
            with self.subTest(argv=argv), open("/dev/full", "w") as full:
                done = subprocess.run([sys.executable, "-m", "paperlist", *argv], stdout=full, stderr=subprocess.PIPE,
                                      env=ENV, text=True)
                self.assertEqual((done.returncode, done.stderr),
                                 (2, "paperlist: error: writing output: No space left on device\n"))

    @unittest.skipUnless(sys.platform.startswith("linux"), "sets a pseudo-terminal's width")
    def test_notes_fit_the_terminal_they_go_to_when_the_output_is_piped(self):
        import fcntl
        import pty
        import struct
        import termios
        main, screen = pty.openpty()
        fcntl.ioctl(screen, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 50, 0, 0))  # a terminal 50 columns wide
        env = {k: v for k, v in ENV.items() if k not in ("COLUMNS", "LINES")}
        # Papers the built-in rules (deep-learning systems) tag none of: a note says topics are used instead.
        pipes = self.tmp.write("pipes.csv", "title\nLeak detection in cast iron water pipe networks\n"
                               "Pressure transients in plastic water pipe networks\n"
                               "Corrosion of copper pipes in drinking water networks\n"
                               "Acoustic leak detection for buried water pipes\n")
        try:
            done = subprocess.run([sys.executable, "-m", "paperlist", "triage", pipes, "--format", "text"],
                                  stdout=subprocess.PIPE, stderr=screen, env=env, timeout=60, check=False)
            os.set_blocking(main, False)  # read what the terminal holds while it is open (Linux drops it after)
            shown = b""
            while True:
                try:
                    piece = os.read(main, 4096)
                except BlockingIOError:
                    break
                if not piece:
                    break
                shown += piece
        finally:
            os.close(screen)
            os.close(main)
        notes = shown.decode().replace("\r\n", "\n").splitlines()
        self.assertEqual((done.returncode, notes[0]), (0, "paperlist: note: the built-in tag rules"))
        self.assertLessEqual(max(map(len, notes)), 50)
        # The output itself is wrapped as for a file: at 80 columns, where the pipe has no width.
        self.assertTrue(50 < max(map(len, done.stdout.decode().splitlines())) <= 80)

    def test_db_check_finds_what_was_tampered_with(self):
        db = str(self.tmp.path / "c.db")
        run_cli("add", str(EXAMPLES), "--db", db)
        self.assertEqual(run_cli("mark", "read", "p1", "--db", db)[0], 0)
        self.assertEqual(run_cli("db", "check", "--db", db), (0, f"{db}: ok\n", ""))
        tampering = {
            "a record that does not parse": ("UPDATE snippets SET record = '{not json' WHERE id = 1",
                                              "problem: 1 snippets hold a record that does not parse (or holds values of "
                                              "the wrong type)\n"),
            "a wrong type": ("UPDATE snippets SET line = 'three' WHERE id = 2",
                             "problem: 1 rows of snippets.line are not integer\n"),
            "a text under another's fingerprint": ("UPDATE snippets SET text = 'other words' WHERE id = 3",
                                                    "problem: 1 snippets are filed under a text whose fingerprint is "
                                                    "not theirs\n"),
            "a dropped table": ("DROP TABLE marks", "problem: missing tables: marks\n"),
            "a position that is no number": ("UPDATE snippets SET idx = 'x' WHERE id = 2",
                                             "problem: 1 rows of snippets.idx are not integer\n"),
            "a list name in bytes": ("UPDATE lists SET name = x'00' WHERE id = 1",
                                     "problem: 1 rows of lists.name are not text\n"),
            "texts whose snippets were deleted": ("DELETE FROM snippets WHERE list = 1",
                                                  "problem: 4 texts have no snippet\n"),
            "a mark that means nothing": ("UPDATE marks SET mark = 'maybe'",  # p1's two copies
                                          "problem: 2 marks are not want, read, skip or later\n"),
            "a mark under no fingerprint": ("UPDATE marks SET fingerprint = 'p1' WHERE rowid = 1",
                                            "problem: 1 marks are not filed under a fingerprint\n"),
            "a decision between no fingerprints": (
                "INSERT INTO not_same VALUES ('a', 'b', NULL)",
                "problem: 1 pairs recorded as different papers are not two fingerprints\n"),
        }
        # Before these were checked, db check said ok while summarize, dupes and not-same --list stopped with an
        # internal error, and new and add with a damage that the check did not find.
        commands = (["summarize"], ["dupes"], ["triage"], ["not-same", "--list"], ["new", str(EXAMPLES)])
        for name, (statement, problem) in tampering.items():
            with self.subTest(name):
                copy = str(self.tmp.path / f"{len(name)}.db")
                with open(db, "rb") as source, open(copy, "wb") as target:
                    target.write(source.read())
                connection = sqlite3.connect(copy)
                connection.execute(statement)
                connection.commit()
                connection.close()
                self.assertEqual(run_cli("db", "check", "--db", copy), (2, problem, ""))
                for command in commands:
                    code, _, err = run_cli(*command, "--db", copy)
                    self.assertNotIn("internal error", err)
                    if code:  # named as the collection's damage, pointing to the check
                        self.assertEqual(code, 2)
                        self.assertTrue(err.startswith(f"paperlist: error: {copy}: "), err)
                        self.assertIn(f"; run 'paperlist db check --db {copy}'\n", err)


if __name__ == "__main__":
    unittest.main()
