"""Terms a reader would write down, what sets each list apart, and automatic topics (pure)."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import NamedTuple

from paperlist.tagging.clusters import even_sample, kmeans, unit
from paperlist.tagging.stopwords import GENERIC_WORDS, STOP_PHRASES, STOP_WORDS
from paperlist.tagging.tags import TagMatcher, variants
from paperlist.tagging.word_roles import EVEN, MODIFIERS, PLAIN, SUBJECTS, VERBS

_NOT_ALONE = (VERBS, MODIFIERS, EVEN, PLAIN)  # roles of words that are no term by themselves
_ROLES = (*_NOT_ALONE, SUBJECTS)

_TERM_WORD_RE = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*")  # hyphenated words stay whole in terms
_ACRONYM_HINT_RE = re.compile(r"[A-Z][A-Z]")
# Words, and the punctuation that ends a clause (a phrase never runs across it).
_TOKEN_RE = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*|[.,;:!?()\[\]{}\"“”‘’…|/]|\s[-–—]\s")
_PARENTHESISED_ACRONYM_RE = re.compile(r"\(\s*([A-Z][A-Za-z]*[A-Z]s?)\s*\)")
MAX_WORDS = 4
MAX_ACRONYM = 6
# Evaluative words that open phrases of abstracts, not names of things.
_WEAK_STARTS = frozenset("remarkable significant substantial fundamental key major critical growing rapid recent "
                         "remain remains becoming novel promising powerful impressive strong notable serious "
                         "emerging lack capabilities advancement advancements cornerstone demonstrated achieved "
                         "increasingly widely".split()) | {"state of the art"}
# Verbs that end clauses of abstracts ("agents offer", "games require").
_WEAK_ENDS = frozenset("require requires offer offers remain remains enable enables allow allows provide provides "
                       "pose poses face faces become becomes struggle struggles suffer suffers".split())
MAX_TOPIC_TERMS = 15
_OBJECT_STARTS = frozenset("the a an this these those its their our".split())
VOCABULARY = 2000  # the most frequent terms papers are clustered by
MIN_SHARE = 0.005  # ... each in at least this share of the papers (and in MIN_PAPERS)
VOCABULARY_SHARE = 0.9  # a term in more than this share of the papers says nothing to cluster by
SAMPLE = 3000  # papers the clusters are fitted on
TERM_SAMPLE = 20000  # papers whose terms are read to find topics
CLUSTER_SHARE = 0.4  # a term joins the topic of the cluster holding this share of its papers
LIFT = 2.0  # ... and is this many times as common in the cluster as in all papers (or in 90% of the cluster)
MAX_TOPIC_SHARE = 0.5  # a topic tagging more papers sheds its broadest terms, down to its name
FIELD_MIN_PAPERS = 20  # ... and from this many papers, one its name alone makes tag more is the collection's field
COHERENCE = 0.1  # ... and a term joins only if this share of its papers in the cluster hold a term already in
BROAD_SHARE = 0.05  # a term in this share of the papers that joined no topic is a topic of its own
SPLIT_SHARE = 0.01  # ... and so is a phrase in this share, in the room the clusters leave (a fifth of the topics)
ABSORB_SHARE = 0.6  # a part found inside a longer term in 60% of its papers is shown only as the longer term
MIN_PAPERS = 2
TERM_WEIGHT = 1.5  # a term weighs this much more than a plain word in a paper's vector: a phrase says more
KMEANS_STARTS = 5  # k-means runs from different seeds on a small sample, the closest clusters kept: one run
# can settle badly among a few papers; a sample of SAMPLE / KMEANS_STARTS papers or more gets fewer runs, so
# that all of them cost at most one run on SAMPLE papers.


def _is_acronym(token: str) -> bool:
    if token[0].islower():  # most words: the fast answer
        return False
    core = token[:-1] if token.endswith("s") else token
    # Longer capitals are headings of structured abstracts ("BACKGROUND:", "METHODS:"), not acronyms.
    return 2 <= len(core) <= MAX_ACRONYM and core.isupper() and core.isalpha()


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

    Single words count only when specific: an acronym, a word abstracts use as a subject, or a word of 7 letters
    or more that is not generic (_specific_word). With ``stop``, boilerplate phrases and generic words (derived
    from arXiv: stopwords.py) are left out, and word order decides what is a noun phrase (word_roles.py).
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
    """Add the terms of one clause's words: noun phrases, as far as word order tells (word_roles.py)."""
    acronym = [_is_acronym(t) for t in tokens]
    words = [defined.get(t.rstrip("s").lower(), t.rstrip("s").lower()) if a else _fold(t)
             for t, a in zip(tokens, acronym)]
    # A phrase holds only usable words, so each start extends until the first unusable one.
    usable = [_usable(w) for w in words]
    for i, first in enumerate(words):
        if not usable[i]:
            continue
        if stop and i + 1 < len(words) and (words[i + 1] in _OBJECT_STARTS or _evaluative(words[i + 1])):
            continue  # a verb here, whatever it is elsewhere: "pose significant challenges", "pose a risk"
        if acronym[i] or _specific_word(first):
            _add(terms, first, stop)
        if first in GENERIC_WORDS or first in _WEAK_STARTS or (stop and first.split(" ", 1)[0] in VERBS):
            continue
        term, subject = first, acronym[i] or _subject(first)
        for j in range(i + 1, min(i + MAX_WORDS, len(words))):
            if not usable[j] or (stop and (_evaluative(words[j]) and words[j - 1] not in MODIFIERS
                                           or words[j].split(" ", 1)[0] in VERBS)):
                break  # a verb, or an evaluative word after a noun, opens a new phrase: "pose | significant challenges"
            term = f"{term} {words[j]}"
            subject = subject or acronym[j] or _subject(words[j])
            if words[j] not in _WEAK_ENDS and (not stop or (subject and _head(words[j]))):
                _add(terms, term, stop)


