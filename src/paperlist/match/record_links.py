"""Grouping snippets that carry records: metadata as evidence for and against joining two texts (pure).

Snippets without records are matched by their text alone (``dupes``). Where both sides of a candidate link
carry records, the record comparison (``identity.compare``) decides: a conflict keeps them apart whatever
their texts say, a title alone never joins, and a borderline pair becomes a ``maybe`` link. Copies of one
text are split where their records conflict ("Editorial" in 114 journals is 114 papers), and no two groups
are joined when any record of one conflicts with any record of the other (a chain through a snippet without
metadata cannot join two papers).
"""

from __future__ import annotations

import heapq
from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from itertools import combinations, islice

from paperlist.match.identity import (
    RecordKey,
    Verdict,
    compare,
    conflicting,
    place_of,
    record_key,
)
from paperlist.model import Record, Snippet

MAX_TITLE_BUCKET = 200  # records sharing one title beyond this are compared to the first only (bounded work)
# Bounded work for a text copied thousands of times with different records: the parts a copy is compared with
# beyond those known to refuse its record, and the distinct records a part keeps to compare the next copies with.
# Below them the split is exact; real exports stay far below ("Editorial" in 114 journals is 114 parts).
MAX_PARTS_TRIED = 1000
MAX_PART_KEYS = 1000
MIN_TEXT_JACCARD = 0.2  # bigram overlap at which two abstracts under one title agree
TITLE_ENDS = 4  # words at each end of a title that find records whose titles differ elsewhere


class Partitioned:
    """Each distinct text's members split by their records, and the record keys of each part."""

    __slots__ = ("keys", "maybe", "members", "records", "title_only", "unsure")

    def __init__(self) -> None:
        self.members: list[tuple[int, ...]] = []
        self.keys: list[str] = []
        self.records: list[list[RecordKey]] = []  # the distinct record keys of each part
        self.title_only: list[bool] = []
        self.unsure: list[bool] = []  # copies of one title and one record that neither agree nor conflict
        self.maybe: list[tuple[int, int, Verdict]] = []  # parts of one text to look at


def joins_part(key: RecordKey, part: Sequence[RecordKey], title_only: bool) -> tuple[bool, Verdict | None]:
    """Whether a copy with record ``key`` belongs with the copies in ``part`` (same text): an identical
    abstract joins unless the records conflict; an identical title only when the records agree."""
    worst: Verdict | None = None
    for other in part:
        verdict = compare(key, other, texts_agree=not title_only)
        if verdict.decision == "different" or (title_only and verdict.decision != "same"):
            return False, verdict
        worst = worst or verdict
    return True, worst


class _Blocks:
    """The parts of one text by the surnames of their first record. A part whose first record conflicts with a
    copy's refuses it, and two records that both carry authors conflict when no surname is shared (unless they
    share a DOI): a copy with authors is tried against the other parts only, in order, so "Editorial" by
    thousands of people costs the parts that could be one paper, not all of them."""

    def __init__(self) -> None:
        self.by_name: dict[str, list[int]] = {}
        self.by_doi: dict[str, list[int]] = {}
        self.nameless: list[int] = []  # parts whose first record has no authors (or no record yet)

    def add(self, n: int, key: RecordKey | None) -> None:
        """Index part ``n`` by its first record's key (None: a part opened by a copy without a record)."""
        if key is not None and key.authors:
            for name in set().union(*key.authors):
                self.by_name.setdefault(name, []).append(n)
        else:
            self.nameless.append(n)
        if key is not None and key.doi:
            self.by_doi.setdefault(key.doi, []).append(n)

    def candidates(self, key: RecordKey, start: int, size: int) -> Iterator[int]:
        """The parts from ``start`` on that ``key`` does not conflict with at first sight, in order."""
        if not key.authors:
            yield from range(start, size)
            return
        lists = [self.by_name.get(name, []) for name in set().union(*key.authors)] + [self.nameless]
        if key.doi:
            lists.append(self.by_doi.get(key.doi, []))
        last = -1
        for n in heapq.merge(*(islice(found, bisect_left(found, start), None) for found in lists if found)):
            if n != last:
                yield n
                last = n


