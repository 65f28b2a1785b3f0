"""What records say about identity: fields normalised once, and the rules that join two records or keep them apart.

A reference librarian's rules, as reference-deduplication tools apply them: a conflict in any field that two
records both carry keeps them apart (two valid DOIs, years more than one apart, first pages or volumes, no
author in common, titles that differ, a notice such as an erratum and the item it is about); a shared DOI,
Scholar cluster or database id joins; a shared title joins only with other fields that agree, and never alone
when it names no paper ("Editorial"). Pure: values in, verdicts out.
"""

from __future__ import annotations

import re
import unicodedata
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Literal, NamedTuple

from paperlist.match.normalize import (
    clean_doi,
    collapse_whitespace,
    fingerprint,
    fold_words,
    match_key,
    valid_doi,
)
from paperlist.model import Record, Snippet

# What exports write in the abstract field of a record that has none (Scopus: "[No abstract available]").
_NO_ABSTRACT = frozenset({"", "no abstract available", "no abstract", "abstract not available", "abstract unavailable",
                          "no abstract provided", "abstract not provided", "not available", "unavailable", "n a",
                          "na", "none", "null", "nan", "abstract"})
_WORD_RE = re.compile(r"[a-z]+")

Decision = Literal["same", "maybe", "different", "unknown"]
MIN_SPECIFIC_WORDS = 4  # "Haemolytic uraemic syndrome" names many papers; four words start to name one
WORD_VARIANT = 0.75  # character similarity of two spellings of one word ("haemolytic", "hemolytic")
# Titles that name a kind of item, not a paper: on their own they say nothing about identity.
GENERIC_TITLES = frozenset(
    "editorial|editorials|editorial introduction|editor s comments|editors comments|editor s note|editors note|"
    "guest editorial|introduction|preface|foreword|letter|letters|letter to the editor|letters to the editor|"
    "commentary|comment|comments|in this issue|book review|book reviews|news|abstracts|abstract|index|contents|"
    "table of contents|obituary|acknowledgements|acknowledgments|acknowledgement|reviewers|conclusion|"
    "conclusions|correspondence|announcement|announcements|erratum|errata|corrigendum|corrigenda|correction|"
    "corrections|response|reply|introduction to the special issue|editorial board|masthead|from the editor|"
    "from the editors|message from the editor|note from the editor|overview|summary|discussion|untitled|"
    "poster abstracts|meeting abstracts|invited commentary|editor s introduction|editors introduction".split("|"))
# A title that holds one of these names a column or a kind of item, however long it is (each phrase holds "edit",
# "issue" or "review", which _generic looks for first: the search is slow on a long title that holds none).
_GENERIC_PART_RE = re.compile(r"\b(?:editor s comments|editors comments|editor s note|editorial introduction|guest "
                              r"editorial|in this issue|letter to the editor|book review|from the editor)\b|^editorial\b")
# An erratum's title ends with the citation of what it corrects: "(vol 360, pg 542, 2009)" (Web of Science),
# "(New England Journal of Medicine (2009) 360, (542-544))" (Embase).
_CITED_RE = re.compile(r"\((?:vol\.? ?\d+,? pg?\.? ?\d+[^()]*|[^()]*\(\d{4}\)[^()]*(?:\([^()]*\)[^()]*)?)\)\s*\.?\s*$", re.I)
_BRACKETED_RE = re.compile(r"\[[^\]]{0,120}(?:\]|$)")  # "[Review]", "[Article in German]", "[Erratum appears in ..."
_ERRATUM_RE = re.compile(r"^(?:erratum|errata|corrigend(?:um|a)|corrections?(?: to)?|publisher s correction|"
                         r"publisher correction|author correction)\b|\breports an error in\b|\bvol \d+ pg \d+|"
                         r"\b(?:19|20)\d\d \d+ \d+(?: \d+)?$")  # a title ending in the citation it corrects