def _evaluative(word: str) -> bool:
    """A modifier spread evenly over every field: "significant", "widespread"."""
    return word in MODIFIERS and word in EVEN


def _subject(word: str) -> bool:
    """A word (or hyphenated compound) with one part that names something: not generic, not spread evenly."""
    return any(part not in EVEN and part not in GENERIC_WORDS for part in word.split(" "))


def _head(word: str) -> bool:
    """A word that can end a noun phrase: not a modifier ("significant"), a verb ("overlook") nor an evenly spread
    participle ("consisting")."""
    last = word.rsplit(" ", 1)[-1]
    return last not in MODIFIERS and last not in VERBS and not (last.endswith("ing") and last in EVEN)


def _usable(word: str) -> bool:
    """A word that may stand in a term: no stop word, number, adverb or stray letter."""
    return bool(word) and len(word) >= 2 and word not in STOP_WORDS and not word.isdigit() and not word.endswith("ly")


def _add(terms: set[str], term: str, stop: bool) -> None:
    if not (stop and (term in STOP_PHRASES or term in GENERIC_WORDS)):
        terms.add(term)


def _specific_word(word: str) -> bool:
    """A single word worth a term: one abstracts use as a subject however short ("video", "speech": word_roles.py),
    or a long word that is none of generic (nor the plural of one), a verb, a modifier, evenly spread or plain;
    never an adverb or a past participle ("increasingly", "proposed")."""
    if " " in word or word.endswith(("ly", "ed")) or word in GENERIC_WORDS or word.rstrip("s") in GENERIC_WORDS:
        return False
    return word in SUBJECTS or (len(word) >= 7 and not any(word in roles for roles in _NOT_ALONE))


class Term(NamedTuple):
    """A term, how it is shown, and how many papers hold it."""

    term: str
    label: str
    papers: int


class TermCounts(NamedTuple):
    """What term_counts reads: each text's terms, the acronyms, how many texts hold each term, and the singular
    of each plural term that folded it ("test cases": "test case"), which a rule writes to match both."""

    sets: list[set[str]]
    defined: dict[str, str]
    counts: Counter[str]
    singular: dict[str, str]