def split_by_records(snippets: Sequence[Snippet], groups: Sequence[tuple[int, ...]], texts: Sequence[str],
                     keys: Sequence[RecordKey | None]) -> Partitioned:
    """Split each group of identical texts into parts whose records do not conflict, in first-seen order.

    A copy without a record joins the first part. ``keys``: each snippet's record key, None without a record.
    """
    out = Partitioned()
    for members, text in zip(groups, texts):
        title_only = any(snippets[i].record is not None and snippets[i].record.title_only for i in members)
        parts: list[list[int]] = []
        part_keys: list[list[RecordKey]] = []
        blocks = _Blocks()
        first_part = len(out.members)
        # A part that refused a record key refuses it for good, with the same verdict (keys are only appended,
        # and the first that refuses stays first): a copy with a key seen before starts after those parts.
        refusing: dict[RecordKey, tuple[int, list[tuple[int, Verdict]]]] = {}
        # Copies of a title whose record says too little to tell papers apart ("Editorial", a bare title): one
        # part, unsure, shown as maybe the same paper; a part for each made every two of them a maybe pair.
        key_part: dict[RecordKey, int] = {}  # in a title-only text, the part each key started
        interchangeable: dict[RecordKey, bool] = {}  # ... and whether its copies neither agree nor conflict
        unsure: set[int] = set()
        for i in members:
            key = keys[i]
            target = 0 if parts and key is None else None
            maybes: list[tuple[int, Verdict]] = []
            if key is not None:
                start, known = refusing.get(key, (0, []))
                maybes = list(known)
                end = len(part_keys)
                for tried, n in enumerate(blocks.candidates(key, start, len(part_keys))):
                    if tried == MAX_PARTS_TRIED:
                        end = n
                        break
                    fits, verdict = joins_part(key, part_keys[n], title_only)
                    if fits:
                        target = n
                        break
                    if verdict is not None and verdict.decision == "maybe":
                        maybes.append((n, verdict))
                refusing[key] = (end if target is None else target, maybes)
            if target is None and key is not None and key in key_part:
                if key not in interchangeable:  # refused by its own copy's part: too little to tell papers apart
                    interchangeable[key] = compare(key, key).decision != "same"
                if interchangeable[key]:
                    target = key_part[key]
                    unsure.add(target)
            if target is None:
                parts.append([])
                part_keys.append([])
                target = len(parts) - 1
                blocks.add(target, key)
                out.maybe.extend((first_part + n, first_part + target, v) for n, v in maybes)
                if title_only and key is not None:
                    key_part[key] = target
            parts[target].append(i)
            if key is not None and len(part_keys[target]) < MAX_PART_KEYS and key not in part_keys[target]:
                part_keys[target].append(key)
        for n, (part, found) in enumerate(zip(parts, part_keys)):
            out.members.append(members if len(parts) == 1 else tuple(part))  # one part: the group as it was
            out.keys.append(text)
            out.records.append(found)
            out.title_only.append(title_only)
            out.unsure.append(n in unsure)
    return out


def judge(a: Sequence[RecordKey], b: Sequence[RecordKey], texts_agree: bool) -> Verdict | None:
    """The verdict on joining two texts by their records: ``different`` if any two conflict, else the most
    confident of their comparisons; None when one side has no record (the text rules decide)."""
    if not a or not b:
        return None
    best: Verdict | None = None
    order = {"same": 0, "maybe": 1, "unknown": 2}
    for x in a:
        for y in b:
            verdict = compare(x, y, texts_agree)
            if verdict.decision == "different":
                return verdict
            if best is None or order[verdict.decision] < order[best.decision]:
                best = verdict
    return best


def link_decision(verdict: Verdict | None, records_decide: bool) -> str:
    """"link", "maybe" or "drop" for a link whose records gave ``verdict``. Where the records must make the
    case (``records_decide``: the texts are titles, or the link came from a shared title or DOI) they must
    agree; a link between two abstracts stands unless the records conflict."""
    if verdict is None:
        return "link"
    if verdict.decision == "different":
        return "drop"
    if verdict.decision == "same" or not records_decide:
        return "link"
    return "maybe" if verdict.decision == "maybe" else "drop"


def candidate_pairs(records: Iterable[Sequence[Record]], parts: Sequence[Sequence[RecordKey]]) -> list[tuple[int, int, str]]:
    """Pairs of distinct texts that share a DOI, a Scholar cluster, a database id, a title or a place (volume,
    pages and year: identity.place_of), each with what they share.
    ``records``: each text's records, read once (a generator holds one text's at a time)."""
    # One bucket per kind, keyed by the value itself; a bucket of one text is its number, not a list: most titles
    # are nobody else's, and a set, a string and a list for each of them made the peak of grouping tiny records.
    buckets: dict[str, dict[str, int | list[int]]] = {kind: {} for kind in ("doi", "scholar", "database", "title",
                                                                           "opens", "ends", "place")}
    for k, (text_records, keys) in enumerate(zip(records, parts)):
        for key in keys:
            if (place := place_of(key)) is not None:
                _bucket(buckets["place"], place, k)
            if key.doi:
                _bucket(buckets["doi"], key.doi, k)
            if key.database_id:
                _bucket(buckets["database"], key.database_id, k)
            if key.title:
                _bucket(buckets["title"], key.title, k)
                # Titles that differ by a typo, a subtitle or a section label share their first or last words.
                if key.title_words == TITLE_ENDS:  # both ends are the title: no second copy of it
                    _bucket(buckets["opens"], key.title, k)
                    _bucket(buckets["ends"], key.title, k)
                elif key.title_words > TITLE_ENDS:
                    words = key.title.split()
                    _bucket(buckets["opens"], " ".join(words[:TITLE_ENDS]), k)
                    _bucket(buckets["ends"], " ".join(words[-TITLE_ENDS:]), k)
        for r in text_records:
            if r.scholar_id:
                _bucket(buckets["scholar"], r.scholar_id, k)
    pairs: dict[tuple[int, int], str] = {}
    for name, kept in buckets.items():
        kind = "identifier" if name in ("doi", "scholar", "database") else "pages" if name == "place" else "title"
        for texts in kept.values():
            if isinstance(texts, int):
                continue
            found = combinations(texts, 2) if len(texts) <= MAX_TITLE_BUCKET else ((texts[0], k) for k in texts[1:])
            for a, b in found:
                if kind == "pages":  # the last bucket: it names only the pairs no other found
                    pairs.setdefault((a, b), kind)
                elif pairs.get((a, b)) != "identifier":
                    pairs[(a, b)] = kind
    return sorted((a, b, kind) for (a, b), kind in pairs.items())


