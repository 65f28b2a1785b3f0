"""Spherical k-means over sparse vectors (pure): the clustering behind automatic topics."""

from __future__ import annotations

import math
import random
from collections import Counter


def even_sample(items: list, size: int) -> list:
    """Every n-th item, so that at most ``size`` remain in their order."""
    step = max(1, math.ceil(len(items) / size))
    return items[::step]


def unit(vector: dict[str, float]) -> dict[str, float]:
    """The vector scaled to length 1 (it must not be all zeros)."""
    norm = math.sqrt(sum(w * w for w in vector.values()))
    return {t: w / norm for t, w in vector.items()}


def kmeans(vectors: list[dict[str, float]], k: int, rounds: int = 20, starts: int = 1) -> list[list[int]]:
    """Spherical k-means: the indexes of the vectors in each of (at most) k clusters.

    Seeded by k-means++ from fixed generators, so the same vectors give the same clusters; of ``starts`` runs, the
    clusters whose vectors lie closest to their centres (a run can settle in a poor local optimum).
    """
    best: tuple[float, list[list[int]]] | None = None
    for start in range(starts):
        found = _kmeans(vectors, k, rounds, random.Random(len(vectors) + start))
        if best is None or found[0] > best[0] + 1e-9:
            best = found
    return best[1]  # type: ignore[index]


def _kmeans(vectors: list[dict[str, float]], k: int, rounds: int,
            chance: random.Random) -> tuple[float, list[list[int]]]:
    """One run: how close the vectors lie to their clusters' centres (the sum of their dots), and the clusters."""
    centres = [vectors[chance.randrange(len(vectors))]]
    # Distances are clamped at 0: a vector's dot with itself may round to just over 1.
    nearest = [max(0.0, 1.0 - _dot(v, centres[0])) for v in vectors]
    while len(centres) < k and sum(nearest) > 0:
        pick = chance.choices(range(len(vectors)), weights=nearest)[0]
        centres.append(vectors[pick])
        nearest = [min(d, max(0.0, 1.0 - _dot(v, centres[-1]))) for d, v in zip(nearest, vectors)]
    assigned: list[int] = []
    for _ in range(rounds):
        weights: dict[str, list[float]] = {}
        for c, centre in enumerate(centres):
            for term, w in centre.items():
                weights.setdefault(term, [0.0] * len(centres))[c] = w
        now = []
        for vector in vectors:
            scores = [0.0] * len(centres)
            for term, w in vector.items():
                row = weights.get(term)
                if row is not None:
                    scores = [s + w * r for s, r in zip(scores, row)]
            now.append(max(range(len(centres)), key=scores.__getitem__))
        if now == assigned:
            break
        assigned = now
        sums: list[Counter[str]] = [Counter() for _ in centres]
        for vector, c in zip(vectors, assigned):
            sums[c].update(vector)
        centres = [unit(dict(total)) if total else centre for total, centre in zip(sums, centres)]
    clusters: list[list[int]] = [[] for _ in centres]
    for i, c in enumerate(assigned):
        clusters[c].append(i)
    closeness = sum(_dot(vectors[i], centres[c]) for i, c in enumerate(assigned))
    return closeness, clusters


def _dot(a: dict[str, float], b: dict[str, float]) -> float:
    if len(a) > len(b):
        a, b = b, a
    return sum(w * b.get(t, 0.0) for t, w in a.items())