def term_counts(texts: Sequence[str], spell_out: bool = False) -> TermCounts:
    """The terms of each text (acronyms folded into long forms defined anywhere in the collection), the
    acronyms (their long forms, or how they are written, "GPU", when the collection never defines them), how
    many texts hold each term, and the singulars folded into plural terms. With ``spell_out``, an acronym the
    collection never defines is folded into the term it spells out too (_spelled_out: "LLM" in titles into
    "large language models"), as a list of terms shows them; topics keep them apart while they cluster, and join
    their topics after."""
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
    folded, counts, rename = _fold_plurals(_heads_only(sets, best))
    spelled = _spelled_out({a for a, shown in best.items() if " " not in shown}, counts) if spell_out else {}
    if spelled:
        folded = [terms if terms.isdisjoint(spelled) else {spelled.get(t, t) for t in terms} for terms in folded]
        counts = Counter(t for terms in folded for t in terms)
        best.update(spelled)
    singular = {major: minor for minor, major in rename.items() if major in (minor + "s", minor + "es")}
    return TermCounts(folded, best, counts, singular)


def _spelled_out(undefined: Collection[str], counts: Counter[str]) -> dict[str, str]:
    """Acronyms the collection uses but never defines, mapped to the term whose words' initials they are: "LLM"
    in titles beside "large language models" in others. The term must be the clear choice: held by at least
    MIN_PAPERS papers and by twice as many as any other term with those initials ("GAN": generative adversarial
    networks or graph attention networks)."""
    options: dict[str, list[tuple[int, str]]] = {}
    for term, n in counts.items():
        if " " in term and (initials := "".join(w[0] for w in term.split())) in undefined:
            options.setdefault(initials, []).append((-n, term))
    found = {}
    for acronym, held in options.items():
        held.sort()
        if -held[0][0] >= MIN_PAPERS and (len(held) == 1 or -held[0][0] >= -2 * held[1][0]):
            found[acronym] = held[0][1]
    return found


def _heads_only(sets: list[set[str]], acronyms: dict[str, str]) -> list[set[str]]:
    """Drop the single words the arXiv abstracts never showed (word_roles.py) unless the collection uses them as
    the last word of a phrase: "coverage-guided fuzzing" makes "fuzzing" a term, "waiting jobs" does not make
    "waiting" one. Acronyms stay."""
    heads = {t.rsplit(" ", 1)[-1] for terms in sets for t in terms if " " in t}
    unknown = {t for terms in sets for t in terms if " " not in t and t not in acronyms and t not in heads
               and t.rstrip("s") not in heads and not any(t in roles for roles in _ROLES)}
    if not unknown:
        return sets
    return [terms - unknown if not terms.isdisjoint(unknown) else terms for terms in sets]


def _fold_plurals(sets: list[set[str]]) -> tuple[list[set[str]], Counter[str], dict[str, str]]:
    """A term and its plural ("language model", "language models") are one term, in its more frequent form.

    Returns the sets, how many of them hold each term (counted once, kept up to date while renaming), and the
    renames (the less frequent form: the more frequent).
    """
    counts = Counter(t for terms in sets for t in terms)
    rename = {}
    for term in counts:
        for plural in (term + "s", term + "es"):
            if plural in counts:
                major, minor = (plural, term) if counts[plural] >= counts[term] else (term, plural)
                rename[minor] = major
    if not rename:
        return sets, counts, rename
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
    return folded, counts, rename


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


def collection_field(texts: Sequence[str]) -> tuple[str, int] | None:
    """The subject nearly every paper holds (VOCABULARY_SHARE of them or more), with how many hold it: what names
    the collection rather than a topic inside it ("all 78 about deep learning"); None when there is none."""
    sets, defined, counts, _ = term_counts(even_sample(list(texts), TERM_SAMPLE))
    best = _nearly_all(rank_terms(sets, defined, counts=counts), len(sets))
    return (best.term, best.papers) if best else None


