"""Command line: wiring the stages, streams and exit codes (the grammar is in ``arguments``)."""

from __future__ import annotations

import argparse
import contextlib
import gc
import io
import os
import sys
import time
from collections.abc import Mapping, Sequence
from typing import TextIO

from paperlist.cli.arguments import build_parser, spelled, terminal_columns
from paperlist.cli.cache import TopicsCache, cache_directory
from paperlist.cli.commands import run
from paperlist.cli.errors import EXIT_ERROR, EXIT_INTERRUPTED, EXIT_OK, UsageError
from paperlist.cli.options import options_from
from paperlist.cli.pipeline import Context
from paperlist.cli.writing import write_whole
from paperlist.collection.errors import StoreError
from paperlist.render.terminal import terminal_safe
from paperlist.render.textfmt import Output, Style, pieces_of

MIN_WIDTH = 20
OUTPUT_CHUNK = 64 * 1024


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


def _style(args: argparse.Namespace, stdout: TextIO, environ: Mapping[str, str]) -> Style:
    """Widths from COLUMNS, else the terminal (stdout's, and stderr's for notes), else 80; colour only where the
    user wants and sees it."""
    width = max(MIN_WIDTH, terminal_columns(environ))
    choice = getattr(args, "color", "never")
    wanted = choice == "always" or (choice == "auto" and not environ.get("NO_COLOR")
                                    and environ.get("TERM") != "dumb" and _isatty(stdout))
    return Style(width, wanted and getattr(args, "format", "") == "text", getattr(args, "csv_raw", False),
                 max(MIN_WIDTH, terminal_columns(environ, sys.__stderr__)))


def _isatty(stream: object) -> bool:
    try:
        return bool(stream.isatty())  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        return False


class _Diagnostics:
    """stderr that never fails the run: when it is closed or full, messages are lost but never the output."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        try:
            self.stream.write(text)  # type: ignore[union-attr]
        except (AttributeError, OSError, ValueError):
            pass
        return len(text)

    def flush(self) -> None:
        try:
            self.stream.flush()  # type: ignore[union-attr]
        except (AttributeError, OSError, ValueError):
            pass

    def isatty(self) -> bool:
        return _isatty(self.stream)


def write_output(stdout: TextIO | None, text: Output) -> str | None:
    """Write the whole report (or its pieces) in chunks and flush; return the reason it could not be written, if
    any."""
    if stdout is None:
        return "standard output is closed"
    try:
        for piece in pieces_of(text):
            for start in range(0, len(piece), OUTPUT_CHUNK):
                stdout.write(piece[start:start + OUTPUT_CHUNK])
        stdout.flush()
    except BrokenPipeError:
        raise
    except (OSError, ValueError) as exc:
        return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return None


def _write_file(path: str, text: Output, status: int, diagnostics: _Diagnostics) -> int:
    """Write the report file whole and say so on stderr."""
    problem = write_whole(path, text)
    if problem is not None:
        diagnostics.write(f"paperlist: error: writing {terminal_safe(path)}: {problem}\n")
        return EXIT_ERROR
    size = sum(len(piece.encode("utf-8")) for piece in pieces_of(text))
    diagnostics.write(f"wrote {terminal_safe(path)} ({size // 1024} KB)\n")
    return status


def _silence_stdout() -> None:
    """Point stdout at /dev/null so that the interpreter's final flush cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (AttributeError, OSError, ValueError):
        pass


def _tolerant_encoding() -> None:
    """Text that the locale cannot encode is written as backslash escapes, never a traceback."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.reconfigure(errors="backslashreplace")  # type: ignore[union-attr]
        except (AttributeError, OSError, ValueError):
            pass


def main(argv: Sequence[str] | None = None, stdin=None, stdout: TextIO | None = None,
         stderr: TextIO | None = None) -> int:
    """Run paperlist with ``argv`` (default: the process's arguments); returns the exit code."""
    if stdout is None and stderr is None:
        _tolerant_encoding()
        stdout = sys.stdout
    diagnostics = _Diagnostics(stderr if stderr is not None else sys.stderr)
    try:
        if argv is None:
            argv = sys.argv[1:]
        argv = spelled(argv)
        printed = io.StringIO()  # --help and --version: written below, where a failed write is an error
        try:
            with contextlib.redirect_stdout(printed):
                args = build_parser(argv).parse_args(argv)
        except SystemExit:
            problem = write_output(stdout, printed.getvalue())
            if problem is not None:
                diagnostics.write(f"paperlist: error: writing output: {problem}\n")
                _silence_stdout()
                return EXIT_ERROR
            raise
        options = options_from(args, os.environ)
        if stdin is None:
            stdin = sys.stdin.buffer if sys.stdin is not None else None
        progress = ProgressLine(diagnostics, not vars(args).get("quiet", True))  # type: ignore[arg-type]
        context = Context(stdin, diagnostics, progress, _style(args, stdout, os.environ), progress.finish,  # type: ignore[arg-type]
                          TopicsCache(cache_directory(os.environ)))
        # A run builds millions of small acyclic objects; the cycle collector's repeated
        # passes over them cost about a quarter of the time at 100k snippets.
        collecting = gc.isenabled()
        gc.disable()
        try:
            status, output = run(options, context)
        finally:
            if collecting:
                gc.enable()
        destination = vars(args).get("output", "-")
        if destination != "-":
            return _write_file(destination, output, status, diagnostics)
        problem = write_output(stdout, output)
        if problem is not None:
            diagnostics.write(f"paperlist: error: writing output: {problem}\n")
            _silence_stdout()
            return EXIT_ERROR
        return status
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_ERROR
    except (UsageError, StoreError) as exc:
        if str(exc):  # an empty one: the errors were said already, one per input
            diagnostics.write(f"paperlist: error: {terminal_safe(str(exc))}\n")
        return EXIT_ERROR
    except KeyboardInterrupt:
        diagnostics.write("\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        _silence_stdout()
        return EXIT_OK
    except (MemoryError, RecursionError) as exc:
        diagnostics.write(f"paperlist: error: out of resources ({type(exc).__name__}); try fewer or smaller inputs\n")
        return EXIT_ERROR
    except Exception as exc:  # noqa: BLE001 - a bug must still end in one line and exit 2, never a traceback
        diagnostics.write(f"paperlist: error: internal error, please report it: {type(exc).__name__}: "
                          f"{terminal_safe(str(exc))[:200]}\n")
        return EXIT_ERROR
