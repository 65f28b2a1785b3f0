"""Google Scholar alert e-mails (.eml, .mbox) -> one ReadingList per alert (pure: works on bytes)."""

from __future__ import annotations

import email
import email.header
import email.message
import email.utils
import re
from collections.abc import Iterable
from html.parser import HTMLParser
from urllib.parse import parse_qs, unquote, urlsplit

from paperlist.match.normalize import collapse_whitespace
from paperlist.model import Diagnostic, ReadingList, Record, Snippet
from paperlist.readers.mbox import split_mbox
from paperlist.readers.records import list_from_records

# Subject line -> (seed title, alert kind).
_SUBJECTS = [
    (re.compile(r"^(.*?)\s*[-–]\s*new related research$", re.I), "related"),
    (re.compile(r"^(.*?)\s*[-–]\s*new citations?$", re.I), "citations"),
    (re.compile(r"^(.*?)\s*[-–]\s*new articles?$", re.I), "articles"),
    (re.compile(r"^(?:\d+\s+)?new citations? to (?:my |articles by |the articles? )?(.*)$", re.I), "citations"),
    (re.compile(r"^(?:\d+\s+)?new results? for (.*)$", re.I), "search"),
]
# A line broken after a hyphen (``crowd-<br>based``) joins without a space, as in text lists.
_HYPHEN_BREAK_RE = re.compile(r"(?<=[^\W\d_]-)[ \t]*\n\s*")


def alert_kind(subject: str) -> tuple[str, str | None]:
    """The seed title and alert kind of a Scholar alert subject.

    >>> alert_kind("Miltiadis Allamanis - new related research")
    ('Miltiadis Allamanis', 'related')
    >>> alert_kind('new results for "code search"')
    ('code search', 'search')
    """
    subject = collapse_whitespace(subject)
    for pattern, kind in _SUBJECTS:
        match = pattern.match(subject)
        if match:
            return match.group(1).strip().strip('"“”') or subject, kind
    return subject, None


def target_url(href: str) -> tuple[str, str | None]:
    """The paper's own URL inside a ``scholar_url?url=`` link, and the Scholar cluster id (``d=``)."""
    parts = urlsplit(href)
    query = parse_qs(parts.query)
    url = query.get("url", [None])[0]
    cluster = query.get("d", [None])[0]
    return (unquote(url) if url else href), cluster


class _AlertParser(HTMLParser):
    """Items of a Scholar alert's HTML: title link, authors/venue line, snippet."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.items: list[dict[str, str]] = []
        self._field: str | None = None
        self._depth = 0
        self._parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attributes = dict(attrs)
        classes = (attributes.get("class") or "").split()
        if self._field:
            if tag == "br":
                self._parts.append("\n")
            elif tag == "div":
                self._depth += 1
            return
        if tag == "a" and "gse_alrt_title" in classes:
            self.items.append({"href": attributes.get("href") or ""})
            self._start("title")
        elif tag == "div" and "gse_alrt_sni" in classes and self.items:
            self._start("snippet")
        elif tag == "div" and self.items and "authors" not in self.items[-1] and "snippet" not in self.items[-1]:
            self._start("authors")

    def reset_item(self) -> None:
        """Close whatever the last item left open: the next one starts afresh."""
        self.rawdata, self._field = "", None

    def _start(self, field: str) -> None:
        self._field, self._depth, self._parts = field, 0, []

    def handle_endtag(self, tag: str) -> None:
        if self._field == "title" and tag == "a" or self._field in ("snippet", "authors") and tag == "div":
            if tag == "div" and self._depth:
                self._depth -= 1
                return
            self.items[-1][self._field] = collapse_whitespace(_HYPHEN_BREAK_RE.sub("", "".join(self._parts)))
            self._field = None

    def handle_data(self, data: str) -> None:
        if self._field:
            self._parts.append(data)


def _html_items(html: str) -> list[dict[str, str]]:
    """Items of an alert's HTML; only the markup from each title link to its snippet is parsed.

    The rest of an alert (styles, share buttons, footers) is most of its bytes;
    skipping it makes reading a mailbox several times faster.
    """
    parser = _AlertParser()
    starts = [m.start() for m in _ITEM_START_RE.finditer(html)]
    if not starts:
        return []
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(html)
        parser.feed(html[start:_snippet_end(html, start, end)])
        parser.reset_item()
    parser.close()
    return parser.items


# Each item starts at its title link. Runs inside a tag are bounded: an unclosed "<a " repeated over a
# message must not make every match scan to its end.
_ITEM_START_RE = re.compile(r"<a\b[^<>]{0,2000}\bgse_alrt_title", re.I)
_SNIPPET_START_RE = re.compile(r"class=\"?gse_alrt_sni\"?[^<>]{0,2000}>", re.I)


def _snippet_end(html: str, start: int, end: int) -> int:
    """Where an item's markup ends: after the ``</div>`` that closes its snippet, else at the next item."""
    opening = _SNIPPET_START_RE.search(html, start, end)
    if opening is None:
        return end
    closing = html.find("</div>", opening.end(), end)
    return closing + len("</div>") if closing >= 0 else end
