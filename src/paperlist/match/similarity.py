"""Exact all-pairs set similarity search with prefix and length filtering (pure)."""

from __future__ import annotations

import math
import os
from array import array
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict, deque
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from functools import partial
from itertools import accumulate, chain, compress, count, islice, repeat
from operator import eq, itemgetter

from paperlist import forked

# Slack for float rounding in the filters: it only lets more candidates
# through, and every candidate is verified exactly, so results stay exact.
_EPS = 1e-9
_LAST = 1 << 64  # above every 64-bit token


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    """|a ∩ b| / |a ∪ b|; two empty sets score 0.

    >>> jaccard(frozenset("abc"), frozenset("bcd"))
    0.5
    """
    shared = len(a & b)
    union = len(a) + len(b) - shared
    return shared / union if union else 0.0


# Counting holds one dict entry per distinct token, most of them found in one text only: counting one range
# of token values at a time keeps that dict small, at the cost of one more pass over the array per part.
COUNT_PART = 2_000_000
MAX_PARTS = 4


class _DistinctTokens:
    """Every text's distinct tokens as integers in one flat array, read once from ``texts`` (8 bytes a token)."""

    def __init__(self, texts: Iterable[Iterable[Hashable]]) -> None:
        self.flat = array("q")
        self.ends = array("q")
        ids: dict[Hashable, int] = {}
        numbered = count()
        for tokens in map(set, texts):
            if ids:
                tokens = set(map(ids.setdefault, tokens, numbered))
            start = len(self.flat)
            try:
                self.flat.fromlist(list(tokens))  # one resize, where extend from a set grows step by step
            except (TypeError, OverflowError):  # not 64-bit integers: number every token, from the first text on
                del self.flat[start:]
                self.flat = array("q", map(ids.setdefault, self.flat, numbered))
                ids.setdefault(None, next(numbered))  # not empty from now on, even when no text came before
                self.flat.extend(set(map(ids.setdefault, tokens, numbered)))
            self.ends.append(len(self.flat))

    def ranked(self, rank: dict[int, int], shares: int = 1) -> tuple[array, array]:
        """Each text's ranked tokens, ascending, in one flat array, and where each text's run starts (one more
        entry than texts). In one process the tokens' array is emptied from its end as it is read (less
        memory); with ``shares``, each process ranks a block of texts."""
        if shares > 1:
            ranks, lengths = array("i"), array("q")  # 32-bit ranks: 2**31 shared tokens would need 16 GB first
            for block in in_shares(partial(self._rank_block, rank), shares):
                texts = block[0]
                lengths.extend(block[1:1 + texts])
                ranks.extend(iter(block[1 + texts:]))
            return ranks, array("q", accumulate(lengths, initial=0))
        ranks, lengths = array("i"), array("q")
        flat, ends, rank_of = self.flat, self.ends, rank.get  # _ranks inlined: this loop runs once per token
        end = len(flat)
        for k in reversed(range(len(ends))):  # built backwards, then reversed
            start = ends[k - 1] if k else 0
            run = sorted(filter(None, map(rank_of, flat[start:end])), reverse=True)
            ranks.fromlist(run)
            lengths.append(len(run))
            if not k % 4096:
                del flat[start:]
            end = start
        ranks.reverse()
        lengths.reverse()
        return ranks, array("q", accumulate(lengths, initial=0))

    def _ranks(self, rank: dict[int, int], k: int) -> list[int]:
        """Text ``k``'s shared tokens as their ranks, sorted."""
        tokens = self.flat[self.ends[k - 1] if k else 0:self.ends[k]]
        return sorted(filter(None, map(rank.get, tokens)))

    def _rank_block(self, rank: dict[int, int], share: int, shares: int) -> array:
        """Block ``share`` of the texts ranked: how many texts, their run lengths, then the runs."""
        first, end = len(self.ends) * share // shares, len(self.ends) * (share + 1) // shares
        lengths, ranks = array("q", [end - first]), array("q")
        for k in range(first, end):
            run = self._ranks(rank, k)
            ranks.fromlist(run)
            lengths.append(len(run))
        return lengths + ranks

    def shared(self, shares: int = 1) -> list[tuple[int, int]]:
        """``(texts, token)`` for every token found in two or more texts, rarest first; with ``shares``, each
        process counts some of the parts."""
        parts = 1
        while parts < MAX_PARTS and parts * COUNT_PART < len(self.flat):
            parts *= 2
        found: list[tuple[int, int]] = []
        for numbers in in_shares(partial(self._count, max(parts, shares)), shares):
            half = len(numbers) // 2
            found += zip(numbers[:half], numbers[half:])
        found.sort()
        return found

    def _count(self, parts: int, share: int, shares: int) -> array:
        """The counts, then the tokens, of the shared tokens of parts ``share``, ``share + shares``..."""
        counts, several = array("q"), array("q")
        for part, tokens in enumerate(_value_ranges(self.flat, parts)):
            if part % shares != share:
                continue
            frequency = Counter(tokens)
            found = array("q", compress(frequency, map((1).__lt__, frequency.values())))
            counts.extend(map(frequency.__getitem__, found))
            several.extend(found)
            # Kept as plain numbers, not as the counter's keys: those are spread over all of its memory, which
            # a few survivors would keep from being freed (55 MB at 100k texts).
            del frequency
        return counts + several


