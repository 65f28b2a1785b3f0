"""The collection and its neighbours: concurrent first adds, read-only files, full disks, damaged or odd
files. Every failure is one line naming the file and what to do; reading never writes."""

import os
import sqlite3
import subprocess
import sys
import unittest
from pathlib import Path
from unittest import mock

from paperlist.collection import store as store_module
from tests.helpers import EXAMPLES, ROOT, TempDir, run_cli


class StoreFailuresTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        self.db = str(self.tmp.path / "c.db")

    def test_two_first_adds_at_once_both_land(self):
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        lists = [str(EXAMPLES / "gpu-scheduling.txt"), str(EXAMPLES / "data-loading.txt")]
        for round_ in range(6):
            db = str(self.tmp.path / f"race{round_}.db")
            both = [subprocess.Popen([sys.executable, "-m", "paperlist", "add", path, "--db", db], env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE) for path in lists]
            results = [(p.wait(timeout=60), p.stderr.read()) for p in both]
            for p in both:
                p.stdout.close()
                p.stderr.close()
            with self.subTest(round=round_):
                self.assertEqual([code for code, _ in results], [0, 0], results)
                self.assertIn("lists: 2\n", run_cli("db", "info", "--db", db)[1])

    def test_a_lock_refused_at_once_is_tried_again(self):
        # SQLite refuses without waiting a lock that could deadlock; the open tries again until BUSY_MS.
        real, calls = store_module.Store._open, []

        def refused_once(store):
            calls.append(1)
            if len(calls) == 1:
                raise sqlite3.OperationalError("database is locked")
            real(store)
        with mock.patch.object(store_module.Store, "_open", refused_once):
            store_module.Store(self.db).close()
        self.assertEqual(len(calls), 2)
        self.assertEqual(run_cli("db", "info", "--db", self.db)[0], 0)

    def test_a_lock_held_past_the_deadline_is_one_line(self):
        def always_locked(store):
            raise sqlite3.OperationalError("database is locked")
        with mock.patch.object(store_module.Store, "_open", always_locked), \
                mock.patch.object(store_module, "BUSY_MS", 1000):
            with self.assertRaises(store_module.StoreError) as caught:
                store_module.Store(self.db)
        self.assertEqual(str(caught.exception), f"{self.db}: busy: another paperlist has held it for 1 s; try again")

    def test_reading_commands_never_write(self):
        self.assertEqual(run_cli("add", str(EXAMPLES), "--db", self.db)[0], 0)
        before = Path(self.db).read_bytes()
        for argv in (("triage", "--format", "json"), ("db", "info"), ("db", "check"), ("summarize",),
                     ("new", str(EXAMPLES / "data-loading.txt"))):
            with self.subTest(argv=argv[0]):
                self.assertEqual(run_cli(*argv, "--db", self.db)[0], 0)
                self.assertEqual(Path(self.db).read_bytes(), before)

    def test_an_empty_file_stays_empty(self):
        open(self.db, "w").close()
        self.assertEqual(run_cli("db", "info", "--db", self.db),
                         (2, "", f"paperlist: error: {self.db}: not a paperlist collection (an empty file)\n"))
        self.assertEqual(os.path.getsize(self.db), 0)

    def test_a_read_only_collection_is_read_and_refuses_writes(self):
        self.assertEqual(run_cli("add", str(EXAMPLES / "data-loading.txt"), "--db", self.db)[0], 0)
        real = sqlite3.connect

        def read_only(target, *args, **kwargs):  # what a read-only file (or file system) gives every connection
            if isinstance(target, str) and not target.startswith("file:") and target != ":memory:":
                target, kwargs = f"file:{os.path.abspath(target)}?mode=ro", {**kwargs, "uri": True}
            return real(target, *args, **kwargs)
        with mock.patch.object(store_module.sqlite3, "connect", read_only), \
                mock.patch.object(os, "access", lambda path, mode: mode != os.W_OK):
            # Every reading command answers, and none leaves a -wal or -shm file it could not remove.
            for argv in (("triage",), ("dupes",), ("report", "-o", "-"), ("new", str(EXAMPLES / "gpu-scheduling.txt")),
                         ("db", "info"), ("db", "check"), ("db", "log")):
                with self.subTest(argv=argv):
                    code, _, err = run_cli(*argv, "--db", self.db)
                    self.assertEqual((code, err), (0, ""))
                    self.assertFalse(os.path.exists(self.db + "-wal") or os.path.exists(self.db + "-shm"))
            code, out, err = run_cli("mark", "read", "p1", "--db", self.db)
        self.assertEqual((code, out), (2, ""))
        self.assertEqual(err, f"paperlist: error: {self.db}: read-only here: reading commands work, writing ones "
                              "(add, remove, mark, not-same, serve) cannot\n")

    def test_reading_commands_leave_no_wal_or_shm_behind(self):
        self.assertEqual(run_cli("add", str(EXAMPLES / "data-loading.txt"), "--db", self.db)[0], 0)
        for argv in (("triage",), ("dupes",), ("db", "info"), ("mark", "read", "p1")):
            with self.subTest(argv=argv):
                self.assertEqual(run_cli(*argv, "--db", self.db)[0], 0)
                self.assertEqual(sorted(os.listdir(os.path.dirname(self.db))), [os.path.basename(self.db)])

    def test_a_full_disk_leaves_the_collection_unchanged(self):
        self.assertEqual(run_cli("add", str(EXAMPLES / "data-loading.txt"), "--db", self.db)[0], 0)
        info = run_cli("db", "info", "--db", self.db)[1]

        def full(*args, **kwargs):
            raise sqlite3.OperationalError("database or disk is full")
        with mock.patch.object(store_module.Store, "add_snippets", full):
            code, out, err = run_cli("add", str(EXAMPLES / "gpu-scheduling.txt"), "--db", self.db)
        self.assertEqual((code, out), (2, ""))
        self.assertEqual(err, f"paperlist: error: {self.db}: no space left on the device; the collection is "
                              "unchanged\n")
        self.assertEqual(run_cli("db", "info", "--db", self.db)[1], info)

    def test_a_file_that_is_no_database_is_named_so_without_a_useless_hint(self):
        readme = str(ROOT / "README.md")
        self.assertEqual(run_cli("db", "info", "--db", readme),
                         (2, "", f"paperlist: error: {readme}: not a paperlist collection (not a database file; a "
                                 "collection is made by 'paperlist add')\n"))

    def test_odd_schema_versions_and_damaged_files(self):
        for version in ("abc", "2.5", "9" * 5000):
            with self.subTest(version=version[:8]):
                db = str(self.tmp.path / f"v{len(version)}.db")
                run_cli("add", str(EXAMPLES / "data-loading.txt"), "--db", db)
                connection = sqlite3.connect(db)
                connection.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (version,))
                connection.commit()
                connection.close()
                code, out, err = run_cli("triage", "--db", db)
                self.assertEqual((code, out), (2, ""))
                self.assertEqual(err, f"paperlist: error: {db}: unknown schema version {version[:20]!r}: not a "
                                      "collection this paperlist can read\n")
        run_cli("add", str(EXAMPLES / "data-loading.txt"), "--db", self.db)
        data = bytearray(Path(self.db).read_bytes())
        data[200:4000] = b"\xff" * 3800  # damaged pages after the header
        Path(self.db).write_bytes(bytes(data))
        code, out, err = run_cli("triage", "--db", self.db)
        self.assertEqual((code, out), (2, ""))
        self.assertTrue(err.startswith(f"paperlist: error: {self.db}: "), err)
        self.assertNotIn("internal error", err)