def _nearly_all(ranked: Sequence[Term], papers: int) -> Term | None:
    """The most frequent term VOCABULARY_SHARE of the papers or more hold (two at least), if any."""
    return next((t for t in ranked if t.papers >= max(2, VOCABULARY_SHARE * papers)), None)


class Topics(NamedTuple):
    """Automatic topics as tag rules, and the subject most papers hold, which names the collection rather than
    dividing it: (how it is shown, the share of the papers it tags), or None."""

    rules: dict[str, list[str]]
    field: tuple[str, float] | None


def suggest_rules(texts: Sequence[str]) -> dict[str, list[str]]:
    """The rules of find_topics: what ``--tags auto`` tags with."""
    return find_topics(texts).rules


def find_topics(texts: Sequence[str]) -> Topics:
    """Automatic topics of a collection (one text per paper) as tag rules, and its field.

    Each topic's terms become its rules, with each defined acronym beside its long
    form, so the rules match the texts the way the topics were found. Topics are found in an even sample of at
    most TERM_SAMPLE texts: reading terms is the slow part, and a subject of a larger collection is in its sample.
    A topic whose rules tag more than MAX_TOPIC_SHARE of the sample sheds its broadest terms but its name; from
    FIELD_MIN_PAPERS papers, one whose name alone still tags more is no topic but the collection's field ("large
    language models" in 62% of papers on language models for code), as is a term nearly every paper holds.
    """
    sample = even_sample(list(texts), TERM_SAMPLE)
    sets, defined, counts, singular = term_counts(sample)
    spelled = _spelled_out({a for a, shown in defined.items() if " " not in shown}, counts)
    ranked = rank_terms(sets, defined, counts=counts)
    words = list(map(content_words, sample))
    acronym_of = {long: acronym for acronym, long in defined.items() if " " in long}
    topics = auto_topics(sets, ranked, words=words, spelled=spelled, texts=sample,
                         pattern=lambda term: _pattern(term, defined, singular))
    parts = _parts_meant_as([t for terms in topics.values() for t in terms], sets, counts)

    def patterns(term: str) -> list[str]:
        """A term's rule patterns. A rule of a plural term matches no singular ("test cases", "a test case"); one
        of the singular, both."""
        found = [_pattern(term, defined, singular)]
        if term in acronym_of:  # a defined acronym's long form, and the acronym
            found.append(acronym_of[term].upper())
        return found + [singular.get(part, part) for part in parts.get(term, [])]

    rules = {name: [patterns(term) for term in terms] for name, terms in topics.items()}  # each term's patterns
    kept, shares = _within_share(rules, sample)
    nearly_all = _nearly_all(ranked, len(sets))
    field = (nearly_all.label, nearly_all.papers / len(sets)) if nearly_all else None
    if len(sample) >= FIELD_MIN_PAPERS:
        for name in sorted((n for n in kept if shares[n] > MAX_TOPIC_SHARE), key=lambda n: (-shares[n], n)):
            field = field or (label(topics[name][0], defined, acronym_of), shares[name])
            del kept[name]
    return Topics({name: _distinct([p for patterns in terms for p in patterns]) for name, terms in kept.items()},
                  field)


def _reached(texts: Sequence[str], patterns: dict[str, str]) -> list[set[str]]:
    """For each text, the words whose rule (``patterns``: a word, the pattern its rule is written as) tags it: a
    rule "system" tags every text saying "systems" or "software systems", where the term "system" is read in few
    of them."""
    matcher = TagMatcher({word: [pattern] for word, pattern in patterns.items()})
    return [set(matcher.tag(text)) for text in texts]


def _pattern(term: str, defined: dict[str, str], singular: dict[str, str]) -> str:
    """The pattern a term's rule is written as: an acronym never defined as written ("GPU"), any other term in
    the singular where the collection also uses it (a rule of the singular matches both)."""
    shown = defined.get(term)
    return shown if shown is not None and " " not in shown else singular.get(term, term)


