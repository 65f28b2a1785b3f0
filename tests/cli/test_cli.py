import io
import json
import os
import random
import subprocess
import sys
import unittest
from unittest import mock

from paperlist.cli import cache, options
from paperlist.match.identity import text_identity
from paperlist.match.normalize import fingerprint, match_key
from paperlist.model import Record
from tests.helpers import EXAMPLES, ROOT, SEEDS, TempDir, run_cli, write_years_of_lists

HEADER = "Related papers: Seed\n\n"


class ExamplesTest(unittest.TestCase):
    def test_summarize_examples_json(self):
        code, out, err = run_cli("summarize", str(EXAMPLES), "--format", "json")
        self.assertEqual((code, err), (0, ""))
        doc = json.loads(out)
        totals = doc["totals"]
        self.assertEqual((totals["lists"], totals["snippets"], totals["papers"], totals["in_several_lists"]),
                         (4, 18, 14, 3))
        self.assertEqual((totals["unique"], totals["recurring"]), (14, 3))
        self.assertEqual(totals["tags_counted"], "each tag counted at most once per paper")
        self.assertEqual([entry["snippets"] for entry in doc["lists"]], [4, 5, 5, 4])
        self.assertEqual([entry["papers"] for entry in doc["lists"]], [4, 5, 4, 4])
        self.assertEqual([entry["only_here"] for entry in doc["lists"]], [3, 2, 3, 3])
        self.assertEqual([entry["name"] for entry in doc["lists"]],
                         ["data-loading.txt", "gpu-scheduling.txt", "pipeline-parallel.txt", "transformer-serving.txt"])
        self.assertEqual(sum(o["shared"] for o in doc["overlap"]), 3)

    def test_dupes_examples_groups(self):
        code, out, _ = run_cli("dupes", str(EXAMPLES), "--format", "json")
        self.assertEqual(code, 0)
        doc = json.loads(out)
        found = sorted((g["kind"], tuple(os.path.basename(m["path"]) + f":{m['line']}" for m in g["members"]))
                       for g in doc["groups"])
        self.assertEqual(found, [
            ("exact", ("gpu-scheduling.txt:3", "pipeline-parallel.txt:6")),
            ("exact", ("gpu-scheduling.txt:7", "transformer-serving.txt:3")),
            ("near", ("data-loading.txt:10", "gpu-scheduling.txt:5")),
            ("truncation", ("pipeline-parallel.txt:2", "pipeline-parallel.txt:3")),
        ])
        self.assertEqual(doc["totals"]["groups"], 4)

    def test_exit_code_option(self):
        self.assertEqual(run_cli("dupes", str(EXAMPLES), "--exit-code")[0], 1)
        self.assertEqual(run_cli("dupes", str(EXAMPLES / "data-loading.txt"), "--exit-code")[0], 0)

    def test_every_format_renders(self):
        for command, formats in (("summarize", ("text", "json", "csv", "markdown")),
                                 ("dupes", ("text", "json", "csv", "markdown")),
                                 ("export", ("jsonl", "json", "csv")),
                                 ("triage", ("markdown", "text", "json", "csv"))):
            for fmt in formats:
                with self.subTest(command=command, format=fmt):
                    code, out, err = run_cli(command, str(EXAMPLES), "--format", fmt)
                    self.assertEqual((code, err), (0, ""))
                    self.assertTrue(out.endswith("\n"))

    def test_export_jsonl_records(self):
        _, out, _ = run_cli("export", str(EXAMPLES / "data-loading.txt"))
        records = [json.loads(line) for line in out.splitlines()]
        self.assertEqual(len(records), 4)
        self.assertEqual(list(records[0]), ["path", "line", "index", "seed_title", "text", "truncated", "tags",
                                            "paper", "keep", "title", "authors", "year", "venue", "volume", "issue", "pages", "doi", "url",
                                            "scholar_id", "source_id", "kind", "keywords", "author_list",
                                            "title_only", "source"])
        self.assertEqual((records[0]["title"], records[0]["source"]), (None, "text"))
        self.assertEqual([(r["paper"], r["keep"]) for r in records], [(1, True), (2, True), (3, True), (4, True)])
        self.assertEqual((records[0]["line"], records[0]["index"], records[0]["truncated"]), (3, 1, True))
        self.assertTrue(records[0]["text"].startswith("When datasets span many terabytes, the input pipeline"))
        self.assertEqual(records[0]["seed_title"], "Feeding the Accelerators: Data Loading for Large Traini…")

    def test_jobs_output_is_identical(self):
        for command in ("summarize", "dupes", "export"):
            with self.subTest(command):
                self.assertEqual(run_cli(command, str(EXAMPLES), "--jobs", "2", "--format", "json"),
                                 run_cli(command, str(EXAMPLES), "--format", "json"))

    def test_jobs_read_in_parallel_only_to_tag(self):
        # Untagged snippets cost more to send back from a worker than to parse in place (benchmarks/RESULTS.md).
        from unittest import mock

        import paperlist.inputs.load as load
        from paperlist.tagging.tags import TagMatcher, builtin_rules
        calls = []
        real = load._load_in_parallel
        def spy(paths, *args):
            calls.append(len(paths))
            return real(paths, *args)
        with mock.patch.object(load, "_load_in_parallel", spy), mock.patch("os.cpu_count", return_value=2):
            untagged = load.load_lists([str(EXAMPLES)], TagMatcher({}), jobs=2)
            self.assertEqual(calls, [])
            tagged = load.load_lists([str(EXAMPLES)], TagMatcher(builtin_rules()), jobs=2)
            self.assertEqual(calls, [4])
        self.assertEqual([s.text for rl in untagged.lists for s in rl.snippets],
                         [s.text for rl in tagged.lists for s in rl.snippets])

    def test_triage_markdown_checklist(self):
        _, out, _ = run_cli("triage", str(EXAMPLES), "--focus", "federated-learning", "--format", "markdown")
        self.assertIn("## In several lists", out)
        self.assertIn("- [ ] 1. ", out)
        self.assertIn("**Federated**", out)


