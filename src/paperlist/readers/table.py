"""CSV, TSV and JSON Lines exports -> ReadingLists, one per list or seed column value (pure)."""

from __future__ import annotations

import csv
import itertools
import json
import re
from array import array
from collections.abc import Collection, Iterable, Iterator
from typing import Any

from paperlist.match.normalize import (
    clean_doi,
    collapse_whitespace,
    undo_visible_escapes,
)
from paperlist.model import Diagnostic, ReadingList, Record
from paperlist.readers.records import (
    LineNumbers,
    bom_length,
    first_line,
    list_from_records,
    shared,
    text_lines,
)

# Header names, matched case-insensitively, first match wins: paperlist's own, then Zotero, Scopus and Web of
# Science, then Springer, OpenAlex, Lens, IEEE Xplore, Dimensions, Semantic Scholar, PubMed, Covidence and Publish or
# Perish (docs/input.md lists them).
COLUMNS: dict[str, tuple[str, ...]] = {
    "text": ("text", "snippet"),
    "title": ("title", "article title", "document title", "primary title", "ti", "item title", "display_name"),
    "abstract": ("abstract", "abstract note", "ab", "summary"),
    "authors": ("authors", "author", "author full names", "author names", "au", "af", "first_authors", "author/s",
                "authorships.author.display_name", "authors.name"),
    "year": ("year", "publication year", "publication_year", "py", "date", "pubyear", "publication_date",
             "published year"),
    "venue": ("source title", "publication title", "journal", "venue", "so", "primary_location.source.display_name",
              "book series title", "journal/book", "container-title", "publication"),
    "volume": ("volume", "vl", "journal volume"),
    "issue": ("issue", "number", "is", "journal issue", "issue number"),
    "pages": ("pages", "page", "pp", "pagination", "ps"),  # PS: Zoological Record's and BIOSIS's page span
    "page_start": ("page start", "start page", "bp", "startpage"),
    "page_end": ("page end", "end page", "ep", "endpage"),
    "doi": ("doi", "di", "item doi", "externalids.doi"),
    "url": ("url", "link", "pdf link", "dimensions url", "articleurl", "article_url"),
    "list": ("path", "list"),
    "seed": ("seed_title", "seed", "seed title"),
    "line": ("line",),
    "title_only": ("title_only",),
    "scholar_id": ("scholar_id",),
    # The record's own id: paperlist's export, then ASReview/BibDedupe sets, Zotero, Scopus, Web of Science, PubMed,
    # Lens, IEEE Xplore, Dimensions and Semantic Scholar.
    "source_id": ("source_id", "id", "record_id", "key", "eid", "ut (unique wos id)", "ut", "pmid", "lens id",
                  "publication id", "paperid"),
    # IEEE Xplore's Document Identifier is its collection ("IEEE Conferences", "IEEE Journals"), not an id.
    "kind": ("kind", "entrytype", "document type", "item type", "dt", "type", "publication type", "content type",
             "document identifier"),
    "keywords": ("keywords", "author keywords", "manual tags", "de"),
}


MAX_ROW_LINES = 200  # no export wraps one record over more lines: past this a quote was left open


def csv_rows(text: str, delimiter: str) -> Any:
    """A csv reader over the text's lines (after a byte order mark) with the text's own delimiter. A field may be
    as long as the text: the csv module's default limit (131,072 characters) cut a Zotero export at the first
    long note, and lost every row after it; the file's size cap is the bound."""
    if csv.field_size_limit() < len(text):
        csv.field_size_limit(len(text))
    return csv.reader(text_lines(text), delimiter=_delimiter(text, delimiter))


def _columns(header: list[str]) -> dict[str, int]:
    """Each field's best column (see ``_all_columns``)."""
    return {field: found[0] for field, found in _all_columns(header).items()}