def _distinct(patterns: Iterable[str]) -> list[str]:
    """Patterns without one a pattern before it matches already, as a tagger matches them (a word's plurals; a
    lower-case word in any case, an acronym only in capitals): "node" of the term "nodes" beside the plain word
    "node". A pattern that matches all an earlier one does takes its place: a singular after its plural, "llm"
    after "LLM"."""
    kept: list[str] = []
    for pattern in patterns:
        if any(_covers(other, pattern) for other in kept):
            continue
        covered = next((n for n, other in enumerate(kept) if _covers(pattern, other)), None)
        if covered is None:
            kept.append(pattern)
        else:
            kept[covered] = pattern
    return kept


def _covers(a: str, b: str) -> bool:
    """Pattern ``a`` tags all that pattern ``b`` tags: b is a or a plural of it, in a case a matches."""
    return b.lower() in variants(a.lower()) and (not a.isupper() or b.isupper())


def _parts_meant_as(terms: Sequence[str], sets: Sequence[set[str]], counts: Counter[str]) -> dict[str, list[str]]:
    """For each term, the parts of it (runs of its words, _runs) that the collection means as it, longest first: a
    part rank_terms absorbed (ABSORB_SHARE of its papers hold the term), whose papers without the term mostly
    hold it inside no other term of MIN_PAPERS papers. A rule of the term then tags those papers too: "program
    repair" beside "automated program repair"; but not "language models" beside "small language models" where
    the rest say "pretrained language models"."""
    terms = list(dict.fromkeys(terms))
    absorbing: dict[str, list[str]] = {}  # part -> the terms absorbing it
    for term in terms:
        for part in _runs(term):
            if counts.get(part, 0) >= MIN_PAPERS and counts[term] >= ABSORB_SHARE * counts[part]:
                absorbing.setdefault(part, []).append(term)
    without: Counter[tuple[str, str]] = Counter()  # (part, term): papers holding the part, not the term
    bare: Counter[tuple[str, str]] = Counter()  # ... and the part inside no other frequent term but one holding it
    for held in sets:
        for part in held.intersection(absorbing):
            longer = [o for o in held if o != part and _inside(part, o) and counts[o] >= MIN_PAPERS]
            for term in absorbing[part]:
                if term not in held:
                    without[part, term] += 1
                    bare[part, term] += all(_inside(term, o) for o in longer)
    found: dict[str, list[str]] = {}
    for term in terms:
        kept: list[str] = []
        for part in _runs(term):
            n = without[part, term]
            if n and 2 * bare[part, term] >= n and not any(_inside(part, k) for k in kept):
                kept.append(part)
        if kept:
            found[term] = kept
    return found


def _runs(term: str) -> Iterator[str]:
    """The runs of two words or more of a term, shorter than it, longest first, then from the left: one word
    alone ("language" of "large language models") says too little to be meant as the term."""
    words = term.split()
    for size in range(len(words) - 1, 1, -1):
        for start in range(len(words) - size + 1):
            yield " ".join(words[start:start + size])


def _within_share(rules: dict[str, list[list[str]]], texts: Sequence[str]) -> tuple[dict[str, list[list[str]]],
                                                                                     dict[str, float]]:
    """Each topic (its terms' patterns) shedding its broadest terms but its name while its rules tag more than
    MAX_TOPIC_SHARE of the texts, counted as a tagger matches them (auto_topics counts the papers holding a term
    or word as read, which misses plural and hyphenated forms and words inside phrases); and the share of the
    texts each topic then tags."""
    matcher = TagMatcher({f"{name}\x1f{n}": patterns for name, terms in rules.items()
                          for n, patterns in enumerate(terms)})
    tagged: dict[str, set[int]] = {}
    for t, text in enumerate(texts):
        for key in matcher.tag(text):
            tagged.setdefault(key, set()).add(t)
    limit = MAX_TOPIC_SHARE * len(texts)
    kept_rules, shares = {}, {}
    for name, terms in rules.items():
        kept, papers = _shed([tagged.get(f"{name}\x1f{n}", set()) for n in range(len(terms))], limit,
                             range(len(terms)))
        kept_rules[name] = [terms[n] for n in kept]
        shares[name] = len(papers) / max(1, len(texts))
    return kept_rules, shares


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
        if not any(_inside(term, other) for other, _ in kept):
            kept.append((term, z))
    return kept


