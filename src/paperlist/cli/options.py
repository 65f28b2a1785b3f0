"""The parsed command line as plain frozen values, one per command family: argparse stops here."""

from __future__ import annotations

import argparse
import os
import re
from collections.abc import Mapping
from typing import Literal, NamedTuple

from paperlist.cli.errors import UsageError
from paperlist.inputs.files import InputError, read_capped
from paperlist.match.dupes import DEFAULT_THRESHOLD, MIN_PREFIX_WORDS
from paperlist.model import KIND_ORDER
from paperlist.readers.detect import unicode_codec
from paperlist.render.keys import KeysError, parse_keys

DEFAULT_DB = "paperlist.db"
_PAIR_RE = re.compile(r"^\s*([0-9a-f]{16})\s+([0-9a-f]{16})\s*(?:#.*)?$")


class Inputs(NamedTuple):
    """Where the lists come from and how they are read."""

    paths: tuple[str, ...] = ()
    glob: str | None = None
    input_format: str | None = None
    strict: bool = False
    jobs: int = 1
    per_message: bool = False  # a mailbox: one list per e-mail, not per subscription


class Grouping(NamedTuple):
    """How snippets are joined into papers: the same in every command. ``threshold`` None: no near search."""

    threshold: float | None = DEFAULT_THRESHOLD
    maybe: float | None = None
    min_words: int = MIN_PREFIX_WORDS
    not_duplicates: frozenset[frozenset[str]] = frozenset()


class Selection(NamedTuple):
    """Which papers a reading list shows, and in which order."""

    focus: tuple[str, ...] = ()
    tag: tuple[str, ...] = ()
    exclude_tag: tuple[str, ...] = ()
    min_lists: int = 1
    top: int | None = None
    all_marks: bool = False  # with a collection: also papers marked read or skip
    explain: bool = False  # text and Markdown: the terms that weigh most for each paper


class DupesView(NamedTuple):
    """What ``dupes`` lists and how."""

    kinds: tuple[str, ...] = tuple(KIND_ORDER)
    sort: Literal["kind", "place", "similarity"] = "kind"
    cross_list: bool = False
    explain: bool = False
    exit_code: bool = False
    show_all: bool = False  # exact copies in full, not one line each
    write_deduplicated: str | None = None  # a file for the input records minus the duplicate copies


class ReportOptions(NamedTuple):
    """summarize, dupes, export, triage and report: PATHs or a whole collection in, one document out."""

    command: str
    inputs: Inputs = Inputs()
    grouping: Grouping = Grouping()
    rules: str | None = None  # a TOML rules file, "auto", or None for the built-in rules
    format: str = "text"
    db: str | None = None
    terms: int = 0
    selection: Selection = Selection()
    dupes: DupesView = DupesView()
    output: str | None = None  # report -o: a file, checked against every input before it is written
    # Files the run reads or keeps besides its inputs, each with what it is: -o may never name one of them.
    kept_files: tuple[tuple[str, str], ...] = ()


class CollectionOptions(NamedTuple):
    """add, new, mark, not-same and db: commands that open (or create) a collection."""

    command: str
    db: str
    inputs: Inputs = Inputs()
    grouping: Grouping = Grouping()
    rules: str | None = None
    format: str = "text"
    selection: Selection = Selection()
    show_new: bool = False  # add --new
    show_known: bool = False  # new --show-known
    mark: str = ""
    refs: tuple[str, ...] = ()
    action: str = ""  # db: info or check; not-same: record, list or undo


class TagsOptions(NamedTuple):
    """tags: print the active rules, or suggest rules for the topics of PATHs."""

    command: str
    rules: str | None = None
    suggest: bool = False
    inputs: Inputs = Inputs()


class SimulateOptions(NamedTuple):
    """simulate: replay one labelled file."""

    command: str
    path: str
    label: str | None = None
    priors: tuple[str, ...] = ()
    format: str = "text"


class ServeOptions(NamedTuple):
    """serve: the collection, the port on 127.0.0.1 and the page's keys (action -> keys)."""

    command: str
    db: str
    port: int  # 0: any free port
    keys: Mapping[str, list[str]]  # every action's keys, the defaults where --keys names none


Options = ReportOptions | CollectionOptions | TagsOptions | SimulateOptions | ServeOptions
COLLECTION_COMMANDS = ("add", "new", "remove", "mark", "not-same", "db")


def read_option_file(path: str, what: str) -> str:
    """A rules or decisions file: a regular file under the size cap, in UTF-8 (or UTF-16, as Windows editors may
    save it)."""
    try:
        data = read_capped(path)
    except InputError as exc:
        raise UsageError(f"{path}: {exc}") from None
    found = unicode_codec(data)
    codec = found[0] if found else "utf-8"
    try:
        return data.decode(codec).removeprefix("\ufeff")
    except UnicodeDecodeError:
        raise UsageError(f"{path}: {what} is not valid {codec[:6].upper()}") from None


