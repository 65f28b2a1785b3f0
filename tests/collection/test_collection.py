"""The SQLite collection: papers equal a full run, adds are atomic and idempotent, marks and decisions persist."""

import json
import os
import random
import re
import signal
import sqlite3
import subprocess
import sys
import time
import unittest
from unittest import mock

from paperlist.collection.adding import Collection
from paperlist.collection.keys import PrefixTokens
from paperlist.collection.store import Store
from paperlist.inputs.load import load_lists
from paperlist.match.dupes import find_duplicates
from paperlist.match.papers import group_papers
from paperlist.model import ReadingList, Snippet
from paperlist.tagging.tags import TagMatcher
from tests.helpers import EXAMPLES, ROOT, TempDir, run_cli
from tests.match.test_papers import BASE, OTHERS, REWORDED, cut, write_collection

HEADER = "Related papers: Seed\n\n"


def paper_sets(lists, paper_of) -> set[frozenset]:
    papers: dict[int, set] = {}
    for rl in lists:
        for s in rl.snippets:
            papers.setdefault(paper_of[(s.path, s.index)], set()).add((s.path, s.line))
    return {frozenset(members) for members in papers.values()}


def full_run(lists) -> set[frozenset]:
    grouping = group_papers(lists, find_duplicates([s for rl in lists for s in rl.snippets]))
    return {frozenset((m.path, m.line) for m in p.members) for p in grouping.papers}


def alert(path: str, number: int) -> ReadingList:
    """One e-mail of a mailbox read one list per e-mail: a single paper, numbered."""
    text = f"Paper number {number} opens its abstract with these words about a study of alerts {number}."
    return ReadingList(path, None, False, (Snippet(path, 1, 1, text, False),))


def assert_index_holds_every_prefix(test: unittest.TestCase, store: Store) -> None:
    """Every text's prefix tokens, in the order the collection stores, are in its token index."""
    classes, _ = store.token_order()
    prefixes = PrefixTokens(classes=classes)
    stored: dict[int, set] = {}
    for token, text_id in store.db.execute("SELECT token, text_id FROM tokens"):
        stored.setdefault(text_id, set()).add(token)
    for text_id, (key, cut) in store.keys_of(store.all_texts()).items():
        test.assertLessEqual(set(prefixes.prefix(key, cut)[0]), stored.get(text_id, set()), key)


