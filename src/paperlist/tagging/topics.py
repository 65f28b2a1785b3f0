"""Terms a reader would write down, what sets each list apart, and automatic topics (pure)."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from paperlist.tagging.stopwords import GENERIC_WORDS, STOP_PHRASES, STOP_WORDS

_TERM_WORD_RE = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")  # hyphenated words stay whole in terms
_ACRONYM_HINT_RE = re.compile(r"[A-Z][A-Z]")
# Words, and the punctuation that ends a clause (a phrase never runs across it).
_TOKEN_RE = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*|[.,;:!?()\[\]{}\"“”‘’…|/]|\s[-–—]\s")
_PARENTHESISED_ACRONYM_RE = re.compile(r"\(\s*([A-Z][A-Za-z]*[A-Z]s?)\s*\)")
MAX_WORDS = 4
# Evaluative words that open phrases of abstracts, not names of things.
_WEAK_STARTS = frozenset("remarkable significant substantial fundamental key major critical growing rapid recent "
                         "remain remains becoming novel promising powerful impressive strong notable serious "
                         "emerging lack capabilities advancement advancements cornerstone demonstrated achieved "
                         "increasingly widely".split())
# Verbs that end clauses of abstracts ("agents offer", "games require").
_WEAK_ENDS = frozenset("require requires offer offers remain remains enable enables allow allows provide provides "
                       "pose poses face faces become becomes struggle struggles suffer suffers".split())
MAX_TOPIC_TERMS = 15
WORD_SEED_SHARE = 0.05
ABSORB_SHARE = 0.6  # a part found inside a longer term in 60% of its papers is shown only as the longer term
MIN_PAPERS = 2


def _is_acronym(token: str) -> bool:
    if token[0].islower():  # most words: the fast answer
        return False
    core = token[:-1] if token.endswith("s") else token
    return len(core) >= 2 and core.isupper() and core.isalpha()


def _fold(token: str) -> str:
    return token.lower().replace("-", " ")


def acronyms(text: str) -> dict[str, str]:
    """Acronyms the text defines, mapped to their long forms: "large language models (LLMs)" -> llm.

    >>> acronyms("We study Large Language Models (LLMs) and graph neural networks (GNN).")
    {'llm': 'large language models', 'gnn': 'graph neural networks'}
    """
    found = {}
    for match in _PARENTHESISED_ACRONYM_RE.finditer(text):
        letters = match.group(1).rstrip("s").lower()
        # The words just before the parenthesis, as many as the acronym has letters.
        before = _TERM_WORD_RE.findall(text[max(0, match.start() - 160):match.start()])
        words = [_fold(w) for w in before][-len(letters):]
        long = " ".join(words).split()[-len(letters):]
        if len(long) == len(letters) and all(w[0] == c for w, c in zip(long, letters)):
            found[letters] = " ".join(long)
    return found


def candidate_terms(text: str, stop: bool = True, defined: dict[str, str] | None = None) -> set[str]:
    """The terms of one text: 1-4 word phrases within a clause, without stop words at either end.

    Single words count only when specific: an acronym, or a word of 7 letters or more that is not generic.
    With ``stop``, boilerplate phrases and generic words (derived from arXiv: topics_data.py) are left out.
    An acronym the collection defines is replaced by its long form.
    """
    defined = defined or {}
    terms: set[str] = set()
    tokens: list[str] = []
    for token in _TOKEN_RE.findall(text):
        if token[0].isalnum():
            tokens.append(token)
        elif tokens:  # clause punctuation: phrases never run across it
            _clause_terms(tokens, defined, stop, terms)
            tokens = []
    if tokens:
        _clause_terms(tokens, defined, stop, terms)
    return terms


def _clause_terms(tokens: list[str], defined: dict[str, str], stop: bool, terms: set[str]) -> None:
    """Add the terms of one clause's words."""
    acronym = [_is_acronym(t) for t in tokens]
    words = [defined.get(t.rstrip("s").lower(), t.rstrip("s").lower()) if a else _fold(t)
             for t, a in zip(tokens, acronym)]
    # A phrase holds only usable words, so each start extends until the first unusable one.
    usable = [_usable(w) for w in words]
    for i, first in enumerate(words):
        if not usable[i]:
            continue
        if acronym[i] or _specific_word(first):
            _add(terms, first, stop)
        if first in GENERIC_WORDS or first in _WEAK_STARTS:
            continue
        term = first
        for j in range(i + 1, min(i + MAX_WORDS, len(words))):
            if not usable[j]:
                break
            term = f"{term} {words[j]}"
            if words[j] not in _WEAK_ENDS:
                _add(terms, term, stop)


def _usable(word: str) -> bool:
    """A word that may stand in a term: no stop word, number, adverb or stray letter."""
    return bool(word) and len(word) >= 2 and word not in STOP_WORDS and not word.isdigit() and not word.endswith("ly")


