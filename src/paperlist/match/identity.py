"""What records say about identity: same DOI or Scholar cluster, same title, clearly different titles (pure)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import combinations

from paperlist.match.normalize import fold_words
from paperlist.model import Record

MIN_TITLE_WORDS = 4  # "Introduction" or "Editorial" name many papers; a title link needs 4 words
MIN_TITLE_JACCARD = 0.5  # word overlap under which two titles "clearly differ"
MIN_TEXT_JACCARD = 0.2
MAX_TITLE_BUCKET = 50  # bigram overlap under which two abstracts under one title are different papers
_DOI_PREFIX_RE = re.compile(r"(?i)^(?:https?://(?:dx\.)?doi\.org/|doi:)")


def doi_key(doi: str | None) -> str | None:
    """A DOI compared case-insensitively, without a resolver prefix.

    >>> doi_key("https://doi.org/10.1145/ABC.1")
    '10.1145/abc.1'
    """
    return _DOI_PREFIX_RE.sub("", doi.strip()).lower() or None if doi else None


def title_words(record: Record | None) -> tuple[str, ...]:
    """The folded words of a record's title (empty when there is none)."""
    return tuple(fold_words(record.title)) if record and record.title else ()


def _authors_compatible(a: Record, b: Record) -> bool:
    """No author list, or at least one shared name word of three letters or more (lists are often mangled)."""
    if not a.authors or not b.authors:
        return True
    words = lambda r: {w for w in fold_words(r.authors or "") if len(w) >= 3}  # noqa: E731
    return bool(words(a) & words(b)) or not words(a) or not words(b)


def _jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    union = len(a | b)
    return len(a & b) / union if union else 0.0


def _texts_agree(first: int, k: int, keys: Sequence[str], bigrams: Sequence[frozenset[str]],
                 title_only: Sequence[bool]) -> bool:
    """One is only a title, one opens the other, or their word bigrams overlap by MIN_TEXT_JACCARD."""
    if title_only[first] or title_only[k]:
        return True
    a, b = keys[first], keys[k]
    return b.startswith(a) or a.startswith(b) or _jaccard(bigrams[first], bigrams[k]) >= MIN_TEXT_JACCARD


def identity_links(records: Sequence[Sequence[Record]], keys: Sequence[str], bigrams: Sequence[frozenset[str]],
                   title_only: Sequence[bool]) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """Identifier links (same DOI or Scholar cluster id: decisive) and title links between distinct texts.

    ``records[k]`` are the records of text ``k``'s copies. A title link needs the
    same title of at least MIN_TITLE_WORDS words, author lists that share a name,
    and texts that agree: one of them is only a title, one opens the other
    (``keys`` are the folded texts), or their word bigrams overlap by
    MIN_TEXT_JACCARD.
    """
    identifier: list[tuple[int, int]] = []
    titled: list[tuple[int, int]] = []
    by_id: dict[str, int] = {}
    by_title: dict[tuple[str, ...], list[int]] = {}
    for k, text_records in enumerate(records):
        ids = {f"doi:{d}" for r in text_records if (d := doi_key(r.doi))}
        ids |= {f"scholar:{r.scholar_id}" for r in text_records if r.scholar_id}
        for key in sorted(ids):
            first = by_id.setdefault(key, k)
            if first != k:
                identifier.append((first, k))
        titles = {title_words(r) for r in text_records}
        for title in sorted(t for t in titles if len(t) >= MIN_TITLE_WORDS):
            by_title.setdefault(title, []).append(k)
    for title, texts in by_title.items():
        # Every agreeing pair, not each text against the first: the result must not depend on input order.
        # A bucket of more than MAX_TITLE_BUCKET texts (a title many records share) is compared to its first only.
        pairs = combinations(texts, 2) if len(texts) <= MAX_TITLE_BUCKET else ((texts[0], k) for k in texts[1:])
        for first, k in pairs:
            a = next(r for r in records[first] if title_words(r) == title)
            b = next(r for r in records[k] if title_words(r) == title)
            if _texts_agree(first, k, keys, bigrams, title_only) and _authors_compatible(a, b):
                titled.append((first, k))
    return identifier, titled


def titles_differ(a: Sequence[Record], b: Sequence[Record]) -> bool:
    """Both texts carry titles and no title of one shares half its words with a title of the other."""
    first = [set(t) for r in a if (t := title_words(r))]
    second = [set(t) for r in b if (t := title_words(r))]
    if not first or not second:
        return False
    return all(len(x & y) / len(x | y) < MIN_TITLE_JACCARD for x in first for y in second)
