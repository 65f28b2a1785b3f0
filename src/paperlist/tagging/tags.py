"""Tag rules: the built-in set, loading a TOML rules file, and matching snippets (pure)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from itertools import compress

from paperlist.match.normalize import ascii_words, words
from paperlist.tagging.rules import BUILTIN_RULES

# Clause punctuation, compiled at the first phrase walk (most texts need none). With curly quotes the pattern
# takes several times as long to compile (a Unicode character set), so it is compiled only for texts holding one.
_CLAUSE_RE = re.compile(r"[.,;:!?()\[\]{}\"“”]")


_TOML_LINE_RE = re.compile(r"\(at (?:line (\d+), column \d+|end of document)\)")
MODES = ("extend", "replace")
MAX_RULE_WORDS = 8  # bounds phrase matching; the longest built-in rule has 4 words


class RulesError(ValueError):
    """A rules file that cannot be used; ``line`` is 1-based when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


def _is_acronym(word: str) -> bool:
    return len(word) >= 2 and word.isupper()


@cache  # rule words repeat across patterns and matchers
def variants(word: str) -> frozenset[str]:
    """The word and the plural forms a rule of it matches, lower-cased unless it is an acronym (of a phrase: its
    last word's)."""
    if not _is_acronym(word):
        word = word.lower()
        forms = {word, word + "s", word + "es"}
        if word.endswith("y"):
            forms.add(word[:-1] + "ies")
        return frozenset(forms)
    return frozenset({word, word + "s"})


def _bases(token: str) -> tuple[str, ...]:
    """The rule words a lower-case token can be a form of: itself, or it without a plural ending."""
    bases = [token]
    if token.endswith("s"):
        bases.append(token[:-1])
        if token.endswith("es"):
            bases.append(token[:-2])
        if token.endswith("ies"):
            bases.append(token[:-3] + "y")
    return tuple(bases)


def _acronym_bases(token: str) -> tuple[str, ...]:
    return (token, token[:-1]) if token.endswith("s") else (token,)


class _Node:
    """A trie node over phrase words: lower-case words and exact-case acronyms lead to children."""

    __slots__ = ("lower", "exact", "tags")

    def __init__(self) -> None:
        self.lower: dict[str, _Node] = {}
        self.exact: dict[str, _Node] = {}
        self.tags: set[str] = set()