class ReadableOutputTest(unittest.TestCase):
    """Years of lists: the text views show what a person can read and say how to get the rest."""

    @classmethod
    def setUpClass(cls):
        cls.tmp = TempDir()
        write_years_of_lists(cls.tmp)  # 2,861 papers, 781 duplicate groups

    @classmethod
    def tearDownClass(cls):
        cls.tmp.cleanup()

    def test_triage_shows_the_first_2000_papers_and_says_how_to_list_them_all(self):
        code, out, _ = run_cli("triage", str(self.tmp.path), "-q", "--tags", "builtin")
        self.assertEqual(code, 0)
        self.assertTrue(out.startswith("2000 of 2861 papers shown (781 in two or more lists), ranked by "))
        numbers = [int(line.split(".")[0]) for line in out.splitlines() if line[:1].isdigit() and ". " in line[:6]]
        self.assertEqual(numbers, list(range(1, 2001)))
        ending = out[out.rindex("\n\n") + 2:]
        self.assertEqual(" ".join(ending.split()), "... and 861 more papers ranked below these: --top N shows the "
                         "first N, --format csv lists them all.")
        _, markdown, _ = run_cli("triage", str(self.tmp.path), "-q", "--tags", "builtin", "--format", "markdown")
        self.assertEqual(markdown.count("\n- [ ] "), 2000)
        self.assertIn("... and 861 more papers ranked below these", markdown)
        _, table, _ = run_cli("triage", str(self.tmp.path), "-q", "--tags", "builtin", "--format", "csv")
        self.assertEqual(len(table.splitlines()), 1 + 2861)

    def test_triage_top_shows_what_was_asked(self):
        _, out, _ = run_cli("triage", str(self.tmp.path), "-q", "--tags", "builtin", "--top", "2500")
        self.assertTrue(out.startswith("2500 of 2861 papers shown"))
        self.assertNotIn("more papers ranked below these", out)

    def test_dupes_shows_500_groups_and_says_how_to_list_them_all(self):
        _, out, _ = run_cli("dupes", str(self.tmp.path), "-q")
        self.assertIn("Exact copies (781)", out)
        self.assertEqual([line.split("]")[0] for line in out.splitlines() if line.startswith("[")][-1], "[500")
        self.assertIn("\n\n... and 281 more groups below these: --format csv lists them all.\n\n* = the copy kept", out)
        _, table, _ = run_cli("dupes", str(self.tmp.path), "-q", "--format", "csv")
        self.assertEqual(len({row.split(",")[0] for row in table.splitlines()[1:]}), 781)


