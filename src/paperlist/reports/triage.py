"""One merged, de-duplicated reading list, ranked by focus tags and recurrence (pure)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass

from paperlist.match.normalize import words
from paperlist.model import Paper

RULE = "ranked by the number of distinct lists a paper appears in (most first), then by first appearance"
FOCUS_RULE = ("ranked by the number of focus tags a paper carries (most first), then by the number of "
              "distinct lists it appears in (most first), then by first appearance")




def focus_words(texts: Iterable[str], focus: Collection[str], tagger: Callable[[str], tuple[str, ...]]) -> set[str]:
    """The words of the texts that alone trigger one of the focus tags (each distinct word tagged once).

    >>> sorted(focus_words(["Sharded GPUs help", "gpu"], ["gpu"], lambda w: ("gpu",) if w.lower().startswith("gpu") else ()))
    ['GPUs', 'gpu']
    """
    if not focus:
        return set()
    wanted = set(focus)
    found = {w for text in texts for w in words(text)}
    return {w for w in found if wanted.intersection(tagger(w))}


def ranking_rule(focus: Collection[str]) -> str:
    """The ranking rule in words, as printed with the reading list."""
    return FOCUS_RULE if focus else RULE


@dataclass(frozen=True, slots=True)
class Entry:
    """A paper's place in the reading list and the focus tags that put it there."""

    rank: int
    paper: Paper
    focus: tuple[str, ...]


def rank_papers(papers: Iterable[Paper], focus: Collection[str] = (), keep_tags: Collection[str] = (),
                exclude_tags: Collection[str] = (), min_lists: int = 1, top: int | None = None,
                pinned: Collection[int] = ()) -> list[Entry]:
    """Filter and rank by ``ranking_rule(focus)``.

    ``keep_tags`` keeps papers with any of them, ``exclude_tags`` drops papers
    with any of them. Papers are numbered by first appearance, so their ids
    break ties. ``pinned`` papers (marked "want" in a collection) come first.
    """
    keep, exclude, wanted = set(keep_tags), set(exclude_tags), set(focus)
    kept = [Entry(0, p, tuple(t for t in p.tags if t in wanted)) for p in papers
            if len(p.lists) >= min_lists and (not keep or keep.intersection(p.tags))
            and not exclude.intersection(p.tags)]
    kept.sort(key=lambda e: (e.paper.id not in pinned, -len(e.focus), -len(e.paper.lists), e.paper.id))
    return [Entry(rank, e.paper, e.focus) for rank, e in enumerate(kept[:top], 1)]