def content_words(text: str) -> set[str]:
    """The plain words of a text, which cluster papers beside their terms and may join a topic's rules: all but
    stop words, generic words, the words abstracts use to say what they do (verbs, modifiers, words spread evenly
    over abstracts: word_roles.py), numbers and words of one or two letters.

    >>> sorted(content_words("Software reuse has shown promise: we found 2 components"))
    ['components', 'reuse', 'software']
    """
    return {w for w in map(str.lower, _TERM_WORD_RE.findall(text))
            if len(w) > 2 and not w.isdigit() and w not in STOP_WORDS and w not in GENERIC_WORDS
            and w not in VERBS and w not in MODIFIERS and w not in EVEN}


def auto_topics(sets: Sequence[set[str]], ranked: Sequence[Term], max_topics: int = 25,
                words: Sequence[set[str]] | None = None, spelled: dict[str, str] | None = None,
                texts: Sequence[str] | None = None,
                pattern: Callable[[str], str] | None = None) -> dict[str, list[str]]:
    """Topics from the collection itself, as tag rules: {topic name: its terms}, the broadest topic first.

    Papers are clustered by their terms and by their plain ``words`` (content_words, where given; spherical k-means
    over TF-IDF vectors, a term TERM_WEIGHT times a plain word, on an even sample of at most SAMPLE papers, the best
    of up to KMEANS_STARTS runs), and each cluster is named by the terms that set it apart (_cluster_terms), its
    plain words joining the rules after them. A broad subject's papers share few terms but many plain words of their
    field ("software", "work"), which is what holds them together. A subject too widespread for any cluster to hold
    most of it becomes a topic of its own, and so does a subject the clusters split or hid among another topic's
    rules, in the room they leave; a topic holding more than MAX_TOPIC_SHARE of the papers sheds its broadest terms
    (_bounded). An acronym the collection never defines is one topic with the term it ``spelled`` out
    (_spelled_out). Given each paper's ``texts`` and the ``pattern`` a term's rule is written as, a single word is
    counted in the papers its rule tags (_reached). Deterministic: the seeding is fixed, ties break by name.
    """
    floor = max(MIN_PAPERS, math.ceil(MIN_SHARE * len(sets)))
    vocabulary = [t.term for t in ranked if floor <= t.papers <= VOCABULARY_SHARE * len(sets)][:VOCABULARY]
    wanted = set(vocabulary)
    words = words if words is not None else [set() for _ in sets]
    spread = Counter(w for found in words for w in found)
    plain = {w for w, n in spread.items() if floor <= n <= VOCABULARY_SHARE * len(sets)} - wanted
    docs = [(terms & wanted) | (found & plain) for terms, found in zip(sets, words)]
    chosen = even_sample([n for n, doc in enumerate(docs) if doc], SAMPLE)
    if len(sets) < MIN_PAPERS + 1 or len(chosen) < MIN_PAPERS:  # three papers, two sharing a subject
        return {}
    docs = [docs[n] for n in chosen]
    single = {t: pattern(t) for t in wanted | plain if " " not in t} if texts is not None and pattern else {}
    reach = _reached([texts[n] for n in chosen], single) if single else [set() for _ in chosen]
    held = Counter(t for doc in docs for t in doc)
    reach_held = Counter(t for found in reach for t in found)
    idf = {t: math.log(len(docs) / n) + 1 for t, n in held.items()}
    # Two papers sharing a subject are one cluster.
    # A fifth of the topics is left for the subjects the clusters split (below).
    k = min(max_topics - max_topics // 5, max(2, round(math.sqrt(len(docs) / 2))), len(docs) - 1)
    topics: dict[str, list[str]] = {}
    # Terms in sorted order: the sums over a vector then run in one order whatever the hash seed.
    starts = max(1, min(KMEANS_STARTS, SAMPLE // len(docs)))
    vectors = [unit({t: idf[t] * (1.0 if t in plain else TERM_WEIGHT) for t in sorted(doc)}) for doc in docs]
    found = [_cluster_terms([docs[i] for i in members], held, len(docs), len(docs) / k, plain,
                            [reach[i] for i in members], reach_held)
             for members in kmeans(vectors, k, starts=starts)]
    # Only where no cluster shares a term does a plain word name one: two alert items sharing "sequence-to-sequence".
    for terms in [t for t in found if t and t[0] not in plain] or [t for t in found if t]:
        name = _slug(terms[0], ())
        topics[name] = topics.get(name, []) + [t for t in terms if t not in topics.get(name, ())]
    spelled = spelled or {}
    _join_spelled(topics, spelled)
    # A subject running through many clusters is in none's majority: it is a topic of its own (a plain word of
    # a topic does not stop it: "software" beside "software engineering"). Short texts share more words with their
    # field than with their subject, so k-means may also spread a narrower subject over clusters, or leave it
    # among the rules of one named by the field ("fuzzing" under "large language models"): a phrase, or a term of
    # a topic's rules, that names no topic is a topic too, while there is room.
    used = {t for terms in topics.values() for t in terms if t not in plain}
    names = {terms[0] for terms in topics.values()}
    split_floor = max(MIN_PAPERS + 1, SPLIT_SHARE * len(sets))
    for term in ranked:
        broad = term.papers >= BROAD_SHARE * len(sets)
        if not broad and (term.papers < split_floor or len(topics) >= max_topics):
            break
        # Broader than a topic's term is allowed ("large language models" beside "multimodal large language models").
        if (term.term in wanted and (broad or " " in term.term or term.term in used)
                and not any(_inside(other, term.term) for other in (used if broad else names))):
            topics.setdefault(_slug(term.term, ()), [term.term])
            used.add(term.term)
            names.add(term.term)
    _join_spelled(topics, spelled)
    held_all = [terms | found for terms, found in zip(sets, words)] if plain else sets
    return dict(list(_bounded(topics, held_all).items())[:max_topics])


def _join_spelled(topics: dict[str, list[str]], spelled: dict[str, str]) -> None:
    """A topic named by an acronym the collection never defines ("LLM") joins the topic named by the term it
    spells out, in place: one subject, however its papers write it."""
    by_name = {terms[0]: name for name, terms in topics.items()}
    for name, terms in list(topics.items()):
        if (target := by_name.get(spelled.get(terms[0], ""))) and target != name:
            topics[target] += [t for t in terms if t not in topics[target]]
            del topics[name]


def _cluster_terms(members: list[set[str]], held: Counter[str], papers: int, mean_size: float,
                   plain: Collection[str] = (), reached: Sequence[set[str]] | None = None,
                   reach_held: Counter[str] | None = None) -> list[str]:
    """The terms of one cluster's topic (the terms of its papers), the one most of them hold first, then by
    class-based TF-IDF, as BERTopic does.

    A term joins only when at least CLUSTER_SHARE of the papers holding it are in the cluster and it is LIFT times
    as common there as in all ``papers``, so the topic's rules tag the papers it was found in and a generic term
    joins none. A single word is counted in the papers its rule will tag (``reached``, for each member;
    ``reach_held``, in all papers): "system" read as a term in two papers of the cluster also tags every paper that
    says "systems". It joins only when COHERENCE of its papers there hold a term already in, so that a cluster of
    leftovers does not become a grab-bag. The ``plain`` words among them are weighed after every term and name the
    topic only where no term is among them: a phrase says more than one of its words. A word of a term already in
    ("vulnerability" of "vulnerability detection") joins only where MIN_PAPERS of the cluster's papers say it alone
    (_said_alone): those are the papers it adds, and a word said alone by one ("model" of "acoustic model") is more
    likely another subject's.
    """
    if len(members) < MIN_PAPERS:
        return []
    inside = Counter(t for terms in members for t in terms)
    reach_inside = Counter(t for found in reached or () for t in found)
    reach_held = reach_held or Counter()
    terms: list[str] = []
    together: set[int] = set()  # the members holding a term of the topic so far
    ranked = sorted(inside, key=lambda t: (t in plain, -inside[t] / len(members) * math.log(1 + mean_size / held[t]),
                                            t))
    for term in ranked:
        n_in, n_all = (reach_inside[term], reach_held[term]) if term in reach_held else (inside[term], held[term])
        if (n_in < MIN_PAPERS or n_in < CLUSTER_SHARE * n_all
                or n_in / len(members) < min(LIFT * n_all / papers, 0.9)):
            continue
        # A term inside or around one already in adds nothing; a plain word inside one is broader (_said_alone).
        overlapping = [kept for kept in terms if _overlaps(term, kept)]
        if overlapping and (term not in plain or any(kept in plain for kept in overlapping)
                            or _said_alone(term, members) < MIN_PAPERS):
            continue
        holding = {i for i, member in enumerate(members) if term in member}
        if terms and len(holding & together) < max(1, COHERENCE * len(holding)):
            continue
        terms.append(term)
        together |= holding
        if len(terms) == MAX_TOPIC_TERMS:
            break
    # The name is the term most of the cluster holds (then the one most papers hold): what its papers share, not
    # its rarest distinction.
    named = [t for t in terms if t not in plain] or terms
    name = max(named, key=lambda t: (inside[t], held[t], -terms.index(t)), default=None)
    return [name] + [t for t in terms if t != name] if name else []


def _said_alone(word: str, members: Sequence[set[str]]) -> int:
    """How many of the papers hold the plain word inside none of their terms: as a subject's name, not as part of
    another subject's ("language" of "pretrained language models")."""
    return sum(word in member and not any(_inside(word, t) for t in member if t != word) for member in members)


def _bounded(topics: dict[str, list[str]], sets: Sequence[set[str]]) -> dict[str, list[str]]:
    """Topics ordered by the papers their terms tag (most first), each shedding its broadest terms but its name
    while it tags more than MAX_TOPIC_SHARE of the papers. ``sets``: each paper's terms and plain words."""
    # A rule tags a term's plural forms too ("network": "networks"): so does the count here.
    forms = {t: variants(t) for terms in topics.values() for t in terms}
    of_form: dict[str, set[int]] = {f: set() for found in forms.values() for f in found}
    for n, terms in enumerate(sets):
        for f in terms.intersection(of_form):
            of_form[f].add(n)
    papers_of = {t: set().union(*(of_form[f] for f in found)) for t, found in forms.items()}
    limit = MAX_TOPIC_SHARE * len(sets)
    sized = []
    for name, terms in topics.items():
        kept, tagged = _shed([papers_of[t] for t in terms], limit, terms)
        sized.append((-len(tagged), name, [terms[n] for n in kept]))
    return {name: kept for _, name, kept in sorted(sized)}


def _shed(held: Sequence[set[int]], limit: float, ties: Sequence) -> tuple[list[int], set[int]]:
    """The terms a topic keeps, by index in their order, and the papers they tag: the broadest (by papers held,
    then the last by ``ties``) shed while they tag more than ``limit``. The first, its name, stays: a subject in
    most papers is what lists about one subject share."""
    kept = list(range(len(held)))
    broadest_last = sorted(kept[1:], key=lambda n: (len(held[n]), ties[n]))
    tagged = set().union(*held)
    while broadest_last and len(tagged) > limit:
        kept.remove(broadest_last.pop())
        tagged = set().union(*(held[n] for n in kept))
    return kept, tagged


def _overlaps(a: str, b: str) -> bool:
    """One term is a part of the other (their words run inside each other)."""
    return _inside(a, b) or _inside(b, a)


def _inside(part: str, term: str) -> bool:
    """The words of ``part`` run inside ``term``, or are it: "program repair" in "automated program repair", not
    "gram" in "program"."""
    return f" {part} " in f" {term} "


def _slug(term: str, taken: Iterable[str]) -> str:
    base = re.sub(r"[^a-z0-9]+", "-", term.lower()).strip("-") or "topic"
    name, n = base, 2
    while name in taken:
        name, n = f"{base}-{n}", n + 1
    return name
