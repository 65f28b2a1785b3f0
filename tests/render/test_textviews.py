"""Text views for people: fitted to the width, colour only where wanted, no raw control characters."""

import json
import os
import re
import unicodedata
import unittest
from unittest import mock

from paperlist.render.terminal import cell_width
from tests.helpers import EXAMPLES, ROOT, TempDir, run_cli
from tests.match.test_papers import write_collection

TEXT_VIEWS = [
    ("summarize", "--terms", "5"),
    ("dupes", "--explain"),
    ("dupes", "--sort", "similarity", "--maybe", "0.1"),
    ("triage", "--format", "text", "--focus", "accelerators"),
]
HOSTILE = "Evil\x1b]52;c;aGk=\x07 \x1b[2J\x9b31m \u202eoverride\x08\x7f end…"


def strings(document):
    """Every string inside a JSON document, keys included."""
    if isinstance(document, str):
        return [document]
    if isinstance(document, dict):
        return [s for k, v in document.items() for s in [k, *strings(v)]]
    if isinstance(document, list):
        return [s for item in document for s in strings(item)]
    return []


def run_at(width, *argv, env=None):
    with mock.patch.dict(os.environ, {"COLUMNS": str(width), **(env or {})}):
        return run_cli(*argv)


class WidthTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        write_collection(self.tmp)
        long_word = "https://example.org/" + "x" * 150
        title = "A Very Long Seed Title About Heterogeneous Accelerator Clusters That Goes On " * 3
        self.tmp.write("wide/漢字のリスト-with-a-rather-long-file-name.txt",
                       f"Related papers: {title}…\n\n{long_word} 大規模言語モデルの学習 " * 3 + "…\n")

    def test_no_line_exceeds_the_width(self):
        for width in (50, 80, 120):
            for argv in TEXT_VIEWS:
                for target in (str(EXAMPLES), str(self.tmp.path)):
                    with self.subTest(width=width, argv=argv, target=target):
                        code, out, err = run_at(width, argv[0], target, *argv[1:])
                        self.assertEqual(code, 0, err)
                        widest = max(cell_width(line) for line in out.splitlines())
                        self.assertLessEqual(widest, width)

    def test_triage_markdown_wraps_too(self):
        # Markdown keeps a word wider than the width whole (a link must not break), so only examples/ here.
        for width in (50, 80, 120):
            with self.subTest(width=width):
                out = run_at(width, "triage", str(EXAMPLES))[1]
                self.assertLessEqual(max(cell_width(line) for line in out.splitlines()), width)

    def test_lists_are_named_by_short_name_not_absolute_path(self):
        for argv in TEXT_VIEWS:
            with self.subTest(argv=argv):
                out = run_at(120, argv[0], str(self.tmp.path), *argv[1:])[1]
                self.assertNotIn(str(self.tmp.path), out)


class ColourTest(unittest.TestCase):
    def test_no_escape_codes_off_a_terminal_or_with_no_color(self):
        for argv in TEXT_VIEWS:
            with self.subTest(argv=argv):
                self.assertNotIn("\x1b", run_cli(argv[0], str(EXAMPLES), *argv[1:])[1])
                self.assertNotIn("\x1b", run_at(80, argv[0], str(EXAMPLES), *argv[1:], env={"NO_COLOR": "1"})[1])

    def test_color_always_colours_text(self):
        out = run_cli("dupes", str(EXAMPLES), "--explain", "--color", "always")[1]
        self.assertIn("\x1b[32m{+", out)  # an insertion, in green
        self.assertIn("\x1b[31m[-", out)  # a deletion, in red
        self.assertIn("\x1b[33mexact\x1b[0m", out)

    def test_color_always_is_refused_in_machine_formats(self):
        code, out, err = run_cli("dupes", str(EXAMPLES), "--color", "always", "--format", "json")
        self.assertEqual((code, out, err), (2, "", "paperlist: error: --color always only applies to --format "
                                                     "text, not json\n"))


