"""Schema migrations of the collection, one step per version; the store runs them in one transaction."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from paperlist.collection.keys import (
    PrefixTokens,
    derive_order,
    key_number,
    opening_number,
)
from paperlist.collection.schema import schema_statements


class Store(Protocol):
    """What a step needs of the store it migrates."""

    db: sqlite3.Connection

    def set_token_order(self, classes: dict[int, int], texts: int) -> None: ...

    def add_tokens(self, prefixes: Iterable[tuple[int, Sequence[int]]]) -> None: ...


def _one_to_two(store: Store) -> None:
    """Schema 1 kept each text's key (with a unique index on it), every bigram of every text and a
    count per bigram; schema 2 keeps a fingerprint number, an opening number and prefix tokens
    instead (a third of the size), and snippets take their time of adding from their list."""
    db = store.db
    texts = db.execute("SELECT id, key, truncated, paper FROM texts ORDER BY id").fetchall()
    for table in ("tokens", "token_counts", "texts"):
        db.execute(f"DROP TABLE {table}")
    db.execute("ALTER TABLE snippets RENAME TO snippets_1")
    for index in ("snippets_text", "snippets_list", "snippets_doi", "snippets_scholar", "snippets_title"):
        db.execute(f"DROP INDEX IF EXISTS {index}")
    for statement in schema_statements({"texts", "snippets", "tokens", "frequent_tokens"}):
        db.execute(statement)
    db.execute("INSERT INTO snippets SELECT id, list, line, idx, text, truncated, text_id, record, doi, scholar_id, "
               "title_key FROM snippets_1")
    db.execute("DROP TABLE snippets_1")
    db.executemany("INSERT INTO texts VALUES (?, ?, ?, ?, ?)",
                   ((text_id, key_number(key), opening_number(key), truncated, paper)
                    for text_id, key, truncated, paper in texts))
    keys = {text_id: (key, bool(truncated)) for text_id, key, truncated, _ in texts}
    classes = derive_order(keys)
    store.set_token_order(classes, len(keys))
    prefix = PrefixTokens(classes=classes).prefix
    store.add_tokens((text_id, prefix(key, cut)[0]) for text_id, (key, cut) in keys.items())

STEPS: dict[int, Callable[[Store], None]] = {1: _one_to_two}
