"""ProQuest's plain-text report ("Report Information from ProQuest": each record a "Document N of M" heading, its
display title, then ``Field: value`` lines up to a line of underscores) -> one ReadingList (pure)."""

from __future__ import annotations

import re

from paperlist.match.normalize import clean_doi, doi_url
from paperlist.model import Diagnostic, ReadingList, Record
from paperlist.readers.records import lines_of, list_from_records, shared

_DOCUMENT_RE = re.compile(r"^Document (\d+) of (\d+)\s*$")
_FIELD_RE = re.compile(r"^([A-Z][A-Za-z/ -]{0,40}?): (.*)$")
_YEAR_RE = re.compile(r"\d{4}")
_RULE_RE = re.compile(r"^_{20,}\s*$")  # ends a record; the table of contents and bibliography are no records
# Inside an abstract or a full text, "Methods: ..." is the text's own: only ProQuest's labels start a field there.
_LABELS = frozenset((
    "Title", "Author", "Abstract", "Links", "Full text", "Subject", "Identifier / keyword", "Classification",
    "Publication title", "Publication year", "Publication date", "Volume", "Issue", "Pages", "First page", "Last page",
    "Section", "Publisher", "Place of publication", "Country of publication", "Publication subject", "ISSN", "ISBN",
    "Source type", "Language of publication", "Language", "Document type", "Document feature", "Document URL", "DOI",
    "ProQuest document ID", "Copyright", "Last updated", "Database", "Accession number", "Publication history",
    "Online publication date", "Author e-mail address", "Author affiliation", "Number of references", "MeSH subject",
    "Advisor", "Committee member", "Degree", "Degree date", "Department", "Dissertation/thesis number",
    "Number of pages", "School code", "Source", "University/institution", "University location", "Editor",
    "Conference title", "Corporate author", "Company / organization", "People", "Location", "Update"))


def _record(fields: dict[str, list[str]]) -> tuple[str | None, Record]:
    def value(name: str) -> str | None:
        return " ".join(fields.get(name, ())).strip() or None
    title = value("Title") or value("display")
    abstract = value("Abstract")
    year = _YEAR_RE.search(value("Publication year") or value("Publication date") or "")
    doi = clean_doi(value("DOI"))
    start, end = value("First page"), value("Last page")
    url = value("Document URL") or value("url") or (doi_url(doi) if doi else None)
    venue = value("Publication title") or value("University/institution")
    return abstract or title or "", Record(
        title, "; ".join(fields.get("Author", ())) or None, shared(year.group()) if year else None, shared(venue),
        doi, url, None, title_only=abstract is None, volume=value("Volume"), issue=value("Issue"),
        pages=value("Pages") or (f"{start}-{end}" if start and end else start),
        source_id=value("ProQuest document ID"), kind=shared(value("Document type")))


def parse_proquest(text: str, path: str) -> ReadingList:
    """Every "Document N of M" record with a title or an abstract. A field's later lines (an abstract's paragraphs)
    continue it; a line of underscores ends the record. A report holding fewer records than it announces (a
    download cut short) says so."""
    records: list[tuple[int, str, Record]] = []
    warnings: list[Diagnostic] = []
    announced, seen = 0, 0
    current: tuple[int, dict[str, list[str]]] | None = None
    field = ""

    def finish() -> None:
        if current is not None:
            body, record = _record(current[1])
            if body:
                records.append((current[0], body, record))
            else:
                warnings.append(Diagnostic(path, current[0], "record has no title or abstract; skipped"))

    for number, line in enumerate(lines_of(text), 1):
        heading = _DOCUMENT_RE.match(line)
        if heading:
            finish()
            current, field, announced, seen = (number, {}), "", max(announced, int(heading.group(2))), seen + 1
            continue
        if current is None or not line.strip():
            continue
        if _RULE_RE.match(line):
            finish()
            current = None
            continue
        fields = current[1]
        label = _FIELD_RE.match(line)
        if label and (label.group(1) in _LABELS or field not in ("Abstract", "Full text")):
            field = label.group(1)
            fields.setdefault(field, []).append(label.group(2))  # a second Author line is one more author
        elif not fields:
            field = "display"  # the title as the report shows it, before any field
            fields[field] = [line]
        elif field == "Author" and line.startswith(("http://", "https://")):
            fields["url"] = [line.strip()]  # the record's own page, under its author
        elif field:
            fields[field].append(line)
    finish()
    if seen < announced:
        warnings.append(Diagnostic(path, None, f"the report announces {announced} documents and holds {seen} "
                                               "(cut short?)"))
    return list_from_records(records, path, None, "proquest", warnings)
