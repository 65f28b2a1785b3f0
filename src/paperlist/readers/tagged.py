"""Tagged-line exports (Web of Science plain text, PubMed/MEDLINE) -> records of tag -> values (pure).

Both write one field per line behind a short tag, continue a field on indented lines, and separate records:
Web of Science ends each with ``ER``, MEDLINE starts each with ``PMID-`` after a blank line.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from paperlist.readers.records import bom_length, lines_of, text_lines

Fields = dict[str, list[str]]


def tagged_records(text: str, tag_re: re.Pattern[str], starts: str | None, ends: str | None,
                   separate_values: frozenset[str] = frozenset(),
                   problems: list[tuple[int, str]] | None = None, stops: str | None = None,
                   opens: re.Pattern[str] | None = None) -> Iterator[tuple[int, Fields]]:
    """``(line, fields)`` for every record: a tagged line opens a field, any other line continues the last one
    (as a new value for the tags in ``separate_values``, one author a line, else joined by a space); wrapped lines
    should be indented, and those that are not are said once.
    A record ends at ``ends``, or (without ``ends``) where the next ``starts`` or the first tag after a blank line
    comes (ERIC's and other NLM-style records open with OWN or TI, not PMID), or at a line matching ``opens`` (Ovid's
    "<1. >", then the record's line), or where the text ends."""
    fields: Fields = {}
    pending: dict[tuple[str, int], list[str]] = {}  # wrapped lines, joined once per record (linear)
    start = 0
    opened: int | None = None  # the ``opens`` line of the record to come
    last: str | None = None
    after_blank = False
    unindented: list[int] = []
    said = problems if problems is not None else []
    # Any line end: Windows tools write CR LF, old Mac ones CR alone.
    for number, line in enumerate(lines_of(text), 1):
        if opens is not None and opens.match(line):
            if fields:
                yield start, _join(fields, pending)
            fields, pending, last, opened = {}, {}, None, number
            continue
        match = tag_re.match(line)
        if match:
            tag, value = match.group(1).strip(), match.group(2).strip()
            if tag == stops:  # the end of the file (Web of Science's EF)
                break
            if tag == ends:
                if fields:
                    yield start, _join(fields, pending)
                fields, pending, last = {}, {}, None
                continue
            if fields and (tag == starts or (after_blank and ends is None)):
                yield start, _join(fields, pending)
                fields, pending = {}, {}
            after_blank = False
            if not fields:
                start, opened = opened or number, None
            fields.setdefault(tag, []).append(value)
            last = tag
        elif line.strip() and last is not None:  # a wrapped value goes on
            if line[:1] not in (" ", "\t"):
                # Some exports (BIOSIS through Web of Knowledge) lose the indent of wrapped lines: the text is
                # kept, and said once, since a stray line is read into the field too.
                unindented.append(number)
            value = line.strip()
            if last in separate_values:
                fields[last].append(value)
            else:
                pending.setdefault((last, len(fields[last]) - 1), []).append(value)
        elif not line.strip():
            if starts is not None and ends is None:
                last = None  # a blank line ends a field, and the record: the next tag opens another
                after_blank = True
        else:
            said.append((number, f"line not read: no field tag, and not a field's continuation: {line[:40]!r}"))
    if unindented:
        lines = f"{len(unindented)} lines" if len(unindented) > 1 else "a line"
        message = f"{lines} without a field tag or an indent (the first here) read as continuing the field before"
        said.append((unindented[0], message))
    if fields:
        if ends is not None:
            said.append((start, f"record without {ends} at the end of the file (cut short?); read as it is"))
        yield start, _join(fields, pending)


def _join(fields: Fields, pending: dict[tuple[str, int], list[str]]) -> Fields:
    for (tag, n), lines in pending.items():
        fields[tag][n] = " ".join([fields[tag][n], *lines]).strip()
    return fields


def first(fields: Fields, *tags: str) -> str | None:
    """The first non-empty value of the first tag present."""
    return next((v for t in tags for v in fields.get(t, []) if v), None)


def tagged_spans(text: str, tag_re: re.Pattern[str], starts: str | None, ends: str | None,
                 opens: re.Pattern[str] | None = None, stops: str | None = None) -> dict[int, tuple[int, int]]:
    """Where each record of ``tagged_records`` lies in ``text``, by the line it reports: ``text[start:end]``, from
    that line (its ``opens`` line, where the format has one) up to the next record's, the last one up to the
    ``stops`` line (Web of Science's EF) or the end of the text. The records are the reader's own, so the copy cuts
    out exactly what it read."""
    firsts = [line for line, _ in tagged_records(text, tag_re, starts, ends, problems=[], stops=stops, opens=opens)]
    offsets: list[int] = []  # where each line starts
    end = len(text)
    at = bom_length(text)
    for raw in text_lines(text, at):
        offsets.append(at)
        if stops is not None and end == len(text) and (match := tag_re.match(raw.rstrip("\r\n"))) \
                and match.group(1).strip() == stops:
            end = at
        at += len(raw)
    offsets.append(len(text))
    return {line: (offsets[line - 1], offsets[firsts[n + 1] - 1] if n + 1 < len(firsts) else end)
            for n, line in enumerate(firsts)}
