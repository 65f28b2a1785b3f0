"""Values shared by every stage of the pipeline."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Literal, NamedTuple

# From the tightest to the loosest evidence; a group's kind is its loosest link.
KIND_ORDER: dict[str, int] = {"exact": 0, "truncation": 1, "identifier": 2, "title": 3, "pages": 4, "near": 5}

Kind = Literal["exact", "truncation", "identifier", "title", "pages", "near"]
Tier = Literal["duplicate", "maybe"]

# The default of a value's mapping field: one object shared by every value, so one nobody can change.
NO_ENTRIES: Mapping = MappingProxyType({})


class Diagnostic(NamedTuple):
    """A warning or error about one input, with the line when it is known."""

    path: str
    line: int | None
    message: str

    def render(self, severity: str = "warning") -> str:
        """Format as ``path:line: severity: message``."""
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {severity}: {self.message}"


class Record(NamedTuple):
    """What an alert or a reference export says about a paper besides its text."""

    title: str | None = None
    authors: str | None = None
    year: str | None = None
    venue: str | None = None
    doi: str | None = None
    url: str | None = None
    scholar_id: str | None = None
    title_only: bool = False
    volume: str | None = None
    issue: str | None = None
    pages: str | None = None
    source_id: str | None = None  # the record's own id: a BibTeX key, RIS ID, PMID, WoS UT, a CSV id column
    kind: str | None = None  # the type the source gives: RIS TY, a BibTeX entry type, a CSV document type
    keywords: str | None = None  # the record's own keywords, "; "-joined


# A user's marks on papers. later: not decided yet, asked again after the rest; it teaches the ranking nothing.
MARKS = ("want", "read", "skip", "later")
MARK_ORDER = ("read", "skip", "want", "later")  # where copies of one paper carry different marks, the first wins


def paper_mark_of(found: set[str]) -> str | None:
    """The one mark a paper shows, of the marks its copies carry."""
    return next((mark for mark in MARK_ORDER if mark in found), None)


def paper_ref(paper_id: int) -> str:
    """How every view writes a collection's paper id and ``mark`` takes it: ``p41``, never a bare number, which
    a run over PATHs prints as a rank."""
    return f"p{paper_id}"


# How a title that paperlist made from a snippet begins in RIS and BibTeX: its readers drop such a title again.
MADE_TITLE_PREFIX = "[untitled; from the snippet] "

# A record's text fields in the order every output shows them.
RECORD_FIELDS = ("title", "authors", "year", "venue", "volume", "issue", "pages", "doi", "url", "scholar_id",
                 "source_id", "kind", "keywords")


class Snippet(NamedTuple):
    """The opening of one related paper's abstract, as found in a list."""

    path: str
    line: int
    index: int
    text: str
    truncated: bool
    seed_title: str | None = None
    tags: tuple[str, ...] = ()
    record: Record | None = None


class ReadingList(NamedTuple):
    """One parsed list: its seed title, snippets and the warnings met on the way."""

    path: str
    seed_title: str | None
    seed_truncated: bool
    snippets: tuple[Snippet, ...]
    warnings: tuple[Diagnostic, ...] = ()
    name: str = ""
    source: str = "text"
    kind: str | None = None
    date: str | None = None  # when the list was sent (an alert's Date header), as YYYY-MM-DD: the latest
    sent: tuple[tuple[int, str], ...] = ()  # a subscription's e-mails: (the line a message starts on, its day)

    @property
    def short_name(self) -> str:
        """The name people see: relative to the argument the list was found under."""
        return self.name or self.path


class Pair(NamedTuple):
    """Evidence that two members of a group are the same paper."""

    a: int
    b: int
    kind: Kind
    similarity: float
    agreed: tuple[str, ...] = ()  # for records: the fields that agreed
    missing: tuple[str, ...] = ()  # for records: the fields only one of the two carries


class DuplicateGroup(NamedTuple):
    """Snippets judged to be one paper, with the pairs that joined them."""

    id: int
    kind: Kind
    tier: Tier
    members: tuple[Snippet, ...]
    pairs: tuple[Pair, ...]
    keep: int = 0
    lists: tuple[str, ...] = ()

    @property
    def similarity(self) -> float:
        """The lowest pair score: how loosely the group holds together."""
        return min((pair.similarity for pair in self.pairs), default=1.0)


class Paper(NamedTuple):
    """One distinct paper: every snippet that is a copy of it, and the copy to show."""

    id: int
    members: tuple[Snippet, ...]
    keep: int = 0
    lists: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    group: int | None = None

    @property
    def kept(self) -> Snippet:
        """The copy shown for the paper: longest, then not truncated, then first by place."""
        return self.members[self.keep]
