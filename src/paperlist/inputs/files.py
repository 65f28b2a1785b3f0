"""Paths -> decoded text: directories, stdin, encodings, binary detection (the only file I/O)."""

from __future__ import annotations

import difflib
import fnmatch
import os
import stat
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from paperlist.model import Diagnostic
from paperlist.readers.detect import detect, format_by_name, unicode_codec
from paperlist.readers.mbox import is_separator, unescape_from

STDIN = "-"
STDIN_NAME = "<stdin>"
MAX_BYTES = 64 * 1024 * 1024
# Mailbox exports (Thunderbird folders, Google Takeout) and reference libraries are
# larger than any list; their markup shrinks to far less text than they hold.
MAX_ARCHIVE_BYTES = 1024 * 1024 * 1024
READ_PIECE = 1 << 20  # bytes asked of a stream at a time
ARCHIVE_FORMATS = ("mbox", "email", "bibtex", "ris", "wos", "medline", "endnote", "enw", "csv", "tsv", "jsonl", "json")


def size_limit(path: str) -> int:
    """How many bytes an input may hold: MAX_ARCHIVE_BYTES for mailboxes and reference exports."""
    return MAX_ARCHIVE_BYTES if format_by_name(path) in ARCHIVE_FORMATS else MAX_BYTES


def _size_text(limit: int) -> str:
    return f"{limit // (1024 * 1024 * 1024)} GiB" if limit >= 1024 ** 3 else f"{limit // (1024 * 1024)} MiB"

# Control characters other than tab, LF, VT, FF, CR and ESC: a text list has
# (almost) none of them, a binary file has many.
_CONTROL_BYTES = bytes(b for b in range(32) if b not in (9, 10, 11, 12, 13, 27))
_CONTROL_CHARACTERS = dict.fromkeys(_CONTROL_BYTES)  # str.translate deletes them


class Source(NamedTuple):
    """One input found on disk or stdin, decoded, or the reason it could not be."""

    path: str
    text: str | None
    warnings: tuple[Diagnostic, ...] = ()
    error: str | None = None
    data: bytes | None = None


class Found(NamedTuple):
    """One input to read, its short name (relative to the argument it came from), or why it cannot be read."""

    path: str
    name: str
    error: str | None = None
    unknown: bool = False
    root: str = ""


def find_files(paths: Iterable[str], pattern: str | None = None) -> Iterator[Found]:
    """Every input once: files named, and matching files below directories, in argument order.

    Directories are walked in sorted order without recursion, hidden entries are
    skipped, a directory reached twice (a symlink loop) is not entered again and
    a file reached twice (named twice, or named and found in a directory) is read once.
    Inside directories, files match ``pattern`` or, without one, have the
    extension of a supported format (or, with none, start like an mbox or an
    e-mail); other files are yielded with ``unknown`` set, to be counted.
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
            yield Found(path, path, (exc.strerror or str(exc)) + _did_you_mean(path))
            continue
        if stat.S_ISDIR(info.st_mode):
            for found in _walk(path, pattern, seen_dirs):
                if found.error or found.unknown or _first_time(found.path, seen_files):
                    yield found
        elif _first_time(path, seen_files, info):
            yield Found(path, os.path.basename(path) or path)


def _did_you_mean(path: str) -> str:
    """A file or folder beside a missing path whose name is one or two letters off, as a hint."""
    folder, name = os.path.split(path.rstrip(os.sep)) if path.rstrip(os.sep) else ("", path)
    try:
        entries = [e for e in os.listdir(folder or ".") if not e.startswith(".")][:10_000]
    except OSError:
        return ""
    close = difflib.get_close_matches(name, entries, 1, 0.8)
    return f" (did you mean '{os.path.join(folder, close[0])}'?)" if close else ""


def _supported(path: str) -> bool:
    named = format_by_name(path)
    if named == "json":  # a folder often holds paperlist's own reports (summarize --format json): named, not walked
        return False
    if named:
        return True
    if os.path.splitext(path)[1]:
        return False
    try:  # Thunderbird keeps each folder as an mbox file without an extension
        with open(path, "rb") as handle:
            return detect(path, handle.read(4096)) in ("mbox", "email")
    except OSError:
        return False


def _matches(name: str, pattern: str) -> bool:
    return fnmatch.fnmatch(name, pattern)


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
            elif entry.is_file():
                if pattern:  # the user chose the files: the others are not reported
                    if _matches(entry.name, pattern):
                        yield Found(entry.path, os.path.relpath(entry.path, root), root=root)
                    continue
                yield Found(entry.path, os.path.relpath(entry.path, root), unknown=not _supported(entry.path),
                            root=root)
        except OSError:
            continue


class InputError(Exception):
    """An input that cannot be read at all (missing, not a regular file, too large)."""


def is_mailbox(path: str) -> bool:
    """An mbox by its extension, or (Thunderbird keeps folders without one) by its first bytes."""
    if format_by_name(path) == "mbox":
        return True
    if os.path.splitext(path)[1]:
        return False
    try:
        with open(path, "rb") as handle:
            return detect(path, handle.read(4096)) == "mbox"
    except OSError:
        return False


def mailbox_messages(path: str) -> Iterator[tuple[int, bytes]]:
    """Each message of an mbox file with the line of its ``From `` separator, read line by line: memory holds
    one message, never the mailbox. Raises InputError as ``read_capped`` does (the size is checked first)."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise InputError("not a regular file")
        if info.st_size > MAX_ARCHIVE_BYTES:
            raise InputError(f"larger than {_size_text(MAX_ARCHIVE_BYTES)}")
        handle = open(path, "rb")
    except OSError as exc:
        raise InputError(exc.strerror or str(exc)) from None
    with handle:
        lines: list[bytes] = []
        start, after_blank = 0, True
        for number, line in enumerate(handle, 1):
            if is_separator(line, after_blank):
                if start:
                    yield start, unescape_from(b"".join(lines))
                lines, start = [], number
            elif start:
                lines.append(line)
            after_blank = not line.strip()
        if start:
            yield start, unescape_from(b"".join(lines))


