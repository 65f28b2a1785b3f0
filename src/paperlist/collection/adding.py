"""A collection that remembers: adding lists and regrouping only the papers they touch (store + core)."""

from __future__ import annotations

import hashlib
from array import array
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor

from paperlist.collection.keys import PrefixTokens, derive_order, key_number, needs_order
from paperlist.collection.papers import assign_papers
from paperlist.collection.store import Store
from paperlist.forked import compute_aside
from paperlist.match.dupes import DEFAULT_THRESHOLD, MIN_PREFIX_WORDS
from paperlist.match.identity import doi_key, earlier_identities, text_identity, title_words
from paperlist.match.normalize import match_key
from paperlist.model import ReadingList, Record, Snippet

FORK_TEXTS = 20_000  # a first add of this many texts computes its token index in a forked child


class AddReport:
    """What one ``add`` changed, counted as it goes."""

    __slots__ = ("joined_known", "known_lists", "new_lists", "new_papers", "new_snippets", "returned")

    def __init__(self) -> None:
        self.new_lists = self.known_lists = self.new_snippets = self.new_papers = self.joined_known = 0
        self.returned = 0  # of the new papers, those back under the id they had before their list was removed


class _Placed:
    """New lists' snippets placed on texts, known or new; their rows are made as they are written."""

    __slots__ = ("about", "cut_known", "keys", "lists", "new_texts", "snippets", "texts")

    def __init__(self) -> None:
        self.snippets: list[Snippet] = []
        self.keys: list[str] = []
        self.texts: list[int] = []  # each snippet's text
        self.lists = array("q")  # each snippet's list
        self.about: dict[Record, tuple] = {}  # each record's columns, made once
        self.new_texts: dict[str, tuple[int, bool]] = {}  # identity -> (text id, any copy cut)
        self.cut_known: dict[int, str] = {}  # known texts seen cut now -> their identity

    def snippet_rows(self) -> Iterator[tuple]:
        """The rows that record the snippets, made one at a time: a mailbox's million rows are never all held."""
        for list_id, s, text_id in zip(self.lists, self.snippets, self.texts):
            if s.record is None:
                yield Store.snippet_row(list_id, s, text_id)
            else:
                yield Store.snippet_row(list_id, s, text_id, self.about[s.record])

    def text_ids(self) -> dict[tuple[str, Record | None], int]:
        """Each snippet's text, by its words and record: one entry per distinct pair (equal pairs, one identity)."""
        return dict(zip(((s.text, s.record) for s in self.snippets), self.texts))


