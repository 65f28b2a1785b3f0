"""Replaying a labelled set decision by decision, as a screening tool's simulation does, and scoring the order (pure)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import NamedTuple

from paperlist.rank.features import Vectors, vectorize
from paperlist.rank.relevance import Learner

RECALL_TARGET = 0.95  # WSS@95: the work saved when 95% of the relevant records are found
EARLY_SHARE = 0.10  # recall after reading the first 10% of the records


def default_priors(labels: Sequence[bool]) -> list[int]:
    """ASReview's usual start: the first relevant and the first irrelevant record in file order."""
    return [labels.index(True), labels.index(False)]


def screen(vectors: Vectors, labels: Sequence[bool], priors: Sequence[int]) -> list[int]:
    """The records in the order a reader would take them: after the priors, always the top-ranked record left,
    its label learnt before the next; until every relevant record is found."""
    learner = Learner(vectors)
    for doc in priors:
        learner.learn(doc, labels[doc])
    chosen = set(priors)
    left = [d for d in range(len(labels)) if d not in chosen]
    missing = sum(labels) - sum(labels[d] for d in priors)
    order = []
    while left and missing:
        best = learner.best(left)
        left.remove(best)
        order.append(best)
        learner.learn(best, labels[best])
        missing -= labels[best]
    return order


class Metrics(NamedTuple):
    """How good an order was, over the records that were not priors."""

    records: int
    relevant: int
    wss95: float
    recall_at_10: float
    read_for_95: int
    read_for_all: int


def measure(order: Sequence[int], labels: Sequence[bool], priors: Sequence[int]) -> Metrics:
    """WSS@95 ((records - read to find 95%) / records - 0.05), recall after the first 10%, and how many records
    were read to find 95% and all of the relevant ones; the priors count in none of them."""
    records = len(labels) - len(priors)
    relevant = sum(labels) - sum(labels[d] for d in priors)
    need = math.ceil(RECALL_TARGET * relevant - 1e-9)
    early = int(EARLY_SHARE * records)
    found, read_95, read_all, early_found = 0, records, records, 0
    for read, doc in enumerate(order, 1):
        found += labels[doc]
        if found >= need and read_95 == records:
            read_95 = read
        if read <= early:
            early_found = found
        if found == relevant:
            read_all = read
            break
    if len(order) <= early:
        early_found = found
    return Metrics(records, relevant, (records - read_95) / records - (1 - RECALL_TARGET),
                   early_found / relevant if relevant else 1.0, read_95, read_all)


class Simulation(NamedTuple):
    """One replay: the records' ids, which were priors, the order the rest were read in (up to the last
    relevant one) and how good that order was."""

    ids: tuple[str, ...]
    labels: tuple[bool, ...]
    priors: tuple[int, ...]
    order: tuple[int, ...]
    metrics: Metrics


def simulate(ids: Sequence[str], texts: Sequence[str], labels: Sequence[bool],
             priors: Sequence[int] | None = None) -> Simulation:
    """Replay a labelled set from ``priors`` (default: ``default_priors``) with the model ``triage --db`` uses."""
    priors = default_priors(labels) if priors is None else list(priors)
    order = screen(vectorize(texts), labels, priors)
    return Simulation(tuple(ids), tuple(labels), tuple(priors), tuple(order), measure(order, labels, priors))
