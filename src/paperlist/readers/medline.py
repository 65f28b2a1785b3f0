"""PubMed/MEDLINE (``.nbib``, ``.txt``: ``PMID-``, ``TI  -``, ``AB  -`` with continuation lines) -> one ReadingList (pure)."""

from __future__ import annotations

import re

from paperlist.match.normalize import clean_doi, doi_url
from paperlist.model import Diagnostic, ReadingList, Record
from paperlist.readers.records import list_from_records
from paperlist.readers.tagged import first, tagged_records, tagged_spans

_TAG_RE = re.compile(r"^([A-Z][A-Z0-9]{1,3}) *- ?(.*)$")  # "TI  - ", "PMID- ", ERIC's "ISSN - "
# PubMed marks a DOI "10.1/x [doi]"; ERIC gives it as a doi.org link.
_DOI_RE = re.compile(r"^(\S+)\s*\[doi\]$|^(https?://(?:dx\.)?doi\.org/\S+)$")
_YEAR_RE = re.compile(r"\d{4}")


def _doi(fields: dict[str, list[str]]) -> str | None:
    for value in fields.get("LID", []) + fields.get("AID", []):
        match = _DOI_RE.match(value)
        if match:
            return clean_doi(match.group(1) or match.group(2))
    return None


def parse_medline(text: str, path: str) -> ReadingList:
    """Every record (from ``PMID-``, or from the first tag after a blank line) with a title or an abstract;
    authors from ``FAU`` (full) or ``AU``."""
    records = []
    warnings: list[Diagnostic] = []
    problems: list[tuple[int, str]] = []
    for line, fields in tagged_records(text, _TAG_RE, "PMID", None, problems=problems):
        # A title or an abstract given on several tagged lines is one text.
        title = " ".join(v for v in fields.get("TI") or fields.get("BTI") or [] if v) or None
        abstract = " ".join(v for v in fields.get("AB", []) if v) or None
        if not (title or abstract):
            warnings.append(Diagnostic(path, line, "record has no title or abstract; skipped"))
            continue
        year = _YEAR_RE.search(first(fields, "DP") or "")
        doi = _doi(fields)
        pmid = first(fields, "PMID")
        own_id = pmid or first(fields, "OID")  # ERIC's records have an ERIC id, no PMID
        url = doi_url(doi) if doi else f"https://pubmed.ncbi.nlm.nih.gov/{pmid}/" if pmid else None
        record = Record(title, "; ".join(fields.get("FAU") or fields.get("AU") or []) or None,
                        year.group() if year else None, first(fields, "JT", "TA"), doi, url, None,
                        title_only=abstract is None, volume=first(fields, "VI"), issue=first(fields, "IP"),
                        pages=first(fields, "PG"), source_id=own_id, kind=first(fields, "PT"),
                        keywords="; ".join(fields.get("MH", []) + fields.get("OT", [])) or None)
        records.append((line, abstract or title, record))
    warnings += [Diagnostic(path, line, message) for line, message in problems]
    warnings.sort(key=lambda w: w.line or 0)
    return list_from_records(records, path, None, "medline", warnings)


def record_spans(text: str) -> dict[int, tuple[int, int]]:
    """Where each record lies in ``text``, by the line ``parse_medline`` reports for it (``tagged_spans``)."""
    return tagged_spans(text, _TAG_RE, "PMID", None)
