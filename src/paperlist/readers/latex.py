"""LaTeX markup in BibTeX fields -> plain Unicode text (pure)."""

from __future__ import annotations

import html
import re
import unicodedata
from html.entities import html5

# Accent commands and the combining marks they stand for.
_ACCENTS = {'"': "\u0308", "'": "\u0301", "`": "\u0300", "^": "\u0302", "~": "\u0303", "=": "\u0304",
            ".": "\u0307", "u": "\u0306", "v": "\u030c", "H": "\u030b", "c": "\u0327", "k": "\u0328",
            "r": "\u030a", "d": "\u0323", "b": "\u0331"}
_LETTERS = {"ss": "ß", "o": "ø", "O": "Ø", "aa": "å", "AA": "Å", "ae": "æ", "AE": "Æ", "oe": "œ", "OE": "Œ",
            "l": "ł", "L": "Ł", "i": "ı", "j": "ȷ", "dh": "ð", "th": "þ", "TH": "Þ"}
# The letter inside braces is never a space and the spaces after it come only with it, so two runs of
# spaces never meet: matching stays linear however many spaces an input puts there.
_ACCENT_RE = re.compile(r"""\\([\"'`^~=.]|[uvHckrdb](?![A-Za-z]))\s*(?:\{\s*(?:(\\[ij]|[^{}\\\s])\s*)?\}|(\\[ij](?![A-Za-z])|[A-Za-z0-9]))""")
_LETTER_RE = re.compile(r"\\(ss|aa|AA|ae|AE|oe|OE|dh|th|TH|[oOlLij])(?![A-Za-z])\s?")
_SYMBOL_RE = re.compile(r"\\([&%$#_{} ])")
_COMMAND_RE = re.compile(r"\\[A-Za-z]+\*?\s*")
# Macros that stand for text. A control word swallows the space after it, as in TeX ("The \\TeX book" is
# "The TeXbook"); math operators keep it ("\\log n" is "log n").
_WORDS = {"TeX": "TeX", "LaTeX": "LaTeX", "LaTeXe": "LaTeX2e", "BibTeX": "BibTeX", "AmS": "AMS", "MF": "Metafont",
          "textbackslash": "\\", "textasciitilde": "~", "textasciicircum": "^", "textendash": "\u2013",
          "textemdash": "\u2014", "ldots": "\u2026", "dots": "\u2026", "textellipsis": "\u2026", "S": "\u00a7",
          "P": "\u00b6", "copyright": "\u00a9", "textregistered": "\u00ae", "texttrademark": "\u2122",
          "hyphen": "-", "slash": "/", "textquoteright": "\u2019", "textquoteleft": "\u2018", "pounds": "\u00a3",
          "euro": "\u20ac", "textdegree": "\u00b0", "times": "\u00d7", "pm": "\u00b1", "infty": "\u221e",
          "leq": "\u2264", "geq": "\u2265", "neq": "\u2260", "approx": "\u2248", "cdot": "\u00b7",
          "to": "\u2192", "rightarrow": "\u2192", "leftarrow": "\u2190",
          "textgreater": ">", "textless": "<", "textbar": "|", "textunderscore": "_", "textbullet": "\u2022",
          "textperiodcentered": "\u00b7", "textdollar": "$", "langle": "\u27e8", "rangle": "\u27e9",
          "lt": "<", "gt": ">", "le": "\u2264", "ge": "\u2265", "ne": "\u2260", "ll": "\u226a", "gg": "\u226b",
          "sim": "\u223c", "simeq": "\u2243", "propto": "\u221d", "in": "\u2208", "cup": "\u222a",
          "cap": "\u2229", "circ": "\u2218", "prime": "\u2032", "partial": "\u2202", "nabla": "\u2207",
          "ell": "\u2113", "hbar": "\u210f", "sum": "\u2211", "prod": "\u220f", "int": "\u222b",
          "sqrt": "\u221a", "Rightarrow": "\u21d2", "Leftrightarrow": "\u21d4", "leftrightarrow": "\u2194",
          "uparrow": "\u2191", "downarrow": "\u2193", "mp": "\u2213", "div": "\u00f7", "ast": "\u2217",
          "star": "\u22c6", "dagger": "\u2020", "ddagger": "\u2021", "bullet": "\u2022",
          "varepsilon": "\u03b5", "vartheta": "\u03d1", "varphi": "\u03c6", "varrho": "\u03f1",
          "varsigma": "\u03c2", "varpi": "\u03d6", "textmu": "\u00b5", "textpm": "\u00b1",
          "textbraceleft": "{", "textbraceright": "}", "texttimes": "\u00d7", "textdiv": "\u00f7", "textonehalf": "\u00bd", "textperthousand": "\u2030"}