_RETRACTION_RE = re.compile(r"^(?:retraction|retracted|notice of retraction|retraction notice|withdrawn|"
                            r"withdrawal)\b")
_REPLY_RE = re.compile(r"^(?:reply|in reply|authors? reply|authors? response|response to (?:\w+ ){0,3}"
                       r"(?:comments?|letters?|commentary|criticism|reply))\b|\b(?:reply|authors? reply)$")
_COMMENT_RE = re.compile(r"^(?:comments? on|commentary on|re)\b")
_NAME_SPLIT_RE = re.compile(r"\s+and\s+|;|&")
_INITIALS_LIST_RE = re.compile(r"[A-Za-z]\.,\s")  # Scopus: "Wang X., Li Y."
_DIGITS_RE = re.compile(r"\d+")
_PAGES_RE = re.compile(r"\s*([A-Za-z]?)(\d+)(?:\s*[-\u2013]+\s*[A-Za-z]?(\d+))?")
_YEAR_RE = re.compile(r"(?<!\d)(1[5-9]\d\d|20\d\d)(?!\d)")
# Embase names a conference abstract's journal, then its meeting: "Blood.Conference: 53rd ASH Annual Meeting".
_MEETING_RE = re.compile(r"\.\s*Conference\s*:.*", re.IGNORECASE | re.DOTALL)
# Words an export loses or adds without changing the title: articles, "or" for a lost "≥", a Greek letter
# spelled out where the other kept the symbol.
_LITTLE_WORDS = frozenset({"a", "an", "the", "of", "and", "or", "in", "on", "for", "to", "with", "s", "alpha", "beta",
                           "gamma", "delta", "kappa"})
_PARTICLES = frozenset({"von", "van", "der", "den", "de", "la", "le", "di", "da", "du", "del", "dos", "ter"})
# A record id that names its database is one paper's for good: Web of Science's UT ("WOS:000…", "ZOOREC:…") and
# Scopus's EID. A BibTeX key, a RIS ID or a bare number names a record only within its own file.
_DATABASE_ID_RE = re.compile(r"[A-Z]{2,8}:[A-Z]{0,8}\d{6,}|2-s2\.0-\d{6,}")
_ABBREVIATION_STOPS = frozenset({"of", "the", "and", "for", "in", "on", "de", "la", "und", "fur"})


class RecordKey(NamedTuple):
    """A record's fields as they are compared: folded, parsed, and what the title says about the item."""

    title: str
    title_words: int
    generic: bool  # the title names a kind of item, or is too short to name one paper
    notice: str | None  # erratum, retraction, reply or comment: an item about another item
    authors: tuple[frozenset[str], ...]  # each name's possible surnames
    year: int | None
    venue: tuple[str, ...]
    volume: str | None
    first_page: str | None
    last_page: str | None
    doi: str | None
    scholar_id: str | None = None  # a Google Scholar cluster: one paper, like a DOI
    database_id: str | None = None  # a record id that names its database ("WOS:…"): one paper, like a DOI
    issue: str | None = None  # its number: where each issue starts at page 1, pages name a paper only with it


class Verdict(NamedTuple):
    """What comparing two records decided, the fields that agreed, and those only one of them carries."""

    decision: Decision
    agreed: tuple[str, ...] = ()
    missing: tuple[str, ...] = ()
    conflict: str | None = None


def doi_key(doi: str | None) -> str | None:
    """A DOI that counts as identity: cleaned, and shaped like a DOI (``NA`` and other placeholders do not).

    >>> doi_key("https://doi.org/10.1145/ABC.1"), doi_key("NA")
    ('10.1145/abc.1', None)
    """
    return valid_doi(clean_doi(doi))


def database_id(source_id: str | None) -> str | None:
    """A record's own id when it names its database, and so one paper wherever it is found; None otherwise.

    >>> database_id("WOS:000123456700001"), database_id("2-s2.0-85012345678"), database_id("smith2020")
    ('WOS:000123456700001', '2-s2.0-85012345678', None)
    """
    found = source_id.strip() if source_id else ""
    return found if _DATABASE_ID_RE.fullmatch(found) else None


