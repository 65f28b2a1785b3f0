"""Which reader reads an input: by extension, then by content; and the dispatch to it (pure)."""

from __future__ import annotations

import os
import re

from paperlist.model import Diagnostic, ReadingList

FORMATS = ("text", "email", "mbox", "bibtex", "ris", "csv", "tsv", "jsonl")
EXTENSIONS = {".txt": "text", ".text": "text", ".eml": "email", ".mbox": "mbox", ".mbx": "mbox",
              ".bib": "bibtex", ".bibtex": "bibtex", ".ris": "ris", ".csv": "csv", ".tsv": "tsv", ".tab": "tsv",
              ".jsonl": "jsonl", ".ndjson": "jsonl"}
# Compiled for the first file without a known extension:
_HEADERS = rb"(?m)^(?:[A-Za-z-]+:[^\n]*\n(?:[ \t][^\n]*\n)*){2,}"


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
    if re.match(_HEADERS, head.replace(b"\r\n", b"\n")) and re.search(rb"^(?:Subject|From|Received|Date):", head, re.M | re.I):
        return "email"
    if head.startswith(b"@") or re.search(rb"^\s*@(?:article|inproceedings|misc|book|incollection)\s*[{(]", head, re.M | re.I):
        return "bibtex"
    if re.match(rb"TY  - ", head):
        return "ris"
    if head.startswith(b"{"):
        return "jsonl"
    return "text"


def parse_input(data: bytes, text: str | None, path: str, fmt: str) -> tuple[list[ReadingList], list[Diagnostic]]:
    """Run the reader of ``fmt``; mail readers take the bytes, the others the decoded text."""
    if fmt in ("email", "mbox"):
        from paperlist.readers.mail import parse_mailbox
        return parse_mailbox(data, path, single=fmt == "email")
    assert text is not None
    if fmt == "bibtex":
        from paperlist.readers.bibtex import parse_bibtex
        return [parse_bibtex(text, path)], []
    if fmt == "ris":
        from paperlist.readers.ris import parse_ris
        return [parse_ris(text, path)], []
    if fmt in ("csv", "tsv"):
        from paperlist.readers.table import parse_table
        return parse_table(text, path, "\t" if fmt == "tsv" else ","), []
    if fmt == "jsonl":
        from paperlist.readers.table import parse_jsonl
        return parse_jsonl(text, path), []
    from paperlist.readers.text import parse_list
    return [parse_list(text, path)], []
