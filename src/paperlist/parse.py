"""Text of one list -> ReadingList: header, layouts and snippet boundaries (pure)."""

from __future__ import annotations

import re
from collections.abc import Callable

from paperlist.model import Diagnostic, ReadingList, Snippet
from paperlist.normalize import collapse_whitespace, is_truncated

HEADER_PREFIX = "related papers:"

# Only these three are line ends; str.splitlines would also split on U+0085,
# U+2028 and form feeds, which do occur inside pasted abstracts.
_LINE_END_RE = re.compile(r"\r\n|\r|\n")


def split_lines(text: str) -> list[str]:
    r"""Split on ``\n``, ``\r\n`` and ``\r`` only.

    >>> split_lines("a\r\nb\rc\u2028d")
    ['a', 'b', 'c\u2028d']
    """
    lines = _LINE_END_RE.split(text)
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def _is_blank(line: str) -> bool:
    return not line.strip()


def _parse_header(lines: list[str], path: str) -> tuple[str | None, int, list[Diagnostic]]:
    """Return the seed title, the index of the first body line and any warnings."""
    first = next((i for i, line in enumerate(lines) if not _is_blank(line)), None)
    if first is None:
        return None, len(lines), []
    line = lines[first].strip()
    if not line.casefold().startswith(HEADER_PREFIX):
        warning = Diagnostic(path, first + 1, "no 'Related papers:' header; seed title unknown")
        return None, first, [warning]
    title = collapse_whitespace(line[len(HEADER_PREFIX):])
    if not title:
        return None, first + 1, [Diagnostic(path, first + 1, "empty seed title in header")]
    return title, first + 1, []


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


def _split_block(block: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Split a paragraph after every line that ends with a truncation mark.

    A hard-wrapped paragraph has no mark inside it, so it stays one snippet;
    several one-per-line snippets without blank lines between them come apart.
    """
    pieces: list[tuple[int, str]] = []
    start, parts = 0, []
    for number, line in block:
        if not parts:
            start = number
        parts.append(line)
        if is_truncated(line):
            pieces.append((start, collapse_whitespace(" ".join(parts))))
            parts = []
    if parts:
        pieces.append((start, collapse_whitespace(" ".join(parts))))
    return pieces


def parse_list(text: str, path: str, tagger: Callable[[str], tuple[str, ...]] | None = None) -> ReadingList:
    """Parse the text of one list; ``tagger`` (e.g. ``TagMatcher.tag``) fills each snippet's tags.

    With no blank line after the header every line is a snippet; otherwise
    each paragraph is one, split after lines that end with ``…`` or ``...``.
    """
    lines = split_lines(text.removeprefix("\ufeff"))
    seed_title, start, warnings = _parse_header(lines, path)
    blocks = _blocks(lines, start)
    one_per_line = len(blocks) == 1
    pieces: list[tuple[int, str]] = []
    for block in blocks:
        if one_per_line:
            pieces.extend((n, collapse_whitespace(line)) for n, line in block)
        else:
            pieces.extend(_split_block(block))
    snippets = tuple(
        Snippet(path, line, index, body, is_truncated(body), seed_title, tagger(body) if tagger else ())
        for index, (line, body) in enumerate(pieces, 1)
    )
    if not snippets:
        warnings.append(Diagnostic(path, None, "no snippets found" if lines else "empty file"))
    seed_truncated = seed_title is not None and is_truncated(seed_title)
    return ReadingList(path, seed_title, seed_truncated, snippets, tuple(warnings))
