"""The collection's tables and indexes, its version, and the migrations that bring older files up to it
(with the store, the only code that speaks SQL; the store runs each step in one transaction)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Iterable, Sequence
from typing import Protocol

from paperlist.collection.keys import (
    PrefixTokens,
    derive_order,
    fingerprint_hex,
    key_number,
    opening_number,
)
from paperlist.collection.papers import assign_papers
from paperlist.match.dupes import DEFAULT_THRESHOLD, MIN_PREFIX_WORDS
from paperlist.match.identity import no_abstract, title_text
from paperlist.match.normalize import doi_url
from paperlist.model import Record, Snippet

SCHEMA_VERSION = 7
APPLICATION_ID = 0x50504C53  # "PPLS": marks the file as a paperlist collection
# Stored by position: fields added later go at the end, so older collections read back unchanged.
STORED_FIELDS = ("title", "authors", "year", "venue", "doi", "url", "scholar_id", "title_only", "volume", "issue",
                 "pages", "source_id", "kind", "keywords")
# Texts keep no copy of their words: a text's match key is computed again from any of its snippets.
# What finds candidates is a few integers per text (stored_keys.py): its fingerprint, its opening, its prefix tokens.
SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE lists (
    id INTEGER PRIMARY KEY, path TEXT NOT NULL, name TEXT NOT NULL, seed_title TEXT, source TEXT NOT NULL,
    kind TEXT, content_hash TEXT NOT NULL, version INTEGER NOT NULL, added_at TEXT NOT NULL);
CREATE UNIQUE INDEX lists_content ON lists (content_hash, path);
CREATE TABLE texts (id INTEGER PRIMARY KEY, fingerprint INTEGER NOT NULL, opening INTEGER,
                    truncated INTEGER NOT NULL, paper INTEGER);
CREATE INDEX texts_fingerprint ON texts (fingerprint);
CREATE INDEX texts_opening ON texts (opening) WHERE opening IS NOT NULL;
CREATE INDEX texts_paper ON texts (paper);
CREATE TABLE snippets (
    id INTEGER PRIMARY KEY, list INTEGER NOT NULL REFERENCES lists, line INTEGER NOT NULL, idx INTEGER NOT NULL,
    text TEXT NOT NULL, truncated INTEGER NOT NULL, text_id INTEGER NOT NULL REFERENCES texts (id),
    record TEXT, doi TEXT, scholar_id TEXT, title_key TEXT);
CREATE INDEX snippets_text ON snippets (text_id);
CREATE INDEX snippets_list ON snippets (list);
CREATE INDEX snippets_doi ON snippets (doi) WHERE doi IS NOT NULL;
CREATE INDEX snippets_scholar ON snippets (scholar_id) WHERE scholar_id IS NOT NULL;
CREATE INDEX snippets_title ON snippets (title_key) WHERE title_key IS NOT NULL;
CREATE TABLE tokens (token INTEGER NOT NULL, text_id INTEGER NOT NULL, PRIMARY KEY (token, text_id)) WITHOUT ROWID;
CREATE TABLE frequent_tokens (token INTEGER PRIMARY KEY, class INTEGER NOT NULL);
CREATE TABLE marks (fingerprint TEXT PRIMARY KEY, mark TEXT NOT NULL, marked_at TEXT NOT NULL);
CREATE TABLE not_same (a TEXT NOT NULL, b TEXT NOT NULL, decided_at TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
CREATE TABLE retired (fingerprint INTEGER PRIMARY KEY, paper INTEGER NOT NULL);
CREATE TABLE events (id INTEGER PRIMARY KEY, at TEXT NOT NULL, action TEXT NOT NULL, detail TEXT NOT NULL);
"""


def valid_record(fields: object) -> bool:
    """Whether stored record fields are what ``snippet_row`` writes: strings or null, title_only a boolean."""
    return isinstance(fields, list) and len(fields) <= len(STORED_FIELDS) and all(
        value is None or isinstance(value, bool if name == "title_only" else str)
        for name, value in zip(STORED_FIELDS, fields))


def schema_statements(tables: set[str]) -> list[str]:
    """The statements of SCHEMA that create the given tables and their indexes."""
    statements = []
    for statement in SCHEMA.split(";"):
        words = statement.split()
        if words and (words[2] if words[1] == "TABLE" else words[words.index("ON") + 1]) in tables:
            statements.append(statement)
    return statements


