"""Per-list and overall counts, tag counts, list overlap and frequent terms (pure)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations
from typing import NamedTuple

from paperlist.match.papers import Grouping
from paperlist.model import Diagnostic, Paper, ReadingList
from paperlist.tagging.apply import subject_text
from paperlist.tagging.topics import distinctive, rank_terms, term_counts


class ListSummary(NamedTuple):
    """Counts for one list; ``papers`` and ``tags`` count each paper once."""

    path: str
    name: str
    seed_title: str | None
    seed_truncated: bool
    snippets: int
    truncated: int
    papers: int
    only_here: int
    tags: dict[str, int]
    source: str = "text"
    kind: str | None = None
    distinctive: tuple[str, ...] = ()


class Summary(NamedTuple):
    """Everything ``paperlist summarize`` reports."""

    lists: list[ListSummary]
    totals: dict[str, object]
    overlap: list[dict[str, object]]
    terms: list[tuple[str, int]]
    warnings: list[Diagnostic]


def count_tags(tag_sets: Iterable[Sequence[str]]) -> dict[str, int]:
    """Tag counts, each tag at most once per snippet, most frequent first, ties by name.

    >>> count_tags([("gpu", "llm"), ("gpu",), ()])
    {'gpu': 2, 'llm': 1}
    """
    counts = Counter(tag for tags in tag_sets for tag in set(tags))
    return dict(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def _list_summary(rl: ReadingList, papers: Sequence[Paper]) -> ListSummary:
    return ListSummary(rl.path, rl.short_name, rl.seed_title, rl.seed_truncated, len(rl.snippets),
                       sum(s.truncated for s in rl.snippets), len(papers),
                       sum(len(p.lists) == 1 for p in papers), count_tags(p.tags for p in papers), rl.source, rl.kind)


def summarize(lists: Sequence[ReadingList], grouping: Grouping, terms: int = 0,
              warnings: Sequence[Diagnostic] = ()) -> Summary:
    """Summarise parsed (and tagged) lists; papers, tags and terms count each paper once."""
    in_list: dict[str, list[Paper]] = {rl.path: [] for rl in lists}
    shared: Counter[tuple[str, str]] = Counter()
    for paper in grouping.papers:
        for path in paper.lists:
            in_list[path].append(paper)
        shared.update(combinations(paper.lists, 2))
    per_list = [_list_summary(rl, in_list[rl.path]) for rl in lists]
    # Sparse: only pairs that share a paper, so a thousand lists do not make half a million rows.
    overlap = [{"a": a, "b": b, "shared": n} for (a, b), n in sorted(shared.items())]
    papers = grouping.papers
    snippets = [s for rl in lists for s in rl.snippets]
    totals = {
        "lists": len(lists),
        "snippets": len(snippets),
        "papers": len(papers),
        "unique": len(papers),
        "in_several_lists": grouping.in_several_lists,
        "recurring": grouping.in_several_lists,
        "untagged": sum(not p.tags for p in papers),
        "truncated": sum(s.truncated for s in snippets),
        "tags": count_tags(p.tags for p in papers),
    }
    top_terms: list[tuple[str, int]] = []
    if terms:
        # Terms are read once per paper (its kept copy); each list's distinctive terms compare its papers
        # with the whole collection's.
        sets, defined, counts, _ = term_counts([subject_text(p.kept.text, p.kept.record) for p in papers],
                                               spell_out=True)
        ranked = rank_terms(sets, defined, counts=counts)
        labels = {t.term: t.label for t in ranked}
        top_terms = [(t.label, t.papers) for t in ranked[:terms]]
        index = {p.id: n for n, p in enumerate(papers)}
        shown = set(labels)  # terms that survive absorption: "large language" is not a term of its own
        groups = {rl.path: [sets[index[p.id]] & shown for p in in_list[rl.path]] for rl in lists}
        found = distinctive(groups)
        per_list = [entry._replace(distinctive=tuple(labels.get(t, t) for t, _ in found[entry.path]))
                    for entry in per_list]
    return Summary(per_list, totals, overlap, top_terms, list(warnings))
