"""BibTeX text -> one ReadingList: entries with an abstract (or a title) become snippets (pure)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import NamedTuple

from paperlist.match.normalize import clean_doi, collapse_whitespace, doi_url
from paperlist.model import Diagnostic, ReadingList, Record
from paperlist.readers.latex import latex_to_text
from paperlist.readers.records import (
    LineNumbers,
    keep_record,
    list_from_records,
    seed_from_comment,
)

_ENTRY_RE = re.compile(r"@\s*([A-Za-z]+)\s*([{(])")
_KEY_RE = re.compile(r"\s*([^\s,={}()\"#]+)\s*")
# Any name a reference manager writes: JabRef's __markedentry, Mendeley's mendeley-tags, Zotero's x-... fields.
_NAME_RE = re.compile(r"\s*([^\s=,{}\"#()]+(?:[ \t]+[^\s=,{}\"#()]+)*)\s*")  # a space inside: "key words" (bibtexparser reads it)
_TEX_ESCAPE_RE = re.compile(r"\\([_%&#$])")
_BARE_VALUE_RE = re.compile(r"\s*(\w[\w:.+/-]*)\s*")
_NEXT_ENTRY_RE = re.compile(r"@\s*[A-Za-z]+\s*[{(]")
_NEXT_ENTRY_LINE_RE = re.compile(r"^[ \t]*@\s*[A-Za-z]+\s*[{(]", re.MULTILINE)
_NO_PAPER = ("comment", "preamble", "set", "xdata")  # biblatex's sets and data containers are no papers
_FIELD_LINE_RE = re.compile(r"[ \t]*([A-Za-z][\w.:+-]*)[ \t]*=[ \t]*(.*)")
# What changes the state of a scan for each closing character.
_SPECIAL = {close: re.compile(r"[{}\\@" + re.escape(close) + "]") for close in ("}", ")", '"')}
MAX_VALUE = 1_000_000  # characters in one field value, macros expanded: far above any real field
_DATE_YEAR_RE = re.compile(r"-?\d{1,4}")
_MONTHS = {m: m.capitalize() for m in ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct",
                                         "nov", "dec")}


class _Broken(Exception):
    """An entry that cannot be parsed; ``at`` is where reading may go on."""

    def __init__(self, message: str, at: int) -> None:
        super().__init__(message)
        self.at = at


def _braced(text: str, start: int, close: str = "}") -> tuple[str, int]:
    """The text from ``start`` (just after the opener) up to ``close`` outside nested braces, and the index after
    it: a braced value (``}``), an entry in parentheses (``)``) or a quoted value (``"``)."""
    depth, i = 0, start
    special = _SPECIAL[close]
    while (match := special.search(text, i)) is not None:
        i = match.start()
        char = text[i]
        if char == "\\":
            i += 2
            continue
        if char == "{":
            depth += 1
        elif char == "}" and depth:
            depth -= 1
        elif char == close and depth == 0:
            return text[start:i], i + 1
        elif char == "@" and _at_line_start(text, i) and _NEXT_ENTRY_RE.match(text, i):
            break  # the next entry starts a line (indented or not): this one was never closed
        i += 1
    raise _Broken("unterminated quoted value" if close == '"' else "unbalanced braces", i if match else len(text))


def _at_line_start(text: str, i: int) -> bool:
    """Whether only spaces or tabs stand between the line's start and ``i`` (a line after the first)."""
    start = text.rfind("\n", 0, i)
    return start >= 0 and not text[start + 1:i].strip(" \t")


def _value(text: str, i: int, strings: dict[str, str]) -> tuple[str, int]:
    """A field value: braced, quoted, a number or a @string name, joined with ``#``."""
    parts = []
    size = 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            raise _Broken("value expected", i)
        if text[i] == "{":
            part, i = _braced(text, i + 1)
        elif text[i] == '"':
            part, i = _braced(text, i + 1, '"')
        else:
            match = _BARE_VALUE_RE.match(text, i)
            if not match:
                raise _Broken("value expected", i)
            name = match.group(1)
            part = name if name.isdigit() else strings.get(name.lower(), _MONTHS.get(name.lower(), name))
            i = match.end()
        parts.append(part)
        size += len(part)
        if size > MAX_VALUE:  # @string macros that double each other grow without end
            raise _Broken(f"a value longer than {MAX_VALUE // 1_000_000} MB (macros that grow without end?)", i)
        while i < len(text) and text[i].isspace():
            i += 1
        if i < len(text) and text[i] == "#":
            i += 1
            continue
        return "".join(parts), i


def _fields(body: str, strings: dict[str, str], offset: int) -> dict[str, str]:
    fields: dict[str, str] = {}
    i = 0
    while i < len(body):
        while i < len(body) and (body[i].isspace() or body[i] == ","):
            i += 1
        if i >= len(body):
            break
        match = _NAME_RE.match(body, i)
        if not match or match.end() >= len(body) or body[match.end()] != "=":
            raise _Broken("expected 'name = value'", offset + i)
        value, i = _value(body, match.end() + 1, strings)
        fields[match.group(1).lower()] = value
    return fields


_AND_RE = re.compile(r"\s+and\s+|[{}]")


def _authors(value: str) -> str:
    """The names of an author field, split at its "and"s outside braces ({Centers for ... and Prevention} is one)."""
    names, depth, start = [], 0, 0
    for match in _AND_RE.finditer(value):
        token = match.group()
        if token == "{":
            depth += 1
        elif token == "}":
            depth = max(0, depth - 1)
        elif depth == 0:
            names.append(value[start:match.start()])
            start = match.end()
    names.append(value[start:])
    return "; ".join(name for n in names if (name := collapse_whitespace(latex_to_text(n))))


def _keywords(value: str | None) -> str | None:
    """BibTeX keywords, separated by commas (JabRef, biblatex) or semicolons (Mendeley, and MeSH terms that hold commas)."""
    if not value:
        return None
    words = [w.strip() for w in value.split(";" if ";" in value else ",")]
    return "; ".join(w for w in words if w) or None


def _record(fields: dict[str, str], kind: str, key: str | None) -> tuple[str | None, Record]:
    """The snippet text (the abstract) and the record of one entry."""
    def field(name: str) -> str | None:
        value = fields.get(name)
        return collapse_whitespace(latex_to_text(value)) or None if value is not None else None
    title, abstract = field("title"), field("abstract")
    date = _DATE_YEAR_RE.match(field("date") or "")  # biblatex: "2010-01", "-2010-01~" (2010 BCE, circa)
    year = field("year") or (date.group() if date else None)
    def verbatim(name: str) -> str | None:  # DOIs and URLs as written: no TeX, "--" stays two hyphens
        value = "".join(fields.get(name, "").replace("{", "").replace("}", "").split())
        return _TEX_ESCAPE_RE.sub(r"\1", value) or None  # Web of Science escapes them anyway: "10.1007/x\_3"
    doi = clean_doi(verbatim("doi"))
    url = verbatim("url") or (doi_url(doi) if doi else None)
    # Where each entry type keeps its venue (paperlist writes them so): a book's series, a thesis's school.
    venue = (field("journal") or field("booktitle") or field("journaltitle") or field("series") or field("school")
             or field("institution") or field("howpublished"))
    record = Record(title, _authors(fields["author"]) if "author" in fields else None, year, venue,
                    doi, url, None, title_only=abstract is None, volume=field("volume"),
                    issue=field("number") or field("issue"), pages=field("pages"), source_id=key, kind=kind,
                    keywords=_keywords(field("keywords")))
    return abstract or title, record


def parse_bibtex(text: str, path: str) -> ReadingList:
    """Every entry with an abstract (or only a title, flagged title-only) becomes a snippet.

    Handles nested braces, quoted values, ``@string`` macros and ``#``
    concatenation, LaTeX accents and line-wrapped fields; ``@comment{Related
    papers: TITLE}`` gives the seed title, else the file name does. An entry
    whose braces do not balance is read a field a line where each of its
    lines holds a whole field, else skipped; either way with a warning naming
    its line, and reading goes on.
    """
    strings: dict[str, str] = {}
    records: list[tuple[int, str, Record]] = []
    warnings: list[Diagnostic] = []
    seed: str | None = None
    read: list[tuple[str, int, str | None, dict[str, str]]] = []
    for kind, line, _, _, content in _entries(text, strings):
        if isinstance(content, _Broken):
            warnings.append(Diagnostic(path, line, f"@{kind} entry: {content}; skipped"))
        elif kind == "comment":
            seed = seed or seed_from_comment(content)
        elif isinstance(content, _Entry):
            if content.broken:
                warnings.append(Diagnostic(path, line, f"@{kind} entry: {content.broken}; read line by line"))
            read.append((kind, line, content.key, content.fields))
    by_key = {key.lower(): fields for _, _, key, fields in read if key}
    for kind, line, key, fields in read:
        fields = _inherited(fields, by_key)
        snippet_text, record = _record(fields, kind, key)
        keep_record(records, warnings, path, line, snippet_text, record, key, "title, abstract, authors, DOI or key",
                    f"entry '{key}'" if key else "entry without a key")
    return list_from_records(records, path, seed, "bibtex", warnings)


def _inherited(fields: dict[str, str], by_key: dict[str, dict[str, str]]) -> dict[str, str]:
    """An entry's fields with those it lacks taken from its ``crossref`` entry, as BibTeX does (and as biblatex
    does, the parent's title as the child's booktitle)."""
    parent = by_key.get(fields.get("crossref", "").strip().lower())
    if not parent or parent is fields:
        return fields
    merged = {name: value for name, value in parent.items() if name not in ("crossref", "abstract")}
    if "title" in parent and "booktitle" not in fields:
        merged["booktitle"] = parent["title"]
    merged.pop("title", None)
    merged.update(fields)
    if "title" not in merged and "title" in parent and "booktitle" not in parent:
        merged["title"] = parent["title"]  # a child with no title of its own, under a parent that names it
    return merged


def _keyed_fields(body: str, strings: dict[str, str]) -> tuple[str | None, dict[str, str]]:
    """An entry's key and fields."""
    # JabRef and Citavi write entries without a key ("@Article{,"): the fields are all that matters here.
    found = None if body.lstrip().startswith(",") else _KEY_RE.match(body)
    if "," not in body or (found is None and not body.lstrip().startswith(",")):
        raise _Broken("entry without a key or fields", 0)
    return (found.group(1) if found else None), _fields(body[body.index(",") + 1:], strings, 0)


class _Entry(NamedTuple):
    """A paper's entry: its key and fields; ``broken`` says why it was read a field a line, if it was."""

    key: str | None
    fields: dict[str, str]
    broken: str | None = None


def _entries(text: str, strings: dict[str, str]) -> Iterator[tuple[str, int, int, int, str | _Entry | _Broken]]:
    """``(kind, line, start, end, content)`` for every ``@kind{...}`` in order: ``text[start:end]`` is the entry's
    own text; ``content`` is the body of a @comment, @preamble, @set or @xdata, the key and fields of any other
    entry (a @string's fields are added to ``strings``), or why it could not be read."""
    lines = LineNumbers(text)
    i = 0
    while (match := _ENTRY_RE.search(text, i)) is not None:
        kind, line = match.group(1).lower(), lines.at(match.start())
        close = "}" if match.group(2) == "{" else ")"
        content: str | _Entry | _Broken
        i = match.end()
        try:
            body, i = _braced(text, i, close)
            if kind in _NO_PAPER:
                content = body
            elif kind == "string":
                strings.update(_fields(body, strings, 0))
                content = body
            else:
                content = _Entry(*_keyed_fields(body, strings))
        except _Broken as exc:
            if i == match.end():  # the braces never closed: go on where the scan stopped
                i = max(exc.at, i)
            content = exc
            if kind not in _NO_PAPER and kind != "string" and (found := _by_lines(text, match.end(), close, strings)):
                (key, fields), end = found
                content, i = _Entry(key, fields, str(exc)), max(i, end)
        yield kind, line, match.start(), i, content


def _by_lines(text: str, start: int, close: str, strings: dict[str, str]
              ) -> tuple[tuple[str | None, dict[str, str]], int] | None:
    """An entry whose braces do not balance, read as reference managers write one (CoLRev reads EBSCO's so): its
    key alone on the first line, then a field a line (a value may go on over the lines after it) up to a line
    holding only the closer, the next entry or the end; and the index after it. None unless every value is
    whole: braced, quoted or bare, so a value that is cut short still skips its entry."""
    following = _NEXT_ENTRY_LINE_RE.search(text, start)
    end = following.start() if following else len(text)
    first, _, rest = text[start:end].partition("\n")
    key = first.strip()
    if not key.endswith(",") or (key[:-1].strip() and not _KEY_RE.fullmatch(key[:-1])):
        return None
    fields: list[list[str]] = []
    offset = start + len(first) + 1
    for row in rest.splitlines(keepends=True):
        offset += len(row)
        if row.strip() == close:
            end = offset
            break
        if match := _FIELD_LINE_RE.match(row):
            fields.append([match.group(1).lower(), match.group(2)])
        elif fields:
            fields[-1][1] += "\n" + row.strip()
        elif row.strip():
            return None
    values = {}
    for name, raw in fields:
        raw = raw.strip().removesuffix(",").strip()
        try:
            value, after = _value(raw, 0, strings)
        except _Broken:
            after = -1
        if after != len(raw):
            if len(raw) < 2 or (raw[0], raw[-1]) not in (("{", "}"), ('"', '"')):
                return None
            value = raw[1:-1]
        values[name] = value
    return ((key[:-1].strip() or None), values), end


def entry_spans(text: str) -> dict[int, tuple[int, int]]:
    """Where each entry that ``parse_bibtex`` reads as a snippet lies in ``text``, by the line it reports for it:
    ``text[start:end]``, the entry as written (``@string``, ``@comment`` and ``@preamble`` are no snippets)."""
    return {line: (start, end) for _, line, start, end, content in _entries(text, {})
            if isinstance(content, _Entry)}
