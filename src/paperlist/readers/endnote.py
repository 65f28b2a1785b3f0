"""EndNote XML (EndNote's own export: ``<records><record>...``) -> one ReadingList (pure).

Read with the standard library's XML parser, refusing any entity declaration: a document type that declares
entities is how "billion laughs" and external-entity attacks begin, and no EndNote export needs one.
"""

from __future__ import annotations

import xml.etree.ElementTree as ElementTree
from xml.parsers import expat

from paperlist.match.normalize import clean_doi, collapse_whitespace
from paperlist.model import Diagnostic, ReadingList, Record
from paperlist.readers.records import list_from_records


class _Refused(Exception):
    """The document declares entities."""


def _refuse(*_: object) -> None:
    raise _Refused


def _text(element: ElementTree.Element | None) -> str | None:
    """The text of an element and its ``<style>`` children, whitespace collapsed."""
    if element is None:
        return None
    return collapse_whitespace("".join(element.itertext())) or None


def _record(element: ElementTree.Element) -> tuple[str | None, Record]:
    def at(path: str) -> str | None:
        return _text(element.find(path))
    title, abstract = at("titles/title"), at("abstract")
    authors = [a for node in element.findall("contributors/authors/author") if (a := _text(node))]
    venue = at("periodical/full-title") or at("titles/secondary-title") or at("periodical/abbr-1")
    doi = clean_doi(at("electronic-resource-num"))
    url = at("urls/related-urls/url") or (f"https://doi.org/{doi}" if doi else None)
    ref_type = element.find("ref-type")
    keywords = [k for node in element.findall("keywords/keyword") if (k := _text(node))]
    record = Record(title, "; ".join(authors) or None, at("dates/year"), venue, doi, url, None,
                    title_only=abstract is None, volume=at("volume"), issue=at("number"), pages=at("pages"),
                    source_id=at("rec-number"), kind=ref_type.get("name") if ref_type is not None else None,
                    keywords="; ".join(keywords) or None)
    return abstract or title, record


def _parse(text: str) -> ElementTree.Element:
    """The document as a tree, built from expat's events; an entity declaration stops the parse."""
    builder = ElementTree.TreeBuilder()
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.EntityDeclHandler = _refuse
    parser.ExternalEntityRefHandler = _refuse
    parser.StartElementHandler = builder.start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.Parse(text, True)
    return builder.close()


def _lines(text: str) -> dict[int, int]:
    """The line each record starts on, in document order (ElementTree does not keep positions)."""
    found, line, at = {}, 1, 0
    for n, offset in enumerate(_offsets(text, "<record>")):
        line += text.count("\n", at, offset)
        at = offset
        found[n] = line
    return found


def _offsets(text: str, tag: str):
    start = text.find(tag)
    while start >= 0:
        yield start
        start = text.find(tag, start + 1)


def parse_endnote(text: str, path: str) -> ReadingList:
    """Every ``<record>`` with a title or an abstract; a broken document is one warning naming its line."""
    warnings: list[Diagnostic] = []
    try:
        root = _parse(text.removeprefix("\ufeff"))
    except _Refused:
        warnings.append(Diagnostic(path, None, "XML declares entities (refused: no EndNote export needs them)"))
        return list_from_records([], path, None, "endnote", warnings)
    except expat.ExpatError as exc:
        warnings.append(Diagnostic(path, exc.lineno, f"not well-formed XML ({expat.ErrorString(exc.code)}); skipped"))
        return list_from_records([], path, None, "endnote", warnings)
    lines = _lines(text)
    records = []
    for n, element in enumerate(root.iter("record")):
        snippet_text, record = _record(element)
        if not snippet_text:
            warnings.append(Diagnostic(path, lines.get(n), "record has no title or abstract; skipped"))
            continue
        records.append((lines.get(n, 1), snippet_text, record))
    return list_from_records(records, path, None, "endnote", warnings)
