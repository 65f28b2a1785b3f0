"""Triage that learns from the marks: the papers not decided are ordered by likeness to the wanted ones."""

import json
import unittest

from tests.helpers import TempDir, run_cli

# Two topics, interleaved so that file order favours neither; one list, so the lists count ties them all.
COPPER = ["Copper chelation with penicillamine in Wilson disease lowers liver copper.",
          "Zinc therapy for Wilson disease reduces copper absorption from the gut.",
          "Liver transplantation in acute Wilson disease with copper overload.",
          "Brain imaging in neurological Wilson disease and copper metabolism."]
HEART = ["Beta blockers in chronic heart failure: a randomised trial of outcomes.",
         "Blood pressure targets in heart failure with preserved ejection fraction.",
         "Heart rate control in atrial fibrillation and heart failure admissions.",
         "Exercise training after heart failure hospitalisation improves walking."]
TEXTS = [t for pair in zip(HEART, COPPER) for t in pair]


class LearnedTriageTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        self.db = str(self.tmp.path / "c.db")
        path = self.tmp.write("alert.txt", "Related papers: Treatment of liver disease\n\n" + "\n\n".join(TEXTS) + "\n")
        self.assertEqual(run_cli("add", path, "--db", self.db)[0], 0)
        self.ids = {p["text"]: p["paper"] for p in self.papers()}

    def cli(self, *argv):
        # The built-in tags: these tests are about the order, and these papers are outside the rules' field.
        tags = ("--tags", "builtin") if argv[0] in ("triage", "report", "summarize") else ()
        code, out, err = run_cli(*argv, "--db", self.db, *tags)
        self.assertEqual((code, err), (0, ""))
        return out

    def papers(self, *argv):
        return json.loads(self.cli("triage", "--format", "json", *argv))["papers"]

    def test_before_any_mark_the_papers_like_the_seed_title_come_first_and_the_view_says_so(self):
        doc = json.loads(self.cli("triage", "--format", "json"))
        self.assertTrue(doc["rule"].startswith("no marks yet: ranked by the number of lists"), doc["rule"])
        # "liver" and "disease" are in the seed title; equal shares keep the first appearance.
        self.assertEqual([p["text"] for p in doc["papers"][:2]], [COPPER[0], COPPER[2]])
        first = doc["papers"][0]
        self.assertEqual(first["why"], ["liver", "disease"])
        self.assertGreater(first["score"]["seed_likeness"], 0)

    def test_marks_reorder_the_rest_and_the_decisions_win(self):
        self.cli("mark", "want", f"p{self.ids[COPPER[0]]}")
        self.cli("mark", "skip", f"p{self.ids[HEART[0]]}")
        doc = json.loads(self.cli("triage", "--format", "json"))
        self.assertEqual(doc["rule"], "papers marked want first, then ranked by your 2 marks: 1 relevant (want, "
                                      "read), 1 not (skip): most like the relevant papers and least like the others "
                                      "first")
        texts = [p["text"] for p in doc["papers"]]
        self.assertEqual(texts[0], COPPER[0])  # wanted: first, whatever the model says
        self.assertNotIn(HEART[0], texts)  # skipped: hidden
        self.assertEqual(set(texts[1:4]), set(COPPER[1:]))  # the other copper papers next
        self.assertEqual(set(texts[4:]), set(HEART[1:]))
        scores = [p["score"]["relevance"] for p in doc["papers"][1:]]
        self.assertEqual(scores, sorted(scores, reverse=True))
        self.assertEqual(doc["papers"][1]["why"], ["liver", "copper", "disease", "wilson"])
        # Every view ranks alike: text (ids lead), CSV and RIS.
        text = self.cli("triage", "--explain")
        self.assertIn("\n   why: liver, copper, disease, wilson\n", text)
        csv_ids = [line.split(",")[1] for line in self.cli("triage", "--format", "csv").splitlines()[1:]]
        self.assertEqual(csv_ids, [str(p["paper"]) for p in doc["papers"]])
        ris = self.cli("triage", "--format", "ris")
        self.assertLess(ris.index("Zinc therapy"), ris.index("Blood pressure targets"))
        report = self.cli("report", "-o", "-")
        self.assertIn('<div class="why">why here: liver, copper, disease, wilson</div>', report)
        self.assertIn("ranked by your 2 marks", report)
        # The same marks give the same order.
        self.assertEqual(self.cli("triage", "--format", "json"), json.dumps(doc, indent=2, ensure_ascii=False) + "\n")

    def test_a_skip_alone_pushes_its_like_down(self):
        self.cli("mark", "skip", f"p{self.ids[COPPER[0]]}")
        texts = [p["text"] for p in self.papers()]
        self.assertEqual(set(texts[:4]), set(HEART))
        self.assertEqual(set(texts[4:]), set(COPPER[1:]))

    def test_all_shows_the_decided_papers_marked_and_the_model_orders_only_the_rest(self):
        self.cli("mark", "read", f"p{self.ids[HEART[1]]}")
        papers = self.papers("--all")
        self.assertEqual([p["mark"] for p in papers].count("read"), 1)
        undecided = [p["text"] for p in papers if not p["mark"]]
        self.assertEqual(set(undecided[:3]), set(HEART) - {HEART[1]})
        self.assertEqual(set(undecided[3:]), set(COPPER))


if __name__ == "__main__":
    unittest.main()

