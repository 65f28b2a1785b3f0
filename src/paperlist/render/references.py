"""Papers -> RIS and BibTeX entries that reference managers (Zotero, JabRef, EndNote) import (pure).

One entry per paper, from what its copies' records say (``merged_record``): its own id, type and keywords
included. A paper known only by its snippet is an entry whose abstract is the snippet, under a title marked as
made from it. A note names the lists it was found in and paperlist's tags.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from paperlist.match.names import is_organisation, split_authors
from paperlist.match.normalize import fingerprint, match_key
from paperlist.match.papers import merged_record
from paperlist.model import MADE_TITLE_PREFIX, Paper, Record
from paperlist.render.terminal import terminal_safe
from paperlist.render.textfmt import plural, visible_url

_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
# A lone brace is written as a word, not \\{ (which other BibTeX parsers count as a brace); two hyphens or quote
# marks get an empty group between them so that TeX's ligatures do not make them a dash or a curly quote.
_BIBTEX_SPECIAL = {"\\": r"\textbackslash{}", "{": r"\textbraceleft{}", "}": r"\textbraceright{}", "%": r"\%",
                   "&": r"\&", "#": r"\#", "$": r"\$", "_": r"\_", "~": r"\textasciitilde{}",
                   "^": r"\textasciicircum{}", "-": "-{}", "`": "`{}", "'": "'{}"}
# A hyphen or quote mark followed by another: every pair in a run is broken ("---" is "-{}-{}-").
_BIBTEX_SPECIAL_RE = re.compile(r"-(?=-)|`(?=`)|'(?=')|[\\{}%&#$_~^]")
_BIBTEX_PAGES_RE = re.compile(r"`(?=`)|'(?=')|[\\{}%&#$_~^]")  # the same, but hyphens: in pages they are ranges
_PAGES_RE = re.compile(r"^\s*([^-\u2013\s]+)\s*[-\u2013]+\s*(\S+)\s*$")


def one_line(text: str) -> str:
    """A value on one line: controls and line breaks from input become spaces (a RIS tag is a line), and
    characters that reorder or hide text (bidi controls, zero-width spaces) are written as visible escapes."""
    return terminal_safe(" ".join(_CONTROL_RE.sub(" ", text).split()))


def _pages(pages: str | None) -> tuple[str | None, str | None]:
    if not pages:
        return None, None
    match = _PAGES_RE.match(pages)
    return (match.group(1), match.group(2)) if match else (one_line(pages), None)


def _note(paper: Paper, titles: dict[str, str | None]) -> str:
    lists = "; ".join(titles.get(path) or path for path in paper.lists)
    note = f"paperlist: found in {plural(len(paper.lists), 'list')}: {lists}"
    return note + (f"; tagged {', '.join(paper.tags)}" if paper.tags else "")


# What a source's type says (RIS TY, a BibTeX entry type, a CSV or Web of Science document type, a PubMed
# publication type, an EndNote ref-type), matched in this order on its lower-cased words.
_KIND_WORDS = (("conference", ("conf", "proceed", "cpaper")), ("chapter", ("chap", "section", "inbook",
               "incollection")), ("book", ("book",)), ("thesis", ("thes",)), ("report", ("rprt", "report")),
               ("article", ("jour", "article", "review", "mgzn", "news", "letter", "editorial")))
_CONFERENCE_VENUE_RE = re.compile(r"\b(?:conference|proceedings|proc\.|symposium|workshop|congress)\b", re.I)


def entry_type(record: Record | None) -> str:
    """article, conference, chapter, book, thesis, report or misc: from the record's own type, else its venue
    (one that names a conference or proceedings is a conference paper, any other a journal's)."""
    if record is None:
        return "misc"
    kind = (record.kind or "").casefold()
    for name, words in _KIND_WORDS:
        if any(word in kind for word in words):
            return name
    if record.venue:
        return "conference" if _CONFERENCE_VENUE_RE.search(record.venue) else "article"
    return "misc"


def made_title(text: str, words: int = 10) -> str:
    """A stand-in title for a snippet that has none, marked as made so nothing imports it as the paper's own."""
    opening = text.split()
    return MADE_TITLE_PREFIX + " ".join(opening[:words]).rstrip(".,;:…") + ("…" if len(opening) > words else "")


def _fields(paper: Paper, titles: dict[str, str | None]) -> list[tuple[str, str]]:
    """(field, value) in a neutral vocabulary, every value on one line."""
    record = merged_record(paper)
    abstract = paper.kept.text if not (record and record.title_only) else None
    out: list[tuple[str, str]] = [("title", record.title if record and record.title else made_title(paper.kept.text))]
    if record is not None:
        people, cut = split_authors(record.authors)
        out += [("author", name) for name in people] + ([("more_authors", "others")] if cut and people else [])
        start, end = _pages(record.pages)
        out += [(f, v) for f, v in (("year", record.year), ("venue", record.venue), ("volume", record.volume),
                                    ("issue", record.issue), ("start", start), ("end", end), ("doi", record.doi),
                                    ("url", record.url and visible_url(record.url)), ("id", record.source_id))
                   if v]
        out += [("keyword", k) for k in (record.keywords or "").split("; ") if k.strip()]
    out += [("abstract", abstract)] if abstract else []
    out.append(("note", _note(paper, titles)))
    return [(f, one_line(v)) for f, v in out]


RIS_TAGS = {"title": "TI", "author": "AU", "year": "PY", "venue": "T2", "volume": "VL", "issue": "IS",
            "start": "SP", "end": "EP", "doi": "DO", "url": "UR", "id": "ID", "abstract": "AB", "keyword": "KW",
            "note": "N1"}
RIS_TYPES = {"article": "JOUR", "conference": "CONF", "chapter": "CHAP", "book": "BOOK", "thesis": "THES",
             "report": "RPRT", "misc": "GEN"}


def render_ris(papers: Sequence[Paper], titles: dict[str, str | None]) -> str:
    """RIS: ``TY  - JOUR`` (``CONF``, ``CHAP``, ..., ``GEN`` with nothing to tell) ... ``ER  -`` per paper."""
    entries = []
    for paper in papers:
        fields = _fields(paper, titles)
        kind = RIS_TYPES[entry_type(merged_record(paper))]
        lines = [f"TY  - {kind}"] + [f"{RIS_TAGS[f]}  - {v}" for f, v in fields if f in RIS_TAGS] + ["ER  - "]
        entries.append("\n".join(lines) + "\n")
    return "\n".join(entries)


def _suffix_second(person: str) -> str:
    """"Family, Given, Suffix" (RIS's order) as BibTeX orders a name: "Family, Suffix, Given" ("Ford, Jr., Henry")."""
    parts = person.split(", ")
    return f"{parts[0]}, {parts[2]}, {parts[1]}" if len(parts) == 3 else person


def _keyword_list(keywords: list[str]) -> str | None:
    """Comma-separated as JabRef and biblatex write them, or by semicolons when a keyword holds a comma (MeSH's
    "Colitis, Ulcerative"), which paperlist and Mendeley read back whole."""
    return ("; " if any("," in k for k in keywords) else ", ").join(keywords) or None


def _bibtex_value(name: str, value: str, authors: list[str]) -> str:
    """A field's value as BibTeX reads it back: DOIs and URLs verbatim (as biblatex takes them), an organisation
    among the authors in braces of its own (its "and" is no separator), everything else escaped."""
    if name in ("doi", "url"):
        return value.replace("{", "%7B").replace("}", "%7D").replace("\\", "%5C")
    if name == "pages":  # escaped by _bibtex_pages: its "--" is the range's en dash, not two hyphens
        return value
    if name == "author":
        return " and ".join("{" + bibtex_escape(a) + "}" if is_organisation(a, one_name=True)
                            else bibtex_escape(_suffix_second(a)) for a in authors)
    return bibtex_escape(value)


def _bibtex_pages(start: str | None, end: str | None) -> str | None:
    """A page range as BibTeX writes one, "101--112" (styles print the en dash), each page escaped; in pages a
    run of hyphens is a range's dash by BibTeX's own convention ("61--62, 68"), so it is not broken."""
    if not start:
        return None
    def escape(text: str) -> str:
        return _BIBTEX_PAGES_RE.sub(lambda m: _BIBTEX_SPECIAL[m.group()], text)
    return escape(start) + (f"--{escape(end)}" if end else "")


def bibtex_escape(text: str) -> str:
    """Text safe in a braced BibTeX value: LaTeX's special characters escaped, so braces always balance."""
    return _BIBTEX_SPECIAL_RE.sub(lambda m: _BIBTEX_SPECIAL[m.group()], text)


_VALID_KEY_RE = re.compile(r"^[A-Za-z0-9_:./+-]{1,80}$")
_KEY_STOPWORDS = frozenset("a an the on of in for and to with from by at is are how why what when do does".split())


def _base_key(paper: Paper) -> str:
    """The record's own key when BibTeX can take it, else family name + year + first title word (``lee2024why``),
    else, for a snippet without a record, one from its fingerprint: never anything that depends on the rank."""
    record = merged_record(paper)
    if record is not None and record.source_id and _VALID_KEY_RE.match(record.source_id):
        return record.source_id
    if record is not None and (record.title or record.authors):
        people, _ = split_authors(record.authors)
        family = re.sub(r"[^a-z0-9]", "", _ascii(people[0].split(",")[0])) if people else ""
        words = [w for w in re.findall(r"[a-z0-9]+", _ascii(record.title or "")) if w not in _KEY_STOPWORDS]
        key = (family or "anon") + re.sub(r"\D", "", record.year or "")[:4] + (words[0] if words else "")
        return key
    return "snippet-" + fingerprint(match_key(paper.kept.text))[:10]


def citation_keys(papers: Sequence[Paper]) -> dict[int, str]:
    """Each paper's BibTeX key, unique in the file. Papers that would share a key are told apart by a suffix
    (a, b, ...) given in the order of their fingerprints, so a paper keeps its key whatever the ranking."""
    wanted: dict[str, list[Paper]] = {}
    for paper in papers:
        wanted.setdefault(_base_key(paper), []).append(paper)
    taken = set(wanted)
    keys: dict[int, str] = {}
    for base in sorted(wanted):
        same = sorted(wanted[base], key=lambda p: (fingerprint(match_key(p.kept.text)), p.id))
        keys[same[0].id] = base
        n = 0
        for paper in same[1:]:
            key = base
            while key in taken:
                n += 1
                key = f"{base}{_suffix(n)}"
            taken.add(key)
            keys[paper.id] = key
    return keys


def _suffix(n: int) -> str:
    """a, b, ..., z, aa, ab, ...: the suffixes JabRef and Zotero give keys that would clash."""
    out = ""
    while n:
        n, rest = divmod(n - 1, 26)
        out = chr(ord("a") + rest) + out
    return out


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text.casefold()).encode("ascii", "ignore").decode()


