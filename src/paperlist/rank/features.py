"""Texts -> TF-IDF vectors over words and word pairs, with the postings that find the papers sharing a term (pure)."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

_TOKEN_RE = re.compile(r"[^\W_]{2,}")
MAX_DF = 0.95  # a term in nearly every paper tells none apart (as ASReview's TF-IDF: max_df 0.95)


def terms(text: str) -> list[str]:
    """The words of two or more letters or digits, lower-cased, and each pair of neighbouring words.

    >>> terms("Wilson's disease: a review")
    ['wilson', 'disease', 'review', 'wilson disease', 'disease review']
    """
    tokens = _TOKEN_RE.findall(text.lower())
    return tokens + [f"{a} {b}" for a, b in zip(tokens, tokens[1:])]


def document(title: str | None, body: str | None, keywords: str | None = None, venue: str | None = None) -> str:
    """The text a paper is ranked by: its title, abstract or snippet, keywords and venue, one per line; empty
    parts are left out, and a title the body begins with is not counted twice.

    >>> document("Wilson disease", "Wilson disease: a review of ...", None, "Lancet")
    'Wilson disease: a review of ...\nLancet'
    """
    if title and body and body.casefold().startswith(title.casefold()):
        title = None
    return "\n".join(p for p in (title, body, keywords, venue) if p)


@dataclass(frozen=True, slots=True)
class Vectors:
    """Each text as its shared terms (ids into ``names``) and their weights, unit length over all its terms; and
    for each term the texts holding it (``postings``: parallel tuples of text numbers and weights)."""

    docs: tuple[tuple[tuple[int, ...], tuple[float, ...]], ...]
    names: tuple[str, ...]
    postings: tuple[tuple[tuple[int, ...], tuple[float, ...]], ...]


def vectorize(texts: Sequence[str]) -> Vectors:
    """TF-IDF with a sub-linear term count and a smoothed IDF, each vector of unit length (scikit-learn's
    TfidfVectorizer with sublinear_tf). A term in one text only is kept in its length but not stored: it can
    make that text like no other."""
    counts = [Counter(terms(t)) for t in texts]
    df: Counter[str] = Counter()
    for c in counts:
        df.update(c.keys())
    n = len(texts)
    idf = {t: math.log((1 + n) / (1 + d)) + 1.0 for t, d in df.items() if d <= MAX_DF * n}
    ids = {t: i for i, t in enumerate(sorted(t for t in idf if df[t] > 1))}
    docs = []
    lists: list[tuple[list[int], list[float]]] = [([], []) for _ in ids]
    for number, c in enumerate(counts):
        weights = {t: (1.0 + math.log(k)) * idf[t] for t, k in c.items() if t in idf}
        norm = math.sqrt(sum(w * w for w in weights.values())) or 1.0
        kept = sorted((ids[t], w / norm) for t, w in weights.items() if t in ids)
        docs.append((tuple(i for i, _ in kept), tuple(w for _, w in kept)))
        for i, w in kept:
            lists[i][0].append(number)
            lists[i][1].append(w)
    names = tuple(sorted(ids, key=ids.__getitem__))
    return Vectors(tuple(docs), names, tuple((tuple(d), tuple(w)) for d, w in lists))
