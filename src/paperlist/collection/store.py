"""The SQLite collection: with ``schema``, the only code that speaks SQL. It stores what the core computes."""

from __future__ import annotations

import datetime
import json
import os
import sqlite3
import time
from array import array
from collections.abc import Iterable, Sequence
from itertools import islice
from urllib.parse import quote

from paperlist.collection.keys import (
    fingerprint_hex,
    fingerprint_number,
    key_number,
    opening_number,
)
from paperlist.collection.errors import StoreError, StoreOutdated
from paperlist.collection.schema import APPLICATION_ID, SCHEMA, SCHEMA_VERSION, STEPS, STORED_FIELDS, valid_record
from paperlist.match.identity import text_identity
from paperlist.match.normalize import match_key
from paperlist.model import MARKS, ReadingList, Record, Snippet

TABLES = frozenset({"meta", "lists", "texts", "snippets", "tokens", "frequent_tokens", "marks", "not_same", "retired",
                    "events"})
# Each table's columns by the type every command reads them as (null allowed where the schema allows it).
TYPED_COLUMNS = {
    "meta": {"key": "text", "value": "text"},
    "lists": {"id": "integer", "path": "text", "name": "text", "seed_title": "text", "source": "text", "kind": "text",
              "content_hash": "text", "version": "integer", "added_at": "text"},
    "texts": {"id": "integer", "fingerprint": "integer", "opening": "integer", "truncated": "integer",
              "paper": "integer"},
    "snippets": {"id": "integer", "list": "integer", "line": "integer", "idx": "integer", "text": "text",
                 "truncated": "integer", "text_id": "integer", "record": "text", "doi": "text", "scholar_id": "text",
                 "title_key": "text"},
    "tokens": {"token": "integer", "text_id": "integer"},
    "frequent_tokens": {"token": "integer", "class": "integer"},
    "marks": {"fingerprint": "text", "mark": "text", "marked_at": "text"},
    "not_same": {"a": "text", "b": "text", "decided_at": "text"},
    "retired": {"fingerprint": "integer", "paper": "integer"},
    "events": {"id": "integer", "at": "text", "action": "text", "detail": "text"},
}
FINGERPRINT_GLOB = "[0-9a-f]" * 16  # what marks and decisions are keyed by: fingerprint_hex
BUSY_MS = 30_000  # a second `add` waits this long for the first to finish
INSERT_CHUNK = 20_000  # rows a statement: one JSON text of a few MB at a time
_TOKEN_OFFSET = 1 << 23  # makes every token non-negative, for packing


def storable(text: str) -> str:
    """Text SQLite can hold: a file name's undecodable bytes (kept by Python as lone surrogates) are written
    as ``\\xNN``, as every view shows them."""
    try:
        text.encode("utf-8")
        return text
    except UnicodeEncodeError:
        return text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def describe_failure(path: str, exc: BaseException) -> str:
    """One line for a SQLite failure: what happened to the collection, and what to do."""
    text = str(exc).lower()
    if "full" in text:
        return f"{path}: no space left on the device; the collection is unchanged"
    if "readonly" in text or "read-only" in text or "unable to open" in text and os.path.exists(path):
        return (f"{path}: read-only here: reading commands work, writing ones (add, remove, mark, not-same, serve) "
                "cannot")
    if _is_busy(exc):
        return f"{path}: busy: another paperlist has held it for {BUSY_MS // 1000} s; try again"
    if "not a database" in text:  # not SQLite at all: nothing a check could say more
        return f"{path}: not a paperlist collection (not a database file; a collection is made by 'paperlist add')"
    if "malformed" in text or "corrupt" in text:
        return f"{path}: a damaged collection (run 'paperlist db check --db {path}')"
    return f"{path}: the collection could not be used ({exc}); run 'paperlist db check --db {path}'"


def _is_busy(exc: sqlite3.Error) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _disk_trouble(exc: sqlite3.Error) -> bool:
    """A failure of the disk, not of the collection: full, or an I/O error making the -wal and -shm files."""
    text = str(exc).lower()
    return "disk is full" in text or "disk i/o error" in text or "readonly" in text or "read-only" in text


def _writable(path: str) -> bool:
    """Whether this process may write the collection and create the -wal and -shm files beside it."""
    return os.access(path, os.W_OK) and os.access(os.path.dirname(os.path.abspath(path)), os.W_OK)


def _read_only_uri(path: str) -> str:
    """How to read a collection this process cannot write: immutable, which needs no -shm file (SQLite cannot
    make one in a read-only folder, and could not remove one it made beside a read-only file). A collection's
    writers leave no WAL behind when they close; one still there holds changes, and is read with them."""
    uri = f"file:{quote(os.path.abspath(path))}?mode=ro"
    wal = f"{path}-wal"
    return uri if os.path.exists(wal) and os.path.getsize(wal) > 0 else uri + "&immutable=1"


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat()


