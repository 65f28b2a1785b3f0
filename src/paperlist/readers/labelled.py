"""A labelled screening set (CSV, TSV, JSON Lines or RIS with an inclusion label per record) -> ids, texts and
labels, for ``simulate`` (pure)."""

from __future__ import annotations

import csv
import json
import re
from typing import NamedTuple

from paperlist.readers.records import lines_of
from paperlist.readers.table import COLUMNS, _columns, csv_rows

# The label's usual names: ASReview's, then the common spellings of screening exports.
LABEL_COLUMNS = ("label_included", "included", "label", "relevant", "inclusion", "final_label")
ID_COLUMNS = ("record_id", "id")
KEYWORD_COLUMNS = ("keywords", "author keywords", "index keywords", "de", "kw")
TRUE_VALUES = frozenset({"1", "yes", "y", "true", "included", "include", "relevant"})
FALSE_VALUES = frozenset({"0", "-1", "no", "n", "false", "excluded", "exclude", "irrelevant"})
# ASReview writes its decisions into RIS notes.
RIS_NOTES = {"asreview_relevant": True, "asreview_irrelevant": False}
RIS_FIELDS = {"title": ("TI", "T1"), "abstract": ("AB", "N2"), "venue": ("T2", "JO", "JF")}
_RIS_LINE_RE = re.compile(r"^([A-Z][A-Z0-9])  -(?: (.*))?$")


class LabelledError(ValueError):
    """The file cannot be replayed; the message names the file and, where it helps, the line."""


class Labelled(NamedTuple):
    """Each record's id (its id column, else its number in the file), the parts of it the model reads (title,
    abstract or snippet, keywords, venue), and whether it was included."""

    ids: tuple[str, ...]
    parts: tuple[tuple[str, str, str, str], ...]
    labels: tuple[bool, ...]
    label: str  # the column or field the labels came from


def label_value(value: str) -> bool | None:
    """A label cell as included (True), excluded (False), or None when it says neither."""
    value = value.strip().casefold()
    return True if value in TRUE_VALUES else False if value in FALSE_VALUES else None


def _label_index(names: list[str], label: str | None, path: str) -> int:
    wanted = (label.casefold(),) if label else LABEL_COLUMNS
    for name in wanted:
        if name in names:
            return names.index(name)
    if label:
        raise LabelledError(f"{path}:1: no column named {label!r} (the header has: {', '.join(names)[:200]})")
    raise LabelledError(f"{path}:1: no label column ({', '.join(LABEL_COLUMNS)}); name it with --label COLUMN")


def _finish(path: str, ids: list[str], texts: list[tuple[str, str, str, str]], labels: list[bool], label: str) -> Labelled:
    seen: set[str] = set()
    for record_id in ids:
        if record_id in seen:
            raise LabelledError(f"{path}: record id {record_id!r} is given twice; ids must be unique")
        seen.add(record_id)
    if True not in labels or False not in labels:
        which = "included" if True not in labels else "excluded"
        raise LabelledError(f"{path}: no record is labelled {which}; a simulation needs both")
    return Labelled(tuple(ids), tuple(texts), tuple(labels), label)


def _cell_label(value: str, path: str, line: int, label: str) -> bool:
    decided = label_value(value)
    if decided is None:
        shown = value.strip()[:40]
        raise LabelledError(f"{path}:{line}: label {shown!r} in column {label!r} is not one of 1/0, yes/no, "
                            "true/false, included/excluded")
    return decided


def parse_labelled_table(text: str, path: str, label: str | None = None, delimiter: str = ",") -> Labelled:
    """A CSV or TSV file with a header: title/abstract columns as ``paperlist`` reads them, a label column."""
    reader = csv_rows(text, delimiter)
    header = next(reader, None)
    if header is None:
        raise LabelledError(f"{path}: empty file")
    names = [h.strip().lstrip("\ufeff").casefold() for h in header]
    columns = _columns(header)
    if not {"title", "abstract", "text"} & set(columns):
        raise LabelledError(f"{path}:1: no title, abstract or text column in the header")
    at = _label_index(names, label, path)
    id_at = next((names.index(n) for n in ID_COLUMNS if n in names), None)
    keywords_at = next((names.index(n) for n in KEYWORD_COLUMNS if n in names), None)
    places = (columns.get("title"), columns.get("text", columns.get("abstract")), keywords_at, columns.get("venue"))
    ids: list[str] = []
    texts: list[tuple[str, str, str, str]] = []
    labels: list[bool] = []
    try:
        line = reader.line_num + 1
        for row in reader:
            start, line = line, reader.line_num + 1
            if not any(cell.strip() for cell in row):
                continue
            cell = row[at] if at < len(row) else ""
            labels.append(_cell_label(cell, path, start, names[at]))
            given = row[id_at].strip() if id_at is not None and id_at < len(row) else ""
            ids.append(given or str(len(ids) + 1))
            texts.append(tuple(row[i].strip() if i is not None and i < len(row) else "" for i in places))
    except csv.Error as exc:
        raise LabelledError(f"{path}:{reader.line_num}: {exc}") from None
    return _finish(path, ids, texts, labels, names[at])


