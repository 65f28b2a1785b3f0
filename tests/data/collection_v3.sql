-- A schema-3 collection written by paperlist before schema 4 (commit 27bd5be): three papers titled "Atypical
-- hemolytic uremic syndrome" (no abstracts; three authors, three years) stored as one text, so one paper p1,
-- marked skip and recorded not-same with p2; dumped with sqlite3's iterdump. tests/collection/test_collection.py
-- migrates it.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
INSERT INTO meta VALUES('schema_version','3');
INSERT INTO meta VALUES('created','2026-12-07T16:51:31+00:00');
INSERT INTO meta VALUES('order_texts','2');
INSERT INTO meta VALUES('next_paper','3');
CREATE TABLE lists (
    id INTEGER PRIMARY KEY, path TEXT NOT NULL, name TEXT NOT NULL, seed_title TEXT, source TEXT NOT NULL,
    kind TEXT, content_hash TEXT NOT NULL, version INTEGER NOT NULL, added_at TEXT NOT NULL);
INSERT INTO lists VALUES(1,'reviews.csv','reviews.csv','reviews','csv',NULL,'59b451edfdd1df3d822f6e280e27a64434f1acea',1,'2026-12-07T16:51:31+00:00');
INSERT INTO lists VALUES(2,'more.csv','more.csv','more','csv',NULL,'c0eab63b486f66081f845087b489cee8c5b6dd41',1,'2026-12-07T16:51:31+00:00');
CREATE TABLE texts (id INTEGER PRIMARY KEY, fingerprint INTEGER NOT NULL, opening INTEGER,
                    truncated INTEGER NOT NULL, paper INTEGER);
INSERT INTO texts VALUES(1,-5936998318788785992,NULL,0,1);
INSERT INTO texts VALUES(2,-5619584577636500667,-417604957529204794,0,2);
CREATE TABLE snippets (
    id INTEGER PRIMARY KEY, list INTEGER NOT NULL REFERENCES lists, line INTEGER NOT NULL, idx INTEGER NOT NULL,
    text TEXT NOT NULL, truncated INTEGER NOT NULL, text_id INTEGER NOT NULL REFERENCES texts (id),
    record TEXT, doi TEXT, scholar_id TEXT, title_key TEXT);
INSERT INTO snippets VALUES(1,1,2,1,'Atypical hemolytic uremic syndrome',0,1,'["Atypical hemolytic uremic syndrome", "Noris, M. and Remuzzi, G.", "2009", "New England Journal of Medicine", null, null, null, true, null, null, null, null, null, null]',NULL,NULL,'atypical hemolytic uremic syndrome');
INSERT INTO snippets VALUES(2,1,3,2,'Atypical hemolytic uremic syndrome',0,1,'["Atypical hemolytic uremic syndrome", "Loirat, C. and Fremeaux-Bacchi, V.", "2011", "Orphanet Journal of Rare Diseases", null, null, null, true, null, null, null, null, null, null]',NULL,NULL,'atypical hemolytic uremic syndrome');
INSERT INTO snippets VALUES(3,1,4,3,'Atypical hemolytic uremic syndrome',0,1,'["Atypical hemolytic uremic syndrome", "Kavanagh, D. and Goodship, T. H.", "2010", "Current Opinion in Hematology", null, null, null, true, null, null, null, null, null, null]',NULL,NULL,'atypical hemolytic uremic syndrome');
INSERT INTO snippets VALUES(4,1,5,4,'We treated four children with eculizumab and report their course over two years of follow-up.',0,2,'["Eculizumab in atypical hemolytic uremic syndrome: a case series", "Tschumi, S. and Gugger, M.", "2011", "Pediatric Nephrology", null, null, null, false, null, null, null, null, null, null]',NULL,NULL,'eculizumab in atypical hemolytic uremic syndrome a case series');
INSERT INTO snippets VALUES(5,2,2,1,'Atypical hemolytic uremic syndrome',0,1,'["Atypical hemolytic uremic syndrome", "Kavanagh D, Goodship TH", "2010", "Curr Opin Hematol", null, null, null, true, null, null, null, null, null, null]',NULL,NULL,'atypical hemolytic uremic syndrome');
CREATE TABLE tokens (token INTEGER NOT NULL, text_id INTEGER NOT NULL, PRIMARY KEY (token, text_id)) WITHOUT ROWID;
INSERT INTO tokens VALUES(-6577369,2);
INSERT INTO tokens VALUES(-6369547,2);
INSERT INTO tokens VALUES(-3653213,2);
INSERT INTO tokens VALUES(-3284927,2);
INSERT INTO tokens VALUES(-2773489,2);
INSERT INTO tokens VALUES(-2541358,2);
INSERT INTO tokens VALUES(-2019360,2);
INSERT INTO tokens VALUES(-2002207,2);
INSERT INTO tokens VALUES(-1676214,2);
CREATE TABLE frequent_tokens (token INTEGER PRIMARY KEY, class INTEGER NOT NULL);
CREATE TABLE marks (fingerprint TEXT PRIMARY KEY, mark TEXT NOT NULL, marked_at TEXT NOT NULL);
INSERT INTO marks VALUES('ad9b8b7c1080c8b8','skip','2026-12-07T16:51:35+00:00');
CREATE TABLE not_same (a TEXT NOT NULL, b TEXT NOT NULL, decided_at TEXT, PRIMARY KEY (a, b)) WITHOUT ROWID;
INSERT INTO not_same VALUES('ad9b8b7c1080c8b8','b2033999b8b67b45','2026-12-07T16:51:35+00:00');
CREATE TABLE retired (fingerprint INTEGER PRIMARY KEY, paper INTEGER NOT NULL);
CREATE TABLE events (id INTEGER PRIMARY KEY, at TEXT NOT NULL, action TEXT NOT NULL, detail TEXT NOT NULL);
INSERT INTO events VALUES(1,'2026-12-07T16:51:31+00:00','add','reviews.csv (4 snippets)');
INSERT INTO events VALUES(2,'2026-12-07T16:51:31+00:00','add','more.csv (1 snippets)');
INSERT INTO events VALUES(3,'2026-12-07T16:51:35+00:00','mark','p1 marked skip');
INSERT INTO events VALUES(4,'2026-12-07T16:51:35+00:00','not-same','p1 and p2 are different papers');
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
