"""RefWorks tagged format (``RT Journal Article``, ``A1 Family,Given``, ``T1 ...``) -> one ReadingList (pure).

A record opens with ``RT`` (its type) and gives one field a line behind a two-letter tag; a file may open with
RefWorks's legend of tags, up to ``BEGIN EXPORTED REFERENCES``, which is no record.
"""

from __future__ import annotations

import re

from paperlist.match.normalize import clean_doi, doi_url
from paperlist.model import Diagnostic, ReadingList, Record
from paperlist.readers.records import (
    LineNumbers,
    keep_record,
    list_from_records,
    shared,
)
from paperlist.readers.tagged import first, tagged_records, tagged_spans

_TAG_RE = re.compile(r"^([A-Z][A-Z0-9]{1,2}) (.*)$")  # "T1 ", and the user fields up to "U15 "
_BEGIN = "BEGIN EXPORTED REFERENCES"
_NOTE_DOI_RE = re.compile(r"\bdoi:\s*(10\.\S+)", re.IGNORECASE)
_YEAR_RE = re.compile(r"\d{4}")
_COMMA_RE = re.compile(r",(?=\S)")


def parse_refworks(text: str, path: str) -> ReadingList:
    """Every record from one ``RT`` to the next with a title or an abstract, or what stands in for them; authors
    from ``A1``, the journal from ``JF`` (else ``JO``), a chapter's book from ``T2``, pages from ``SP`` and
    ``OP``."""
    begin = text.find(_BEGIN)
    skipped = 0  # the legend's lines, before the records
    if begin >= 0:
        skipped = LineNumbers(text).at(begin + len(_BEGIN)) - 1
        text = text[begin + len(_BEGIN):]
    records: list[tuple[int, str, Record]] = []
    warnings: list[Diagnostic] = []
    problems: list[tuple[int, str]] = []
    for line, fields in tagged_records(text, _TAG_RE, "RT", None, frozenset({"A1", "K1"}), problems):
        line += skipped
        title, abstract = first(fields, "T1"), first(fields, "AB")
        start, end = first(fields, "SP"), first(fields, "OP")
        year = _YEAR_RE.search(first(fields, "YR") or first(fields, "FD") or "")
        note_doi = _NOTE_DOI_RE.search(" ".join(fields.get("NO", [])))
        doi = clean_doi(first(fields, "DO") or (note_doi.group(1) if note_doi else None))
        venue = first(fields, "JF", "JO") or (first(fields, "T2") if title else None)
        authors = [_COMMA_RE.sub(", ", name) for name in fields.get("A1", [])]  # "Allan,Steven"
        record = Record(title, "; ".join(authors) or None, shared(year.group() if year else None),
                        shared(venue), doi, doi_url(doi) if doi else first(fields, "UL", "LK"), None,
                        title_only=abstract is None, volume=first(fields, "VO"), issue=first(fields, "IS"),
                        pages=f"{start}-{end}" if start and end and start != end else start,
                        source_id=first(fields, "ID"), kind=shared(first(fields, "RT")),
                        keywords="; ".join(fields.get("K1", [])) or None)
        keep_record(records, warnings, path, line, abstract or title, record, first(fields, "ID"),
                    "title, abstract, journal, authors, DOI or id")
    warnings += [Diagnostic(path, line + skipped, message) for line, message in problems]
    warnings.sort(key=lambda w: w.line or 0)
    return list_from_records(records, path, None, "refworks", warnings)


def record_spans(text: str) -> tuple[int, dict[int, tuple[int, int]]]:
    """Where the legend ends (where the first record starts, after ``BEGIN EXPORTED REFERENCES``; 0 without a
    legend), and where each record lies in ``text``, by the line ``parse_refworks`` reports for it
    (``tagged_spans``)."""
    begin = text.find(_BEGIN)
    if begin < 0:
        return 0, tagged_spans(text, _TAG_RE, "RT", None)
    cut = begin + len(_BEGIN)
    skipped = LineNumbers(text).at(cut) - 1
    spans = {line + skipped: (start + cut, end + cut)
             for line, (start, end) in tagged_spans(text[cut:], _TAG_RE, "RT", None).items()}
    return min((start for start, _ in spans.values()), default=cut), spans
