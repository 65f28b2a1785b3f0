"""Which reader reads an input: by extension, then by content; and the dispatch to it (pure)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable

from paperlist.model import Diagnostic, ReadingList
from paperlist.readers.text import parse_list

FORMATS = ("text", "email", "mbox", "bibtex", "ris", "wos", "medline", "ovid", "refworks", "endnote", "pubmed-xml",
           "enw", "proquest", "csv", "tsv", "jsonl", "json")
EXTENSIONS = {".txt": "text", ".text": "text", ".eml": "email", ".mbox": "mbox", ".mbx": "mbox",
              ".bib": "bibtex", ".bibtex": "bibtex", ".ris": "ris", ".csv": "csv", ".tsv": "tsv", ".tab": "tsv",
              ".jsonl": "jsonl", ".ndjson": "jsonl", ".ciw": "wos", ".nbib": "medline", ".medline": "medline",
              ".xml": "endnote", ".enw": "enw", ".json": "json"}
_HEADERS_RE = re.compile(rb"(?m)^(?:[A-Za-z-]+:[^\n]*\n(?:[ \t][^\n]*\n)*){2,}")
UNICODE_BOMS = ((b"\xff\xfe\x00\x00", "utf-32", 4), (b"\x00\x00\xfe\xff", "utf-32", 4), (b"\xff\xfe", "utf-16", 2),
                (b"\xfe\xff", "utf-16", 2))
# UTF-16 saved without a byte order mark: a NUL on one side of at least this share of the first code units (every
# ASCII character has one), almost never on the other side.
UTF16_NUL_SHARE = 0.3
UTF16_OTHER_SIDE = 0.05


def unicode_codec(data: bytes) -> tuple[str, int] | None:
    """The codec and code unit size of a UTF-32 or UTF-16 file: by its byte order mark, or for UTF-16 without
    one (as some Windows tools save exports), by where the NUL bytes of its ASCII characters fall."""
    for bom, codec, unit in UNICODE_BOMS:
        if data.startswith(bom):
            return codec, unit
    sample = data[:4096]
    units = len(sample) // 2
    if units < 2:
        return None
    even, odd = sample[0:units * 2:2].count(0), sample[1:units * 2:2].count(0)
    for nul, other, codec in ((odd, even, "utf-16-le"), (even, odd, "utf-16-be")):
        if nul >= units * UTF16_NUL_SHARE and other <= units * UTF16_OTHER_SIDE:
            return codec, 2
    return None


def format_by_name(path: str) -> str | None:
    """The format an extension names, or None (a Thunderbird mbox has no extension: see ``detect``)."""
    return EXTENSIONS.get(os.path.splitext(path)[1].lower())


def tagged_format(head: bytes) -> str | None:
    """RIS, Web of Science or MEDLINE by their first tagged line, or ProQuest's report by its heading: databases
    save them all as ``.txt``."""
    if _PROQUEST_RE.match(head):
        return "proquest"
    if _OVID_RE.match(head):
        return "ovid"
    if _REFWORKS_RE.match(head):
        return "refworks"
    if _RIS_RE.match(head):
        return "ris"
    if _ENW_RE.match(head):
        return "enw"
    if _tab_header(head):
        return "tsv"
    if head.startswith(b"FN ") or (head.startswith(b"PT ") and b"\nER" in head):
        return "wos"
    if _MEDLINE_RE.match(head):
        return "medline"
    return None


def _tab_header(head: bytes) -> bool:
    """Whether the first line is a header of tab-separated names holding a title column: Web of Science's "Tab
    delimited file" (saved as savedrecs.txt) and other tab-separated exports saved as .txt."""
    names = {cell.strip().lower() for cell in re.split(rb"\r\n|\r|\n", head, maxsplit=1)[0].split(b"\t")}
    return len(names) > 2 and bool(names & {b"ti", b"title", b"article title", b"document title"})


def detect(path: str, data: bytes) -> str:
    """The format of an input: its extension when known, else what its first bytes look like. A ``.txt`` (or
    ``.ris``) file holding RIS, Web of Science or MEDLINE records, and no ``Related papers:`` header, is read as
    what it holds."""
    named = format_by_name(path)
    unicode = unicode_codec(data)
    if unicode is not None:  # Windows tools save RIS, WoS and MEDLINE exports as UTF-16: look at the text
        data = data[:8192].decode(unicode[0], errors="ignore").encode("utf-8")
    head = data[:4096].lstrip(b"\xef\xbb\xbf").lstrip()
    if named in ("text", "ris"):
        return tagged_format(head) or named
    if named in ("json", "jsonl") and head[:1] in (b"[", b"{"):
        return _json_kind(head)
    if named == "endnote" and _PUBMED_XML_RE.search(head):
        return "pubmed-xml"
    if named:
        return named
    if head.startswith(b"From ") and b"\n" in head:
        return "mbox"
    if _HEADERS_RE.match(head.replace(b"\r\n", b"\n")) and re.search(rb"^(?:Subject|From|Received|Date):", head, re.M | re.I):
        return "email"
    if head.startswith(b"@") or re.search(rb"^\s*@(?:article|inproceedings|misc|book|incollection)\s*[{(]", head, re.M | re.I):
        return "bibtex"
    if head.startswith(b"<") and _PUBMED_XML_RE.search(head):
        return "pubmed-xml"
    if head.startswith(b"<") and b"<record" in head:
        return "endnote"
    if head[:1] in (b"[", b"{"):
        return _json_kind(head)
    return tagged_format(head) or "text"


def _json_kind(head: bytes) -> str:
    """JSON Lines when the first line is a whole object, else one JSON document (an array, an indented object):
    tools name either ``.json``."""
    first = head.split(b"\n", 1)[0].strip()
    return "jsonl" if first.startswith(b"{") and first.endswith(b"}") else "json"


