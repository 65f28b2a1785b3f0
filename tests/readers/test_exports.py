"""Web of Science plain text, PubMed/MEDLINE, EndNote XML and RIS saved as .txt: the exports a systematic
reviewer makes every day, read into the same records, and one paper across all of them is one paper."""

import json
import time
import unittest

from paperlist.model import Record
from paperlist.readers.detect import detect
from paperlist.readers.endnote import parse_endnote
from paperlist.readers.medline import parse_medline
from paperlist.readers.ovid import parse_ovid
from paperlist.readers.pubmed_xml import parse_pubmed_xml
from paperlist.readers.refworks import parse_refworks
from paperlist.readers.ris import parse_ris
from paperlist.readers.wos import parse_wos
from tests.helpers import ROOT, TempDir, run_cli

EXPORTS = ROOT / "tests" / "data" / "exports"
FORMATS = ROOT / "tests" / "data" / "formats"
WHY = "Why Generated Code Fails Its Tests"
ABSTRACT_START = "Large language models write code that compiles but often fails its tests. We study why"


def text(name: str) -> str:
    return (EXPORTS / name).read_text(encoding="utf-8")


# ProQuest's plain-text report, as its download writes it (CR LF): a table of contents, records, a bibliography.
RULE = "_" * 60
PROQUEST_LINES = (
    RULE, "", "Report Information from ProQuest", "December 08 2025 21:33", RULE, "", "", RULE, "", "Table of contents",
    "", "1. Fault Trees for Water Networks", "", "2. Pipes, Meters and Engineers", "", RULE, "",
    "Document 1 of 2", "", "Fault Trees for Water Networks", "", "Author: Moreau, Juliette", "",
    "http://search.proquest.com/docview/111?accountid=1", "",
    "Abstract: We build fault trees for water networks.", "",
    "Methods: forty utilities were studied.", "",
    "Links: http://sfx.example/a", "", "http://sfx.example/b", "",
    "Degree: Ph.D.", "", "Document type: Dissertation/Thesis", "", "ProQuest document ID: 111", "",
    "Publication year: 2022", "", "Title: Fault Trees for Water Networks", "",
    "University/institution: University of Pipes", "", RULE, "",
    "Document 2 of 2", "", "Pipes, Meters and Engineers", "", "Author: Lind, Maria", "", "Author: Kim, Bo", "",
    "Publication title: Journal of Pipes; Boston", "", "Volume: 12", "", "Issue: 3", "", "Pages: 40-51", "",
    "Publication year: 2021", "", "DOI: 10.1007/s1-2", "",
    "Document URL: http://search.proquest.com/docview/222", "", "Title: Pipes, Meters and Engineers", "", RULE, "",
    "Bibliography", "", "@misc{", "author={Moreau,Juliette}, year={2022},", "title={Fault Trees for Water Networks}}",
    "", RULE, "", "Contact us at: http://www.proquest.com/go/pqissupportcontact", "")
PROQUEST = "\r\n".join(PROQUEST_LINES)


