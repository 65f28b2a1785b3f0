"""The SQLite collection: the only module that speaks SQL. It stores what the core computes."""

from __future__ import annotations

import datetime
import json
import os
import sqlite3
from collections.abc import Iterable, Sequence

from paperlist.model import ReadingList, Record, Snippet
from paperlist.normalize import fingerprint

SCHEMA_VERSION = 1
APPLICATION_ID = 0x50504C53  # "PPLS": marks the file as a paperlist collection
BUSY_MS = 30_000  # a second `add` waits this long for the first to finish
SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE lists (
    id INTEGER PRIMARY KEY, path TEXT NOT NULL, name TEXT NOT NULL, seed_title TEXT, source TEXT NOT NULL,
    kind TEXT, content_hash TEXT NOT NULL, version INTEGER NOT NULL, added_at TEXT NOT NULL);
CREATE UNIQUE INDEX lists_content ON lists (content_hash, path);
CREATE TABLE texts (id INTEGER PRIMARY KEY, key TEXT NOT NULL UNIQUE, truncated INTEGER NOT NULL,
                    fingerprint TEXT NOT NULL, paper INTEGER);
CREATE INDEX texts_fingerprint ON texts (fingerprint);
CREATE INDEX texts_paper ON texts (paper);
CREATE TABLE snippets (
    id INTEGER PRIMARY KEY, list INTEGER NOT NULL REFERENCES lists, line INTEGER NOT NULL, idx INTEGER NOT NULL,
    text TEXT NOT NULL, truncated INTEGER NOT NULL, text_id INTEGER NOT NULL REFERENCES texts (id),
    record TEXT, doi TEXT, scholar_id TEXT, title_key TEXT, added_at TEXT NOT NULL);
