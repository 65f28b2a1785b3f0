"""One merged, de-duplicated reading list, ranked by recurrence and focus tags (pure)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, replace

from paperlist.model import DuplicateGroup, ReadingList, Snippet

RULE = ("ranked by the number of distinct lists a paper appears in (most first), then by how many "
        "focus tags it carries (most first), then by first appearance (path, line)")


@dataclass(frozen=True, slots=True)
class Paper:
    """One distinct paper: the copy kept and every place it occurs."""

    rank: int
    text: str
    truncated: bool
    lists: tuple[str, ...]
    seed_titles: tuple[str | None, ...]
    occurrences: tuple[tuple[str, int], ...]
    tags: tuple[str, ...]
    focus: tuple[str, ...]


def _paper(copies: Sequence[Snippet], keep: Snippet, focus: Collection[str],
           titles: dict[str, str | None]) -> Paper:
    copies = sorted(copies, key=lambda s: (s.path, s.line))
    lists = tuple(sorted({s.path for s in copies}))
    tags = tuple(sorted({tag for s in copies for tag in s.tags}))
    return Paper(0, keep.text, keep.truncated, lists, tuple(titles[p] for p in lists),
                 tuple((s.path, s.line) for s in copies), tags, tuple(t for t in tags if t in focus))


def merge_papers(lists: Sequence[ReadingList], groups: Sequence[DuplicateGroup],
                 focus: Collection[str] = ()) -> list[Paper]:
    """One unranked Paper per distinct paper: each confident group collapses to its kept copy."""
    titles = {rl.path: rl.seed_title for rl in lists}
    grouped: set[tuple[str, int]] = set()
    papers = []
    for group in groups:
        if group.tier != "duplicate":
            continue
        grouped.update((m.path, m.line) for m in group.members)
        papers.append(_paper(group.members, group.members[group.keep], focus, titles))
    for rl in lists:
        papers.extend(_paper([s], s, focus, titles) for s in rl.snippets if (s.path, s.line) not in grouped)
    return papers


def rank_papers(papers: Iterable[Paper], keep_tags: Collection[str] = (), exclude_tags: Collection[str] = (),
                min_lists: int = 1, top: int | None = None) -> list[Paper]:
    """Filter and rank by RULE; ``keep_tags`` keeps papers with any of them, ``exclude_tags`` drops them."""
    keep, exclude = set(keep_tags), set(exclude_tags)
    kept = [p for p in papers if len(p.lists) >= min_lists
            and (not keep or keep.intersection(p.tags)) and not exclude.intersection(p.tags)]
    kept.sort(key=lambda p: (-len(p.lists), -len(p.focus), p.occurrences[0]))
    return [replace(p, rank=rank) for rank, p in enumerate(kept[:top], 1)]


def triage(lists: Sequence[ReadingList], groups: Sequence[DuplicateGroup], focus: Collection[str] = (),
           keep_tags: Collection[str] = (), exclude_tags: Collection[str] = (), min_lists: int = 1,
           top: int | None = None) -> list[Paper]:
    """Merge, filter and rank in one call."""
    return rank_papers(merge_papers(lists, groups, focus), keep_tags, exclude_tags, min_lists, top)