class Store(Protocol):
    """What a step needs of the store it migrates."""

    db: sqlite3.Connection

    def set_token_order(self, classes: dict[int, int], texts: int) -> None: ...

    def add_tokens(self, prefixes: Iterable[tuple[int, Sequence[int]]]) -> None: ...

    def snippet_identities(self) -> list[tuple[int, int, str, bool]]: ...

    def texts_of_papers(self, papers: Iterable[int]) -> set[int]: ...

    def snippets_of_texts(self, texts: Iterable[int]) -> list[tuple[int, Snippet]]: ...

    def paper_of_texts(self, texts: Iterable[int]) -> dict[int, int]: ...

    def paper_of_fingerprints(self, values: Iterable[str]) -> dict[str, int]: ...

    def not_same(self) -> set[frozenset[str]]: ...

    def next_paper_id(self) -> int: ...

    def set_papers(self, assignment: dict[int, int]) -> None: ...

    def log(self, action: str, detail: str) -> None: ...

    def carry_decisions(self, renamed: dict[str, list[str]], dropped: Iterable[str] = ()) -> None: ...


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

def _two_to_three(store: Store) -> None:
    """Schema 3 keeps a history of decisions (events, with the adds and marks already made as its start), when
    each not-same pair was decided, and the paper each removed text had (retired), so that a list removed and
    added again comes back under the same ids."""
    db = store.db
    db.execute("ALTER TABLE not_same ADD COLUMN decided_at TEXT")
    for statement in schema_statements({"retired", "events"}):
        db.execute(statement)
    db.execute("INSERT INTO events (at, action, detail) SELECT at, action, detail FROM ("
               "SELECT added_at AS at, 'add' AS action, path || ' (' || (SELECT count(*) FROM snippets s "
               "WHERE s.list = l.id) || ' snippets)' AS detail, 0 AS kind, id AS n FROM lists l "
               "UNION ALL SELECT marked_at, 'mark', mark || ' ' || fingerprint, 1, rowid FROM marks) "
               "ORDER BY at, kind, n")


def _three_to_four(store: Store) -> None:
    """Schema 4 tells apart the papers that share only a title: a text read from a record without an abstract is
    known by its words, year and first author (identity.text_identity; its volume too since schema 5)."""
    _split_shared_texts(store, "several years, first authors or volumes")


def _four_to_five(store: Store) -> None:
    """Schema 5 tells apart, the same way, the papers of one first author and year that share a title in two
    volumes (a conference abstract in a supplement and the article). And a link a reader made from a DOI with
    characters a URL reads otherwise ("...3.0.co;2-#", cut at its "#") is stored as normalize.doi_url writes it."""
    _split_shared_texts(store, "several volumes")
    db = store.db
    # Stored records are JSON lists of STORED_FIELDS: the DOI is the fifth, the URL the sixth.
    rows = db.execute("SELECT id, record FROM snippets WHERE record IS NOT NULL AND json_valid(record) AND "
                      "json_extract(record, '$[5]') = 'https://doi.org/' || json_extract(record, '$[4]') AND "
                      "json_extract(record, '$[4]') GLOB '*[^a-zA-Z0-9/:()._~-]*'").fetchall()
    for snippet, record in rows:
        fields = json.loads(record)
        fields[5] = doi_url(fields[4])
        db.execute("UPDATE snippets SET record = ? WHERE id = ?", (json.dumps(fields), snippet))


def _split_shared_texts(store: Store, differing: str) -> None:
    """Each stored text whose snippets differ in identity (identity.text_identity) becomes a text for each, and
    every fingerprint a mark or a not-same pair names follows: a mark made on the text before holds for each of its
    parts (the decision was made on all of them), a pair for each pair of parts. The papers of the texts split are
    grouped again, keeping their ids where they can; the history says how many texts held records of what
    ``differing`` names."""
    db = store.db
    parts: dict[int, dict[str, list[tuple[int, bool]]]] = {}  # text -> identity -> its snippets
    for snippet, text, identity, cut in store.snippet_identities():
        parts.setdefault(text, {}).setdefault(identity, []).append((snippet, cut))
    held = json.dumps(list(parts))
    rows = {int(t): (int(f), p) for t, f, p in db.execute(
        "SELECT id, fingerprint, paper FROM texts WHERE id IN (SELECT value FROM json_each(?))", (held,))}
    next_id = int(db.execute("SELECT coalesce(max(id), 0) + 1 FROM texts").fetchone()[0])
    prefix = PrefixTokens(classes=dict(db.execute("SELECT token, class FROM frequent_tokens"))).prefix
    tokens: list[tuple[int, list[int]]] = []
    renamed: dict[str, list[str]] = {}  # a fingerprint before -> those of the texts after
    split: set[int] = set()
    for text, found in parts.items():
        number, paper = rows[text]
        ordered = sorted(found.items(), key=lambda item: min(s for s, _ in item[1]))  # the first part keeps the id
        after = [key_number(identity) for identity, _ in ordered]
        if after[0] != number:
            db.execute("UPDATE texts SET fingerprint = ? WHERE id = ?", (after[0], text))
        for (identity, snippets), new_number in zip(ordered[1:], after[1:]):
            cut = any(c for _, c in snippets)
            db.execute("INSERT INTO texts (id, fingerprint, opening, truncated, paper) VALUES (?, ?, ?, ?, ?)",
                       (next_id, new_number, opening_number(identity), int(cut), paper))
            db.executemany("UPDATE snippets SET text_id = ? WHERE id = ?", ((next_id, s) for s, _ in snippets))
            tokens.append((next_id, prefix(identity, cut)[0]))
            split.update((text, next_id))
            next_id += 1
        if after != [number]:
            renamed[fingerprint_hex(number)] = [fingerprint_hex(n) for n in after]
    if renamed:
        # A removed text's decisions under the old fingerprint wait for it (Store.adopt_retired).
        retired = {fingerprint_hex(n) for (n,) in db.execute("SELECT fingerprint FROM retired")}
        store.carry_decisions(renamed, [f for f, after in renamed.items() if f not in retired and f not in after])
    if split:
        store.add_tokens(tokens)
        # The papers the split texts belonged to, grouped again by the core (a part may be a paper of its own now).
        _regroup(store, {rows[text][1] for text in split if text in rows and rows[text][1] is not None}, split)
        before = len(split) - len(tokens)
        store.log("upgrade", f"{before} {'text' if before == 1 else 'texts'} held records without an abstract of "
                             f"{differing}: they are {len(split)} texts now, grouped again; their marks and not-same "
                             "pairs follow")