@unittest.skipUnless(SEEDS.is_dir(), "needs ../shared/seeds")
class SeedsAcceptanceTest(unittest.TestCase):
    def test_summarize_seeds(self):
        _, out, _ = run_cli("summarize", str(SEEDS), "--format", "json")
        doc = json.loads(out)
        self.assertEqual([entry["snippets"] for entry in doc["lists"]], [20, 20, 20, 20])
        self.assertEqual(doc["totals"]["unique"], 78)
        titles = []
        for path in sorted(SEEDS.iterdir()):
            first = path.read_text(encoding="utf-8").split("\n", 1)[0]
            titles.append(first.removeprefix("Related papers:").strip())
        self.assertEqual([entry["seed_title"] for entry in doc["lists"]], titles)

    def test_dupes_seeds(self):
        _, out, _ = run_cli("dupes", str(SEEDS), "--format", "json")
        groups = json.loads(out)["groups"]
        found = [[(os.path.basename(m["path"])[:3], m["line"]) for m in g["members"]] for g in groups]
        self.assertEqual(found, [[("000", 19), ("002", 10)], [("002", 18), ("003", 3)]])

    def test_seed_tags_keep_their_values(self):
        records = [json.loads(line) for line in run_cli("export", str(SEEDS))[1].splitlines()]
        tags = {(os.path.basename(r["path"])[:3], r["line"]): r["tags"] for r in records}
        self.assertIn("federated-learning", tags[("001", 27)])
        self.assertIn("federated-learning", tags[("001", 35)])
        self.assertIn("recommendation", tags[("001", 41)])
        self.assertIn("recommendation", tags[("003", 25)])

    def test_builtin_rules_tag_their_own_field(self):
        # Issue 28: 95% of the seed papers tagged; the one left says only that deep learning succeeds at speech.
        totals = json.loads(run_cli("summarize", str(SEEDS), "--format", "json")[1])["totals"]
        self.assertEqual((totals["papers"], totals["untagged"]), (78, 1))

    def test_triage_seeds(self):
        _, out, _ = run_cli("triage", str(SEEDS), "--format", "json")
        papers = json.loads(out)["papers"]
        self.assertEqual(len(papers), 78)
        self.assertEqual([len(p["lists"]) for p in papers[:3]], [2, 2, 1])


class BadInputTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)

    def test_missing_path_reports_and_continues(self):
        good = self.tmp.write("good.txt", HEADER + "one snippet…\n")
        code, out, err = run_cli("summarize", "missing-dir", good, "--format", "json")
        self.assertEqual(code, 2)
        self.assertEqual(err, "paperlist: error: missing-dir: No such file or directory\n")
        self.assertEqual(json.loads(out)["totals"]["snippets"], 1)

    def test_warnings_and_strict(self):
        path = self.tmp.write("bad.txt", b"no header here\ncaf\xe9 au lait\n")
        code, out, err = run_cli("summarize", path, "--format", "json")
        self.assertEqual(code, 0)
        self.assertEqual(err, f"{path}:2: warning: not valid UTF-8; decoded as cp1252\n"
                              f"{path}:1: warning: no 'Related papers:' header; seed title unknown\n")
        self.assertEqual(len(json.loads(out)["warnings"]), 2)
        code, _, err = run_cli("summarize", path, "--strict")
        self.assertEqual(code, 2)
        self.assertIn(f"{path}:2: error: not valid UTF-8; decoded as cp1252", err)

    def test_binary_and_empty_files_are_skipped_with_warnings(self):
        binary = self.tmp.write("a.txt", b"\x00\x01\x02binary")
        empty = self.tmp.write("b.txt", b"")
        good = self.tmp.write("c.txt", HEADER + "fine…\n")
        code, out, err = run_cli("export", str(self.tmp.path))
        self.assertEqual(code, 0)
        self.assertEqual(err, f"{binary}:1: warning: binary file (NUL byte); skipped\n{empty}: warning: empty file\n")
        self.assertEqual(len(out.splitlines()), 1)
        self.assertIn(good, out)

    def test_broken_rules_file(self):
        rules = self.tmp.write("rules.toml", '[tags]\nx = = ["a"]\n')
        code, out, err = run_cli("summarize", str(EXAMPLES), "--tags", rules)
        self.assertEqual((code, out), (2, ""))
        self.assertEqual(err, f"paperlist: error: {rules}:2: error: Invalid value\n")

    def test_a_rules_file_saved_as_utf16_is_read_and_a_broken_one_named(self):
        text = 'mode = "extend"\n[tags]\nwidgets = ["data loading"]\n'
        expected = run_cli("summarize", str(EXAMPLES), "--tags", self.tmp.write("r8.toml", text))
        self.assertIn("widgets", expected[1])
        for codec in ("utf-8-sig", "utf-16", "utf-16-le", "utf-16-be"):  # as Windows editors save it
            with self.subTest(codec):
                self.assertEqual(run_cli("summarize", str(EXAMPLES), "--tags",
                                         self.tmp.write(f"r-{codec}.toml", text.encode(codec))), expected)
        for name, data, codec in (("bad8.toml", b"a = \xff", "UTF-8"), ("bad16.toml", b"\xff\xfeA", "UTF-16")):
            rules = self.tmp.write(name, data)
            self.assertEqual(run_cli("summarize", str(EXAMPLES), "--tags", rules),
                             (2, "", f"paperlist: error: {rules}: rules file is not valid {codec}\n"))

    def test_bad_decisions_file(self):
        bad = self.tmp.write("nd.txt", "# mine\nabc def\n")
        code, _, err = run_cli("dupes", str(EXAMPLES), "--not-duplicates", bad)
        self.assertEqual(code, 2)
        self.assertEqual(err, f"paperlist: error: {bad}:2: expected two 16-digit hex fingerprints, got 'abc def'\n")

    def test_not_duplicates_file_suppresses_pair(self):
        _, out, _ = run_cli("dupes", str(EXAMPLES), "--format", "json")
        group = next(g for g in json.loads(out)["groups"] if g["kind"] == "near")
        decisions = self.tmp.write("nd.txt", " ".join(m["fingerprint"] for m in group["members"]) + "  # checked\n")
        _, out, _ = run_cli("dupes", str(EXAMPLES), "--format", "json", "--not-duplicates", decisions)
        self.assertEqual([g["kind"] for g in json.loads(out)["groups"]], ["truncation", "exact", "exact"])  # decisions first

    def test_a_pair_of_title_only_records_named_as_earlier_versions_showed_them(self):
        # Two copies of one paper read by title: their shown fingerprints hold the year, first author and volume;
        # a file written before, naming the fingerprints of their words (before schema 4) or of their words, year
        # and first author (before schema 5), still keeps them apart.
        rows = ("title,author,year,volume\nSharing GPU clusters among research teams at universities,\"Lee, Ann\",2020,12\n"
                "Sharing GPU clusters among research teams at universitites,\"Lee, A.\",2020,12\n")
        path = self.tmp.write("two.csv", rows)
        groups = json.loads(run_cli("dupes", path, "--format", "json")[1])["groups"]
        self.assertEqual([len(g["members"]) for g in groups], [2])
        members = groups[0]["members"]
        shown = [m["fingerprint"] for m in members]
        words = [fingerprint(match_key(m["text"])) for m in members]
        no_volume = [fingerprint(text_identity(match_key(m["text"]), Record(m["text"], m["authors"], m["year"],
                                                                            title_only=True))) for m in members]
        self.assertEqual(len({*shown, *words, *no_volume}), 6)
        for pair in (shown, words, no_volume):
            with self.subTest(pair=pair):
                decisions = self.tmp.write("nd.txt", " ".join(pair) + "\n")
                out = run_cli("dupes", path, "--format", "json", "--not-duplicates", decisions)[1]
                self.assertEqual(json.loads(out)["groups"], [])

    def test_usage_errors(self):
        cases = [
            (("dupes", str(EXAMPLES), "--maybe", "0.9"), "paperlist: error: --maybe (0.9) must be below --threshold (0.5)\n"),
            (("triage", str(EXAMPLES), "--focus", "nonsense"),
             "paperlist: error: unknown tag 'nonsense' (list the tags with 'paperlist tags')\n"),
        ]
        for argv, message in cases:
            with self.subTest(argv):
                self.assertEqual(run_cli(*argv)[0::2], (2, message))
        # An option's error is one line, named after its command, and a pointer to that command's help.
        for argv, line in ((("dupes", str(EXAMPLES), "--threshold", "2"),
                            "paperlist dupes: error: argument --threshold: expected a number in (0, 1], got '2'"),
                           (("summarize", "--bogus", "x"), "paperlist summarize: error: unrecognized arguments: --bogus"),
                           (("summarize", str(EXAMPLES), "--format", "xml"),
                            "paperlist summarize: error: argument --format: invalid choice: 'xml' (choose from 'text', "
                            "'json', 'csv', 'markdown')"),
                           (("summarize", str(EXAMPLES), "--jobs", "0"),
                            "paperlist summarize: error: argument --jobs: expected a whole number >= 1, got '0'")):
            with self.subTest(argv):
                self.assertEqual(run_cli(*argv), (2, "", f"{line}\n(see '{line.split(': ')[0]} --help' for its options "
                                                         "and examples)\n"))
        self.assertEqual(run_cli("nonsense")[0], 2)
        self.assertEqual(run_cli()[0], 2)

    def test_stdin(self):
        code, out, _ = run_cli("export", "-", stdin=(HEADER + "from stdin…\n").encode())
        self.assertEqual(code, 0)
        self.assertEqual(json.loads(out)["path"], "<stdin>")

    def test_fuzz_never_raises(self):
        rng = random.Random(1234)
        pieces = ["Related papers: ", "…", "...", "\n", "\r\n", "\r", "\n\n", " ", "\t", "\u2028", "\x85", "\ufeff",
                  "GPU", "LLMs", "<b>", "&amp;", "—", "“", "word", "é", "\x00", "\x1b", "🙂"]
        for trial in range(150):
            kind = trial % 3
            if kind == 0:
                data = bytes(rng.randrange(256) for _ in range(rng.randint(0, 400)))
            elif kind == 1:
                data = "".join(chr(rng.choice([rng.randrange(32, 0x2FFF), rng.randrange(0x10000, 0x10FFFF)]))
                               for _ in range(rng.randint(0, 200))).encode("utf-8", "surrogatepass")
            else:
                data = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 120))).encode()
            path = self.tmp.write(f"f{trial}.txt", data)
            for command in ("summarize", "dupes", "triage"):
                with self.subTest(trial=trial, command=command):
                    code, out, err = run_cli(command, path, "--format", "json")
                    self.assertIn(code, (0, 2))
                    if out or code == 0:
                        json.loads(out)
                    else:  # a file skipped as binary: nothing to read is an error, with no document
                        self.assertTrue(err.endswith(f"paperlist: error: nothing to read in {path}: no list, alert "
                                                     "or reference export found\n"), err)
                    self.assertNotIn("Traceback", err)