class TagMatcher:
    """Matches words and phrases of a rule set against snippet text.

    Single words are looked up with set intersections; phrases walk one trie
    from each position whose token can start a phrase, so the time is linear in
    the text whatever the number of rules (a rule has at most MAX_RULE_WORDS words).
    """

    def __init__(self, rules: Mapping[str, Iterable[str]]) -> None:
        self.rules = {tag: list(patterns) for tag, patterns in rules.items()}
        self._words: dict[str, set[str]] = {}
        self._acronyms: dict[str, set[str]] = {}
        self._trie = _Node()
        self._starts: set[str] = set()
        self._acronym_starts: set[str] = set()
        self._seconds: set[str] = set()  # forms of a phrase's second word: a walk that cannot go on is not begun
        self._acronym_seconds: set[str] = set()
        # For each form of a phrase's first word: the forms of the second words of its two-word phrases, and
        # the forms of each further word of its longer ones. A text that lacks a form of some word of every
        # phrase it holds a start of cannot match one (most texts), and no walk is begun.
        self._second_words: dict[str, set[str]] = {}
        self._longer: dict[str, list[list[frozenset[str]]]] = {}
        self._acronym_lower: set[str] = set()  # every acronym form of every rule, lower-cased
        seconds_after: dict[str, set[str]] = {}  # a phrase's first word -> forms of the words that follow it
        # A rule "PHRASE [with: WORD, WORD]" tags only a text that also holds one of the words: the phrase and
        # its context are matched as tags of their own (one pass over the text) and joined after.
        self._contextual: dict[str, str] = {}
        for tag, patterns in self.rules.items():
            for pattern in patterns:
                phrase, context = split_context(pattern)
                if not context:
                    self._add(tag, words(phrase), seconds_after)
                    continue
                rule = f"\x00{len(self._contextual)}"
                self._contextual[rule] = tag
                self._add(rule, words(phrase), seconds_after)
                for word in context:
                    self._add("\x01" + rule[1:], words(word), seconds_after)
        for first, seconds in seconds_after.items():
            for form in variants(first):
                self._second_words.setdefault(form, set()).update(seconds)

    def _add(self, tag: str, words: list[str], seconds_after: dict[str, set[str]]) -> None:
        if not words:
            return
        acronym = list(map(_is_acronym, words))
        forms = list(map(variants, words))
        if any(acronym):
            for word_forms, exact in zip(forms, acronym):
                if exact:
                    self._acronym_lower.update(map(str.lower, word_forms))
        if len(words) == 1:
            table = self._acronyms if acronym[0] else self._words
            for form in forms[0]:
                table.setdefault(form, set()).add(tag)
            return
        node = self._trie
        for word, exact in zip(words, acronym):
            edges, key = (node.exact, word) if exact else (node.lower, word.lower())
            child = edges.get(key)
            if child is None:
                child = edges[key] = _Node()
            node = child
        node.tags.add(tag)
        (self._acronym_starts if acronym[0] else self._starts).update(forms[0])
        (self._acronym_seconds if acronym[1] else self._seconds).update(forms[1])
        if len(words) == 2:
            seconds_after.setdefault(words[0], set()).update(forms[1])
        else:
            for form in forms[0]:
                self._longer.setdefault(form, []).append(forms[1:])

    def tag(self, text: str) -> tuple[str, ...]:
        """The sorted tags whose rules match the text.

        >>> TagMatcher({"gpu": ["GPU"], "fl": ["federated learning"]}).tag("Federated-learning on GPUs")
        ('fl', 'gpu')
        >>> TagMatcher({"energy": ["energy [with: GPU, data center]"]}).tag("Energy use of GPUs")
        ('energy',)
        """
        if not self.rules:
            return ()
        found = self._tags(text)
        if not self._contextual or not any(t[0] in "\x00\x01" for t in found):
            return found
        held = set(found)
        real = {t for t in found if t[0] not in "\x00\x01"}
        real.update(tag for rule, tag in self._contextual.items() if rule in held and "\x01" + rule[1:] in held)
        return tuple(sorted(real))

    def _tags(self, text: str) -> tuple[str, ...]:
        lowered_words = ascii_words(text, lower=True)
        if lowered_words is None:  # not ASCII: Unicode words, lower-cased one by one
            token_set = set(words(text))
            lower_set = set(map(str.lower, token_set))
        else:
            lower_set = set(lowered_words)
            # An acronym form can be among the words only if its lower case is: most texts hold none.
            token_set = set() if lower_set.isdisjoint(self._acronym_lower) else set(words(text))
        # Each of the text's few words is looked up in the rules, not each rule word in the text: a set's
        # intersection with a dict walks the whole dict.
        found: set[str] = set()
        for form in lower_set:
            if form in self._words:
                found |= self._words[form]
        for form in token_set:
            if form in self._acronyms:
                found |= self._acronyms[form]
        if not self._may_hold_phrase(lower_set | token_set if token_set else lower_set):
            return tuple(sorted(found))
        # A phrase never runs across clause punctuation: "(LLMs), serving as" is not "LLM serving".
        tokens = [t for part in _CLAUSE_RE.split(text) for t in (*words(part), "")]
        lowered = list(map(str.lower, tokens))
        places = range(len(tokens))
        starts = set(compress(places, map(self._starts.__contains__, lowered)))
        starts.update(compress(places, map(self._acronym_starts.__contains__, tokens)))
        seconds = set(compress(places, map(self._seconds.__contains__, lowered)))
        seconds.update(compress(places, map(self._acronym_seconds.__contains__, tokens)))
        for i in starts:
            if i + 1 in seconds:  # every phrase has two words or more
                found |= self._walk(tokens, lowered, i)
        return tuple(sorted(found))

    def _may_hold_phrase(self, forms: set[str]) -> bool:
        """Whether some phrase has a form of each of its words among ``forms`` (lower-cased words and
        exact-case acronyms: a lower-case form is found only among the first, an acronym only among the second)."""
        for start in forms:
            if start in self._second_words and not forms.isdisjoint(self._second_words[start]):
                return True
        for start in forms:
            for rest in self._longer.get(start, ()):
                if all(not word.isdisjoint(forms) for word in rest):
                    return True
        return False

    def _walk(self, tokens: list[str], lowered: list[str], start: int) -> set[str]:
        """Tags of every phrase that starts at ``start``."""
        found: set[str] = set()
        frontier = [self._trie]
        for j in range(start, min(len(tokens), start + MAX_RULE_WORDS)):
            if not tokens[j]:
                break  # a clause ends here
            step = []
            for node in frontier:
                step += [node.lower[b] for b in _bases(lowered[j]) if b in node.lower]
                step += [node.exact[b] for b in _acronym_bases(tokens[j]) if b in node.exact]
            for node in step:
                found |= node.tags
            frontier = step
            if not frontier:
                break
        return found


