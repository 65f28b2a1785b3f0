"""Hostile inputs, built at run time: no traceback, exit 0 or 2, no raw control character, inputs untouched."""

import hashlib
import json
import os
import random
import signal
import subprocess
import sys
import time
import unittest
from pathlib import Path
from unittest import mock

from tests.helpers import EXAMPLES, ROOT, TempDir, run_cli

HEADER = "Related papers: Seed\n\n"
CASE_SECONDS = 20  # a hang guard for each case, not a benchmark (the cases take well under 10 s here)
RAW_CONTROL = [chr(c) for c in (*range(0, 9), 11, 12, *range(14, 32), *range(0x7F, 0xA0))] + ["\u202e"]


def run_module(*argv, stdin=b"", **options):
    streams = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    return subprocess.run([sys.executable, "-m", "paperlist", *argv], input=stdin, cwd=ROOT,
                          timeout=CASE_SECONDS, **{**streams, **options})


def digest(folder: Path) -> dict[str, str]:
    return {str(p): hashlib.sha1(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()}


class HostileCase(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)

    def assertSafe(self, code, out, err):
        self.assertIn(code, (0, 2), err)
        self.assertNotIn("Traceback", err)
        for stream in (out, err):
            self.assertEqual([c for c in stream if c in RAW_CONTROL], [])


class InjectionTest(HostileCase):
    def test_warnings_escape_file_names(self):
        self.tmp.write("\x1b]0;owned\x07.txt", "no header\n")
        code, out, err = run_cli("summarize", str(self.tmp.path))
        self.assertSafe(code, out, err)
        self.assertIn("\\x1b]0;owned\\x07.txt:1: warning: no 'Related papers:' header", err)

    def test_csv_formulas_are_neutralised_unless_raw(self):
        self.tmp.write("=cmd.txt", 'Related papers: =HYPERLINK("http://evil","x")\n\n@SUM(A1)…\n\n-2+3 words here…\n')
        out = run_cli("export", str(self.tmp.path), "--format", "csv")[1]
        rows = out.splitlines()[1:]
        self.assertTrue(all("'=HYPERLINK" in row and "'@SUM" in row or "'-2+3" in row for row in rows))
        raw = run_cli("export", str(self.tmp.path), "--format", "csv", "--csv-raw")[1]
        self.assertIn('"=HYPERLINK(""http://evil"",""x"")"', raw)
        self.assertNotIn("'=", raw)

    def test_markdown_file_names_cannot_break_out(self):
        self.tmp.write("a`<img src=x onerror=alert(1)>`\n# Heading\n- [x] done.txt", HEADER + "A snippet here…\n")
        for command in ("summarize", "dupes", "triage"):
            with self.subTest(command):
                code, out, err = run_cli(command, str(self.tmp.path), "--format", "markdown")
                self.assertSafe(code, out, err)
                self.assertNotRegex(out, r"(?<!\\)<img")
                self.assertFalse([line for line in out.splitlines() if line.startswith(("# Heading", "- [x]"))])

    def test_tags_with_del_round_trip(self):
        rules = self.tmp.write("r.toml", '[tags]\n"odd\\u007ftag" = ["a\\u007fb", "GPU"]\n')
        code, out, err = run_cli("tags", "--tags", rules)
        self.assertEqual(code, 0, err)
        again = self.tmp.write("again.toml", out)
        self.assertEqual(run_cli("tags", "--tags", again)[1], out)


class OutputNeverLostTest(HostileCase):
    def test_full_disk(self):
        with open("/dev/full", "w") as full:
            result = run_module("summarize", "examples", stdout=full, stderr=subprocess.PIPE)
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stderr, b"paperlist: error: writing output: No space left on device\n")

    def test_closed_or_failing_stderr_keeps_stdout(self):
        expected = run_module("summarize", "examples", "--format", "json").stdout
        for redirect in ("2>&-", "2>/dev/full"):
            with self.subTest(redirect):
                result = subprocess.run(f"{sys.executable} -m paperlist summarize examples --format json {redirect}",
                                        shell=True, capture_output=False, stdout=subprocess.PIPE, cwd=ROOT,
                                        timeout=CASE_SECONDS)
                self.assertEqual((result.returncode, result.stdout), (0, expected))

    def test_closed_stdout(self):
        result = subprocess.run(f"{sys.executable} -m paperlist summarize examples >&-", shell=True,
                                stderr=subprocess.PIPE, cwd=ROOT, timeout=CASE_SECONDS)
        self.assertEqual(result.returncode, 2)
        self.assertEqual(result.stderr, b"paperlist: error: writing output: standard output is closed\n")

    def test_non_utf8_file_name(self):
        name = os.fsdecode(b"caf\xe9-list.txt")
        self.tmp.write(name, HEADER + "A snippet from a file with a Latin-1 name…\n")
        text = run_module("triage", str(self.tmp.path), "--format", "text", env={**os.environ, "LANG": "C.UTF-8"})
        self.assertEqual(text.returncode, 0, text.stderr)
        self.assertIn(b"caf\\xe9-list.txt:3", text.stdout)
        data = run_module("export", str(self.tmp.path), "--format", "json")
        self.assertEqual(data.returncode, 0, data.stderr)
        path = json.loads(data.stdout)["snippets"][0]["path"]
        self.assertEqual(os.fsencode(path), os.fsencode(os.path.join(self.tmp.path, name)))