def _all_columns(header: list[str]) -> dict[str, list[int]]:
    """Every column each field could come from, best first: a row whose first is empty takes the next (OpenAlex
    writes both title and display_name, and leaves either empty)."""
    names = [h.strip().lstrip("\ufeff").casefold() for h in header]
    found = {field: at for field, aliases in COLUMNS.items()
             if (at := [names.index(alias) for alias in aliases if alias in names])}
    # Publish or Perish (told by its Google Scholar rank) names the venue Source, the word paperlist's own export
    # uses for the format a record was read from.
    if "gsrank" in names and "source" in names:
        found.setdefault("venue", []).append(names.index("source"))
    # Embase (told by its Emtree columns) writes a whole citation there: _citation reads it.
    elif "source" in names and any(name.startswith("emtree") for name in names):
        found["citation"] = [names.index("source")]
    # PubMed's CSV (told by its PMID and Citation columns) gives volume, issue and pages only in the citation.
    if "citation" in names and "pmid" in names:
        found["pubmed_citation"] = [names.index("citation")]
    # Springer Link (told by Item Title and Content Type) runs its authors together: "Araz R. AlievNigar T. Ismayilova".
    if "item title" in names and "content type" in names and "authors" in found:
        found["run_together_authors"] = found.pop("authors")
    return found


# Where one Springer author's name ends and the next begins: a lower-case letter against a capital, unless the
# part before is a family-name prefix that takes a capital after it (McDonald, MacKay, DeWitt, LeCun, VanDyke).
_RUN_TOGETHER_RE = re.compile(r"(?<=[^\W\d_])(?<!\bMc)(?<!\bMac)(?<!\bDe)(?<!\bDi)(?<!\bDa)(?<!\bDu)(?<!\bLe)"
                              r"(?<!\bLa)(?<!\bVan)(?<!\bVon)(?<!\bFitz)(?=[^\W\d_])")
_HONORIFIC_RE = re.compile(r"^(?:(?:Prof|Dr|Professor|Assoc\. Prof|Asst\. Prof)\.?\s+)+")


def _split_run_together(cell: str) -> str:
    """Springer's run-together authors as a "; "-joined list; a cell that already has separators is left alone."""
    if not cell or ";" in cell or "," in cell:
        return cell
    starts = [0] + [m.start() for m in _RUN_TOGETHER_RE.finditer(cell)
                    if cell[m.start() - 1].islower() and cell[m.start()].isupper()] + [len(cell)]
    names = (_HONORIFIC_RE.sub("", cell[a:b].strip()) for a, b in itertools.pairwise(starts))
    return "; ".join(name for name in names if name)


def _keywords(cell: str) -> str | None:
    """Keywords "; "-joined as paperlist keeps them: IEEE Xplore writes "a;b", Scopus and Zotero "a; b"."""
    return "; ".join(word for word in map(str.strip, cell.split(";")) if word) or None


# Embase's Source: "Cancer (2004) 102:4 (253-258). Date of Publication: 25 Aug 2004".
_CITATION_RE = re.compile(r"^(?P<venue>.+?) \((?P<year>\d{4})\)(?: (?P<volume>[^\s:(]+)(?::(?P<issue>[^\s(]+))?)?"
                          r"(?: \((?P<pages>[^()]+)\))?(?:\.|$)")


# PubMed's Citation: "Nature. 2021 Dec 21;1(2):10-11. doi: 10.1111/nature1111."
_PUBMED_CITATION_RE = re.compile(r"^(?P<venue>[^.]+)\. (?P<year>\d{4})[^;:.]*(?:;(?P<volume>[^(:;.]+)?"
                                 r"(?:\((?P<issue>[^)]+)\))?)?(?::(?P<pages>[^.;\s]+))?\.")


def _citation(row: dict[str, str], key: str = "citation", pattern: re.Pattern[str] = _CITATION_RE) -> dict[str, str]:
    """The row with the journal, year, volume, issue and pages of its citation column (Embase's, PubMed's) where
    it has no column of their own."""
    match = pattern.match(row.get(key, ""))
    if not match:
        return row
    return {**{field: value for field, value in match.groupdict().items() if value}, **{
        field: value for field, value in row.items() if value}}


def _cell(row: list[str], at: list[int]) -> str:
    """The first non-empty of a field's columns in a row (most fields have one column)."""
    for i in at:
        if i < len(row) and (value := row[i].strip()):
            return value
    return ""


def _unguarded(value: str) -> str:
    """A cell as it was before paperlist's CSV writer wrote it: the characters it wrote as visible escapes
    (``\\u202e``) back, and without the ' it (as OWASP advises) puts before a cell a spreadsheet would run as a
    formula. Read back, the text and its fingerprint are what they were."""
    value = undo_visible_escapes(value)
    return value[1:] if value.startswith("'") and value[1:2] in ("=", "+", "-", "@", "\t", "\r") else value