class PropertyTest(unittest.TestCase):
    def test_random_add_orders_and_batches_equal_a_full_run(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        write_collection(tmp)
        rng = random.Random(11)
        # Cuts that open two papers (ambiguous) and arrive late, re-worded copies, repeats across lists.
        extra = [cut(BASE, 90), cut(REWORDED, 120), cut(OTHERS[0], 70), cut(OTHERS[0].replace("arithmetic", "maths"), 200),
                 OTHERS[0][:60] + " and then something else entirely, about other hardware…", cut(OTHERS[2], 150)]
        for n, text in enumerate(extra):
            tmp.write(f"extra{n}.txt", HEADER + text + "\n")
        lists = load_lists([str(tmp.path), str(EXAMPLES)], TagMatcher({})).lists
        expected = full_run(lists)
        for trial in range(12):
            order = lists[:]
            rng.shuffle(order)
            cuts = sorted(rng.sample(range(1, len(order)), rng.randint(0, 4)))
            batches = [order[a:b] for a, b in zip([0] + cuts, cuts + [len(order)])]
            with self.subTest(trial=trial):
                store = Store(str(tmp.path / f"c{trial}.db"))
                collection = Collection(store)
                for batch in batches:
                    with store.transaction():
                        collection.add(batch)
                self.assertEqual(paper_sets(store.lists(), store.paper_of_snippets()), expected)
                assert_index_holds_every_prefix(self, store)
                store.close()


    def test_planted_near_copies_found_through_the_stored_prefixes(self):
        """Re-worded and cut copies arriving in later batches find their papers through the token index."""
        from tests.collection.test_keys import planted_texts
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        texts = [key + (" …" if cut else "") for key, cut in planted_texts(5)]
        random.Random(3).shuffle(texts)
        for n in range(8):
            tmp.write(f"list{n}.txt", HEADER + "\n\n".join(texts[n::8]) + "\n")
        lists = load_lists([str(tmp.path)], TagMatcher({})).lists
        expected = full_run(lists)
        self.assertGreater(len(expected), 60)
        self.assertLess(len(expected), len(texts) - 30)  # many copies joined
        rng = random.Random(5)
        for trial in range(4):
            order = lists[:]
            rng.shuffle(order)
            with self.subTest(trial=trial):
                store = Store(str(tmp.path / f"p{trial}.db"))
                collection = Collection(store)
                # Two connections take turns, as two processes would: each must follow the order the other
                # derived (a collection of 1, 2, ... lists derives it again at each 4x growth).
                stores = [store, Store(store.path)]
                collections = [collection, Collection(stores[1])]
                for n, batch in enumerate([l] for l in order):
                    with stores[n % 2].transaction():
                        collections[n % 2].add(batch)
                self.assertEqual(paper_sets(store.lists(), store.paper_of_snippets()), expected)
                assert_index_holds_every_prefix(self, store)
                self.assertGreater(len(store.token_order()[0]), 10)
                for each in stores:
                    each.close()


WEEK_SHARED = ("Shared GPU clusters in universities are often idle at night and overloaded before deadlines. We "
               "present a scheduler that lends idle accelerators to waiting jobs…")
WEEK_NEW = ("A brand new paper about quantum annealing for scheduling problems on noisy hardware, with experiments on "
            "three devices and a new benchmark suite…")


class CommandsTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        self.db = str(self.tmp.path / "lab.db")
        self.week = self.tmp.write("week.txt", f"Related papers: This week\n\n{WEEK_SHARED}\n\n{WEEK_NEW}\n")

    def add(self, *paths):
        with mock.patch.dict(os.environ, {"COLUMNS": "400"}):  # the summary line unwrapped
            return run_cli("add", *paths, "--db", self.db)

    def test_add_is_idempotent_and_counts(self):
        self.assertEqual(self.add(str(EXAMPLES)), (0, f"{self.db}: added 4 lists; 18 new snippets: 14 new papers, "
                                                      "0 snippets joined papers already held\n", ""))
        self.assertEqual(self.add(str(EXAMPLES))[1], f"{self.db}: added 0 lists (4 already added); 0 new snippets: "
                                                     "0 new papers, 0 snippets joined papers already held\n")
        self.assertEqual(self.add(self.week)[1], f"{self.db}: added 1 list; 2 new snippets: 1 new paper, 1 snippet "
                                                 "joined papers already held\n")

    def test_new_shows_exactly_the_new_paper_and_changes_nothing(self):
        self.add(str(EXAMPLES))
        before = run_cli("db", "info", "--db", self.db)[1]
        code, out, err = run_cli("new", self.week, "--db", self.db, "--format", "json")
        self.assertEqual((code, err), (0, ""))
        self.assertEqual([p["text"] for p in json.loads(out)["papers"]], [WEEK_NEW])
        # Closed when the command ends, not when garbage is next collected (which wrote the WAL back into the
        # file at a random time, changing its size between two `db info`).
        self.assertFalse(os.path.exists(self.db + "-wal"))
        self.assertEqual(run_cli("db", "info", "--db", self.db)[1], before)
        known = json.loads(run_cli("new", self.week, "--db", self.db, "--format", "json", "--show-known")[1])
        seen = {p["text"][:20]: p["seen"] for p in known["papers"]}
        self.assertIsNone(seen[WEEK_NEW[:20]])
        self.assertRegex(seen[WEEK_SHARED[:20]], r"^already held: first seen at .*gpu-scheduling\.txt:3 on \d{4}-\d\d-\d\d$")

    def test_add_new_adds_and_shows(self):
        self.add(str(EXAMPLES))
        code, out, err = run_cli("add", self.week, "--db", self.db, "--new", "--format", "json")
        self.assertEqual([p["text"] for p in json.loads(out)["papers"]], [WEEK_NEW])
        self.assertIn("1 new paper, 1 snippet joined papers already held", err.replace("\n", " "))
        self.assertEqual(json.loads(run_cli("new", self.week, "--db", self.db, "--format", "json")[1])["papers"], [])

    def test_marks_and_triage(self):
        self.add(str(EXAMPLES))
        papers = json.loads(run_cli("triage", "--db", self.db, "--format", "json")[1])["papers"]
        first, last = papers[0]["paper"], papers[-1]["paper"]
        code, out, err = run_cli("mark", "read", f"p{first}", "--db", self.db)
        self.assertEqual((code, err), (0, ""))
        self.assertEqual(out, f"p{first} marked read: {papers[0]['text'][:63].rstrip()}…\n")  # 80 columns
        fingerprint = json.loads(run_cli("export", "--db", self.db, "--format", "json")[1])
        self.assertEqual(run_cli("mark", "want", f"p{last}", "--db", self.db)[0], 0)
        after = json.loads(run_cli("triage", "--db", self.db, "--format", "json")[1])["papers"]
        self.assertNotIn(first, [p["paper"] for p in after])
        self.assertEqual(after[0]["paper"], last)
        everything = json.loads(run_cli("triage", "--db", self.db, "--format", "json", "--all")[1])["papers"]
        self.assertIn(first, [p["paper"] for p in everything])
        self.assertEqual(fingerprint["totals"]["papers"], 14)
        code, _, err = run_cli("mark", "read", "p999", "--db", self.db)
        self.assertEqual((code, err), (2, f"paperlist: error: no paper 'p999' in {self.db} (every collection view "
                                          "shows paper ids, p41; a fingerprint counts once its list is added)\n"))
        # A bare number is refused: over PATHs the views number papers by rank, and rank 1 is not p1.
        code, _, err = run_cli("mark", "read", "1", "--db", self.db)
        self.assertEqual((code, err), (2, "paperlist: error: '1' is a bare number: paper ids are written p1 in the "
                                          "collection's views (triage --db, dupes --db, report --db); a number from a "
                                          "run over PATHs is a rank, which names no paper\n"))

    def test_each_editorial_is_a_paper_of_its_own_that_a_mark_names_alone(self):
        # Six records titled "Editorial" in different journals are six papers in every view; with one text
        # between them they were one paper of the collection, shown six times under one id that marked all six.
        rows = ["title,author,year,journal,volume"] + [f"Editorial,Author{n},{2000 + n},Journal {n},{n + 1}"
                                                        for n in range(6)]
        self.add(self.tmp.write("scopus.csv", "\n".join(rows) + "\n"))
        papers = json.loads(run_cli("triage", "--db", self.db, "--format", "json")[1])["papers"]
        self.assertEqual(sorted(p["text"] for p in papers), [f"Editorial (Journal {n} {n + 1}, {2000 + n})"
                                                             for n in range(6)])
        self.assertEqual(len({p["paper"] for p in papers}), 6)
        self.assertIn("papers: 6\n", run_cli("db", "info", "--db", self.db)[1])
        self.assertEqual(run_cli("mark", "skip", f"p{papers[0]['paper']}", "--db", self.db)[0], 0)
        left = json.loads(run_cli("triage", "--db", self.db, "--format", "json")[1])["papers"]
        self.assertEqual(len(left), 5)

    def test_report_commands_on_the_collection_equal_the_files(self):
        self.add(str(EXAMPLES))
        for command in ("summarize", "dupes", "triage", "export"):
            with self.subTest(command):
                files = json.loads(run_cli(command, str(EXAMPLES), "--format", "json")[1])
                stored = json.loads(run_cli(command, "--db", self.db, "--format", "json")[1])
                # The same papers; only where their ids come from differs (a collection's last).
                self.assertEqual({**stored["totals"], "ids": "-"}, {**files["totals"], "ids": "-"})
        self.assertEqual(run_cli("summarize", str(EXAMPLES), "--db", self.db)[0::2],
                         (2, "paperlist: error: give PATHs or --db, not both (add the PATHs to the collection with "
                             "'paperlist add')\n"))

    def test_not_same_splits_a_paper(self):
        self.add(str(EXAMPLES))
        groups = json.loads(run_cli("dupes", "--db", self.db, "--format", "json")[1])["groups"]
        near = next(g for g in groups if g["kind"] == "near")
        a, b = (m["fingerprint"] for m in near["members"])
        self.assertEqual(run_cli("not-same", a, b, "--db", self.db)[0], 0)
        totals = json.loads(run_cli("summarize", "--db", self.db, "--format", "json")[1])["totals"]
        self.assertEqual(totals["papers"], 15)

    def test_not_a_collection(self):
        text = self.tmp.write("notes.db", "just some text, not SQLite\n" * 100)
        for argv in (("db", "info", "--db", text), ("add", str(EXAMPLES), "--db", text),
                     ("summarize", "--db", text)):
            with self.subTest(argv):
                code, out, err = run_cli(*argv)
                self.assertEqual((code, out), (2, ""))
                self.assertTrue(err.startswith(f"paperlist: error: {text}: not a paperlist collection"), err)
        other = str(self.tmp.path / "other.sqlite")
        connection = sqlite3.connect(other)
        connection.execute("CREATE TABLE t (x)")
        connection.close()
        self.assertEqual(run_cli("db", "info", "--db", other)[0::2],
                         (2, f"paperlist: error: {other}: not a paperlist collection\n"))
        self.assertEqual(run_cli("triage", "--db", str(self.tmp.path / "missing.db"))[0::2],
                         (2, f"paperlist: error: {self.tmp.path / 'missing.db'}: no collection here (create one with "
                             "'paperlist add')\n"))


class SafetyTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        self.db = str(self.tmp.path / "lab.db")

    def big_list(self, name: str, n: int, seed: int) -> str:
        rng = random.Random(seed)
        words = [f"w{i}" for i in range(5000)]
        return self.tmp.write(name, "Related papers: big\n" + "".join(
            " ".join(rng.choice(words) for _ in range(35)) + "…\n" for _ in range(n)))

    def test_interrupted_add_leaves_the_collection_as_before(self):
        run_cli("add", str(EXAMPLES), "--db", self.db)
        before = run_cli("db", "info", "--db", self.db)[1]
        big = self.big_list("big.txt", 40_000, 1)
        child = subprocess.Popen([sys.executable, "-m", "paperlist", "add", big, "--db", self.db], cwd=ROOT,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # Kill it once its rows are being written (the log grows) and long before it could finish grouping.
        wal = self.db + "-wal"
        deadline = time.monotonic() + 60
        while child.poll() is None and time.monotonic() < deadline and (
                not os.path.exists(wal) or os.path.getsize(wal) < 2_000_000):
            time.sleep(0.02)
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        self.assertEqual(child.returncode, -signal.SIGKILL)  # killed mid-add, not finished
        after = run_cli("db", "info", "--db", self.db)[1]
        self.assertEqual([l for l in after.splitlines() if not l.startswith("size")],
                         [l for l in before.splitlines() if not l.startswith("size")])
        self.assertEqual(run_cli("db", "check", "--db", self.db), (0, f"{self.db}: ok\n", ""))

    def test_two_adds_at_once_both_land(self):
        run_cli("add", str(EXAMPLES), "--db", self.db)
        paths = [self.big_list(f"b{n}.txt", 3000, n) for n in (1, 2)]
        children = [subprocess.Popen([sys.executable, "-m", "paperlist", "add", path, "--db", self.db], cwd=ROOT,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE) for path in paths]
        results = [child.communicate(timeout=120) for child in children]
        self.assertEqual([child.returncode for child in children], [0, 0], results)
        info = run_cli("db", "info", "--db", self.db)[1]
        self.assertIn("lists: 6\n", info)
        self.assertIn("snippets: 6018\n", info)


class StoreTest(unittest.TestCase):
    def test_texts_sharing_tokens_take_each_probes_own_count(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        store = Store(str(tmp.path / "s.db"))
        self.addCleanup(store.close)
        with store.trial():
            store.add_tokens([(10, [1, 2]), (11, [2]), (12, [3]), (13, [5, 6]), (14, [-4])])
            self.assertEqual(store.texts_sharing_tokens([([1, 2, 3], 2)]), {10})
            self.assertEqual(store.texts_sharing_tokens([([1, 2, 3], 2), ([3, -4], 1)]), {10, 12, 14})
            self.assertEqual(store.texts_sharing_tokens([([1, 2, 3], 3), ([5, 6, 2], 2)]), {13})
            self.assertEqual(store.texts_sharing_tokens([]), set())


    def test_rows_keep_every_character(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        texts = ['quotes " \\ and \\u0000 written out, emoji 😀, é, \u2028, tab\t', "a NUL \x00 inside", "plain"]
        for texts_now in (texts[:1] + texts[2:], texts):  # the second holds a NUL: rows go one by one
            store = Store(str(tmp.path / f"{len(texts_now)}.db"))
            with store.trial():
                store.db.execute("INSERT INTO lists VALUES (1, 'l.txt', 'l', NULL, 'l.txt', 'text', 'h', 1, 'now')")
                store.insert_text_rows(store.text_rows([(1, "k", False)]))
                store.add_snippets([(1, n, n, text, 0, 1, None, None, None, None) for n, text in enumerate(texts_now)])
                self.assertEqual([r[0] for r in store.db.execute("SELECT text FROM snippets ORDER BY id")], texts_now)
            store.close()

    def new_store(self) -> Store:
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        store = Store(str(tmp.path / "c.db"))
        self.addCleanup(store.close)
        return store

    def record_plans(self, store: Store, chosen) -> list[str]:
        """From now on, the query plan of each SELECT the store runs that ``chosen`` picks: the list fills as they
        run (a second connection plans them, without taking part in the store's transaction)."""
        planner = sqlite3.connect(store.path)
        self.addCleanup(planner.close)
        plans: list[str] = []

        def plan(sql: str) -> None:
            if sql.startswith("SELECT") and chosen(sql):
                plans.extend(row[3] for row in planner.execute(f"EXPLAIN QUERY PLAN {sql}"))
        store.db.set_trace_callback(plan)
        return plans

    def test_one_add_numbers_versions_without_reading_the_lists_once_per_list(self):
        store = self.new_store()
        # The first add into an empty store writes from a second thread, whose statements would call the trace
        # callback below while this thread waits on the connection holding the GIL (a hang, one run in five):
        # the adds measured here add to a collection.
        with store.transaction():
            Collection(store).add([alert("first.txt", 9999)])
        plans = self.record_plans(store, lambda sql: "FROM lists" in sql)
        with store.transaction():
            Collection(store).add([alert("mail.mbox#1", 1), alert("other.txt", 2)])
        with store.transaction():
            Collection(store).add([alert("mail.mbox#1", 3)] + [alert(f"mail.mbox#{n}", n) for n in range(2, 302)])
        store.db.set_trace_callback(None)
        self.assertEqual(store.db.execute("SELECT path, version FROM lists WHERE path IN ('mail.mbox#1', 'other.txt', "
                                          "'mail.mbox#2') ORDER BY id").fetchall(),
                         [("mail.mbox#1", 1), ("other.txt", 1), ("mail.mbox#1", 2), ("mail.mbox#2", 1)])
        # A search of the whole lists table once per add, not once per list (50,000 lists made that quadratic).
        self.assertEqual(sum("SCAN lists" in plan for plan in plans), 2, plans[:5])

    def test_the_papers_of_a_mailboxs_places_are_found_reading_the_lists_once(self):
        store = self.new_store()
        with store.transaction():
            Collection(store).add([alert(f"mail.mbox#{n}", n) for n in range(1, 1201)])
        with store.transaction():  # a second version of the first e-mail: its place now holds another paper
            Collection(store).add([alert("mail.mbox#1", 5000)])
        plans = self.record_plans(store, lambda sql: True)
        found = store.papers_of_places([(f"mail.mbox#{n}", 1) for n in range(1, 1201)] + [("other.txt", 1)])
        store.db.set_trace_callback(None)
        self.assertEqual(len(found), 1200)
        self.assertEqual((found[("mail.mbox#1", 1)], found[("mail.mbox#2", 1)], found[("mail.mbox#1200", 1)]),
                         (1201, 2, 1200))
        # One pass over the lists, not a pass over every snippet per 500 paths (which grew with the square of the
        # e-mails of a mailbox).
        self.assertEqual([plan for plan in plans if plan.startswith("SCAN")], ["SCAN lists"], plans[:5])


class MigrationTest(unittest.TestCase):
    def test_a_schema_1_collection_is_migrated_keeping_papers_marks_and_decisions(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        old, fresh = str(tmp.path / "old.db"), str(tmp.path / "fresh.db")
        connection = sqlite3.connect(old)
        connection.executescript((ROOT / "tests" / "data" / "collection_v1.sql").read_text(encoding="utf-8"))
        connection.close()
        # The same history on the current schema: examples added, paper 3 read, one near pair split.
        run_cli("add", str(EXAMPLES), "--db", fresh)
        run_cli("mark", "read", "p3", "--db", fresh)
        run_cli("not-same", "bcaa8619128e590b", "12f96c0167e2ef97", "--db", fresh)

        info = run_cli("db", "info", "--db", old)[1]
        self.assertIn("schema version: 7\n", info)
        self.assertIn("lists: 4\nsnippets: 18\npapers: 15\nmarked: 1\nnot_same: 1\n", info)
        self.assertEqual(run_cli("db", "check", "--db", old), (0, f"{old}: ok\n", ""))
        # The history starts from what the old collection knew: its adds and its marks, dated.
        log = [line[21:] for line in run_cli("db", "log", "--db", old)[1].splitlines()]
        self.assertEqual([line.split()[0] for line in log], ["add"] * 4 + ["mark"])
        self.assertTrue(log[-1].startswith("mark      read "), log)

        def papers(db):
            triage = json.loads(run_cli("triage", "--db", db, "--format", "json")[1])
            return triage["totals"], [(p["paper"], p["text"]) for p in triage["papers"]]
        self.assertEqual(papers(old), papers(fresh))
        self.assertEqual(len(papers(old)[1]), 14)  # 15 papers, one read
        week = tmp.write("week.txt", f"Related papers: This week\n\n{WEEK_SHARED}\n\n{WEEK_NEW}\n")
        with mock.patch.dict(os.environ, {"COLUMNS": "400"}):
            self.assertEqual(run_cli("add", week, "--db", old)[1],
                             f"{old}: added 1 list; 2 new snippets: 1 new paper, 1 snippet joined papers already held\n")


class SharedTitleMigrationTest(unittest.TestCase):
    def schema_3(self, dump: str) -> tuple[TempDir, str]:
        """A temporary folder and a collection in it, loaded from a dump of one written at schema 3."""
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        db = str(tmp.path / "v3.db")
        connection = sqlite3.connect(db)
        connection.executescript((ROOT / "tests" / "data" / dump).read_text(encoding="utf-8"))
        connection.close()
        return tmp, db

    def test_papers_that_share_only_a_title_become_papers_of_their_own_keeping_the_decision(self):
        """Schema 3 kept one text per title: three reviews titled "Atypical hemolytic uremic syndrome" by three
        authors were one paper, and `mark skip p1` skipped all three. Schema 4 tells them apart by year and first
        author; the mark and the not-same pair made on p1 hold for each of them."""
        _, db = self.schema_3("collection_v3.sql")
        code, out, err = run_cli("triage", "--db", db, "--all", "--format", "json")
        self.assertEqual((code, err), (0, ""))
        papers = sorted((p["paper"], p["authors"].split(",")[0], p["mark"]) for p in json.loads(out)["papers"])
        # The two copies of Kavanagh's review stay one paper (the core joins them), under p1; p2 is untouched.
        self.assertEqual(papers, [(1, "Kavanagh D", "skip"), (2, "Tschumi", None), (3, "Noris", "skip"),
                                  (4, "Loirat", "skip")])
        self.assertIn("papers: 4\n", run_cli("db", "info", "--db", db)[1])
        pairs = run_cli("not-same", "--list", "--db", db)[1]
        self.assertEqual(pairs.count("two different papers"), 4)  # each text of p1, p3 and p4 against p2
        self.assertEqual(run_cli("db", "check", "--db", db), (0, f"{db}: ok\n", ""))
        self.assertTrue(run_cli("db", "log", "--db", db)[1].splitlines()[-1][21:].startswith(
            "upgrade   1 text held records without an abstract of several years, first authors or volumes: they are "
            "4 texts"))
        # A decision now lands on one of them only.
        self.assertEqual(run_cli("mark", "want", "p4", "--db", db)[0], 0)
        marks = {p["paper"]: p["mark"] for p in json.loads(run_cli("triage", "--db", db, "--all", "--format",
                                                                     "json")[1])["papers"]}
        self.assertEqual(marks, {1: "skip", 2: None, 3: "skip", 4: "want"})

    def test_a_list_removed_before_the_upgrade_comes_back_with_its_decisions_on_each_paper(self):
        tmp, db = self.schema_3("collection_v3_removed.sql")
        reviews = tmp.write("reviews.csv", SHARED_TITLES)
        self.assertEqual(run_cli("add", reviews, "--db", db)[0], 0)
        out = run_cli("triage", "--db", db, "--all", "--format", "json")[1]
        marks = sorted((p["authors"].split(",")[0], p["mark"]) for p in json.loads(out)["papers"])
        self.assertEqual(marks, [("Kavanagh", "skip"), ("Loirat", "skip"), ("Noris", "skip"), ("Tschumi", None)])
        listed = run_cli("not-same", "--list", "--db", db)[1]
        self.assertEqual(len(re.findall(r"  [0-9a-f]{16} p\d+: Atypical", listed)), 3)  # and the pair under its words
        self.assertEqual(run_cli("db", "check", "--db", db), (0, f"{db}: ok\n", ""))


class SharedTitleVolumeMigrationTest(unittest.TestCase):
    schema_3 = SharedTitleMigrationTest.schema_3  # a dump of any older schema loads the same way

    def test_papers_of_one_author_and_year_in_two_volumes_become_papers_of_their_own_keeping_the_decision(self):
        """Schema 4 kept a conference abstract and the article of one title, first author and year (two volumes,
        two papers by the core) as one text: one id p1, which `mark skip p1` skipped both under. Schema 5 tells
        them apart by volume; the mark and the not-same pair made on p1 hold for each."""
        _, db = self.schema_3("collection_v4.sql")
        code, out, err = run_cli("triage", "--db", db, "--all", "--format", "json", "--tags", "builtin")
        self.assertEqual((code, err), (0, ""))
        papers = sorted((p["paper"], p["venue"], p["mark"]) for p in json.loads(out)["papers"])
        self.assertEqual(papers, [(1, "Canadian Journal of Neurological Sciences", "skip"), (2, "Aphasiology", None),
                                  (3, "Stroke", "skip")])
        self.assertIn("papers: 3\n", run_cli("db", "info", "--db", db)[1])
        self.assertEqual(run_cli("not-same", "--list", "--db", db)[1].count("two different papers"), 2)
        self.assertEqual(run_cli("db", "check", "--db", db), (0, f"{db}: ok\n", ""))
        self.assertTrue(run_cli("db", "log", "--db", db)[1].splitlines()[-1][21:].startswith(
            "upgrade   1 text held records without an abstract of several volumes: they are 2 texts"))
        self.assertEqual(run_cli("mark", "want", "p3", "--db", db)[0], 0)
        marks = {p["paper"]: p["mark"] for p in json.loads(run_cli("triage", "--db", db, "--all", "--format",
                                                                     "json", "--tags", "builtin")[1])["papers"]}
        self.assertEqual(marks, {1: "skip", 2: None, 3: "want"})

    def test_a_list_removed_before_schema_5_comes_back_with_its_decisions_on_each_paper(self):
        tmp, db = self.schema_3("collection_v4_removed.sql")
        self.assertEqual(run_cli("add", tmp.write("reviews.csv", TWO_VOLUMES), "--db", db)[0], 0)
        out = run_cli("triage", "--db", db, "--all", "--format", "json", "--tags", "builtin")[1]
        marks = sorted((p["paper"], p["venue"], p["mark"]) for p in json.loads(out)["papers"])
        self.assertEqual(marks, [(1, "Canadian Journal of Neurological Sciences", "skip"), (2, "Aphasiology", None),
                                 (3, "Stroke", "skip")])
        self.assertEqual(run_cli("not-same", "--list", "--db", db)[1].count("two different papers"), 3)
        self.assertEqual(run_cli("db", "check", "--db", db), (0, f"{db}: ok\n", ""))


class NoAbstractMigrationTest(unittest.TestCase):
    schema_3 = SharedTitleMigrationTest.schema_3  # a dump of any older schema loads the same way

    def test_records_whose_abstract_says_there_is_none_become_papers_of_their_own_keeping_the_decision(self):
        """Schema 6 kept three Scopus records whose abstract field says "[No abstract available]" as one text: one
        paper p1, which `mark skip p1` skipped all three under. Schema 7 reads each by its title; the mark holds
        for each, and a decision lands on one of them only."""
        tmp, db = self.schema_3("collection_v6.sql")
        code, out, err = run_cli("triage", "--db", db, "--all", "--format", "json", "--tags", "builtin")
        self.assertEqual((code, err), (0, ""))
        papers = sorted((p["paper"], p["text"], p["title_only"], p["mark"]) for p in json.loads(out)["papers"])
        self.assertEqual(papers, [
            (1, ("A Large-Scale Empirical Study of Fuzzing Deep Learning Compilers with Generated Programs and Their "
                 "Optimisation Passes"), True, "skip"),
            (2, "We generate unit tests with language models and measure the coverage they reach on real projects.",
             False, "want"),
            (3, "Program Repair with Large Language Models", True, "skip"),
            (4, "Vulnerabilities of Smart Contracts on Ethereum", True, "skip")])
        self.assertIn("papers: 4\n", run_cli("db", "info", "--db", db)[1])
        self.assertEqual(run_cli("db", "check", "--db", db), (0, f"{db}: ok\n", ""))
        self.assertTrue(run_cli("db", "log", "--db", db)[1].splitlines()[-1][21:].startswith(
            "upgrade   1 text held records without an abstract of several titles: they are 3 texts"))
        # The texts are known as the readers read the file now: nothing in it is new.
        source = (ROOT / "tests" / "data" / "collection_v6.sql").read_text(encoding="utf-8")
        self.assertIn("[No abstract available]", source)
        scopus = tmp.write("scopus.csv", SCOPUS_NO_ABSTRACT)
        self.assertEqual(run_cli("new", scopus, "--db", db)[1],
                         "Nothing new: all 4 papers already in the collection.\n")
        # And found as a collection made now finds them: the same fingerprints, openings and prefix tokens.
        fresh = str(tmp.path / "fresh.db")
        self.assertEqual(run_cli("add", scopus, "--db", fresh)[0], 0)

        def keys(path: str) -> tuple[set, set]:
            connection = sqlite3.connect(path)
            texts = set(connection.execute("SELECT fingerprint, opening, truncated FROM texts"))
            tokens = set(connection.execute("SELECT t.fingerprint, k.token FROM tokens k JOIN texts t "
                                            "ON t.id = k.text_id"))
            connection.close()
            return texts, tokens
        self.assertEqual(keys(db), keys(fresh))
        self.assertEqual(run_cli("mark", "want", "p4", "--db", db)[0], 0)
        marks = {p["paper"]: p["mark"] for p in json.loads(run_cli("triage", "--db", db, "--all", "--format",
                                                                     "json", "--tags", "builtin")[1])["papers"]}
        self.assertEqual(marks, {1: "skip", 2: "want", 3: "skip", 4: "want"})


# The file collection_v6.sql was made from.
SCOPUS_NO_ABSTRACT = """Authors,Title,Year,Source title,Abstract
"Chen Z., Wu L.",A Large-Scale Empirical Study of Fuzzing Deep Learning Compilers with Generated Programs and \
Their Optimisation Passes,2023,ICSE,[No abstract available]
Ruiz A.,Program Repair with Large Language Models,2024,TOSEM,[No abstract available]
Okafor N.,Vulnerabilities of Smart Contracts on Ethereum,2022,CCS,No abstract available.
Lind M.,Unit Test Generation with Language Models,2024,ASE,"We generate unit tests with language models and \
measure the coverage they reach on real projects."
"""


class SharedTitleTest(unittest.TestCase):
    def test_papers_that_share_only_a_title_are_each_their_own_paper_fingerprint_and_mark(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        db, reviews = str(tmp.path / "c.db"), tmp.write("reviews.csv", SHARED_TITLES)
        # Over PATHs, each review has a fingerprint of its own, as a not-same or a mark names it.
        members = [m for g in json.loads(run_cli("dupes", reviews, "--format", "json", "--maybe", "0.1")[1])["groups"]
                   for m in g["members"]]
        self.assertEqual(members, [])  # three authors, three years: no two of them are one paper
        shown = json.loads(run_cli("triage", reviews, "--format", "json")[1])["papers"]
        fingerprints = {p["authors"].split(",")[0]: p["fingerprint"] for p in shown}
        self.assertEqual(len(set(fingerprints.values())), 4)
        self.assertEqual(run_cli("add", reviews, "--db", db)[0], 0)
        self.assertEqual(run_cli("mark", "read", fingerprints["Loirat"], "--db", db)[0], 0)
        stored = json.loads(run_cli("triage", "--db", db, "--all", "--format", "json")[1])["papers"]
        self.assertEqual(len({p["paper"] for p in stored}), 4)
        self.assertEqual({p["authors"].split(",")[0]: p["mark"] for p in stored},
                         {"Noris": None, "Loirat": "read", "Kavanagh": None, "Tschumi": None})


    def test_a_conference_abstract_and_the_article_in_two_volumes_are_two_papers_with_two_marks(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        db, reviews = str(tmp.path / "c.db"), tmp.write("reviews.csv", TWO_VOLUMES)
        shown = json.loads(run_cli("triage", reviews, "--format", "json", "--tags", "builtin")[1])["papers"]
        fingerprints = {p["venue"]: p["fingerprint"] for p in shown}
        self.assertEqual(len(set(fingerprints.values())), 3)
        self.assertEqual(run_cli("add", reviews, "--db", db)[0], 0)
        self.assertEqual(run_cli("mark", "read", fingerprints["Stroke"], "--db", db)[0], 0)
        stored = json.loads(run_cli("triage", "--db", db, "--all", "--format", "json", "--tags", "builtin")[1])
        self.assertEqual(sorted((p["paper"], p["venue"], p["mark"]) for p in stored["papers"]),
                         [(1, "Canadian Journal of Neurological Sciences", None), (2, "Stroke", "read"),
                          (3, "Aphasiology", None)])


# The list of collection_v3*.sql: three reviews sharing a title, and a paper with an abstract.
SHARED_TITLES = """title,author,year,journal,abstract
Atypical hemolytic uremic syndrome,"Noris, M. and Remuzzi, G.",2009,New England Journal of Medicine,
Atypical hemolytic uremic syndrome,"Loirat, C. and Fremeaux-Bacchi, V.",2011,Orphanet Journal of Rare Diseases,
Atypical hemolytic uremic syndrome,"Kavanagh, D. and Goodship, T. H.",2010,Current Opinion in Hematology,
Eculizumab in atypical hemolytic uremic syndrome: a case series,"Tschumi, S. and Gugger, M.",2011,Pediatric Nephrology,\
"We treated four children with eculizumab and report their course over two years of follow-up."
"""


# The list of collection_v4*.sql: a conference abstract and the article of one title, first author and year, in
# two volumes of two journals, and a paper with an abstract.
TWO_VOLUMES = """title,author,year,journal,volume,pages,abstract
Rehabilitation of aphasia after stroke: the state of the evidence,"Graham, R. and Teasell, R.",2010,\
Canadian Journal of Neurological Sciences,37,S99,
Rehabilitation of aphasia after stroke: the state of the evidence,"Graham, R. and Teasell, R. and Salter, K.",2010,\
Stroke,41,e494,
Group therapy for aphasia in the first year after stroke,"Moss, L. and Ortiz, J.",2011,Aphasiology,25,101-112,\
"Twelve people with aphasia met twice a week for six months; we report what changed in their naming and conversation."
"""


class StoredDoiLinkTest(unittest.TestCase):
    def test_a_doi_link_stored_before_it_was_encoded_is_shown_encoded(self):
        # Readers made "https://doi.org/" + the DOI raw; a collection keeps the record as added, so views of a list
        # added then would link a Wiley DOI cut at its "#". Such a collection is of schema 4: the upgrade mends it.
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        db, doi = str(tmp.path / "c.db"), "10.1002/(sici)1097-0142(19991015)86:8<1557::aid-cncr24>3.0.co;2-#"
        path = tmp.write("wiley.ris", f"TY  - JOUR\nTI  - A paper with an old Wiley DOI\nDO  - {doi}\nER  - \n")
        self.assertEqual(run_cli("add", path, "--db", db)[0], 0)
        connection = sqlite3.connect(db)
        with connection:
            (record,) = connection.execute("SELECT record FROM snippets").fetchone()
            fields = json.loads(record)
            fields[5] = f"https://doi.org/{doi}"
            connection.execute("UPDATE snippets SET record = ?", (json.dumps(fields),))
            connection.execute("UPDATE meta SET value = '4' WHERE key = 'schema_version'")
        connection.close()
        out = run_cli("triage", "--db", db, "--format", "json", "--tags", "builtin")[1]
        self.assertEqual(json.loads(out)["papers"][0]["url"],
                         "https://doi.org/10.1002/(sici)1097-0142(19991015)86:8%3C1557::aid-cncr24%3E3.0.co%3B2-%23")


class ChainedNotSameMigrationTest(unittest.TestCase):
    def test_a_not_same_pair_that_other_copies_chained_is_a_split_after_the_upgrade(self):
        """Before schema 6 a not-same pair was refused as a link but not as the ends of a chain: ONE and TWO,
        joined through THREE, stayed one paper, marked read on one copy and skip on the other. The upgrade groups
        that paper again, apart, each part under its copy's mark."""
        from tests.collection.test_routine import CHAIN
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        db = str(tmp.path / "c.db")
        paths = [tmp.write(f"{name}.txt", f"Related papers: {name}\n\n{CHAIN[name]}\n") for name in CHAIN]
        self.assertEqual(run_cli("add", *paths, "--db", db)[0], 0)
        [group] = json.loads(run_cli("dupes", "--db", db, "--format", "json")[1])["groups"]
        one, two = (next(m["fingerprint"] for m in group["members"] if m["path"].endswith(f"{name}.txt"))
                    for name in ("one", "two"))
        connection = sqlite3.connect(db)
        with connection:  # what schema 5 left: one paper holding both sides of the pair, each side marked
            connection.executemany("INSERT INTO marks VALUES (?, ?, '2026-12-01T10:00:00')", ((one, "read"), (two, "skip")))
            connection.execute("INSERT INTO not_same VALUES (?, ?, '2026-12-02T10:00:00')", tuple(sorted((one, two))))
            connection.execute("UPDATE meta SET value = '5' WHERE key = 'schema_version'")
        connection.close()
        out = run_cli("triage", "--db", db, "--all", "--format", "json", "--tags", "builtin")[1]
        self.assertEqual(sorted((p["text"][:11], p["mark"]) for p in json.loads(out)["papers"]),
                         [("alpha beta ", "read"), ("scheduling ", "skip")])
        self.assertEqual(run_cli("db", "lists", "--db", db)[1], "".join(f"     1 snippet   {p}\n" for p in paths))
        log = [line[21:] for line in run_cli("db", "log", "--db", db)[1].splitlines()]
        upgrade = ("upgrade   1 paper held two copies you said are different papers, joined through other copies: "
                   "grouped again, apart")
        self.assertEqual(log, [f"add       {path} (1 snippet)" for path in paths] + [upgrade])
        self.assertEqual(run_cli("db", "check", "--db", db), (0, f"{db}: ok\n", ""))


class IdsAreNeverReusedTest(unittest.TestCase):
    """A merge frees an id; the next paper must not get it, or last week's `mark read 3` marks another paper."""

    def test_a_freed_id_is_not_given_to_a_new_paper(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        db = str(tmp.path / "c.db")
        shared = "Shared GPU clusters in universities are often idle at night and overloaded before deadlines, {} " \
                 "we present a scheduler."
        a = tmp.write("a.txt", f"Related papers: A\n\n{shared.format('and')}\n\nFederated learning lets hospitals "
                               "train a shared model without moving patient records.\n")
        b = tmp.write("b.txt", f"Related papers: B\n\n{shared.format('so')}\n")
        c = tmp.write("c.txt", "Related papers: C\n\nCompilers for tensor programs search schedules with learned "
                               "cost models to pick fast kernels.\n")

        def ids():
            code, out, err = run_cli("triage", "--all", "--format", "json", "--db", db, "--tags", "builtin")
            self.assertEqual((code, err), (0, ""))
            return sorted((p["paper"], p["text"][:9]) for p in json.loads(out)["papers"])

        self.assertEqual(run_cli("add", a, b, "--db", db)[0], 0)
        code, out, _ = run_cli("dupes", "--db", db, "--format", "json")
        pair = [m["fingerprint"] for m in json.loads(out)["groups"][0]["members"]]
        self.assertEqual(run_cli("not-same", *pair, "--db", db)[0], 0)
        self.assertEqual(ids(), [(1, "Shared GP"), (2, "Federated"), (3, "Shared GP")])
        self.assertEqual(run_cli("not-same", "--undo", *pair, "--db", db)[0], 0)
        self.assertEqual(ids(), [(1, "Shared GP"), (2, "Federated")])
        self.assertEqual(run_cli("add", c, "--db", db)[0], 0)
        self.assertEqual(ids(), [(1, "Shared GP"), (2, "Federated"), (4, "Compilers")])


class DecisionUnderAnAddTest(unittest.TestCase):
    """A mark made while another process writes (an add merging papers) waits for it, then lands on the paper
    its id names or is refused: never a success that stores nothing."""

    def test_a_mark_waits_for_the_writer_and_sees_its_merge(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        db = str(tmp.path / "c.db")
        self.assertEqual(run_cli("add", str(EXAMPLES), "--db", db)[0], 0)
        writer = sqlite3.connect(db, isolation_level=None)
        self.addCleanup(writer.close)
        writer.execute("BEGIN IMMEDIATE")  # as an add holds the collection while it merges
        writer.execute("UPDATE texts SET paper = 2 WHERE paper = 3")
        marks = [subprocess.Popen([sys.executable, "-m", "paperlist", "mark", "read", ref, "--db", db], cwd=ROOT,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for ref in ("p3", "p2")]
        time.sleep(1.0)
        self.assertEqual([m.poll() for m in marks], [None, None])  # waiting for the lock
        writer.execute("COMMIT")
        (out3, err3), (out2, err2) = (m.communicate(timeout=60) for m in marks)
        self.assertEqual((marks[0].returncode, out3), (2, ""))
        self.assertEqual(err3, f"paperlist: error: no paper 'p3' in {db} (every collection view shows paper ids, "
                               "p41; a fingerprint counts once its list is added)\n")
        self.assertEqual((marks[1].returncode, err2), (0, ""))
        self.assertTrue(out2.startswith("p2 marked read: "), out2)
        # Every text of the merged paper carries the mark (the mark saw the merge).
        texts = writer.execute("SELECT count(DISTINCT fingerprint) FROM texts WHERE paper = 2").fetchone()[0]
        stored = writer.execute("SELECT count(*) FROM marks WHERE mark = 'read'").fetchone()[0]
        self.assertEqual((texts, stored), (2, 2))


class CollectionTagsTest(unittest.TestCase):
    """A collection's views tag a paper as a run over the same file does: by its record's title and its text."""

    def test_a_title_tags_its_paper_in_the_collection_as_over_paths(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        path = tmp.write("list.csv", "Title,Abstract,Year\n"
                         'Scheduling training jobs on shared GPU clusters,"We study how long jobs wait in queues and '
                         'propose a fairer policy for the owners of machines.",2024\n')
        db = str(tmp.path / "c.db")
        self.assertEqual(run_cli("add", path, "--db", db)[0], 0)
        over_paths = json.loads(run_cli("triage", path, "--tags", "builtin", "--format", "json")[1])["papers"]
        stored = json.loads(run_cli("triage", "--db", db, "--tags", "builtin", "--format", "json")[1])["papers"]
        self.assertEqual(over_paths[0]["tags"], ["accelerators", "scheduling"])  # from the title alone
        self.assertEqual(stored[0]["tags"], over_paths[0]["tags"])