def title_words(record: Record | None) -> tuple[str, ...]:
    """The folded words of a record's title (empty when there is none)."""
    return tuple(fold_words(record.title)) if record and record.title else ()


def notice_kind(title: str) -> str | None:
    """What kind of notice a folded title announces, if any: an item about another item."""
    for kind, pattern in (("erratum", _ERRATUM_RE), ("retraction", _RETRACTION_RE), ("reply", _REPLY_RE),
                          ("comment", _COMMENT_RE)):
        if pattern.search(title):
            return kind
    return None


def _ascii(text: str) -> str:
    if text.isascii():  # most names and titles: nothing to fold but the case
        return text.lower()
    return "".join(c for c in unicodedata.normalize("NFKD", text.casefold()) if not unicodedata.combining(c))


@lru_cache(maxsize=1 << 16)  # the copies of a paper, and an author's papers, repeat the same names
def _surnames(name: str) -> frozenset[str]:
    """The words of one author's name that may be the surname, and the particled whole: "Le Quintrec, M" ->
    {quintrec, lequintrec}; "Xuefei Deng" -> {xuefei, deng, xuefeideng}. Which word is the surname cannot be
    known (exports swap them: "William, O'Brochta"), so a name matches another when any of these agree."""
    found: set[str] = set()
    for part in name.split(",", 1) if "," in name else [name]:
        words = re.findall(r"[a-z]+", _ascii(part.replace(".", ". ").replace("’", "").replace("'", "")))
        full = [w for w in words if len(w) > 1 and w not in ("et", "al")]
        found.update(w for w in full if w not in _PARTICLES)
        if len(full) > 1:
            found.add("".join(full))
    return frozenset(found)


def author_names(authors: str | None) -> tuple[frozenset[str], ...]:
    """Each author's possible surnames, in order; "et al." and initials are no names."""
    return tuple(found for name in _names(authors) if (found := _surnames(name.strip())))


def _first_author(authors: str | None) -> frozenset[str] | None:
    """``author_names(authors)[0]`` (None without one), without reading the other names."""
    return next((found for name in _names(authors) if (found := _surnames(name.strip()))), None)


def _names(authors: str | None) -> list[str]:
    if not authors:
        return []
    text = authors.replace("et al.", "").replace("et al", "")
    if _NAME_SPLIT_RE.search(text):
        return _NAME_SPLIT_RE.split(text)
    if _INITIALS_LIST_RE.search(text + ", "):
        return text.split(",")
    return [text]


def _first_number(value: str | None) -> str | None:
    """The first run of digits: "Vol. 12" -> "12"."""
    match = _DIGITS_RE.search(value or "")
    return match.group().lstrip("0") or "0" if match else None


def page_range(pages: str | None) -> tuple[str | None, str | None]:
    """The first and last page: "288-297" -> (288, 297), "c37-c42" -> (c37, 42), "e1234" -> (e1234, None).
    Pages that do not open with a page number ("t-71", "Suppl 3 S3-89": damaged exports) give none."""
    match = _PAGES_RE.match(pages or "")
    if not match:
        return None, None
    return match.group(1).lower() + (match.group(2).lstrip("0") or "0"), (match.group(3) or "").lstrip("0") or None


def _page_number(page: str) -> str:
    return page.lstrip("abcdefghijklmnopqrstuvwxyz")


def _ends(key: RecordKey) -> set[str]:
    return {_page_number(key.first_page), key.last_page} - {None} if key.first_page else set()  # type: ignore[arg-type]


def _same_pages(a: RecordKey, b: RecordKey) -> bool:
    return bool(a.first_page and b.first_page and _page_number(a.first_page) == _page_number(b.first_page))