class BoundedTest(HostileCase):
    def test_deeply_nested_rules(self):
        rules = self.tmp.write("deep.toml", "[tags]\nx = " + "[" * 5000 + "]" * 5000 + "\n")
        code, out, err = run_cli("summarize", str(EXAMPLES), "--tags", rules)
        self.assertEqual((code, out), (2, ""))
        self.assertEqual(err, f"paperlist: error: {rules}: error: arrays or tables nested too deeply "
                              "(a rule is a list of strings under [tags])\n")

    def test_rules_nested_below_a_tag(self):
        rules = self.tmp.write("nested.toml", '[tags.x]\ny = ["a"]\n')
        code, _, err = run_cli("summarize", str(EXAMPLES), "--tags", rules)
        self.assertEqual((code, err), (2, f"paperlist: error: {rules}: error: tag 'x' must be a non-empty list of "
                                          "words or phrases\n"))

    def test_special_files_as_rules_and_decisions(self):
        fifo = self.tmp.path / "fifo"
        os.mkfifo(fifo)
        for option, path in (("--tags", fifo), ("--tags", "/dev/urandom"), ("--not-duplicates", "/dev/zero")):
            with self.subTest(option=option, path=path):
                code, out, err = run_cli("summarize", str(EXAMPLES), option, str(path))
                self.assertEqual((code, out, err), (2, "", f"paperlist: error: {path}: not a regular file\n"))

    def test_special_files_and_huge_stdin_as_lists(self):
        fifo = self.tmp.path / "fifo.txt"
        os.mkfifo(fifo)
        code, out, err = run_cli("summarize", str(fifo), "/dev/zero", str(EXAMPLES / "data-loading.txt"))
        self.assertEqual(code, 0)
        self.assertEqual(err, f"{fifo}: warning: not a regular file; skipped\n"
                              "/dev/zero: warning: not a regular file; skipped\n")
        with mock.patch("paperlist.inputs.files.MAX_BYTES", 1024 * 1024):  # the real cap, 64 MiB, is too big for a test
            code, out, err = run_cli("summarize", "-", stdin=b"x" * (1024 * 1024 + 1))
        self.assertEqual((code, out, err), (2, "", "<stdin>: warning: larger than 1 MiB; skipped\npaperlist: error: "
                                                   "nothing to read in -: no list, alert or reference export found\n"))

    def test_huge_line_in_decisions_is_not_echoed(self):
        decisions = self.tmp.write("nd.txt", "z" * 2_000_000 + "\n")
        code, _, err = run_cli("dupes", str(EXAMPLES), "--not-duplicates", decisions)
        self.assertEqual(code, 2)
        self.assertLess(len(err), 300)
        self.assertIn("expected two 16-digit hex fingerprints, got 'zzzz", err)

    def test_explain_on_huge_copies(self):
        words = [f"w{i % 997}" for i in range(70_000)]
        text = " ".join(words)
        self.tmp.write("big.txt", f"{HEADER}{text}\n\n{text} tail\n")
        code, out, err = run_cli("dupes", str(self.tmp.path), "--explain", "--format", "json")
        self.assertSafe(code, out, err)
        pair = json.loads(out)["groups"][0]["pairs"][0]
        self.assertTrue(pair["diff"].endswith("[diff of the first 2000 words only]"))

    def test_low_vocabulary_near_search_is_bounded_and_said(self):
        rng = random.Random(7)
        vocab = [f"v{i}" for i in range(20)]
        lines = [" ".join(rng.choice(vocab) for _ in range(40)) + "…" for _ in range(20_000)]
        self.tmp.write("low.txt", "Related papers: low\n" + "\n".join(lines) + "\n")
        code, out, err = run_cli("dupes", str(self.tmp.path), "--format", "json")
        self.assertSafe(code, out, err)
        self.assertIn("not fully compared for near duplicates", err)
        self.assertRegex(err, r"paperlist: warning: \d+ more snippets not fully compared for near duplicates\n$")
        doc = json.loads(out)
        self.assertGreater(len(doc["warnings"]), 1000)

    def test_long_rules_refused_and_many_rules_fast(self):
        long_rule = self.tmp.write("long.toml", '[tags]\nx = ["' + " ".join(["word"] * 10_000) + '"]\n')
        code, _, err = run_cli("summarize", str(EXAMPLES), "--tags", long_rule)
        self.assertEqual((code, err), (2, f"paperlist: error: {long_rule}:2: error: tag 'x' has a rule of 10000 "
                                          "words; a rule has at most 8\n"))
        many = self.tmp.write("many.toml", "[tags]\n" + "".join(f't{i} = ["alpha w{i}"]\n' for i in range(2000)))
        self.tmp.write("lists/a.txt", "Related papers: s\n" + "alpha w5 alpha w1999 alpha beta…\n" * 2000)
        code, out, err = run_cli("export", str(self.tmp.path / "lists"), "--tags", many, "--no-near")
        self.assertEqual(code, 0, err)
        self.assertEqual(json.loads(out.splitlines()[0])["tags"], ["t1999", "t5"])

    def test_absurd_jobs(self):
        expected = run_cli("summarize", str(EXAMPLES), "--format", "json")
        for jobs in ("1000", "99999999999999999999"):
            with self.subTest(jobs):
                self.assertEqual(run_cli("summarize", str(EXAMPLES), "--format", "json", "--jobs", jobs), expected)

    def test_sigterm_ends_the_workers(self):
        for n in range(40):
            self.tmp.write(f"l{n}.txt", HEADER + "\n\n".join(f"snippet {n} {k} " * 30 + "…" for k in range(2000)))
        child = subprocess.Popen([sys.executable, "-m", "paperlist", "summarize", str(self.tmp.path), "--jobs", "2"],
                                 cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + CASE_SECONDS
        workers: set[int] = set()
        while len(workers) < 2 and time.monotonic() < deadline and child.poll() is None:
            workers |= set(children_of(child.pid))
            time.sleep(0.02)
        self.assertGreaterEqual(len(workers), 2)
        child.send_signal(signal.SIGTERM)
        child.wait(timeout=CASE_SECONDS)
        while [pid for pid in workers if alive(pid)] and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertEqual([pid for pid in workers if alive(pid)], [])
        self.assertEqual(child.returncode, 143)


def children_of(parent: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    """A process that exists and is not a zombie."""
    try:
        return (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


class InputsUntouchedTest(HostileCase):
    def test_no_command_writes_to_its_inputs(self):
        self.tmp.write("a.txt", HEADER + "one…\n\ntwo…\n")
        before = digest(self.tmp.path)
        for command in ("summarize", "dupes", "triage", "export"):
            self.assertSafe(*run_cli(command, str(self.tmp.path)))
        self.assertEqual(digest(self.tmp.path), before)


class FuzzTest(HostileCase):
    """Seeded mutations of lists, rules files and decisions files: never a traceback."""

    def test_mutated_inputs(self):
        rng = random.Random(99)
        list_text = (EXAMPLES / "gpu-scheduling.txt").read_bytes()
        rules_text = b'mode = "extend"\n[tags]\nquantum = ["qubit", "quantum circuit", "QPU"]\n'
        decisions = b"# note\n3f9c2a81d04e6b57 a1b2c3d4e5f60718  # x\n"
        pieces = [b"\x00", b"\x1b[2J", b"\xff", b"[", b"]", b"\"", b"=", b"\n", b"\r", b"#", b"\xe2\x80\xa6", b"{{"]
        for trial in range(120):
            def mutate(data):
                data = bytearray(data)
                for _ in range(rng.randint(1, 6)):
                    at = rng.randrange(len(data) + 1)
                    if rng.random() < 0.5 and data:
                        del data[at:at + rng.randint(1, 8)]
                    else:
                        data[at:at] = rng.choice(pieces)
                return bytes(data)
            lists = self.tmp.write(f"t{trial}/list.txt", mutate(list_text))
            rules = self.tmp.write(f"t{trial}/rules.toml", mutate(rules_text))
            nd = self.tmp.write(f"t{trial}/nd.txt", mutate(decisions))
            command = rng.choice(["summarize", "triage", "export"])
            argv = [command, lists, "--tags", rules, "--not-duplicates", nd, "--format", "json"]
            with self.subTest(trial=trial, command=command):
                code, out, err = run_cli(*argv)
                self.assertSafe(code, out, err)
                if code == 0:
                    json.loads(out)
