"""Web of Science plain text, PubMed/MEDLINE, EndNote XML and RIS saved as .txt: the exports a systematic
reviewer makes every day, read into the same records, and one paper across all of them is one paper."""

import json
import time
import unittest

from paperlist.readers.detect import detect
from paperlist.readers.endnote import parse_endnote
from paperlist.readers.medline import parse_medline
from paperlist.readers.wos import parse_wos
from tests.helpers import ROOT, TempDir, run_cli

EXPORTS = ROOT / "tests" / "data" / "exports"
FORMATS = ROOT / "tests" / "data" / "formats"
WHY = "Why Generated Code Fails Its Tests"
ABSTRACT_START = "Large language models write code that compiles but often fails its tests. We study why"


def text(name: str) -> str:
    return (EXPORTS / name).read_text(encoding="utf-8")


class WebOfScienceTest(unittest.TestCase):
    def test_records_fields_and_continuations(self):
        parsed = parse_wos(text("savedrecs.txt"), "savedrecs.txt")
        why, flaky = parsed.snippets
        self.assertEqual((why.record.title, why.record.authors), (WHY, "Author, Alice; Writer, Bob"))
        self.assertTrue(why.text.startswith(ABSTRACT_START))
        self.assertEqual((why.record.year, why.record.volume, why.record.issue, why.record.pages, why.record.doi),
                         ("2025", "12", "3", "101-117", "10.5555/code.2025.1"))
        self.assertEqual((flaky.text, flaky.record.title_only, flaky.record.pages, flaky.record.doi),
                         ("Repairing Flaky Tests Automatically", True, "e2031", "10.5555/flaky.2024.7"))
        self.assertEqual([w.render() for w in parsed.warnings],
                         ["savedrecs.txt:37: warning: record has no title or abstract; skipped"])


class MedlineTest(unittest.TestCase):
    def test_records_fields_and_continuations(self):
        parsed = parse_medline(text("pubmed.nbib"), "pubmed.nbib")
        why, sepsis = parsed.snippets
        self.assertEqual((why.line, why.record.title, why.record.authors), (1, WHY + ".", "Author, Alice; Writer, Bob"))
        self.assertTrue(why.text.startswith(ABSTRACT_START))
        self.assertTrue(why.text.endswith("rather than from syntax."))
        self.assertEqual((why.record.year, why.record.venue, why.record.pages, why.record.doi),
                         ("2025", "Proceedings of the Code Conference", "101-17", "10.5555/code.2025.1"))
        self.assertEqual((sepsis.line, sepsis.text, sepsis.record.doi),
                         (24, "Sepsis in neonates: a review of the evidence from twenty trials.", "10.5555/neo.2024.30"))


class EndNoteTest(unittest.TestCase):
    def test_records_and_styled_values(self):
        parsed = parse_endnote(text("endnote.xml"), "endnote.xml")
        why, book = parsed.snippets
        self.assertEqual((why.line, why.record.title, why.record.authors, why.record.doi, why.record.pages),
                         (2, WHY, "Author, Alice; Writer, Bob", "10.5555/code.2025.1", "101-117"))
        self.assertEqual((book.line, book.text, book.record.authors), (11, "Tables of Contents <and> Other Things",
                                                                       "Reader, R. & Co"))

    def test_entity_declarations_are_refused(self):
        laughs = ('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
                  + "".join(f'<!ENTITY {c} "&{p};&{p};&{p};&{p};&{p};&{p};&{p};&{p};&{p};&{p};">'
                            for p, c in zip("bcdefgh", "cdefghi"))
                  + ']><xml><records><record><titles><title>&i;</title></titles></record></records></xml>')
        external = ('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
                    '<xml><records><record><titles><title>&e;</title></titles></record></records></xml>')
        for name, document in (("laughs", laughs), ("external", external)):
            with self.subTest(name):
                started = time.monotonic()
                parsed = parse_endnote(document, "x.xml")
                self.assertLess(time.monotonic() - started, 5)  # a guard against a hang, not a benchmark
                self.assertEqual(([s.text for s in parsed.snippets], [w.message for w in parsed.warnings][:1]),
                                 ([], ["XML declares entities (refused: no EndNote export needs them)"]))

    def test_broken_xml_names_its_line(self):
        parsed = parse_endnote("<xml><records>\n<record><titles>\n</records>", "b.xml")
        self.assertEqual([w.line for w in parsed.warnings], [3, None])  # then: no entries found


class DetectionTest(unittest.TestCase):
    def test_a_txt_is_read_as_what_it_holds(self):
        for name, fmt in (("savedrecs.txt", "wos"), ("ovid.txt", "ris"), ("pubmed.nbib", "medline"),
                          ("endnote.xml", "endnote")):
            with self.subTest(name):
                self.assertEqual(detect(name, (EXPORTS / name).read_bytes()), fmt)
        self.assertEqual(detect("list.txt", b"Related papers: Seed\n\nTY  - a snippet that opens oddly"), "text")
        self.assertEqual(detect("wos.ris", b"FN Clarivate Analytics Web of Science\nVR 1.0\n"), "wos")

    def test_ris_editors_are_not_authors(self):
        code, out, _ = run_cli("export", str(EXPORTS / "ovid.txt"), "--format", "json")
        [record] = json.loads(out)["snippets"]
        self.assertEqual((code, record["authors"], record["source"]), (0, "Writer, B.; Author, A.", "ris"))


class AcrossFormatsTest(unittest.TestCase):
    def test_one_paper_from_every_format_of_one_search(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        for name in ("refs.bib", "refs.ris", "zotero.csv", "scopus.csv", "wos.tsv"):
            tmp.write(name, (FORMATS / name).read_bytes())
        for name in ("savedrecs.txt", "pubmed.nbib", "endnote.xml", "ovid.txt"):
            tmp.write(name, (EXPORTS / name).read_bytes())
        code, out, err = run_cli("dupes", str(tmp.path), "--format", "json")
        self.assertEqual(code, 0, err)
        groups = [g for g in json.loads(out)["groups"] if g["tier"] == "duplicate"]
        why = [g for g in groups if any((m["title"] or "").rstrip(".") == WHY for m in g["members"])]
        self.assertEqual(len(why), 1)
        self.assertEqual(sorted({m["path"].rsplit("/", 1)[1] for m in why[0]["members"]}),
                         ["endnote.xml", "ovid.txt", "pubmed.nbib", "refs.bib", "refs.ris", "savedrecs.txt",
                          "zotero.csv"])

    def test_round_trip_through_csv_and_jsonl(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        for name in ("savedrecs.txt", "pubmed.nbib", "endnote.xml", "ovid.txt"):
            fields = ("title", "authors", "year", "venue", "volume", "issue", "pages", "doi", "text")
            first = json.loads(run_cli("export", str(EXPORTS / name), "--format", "json")[1])["snippets"]
            for fmt in ("csv", "jsonl"):
                with self.subTest(name=name, fmt=fmt):
                    path = tmp.write(f"{name}.{fmt}", run_cli("export", str(EXPORTS / name), "--format", fmt)[1])
                    again = json.loads(run_cli("export", path, "--format", "json")[1])["snippets"]
                    self.assertEqual([{f: r[f] for f in fields} for r in again],
                                     [{f: r[f] for f in fields} for r in first])


if __name__ == "__main__":
    unittest.main()