def _value_ranges(flat: array, parts: int) -> Iterator[Iterable[int]]:
    """The 64-bit tokens of ``flat`` in ``parts`` ranges of values, one pass over the array each (hashes are
    spread evenly over the range; a corpus numbered from 0 falls in the upper half, which costs only memory)."""
    bounds = [-(1 << 63) + (1 << 64) * p // parts for p in range(1, parts)]
    for lower, upper in zip([None, *bounds], [*bounds, None]):
        tokens: Iterable[int] = flat if upper is None else filter(upper.__gt__, flat)
        yield tokens if lower is None else filter(lower.__le__, tokens)


def _rank_tokens(shared: list[tuple[int, int]], max_postings: int | None) -> tuple[dict[int, int], int]:
    """Rank the shared tokens, rarest first, from 1; also the first rank not indexed."""
    common = len(shared) + 1 if max_postings is None else bisect_right(shared, (max_postings, _LAST)) + 1
    return dict(zip(map(itemgetter(1), shared), count(1))), common


def search_similar(texts: Sequence[Iterable[Hashable]], threshold: float, max_postings: int | None = None,
                   budget: int | None = None, jobs: int = 1) -> tuple[list[tuple[int, int, float]], list[int]]:
    """Pairs ``(i, j, score)`` with ``jaccard >= threshold`` between the token sets of ``texts``,
    and the texts that could not be fully compared.

    The same pairs as comparing all pairs (PPJoin-style prefix filtering):
    tokens are ranked rarest first and texts visited smallest first. A pair at
    the threshold shares at least ``needed`` tokens, so its second rarest
    common token lies in the first ``size - needed + 2`` tokens of both sets
    (the l-prefix lemma with l = 2): a candidate must appear in two of the
    probe's posting lists, found in C by sorting the lists' positions together.
    Each set indexes a shorter prefix than it probes with (every later set is at
    least as large); positions are in size order, so one bisect gives the
    smallest size that can reach the threshold. Tokens found in one text only
    are never kept. ``texts`` is read once, so it may compute each text's tokens
    on demand instead of holding every set.

    With ``max_postings``, tokens found in more sets than that are not indexed,
    which bounds the work on repetitive text (a 20-word vocabulary makes every
    pair a candidate); a set whose prefix holds such a token may miss pairs, so
    it is returned in the second list. After ``budget`` postings scanned, the
    remaining sets with shared tokens are not compared and are returned there too.

    With ``jobs`` above 1 (and fork, one thread, PARALLEL_TEXTS texts or more), counting, ranking and
    the probes are shared among forked processes; the result is the same.
    """
    if not 0 < threshold <= 1:
        raise ValueError("threshold must be in (0, 1]")
    distinct = _DistinctTokens(texts)
    shares = _shares(jobs, len(distinct.ends))
    rank, common = _rank_tokens(distinct.shared(shares), max_postings)
    sizes = [b - a for a, b in zip(chain((0,), distinct.ends), distinct.ends)]
    ranked, starts = distinct.ranked(rank, shares)
    del rank, distinct
    order = sorted(range(len(sizes)), key=sizes.__getitem__)
    join = _Join(ranked, starts, order, [sizes[k] for k in order], threshold, common, budget)
    found = [_decoded(numbers) for numbers in in_shares(join.encoded, shares)]
    pairs = sorted((i, j, overlap / union) for share, _ in found for i, j, overlap, union in share)
    return pairs, sorted(i for _, incomplete in found for i in incomplete)


def _shares(jobs: int, texts: int) -> int:
    """How many processes share the work: one below PARALLEL_TEXTS texts, without fork, or with threads."""
    if jobs <= 1 or texts < PARALLEL_TEXTS:
        return 1
    return min(jobs, os.cpu_count() or 1) if forked.can_fork() else 1


def in_shares(work: Callable[[int, int], array], shares: int) -> list[array]:
    """``forked.in_shares``: the other shares in forked children (the stage asks; ``forked`` forks)."""
    return forked.in_shares(work, shares)


# Below this many texts a second process saves about what copying the pages both write costs.
PARALLEL_TEXTS = 200_000
Found = tuple[list[tuple[int, int, int, int]], list[int]]  # (i, j, overlap, union) pairs; texts not fully compared


class _Join:
    """The candidate loop over texts in size order, its probes shared among processes."""

    def __init__(self, ranked: array, starts: array, order: list[int], sizes: list[int], threshold: float,
                 common: int, budget: int | None) -> None:
        self.ranked, self.starts, self.order, self.sizes = ranked, starts, order, sizes
        self.threshold, self.common, self.budget = threshold, common, budget

    def encoded(self, share: int, shares: int) -> array:
        """``run`` as one array: how many pairs, the pairs' four numbers each, then the texts not compared."""
        pairs, incomplete = self.run(share, shares)
        return array("q", chain((len(pairs),), chain.from_iterable(pairs), incomplete))

    def run(self, share: int, shares: int) -> Found:
        """What the probes at positions ``share`` modulo ``shares`` find. Every process indexes every text
        and counts every probe's postings against the budget, so the shares add up to one pass exactly."""
        ranked, starts, order, sizes, threshold, common, budget = (
            self.ranked, self.starts, self.order, self.sizes, self.threshold, self.common, self.budget)
        ratio = 2 * threshold / (1 + threshold)
        index: defaultdict[int, list[int]] = defaultdict(list)  # rank -> positions that index it, ascending
        consume = deque(maxlen=0).extend
        pairs: list[tuple[int, int, int, int]] = []
        incomplete: list[int] = []
        scanned = 0
        left = bisect_left
        for position, i in enumerate(order):
            size = sizes[position]
            start, end = starts[i], starts[i + 1]
            if start == end:
                continue
            needed = math.ceil(threshold * size - _EPS)  # overlap with any set no larger than this one
            extra = 2 if needed >= 2 else 1
            probed = end - start - needed + extra  # the prefix less the tokens no other set holds
            if probed <= 0:
                continue
            mine = position % shares == share
            probe = ranked[start:start + probed]
            if probe[-1] >= common:
                if mine:
                    incomplete.append(i)
                probe = probe[:left(probe, common)]
            if budget is not None and scanned > budget:
                if mine and (not incomplete or incomplete[-1] != i):
                    incomplete.append(i)
                continue
            if mine:
                found = list(chain.from_iterable(filter(None, map(index.get, probe))))
                scanned += len(found)
                self._verify(found, extra, position, i, needed, pairs)
            elif budget is not None:
                scanned += sum(map(len, filter(None, map(index.get, probe))))
            indexed = size - math.ceil(ratio * size - _EPS) + 2 - (size - (end - start))
            if indexed > 0:
                consume(map(list.append, map(index.__getitem__, probe[:indexed]), repeat(position)))
        return pairs, incomplete

    def _verify(self, found: list[int], extra: int, position: int, i: int, needed: int,
                pairs: list[tuple[int, int, int, int]]) -> None:
        """Score the candidates among the positions ``found`` in the probe's posting lists."""
        if extra == 2:  # positions found in two lists: equal neighbours once sorted, all in C
            found.sort()
            candidates = set(compress(found, map(eq, found, islice(found, 1, None))))
        else:
            candidates = set(found)
        if not candidates:
            return
        ranked, starts, order, sizes = self.ranked, self.starts, self.order, self.sizes
        smallest = bisect_left(sizes, needed, 0, position)  # the first position whose size can reach the threshold
        size = sizes[position]
        tokens = set(ranked[starts[i]:starts[i + 1]])
        for other in candidates:
            if other < smallest:
                continue
            j = order[other]
            overlap = len(tokens.intersection(ranked[starts[j]:starts[j + 1]]))
            union = size + sizes[other] - overlap
            if overlap / union >= self.threshold:  # the score as it is reported, so no rounding differs
                pairs.append((i, j, overlap, union) if i < j else (j, i, overlap, union))


def _decoded(numbers: array) -> Found:
    end = 1 + 4 * numbers[0]
    values = iter(numbers[1:end])
    return list(zip(values, values, values, values)), list(numbers[end:])


def similar_pairs_brute(sets: Sequence[frozenset[str]], threshold: float) -> list[tuple[int, int, float]]:
    """The reference all-pairs comparison that ``search_similar`` must equal (tests and benchmarks)."""
    return [
        (i, j, score)
        for i in range(len(sets))
        for j in range(i + 1, len(sets))
        if (score := jaccard(sets[i], sets[j])) >= threshold
    ]