def parse_labelled_jsonl(text: str, path: str, label: str | None = None) -> Labelled:
    """One JSON object a line, with the same key names as a table's columns."""
    ids: list[str] = []
    texts: list[tuple[str, str, str, str]] = []
    labels: list[bool] = []
    key = None
    # A line feed ends a record, as in the table reader: a raw U+2028 inside a string is no line end.
    for number, line in enumerate(text.removeprefix("\ufeff").split("\n"), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError as exc:
            raise LabelledError(f"{path}:{number}: not JSON ({exc.args[0][:60]})") from None
        if not isinstance(row, dict):
            raise LabelledError(f"{path}:{number}: expected a JSON object")
        fields = {str(k).casefold(): v for k, v in row.items()}
        if key is None:
            key = next((n for n in ((label.casefold(),) if label else LABEL_COLUMNS) if n in fields), None)
            if key is None:
                raise LabelledError(f"{path}:{number}: no {label!r} key" if label else
                                    f"{path}:{number}: no label key ({', '.join(LABEL_COLUMNS)}); name it with --label")
        value = fields.get(key)
        value = "" if value is None else str(int(value) if isinstance(value, bool) else value)
        labels.append(_cell_label(value, path, number, key))
        given = next((str(fields[n]) for n in ID_COLUMNS if fields.get(n) not in (None, "")), "")
        ids.append(given or str(len(ids) + 1))
        text_of = {f: next((str(fields[a]) for a in COLUMNS[f] if fields.get(a)), "")
                   for f in ("title", "text", "abstract", "venue")}
        keywords = next((fields[k] for k in KEYWORD_COLUMNS if fields.get(k)), "")
        keywords = "; ".join(map(str, keywords)) if isinstance(keywords, list) else str(keywords)
        texts.append((text_of["title"], text_of["text"] or text_of["abstract"], keywords, text_of["venue"]))
    if key is None:
        raise LabelledError(f"{path}: empty file")
    return _finish(path, ids, texts, labels, key)


def parse_labelled_ris(text: str, path: str, label: str | None = None) -> Labelled:
    """RIS records labelled by ASReview's notes (N1 ASReview_relevant / ASReview_irrelevant) or by the field
    ``label`` names (for instance LB) holding 1/0, yes/no, true/false."""
    tag = label.upper() if label else None
    ids: list[str] = []
    texts: list[tuple[str, str, str, str]] = []
    labels: list[bool] = []
    fields: dict[str, list[str]] = {}
    start, last = 0, ""
    for number, line in enumerate(lines_of(text), 1):
        match = _RIS_LINE_RE.match(line.rstrip())
        if not match:
            if last and line.strip():
                fields[last][-1] += " " + line.strip()
            continue
        last, value = match.group(1), (match.group(2) or "").strip()
        if last == "TY":
            fields, start = {}, number
        if last != "ER":
            fields.setdefault(last, []).append(value)
            continue
        if tag:
            values = fields.get(tag, [])
            if not values:
                raise LabelledError(f"{path}:{start}: record has no {tag} field")
            labels.append(_cell_label(values[0], path, start, tag))
        else:
            notes = [RIS_NOTES[n.casefold()] for n in fields.get("N1", []) if n.casefold() in RIS_NOTES]
            if not notes:
                raise LabelledError(f"{path}:{start}: record has no ASReview_relevant or ASReview_irrelevant note; "
                                    "name the label field with --label TAG")
            labels.append(notes[0])
        ids.append(next(iter(fields.get("ID", [])), "") or str(len(ids) + 1))
        first = {f: next((fields[t][0] for t in tags if fields.get(t)), "") for f, tags in RIS_FIELDS.items()}
        texts.append((first["title"], first["abstract"], "; ".join(fields.get("KW", [])), first["venue"]))
        fields, last = {}, ""
    if not ids:
        raise LabelledError(f"{path}: no RIS records (TY  - ... ER  -)")
    return _finish(path, ids, texts, labels, tag or "N1")


def parse_labelled(text: str, path: str, label: str | None = None) -> Labelled:
    """A labelled set in whichever of CSV, TSV, JSON Lines or RIS the text is."""
    head = text.lstrip("\ufeff \t\r\n")[:2000]
    if head.startswith("{"):
        return parse_labelled_jsonl(text, path, label)
    if re.search(r"(?m)^TY  - ", head):
        return parse_labelled_ris(text, path, label)
    return parse_labelled_table(text, path, label, "\t" if path.endswith((".tsv", ".tab")) else ",")