class ProQuestTest(unittest.TestCase):
    def test_records_fields_and_an_abstract_of_several_paragraphs(self):
        from paperlist.match.names import split_authors
        from paperlist.readers.proquest import parse_proquest
        self.assertEqual(detect("report.txt", PROQUEST.encode()), "proquest")
        parsed = parse_proquest(PROQUEST, "report.txt")
        self.assertEqual(parsed.warnings, ())
        thesis, article = parsed.snippets
        self.assertEqual((thesis.line, thesis.text), (18, ("We build fault trees for water networks. Methods: forty "
                                                           "utilities were studied.")))
        self.assertEqual(thesis.record._replace(authors=None), thesis.record._replace(
            title="Fault Trees for Water Networks", authors=None, year="2022", venue="University of Pipes", doi=None,
            url="http://search.proquest.com/docview/111?accountid=1", title_only=False, source_id="111",
            kind="Dissertation/Thesis"))
        self.assertEqual(split_authors(article.record.authors)[0], ["Lind, Maria", "Kim, Bo"])
        self.assertEqual((article.line, article.record.title, article.record.venue, article.record.volume,
                          article.record.issue, article.record.pages, article.record.doi, article.record.url,
                          article.record.title_only),
                         (48, "Pipes, Meters and Engineers", "Journal of Pipes; Boston", "12", "3", "40-51",
                          "10.1007/s1-2", "http://search.proquest.com/docview/222", True))

    def test_a_report_cut_short_says_so(self):
        from paperlist.readers.proquest import parse_proquest
        cut = PROQUEST[:PROQUEST.index("Document 2 of 2")].replace(" of 2", " of 3")
        parsed = parse_proquest(cut, "report.txt")
        self.assertEqual([s.record.title for s in parsed.snippets], ["Fault Trees for Water Networks"])
        self.assertEqual([w.render() for w in parsed.warnings],
                         ["report.txt: warning: the report announces 3 documents and holds 1 (cut short?)"])

    def test_the_cli_reads_a_report_saved_as_text(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        path = tmp.write("ProQuestDocuments-2025-12-08.txt", PROQUEST)
        code, out, err = run_cli("summarize", path, "--tags", "builtin")
        self.assertEqual((code, err), (0, ""))
        self.assertTrue(out.startswith("1 list, 2 snippets, 2 papers,"), out)


# EndNote's tagged (refer) export, as Google Scholar's "EndNote" link and AIS eLibrary write it.
ENW_LINES = (
    "%0 Journal Article", "%T Fault Trees for Water Networks", "%A Moreau, Juliette", "%A Lind, Maria",
    "%J Journal of Pipes", "%V 12", "%N 3", "%P 40-51", "%D 2022/03/01", "%R 10.1007/s1-2", "%K pipes",
    "water networks", "%X We build fault trees", "for water networks.", "%M 000111", "",
    "%T Pipes, Meters and Engineers", "%B Proceedings of the Pipes Conference", "%D 2021",
    "%U https://doi.org/10.1007/s3-4", "", "", "%0 Generic", "%D 2020", "")
ENW = "\r\n".join(ENW_LINES)


class EndNoteTaggedTest(unittest.TestCase):
    def test_records_fields_and_lines_without_a_tag(self):
        from paperlist.match.names import split_authors
        from paperlist.readers.refer import parse_refer
        for name in ("scholar.enw", "aisel.txt"):
            self.assertEqual(detect(name, ENW.encode()), "enw")
        parsed = parse_refer(ENW, "scholar.enw")
        self.assertEqual([w.render() for w in parsed.warnings],
                         ["scholar.enw:23: warning: record has no title or abstract; skipped"])
        article, paper = parsed.snippets
        self.assertEqual((article.line, article.text, split_authors(article.record.authors)[0]),
                         (1, "We build fault trees for water networks.", ["Moreau, Juliette", "Lind, Maria"]))
        self.assertEqual(article.record._replace(authors=None), Record(
            "Fault Trees for Water Networks", None, "2022", "Journal of Pipes", "10.1007/s1-2",
            "https://doi.org/10.1007/s1-2", None, title_only=False, volume="12", issue="3", pages="40-51",
            source_id="000111", kind="Journal Article", keywords="pipes; water networks"))
        # AIS eLibrary opens a record with its title, not its type; a DOI link gives the DOI
        self.assertEqual((paper.line, paper.record.title, paper.record.venue, paper.record.doi, paper.record.title_only),
                         (17, "Pipes, Meters and Engineers", "Proceedings of the Pipes Conference", "10.1007/s3-4", True))


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

    def test_wrapped_lines_that_lost_their_indent_continue_the_field(self):
        # BIOSIS through Web of Knowledge: wrapped titles, authors and abstracts start at the line's first column.
        biosis = ("FN Thomson Reuters Web of Knowledge\nVR 1.0\nPT J\nTI Methane-derived carbon for two benthic\n"
                  "consumers in arctic lakes\nAU Medvedeff, Cassandra A.\nHershey, Anne E.\nPY 2013\n"
                  "AB Lakes hold carbon.\nInvertebrates eat it.\nER\n\nEF\n")
        parsed = parse_wos(biosis, "biosis.txt")
        record = parsed.snippets[0].record
        self.assertEqual((record.title, record.authors, parsed.snippets[0].text, record.year),
                         ("Methane-derived carbon for two benthic consumers in arctic lakes",
                          "Medvedeff, Cassandra A.; Hershey, Anne E.", "Lakes hold carbon. Invertebrates eat it.",
                          "2013"))
        said = "biosis.txt:5: warning: 3 lines without a field tag or an indent (the first here) read as continuing "
        self.assertEqual([w.render() for w in parsed.warnings], [said + "the field before"])


ERIC = """OWN - ERIC
TI  - Reading Circles in Rural Schools:
TI  - A Two-Year Study
AU  - Lind, Maria
DP  - 2021
AB  - We followed reading circles in twelve rural schools for two years.
AB  - Pupils who met weekly read more books by the end of the second year.

OWN - ERIC
TI  - Homework and Sleep in Secondary School
DP  - 2020
AB  - Survey of 3,000 pupils on how homework time relates to hours of sleep.
"""


class MedlineTest(unittest.TestCase):
    def test_records_open_at_the_first_tag_after_a_blank_line_and_repeated_lines_join(self):
        from paperlist.readers.detect import detect
        self.assertEqual(detect("eric.txt", ERIC.encode()), "medline")
        parsed = parse_medline(ERIC, "eric.nbib")
        circles, homework = parsed.snippets
        self.assertEqual((circles.line, circles.record.title, circles.record.authors),
                         (1, "Reading Circles in Rural Schools: A Two-Year Study", "Lind, Maria"))
        self.assertEqual(circles.text, "We followed reading circles in twelve rural schools for two years. Pupils who "
                                       "met weekly read more books by the end of the second year.")
        self.assertEqual((homework.line, homework.record.title, homework.record.year),
                         (9, "Homework and Sleep in Secondary School", "2020"))

    def test_eric_s_five_column_tags_doi_link_and_id(self):
        eric = ("OWN - ERIC\nTI  - Paper title\nAU  - Smith, Tom\nAID - http://dx.doi.org/10.1000/123456789\n"
                "OID - EJ1131633\nAB  - Abstract.\nISSN - ISSN-1234-4567\nLA  - English\n")
        parsed = parse_medline(eric, "eric.nbib")
        self.assertEqual(parsed.warnings, ())
        record = parsed.snippets[0].record
        self.assertEqual((record.doi, record.source_id), ("10.1000/123456789", "EJ1131633"))

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
        self.assertEqual([w.render() for w in parsed.warnings], [
            "b.xml:3: warning: not well-formed XML (mismatched tag); read record by record",
            "b.xml:2: warning: record cut short (no </record>: a download that stopped?); skipped",
            "b.xml: warning: no entries with a title or abstract found"])

    def test_damage_loses_only_the_damaged_records(self):
        def record(n: int, title: str, attributes: str = "") -> str:
            return (f"<record{attributes}><rec-number>{n}</rec-number><titles><title>{title}</title></titles>"
                    f"<abstract>Abstract of paper {n}.</abstract></record>\n")
        good = [record(n, f"Paper {n}") for n in range(1, 41)]
        cases = {
            "a control character": (good[:5] + [record(6, "Bad \x01 title")] + good[6:], 40, "Bad title"),
            "an HTML entity": (good[:5] + [record(6, "Caf&eacute; and&nbsp;tea")] + good[6:], 40, "Café and tea"),
            "a download cut short": (good + ["<record><titles><title>Cut"], 40, None),
        }
        for name, (records, count, title) in cases.items():
            with self.subTest(name):
                parsed = parse_endnote("<xml><records>\n" + "".join(records), "d.xml")
                self.assertEqual(len(parsed.snippets), count)
                if title:
                    self.assertEqual(parsed.snippets[5].record.title, title)
                self.assertIn("read record by record", parsed.warnings[0].message)
        # A namespace prefix, attributes on <record> and a record in a comment: every record, on its own line.
        document = ('<en:xml xmlns:en="urn:x"><en:records>\n<!-- <record> in a comment -->\n'
                    + "".join(record(n, f"Paper {n}", ' id="r"').replace("<", "<en:").replace("<en:/", "</en:")
                              for n in (1, 2)) + "</en:records></en:xml>")
        parsed = parse_endnote(document, "n.xml")
        self.assertEqual([(s.line, s.record.title) for s in parsed.snippets], [(3, "Paper 1"), (4, "Paper 2")])
        self.assertEqual(parsed.warnings, ())


class OvidTest(unittest.TestCase):
    def test_medline_and_psycinfo_records(self):
        parsed = parse_ovid(text("ovid_tagged.txt"), "ovid_tagged.txt")
        why, circles = parsed.snippets
        # Ovid MEDLINE: full names, the journal and its numbers by their own tags, the PMID, a DOI link; a record
        # is named by its "<N. >" line
        self.assertEqual((why.line, circles.line), (1, 24))
        self.assertEqual((why.record.title, why.record.authors, why.record.venue, why.record.volume,
                          why.record.issue, why.record.pages, why.record.year, why.record.doi, why.record.source_id),
                         (WHY + ".", "Author, Alice; Writer, Bob", "Proceedings of the Code Conference", "12",
                          "3", "101-117", "2025", "10.5555/code.2025.1", "39000001"))
        self.assertTrue(why.text.startswith(ABSTRACT_START) and why.text.endswith("rather than from syntax."))
        # PsycINFO: a quoted title with its kind, names with roles, marks and degrees, the numbers in SO
        self.assertEqual((circles.record.title, circles.record.authors, circles.record.venue,
                          circles.record.volume, circles.record.issue, circles.record.pages, circles.record.kind,
                          circles.record.keywords),
                         ("Reading Circles in Rural Schools.", "Lind, Maria; Kim, Bo; Moreau, Juliette",
                          "Journal of Rural Education", "30", "2", "5-19", "Journal Article", "reading; rural schools"))
        self.assertEqual(parsed.warnings, ())

    def test_detected_and_read_with_indented_headers_and_long_tags(self):
        books = " <1. >\n VN  - Ovid Technologies\n DB  - Books@Ovid\n SCORE  - *****\n TI  - Colour Atlas\n"
        self.assertEqual((detect("ovid.txt", text("ovid_tagged.txt").encode()), detect("books.txt", books.encode())),
                         ("ovid", "ovid"))
        parsed = parse_ovid(books, "books.txt")
        self.assertEqual(([s.text for s in parsed.snippets], parsed.warnings), (["Colour Atlas"], ()))
        # a chapter's citation names its book after its editors
        chapter = ("<1. >\nTI  - Peak finding\nSO  - Kamp, Roza [Editor], Calvete, Juan [Editor]. Methods in "
                   "proteome analysis.:359-370, 2004.\nPT  - Book Chapter\n")
        record = parse_ovid(chapter, "chapter.txt").snippets[0].record
        self.assertEqual((record.venue, record.pages, record.year), ("Methods in proteome analysis", "359-370", "2004"))


class RefWorksTest(unittest.TestCase):
    def test_records_after_the_legend(self):
        parsed = parse_refworks(text("refworks.txt"), "refworks.txt")
        why, chapter = parsed.snippets
        self.assertEqual((why.line, why.record.title, why.record.authors, why.record.venue, why.record.year,
                          why.record.volume, why.record.issue, why.record.pages, why.record.doi, why.record.keywords),
                         (14, WHY, "Author, Alice; Writer, Bob", "Proceedings of the Code Conference", "2025", "12",
                          "3", "101-117", "10.5555/code.2025.1", "code generation; testing"))
        self.assertTrue(why.text.startswith(ABSTRACT_START))
        self.assertEqual((chapter.line, chapter.text, chapter.record.venue, chapter.record.kind, chapter.record.pages),
                         (32, "Fault Trees (Handbook of Water Networks, 5-19, 2019)", "Handbook of Water Networks",
                          "Book, Section", "5-19"))
        self.assertEqual(parsed.warnings, ())

    def test_detected_with_or_without_its_legend(self):
        bare = b"RT Journal Article\nA1 Allan,Steven\nT1 Anger\n"
        self.assertEqual((detect("refworks.txt", (EXPORTS / "refworks.txt").read_bytes()), detect("rw.txt", bare),
                          detect("list.txt", b"Related papers: RT Journal\n\nA paper")), ("refworks", "refworks", "text"))


class PubmedXmlTest(unittest.TestCase):
    def test_articles_books_and_their_fields(self):
        parsed = parse_pubmed_xml(text("pubmed.xml"), "pubmed.xml")
        why, chapter = parsed.snippets
        self.assertEqual((why.line, why.record.title, why.record.authors, why.record.year, why.record.venue),
                         (4, WHY + ".", "Author, Alice; Writer, Bob; Code Benchmark Consortium", "2025",
                          "Proceedings of the Code Conference"))
        # the article's own DOI, not that of a paper it cites; labelled sections as PubMed's text shows them
        self.assertEqual((why.record.doi, why.record.source_id, why.record.pages, why.record.volume,
                          why.record.issue, why.record.keywords), ("10.5555/code.2025.1", "39000001", "101-17",
                                                                   "12", "3", "Software; code generation"))
        self.assertTrue(why.text.startswith("BACKGROUND: Large language models write code"))
        self.assertTrue(why.text.endswith("RESULTS: We study why, using a benchmark of two thousand tasks drawn "
                                          "from open-source projects, and find that most failures come from "
                                          "misread specifications rather than from syntax."))
        # a chapter: its authors, not the book's editors; the book is its container
        self.assertEqual((chapter.line, chapter.text, chapter.record.authors, chapter.record.venue,
                          chapter.record.year),
                         (46, "Fault Trees (Handbook of Water Networks, 2019)", "Moreau, Juliette",
                          "Handbook of Water Networks", "2019"))
        self.assertEqual(parsed.warnings, ())

    def test_detected_by_its_root_whatever_the_name(self):
        data = (EXPORTS / "pubmed.xml").read_bytes()
        self.assertEqual((detect("pubmed.xml", data), detect("efetch", data), detect("endnote.xml", text(
            "endnote.xml").encode())), ("pubmed-xml", "pubmed-xml", "endnote"))

    def test_entities_refused_and_a_cut_download_keeps_the_records_before(self):
        laughs = ('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "ha">]><PubmedArticleSet><PubmedArticle>'
                  "<MedlineCitation><PMID>1</PMID><Article><ArticleTitle>&a;</ArticleTitle></Article>"
                  "</MedlineCitation></PubmedArticle></PubmedArticleSet>")
        parsed = parse_pubmed_xml(laughs, "x.xml")
        self.assertEqual(([s.text for s in parsed.snippets], [w.message for w in parsed.warnings][:1]),
                         ([], ["XML declares entities (refused: no PubMed export needs them)"]))
        whole = text("pubmed.xml")
        cut = whole[:whole.index("<PubmedBookArticle>") + 60]
        parsed = parse_pubmed_xml(cut, "cut.xml")
        self.assertEqual([s.record.title for s in parsed.snippets], [WHY + "."])
        cut_short = "cut.xml:46: warning: record cut short (no </PubmedArticle>: a download that stopped?); skipped"
        self.assertIn(cut_short, [w.render() for w in parsed.warnings])


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
        for name in ("savedrecs.txt", "pubmed.nbib", "pubmed.xml", "ovid_tagged.txt", "refworks.txt", "endnote.xml",
                     "ovid.txt"):
            tmp.write(name, (EXPORTS / name).read_bytes())
        code, out, err = run_cli("dupes", str(tmp.path), "--format", "json")
        self.assertEqual(code, 0, err)
        groups = [g for g in json.loads(out)["groups"] if g["tier"] == "duplicate"]
        why = [g for g in groups if any((m["title"] or "").rstrip(".") == WHY for m in g["members"])]
        self.assertEqual(len(why), 1)
        self.assertEqual(sorted({m["path"].rsplit("/", 1)[1] for m in why[0]["members"]}),
                         ["endnote.xml", "ovid.txt", "ovid_tagged.txt", "pubmed.nbib", "pubmed.xml", "refs.bib",
                          "refs.ris", "refworks.txt", "savedrecs.txt", "zotero.csv"])

    def test_round_trip_through_csv_jsonl_and_json(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        for name in ("savedrecs.txt", "pubmed.nbib", "pubmed.xml", "ovid_tagged.txt", "refworks.txt", "endnote.xml",
                     "ovid.txt"):
            fields = ("title", "authors", "year", "venue", "volume", "issue", "pages", "doi", "text", "title_only")
            first = json.loads(run_cli("export", str(EXPORTS / name), "--format", "json")[1])["snippets"]
            for fmt in ("csv", "jsonl", "json"):
                with self.subTest(name=name, fmt=fmt):
                    path = tmp.write(f"{name}.{fmt}", run_cli("export", str(EXPORTS / name), "--format", fmt)[1])
                    again = json.loads(run_cli("export", path, "--format", "json")[1])["snippets"]
                    self.assertEqual([{f: r[f] for f in fields} for r in again],
                                     [{f: r[f] for f in fields} for r in first])



# One header line each, as the exports researchers have write them, and a made-up record in those columns.
EXPORT_HEADERS = {
    "springer": ("Item Title,Publication Title,Book Series Title,Journal Volume,Journal Issue,Item DOI,Authors,"
                 "Publication Year,URL,Content Type",
                 # Springer runs its authors together
                 '"Fault Trees for Water Networks",Journal of Pipes,,12,3,10.1007/s1-2,"Juliette MoreauMaria Lind",2022,'
                 "https://link.springer.com/10.1007/s1-2,Article"),
    "openalex": ("id,doi,title,display_name,publication_year,publication_date,type,authorships.author.display_name,"
                 "primary_location.source.display_name",
                 "https://openalex.org/W1,https://doi.org/10.1007/s1-2,,Fault Trees for Water Networks,2022,2022-03-01,"
                 "article,Juliette Moreau|Maria Lind,Journal of Pipes"),
    "lens": ("Lens ID,Title,Date Published,Publication Year,Publication Type,Source Title,Volume,Issue Number,"
             "Start Page,End Page,Author/s,Abstract,DOI,Keywords",
             '000-111,Fault Trees for Water Networks,2022-03-01,2022,journal article,Journal of Pipes,12,3,40,51,'
             '"Moreau, Juliette; Lind, Maria",We build fault trees for water networks.,10.1007/s1-2,pipes'),
    "ieee": ("Document Title,Authors,Author Affiliations,Publication Title,Date Added To Xplore,Publication Year,"
             "Volume,Issue,Start Page,End Page,Abstract,ISSN,ISBNs,DOI,Funding Information,PDF Link,Author Keywords,"
             "Document Identifier",
             'Fault Trees for Water Networks,J. Moreau; M. Lind,Univ,Journal of Pipes,2022-04-01,2022,12,3,40,51,'
             'We build fault trees for water networks.,1234,,10.1007/s1-2,,https://ieeexplore.ieee.org/x,pipes;water,'
             "IEEE Journals"),
    "dimensions": ("Rank,Publication ID,DOI,PMID,PMCID,Title,Abstract,Source title,Anthology title,PubYear,Volume,"
                   "Issue,Pagination,Authors,Publication Type,Dimensions URL",
                   '1,pub.1,10.1007/s1-2,,,Fault Trees for Water Networks,We build fault trees for water networks.,'
                   'Journal of Pipes,,2022,12,3,40-51,"Moreau, Juliette; Lind, Maria",article,'
                   "https://app.dimensions.ai/details/publication/pub.1"),
    "semantic-scholar": ("paperId,url,title,venue,year,authors,abstract,externalIds.DOI",
                         'abc123,https://www.semanticscholar.org/paper/abc123,Fault Trees for Water Networks,'
                         'Journal of Pipes,2022,"Juliette Moreau, Maria Lind",We build fault trees for water networks.,'
                         "10.1007/s1-2"),
    "pubmed": ("PMID,Title,Authors,Citation,First Author,Journal/Book,Publication Year,Create Date,PMCID,NIHMS ID,DOI",
               ('30000011,Fault Trees for Water Networks,"Moreau J, Lind M.","J Pipes. 2022 Mar;12(3):40-51. doi: '
                '10.1007/s1-2.",Moreau J,Journal of Pipes,2022,2022/03/01,,,10.1007/s1-2')),
    "covidence": (("Title,Authors,Abstract,Published Year,Published Month,Journal,Volume,Issue,Pages,Accession Number,"
                   "DOI,Ref,Covidence #,Study,Notes,Tags"),
                  ('Fault Trees for Water Networks,"Moreau, J.; Lind, M.",We build fault trees for water networks.,2022,'
                   'Mar,Journal of Pipes,12,3,40-51,,10.1007/s1-2,,#12,Moreau 2022,,')),
    "publish-or-perish": (("Cites,Authors,Title,Year,Source,Publisher,ArticleURL,CitesURL,GSRank,QueryDate,Type,DOI,"
                           "ISSN,CitationURL,Volume,Issue,StartPage,EndPage,ECC,CitesPerYear,CitesPerAuthor,AuthorCount,"
                           "Age,Abstract,FullTextURL,RelatedURL"),
                          ('3,"J Moreau, M Lind",Fault Trees for Water Networks,2022,Journal of Pipes,Springer,'
                           'https://example.org/a,,1,2026-12-01,,10.1007/s1-2,,,12,3,40,51,3,1.5,1.5,2,2,'
                           "We build fault trees …,,")),
}


class ExportColumnsTest(unittest.TestCase):
    def test_each_exports_own_column_names_are_read(self):
        from paperlist.match.names import split_authors
        from paperlist.readers.table import parse_table
        for source, (header, row) in EXPORT_HEADERS.items():
            with self.subTest(source=source):
                lists = parse_table(header + "\n" + row + "\n", f"{source}.csv", ",")
                (snippet,) = lists[0].snippets
                record = snippet.record
                self.assertEqual((record.title, record.year, record.doi, record.venue),
                                 ("Fault Trees for Water Networks", "2022", "10.1007/s1-2", "Journal of Pipes"))
                self.assertEqual(len(split_authors(record.authors)[0]), 2, record.authors)
                self.assertEqual(lists[0].warnings, ())


    def test_springer_s_run_together_authors_ieee_s_collection_and_keywords(self):
        from paperlist.match.names import split_authors
        from paperlist.readers.table import parse_table
        header, row = EXPORT_HEADERS["springer"]
        text = header + "\n" + row.replace("Juliette MoreauMaria Lind", "Prof. Rafik A. AlievDr. Yann LeCunHans McDonald"
                                                                       "Martine De CockSaid Ł. Kowalczyk") + "\n"
        record = parse_table(text, "springer.csv")[0].snippets[0].record
        self.assertEqual(split_authors(record.authors)[0], ["Aliev, Rafik A.", "LeCun, Yann", "McDonald, Hans",
                                                            "De Cock, Martine", "Kowalczyk, Said Ł."])
        header, row = EXPORT_HEADERS["ieee"]
        record = parse_table(header + "\n" + row + "\n", "ieee.csv")[0].snippets[0].record
        # Document Identifier names IEEE's collection: a type, not the record's id
        self.assertEqual((record.source_id, record.kind, record.keywords), (None, "IEEE Journals", "pipes; water"))

    def test_pubmed_s_citation_gives_volume_issue_and_pages(self):
        from paperlist.readers.table import parse_table
        header, row = EXPORT_HEADERS["pubmed"]
        record = parse_table(header + "\n" + row + "\n", "pubmed.csv")[0].snippets[0].record
        self.assertEqual((record.venue, record.volume, record.issue, record.pages),
                         ("Journal of Pipes", "12", "3", "40-51"))  # its Journal/Book column, the rest cited
        # IEEE Xplore's search results name the venue Publication
        record = parse_table('"Title","Authors","Abstract","Publication","Category","DOI"\n"Rural Outsourcing",'
                             '"Joseph Rottman, Erran Carmel","Abstract.","Computer","Magazine","10.1109/MC.2011.377"\n',
                             "ieee.csv")[0].snippets[0].record
        self.assertEqual(record.venue, "Computer")

    def test_web_of_science_tab_delimited_saved_as_txt(self):
        # "Tab delimited file" from Web of Science or Zoological Record: savedrecs.txt, CR line ends, pages in PS
        text = ("\ufeffPT\tAU\tTI\tSO\tVL\tPS\tPY\tAB\tUT\r"
                "J\tMoreau, Juliette; Lind, Maria\tFault Trees for Water Networks\tJournal of Pipes\t12\t40-51\t2022\t"
                "We build fault trees.\tZOOREC:1\r")
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        path = tmp.write("savedrecs.txt", text)
        (paper,) = json.loads(run_cli("export", path, "--format", "json")[1])["snippets"]
        self.assertEqual((paper["title"], paper["author_list"], paper["venue"], paper["pages"], paper["source_id"]),
                         ("Fault Trees for Water Networks", ["Moreau, Juliette", "Lind, Maria"], "Journal of Pipes",
                          "40-51", "ZOOREC:1"))
        # Web of Science plain text from the same databases gives pages in PS too
        parsed = parse_wos("FN Clarivate\nVR 1.0\nPT J\nTI Fault Trees\nPS 40-51\nER\nEF\n", "zr.txt")
        self.assertEqual(parsed.snippets[0].record.pages, "40-51")

    def test_rows_wider_than_the_header_are_read_with_one_warning(self):
        # A Scopus export whose header left out a column: the values after it sit one column to the right.
        from paperlist.readers.table import parse_table
        text = ("Title,Year,Source,EID\nFirst Paper Title,2020,Scopus,2-s2.0-1\n"
                "Second Paper Title,2021,funding text,Scopus,2-s2.0-2\nThird Paper Title,2022,more,Scopus,2-s2.0-3\n"
                "Fourth Paper Title,2023,Scopus,2-s2.0-4,\n")  # an empty last cell is no shift
        (rl,) = parse_table(text, "scopus.csv")
        self.assertEqual(len(rl.snippets), 4)
        self.assertEqual([w.render() for w in rl.warnings], [
            ("scopus.csv:3: warning: 2 rows, the first here, have more cells than the header's 4 names: values may be "
            "in the wrong columns")])
        (rl,) = parse_table(text.replace("Third Paper Title,2022,more,", "Third Paper Title,2022,"), "scopus.csv")
        self.assertEqual([w.render() for w in rl.warnings], [
            ("scopus.csv:3: warning: this row has more cells than the header's 4 names: values may be in the wrong "
            "columns")])

    def test_a_zotero_note_longer_than_the_csv_modules_limit_loses_no_row(self):
        # Zotero writes an item's notes (pasted text, HTML) in one cell; past 131,072 characters the csv module
        # refused the cell and every row after it was lost.
        from paperlist.readers.table import parse_table
        note = "<p>" + "a note pasted from the full text " * 5000 + "</p>"
        text = ("Key,Item Type,Title,Abstract Note,Notes\n"
                "A1,journalArticle,First paper on graphs,Short abstract one.,\n"
                f'A2,journalArticle,Second paper with long notes,Abstract two.,"{note}"\n'
                "A3,journalArticle,Third paper after it,Abstract three.,\n")
        (rl,) = parse_table(text, "zotero.csv")
        self.assertEqual([(s.line, s.record.title) for s in rl.snippets],
                         [(2, "First paper on graphs"), (3, "Second paper with long notes"), (4, "Third paper after it")])
        self.assertEqual(rl.warnings, ())

    def test_embase_s_citation_column_gives_journal_year_volume_issue_and_pages(self):
        from paperlist.match.names import split_authors
        from paperlist.readers.table import parse_table
        text = ("Title,Original Title,Author Names,Source,Abstract,Emtree Medical Index Terms,keywords\n"
                '"Fault Trees for Water Networks",,"Moreau J., Lind M.","Journal of Pipes (2022) 12:3 (40-51). Date '
                'of Publication: 1 Mar 2022",We build fault trees.,pipes,trees\n'
                '"Second Item",,"Kim B.","Case Reports (2019) 54 (83-86). Date of Publication: 2019",Abstract.,,\n'
                '"Third Item",,"Kim B.","not a citation",Abstract.,,\n')
        (rl,) = parse_table(text, "embase.csv")
        self.assertEqual([(r.venue, r.year, r.volume, r.issue, r.pages) for r in (s.record for s in rl.snippets)],
                         [("Journal of Pipes", "2022", "12", "3", "40-51"), ("Case Reports", "2019", "54", None, "83-86"),
                          (None, None, None, None, None)])
        self.assertEqual(split_authors(rl.snippets[0].record.authors)[0], ["Moreau, J.", "Lind, M."])
        # Elsewhere a Source column is no citation: paperlist's own export names the format there.
        (rl,) = parse_table("title,source\nA Title Here,Journal of Pipes (2022) 12:3 (40-51).\n", "other.csv")
        self.assertEqual(rl.snippets[0].record.venue, None)

    def test_json_documents_of_other_tools_by_their_record_arrays(self):
        from paperlist.match.names import split_authors
        from paperlist.readers.table import parse_json
        # Publish or Perish: a top-level array, 0 for a missing volume or page, the venue under "source"
        pop = json.dumps([{"uid": "GS:1", "title": "Fault Trees for Water Networks", "source": "Journal of Pipes",
                           "article_url": "https://example.org/a", "abstract": "We build fault trees.", "year": 2022,
                           "volume": 0, "issue": 0, "startpage": 0, "endpage": 0, "cites": 9,
                           "authors": ["J Moreau", "M Lind"]}, "not a record"], indent="\t")
        self.assertEqual(detect("pop.json", pop.encode()), "json")
        (rl,) = parse_json(pop, "pop.json")
        (snippet,) = rl.snippets
        record = snippet.record
        self.assertEqual((snippet.line, record.title, record.venue, record.url, record.year, record.volume,
                          record.pages, split_authors(record.authors)[0]),
                         (2, "Fault Trees for Water Networks", "Journal of Pipes", "https://example.org/a", "2022",
                          None, None, ["Moreau, J", "Lind, M"]))
        self.assertEqual([w.render() for w in rl.warnings], ["pop.json:19: warning: not a JSON object; skipped"])
        # Crossref: the records under message.items, after other keys
        crossref = json.dumps({"status": "ok", "message": {"total-results": 1, "facets": {}, "items": [
            {"DOI": "10.1000/xyz.1", "title": ["Crossref Item"], "author": [{"given": "Maria", "family": "Lind"}]}]}})
        (rl,) = parse_json(crossref, "works.json")
        self.assertEqual([(s.record.title, s.record.doi, s.record.authors) for s in rl.snippets],
                         [("Crossref Item", "10.1000/xyz.1", "Lind, Maria")])
        # cut short: the records before the break are kept, and the break is named
        cut = '[\n{"title": "First Paper Here"},\n{"title": "Second Paper Here"},\n{"title": "Thi'
        (rl,) = parse_json(cut, "cut.json")
        self.assertEqual([s.record.title for s in rl.snippets], ["First Paper Here", "Second Paper Here"])
        self.assertEqual([w.render() for w in rl.warnings],
                         ["cut.json:4: warning: broken JSON: Unterminated string starting at; the rest is skipped"])
        (rl,) = parse_json('{"count": 3, "next": null}', "other.json")
        self.assertEqual([w.render() for w in rl.warnings], [
            ("other.json:1: warning: no records in this JSON document (a top-level array, one under snippets, "
             "papers, items, results, organic_results, data, records, works, or one record with a title)"),
            "other.json: warning: no entries with a title or abstract found"])
        # one work, as OpenAlex's API gives it: journal, numbers and the abstract's inverted index in nested objects
        work = json.dumps({"id": "https://openalex.org/W9", "doi": "https://doi.org/10.2307/1885099",
                           "display_name": "Labor Contracts", "publication_year": 1982,
                           "primary_location": {"source": {"display_name": "The Quarterly Journal of Economics"}},
                           "biblio": {"volume": "97", "issue": "4", "first_page": "543", "last_page": "543"},
                           "abstract_inverted_index": {"explains": [1], "This": [0], "unemployment": [2]}}, indent=2)
        (rl,) = parse_json(work, "W9.json")
        [one] = rl.snippets
        journal = "The Quarterly Journal of Economics"
        self.assertEqual((one.text, one.record.venue, one.record.volume, one.record.issue, one.record.pages,
                          one.record.doi, rl.warnings),
                         ("This explains unemployment", journal, "97", "4", "543", "10.2307/1885099", ()))
        # one Crossref work: the record is the message
        (rl,) = parse_json(json.dumps({"status": "ok", "message-type": "work", "message": {
            "DOI": "10.1000/one", "title": ["One Work"]}}), "work.json")
        self.assertEqual([(s.record.title, s.record.doi) for s in rl.snippets], [("One Work", "10.1000/one")])
        # JSON Lines named .json
        self.assertEqual(detect("lines.json", b'{"title": "A"}\n{"title": "B"}\n'), "jsonl")

    def test_json_lines_of_other_tools_keep_their_authors_abstracts_and_years(self):
        from paperlist.match.names import split_authors
        from paperlist.readers.table import parse_jsonl
        lines = [
            # arXiv: authors a list of names, the abstract under "summary"
            {"id": "2508.21080", "title": "Charts That Lie", "authors": ["Ali K. AlShami", "Ryan Rabinowitz"],
             "summary": "We detect misleading charts.", "categories": ["cs.CV"]},
            # Crossref: upper-case keys, one-item lists, people as family and given, a JATS abstract, date parts
            {"DOI": "10.1000/xyz.1", "title": ["Crossref Item"], "author": [{"given": "Maria", "family": "Lind"},
             {"family": "Water Consortium"}], "container-title": ["Journal of Pipes"], "page": "45-67",
             "published": {"date-parts": [[2021, 5]]}, "type": "journal-article",
             "abstract": "<jats:title>Abstract</jats:title><jats:p>Pipes in <jats:italic>JATS</jats:italic>.</jats:p>"},
            # Semantic Scholar and OpenAlex: people as objects, a number for the year, objects paperlist skips
            {"paperId": "abc123", "title": "Scholar Item", "authors": [{"authorId": "1", "name": "Jane Doe"}],
             "year": 2020, "abstract": None, "externalIds": {"DOI": "10.1000/s2"}},
            {"id": "https://openalex.org/W1", "display_name": "OpenAlex Item", "publication_year": 2019,
             "authorships": [{"author": {"display_name": "Kim Lee"}}], "doi": "https://doi.org/10.1000/oa"},
        ]
        (rl,) = parse_jsonl("\n".join(map(json.dumps, lines)) + "\n", "found.jsonl")
        self.assertEqual(rl.warnings, ())
        self.assertEqual([(s.text, s.record.title, split_authors(s.record.authors)[0], s.record.year, s.record.doi)
                          for s in rl.snippets],
                         [("We detect misleading charts.", "Charts That Lie", ["AlShami, Ali K.", "Rabinowitz, Ryan"],
                           None, None),
                          ("Pipes in JATS.", "Crossref Item", ["Lind, Maria", "Water Consortium"], "2021",
                           "10.1000/xyz.1"),
                          # a title too short to name one paper is read with where and when it appeared
                          ("Scholar Item (2020)", "Scholar Item", ["Doe, Jane"], "2020", None),
                          ("OpenAlex Item (2019)", "OpenAlex Item", ["Lee, Kim"], "2019", "10.1000/oa")])
        crossref = rl.snippets[1].record
        self.assertEqual((crossref.venue, crossref.pages, crossref.kind), ("Journal of Pipes", "45-67",
                                                                           "journal-article"))


class ExportFaultsTest(unittest.TestCase):
    """Exports as other tools write them: UTF-16, CR-only line ends, tab-indented continuations, a cut file."""

    def read(self, name: str, data: bytes):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        path = tmp.write(name, data)
        code, out, err = run_cli("export", path, "--format", "json")
        self.assertEqual(code, 0, err)
        return json.loads(out), err.replace(path, name)

    def test_utf16_exports_are_read_as_what_they_hold(self):
        for name in ("savedrecs.txt", "pubmed.nbib", "ovid.txt", "ovid_tagged.txt", "refworks.txt", "pubmed.xml"):
            with self.subTest(name=name):
                expected, warned = self.read(name, text(name).encode("utf-8"))
                for codec in ("utf-16", "utf-16-le", "utf-16-be"):  # with a byte order mark, and without one
                    found, err = self.read(name.replace(".nbib", ".txt"), text(name).encode(codec))
                    self.assertEqual([s["text"] for s in found["snippets"]], [s["text"] for s in expected["snippets"]])
                    self.assertEqual(err, warned.replace(".nbib", ".txt"))
                self.assertGreater(found["totals"]["snippets"], 0)

    def test_cr_only_line_ends_and_tab_continuations(self):
        for name in ("savedrecs.txt", "pubmed.nbib", "ovid_tagged.txt", "refworks.txt", "pubmed.xml"):
            with self.subTest(name=name):
                expected, _ = self.read(name, text(name).encode())
                found, _ = self.read(name, text(name).replace("\n", "\r").encode())
                self.assertEqual([(s["text"], s["line"]) for s in found["snippets"]],
                                 [(s["text"], s["line"]) for s in expected["snippets"]])
        wos = text("savedrecs.txt").replace("\n   ", "\n\t")
        self.assertNotEqual(wos, text("savedrecs.txt"))
        found, _ = self.read("savedrecs.txt", wos.encode())
        expected, _ = self.read("savedrecs.txt", text("savedrecs.txt").encode())
        self.assertEqual([s["text"] for s in found["snippets"]], [s["text"] for s in expected["snippets"]])

    def test_a_cut_web_of_science_file_and_stray_lines_are_said(self):
        cut = text("savedrecs.txt")
        cut = cut[:cut.rindex("\nER")] + "\nthis line is no field\n"
        found, err = self.read("savedrecs.txt", cut.encode())
        self.assertIn("warning: record without ER at the end of the file (cut short?); read as it is", err)
        self.assertRegex(err, r"savedrecs.txt:\d+: warning: a line without a field tag or an indent \(the first "
                              r"here\) read as continuing the field before")
        stray = text("savedrecs.txt").replace("\nER\n", "\nER\nthis line is no field\n", 1)
        found, err = self.read("savedrecs.txt", stray.encode())  # between records it continues nothing
        self.assertRegex(err, r"savedrecs.txt:\d+: warning: line not read: no field tag, and not a field's "
                              r"continuation: 'this line is no field'")
        self.assertEqual(found["totals"]["snippets"], 2)


class NoAbstractTest(unittest.TestCase):
    """Scopus writes "[No abstract available]" where a paper has none: each such record is read by its title, not
    as one text every record lacking an abstract shares (a collection held them as one paper, with one mark)."""

    CSV = ("Authors,Title,Year,Abstract\n"
           'Chen Z.,Fuzzing Deep Learning Compilers,2023,[No abstract available]\n'
           'Ruiz A.,Program Repair with Language Models,2024,[No abstract available]\n'
           'Okafor N.,Vulnerabilities of Smart Contracts on Ethereum,2022,No abstract available.\n'
           'Lind M.,Unit Test Generation,2024,"We generate unit tests with language models and measure coverage."\n')

    def test_each_record_without_an_abstract_is_its_own_paper_read_by_its_title(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        path = tmp.write("scopus.csv", self.CSV)
        code, out, err = run_cli("triage", path, "--format", "json")
        self.assertEqual((code, err.count("warning")), (0, 0), err)
        papers = json.loads(out)["papers"]
        self.assertEqual(sorted((p["text"], p["title_only"]) for p in papers), [
            ("Fuzzing Deep Learning Compilers", True), ("Program Repair with Language Models", True),
            ("Vulnerabilities of Smart Contracts on Ethereum", True),
            ("We generate unit tests with language models and measure coverage.", False)])
        db = str(tmp.path / "c.db")
        code, out, err = run_cli("add", path, "--db", db)
        self.assertEqual(code, 0, err)
        self.assertIn("4 new snippets: 4 new papers", out)
        ris = run_cli("export", path, "--format", "ris")[1]
        self.assertNotIn("abstract available", ris.lower())

    def test_a_ris_abstract_saying_there_is_none_is_none(self):
        listed = parse_ris("TY  - JOUR\nTI  - Fault Trees\nAB  - N/A\nER  - \n"
                           "TY  - JOUR\nTI  - Water Networks\nAB  - Abstract not available\nER  - \n", "a.ris")
        self.assertEqual([(s.text, s.record.title_only) for s in listed.snippets],
                         [("Fault Trees", True), ("Water Networks", True)])


if __name__ == "__main__":
    unittest.main()