class SubprocessTest(unittest.TestCase):
    def run_module(self, *argv, stdin=b""):
        return subprocess.run([sys.executable, "-m", "paperlist", *argv], input=stdin, capture_output=True,
                              cwd=ROOT, timeout=60)

    def test_version_and_help(self):
        result = self.run_module("--version")
        self.assertEqual((result.returncode, result.stdout), (0, b"paperlist 0.1.0\n"))
        for command in ("summarize", "dupes", "export", "triage", "tags"):
            with self.subTest(command):
                result = self.run_module(command, "--help")
                self.assertEqual(result.returncode, 0)
                self.assertIn(b"example:", result.stdout)

    def test_stdin_through_module(self):
        result = self.run_module("summarize", "-", "--format", "json", stdin=(HEADER + "a…\n\nb…\n").encode())
        self.assertEqual(result.returncode, 0)
        self.assertEqual(json.loads(result.stdout)["totals"]["snippets"], 2)

    def test_closed_pipe_is_quiet(self):
        proc = subprocess.Popen([sys.executable, "-m", "paperlist", "export", str(EXAMPLES), "--format", "jsonl"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
        proc.stdout.close()
        _, err = proc.communicate(timeout=60)
        self.assertNotIn(b"Traceback", err)
        self.assertEqual(proc.returncode, 0)


class DocsTest(unittest.TestCase):
    def test_ci_runs_the_readme_test_command(self):
        readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
        commands = [line for line in readme[:10] if line.startswith("python3 -m venv")]
        self.assertEqual(len(commands), 2)
        self.assertIn("paperlist summarize examples/", commands[0])
        ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
        self.assertIn(commands[1], ci.splitlines())

    def test_tags_output_is_a_valid_rules_file(self):
        code, out, _ = run_cli("tags")
        self.assertEqual(code, 0)
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        rules = tmp.write("mine.toml", out)
        self.assertEqual(run_cli("tags", "--tags", rules)[1], out)


class ProgressLineTest(unittest.TestCase):
    class Stream(io.StringIO):
        def __init__(self, tty):
            super().__init__()
            self.tty = tty

        def isatty(self):
            return self.tty

    def test_only_on_a_terminal_after_a_second(self):
        from paperlist.cli.main import ProgressLine
        quiet_pipe = self.Stream(tty=False)
        line = ProgressLine(quiet_pipe, enabled=True)
        line.start -= 5
        line(3, 300)
        line.finish()
        self.assertEqual(quiet_pipe.getvalue(), "")

        terminal = self.Stream(tty=True)
        line = ProgressLine(terminal, enabled=True)
        line(1, 10)
        self.assertEqual(terminal.getvalue(), "")
        line.start -= 2
        line(2, 200)
        self.assertRegex(terminal.getvalue(), r"^\r2 files, 200 snippets \([\d,]+/s\)\x1b\[K$")
        line.finish()
        self.assertTrue(terminal.getvalue().endswith("\r\x1b[K"))

        disabled = self.Stream(tty=True)
        line = ProgressLine(disabled, enabled=False)
        line.start -= 5
        line(1, 1)
        self.assertEqual(disabled.getvalue(), "")


class ParserTest(unittest.TestCase):
    """Only the named command's parser is built; what a user sees is the same as with all of them."""

    ALL = "summarize, dupes, export, triage, report, add, new, remove, mark, not-same, db, serve, simulate, tags"

    def test_a_wrong_command_lists_every_command(self):
        for argv, wrong, meant in ((["summ", "examples"], "summ", "summarize"), (["sumarize", "examples"], "sumarize",
                                   "summarize"), (["--", "summarize", "examples"], "--", None), ([""], "", None)):
            with self.subTest(argv=argv):
                code, out, err = run_cli(*argv)
                self.assertEqual((code, out), (2, ""))
                hint = f"; did you mean '{meant}'?" if meant else ""
                self.assertEqual(err, f"paperlist: error: unknown command {wrong!r}{hint} (commands: {self.ALL})\n"
                                      "(see 'paperlist --help' for its options and examples)\n")

    def test_no_command_prints_the_commands_and_exits_2(self):
        code, out, err = run_cli()
        self.assertEqual((code, out), (2, ""))
        self.assertIn("\n    remove    Take lists out of the collection (undo an add)", err)
        self.assertTrue(err.endswith("\npaperlist: error: no command given\n"), err)

    def test_every_help_fits_80_columns(self):
        from paperlist.cli.arguments import COMMANDS
        with mock.patch.dict(os.environ, {"COLUMNS": "80"}):
            for command in ("", *COMMANDS):
                with self.subTest(command=command):
                    code, out, _ = run_cli(*([command] if command else []), "--help")
                    self.assertEqual(code, 0)
                    self.assertEqual([line for line in out.splitlines() if len(line) > 80], [])

    def test_the_count_note_says_records_join_papers_too_where_lists_carry_records(self):
        text = run_cli("summarize", str(EXAMPLES), "--format", "markdown")[1]
        self.assertIn("_papers are snippets joined as exact, cut or near duplicates; tag counts", text)
        ris = ROOT / "tests" / "data" / "formats" / "refs.ris"
        text = run_cli("summarize", str(ris), "--format", "markdown")[1]
        self.assertIn("_papers are snippets joined as exact, cut or near duplicates, or by their records (DOI, title, "
                      "pages); tag counts", text)

    def test_summarise_is_summarize(self):
        self.assertEqual(run_cli("summarise", str(EXAMPLES)), run_cli("summarize", str(EXAMPLES)))

    def test_one_error_per_mistake_and_hints_that_help(self):
        self.assertEqual(run_cli("summarize", "nowhere.txt"),
                         (2, "", "paperlist: error: nowhere.txt: No such file or directory\n"))
        self.assertEqual(run_cli("triage", str(EXAMPLES), "--tag", "federated")[2],
                         "paperlist: error: unknown tag 'federated' (did you mean 'federated-learning'? list the tags "
                         "with 'paperlist tags')\n")
        near = str(EXAMPLES / "data-loding.txt")
        self.assertEqual(run_cli("summarize", near)[2], f"paperlist: error: {near}: No such file or directory (did you "
                                                        f"mean '{EXAMPLES / 'data-loading.txt'}'?)\n")
        self.assertIn("invalid choice: 'jsn'; did you mean 'json'? (choose from", run_cli("triage", "--format", "jsn")[2])
        code, out, err = run_cli("dupes", str(EXAMPLES), "--input-format", "bibtex")
        self.assertEqual((code, out), (2, ""))
        self.assertTrue(err.endswith("paperlist: error: --input-format bibtex read no entry in 4 files: are they in "
                                     "another format? (without --input-format each file's format is detected)\n"), err)

    def test_top_level_help_names_the_environment_the_commands_read(self):
        out = run_cli("--help")[1]
        self.assertIn("\nenvironment:\n  PAPERLIST_DB     the collection (default: ./paperlist.db)\n"
                      "  PAPERLIST_CACHE  where topics of 1,000 papers or more are kept between runs\n", out)
        self.assertEqual(cache.MIN_TEXTS, 1000)
        self.assertEqual(options.db_path(None, {}), "paperlist.db")

    def test_top_level_help_lists_every_command_with_its_purpose(self):
        from paperlist.cli.arguments import COMMANDS
        self.assertEqual(len(COMMANDS), 14)
        for argv in (["--help"], ["-h", "summarize"]):
            with self.subTest(argv=argv):
                code, out, _ = run_cli(*argv)
                self.assertEqual(code, 0)
                shown = " ".join(out.split())  # the same at any terminal width
                for name, (purpose, *_) in COMMANDS.items():
                    self.assertIn(f" {name} {purpose} ", shown)