def read_capped(path: str, stdin: object | None = None) -> bytes:
    """The bytes of a regular file or of stdin (``-``), at most ``size_limit``; raise InputError otherwise.

    FIFOs, devices and directories are refused before they are opened: opening
    a FIFO blocks and a device such as /dev/urandom never ends.
    """
    limit = MAX_BYTES if path == STDIN else size_limit(path)
    if path == STDIN:
        data = _read_up_to(stdin, limit + 1) if stdin is not None else b""
    else:
        try:
            info = os.stat(path)
            if not stat.S_ISREG(info.st_mode):
                raise InputError("not a regular file" if not stat.S_ISDIR(info.st_mode) else "Is a directory")
            if info.st_size > limit:  # refused from its size: never read a gigabyte to learn it is too large
                raise InputError(f"larger than {_size_text(limit)}")
            with open(path, "rb") as handle:
                # read(n) sets n bytes aside before it reads: asked for the cap, every file would take a gigabyte
                # of address space, which a memory limit (ulimit -v) or a system without overcommit refuses.
                data = handle.read(info.st_size + 1)
                if len(data) > info.st_size:  # it grew since stat
                    data += _read_up_to(handle, limit + 1 - len(data))
        except OSError as exc:
            raise InputError(exc.strerror or str(exc)) from None
    if len(data) > limit:
        raise InputError(f"larger than {_size_text(limit)}")
    return data


def _read_up_to(stream: object, size: int) -> bytes:
    """At most ``size`` bytes of a binary stream, read in pieces so that memory follows what arrives."""
    pieces, got = [], 0
    while got < size:
        piece = stream.read(min(READ_PIECE, size - got))  # type: ignore[attr-defined]
        if not piece:
            break
        pieces.append(piece)
        got += len(piece)
    return b"".join(pieces)


def read_bytes(path: str, stdin: object | None = None) -> Source:
    """Read one input without decoding it (``data``); ``-`` reads the binary stream ``stdin``."""
    name = STDIN_NAME if path == STDIN else path
    try:
        data = read_capped(path, stdin)
    except InputError as exc:
        if str(exc).startswith("larger than") or str(exc) == "not a regular file":
            return Source(name, None, (Diagnostic(name, None, f"{exc}; skipped"),))
        return Source(name, None, error=str(exc))
    return Source(name, None, data=data)


def _line_of(data: bytes, offset: int) -> int:
    head = data[:offset]
    return head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1


_HIGH_MASK = bytes.maketrans(bytes(range(256)), b"0" * 0x80 + b"1" * 0x80)  # a byte past ASCII -> "1"


def without_utf8_bom(data: bytes) -> bytes:
    """The bytes after a UTF-8 byte order mark, if any: what the "utf-8-sig" codec decodes, without loading it."""
    return data[3:] if data.startswith(b"\xef\xbb\xbf") else data


