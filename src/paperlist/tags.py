"""Tag rules: the built-in set, loading a TOML rules file, and matching snippets (pure)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from paperlist.tag_rules import BUILTIN_RULES

_WORD_RE = re.compile(r"[^\W_]+")
_BARE_KEY_RE = re.compile(r"[A-Za-z0-9_-]+")
_TOML_LINE_RE = re.compile(r"\(at (?:line (\d+), column \d+|end of document)\)")
MODES = ("extend", "replace")


class RulesError(ValueError):
    """A rules file that cannot be used; ``line`` is 1-based when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


def _is_acronym(word: str) -> bool:
    return len(word) >= 2 and word.isupper()


def _variants(word: str) -> frozenset[str]:
    """The word and its plural forms, lower-cased unless it is an acronym."""
    if not _is_acronym(word):
        word = word.lower()
        forms = {word, word + "s", word + "es"}
        if word.endswith("y"):
            forms.add(word[:-1] + "ies")
        return frozenset(forms)
    return frozenset({word, word + "s"})


@dataclass(frozen=True, slots=True)
class _Phrase:
    tag: str
    words: tuple[frozenset[str], ...]
    exact_case: tuple[bool, ...]


class TagMatcher:
    """Matches words and phrases of a rule set against snippet text."""

    def __init__(self, rules: Mapping[str, Iterable[str]]) -> None:
        self.rules = {tag: list(patterns) for tag, patterns in rules.items()}
        self._words: dict[str, set[str]] = {}
        self._acronyms: dict[str, set[str]] = {}
        self._phrases: dict[str, list[_Phrase]] = {}
        self._acronym_phrases: dict[str, list[_Phrase]] = {}
        for tag, patterns in self.rules.items():
            for pattern in patterns:
                self._add(tag, _WORD_RE.findall(pattern))

    def _add(self, tag: str, words: list[str]) -> None:
        if not words:
            return
        exact_case = tuple(_is_acronym(word) for word in words)
        if len(words) == 1:
            table = self._acronyms if exact_case[0] else self._words
            for form in _variants(words[0]):
                table.setdefault(form, set()).add(tag)
            return
        phrase = _Phrase(tag, tuple(_variants(w) for w in words), exact_case)
        phrases = self._acronym_phrases if exact_case[0] else self._phrases
        for form in phrase.words[0]:
            phrases.setdefault(form, []).append(phrase)

    def tag(self, text: str) -> tuple[str, ...]:
        """The sorted tags whose rules match the text.

        >>> TagMatcher({"gpu": ["GPU"], "fl": ["federated learning"]}).tag("Federated-learning on GPUs")
        ('fl', 'gpu')
        """
        tokens = _WORD_RE.findall(text)
        token_set = set(tokens)
        lower_set = {token.lower() for token in token_set}
        found: set[str] = set()
        for form in lower_set.intersection(self._words):
            found |= self._words[form]
        for form in token_set.intersection(self._acronyms):
            found |= self._acronyms[form]
        lowered: list[str] | None = None
        for phrases, present in ((self._phrases, lower_set), (self._acronym_phrases, token_set)):
            for form in present.intersection(phrases):
                if lowered is None:
                    lowered = [token.lower() for token in tokens]
                for phrase in phrases[form]:
                    if phrase.tag not in found and _has_phrase(tokens, lowered, phrase):
                        found.add(phrase.tag)
        return tuple(sorted(found))


def _has_phrase(tokens: list[str], lowered: list[str], phrase: _Phrase) -> bool:
    """True when the phrase's words follow each other somewhere in the tokens."""
    words = [(tokens if exact else lowered, forms) for forms, exact in zip(phrase.words, phrase.exact_case)]
    (first_seq, first_forms), rest = words[0], words[1:]
    for i in range(len(tokens) - len(rest)):
        if first_seq[i] in first_forms and all(seq[i + j] in forms for j, (seq, forms) in enumerate(rest, 1)):
            return True
    return False


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
    import tomllib  # only a --tags run pays for it
    try:
        document = tomllib.loads(text)
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
        valid = isinstance(patterns, list) and patterns and all(
            isinstance(p, str) and _WORD_RE.search(p) for p in patterns)
        if not valid:
            raise RulesError(f"tag '{tag}' must be a non-empty list of words or phrases", _line_of_key(text, tag))
    rules = builtin_rules() if mode == "extend" else {}
    rules.update({tag: list(patterns) for tag, patterns in tags.items()})
    return rules


def render_rules(rules: Mapping[str, Iterable[str]]) -> str:
    """The rule set as a TOML rules file that ``load_rules`` reads back."""
    lines = [
        "# paperlist tag rules. Lower-case words match in any case; UPPER-CASE words",
        "# (acronyms) only in upper case. Plurals and hyphen/space variants match too.",
        '# mode = "extend" adds to the built-in tags (and overrides a tag of the same name);',
        '# mode = "replace" uses only the tags below.',
        'mode = "replace"',
        "",
        "[tags]",
    ]
    for tag, patterns in rules.items():
        key = tag if _BARE_KEY_RE.fullmatch(tag) else json.dumps(tag, ensure_ascii=False)
        values = ", ".join(json.dumps(p, ensure_ascii=False) for p in patterns)
        lines.append(f"{key} = [{values}]")
    return "\n".join(lines) + "\n"