class Store:
    """One collection file. Writes happen inside ``transaction()``; readers never block (WAL)."""

    def __init__(self, path: str, create: bool = True, read_only: bool = False) -> None:
        """Open (``create``: or make) the collection at ``path``; ``read_only`` never writes a byte of it."""
        self.path = path
        self.read_only = read_only
        self._json = True  # SQLite has its JSON functions (almost every build since 3.9; all since 3.38)
        if not create and not os.path.exists(path):
            raise StoreError(f"{path}: no collection here (create one with 'paperlist add')")
        if not read_only and os.path.exists(path) and not _writable(path):  # refused before SQLite makes a -wal
            raise StoreError(describe_failure(path, sqlite3.OperationalError("readonly")))
        # A reading command opens a collection it could write as a writer that makes no change, so that its
        # close folds the WAL back and removes the -wal and -shm files; one it cannot write, read-only. Where
        # that writer cannot start (a full disk has no room for the -shm file), it reads read-only after all.
        try:
            self._connect(path, read_only and not _writable(path))
        except sqlite3.Error as exc:
            if not read_only or not _disk_trouble(exc):
                raise StoreError(describe_failure(path, exc)) from None
            try:
                self._connect(path, True)
            except sqlite3.Error as again:
                raise StoreError(describe_failure(path, again)) from None

    def _connect(self, path: str, as_reader: bool) -> None:
        """Open ``self.db`` (as a reader: read-only) and the collection in it; a failure leaves nothing open."""
        # check_same_thread: a first `add` writes rows from a second thread while the first one groups.
        target, uri = (_read_only_uri(path), True) if as_reader else (path, False)
        self.db = sqlite3.connect(target, timeout=BUSY_MS / 1000, isolation_level=None, check_same_thread=False,
                                  uri=uri)
        try:
            self.db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            deadline = time.monotonic() + BUSY_MS / 1000
            while True:
                try:
                    self._open()
                    break
                except sqlite3.OperationalError as exc:
                    # SQLite refuses at once, without waiting, a lock that could deadlock (two first adds
                    # meeting while one switches the file to WAL); those are safe to try again.
                    if not _is_busy(exc) or time.monotonic() > deadline:
                        raise
                    if self.db.in_transaction:
                        self.db.execute("ROLLBACK")
                    time.sleep(0.02)
        except sqlite3.Error:
            self.db.close()
            raise

    def _open(self) -> None:
        # One snapshot for both: a first `add` in another process may commit its schema between two reads.
        self.db.execute("BEGIN")
        application = self.db.execute("PRAGMA application_id").fetchone()[0]
        tables = self.db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        self.db.execute("COMMIT")
        if tables == 0 and application == 0:
            if self.read_only:
                raise StoreError(f"{self.path}: not a paperlist collection (an empty file)")
            self.db.execute("PRAGMA journal_mode = WAL")  # before the schema: no rollback-journal locks to meet
            self._create()
        elif application != APPLICATION_ID:
            raise StoreError(f"{self.path}: not a paperlist collection")
        if not self.read_only:
            self.db.execute("PRAGMA journal_mode = WAL")
        self._migrate()
        self.db.execute("PRAGMA foreign_keys = ON")
        if self.read_only:
            self.db.execute("PRAGMA query_only = ON")

    @classmethod
    def copy_of(cls, path: str) -> Store:
        """The collection copied into memory: what ``new`` tries its lists on when the file is read-only."""
        source = cls.__new__(cls)
        source.path, source.read_only = path, True
        source.db = sqlite3.connect(_read_only_uri(path), uri=True, isolation_level=None)
        store = cls.__new__(cls)
        store.path, store.read_only, store._json = path, False, True
        store.db = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        source.db.backup(store.db)
        source.close()
        store._migrate()
        store.db.execute("PRAGMA foreign_keys = ON")
        return store

    def _create(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        if self.db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            self.db.execute("COMMIT")  # another first `add` made it while this one waited: use theirs
            return
        for statement in SCHEMA.split(";"):
            if statement.strip():
                self.db.execute(statement)
        self.db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        self.db.execute("INSERT INTO meta VALUES ('schema_version', ?), ('created', ?)", (str(SCHEMA_VERSION), _now()))
        self.db.execute("COMMIT")

    def _version(self) -> int:
        stored = self.meta("schema_version") or "0"
        if not (stored.isascii() and stored.isdigit() and len(stored) <= 6):
            raise StoreError(f"{self.path}: unknown schema version {stored[:20]!r}: not a collection this paperlist "
                             "can read")
        version = int(stored)
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path}: written by a newer paperlist (schema {version}); upgrade paperlist")
        if version < 1:
            raise StoreError(f"{self.path}: not a paperlist collection (no schema version)")
        return version

    def _migrate(self) -> None:
        """Bring an older schema up to SCHEMA_VERSION, one step at a time, in one transaction."""
        if self._version() == SCHEMA_VERSION:
            return
        if self.read_only:
            raise StoreOutdated(f"{self.path}: made by an older paperlist (schema {self._version()})")
        with self.transaction():
            version = self._version()  # another process may have migrated while this one waited
            while version < SCHEMA_VERSION:
                STEPS[version](self)
                version += 1
                self.db.execute("UPDATE meta SET value = ? WHERE key = 'schema_version'", (str(version),))

    def meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def transaction(self) -> "_Transaction":
        """``with store.transaction():`` one atomic write; BEGIN IMMEDIATE makes a second writer wait."""
        return _Transaction(self.db)

    def failure(self, exc: BaseException) -> str | None:
        """One line for a failure of this collection's SQLite (busy, full, damaged), or None for any other."""
        return describe_failure(self.path, exc) if isinstance(exc, sqlite3.Error) else None

    def snapshot(self) -> "_Snapshot":
        """``with store.snapshot():`` several reads that see one state of the collection (no lock is taken)."""
        return _Snapshot(self.db)

    def trial(self) -> "_Transaction":
        """``with store.trial():`` like a transaction, but always rolled back (``paperlist new``)."""
        return _Transaction(self.db, keep=False)

    def all_texts(self) -> set[int]:
        return {int(r[0]) for r in self.db.execute("SELECT id FROM texts")}

    def max_text_id(self) -> int:
        return int(self.db.execute("SELECT coalesce(max(id), 0) FROM texts").fetchone()[0])

    def oldest_text_of_papers(self, papers: Iterable[int]) -> dict[int, int]:
        return dict(self._rows("SELECT paper, min(id) FROM texts WHERE paper IN ({}) GROUP BY paper", papers))

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        """Closed when the block ends, not when it is collected: the last connection's close writes the WAL back
        into the file, and a collection's size must not depend on when that happens. A SQLite failure inside
        the block becomes one line naming the file and what to do."""
        self.close()
        if isinstance(value, sqlite3.Error):
            raise StoreError(describe_failure(self.path, value)) from None

    # -- lists, texts and snippets ------------------------------------------------------------------
    def known_list(self, content_hash: str, path: str) -> bool:
        return self.db.execute("SELECT 1 FROM lists WHERE content_hash = ? AND path = ?",
                               (content_hash, storable(path))).fetchone() is not None

    def list_versions(self) -> dict[str, int]:
        """How many lists were added under each path: read once for a whole add (no index finds a path)."""
        return dict(self.db.execute("SELECT path, count(*) FROM lists GROUP BY path"))

    def add_list(self, rl: ReadingList, content_hash: str, versions: dict[str, int]) -> int:
        """Record one list; ``versions`` is ``list_versions`` as this transaction read it, kept up to date."""
        path = storable(rl.path)
        version = versions[path] = versions.get(path, 0) + 1
        cursor = self.db.execute(
            "INSERT INTO lists (path, name, seed_title, source, kind, content_hash, version, added_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (path, storable(rl.short_name), rl.seed_title, rl.source, rl.kind, content_hash, version, _now()))
        n = len(rl.snippets)
        self.log("add", f"{path} ({n} {'snippet' if n == 1 else 'snippets'})")
        return int(cursor.lastrowid)

    def text_ids_of_keys(self, keys: Iterable[str]) -> dict[str, int]:
        """The stored text of each identity (``identity.text_identity``) that has one (found by fingerprint, checked
        against the words)."""
        by_number = {key_number(key): key for key in keys}
        found = self._rows("SELECT fingerprint, id FROM texts WHERE fingerprint IN ({})", by_number)
        stored = self.keys_of(text_id for _, text_id in found)
        return {by_number[number]: int(text_id) for number, text_id in found
                if stored[int(text_id)][0] == by_number[number]}

    def keys_of(self, texts: Iterable[int]) -> dict[int, tuple[str, bool]]:
        """Each text's identity (from one of its snippets: its match key, and a title-only record's year and first
        author) and whether any copy of it was cut."""
        rows = self._rows("SELECT t.id, t.truncated, s.text, s.record FROM texts t JOIN snippets s ON s.id = "
                          "(SELECT min(id) FROM snippets WHERE text_id = t.id) WHERE t.id IN ({})", set(texts))
        return {int(text_id): (stored_identity(text, record), bool(truncated))
                for text_id, truncated, text, record in rows}

    @staticmethod
    def text_rows(texts: Iterable[tuple[int, str, bool]]) -> list[tuple]:
        """The rows of new distinct texts, given as ``(id, key, truncated)``."""
        return [(i, key_number(key), opening_number(key), int(cut)) for i, key, cut in texts]

    def insert_text_rows(self, rows: Sequence[tuple]) -> None:
        self._insert("INSERT INTO texts (id, fingerprint, opening, truncated)", rows)

    def mark_truncated(self, texts: Iterable[int]) -> None:
        self.db.executemany("UPDATE texts SET truncated = 1 WHERE id = ?", ((t,) for t in texts))

    @staticmethod
    def record_columns(record: Record, title_key: str | None, doi: str | None) -> tuple:
        """A record's columns in ``snippet_row``: made once per record, however many snippets carry it."""
        return json.dumps([getattr(record, f) for f in STORED_FIELDS]), doi, record.scholar_id, title_key

    @staticmethod
    def snippet_row(list_id: int, s: Snippet, text_id: int, about: tuple = (None, None, None, None)) -> tuple:
        """The row ``add_snippets`` writes for one snippet; ``about`` is its ``record_columns``."""
        return (list_id, s.line, s.index, s.text, int(s.truncated), text_id, *about)

    def defer_references(self) -> None:
        """Check references at commit instead of at each row (snippets may then go in before their texts)."""
        self.db.execute("PRAGMA defer_foreign_keys = ON")

    def add_snippets(self, rows: Iterable[tuple]) -> None:
        self._insert("INSERT INTO snippets (list, line, idx, text, truncated, text_id, record, doi, scholar_id, "
                     "title_key)", rows)

    def _insert(self, insert: str, rows: Iterable[Sequence[object]]) -> None:
        """``insert`` (``INSERT INTO t (columns)``) the rows, given as lists or tuples of one length.

        The rows go as one JSON array that SQLite unpacks: one statement that runs without the GIL,
        instead of binding every value from Python. Row by row where JSON cannot carry a text
        exactly (SQLite's JSON functions end a string at a NUL character) or SQLite has no JSON.
        """
        rows = iter(rows)
        while chunk := list(islice(rows, INSERT_CHUNK)):
            width = len(chunk[0])
            columns = ", ".join(f"json_extract(value, '$[{i}]')" for i in range(width))
            if self._json:
                payload = json.dumps(chunk)
                if "\\u0000" not in payload:
                    try:
                        self.db.execute(f"{insert} SELECT {columns} FROM json_each(?)", (payload,))
                        continue
                    except sqlite3.OperationalError as exc:
                        if "no such function" not in str(exc):
                            raise
                        self._json = False
            self.db.executemany(f"{insert} VALUES ({', '.join('?' * width)})", chunk)

    @staticmethod
    def token_rows(prefixes: Iterable[tuple[int, Sequence[int]]]) -> array:
        """The index rows of texts' prefix tokens, given as ``(text id, tokens)``: each row packed in one
        integer, sorted (appending to a B-tree in order is fastest), in a typed array (8 bytes a row,
        not 36: a first add of 1M snippets holds 18M rows while it groups)."""
        return array("q", sorted((token + _TOKEN_OFFSET) << 32 | text_id for text_id, tokens in prefixes
                                 for token in tokens))

    def insert_token_rows(self, rows: array) -> None:
        """Write ``token_rows``; SQLite unpacks them from a JSON array (binding two values a row costs
        more than the insert, and one statement runs without the GIL)."""
        for start in range(0, len(rows), 10 * INSERT_CHUNK):
            self.db.execute(f"INSERT OR IGNORE INTO tokens SELECT (value >> 32) - {_TOKEN_OFFSET}, value & 4294967295 "
                            "FROM json_each(?)", (json.dumps(rows[start:start + 10 * INSERT_CHUNK].tolist()),))

    def token_order(self) -> tuple[dict[int, int], int]:
        """The frequency classes the prefix order uses, and how many texts they were derived from."""
        texts = self.meta("order_texts")  # a count changed by hand is taken as never derived: the next add derives it
        return dict(self.db.execute("SELECT token, class FROM frequent_tokens")), _count(texts)

    def set_token_order(self, classes: dict[int, int], texts: int) -> None:
        """A new prefix order: every stored prefix must then be written again (``clear_tokens``, ``add_tokens``)."""
        self.db.execute("DELETE FROM frequent_tokens")
        self.db.executemany("INSERT INTO frequent_tokens VALUES (?, ?)", sorted(classes.items()))
        self.db.execute("INSERT OR REPLACE INTO meta VALUES ('order_texts', ?)", (str(texts),))

    def clear_tokens(self) -> None:
        self.db.execute("DELETE FROM tokens")

    def add_tokens(self, prefixes: Iterable[tuple[int, Sequence[int]]]) -> None:
        """Index the prefix tokens of texts, given as ``(text id, tokens)``."""
        self.insert_token_rows(self.token_rows(prefixes))

    # -- candidates for regrouping -----------------------------------------------------------------
    def texts_sharing_tokens(self, probes: Iterable[tuple[Sequence[int], int]]) -> set[int]:
        """Texts that share at least ``shares`` of a probe's tokens, for probes ``(tokens, shares)``.

        One query a probe: grouping a few hundred postings at a time is faster than grouping all
        probes' postings in one query.
        """
        found: set[int] = set()
        for tokens, shares in probes:
            found.update(row[0] for row in self.db.execute(
                f"SELECT text_id FROM tokens WHERE token IN ({','.join('?' * len(tokens))}) GROUP BY text_id "
                "HAVING count(*) >= ?", (*tokens, shares)))
        return found

    def texts_opening_like(self, texts: Iterable[int]) -> set[int]:
        """Texts with the same opening number as one of the given texts (the given ones included)."""
        return self._ids("SELECT id FROM texts WHERE opening IN (SELECT opening FROM texts WHERE id IN ({}) "
                         "AND opening IS NOT NULL)", texts)

    def texts_with_records(self, dois: Sequence[str], scholar_ids: Sequence[str], titles: Sequence[str]) -> set[int]:
        found = self._ids("SELECT text_id FROM snippets WHERE doi IN ({})", dois)
        found |= self._ids("SELECT text_id FROM snippets WHERE scholar_id IN ({})", scholar_ids)
        return found | self._ids("SELECT text_id FROM snippets WHERE title_key IN ({})", titles)

    def texts_of_papers(self, papers: Iterable[int]) -> set[int]:
        return self._ids("SELECT id FROM texts WHERE paper IN ({})", list(papers))

    def paper_of_texts(self, texts: Iterable[int]) -> dict[int, int]:
        """Each text's paper, for the texts that have one."""
        return dict(self._rows("SELECT id, paper FROM texts WHERE id IN ({}) AND paper IS NOT NULL", set(texts)))

    def papers_of_texts(self, texts: Iterable[int]) -> set[int]:
        return self._ids("SELECT paper FROM texts WHERE id IN ({}) AND paper IS NOT NULL", texts)

    def _rows(self, sql: str, values: Iterable[object]) -> list[tuple]:
        """Rows of ``sql`` whose ``IN ({})`` takes the values, in chunks under SQLite's parameter limit."""
        values = list(values)
        rows: list[tuple] = []
        for start in range(0, len(values), 500):
            chunk = values[start:start + 500]
            rows += self.db.execute(sql.format(",".join("?" * len(chunk))), chunk).fetchall()
        return rows

    def _ids(self, sql: str, values: Iterable[object]) -> set[int]:
        return {int(row[0]) for row in self._rows(sql, values)}

    def snippets_of_texts(self, texts: Iterable[int]) -> list[tuple[int, Snippet]]:
        """``(text id, snippet)`` for every snippet of the texts, as the core reads them."""
        rows = self._rows("SELECT s.text_id, l.path, s.line, s.idx, s.text, s.truncated, l.seed_title, s.record "
                          "FROM snippets s JOIN lists l ON l.id = s.list WHERE s.text_id IN ({})", texts)
        return [(int(r[0]), _snippet(r[1:])) for r in rows]

    def set_papers(self, assignment: dict[int, int]) -> None:
        self.db.executemany("UPDATE texts SET paper = ? WHERE id = ?", ((p, t) for t, p in assignment.items()))
        if assignment:  # the high-water mark: an id a merge frees is never given to another paper
            used = max(max(assignment.values()) + 1, self.next_paper_id())
            self.db.execute("INSERT OR REPLACE INTO meta VALUES ('next_paper', ?)", (str(used),))

    def next_paper_id(self) -> int:
        """An id no paper has had: above every id in use and every id handed out before (a collection made
        before the mark was kept starts from the ids in use)."""
        stored = self.meta("next_paper")
        in_use = int(self.db.execute("SELECT coalesce(max(paper), 0) + 1 FROM texts").fetchone()[0])
        return max(in_use, _count(stored))

    # -- whole collection ---------------------------------------------------------------------------
    def lists(self) -> list[ReadingList]:
        """Every list with its snippets, in the order they were added."""
        snippets: dict[int, list[Snippet]] = {}
        for row in self.db.execute(
                "SELECT s.list, l.path, s.line, s.idx, s.text, s.truncated, l.seed_title, s.record FROM snippets s "
                "JOIN lists l ON l.id = s.list ORDER BY s.list, s.idx"):
            snippets.setdefault(row[0], []).append(_snippet(row[1:]))
        result = []
        for list_id, path, name, seed, source, kind in self.db.execute(
                "SELECT id, path, name, seed_title, source, kind FROM lists ORDER BY id"):
            if not all(isinstance(v, str) for v in (path, name, source)) or not all(
                    v is None or isinstance(v, str) for v in (seed, kind)):
                raise ValueError(f"list {list_id} holds a name, path, seed title or source that is not text")
            seed_truncated = bool(seed) and seed.rstrip().endswith(("…", "..."))
            result.append(ReadingList(path, seed, seed_truncated, tuple(snippets.get(list_id, ())), (), name,
                                      source, kind))
        return result

    def papers_of_places(self, places: Iterable[tuple[str, int]]) -> dict[tuple[str, int], int]:
        """The stored paper of each snippet given as (list path, index), where it is stored (a path's latest
        version). The lists are found in one pass over them, as no index covers a list's path (a search per chunk
        of paths grew with the square of the lists), and their snippets through the index on their list."""
        given = {(storable(path), idx): (path, idx) for path, idx in places}
        paths = {path for path, _ in given}
        path_of = {list_id: path for list_id, path in self.db.execute("SELECT id, path FROM lists ORDER BY id")
                   if path in paths}
        ids = list(path_of)
        found = {}
        for start in range(0, len(ids), 500):
            chunk = ids[start:start + 500]
            rows = self.db.execute(
                "SELECT s.list, s.idx, t.paper FROM snippets s JOIN texts t ON t.id = s.text_id "
                f"WHERE s.list IN ({','.join('?' * len(chunk))}) ORDER BY s.list", chunk)
            for list_id, idx, paper in rows:
                place = given.get((path_of[list_id], idx))
                if place is not None:
                    found[place] = paper
        return found

    def paper_of_snippets(self) -> dict[tuple[str, int], int]:
        """Each snippet's paper, keyed by (list path, index)."""
        return {(path, idx): paper for path, idx, paper in self.db.execute(
            "SELECT l.path, s.idx, t.paper FROM snippets s JOIN lists l ON l.id = s.list JOIN texts t ON t.id = s.text_id")}

    def fingerprints_of_paper(self, paper: int) -> list[str]:
        return [fingerprint_hex(r[0]) for r in self.db.execute("SELECT fingerprint FROM texts WHERE paper = ?", (paper,))]

    def paper_of_fingerprint(self, value: str) -> int | None:
        row = self.db.execute("SELECT paper FROM texts WHERE fingerprint = ?", (fingerprint_number(value),)).fetchone()
        return int(row[0]) if row and row[0] is not None else None

    def where_first_seen(self, paper: int) -> tuple[str, int, str] | None:
        row = self.db.execute(
            "SELECT l.path, s.line, l.added_at FROM snippets s JOIN lists l ON l.id = s.list JOIN texts t "
            "ON t.id = s.text_id WHERE t.paper = ? ORDER BY s.id LIMIT 1", (paper,)).fetchone()
        return (row[0], int(row[1]), row[2]) if row else None

    # -- decisions ----------------------------------------------------------------------------------
    def set_marks(self, fingerprints: Iterable[str], mark: str) -> None:
        self.db.executemany("INSERT OR REPLACE INTO marks VALUES (?, ?, ?)",
                            ((f, mark, _now()) for f in fingerprints))

    def clear_marks(self, fingerprints: Iterable[str]) -> None:
        self.db.executemany("DELETE FROM marks WHERE fingerprint = ?", ((f,) for f in fingerprints))

    def marks(self) -> dict[str, str]:
        return dict(self.db.execute("SELECT fingerprint, mark FROM marks"))

    def opening_of_paper(self, paper: int) -> str | None:
        """The longest text of a paper's copies, to echo what a command acted on."""
        row = self.db.execute("SELECT s.text FROM snippets s JOIN texts t ON t.id = s.text_id WHERE t.paper = ? "
                              "ORDER BY length(s.text) DESC, s.id LIMIT 1", (paper,)).fetchone()
        return str(row[0]) if row else None

    def add_not_same(self, a: str, b: str) -> None:
        self.db.execute("INSERT OR IGNORE INTO not_same VALUES (?, ?, ?)", (*sorted((a, b)), _now()))

    def remove_not_same(self, a: str, b: str) -> int:
        """Remove one record; how many there were (0 or 1)."""
        return self.db.execute("DELETE FROM not_same WHERE a = ? AND b = ?", tuple(sorted((a, b)))).rowcount

    def not_same(self) -> set[frozenset[str]]:
        return {frozenset(row) for row in self.db.execute("SELECT a, b FROM not_same")}

    def not_same_pairs(self) -> list[tuple[str, str, str | None]]:
        """The recorded pairs and when each was decided (None: before schema 3), in the order decided."""
        return [(str(a), str(b), at) for a, b, at in
                self.db.execute("SELECT a, b, decided_at FROM not_same ORDER BY coalesce(decided_at, ''), a, b")]

    def opening_of_fingerprint(self, value: str) -> str | None:
        row = self.db.execute("SELECT s.text FROM snippets s JOIN texts t ON t.id = s.text_id WHERE t.fingerprint = ? "
                              "LIMIT 1", (fingerprint_number(value),)).fetchone()
        return str(row[0]) if row else None

    def paper_of_fingerprints(self, values: Iterable[str]) -> dict[str, int]:
        """The paper of each fingerprint a snippet in the collection has."""
        numbers = {fingerprint_number(v): v for v in values}
        return {numbers[int(n)]: int(p) for n, p in self._rows("SELECT fingerprint, paper FROM texts WHERE fingerprint "
                                                                "IN ({}) AND paper IS NOT NULL", numbers)}

    # -- history and removal ------------------------------------------------------------------------
    def snippet_identities(self) -> list[tuple[int, int, str, bool]]:
        """The id, text, identity (``stored_identity``) and whether it was cut of every snippet of a text that holds
        a record without an abstract (``title_only``, the eighth stored field): the others' identity is their
        words, and a collection of abstracts is not read whole."""
        rows = self.db.execute(
            "SELECT id, text_id, text, record, truncated FROM snippets WHERE text_id IN (SELECT text_id FROM snippets "
            "WHERE record IS NOT NULL AND json_valid(record) AND json_extract(record, '$[7]') = 1)")
        return [(int(s), int(t), stored_identity(text, record), bool(cut)) for s, t, text, record, cut in rows]

    def log(self, action: str, detail: str) -> None:
        """One line of the collection's history (``db log``), in the transaction of the change it tells."""
        self.db.execute("INSERT INTO events (at, action, detail) VALUES (?, ?, ?)", (_now(), action, detail))

    def data_version(self) -> int:
        """SQLite's count of commits made by other connections to this file: the same number means no other
        process changed anything (this connection's own writes do not move it)."""
        return int(self.db.execute("PRAGMA data_version").fetchone()[0])

    def structure_version(self) -> int:
        """A number that changes with every change but a mark (an add, a removal, a not-same): what a view of the
        papers held in memory checks before it trusts itself."""
        row = self.db.execute("SELECT coalesce(max(id), 0) FROM events WHERE action <> 'mark'").fetchone()
        return int(row[0])

    def events(self) -> list[tuple[str, str, str]]:
        return [(str(a), str(b), str(c)) for a, b, c in self.db.execute("SELECT at, action, detail FROM events "
                                                                          "ORDER BY id")]

    def list_rows(self) -> list[tuple[int, str, str, int]]:
        """``(id, path, name, snippets)`` of every list, in the order added."""
        return [(int(i), str(p), str(n), int(c)) for i, p, n, c in self.db.execute(
            "SELECT l.id, l.path, l.name, (SELECT count(*) FROM snippets s WHERE s.list = l.id) FROM lists l "
            "ORDER BY l.id")]

    def remove_lists(self, lists: Sequence[int]) -> tuple[int, set[int], set[int]]:
        """Take lists and their snippets out. A text no snippet holds any more is removed, its paper kept in
        ``retired`` for when it comes back. Returns the snippets removed, the papers that lost every text and
        the texts left of the papers that lost some (to regroup)."""
        texts = self._ids("SELECT DISTINCT text_id FROM snippets WHERE list IN ({})", lists)
        papers = self._ids("SELECT DISTINCT paper FROM texts WHERE id IN ({}) AND paper IS NOT NULL", texts)
        removed = sum(self.db.execute(f"DELETE FROM snippets WHERE list IN ({','.join('?' * len(chunk))})",
                                      chunk).rowcount for chunk in _chunks(list(lists)))
        still = self._ids("SELECT DISTINCT text_id FROM snippets WHERE text_id IN ({})", texts)
        gone = sorted(texts - still)
        for chunk in _chunks(gone):
            marks = ",".join("?" * len(chunk))
            self.db.execute(f"INSERT OR REPLACE INTO retired SELECT fingerprint, paper FROM texts WHERE id IN ({marks}) "
                            "AND paper IS NOT NULL", chunk)
            self.db.execute(f"DELETE FROM tokens WHERE text_id IN ({marks})", chunk)
            self.db.execute(f"DELETE FROM texts WHERE id IN ({marks})", chunk)
        for chunk in _chunks(list(lists)):
            self.db.execute(f"DELETE FROM lists WHERE id IN ({','.join('?' * len(chunk))})", chunk)
        left = self.texts_of_papers(papers)
        return removed, papers - self.papers_of_texts(left), left

    def retired_papers(self, texts: Iterable[int]) -> dict[int, int]:
        """The paper each text had before its last copy was removed, for texts that had one."""
        return dict(self._rows("SELECT t.id, r.paper FROM texts t JOIN retired r ON r.fingerprint = t.fingerprint "
                               "WHERE t.id IN ({}) AND t.paper IS NULL", set(texts)))

    def retired_papers_of_fingerprints(self, numbers: dict[int, int]) -> dict[int, int]:
        """The same for texts not written yet, given as text id -> fingerprint number."""
        by_number = {n: t for t, n in numbers.items()}
        return {by_number[int(n)]: int(p) for n, p in self._rows("SELECT fingerprint, paper FROM retired WHERE "
                                                                  "fingerprint IN ({})", by_number)}

    def adopt_retired(self, renamed: dict[int, set[int]]) -> None:
        """Texts coming back, given as the fingerprint number of an earlier identity (``identity.earlier_identities``:
        their words before schema 4, their words, year and first author before schema 5) -> those of their
        identities now, take the paper, mark and not-same pairs of a removed text filed under it, where no text
        still held is filed there: each of them, as the migration does."""
        found = {int(n) for (n,) in self._rows("SELECT fingerprint FROM retired WHERE fingerprint IN ({}) AND "
                                               "fingerprint NOT IN (SELECT fingerprint FROM texts)", renamed)}
        for earlier in sorted(found):
            self.db.executemany("INSERT OR IGNORE INTO retired SELECT ?, paper FROM retired WHERE fingerprint = ?",
                                ((identity, earlier) for identity in sorted(renamed[earlier])))
        self.carry_decisions({fingerprint_hex(w): [fingerprint_hex(i) for i in sorted(renamed[w])] for w in found})

    def carry_decisions(self, renamed: dict[str, list[str]], dropped: Iterable[str] = ()) -> None:
        """The marks and not-same pairs filed under each fingerprint of ``renamed``, filed under each of the
        fingerprints it became too (a pair under each pair of them); those under a ``dropped`` one, no longer."""
        for before, mark, at in self.db.execute("SELECT fingerprint, mark, marked_at FROM marks").fetchall():
            if before in renamed:
                self.db.executemany("INSERT OR IGNORE INTO marks VALUES (?, ?, ?)",
                                    ((after, mark, at) for after in renamed[before]))
        for a, b, at in self.db.execute("SELECT a, b, decided_at FROM not_same").fetchall():
            if a in renamed or b in renamed:
                self.db.executemany("INSERT OR IGNORE INTO not_same VALUES (?, ?, ?)",
                                    ((*sorted((x, y)), at) for x in renamed.get(a, [a]) for y in renamed.get(b, [b])
                                     if x != y))
        gone = [(f,) for f in dropped]
        self.db.executemany("DELETE FROM marks WHERE fingerprint = ?", gone)
        self.db.executemany("DELETE FROM not_same WHERE a = ?1 OR b = ?1", gone)

    def has_retired(self) -> bool:
        return self.db.execute("SELECT 1 FROM retired LIMIT 1").fetchone() is not None

    # -- info and check -----------------------------------------------------------------------------
    def counts(self) -> dict[str, int]:
        def count(sql: str) -> int:
            return int(self.db.execute(sql).fetchone()[0])
        return {"lists": count("SELECT count(*) FROM lists"), "snippets": count("SELECT count(*) FROM snippets"),
                "papers": count("SELECT count(DISTINCT paper) FROM texts"),
                "marked": count("SELECT count(*) FROM marks"), "not_same": count("SELECT count(*) FROM not_same")}

    def check(self) -> list[str]:
        """Problems found by SQLite's integrity check and the collection's own invariants: every table there,
        values of the right types, stored records that parse, every text's fingerprint that of its snippets."""
        problems = [r[0] for r in self.db.execute("PRAGMA integrity_check") if r[0] != "ok"]
        tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        missing = sorted(TABLES - tables)
        if missing:
            return problems + [f"missing tables: {', '.join(missing)}"]
        problems += [f"foreign key: {r}" for r in self.db.execute("PRAGMA foreign_key_check")]
        orphans = self.db.execute("SELECT count(*) FROM texts WHERE paper IS NULL").fetchone()[0]
        if orphans:
            problems.append(f"{orphans} texts belong to no paper")
        bare = self.db.execute("SELECT count(*) FROM texts t WHERE NOT EXISTS (SELECT 1 FROM snippets s "
                               "WHERE s.text_id = t.id)").fetchone()[0]
        if bare:  # a text is read from its snippets: removing a list's last copy of a text removes the text
            problems.append(f"{bare} texts have no snippet")
        for table, columns in TYPED_COLUMNS.items():
            found = self.db.execute("SELECT " + ", ".join(f"total(typeof({c}) NOT IN ('{kind}', 'null'))"
                                                          for c, kind in columns.items()) + f" FROM {table}").fetchone()
            problems += [f"{int(bad)} rows of {table}.{c} are not {kind}"
                         for (c, kind), bad in zip(columns.items(), found) if bad]
        marks = ", ".join(f"'{m}'" for m in MARKS)
        decisions = {
            "marks are not want, read, skip or later": f"SELECT count(*) FROM marks WHERE mark NOT IN ({marks})",
            "marks are not filed under a fingerprint": "SELECT count(*) FROM marks WHERE fingerprint NOT GLOB :hex",
            "pairs recorded as different papers are not two fingerprints":
                "SELECT count(*) FROM not_same WHERE a NOT GLOB :hex OR b NOT GLOB :hex",
        }
        for what, sql in decisions.items():
            bad = self.db.execute(sql, {"hex": FINGERPRINT_GLOB}).fetchone()[0]
            if bad:
                problems.append(f"{bad} {what}")
        broken = wrong = 0
        fingerprints = dict(self.db.execute("SELECT id, fingerprint FROM texts"))
        for text_id, text, record in self.db.execute("SELECT text_id, text, record FROM snippets"):
            try:
                fields = json.loads(record) if record is not None else []
                if not valid_record(fields):
                    raise ValueError
            except (ValueError, TypeError):
                broken += 1
            if isinstance(text, str) and fingerprints.get(text_id) != key_number(stored_identity(text, record)):
                wrong += 1
        if broken:
            problems.append(f"{broken} snippets hold a record that does not parse (or holds values of the wrong type)")
        if wrong:
            problems.append(f"{wrong} snippets are filed under a text whose fingerprint is not theirs")
        return problems


def _count(value: str | None) -> int:
    """A count kept in meta, or 0 where it is missing or was changed by hand into something else."""
    return int(value) if value and value.isascii() and value.isdigit() else 0


def _chunks(values: list, size: int = 500):
    """Values in chunks under SQLite's parameter limit."""
    for start in range(0, len(values), size):
        yield values[start:start + size]


def stored_identity(text: str, record: str | None) -> str:
    """A stored snippet's identity (``identity.text_identity``), from its text and its record's stored fields."""
    try:
        fields = json.loads(record) if record else None
    except ValueError:
        fields = None
    valid = fields is not None and valid_record(fields)
    return text_identity(match_key(text), Record(*fields) if valid else None)  # type: ignore[misc]


def _snippet(row: Sequence[object]) -> Snippet:
    path, line, idx, text, truncated, seed, record = row
    fields = json.loads(record) if record else None  # type: ignore[arg-type]
    if fields is not None and not valid_record(fields):
        raise ValueError(f"a stored record of {path}:{line} holds values of the wrong type")
    return Snippet(str(path), int(line), int(idx), str(text), bool(truncated), seed,  # type: ignore[arg-type]
                   (), Record(*fields) if fields else None)


class _Snapshot:
    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN")

    def __exit__(self, kind, value, traceback) -> None:
        try:
            self.db.execute("COMMIT")
        except sqlite3.Error:
            if kind is None:
                raise


class _Transaction:
    def __init__(self, db: sqlite3.Connection, keep: bool = True) -> None:
        self.db, self.keep = db, keep

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, value, traceback) -> None:
        if kind is None and self.keep:
            self.db.execute("COMMIT")
            return
        try:
            self.db.execute("ROLLBACK")
        except sqlite3.Error:  # SQLite rolled back already (a full disk does): the first failure is the one to tell
            if kind is None:
                raise
