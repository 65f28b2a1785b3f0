"""Papers -> RIS and BibTeX entries that reference managers (Zotero, JabRef, EndNote) import (pure).

One entry per paper, from what its copies' records say (``merged_record``); a paper known only by its snippet
is an entry whose abstract is the snippet. A note names the lists it was found in, keywords carry its tags.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from paperlist.match.names import split_authors
from paperlist.match.papers import merged_record
from paperlist.model import Paper

_CONTROL_RE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_BIBTEX_SPECIAL = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "%": r"\%", "&": r"\&", "#": r"\#",
                   "$": r"\$", "_": r"\_", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}
_BIBTEX_SPECIAL_RE = re.compile(r"[\\{}%&#$_~^]")
_PAGES_RE = re.compile(r"^\s*([^-\u2013\s]+)\s*[-\u2013]+\s*(\S+)\s*$")


def one_line(text: str) -> str:
    """A value on one line: controls and line breaks from input become spaces (a RIS tag is a line)."""
    return " ".join(_CONTROL_RE.sub(" ", text).split())


def _pages(pages: str | None) -> tuple[str | None, str | None]:
    if not pages:
        return None, None
    match = _PAGES_RE.match(pages)
    return (match.group(1), match.group(2)) if match else (one_line(pages), None)


def _note(paper: Paper, titles: dict[str, str | None]) -> str:
    lists = "; ".join(titles.get(path) or path for path in paper.lists)
    return f"paperlist: found in {len(paper.lists)} list{'s' if len(paper.lists) != 1 else ''}: {lists}"


def _fields(paper: Paper, titles: dict[str, str | None]) -> list[tuple[str, str]]:
    """(field, value) in a neutral vocabulary, every value on one line."""
    record = merged_record(paper)
    abstract = paper.kept.text if not (record and record.title_only) else None
    out: list[tuple[str, str]] = []
    if record is not None:
        out += [("title", record.title)] if record.title else []
        people, cut = split_authors(record.authors)
        out += [("author", name) for name in people] + ([("more_authors", "others")] if cut and people else [])
        start, end = _pages(record.pages)
        out += [(f, v) for f, v in (("year", record.year), ("venue", record.venue), ("volume", record.volume),
                                    ("issue", record.issue), ("start", start), ("end", end), ("doi", record.doi),
                                    ("url", record.url)) if v]
    out += [("abstract", abstract)] if abstract else []
    out += [("keyword", tag) for tag in paper.tags]
    out.append(("note", _note(paper, titles)))
    return [(f, one_line(v)) for f, v in out]


RIS_TAGS = {"title": "TI", "author": "AU", "year": "PY", "venue": "T2", "volume": "VL", "issue": "IS",
            "start": "SP", "end": "EP", "doi": "DO", "url": "UR", "abstract": "AB", "keyword": "KW", "note": "N1"}


def render_ris(papers: Sequence[Paper], titles: dict[str, str | None]) -> str:
    """RIS: ``TY  - JOUR`` (or ``GEN`` without a journal) ... ``ER  -`` per paper."""
    entries = []
    for paper in papers:
        fields = _fields(paper, titles)
        kind = "JOUR" if any(f == "venue" for f, _ in fields) else "GEN"
        lines = [f"TY  - {kind}"] + [f"{RIS_TAGS[f]}  - {v}" for f, v in fields if f in RIS_TAGS] + ["ER  - "]
        entries.append("\n".join(lines) + "\n")
    return "\n".join(entries)


def bibtex_escape(text: str) -> str:
    """Text safe in a braced BibTeX value: LaTeX's special characters escaped, so braces always balance."""
    return _BIBTEX_SPECIAL_RE.sub(lambda m: _BIBTEX_SPECIAL[m.group()], text)


def _key(paper: Paper, fields: list[tuple[str, str]], taken: set[str]) -> str:
    """A citation key from the first author's surname, the year and the title's first word: ``lee2024why``."""
    value = dict(reversed(fields))
    author = value.get("author", "").split(",")[0].split()[-1:] or ["paper"]
    words = re.findall(r"[a-z0-9]+", _ascii(value.get("title") or value.get("abstract") or ""))
    key = re.sub(r"[^a-z0-9]", "", _ascii(author[0])) + value.get("year", "")[:4] + (words[0] if words else "")
    key = key or f"paper{paper.id}"
    base, n = key, 1
    while key in taken:
        n += 1
        key = f"{base}{chr(ord('a') + n - 2)}" if n <= 27 else f"{base}{n}"
    taken.add(key)
    return key


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text.casefold()).encode("ascii", "ignore").decode()


BIBTEX_FIELDS = {"title": "title", "year": "year", "venue": "journal", "volume": "volume", "issue": "number",
                 "doi": "doi", "url": "url", "abstract": "abstract", "note": "note"}


def render_bibtex(papers: Sequence[Paper], titles: dict[str, str | None]) -> str:
    """BibTeX: ``@article`` (or ``@misc`` without a journal) per paper, every value braced and escaped."""
    taken: set[str] = set()
    entries = []
    for paper in papers:
        fields = _fields(paper, titles)
        value = {f: v for f, v in fields if f in BIBTEX_FIELDS}
        kind = "article" if "venue" in value else "misc"
        lines = [f"@{kind}{{{_key(paper, fields, taken)},"]
        authors = [v for f, v in fields if f == "author"]
        start, end = dict(fields).get("start"), dict(fields).get("end")
        if authors and "more_authors" in dict(fields):  # the source cut the list short: BibTeX's "and others"
            authors.append("others")
        ordered = [("title", value.get("title")), ("author", " and ".join(authors) or None)]
        ordered += [(BIBTEX_FIELDS[f], value.get(f)) for f in ("year", "venue", "volume", "issue")]
        ordered += [("pages", f"{start}--{end}" if start and end else start)]
        ordered += [(BIBTEX_FIELDS[f], value.get(f)) for f in ("doi", "url", "abstract")]
        ordered += [("keywords", ", ".join(v for f, v in fields if f == "keyword") or None), ("note", value["note"])]
        lines += [f"  {name} = {{{bibtex_escape(v)}}}," for name, v in ordered if v]
        entries.append("\n".join(lines) + "\n}\n")
    return "\n".join(entries)
