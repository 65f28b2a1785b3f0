"""The collection read back: its lists, its papers under their stored ids, marks, and what it already holds."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from paperlist.match.dupes import find_duplicates
from paperlist.match.identity import snippet_fingerprint
from paperlist.match.papers import Grouping, group_papers, paper_tags, snippet_key
from paperlist.model import MARK_ORDER, Paper, ReadingList, paper_mark_of
from paperlist.tagging.apply import tag_lists

if TYPE_CHECKING:  # views are handed an open store: reading marks over PATHs needs no SQLite
    from paperlist.collection.store import Store


def tagged_lists(store: Store, tag: Callable[[str], tuple[str, ...]]) -> list[ReadingList]:
    """The collection's lists, each snippet tagged now (tags are not stored: rules change), as a run over PATHs
    tags it: by its record's title and its text."""
    return tag_lists(store.lists(), tag)


def marks_by_paper(marks: Mapping[str, str], paper_of: Mapping[str, int]) -> dict[int, str]:
    """Each paper's mark, from the marks by snippet fingerprint and the paper each fingerprint belongs to."""
    found: dict[int, set[str]] = {}
    for value, mark in marks.items():
        paper = paper_of.get(value)
        if paper is not None:
            found.setdefault(paper, set()).add(mark)
    return {paper: mark for paper, held in found.items() if (mark := paper_mark_of(held))}


def joined_against_marks(before: Mapping[str, int], after: Mapping[str, int],
                         marks: Mapping[str, str]) -> list[tuple[int, tuple[str, ...]]]:
    """Papers that now join copies which were apart and marked differently, each with its marks in the order
    ``paper_mark_of`` weighs them (the first is what the paper shows); ``before`` and ``after``: the paper of
    each marked fingerprint then and now."""
    found: dict[int, list[str]] = {}
    for value in marks:
        if value in after:
            found.setdefault(after[value], []).append(value)
    joined = []
    for paper, values in sorted(found.items()):
        held = {marks[v] for v in values}
        if len(held) > 1 and len({before.get(v) for v in values}) > 1:
            joined.append((paper, tuple(m for m in MARK_ORDER if m in held)))
    return joined


def stored_grouping(store: Store, lists: list[ReadingList], threshold: float | None, min_words: int) -> Grouping:
    """The collection's papers, with the ids it stored, one paper an id; each paper's links recomputed from its own
    copies.

    Within one paper every link of a full run still holds (fewer texts, no new ambiguity), so the core joins the
    paper's copies into one group again; but copies of one stored text whose records the core keeps apart (two
    titles above one abstract, an export's mistake) are still one paper: the text is what an id and a mark hold.
    """
    paper_of = store.paper_of_snippets()
    members: dict[int, list] = {}
    for rl in lists:
        for s in rl.snippets:
            members.setdefault(paper_of[snippet_key(s)], []).append(s)
    not_same = store.not_same()
    groups = [g for paper in sorted(members) if len(members[paper]) > 1
              for g in find_duplicates(members[paper], threshold, None, min_words, not_same) if g.tier == "duplicate"]
    groups.sort(key=lambda g: (g.members[0].path, g.members[0].line))
    grouping = group_papers(lists, [g._replace(id=n) for n, g in enumerate(groups, 1)], paper_of)
    parts: dict[int, list[Paper]] = {}
    for paper in grouping.papers:
        parts.setdefault(paper.id, []).append(paper)
    if len(parts) == len(grouping.papers):
        return grouping
    return Grouping(grouping.groups, [_joined(paper_id, found) for paper_id, found in parts.items()])


def paper_marks(marks: dict[str, str], paper: Paper) -> set[str]:
    """The marks set on any copy of a paper (marks are stored by snippet fingerprint)."""
    return {marks[f] for m in paper.members if (f := snippet_fingerprint(m)) in marks}


def paper_mark(marks: dict[str, str], paper: Paper) -> str | None:
    """The mark a paper shows: read, skip, want or later, or None."""
    return paper_mark_of(paper_marks(marks, paper))


def with_stored_ids(grouping: Grouping, stored: dict[tuple[str, int], int]) -> Grouping:
    """A run's papers under the ids the collection stored for their snippets; papers that the collection joined
    become one (a copy of this run can join a paper held before). Snippets it does not hold (no words) go."""
    parts: dict[int, list[Paper]] = {}
    for paper in grouping.papers:
        ids = {stored[k] for m in paper.members if (k := snippet_key(m)) in stored}
        if ids:
            parts.setdefault(min(ids), []).append(paper)
    return Grouping(grouping.groups, [_joined(paper_id, found) for paper_id, found in parts.items()])


def _joined(paper_id: int, found: Sequence[Paper]) -> Paper:
    """The papers as one, under ``paper_id``: every copy, the first paper's kept copy and group."""
    first = found[0]
    if len(found) == 1:
        return first._replace(id=paper_id)
    members = tuple(sorted({m for p in found for m in p.members}, key=lambda m: (m.path, m.line)))
    return Paper(paper_id, members, members.index(first.kept), tuple(sorted({m.path for m in members})),
                 paper_tags(members), first.group)


def unmarked_papers(marks: dict[str, str], papers: Sequence[Paper], show_all: bool) -> tuple[list[Paper], frozenset[int]]:
    """Papers not marked read or skip (every paper with ``show_all``), and the ids of those marked want."""
    kept = [p for p in papers if show_all or not paper_marks(marks, p) & {"read", "skip"}]
    return kept, frozenset(p.id for p in kept if "want" in paper_marks(marks, p))


def held_papers(store: Store, keys: Iterable[str], before: int) -> dict[str, int | None]:
    """For each input text (its identity, ``identity.text_identity``): the paper holding it when that paper holds a
    text stored before this run, else None."""
    ids = store.text_ids_of_keys(set(keys))
    paper_of = store.paper_of_texts(ids.values())
    oldest = store.oldest_text_of_papers(set(paper_of.values()))
    held = {p for p, first in oldest.items() if first <= before}
    return {k: paper_of.get(t) if paper_of.get(t) in held else None for k, t in ids.items()}
