"""RIS and BibTeX out: every field the records have, read back by paperlist's own readers to the same papers."""

import json
import re
import unittest

from paperlist.match.names import split_authors
from paperlist.readers.bibtex import parse_bibtex
from paperlist.readers.ris import parse_ris
from tests.helpers import EXAMPLES, ROOT, TempDir, run_cli

FORMATS = ROOT / "tests" / "data" / "formats"


def papers(*argv: str) -> list[dict]:
    code, out, err = run_cli("triage", *argv, "--format", "json")
    assert code == 0, err
    return json.loads(out)["papers"]


class RoundTripTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)

    def read_back(self, fmt: str, *argv: str):
        code, out, err = run_cli("triage", *argv, "--format", fmt)
        self.assertEqual(code, 0, err)
        return (parse_ris if fmt == "ris" else parse_bibtex)(out, f"back.{fmt}")

    def test_snippet_only_papers_become_entries_whose_abstract_is_the_snippet(self):
        expected = papers(str(EXAMPLES))
        for fmt in ("ris", "bibtex"):
            with self.subTest(fmt):
                back = self.read_back(fmt, str(EXAMPLES))
                self.assertEqual([s.text for s in back.snippets], [p["text"] for p in expected])
                self.assertEqual(back.warnings, ())

    def test_records_keep_their_fields(self):
        expected = papers(str(FORMATS))
        for fmt in ("ris", "bibtex"):
            with self.subTest(fmt):
                back = self.read_back(fmt, str(FORMATS)).snippets
                self.assertEqual(len(back), len(expected))
                for snippet, paper in zip(back, expected):
                    record = snippet.record
                    self.assertEqual((record.title, record.year, record.doi, record.volume),
                                     (paper["title"], paper["year"], paper["doi"], paper["volume"]))
                    # The same people, one name each, written "Family, Given".
                    self.assertEqual(split_authors(record.authors), split_authors(paper["authors"]))
                    self.assertEqual(snippet.text, paper["text"])

    def test_one_author_per_person_from_alerts_and_csv_exports(self):
        path = self.tmp.write("authors.csv", 'title,authors\n"Alert item","Z Chen, S Kommrusch, M Monperrus…"\n'
                                             '"Export item","Zuber, J and Le Quintrec, M and Sberro-Soussan, R"\n')
        ris = run_cli("triage", path, "--format", "ris")[1]
        self.assertEqual(re.findall(r"^AU  - (.*)$", ris, re.M), ["Chen, Z", "Kommrusch, S", "Monperrus, M", "Zuber, J",
                                                                "Le Quintrec, M", "Sberro-Soussan, R"])
        bibtex = run_cli("triage", path, "--format", "bibtex")[1]
        self.assertIn("  author = {Chen, Z and Kommrusch, S and Monperrus, M and others},\n", bibtex)
        self.assertIn("  author = {Zuber, J and Le Quintrec, M and Sberro-Soussan, R},\n", bibtex)

    def test_the_same_papers_again(self):
        for fmt in ("ris", "bibtex"):
            with self.subTest(fmt):
                code, out, _ = run_cli("export", str(FORMATS), "--format", fmt)
                path = self.tmp.write(f"again.{fmt}", out)
                self.assertEqual(code, 0)
                again = json.loads(run_cli("dupes", path, "--format", "json")[1])["totals"]
                first = json.loads(run_cli("dupes", str(FORMATS), "--format", "json")[1])["totals"]
                self.assertEqual((again["papers"], again["groups"]), (first["papers"], 0))

    def test_hostile_text_stays_text(self):
        title = r"Braces { and } and 100% of \emph{C:\path} & more_$ ~ ^"
        path = self.tmp.write("h.csv", f'title,abstract\n"{title}","line one\nline two\x1b[2J and a tab\there"\n')
        ris = run_cli("triage", path, "--format", "ris")[1]
        self.assertNotIn("\x1b", ris)
        self.assertIn("AB  - line one line two [2J and a tab here\n", ris)
        [back] = parse_bibtex(run_cli("triage", path, "--format", "bibtex")[1], "h.bib").snippets
        self.assertEqual(back.record.title, title)
        self.assertEqual(parse_ris(ris, "h.ris").snippets[0].record.title, title)

    def test_a_note_names_the_lists(self):
        ris = run_cli("triage", str(EXAMPLES), "--format", "ris", "--top", "1")[1]
        self.assertIn("N1  - paperlist: found in 2 lists: Fair Sharing of GPU Clusters Among Deep Learning Teams; "
                      "Serving Transformers at Low Latency\n", ris)
        self.assertTrue(ris.startswith("TY  - GEN\n"))
        self.assertTrue(ris.endswith("ER  - \n"))


if __name__ == "__main__":
    unittest.main()
