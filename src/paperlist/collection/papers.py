"""Stored texts into papers: the core's groups over their snippets, each paper keeping an id it had (pure)."""

from __future__ import annotations

from collections.abc import Sequence

from paperlist.match.dupes import search_duplicates
from paperlist.model import Record, Snippet


def assign_papers(snippets: Sequence[Snippet], text_of: dict[tuple[str, Record | None], int], texts: set[int],
                  not_same: set[frozenset[str]], old: dict[int, int], next_id: int, threshold: float | None,
                  min_words: int, keys: list[str] | None = None) -> dict[int, int]:
    """Each text's paper after grouping the snippets with the core, keeping old paper ids where it can (the
    smallest of a group's old ids; a new id, from ``next_id`` on, where it has none left); ``text_of`` gives a
    snippet's text by its words and record (equal words and record, one identity)."""
    groups, _ = search_duplicates(snippets, threshold, None, min_words, not_same, keys)
    assignment: dict[int, int] = {}
    taken: set[int] = set()
    for members in [[text_of[m.text, m.record] for m in g.members] for g in groups if g.tier == "duplicate"] + \
            [[t] for t in texts]:
        members = [t for t in members if t not in assignment]
        if not members:
            continue
        reuse = sorted(p for p in {old.get(t) for t in members} if p is not None and p not in taken)
        paper = reuse[0] if reuse else next_id
        next_id += not reuse
        taken.add(paper)
        assignment.update(dict.fromkeys(members, paper))
    return assignment