def pages_conflict(a: RecordKey, b: RecordKey) -> bool:
    """Different pages: both numbered alike (BMJ's "c1804" is an article number, not page 1804 of print) and
    neither range ends where the other starts ("569" and "567-569" are one page of one paper)."""
    if not (a.first_page and b.first_page) or a.first_page == b.first_page:
        return False
    if a.first_page[0].isalpha() != b.first_page[0].isalpha():
        return False
    return not _ends(a) & _ends(b)


def clean_title(title: str) -> str:
    """A title's folded words without the tags databases add in brackets ("[Review]") or the citation an
    erratum ends with ("(vol 360, pg 542, 2009)"); a title all in brackets (MEDLINE's translations) keeps its
    words."""
    if "(" not in title and "[" not in title:  # most titles: nothing cited, nothing bracketed
        return " ".join(fold_words(title))
    title = _CITED_RE.sub(" ", title)
    kept = fold_words(_BRACKETED_RE.sub(" ", title))
    return " ".join(kept if len(kept) * 2 >= len(fold_words(title)) else fold_words(title))


def names_no_paper(title: str) -> bool:
    """Whether a title names a kind of item, or is too short to name one paper.

    >>> names_no_paper("Editorial"), names_no_paper("Fault Trees"), names_no_paper("Atypical hemolytic-uremic syndrome")
    (True, True, False)
    """
    folded = clean_title(title)
    return _generic(folded, folded.count(" ") + 1 if folded else 0)


def title_text(record: Record) -> str:
    """The text of a record read by its title alone: the title, with where it appeared where it names no paper."""
    title = collapse_whitespace(record.title or "")
    return with_place(title, record) if names_no_paper(title) else title


def with_place(title: str, record: Record) -> str:
    """A title that names no paper ("Editorial") with where it appeared: the text of no other paper, so that two
    editorials are two texts wherever texts are compared, shown or decided on.

    >>> with_place("Editorial", Record(venue="MIS Quarterly.", volume="24", issue="3", pages="iii-iv", year="2000"))
    'Editorial (MIS Quarterly 24(3), iii-iv, 2000)'
    """
    number = (record.volume or "") + (f"({record.issue})" if record.issue else "")
    venue = (record.venue or "").rstrip(" .,;:")  # "Nephron - Clinical Practice."
    issue = " ".join(p for p in (venue, number) if p)
    place = ", ".join(p for p in (issue, record.pages, record.year) if p)
    return f"{title} ({place})" if place else title


def no_abstract(text: str) -> bool:
    """An abstract that says there is none: a record with such an abstract is read by its title, or every paper of
    an export that lacks one would be the same text.

    >>> no_abstract("[No abstract available]"), no_abstract("N/A"), no_abstract("No abstract is needed here")
    (True, True, False)
    """
    return len(text) <= 40 and " ".join(_WORD_RE.findall(text.lower())) in _NO_ABSTRACT


def _generic(title: str, words: int) -> bool:
    """The test of names_no_paper on a title already cleaned, and its number of words."""
    return title in GENERIC_TITLES or words < MIN_SPECIFIC_WORDS or (
        ("edit" in title or "issue" in title or "review" in title) and bool(_GENERIC_PART_RE.search(title)))


def record_key(record: Record, folded: str | None = None) -> RecordKey:
    """Normalise a record once, for every comparison it takes part in. ``folded``: a string its clean title
    may equal (its text's match key), kept instead of a second copy."""
    title = clean_title(record.title) if record.title else ""
    title = folded if title == folded else title
    notice = "erratum" if record.title and _CITED_RE.search(record.title) else notice_kind(title) if title else None
    words = title.count(" ") + 1 if title else 0
    year = _YEAR_RE.search(record.year or "")
    first_page, last_page = page_range(record.pages)
    return RecordKey(title, words, _generic(title, words), notice,
                     author_names(record.authors), int(year.group()) if year else None,
                     tuple(fold_words(_MEETING_RE.sub("", record.venue))) if record.venue else (),
                     _first_number(record.volume),
                     first_page, last_page, doi_key(record.doi), record.scholar_id, database_id(record.source_id),
                     _first_number(record.issue))


