"""One merged, de-duplicated reading list, ranked by focus tags, then by what the marks taught (or before any
mark by recurrence, likeness to the lists' seed titles and recency) (pure)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from typing import NamedTuple

from paperlist.match.normalize import words
from paperlist.match.papers import merged_record
from paperlist.model import Paper
from paperlist.rank.features import document, vectorize
from paperlist.rank.relevance import WHY_TERMS, fit, seed_likeness
from paperlist.tagging.stopwords import STOP_WORDS

RULE = "ranked by the number of distinct lists a paper appears in (most first), then by first appearance"
FOCUS_RULE = "ranked by the number of focus tags a paper carries (most first), then "
COLD_RULE = ("ranked by the number of lists a paper is in and of its copies (most first), then by its likeness to "
             "the seed titles of its lists, then by year (newest first), then by first appearance")
RELEVANT_MARKS = {"want": True, "read": True, "skip": False}  # what a mark says about the papers like it


class Relevance(NamedTuple):
    """How the papers are told apart beyond tags: each paper's score and what explains it.

    ``learned``: the score is the model fitted to the marks (``relevant`` and ``rejected`` of them); else it is the
    likeness to the seed titles of the paper's lists, for a cold start."""

    scores: Mapping[int, float]  # paper id -> score
    explain: Callable[[int], tuple[str, ...]]  # paper id -> the terms that weigh most for it
    relevant: int = 0
    rejected: int = 0
    collection: bool = False  # a collection's view: no marks yet is worth saying
    against: Callable[[int], tuple[str, ...]] = lambda paper: ()  # the terms that count most against a paper

    @property
    def learned(self) -> bool:
        return bool(self.relevant or self.rejected)

    @property
    def rule(self) -> str:
        if self.learned:
            marks = self.relevant + self.rejected
            return (f"ranked by your {marks} mark{'s' if marks != 1 else ''}: {self.relevant} relevant (want, read), "
                    f"{self.rejected} not (skip): most like the relevant papers and least like the others first")
        return ("no marks yet: " if self.collection else "") + COLD_RULE


def relevance(papers: Sequence[Paper], marks: Mapping[int, str], seeds: Mapping[str, str | None],
              collection: bool = False) -> Relevance:
    """Score every paper: by the model fitted to the marks (paper id -> want, read or skip) when there are any,
    else by its likeness to the seed titles of its lists. Every paper's text counts in the term weights."""
    texts = [paper_text(p) for p in papers]
    number = {p.id: n for n, p in enumerate(papers)}
    decisions = {number[i]: RELEVANT_MARKS[m] for i, m in marks.items() if i in number and m in RELEVANT_MARKS}
    if decisions:
        scores, fitted = fit(vectorize(texts), decisions)
        relevant = sum(decisions.values())
        return Relevance({p.id: scores[n] for n, p in enumerate(papers)},
                         lambda i: _telling(fitted.why(number[i], 3 * WHY_TERMS)),
                         relevant, len(decisions) - relevant, collection,
                         lambda i: _telling(fitted.against(number[i], 3 * WHY_TERMS)))
    titles = sorted({t for p in papers for path in p.lists if (t := seeds.get(path))})
    number_of = {t: n for n, t in enumerate(titles)}
    found = seed_likeness(texts, titles, [[number_of[t] for path in p.lists if (t := seeds.get(path))]
                                          for p in papers])
    return Relevance({p.id: found[n][0] for n, p in enumerate(papers)}, lambda i: _telling(found[number[i]][1]),
                     collection=collection)


def paper_text(paper: Paper) -> str:
    """The text a paper is ranked by: its title, kept copy's text and venue."""
    record = merged_record(paper)
    return document(record.title if record else None, paper.kept.text, None, record.venue if record else None)


def _telling(terms: Iterable[str]) -> tuple[str, ...]:
    """The first WHY_TERMS terms that are more than function words ("of the" explains nothing to a reader)."""
    return tuple(t for t in terms if not STOP_WORDS.issuperset(t.split(" ")))[:WHY_TERMS]


def _year(paper: Paper) -> int:
    record = merged_record(paper)
    year = record.year if record else None
    return int(year) if year and year.isdigit() else 0



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


def ranking_rule(focus: Collection[str], order: Relevance | None = None) -> str:
    """The ranking rule in words, as printed with the reading list."""
    rule = order.rule if order else RULE
    if not focus:
        return rule
    said, _, rest = rule.partition("ranked ")  # "no marks yet: " stays in front
    return said + FOCUS_RULE + rest


class Entry(NamedTuple):
    """A paper's place in the reading list, the focus tags that put it there, and (ranked by ``Relevance``) its
    score and the terms that weigh most for it."""

    rank: int
    paper: Paper
    focus: tuple[str, ...]
    score: float | None = None
    why: tuple[str, ...] = ()


def rank_papers(papers: Iterable[Paper], focus: Collection[str] = (), keep_tags: Collection[str] = (),
                exclude_tags: Collection[str] = (), min_lists: int = 1, top: int | None = None,
                pinned: Collection[int] = (), order: Relevance | None = None) -> list[Entry]:
    """Filter and rank by ``ranking_rule(focus, order)``.

    ``keep_tags`` keeps papers with any of them, ``exclude_tags`` drops papers
    with any of them. Papers are numbered by first appearance, so their ids
    break ties. ``pinned`` papers (marked "want" in a collection) come first.
    """
    keep, exclude, wanted = set(keep_tags), set(exclude_tags), set(focus)
    kept = [Entry(0, p, tuple(t for t in p.tags if t in wanted)) for p in papers
            if len(p.lists) >= min_lists and (not keep or keep.intersection(p.tags))
            and not exclude.intersection(p.tags)]
    if order is None:
        kept.sort(key=lambda e: (e.paper.id not in pinned, -len(e.focus), -len(e.paper.lists), e.paper.id))
        return [Entry(rank, e.paper, e.focus) for rank, e in enumerate(kept[:top], 1)]
    score = order.scores
    if order.learned:
        kept.sort(key=lambda e: (e.paper.id not in pinned, -len(e.focus), -score[e.paper.id], -len(e.paper.lists),
                                 e.paper.id))
    else:
        kept.sort(key=lambda e: (e.paper.id not in pinned, -len(e.focus), -len(e.paper.lists), -len(e.paper.members),
                                 -score[e.paper.id], -_year(e.paper), e.paper.id))
    return [Entry(rank, e.paper, e.focus, score[e.paper.id], order.explain(e.paper.id))
            for rank, e in enumerate(kept[:top], 1)]
