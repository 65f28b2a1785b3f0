"""Command line: argparse, wiring the stages, streams and exit codes."""

from __future__ import annotations

import argparse
import gc
import os
import shutil
import sys
import time
from collections.abc import Sequence
from typing import TextIO

from paperlist import __version__

from paperlist.commands import EXIT_ERROR, EXIT_INTERRUPTED, EXIT_OK, UsageError, run

SUMMARY_FORMATS = ("text", "json", "csv", "markdown")
DUPES_FORMATS = ("text", "json", "csv", "markdown")
EXPORT_FORMATS = ("jsonl", "json", "csv")
TRIAGE_FORMATS = ("markdown", "text", "json", "csv")

EPILOG_EXIT = "exit codes: 0 success, 1 duplicates found (dupes --exit-code only), 2 usage or input error, 130 interrupted"


class ProgressLine:
    """One updating line on stderr, only on a terminal and only after the first second."""

    def __init__(self, stream: TextIO, enabled: bool) -> None:
        self.stream, self.enabled = stream, enabled and stream.isatty()
        self.start = time.monotonic()
        self.last = float("-inf")
        self.shown = False

    def __call__(self, files: int, snippets: int) -> None:
        now = time.monotonic()
        elapsed = now - self.start
        # Nothing in the first second; then at most ten updates a second.
        if not self.enabled or elapsed < 1.0 or now - self.last < 0.1:
            return
        self.last = now
        rate = snippets / elapsed if elapsed else 0.0
        self.stream.write(f"\r{files} files, {snippets} snippets ({rate:,.0f}/s)\x1b[K")
        self.stream.flush()
        self.shown = True

    def finish(self) -> None:
        """Clear the line before the report is written."""
        if self.shown:
            self.stream.write("\r\x1b[K")
            self.stream.flush()


def _probability(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number in (0, 1], got {text!r}") from None
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"expected a number in (0, 1], got {text!r}")
    return value


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text!r}")
    return int(text)


def _count(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, got {text!r}")
    return int(text)


def _tag_list(text: str) -> list[str]:
    return [tag.strip() for tag in text.split(",") if tag.strip()]


def _common_options() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("paths", nargs="+", metavar="PATH",
                        help="list files, directories (searched recursively) or - for stdin")
    common.add_argument("--glob", default="*.txt", metavar="PATTERN",
                        help="file names to read inside directories (default: %(default)s)")
    common.add_argument("--tags", metavar="FILE", help="TOML tag rules file (see 'paperlist tags')")
    common.add_argument("--strict", action="store_true", help="treat warnings as errors (exit 2)")
    common.add_argument("--jobs", type=_positive, default=1, metavar="N",
                        help="read, parse and tag files in N processes (default: 1)")
    common.add_argument("--quiet", "-q", action="store_true", help="no progress line on stderr")
    return common


def _add_command(sub, name: str, purpose: str, example: str, parents) -> argparse.ArgumentParser:
    return sub.add_parser(name, parents=parents, help=purpose, description=purpose,
                          epilog=f"example:\n  {example}\n\n{EPILOG_EXIT}",
                          formatter_class=argparse.RawDescriptionHelpFormatter)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every command."""
    parser = argparse.ArgumentParser(
        prog="paperlist", description="Triage 'related papers' reading lists: summarise, find duplicates, merge.",
        epilog="example:\n  paperlist summarize examples/\n  paperlist dupes examples/ --explain\n\n" + EPILOG_EXIT,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--version", action="version", version=f"paperlist {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    common = [_common_options()]

    p = _add_command(sub, "summarize", "Count snippets, truncations, tags and overlap per list and overall.",
                     "paperlist summarize examples/ --terms 10", common)
    p.add_argument("--format", choices=SUMMARY_FORMATS, default="text", help="output format (default: text)")
    p.add_argument("--terms", type=_count, default=0, metavar="N", help="also list the N most frequent multi-word terms")

    p = _add_command(sub, "dupes", "Find the same paper seen twice: exact, cut at another length, or re-worded.",
                     "paperlist dupes examples/ --cross-list --explain", common)
    p.add_argument("--format", choices=DUPES_FORMATS, default="text", help="output format (default: text)")
    p.add_argument("--threshold", type=_probability, default=None, metavar="T",
                   help="near-duplicate bigram Jaccard threshold (default: 0.5)")
    p.add_argument("--maybe", type=_probability, metavar="T", help="also report 'maybe' pairs scoring from T up to --threshold")
    p.add_argument("--no-near", action="store_true", help="only exact and truncation duplicates")
    p.add_argument("--min-words", type=_positive, default=None, metavar="N",
                   help="shortest cut, in words, that counts as a truncation duplicate (default: 10)")
    p.add_argument("--cross-list", action="store_true", help="only groups spanning two or more lists")
    p.add_argument("--explain", action="store_true", help="show a word-level diff for every pair")
    p.add_argument("--not-duplicates", metavar="FILE", help="pairs of fingerprints confirmed to be different papers")
    p.add_argument("--exit-code", action="store_true", help="exit 1 when a confident duplicate group is found")

    p = _add_command(sub, "export", "Write one record per snippet with its list, place, text and tags.",
                     "paperlist export examples/ --format csv > snippets.csv", common)
    p.add_argument("--format", choices=EXPORT_FORMATS, default="jsonl", help="output format (default: jsonl)")

    p = _add_command(sub, "triage", "Merge all lists into one de-duplicated reading list, most central first.",
                     "paperlist triage examples/ --focus federated-learning --top 10", common)
    p.add_argument("--format", choices=TRIAGE_FORMATS, default="markdown", help="output format (default: markdown)")
    p.add_argument("--focus", type=_tag_list, default=[], metavar="TAG,TAG", help="rank papers with these tags first")
    p.add_argument("--tag", type=_tag_list, action="extend", default=[], metavar="TAG", help="keep only papers with this tag")
    p.add_argument("--exclude-tag", type=_tag_list, action="extend", default=[], metavar="TAG", help="drop papers with this tag")
    p.add_argument("--min-lists", type=_positive, default=1, metavar="K", help="keep papers found in at least K lists")
    p.add_argument("--top", type=_positive, metavar="N", help="keep the first N papers")
    p.add_argument("--merge-near", action="store_true", help="also merge near duplicates (re-worded copies)")

    p = sub.add_parser("tags", help="Print the active tag rules as a TOML rules file.",
                       description="Print the active tag rules as a TOML rules file.",
                       epilog="example:\n  paperlist tags > mytags.toml\n  paperlist summarize examples/ --tags mytags.toml",
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--tags", metavar="FILE", help="TOML tag rules file to start from")
    return parser


def main(argv: Sequence[str] | None = None, stdin=None, stdout: TextIO | None = None,
         stderr: TextIO | None = None) -> int:
    """Run paperlist; returns the exit code."""
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr
    try:
        args = build_parser().parse_args(argv)
        if stdin is None:
            stdin = sys.stdin.buffer if sys.stdin is not None else None
        # A run builds millions of small acyclic objects; the cycle collector's repeated
        # passes over them cost about a quarter of the time at 100k snippets.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return run(args, stdin, stdout, stderr, ProgressLine(stderr, not getattr(args, "quiet", True)),
                       shutil.get_terminal_size((80, 24)).columns)
        finally:
            if collecting:
                gc.enable()
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_ERROR
    except UsageError as exc:
        stderr.write(f"paperlist: error: {exc}\n")
        return EXIT_ERROR
    except KeyboardInterrupt:
        stderr.write("\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return EXIT_OK
