"""RIS text -> one ReadingList: ``TY`` ... ``ER`` records become snippets (pure)."""

from __future__ import annotations

import re

from paperlist.match.normalize import clean_doi, doi_url
from paperlist.model import Diagnostic, ReadingList, Record
from paperlist.readers.records import (
    bom_length,
    lines_of,
    list_from_records,
    shared,
    stand_in,
    text_lines,
)

_TAG_RE = re.compile(r"^([A-Z][A-Z0-9])  ?-(?: (.*)|\s*)$")
# Authors only: A2 and ED are editors (in Ovid exports, the cited authors), A3 series editors, A4 translators.
TITLE, ABSTRACT = ("TI", "T1", "CT", "BT"), ("AB", "N2")
# Y1 is the old tag of the date that DA now holds: DA wins where a file has both.
YEAR, VENUE = ("PY", "DA", "Y1"), ("JO", "JF", "T2", "JA", "J2")
_ALIASES = {"A1": "AU"}  # the same field under its old tag: kept with the other's values, in the file's order


_ONE_A_LINE = frozenset({"KW", "AU", "A2", "A3", "A4"})  # tags whose lines without a tag are more values
CONTINUED = "\x00"  # marks a wrapped line of the value before it; joined once per record, never repeatedly


def _joined(values: list[str]) -> list[str]:
    """A field's values with their wrapped lines joined: linear however many lines an abstract has."""
    out: list[list[str]] = []
    for value in values:
        if value.startswith(CONTINUED) and out:
            out[-1].append(value[1:])
        else:
            out.append([value.removeprefix(CONTINUED)])
    return [" ".join(parts).strip() for parts in out]


def _first(fields: dict[str, list[str]], tags: tuple[str, ...]) -> str | None:
    return next((fields[t][0] for t in tags if fields.get(t) and fields[t][0]), None)


def _record(fields: dict[str, list[str]]) -> tuple[str | None, Record]:
    fields = {tag: _joined(values) for tag, values in fields.items()}
    title, abstract = _first(fields, TITLE), _first(fields, ABSTRACT)
    year = _first(fields, YEAR)
    match = re.search(r"\d{4}", year or "")
    if match and match.group(0) == "0000":  # Scopus's year of a record without one
        match = None
    authors = [a for a in fields.get("AU", []) if a]  # A1's values too (_ALIASES)
    doi = clean_doi(_first(fields, ("DO",)))
    url = _first(fields, ("UR", "L2")) or (doi_url(doi) if doi else None)
    start, end = _first(fields, ("SP",)), _first(fields, ("EP",))
    pages = f"{start}-{end}" if start and end and start != end else start
    # A large export repeats a few years, journals and types over its records: each is kept once.
    venue, kind = _first(fields, VENUE), _first(fields, ("TY",))
    record = Record(title, "; ".join(authors) or None, shared(match.group(0)) if match else None, shared(venue),
                    doi, url, None, title_only=abstract is None, volume=_first(fields, ("VL",)),
                    issue=_first(fields, ("IS",)), pages=pages, source_id=_first(fields, ("ID",)), kind=shared(kind),
                    keywords="; ".join(k for k in fields.get("KW", []) if k) or None)
    return abstract or title, record


def parse_ris(text: str, path: str) -> ReadingList:
    """Records from ``TY`` to ``ER``; a record missing its ``ER`` ends at the next ``TY`` with a warning.

    Lines without a tag continue the field before them (wrapped abstracts).
    """
    records: list[tuple[int, str, Record]] = []
    warnings: list[Diagnostic] = []
    fields: dict[str, list[str]] | None = None
    start = last = 0
    key = "TY"  # the tag of the last tagged line, which untagged lines continue

    def finish(line: int, closed: bool) -> None:
        if fields is None:
            return
        if not closed:
            warnings.append(Diagnostic(path, start, "record without ER (end of record)"))
        snippet_text, record = _record(fields)
        if not snippet_text:
            snippet_text, how = stand_in(record, record.source_id)
            warnings.append(Diagnostic(path, start, f"record has no title or abstract; {how}" if snippet_text else
                                       "record has no title, abstract, container title, authors, DOI or id; skipped"))
        if snippet_text:
            records.append((start, snippet_text, record))

    for number, raw in enumerate(lines_of(text), 1):
        line = raw.rstrip()
        match = _TAG_RE.match(line)
        if match:
            tag, value = match.group(1), (match.group(2) or "").strip()
            tag = _ALIASES.get(tag, tag)
            key = tag
            if tag == "TY":
                finish(number, closed=False)
                fields, start = {"TY": [value]}, number
            elif tag == "ER":
                finish(number, closed=True)
                fields = None
            elif fields is not None:
                fields.setdefault(tag, []).append(value)
                last = number
            else:
                warnings.append(Diagnostic(path, number, f"'{tag}' line outside a record (no TY before it)"))
        elif line.strip() and fields is not None and key in fields:
            # EndNote writes one keyword (or name) a line under a single KW (or AU): each is a value of its own.
            fields[key].append(line.strip() if key in _ONE_A_LINE else CONTINUED + line.strip())
    finish(last, closed=False)
    return list_from_records(records, path, None, "ris", warnings)


def record_spans(text: str) -> dict[int, tuple[int, int]]:
    """Where each record lies in ``text``, by the line ``parse_ris`` reports for it (its ``TY``):
    ``text[start:end]``, from its ``TY`` line to its ``ER`` line, or up to the next ``TY`` when it has none."""
    spans: dict[int, tuple[int, int]] = {}
    offset = bom_length(text)
    opened: tuple[int, int] | None = None  # (line, start) of the record being read
    for number, raw in enumerate(text_lines(text, offset), 1):
        match = _TAG_RE.match(raw.rstrip())
        if match and match.group(1) == "TY":
            if opened is not None:
                spans[opened[0]] = (opened[1], offset)
            opened = (number, offset)
        offset += len(raw)
        if match and match.group(1) == "ER" and opened is not None:
            spans[opened[0]] = (opened[1], offset)
            opened = None
    if opened is not None:
        spans[opened[0]] = (opened[1], offset)
    return spans
