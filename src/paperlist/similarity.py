"""Exact all-pairs set similarity search with prefix and length filtering (pure)."""

from __future__ import annotations

import bisect
import math
from collections import Counter
from itertools import chain
from collections.abc import Sequence

# Slack for float rounding in the filters: it only lets more candidates
# through, and every candidate is verified exactly, so results stay exact.
_EPS = 1e-9


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """|a ∩ b| / |a ∪ b|; two empty sets score 0.

    >>> jaccard(frozenset("abc"), frozenset("bcd"))
    0.5
    """
    shared = len(a & b)
    union = len(a) + len(b) - shared
    return shared / union if union else 0.0


def _prefix_length(size: int, threshold: float) -> int:
    return size - math.ceil(threshold * size - _EPS) + 1


def similar_pairs(sets: Sequence[frozenset[str]], threshold: float,
                  max_postings: int | None = None) -> list[tuple[int, int, float]]:
    """Every pair ``(i, j, score)`` with ``i < j`` and ``jaccard >= threshold``."""
    return search_similar(sets, threshold, max_postings)[0]


def search_similar(sets: Sequence[frozenset[str]], threshold: float, max_postings: int | None = None,
                   budget: int | None = None) -> tuple[list[tuple[int, int, float]], list[int]]:
    """Pairs ``(i, j, score)`` with ``jaccard >= threshold``, and the sets that could not be fully compared.

    The same pairs as comparing all pairs, found in close to linear time: tokens
    are ranked rarest first, each set indexes only its prefix (a pair at the
    threshold shares its rarest common token, and that token lies in both
    prefixes) and sets too small to reach the threshold are skipped before the
    exact check. Tokens found in one set only are never indexed.

    With ``max_postings``, tokens found in more sets than that are not indexed
    either, which bounds the work on repetitive text (a 20-word vocabulary makes
    every pair a candidate). A set whose prefix holds such a token may then miss
    pairs, so it is returned in the second list; every other set is compared
    exactly: a pair whose rarest common token is that common lies in both prefixes.
    """
    if not 0 < threshold <= 1:
        raise ValueError("threshold must be in (0, 1]")
    frequency = Counter(chain.from_iterable(sets))
    order = sorted(frequency)
    order.sort(key=frequency.__getitem__)
    rank = dict(zip(order, range(len(order))))
    counts = [frequency[t] for t in order]
    unique = bisect.bisect_right(counts, 1)
    common = len(order) if max_postings is None else bisect.bisect_right(counts, max_postings)
    index: dict[int, list[int]] = {}
    pairs: list[tuple[int, int, float]] = []
    incomplete: list[int] = []
    scanned = 0
    for i in sorted(range(len(sets)), key=lambda k: (len(sets[k]), k)):
        mine = sets[i]
        size = len(mine)
        if not size:
            continue
        prefix = sorted(map(rank.__getitem__, mine))[: _prefix_length(size, threshold)]
        if prefix[-1] >= common:
            incomplete.append(i)
        shared = prefix[bisect.bisect_left(prefix, unique):bisect.bisect_left(prefix, common)]
        if budget is not None and scanned > budget:
            if shared and (not incomplete or incomplete[-1] != i):
                incomplete.append(i)
            continue
        smallest = threshold * size - _EPS
        candidates: set[int] = set()
        for token in shared:
            postings = index.get(token)
            if postings is None:
                index[token] = [i]
                continue
            scanned += len(postings)
            candidates.update(j for j in postings if len(sets[j]) >= smallest)
            postings.append(i)
        for j in candidates:
            score = jaccard(mine, sets[j])
            if score >= threshold:
                pairs.append((min(i, j), max(i, j), score))
    pairs.sort()
    incomplete.sort()
    return pairs, incomplete


def similar_pairs_brute(sets: Sequence[frozenset[str]], threshold: float) -> list[tuple[int, int, float]]:
    """The reference all-pairs comparison that ``similar_pairs`` must equal."""
    return [
        (i, j, score)
        for i in range(len(sets))
        for j in range(i + 1, len(sets))
        if (score := jaccard(sets[i], sets[j])) >= threshold
    ]