class ControlCharacterTest(unittest.TestCase):
    def test_hostile_text_never_reaches_stdout_raw(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        tmp.write("evil\x1b[31m.txt", f"Related papers: {HOSTILE}\n\n{HOSTILE}\n\n{HOSTILE} again…\n")
        commands = {"summarize": ("text", "json", "csv", "markdown"), "dupes": ("text", "json", "csv", "markdown"),
                    "triage": ("markdown", "text", "json", "csv"), "export": ("jsonl", "json", "csv")}
        for command, formats in commands.items():
            for fmt in formats:
                with self.subTest(command=command, format=fmt):
                    code, out, err = run_cli(command, str(tmp.path), "--format", fmt, "--min-words", "2")
                    self.assertEqual(code, 0, err)
                    raw = [c for c in out if (ord(c) < 32 and c != "\n") or 0x7F <= ord(c) < 0xA0
                           or c in "\u202e\u2028"]
                    self.assertEqual(raw, [])
                    if fmt == "json":
                        self.assertIn(HOSTILE, strings(json.loads(out)))

    def test_link_targets_hold_no_invisible_characters(self):
        # A record's URL with a bidi override, a zero-width space and a BOM: in Markdown the target is text a reader
        # sees, and in the report's href, the address a click goes to; both percent-encode them.
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        path = tmp.write("u.ris", "TY  - JOUR\nTI  - Linked paper\nUR  - https://example.org/a\u202eb\u200bc\ufeffd\n"
                                  "PY  - 2020\nER  - \n")
        out = run_cli("triage", path, "--format", "markdown")[1]
        self.assertIn("(https://example.org/a%E2%80%AEb%E2%80%8Bc%EF%BB%BFd)", out)
        html_path = str(tmp.path / "u.html")
        run_cli("report", path, "-o", html_path)
        with open(html_path, encoding="utf-8") as handle:
            report = handle.read()
        self.assertIn('href="https://example.org/a%E2%80%AEb%E2%80%8Bc%EF%BB%BFd"', report)
        self.assertNotIn("\u202e", report)

    def test_a_large_json_document_is_whole_and_escaped_across_its_pieces(self):
        from paperlist.render.textfmt import JSON_PIECE, to_json
        doc = {"groups": [{"id": n, "text": f"{n} \u202eoverride\u2028 end", "ok": n % 2 == 0} for n in range(4000)],
               "total": 4000}
        out = to_json(doc)
        self.assertGreater(len(out), 3 * JSON_PIECE)
        expected = json.dumps(doc, ensure_ascii=False, indent=2).replace("\u202e", "\\u202e").replace("\u2028", "\\u2028")
        self.assertEqual(out, expected + "\n")
        self.assertEqual(json.loads(out), doc)

    def test_printable_text_holds_nothing_to_escape(self):
        # terminal_safe returns printable text untouched: every character it escapes must be non-printable.

        from paperlist.match.normalize import KEPT_FORMAT
        from paperlist.match.normalize import UNSAFE_RE as _UNSAFE_RE
        from paperlist.render.terminal import terminal_safe
        every = "".join(map(chr, range(0x110000)))
        escaped = {m.group() for m in _UNSAFE_RE.finditer(every)}
        # Every control, format character, line or paragraph separator and lone surrogate of Unicode ...
        wanted = {c for c in every if unicodedata.category(c) in ("Cc", "Cf", "Zl", "Zp", "Cs")}
        self.assertEqual(wanted - escaped, set(KEPT_FORMAT))  # a script's soft hyphen, ZWNJ and ZWJ stay
        # ... and nothing printable (the rest of the pattern is code points this Python's Unicode leaves unassigned).
        self.assertEqual([c for c in escaped if c.isprintable() or c == "\xa0"], [])  # the no-break space too
        self.assertEqual({unicodedata.category(c) for c in escaped - wanted} - {"Cn"}, set())
        self.assertEqual(terminal_safe("a\u2028b\udcff"), "a\\u2028b\\xff")
        self.assertEqual(terminal_safe("tag\xa02"), "tag\xa02")
        self.assertEqual(terminal_safe("tag\xa02\x1b[2J"), "tag\xa02\\x1b[2J")

    def test_text_view_shows_escapes(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        tmp.write("a.txt", f"Related papers: Seed\n\n{HOSTILE}\n")
        out = run_cli("triage", str(tmp.path), "--format", "text")[1]
        self.assertIn("Evil\\x1b]52;c;aGk=\\x07 \\x1b[2J\\x9b31m \\u202eoverride\\x08\\x7f end…", out)


FORMATS = {"summarize": ("text", "json", "csv", "markdown"), "dupes": ("text", "json", "csv", "markdown"),
           "triage": ("markdown", "text", "json", "csv"), "export": ("jsonl", "json", "csv")}
GROUPING = [("--no-near",), ("--threshold", "0.9"), ("--min-words", "30", "--no-near"), ("--not-duplicates", "{decisions}")]
OPTIONS = {
    "summarize": GROUPING + [("--terms", "5"), ("--tags", "{rules}"), ("--glob", "data-*")],
    "dupes": GROUPING + [("--maybe", "0.5", "--threshold", "0.9"), ("--kind", "exact"), ("--sort", "similarity"), ("--cross-list",),
                         ("--explain",), ("--glob", "*-*ing.txt")],
    "triage": GROUPING + [("--focus", "accelerators"), ("--tag", "memory"), ("--exclude-tag", "memory"),
                          ("--min-lists", "2"), ("--top", "3"), ("--tags", "{rules}")],
    "export": GROUPING + [("--tags", "{rules}"), ("--glob", "data-*")],
}
REFUSED = {("summarize", "--terms", "csv"): "paperlist: error: --terms is not available with --format csv "
                                            "(use json, markdown or text)\n"}


class OptionsDoWhatTheySayTest(unittest.TestCase):
    """Every option changes the output in every format of its command, or is refused (exit 2)."""

    def test_every_option_in_every_format(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        near = json.loads(run_cli("dupes", str(EXAMPLES), "--format", "json")[1])["groups"]
        pair = next(g for g in near if g["kind"] == "near")["members"]
        values = {"{decisions}": tmp.write("nd.txt", f"{pair[0]['fingerprint']} {pair[1]['fingerprint']}\n"),
                  "{rules}": tmp.write("rules.toml", 'mode = "extend"\n[tags]\nmemory = ["training"]\n')}
        for command, options in OPTIONS.items():
            for fmt in FORMATS[command]:
                baseline = run_cli(command, str(EXAMPLES), "--format", fmt)
                for option in options:
                    argv = [values.get(a, a) for a in option]
                    with self.subTest(command=command, format=fmt, option=option[0]):
                        code, out, err = run_cli(command, str(EXAMPLES), "--format", fmt, *argv)
                        refused = REFUSED.get((command, option[0], fmt))
                        if refused:
                            self.assertEqual((code, out, err), (2, "", refused))
                        else:
                            self.assertEqual(code, 0, err)
                            self.assertNotEqual(out, baseline[1])

    def test_csv_raw_only_with_csv(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        formula = "=1+2 starts like a formula and goes on for a dozen words or so…"
        tmp.write("f.txt", f'Related papers: =HYPERLINK("http://x")\n\n{formula}\n\n{formula}\n')
        for command, formats in FORMATS.items():
            for fmt in formats:
                with self.subTest(command=command, format=fmt):
                    code, out, err = run_cli(command, str(tmp.path), "--format", fmt, "--csv-raw")
                    if fmt == "csv":
                        self.assertEqual(code, 0)
                        self.assertNotEqual(out, run_cli(command, str(tmp.path), "--format", fmt)[1])
                    else:
                        self.assertEqual((code, out, err), (2, "", f"paperlist: error: --csv-raw only applies to "
                                                                    f"--format csv, not {fmt}\n"))


class DupesOrderTest(unittest.TestCase):
    def test_decisions_first_numbered_as_shown_exact_copies_in_brief(self):
        with mock.patch.dict(os.environ, {"COLUMNS": "80"}):
            out = run_cli("dupes", str(EXAMPLES))[1]
            full = run_cli("dupes", str(EXAMPLES), "--all")[1]
        sections = [line for line in out.splitlines() if re.match(r"^[A-Z][a-z-]+ .*\(\d+\)$", line)]
        self.assertEqual(sections, ["Re-worded (1)", "Cut at another length (1)", "Exact copies (2)"])
        self.assertEqual(re.findall(r"^\[(\d+)\]", out, re.M), ["1", "2", "3", "4"])
        self.assertIn("[3] 2 copies: gpu-scheduling.txt:3, pipeline-parallel.txt:6 · Shared GPU", out)
        self.assertNotIn("[3] exact", out)
        self.assertIn("[3] exact 1.00 · 2 copies in 2 lists", full)
        for width in (50, 120):
            with self.subTest(width=width), mock.patch.dict(os.environ, {"COLUMNS": str(width)}):
                lines = run_cli("dupes", str(EXAMPLES))[1].splitlines()
                self.assertLessEqual(max(len(line) for line in lines), width)


class ManyListsTest(unittest.TestCase):
    """A paper in many lists: its text comes first, the lists as a count and the first few, at every width."""

    def test_a_paper_in_twelve_lists(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        shared = "Fuzzing compilers with grammars finds bugs that hand-written test programs miss for years…"
        words = "graphs caches kernels queues tensors shards routers schedulers drivers locks logs rings".split()
        for n in range(12):
            own = " ".join(words[(n + k * 5) % 12] for k in range(12))
            tmp.write(f"alert_{n:02d}.txt", f"Related papers: A long seed title of alert number {n} about testing "
                      f"code with large language models\n\n{shared}\n\nOnly alert {n} holds this: {own}…\n")
        for width in (50, 80, 120):
            with self.subTest(width=width), mock.patch.dict(os.environ, {"COLUMNS": str(width)}):
                for command in ("triage", "summarize", "dupes"):
                    code, out, err = run_cli(command, str(tmp.path))
                    self.assertEqual((code, err), (0, ""))
                    self.assertLessEqual(max(cell_width(line) for line in out.splitlines()), width, command)
                triage = " ".join(run_cli("triage", str(tmp.path), "--top", "1")[1].split())
                self.assertIn("and 9 more (12 in all)", triage)
                self.assertIn("lists: A long seed title of alert number 0", triage)
                overlap = run_cli("summarize", str(tmp.path))[1].split("Overlap")[1]
                self.assertIn("A long seed title of alert n", overlap)  # lists named by their seed titles
                self.assertNotIn("alert_00.txt", overlap)


class EveryFixtureTest(unittest.TestCase):
    """Every view of every export and list format the suite keeps: an answer, never an internal error."""

    def test_every_view_of_every_fixture_file(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        fixtures = sorted(p for folder in ("formats", "exports") for p in (ROOT / "tests" / "data" / folder).iterdir()
                          if p.suffix != ".py")
        views = [(c, "--format", f) for c, formats in FORMATS.items() for f in formats]
        views += [("triage", "--format", "ris"), ("triage", "--format", "bibtex"), ("export", "--format", "ris"),
                  ("export", "--format", "bibtex"), ("triage", "--explain"), ("dupes", "--explain"),
                  ("report", "-o", str(tmp.path / "r.html"))]
        self.assertGreaterEqual(len(fixtures), 12)  # every fixture the suite keeps, none skipped
        for path in fixtures:
            for view in views:
                with self.subTest(path=path.name, view=" ".join(view[:3])):
                    code, out, err = run_cli(view[0], str(path), *view[1:])
                    self.assertNotIn("internal error", err)
                    self.assertEqual(code, 0, err)
                    self.assertTrue(out or view[0] == "report")

    def test_a_record_with_no_title_is_shown_by_the_text_it_was_read_by(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        bib = tmp.write("refs.bib", "@book{nofields2020, year = 2020}\n@misc{t, title = {A Paper Known by Its Title}}\n")
        code, out, err = run_cli("triage", bib, "--color", "never")
        self.assertEqual(code, 0, err)
        self.assertIn("\n\n1. [nofields2020]\n   lists: refs\n", out)
        self.assertIn("\n\n2. A Paper Known by Its Title\n   lists: refs\n", out)
        code, _, err = run_cli("report", bib, "-o", str(tmp.path / "r.html"))
        self.assertEqual(code, 0, err)
        page = (tmp.path / "r.html").read_text(encoding="utf-8")
        self.assertIn('"text": "[nofields2020]", "title": null, "byline": null, "abstract": true', page)


class JsonPiecesTest(unittest.TestCase):
    def test_items_encoded_in_pieces_make_the_same_text_as_the_whole_document(self):
        from paperlist.render.textfmt import (
            JSON_ITEMS_AT_ONCE,
            json_pieces_of_items,
            to_json,
        )
        rest = {"totals": {"n": 1, "by": {}}, "warnings": []}
        item = {"id": 1, "text": "caf\u00e9 \u2026 \u202e \U0001f600", "empty": {}, "list": [], "nested": [{"a": [1, 2.5]}],
                "flag": True, "none": None}
        for count in (0, 1, 2, JSON_ITEMS_AT_ONCE, JSON_ITEMS_AT_ONCE + 1, 2 * JSON_ITEMS_AT_ONCE + 7):
            with self.subTest(count=count):
                items = [{**item, "id": n} if n % 3 else {} for n in range(count)]
                pieces = json_pieces_of_items("groups", iter(items), rest)
                self.assertEqual("".join(pieces), to_json({"groups": items, **rest}))
                self.assertEqual(len(pieces), count + 3)  # the head, an item each, the end of the array, the rest