_TITLE_MARK_RE = re.compile(r"^\[(?:PDF|HTML|BOOK|CITATION|B|C)\]\s*")
_URL_LINE_RE = re.compile(r"^<?(https?://\S+?)>?$")


def _text_items(text: str) -> list[dict[str, str]]:
    """A plain-text alert: items separated by blank lines, title, authors line, snippet lines, link line."""
    items = []
    for block in re.split(r"\n\s*\n", text.replace("\r\n", "\n")):
        lines = [line.strip() for line in block.strip().split("\n") if line.strip()]
        urls = [m.group(1) for line in lines if (m := _URL_LINE_RE.match(line))]
        lines = [line for line in lines if not _URL_LINE_RE.match(line)]
        if len(lines) < 3 or not any("scholar" in u for u in urls):
            continue
        items.append({"title": _TITLE_MARK_RE.sub("", lines[0]), "authors": lines[1],
                      "snippet": " ".join(lines[2:]), "href": urls[0]})
    return items


_TRAILING_YEAR_RE = re.compile(r"[,\s]*\b(?:19|20)\d{2}\s*$")


def _record(item: dict[str, str]) -> tuple[str | None, Record]:
    title = _TITLE_MARK_RE.sub("", item.get("title", "")).strip() or None
    url, cluster = target_url(item.get("href", ""))
    byline = item.get("authors", "")
    authors, _, venue = byline.partition(" - ")
    years = re.findall(r"\b(?:19|20)\d{2}\b", venue)  # the last: "arXiv:1912.02015, 2019" is from 2019
    snippet = item.get("snippet") or None
    venue = _TRAILING_YEAR_RE.sub("", venue)  # the year has a field of its own
    return snippet or title, Record(title, authors.strip() or None, years[-1] if years else None,
                                    venue.strip() or None, None, url or None, cluster, title_only=snippet is None)


def _header(message: email.message.Message, name: str) -> str:
    """A header decoded from its RFC 2047 words; broken encodings are replaced, never fatal."""
    value = message.get(name)
    if value is None:
        return ""
    try:
        return str(email.header.make_header(email.header.decode_header(str(value))))
    except (LookupError, ValueError, UnicodeError):
        return str(value)


def _decoded(part: email.message.Message) -> str:
    payload = part.get_payload(decode=True)
    if not isinstance(payload, bytes):
        return ""
    charset = part.get_content_charset() or "utf-8"
    try:
        return payload.decode(charset, errors="replace")
    except (LookupError, UnicodeError, ValueError):  # unknown, or no text encoding (idna, punycode): as UTF-8
        return payload.decode("utf-8", errors="replace")


def _body(message: email.message.Message) -> tuple[str, str]:
    """The HTML part if there is one, else the plain text: ``(kind, text)``."""
    parts = [p for p in message.walk() if not p.is_multipart()]
    for wanted, kind in (("text/html", "html"), ("text/plain", "plain")):
        part = next((p for p in parts if p.get_content_type() == wanted), None)
        if part is not None:
            return kind, _decoded(part)
    return "plain", ""


