"""Per-list and overall counts, tag counts, list overlap and frequent terms (pure)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from paperlist.model import Diagnostic, DuplicateGroup, ReadingList
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
    """Counts for one list."""

    path: str
    seed_title: str | None
    seed_truncated: bool
    snippets: int
    truncated: int
    tags: dict[str, int]


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
    """The ``limit`` most frequent 2- and 3-word terms without stop words, once per snippet.

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


def summarize(lists: Sequence[ReadingList], groups: Sequence[DuplicateGroup], terms: int = 0,
              warnings: Sequence[Diagnostic] = ()) -> Summary:
    """Summarise parsed (and tagged) lists, given their exact and truncation groups."""
    per_list = [
        ListSummary(rl.path, rl.seed_title, rl.seed_truncated, len(rl.snippets),
                    sum(s.truncated for s in rl.snippets), count_tags(s.tags for s in rl.snippets))
        for rl in lists
    ]
    snippets = [s for rl in lists for s in rl.snippets]
    confident = [g for g in groups if g.tier == "duplicate"]
    shared: Counter[tuple[str, str]] = Counter()
    for group in confident:
        shared.update(combinations(group.lists, 2))
    # Sparse: only pairs that share a paper, so a thousand lists do not make half a million rows.
    overlap = [{"a": a, "b": b, "shared": n} for (a, b), n in sorted(shared.items())]
    totals = {
        "lists": len(lists),
        "snippets": len(snippets),
        "unique": len(snippets) - sum(len(g.members) - 1 for g in confident),
        "recurring": sum(len(g.lists) >= 2 for g in confident),
        "untagged": sum(not s.tags for s in snippets),
        "truncated": sum(s.truncated for s in snippets),
        "tags": count_tags(s.tags for s in snippets),
    }
    top_terms = frequent_terms((s.text for s in snippets), terms) if terms else []
    return Summary(per_list, totals, overlap, top_terms, list(warnings))
