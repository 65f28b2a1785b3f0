"""Exact, truncation and near-duplicate grouping of snippets (pure)."""

from __future__ import annotations

import bisect
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from functools import cache, lru_cache
from itertools import islice
from typing import NamedTuple

from paperlist.match.identity import (
    RecordKey,
    Verdict,
    compare,
    identity_generations,
    snippet_identity,
)
from paperlist.match.normalize import fingerprint, match_key, strip_truncation
from paperlist.match.record_links import (
    MIN_TEXT_JACCARD,
    Components,
    Constraints,
    Partitioned,
    candidate_pairs,
    judge,
    link_decision,
    record_keys,
    split_by_records,
)
from paperlist.match.similarity import search_similar
from paperlist.model import (
    KIND_ORDER,
    DuplicateGroup,
    Kind,
    Pair,
    Snippet,
)

# Distinct arXiv abstracts often share their first 6 or 8 words, rarely 10 (docs/accuracy.md): a cut must
# hold 10 words to stand for a longer text, and texts under 12 words share bigrams by chance.
MIN_PREFIX_WORDS = 10
NEAR_MIN_WORDS = 12
DEFAULT_THRESHOLD = 0.5
# Work bounds of the near search (docs/input.md, "Untrusted input"): a word pair in more than
# max(NEAR_MAX_POSTINGS, texts // NEAR_POSTINGS_SHARE) texts is not indexed (real abstracts never need one),
# and after NEAR_BUDGET + NEAR_BUDGET_PER_TEXT * texts postings the rest is not compared; both are reported.
NEAR_MAX_POSTINGS = 1000
NEAR_POSTINGS_SHARE = 10
NEAR_BUDGET = 2_000_000
NEAR_BUDGET_PER_TEXT = 200
BIGRAM_CACHE = 4096  # texts whose bigram sets are kept while record links are checked
# A bigram of word ids is hash((a, b)): stable across runs for ints, so the search visits texts the same
# way every run; two bigrams collide with odds of about 2**-64 a pair.
Link = tuple[int, int, Kind, float]  # two distinct texts, how they matched, the score


class Corpus(NamedTuple):
    """Snippets folded once: one entry per distinct match key, in first-seen order."""

    snippets: tuple[Snippet, ...]
    keys: tuple[str, ...]
    members: tuple[tuple[int, ...], ...]
    truncated: tuple[bool, ...]

    def identity_of(self, k: int) -> str:
        """Distinct text ``k``'s identity (``snippet_identity`` of its first copy)."""
        return snippet_identity(self.snippets[self.members[k][0]], self.keys[k])


def build_corpus(snippets: Iterable[Snippet], keys: Sequence[str] | None = None) -> Corpus:
    """Fold every snippet (unless the caller has: ``keys``) and group identical keys; snippets with
    no words are left out."""
    snippets = tuple(snippets)
    if keys is None:
        # Each distinct text folded once: alerts re-send the same snippets week after week.
        folded: dict[str, str] = {}
        keys = [folded[s.text] if s.text in folded else folded.setdefault(s.text, match_key(s.text)) for s in snippets]
    by_key: dict[str, list[int]] = {}
    for i, key in enumerate(keys):
        if key:
            by_key.setdefault(key, []).append(i)
    distinct = tuple(by_key)
    def place(i: int) -> tuple[str, int, int]:
        return snippets[i].path, snippets[i].line, i
    members = tuple(tuple(group) if len(group) == 1 else tuple(sorted(group, key=place)) for group in by_key.values())
    truncated = tuple(snippets[group[0]].truncated if len(group) == 1 else any(snippets[i].truncated for i in group)
                      for group in members)
    return Corpus(snippets, distinct, members, truncated)


def truncation_pairs(corpus: Corpus, min_words: int = MIN_PREFIX_WORDS) -> list[tuple[int, int]]:
    """Pairs ``(short, long)`` of distinct texts where the short one's words open the long one.

    A truncated text's last word may be cut mid-word, so it need only open the
    other's word at that place. A text that opens two unrelated longer texts
    is left out as ambiguous.
    """
    order = sorted(range(len(corpus.keys)), key=corpus.keys.__getitem__)
    ordered = [corpus.keys[k] for k in order]
    pairs = []
    for position, k in enumerate(order):
        key = corpus.keys[k]
        if key.count(" ") + 1 < min_words:
            continue
        prefix = key if corpus.truncated[k] else key + " "
        start = end = bisect.bisect_left(ordered, prefix, position + 1)
        while end < len(ordered) and ordered[end].startswith(prefix):
            end += 1
        longer = ordered[start:end]
        # A cut that opens two texts which are not themselves one cut of the
        # other is ambiguous (two papers that open alike): it joins neither,
        # so it cannot chain different papers into one group.
        if all(b.startswith(a) for a, b in zip(longer, longer[1:])):
            pairs.extend((k, order[other]) for other in range(start, end))
    return pairs