_CONTEXT_RE = re.compile(r"^(.*?)\s*\[with:\s*([^\]]*)\]\s*$")


def split_context(pattern: str) -> tuple[str, list[str]]:
    """A rule's phrase, and the words one of which the text must also hold ("energy [with: GPU, cluster]").

    >>> split_context("scheduling [with: cluster, GPU jobs]"), split_context("GPU")
    (('scheduling', ['cluster', 'GPU jobs']), ('GPU', []))
    """
    match = _CONTEXT_RE.match(pattern)
    if not match:
        return pattern, []
    return match.group(1), [w.strip() for w in match.group(2).split(",") if w.strip()]


def _rule_parts(pattern: object) -> list[list[str]] | None:
    """The words of a rule's phrase and of each context word; None when any is empty (or "[with: ]")."""
    if not isinstance(pattern, str):
        return None
    phrase, context = split_context(pattern)
    if not context and _CONTEXT_RE.match(pattern):
        return None
    parts = [words(phrase), *map(words, context)]
    return parts if all(parts) else None


def builtin_rules() -> dict[str, list[str]]:
    """A copy of the built-in rule set."""
    return {tag: list(patterns) for tag, patterns in BUILTIN_RULES.items()}


def _line_of_key(text: str, key: str) -> int | None:
    pattern = re.compile(r'^\s*(?:"%s"|\'%s\'|%s)\s*=' % ((re.escape(key),) * 3), re.M)
    match = pattern.search(text)
    return text.count("\n", 0, match.start()) + 1 if match else None


def load_rules(text: str) -> dict[str, list[str]]:
    """Parse a TOML rules file into the active rule set; raise RulesError when broken.

    ``mode = "extend"`` (the default) adds to and overrides the built-in tags;
    ``mode = "replace"`` uses only the file's tags.
    """
    import tomllib  # only runs given a rules file read TOML

    try:
        document = tomllib.loads(text)
    except RecursionError:
        raise RulesError("arrays or tables nested too deeply (a rule is a list of strings under [tags])") from None
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        match = _TOML_LINE_RE.search(message)
        line = None
        if match:
            line = int(match.group(1)) if match.group(1) else max(1, len(text.rstrip("\n").split("\n")))
        raise RulesError(_TOML_LINE_RE.sub("", message).strip(), line) from None
    unknown = sorted(set(document) - {"mode", "tags"})
    if unknown:
        raise RulesError(f"unknown key '{unknown[0]}' (expected 'mode' and [tags])", _line_of_key(text, unknown[0]))
    mode = document.get("mode", "extend")
    if mode not in MODES:
        raise RulesError(f"mode must be \"extend\" or \"replace\", not {mode!r}", _line_of_key(text, "mode"))
    tags = document.get("tags")
    if not isinstance(tags, dict) or not tags:
        raise RulesError("missing [tags] table with at least one tag", None)
    for tag, patterns in tags.items():
        parts = [_rule_parts(p) for p in patterns] if isinstance(patterns, list) and patterns else [None]
        if None in parts:
            raise RulesError(f"tag '{tag}' must be a non-empty list of words or phrases", _line_of_key(text, tag))
        longest = max(len(phrase) for rule in parts for phrase in rule)  # type: ignore[union-attr]
        if longest > MAX_RULE_WORDS:
            raise RulesError(f"tag '{tag}' has a rule of {longest} words; a rule has at most {MAX_RULE_WORDS}",
                             _line_of_key(text, tag))
    rules = builtin_rules() if mode == "extend" else {}
    rules.update({tag: list(patterns) for tag, patterns in tags.items()})
    return rules
