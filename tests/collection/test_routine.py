"""The weekly routine as a user walks it: add, see what is new, mark by the ids shown, and trust every view."""

import json
import os
import re
import subprocess
import sys
import unittest
from unittest import mock

from tests.helpers import ROOT, TempDir, run_cli

WEEKS = {
    1: ["Large language models are gaining popularity for writing code, yet how often their code passes tests "
        "written by developers remains unclear across projects.",
        "Fuzzing finds crashes in parsers by feeding them mutated inputs; we show that coverage feedback from "
        "grammars doubles the crashes found in a day."],
    2: ["Automating unit test generation with language models promises cheaper testing, but the generated tests "
        "often assert the wrong behaviour of the code under test.",
        "Fuzzing finds crashes in parsers by feeding them mutated inputs; we show that coverage feedback from "
        "grammars doubles the crashes found in a day.",
        "Static analysers report thousands of warnings; we rank them by how likely a developer is to fix each, "
        "learning from the history of fixes in open source projects."],
    3: ["Program repair with language models fixes simple bugs, and we measure how often the fixes it proposes "
        "are the ones a maintainer would accept in review.",
        "Automating unit test generation with language models promises cheaper testing, but the generated tests "
        "often assert the wrong behaviour of the code under test."],
}

_A = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu"
_B = "scheduling training jobs on shared clusters with memory and network overheads measured carefully"
_C = "we propose a new planner that places jobs near their data and saves time"
CHAIN = {"one": f"{_A} {_B}", "two": f"{_B} {_C}", "three": _B}


class RoutineTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        self.db = str(self.tmp.path / "c.db")
        self.weeks = {n: self.tmp.write(f"w{n}/alert.txt", f"Related papers: Week {n}\n\n" + "\n\n".join(texts) + "\n")
                      for n, texts in WEEKS.items()}

    def cli(self, *argv):
        code, out, err = run_cli(*argv, "--db", self.db)
        self.assertEqual(code, 0, err)
        return out

    def stored(self):
        """Each paper of the collection: id -> (opening words, mark)."""
        papers = json.loads(self.cli("triage", "--all", "--format", "json"))["papers"]
        return {p["paper"]: (p["text"][:30], p["mark"]) for p in papers}

    def test_marks_by_the_ids_and_fingerprints_the_routine_printed(self):
        self.cli("add", self.weeks[1])
        # `new` shows the papers the collection does not hold, by fingerprint: they have no id yet.
        new = self.cli("new", self.weeks[2], "--format", "text")
        self.assertTrue(new.startswith("2 new papers; 1 already in the collection, no marks yet: ranked"), new)
        fingerprints = re.findall(r"fingerprint ([0-9a-f]{16})", new)
        self.assertEqual(len(fingerprints), 2)
        self.assertNotIn("· p", new)
        self.assertEqual(re.findall(r"\n\n(\S+) ", new), ["•", "•"])  # no number that `mark` could misread
        # `add --new` shows them again under the ids they keep.
        added = self.cli("add", "--new", self.weeks[2], "--format", "text")
        shown = dict(re.findall(r"\n(p\d+) +(\w+ \w+ \w+)", added)[::-1])
        shown = {text: ref for ref, text in shown.items()}
        self.assertEqual(set(shown), {"Automating unit test", "Static analysers report"})
        self.cli("mark", "read", shown["Automating unit test"])
        self.cli("mark", "want", fingerprints[1])
        papers = self.stored()
        marked = {text: mark for text, mark in papers.values() if mark}
        self.assertEqual(marked, {WEEKS[2][0][:30]: "read", WEEKS[2][2][:30]: "want"})
        self.assertEqual(papers[int(shown["Automating unit test"][1:])], (WEEKS[2][0][:30], "read"))
        # Week 3 repeats the paper marked read: `new` does not count it as new, and it stays read.
        new = json.loads(self.cli("new", self.weeks[3], "--show-known", "--format", "json"))
        self.assertEqual(sorted((p["text"][:30], p["mark"], p["paper"] is None) for p in new["papers"]),
                         [(WEEKS[3][1][:30], "read", False), (WEEKS[3][0][:30], None, True)])
        # Every collection view: read papers left out and counted, wanted ones first, the rule says so.
        triage = self.cli("triage", "--format", "text")
        self.assertIn("1 marked read or skip not shown (--all shows them), papers marked want first", triage.replace("\n", " "))
        # Each entry leads with the id `mark` takes, not its rank (which `mark` would apply to another paper).
        self.assertRegex(triage.split("\n\n", 1)[1][:40], r"^p\d+ +Static analysers")
        self.assertIn("papers marked want first, then ranked by your 2 marks: 2 relevant (want, read), 0 not (skip)",
                      triage.replace("\n", " "))
        leads = re.findall(r"\n\n(p\d+) ", triage)
        self.assertEqual(leads, re.findall(r"· (p\d+)", triage))
        self.assertNotEqual(leads, [f"p{n}" for n in range(1, len(leads) + 1)])  # this week's ranks are not the ids
        markdown = self.cli("triage", "--all", "--format", "markdown")
        self.assertRegex(markdown, r"- \[x\] p\d+ Automating unit test")
        report = self.cli("report", "-o", "-")
        self.assertIn("1 paper marked read or skip is not listed.", report)
        self.assertIn('<span class="decision want">marked want</span>', report)
        self.assertEqual(re.findall(r'<span class="rank">(p\d+)</span>', report), leads)  # ids, as in triage
        self.assertEqual([p["number"] for p in json.loads(report.split('id="report-data">')[1]
                                                           .split("</script>")[0])["papers"]], leads)
        self.assertNotIn(WEEKS[2][0][:40], report.split('id="reading-section"')[1].split("<script")[0])

    def test_mark_clear_unknown_and_validation(self):
        self.cli("add", self.weeks[1])
        self.assertEqual(self.cli("mark", "skip", "p1"), f"p1 marked skip: {WEEKS[1][0][:63].rstrip()}…\n")
        self.assertEqual(self.cli("mark", "clear", "p1"), f"p1 mark cleared (was skip): {WEEKS[1][0][:51].rstrip()}…\n")
        self.assertEqual(self.stored()[1][1], None)
        for ref, message in (("p999", f"no paper 'p999' in {self.db} (every collection view shows paper ids, p41; "
                                      "a fingerprint counts once its list is added)"),
                             ("²", "expected a paper id (p41) or a 16-digit fingerprint, got '²'"),
                             ("p99999999999999999999", "expected a paper id (p41) or a 16-digit fingerprint, got "
                                                       "'p99999999999999999999'"),
                             ("abc", "expected a paper id (p41) or a 16-digit fingerprint, got 'abc'")):
            with self.subTest(ref=ref):
                self.assertEqual(run_cli("mark", "read", "p1", ref, "--db", self.db), (2, "", f"paperlist: error: {message}\n"))
        self.assertEqual(self.stored()[1][1], None)  # nothing of a refused command was applied

    def test_a_failure_between_two_marks_leaves_neither(self):
        self.cli("add", self.weeks[1])
        from paperlist.collection.store import Store
        real = Store.set_marks
        calls = []

        def failing(store, fingerprints, mark):
            calls.append(mark)
            if len(calls) == 2:
                raise OSError(28, "No space left on device")
            return real(store, fingerprints, mark)
        with mock.patch.object(Store, "set_marks", failing):
            code, _, _ = run_cli("mark", "read", "p1", "p2", "--db", self.db)
        self.assertEqual((code, calls), (2, ["read", "read"]))
        self.assertEqual({mark for _, mark in self.stored().values()}, {None})

    def test_two_processes_marking_at_once(self):
        self.cli("add", self.weeks[1])
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
        argv = [sys.executable, "-m", "paperlist", "mark"]
        both = [subprocess.Popen(argv + [mark, ref, "--db", self.db], env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE) for mark, ref in (("read", "p1"), ("want", "p2"))]
        results = [(p.wait(timeout=60), p.stderr.read()) for p in both]
        for p in both:
            p.stdout.close()
            p.stderr.close()
        self.assertEqual(results, [(0, b""), (0, b"")])
        self.assertEqual({mark for _, mark in self.stored().values()}, {"read", "want"})

    def test_not_same_by_ids_list_and_undo(self):
        self.cli("add", self.weeks[2])
        self.assertEqual(run_cli("not-same", "p1", "p1", "--db", self.db),
                         (2, "", "paperlist: error: p1 and p1 name the same paper (p1): give two papers, or two "
                                 "snippets' fingerprints\n"))
        self.assertEqual(run_cli("not-same", "p1", "p77", "--db", self.db)[0], 2)
        self.assertEqual(self.cli("not-same", "--list"), "no pairs recorded as different papers\n")
        self.assertEqual(self.cli("not-same", "p1", "p2"), "recorded: p1 and p2 are different papers\n")
        self.assertEqual(len(self.cli("not-same", "--list").splitlines()), 4)  # when, the two papers, undo
        self.assertEqual(self.cli("not-same", "--undo", "p1", "p2"), "removed: p1 and p2 may be one paper again\n")
        self.assertEqual(run_cli("not-same", "--undo", "p1", "p2", "--db", self.db),
                         (2, "", "paperlist: error: no record that p1 and p2 are different papers\n"))

    def add_chain(self, *lists):
        """Lists whose one snippet each is: ONE (A then B), TWO (B then C) and THREE (B alone). THREE is a cut of TWO
        and re-words half of ONE, so it chains ONE and TWO, which are not alike, into one paper."""
        for name in lists:
            self.tmp.write(f"chain/{name}.txt", f"Related papers: {name}\n\n{CHAIN[name]}\n")
        return run_cli("add", *(str(self.tmp.path / "chain" / f"{n}.txt") for n in lists), "--db", self.db)

    def fingerprint(self, name):
        groups = json.loads(self.cli("dupes", "--format", "json"))["groups"]
        return next(m["fingerprint"] for g in groups for m in g["members"] if m["path"].endswith(f"/{name}.txt"))

    def test_not_same_splits_two_copies_that_other_copies_chain(self):
        self.assertEqual(self.add_chain("one", "two", "three")[0], 0)
        self.assertEqual(len(self.stored()), 1)
        one, two = self.fingerprint("one"), self.fingerprint("two")
        self.assertEqual(self.cli("not-same", one, two), f"recorded: {one} and {two} are different papers\n")
        # The copy that chained them stays with the one it is a cut of.
        self.assertEqual(sorted(text for text, _ in self.stored().values()),
                         ["alpha beta gamma delta epsilon", "scheduling training jobs on sh"])

    def test_an_add_that_joins_papers_marked_differently_says_which_mark_it_shows(self):
        self.assertEqual(self.add_chain("one", "two")[0], 0)
        self.cli("mark", "skip", "p1")
        self.cli("mark", "read", "p2")
        code, out, _ = self.add_chain("three")
        self.assertEqual(code, 0)
        self.assertTrue(" ".join(out.split()).endswith(
            f"{self.db}: p1 now joins copies you marked read and skip: it shows read; each copy keeps its mark, and "
            "'paperlist not-same' on two of its fingerprints (dupes --db --explain) splits them again"), out)
        self.assertEqual(self.stored(), {1: ("scheduling training jobs on sh", "read")})
        one, two = self.fingerprint("one"), self.fingerprint("two")
        self.cli("not-same", one, two)
        self.assertEqual(sorted(self.stored().values()), [("alpha beta gamma delta epsilon", "skip"),
                                                          ("scheduling training jobs on sh", "read")])
        out = " ".join(self.cli("not-same", "--undo", one, two).split())  # one paper again: said the same way
        self.assertTrue(out.startswith(f"removed: {one} and {two} may be one paper again {self.db}: p1 now joins "
                                       "copies you marked read and skip: it shows read;"), out)

    def test_nothing_to_read_is_an_error_and_creates_nothing(self):
        empty = self.tmp.path / "empty"
        empty.mkdir()
        for argv in (("summarize", str(empty)), ("add", str(empty), "--db", self.db), ("report", str(empty), "-o",
                                                                                     str(self.tmp.path / "r.html"))):
            with self.subTest(argv=argv[0]):
                self.assertEqual(run_cli(*argv), (2, "", f"paperlist: error: nothing to read in {empty}: no list, "
                                                         "alert or reference export found\n"))
        self.assertFalse(os.path.exists(self.db))
        self.assertFalse(os.path.exists(self.tmp.path / "r.html"))

    def test_the_default_collection_serves_every_command(self):
        cwd = os.getcwd()
        os.chdir(self.tmp.path)
        self.addCleanup(os.chdir, cwd)
        with mock.patch.dict(os.environ, {"PAPERLIST_DB": ""}):
            self.assertEqual(run_cli("add", self.weeks[1])[0], 0)
            self.assertTrue(os.path.exists("paperlist.db"))
            for command in ("triage", "summarize", "dupes", "export"):
                with self.subTest(command):
                    code, out, err = run_cli(command, "--format", "json")
                    self.assertEqual((code, err), (0, ""))
                    self.assertEqual(json.loads(out)["totals"]["papers"], 2)


if __name__ == "__main__":
    unittest.main()