def _delimiter(text: str, default: str) -> str:
    """The delimiter of a CSV export: Scopus and European Excel write ``;``, Web of Science tabs."""
    first = first_line(text)
    counts = {d: first.count(d) for d in (",", ";", "\t")}
    best = max(counts, key=lambda d: (counts[d], d == default))
    return best if counts[best] else default


def _pages(row: dict[str, str]) -> str | None:
    """A pages column, or a start and an end page (Scopus, Web of Science)."""
    if row.get("pages"):
        return row["pages"]
    start, end = row.get("page_start") or "", row.get("page_end") or ""
    return f"{start}-{end}" if start and end and start != end else start or end or None


def _rows_to_lists(rows: Iterable[tuple[int, dict[str, str]]], path: str, source: str,
                   warnings: list[Diagnostic]) -> list[ReadingList]:
    """Group rows by their list (or seed) column; each group keeps its first-seen order."""
    groups: dict[str, tuple[str | None, list[tuple[int, str, Record]]]] = {}
    for number, row in rows:
        if "citation" in row:
            row = _citation(row)
        elif "pubmed_citation" in row:
            row = _citation(row, "pubmed_citation", _PUBMED_CITATION_RE)
        if "run_together_authors" in row:
            row["authors"] = _split_run_together(row.pop("run_together_authors"))
        title, abstract, text = row.get("title") or None, row.get("abstract") or None, row.get("text") or None
        body = text or abstract or title
        if not body:
            warnings.append(Diagnostic(path, number, "row has no text, abstract or title; skipped"))
            continue
        line = _line(row, number)
        record = Record(collapse_whitespace(title) if title else None, row.get("authors") or None,
                        shared((row.get("year") or "")[:4]),
                        shared(row.get("venue")), clean_doi(row.get("doi")), row.get("url") or None,
                        row.get("scholar_id") or None,
                        title_only=row.get("title_only", "").lower() == "true" if "title_only" in row else body is title,
                        volume=row.get("volume") or None, issue=row.get("issue") or None, pages=_pages(row),
                        source_id=row.get("source_id") or None, kind=shared(row.get("kind")),
                        keywords=_keywords(row.get("keywords") or ""))
        if record == Record():
            record = None
        key = ("list", row["list"]) if row.get("list") else ("seed", row["seed"]) if row.get("seed") else ("", "")
        groups.setdefault(key, (row.get("seed") or None, []))[1].append((line, body, record))
    if not groups:
        return [list_from_records([], path, None, source, warnings)]
    lists = []
    by_seed = sum(kind == "seed" for kind, _ in groups)
    for n, ((kind, value), (seed, records)) in enumerate(groups.items()):
        # A list column names the list (paperlist's own export reads back to its lists);
        # lists told apart only by their seed title are numbered within the file.
        list_path = value if kind == "list" else f"{path}#{n + 1}" if kind == "seed" and by_seed > 1 else path
        lists.append(list_from_records(records, list_path, seed, source, warnings if n == 0 else []))
    return lists


def _table(text: str, delimiter: str, path: str, warnings: list[Diagnostic], fields: Collection[str] | None = None,
           ) -> tuple[dict[str, list[int]] | None, Iterator[tuple[int, int, dict[str, str]]], int]:
    """The recognised columns (None for a header without a title, abstract or text column), every non-blank row
    as ``(first line, last line, values)`` and the header's last line. ``fields``: the only values wanted. The
    rows are read as they are taken (their warnings too): all at once, they would weigh more than the file."""
    reader = csv_rows(text, delimiter)
    try:
        header = next(reader, None)
    except csv.Error as exc:
        warnings.append(Diagnostic(path, reader.line_num, f"broken CSV: {exc}; the rest is skipped"))
        return None, iter(()), 0
    if header is None:
        warnings.append(Diagnostic(path, None, "empty file"))
        return None, iter(()), 0
    columns = _all_columns(header)
    if not {"text", "title", "abstract"} & set(columns):
        warnings.append(Diagnostic(path, 1, "no title, abstract or text column in the header; skipped"))
        return None, iter(()), reader.line_num
    wanted = columns if fields is None else {field: at for field, at in columns.items() if field in fields}
    return columns, _rows(reader, wanted, len(header), path, warnings), reader.line_num


