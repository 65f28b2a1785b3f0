"""Texts -> TF-IDF vectors over words and word pairs, with the postings that find the papers sharing a term (pure)."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from itertools import chain, compress, repeat
from operator import mul, sub
from typing import NamedTuple

_TOKEN_RE = re.compile(r"[^\W_]{2,}")
MAX_DF = 0.95  # a term in nearly every paper tells none apart (as ASReview's TF-IDF: max_df 0.95)


def terms(text: str) -> list[str]:
    """The words of two or more letters or digits, lower-cased, and each pair of neighbouring words.

    >>> terms("Wilson's disease: a review")
    ['wilson', 'disease', 'review', 'wilson disease', 'disease review']
    """
    tokens = _TOKEN_RE.findall(text.lower())
    return tokens + list(map(" ".join, zip(tokens, tokens[1:])))


def document(title: str | None, body: str | None, keywords: str | None = None, venue: str | None = None) -> str:
    """The text a paper is ranked by: its title, abstract or snippet, keywords and venue, one per line; empty
    parts are left out, and a title the body begins with is not counted twice.

    >>> document("Wilson disease", "Wilson disease: a review of ...", None, "Lancet")
    'Wilson disease: a review of ...\nLancet'
    """
    if title and body and body.casefold().startswith(title.casefold()):
        title = None
    return "\n".join(p for p in (title, body, keywords, venue) if p)


class Vectors(NamedTuple):
    """Each text as its shared terms (ids into ``names``, in the order the text first has them) and their
    weights, unit length over all its terms."""

    docs: tuple[tuple[tuple[int, ...], tuple[float, ...]], ...]
    names: tuple[str, ...]


def vectorize(texts: Sequence[str]) -> Vectors:
    """TF-IDF with a sub-linear term count and a smoothed IDF, each vector of unit length (scikit-learn's
    TfidfVectorizer with sublinear_tf). A term in one text only is kept in its length but not stored: it can
    make that text like no other. (Each text's terms go through map and compress, not a Python loop per
    term: this is the loop every ranked view runs over every paper.)"""
    counts = [Counter(terms(t)) for t in texts]
    df = Counter(chain.from_iterable(counts))
    n = len(texts)
    ceiling = MAX_DF * n
    names = tuple(sorted(t for t, d in df.items() if 1 < d <= ceiling))
    index = dict(zip(names, range(1, len(names) + 1)))  # from 1: an id is never false
    idf = [0.0, *(math.log((1 + n) / (1 + df[t])) + 1.0 for t in names)]
    once = (math.log((1 + n) / 2) + 1.0) ** 2  # the squared IDF of a term in one text
    common = frozenset(t for t, d in df.items() if d > ceiling)
    tf = [0.0, *(1.0 + math.log(k) for k in range(1, max((max(c.values(), default=1) for c in counts), default=1) + 1))]
    get, weight_of, idf_of = index.get, tf.__getitem__, idf.__getitem__
    docs = []
    for c in counts:
        found = list(map(get, c))
        tfs = list(map(weight_of, c.values()))
        ids, kept = list(compress(found, found)), list(compress(tfs, found))
        weights = list(map(mul, kept, map(idf_of, ids)))
        dropped = sum(tf[c[t]] ** 2 for t in common.intersection(c))
        alone = sum(map(mul, tfs, tfs)) - sum(map(mul, kept, kept)) - dropped
        norm = math.sqrt(sum(map(mul, weights, weights)) + max(alone, 0.0) * once) or 1.0
        docs.append((tuple(map(sub, ids, repeat(1))), tuple(map(mul, weights, repeat(1.0 / norm, len(ids))))))
    return Vectors(tuple(docs), names)


def postings(vectors: Vectors) -> list[tuple[list[int], list[float]]]:
    """For each term, the texts holding it and its weight in each: what finds the papers a decision changes."""
    found: list[tuple[list[int], list[float]]] = [([], []) for _ in vectors.names]
    for number, (ids, weights) in enumerate(vectors.docs):
        for i, w in zip(ids, weights):
            papers, values = found[i]
            papers.append(number)
            values.append(w)
    return found