def read_not_duplicates(path: str) -> frozenset[frozenset[str]]:
    """Parse a decisions file: ``FINGERPRINT FINGERPRINT`` per line, ``#`` comments, blank lines."""
    pairs = set()
    for number, line in enumerate(read_option_file(path, "decisions file").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = _PAIR_RE.match(line.lower())
        if not match:
            raise UsageError(f"{path}:{number}: expected two 16-digit hex fingerprints, got {_quote(line.strip())}")
        pairs.add(frozenset(match.groups()))
    return frozenset(pairs)


def _quote(text: str, limit: int = 60) -> str:
    """Quote input in a message, cut to ``limit`` characters: a 20 MB line is not echoed."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def db_path(given: str | None, environ: dict[str, str] | os._Environ) -> str:
    """--db, else $PAPERLIST_DB, else ./paperlist.db."""
    return given or environ.get("PAPERLIST_DB") or DEFAULT_DB


def _check(given: dict[str, object]) -> None:
    """Refuse option and format combinations that would be silently ignored."""
    fmt = given.get("format")
    if given.get("color", "auto") == "always" and fmt != "text":
        raise UsageError(f"--color always only applies to --format text, not {fmt}")
    if given.get("csv_raw") and fmt != "csv":
        raise UsageError(f"--csv-raw only applies to --format csv, not {fmt}")
    if given.get("terms") and fmt == "csv":
        raise UsageError("--terms is not available with --format csv (use json, markdown or text)")
    if given.get("no_near") and (given.get("threshold") is not None or given.get("maybe") is not None):
        raise UsageError("--no-near cannot be combined with --threshold or --maybe")


def _inputs(given: dict[str, object]) -> Inputs:
    return Inputs(tuple(given.get("paths") or ()), given.get("glob"), given.get("input_format"),  # type: ignore[arg-type]
                  bool(given.get("strict")), int(given.get("jobs") or 1), bool(given.get("per_message")))


def _grouping(given: dict[str, object]) -> Grouping:
    not_duplicates = read_not_duplicates(given["not_duplicates"]) if given.get("not_duplicates") else frozenset()  # type: ignore[arg-type]
    min_words = given.get("min_words") or MIN_PREFIX_WORDS
    if given.get("no_near"):
        return Grouping(None, None, min_words, not_duplicates)  # type: ignore[arg-type]
    threshold = given.get("threshold")
    threshold = DEFAULT_THRESHOLD if threshold is None else threshold
    maybe = given.get("maybe")
    if maybe is not None and maybe >= threshold:  # type: ignore[operator]
        raise UsageError(f"--maybe ({maybe}) must be below --threshold ({threshold})")
    return Grouping(threshold, maybe, min_words, not_duplicates)  # type: ignore[arg-type]


def _selection(given: dict[str, object]) -> Selection:
    return Selection(tuple(given.get("focus") or ()), tuple(given.get("tag") or ()),  # type: ignore[arg-type]
                     tuple(given.get("exclude_tag") or ()), given.get("min_lists") or 1,  # type: ignore[arg-type]
                     given.get("top"), bool(given.get("all")),  # type: ignore[arg-type]
                     bool(given.get("explain")) and given["command"] != "dupes")


def _action(given: dict[str, object]) -> str:
    """db's action; not-same's: list, undo or record."""
    if given["command"] == "not-same":
        return "list" if given.get("list") else "undo" if given.get("undo") else "record"
    return str(given.get("action") or "")


def report_db(given: str | None, has_paths: bool, environ: dict[str, str] | os._Environ) -> str | None:
    """The collection a report command reads: --db, or with no PATHs the default one when it exists."""
    if given or has_paths:
        return given
    default = db_path(None, environ)
    return default if os.path.isfile(default) else None


def options_from(args: argparse.Namespace, environ: dict[str, str] | os._Environ) -> Options:
    """The command's options as values; every option check that needs no input happens here."""
    given = vars(args)
    command = given["command"]
    _check(given)
    if command == "simulate":
        return SimulateOptions(command, given["path"], given.get("label"), tuple(given.get("prior") or ()),
                               given.get("format") or "text")
    if command == "serve":
        try:
            keys = parse_keys(given.get("keys") or "")
        except KeysError as exc:
            raise UsageError(f"--keys: {exc}") from None
        return ServeOptions(command, db_path(given.get("db"), environ), int(given.get("port") or 0), keys)
    if command == "tags":
        return TagsOptions(command, given.get("tags"), bool(given.get("suggest")), _inputs(given))
    if command in COLLECTION_COMMANDS:
        return CollectionOptions(
            command, db_path(given.get("db"), environ), _inputs(given), _grouping(given), given.get("tags"),
            given.get("format") or "text", _selection(given), bool(given.get("new")), bool(given.get("show_known")),
            given.get("mark") or "", tuple(given.get("refs") or given.get("lists") or ()), _action(given))
    dupes = DupesView(tuple(given.get("kind") or KIND_ORDER), given.get("sort") or "kind",  # type: ignore[arg-type]
                      bool(given.get("cross_list")), bool(given.get("explain")), bool(given.get("exit_code")),
                      bool(given.get("all")), given.get("write_deduplicated"))
    db = report_db(given.get("db"), bool(given.get("paths")), environ)
    return ReportOptions(command, _inputs(given), _grouping(given), given.get("tags"), given.get("format") or "text",
                         db, given.get("terms") or 0, _selection(given), dupes, given.get("output"),
                         _kept_files(db, given.get("tags"), given.get("not_duplicates")))


def _kept_files(db: str | None, rules: str | None, decisions: str | None) -> tuple[tuple[str, str], ...]:
    """The collection (with SQLite's files beside it), the tag rules file and the decisions file, where given."""
    kept = [(db, "the collection")] + [(db + suffix, f"the collection's {suffix} file")
                                        for suffix in ("-wal", "-shm", "-journal")] if db else []
    if rules and rules not in ("auto", "builtin"):
        kept.append((rules, "the tag rules file"))
    if decisions:
        kept.append((decisions, "the decisions file"))
    return tuple(kept)
