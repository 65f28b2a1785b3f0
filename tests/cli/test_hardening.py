"""The second attack on the newer surfaces: each input that overwrote, ended or hung a run, built here at run
time. A bad file is that file's warning or error; the other files are still read; nothing hangs."""

import json
import os
import time
import unittest
from pathlib import Path

from tests.helpers import EXAMPLES, TempDir, run_cli

GUARD_SECONDS = 20  # a hang guard, not a benchmark: each case takes well under a second here
GOOD = "Related papers: Good list\n\nA perfectly ordinary snippet about scheduling training jobs on shared GPU clusters…\n"
ALERT_HEAD = (b"From: Google Scholar Alerts <scholaralerts-noreply@google.com>\r\nSubject: new results\r\n"
              b"MIME-Version: 1.0\r\n")


class HardeningTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        self.good = self.tmp.write("good.txt", GOOD)

    def run_with_good(self, name: str, data: bytes, command: str = "summarize", *options: str):
        """The bad input beside a good list: no internal error, no hang, the good list still read."""
        bad = self.tmp.write(name, data)
        started = time.monotonic()
        code, out, err = run_cli(command, bad, self.good, "--format", "json", *options)
        self.assertLess(time.monotonic() - started, GUARD_SECONDS)
        self.assertIn(code, (0, 2), err)
        self.assertNotIn("internal error", err)
        self.assertNotIn("Traceback", err)
        return code, json.loads(out), err

    def test_unusable_charsets_fall_back_to_utf8(self):
        for charset in ("idna", "punycode", "base64", "no-such-charset"):
            with self.subTest(charset):
                message = ALERT_HEAD + (f"Content-Type: text/plain; charset={charset}\r\n\r\n"
                                        "Snippet text here\r\n").encode()
                self.run_with_good(f"{charset}.eml", message)

    def test_a_deeply_nested_multipart_message(self):
        parts = b"".join(b"Content-Type: multipart/mixed; boundary=b%d\r\n\r\n--b%d\r\n" % (n, n) for n in range(1000))
        code, doc, err = self.run_with_good("deep.eml", ALERT_HEAD + parts)
        self.assertEqual(doc["totals"]["lists"], 1 + ("deep.eml" not in err))

    def test_table_values_that_broke_int_and_csv(self):
        cases = {"superscript.csv": "title,line\nA title of a paper here,²\n",
                 "digits.csv": "title,line\nA title of a paper here," + "9" * 5000 + "\n",
                 "header.csv": "title," + "x" * 200_000 + "\nA title of a paper here,1\n",
                 "digits.jsonl": '{"title": "A title of a paper here", "line": ' + "9" * 5000 + "}\n"}
        for name, content in cases.items():
            with self.subTest(name):
                self.run_with_good(name, content.encode(), "export")

    def test_terms_over_a_list_of_one_short_snippet(self):
        path = self.tmp.write("one.txt", "Related papers: x\n\nfuzzing compilers\n\nmore fuzzing compilers today\n")
        code, out, err = run_cli("summarize", path, "--terms", "5", "--format", "json")
        self.assertEqual((code, err), (0, ""))
        self.assertEqual(json.loads(out)["totals"]["papers"], 2)

    def test_inputs_that_hung(self):
        cases = {
            "accent.bib": b'@article{a, title={T}, abstract={\\"{' + b" " * 200_000 + b"}}\n",
            "snippets.eml": ALERT_HEAD + b"Content-Type: text/html\r\n\r\n<a class=gse_alrt_title href=x>T</a>"
                            + b"class=gse_alrt_sni>" * 30_000,
            "anchors.eml": ALERT_HEAD + b"Content-Type: text/html\r\n\r\n" + b"<a " * 100_000,
            "wrapped.ris": b"TY  - JOUR\nTI  - T\nAB  - start\n" + b"  more words on a wrapped line\n" * 200_000
                           + b"ER  - \n",
            "wrapped.txt": b"Related papers: Seed\n\n" + b"a hard wrapped line of a long paragraph\n" * 5000,
            "wrapped.nbib": b"PMID- 1\nTI  - T\nAB  - start\n" + b"      more words on a wrapped line\n" * 200_000,
            "macros.bib": b"".join(b'@string{m%d = m%d # m%d}\n' % (n + 1, n, n) for n in range(40)).replace(
                b"m0 # m0", b'"ab" # "ab"') + b"@article{k, title = m40}\n",
        }
        for name, data in cases.items():
            with self.subTest(name):
                self.run_with_good(name, data)

    def test_an_unclosed_quote_is_reported_not_swallowed(self):
        rows = "".join(f"Title number {n} of a long table,Abstract {n}\n" for n in range(1000))
        path = self.tmp.write("open.csv", 'title,abstract\nFirst title here,"an abstract whose quote never closes\n' + rows)
        code, out, err = run_cli("export", path, "--format", "json")
        self.assertEqual(code, 0)
        self.assertIn(f"{path}:2: warning: a quoted field runs over 1001 lines (an unclosed quote?); this row and "
                      "the rest are skipped\n", err)

    def test_thousands_of_empty_records_say_so_in_a_few_lines(self):
        records = "".join("TY  - JOUR\nER  - \n\n" for _ in range(500)) + "TY  - JOUR\nTI  - One real paper\nER  - \n"
        path = self.tmp.write("empty.ris", records)
        code, out, err = run_cli("summarize", path, "--format", "json")
        self.assertEqual(code, 0)
        self.assertEqual(json.loads(out)["totals"]["snippets"], 1)
        skipped = "record has no title, abstract, container title, authors, DOI or id; skipped"
        lines = err.splitlines()
        self.assertEqual([x for x in lines if x.endswith(skipped)][:21], [
            *(f"{path}:{3 * n + 1}: warning: {skipped}" for n in range(20)),
            f"{path}: warning: 480 more like this: {skipped}"])
        self.assertLess(len(lines), 25)

    def test_report_never_overwrites_an_input(self):
        link = self.tmp.path / "link.txt"
        link.symlink_to(self.good)
        for output in (self.good, str(link)):
            with self.subTest(output=output):
                code, out, err = run_cli("report", self.good, "-o", output)
                self.assertEqual((code, out), (2, ""))
                self.assertIn(f"paperlist: error: -o {output} is an input ({self.good}); the report would replace it",
                              err)
                self.assertEqual(Path(self.good).read_text(encoding="utf-8"), GOOD)
        code, _, err = run_cli("report", str(self.tmp.path), "-o", self.good)
        self.assertEqual(code, 2, err)

    def test_report_never_overwrites_an_input_it_tagged_with_topics(self):
        # Outside the built-in rules' field the lists' own topics replace the rules, by default or with
        # --tags auto: the inputs must still be known when -o is checked.
        records = "".join(f"TY  - JOUR\nTI  - {title}\nER  - \n\n" for title in (
            "Soil nitrogen uptake in maize fields", "Soil nitrogen loss under heavy rain",
            "Maize yield under drought stress", "Drought stress and wheat yield", "Wheat roots in dry soil"))
        path = self.tmp.write("crops.ris", records)
        for tags, note in (([], "tags are the topics found in the lists themselves"), (["--tags", "auto"], "")):
            with self.subTest(tags=tags):
                code, out, err = run_cli("report", path, *tags, "-o", path)
                self.assertEqual((code, out), (2, ""))
                self.assertIn(note, " ".join(err.split()))  # the topics replaced the rules before -o was checked
                self.assertTrue(err.endswith(f"paperlist: error: -o {path} is an input ({path}); the report would "
                                             "replace it: choose another file\n"), err)
                self.assertEqual(Path(path).read_text(encoding="utf-8"), records)

    def test_report_never_overwrites_the_collection_rules_or_decisions(self):
        db = str(self.tmp.path / "c.db")
        self.assertEqual(run_cli("add", self.good, "--db", db)[0], 0)
        self.assertEqual(run_cli("mark", "read", "p1", "--db", db)[0], 0)
        kept = Path(db).read_bytes()
        rules = self.tmp.write("rules.toml", '[tags]\ngpu = ["gpu"]\n')
        decisions = self.tmp.write("same.txt", "# none yet\n")
        link = self.tmp.path / "c-link.db"
        link.symlink_to(db)
        cases = [(["--db", db, "-o", db], f"-o {db} is the collection ({db})"),
                 (["--db", db, "-o", str(link)], f"-o {link} is the collection ({db})"),
                 # Not there now, but SQLite's while the collection is open: a report there would eat the log.
                 (["--db", db, "-o", db + "-wal"], f"-o {db}-wal is the collection's -wal file ({db}-wal)"),
                 (["--db", db, "-o", db + "-journal"],
                  f"-o {db}-journal is the collection's -journal file ({db}-journal)"),
                 (["--db", db, "--tags", rules, "-o", rules], f"-o {rules} is the tag rules file ({rules})"),
                 ([self.good, "--not-duplicates", decisions, "-o", decisions],
                  f"-o {decisions} is the decisions file ({decisions})")]
        for argv, message in cases:
            with self.subTest(argv=argv):
                code, out, err = run_cli("report", *argv)
                self.assertEqual((code, out, err), (2, "", f"paperlist: error: {message}; the report would replace "
                                                           "it: choose another file\n"))
        self.assertEqual(Path(db).read_bytes(), kept)
        self.assertFalse(Path(db + "-wal").exists())
        self.assertEqual(Path(rules).read_text(encoding="utf-8"), '[tags]\ngpu = ["gpu"]\n')
        self.assertEqual(Path(decisions).read_text(encoding="utf-8"), "# none yet\n")
        cwd = os.getcwd()
        os.chdir(self.tmp.path)
        self.addCleanup(os.chdir, cwd)
        os.replace(db, "paperlist.db")
        code, _, err = run_cli("report", "-o", "paperlist.db")  # no PATHs: it reads ./paperlist.db
        self.assertEqual((code, err), (2, "paperlist: error: -o paperlist.db is the collection (paperlist.db); the "
                                          "report would replace it: choose another file\n"))

    def test_report_writes_through_links_and_devices(self):
        target = self.tmp.path / "real.html"
        target.write_text("old")
        link = self.tmp.path / "report.html"
        link.symlink_to(target)
        self.assertEqual(run_cli("report", str(EXAMPLES), "-o", str(link))[0], 0)
        self.assertTrue(link.is_symlink())
        self.assertTrue(target.read_text().startswith("<!doctype html>"))
        fifo = self.tmp.path / "out.fifo"
        os.mkfifo(fifo)
        reader = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
        self.addCleanup(os.close, reader)
        code, _, err = run_cli("report", str(EXAMPLES), "-o", "/dev/null")
        self.assertEqual((code, os.path.exists("/dev/null.partial")), (0, False), err)
        self.assertTrue(os.path.exists("/dev/null") and not os.path.isfile("/dev/null"))

    def test_tags_escapes_what_a_rules_file_holds(self):
        rules = self.tmp.write("rules.toml", 'mode = "replace"\n[tags]\n"evil\\u009b31m\\u202e\\u061c" = ["word"]\n')
        code, out, err = run_cli("tags", "--tags", rules)
        self.assertEqual((code, err), (0, ""))
        self.assertIn('"evil\\u009b31m\\u202e\\u061c" = ["word"]', out)
        self.assertFalse({"\x9b", "\u202e", "\u061c"} & set(out))