if __name__ == "__main__":
    unittest.main()


class FullDiskReadingTest(unittest.TestCase):
    def test_reading_commands_read_when_the_disk_has_no_room_for_the_writers_files(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        db = str(tmp.path / "c.db")
        self.assertEqual(run_cli("add", str(EXAMPLES), "--db", db)[0], 0)
        real = store_module.Store._connect

        def full(self, path, as_reader):
            if not as_reader:  # the writer that changes nothing needs its -shm file: no room for it
                self.db = sqlite3.connect(":memory:")
                raise sqlite3.OperationalError("database or disk is full")
            return real(self, path, as_reader)

        with mock.patch.object(store_module.Store, "_connect", full):
            for argv in (("triage", "--db", db, "--top", "1"), ("db", "info", "--db", db), ("db", "check", "--db", db)):
                with self.subTest(argv[0]):
                    code, out, err = run_cli(*argv)
                    self.assertEqual((code, err), (0, ""))
                    self.assertTrue(out)
            code, _, err = run_cli("mark", "read", "p1", "--db", db)  # a writing command says what is wrong
            self.assertEqual(code, 2)
            self.assertEqual(err.count("\n"), 1)
            self.assertIn("no space left on the device", err)


class HandChangedCollectionTest(unittest.TestCase):
    """Rows changed by hand: no command ends in an internal error, and where a command fails, db check finds it."""

    CHANGES = {
        "a text without its paper": "UPDATE texts SET paper = NULL WHERE id = 1",
        "a snippet filed under no text": "UPDATE snippets SET text_id = 9999 WHERE id = 1",
        "a record that is not JSON": "UPDATE snippets SET record = '{bad' WHERE id = 1",
        "a record of numbers": "UPDATE snippets SET record = '[1, 2]' WHERE id = 1",
        "a line that is not a number": "UPDATE snippets SET line = 'x' WHERE id = 1",
        "a text removed": "DELETE FROM texts WHERE id = 1",
        "the history dropped": "DROP TABLE events",
        "a mark of no known kind": "UPDATE marks SET mark = 'bogus'",
        "every snippet deleted": "DELETE FROM snippets",
        "the prefix order's count not a number": "UPDATE meta SET value = 'x' WHERE key = 'order_texts'",
    }
    COMMANDS = (("triage", "--top", "2"), ("dupes",), ("report", "-o", "-"), ("mark", "read", "p3"),
                ("new", str(EXAMPLES / "data-loading.txt")), ("not-same", "p1", "p4"), ("not-same", "--list"),
                ("add", str(EXAMPLES / "gpu-scheduling.txt")), ("remove", str(EXAMPLES / "data-loading.txt")))

    def test_every_change_is_named(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        base = str(tmp.path / "base.db")
        self.assertEqual(run_cli("add", str(EXAMPLES / "data-loading.txt"), str(EXAMPLES / "pipeline-parallel.txt"),
                                 "--db", base)[0], 0)
        run_cli("mark", "want", "p2", "--db", base)
        for n, (name, sql) in enumerate(self.CHANGES.items()):
            with self.subTest(name):
                db = str(tmp.path / f"changed{n}.db")
                with open(base, "rb") as source, open(db, "wb") as copy:
                    copy.write(source.read())
                connection = sqlite3.connect(db)
                connection.executescript(sql)
                connection.close()
                checked, said, _ = run_cli("db", "check", "--db", db)  # before a writing command mends anything
                failed = []
                for argv in self.COMMANDS:
                    code, _, err = run_cli(*argv, "--db", db)
                    self.assertNotIn("internal error", err, argv)
                    if code != 0:
                        self.assertEqual(err.count("\n"), 1, err)
                        failed.append(argv[0])
                if failed:
                    self.assertEqual(checked, 2, f"{failed} failed, and db check said: {said}")