def _add(terms: set[str], term: str, stop: bool) -> None:
    if not (stop and (term in STOP_PHRASES or term in GENERIC_WORDS)):
        terms.add(term)


def _specific_word(word: str) -> bool:
    """A single word worth a term: long, not generic (nor the plural of a generic word), not an adverb or a past
    participle ("increasingly", "proposed")."""
    return (len(word) >= 7 and " " not in word and word not in GENERIC_WORDS and word.rstrip("s") not in GENERIC_WORDS
            and not word.endswith(("ly", "ed")))


@dataclass(frozen=True)
class Term:
    """A term, how it is shown, and how many papers hold it."""

    term: str
    label: str
    papers: int


def term_counts(texts: Sequence[str]) -> tuple[list[set[str]], dict[str, str], Counter[str]]:
    """The terms of each text (acronyms folded into long forms defined anywhere in the collection), the
    acronyms (their long forms, or how they are written, "GPU", when the collection never defines them), and
    how many texts hold each term."""
    defined: Counter[tuple[str, str]] = Counter()
    written: Counter[tuple[str, str]] = Counter()
    for text in texts:
        defined.update(acronyms(text).items())
        if _ACRONYM_HINT_RE.search(text):
            written.update((t.rstrip("s").lower(), t.rstrip("s")) for t in _TERM_WORD_RE.findall(text) if _is_acronym(t))
    best: dict[str, str] = {}
    for (acronym, long), _ in sorted(defined.items(), key=lambda item: (-item[1], item[0])):
        best.setdefault(acronym, long)
    sets = [candidate_terms(text, defined=best) for text in texts]
    for (lower, shown), _ in sorted(written.items(), key=lambda item: (-item[1], item[0])):
        best.setdefault(lower, shown)
    folded, counts = _fold_plurals(sets)
    return folded, best, counts


def _fold_plurals(sets: list[set[str]]) -> tuple[list[set[str]], Counter[str]]:
    """A term and its plural ("language model", "language models") are one term, in its more frequent form.

    Returns the sets and how many of them hold each term (counted once, kept up to date while renaming).
    """
    counts = Counter(t for terms in sets for t in terms)
    rename = {}
    for term in counts:
        for plural in (term + "s", term + "es"):
            if plural in counts:
                major, minor = (plural, term) if counts[plural] >= counts[term] else (term, plural)
                rename[minor] = major
    if not rename:
        return sets, counts
    folded = []
    for terms in sets:
        if terms.isdisjoint(rename):  # only the sets holding a renamed term are rebuilt
            folded.append(terms)
            continue
        new = {rename.get(t, t) for t in terms}
        counts.subtract(t for t in terms if t in rename)
        counts.update(new - terms)
        folded.append(new)
    for minor in rename:  # renamed terms are held by no text now
        counts.pop(minor, None)
    return folded, counts


def rank_terms(sets: Sequence[set[str]], defined: dict[str, str], limit: int | None = None,
               counts: Counter[str] | None = None) -> list[Term]:
    """Terms by the number of papers holding them (most first, then longer, then by name), parts absorbed.

    A part of a longer term (a contiguous run of its words) is dropped when at
    least ABSORB_SHARE of its papers hold the longer term.
    """
    if counts is None:
        counts = Counter(t for terms in sets for t in terms)
    frequent = {t: n for t, n in counts.items() if n >= MIN_PAPERS}
    absorbed = set()
    for term, n in frequent.items():
        words = term.split()
        for size in range(1, len(words)):
            for start in range(len(words) - size + 1):
                part = " ".join(words[start:start + size])
                if part in frequent and n >= ABSORB_SHARE * frequent[part]:
                    absorbed.add(part)
    ranked = sorted((t for t in frequent if t not in absorbed),
                    key=lambda t: (-frequent[t], -len(t.split()), t))
    acronym_of = {long: acronym for acronym, long in defined.items() if " " in long}
    terms = [Term(t, label(t, defined, acronym_of), frequent[t]) for t in ranked]
    return terms[:limit] if limit is not None else terms


def label(term: str, defined: dict[str, str], acronym_of: dict[str, str] | None = None) -> str:
    """How a term is shown: a defined acronym beside its long form, an undefined one as written.

    >>> label("large language models", {"llm": "large language models"})
    'large language models (LLMs)'
    """
    if acronym_of is None:
        acronym_of = {long: acronym for acronym, long in defined.items() if " " in long}
    if term in acronym_of:
        return f"{term} ({acronym_of[term].upper()}{'s' if term.endswith('s') else ''})"
    if term in defined and " " not in defined[term]:
        return defined[term]
    return term


