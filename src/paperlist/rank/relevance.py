"""The relevance model: a paper is as relevant as it is like the papers decided relevant and unlike the others (pure).

Rocchio's relevance feedback over TF-IDF vectors: a paper's score is its mean cosine likeness to the papers
decided relevant less NOT_WEIGHT times its mean likeness to those decided not. Means, not sums, so that the
few relevant papers weigh as much as the many others (class balance). ``fit`` scores every paper from all the
decisions at once (a collection's view); ``Learner`` keeps the score up to date one decision at a time
(``simulate``): the same sums, the same model.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from itertools import chain, repeat
from operator import mul
from typing import NamedTuple

from paperlist.rank.features import Vectors, postings, terms

NOT_WEIGHT = 0.5  # how much likeness to rejected papers counts against likeness to wanted ones
COMMON_SHARE = 0.01  # a term in more papers than this is common (a cost trade-off only: the order is the same)
_EXACT_AT_MOST = 64  # papers worked out exactly before every stale score is brought up to date (cost only)
WHY_TERMS = 4  # terms that say why a paper ranks where it does


class Learner:
    """The model kept up to date one decision at a time.

    A decision adds its likeness to every paper sharing a term with it, so its cost is the number of papers
    sharing each of its terms. For the common terms (in more than COMMON_SHARE of the papers) that would be
    most of the work, so a rejected paper's common terms are only summed, and each paper's likeness through
    them is brought up to date now and then: in between, ``best`` bounds how far a stale score can be off
    (by the length of the paper's common part times the length of the change) and works out exactly the few
    papers that could be on top. The order is the one exact scores give.
    """

    def __init__(self, vectors: Vectors) -> None:
        self.vectors = vectors
        self.sums = ([0.0] * len(vectors.names), [0.0] * len(vectors.names))  # per term: rejected, relevant
        self.counts = [0, 0]
        size = len(vectors.docs)
        self._like = ([0.0] * size, [0.0] * size)  # summed likeness: rejected (less the common terms'), relevant
        ceiling = COMMON_SHARE * size
        self.postings = postings(vectors)
        self._common = [len(papers) > ceiling for papers, _ in self.postings]
        self._parts = []  # each paper's common terms and weights, and their length
        for terms, weights in vectors.docs:
            kept = [(t, w) for t, w in zip(terms, weights) if self._common[t]]
            self._parts.append((tuple(t for t, _ in kept), tuple(w for _, w in kept),
                                math.sqrt(sum(w * w for _, w in kept))))
        self._stale = [0.0] * size  # likeness to the rejected papers through the common terms, as of the last update
        self._change: dict[int, float] = {}  # the rejected common terms' sums since then

    def learn_all(self, decisions: Mapping[int, bool]) -> None:
        """Take many decisions at once (paper number -> relevant), into a learner that has taken none: the sums
        of ``learn``, worked out in one pass over the papers instead of one pass over each decision's terms,
        so that opening a collection of thousands of decisions costs what one refit does."""
        if any(self.counts):
            raise ValueError("learn_all starts a learner; take later decisions one at a time")
        sums = self.sums
        for doc in sorted(decisions):
            relevant = decisions[doc]
            total = sums[relevant]
            for term, weight in zip(*self.vectors.docs[doc]):
                total[term] += weight
            self.counts[relevant] += 1
        rejected, relevant = sums
        common = self._common
        like0, like1, stale = self._like[0], self._like[1], self._stale
        for doc, (ids, weights) in enumerate(self.vectors.docs):
            plain = near = far = 0.0
            for term, weight in zip(ids, weights):
                plain += weight * relevant[term]
                if common[term]:
                    far += weight * rejected[term]
                else:
                    near += weight * rejected[term]
            like1[doc], like0[doc], stale[doc] = plain, near, far
        self._change = {}

    def learn(self, doc: int, relevant: bool) -> None:
        """Take one decision: the paper ``doc`` is relevant or not."""
        sums, like, postings = self.sums[relevant], self._like[relevant], self.postings
        common, change = self._common, self._change
        for term, weight in zip(*self.vectors.docs[doc]):
            sums[term] += weight
            if common[term] and not relevant:
                change[term] = change.get(term, 0.0) + weight
                continue
            papers, weights = postings[term]
            for other, w in zip(papers, weights):
                like[other] += weight * w
        self.counts[relevant] += 1

    def forget(self, doc: int, relevant: bool) -> None:
        """Take back a decision ``learn`` took (an undo, or a mark changed elsewhere): the same sums, less."""
        sums, like, postings = self.sums[relevant], self._like[relevant], self.postings
        common = self._common
        for term, weight in zip(*self.vectors.docs[doc]):
            sums[term] -= weight
            if common[term] and not relevant:
                continue  # brought up to date below with every stale score
            papers, weights = postings[term]
            for other, w in zip(papers, weights):
                like[other] -= weight * w
        self.counts[relevant] -= 1
        if not relevant:
            # Stale scores may now be too low, which ``best`` does not allow for: make every one exact.
            self._update(range(len(self.vectors.docs)))

    def top(self, candidates: Sequence[int], count: int) -> list[int]:
        """The ``count`` candidates with the highest scores, best first; on a tie, in the candidates' order.

        As in ``best``, a stale score is worked out exactly only where it could change the answer: stale scores
        are only ever too high, so the exact scores of the ``count`` best stale ones are a floor that every
        other candidate's stale score must reach to be among them."""
        plus, minus = _scales(self.counts)
        relevant, rejected, stale = self._like[1], self._like[0], self._stale
        scores = [relevant[d] * plus - (rejected[d] + stale[d]) * minus for d in candidates]
        if self._change and count > 0:
            first = heapq.nsmallest(count, range(len(candidates)), key=lambda i: (-scores[i], i))
            exact = [relevant[candidates[i]] * plus - self._rejected(candidates[i]) * minus for i in first]
            floor = min(exact) if len(first) == count else float("-inf")
            near = [i for i, s in enumerate(scores) if s >= floor]
            if len(near) > max(_EXACT_AT_MOST, 4 * count):
                self._update(range(len(self.vectors.docs)))
                return self.top(candidates, count)
            scores = {i: relevant[candidates[i]] * plus - self._rejected(candidates[i]) * minus for i in near}
            best = heapq.nsmallest(count, near, key=lambda i: (-scores[i], i))
            return [candidates[i] for i in best]
        best = heapq.nsmallest(count, range(len(candidates)), key=lambda i: (-scores[i], i))
        return [candidates[i] for i in best]

    def _rejected(self, doc: int) -> float:
        terms, weights, _ = self._parts[doc]
        change = map(self._change.get, terms, repeat(0.0, len(terms)))
        return self._like[0][doc] + self._stale[doc] + sum(map(mul, weights, change))

    def _update(self, docs: Iterable[int]) -> None:
        current = self.sums[0]
        for doc in docs:
            terms, weights, _ = self._parts[doc]
            self._stale[doc] = sum(map(mul, weights, map(current.__getitem__, terms)))
        self._change = {}

    def score(self, doc: int) -> float:
        plus, minus = _scales(self.counts)
        return self._like[1][doc] * plus - self._rejected(doc) * minus

    def best(self, candidates: Sequence[int]) -> int:
        """The candidate with the highest score; the first of them on a tie."""
        plus, minus = _scales(self.counts)
        relevant, rejected, stale = self._like[1], self._like[0], self._stale
        scores = [relevant[d] * plus - (rejected[d] + stale[d]) * minus for d in candidates]
        change = math.sqrt(sum(w * w for w in self._change.values())) * minus
        if change:
            # A stale score can only be too high: the likeness to the rejected papers only grows.
            parts = self._parts
            top = candidates[scores.index(max(scores))]
            floor = max(relevant[top] * plus - self._rejected(top) * minus,
                        max(s - parts[d][2] * change for d, s in zip(candidates, scores)))
            near = [d for d, s in zip(candidates, scores) if s >= floor]
            if len(near) > _EXACT_AT_MOST:
                self._update(candidates)
                return self.best(candidates)
            exact = [relevant[d] * plus - self._rejected(d) * minus for d in near]
            return near[exact.index(max(exact))]
        return candidates[scores.index(max(scores))]

    def why(self, doc: int, count: int = WHY_TERMS) -> tuple[str, ...]:
        return why(self.vectors, self.sums, self.counts, doc, count)

    def against(self, doc: int, count: int = WHY_TERMS) -> tuple[str, ...]:
        return why(self.vectors, self.sums, self.counts, doc, count, against=True)


class Fitted(NamedTuple):
    """The decisions summed per term: what explains a fitted score."""

    vectors: Vectors
    sums: tuple[list[float], list[float]]  # per term: rejected, relevant
    counts: tuple[int, int]  # rejected, relevant

    def why(self, doc: int, count: int = WHY_TERMS) -> tuple[str, ...]:
        return why(self.vectors, self.sums, self.counts, doc, count)

    def against(self, doc: int, count: int = WHY_TERMS) -> tuple[str, ...]:
        return why(self.vectors, self.sums, self.counts, doc, count, against=True)


def fit(vectors: Vectors, decisions: Mapping[int, bool]) -> tuple[list[float], Fitted]:
    """Every paper's score from all the decisions at once (paper number -> relevant), and the model to explain
    them with; decisions are read in paper order, so the same decisions give the same floats."""
    sums: tuple[list[float], list[float]] = ([0.0] * len(vectors.names), [0.0] * len(vectors.names))
    counts = [0, 0]
    for doc in sorted(decisions):
        relevant = decisions[doc]
        total = sums[relevant]
        for term, weight in zip(*vectors.docs[doc]):
            total[term] += weight
        counts[relevant] += 1
    plus, minus = _scales(counts)
    weights = [r * plus - n * minus for n, r in zip(*sums)]
    get = weights.__getitem__
    scores = [sum(map(mul, w, map(get, t))) for t, w in vectors.docs]
    return scores, Fitted(vectors, sums, (counts[0], counts[1]))


def _scales(counts: Sequence[int]) -> tuple[float, float]:
    """What the summed likeness to the relevant and to the rejected papers is multiplied by: their means."""
    rejected, relevant = counts
    return (1.0 / relevant if relevant else 0.0), (NOT_WEIGHT / rejected if rejected else 0.0)


def why(vectors: Vectors, sums: tuple[Sequence[float], Sequence[float]], counts: Sequence[int], doc: int,
        count: int = WHY_TERMS, against: bool = False) -> tuple[str, ...]:
    """The terms that add most to a paper's score: held by it and by the papers decided relevant more than by
    the others; none before a relevant decision. ``against``: those that take most from it (none before a
    decision of not relevant)."""
    rejected, relevant = counts
    if not (rejected if against else relevant):
        return ()
    plus = 1.0 / relevant if relevant else 0.0
    minus = NOT_WEIGHT / rejected if rejected else 0.0
    sign = -1.0 if against else 1.0
    gains = []
    for term, weight in zip(*vectors.docs[doc]):
        gain = sign * weight * (sums[1][term] * plus - sums[0][term] * minus)
        if gain > 0:
            gains.append((-gain, vectors.names[term]))
    return _distinct(name for _, name in sorted(gains))[:count]


def _distinct(names: Iterable[str]) -> tuple[str, ...]:
    """Names in order, leaving out a word already said inside a pair before it ('wilson disease', not 'wilson')."""
    kept: list[str] = []
    for name in names:
        if not any(name in k.split(" ") or k in name.split(" ") for k in kept):
            kept.append(name)
    return tuple(kept)


def seed_likeness(texts: Sequence[str], titles: Sequence[str], seeds_of: Sequence[Sequence[int]]
                  ) -> list[tuple[float, tuple[str, ...]]]:
    """For each text, the largest share of one of its seed titles' terms (``seeds_of``: numbers into ``titles``)
    that it holds, each term weighed by its IDF over the texts; and those shared terms, the rarest first.

    Only the titles' terms are looked up, so a cold start costs a pass over the words and no vectors.
    """
    title_terms = [set(terms(t)) for t in titles]
    every = set().union(*title_terms)
    held = [every.intersection(terms(t)) for t in texts]
    df = Counter(chain.from_iterable(held))
    n = len(texts)
    idf = {t: math.log((1 + n) / (1 + df[t])) + 1.0 for t in every}
    # fsum: the sums of sets come out the same whatever order a hash seed gives them (ties in the order hold).
    totals = [math.fsum(idf[t] for t in found) or 1.0 for found in title_terms]
    out: list[tuple[float, tuple[str, ...]]] = []
    for found, seeds in zip(held, seeds_of):
        best: tuple[float, tuple[str, ...]] = (0.0, ())
        for seed in seeds:
            shared = title_terms[seed] & found
            score = math.fsum(idf[t] for t in shared) / totals[seed]
            if score > best[0]:
                best = (score, _distinct(sorted(shared, key=lambda t: (-idf[t], t))))
        out.append(best)
    return out
