-- A schema-4 collection written by paperlist before schema 5 (commit 9eff0de): reviews.csv (two records of one
-- title, first author and year in two volumes, stored as one text p1, and p2) added, p1 marked skip, p1 and p2
-- recorded not-same, then the list removed; dumped with sqlite3's iterdump. tests/collection/test_collection.py
-- adds the list again.
BEGIN TRANSACTION;
CREATE TABLE events (id INTEGER PRIMARY KEY, at TEXT NOT NULL, action TEXT NOT NULL, detail TEXT NOT NULL);
INSERT INTO "events" VALUES(1,'2026-12-07T18:37:52+00:00','add','reviews.csv (3 snippets)');
INSERT INTO "events" VALUES(2,'2026-12-07T18:37:53+00:00','mark','p1 marked skip');
INSERT INTO "events" VALUES(3,'2026-12-07T18:37:53+00:00','not-same','p1 and p2 are different papers');
INSERT INTO "events" VALUES(4,'2026-12-07T18:37:54+00:00','remove','reviews.csv (3 snippets)');
CREATE TABLE frequent_tokens (token INTEGER PRIMARY KEY, class INTEGER NOT NULL);
CREATE TABLE lists (
    id INTEGER PRIMARY KEY, path TEXT NOT NULL, name TEXT NOT NULL, seed_title TEXT, source TEXT NOT NULL,
    kind TEXT, content_hash TEXT NOT NULL, version INTEGER NOT NULL, added_at TEXT NOT NULL);
CREATE TABLE marks (fingerprint TEXT PRIMARY KEY, mark TEXT NOT NULL, marked_at TEXT NOT NULL);
INSERT INTO "marks" VALUES('04eba6fb98f08a06','skip','2026-12-07T18:37:53+00:00');
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO "meta" VALUES('schema_version','4');
INSERT INTO "meta" VALUES('created','2026-12-07T18:37:52+00:00');
INSERT INTO "meta" VALUES('order_texts','2');
INSERT INTO "meta" VALUES('next_paper','3');
CREATE TABLE not_same (a TEXT NOT NULL, b TEXT NOT NULL, decided_at TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
INSERT INTO "not_same" VALUES('04eba6fb98f08a06','7b7d90db73c98acf','2026-12-07T18:37:53+00:00');
CREATE TABLE retired (fingerprint INTEGER PRIMARY KEY, paper INTEGER NOT NULL);
INSERT INTO "retired" VALUES(354560595211618822,1);
INSERT INTO "retired" VALUES(8898427710968793807,2);
CREATE TABLE snippets (
    id INTEGER PRIMARY KEY, list INTEGER NOT NULL REFERENCES lists, line INTEGER NOT NULL, idx INTEGER NOT NULL,
    text TEXT NOT NULL, truncated INTEGER NOT NULL, text_id INTEGER NOT NULL REFERENCES texts (id),
    record TEXT, doi TEXT, scholar_id TEXT, title_key TEXT);
CREATE TABLE texts (id INTEGER PRIMARY KEY, fingerprint INTEGER NOT NULL, opening INTEGER,
                    truncated INTEGER NOT NULL, paper INTEGER);
CREATE TABLE tokens (token INTEGER NOT NULL, text_id INTEGER NOT NULL, PRIMARY KEY (token, text_id)) WITHOUT ROWID;
CREATE UNIQUE INDEX lists_content ON lists (content_hash, path);
CREATE INDEX texts_fingerprint ON texts (fingerprint);
CREATE INDEX texts_opening ON texts (opening) WHERE opening IS NOT NULL;
CREATE INDEX texts_paper ON texts (paper);
CREATE INDEX snippets_text ON snippets (text_id);
CREATE INDEX snippets_list ON snippets (list);
CREATE INDEX snippets_doi ON snippets (doi) WHERE doi IS NOT NULL;
CREATE INDEX snippets_scholar ON snippets (scholar_id) WHERE scholar_id IS NOT NULL;
CREATE INDEX snippets_title ON snippets (title_key) WHERE title_key IS NOT NULL;
COMMIT;
PRAGMA application_id = 1347439699;