def _rows(reader: Any, columns: dict[str, list[int]], width: int, path: str,
          warnings: list[Diagnostic]) -> Iterator[tuple[int, int, dict[str, str]]]:
    start = reader.line_num + 1
    wide: list[int] = []  # rows with more filled cells than the header has names: their columns may have shifted
    try:
        for row in reader:
            if reader.line_num - start >= MAX_ROW_LINES:
                warnings.append(Diagnostic(path, start, f"a quoted field runs over {reader.line_num - start + 1} "
                                                        "lines (an unclosed quote?); this row and the rest are skipped"))
                return
            row_start, start = start, reader.line_num + 1
            if not any(cell.strip() for cell in row):
                continue
            if len(row) > width and any(cell.strip() for cell in row[width:]):
                wide.append(row_start)
            yield row_start, reader.line_num, {field: _unguarded(_cell(row, at)) for field, at in columns.items()}
    except csv.Error as exc:
        warnings.append(Diagnostic(path, reader.line_num, f"broken CSV: {exc}; the rest is skipped"))
    finally:
        if wide:
            rows = "this row has" if len(wide) == 1 else f"{len(wide)} rows, the first here, have"
            warnings.append(Diagnostic(path, wide[0], f"{rows} more cells than the header's {width} names: values "
                                                      "may be in the wrong columns"))


def _line(row: dict[str, str], number: int) -> int:
    """The line a row's snippet reports: its ``line`` column (paperlist's own export) or where it starts."""
    given = row.get("line", "")
    return int(given) if given.isascii() and given.isdigit() and len(given) <= 9 else number


def parse_table(text: str, path: str, delimiter: str = ",") -> list[ReadingList]:
    """A CSV or TSV export with a header row; columns are recognised by name (COLUMNS)."""
    warnings: list[Diagnostic] = []
    columns, rows, _ = _table(text, delimiter, path, warnings)
    if columns is None:
        return [list_from_records([], path, None, "csv", warnings)]
    return _rows_to_lists(((first, values) for first, _, values in rows), path, "csv", warnings)


def row_spans(text: str, delimiter: str = ",") -> tuple[int, dict[int, tuple[int, int]]]:
    """Where the header ends in ``text`` and where each row lies, by the line its snippet reports:
    ``text[start:end]``, the row as written (with its line end)."""
    _, rows, header_end = _table(text, delimiter, "", [], fields=("line",))
    # Where each line ends, as the CSV reader counts lines, kept as numbers: the lines themselves would be a second
    # copy of the file.
    offsets = array("q", itertools.accumulate(map(len, text_lines(text)), initial=bom_length(text)))
    spans = {_line(values, first): (offsets[first - 1], offsets[last]) for first, last, values in rows}
    return offsets[min(header_end, len(offsets) - 1)], spans


# Each JSON key paperlist knows -> (field, rank among that field's aliases): a record's keys are looked up once
# each, instead of every alias being tried on every record.
# Crossref's dates (objects, so no CSV column) are read as years after every other year key.
_JSON_KEYS = {alias: (field, rank) for field, aliases in COLUMNS.items() for rank, alias in enumerate(aliases)}
_JSON_KEYS |= {"published": ("year", len(COLUMNS["year"])), "issued": ("year", len(COLUMNS["year"]) + 1),
               "authorships": ("authors", len(COLUMNS["authors"]))}
# Crossref's abstracts are JATS XML: headings ("Abstract", "Background") are dropped, a paragraph or section ends
# a sentence, markup inside one is dropped.
_JATS_HEADING_RE = re.compile(r"<jats:title\b[^>]*>[^<]*</jats:title>")
_JATS_BLOCK_RE = re.compile(r"</?jats:(?:p|sec)\b[^>]*>")
_JATS_TAG_RE = re.compile(r"</?jats:[^>]*>")


def _json_value(value: object) -> str | None:
    """A JSON value as a column's text: a string, number or true/false as it is; a list (arXiv's and Semantic Scholar's
    authors, Crossref's one-item titles) as its items joined by "; ", an item being a string, a person's
    ``name`` or ``display_name``, or Crossref's ``family`` and ``given``; a date's first ``date-parts`` (Crossref's
    ``published``); anything else is no value."""
    if isinstance(value, str):
        return value.strip()
    if isinstance(value, bool):  # paperlist's own title_only
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, list):
        items = [item for item in map(_json_item, value) if item]
        return "; ".join(items) if items else None
    if isinstance(value, dict):
        parts = value.get("date-parts")
        if isinstance(parts, list) and parts and isinstance(parts[0], list) and parts[0]:
            return _json_value(parts[0][0])
    return None