BIBTEX_TYPES = {"article": ("article", "journal"), "conference": ("inproceedings", "booktitle"),
                "chapter": ("incollection", "booktitle"), "book": ("book", "series"),
                "thesis": ("phdthesis", "school"), "report": ("techreport", "institution"),
                "misc": ("misc", "howpublished")}


def render_bibtex(papers: Sequence[Paper], titles: dict[str, str | None]) -> str:
    """BibTeX: ``@article``, ``@inproceedings``, ... (``@misc`` with nothing to tell) per paper, every value
    braced and escaped, keyed by ``citation_keys``."""
    keys = citation_keys(papers)
    entries = []
    for paper in papers:
        fields = _fields(paper, titles)
        value = dict(fields)
        kind, venue_field = BIBTEX_TYPES[entry_type(merged_record(paper))]
        authors = [v for f, v in fields if f == "author"]
        if authors and "more_authors" in value:  # the source cut the list short: BibTeX's "and others"
            authors.append("others")
        start, end = value.get("start"), value.get("end")
        ordered = [("title", value.get("title")), ("author", " and ".join(authors) or None),
                   ("year", value.get("year")), (venue_field, value.get("venue")), ("volume", value.get("volume")),
                   ("number", value.get("issue")), ("pages", _bibtex_pages(start, end)),
                   ("doi", value.get("doi")), ("url", value.get("url")), ("abstract", value.get("abstract")),
                   ("keywords", _keyword_list([v for f, v in fields if f == "keyword"])), ("note", value["note"])]
        lines = [f"@{kind}{{{keys[paper.id]},"] + [f"  {name} = {{{_bibtex_value(name, v, authors)}}},"
                                                   for name, v in ordered if v]
        entries.append("\n".join(lines) + "\n}\n")
    return "\n".join(entries)