def _is_abbreviation(short: tuple[str, ...], full: tuple[str, ...]) -> bool:
    """Whether each word of ``short`` opens the next word of ``full`` that is not a stop word, in order:
    "N Engl J Med" and "New England Journal of Medicine"."""
    words = [w for w in full if w not in _ABBREVIATION_STOPS]
    short = tuple(w for w in short if w not in _ABBREVIATION_STOPS)
    return len(short) == len(words) and all(b.startswith(a) for a, b in zip(short, words))


def venues_agree(a: tuple[str, ...], b: tuple[str, ...]) -> bool:
    """The same journal, spelled out, abbreviated, or with a section after its name ("Nephron - Clinical Practice")."""
    if not a or not b:
        return False
    shorter, longer = sorted((a, b), key=len)
    return longer[:len(shorter)] == shorter or _is_abbreviation(shorter, longer) or _is_abbreviation(a, b) \
        or _is_abbreviation(b, a)


def shared_authors(a: tuple[frozenset[str], ...], b: tuple[frozenset[str], ...]) -> int:
    """How many authors of the shorter list are found in the other."""
    shorter, longer = sorted((a, b), key=len)
    return sum(any(name & other for other in longer) for name in shorter)


def _variant(a: str, b: str) -> bool:
    """Two runs of words that spell the same thing: a typo, a spelling ("haemolytic"/"hemolytic"), joined words."""
    return a.replace(" ", "") == b.replace(" ", "") or SequenceMatcher(None, a, b, autojunk=False).ratio() >= WORD_VARIANT


