"""Shared by the readers of reference formats: records -> a ReadingList of snippets (pure)."""

from __future__ import annotations

import os
from collections.abc import Sequence

from paperlist.match.normalize import collapse_whitespace, is_truncated
from paperlist.model import MADE_TITLE_PREFIX, Diagnostic, ReadingList, Record, Snippet

HEADER_PREFIX = "related papers:"


def stand_in(record: Record, key: str | None) -> tuple[str | None, str]:
    """The text a record without a title or an abstract is read by, as reference managers import it with what
    it has, and how to say so: its container's title (a book's chapter, a volume of proceedings), else its
    authors and year, else its id. None when it has none of them."""
    if record.venue:
        return record.venue, "read by its container title"
    people = ", ".join(record.authors.split("; ")[:3]) if record.authors else ""
    if people:
        return f"{people} ({record.year or 'no year'})", "read by its authors and year"
    if key:
        return f"[{key}]", "read by its id"
    return None, ""


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
        if record is not None and record.title and record.title.startswith(MADE_TITLE_PREFIX):
            record = record._replace(title=None)  # paperlist's own stand-in, not the paper's title
            text = text.removeprefix(MADE_TITLE_PREFIX)  # read by that title alone: by what it was made from
        snippets.append(Snippet(path, line, index, text, is_truncated(text), seed_title, (), record))
    if not snippets:
        warnings.append(Diagnostic(path, None, "no entries with a title or abstract found"))
    return ReadingList(path, seed_title, is_truncated(seed_title), tuple(snippets), tuple(warnings),
                       source=source, kind=kind)
