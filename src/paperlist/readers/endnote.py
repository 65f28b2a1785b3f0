"""EndNote XML (EndNote's own export: ``<records><record>...``) -> one ReadingList (pure).

Read with the standard library's XML parser, refusing any entity declaration: a document type that declares
entities is how "billion laughs" and external-entity attacks begin, and no EndNote export needs one.
"""

from __future__ import annotations

import html.entities
import re
import xml.etree.ElementTree as ElementTree
from xml.parsers import expat

from paperlist.match.normalize import clean_doi, collapse_whitespace
from paperlist.model import Diagnostic, ReadingList, Record
from paperlist.readers.records import list_from_records, stand_in


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


def _local(name: str) -> str:
    """A tag without its namespace prefix (``en:record`` is ``record``)."""
    return name.rpartition(":")[2]


def _parse(text: str) -> tuple[ElementTree.Element, list[int]]:
    """The document as a tree, built from expat's events, and the line each ``<record>`` starts on; an entity
    declaration stops the parse."""
    builder = ElementTree.TreeBuilder()
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.EntityDeclHandler = _refuse
    parser.ExternalEntityRefHandler = _refuse
    starts: list[int] = []

    def start(name: str, attributes: dict[str, str]) -> None:
        name = _local(name)
        if name == "record":
            starts.append(parser.CurrentLineNumber)
        builder.start(name, attributes)

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda name: builder.end(_local(name))
    parser.CharacterDataHandler = builder.data
    parser.Parse(text, True)
    return builder.close(), starts


_RECORD_RE = re.compile(r"<(?:[\w.-]+:)?record[\s>]")
_RECORD_END_RE = re.compile(r"</(?:[\w.-]+:)?record\s*>")
_CONTROLS_RE = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
_ENTITY_RE = re.compile(r"&([A-Za-z][A-Za-z0-9]{1,31});")
_XML_ENTITIES = frozenset(("amp", "lt", "gt", "quot", "apos"))


def _repaired(segment: str) -> str:
    """One record's XML with what breaks exports most often mended: control characters (none is allowed in
    XML) become spaces, and HTML's named entities (&nbsp;, &eacute;) their characters."""
    segment = _CONTROLS_RE.sub(" ", segment)

    def entity(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in _XML_ENTITIES:
            return match.group(0)
        char = html.entities.html5.get(name + ";")
        return "&amp;" + name + ";" if char is None else char.replace("&", "&amp;").replace("<", "&lt;")
    return _ENTITY_RE.sub(entity, segment)


def _record_by_record(text: str, path: str, warnings: list[Diagnostic]) -> list[tuple[int, ElementTree.Element]]:
    """Each ``<record>`` parsed on its own, mended where it can be: a damaged or cut file loses only the records
    that are damaged beyond that, each named with its line."""
    found = []
    at, line = 0, 1
    for match in _RECORD_RE.finditer(text):
        if match.start() < at:
            continue  # inside the record before (a record never holds another)
        line += text.count("\n", at, match.start())
        at = match.start()
        end = _RECORD_END_RE.search(text, match.end())
        if end is None:
            warnings.append(Diagnostic(path, line, "record cut short (no </record>: a download that stopped?); "
                                                   "skipped"))
            break
        segment = text[match.start():end.end()]
        try:
            root, _ = _parse(_repaired(segment))
        except _Refused:
            raise
        except expat.ExpatError as exc:
            warnings.append(Diagnostic(path, line + exc.lineno - 1,
                                       f"record not well-formed XML ({expat.ErrorString(exc.code)}); skipped"))
        else:
            found.append((line, root))
        line += text.count("\n", at, end.end())
        at = end.end()
    return found


def parse_endnote(text: str, path: str) -> ReadingList:
    """Every ``<record>`` with a title or an abstract. A document that is not well-formed is read again record by
    record: every intact record is kept and each one lost is named with its line."""
    warnings: list[Diagnostic] = []
    text = text.removeprefix("\ufeff")
    try:
        root, starts = _parse(text)
        elements = list(zip(starts, root.iter("record")))
    except _Refused:
        warnings.append(Diagnostic(path, None, "XML declares entities (refused: no EndNote export needs them)"))
        return list_from_records([], path, None, "endnote", warnings)
    except expat.ExpatError as exc:
        warnings.append(Diagnostic(path, exc.lineno, f"not well-formed XML ({expat.ErrorString(exc.code)}); read "
                                                     "record by record"))
        try:
            elements = _record_by_record(text, path, warnings)
        except _Refused:
            warnings.append(Diagnostic(path, None, "XML declares entities (refused: no EndNote export needs them)"))
            return list_from_records([], path, None, "endnote", warnings)
    records = []
    for line, element in elements:
        snippet_text, record = _record(element)
        if not snippet_text:
            # Not by its rec-number: two files' record 12 would read as the same text.
            snippet_text, how = stand_in(record, None)
            if not snippet_text:
                warnings.append(Diagnostic(path, line, "record has no title, abstract, container title, authors or "
                                                       "DOI; skipped"))
                continue
            warnings.append(Diagnostic(path, line, f"record has no title or abstract; {how}"))
        records.append((line, snippet_text, record))
    return list_from_records(records, path, None, "endnote", warnings)