def titles_close(a: str, b: str) -> bool:
    """The same title: equal, differing only in spelling, typos or little words ("a", "the"), or one with a
    subtitle or a section label ("MEDICAL PROGRESS ...") that the other export lacks. A word replaced by
    another ("Sensitive"/"Resistant") is a different title however alike the rest is."""
    if a == b:
        return True
    shorter, longer = sorted((a, b), key=len)
    if shorter.count(" ") + 1 >= MIN_SPECIFIC_WORDS and (longer.startswith(shorter + " ")
                                                         or longer.endswith(" " + shorter)):
        return True
    x, y = a.split(), b.split()
    if len(set(x) & set(y)) * 2 < min(len(x), len(y)):  # most words differ: no alignment can make them one title
        return False
    for op, i1, i2, j1, j2 in SequenceMatcher(None, x, y, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if op == "replace" and _variant(" ".join(x[i1:i2]), " ".join(y[j1:j2])):
            continue
        if set(x[i1:i2]) | set(y[j1:j2]) <= _LITTLE_WORDS:
            continue
        return False
    return True


def _conflict(a: RecordKey, b: RecordKey) -> str | None:
    """The first field in which two records contradict each other, if any. A shared DOI outweighs the fields
    exports garble (authors, pages, volume) and a translated title; nothing outweighs a notice or the year."""
    return _weighed(a, b)[0]


def _weighed(a: RecordKey, b: RecordKey) -> tuple[str | None, bool]:
    """_conflict's field, and whether the authors differ without keeping the records apart (at one place)."""
    if a.doi and b.doi and a.doi != b.doi:
        return "doi", False
    if a.notice != b.notice and a.title and b.title:
        return "notice", False
    if a.year and b.year and abs(a.year - b.year) > 1:
        return "year", False
    if a.doi and a.doi == b.doi:
        return None, False
    if pages_conflict(a, b):
        return "pages", False
    if a.volume and b.volume and a.volume != b.volume:
        return "volume", False
    # Only one paper stands on one page range of one volume in one year: there, authors written otherwise (a
    # group for its members, names garbled) or a title worded otherwise (a translation) is one paper still;
    # both at once are not.
    if _authors_differ(a, b):
        if _one_place(a, b) and (not (a.title and b.title) or titles_close(a.title, b.title)):
            return None, True
        return "authors", False  # fewer than half the shorter list in common: other people
    if a.title and b.title and not titles_close(a.title, b.title) and not _one_place(a, b, issue=True):
        return "title", False  # last: the dearest test
    return None, False


def _authors_differ(a: RecordKey, b: RecordKey) -> bool:
    """Fewer than half the shorter author list in common: other people."""
    return bool(a.authors and b.authors) and shared_authors(a.authors, b.authors) * 2 < min(len(a.authors),
                                                                                           len(b.authors))


def place_of(key: RecordKey) -> str | None:
    """Where a paper is printed, where that names one paper: volume, first and last page of a range that does not
    start a numbering (article-numbered journals start every paper at page 1), and year."""
    if not (key.volume and key.year and key.first_page and key.last_page):
        return None
    first, last = _page_number(key.first_page), key.last_page
    if not (first.isdigit() and last.isdigit()):
        return None
    if len(last) < len(first):  # "1383-92" is 1383-1392
        last = first[:len(first) - len(last)] + last
    if int(first) <= 1 or int(last) <= int(first):
        return None
    return f"{key.year}|{key.volume}|{first}-{last}"


def _one_place(a: RecordKey, b: RecordKey, issue: bool = False) -> bool:
    """Both at one place (place_of) of one journal where both name theirs; with ``issue``, of one issue where both
    name theirs."""
    place = place_of(a)
    if place is None or place != place_of(b):
        return False
    if a.venue and b.venue and not venues_agree(a.venue, b.venue):
        return False
    return not (issue and a.issue and b.issue and a.issue != b.issue)


def conflicting(a: RecordKey, b: RecordKey) -> bool:
    """Whether two records contradict each other in a field both carry."""
    return _conflict(a, b) is not None


def compare(a: RecordKey, b: RecordKey, texts_agree: bool = False) -> Verdict:
    """Whether two records are the same paper. ``texts_agree``: their abstracts (not titles) match.

    ``same`` joins them; ``maybe`` is a pair to look at (same title, too little else); ``different`` keeps
    them apart even when their texts match; ``unknown``: the records say nothing either way.
    """
    conflict, authors_differ = _weighed(a, b)
    if conflict:
        return Verdict("different", conflict=conflict)
    present = {"doi": (a.doi, b.doi), "year": (a.year, b.year), "authors": (a.authors, b.authors),
               "venue": (a.venue, b.venue), "volume": (a.volume, b.volume), "pages": (a.first_page, b.first_page)}
    agreed = [f for f, (x, y) in present.items() if x and y and (f != "venue" or venues_agree(x, y))  # type: ignore[arg-type]
              and (f != "year" or x == y) and (f != "pages" or _same_pages(a, b))
              and (f != "authors" or not authors_differ)]
    missing = tuple(f for f in ("year", "pages", "authors") if bool(present[f][0]) != bool(present[f][1]))
    if a.title and b.title and titles_close(a.title, b.title):
        agreed.insert(0, "title" if a.title == b.title else "title (close)")
    if texts_agree:
        agreed.append("abstract")
    found = tuple(agreed)
    if a.scholar_id and a.scholar_id == b.scholar_id:
        found = ("scholar_id", *found)
    if a.database_id and a.database_id == b.database_id:
        found = ("database id", *found)
    if "doi" in agreed or "scholar_id" in found or "database id" in found:
        return Verdict("same", found, missing)
    if not (a.title and b.title):
        return Verdict("same" if texts_agree and len(agreed) >= 3 else "unknown", found, missing)
    support = len(set(agreed) - {"title", "title (close)"})
    if a.generic or b.generic:
        # Only one paper stands on one page of one volume; an identical abstract says it too.
        strong = ({"volume", "pages"} <= set(agreed) and bool({"year", "authors"} & set(agreed))) \
            or {"abstract", "year", "authors"} <= set(agreed)
        return Verdict("same" if strong else "maybe" if support >= 3 else "unknown", found, missing)
    # Two venues that both name themselves and disagree (a tutorial given at two conferences, a column that
    # recurs) leave a title, a year and authors short of one paper.
    apart = bool(a.venue and b.venue) and "venue" not in agreed
    if support >= 3 or (not apart and (support >= 2 and not missing or (
            {"year", "authors"} <= set(agreed) and "year" not in missing
            and shared_authors(a.authors, b.authors) >= min(2, len(a.authors), len(b.authors))))):
        return Verdict("same", found, missing)
    return Verdict("maybe", found, missing)


IDENTITY_MARK = "\x1f"  # separates a title-only text's words from who wrote it and when; never in a match key


def text_identity(key: str, record: Record | None) -> str:
    r"""What makes a text one paper's: its match key, and for a text read from a record without an abstract, its
    year, first author and volume too. Two papers that share only a title ("Atypical hemolytic uremic syndrome",
    reviews by seven authors in seven journals; a conference abstract and the article, by one author in one year,
    in two volumes) are then two texts, each with its own fingerprint, id and mark. Copies of one paper whose
    records write them apart (an author's initials, a year online and in print, a volume one export leaves out)
    become two texts the core joins again, as it joins near copies. Two volumes are a conflict that keeps two records
    apart unless a DOI joins them (``_conflict``), so no text holds records of two papers that way.

    >>> text_identity("fault trees", Record("Fault Trees", year="2019", title_only=True))
    'fault trees\x1f2019|'
    >>> text_identity("fault trees", Record("Fault Trees", year="2019", volume="Vol. 12", title_only=True))
    'fault trees\x1f2019||12'
    >>> text_identity("fault trees", None)
    'fault trees'
    """
    if not key or record is None or not record.title_only:
        return key
    year = _YEAR_RE.search(record.year or "")
    first = _first_author(record.authors)
    mark = f"{year.group() if year else ''}|{'+'.join(sorted(first)) if first else ''}"
    volume = _first_number(record.volume)
    if volume:
        mark += f"|{volume}"
    return key if mark == "|" else f"{key}{IDENTITY_MARK}{mark}"


def identity_generations(identity: str) -> tuple[str, str, str]:
    r"""An identity as it is, as schema 4 wrote it (words, year and first author: before the volume) and as schema 3
    did (the words alone). A --not-duplicates file, or a list removed from a collection, may still name a text by
    the earlier ones.

    >>> identity_generations("fault trees\x1f2019||12")
    ('fault trees\x1f2019||12', 'fault trees\x1f2019|', 'fault trees')
    >>> identity_generations("fault trees\x1f||12"), identity_generations("fault trees")
    (('fault trees\x1f||12', 'fault trees', 'fault trees'), ('fault trees', 'fault trees', 'fault trees'))
    """
    words, mark, where = identity.partition(IDENTITY_MARK)
    if not mark:
        return identity, identity, identity
    year_author = "|".join(where.split("|")[:2])
    return identity, words if year_author == "|" else f"{words}{IDENTITY_MARK}{year_author}", words


def earlier_identities(identity: str) -> list[str]:
    """The identities a text had before (identity_generations) that differ from the one it has."""
    return [found for found in dict.fromkeys(identity_generations(identity)[1:]) if found != identity]


def identity_words(identity: str) -> str:
    """The match key inside a text's identity."""
    return identity.partition(IDENTITY_MARK)[0]


def snippet_identity(snippet: Snippet, key: str | None = None) -> str:
    """``text_identity`` of a snippet (``key``: its match key, when the caller has it)."""
    return text_identity(match_key(snippet.text) if key is None else key, snippet.record)


def snippet_fingerprint(snippet: Snippet) -> str:
    """The fingerprint every view shows for a snippet, and that marks and not-same name."""
    return fingerprint(snippet_identity(snippet))
