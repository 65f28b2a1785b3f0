"""Output helpers shared by the renderers: escaping per format, tables, bars and colour (pure)."""

from __future__ import annotations

import csv
import itertools
import json
import re
import unicodedata
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from paperlist.match.names import split_authors
from paperlist.match.normalize import UNSAFE_BEYOND_C0
from paperlist.model import RECORD_FIELDS, Diagnostic, Record, Snippet
from paperlist.render.terminal import cell_width, terminal_safe

COLOURS = {"tag": "36", "kind": "33", "ins": "32", "del": "31", "dim": "2", "head": "1"}
# What a person can read, whatever the input (years of alerts make hundreds of thousands of papers): the text
# views and the report show the first papers of a reading list and the first groups of duplicates, and say how many
# more there are and which format lists them all.
READABLE_PAPERS = 2000
READABLE_GROUPS = 500
# Characters that start a formula in a spreadsheet (OWASP "CSV injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
# DEL, C1 controls and the Unicode line separators: json.dumps leaves them raw.
# Bidi controls too, so that a JSON file shown in a terminal cannot reorder it. Lone
# surrogates (undecodable bytes of a file name) become \\udcXX escapes: lossless, valid JSON.
# json.dumps escapes C0 controls itself; the rest of what terminal_safe escapes is escaped here.
_JSON_UNSAFE_RE = re.compile(f"[{UNSAFE_BEYOND_C0}]")


def _json_escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if code < 0x10000:
        return f"\\u{code:04x}"
    high, low = divmod(code - 0x10000, 0x400)  # JSON spells a character beyond the BMP as a surrogate pair
    return f"\\u{0xD800 + high:04x}\\u{0xDC00 + low:04x}"


_MD_ESCAPES = {ord(c): "\\" + c for c in "\\`*_{}[]<>#|~&$"}  # never at a line start: no need for - + . !


class Style(NamedTuple):
    """How output is drawn: terminal width, colour, whether CSV cells may hold formulas, and the width of the
    terminal notes go to (stderr's: with the output piped to a file or a pager, notes still fit the screen)."""

    width: int = 80
    color: bool = False
    csv_raw: bool = False
    note_width: int = 80

    def paint(self, text: str, role: str) -> str:
        """Wrap already safe text in the colour of ``role`` when colouring."""
        if not self.color or not text:
            return text
        return f"\x1b[{COLOURS[role]}m{text}\x1b[0m"


def places(members: Sequence[Snippet], name: Callable[[str], str]) -> list[str]:
    """Each copy's place, ``name(path):line``; copies of one file on one line (EndNote writes a whole export on one
    line) add their number among the records read from that file: ``refs.xml:1 (record 3)``."""
    shared = Counter((m.path, m.line) for m in members)
    return [f"{name(m.path)}:{m.line}" + (f" (record {m.index})" if shared[m.path, m.line] > 1 else "")
            for m in members]


