"""Which reader reads an input: by extension, then by content; and the dispatch to it (pure)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable

from paperlist.model import Diagnostic, ReadingList
from paperlist.readers.bibtex import parse_bibtex
from paperlist.readers.ris import parse_ris
from paperlist.readers.table import parse_jsonl, parse_table
from paperlist.readers.text import parse_list

FORMATS = ("text", "email", "mbox", "bibtex", "ris", "csv", "tsv", "jsonl")
EXTENSIONS = {".txt": "text", ".text": "text", ".eml": "email", ".mbox": "mbox", ".mbx": "mbox",
              ".bib": "bibtex", ".bibtex": "bibtex", ".ris": "ris", ".csv": "csv", ".tsv": "tsv", ".tab": "tsv",
              ".jsonl": "jsonl", ".ndjson": "jsonl"}
_HEADERS_RE = re.compile(rb"(?m)^(?:[A-Za-z-]+:[^\n]*\n(?:[ \t][^\n]*\n)*){2,}")


def format_by_name(path: str) -> str | None:
    """The format an extension names, or None (a Thunderbird mbox has no extension: see ``detect``)."""
    return EXTENSIONS.get(os.path.splitext(path)[1].lower())


def detect(path: str, data: bytes) -> str:
    """The format of an input: its extension when known, else what its first bytes look like."""
    named = format_by_name(path)
    if named:
        return named
    head = data[:4096].lstrip(b"\xef\xbb\xbf").lstrip()
    if head.startswith(b"From ") and b"\n" in head:
        return "mbox"
    if _HEADERS_RE.match(head.replace(b"\r\n", b"\n")) and re.search(rb"^(?:Subject|From|Received|Date):", head, re.M | re.I):
        return "email"
    if head.startswith(b"@") or re.search(rb"^\s*@(?:article|inproceedings|misc|book|incollection)\s*[{(]", head, re.M | re.I):
        return "bibtex"
    if re.match(rb"TY  - ", head):
        return "ris"
    if head.startswith(b"{"):
        return "jsonl"
    return "text"


def _mail(data: bytes, path: str, single: bool) -> tuple[list[ReadingList], list[Diagnostic]]:
    # Imported here: Python's email package costs about 10 ms, a sixth of a short run, and most runs read no mail.
    from paperlist.readers.mail import parse_mailbox
    return parse_mailbox(data, path, single=single)


Reader = Callable[[bytes, str, str], tuple[list[ReadingList], list[Diagnostic]]]
# Each format's reader, given the bytes, the decoded text (empty for BYTE_FORMATS) and the path.
READERS: dict[str, Reader] = {
    "text": lambda data, text, path: ([parse_list(text, path)], []),
    "email": lambda data, text, path: _mail(data, path, single=True),
    "mbox": lambda data, text, path: _mail(data, path, single=False),
    "bibtex": lambda data, text, path: ([parse_bibtex(text, path)], []),
    "ris": lambda data, text, path: ([parse_ris(text, path)], []),
    "csv": lambda data, text, path: (parse_table(text, path, ","), []),
    "tsv": lambda data, text, path: (parse_table(text, path, "\t"), []),
    "jsonl": lambda data, text, path: (parse_jsonl(text, path), []),
}
BYTE_FORMATS = ("email", "mbox")  # their readers decode each part by the charset it declares


def parse_input(data: bytes, text: str | None, path: str, fmt: str) -> tuple[list[ReadingList], list[Diagnostic]]:
    """Run the reader of ``fmt``; mail readers take the bytes, the others the decoded text."""
    return READERS[fmt](data, text or "", path)
