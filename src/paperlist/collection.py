"""A collection that remembers: adding lists and regrouping only the papers they touch (store + core)."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from paperlist.dupes import DEFAULT_THRESHOLD, MIN_PREFIX_WORDS, NEAR_MIN_WORDS, search_duplicates
from paperlist.identity import doi_key, title_words
from paperlist.model import ReadingList
from paperlist.normalize import match_key
from paperlist.store import Store


@dataclass
class AddReport:
    """What one ``add`` changed."""

    new_lists: int = 0
    known_lists: int = 0
    new_snippets: int = 0
    new_papers: int = 0
    joined_known: int = 0
    new_paper_ids: list[int] = field(default_factory=list)
    known: list[tuple[int, int]] = field(default_factory=list)  # (paper, snippet index in the input) already held


def list_hash(rl: ReadingList) -> str:
    """A list is known by its content: seed title and snippet texts, in order."""
    digest = hashlib.sha1((rl.seed_title or "").encode("utf-8", "surrogatepass"))
    for s in rl.snippets:
        digest.update(b"\x00" + s.text.encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


def bigram_tokens(key: str, truncated: bool) -> list[int]:
    """The word bigrams the near search compares, as 31-bit integers (see dupes.near_sets)."""
    words = key.split(" ")
    if len(words) < NEAR_MIN_WORDS:
        return []
    if truncated:
        words.pop()
    # 31 bits keep the index small; two bigrams that share a token only add a candidate, which the core
    # then compares on the real texts, so a collision can never join or split papers.
    return sorted({int.from_bytes(hashlib.blake2b(f"{a} {b}".encode(), digest_size=4).digest(), "big") >> 1
                   for a, b in zip(words, words[1:])})


def _opening_keys(key: str, min_words: int) -> list[str]:
    """Every character prefix of a key that holds at least ``min_words`` words: texts that may open it."""
    positions = [i for i, char in enumerate(key) if char == " "]
    if len(positions) + 1 < min_words:
        return []
    start = positions[min_words - 2] + 1 if min_words > 1 else 1
    return [key[:end] for end in range(start, len(key))]


class Collection:
    """Grouping rules live in the core; this keeps the stored papers equal to a full run over everything added."""

    def __init__(self, store: Store, threshold: float = DEFAULT_THRESHOLD, min_words: int = MIN_PREFIX_WORDS) -> None:
        self.store, self.threshold, self.min_words = store, threshold, min_words

    def add(self, lists: Sequence[ReadingList]) -> AddReport:
        """Record new lists and their snippets, then regroup what they touch; call inside a transaction.

        Rows are written in bulk: each table once per add, the bigram index sorted by token
        (appending to a B-tree in order is several times faster than inserting at random).
        """
        report = AddReport()
        oldest_before = self.store.max_text_id()
        fresh: list[tuple[ReadingList, str]] = []
        for rl in lists:
            content = list_hash(rl)
            if self.store.known_list(content, rl.path):
                report.known_lists += 1
            else:
                fresh.append((rl, content))
        keyed = [(rl, content, [(s, match_key(s.text)) for s in rl.snippets]) for rl, content in fresh]
        known = self.store.text_ids_of_keys(sorted({k for _, _, pairs in keyed for _, k in pairs if k}))
        new_texts: dict[str, tuple[int, bool]] = {}
        next_id = oldest_before + 1
        cut_known: set[int] = set()
        snippet_rows: list[tuple] = []
        placed: list[int] = []
        for rl, content, pairs in keyed:
            list_id = self.store.add_list(rl, content)
            report.new_lists += 1
            for s, key in pairs:
                if not key:
                    continue
                if key in known:
                    text_id = known[key]
                    if s.truncated:
                        cut_known.add(text_id)
                elif key in new_texts:
                    text_id, truncated = new_texts[key]
                    new_texts[key] = (text_id, truncated or s.truncated)
                else:
                    text_id, next_id = next_id, next_id + 1
                    new_texts[key] = (text_id, s.truncated)
                title = " ".join(title_words(s.record)) or None
                snippet_rows.append(self.store.snippet_row(list_id, s, text_id, title,
                                                           doi_key(s.record.doi) if s.record else None))
                placed.append(text_id)
        tokens = sorted((token, text_id) for key, (text_id, cut) in new_texts.items()
                        for token in bigram_tokens(key, cut))
        self.store.add_texts(sorted((text_id, key, cut) for key, (text_id, cut) in new_texts.items()))
        self.store.mark_truncated(cut_known)
        self.store.add_snippets(snippet_rows)
        self.store.add_tokens(tokens)
        report.new_snippets = len(placed)
        if oldest_before == 0:
            # A new collection: group the snippets at hand, as `dupes` would, without reading them back.
            snippets = [s for _, _, pairs in keyed for s, key in pairs if key]
            self._assign(snippets, dict(zip(((s.path, s.index) for s in snippets), placed)), set(placed))
        else:
            self.regroup(set(placed))
        paper_of = self.store.paper_of_texts(placed)
        oldest = self.store.oldest_text_of_papers(set(paper_of.values()))
        held = {p for p, first in oldest.items() if first <= oldest_before}
        report.new_paper_ids = sorted(set(paper_of.values()) - held)
        report.new_papers = len(report.new_paper_ids)
        report.joined_known = sum(paper_of[t] in held for t in placed)
        return report

    def regroup(self, seeds: set[int]) -> None:
        """Recompute the papers of every text a change can reach, with the core's own rules.

        When the new texts are a large part of the collection (the first add), finding
        what they reach costs more than regrouping everything, which is exact by definition.
        """
        total = self.store.text_count()
        texts = self.store.all_texts() if len(seeds) * 4 >= total else self._reach(seeds)
        if not texts:
            return
        rows = self.store.snippets_of_texts(texts)
        self._assign([s for _, s in rows], {(s.path, s.index): t for t, s in rows}, texts)

    def _assign(self, snippets: list, text_of: dict[tuple[str, int], int], texts: set[int]) -> None:
        """Group the snippets with the core and store each text's paper (keeping paper ids where it can)."""
        groups, _ = search_duplicates(snippets, self.threshold, None, self.min_words, self.store.not_same())
        old = self.store.paper_of_texts(texts)  # papers before the change: their ids are kept where possible
        assignment: dict[int, int] = {}
        taken: set[int] = set()
        next_id = self.store.next_paper_id()
        for members in [[text_of[(m.path, m.index)] for m in g.members] for g in groups if g.tier == "duplicate"] + \
                [[t] for t in texts]:
            members = [t for t in members if t not in assignment]
            if not members:
                continue
            reuse = sorted(p for p in {old.get(t) for t in members} if p is not None and p not in taken)
            paper = reuse[0] if reuse else next_id
            next_id += not reuse
            taken.add(paper)
            assignment.update(dict.fromkeys(members, paper))
        self.store.set_papers(assignment)

    def _reach(self, seeds: set[int]) -> set[int]:
        """The new texts, every text they could link to, the whole papers of those, and every text any of
        them opens (a cut that opens one more text may become ambiguous), until nothing more is added."""
        reached = set(seeds)
        for seed in seeds:
            reached |= self._candidates(seed)
        frontier = set(reached)
        while frontier:
            added = self.store.texts_of_papers(self.store.papers_of_texts(frontier))
            for text_id, (key, truncated) in self.store.keys_of(frontier).items():
                if key.count(" ") + 1 >= self.min_words:
                    added |= self.store.texts_opened_by(key, truncated)
            frontier = added - reached
            reached |= frontier
        return reached

    def _candidates(self, text_id: int) -> set[int]:
        """Texts the core could link to this one: it opens them or they open it, its rarest bigrams, its records."""
        key, truncated = self.store.text_key(text_id)
        found = self.store.texts_opened_by(key, truncated)
        found |= self.store.texts_with_keys(_opening_keys(key, self.min_words))
        tokens = bigram_tokens(key, truncated)
        if tokens:
            # A pair at the threshold shares a token among this text's |x| - ceil(t|x|) + 1 rarest ones,
            # and every text has all its tokens indexed: so these postings hold every near candidate.
            counts = self.store.token_counts(tokens)
            probe = sorted(tokens, key=lambda t: (counts.get(t, 0), t))
            found |= self.store.texts_with_tokens(probe[:len(tokens) - math.ceil(self.threshold * len(tokens) - 1e-9) + 1])
        rows = self.store.snippets_of_texts([text_id])
        records = [s.record for _, s in rows if s.record]
        dois = [d for r in records if (d := doi_key(r.doi))]
        scholar = [r.scholar_id for r in records if r.scholar_id]
        titles = [" ".join(title_words(r)) for r in records if title_words(r)]
        if dois or scholar or titles:
            found |= self.store.texts_with_records(dois, scholar, titles)
        found.discard(text_id)
        return found

    def resolve(self, ref: str) -> int | None:
        """A paper id, or the paper of a snippet fingerprint (16 hex digits)."""
        if ref.isdigit():
            return int(ref) if self.store.fingerprints_of_paper(int(ref)) else None
        return self.store.paper_of_fingerprint(ref.lower())
