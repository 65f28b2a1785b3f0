"""Duplicate groups -> papers: the one count of distinct papers that every command reports (pure)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from paperlist.model import (
    RECORD_FIELDS,
    DuplicateGroup,
    Paper,
    ReadingList,
    Record,
    Snippet,
)

SnippetKey = tuple[str, int]  # (path, index): unique once every file is read once


def snippet_key(snippet: Snippet) -> SnippetKey:
    """The key that identifies a snippet within one run."""
    return snippet.path, snippet.index


class Grouping(NamedTuple):
    """The duplicate groups of a run and the papers they make, computed once and shared."""

    groups: list[DuplicateGroup]
    papers: list[Paper]

    def paper_of(self) -> dict[SnippetKey, Paper]:
        """Each snippet's paper."""
        return {snippet_key(m): paper for paper in self.papers for m in paper.members}

    @property
    def in_several_lists(self) -> int:
        """How many papers occur in two or more lists."""
        return sum(len(p.lists) >= 2 for p in self.papers)


def merged_record(paper: Paper) -> Record | None:
    """What the copies of a paper say about it: each field from the kept copy first, then the others in order."""
    records = [m.record for m in (paper.kept, *paper.members) if m.record is not None]
    if not records:
        return None
    def first(field: str) -> str | None:
        return next((getattr(r, field) for r in records if getattr(r, field)), None)
    return Record(**{f: first(f) for f in RECORD_FIELDS},
                  title_only=all(m.record is not None and m.record.title_only for m in paper.members))


def shows_text(record: Record | None) -> bool:
    """Whether a paper's view shows its text: not when the text is its record's title, shown as the title; a
    record with no title (read by its id or venue) shows that stand-in text, or the paper would be blank."""
    return not (record and record.title_only and record.title)


def paper_tags(members: Iterable[Snippet]) -> tuple[str, ...]:
    """The tags of a paper: every tag of any of its copies, sorted."""
    return tuple(sorted({tag for m in members for tag in m.tags}))


def group_papers(lists: Sequence[ReadingList], groups: Sequence[DuplicateGroup],
                 ids: dict[SnippetKey, int] | None = None) -> Grouping:
    """One Paper per confident group and per snippet that joins no group, numbered by first appearance.

    Maybe groups are shown by ``dupes`` but join nothing. ``ids`` gives papers the
    ids a collection stored for their snippets instead of numbering them.
    """
    confident = [g for g in groups if g.tier == "duplicate"]
    group_of = {snippet_key(m): n for n, g in enumerate(confident) for m in g.members}
    placed = [False] * len(confident)
    papers: list[Paper] = []
    for s in (s for rl in lists for s in rl.snippets):
        n = group_of.get(snippet_key(s)) if group_of else None
        if n is None:
            number = ids[snippet_key(s)] if ids else len(papers) + 1
            papers.append(Paper(number, (s,), 0, (s.path,), s.tags if len(s.tags) < 2 else paper_tags((s,))))
        elif not placed[n]:  # a group appears where its first member does
            placed[n] = True
            g = confident[n]
            number = ids[snippet_key(g.members[0])] if ids else len(papers) + 1
            papers.append(Paper(number, g.members, g.keep, g.lists, paper_tags(g.members), g.id))
    return Grouping(list(groups), papers)
