"""Per-list and overall counts, tag counts, list overlap and frequent terms (pure)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from paperlist.model import Diagnostic, Paper, ReadingList
from paperlist.papers import Grouping
from paperlist.normalize import fold_words

STOP_WORDS = frozenset("""
a about above across after again against all almost also although am among an and any are as at
be because been before being below between both but by can could did do does doing done down due during
each either et etc even ever every few for from further had has have having here how however i if in
into is it its itself just last least less many may might more most much must my new no nor not now of
off often on once one only or other our out over own per rather same several she should since so some
such than that the their them then there these they this those through thus to too two under until up
upon us use used uses using very via was we well were what when where whether which while who whom whose
why will with within without would yet you your paper propose proposed present presents show shows
approach method methods work works based novel recent recently
""".split())


@dataclass(frozen=True, slots=True)
class ListSummary:
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


@dataclass(frozen=True, slots=True)
class Summary:
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


def frequent_terms(texts: Iterable[str], limit: int) -> list[tuple[str, int]]:
    """The ``limit`` most frequent 2- and 3-word terms without stop words, once per text.

    A 2-word term found only inside one 3-word term, as often, is left out.
    """
    counts: Counter[str] = Counter()
    for text in texts:
        words = fold_words(text)
        terms = set()
        for size in (2, 3):
            for i in range(len(words) - size + 1):
                window = words[i:i + size]
                if not any(w in STOP_WORDS or w.isdigit() or len(w) < 2 for w in window):
                    terms.add(" ".join(window))
        counts.update(terms)
    frequent = {term: n for term, n in counts.items() if n >= 2}
    longer = [term for term in frequent if term.count(" ") == 2]
    subsumed = {part for term in longer for part in (term.rsplit(" ", 1)[0], term.split(" ", 1)[1])
                if frequent.get(part) == frequent[term]}
    ranked = sorted((item for item in frequent.items() if item[0] not in subsumed),
                    key=lambda item: (-item[1], item[0]))
    return ranked[:limit]


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
    top_terms = frequent_terms((p.kept.text for p in papers), terms) if terms else []
    return Summary(per_list, totals, overlap, top_terms, list(warnings))
