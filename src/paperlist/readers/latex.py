"""LaTeX markup in BibTeX fields -> plain Unicode text (pure)."""

from __future__ import annotations

import re
import unicodedata

# Accent commands and the combining marks they stand for.
_ACCENTS = {'"': "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303", "=": "\u0304",
            ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
            "r": "\u030a", "d": "\u0323", "b": "\u0331"}
_LETTERS = {"ss": "ß", "o": "ø", "O": "Ø", "aa": "å", "AA": "Å", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ",
            "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ", "dh": "ð", "th": "þ", "TH": "Þ"}
_ACCENT_RE = re.compile(r"""\\([\"'`^~=.]|[uvHckrdb](?![A-Za-z]))\s*(?:\{\s*(\\[ij]|[^{}\\]?)\s*\}|(\\[ij](?![A-Za-z])|[A-Za-z]))""")
_LETTER_RE = re.compile(r"\\(ss|aa|AA|ae|AE|oe|OE|dh|th|TH|[oOlLij])(?![A-Za-z])\s?")
_SYMBOL_RE = re.compile(r"\\([&%$#_{} ])")
_COMMAND_RE = re.compile(r"\\[A-Za-z]+\*?\s*")
_DASHES = (("---", "—"), ("--", "–"), ("``", "“"), ("''", "”"))


def _accent(match: re.Match[str]) -> str:
    letter = match.group(2) or match.group(3) or ""
    letter = {"\\i": "i", "\\j": "j"}.get(letter, letter)
    return unicodedata.normalize("NFC", letter + _ACCENTS[match.group(1)])


def latex_to_text(value: str) -> str:
    """Turn accents, escaped symbols, dashes and formatting commands into plain text; drop grouping braces.

    >>> latex_to_text(r"G{\\"o}del and Erd\\H{o}s on {\\em na\\"{\\i}ve} sets --- \\textbf{really}")
    'Gödel and Erdős on naïve sets — really'
    """
    text = _ACCENT_RE.sub(_accent, value)
    text = _LETTER_RE.sub(lambda m: _LETTERS[m.group(1)], text)
    # Escaped braces become placeholders so that removing grouping braces keeps them.
    text = _SYMBOL_RE.sub(lambda m: {"{": "\x01", "}": "\x02"}.get(m.group(1), m.group(1)), text)
    text = _COMMAND_RE.sub("", text)
    for tex, char in _DASHES:
        text = text.replace(tex, char)
    text = text.replace("{", "").replace("}", "").replace("~", " ")
    text = text.replace("\x01", "{").replace("\x02", "}")
    return " ".join(text.split())