def _json_item(item: object) -> str | None:
    if isinstance(item, dict):
        if isinstance(item.get("author"), dict):  # OpenAlex's authorships
            item = item["author"]
        name = item.get("name") or item.get("display_name")
        if not isinstance(name, str) and isinstance(item.get("family"), str):
            given = item.get("given")
            name = f"{item['family']}, {given}" if isinstance(given, str) and given else item["family"]
        return name.strip() if isinstance(name, str) else None
    return _json_value(item) if not isinstance(item, list) else None


def _jats_text(text: str) -> str:
    return collapse_whitespace(_JATS_TAG_RE.sub("", _JATS_BLOCK_RE.sub(" ", _JATS_HEADING_RE.sub(" ", text))))


def parse_jsonl(text: str, path: str) -> list[ReadingList]:
    """paperlist's own ``export --format jsonl``, or JSON Lines from other tools with known keys in any case
    (arXiv, Crossref, Semantic Scholar, OpenAlex): lists and dates as _json_value reads them."""
    warnings: list[Diagnostic] = []
    return _rows_to_lists(_json_rows(text, path, warnings), path, "jsonl", warnings)


def _json_rows(text: str, path: str, warnings: list[Diagnostic]) -> Iterator[tuple[int, dict[str, str]]]:
    """Each object's line and the values of its known keys, a line at a time: all lines at once would be a second
    copy of the file. Records end at a line feed (CR LF too) only: JSON from other tools may hold raw U+2028,
    U+2029 or U+0085 inside a string, which splitlines() would take for line ends."""
    start = 0
    for number in itertools.count(1):
        end = text.find("\n", start)
        line = text[start:end if end >= 0 else len(text)]
        if line.strip():
            row = _json_row(line)
            if row is None:
                warnings.append(Diagnostic(path, number, "not a JSON object; skipped"))
            else:
                yield number, row
        if end < 0:
            return
        start = end + 1


def _json_row(line: str) -> dict[str, str] | None:
    """The values of one JSON object's known keys, or None when the line holds no object."""
    try:
        record = json.loads(line)
    except (ValueError, RecursionError):
        return None
    return _object_row(record) if isinstance(record, dict) else None


# Where a JSON document keeps its records: paperlist's own export (snippets) and triage (papers), Crossref
# (message.items), OpenAlex and SerpAPI (results, organic_results), Semantic Scholar (data); or a top-level array
# (Publish or Perish).
_RECORD_LISTS = ("snippets", "papers", "items", "results", "organic_results", "data", "records", "works")
_DECODER = json.JSONDecoder()
_SPACE_RE = re.compile(r"\s*")


def parse_json(text: str, path: str) -> list[ReadingList]:
    """A JSON document of records: a top-level array of objects, or one under a known key (``_RECORD_LISTS``) of
    the top-level object or of its ``message``. Each object is read as a JSON Lines record is; its line is where it
    starts. A document broken part way keeps the records before the break and says where it is."""
    warnings: list[Diagnostic] = []
    return _rows_to_lists(_document_rows(text, path, warnings), path, "json", warnings)


def _document_rows(text: str, path: str, warnings: list[Diagnostic]) -> Iterator[tuple[int, dict[str, str]]]:
    lines = LineNumbers(text)
    at = _SPACE_RE.match(text, bom_length(text)).end()
    try:
        found = False
        for start, item in _document_items(text, at, 0):
            found = True
            row = _object_row(item) if isinstance(item, dict) else None
            if row is None:
                warnings.append(Diagnostic(path, lines.at(start), "not a JSON object; skipped"))
            else:
                yield lines.at(start), row
        if not found:
            row = _single_record(text, at)
            if row is not None:
                yield lines.at(at), row
            else:
                warnings.append(Diagnostic(path, 1, "no records in this JSON document (a top-level array, one "
                                                    f"under {', '.join(_RECORD_LISTS)}, or one record with a title)"))
    except (ValueError, RecursionError, IndexError) as exc:
        where = getattr(exc, "pos", None)
        warnings.append(Diagnostic(path, lines.at(where) if isinstance(where, int) else None,
                                   f"broken JSON: {getattr(exc, 'msg', exc)}; the rest is skipped"))


