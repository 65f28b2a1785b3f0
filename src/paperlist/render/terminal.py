"""Text for a terminal: escaping untrusted text, display width, wrapping and colour (pure)."""

from __future__ import annotations

import re
import unicodedata

from paperlist.match.normalize import UNSAFE_RE

_SPACES_RE = re.compile(r"[ \t\n]+")  # a no-break space (U+00A0) keeps two words on one line


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x100:
        return f"\\x{code:02x}"
    if 0xDC80 <= code < 0xDD00:  # an undecodable byte of a file name (surrogateescape): show the byte
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def terminal_safe(text: str) -> str:
    r"""Show every control, bidi or separator character as a visible escape.

    >>> terminal_safe("a\x1b[2Jb\u202e")
    'a\\x1b[2Jb\\u202e'
    """
    if text.isprintable() or text.replace("\xa0", " ").isprintable():
        return text
    return UNSAFE_RE.sub(_escape, text)


def cell_width(text: str) -> int:
    """Columns the text takes in a terminal: wide East Asian characters 2, combining marks 0."""
    if text.isascii():
        return len(text)
    width = 0
    for char in text:
        if unicodedata.combining(char):
            continue
        width += 2 if unicodedata.east_asian_width(char) in "WF" else 1
    return width


def _fit(text: str, width: int) -> str:
    """The longest opening of ``text`` that fits in ``width`` columns."""
    used = 0
    for end, char in enumerate(text):
        used += cell_width(char)
        if used > width:
            return text[:end]
    return text


def cut(text: str, width: int) -> str:
    """Cut text to ``width`` columns, ending with ``…`` when cut.

    >>> cut("abcdef", 4)
    'abc…'
    """
    if cell_width(text) <= width:
        return text
    return _fit(text, width - 1).rstrip() + "…" if width > 0 else ""


def _split_long(word: str, width: int) -> list[str]:
    pieces, current, used = [], [], 0
    for char in word:
        w = cell_width(char)
        if current and used + w > width:
            pieces.append("".join(current))
            current, used = [], 0
        current.append(char)
        used += w
    return pieces + ["".join(current)] if current else pieces


def wrap(text: str, width: int, max_lines: int | None = None, break_long: bool = True) -> list[str]:
    """Word-wrap to ``width`` columns; past ``max_lines`` the last line ends with ``…``.

    >>> wrap("one two three four", 9)
    ['one two', 'three', 'four']
    >>> wrap("one two three four", 9, max_lines=2)
    ['one two', 'three…']

    Without ``break_long`` a word wider than the width stays whole on its own line (a link in Markdown).
    """
    width = max(width, 1)
    lines: list[str] = []
    current, used = "", 0
    for word in _SPACES_RE.split(text.strip(" \t\n")):
        for piece in _split_long(word, width) if break_long else (word,):
            w = cell_width(piece)
            if current and used + 1 + w <= width:
                current, used = current + " " + piece, used + 1 + w
            else:
                if current:
                    lines.append(current)
                current, used = piece, w
    if current:
        lines.append(current)
    if max_lines is not None and len(lines) > max_lines:
        last = lines[max_lines - 1]
        lines = lines[:max_lines - 1] + [_fit(last, width - 1).rstrip() + "…"]
    return lines or [""]


def wrap_tokens(tokens: list[tuple[str, str]], width: int) -> list[list[tuple[str, str]]]:
    """Word-wrap ``(word, role)`` tokens to ``width`` columns, keeping each word's role (for colour)."""
    width = max(width, 1)
    lines: list[list[tuple[str, str]]] = []
    current: list[tuple[str, str]] = []
    used = 0
    for word, role in tokens:
        for piece in _split_long(word, width):
            w = cell_width(piece)
            if current and used + 1 + w <= width:
                current.append((piece, role))
                used += 1 + w
            else:
                if current:
                    lines.append(current)
                current, used = [(piece, role)], w
    if current:
        lines.append(current)
    return lines
