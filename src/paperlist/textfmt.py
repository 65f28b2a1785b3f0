"""Small formatting helpers shared by the renderers (pure)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence

from paperlist.model import Diagnostic


def shorten(text: str, width: int) -> str:
    """Cut text to ``width`` characters, ending with ``…`` when cut.

    >>> shorten("abcdef", 4)
    'abc…'
    """
    if width <= 0:
        return ""
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"


def table(rows: Sequence[Sequence[str]], right: Iterable[int] = ()) -> list[str]:
    """Align rows into columns; column numbers in ``right`` are right-aligned."""
    if not rows:
        return []
    right = set(right)
    widths = [max(len(row[c]) for row in rows) for c in range(len(rows[0]))]
    lines = []
    for row in rows:
        cells = [cell.rjust(w) if c in right else cell.ljust(w) for c, (cell, w) in enumerate(zip(row, widths))]
        lines.append("  ".join(cells).rstrip())
    return lines


def to_csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """Rows as CSV text with a header line (RFC 4180 quoting, ``\\n`` line ends)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buffer.getvalue()


def to_json(document: object) -> str:
    """Indented, key-order-preserving JSON with a final newline."""
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def warnings_json(warnings: Iterable[Diagnostic]) -> list[dict[str, object]]:
    """Diagnostics as JSON objects."""
    return [{"path": w.path, "line": w.line, "message": w.message} for w in warnings]


def md_escape(text: str) -> str:
    """Escape the characters that would break a Markdown table cell or emphasis."""
    for char in "\\|*_`[]<>":
        text = text.replace(char, "\\" + char)
    return text


def bar(count: int, most: int, width: int) -> str:
    """A proportional bar of ``█`` characters, at least one for a non-zero count."""
    if most <= 0 or count <= 0:
        return ""
    return "█" * max(1, round(width * count / most))
