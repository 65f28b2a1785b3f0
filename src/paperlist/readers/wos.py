"""Web of Science plain text (``FN``/``VR``/``PT``/``AU``/``TI``/``SO``/``AB``/``DI``/``ER``) -> one ReadingList (pure)."""

from __future__ import annotations

import re

from paperlist.match.normalize import clean_doi, doi_url
from paperlist.model import Diagnostic, ReadingList, Record
from paperlist.readers.records import list_from_records
from paperlist.readers.tagged import first, tagged_records, tagged_spans

_TAG_RE = re.compile(r"^([A-Z][A-Z0-9]) ?(.*)$")
_HEAD_TAGS = frozenset({"FN", "VR", "EF"})  # the file's own header and end, no record's


def _keywords(fields: dict[str, list[str]]) -> str | None:
    """The author keywords (``DE``, "; "-separated and wrapped over lines)."""
    words = [w.strip() for value in fields.get("DE", []) for w in value.split(";")]
    return "; ".join(w for w in words if w) or None


def parse_wos(text: str, path: str) -> ReadingList:
    """Every record from ``PT`` to ``ER`` with a title or an abstract; authors from ``AF`` (full names) or ``AU``,
    one a line."""
    records = []
    warnings: list[Diagnostic] = []
    problems: list[tuple[int, str]] = []
    for line, fields in tagged_records(text, _TAG_RE, "PT", "ER", frozenset({"AU", "AF"}),
                                       problems, stops="EF"):
        fields = {tag: values for tag, values in fields.items() if tag not in _HEAD_TAGS}
        if not fields:
            continue
        title, abstract = first(fields, "TI"), first(fields, "AB")
        if not (title or abstract):
            warnings.append(Diagnostic(path, line, "record has no title or abstract; skipped"))
            continue
        authors = fields.get("AF") or fields.get("AU") or []
        start, end = first(fields, "BP"), first(fields, "EP")
        doi = clean_doi(first(fields, "DI"))
        record = Record(title, "; ".join(authors) or None, first(fields, "PY"), first(fields, "SO"), doi,
                        doi_url(doi) if doi else None, None, title_only=abstract is None,
                        volume=first(fields, "VL"), issue=first(fields, "IS"),
                        pages=f"{start}-{end}" if start and end else start or first(fields, "PS", "AR"),
                        source_id=first(fields, "UT"), kind=first(fields, "DT"), keywords=_keywords(fields))
        records.append((line, abstract or title, record))
    warnings += [Diagnostic(path, line, message) for line, message in problems]
    warnings.sort(key=lambda w: w.line or 0)
    return list_from_records(records, path, None, "wos", warnings)


def record_spans(text: str, header_end: int) -> dict[int, tuple[int, int]]:
    """Where each record lies in ``text`` (from its ``PT`` line, up to the next, the last up to ``EF``), by the
    line ``parse_wos`` reports for it; the file's header, up to ``header_end`` (``header_and_end``), is none."""
    return {line: span for line, span in tagged_spans(text, _TAG_RE, "PT", "ER", stops="EF").items()
            if span[0] >= header_end}


_FIRST_RECORD_RE = re.compile(r"^PT ", re.MULTILINE)
_END_RE = re.compile(r"^EF[ \t]*$", re.MULTILINE)


def header_and_end(text: str) -> tuple[int, int]:
    """Where the file's header (``FN``, ``VR``) ends and its ``EF`` line starts (the text's length without one):
    a copy that joins files keeps the first header and the last ``EF`` only."""
    first = _FIRST_RECORD_RE.search(text)
    ends = list(_END_RE.finditer(text))
    return (first.start() if first else 0), (ends[-1].start() if ends else len(text))
