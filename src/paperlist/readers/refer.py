"""EndNote's tagged export (``.enw``, the refer format Google Scholar's "EndNote" link and AIS eLibrary write:
``%T`` title, ``%A`` one author a line, ... records separated by blank lines) -> one ReadingList (pure)."""

from __future__ import annotations

import re

from paperlist.match.normalize import clean_doi, doi_url
from paperlist.model import Diagnostic, ReadingList, Record
from paperlist.readers.records import (
    bom_length,
    lines_of,
    list_from_records,
    shared,
    text_lines,
)
from paperlist.readers.tagged import Fields, first

_TAG_RE = re.compile(r"^%([0-9A-Z@!#$&()*+^~>?\[\]|]) ?(.*)$")
_YEAR_RE = re.compile(r"\d{4}")
_DOI_RE = re.compile(r"\b10\.\d{4,9}/\S+")
_ONE_A_LINE = frozenset("AK")  # a line without a tag under an author or a keyword is one more


def _records(text: str) -> list[tuple[int, Fields]]:
    """``(line, fields)`` of every record: a blank line ends one, a line without a tag continues the field before."""
    records: list[tuple[int, Fields]] = []
    fields: Fields = {}
    start, last = 0, ""
    for number, line in enumerate(lines_of(text), 1):
        match = _TAG_RE.match(line)
        if match:
            if not fields:
                start = number
            last = match.group(1)
            fields.setdefault(last, []).append(match.group(2).strip())
        elif not line.strip():
            if fields:
                records.append((start, fields))
            fields, last = {}, ""
        elif fields:
            if last in _ONE_A_LINE:
                fields[last].append(line.strip())
            else:
                fields[last][-1] = f"{fields[last][-1]} {line.strip()}".strip()
    if fields:
        records.append((start, fields))
    return records


def parse_refer(text: str, path: str) -> ReadingList:
    """Every record with a title or an abstract: title ``%T``, authors ``%A``, year ``%D``, journal ``%J`` (or
    ``%B``), volume ``%V``, issue ``%N``, pages ``%P``, DOI ``%R`` (or a DOI link in ``%U``), URL ``%U``, abstract
    ``%X``, keywords ``%K``, type ``%0``, id ``%M``."""
    records: list[tuple[int, str, Record]] = []
    warnings: list[Diagnostic] = []
    for line, fields in _records(text):
        title, abstract = first(fields, "T"), first(fields, "X")
        if not (title or abstract):
            warnings.append(Diagnostic(path, line, "record has no title or abstract; skipped"))
            continue
        year = _YEAR_RE.search(first(fields, "D") or "")
        url = first(fields, "U")
        doi_text = _DOI_RE.search(first(fields, "R") or "") or _DOI_RE.search(url or "")
        doi = clean_doi(doi_text.group()) if doi_text else None
        record = Record(title, "; ".join(a for a in fields.get("A", []) if a) or None,
                        shared(year.group()) if year else None, shared(first(fields, "J", "B")), doi,
                        url or (doi_url(doi) if doi else None), None, title_only=abstract is None,
                        volume=first(fields, "V"), issue=first(fields, "N"), pages=first(fields, "P"),
                        source_id=first(fields, "M"), kind=shared(first(fields, "0")),
                        keywords="; ".join(k for k in fields.get("K", []) if k) or None)
        records.append((line, abstract or title or "", record))
    return list_from_records(records, path, None, "enw", warnings)


def record_spans(text: str) -> dict[int, tuple[int, int]]:
    """Where each record lies in ``text``, by the line ``parse_refer`` reports for it (its first tagged line):
    ``text[start:end]``, up to the end of its last line before a blank one."""
    spans: dict[int, tuple[int, int]] = {}
    offset = bom_length(text)
    opened: tuple[int, int] | None = None  # (line, start) of the record being read
    for number, raw in enumerate(text_lines(text, offset), 1):
        if not raw.strip():
            if opened is not None:
                spans[opened[0]] = (opened[1], offset)
            opened = None
        elif opened is None and _TAG_RE.match(raw.rstrip("\r\n")):
            opened = (number, offset)
        offset += len(raw)
    if opened is not None:
        spans[opened[0]] = (opened[1], offset)
    return spans
