"""EndNote XML (EndNote's own export: ``<records><record>...``) -> one ReadingList (pure).

Read safely and record by record where the document is damaged (xmlsafe.py).
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree

from paperlist.match.normalize import clean_doi, doi_url
from paperlist.model import Diagnostic, ReadingList, Record
from paperlist.readers.records import keep_record, list_from_records, would_keep
from paperlist.readers.xmlsafe import XmlSpans, kept_spans, records_of, text_of


def _record(element: ElementTree.Element) -> tuple[str | None, Record]:
    def at(path: str) -> str | None:
        return text_of(element.find(path))
    title, abstract = at("titles/title"), at("abstract")
    authors = [a for node in element.findall("contributors/authors/author") if (a := text_of(node))]
    venue = at("periodical/full-title") or at("titles/secondary-title") or at("periodical/abbr-1")
    doi = clean_doi(at("electronic-resource-num"))
    url = at("urls/related-urls/url") or (doi_url(doi) if doi else None)
    ref_type = element.find("ref-type")
    keywords = [k for node in element.findall("keywords/keyword") if (k := text_of(node))]
    record = Record(title, "; ".join(authors) or None, at("dates/year"), venue, doi, url, None,
                    title_only=abstract is None, volume=at("volume"), issue=at("number"), pages=at("pages"),
                    source_id=at("rec-number"), kind=ref_type.get("name") if ref_type is not None else None,
                    keywords="; ".join(keywords) or None)
    return abstract or title, record


def parse_endnote(text: str, path: str) -> ReadingList:
    """Every ``<record>`` with a title or an abstract. A document that is not well-formed is read again record by
    record: every intact record is kept and each one lost is named with its line."""
    warnings: list[Diagnostic] = []
    elements = records_of(text, path, warnings, ("record",), "XML declares entities (refused: no EndNote export "
                                                            "needs them)")
    records: list[tuple[int, str, Record]] = []
    for line, element in elements:
        snippet_text, record = _record(element)
        # Not read by its rec-number: two files' record 12 would read as the same text.
        keep_record(records, warnings, path, line, snippet_text, record, None,
                    "title, abstract, container title, authors or DOI")
    return list_from_records(records, path, None, "endnote", warnings)


def record_spans(text: str) -> XmlSpans | None:
    """Where each record ``parse_endnote`` keeps lies in ``text``, by its index (``kept_spans``)."""
    return kept_spans(text, ("record",), lambda element: would_keep(*_record(element), None))