class _WordIds(dict[str, int]):
    """Word -> id, numbered from 0 in first-seen order; a new word is numbered on its first lookup, so a
    known word costs one C-level dict lookup."""

    def __missing__(self, word: str) -> int:
        self[word] = number = len(self)
        return number


class NearTexts(Sequence[Iterator[int]]):
    """The word bigrams each distinct text is compared by, computed on demand (never all held at once).

    Bigrams keep some word order, which separates re-worded copies from
    unrelated abstracts of the same field far better than single words do.
    A cut text drops its last, maybe partial, word. A text shorter than
    ``min_words`` has no bigrams: a few shared bigrams are no evidence of one
    paper. A bigram is one integer, so the search can read every text's
    bigrams once into one flat array rather than hold a set per text.
    """

    def __init__(self, keys: Sequence[str], truncated: Sequence[bool], min_words: int = NEAR_MIN_WORDS) -> None:
        self._keys = keys
        self._truncated = truncated
        self._min_words = min_words
        self._word_ids = _WordIds()

    def __len__(self) -> int:
        return len(self._keys)

    def __getitem__(self, k: int) -> Iterator[int]:  # type: ignore[override]
        words = self._keys[k].split(" ")
        if len(words) < self._min_words:
            return iter(())
        if self._truncated[k]:
            words.pop()
        ids = list(map(self._word_ids.__getitem__, words))
        return map(hash, zip(ids, islice(ids, 1, None)))

    def __iter__(self) -> Iterator[Iterator[int]]:
        return map(self.__getitem__, range(len(self._keys)))


def _keep_index(members: Sequence[Snippet]) -> int:
    """The copy to keep: longest text, then not truncated, then first by path and line."""
    return min(range(len(members)),
               key=lambda m: (-len(strip_truncation(members[m].text)), members[m].truncated, members[m].path, members[m].line))


def _make_group(corpus: Corpus, texts: Iterable[int], links: Sequence[Link], tier: str, all_copies: bool,
                judged: _RecordJudge | None = None) -> DuplicateGroup:
    """The group of ``texts``, with every copy of each (``all_copies``) or its first. The copies of a text whose
    records neither agree nor conflict (unsure) are always in, matched by their title."""
    texts = sorted(set(texts))
    unsure = {k for k in texts if _unsure(judged, k)}
    every = set(texts) if all_copies else unsure  # the texts whose every copy is in
    chosen = [i for k in texts for i in (corpus.members[k] if k in every else corpus.members[k][:1])]
    chosen.sort(key=lambda i: (corpus.snippets[i].path, corpus.snippets[i].line, i))
    members = tuple(corpus.snippets[i] for i in chosen)
    where = {i: m for m, i in enumerate(chosen)}
    pairs = []  # (member, member, pair) where the pair's own places are filled in below
    def evidence_of(first: int, second: int, a: int, b: int, kind: str, score: float) -> tuple[int, int, Pair]:
        found = judged.pair(first, second, a, b, kind, score) if judged else Pair(0, 0, kind, score)  # type: ignore[arg-type]
        return where[first], where[second], found
    for k in sorted(every):
        first, *copied = corpus.members[k]
        pairs.extend(evidence_of(first, c, k, k, "title" if k in unsure else "exact", 1.0) for c in copied)
    for a, b, kind, score in links:
        pairs.append(evidence_of(corpus.members[a][0], corpus.members[b][0], a, b, kind, score))
    evidence = tuple(sorted((p._replace(a=min(x, y), b=max(x, y)) for x, y, p in pairs), key=lambda p: (p.a, p.b)))
    kind = max((p.kind for p in evidence), key=KIND_ORDER.__getitem__)
    lists = tuple(sorted({m.path for m in members}))
    return DuplicateGroup(0, kind, tier, members, evidence, _keep_index(members), lists)  # type: ignore[arg-type]