def _regroup(store: Store, papers: set[int], texts: Iterable[int] = ()) -> None:
    """The texts of ``papers`` (and ``texts``) grouped again by the core, keeping their paper ids where they can."""
    held = store.texts_of_papers(papers) | set(texts)
    snippets = store.snippets_of_texts(held)
    store.set_papers(assign_papers([s for _, s in snippets], {(s.text, s.record): t for t, s in snippets}, held,
                                   store.not_same(), store.paper_of_texts(held), store.next_paper_id(),
                                   DEFAULT_THRESHOLD, MIN_PREFIX_WORDS))


def _five_to_six(store: Store) -> None:
    """Schema 6 keeps apart two copies the user said are different papers even where other copies chain them
    (a cut of one that another re-words): a paper that holds both sides of a not-same pair is grouped again."""
    pairs = [tuple(pair) for pair in store.not_same() if len(pair) == 2]
    paper_of = store.paper_of_fingerprints({value for pair in pairs for value in pair})
    papers = {paper_of[a] for a, b in pairs if a in paper_of and paper_of.get(b) == paper_of[a]}
    if papers:
        _regroup(store, papers)
        store.log("upgrade", f"{len(papers)} {'paper' if len(papers) == 1 else 'papers'} held two copies you said are "
                             "different papers, joined through other copies: grouped again, apart")


def _six_to_seven(store: Store) -> None:
    """Schema 7 reads a record whose abstract says there is none ("[No abstract available]", identity.no_abstract)
    by its title, as the readers do now: every such record of a collection was one text, one paper and one mark.
    Each is a text of its own now, grouped again, and a mark made on the text before holds for each of them."""
    db = store.db
    touched: set[int] = set()
    rows = db.execute("SELECT id, text, record, text_id FROM snippets WHERE record IS NOT NULL AND length(text) <= 40 "
                      "AND json_valid(record) AND json_extract(record, '$[7]') IS NOT 1").fetchall()
    for snippet, text, stored, text_id in rows:
        fields = json.loads(stored)
        if not (valid_record(fields) and fields and fields[0] and no_abstract(text)):
            continue
        fields += [None] * (len(STORED_FIELDS) - len(fields))
        fields[STORED_FIELDS.index("title_only")] = True
        record = Record(*fields)
        db.execute("UPDATE snippets SET text = ?, truncated = 0, record = ? WHERE id = ?",
                   (title_text(record), json.dumps(fields), snippet))
        touched.add(int(text_id))
    if not touched:
        return
    _split_shared_texts(store, "several titles")
    # A text that kept its id is known by its title's words now: its opening and prefix tokens follow them.
    prefix = PrefixTokens(classes=dict(db.execute("SELECT token, class FROM frequent_tokens"))).prefix
    identities = {}
    for _, text_id, identity, cut in store.snippet_identities():
        if text_id in touched:
            identities[text_id] = (identity, identities.get(text_id, (identity, False))[1] or cut)
    db.executemany("DELETE FROM tokens WHERE text_id = ?", ((t,) for t in identities))
    db.executemany("UPDATE texts SET opening = ?, truncated = ? WHERE id = ?",
                   ((opening_number(identity), int(cut), t) for t, (identity, cut) in identities.items()))
    store.add_tokens((t, prefix(identity, cut)[0]) for t, (identity, cut) in identities.items())


STEPS: dict[int, Callable[[Store], None]] = {1: _one_to_two, 2: _two_to_three, 3: _three_to_four, 4: _four_to_five,
                                             5: _five_to_six, 6: _six_to_seven}
