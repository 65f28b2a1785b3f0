"""Shared by the readers of reference formats: records -> a ReadingList of snippets (pure)."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Iterator, Sequence

from paperlist.match.identity import no_abstract, title_text
from paperlist.match.normalize import collapse_whitespace, is_truncated
from paperlist.model import MADE_TITLE_PREFIX, Diagnostic, ReadingList, Record, Snippet

HEADER_PREFIX = "related papers:"
# A line ends at CR LF, CR or LF, as the csv module and editors count: str.splitlines would also end one at a
# form feed, U+0085 or U+2028, which occur inside pasted abstracts.
_LINE_RE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+\Z")
_LINE_END_RE = re.compile(r"\r\n|\r|\n")
LINES_PIECE = 1 << 20  # characters of text split at a time by ``lines_of``


def first_line(text: str) -> str:
    """The text up to its first line feed, without copying the rest (as split or partition would)."""
    end = text.find("\n")
    return text if end < 0 else text[:end]


def bom_length(text: str) -> int:
    """1 for a text that opens with a byte order mark, which is no part of its first line, else 0."""
    return 1 if text.startswith("\ufeff") else 0


def shared(value: str | None) -> str | None:
    """A value a large export repeats over its records (a year, a journal, a type), kept once; None for empty."""
    return sys.intern(value) if value else None


def text_lines(text: str, start: int = 0) -> Iterator[str]:
    """The lines of ``text`` from ``start`` (past a byte order mark), each with its end (CR LF, CR or LF, as the
    csv module wants them), one at a time: io.StringIO would first copy the whole text at four bytes a character."""
    return map(re.Match.group, _LINE_RE.finditer(text, start or bom_length(text)))


def lines_of(text: str, start: int = 0) -> Iterator[str]:
    r"""The lines of ``text`` from ``start`` (past a byte order mark), without their ends, split a piece of about a
    megabyte at a time: as fast as str.split, without a list of every line of the file.

    >>> list(lines_of("a\r\nb\rc\u2028d\n\ne"))
    ['a', 'b', 'c\u2028d', '', 'e']
    """
    start = start or bom_length(text)
    while start < len(text):
        end = text.find("\n", start + LINES_PIECE)  # a piece ends after a line feed, never inside a CR LF
        end = len(text) if end < 0 else end + 1
        piece = text[start:end]
        lines = piece.split("\n") if "\r" not in piece else _LINE_END_RE.split(piece)
        if lines[-1] == "":  # the piece ended a line
            lines.pop()
        yield from lines
        start = end


class LineNumbers:
    """Line numbers of offsets met mostly in order (BibTeX entries, JSON records), counted once between one and
    the next. A line ends at LF, CR LF or a lone CR, as editors count them."""

    def __init__(self, text: str) -> None:
        self.text, self.offset, self.line = text, 0, 1

    def at(self, index: int) -> int:
        if index < self.offset:
            return self._ends(0, index) + 1
        self.line += self._ends(self.offset, index)
        self.offset = index
        return self.line

    def _ends(self, start: int, end: int) -> int:
        """Line ends in ``text[start:end]`` (a record never starts inside a CR LF)."""
        text = self.text
        return text.count("\n", start, end) + text.count("\r", start, end) - text.count("\r\n", start, end)


def stand_in(record: Record, key: str | None) -> tuple[str | None, str]:
    """The text a record without a title or an abstract is read by, as reference managers import it with what
    it has, and how to say so: its container's title (a book's chapter, a volume of proceedings), else its
    authors and year, else its DOI, else its id. None when it has none of them."""
    if record.venue:
        return record.venue, "read by its container title"
    people = ", ".join(record.authors.split("; ")[:3]) if record.authors else ""
    if people:
        return f"{people} ({record.year or 'no year'})", "read by its authors and year"
    if record.doi:
        return f"[doi:{record.doi}]", "read by its DOI"
    if key:
        return f"[{key}]", "read by its id"
    return None, ""


def keep_record(records: list[tuple[int, str, Record]], warnings: list[Diagnostic], path: str, line: int,
                text: str | None, record: Record, key: str | None, lacking: str, name: str = "record") -> None:
    """Keep a record read by its ``text`` (its abstract or title), else by what stands in for it (said in a
    warning), else skip it with a warning naming what it ``lacks`` ("title, abstract, ... or DOI")."""
    if not text:
        text, how = stand_in(record, key)
        if not text:
            warnings.append(Diagnostic(path, line, f"{name} has no {lacking}; skipped"))
            return
        warnings.append(Diagnostic(path, line, f"{name} has no title or abstract; {how}"))
    records.append((line, text, record))


def would_keep(text: str | None, record: Record, key: str | None) -> bool:
    """Whether ``keep_record`` keeps a record: by its text, else by what stands in for it."""
    return bool(text) or stand_in(record, key)[0] is not None


def seed_from_comment(text: str) -> str | None:
    """``Related papers: TITLE`` inside a comment gives the seed title."""
    folded = collapse_whitespace(text)
    if folded.casefold().startswith(HEADER_PREFIX):
        return folded[len(HEADER_PREFIX):].strip() or None
    return None


def list_from_records(records: Sequence[tuple[int, str, Record | None]], path: str, seed: str | None, source: str,
                      warnings: list[Diagnostic], kind: str | None = None) -> ReadingList:
    """Snippets from ``(line, text, record)``; without a seed title, the file name stands for it."""
    seed_title = seed or os.path.splitext(os.path.basename(path))[0] or path
    snippets = []
    for index, (line, text, record) in enumerate(records, 1):
        text = collapse_whitespace(text)
        if record is not None and record.title and not record.title_only and no_abstract(text):
            text, record = collapse_whitespace(record.title), record._replace(title_only=True)
        if record is not None and record.title and record.title.startswith(MADE_TITLE_PREFIX):
            record = record._replace(title=None)  # paperlist's own stand-in, not the paper's title
            text = text.removeprefix(MADE_TITLE_PREFIX)  # read by that title alone: by what it was made from
        elif record is not None and record.title_only and record.title and text == collapse_whitespace(record.title):
            text = title_text(record)
        snippets.append(Snippet(path, line, index, text, is_truncated(text), seed_title, (), record))
    if not snippets:
        warnings.append(Diagnostic(path, None, "no entries with a title or abstract found"))
    return ReadingList(path, seed_title, is_truncated(seed_title), tuple(snippets), tuple(warnings),
                       source=source, kind=kind)