def _bucket(bucket: dict[str, int | list[int]], value: str, k: int) -> None:
    """Text ``k`` into the bucket of ``value``, once (a text's records come together)."""
    found = bucket.get(value)
    if found is None:
        bucket[value] = k
    elif isinstance(found, int):
        if found != k:
            bucket[value] = [found, k]
    elif found[-1] != k:
        found.append(k)


class Components:
    """Union-find over distinct texts; ``apart``: texts the user said are different papers (each text -> the texts
    it must not join), whose components are never joined, whatever chain of links runs between them."""

    def __init__(self, size: int, apart: dict[int, set[int]] | None = None) -> None:
        self.parent = list(range(size))
        self.apart = {k: set(v) for k, v in apart.items()} if apart else {}  # root -> texts its members refuse

    def refused(self, ra: int, rb: int) -> bool:
        """Whether a member of root ``ra``'s component was said to differ from a member of ``rb``'s."""
        return any(self.find(k) == rb for k in self.apart.get(ra, ()))

    def _joined(self, root: int, other: int) -> None:
        self.parent[other] = root
        if other in self.apart:
            self.apart.setdefault(root, set()).update(self.apart.pop(other))

    def find(self, k: int) -> int:
        while self.parent[k] != k:
            self.parent[k] = self.parent[self.parent[k]]
            k = self.parent[k]
        return k

    def union(self, a: int, b: int) -> bool:
        """Join the components of ``a`` and ``b`` unless they are one already or said to differ; whether this
        joined them."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb or (self.apart and self.refused(ra, rb)):  # no call per union without pairs
            return False
        self._joined(min(ra, rb), max(ra, rb))
        return True


class Constraints(Components):
    """Union-find over texts that never joins two components whose records conflict."""

    def __init__(self, parts: Sequence[Sequence[RecordKey]], apart: dict[int, set[int]] | None = None) -> None:
        super().__init__(len(parts), apart)
        self.parts = parts
        self.joined: dict[int, list[RecordKey]] = {}  # the keys of each root that took in another component

    def union(self, a: int, b: int) -> bool:
        """Join the components of ``a`` and ``b`` unless they are one already or their records conflict; whether
        this link joined them (a group's kind then names the evidence it needed)."""
        ra, rb = self.find(a), self.find(b)
        if ra == rb or (self.apart and self.refused(ra, rb)):  # no call per union without pairs
            return False
        first, second = self._keys(ra), self._keys(rb)
        if any(conflicting(x, y) for x in first for y in second):
            return False
        root, other = min(ra, rb), max(ra, rb)
        self._joined(root, other)
        if first or second:
            self.joined[root] = list(first) + [k for k in second if k not in first] if root == ra else \
                list(second) + [k for k in first if k not in second]
        self.joined.pop(other, None)
        return True

    def _keys(self, root: int) -> Sequence[RecordKey]:
        return self.joined.get(root, self.parts[root])


def record_keys(snippets: Sequence[Snippet], groups: Sequence[Sequence[int]],
                texts: Sequence[str]) -> list[RecordKey | None]:
    """The record key of each snippet in ``groups`` (the snippets of each of ``texts``; None without a record),
    computed once for copies of one record. A title folded to its text's match key keeps that string: a record
    read by its title alone holds one copy of it, not two."""
    cache: dict[Record, RecordKey] = {}
    keys: list[RecordKey | None] = [None] * len(snippets)
    for members, text in zip(groups, texts):
        for i in members:
            record = snippets[i].record
            if record is not None:
                key = cache.get(record)
                if key is None:
                    key = cache[record] = record_key(record, text)
                keys[i] = key
    return keys

