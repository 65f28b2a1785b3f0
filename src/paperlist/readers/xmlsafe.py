"""XML exports read safely and record by record (pure): EndNote XML and PubMed XML.

The standard library's parser is driven through expat and refuses any entity declaration: a document type that
declares entities is how "billion laughs" and external-entity attacks begin, and no export needs one. A document
that is not well-formed is read again one record at a time, mended where exports break most often.
"""

from __future__ import annotations

import html.entities
import re
from collections.abc import Callable
from typing import NamedTuple
from xml.etree import ElementTree
from xml.parsers import expat

from paperlist.match.normalize import collapse_whitespace
from paperlist.model import Diagnostic
from paperlist.readers.records import LineNumbers

ExpatError = expat.ExpatError
error_string = expat.ErrorString


class Refused(Exception):
    """The document declares entities."""


def _refuse(*_: object) -> None:
    raise Refused


def text_of(element: ElementTree.Element | None) -> str | None:
    """The text of an element and of its children (EndNote's ``<style>``, PubMed's ``<i>``), whitespace
    collapsed."""
    if element is None:
        return None
    return collapse_whitespace("".join(element.itertext())) or None


def _local(name: str) -> str:
    """A tag without its namespace prefix (``en:record`` is ``record``)."""
    return name.rpartition(":")[2]


def parse(text: str, records: frozenset[str]) -> tuple[ElementTree.Element, list[int]]:
    """The document as a tree, built from expat's events, and the line each element named in ``records``
    starts on; an entity declaration raises Refused, a document that is not well-formed ExpatError."""
    builder = ElementTree.TreeBuilder()
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.EntityDeclHandler = _refuse
    parser.ExternalEntityRefHandler = _refuse
    starts: list[int] = []

    def start(name: str, attributes: dict[str, str]) -> None:
        name = _local(name)
        if name in records:
            starts.append(parser.CurrentLineNumber)
        builder.start(name, attributes)

    parser.StartElementHandler = start
    parser.EndElementHandler = lambda name: builder.end(_local(name))
    parser.CharacterDataHandler = builder.data
    parser.Parse(text, True)
    return builder.close(), starts


_LINE_END_RE = re.compile(r"[ \t]*(?:\r\n|\n|\r)")
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


def record_tags(names: tuple[str, ...]) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Patterns of where a record named one of ``names`` starts and ends, with or without a namespace prefix."""
    alternatives = "|".join(map(re.escape, names))
    return (re.compile(rf"<(?:[\w.-]+:)?(?:{alternatives})[\s>]"),
            re.compile(rf"</(?:[\w.-]+:)?(?:{alternatives})\s*>"))


class XmlSpans(NamedTuple):
    """Where a document's records lie: each kept record's ``text[start:end]`` by its index among the kept (1, 2,
    ...; EndNote writes every record on one line, so lines cannot tell them apart; the records the reader skips
    under -1, -2, ...), where the first record
    starts and where the last one ends (before and after them: the document's opening and closing tags, which a
    joined copy holds once)."""

    spans: dict[int, tuple[int, int]]
    header_end: int
    closing: int


def kept_spans(text: str, names: tuple[str, ...], kept: Callable[[ElementTree.Element], bool]) -> XmlSpans | None:
    """Where each record named one of ``names`` that ``kept`` keeps lies in ``text``; None when the document is
    not read whole (not well-formed, or declaring entities), where a record it loses cannot be placed."""
    try:
        root, _ = parse(text.removeprefix("\ufeff"), frozenset())
    except (Refused, ExpatError):
        return None
    elements = [e for e in root.iter() if e.tag in names]
    starts_re, ends_re = record_tags(names)
    spans: list[tuple[int, int]] = []
    for match in starts_re.finditer(text):
        if spans and match.start() < spans[-1][1]:
            continue  # inside the record before
        end = ends_re.search(text, match.end())
        if end is None:
            return None
        # A record on lines of its own takes its indent with it (and its line end, as every cut record does).
        start = match.start()
        line_start = max(text.rfind("\n", 0, start) + 1, spans[-1][1] if spans else 0)
        spans.append((line_start if not text[line_start:start].strip() else start, end.end()))
    if len(spans) != len(elements):
        return None  # a record's tag inside a comment or CDATA: the spans are not the records
    found, index, unread = {}, 0, 0
    for element, span in zip(elements, spans):
        if kept(element):
            index += 1
            found[index] = span
        else:  # a record the reader skips is counted, under a key no copy names, and stays in the copy
            unread -= 1
            found[unread] = span
    if not spans:  # the opening runs up to the closing tags: "<records></records>"
        empty = text.find("</")
        empty = empty if empty >= 0 else len(text)
        return XmlSpans(found, empty, empty)
    line_end = _LINE_END_RE.match(text, spans[-1][1])
    return XmlSpans(found, spans[0][0], line_end.end() if line_end else spans[-1][1])


def record_by_record(text: str, path: str, warnings: list[Diagnostic], names: tuple[str, ...]
                     ) -> list[tuple[int, ElementTree.Element]]:
    """Each record (an element named one of ``names``) parsed on its own, mended where it can be: a damaged or
    cut file loses only the records that are damaged beyond that, each named with its line."""
    starts_re, ends_re = record_tags(names)
    found = []
    lines = LineNumbers(text)
    at = 0
    for match in starts_re.finditer(text):
        if match.start() < at:
            continue  # inside the record before (a record never holds another)
        at = match.start()
        line = lines.at(at)
        end = ends_re.search(text, match.end())
        if end is None:
            warnings.append(Diagnostic(path, line, f"record cut short (no </{names[0]}>: a download that "
                                                   "stopped?); skipped"))
            break
        segment = text[match.start():end.end()]
        try:
            root, _ = parse(_repaired(segment), frozenset())
        except ExpatError as exc:
            warnings.append(Diagnostic(path, line + exc.lineno - 1,
                                       f"record not well-formed XML ({error_string(exc.code)}); skipped"))
        else:
            found.append((line, root))
        at = end.end()
    return found


def records_of(text: str, path: str, warnings: list[Diagnostic], names: tuple[str, ...], refused: str
               ) -> list[tuple[int, ElementTree.Element]]:
    """``(line, element)`` of every record in the document: read whole, or record by record when it is not
    well-formed (said with its line); none, said with ``refused``, when it declares entities."""
    text = text.removeprefix("\ufeff")
    try:
        root, starts = parse(text, frozenset(names))
        return list(zip(starts, (e for e in root.iter() if e.tag in names)))
    except Refused:
        warnings.append(Diagnostic(path, None, refused))
        return []
    except ExpatError as exc:
        warnings.append(Diagnostic(path, exc.lineno, f"not well-formed XML ({error_string(exc.code)}); read "
                                                     "record by record"))
    try:
        return record_by_record(text, path, warnings, names)
    except Refused:
        warnings.append(Diagnostic(path, None, refused))
        return []