def find_duplicates(
    snippets: Iterable[Snippet],
    threshold: float | None = DEFAULT_THRESHOLD,
    maybe: float | None = None,
    min_words: int = MIN_PREFIX_WORDS,
    not_duplicates: Collection[frozenset[str]] = (),
) -> list[DuplicateGroup]:
    """Group snippets that are the same paper; ``threshold=None`` finds exact and truncation only.

    Pairs whose fingerprints the user listed in ``not_duplicates`` are never
    joined. With ``maybe`` below ``threshold``, pairs scoring in between form
    separate groups of tier ``maybe``.
    """
    return search_duplicates(snippets, threshold, maybe, min_words, not_duplicates)[0]


def search_duplicates(
    snippets: Iterable[Snippet],
    threshold: float | None = DEFAULT_THRESHOLD,
    maybe: float | None = None,
    min_words: int = MIN_PREFIX_WORDS,
    not_duplicates: Collection[frozenset[str]] = (),
    keys: Sequence[str] | None = None,
    jobs: int = 1,
) -> tuple[list[DuplicateGroup], list[Snippet]]:
    """``find_duplicates``, and the snippets the near search could not fully compare (see NEAR_MAX_POSTINGS).
    ``keys``: the snippets' match keys, when the caller has them; ``jobs``: processes for the near search."""
    corpus = build_corpus(snippets, keys)
    judged = _RecordJudge.of(corpus)
    if judged is not None:
        corpus = judged.corpus
    def allowed(a: int, b: int) -> bool:
        # A pair is named by the fingerprints views show; one named as an earlier version showed them (a title-only
        # text's words alone, or its words, year and first author without the volume) still counts.
        if not not_duplicates:
            return True
        x, y = names(a), names(b)
        return all(frozenset(pair) not in not_duplicates for pair in zip(x, y))

    @cache
    def names(k: int) -> tuple[str, ...]:
        """Text ``k``'s fingerprints, as shown and as earlier versions showed them: each text takes part in many
        pairs."""
        return tuple(map(fingerprint, identity_generations(corpus.identity_of(k))))
    links: list[Link] = []
    maybe_links: list[Link] = []
    def add(a: int, b: int, kind: str, score: float, confident: bool, texts_agree: bool, by_text: bool = True) -> None:
        if not allowed(a, b):
            return
        decision = "link" if judged is None else judged.decide(a, b, texts_agree and confident, by_text)
        if decision == "link":
            (links if confident else maybe_links).append((a, b, kind, score))  # type: ignore[arg-type]
        elif decision == "maybe":
            maybe_links.append((a, b, kind, score))  # type: ignore[arg-type]
    for a, b in truncation_pairs(corpus, min_words):
        add(a, b, "truncation", 1.0, True, True)
    unchecked: list[Snippet] = []
    texts = NearTexts(corpus.keys, corpus.truncated)
    if judged is not None:
        maybe_links += judged.exact_maybes()
        # A text's bigrams are made when a pair needs them and kept for the next few pairs (a title's copies come
        # together): a set for every text would outweigh the rest of the grouping.
        bigrams = lru_cache(maxsize=BIGRAM_CACHE)(lambda k: frozenset(texts[k]))
        for a, b, kind in judged.candidates():
            add(a, b, kind, 1.0, True, _texts_agree(corpus, bigrams, a, b), by_text=False)
    if threshold is not None:
        lowest = maybe if maybe is not None else threshold
        linked = {frozenset(pair[:2]) for pair in links}
        budget = NEAR_BUDGET + NEAR_BUDGET_PER_TEXT * len(corpus.keys)
        max_postings = max(NEAR_MAX_POSTINGS, len(corpus.keys) // NEAR_POSTINGS_SHARE)
        pairs, incomplete = search_similar(texts, lowest, max_postings, budget, jobs)
        for a, b, score in pairs:
            if frozenset((a, b)) not in linked:
                add(a, b, "near", score, score >= threshold, True)
        unchecked = [corpus.snippets[i] for k in incomplete for i in corpus.members[k][:1]]
    return _assemble(corpus, links, maybe_links, judged, _apart(links, names, not_duplicates)), unchecked


def _apart(links: Sequence[Link], names: Callable[[int], tuple[str, ...]],
           not_duplicates: Collection[frozenset[str]]) -> dict[int, set[int]]:
    """The linked texts the user said are different papers, each with those it must not join: a pair is refused
    as a link (``allowed``), and here also as the two ends of a chain of links through other texts."""
    if not not_duplicates:
        return {}
    wanted = {f for pair in not_duplicates for f in pair}
    texts_of: dict[tuple[int, str], list[int]] = {}  # (fingerprint generation, fingerprint) -> texts
    for k in sorted({k for link in links for k in link[:2]}):
        for generation, value in enumerate(names(k)):
            if value in wanted:
                texts_of.setdefault((generation, value), []).append(k)
    apart: dict[int, set[int]] = {}
    for pair in not_duplicates:
        if len(pair) != 2:
            continue
        x, y = sorted(pair)
        for generation in {g for g, value in texts_of if value == x}:
            for a in texts_of[generation, x]:
                for b in texts_of.get((generation, y), ()):
                    if a != b:
                        apart.setdefault(a, set()).add(b)
                        apart.setdefault(b, set()).add(a)
    return apart


def _unsure(judged: _RecordJudge | None, k: int) -> bool:
    """Whether text ``k``'s copies are one title whose records cannot tell papers apart (see split_by_records)."""
    return judged is not None and judged.split.unsure[k]


def _texts_agree(corpus: Corpus, bigrams: Callable[[int], frozenset[int]], a: int, b: int) -> bool:
    """Two abstracts under one title agree: one opens the other, or their bigrams overlap by MIN_TEXT_JACCARD."""
    x, y = corpus.keys[a], corpus.keys[b]
    if x.startswith(y) or y.startswith(x):
        return True
    first, second = bigrams(a), bigrams(b)
    union = len(first | second)
    return bool(union) and len(first & second) / union >= MIN_TEXT_JACCARD


class _RecordJudge:
    """For a corpus with records: its texts split where their records conflict, and the verdicts on links."""

    def __init__(self, corpus: Corpus, split: Partitioned, keys: list[RecordKey | None]) -> None:
        self.corpus, self.split, self.keys = corpus, split, keys
        self.verdicts: dict[tuple[int, int], Verdict] = {}

    @classmethod
    def of(cls, corpus: Corpus) -> _RecordJudge | None:
        """None for a corpus without records: its texts are matched by the text rules alone."""
        if not any(s.record is not None for s in corpus.snippets):
            return None
        keys = record_keys(corpus.snippets, corpus.members, corpus.keys)
        split = split_by_records(corpus.snippets, corpus.members, corpus.keys, keys)
        truncated = tuple(any(corpus.snippets[i].truncated for i in part) for part in split.members)
        return cls(Corpus(corpus.snippets, tuple(split.keys), tuple(split.members), truncated), split, keys)

    def decide(self, a: int, b: int, texts_agree: bool, by_text: bool) -> str:
        """"link", "maybe" or "drop" for a link between texts ``a`` and ``b``: found by their texts (``by_text``),
        or by what their records share (a DOI, a title), when the records alone must make the case."""
        title_only = self.split.title_only[a] or self.split.title_only[b]
        verdict = judge(self.split.records[a], self.split.records[b], texts_agree and not title_only)
        if verdict is not None:
            self.verdicts[(min(a, b), max(a, b))] = verdict
        return link_decision(verdict, title_only or not by_text)

    def candidates(self) -> list[tuple[int, int, str]]:
        """Texts that share a DOI, a Scholar cluster or a title."""
        snippets = self.corpus.snippets
        records = ([snippets[i].record for i in part if snippets[i].record is not None] for part in self.corpus.members)
        return candidate_pairs(records, self.split.records)  # type: ignore[arg-type]

    def exact_maybes(self) -> list[Link]:
        """Parts of one text (the same title) whose records neither agree nor conflict: pairs to look at."""
        for a, b, verdict in self.split.maybe:
            self.verdicts[(a, b)] = verdict
        return [(a, b, "title", 1.0) for a, b, _ in self.split.maybe]

    def pair(self, first: int, second: int, a: int, b: int, kind: str, score: float) -> Pair:
        """The evidence for one pair of members, with what their records agreed on."""
        verdict = self.verdicts.get((min(a, b), max(a, b))) if a != b else None
        if a == b:  # copies of one text
            x, y = self.keys[first], self.keys[second]
            if x is not None and y is not None:
                verdict = compare(x, y, texts_agree=not self.split.title_only[a])
        fields = (verdict.agreed, verdict.missing) if verdict is not None else ((), ())
        return Pair(0, 0, kind, score, *fields)  # type: ignore[arg-type]


def _link_components(size: int, links: Sequence[Link],
                     apart: dict[int, set[int]]) -> tuple[Components, dict[int, list[Link]]]:
    """Join the linked texts (strongest evidence first where the user said some differ); also return each
    component's links, keyed by its root."""
    components = Components(size, apart)
    if apart:
        links = sorted(links, key=lambda x: (KIND_ORDER[x[2]], -x[3], x[0], x[1]))
    for a, b, _, _ in links:
        components.union(a, b)
    by_root: dict[int, list[Link]] = {}
    for link in links:
        root = components.find(link[0])
        if not apart or root == components.find(link[1]):  # a refused link joined nothing
            by_root.setdefault(root, []).append(link)
    return components, by_root


def _constrained_components(judged: _RecordJudge, links: Sequence[Link],
                            apart: dict[int, set[int]]) -> tuple[Constraints, dict[int, list[Link]]]:
    """Join the linked texts, strongest evidence first, never two components whose records conflict or that the
    user said differ; each component's links (those that joined something), keyed by its root."""
    components = Constraints(judged.split.records, apart)
    accepted = [link for link in sorted(links, key=lambda x: (KIND_ORDER[x[2]], -x[3], x[0], x[1]))
                if components.union(link[0], link[1])]
    by_root: dict[int, list[Link]] = {}
    for link in accepted:
        by_root.setdefault(components.find(link[0]), []).append(link)
    return components, by_root


def maybe_cliques(links: Sequence[Link]) -> list[tuple[set[int], list[Link]]]:
    """Maybe links -> groups in which every two texts are linked: maybe pairs never chain.

    Strongest links first, a text joins a group only when it is linked to every
    member; a link that fits no group is a group of its own (so a text may sit
    in two maybe groups: A~B and B~C without A~C are two groups).
    """
    linked = {frozenset(link[:2]) for link in links}
    groups: list[set[int]] = []
    by_text: dict[int, list[int]] = {}
    for a, b, _, _ in sorted(links, key=lambda link: (-link[3], link[0], link[1])):
        if any(b in groups[g] for g in by_text.get(a, ())):
            continue
        target = next((g for x, y in ((a, b), (b, a)) for g in by_text.get(x, ())
                       if all(frozenset((y, m)) in linked for m in groups[g])), None)
        if target is None:
            groups.append({a, b})
            target = len(groups) - 1
        for text in (a, b):
            if text not in groups[target]:
                groups[target].add(text)
            if target not in by_text.setdefault(text, []):
                by_text[text].append(target)
    group_links: list[list[Link]] = [[] for _ in groups]
    for link in links:
        for g in set(by_text[link[0]]).intersection(by_text[link[1]]):
            group_links[g].append(link)
    return list(zip(groups, group_links))


def _assemble(corpus: Corpus, links: list[Link], maybe_links: list[Link],
              judged: _RecordJudge | None = None, apart: dict[int, set[int]] | None = None) -> list[DuplicateGroup]:
    if judged is not None:
        components, by_root = _constrained_components(judged, links, apart or {})
    else:
        components, by_root = _link_components(len(corpus.keys), links, apart or {})
    # Only texts in a link, or with copies, can be in a group: a list for every text made the peak of grouping
    # many distinct records. A text in no link is its own root.
    linked = {k for link in links for k in link[:2]}
    texts: dict[int, list[int]] = {}
    for k in range(len(corpus.keys)):
        if k in linked:
            texts.setdefault(components.find(k), []).append(k)
        elif len(corpus.members[k]) > 1:
            texts[k] = [k]
    # A text whose copies' records neither agree nor conflict is maybe one paper.
    groups = [_make_group(corpus, ks, by_root.get(root, []),
                          "maybe" if len(ks) == 1 and _unsure(judged, ks[0]) else "duplicate", True, judged)
              for root, ks in texts.items() if len(ks) > 1 or len(corpus.members[ks[0]]) > 1]
    # A maybe pair inside one confident group adds nothing; the rest form their own groups.
    maybe_links = [link for link in maybe_links if components.find(link[0]) != components.find(link[1])]
    groups += [_make_group(corpus, texts, links, "maybe", False, judged) for texts, links in maybe_cliques(maybe_links)]
    groups.sort(key=lambda g: (g.tier != "duplicate", g.members[0].path, g.members[0].line))
    return [g._replace(id=n) for n, g in enumerate(groups, 1)]