if __name__ == "__main__":
    unittest.main()


class InterruptTest(unittest.TestCase):
    def test_ctrl_c_with_workers_exits_130_without_a_traceback(self):
        import signal
        import subprocess
        import sys

        from tests.helpers import ROOT
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        words = "scheduling training jobs on shared GPU clusters with memory and communication overheads".split()
        for n in range(60):
            body = "\n\n".join(" ".join(words[(n + k + i) % len(words)] for i in range(40)) + f" list {n} item {k}…"
                               for k in range(300))
            tmp.write(f"lists/l{n:03d}.txt", f"Related papers: Seed {n}\n\n{body}\n")
        # Started as a terminal starts it, taking Ctrl-C: a suite run in the background ('&') ignores SIGINT, and a
        # program inherits that and rightly keeps it; a handler, unlike an ignore, is not inherited.
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
        try:
            process = subprocess.Popen([sys.executable, "-m", "paperlist", "summarize", str(tmp.path / "lists"),
                                        "--jobs", "2", "-q"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                       env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, start_new_session=True)
        finally:
            signal.signal(signal.SIGINT, previous)
        time.sleep(1.5)
        os.killpg(process.pid, signal.SIGINT)  # the whole process group, as a terminal's Ctrl-C does
        _, err = process.communicate(timeout=60)
        self.assertEqual(process.returncode, 130, err)
        self.assertNotIn(b"Traceback", err)
        self.assertNotIn(b"KeyboardInterrupt", err)

    def test_ctrl_c_while_the_command_line_is_imported_exits_130_without_a_traceback(self):
        import io
        import sys
        from unittest import mock

        from paperlist.cli import entry

        class Interrupted:  # the import that Ctrl-C stops: nothing of the command line has run yet
            def find_spec(self, name, path, target=None):
                if name == "paperlist.cli.main":
                    raise KeyboardInterrupt

        err = io.StringIO()
        with mock.patch.dict(sys.modules), mock.patch.object(sys, "meta_path", [Interrupted(), *sys.meta_path]), \
                mock.patch.object(sys, "stderr", err):
            sys.modules.pop("paperlist.cli.main", None)
            code = entry.main()
        self.assertEqual((code, err.getvalue()), (130, "\n"))

    def test_the_console_script_and_python_m_start_at_the_entry(self):
        import tomllib

        from tests.helpers import ROOT
        scripts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["scripts"]
        self.assertEqual(scripts, {"paperlist": "paperlist.cli.entry:main"})
        self.assertIn("from paperlist.cli.entry import main\n", (ROOT / "src/paperlist/__main__.py").read_text())