def table(rows: Sequence[Sequence[str]], right: Iterable[int] = ()) -> list[str]:
    """Align rows into columns by display width; column numbers in ``right`` are right-aligned."""
    if not rows:
        return []
    right = set(right)
    widths = [max(cell_width(row[c]) for row in rows) for c in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = []
        for c, (cell, w) in enumerate(zip(row, widths)):
            pad = " " * (w - cell_width(cell))
            cells.append(pad + cell if c in right else cell + pad)
        lines.append("  ".join(cells).rstrip())
    return lines


def csv_cell(value: object, raw: bool = False) -> object:
    """A CSV cell: text made terminal-safe and, unless ``raw``, never a live spreadsheet formula."""
    if not isinstance(value, str):
        return value
    if not raw and value.startswith(FORMULA_STARTS):
        value = "'" + value
    return terminal_safe(value)


# A report as one text, or as its pieces in order: a long one is written piece by piece, never joined into a second
# copy of itself.
Output = str | list[str]


def pieces_of(output: Output) -> list[str]:
    """An output as its pieces, in order."""
    return [output] if isinstance(output, str) else output


class _Lines(list[str]):
    """What a csv writer writes, kept as its lines: io.StringIO holds four bytes a character."""

    write = list.append


def to_csv(header: Sequence[str], rows: Iterable[Sequence[object]], raw: bool = False) -> str:
    """Rows as CSV text with a header line (RFC 4180 quoting, ``\\n`` line ends)."""
    return "".join(csv_lines(header, rows, raw))


def csv_lines(header: Sequence[str], rows: Iterable[Sequence[object]], raw: bool = False) -> list[str]:
    """``to_csv`` as its lines."""
    lines = _Lines()
    writer = csv.writer(lines, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([csv_cell(cell, raw) for cell in row] for row in rows)
    return lines


_INDENTED = json.JSONEncoder(ensure_ascii=False, indent=2)
JSON_PIECE = 1 << 16  # characters: an indented document is joined from pieces this long


def to_json(document: object) -> str:
    """Indented, key-order-preserving JSON with a final newline; every control character escaped.

    With an indent the encoder yields a few characters at a time, and the chunks of a large document, joined all
    at once, cost several times its text: they are joined into pieces as they come."""
    pieces: list[str] = []
    chunks: list[str] = []
    size = 0
    for chunk in _INDENTED.iterencode(document):
        chunks.append(chunk)
        size += len(chunk)
        if size >= JSON_PIECE:
            pieces.append(_json_safe("".join(chunks)))
            chunks, size = [], 0
    chunks.append("\n")
    pieces.append(_json_safe("".join(chunks)))
    return "".join(pieces)


JSON_ITEMS_AT_ONCE = 1000  # items encoded by one call: each call leaves the encoder's closures in a cycle (gc is off)


def json_pieces_of_items(key: str, items: Iterable[dict[str, object]], rest: dict[str, object]) -> list[str]:
    """``to_json({key: list(items), **rest})`` as pieces, the same text, with the items (objects) encoded a thousand at a
    time as they come: a long report's items are held as their text, never all at once as values. Each item is a
    piece of its own, so that one with a character past Latin-1 does not widen the others."""
    pieces = ["{\n  " + _json_safe(json.dumps(key, ensure_ascii=False)) + ": ["]
    iterator = iter(items)
    while batch := list(itertools.islice(iterator, JSON_ITEMS_AT_ONCE)):
        array = _json_safe("".join(_INDENTED.iterencode(batch)))  # "[\n  {...},\n  {...}\n]"
        # Objects of the array open at "\n  {"; deeper ones are indented further, and a JSON string holds no raw
        # line feed. Each goes one level deeper.
        for part in array[1:-2].split(",\n  {"):
            text = part if part.startswith("\n  {") else "\n  {" + part
            pieces.append(("," if len(pieces) > 1 else "") + text.replace("\n", "\n  "))
    pieces.append("\n  ]" if len(pieces) > 1 else "]")
    pieces.append(("," + to_json(rest)[1:]) if rest else "\n}\n")
    return pieces


def json_line(document: object) -> str:
    """One compact JSON document on one line, every control character escaped."""
    return _json_safe(json.dumps(document, ensure_ascii=False)) + "\n"


def _json_safe(text: str) -> str:
    return _JSON_UNSAFE_RE.sub(_json_escape, text)


def warnings_json(warnings: Iterable[Diagnostic]) -> list[dict[str, object]]:
    """Diagnostics as JSON objects."""
    return [{"path": w.path, "line": w.line, "message": w.message} for w in warnings]


def md_escape(text: str) -> str:
    """Text from input made inert in Markdown: punctuation backslash-escaped, controls shown as escapes.

    >>> md_escape("a*b* `c` <i>")
    'a\\\\*b\\\\* \\\\`c\\\\` \\\\<i\\\\>'
    """
    return terminal_safe(text).translate(_MD_ESCAPES)


def safe_url(url: str | None) -> str | None:
    """An http(s) URL fit for a link target, else None: spaces, quotes, brackets and controls percent-encoded, and
    so are invisible characters (bidi controls, zero-width and other format characters, separators), which could
    make the target read as another address.

    >>> safe_url("javascript:alert(1)") is None
    True
    >>> safe_url("https://x.org/a b(c)"), safe_url("https://x.org/a\u202eb")
    ('https://x.org/a%20b%28c%29', 'https://x.org/a%E2%80%AEb')
    """
    if not url or not url.lower().startswith(("http://", "https://")):
        return None
    return "".join(_percent(c) if c in ' "\'<>()[]`{}|\\^' else c for c in visible_url(url))


def visible_url(url: str) -> str:
    """A URL with every character a reader cannot see percent-encoded: controls, spaces, bidi controls, zero-width
    and other format characters, separators (what a RIS or BibTeX ``url`` and a link target hold).

    >>> visible_url("https://x.org/a\u202eb c")
    'https://x.org/a%E2%80%AEb%20c'
    """
    if url.isascii() and url.isprintable() and " " not in url:
        return url
    return "".join(_percent(c) if unicodedata.category(c)[0] in "CZ" else c for c in url)


def _percent(char: str) -> str:
    """A character as the percent-encoded bytes of its UTF-8."""
    return "".join(f"%{byte:02X}" for byte in char.encode("utf-8", "surrogatepass"))


def md_link(text: str, url: str | None) -> str:
    """``[text](url)`` with the text escaped, or the escaped text alone when the URL is not http(s)."""
    target = safe_url(url)
    return f"[{md_escape(text)}]({target})" if target else md_escape(text)


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``1 paper``, ``2 papers``; ``many`` for nouns that do not take an s.

    >>> plural(1, "list"), plural(3, "copy", "copies")
    ('1 list', '3 copies')
    """
    return f"{count} {noun if count == 1 else many or noun + 's'}"


def bar(count: int, most: int, width: int) -> str:
    """A proportional bar of ``█`` characters, at least one for a non-zero count."""
    if most <= 0 or count <= 0 or width <= 0:
        return ""
    return "█" * max(1, round(width * count / most))


def record_fields(record: Record | None, source: str | None = None) -> dict[str, object]:
    """The record as JSON fields (every key present, ``null`` when unknown)."""
    fields: dict[str, object] = {f: getattr(record, f) if record else None for f in RECORD_FIELDS}
    fields["author_list"] = split_authors(record.authors)[0] if record else []
    fields["title_only"] = bool(record and record.title_only)
    if source is not None:
        fields["source"] = source
    return fields
