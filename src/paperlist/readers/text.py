"""Text of one list -> ReadingList: header, layouts and snippet boundaries (pure)."""

from __future__ import annotations

import re

from paperlist.match.normalize import collapse_whitespace, is_truncated
from paperlist.model import Diagnostic, ReadingList, Snippet
from paperlist.readers.records import HEADER_PREFIX, lines_of

_HYPHEN_END_RE = re.compile(r"[^\W\d_]-$")


def split_lines(text: str) -> list[str]:
    r"""Split on ``\n``, ``\r\n`` and ``\r`` only (see ``lines_of``), past a byte order mark.

    >>> split_lines("a\r\nb\rc\u2028d")
    ['a', 'b', 'c\u2028d']
    """
    return list(lines_of(text))


def _is_blank(line: str) -> bool:
    return not line.strip()


def _parse_header(lines: list[str], path: str) -> tuple[bool, str | None, int, list[Diagnostic]]:
    """Return whether there is a header, the seed title, the index of the first body line and any warnings."""
    first = next((i for i, line in enumerate(lines) if not _is_blank(line)), None)
    if first is None:
        return False, None, len(lines), []
    line = lines[first].strip()
    if not line.casefold().startswith(HEADER_PREFIX):
        warning = Diagnostic(path, first + 1, "no 'Related papers:' header; seed title unknown")
        return False, None, first, [warning]
    title = collapse_whitespace(line[len(HEADER_PREFIX):])
    if not title:
        return True, None, first + 1, [Diagnostic(path, first + 1, "empty seed title in header")]
    return True, title, first + 1, []


def _blocks(lines: list[str], start: int) -> list[list[tuple[int, str]]]:
    """Group body lines into runs of non-blank lines, keeping 1-based line numbers."""
    blocks: list[list[tuple[int, str]]] = []
    current: list[tuple[int, str]] = []
    for number, line in enumerate(lines[start:], start + 1):
        if _is_blank(line):
            if current:
                blocks.append(current)
                current = []
        else:
            current.append((number, line))
    if current:
        blocks.append(current)
    return blocks


def _join_wrapped(parts: list[str]) -> str:
    """Join hard-wrapped lines; a line ending in a word and a hyphen joins the next without a space."""
    pieces: list[str] = []
    tail = ""  # the last characters joined so far: all the hyphen test needs (joining stays linear)
    for part in parts:
        part = part.strip()
        if pieces and not _HYPHEN_END_RE.search(tail):
            pieces.append(" ")
            tail += " "
        pieces.append(part)
        tail = (tail + part)[-2:]
    return collapse_whitespace("".join(pieces))


def _split_block(block: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """One paragraph -> snippets: its lines joined, split after every line that ends with a truncation mark.

    A hard-wrapped paragraph has no mark inside it, so it stays one snippet;
    one-line snippets with no blank lines between them come apart.
    """
    pieces: list[tuple[int, str]] = []
    start, parts = 0, []
    for number, line in block:
        if not parts:
            start = number
        parts.append(line)
        if is_truncated(line):
            pieces.append((start, _join_wrapped(parts)))
            parts = []
    if parts:
        pieces.append((start, _join_wrapped(parts)))
    return pieces


def _one_per_line(lines: list[str], start: int, has_header: bool) -> bool:
    """The layout rule: with a header, one snippet per line when no blank line follows it.

    Without a header, one per line unless a blank line separates two non-blank lines.
    """
    if has_header:
        return start < len(lines) and not _is_blank(lines[start])
    body = [_is_blank(line) for line in lines[start:]]
    while body and body[-1]:
        body.pop()
    return not any(body)


def parse_list(text: str, path: str) -> ReadingList:
    """Parse the text of one list into untagged snippets (tagging is its own stage).

    After the header, blank lines separate snippets and a paragraph's lines are
    joined (hard-wrapped text), except that a line ending with ``…`` or ``...``
    always ends its snippet. When no blank line follows the header, every line
    is one snippet.
    """
    lines = split_lines(text)
    has_header, seed_title, start, warnings = _parse_header(lines, path)
    blocks = _blocks(lines, start)
    pieces: list[tuple[int, str]] = []
    if _one_per_line(lines, start, has_header):
        pieces = [(n, collapse_whitespace(line)) for block in blocks for n, line in block]
    else:
        for block in blocks:
            pieces.extend(_split_block(block))
    snippets = tuple(
        Snippet(path, line, index, body, is_truncated(body), seed_title)
        for index, (line, body) in enumerate(pieces, 1)
    )
    if not snippets:
        warnings.append(Diagnostic(path, None, "no snippets found" if lines else "empty file"))
    seed_truncated = seed_title is not None and is_truncated(seed_title)
    return ReadingList(path, seed_title, seed_truncated, snippets, tuple(warnings))