def list_hash(rl: ReadingList) -> str:
    """A list is known by its content: seed title and snippet texts, in order."""
    digest = hashlib.sha1((rl.seed_title or "").encode("utf-8", "surrogatepass"))
    for s in rl.snippets:
        digest.update(b"\x00" + s.text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


class Collection:
    """Grouping rules live in the core; this keeps the stored papers equal to a full run over everything added."""

    def __init__(self, store: Store, threshold: float = DEFAULT_THRESHOLD, min_words: int = MIN_PREFIX_WORDS) -> None:
        self.store, self.threshold, self.min_words = store, threshold, min_words
        self.order_texts = 0
        self.prefixes = PrefixTokens(threshold)

    def _load_order(self) -> None:
        """The prefix order as stored now: read inside the transaction, since another add may have changed it."""
        classes, self.order_texts = self.store.token_order()
        if classes != self.prefixes.classes:
            self.prefixes = PrefixTokens(self.threshold, classes)

    def add(self, lists: Sequence[ReadingList]) -> AddReport:
        """Record new lists and their snippets, then regroup what they touch; call inside a transaction.

        Rows are written in bulk, each table once per add (the token index sorted: appending to a
        B-tree in order is several times faster than inserting at random).
        """
        report = AddReport()
        self._load_order()
        ids_before = self.store.next_paper_id()
        oldest_before = self.store.max_text_id()
        fresh: list[tuple[ReadingList, str]] = []
        for rl in lists:
            content = list_hash(rl)
            if self.store.known_list(content, rl.path):
                report.known_lists += 1
            else:
                fresh.append((rl, content))
        placed = self._place(fresh, oldest_before)
        if self.store.has_retired():
            renamed: dict[int, set[int]] = {}
            for key in placed.new_texts:
                for earlier in earlier_identities(key):
                    renamed.setdefault(key_number(earlier), set()).add(key_number(key))
            self.store.adopt_retired(renamed)
        keys = {text_id: (key, cut) for key, (text_id, cut) in placed.new_texts.items()}
        indexed = self._new_order(keys, oldest_before) if needs_order(self.order_texts, oldest_before + len(keys)) else {}
        # A known text now seen cut compares without its last word: its prefix for that is indexed too.
        keys.update({text_id: (key, True) for text_id, key in placed.cut_known.items()})
        indexed.update(keys)
        prefix = self.prefixes.prefix

        def token_rows() -> array:
            return self.store.token_rows((text_id, prefix(key, cut)[0]) for text_id, (key, cut) in indexed.items())
        text_rows = self.store.text_rows(sorted((text_id, key, cut) for key, (text_id, cut) in placed.new_texts.items()))
        if oldest_before == 0:
            if len(indexed) >= FORK_TEXTS:  # computed on the second core while this one groups
                assignment = self._build(placed, text_rows, compute_aside(token_rows))
            else:
                rows = token_rows()
                assignment = self._build(placed, text_rows, lambda: rows)
        else:
            self.store.insert_text_rows(text_rows)
            self.store.mark_truncated(placed.cut_known)
            self.store.add_snippets(placed.snippet_rows())
            self.store.insert_token_rows(token_rows())
            assignment = self._regroup(set(placed.texts), keys)
        papers = {assignment[t] for t in placed.texts}
        oldest = self.store.oldest_text_of_papers(papers) if oldest_before else {}
        held = {p for p, first in oldest.items() if first <= oldest_before}
        report.new_lists = len(fresh)
        report.new_snippets = len(placed.texts)
        report.new_papers = len(papers - held)
        report.returned = sum(p < ids_before for p in papers - held)
        report.joined_known = sum(assignment[t] in held for t in placed.texts)
        return report

    def _new_order(self, new: dict[int, tuple[str, bool]], oldest_before: int) -> dict[int, tuple[str, bool]]:
        """Derive the prefix order again (stored_keys.needs_order) from the stored and the new texts;
        returns the stored texts, whose prefixes are then indexed again."""
        stored = self.store.keys_of(self.store.all_texts()) if oldest_before else {}
        classes = derive_order({**stored, **new}, self.threshold)
        self.order_texts = len(stored) + len(new)
        self.store.set_token_order(classes, self.order_texts)
        self.store.clear_tokens()
        self.prefixes = PrefixTokens(self.threshold, classes)
        return stored

    def _place(self, fresh: list[tuple[ReadingList, str]], oldest_before: int) -> _Placed:
        """Record the new lists and place each snippet on a known text (same key) or a new one."""
        # A mailbox re-sends the same texts and records: each is folded and described once, and its copies share it.
        folded: dict[str, str] = {}
        for rl, _ in fresh:
            for s in rl.snippets:
                if s.text not in folded:
                    folded[s.text] = match_key(s.text)
        known = self.store.text_ids_of_keys({text_identity(folded[s.text], s.record) for rl, _ in fresh
                                             for s in rl.snippets} - {""}) if oldest_before else {}
        placed = _Placed()
        new_texts, about = placed.new_texts, placed.about
        next_id = oldest_before + 1
        versions = self.store.list_versions()
        for rl, content in fresh:
            list_id = self.store.add_list(rl, content, versions)
            for s in rl.snippets:
                key = folded[s.text]
                if not key:
                    continue
                identity = text_identity(key, s.record)  # the key itself, unless read by a title alone
                if identity in known:
                    text_id = known[identity]
                    if s.truncated:
                        placed.cut_known[text_id] = identity
                elif identity in new_texts:
                    text_id, truncated = new_texts[identity]
                    new_texts[identity] = (text_id, truncated or s.truncated)
                else:
                    text_id, next_id = next_id, next_id + 1
                    new_texts[identity] = (text_id, s.truncated)
                if s.record is not None and s.record not in about:
                    about[s.record] = self.store.record_columns(
                        s.record, " ".join(title_words(s.record)) or None, doi_key(s.record.doi))
                placed.lists.append(list_id)
                placed.snippets.append(s)
                placed.keys.append(key)
                placed.texts.append(text_id)
        return placed

    def _build(self, placed: _Placed, text_rows: list[tuple], token_rows: Callable[[], array]) -> dict[int, int]:
        """A new collection: the snippets at hand are grouped as `dupes` would, without reading them
        back, while a second thread writes the rows (SQLite works without the GIL) and the token
        rows as soon as ``token_rows`` gives them."""
        not_same = self.store.not_same()
        self.store.defer_references()  # the snippets may go in before their texts
        with ThreadPoolExecutor(1) as writer:
            written = [writer.submit(self.store.insert_text_rows, text_rows),
                       writer.submit(self.store.add_snippets, placed.snippet_rows()),
                       writer.submit(lambda: self.store.insert_token_rows(token_rows()))]
            # Every list may have been removed before: its papers come back under their ids, and no id is reused.
            old = self.store.retired_papers_of_fingerprints(
                {t: key_number(key) for key, (t, _) in placed.new_texts.items()}) if self.store.has_retired() else {}
            assignment = self._papers(placed.snippets, placed.text_ids(), set(placed.texts), not_same, old,
                                      self.store.next_paper_id(), placed.keys)
            for done in written:
                done.result()
        self.store.set_papers(assignment)
        return assignment

    def regroup(self, seeds: set[int]) -> dict[int, int]:
        """Recompute the papers of every text a change to the seeds can reach (inside a transaction)."""
        self._load_order()
        return self._regroup(seeds, None)

    def _regroup(self, seeds: set[int], keys: dict[int, tuple[str, bool]] | None) -> dict[int, int]:
        """Recompute the papers of every text a change can reach, with the core's own rules.

        ``keys`` holds the seeds' keys when the caller has them. When the seeds are a large part of
        the collection, finding what they reach costs more than regrouping everything, which is
        exact by definition. Returns the new paper of every text regrouped.
        """
        total = self.store.max_text_id()  # text ids are dense but for the texts of removed lists
        texts = self.store.all_texts() if len(seeds) * 4 >= total else self._reach(seeds, keys)
        if not texts:
            return {}
        rows = self.store.snippets_of_texts(texts)
        old = self.store.paper_of_texts(texts)  # papers before the change: their ids are kept where possible
        if self.store.has_retired():  # a text removed with its list and now back: its paper's id again
            old.update(self.store.retired_papers(t for t in texts if t not in old))
        assignment = self._papers([s for _, s in rows], {(s.text, s.record): t for t, s in rows}, texts,
                                  self.store.not_same(), old, self.store.next_paper_id())
        self.store.set_papers(assignment)
        return assignment

    def _papers(self, snippets: list, text_of: dict[tuple[str, Record | None], int], texts: set[int],
                not_same: set[frozenset[str]], old: dict[int, int], next_id: int,
                keys: list[str] | None = None) -> dict[int, int]:
        return assign_papers(snippets, text_of, texts, not_same, old, next_id, self.threshold, self.min_words, keys)

    def _reach(self, seeds: set[int], keys: dict[int, tuple[str, bool]] | None) -> set[int]:
        """The seeds, every text they could link to, the whole papers of those, and every text that
        opens like any of them (a cut that opens one more text may become ambiguous), until nothing
        more is added."""
        reached = seeds | self._candidates(seeds, keys)
        frontier = set(reached)
        while frontier:
            added = self.store.texts_of_papers(self.store.papers_of_texts(frontier))
            added |= self.store.texts_opening_like(frontier)
            frontier = added - reached
            reached |= frontier
        return reached

    def _candidates(self, seeds: set[int], keys: dict[int, tuple[str, bool]] | None) -> set[int]:
        """Texts the core could link to a seed through near words (they share two prefix tokens,
        see stored_keys) or through a record (DOI, Scholar id or title)."""
        keys = dict(keys or {})
        keys.update(self.store.keys_of(seeds - keys.keys()))  # only the seeds the caller had no key for
        probes = [self.prefixes.prefix(*keys[text_id]) for text_id in sorted(seeds)]
        found = self.store.texts_sharing_tokens(probe for probe in probes if probe[0])
        records = [s.record for _, s in self.store.snippets_of_texts(seeds) if s.record]
        dois = [d for r in records if (d := doi_key(r.doi))]
        scholar = [r.scholar_id for r in records if r.scholar_id]
        titles = [" ".join(title_words(r)) for r in records if title_words(r)]
        if dois or scholar or titles:
            found |= self.store.texts_with_records(dois, scholar, titles)
        return found

    def remove(self, lists: Sequence[int]) -> tuple[int, set[int], set[int]]:
        """Take lists out and regroup what is left of the papers they touched (a removed copy may have been
        what joined two); call inside a transaction. Returns the snippets removed, the papers gone and the
        papers that lost a copy."""
        self._load_order()
        removed, gone, left = self.store.remove_lists(lists)
        touched = set(self._regroup(left, None).values()) if left else set()
        return removed, gone, touched

    def resolve(self, ref: str) -> int | None:
        """The paper of a snippet fingerprint (16 hex digits), or a paper id (``p`` and up to 18 digits)."""
        if len(ref) == 16 and all(c in "0123456789abcdefABCDEF" for c in ref):
            return self.store.paper_of_fingerprint(ref.lower())
        number = ref[1:] if ref[:1] in ("p", "P") else ""
        if number.isascii() and number.isdigit() and len(number) <= 18:
            return int(number) if self.store.fingerprints_of_paper(int(number)) else None
        return None