def suggest_rules(texts: Sequence[str]) -> dict[str, list[str]]:
    """Automatic topics of a collection (one text per paper) as tag rules: what ``--tags auto`` uses.

    Each topic's terms become its rules, with each defined acronym beside its long
    form, so the rules match the texts the way the topics were found.
    """
    sets, defined, counts = term_counts(texts)
    topics = auto_topics(sets, rank_terms(sets, defined, counts=counts))
    acronym_of = {long: acronym for acronym, long in defined.items() if " " in long}
    rules = {}
    for name, terms in topics.items():
        patterns = []
        for term in terms:
            patterns.append(term)
            if term in acronym_of:
                patterns.append(acronym_of[term].upper())
            elif term in defined and " " not in defined[term]:
                patterns[-1] = defined[term]
        rules[name] = patterns
    return rules


def distinctive(groups: dict[str, list[set[str]]], limit: int = 3, prior: float = 0.05,
                min_z: float = 1.645) -> dict[str, list[tuple[str, float]]]:
    """For each group of papers, the terms it holds far more than the others: log-odds with an informative
    Dirichlet prior (Monroe, Colaresi and Quinn 2008), as z-scores; at least two papers and z >= min_z.

    The prior for a term is one pseudo-paper plus ``prior`` times its count in the
    whole collection, so a term absent from the rest is not infinitely distinctive.
    """
    total: Counter[str] = Counter(t for sets in groups.values() for terms in sets for t in terms)
    total_n = sum(total.values())
    alpha = {t: 1 + prior * n for t, n in total.items()}
    alpha_0 = sum(alpha.values())
    result = {}
    for name, sets in groups.items():
        mine: Counter[str] = Counter(t for terms in sets for t in terms)
        mine_n = sum(mine.values())
        rest_n = total_n - mine_n
        scored = []
        for term, y in mine.items():
            if y < MIN_PAPERS:
                continue
            other = total[term] - y
            a = alpha[term]
            if mine_n + alpha_0 - y - a <= 0 or rest_n + alpha_0 - other - a <= 0:
                continue  # the term is the whole vocabulary: no odds against anything else
            delta = (math.log((y + a) / (mine_n + alpha_0 - y - a))
                     - math.log((other + a) / (rest_n + alpha_0 - other - a)))
            z = delta / math.sqrt(1 / (y + a) + 1 / (other + a))
            if z >= min_z:
                scored.append((term, round(z, 2)))
        scored.sort(key=lambda item: (-item[1], item[0]))
        result[name] = _without_parts(scored)[:limit]
    return result


def _without_parts(scored: list[tuple[str, float]]) -> list[tuple[str, float]]:
    """Drop a term when a higher-scored term contains it."""
    kept: list[tuple[str, float]] = []
    for term, z in scored:
        if not any(f" {term} " in f" {other} " for other, _ in kept):
            kept.append((term, z))
    return kept


def auto_topics(sets: Sequence[set[str]], ranked: Sequence[Term], max_topics: int = 25,
                min_share: float = 0.005, link: float = 0.25) -> dict[str, list[str]]:
    """Topics from the collection itself, as tag rules: {topic name: its terms}.

    The most frequent term not yet in a topic seeds a new one; frequent terms that
    co-occur with the seed in at least ``link`` of the rarer one's papers join it.
    Topics stop at ``max_topics`` or when a seed holds under ``min_share`` of the
    papers. Deterministic: ties break by name.
    """
    candidates = [t.term for t in ranked[:400]]
    wanted = set(candidates)
    papers_of: dict[str, set[int]] = {t: set() for t in candidates}
    for n, terms in enumerate(sets):
        for t in terms & wanted:
            papers_of[t].add(n)
    # A single word seeds a topic only when it is in WORD_SEED_SHARE of the papers: "security" names a topic,
    # a word in a handful of papers ("concerns") rarely does.
    seeds = [t for t in candidates if " " in t or len(t) <= 5 or len(papers_of[t]) >= WORD_SEED_SHARE * len(sets)]
    floor = max(MIN_PAPERS, math.ceil(min_share * len(sets)))
    used: set[str] = set()
    topics: dict[str, list[str]] = {}
    for seed in seeds:
        if len(topics) >= max_topics or len(papers_of[seed]) < floor:
            break
        if seed in used or any(_overlaps(seed, other) for other in used):
            continue
        members = [seed]
        for other in candidates:
            if other in used or other == seed or any(_overlaps(other, m) for m in members):
                continue
            shared = len(papers_of[seed] & papers_of[other])
            if shared >= link * min(len(papers_of[seed]), len(papers_of[other])) and shared >= MIN_PAPERS:
                members.append(other)
            if len(members) == MAX_TOPIC_TERMS:
                break
        used.update(members)
        topics[_slug(seed, topics)] = members
    return topics


def _overlaps(a: str, b: str) -> bool:
    """One term is a part of the other (their words run inside each other)."""
    return f" {a} " in f" {b} " or f" {b} " in f" {a} "


def _slug(term: str, taken: Iterable[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", term.lower()).strip("-") or "topic"
    name, n = base, 2
    while name in taken:
        name, n = f"{base}-{n}", n + 1
    return name
