"""Ovid's tagged export (MEDLINE, Embase, PsycINFO, Journals@Ovid: ``<1. >`` then ``TI  - `` lines) -> one
ReadingList (pure).

Each record opens with its number in angle brackets and gives one field a line behind a tag; wrapped lines are
indented. Ovid's databases share the tags but not all of them: the journal, volume, issue and pages come from
their own tags where the database writes them (Ovid MEDLINE: ``JN``, ``VO``, ``IP``, ``PG``), else from the
``SO`` citation ("Journal of X. Vol.43(5), Sep 2015, pp. 623-634.").
"""

from __future__ import annotations

import re

from paperlist.match.normalize import clean_doi, doi_url
from paperlist.model import Diagnostic, ReadingList, Record
from paperlist.readers.records import keep_record, list_from_records, shared
from paperlist.readers.tagged import Fields, first, tagged_records, tagged_spans

OPENS_RE = re.compile(r"^\s?<\d+\.\s?>\s*$")
_TAG_RE = re.compile(r"^\s?([A-Z][A-Z0-9]{1,5})  ?- ?(.*)$")  # Books@Ovid: "SCORE  - *****"
# "[Article]" after a title names its kind; quotes around a whole title are Ovid's.
_TITLE_KIND_RE = re.compile(r"\s*\[(?:Article|Report|Miscellaneous|References|Review|Editorial|Letter)\]\.?\s*$")
_QUOTED_RE = re.compile(r'^"(.+)"(\.?)$')
# What follows a name: roles ("[Inventor]"), affiliation marks (" 1,2,+"), degrees (" MD, MPH", " Ph.D., FACSM").
_ROLE_RE = re.compile(r"\s*\[[^\]]*\]")
_MARKS_RE = re.compile(r"(?:\s+[\d,+*]+)+$")
_DEGREES_RE = re.compile(r"(?:,?\s+(?:M\.?D\.?|Ph\.?D\.?|MPH|MSc|BSc|MBBS|DrPH|PharmD|MBA|RN|BSN|MSN|FACSM|FACS|FACP|"
                         r"FRCP\w*|DPhil|DDS|DMD|MS|MA|BA))+$")
_MONTH = (r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:tember)?|"
          r"Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\b")
# Where a citation's journal ends: a full stop before a space, a semicolon, a month, a year or "Vol.".
_VENUE_END_RE = re.compile(rf"\.\s|\.:|;|,\s*[Vv]ol\.|\s+[Vv]ol\.|\s+{_MONTH}|\s+\d{{4}}\b|\s+\d+\(")
_VOLUME_ISSUE_RE = re.compile(r"(?:[Vv]ol\.\s*)?(\d+)\((\d+(?:-\d+)?)\)")
_VOLUME_RE = re.compile(r"[Vv]ol\.\s*(\d+)|\d{4};(\d+):")
_PAGES_RE = re.compile(r"pp\.\s*(\d+(?:-\d+)?)|:\s*([A-Za-z]?\d+(?:-[A-Za-z]?\d+)?)")
_YEAR_RE = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")


def _title(value: str | None) -> str | None:
    if not value:
        return None
    value = _TITLE_KIND_RE.sub("", value)
    quoted = _QUOTED_RE.match(value)
    return (quoted.group(1) + quoted.group(2) if quoted else value).strip() or None


def _person(name: str) -> str:
    """A name without what Ovid writes after it."""
    name = _MARKS_RE.sub("", _ROLE_RE.sub("", name).strip())
    return _DEGREES_RE.sub("", name).strip(" ,")


def _authors(fields: Fields) -> list[str]:
    """Full names (``FA``, Ovid MEDLINE) where given, else ``AU`` ("Smith J", or several "; "-joined)."""
    names = fields.get("FA") or [part for value in fields.get("AU", []) for part in _ROLE_RE.sub("", value).split(";")]
    return [person for name in names if (person := _person(name))]


def _from_citation(citation: str | None) -> tuple[str | None, str | None, str | None, str | None]:
    """The journal, volume, issue and pages of an ``SO`` citation, as far as it tells."""
    if not citation:
        return None, None, None, None
    editors = citation.rfind("[Ed")  # a chapter's citation names its book after its editors
    if editors >= 0 and "]" in citation[editors:]:
        citation = citation[citation.index("]", editors) + 1:].lstrip(" .,")
    end = _VENUE_END_RE.search(citation)
    venue = (citation[:end.start()] if end else citation).strip(" .,;") or None
    volume = issue = None
    both = _VOLUME_ISSUE_RE.search(citation)
    if both:
        volume, issue = both.group(1), both.group(2)
    elif found := _VOLUME_RE.search(citation):
        volume = found.group(1) or found.group(2)
    pages = _PAGES_RE.search(citation)
    return venue, volume, issue, (pages.group(1) or pages.group(2)) if pages else None


def parse_ovid(text: str, path: str) -> ReadingList:
    """Every record (from one ``<N. >`` line to the next) with a title or an abstract, or what stands in for
    them."""
    records: list[tuple[int, str, Record]] = []
    warnings: list[Diagnostic] = []
    problems: list[tuple[int, str]] = []
    for line, fields in tagged_records(text, _TAG_RE, None, None, problems=problems, opens=OPENS_RE):
        title, abstract = _title(first(fields, "TI")), first(fields, "AB")
        venue, volume, issue, pages = _from_citation(first(fields, "SO"))
        year = _YEAR_RE.search(first(fields, "YR") or first(fields, "DP") or first(fields, "SO") or "")
        doi = clean_doi(first(fields, "DI", "DO"))
        own_id = first(fields, "UI") or (first(fields, "AN") or "").rstrip(". ") or None
        keywords = [k.strip() for value in fields.get("KW", []) for k in value.split(";") if k.strip()]
        url = doi_url(doi) if doi else first(fields, "UR", "XL")
        record = Record(title, "; ".join(_authors(fields)) or None, shared(year.group(1) if year else None),
                        shared(first(fields, "JN", "JT") or venue), doi, url, None, title_only=abstract is None,
                        volume=first(fields, "VO", "VI") or volume, issue=first(fields, "IP") or issue,
                        pages=first(fields, "PG") or pages, source_id=own_id,
                        kind=shared((first(fields, "PT", "DT") or "").rstrip(". ") or None),
                        keywords="; ".join(keywords + fields.get("MH", [])) or None)
        keep_record(records, warnings, path, line, abstract or title, record, own_id,
                    "title, abstract, journal, authors, DOI or id")
    warnings += [Diagnostic(path, line, message) for line, message in problems]
    warnings.sort(key=lambda w: w.line or 0)
    return list_from_records(records, path, None, "ovid", warnings)


def record_spans(text: str) -> dict[int, tuple[int, int]]:
    """Where each record lies in ``text`` (from its ``<N. >`` line), by the line ``parse_ovid`` reports for it."""
    return tagged_spans(text, _TAG_RE, None, None, OPENS_RE)