def _mail(data: bytes, path: str, single: bool) -> tuple[list[ReadingList], list[Diagnostic]]:
    # Imported here: Python's email package costs about 10 ms, a sixth of a short run, and most runs read no mail.
    from paperlist.readers.mail import parse_mailbox
    return parse_mailbox(data, path, single=single)


def parse_mailbox_messages(messages: Iterable[tuple[int, bytes]], path: str, per_message: bool = False
                           ) -> tuple[list[ReadingList], list[Diagnostic]]:
    """The alerts of a mailbox given message by message (read from a file as it goes)."""
    from paperlist.readers.mail import (
        parse_messages,  # as in _mail: only runs that read mail pay for it
    )
    return parse_messages(messages, path, per_message=per_message)


_RIS_RE = re.compile(rb"TY  - ")
_OVID_RE = re.compile(rb"<\d+\.\s?>[ \t]*(?:\r\n|\r|\n)\s?[A-Z][A-Z0-9]{1,5}  ?- ")  # "<1. >", then "VN  - Ovid Technologies"
# RefWorks: a record's type first ("RT Journal Article"), or the legend its export opens with.
_REFWORKS_RE = re.compile(rb"RT [A-Z][^\r\n]*(?:\r\n|\r|\n)[A-Z][A-Z0-9] |Refworks Export Tagged Format",
                          re.IGNORECASE)
_PUBMED_XML_RE = re.compile(rb"<(?:PubmedArticleSet|PubmedArticle|PubmedBookArticle)[\s>]")
_ENW_RE = re.compile(rb"%[0-9A-Z@] [^\r\n]*\r?\n%[0-9A-Z@] ")  # two refer-tagged lines: %T, %A, %0
_PROQUEST_RE = re.compile(rb"(?:_+\s*)?Report Information from ProQuest")
# PubMed's records open with PMID; ERIC's and other NLM-style exports with OWN, then the other tags.
_MEDLINE_RE = re.compile(rb"PMID- ?\d|OWN - \S+\r?\n(?:[A-Z][A-Z0-9]{1,3} *- .*\r?\n)*?TI  - ")


Reader = Callable[[bytes, str, str], tuple[list[ReadingList], list[Diagnostic]]]
Read = tuple[list[ReadingList], list[Diagnostic]]


# Each format's reader, given the bytes, the decoded text (empty for BYTE_FORMATS) and the path. A reader's module
# is imported when a file of its format is read: most runs read one or two formats, and the others' imports (XML,
# CSV and JSON, the LaTeX tables) cost a short run a tenth of its time.
def _bibtex(data: bytes, text: str, path: str) -> Read:
    from paperlist.readers.bibtex import parse_bibtex
    return [parse_bibtex(text, path)], []


def _ris(data: bytes, text: str, path: str) -> Read:
    from paperlist.readers.ris import parse_ris
    return [parse_ris(text, path)], []


def _wos(data: bytes, text: str, path: str) -> Read:
    from paperlist.readers.wos import parse_wos
    return [parse_wos(text, path)], []


def _medline(data: bytes, text: str, path: str) -> Read:
    from paperlist.readers.medline import parse_medline
    return [parse_medline(text, path)], []


def _enw(data: bytes, text: str, path: str) -> Read:
    from paperlist.readers.refer import parse_refer
    return [parse_refer(text, path)], []


def _proquest(data: bytes, text: str, path: str) -> Read:
    from paperlist.readers.proquest import parse_proquest
    return [parse_proquest(text, path)], []


def _endnote(data: bytes, text: str, path: str) -> Read:
    from paperlist.readers.endnote import parse_endnote
    return [parse_endnote(text, path)], []


def _ovid(data: bytes, text: str, path: str) -> Read:
    from paperlist.readers.ovid import parse_ovid
    return [parse_ovid(text, path)], []


def _refworks(data: bytes, text: str, path: str) -> Read:
    from paperlist.readers.refworks import parse_refworks
    return [parse_refworks(text, path)], []


def _pubmed_xml(data: bytes, text: str, path: str) -> Read:
    from paperlist.readers.pubmed_xml import parse_pubmed_xml
    return [parse_pubmed_xml(text, path)], []


def _table(delimiter: str) -> Reader:
    def read(data: bytes, text: str, path: str) -> Read:
        from paperlist.readers.table import parse_table
        return parse_table(text, path, delimiter), []
    return read


def _jsonl(data: bytes, text: str, path: str) -> Read:
    from paperlist.readers.table import parse_jsonl
    return parse_jsonl(text, path), []


def _json(data: bytes, text: str, path: str) -> Read:
    from paperlist.readers.table import parse_json
    return parse_json(text, path), []


READERS: dict[str, Reader] = {
    "text": lambda data, text, path: ([parse_list(text, path)], []),
    "email": lambda data, text, path: _mail(data, path, single=True),
    "mbox": lambda data, text, path: _mail(data, path, single=False),
    "bibtex": _bibtex, "ris": _ris, "wos": _wos, "medline": _medline, "ovid": _ovid, "refworks": _refworks,
    "endnote": _endnote, "pubmed-xml": _pubmed_xml, "enw": _enw, "proquest": _proquest,
    "csv": _table(","), "tsv": _table("\t"), "jsonl": _jsonl, "json": _json,
}
BYTE_FORMATS = ("email", "mbox")  # their readers decode each part by the charset it declares


def parse_input(data: bytes, text: str | None, path: str, fmt: str) -> tuple[list[ReadingList], list[Diagnostic]]:
    """Run the reader of ``fmt``; mail readers take the bytes, the others the decoded text."""
    return READERS[fmt](data, text or "", path)
