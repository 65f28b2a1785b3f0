"""Text folding used for matching: one canonical word sequence per snippet."""

from __future__ import annotations

import hashlib
import html
import re
import unicodedata

TRUNCATION_MARKS = ("…", "...")

# Characters that can drive a terminal or reorder what it shows: C0 controls,
# DEL, C1 controls (U+009B is an 8-bit CSI), bidi overrides and isolates, and
# the Unicode line and paragraph separators; and lone surrogates. None of them is
# printable (str.isprintable), so most texts never need the pattern. The no-break
# space is not printable either but is safe: the tables keep "tag\xa02" on one line with it.
# Every control (Cc), format (Cf: bidi marks and overrides, zero-width characters, U+061C), line and paragraph
# separator (Zl, Zp) and lone surrogate (Cs) of Unicode: what could drive a terminal or reorder or hide text.
# Three format characters that words of a script need are kept: the soft hyphen, the zero-width non-joiner
# (Persian, Hindi) and joiner (emoji sequences). tests/render/test_textviews.py checks it against unicodedata
# over every code point.
KEPT_FORMAT = "\xad\u200c\u200d"
UNSAFE_BEYOND_C0 = ("\x7f-\x9f\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u180e\u200b\u200e\u200f"
                    "\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\ud800-\udfff\U000110bd\U000110cd"
                    "\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f")
UNSAFE_RE = re.compile(f"[\x00-\x1f{UNSAFE_BEYOND_C0}]")


_TAG_RE = re.compile(r"</?[A-Za-z][^<>]{0,200}>")
_WORD_RE = re.compile(r"[^\W_]+")
_ASCII_WORD_RE = re.compile(r"[A-Za-z0-9]+")


def collapse_whitespace(text: str) -> str:
    """Collapse every run of whitespace to one space and trim the ends; a text that needs neither is returned as
    it is, so a record read by its title does not hold two copies of it.

    >>> collapse_whitespace("  a\\t b\\n")
    'a b'
    """
    collapsed = " ".join(text.split())
    return text if collapsed == text else collapsed


def is_truncated(text: str) -> bool:
    """True when the text ends with a truncation mark (``…`` or ``...``)."""
    return text.rstrip().endswith(TRUNCATION_MARKS)


def strip_truncation(text: str) -> str:
    """Remove one trailing truncation mark and the space before it."""
    stripped = text.rstrip()
    for mark in TRUNCATION_MARKS:
        if stripped.endswith(mark):
            return stripped[: -len(mark)].rstrip()
    return stripped


_VISIBLE_ESCAPE_RE = re.compile(r"\\(?:x([0-9a-f]{2})|u([0-9a-f]{4})|U([0-9a-f]{8}))")


def _escaped_char(match: re.Match[str]) -> str:
    code = int(match.group(1) or match.group(2) or match.group(3), 16)
    char = chr(code) if code <= 0x10FFFF else ""
    return char if char and UNSAFE_RE.fullmatch(char) else match.group()


def undo_visible_escapes(text: str) -> str:
    r"""The characters that ``terminal_safe`` wrote as visible escapes, back: only escapes of characters it escapes
    are undone, so a ``\x41`` or a ``\u00e9`` written in a text stays as it is.

    >>> undo_visible_escapes(r"a\u202eb \x41")
    'a\u202eb \\x41'
    """
    return _VISIBLE_ESCAPE_RE.sub(_escaped_char, text) if "\\" in text else text


def ascii_words(text: str, lower: bool = False) -> list[str] | None:
    """The words ``[^\\W_]+`` finds, about 3x faster, when the text is ASCII but for ``…`` (most snippets);
    None for other text.

    >>> ascii_words("GPU-based…", lower=True), ascii_words("café")
    (['gpu', 'based'], None)
    """
    plain = text.replace("…", " ")
    if not plain.isascii():
        return None
    return _ASCII_WORD_RE.findall(plain.lower() if lower else plain)


def words(text: str) -> list[str]:
    """The words of a text as written (runs of letters and digits), for the tag rules and the focus words.

    >>> words("GPU-based (LLM) serving…")
    ['GPU', 'based', 'LLM', 'serving']
    """
    found = ascii_words(text)
    return _WORD_RE.findall(text) if found is None else found


def fold_words(text: str) -> list[str]:
    """The words of a snippet after NFKC, case folding, HTML and punctuation removal.

    Quotes, dashes, ``…`` and other punctuation separate words and are dropped,
    so typographic variants of one text fold to the same sequence.

    >>> fold_words("The “GPU”—based <i>system</i> &amp; more…")
    ['the', 'gpu', 'based', 'system', 'more']
    """
    if "<" in text:
        text = _TAG_RE.sub(" ", text)
    if "&" in text:
        text = html.unescape(text)
    words = ascii_words(text, lower=True)  # NFKC changes no ASCII text, and casefold is lower there
    if words is not None:
        return words
    text = unicodedata.normalize("NFKC", text).casefold()
    return _WORD_RE.findall(text)


def match_key(text: str) -> str:
    """The folded words joined by single spaces: equal keys mean exact duplicates."""
    return " ".join(fold_words(text))


_DOI_PREFIX_RE = re.compile(r"(?i)^\s*(?:https?://(?:dx\.)?doi\.org/|doi\s*:\s*|doi\s+)")
_DOI_RE = re.compile(r"10\.\d{4,9}/\S+")
# What exports write where a record has no DOI: bibliometrix and R write NA, others a dash or zero.
DOI_PLACEHOLDERS = frozenset({"", "na", "n/a", "nan", "none", "null", "0", "-", "--", "no doi"})


def clean_doi(raw: str | None) -> str | None:
    """A DOI as every output shows it: lower case, without a resolver prefix; None for a placeholder.

    >>> clean_doi("https://dx.doi.org/10.1002/JTS.22387"), clean_doi("doi:10.1201/b19107-2"), clean_doi("NA")
    ('10.1002/jts.22387', '10.1201/b19107-2', None)
    """
    if raw is None:
        return None
    value = _DOI_PREFIX_RE.sub("", raw.strip()).strip().rstrip(".")
    if value.lower() in DOI_PLACEHOLDERS:
        return None
    return value.lower()


_DOI_URL_SAFE = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/:()._-~")


def doi_url(doi: str) -> str:
    """A DOI's doi.org link, every character a URL would read otherwise percent-encoded: "#" would start a fragment
    and cut Wiley's "...3.0.co;2-#" short, "<" and ">" are no URL characters, and ";" splits a RIS UR value in
    some readers (rispy, which ASReview reads RIS with). doi.org decodes them again.

    >>> doi_url("10.1002/(sici)1097-0142(19991015)86:8<1557::aid-cncr24>3.0.co;2-#")
    'https://doi.org/10.1002/(sici)1097-0142(19991015)86:8%3C1557::aid-cncr24%3E3.0.co%3B2-%23'
    >>> doi_url("10.1000/abc.1")
    'https://doi.org/10.1000/abc.1'
    """
    return "https://doi.org/" + "".join(c if c in _DOI_URL_SAFE else "".join(f"%{b:02X}" for b in c.encode())
                                        for c in doi)


def valid_doi(doi: str | None) -> str | None:
    """The DOI when it has a DOI's shape (``10.NNNN/...``), else None: only such DOIs count as identity."""
    return doi if doi and _DOI_RE.fullmatch(doi) else None


def fingerprint(key: str) -> str:
    """A stable 16-hex-digit fingerprint of a match key (survives renaming and reordering).

    >>> fingerprint("deep learning")
    '871183362fa6570a'
    """
    return hashlib.sha1(key.encode("utf-8")).hexdigest()[:16]