def _single_record(text: str, at: int) -> dict[str, str] | None:
    """The known values of a document that is one record (an OpenAlex or Crossref work as their APIs give one:
    Crossref's inside ``message``), when it has a title or a text; else None."""
    if not text.startswith("{", at):
        return None
    document, _ = _DECODER.raw_decode(text, at)
    if isinstance(document.get("message"), dict):
        document = document["message"]
    row = _object_row(document)
    return row if row.get("title") or row.get("text") or row.get("abstract") else None


def _document_items(text: str, at: int, depth: int) -> Iterator[tuple[int, object]]:
    """``(offset, value)`` of each item of the record array at ``at``, decoded one at a time."""
    if text.startswith("[", at):
        at = _SPACE_RE.match(text, at + 1).end()
        while not text.startswith("]", at):
            start = at
            item, at = _DECODER.raw_decode(text, at)
            yield start, item
            at = _SPACE_RE.match(text, at).end()
            if text.startswith(",", at):
                at = _SPACE_RE.match(text, at + 1).end()
            elif not text.startswith("]", at):
                raise json.JSONDecodeError("expected ',' or ']'", text, at)
    elif text.startswith("{", at) and depth < 2:
        at = _SPACE_RE.match(text, at + 1).end()
        while not text.startswith("}", at):
            key, at = _DECODER.raw_decode(text, at)
            at = _SPACE_RE.match(text, at).end()
            if not text.startswith(":", at):
                raise json.JSONDecodeError("expected ':'", text, at)
            at = _SPACE_RE.match(text, at + 1).end()
            if (key in _RECORD_LISTS and text.startswith("[", at)) or (key == "message" and text.startswith("{", at)):
                yield from _document_items(text, at, depth + 1)
                return
            _, at = _DECODER.raw_decode(text, at)
            at = _SPACE_RE.match(text, at).end()
            if text.startswith(",", at):
                at = _SPACE_RE.match(text, at + 1).end()


def _object_row(record: dict[str, Any]) -> dict[str, str]:
    """The values of one JSON object's known keys."""
    found: dict[str, tuple[int, str]] = {}
    for key, value in record.items():
        known = _JSON_KEYS.get(key) or _JSON_KEYS.get(key.lower())
        if known is not None and (known[0] not in found or known[1] < found[known[0]][0]):
            read = _json_value(value)
            if read is not None and known[0] == "abstract" and "<jats:" in read:
                read = _jats_text(read)
            if read is not None:
                found[known[0]] = (known[1], read)
    row = {field: value for field, (_, value) in found.items() if not (field in _NUMBERS and value == "0")}
    _openalex_nested(record, row)
    # Publish or Perish (told by its citation counts) names the venue "source", the key paperlist's own export
    # gives the format a record was read from.
    if "venue" not in row and "cites" in record and isinstance(record.get("source"), str):
        row["venue"] = record["source"].strip()
    return row


_NUMBERS = frozenset(("volume", "issue", "page_start", "page_end"))  # Publish or Perish writes 0 for none


def _openalex_nested(record: dict[str, Any], row: dict[str, str]) -> None:
    """What an OpenAlex work keeps in nested objects: its journal (``primary_location.source``), volume, issue and
    pages (``biblio``), and its abstract as an inverted index (each word with the positions it stands at)."""
    location = record.get("primary_location")
    source = location.get("source") if isinstance(location, dict) else None
    if "venue" not in row and isinstance(source, dict) and isinstance(source.get("display_name"), str):
        row["venue"] = source["display_name"].strip()
    biblio = record.get("biblio")
    if isinstance(biblio, dict):
        for key, field in (("volume", "volume"), ("issue", "issue"), ("first_page", "page_start"),
                           ("last_page", "page_end")):
            if field not in row and isinstance(biblio.get(key), str) and biblio[key].strip():
                row[field] = biblio[key].strip()
    index = record.get("abstract_inverted_index")
    if "abstract" not in row and isinstance(index, dict):
        placed = sorted((at, word) for word, where in index.items() if isinstance(where, list)
                        for at in where if isinstance(at, int))
        if placed:
            row["abstract"] = " ".join(word for _, word in placed)