CREATE INDEX snippets_text ON snippets (text_id);
CREATE INDEX snippets_list ON snippets (list);
CREATE INDEX snippets_doi ON snippets (doi) WHERE doi IS NOT NULL;
CREATE INDEX snippets_scholar ON snippets (scholar_id) WHERE scholar_id IS NOT NULL;
CREATE INDEX snippets_title ON snippets (title_key) WHERE title_key IS NOT NULL;
CREATE TABLE tokens (token INTEGER NOT NULL, text_id INTEGER NOT NULL, PRIMARY KEY (token, text_id)) WITHOUT ROWID;
CREATE TABLE token_counts (token INTEGER PRIMARY KEY, texts INTEGER NOT NULL);
CREATE TABLE marks (fingerprint TEXT PRIMARY KEY, mark TEXT NOT NULL, marked_at TEXT NOT NULL);
CREATE TABLE not_same (a TEXT NOT NULL, b TEXT NOT NULL, PRIMARY KEY (a, b)) WITHOUT ROWID;
"""
RECORD_FIELDS = ("title", "authors", "year", "venue", "doi", "url", "scholar_id", "title_only")


class StoreError(Exception):
    """A collection that cannot be used: not a paperlist collection, corrupt, or from a newer version."""


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0).isoformat()


class Store:
    """One collection file. Writes happen inside ``transaction()``; readers never block (WAL)."""

    def __init__(self, path: str, create: bool = True) -> None:
        self.path = path
        if not create and not os.path.exists(path):
            raise StoreError(f"{path}: no collection here (create one with 'paperlist add')")
        try:
            self.db = sqlite3.connect(path, timeout=BUSY_MS / 1000, isolation_level=None)
            self.db.execute(f"PRAGMA busy_timeout = {BUSY_MS}")
            application = self.db.execute("PRAGMA application_id").fetchone()[0]
            tables = self.db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if tables == 0 and application == 0:
                self._create()
            elif application != APPLICATION_ID:
                raise StoreError(f"{path}: not a paperlist collection")
            self.db.execute("PRAGMA journal_mode = WAL")
            self.db.execute("PRAGMA foreign_keys = ON")
            self._migrate()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"{path}: not a paperlist collection or damaged ({exc})") from None

    def _create(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")
        for statement in SCHEMA.split(";"):
            if statement.strip():
                self.db.execute(statement)
        self.db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        self.db.execute("INSERT INTO meta VALUES ('schema_version', ?), ('created', ?)", (str(SCHEMA_VERSION), _now()))
        self.db.execute("COMMIT")

    def _migrate(self) -> None:
        """Bring an older schema up to SCHEMA_VERSION, one step at a time (version 1 is the first)."""
        version = int(self.meta("schema_version") or 0)
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path}: written by a newer paperlist (schema {version}); upgrade paperlist")
        if version < 1:
            raise StoreError(f"{self.path}: not a paperlist collection (no schema version)")

    def meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else None

    def transaction(self) -> "_Transaction":
        """``with store.transaction():`` one atomic write; BEGIN IMMEDIATE makes a second writer wait."""
        return _Transaction(self.db)

    def trial(self) -> "_Transaction":
        """``with store.trial():`` like a transaction, but always rolled back (``paperlist new``)."""
        return _Transaction(self.db, keep=False)

    def text_count(self) -> int:
        return int(self.db.execute("SELECT count(*) FROM texts").fetchone()[0])

    def all_texts(self) -> set[int]:
        return {int(r[0]) for r in self.db.execute("SELECT id FROM texts")}

    def max_text_id(self) -> int:
        return int(self.db.execute("SELECT coalesce(max(id), 0) FROM texts").fetchone()[0])

    def text_ids_of_keys(self, keys: Iterable[str]) -> dict[str, int]:
        return dict(self._rows("SELECT key, id FROM texts WHERE key IN ({})", keys))

    def oldest_text_of_papers(self, papers: Iterable[int]) -> dict[int, int]:
        return dict(self._rows("SELECT paper, min(id) FROM texts WHERE paper IN ({}) GROUP BY paper", papers))

    def close(self) -> None:
        self.db.close()

    # -- lists and snippets -------------------------------------------------------------------------
    def known_list(self, content_hash: str, path: str) -> bool:
        return self.db.execute("SELECT 1 FROM lists WHERE content_hash = ? AND path = ?",
                               (content_hash, path)).fetchone() is not None

    def add_list(self, rl: ReadingList, content_hash: str) -> int:
        version = self.db.execute("SELECT count(*) FROM lists WHERE path = ?", (rl.path,)).fetchone()[0] + 1
        cursor = self.db.execute(
            "INSERT INTO lists (path, name, seed_title, source, kind, content_hash, version, added_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (rl.path, rl.short_name, rl.seed_title, rl.source, rl.kind, content_hash, version, _now()))
        return int(cursor.lastrowid)

    def add_texts(self, rows: Sequence[tuple[int, str, bool]]) -> None:
        """New distinct texts: ``(id, key, truncated)``."""
        self.db.executemany("INSERT INTO texts (id, key, truncated, fingerprint) VALUES (?, ?, ?, ?)",
                            ((i, key, int(cut), fingerprint(key)) for i, key, cut in rows))

    def mark_truncated(self, texts: Iterable[int]) -> None:
        self.db.executemany("UPDATE texts SET truncated = 1 WHERE id = ?", ((t,) for t in texts))

    @staticmethod
    def snippet_row(list_id: int, s: Snippet, text_id: int, title_key: str | None, doi: str | None) -> tuple:
        """The row ``add_snippets`` writes for one snippet."""
        record = json.dumps([getattr(s.record, f) for f in RECORD_FIELDS]) if s.record else None
        return (list_id, s.line, s.index, s.text, int(s.truncated), text_id, record, doi,
                s.record.scholar_id if s.record else None, title_key, _now())

    def add_snippets(self, rows: Sequence[tuple]) -> None:
        self.db.executemany(
            "INSERT INTO snippets (list, line, idx, text, truncated, text_id, record, doi, scholar_id, title_key, "
            "added_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)

    def add_tokens(self, rows: Sequence[tuple[int, int]]) -> None:
        """Index the word-bigram tokens of new texts (``(token, text id)``, sorted), and count texts per token."""
        self.db.executemany("INSERT OR IGNORE INTO tokens VALUES (?, ?)", rows)
        counts: dict[int, int] = {}
        for token, _ in rows:
            counts[token] = counts.get(token, 0) + 1
        self.db.executemany("INSERT INTO token_counts VALUES (?, ?) ON CONFLICT (token) DO UPDATE SET texts = "
                            "texts + excluded.texts", counts.items())

    def token_counts(self, tokens: Iterable[int]) -> dict[int, int]:
        return dict(self._rows("SELECT token, texts FROM token_counts WHERE token IN ({})", tokens))

    # -- candidates for regrouping -----------------------------------------------------------------
    def texts_with_tokens(self, tokens: Sequence[int]) -> set[int]:
        return self._ids("SELECT text_id FROM tokens WHERE token IN ({})", tokens)

    def keys_of(self, texts: Iterable[int]) -> dict[int, tuple[str, bool]]:
        return {int(text_id): (key, bool(truncated))
                for text_id, key, truncated in self._rows("SELECT id, key, truncated FROM texts WHERE id IN ({})", texts)}

    def texts_with_keys(self, keys: Sequence[str]) -> set[int]:
        return self._ids("SELECT id FROM texts WHERE key IN ({})", keys)

    def texts_opened_by(self, key: str, truncated: bool) -> set[int]:
        """Texts whose key the given key opens (a cut text may end mid-word)."""
        low = key if truncated else key + " "
        rows = self.db.execute("SELECT id FROM texts WHERE key > ? AND key < ?", (low, low + "\U0010ffff"))
        return {int(r[0]) for r in rows}

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

    def text_key(self, text_id: int) -> tuple[str, bool]:
        row = self.db.execute("SELECT key, truncated FROM texts WHERE id = ?", (text_id,)).fetchone()
        return row[0], bool(row[1])

    def snippets_of_texts(self, texts: Iterable[int]) -> list[tuple[int, Snippet]]:
        """``(text id, snippet)`` for every snippet of the texts, as the core reads them."""
        rows = self._rows("SELECT s.text_id, l.path, s.line, s.idx, s.text, s.truncated, l.seed_title, s.record "
                          "FROM snippets s JOIN lists l ON l.id = s.list WHERE s.text_id IN ({})", texts)
        return [(int(r[0]), _snippet(r[1:])) for r in rows]

    def set_papers(self, assignment: dict[int, int]) -> None:
        self.db.executemany("UPDATE texts SET paper = ? WHERE id = ?", ((p, t) for t, p in assignment.items()))

    def next_paper_id(self) -> int:
        return int(self.db.execute("SELECT coalesce(max(paper), 0) + 1 FROM texts").fetchone()[0])

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
            seed_truncated = bool(seed) and seed.rstrip().endswith(("…", "..."))
            result.append(ReadingList(path, seed, seed_truncated, tuple(snippets.get(list_id, ())), (), name,
                                      source, kind))
        return result

    def paper_of_snippets(self) -> dict[tuple[str, int], int]:
        """Each snippet's paper, keyed by (list path, index)."""
        return {(path, idx): paper for path, idx, paper in self.db.execute(
            "SELECT l.path, s.idx, t.paper FROM snippets s JOIN lists l ON l.id = s.list JOIN texts t ON t.id = s.text_id")}

    def fingerprints_of_paper(self, paper: int) -> list[str]:
        return [r[0] for r in self.db.execute("SELECT fingerprint FROM texts WHERE paper = ?", (paper,))]

    def paper_of_fingerprint(self, value: str) -> int | None:
        row = self.db.execute("SELECT paper FROM texts WHERE fingerprint = ?", (value,)).fetchone()
        return int(row[0]) if row and row[0] is not None else None

    def where_first_seen(self, paper: int) -> tuple[str, int, str] | None:
        row = self.db.execute(
            "SELECT l.path, s.line, s.added_at FROM snippets s JOIN lists l ON l.id = s.list JOIN texts t "
            "ON t.id = s.text_id WHERE t.paper = ? ORDER BY s.id LIMIT 1", (paper,)).fetchone()
        return (row[0], int(row[1]), row[2]) if row else None

    # -- decisions ----------------------------------------------------------------------------------
    def set_marks(self, fingerprints: Iterable[str], mark: str) -> None:
        self.db.executemany("INSERT OR REPLACE INTO marks VALUES (?, ?, ?)",
                            ((f, mark, _now()) for f in fingerprints))

    def marks(self) -> dict[str, str]:
        return dict(self.db.execute("SELECT fingerprint, mark FROM marks"))

    def add_not_same(self, a: str, b: str) -> None:
        self.db.execute("INSERT OR IGNORE INTO not_same VALUES (?, ?)", tuple(sorted((a, b))))

    def not_same(self) -> set[frozenset[str]]:
        return {frozenset(row) for row in self.db.execute("SELECT a, b FROM not_same")}

    # -- info and check -----------------------------------------------------------------------------
    def counts(self) -> dict[str, int]:
        def count(sql: str) -> int:
            return int(self.db.execute(sql).fetchone()[0])
        return {"lists": count("SELECT count(*) FROM lists"), "snippets": count("SELECT count(*) FROM snippets"),
                "papers": count("SELECT count(DISTINCT paper) FROM texts"),
                "marked": count("SELECT count(*) FROM marks"), "not_same": count("SELECT count(*) FROM not_same")}

    def check(self) -> list[str]:
        """Problems found by SQLite's integrity check and the collection's own invariants."""
        problems = [r[0] for r in self.db.execute("PRAGMA integrity_check") if r[0] != "ok"]
        problems += [f"foreign key: {r}" for r in self.db.execute("PRAGMA foreign_key_check")]
        orphans = self.db.execute("SELECT count(*) FROM texts WHERE paper IS NULL").fetchone()[0]
        if orphans:
            problems.append(f"{orphans} texts belong to no paper")
        return problems


def _snippet(row: Sequence[object]) -> Snippet:
    path, line, idx, text, truncated, seed, record = row
    fields = json.loads(record) if record else None  # type: ignore[arg-type]
    return Snippet(str(path), int(line), int(idx), str(text), bool(truncated), seed,  # type: ignore[arg-type]
                   (), Record(*fields) if fields else None)


class _Transaction:
    def __init__(self, db: sqlite3.Connection, keep: bool = True) -> None:
        self.db, self.keep = db, keep

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind, value, traceback) -> None:
        self.db.execute("COMMIT" if kind is None and self.keep else "ROLLBACK")
