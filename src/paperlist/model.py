"""Values shared by every stage of the pipeline."""

from __future__ import annotations

# From the tightest to the loosest evidence; a group's kind is its loosest link.
KIND_ORDER: dict[str, int] = {"exact": 0, "truncation": 1, "identifier": 2, "title": 3, "near": 4}

TYPE_CHECKING = False  # typing is not imported at start-up: checkers see the literals, the code plain strings
if TYPE_CHECKING:
    from typing import Literal, Self
    Kind = Literal["exact", "truncation", "identifier", "title", "near"]
    Tier = Literal["duplicate", "maybe"]
else:
    Kind = Tier = str


class Value:
    """A value compared, hashed, shown and copied by the fields its class names in ``__slots__``.

    Plain classes rather than dataclasses: importing ``dataclasses`` (and ``inspect``) and generating the
    methods cost about a fifth of a short run's start-up. Values are never changed after ``__init__``;
    ``replace`` makes a changed copy.
    """

    __slots__ = ()

    def _fields(self) -> tuple:
        return tuple([getattr(self, name) for name in self.__slots__])

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._fields() == other._fields()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({shown})"

    def replace(self, **changes: object) -> Self:
        """A copy with the fields named in ``changes`` set to new values."""
        values = {name: getattr(self, name) for name in self.__slots__}
        unknown = changes.keys() - values.keys()
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {sorted(unknown)[0]!r}")
        values.update(changes)
        return type(self)(**values)


class Diagnostic(Value):
    """A warning or error about one input, with the line when it is known."""

    __slots__ = ("path", "line", "message")

    def __init__(self, path: str, line: int | None, message: str) -> None:
        self.path = path
        self.line = line
        self.message = message

    def render(self, severity: str = "warning") -> str:
        """Format as ``path:line: severity: message``."""
        where = self.path if self.line is None else f"{self.path}:{self.line}"
        return f"{where}: {severity}: {self.message}"


class Record(Value):
    """What an alert or a reference export says about a paper besides its text."""

    __slots__ = ("title", "authors", "year", "venue", "doi", "url", "scholar_id", "title_only")

    def __init__(
            self, title: str | None = None, authors: str | None = None, year: str | None = None,
            venue: str | None = None, doi: str | None = None, url: str | None = None, scholar_id: str | None = None,
            title_only: bool = False,
    ) -> None:
        self.title = title
        self.authors = authors
        self.year = year
        self.venue = venue
        self.doi = doi
        self.url = url
        self.scholar_id = scholar_id
        self.title_only = title_only


class Snippet(Value):
    """The opening of one related paper's abstract, as found in a list."""

    __slots__ = ("path", "line", "index", "text", "truncated", "seed_title", "tags", "record")

    def __init__(
            self, path: str, line: int, index: int, text: str, truncated: bool, seed_title: str | None = None,
            tags: tuple[str, ...] = (), record: Record | None = None,
    ) -> None:
        self.path = path
        self.line = line
        self.index = index
        self.text = text
        self.truncated = truncated
        self.seed_title = seed_title
        self.tags = tags
        self.record = record


class ReadingList(Value):
    """One parsed list: its seed title, snippets and the warnings met on the way."""

    __slots__ = ("path", "seed_title", "seed_truncated", "snippets", "warnings", "name", "source", "kind")

    def __init__(
            self, path: str, seed_title: str | None, seed_truncated: bool, snippets: tuple[Snippet, ...],
            warnings: tuple[Diagnostic, ...] = (), name: str = "", source: str = "text", kind: str | None = None,
    ) -> None:
        self.path = path
        self.seed_title = seed_title
        self.seed_truncated = seed_truncated
        self.snippets = snippets
        self.warnings = warnings
        self.name = name
        self.source = source
        self.kind = kind

    @property
    def short_name(self) -> str:
        """The name people see: relative to the argument the list was found under."""
        return self.name or self.path


class Pair(Value):
    """Evidence that two members of a group are the same paper."""

    __slots__ = ("a", "b", "kind", "similarity")

    def __init__(self, a: int, b: int, kind: Kind, similarity: float) -> None:
        self.a = a
        self.b = b
        self.kind = kind
        self.similarity = similarity


class DuplicateGroup(Value):
    """Snippets judged to be one paper, with the pairs that joined them."""

    __slots__ = ("id", "kind", "tier", "members", "pairs", "keep", "lists")

    def __init__(
            self, id: int, kind: Kind, tier: Tier, members: tuple[Snippet, ...], pairs: tuple[Pair, ...],
            keep: int = 0, lists: tuple[str, ...] = (),
    ) -> None:
        self.id = id
        self.kind = kind
        self.tier = tier
        self.members = members
        self.pairs = pairs
        self.keep = keep
        self.lists = lists

    @property
    def similarity(self) -> float:
        """The lowest pair score: how loosely the group holds together."""
        return min((pair.similarity for pair in self.pairs), default=1.0)


class Paper(Value):
    """One distinct paper: every snippet that is a copy of it, and the copy to show."""

    __slots__ = ("id", "members", "keep", "lists", "tags", "group")

    def __init__(
            self, id: int, members: tuple[Snippet, ...], keep: int = 0, lists: tuple[str, ...] = (),
            tags: tuple[str, ...] = (), group: int | None = None,
    ) -> None:
        self.id = id
        self.members = members
        self.keep = keep
        self.lists = lists
        self.tags = tags
        self.group = group

    @property
    def kept(self) -> Snippet:
        """The copy shown for the paper: longest, then not truncated, then first by place."""
        return self.members[self.keep]