_GREEK = ("alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau "
          "upsilon phi chi psi omega").split()
_WORDS.update({name: unicodedata.lookup(f"GREEK SMALL LETTER {name.upper().replace('LAMBDA', 'LAMDA')}")
               for name in _GREEK})
_WORDS.update({name.capitalize(): unicodedata.lookup(f"GREEK CAPITAL LETTER {name.upper().replace('LAMBDA', 'LAMDA')}")
               for name in ("gamma", "delta", "theta", "lambda", "xi", "pi", "sigma", "upsilon", "phi", "psi", "omega")})
# Characters a macro stands for that LaTeX would read again as markup: held as placeholders until the end.
_HELD = {"\\": "\x03", "~": "\x04", "^": "\x05", "{": "\x01", "}": "\x02"}
_SPACED = frozenset("<>≤≥≠≈∼≃∝≪≫∈∪∩×±∓÷→←↔⇒⇔↑↓·∘∗⋆")
_OPERATORS = frozenset("log ln exp sin cos tan lim max min sup inf det dim deg gcd Pr arg ker".split())
_WORD_RE = re.compile(r"\\([A-Za-z]+)(?![A-Za-z])(?:\{\}|( ?))")  # "{}" ends a control word and keeps the space
_SORT_KEY_RE = re.compile(r"\\noopsort\s*\{[^{}]{0,100}\}")  # a key for sorting only: never shown
_SWITCHED_RE = re.compile(r"\\switchargs\s*\{([^{}]{0,100})\}\s*\{([^{}]{0,100})\}")
_MATH_SPACE_RE = re.compile(r"\\[!,;:>]")
# Math: $...$, \(...\), \[...\] lose their delimiters; x^2 and x_2 become x² and x₂ where every character has a
# super- or subscript form, else x^(ab) and x_(ab) (x^a for one character): one convention in every field.
_MATH_RE = re.compile(r"\$\$(.{0,2000}?)\$\$|\$(.{0,2000}?)\$|\\\((.{0,2000}?)\\\)|\\\[(.{0,2000}?)\\\]", re.S)
_SCRIPT_RE = re.compile(r"([\^_])\s*(?:\{((?:[^{}]|\{[^{}]{0,200}\}){0,200})\}|(\\[A-Za-z]+|[^\s{}\\]))")
_SUPER = dict(zip("0123456789+-=()niaeohjklmnoprstuvwxyABDEGHIJKLMNOPRTUVW",
                  "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱᵃᵉᵒʰʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂ"))