def parse_message(data: bytes, path: str, line: int = 1) -> ReadingList | None:
    """One alert message -> its list, or None when the message is not a Scholar alert."""
    # compat32, the default policy: the modern header registry costs more than the rest of the parse
    message = email.message_from_bytes(data)
    subject, sender = _header(message, "Subject"), _header(message, "From")
    kind_of_body, body = _body(message)
    items = _html_items(body) if kind_of_body == "html" else _text_items(body)
    seed, kind = alert_kind(subject)
    if not items and kind is None and "scholaralerts" not in sender:
        return None
    warnings: list[Diagnostic] = []
    if not items:
        warnings.append(Diagnostic(path, line, "Scholar alert without items"))
    records = [(line, *_record(item)) for item in items]
    records = [(n, text, record) for n, text, record in records if text]
    found = list_from_records(records, path, seed or None, "email", warnings, kind or "alert")
    day = _sent(message) if message.get("Date") else None
    return found._replace(date=day, sent=((line, day),)) if day else found


def _sent(message: email.message.Message) -> str | None:
    """The day a message was sent, from its Date header; None when the header is not a date."""
    try:
        when = email.utils.parsedate_to_datetime(str(message.get("Date")))
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    return when.date().isoformat() if when else None


def parse_mailbox(data: bytes, path: str, single: bool = False,
                  per_message: bool = False) -> tuple[list[ReadingList], list[Diagnostic]]:
    """The alerts of an mbox (see ``parse_messages``), or the one message of an .eml as a list named PATH."""
    return parse_messages([(1, data)] if single else split_mbox(data), path, single, per_message)


def parse_messages(messages: Iterable[tuple[int, bytes]], path: str, single: bool = False,
                   per_message: bool = False) -> tuple[list[ReadingList], list[Diagnostic]]:
    """Every alert of ``(line, message)`` pairs, one at a time (a mailbox is never held whole). The e-mails of one
    subscription (the same alert: seed title and kind) make one list, named ``PATH#N`` by the message that
    started it, its snippets in the order sent and each message's day kept by its line (``sent``): ten
    subscriptions are ten lists, however many weeks they ran. ``per_message``: one list per e-mail, as
    ``PATH#N``. Messages that are not Scholar alerts are skipped with one warning giving their count."""
    lists: list[ReadingList] = []
    # A subscription's first message, its snippets, warnings and days so far, in the order subscriptions appear.
    merged: dict[tuple[str | None, str | None], tuple[ReadingList, list, list, list]] = {}
    # An alert re-sends the papers of its last weeks: their texts and records are kept once, however many e-mails
    # carry them, so memory follows the papers rather than the e-mails.
    texts: dict[str, str] = {}
    records: dict[Record, Record] = {}

    def shared(s: Snippet, **changes: object) -> Snippet:
        record = records.setdefault(s.record, s.record) if s.record is not None else None
        return s._replace(text=texts.setdefault(s.text, s.text), record=record, **changes)  # type: ignore[arg-type]

    skipped, number = 0, 0
    for number, (line, message) in enumerate(messages, 1):
        name = path if single else f"{path}#{number}"
        parsed = parse_message(message, name, line)
        if parsed is None:
            skipped += 1
        elif single or per_message:
            lists.append(parsed._replace(snippets=tuple(shared(s) for s in parsed.snippets)))
        else:
            first, snippets, warnings, sent = merged.setdefault((parsed.seed_title, parsed.kind), (parsed, [], [], []))
            snippets += [shared(s, path=first.path, index=len(snippets) + k + 1) for k, s in enumerate(parsed.snippets)]
            warnings += [w._replace(path=first.path) for w in parsed.warnings]
            sent += parsed.sent
    lists += [first._replace(snippets=tuple(snippets), warnings=tuple(warnings), sent=tuple(sent),
                      date=max((day for _, day in sent), default=None))
              for first, snippets, warnings, sent in merged.values()]
    warnings = []
    if not number:
        warnings.append(Diagnostic(path, None, "no messages found (an mbox starts each message with 'From ')"))
    if skipped:
        what = "1 message is not a Scholar alert" if skipped == 1 else f"{skipped} messages are not Scholar alerts"
        warnings.append(Diagnostic(path, None, f"{what}; skipped"))
    return lists, warnings
