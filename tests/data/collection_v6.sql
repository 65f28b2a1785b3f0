-- A schema-6 collection written by paperlist before schema 7 (commit 4b9c81b): a Scopus CSV whose three records
-- without an abstract say "[No abstract available]" or "No abstract available.", stored as one text, so one paper
-- p1 (marked skip), beside p2 (marked want); dumped with sqlite3's iterdump.
-- tests/collection/test_collection.py migrates it.
BEGIN TRANSACTION;
CREATE TABLE events (id INTEGER PRIMARY KEY, at TEXT NOT NULL, action TEXT NOT NULL, detail TEXT NOT NULL);
INSERT INTO "events" VALUES(1,'2026-12-08T03:51:37+00:00','add','scopus.csv (4 snippets)');
INSERT INTO "events" VALUES(2,'2026-12-08T03:51:38+00:00','mark','p1 marked skip');
INSERT INTO "events" VALUES(3,'2026-12-08T03:51:38+00:00','mark','p2 marked want');
CREATE TABLE frequent_tokens (token INTEGER PRIMARY KEY, class INTEGER NOT NULL);
CREATE TABLE lists (
    id INTEGER PRIMARY KEY, path TEXT NOT NULL, name TEXT NOT NULL, seed_title TEXT, source TEXT NOT NULL,
    kind TEXT, content_hash TEXT NOT NULL, version INTEGER NOT NULL, added_at TEXT NOT NULL);
INSERT INTO "lists" VALUES(1,'scopus.csv','scopus.csv','scopus','csv',NULL,'cb9f99161436b6b920e40d48367a950bfc492d75',1,'2026-12-08T03:51:37+00:00');
CREATE TABLE marks (fingerprint TEXT PRIMARY KEY, mark TEXT NOT NULL, marked_at TEXT NOT NULL);
INSERT INTO "marks" VALUES('5c6c828318275fb5','skip','2026-12-08T03:51:38+00:00');
INSERT INTO "marks" VALUES('bd0c22543e86e6e5','want','2026-12-08T03:51:38+00:00');
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO "meta" VALUES('schema_version','6');
INSERT INTO "meta" VALUES('created','2026-12-08T03:51:37+00:00');
INSERT INTO "meta" VALUES('order_texts','2');
INSERT INTO "meta" VALUES('next_paper','3');
CREATE TABLE not_same (a TEXT NOT NULL, b TEXT NOT NULL, decided_at TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
CREATE TABLE retired (fingerprint INTEGER PRIMARY KEY, paper INTEGER NOT NULL);
CREATE TABLE snippets (
    id INTEGER PRIMARY KEY, list INTEGER NOT NULL REFERENCES lists, line INTEGER NOT NULL, idx INTEGER NOT NULL,
    text TEXT NOT NULL, truncated INTEGER NOT NULL, text_id INTEGER NOT NULL REFERENCES texts (id),
    record TEXT, doi TEXT, scholar_id TEXT, title_key TEXT);
INSERT INTO "snippets" VALUES(1,1,2,1,'[No abstract available]',0,1,'["A Large-Scale Empirical Study of Fuzzing Deep Learning Compilers with Generated Programs and Their Optimisation Passes", "Chen Z., Wu L.", "2023", "ICSE", null, null, null, false, null, null, null, null, null, null]',NULL,NULL,'a large scale empirical study of fuzzing deep learning compilers with generated programs and their optimisation passes');
INSERT INTO "snippets" VALUES(2,1,3,2,'[No abstract available]',0,1,'["Program Repair with Large Language Models", "Ruiz A.", "2024", "TOSEM", null, null, null, false, null, null, null, null, null, null]',NULL,NULL,'program repair with large language models');
INSERT INTO "snippets" VALUES(3,1,4,3,'No abstract available.',0,1,'["Vulnerabilities of Smart Contracts on Ethereum", "Okafor N.", "2022", "CCS", null, null, null, false, null, null, null, null, null, null]',NULL,NULL,'vulnerabilities of smart contracts on ethereum');
INSERT INTO "snippets" VALUES(4,1,5,4,'We generate unit tests with language models and measure the coverage they reach on real projects.',0,2,'["Unit Test Generation with Language Models", "Lind M.", "2024", "ASE", null, null, null, false, null, null, null, null, null, null]',NULL,NULL,'unit test generation with language models');
CREATE TABLE texts (id INTEGER PRIMARY KEY, fingerprint INTEGER NOT NULL, opening INTEGER,
                    truncated INTEGER NOT NULL, paper INTEGER);
INSERT INTO "texts" VALUES(1,6659841448531681205,NULL,0,1);
INSERT INTO "texts" VALUES(2,-4824443355599018267,6731596569626912418,0,2);
CREATE TABLE tokens (token INTEGER NOT NULL, text_id INTEGER NOT NULL, PRIMARY KEY (token, text_id)) WITHOUT ROWID;
INSERT INTO "tokens" VALUES(-6876055,2);
INSERT INTO "tokens" VALUES(-6505279,2);
INSERT INTO "tokens" VALUES(-5154002,2);
INSERT INTO "tokens" VALUES(-4824162,2);
INSERT INTO "tokens" VALUES(-3454657,2);
INSERT INTO "tokens" VALUES(-3133948,2);
INSERT INTO "tokens" VALUES(-2685904,2);
INSERT INTO "tokens" VALUES(-2673507,2);
INSERT INTO "tokens" VALUES(-2645694,2);
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
