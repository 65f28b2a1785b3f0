"""Tag rules -> a TOML rules file that ``load_rules`` reads back, every character from input escaped (pure)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from paperlist.match.normalize import UNSAFE_BEYOND_C0

_BARE_KEY_RE = re.compile(r"[A-Za-z0-9_-]+")
# Quotes, backslashes, and every character terminal_safe escapes: as TOML's \u and \U escapes.
_TOML_UNSAFE_RE = re.compile(f'["\\\\\\x00-\\x1f{UNSAFE_BEYOND_C0}]')


def _toml_escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in '"\\':
        return "\\" + char
    code = ord(char)
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def toml_string(text: str) -> str:
    """A TOML basic string: quotes, backslashes, controls, bidi and invisible characters escaped.

    >>> toml_string('a"b\x7f\u202e')
    '"a\\\\"b\\\\u007f\\\\u202e"'
    """
    return '"' + _TOML_UNSAFE_RE.sub(_toml_escape, text) + '"'


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
        key = tag if _BARE_KEY_RE.fullmatch(tag) else toml_string(tag)
        values = ", ".join(toml_string(p) for p in patterns)
        lines.append(f"{key} = [{values}]")
    return "\n".join(lines) + "\n"
