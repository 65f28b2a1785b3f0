"""Paths -> decoded text: directories, stdin, encodings, binary detection (the only file I/O)."""

from __future__ import annotations

import fnmatch
import os
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from paperlist.model import Diagnostic

STDIN = "-"
STDIN_NAME = "<stdin>"
DEFAULT_PATTERN = "*.txt"
MAX_BYTES = 64 * 1024 * 1024

# Control characters other than tab, LF, VT, FF, CR and ESC: a text list has
# (almost) none of them, a binary file has many.
_CONTROL_BYTES = bytes(b for b in range(32) if b not in (9, 10, 11, 12, 13, 27))


@dataclass(frozen=True, slots=True)
class Source:
    """One input found on disk or stdin, decoded, or the reason it could not be."""

    path: str
    text: str | None
    warnings: tuple[Diagnostic, ...] = ()
    error: str | None = None


@dataclass(frozen=True, slots=True)
class Found:
    """One input to read, its short name (relative to the argument it came from), or why it cannot be read."""

    path: str
    name: str
    error: str | None = None


def find_files(paths: Iterable[str], pattern: str = DEFAULT_PATTERN) -> Iterator[Found]:
    """Every input once: files named, and matching files below directories, in argument order.

    Directories are walked in sorted order without recursion, hidden entries are
    skipped, a directory reached twice (a symlink loop) is not entered again and
    a file reached twice (named twice, or named and found in a directory) is read once.
    """
    seen_files: set[tuple[int, int]] = set()
    seen_dirs: set[tuple[int, int]] = set()
    for path in paths:
        if path == STDIN:
            yield Found(path, STDIN_NAME)
            continue
        try:
            info = os.stat(path)
        except OSError as exc:
            yield Found(path, path, exc.strerror or str(exc))
            continue
        if stat.S_ISDIR(info.st_mode):
            for found in _walk(path, pattern, seen_dirs):
                if found.error or _first_time(found.path, seen_files):
                    yield found
        elif _first_time(path, seen_files, info):
            yield Found(path, os.path.basename(path) or path)


def _first_time(path: str, seen: set[tuple[int, int]], info: os.stat_result | None = None) -> bool:
    try:
        info = info or os.stat(path)
    except OSError:
        return True
    key = (info.st_dev, info.st_ino)
    if key in seen:
        return False
    seen.add(key)
    return True


def _walk(root: str, pattern: str, seen: set[tuple[int, int]]) -> Iterator[Found]:
    """Depth-first in name order, with an explicit stack so that any depth of nesting is fine."""
    stack: list[Iterator[os.DirEntry[str]]] = []
    directory: str | None = root
    while directory is not None or stack:
        if directory is not None:
            try:
                info = os.stat(directory)
                if (info.st_dev, info.st_ino) not in seen:
                    seen.add((info.st_dev, info.st_ino))
                    stack.append(iter(sorted(os.scandir(directory), key=lambda entry: entry.name)))
            except OSError as exc:
                yield Found(directory, directory, f"cannot read directory: {exc.strerror or exc}")
            directory = None
            continue
        entry = next(stack[-1], None)
        if entry is None:
            stack.pop()
            continue
        if entry.name.startswith("."):
            continue
        try:
            if entry.is_dir():
                directory = entry.path
            elif entry.is_file() and fnmatch.fnmatch(entry.name, pattern):
                yield Found(entry.path, os.path.relpath(entry.path, root))
        except OSError:
            continue


def read_source(path: str, stdin: object | None = None) -> Source:
    """Read and decode one input; ``-`` reads the binary stream ``stdin``."""
    name = STDIN_NAME if path == STDIN else path
    try:
        if path == STDIN:
            data = stdin.read() if stdin is not None else b""  # type: ignore[attr-defined]
        else:
            with open(path, "rb") as handle:
                data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        return Source(name, None, error=exc.strerror or str(exc))
    if len(data) > MAX_BYTES:
        return Source(name, None, (Diagnostic(name, None, "larger than 64 MiB; skipped"),))
    return decode_bytes(data, name)


def _line_of(data: bytes, offset: int) -> int:
    head = data[:offset]
    return head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1


def decode_bytes(data: bytes, name: str) -> Source:
    """Decode UTF-8 (BOM optional) or UTF-16 with BOM; fall back to cp1252; skip binary."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return Source(name, data.decode("utf-16"))
        except UnicodeDecodeError:
            pass
    nul = data.find(b"\x00")
    if nul >= 0:
        message = "binary file (NUL byte); skipped"
        return Source(name, None, (Diagnostic(name, _line_of(data, nul), message),))
    sample = data[:65536]
    if sample and len(sample.translate(None, _CONTROL_BYTES)) < len(sample) * 0.9:
        return Source(name, None, (Diagnostic(name, None, "binary file (control bytes); skipped"),))
    try:
        return Source(name, data.decode("utf-8-sig"))
    except UnicodeDecodeError as exc:
        line = _line_of(data, exc.start)
        warning = Diagnostic(name, line, "not valid UTF-8; decoded as cp1252")
        return Source(name, data.decode("cp1252", errors="replace"), (warning,))
