-- A schema-4 collection written by paperlist before schema 5 (commit 9eff0de): two records of "Rehabilitation of
-- aphasia after stroke: the state of the evidence" without abstracts, by one first author in one year, in two
-- volumes of two journals (a conference abstract and an article: two papers), stored as one text, so one paper
-- p1, marked skip and recorded not-same with p2; dumped with sqlite3's iterdump.
-- tests/collection/test_collection.py migrates it.
BEGIN TRANSACTION;
CREATE TABLE events (id INTEGER PRIMARY KEY, at TEXT NOT NULL, action TEXT NOT NULL, detail TEXT NOT NULL);
INSERT INTO "events" VALUES(1,'2026-12-07T18:37:52+00:00','add','reviews.csv (3 snippets)');
INSERT INTO "events" VALUES(2,'2026-12-07T18:37:53+00:00','mark','p1 marked skip');
INSERT INTO "events" VALUES(3,'2026-12-07T18:37:53+00:00','not-same','p1 and p2 are different papers');
CREATE TABLE frequent_tokens (token INTEGER PRIMARY KEY, class INTEGER NOT NULL);
CREATE TABLE lists (
    id INTEGER PRIMARY KEY, path TEXT NOT NULL, name TEXT NOT NULL, seed_title TEXT, source TEXT NOT NULL,
    kind TEXT, content_hash TEXT NOT NULL, version INTEGER NOT NULL, added_at TEXT NOT NULL);
INSERT INTO "lists" VALUES(1,'reviews.csv','reviews.csv','reviews','csv',NULL,'c1b3bd0b7b9c215ae930712c089193c5bbe79836',1,'2026-12-07T18:37:52+00:00');
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
CREATE TABLE snippets (
    id INTEGER PRIMARY KEY, list INTEGER NOT NULL REFERENCES lists, line INTEGER NOT NULL, idx INTEGER NOT NULL,
    text TEXT NOT NULL, truncated INTEGER NOT NULL, text_id INTEGER NOT NULL REFERENCES texts (id),
    record TEXT, doi TEXT, scholar_id TEXT, title_key TEXT);
INSERT INTO "snippets" VALUES(1,1,2,1,'Rehabilitation of aphasia after stroke: the state of the evidence',0,1,'["Rehabilitation of aphasia after stroke: the state of the evidence", "Graham, R. and Teasell, R.", "2010", "Canadian Journal of Neurological Sciences", null, null, null, true, "37", null, "S99", null, null, null]',NULL,NULL,'rehabilitation of aphasia after stroke the state of the evidence');
INSERT INTO "snippets" VALUES(2,1,3,2,'Rehabilitation of aphasia after stroke: the state of the evidence',0,1,'["Rehabilitation of aphasia after stroke: the state of the evidence", "Graham, R. and Teasell, R. and Salter, K.", "2010", "Stroke", null, null, null, true, "41", null, "e494", null, null, null]',NULL,NULL,'rehabilitation of aphasia after stroke the state of the evidence');
INSERT INTO "snippets" VALUES(3,1,4,3,'Twelve people with aphasia met twice a week for six months; we report what changed in their naming and conversation.',0,2,'["Group therapy for aphasia in the first year after stroke", "Moss, L. and Ortiz, J.", "2011", "Aphasiology", null, null, null, false, "25", null, "101-112", null, null, null]',NULL,NULL,'group therapy for aphasia in the first year after stroke');
CREATE TABLE texts (id INTEGER PRIMARY KEY, fingerprint INTEGER NOT NULL, opening INTEGER,
                    truncated INTEGER NOT NULL, paper INTEGER);
INSERT INTO "texts" VALUES(1,354560595211618822,6387252046808624221,0,1);
INSERT INTO "texts" VALUES(2,8898427710968793807,8091220227871130200,0,2);
CREATE TABLE tokens (token INTEGER NOT NULL, text_id INTEGER NOT NULL, PRIMARY KEY (token, text_id)) WITHOUT ROWID;
INSERT INTO "tokens" VALUES(-6327623,2);
INSERT INTO "tokens" VALUES(-6218301,2);
INSERT INTO "tokens" VALUES(-5990415,2);
INSERT INTO "tokens" VALUES(-5449009,2);
INSERT INTO "tokens" VALUES(-3065690,2);
INSERT INTO "tokens" VALUES(-3057701,2);
INSERT INTO "tokens" VALUES(-2690254,2);
INSERT INTO "tokens" VALUES(-2539059,2);
INSERT INTO "tokens" VALUES(-2464324,2);
INSERT INTO "tokens" VALUES(-2387416,2);
INSERT INTO "tokens" VALUES(-2088378,2);
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