def _decode_unicode(data: bytes, name: str) -> Source | None:
    """UTF-32 and UTF-16 by their byte order marks, UTF-16 also by its NULs; a truncated last code unit is
    reported, not fatal. Bytes that decode to control characters are binary after all: None."""
    found = unicode_codec(data)
    if found is None:
        return None
    codec, unit = found
    warnings = ()
    if len(data) % unit:
        warnings = (Diagnostic(name, None, f"{codec[:6].upper()} file with {len(data) % unit} stray byte(s) "
                                           "at the end; ignored"),)
        data = data[: len(data) - len(data) % unit]
    text = data.decode(codec, errors="replace")
    if codec not in ("utf-16", "utf-32"):  # found by its NULs, not by a byte order mark
        sample = text[:32768]
        if len(sample.translate(_CONTROL_CHARACTERS)) < len(sample) * 0.9:
            return None
    if "\ufffd" in text:
        warnings += (Diagnostic(name, None, f"invalid {codec[:6].upper()} replaced with U+FFFD"),)
    return Source(name, text, warnings)


# Excel and LibreOffice workbooks (a zip, or Excel 97's compound file): exports researchers save from Scopus and
# Web of Science, which paperlist reads as CSV.
_WORKBOOK_MAGIC = (b"PK\x03\x04", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")
_WORKBOOK_EXTENSIONS = (".xlsx", ".xls", ".xlsm", ".ods")


def decode_bytes(data: bytes, name: str) -> Source:
    """Decode UTF-8 (BOM optional), UTF-16 (BOM or NULs) or UTF-32 with BOM, else GB18030 (_gb18030), else
    cp1252; skip binary.

    A file with a few invalid bytes among valid UTF-8 multi-byte characters is
    UTF-8 with damage: the bad bytes become U+FFFD and a warning names the first
    line. Only a file with no valid multi-byte sequence to outweigh its invalid
    bytes is taken for cp1252.
    """
    unicode = _decode_unicode(data, name)
    if unicode is not None:
        return unicode
    if data.startswith(_WORKBOOK_MAGIC) and name.lower().endswith(_WORKBOOK_EXTENSIONS):
        return Source(name, None, (Diagnostic(name, None, "a spreadsheet workbook, not text: save it as CSV (UTF-8) "
                                                          "and read that; skipped"),))
    nul = data.find(b"\x00")
    if nul >= 0:
        message = "binary file (NUL byte); skipped"
        return Source(name, None, (Diagnostic(name, _line_of(data, nul), message),))
    sample = data[:65536]
    if sample and len(sample.translate(None, _CONTROL_BYTES)) < len(sample) * 0.9:
        return Source(name, None, (Diagnostic(name, None, "binary file (control bytes); skipped"),))
    body = without_utf8_bom(data)
    try:
        return Source(name, body.decode("utf-8"))
    except UnicodeDecodeError as exc:
        line = _line_of(body, exc.start)
        text = body.decode("utf-8", errors="replace")
        invalid = text.count("\ufffd") - body.count("\ufffd".encode())  # but the file's own U+FFFD
        # Valid multi-byte characters are the text's characters past ASCII but the replacements: counted, not
        # listed (a list of every match weighed ten times the file).
        if len(text) - len(text.encode("ascii", "ignore")) - invalid >= invalid:
            warning = Diagnostic(name, line, f"invalid UTF-8 ({invalid} place(s)) replaced with U+FFFD")
            return Source(name, text, (warning,))
        del text  # the other decodings are a copy of their own
        chinese = _gb18030(data)
        if chinese is not None:
            return Source(name, chinese, (Diagnostic(name, line, "not valid UTF-8; decoded as GB18030 (GBK)"),))
        warning = Diagnostic(name, line, "not valid UTF-8; decoded as cp1252")
        return Source(name, data.decode("cp1252", errors="replace"), (warning,))


def _gb18030(data: bytes) -> str | None:
    """The text of a GBK or GB18030 file (CNKI's exports, Chinese Windows), or None: it must decode, and nine in
    ten of its bytes past ASCII must come in pairs of them, as Chinese characters do and the accented letters of
    cp1252 text, each among ASCII letters, do not."""
    mask = data.translate(_HIGH_MASK)
    high, pairs = mask.count(b"1"), mask.count(b"11")  # pairs read from the left, as a decoder does
    if pairs < 2 or 2 * pairs < 0.9 * high:
        return None
    try:
        return data.decode("gb18030")
    except UnicodeDecodeError:
        return None
