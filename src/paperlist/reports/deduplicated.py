"""Input files, minus the copies ``dupes`` found -> the same files' text, one record per paper (pure).

Each record kept is the input's own text, byte for byte (its fields, its order, its ``@string``s, the lines
paperlist could not read): only the records of the copies a paper does not keep are cut out.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from paperlist.match.dupes import search_duplicates
from paperlist.model import Paper

SETTLE_ROUNDS = 5  # passes over the kept records; one is almost always enough

# Records cut out of the input's own text.
RAW_FORMATS = ("ris", "bibtex", "csv", "enw", "medline", "ovid", "wos", "refworks", "pubmed-xml", "endnote")
_BLANK_LINE_RE = re.compile(r"[ \t]*(?:\r\n|\n|\r|$)")


class Source(NamedTuple):
    """One input file as read: its path, text and format, where each record lies in the text by the line its
    snippet reports (``text[start:end]``, from the format's reader; by its index with ``by_index``, for XML, whose
    records may share a line), where a header ends that a joined copy holds once (a CSV's columns, Web of
    Science's FN and VR, RefWorks's legend, an XML document's opening), and where a closing line starts that it
    holds once, at its end (Web of Science's EF, after which its reader reads nothing more; an XML document's
    closing tag)."""

    path: str
    text: str
    format: str
    spans: dict[int, tuple[int, int]]
    header_end: int = 0
    closing: int | None = None
    by_index: bool = False


class Deduplicated(NamedTuple):
    """The copy to write and what went into it."""

    text: str
    records: int  # records of the input that paperlist read
    dropped: int  # of them, the copies left out


def dropped_copies(papers: Iterable[Paper]) -> set[tuple[str, int, int]]:
    """``(list path, line, index)`` of every copy a paper does not keep."""
    return {(m.path, m.line, m.index) for p in papers if len(p.members) > 1
            for n, m in enumerate(p.members) if n != p.keep}


def settled_drops(papers: Sequence[Paper], threshold: float | None, min_words: int,
                  not_duplicates: Iterable[frozenset[str]] = ()) -> tuple[set[tuple[str, int, int]], int]:
    """``dropped_copies``, and the copies that reading the kept records again would still find: two papers kept
    apart by a third copy that disagrees with both agree once that copy is left out. The copy is written so that
    ``dupes`` finds nothing in it; how many of the drops only the kept records showed."""
    dropped = dropped_copies(papers)
    kept = [p.members[p.keep] for p in papers]
    later = 0
    for _ in range(SETTLE_ROUNDS):
        groups, _ = search_duplicates(kept, threshold, None, min_words, frozenset(not_duplicates))
        gone = {(m.path, m.line, m.index) for g in groups if g.tier == "duplicate"
                for n, m in enumerate(g.members) if n != g.keep}
        if not gone:
            break
        dropped |= gone
        later += len(gone)
        kept = [s for s in kept if (s.path, s.line, s.index) not in gone]
    return dropped, later


def _cut(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """The text without the spans, each taken with the blank lines after it."""
    out, at = [], 0
    for start, end in sorted(spans):
        out.append(text[at:start])
        while end < len(text):
            match = _BLANK_LINE_RE.match(text, end)
            if not match or match.end() == end:
                break
            end = match.end()
        at = end
    out.append(text[at:])
    return "".join(out)


def without_copies(sources: Sequence[Source], dropped: set[tuple[str, int, int]]) -> Deduplicated:
    """The sources' text (all of one format) joined, each without the records of ``dropped``; a CSV's header
    once. ``dropped`` names copies by their file's path (or ``path#n`` for a file's lists), line and index."""
    parts, records, cut = [], 0, 0
    for n, source in enumerate(sources):
        spans = source.spans
        records += len(spans)
        keys = {index if source.by_index else line for path, line, index in dropped
                if path == source.path or path.startswith(source.path + "#")}
        gone = [spans[key] for key in sorted(keys) if key in spans]
        cut += len(gone)
        text = source.text
        if source.closing is not None and n + 1 < len(sources):  # the closing line once, from the last file
            text = text[:source.closing]
        text = _cut(text, gone)
        if n:
            text = text[source.header_end:]  # the header once, from the first file
        if parts and not source.by_index and not parts[-1].endswith(("\n", "\r")):
            parts.append("\n")
        parts.append(text)
    return Deduplicated("".join(parts), records, cut)