_SUB = dict(zip("0123456789+-=()aehijklmnoprstuvx", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ"))
# Math accents over a letter or a group: the combining mark after each character.
_OVER_RE = re.compile(r"\\(bar|overline|hat|widehat|tilde|widetilde|vec|dot|ddot)(?![A-Za-z])\s*(?:\{([^{}]{1,40})\}|([A-Za-z0-9]))")
_OVER = {"bar": "\u0304", "overline": "\u0305", "hat": "\u0302", "widehat": "\u0302", "tilde": "\u0303",
         "widetilde": "\u0303", "vec": "\u20d7", "dot": "\u0307", "ddot": "\u0308"}
_SCRIPT_TEXT_RE = re.compile(r"\\text(super|sub)script\s*\{([^{}]{0,200})\}")
_DASHES = (("---", "—"), ("--", "–"), ("``", "“"), ("''", "”"))


def _accent(match: re.Match[str]) -> str:
    letter = match.group(2) or match.group(3) or ""
    letter = {"\\i": "i", "\\j": "j"}.get(letter, letter)
    return unicodedata.normalize("NFC", letter + _ACCENTS[match.group(1)])


def _word(match: re.Match[str]) -> str:
    name = match.group(1)
    if name in _OPERATORS:
        return name + (match.group(2) or "")
    if name not in _WORDS:
        return match.group(0)
    value = _WORDS[name]
    # A macro swallows the space after it, as in TeX ("The \\TeX book", "\\langle 001"); a relation or an
    # operator keeps it, where math would space it ("a \\leq b").
    return _HELD.get(value, value) + (match.group(2) or "" if value in _SPACED else "")


_FONT_RE = re.compile(r"\\(?:rm|mathrm|text|textrm|mathit|it|bf|mathbf|mathsf|sf)(?![A-Za-z])\s*")


def _script(mark: str, text: str) -> str:
    """``text`` raised (``^``) or lowered (``_``): in Unicode where every character has the form, else marked."""
    text = _FONT_RE.sub("", text).replace("{", "").replace("}", "").strip()
    if mark == "^" and text in ("\\circ", "o"):
        return "°" if text == "\\circ" else "ᵒ"
    if mark == "^" and text == "\\prime":
        return "′"
    table = _SUPER if mark == "^" else _SUB
    if text and all(c in table for c in text):
        return "".join(table[c] for c in text)
    return mark + (text if len(text) <= 1 or re.fullmatch(r"\\[A-Za-z]+", text) else f"({text})")


def _scripts(text: str) -> str:
    return _SCRIPT_RE.sub(lambda m: _script(m.group(1), (m.group(2) if m.group(2) is not None else m.group(3)).strip()),
                          text)


def _over(match: re.Match[str]) -> str:
    group = match.group(2) if match.group(2) is not None else match.group(3)
    return "".join(c + _OVER[match.group(1)] if not c.isspace() else c for c in group)


# An HTML entity, as the ACM Digital Library's BibTeX carries them ("Bj&oslash;rn&nbsp;Kristensen, Lasse"); not
# after a backslash, where "\&" is TeX's ampersand.
_HELD_ENTITY = str.maketrans({**_HELD, "$": "\x06"})
_ENTITY_RE = re.compile(r"(?<!\\)&(?:#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});")


def _entity(match: re.Match[str]) -> str:
    """An entity's character (one TeX reads as markup held as the placeholder latex_to_text puts back), or the
    entity as written when it names none."""
    entity = match.group()
    if not entity.startswith("&#") and entity[1:] not in html5:
        return entity
    return html.unescape(entity).translate(_HELD_ENTITY)


def latex_to_text(value: str) -> str:
    """Turn accents, escaped symbols, dashes, formatting commands and HTML entities into plain text; drop grouping
    braces.

    >>> latex_to_text(r"G{\\"o}del and Erd\\H{o}s on {\\em na\\"{\\i}ve} sets --- \\textbf{really}")
    'Gödel and Erdős on naïve sets — really'
    """
    if "&" in value:
        value = _ENTITY_RE.sub(_entity, value)
    text = _SORT_KEY_RE.sub("", value.replace("\\$", "\x06").replace("\\-", ""))  # \- is a soft hyphen
    text = _SWITCHED_RE.sub(lambda m: m.group(2) + m.group(1), text)
    text = _SCRIPT_TEXT_RE.sub(lambda m: _script("^" if m.group(1) == "super" else "_", m.group(2).strip()), text)
    text = _OVER_RE.sub(_over, text)
    if "$" in text or "\\(" in text or "\\[" in text:
        # "{}" after the formula ends a control word there, as the closing $ did.
        text = _MATH_RE.sub(lambda m: _scripts(next(g for g in m.groups() if g is not None)) + "{}", text)
    text = _MATH_SPACE_RE.sub(" ", text)
    text = _ACCENT_RE.sub(_accent, text)
    text = _LETTER_RE.sub(lambda m: _LETTERS[m.group(1)], text)
    # Escaped braces become placeholders so that removing grouping braces keeps them.
    text = _SYMBOL_RE.sub(lambda m: {"{": "\x01", "}": "\x02"}.get(m.group(1), m.group(1)), text)
    text = _WORD_RE.sub(_word, text)
    text = _COMMAND_RE.sub("", text)  # any other macro: its name goes, its argument's text stays
    for tex, char in _DASHES:
        text = text.replace(tex, char)
    text = text.replace("{", "").replace("}", "").replace("~", " ")
    text = text.replace("\x01", "{").replace("\x02", "}").replace("\x03", "\\").replace("\x04", "~")
    text = text.replace("\x05", "^").replace("\x06", "$")
    return " ".join(text.split())
