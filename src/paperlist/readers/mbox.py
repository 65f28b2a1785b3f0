"""mbox framing: where one message ends and the next begins, and mboxrd's escaped "From " lines (pure)."""

from __future__ import annotations

import re
from collections.abc import Iterator

_FROM_LINE_RE = re.compile(rb"^From ", re.M)
_ENVELOPE_RE = re.compile(rb"From \S+ [^\n]{0,200}\b\d{4}\r?(?:\n|$)")
_MBOXRD_RE = re.compile(rb"^>(>*From )", re.M)


def split_mbox(data: bytes) -> Iterator[tuple[int, bytes]]:
    """Each message of an mbox (mboxo or mboxrd) with the line its ``From `` separator is on.

    A ``From `` line separates messages only where mbox makes it one: at the start, or after a blank line,
    with an envelope (a sender, then a date ending in its year). An unescaped "From " in a body is text.
    """
    starts = [m.start() for m in _FROM_LINE_RE.finditer(data)
              if (m.start() == 0 or data.endswith((b"\n\n", b"\r\n\r\n"), 0, m.start()))
              and _ENVELOPE_RE.match(data, m.start())]
    line, counted = 1, 0
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(data)
        line += data.count(b"\n", counted, start)
        counted = start
        first_newline = data.find(b"\n", start, end)
        body = data[first_newline + 1:end] if first_newline >= 0 else b""
        yield line, unescape_from(body)


def unescape_from(body: bytes) -> bytes:
    """mboxrd: a body line ">From " (any number of ">") was "From " with one ">" fewer."""
    return _MBOXRD_RE.sub(rb"\1", body) if b">From " in body else body


def is_separator(line: bytes, after_blank: bool) -> bool:
    """Whether a line starts a new message of an mbox: after a blank line (or first), with an envelope."""
    return after_blank and line.startswith(b"From ") and _ENVELOPE_RE.match(line) is not None
