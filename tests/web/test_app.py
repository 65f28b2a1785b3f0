"""The triage page's application: what it shows, what it decides and that the command line sees the same."""

import json
import re
import unittest

from paperlist.collection.store import Store
from paperlist.tagging.tags import TagMatcher, builtin_rules
from paperlist.tagging.topics import find_topics
from paperlist.web.app import PageError, Triage
from tests.collection.test_learned import COPPER, HEART, TEXTS
from tests.helpers import TempDir, run_cli


def collection(tmp: TempDir, texts=TEXTS, seed="Treatment of liver disease", name="alert.txt") -> str:
    db = str(tmp.path / "c.db")
    path = tmp.write(name, f"Related papers: {seed}\n\n" + "\n\n".join(texts) + "\n")
    code, _, err = run_cli("add", path, "--db", db)
    assert code == 0, err
    return db


class TitleOnlyTest(unittest.TestCase):
    """Records without an abstract are known by their title, year and first author: the page finds their marks
    and names their copies by the fingerprints the command line shows and stores."""

    def test_a_mark_made_in_a_terminal_on_a_record_without_an_abstract_is_on_the_page(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        db = str(tmp.path / "c.db")
        path = tmp.write("refs.csv", "Title,Authors,Year\n"
                         "Rehabilitation of aphasia after stroke: the state of the evidence,Kim B,2019\n"
                         "Rehabilitation of aphasia after stroke: the state of the evidence,Kim B,2019\n"
                         "Fault trees for water networks and their engineers,Moreau J,2022\n")
        self.assertEqual(run_cli("add", path, "--db", db)[0], 0)
        self.assertEqual(run_cli("mark", "skip", "p1", "--db", db)[0], 0)
        papers = json.loads(run_cli("triage", "--db", db, "--all", "--format", "json", "--tags", "builtin")[1])
        shown = {p["paper"]: (p["mark"], p["fingerprint"]) for p in papers["papers"]}
        store = Store(db, create=False)
        self.addCleanup(store.close)
        triage = Triage(store, TagMatcher(builtin_rules()).tag)
        self.assertEqual(triage.desk.counts()["skip"], 1)
        self.assertEqual({int(ref[1:]): (card["mark"], card["fingerprint"]) for ref in ("p1", "p2")
                          for card in [triage.paper(ref)]}, shown)


class TriageTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        self.db = collection(self.tmp)
        self.store = Store(self.db, create=False)
        self.addCleanup(self.store.close)
        self.triage = Triage(self.store, TagMatcher(builtin_rules()).tag)
        self.ids = {p["text"]: p["paper"] for p in self.cli_papers("--all")}

    def cli_papers(self, *argv):
        code, out, err = run_cli("triage", "--db", self.db, "--format", "json", "--tags", "builtin", *argv)
        self.assertEqual((code, err), (0, ""))
        return json.loads(out)["papers"]

    def ref(self, text):
        return f"p{self.ids[text]}"

    def shown(self, state):
        return [c["text"] for c in state["cards"]]

    def test_before_any_decision_the_page_shows_the_cold_order_of_triage(self):
        state = self.triage.state(upcoming=True)
        self.assertEqual(state["counts"], {"papers": 8, "undecided": 8, "want": 0, "read": 0, "skip": 0, "later": 0})
        self.assertEqual([r["id"] for r in state["upcoming"]], [f"p{p['paper']}" for p in self.cli_papers()])
        self.assertTrue(state["rule"].startswith("no marks yet: "), state["rule"])
        first = state["cards"][0]
        self.assertEqual((first["id"], first["mark"], first["why"]), (self.ref(COPPER[0]), None, ["liver", "disease"]))

    def test_where_the_rules_fit_no_paper_the_page_tags_each_with_the_topics_triage_shows(self):
        # The built-in rules (deep-learning systems) tag none of these papers on liver and heart disease.
        self.assertFalse(self.triage.from_topics)
        self.assertEqual({c["tags"] == [] for c in self.triage.state()["cards"]}, {True})
        triage = Triage(self.store, TagMatcher(builtin_rules()).tag, find_topics)
        self.assertTrue(triage.from_topics)
        code, out, err = run_cli("triage", "--db", self.db, "--format", "json")  # the default: the topics
        self.assertEqual(code, 0, err)
        expected = {f"p{p['paper']}": p["tags"] for p in json.loads(out)["papers"]}
        self.assertEqual(set(map(tuple, expected.values())), {("wilson-disease",), ("heart-failure",)})
        shown = {ref: triage.paper(ref)["tags"] for ref in expected}
        self.assertEqual(shown, expected)

    def test_a_decision_is_stored_as_mark_stores_it_and_the_next_paper_is_re_ranked(self):
        answer = self.triage.decide(self.ref(COPPER[0]), "want")
        self.assertEqual(answer["decided"], {"paper": self.ref(COPPER[0]), "before": None, "after": "want",
                                             "done": "marked want"})
        answer = self.triage.decide(self.ref(HEART[0]), "skip")
        # The CLI sees both decisions, logged like its own.
        code, log, _ = run_cli("db", "log", "--db", self.db)
        self.assertEqual([line.split("  ", 1)[1].split(None, 1)[1] for line in log.splitlines()[-2:]],
                         [f"{self.ref(COPPER[0])} marked want", f"{self.ref(HEART[0])} marked skip"])
        # The other copper papers come next, the heart papers after them.
        self.assertNotIn("upcoming", answer["state"])  # the next papers whole; the list view asks for more
        upcoming = [r["id"] for r in self.triage.state(upcoming=True)["upcoming"]]
        self.assertEqual(set(upcoming[:3]), {self.ref(t) for t in COPPER[1:]})
        self.assertEqual(set(upcoming[3:]), {self.ref(t) for t in HEART[1:]})
        self.assertEqual(answer["state"]["cards"][0]["why"][:2], ["liver", "copper"])
        self.assertIn("heart", self.triage.paper(self.ref(HEART[1]))["against"])  # shared with the skipped paper

    def test_undo_restores_the_mark_before_and_never_a_later_decision(self):
        self.triage.decide(self.ref(COPPER[0]), "read")
        self.triage.decide(self.ref(COPPER[0]), None, expect="read")  # the page's undo
        self.assertIsNone(self.triage.paper(self.ref(COPPER[0]))["mark"])
        self.triage.decide(self.ref(COPPER[1]), "skip")
        run_cli("mark", "want", self.ref(COPPER[1]), "--db", self.db)  # decided again in a terminal
        with self.assertRaises(PageError) as caught:
            self.triage.decide(self.ref(COPPER[1]), None, expect="skip")
        self.assertEqual(caught.exception.status, 409)
        self.assertEqual(str(caught.exception), f"{self.ref(COPPER[1])} is now marked want, not marked skip: a "
                                                "later decision stands (nothing changed)")
        self.assertEqual(self.triage.paper(self.ref(COPPER[1]))["mark"], "want")

    def test_the_history_offers_to_take_back_each_mark_that_still_stands(self):
        self.triage.decide(self.ref(COPPER[0]), "read")
        self.triage.decide(self.ref(COPPER[0]), "skip")
        self.triage.decide(self.ref(COPPER[0]), "skip")
        run_cli("mark", "clear", self.ref(COPPER[0]), "--db", self.db)
        events = [e for e in self.triage.history()["events"] if e["action"] == "mark"]
        self.assertEqual([(e["detail"], e.get("undo")) for e in events], [
            (f"{self.ref(COPPER[0])} mark cleared (was skip)", {"paper": self.ref(COPPER[0]), "mark": "skip",
                                                                "expect": None}),
            (f"{self.ref(COPPER[0])} marked skip (already)", None),
            (f"{self.ref(COPPER[0])} marked skip (was read)", {"paper": self.ref(COPPER[0]), "mark": "read",
                                                               "expect": "skip"}),
            (f"{self.ref(COPPER[0])} marked read", {"paper": self.ref(COPPER[0]), "mark": None, "expect": "read"})])
        undo = events[0]["undo"]  # the terminal's clear, taken back from the page
        self.triage.decide(undo["paper"], undo["mark"], undo["expect"])
        self.assertEqual(self.triage.paper(self.ref(COPPER[0]))["mark"], "skip")
        with self.assertRaises(PageError):  # an older line no longer stands: refused
            self.triage.decide(events[3]["undo"]["paper"], None, events[3]["undo"]["expect"])

    def test_a_mark_made_in_a_terminal_is_seen_before_the_next_paper_is_chosen(self):
        run_cli("mark", "skip", self.ref(COPPER[0]), "--db", self.db)
        state = self.triage.state(upcoming=True)
        self.assertNotIn(self.ref(COPPER[0]), [r["id"] for r in state["upcoming"]])
        self.assertEqual(state["counts"]["skip"], 1)

    def test_later_is_asked_again_after_the_rest_and_teaches_nothing(self):
        first = self.triage.state()["cards"][0]["id"]
        self.triage.decide(first, "later")
        state = self.triage.state(upcoming=True)
        self.assertEqual(state["upcoming"][-1]["id"], first)
        self.assertEqual(state["counts"]["later"], 1)
        self.assertEqual(state["counts"]["undecided"], 8)
        self.assertTrue(state["rule"].startswith("no marks yet: "))
        # Every view of the collection shows the mark and keeps the paper listed.
        shown = {f"p{p['paper']}": p["mark"] for p in self.cli_papers()}
        self.assertEqual(shown[first], "later")
        code, out, _ = run_cli("triage", "--db", self.db)
        self.assertIn("later", out)

    def test_an_add_or_a_remove_in_a_terminal_is_seen_at_the_next_request(self):
        more = self.tmp.write("more.txt", "Related papers: More\n\nA new paper about copper transport proteins in the "
                                          "liver of patients with Wilson disease…\n")
        run_cli("add", more, "--db", self.db)
        self.assertEqual(self.triage.state()["counts"]["papers"], 9)
        run_cli("remove", more, "--db", self.db)
        self.assertEqual(self.triage.state()["counts"]["papers"], 8)

    def test_passed_papers_wait_until_the_rest_is_seen(self):
        upcoming = [r["id"] for r in self.triage.state(upcoming=True)["upcoming"]]
        state = self.triage.state([int(upcoming[0][1:]), int(upcoming[1][1:])], upcoming=True)
        self.assertEqual([r["id"] for r in state["upcoming"]], upcoming[2:])
        self.assertEqual(state["passed"], 2)

    def test_wrong_requests_are_refused_with_a_reason(self):
        for ref, message in (("41", "expected a paper id such as p41, got '41'"),
                             ("p999", "no paper 'p999' in ")):
            with self.assertRaises(PageError) as caught:
                self.triage.decide(ref, "want")
            self.assertIn(message, str(caught.exception))
        with self.assertRaises(PageError) as caught:
            self.triage.decide(self.ref(COPPER[0]), "maybe")
        self.assertEqual(str(caught.exception), "mark: expected one of want, read, skip, later, or null to clear it")
        with self.assertRaises(PageError) as caught:
            self.triage.export("pdf", "want")
        self.assertEqual(caught.exception.status, 400)

    def test_a_busy_collection_is_said_and_nothing_is_stored(self):
        import sqlite3
        from unittest import mock
        with mock.patch.object(Store, "set_marks", side_effect=sqlite3.OperationalError("database is locked")):
            with self.assertRaises(PageError) as caught:
                self.triage.decide(self.ref(COPPER[0]), "want")
        self.assertEqual(caught.exception.status, 503)
        self.assertRegex(str(caught.exception), r"busy: another paperlist has held it for 30 s; try again \(this "
                                                r"decision was not stored\)$")
        self.assertIsNone(self.triage.paper(self.ref(COPPER[0]))["mark"])

    def test_the_export_of_wanted_papers_is_what_triage_writes_for_them(self):
        self.triage.decide(self.ref(COPPER[0]), "want")
        self.triage.decide(self.ref(COPPER[2]), "want")
        self.triage.decide(self.ref(HEART[0]), "read")
        name, media, text = self.triage.export("ris", "want")
        self.assertEqual((name, media), ("paperlist-want.ris", "application/x-research-info-systems"))
        self.assertEqual(text.count("TY  - "), 2)
        self.assertIn("Copper chelation with penicillamine", text)
        self.assertNotIn("Beta blockers", text)
        name, _, text = self.triage.export("csv", "want")
        self.assertEqual(len(text.strip().splitlines()), 3)  # the header and two papers
        self.assertEqual(self.triage.export("bibtex", "want")[2].count("@"), 2)


class DocumentedKeysTest(unittest.TestCase):
    def test_the_keys_docs_serve_md_lists_are_the_pages_defaults(self):
        from paperlist.render.keys import DEFAULT_KEYS, parse_keys
        from tests.helpers import ROOT
        rows = re.findall(r"^\| (`[^|]+) \| (\w+)", (ROOT / "docs" / "serve.md").read_text(encoding="utf-8"), re.M)
        documented = {action: [k.replace("→", "ArrowRight").replace("←", "ArrowLeft") for k in re.findall(r"`([^`]+)`", keys)]
                      for keys, action in rows}
        self.assertEqual(documented, DEFAULT_KEYS)
        self.assertEqual(parse_keys("want=y, skip=x")["want"], ["y"])
        for wrong, message in (("want", "expected ACTION=KEY, got 'want'"), ("maybe=m", "unknown action 'maybe'"),
                               ("want=s", "the key 's' would both want and skip")):
            with self.assertRaises(ValueError) as caught:
                parse_keys(wrong)
            self.assertIn(message, str(caught.exception))


class NotSameTest(unittest.TestCase):
    def test_a_copy_split_from_the_page_becomes_a_paper_of_its_own(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        long = ("Elastic training lets a job grow and shrink as spare machines come and go, and we show how to "
                "keep the learning rate schedule stable while the number of workers changes during a run")
        db = collection(tmp, [long, long[:120] + "…", "Something else entirely about compilers and kernels here."])
        store = Store(db, create=False)
        self.addCleanup(store.close)
        triage = Triage(store, TagMatcher(builtin_rules()).tag)
        card = next(c for c in (triage.paper(f"p{n}") for n in (1, 2, 3)) if c["copies"])
        # The copy comes with the words that differ from the paper's text: here, what the cut left out.
        self.assertEqual([op for op, _ in card["copies"][0]["diff"]], ["=", "-", "+"])
        self.assertEqual(triage.state()["counts"]["papers"], 2)
        answer = triage.not_same(card["fingerprint"], card["copies"][0]["fingerprint"])
        self.assertEqual((answer["pairs"], answer["state"]["counts"]["papers"]), (1, 3))
        code, out, _ = run_cli("not-same", "--list", "--db", db)
        self.assertIn(card["fingerprint"], out)
        answer = triage.not_same(card["fingerprint"], card["copies"][0]["fingerprint"], undo=True)
        self.assertEqual(answer["state"]["counts"]["papers"], 2)
        with self.assertRaises(PageError):
            triage.not_same("p1", "p2")


if __name__ == "__main__":
    unittest.main()
