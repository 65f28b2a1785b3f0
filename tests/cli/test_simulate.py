import json
import unittest

from tests.helpers import ROOT, TempDir, run_cli

SMALL = ROOT / "tests" / "data" / "screening" / "wilson-small.csv"
SMALL_RIS = ROOT / "tests" / "data" / "screening" / "wilson-small.ris"
HEADER = "record_id,title,abstract,label_included\n"


class SimulateTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)

    def test_the_records_about_the_included_topic_are_read_first(self):
        code, out, err = run_cli("simulate", str(SMALL), "--format", "json")
        self.assertEqual((code, err), (0, ""))
        doc = json.loads(out)
        self.assertEqual(doc["priors"], ["101", "102"])
        self.assertEqual(doc["order"], ["104", "110", "117", "107"])
        self.assertEqual(doc["metrics"], {"records": 18, "included": 4, "wss95": 0.7278, "recall_at_10": 0.25,
                                          "read_for_95": 4, "read_for_all": 4})
        self.assertEqual((doc["records"], doc["included"], doc["label"]), (20, 5, "label_included"))

    def test_text_shows_the_metrics_and_a_recall_curve(self):
        code, out, _ = run_cli("simulate", str(SMALL))
        self.assertEqual(code, 0)
        lines = out.splitlines()
        head = " ".join(lines[:lines.index("")])
        self.assertEqual(head, f"{SMALL}: 20 records, 5 included (labels: label_included); priors (read first): 101, "
                               "102; the other 18 read in the order the model ranks them, relearnt after each")
        self.assertIn("  WSS@95        0.728  work saved at 95% recall", lines)
        self.assertIn("  read for all      4  of 18 records", lines)
        plot = lines[lines.index("included found by records read (* this order, . random order):") + 1:][:10]
        self.assertEqual(plot[0], "4 |   ***************")
        self.assertEqual(plot[-1], "   0               18")

    def test_ris_with_asreview_notes_replays_the_same(self):
        code, out, _ = run_cli("simulate", str(SMALL_RIS), "--format", "json")
        self.assertEqual(code, 0)
        doc = json.loads(out)
        self.assertEqual(doc["order"], ["r4", "r10", "r17", "r7"])
        self.assertEqual(doc["label"], "N1")

    def test_ris_labelled_by_a_named_tag(self):
        records = [("copper wilson liver", "1"), ("heart trial", "0"), ("wilson copper zinc", "1"), ("asthma", "0")]
        path = self.tmp.write("set.ris", "".join(f"TY  - JOUR\nTI  - {t}\nLB  - {label}\nER  - \n" for t, label in records))
        code, out, err = run_cli("simulate", path, "--label", "LB", "--format", "json")
        self.assertEqual((code, err), (0, ""))
        self.assertEqual(json.loads(out)["order"], ["3"])
        code, _, err = run_cli("simulate", path, "--label", "N1")
        self.assertEqual((code, err), (2, f"paperlist: error: {path}:1: record has no N1 field\n"))
        # A line separator inside an abstract ends no line: the record without its label is named where it is.
        broken = self.tmp.write("broken.ris", "TY  - JOUR\nTI  - a\nAB  - one\u2028two\x0cthree\nLB  - 1\nER  - \n"
                                              "TY  - JOUR\nTI  - b\nER  - \n")
        code, _, err = run_cli("simulate", broken, "--label", "LB")
        self.assertEqual((code, err), (2, f"paperlist: error: {broken}:6: record has no LB field\n"))
        code, _, err = run_cli("simulate", str(SMALL), "--label", "verdict")
        self.assertEqual((code, err), (2, f"paperlist: error: {SMALL}:1: no column named 'verdict' (the header has: "
                                          "record_id, title, abstract, label_included)\n"))

    def test_priors_by_id_and_a_named_label_column(self):
        path = self.tmp.write("set.tsv", "Title\tAbstract\tDecision\n" + "".join(
            f"{t}\t{a}\t{d}\n" for t, a, d in [("copper liver", "wilson disease copper", "yes"),
                                               ("heart trial", "blood pressure", "no"),
                                               ("zinc copper", "wilson disease zinc", "Yes"),
                                               ("asthma trial", "inhaler", "no"),
                                               ("copper brain", "wilson disease brain", "yes")]))
        code, out, err = run_cli("simulate", path, "--label", "decision", "--prior", "3", "4", "--format", "json")
        self.assertEqual((code, err), (0, ""))
        doc = json.loads(out)
        self.assertEqual(doc["priors"], ["3", "4"])
        self.assertEqual(doc["order"][:2], ["1", "5"])
        self.assertEqual(doc["metrics"]["read_for_all"], 2)

    def test_jsonl_with_an_included_key(self):
        rows = [{"id": "a", "title": "copper wilson", "included": True}, {"id": "b", "title": "heart", "included": 0},
                {"id": "c", "title": "wilson copper zinc", "included": "1"}, {"id": "d", "title": "heart trial",
                                                                              "included": False}]
        path = self.tmp.write("set.jsonl", "".join(json.dumps(r) + "\n" for r in rows))
        code, out, _ = run_cli("simulate", path, "--format", "json")
        self.assertEqual(code, 0)
        self.assertEqual(json.loads(out)["order"], ["c"])

    def test_jsonl_strings_may_hold_raw_line_and_paragraph_separators(self):
        # Valid JSON from other tools: U+2028, U+2029 and U+0085 inside a string are no line ends.
        rows = [{"id": "a", "title": "copper\u2028wilson", "included": True},
                {"id": "b", "title": "heart\u2029failure\x85trial", "included": False},
                {"id": "c", "title": "wilson copper zinc", "included": True}]
        path = self.tmp.write("set.jsonl", "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
        code, out, err = run_cli("simulate", path, "--format", "json")
        self.assertEqual((code, err), (0, ""))
        self.assertEqual((json.loads(out)["records"], json.loads(out)["included"]), (3, 2))

    def test_bad_files_are_one_line_errors_with_exit_2(self):
        cases = [
            (HEADER.replace(",label_included", "") + "1,t,a\n", "{p}:1: no label column (label_included, included, "
             "label, relevant, inclusion, final_label); name it with --label COLUMN"),
            (HEADER + "1,copper,a,1\n2,heart,b,maybe\n", "{p}:3: label 'maybe' in column 'label_included' is not "
             "one of 1/0, yes/no, true/false, included/excluded"),
            (HEADER + "1,copper,a,1\n2,heart,b,1\n", "{p}: no record is labelled excluded; a simulation needs both"),
            (HEADER + "1,copper,a,1\n1,heart,b,0\n", "{p}: record id '1' is given twice; ids must be unique"),
            ("name,label_included\nx,1\n", "{p}:1: no title, abstract or text column in the header"),
            ("", "{p}: empty file"),
        ]
        for content, message in cases:
            with self.subTest(message=message):
                path = self.tmp.write("bad.csv", content)
                code, out, err = run_cli("simulate", path)
                self.assertEqual((code, out), (2, ""))
                self.assertEqual(err, f"paperlist: error: {message.format(p=path)}\n")

    def test_an_unknown_prior_or_a_missing_file_is_a_usage_error(self):
        code, _, err = run_cli("simulate", str(SMALL), "--prior", "999")
        self.assertEqual(code, 2)
        self.assertEqual(err, f"paperlist: error: --prior 999: no record in {SMALL} has this id (ids come from its id "
                              "or record_id column, else they are the records' numbers from 1)\n")
        code, _, err = run_cli("simulate", "nowhere.csv")
        self.assertEqual((code, err), (2, "paperlist: error: nowhere.csv: No such file or directory\n"))
        code, _, err = run_cli("simulate", str(SMALL), "--prior", "101", "104", "107", "110", "117", "109")
        self.assertEqual((code, err), (2, f"paperlist: error: every included record of {SMALL} is a prior: nothing is "
                                          "left to find\n"))


if __name__ == "__main__":
    unittest.main()
