"""The record rules, each from a real pair of records (the labelled systematic-review exports, real Zotero and
Scholar exports): what joins two records, what keeps them apart, and what is left for the reader to judge."""

import json
import re
import unittest

from paperlist.match import record_links
from paperlist.match.dupes import find_duplicates
from paperlist.match.identity import (
    compare,
    database_id,
    doi_key,
    notice_kind,
    record_key,
    titles_close,
)
from paperlist.model import Record, Snippet
from tests.helpers import TempDir, run_cli

NORIS = dict(title="Atypical hemolytic-uremic syndrome", authors="Noris, M. and Remuzzi, G.", year="2009",
             venue="New England Journal of Medicine", volume="361", pages="1676-1687")


def verdict(a: dict, b: dict, texts_agree: bool = False):
    return compare(record_key(Record(**a)), record_key(Record(**b)), texts_agree)


class CompareTest(unittest.TestCase):
    SAME = [
        ("an abbreviated journal, an en dash, a trailing period",
         NORIS, dict(NORIS, title="Atypical Hemolytic–Uremic Syndrome.", venue="N Engl J Med",
                     authors="Noris, M and Remuzzi, G")),
        ("a section label one database adds", NORIS, dict(NORIS, title="MEDICAL PROGRESS Atypical Hemolytic-Uremic Syndrome")),
        ("one export lacks the article number",
         dict(title="Molecular epidemiology and pathogenic potential of underdiagnosed human papillomavirus types",
              authors="Menzo, S and Ciavattini, A", year="2008", venue="BMC Microbiology", volume="8", pages="112"),
         dict(title="Molecular epidemiology and pathogenic potential of underdiagnosed human papillomavirus types",
              authors="Menzo, S and Ciavattini, A", year="2008", venue="BMC Microbiology", volume="8")),
        ("BMJ's article number beside the print page",
         dict(title="Rate of cervical cancer, severe intraepithelial neoplasia, and adenocarcinoma in situ",
              authors="Kitchener, H C", year="2010", venue="BMJ", volume="340", pages="c1804"),
         dict(title="Rate of cervical cancer, severe intraepithelial neoplasia, and adenocarcinoma in situ",
              authors="Kitchener, H C", year="2010", venue="BMJ", volume="340", pages="1014")),
        ("MEDLINE's bracketed translation and a language tag",
         dict(title="[Diagnosis and treatment of paroxysmal nocturnal hemoglobinuria]", authors="Kanakura, Y.",
              year="2009", venue="Rinsho Ketsueki", volume="50", pages="1469-1476"),
         dict(title="Diagnosis and treatment of paroxysmal nocturnal hemoglobinuria. [Japanese]", authors="Kanakura, Y.",
              year="2009", venue="Rinsho ketsueki", volume="50", pages="1469-76")),
        ("one DOI behind a resolver, given and family names swapped",
         dict(title="Anomalous responses on Amazon Mechanical Turk: An Indian perspective", authors="O’Brochta, W.",
              year="2021", doi="https://doi.org/10.1177/20531680211016971"),
         dict(title="Anomalous responses on Amazon Mechanical Turk: An Indian perspective", authors="William, O’Brochta",
              year="2021", doi="10.1177/20531680211016971")),
        ("a typo in one export",
         dict(title="Paroxsmal nocturnal hemoglobinuria and thrombosis", authors="Rodrigues, C. A. and Blin, N.",
              year="2007", venue="Sang Thrombose Vaisseaux", volume="19", pages="425-429"),
         dict(title="Paroxysmal nocturnal hemoglobinuria and thrombosis. [French]", authors="Rodrigues, C. A. and Blin, N.",
              year="2007", venue="Sang Thrombose Vaisseaux.", volume="19", pages="425-429")),
        ("Embase's conference abstract: the journal, then its meeting",
         dict(title="A phase II study of eculizumab in patients with atypical hemolytic uremic syndrome: interim analysis",
              authors="Licht, C. and Muus, P. and Legendre, C.", year="2011",
              venue="Journal of Thrombosis and Haemostasis.Conference: 23rd Congress of the ISTH Kyoto Japan."),
         dict(title="A phase II study of eculizumab in patients with atypical hemolytic uremic syndrome: interim analysis",
              authors="Licht, C. and Muus, P. and Legendre, C.", year="2011", venue="J Thromb Haemost", volume="9",
              pages="499")),
        # Only one paper stands on one page range of one volume in one year.
        ("a translated title at one place",
         dict(title="Arbeit auf Plattformen: Stand der Forschung", authors="Weber, Anna and Roth, Jonas", year="2018",
              venue="Industrielle Beziehungen", volume="25", issue="1", pages="128 -- 139"),
         dict(title="Work on platforms: the state of research", authors="Weber, A. and Roth, J.", year="2018",
              venue="Industrielle Beziehungen", volume="25", issue="1", pages="128--139")),
        ("a study group named for its members at one place",
         dict(title="Results of a randomized trial on the management of borderline cytology", authors="Solomon, D.",
              year="2003", venue="Am J Obstet Gynecol", volume="188", pages="1383-1392"),
         dict(title="Results of a randomized trial on the management of borderline cytology",
              authors="Triage Study Group, ALTS", year="2003", venue="American Journal of Obstetrics and Gynecology",
              volume="188", pages="1383-92")),
    ]
    DIFFERENT = [
        ("two editorials", dict(title="Editorial", authors="Smith, J.", year="2010", venue="Nature"),
         dict(title="Editorial", authors="Jones, K.", year="2012", venue="Science"), "year"),
        ("the word that matters",
         dict(title="Eculizumab in plasma therapy-sensitive atypical hemolytic uremic syndrome", authors="Licht, C.",
              year="2011"),
         dict(title="Eculizumab in plasma therapy-resistant atypical hemolytic uremic syndrome", authors="Licht, C.",
              year="2011"), "title"),
        ("an erratum and the article it corrects",
         dict(title="Reports an error in 'Rainmakers: Why bad weather means good productivity'", authors="Lee, J. J.",
              year="2014"),
         dict(title="Rainmakers: Why bad weather means good productivity", authors="Lee, J. J.", year="2014"), "notice"),
        ("an erratum cited by volume and page",
         dict(title="Eculizumab for Atypical Hemolytic-Uremic Syndrome (vol 360, pg 542, 2009)", authors="Philipp, T.",
              year="2009"),
         dict(title="Eculizumab for atypical hemolytic-uremic syndrome", authors="Philipp, T.", year="2009"), "notice"),
        ("two valid DOIs",
         dict(title="Electroconvulsive therapy in depression", authors="Kellner, C.", year="2014",
              doi="10.1097/YCT.0000000000000076"),
         dict(title="Electroconvulsive therapy in depression", authors="Kellner, C.", year="2014",
              doi="10.1097/YCT.0000000000000077"), "doi"),
        ("a conference abstract and the journal article",
         dict(title="Novel DNA alterations in FCN1 and FCN2 genes in atypical HUS patients", authors="Volokhina, E.",
              year="2011", venue="Pediatric Nephrology", volume="26", pages="1662-1663"),
         dict(title="Novel DNA alterations in FCN1 and FCN2 genes in atypical HUS patients", authors="Volokhina, E.",
              year="2011", venue="Molecular Immunology", volume="48", pages="1684"), "pages"),
        ("no author in common",
         dict(title="Transplantation in atypical hemolytic uremic syndrome", authors="Kavanagh, D. and Richards, A.",
              year="2010"),
         dict(title="Transplantation in atypical hemolytic uremic syndrome", authors="Riedl, M. and Hofer, J.",
              year="2010"), "authors"),
        ("another title at one place of another issue (a journal numbering each issue's pages from 1)",
         dict(title="Gig work and rating systems", authors="Durand, M.", year="2019", venue="Issues in HRM",
              volume="7", issue="1", pages="54-59"),
         dict(title="Predictive hiring algorithms", authors="Durand, M.", year="2019", venue="Issues in HRM",
              volume="7", issue="2", pages="54-59"), "title"),
        ("another title on page 1 of an article-numbered journal",
         dict(title="Sensing soil moisture with radio", authors="Kim, H.", year="2020", venue="Sensors", volume="20",
              pages="1-14"),
         dict(title="A drone survey of vineyards", authors="Kim, H.", year="2020", venue="Sensors", volume="20",
              pages="1-14"), "title"),
        ("other authors and another title at one place",
         dict(title="Work on platforms", authors="Weber, A.", year="2018", venue="Industrielle Beziehungen",
              volume="25", pages="128-139"),
         dict(title="Algorithmic management", authors="Klein, B.", year="2018", venue="Industrielle Beziehungen",
              volume="25", pages="128-139"), "authors"),
    ]

    def test_same_paper(self):
        for why, a, b in self.SAME:
            with self.subTest(why):
                self.assertEqual(verdict(a, b).decision, "same")
                self.assertEqual(verdict(b, a).decision, "same")

    def test_different_papers(self):
        for why, a, b, field in self.DIFFERENT:
            with self.subTest(why):
                found = verdict(a, b, texts_agree=True)
                self.assertEqual((found.decision, found.conflict), ("different", field))

    def test_a_title_alone_is_for_the_reader(self):
        title = dict(title="Labour law for TOS and HITs? Reflections on the potential for platform work regulation")
        self.assertEqual(verdict(title, title).decision, "maybe")
        one_year = dict(title, year="2018", authors="Hiessl, C.")
        self.assertEqual(verdict(one_year, dict(title, authors="Hiessl, C.")), verdict(one_year, dict(title, authors="Hiessl, C.")))
        self.assertEqual(verdict(one_year, dict(title, authors="Hiessl, C.")).decision, "maybe")
        self.assertEqual(verdict(one_year, dict(title, authors="Hiessl, C.")).missing, ("year",))

    def test_a_generic_title_never_joins_on_its_fields_alone(self):
        a = dict(title="Editor's Comments", authors="Lee, Allen S.", year="2000", venue="MIS Quarterly", volume="24")
        self.assertNotEqual(verdict(a, a).decision, "same")
        self.assertEqual(verdict(dict(a, pages="iii-iv"), dict(a, pages="iii-iv")).decision, "maybe")
        self.assertEqual(verdict(dict(a, pages="7-9"), dict(a, pages="7-9")).decision, "same")

    def test_a_database_id_joins_like_a_doi_and_a_file_s_own_key_does_not(self):
        unknown = {"title": "[Title unknown.]", "authors": "Nichols", "year": "1904", "venue": "Auk", "volume": "xxi"}
        self.assertEqual(verdict(unknown, unknown).decision, "maybe")
        ut = dict(unknown, source_id="ZOOREC:ZOOR04100001471")
        self.assertEqual(verdict(ut, ut)[:2], ("same", ("database id", "title", "year", "authors", "venue")))
        self.assertEqual(verdict(ut, dict(ut, source_id="ZOOREC:ZOOR04100001472")).decision, "maybe")
        self.assertEqual(verdict(dict(ut, pages="5-9"), dict(ut, pages="81")).decision, "different")
        self.assertEqual([database_id(i) for i in ("WOS:000301234500012", " 2-s2.0-85012345678 ", "smith:2020",
                                                   "12345678", "ID:12", "SMITH:2020ABC", None)],
                         ["WOS:000301234500012", "2-s2.0-85012345678", None, None, None, None, None])

    def test_the_verdict_says_why(self):
        found = verdict(NORIS, dict(NORIS, venue="N Engl J Med"))
        self.assertEqual(found.agreed, ("title", "year", "authors", "venue", "volume", "pages"))


class FieldsTest(unittest.TestCase):
    def test_a_title_read_as_its_text_is_held_once_and_a_bracketed_one_apart(self):
        records = [Record("Deep Learning for Code Review", title_only=True),
                   Record("Deep Learning for Code Review [Review]", title_only=True)]
        snippets = [Snippet("a.ris", n, n, r.title, False, record=r) for n, r in enumerate(records, 1)]
        texts = ["deep learning for code review", "deep learning for code review review"]
        keys = record_links.record_keys(snippets, [(0,), (1,)], texts)
        self.assertIs(keys[0].title, texts[0])  # one string for the text's match key and the record's title
        self.assertEqual(keys[1].title, "deep learning for code review")  # the bracketed tag is no part of it
        self.assertIsNot(keys[1].title, texts[1])

    def test_doi_placeholders_are_no_identity(self):
        for raw in ("NA", "n/a", "none", "0", "-", "", "1024251/hicss2022544"):
            with self.subTest(raw):
                self.assertIsNone(doi_key(raw))
        self.assertEqual(doi_key("http://dx.doi.org/10.1002/JTS.22387"), "10.1002/jts.22387")

    def test_notices(self):
        cases = [("erratum gain of function mutations in complement factor b", "erratum"),
                 ("retraction notice a study of x", "retraction"), ("in reply", "reply"),
                 ("atypical hus associated with streptococcus reply", "reply"),
                 ("comment on the role of x", "comment"), ("response of plants to drought", None),
                 ("correction of lens opacities in children", "erratum")]
        for title, kind in cases[:-1]:
            with self.subTest(title):
                self.assertEqual(notice_kind(title), kind)

    def test_titles_close(self):
        self.assertTrue(titles_close("among 10 000 women", "among 10000 women"))
        self.assertTrue(titles_close("women aged 50 years with cells", "women aged or 50 years with cells"))
        self.assertFalse(titles_close("plasma therapy sensitive ahus", "plasma therapy resistant ahus"))
        self.assertFalse(titles_close("trial of eculizumab in adult patients", "trial of eculizumab in adolescent patients"))


def snippet(line: int, text: str, **fields) -> Snippet:
    return Snippet("refs.csv", line, line, text, False, "refs", (), Record(**fields) if fields else None)


def grouped_counting_compares(snippets: list[Snippet]) -> tuple[list, list[int]]:
    """The groups ``find_duplicates`` makes, and a 1 for each record comparison it asked for."""
    calls: list[int] = []
    original = record_links.compare
    record_links.compare = lambda *args, **kw: calls.append(1) or original(*args, **kw)
    try:
        return find_duplicates(snippets), calls
    finally:
        record_links.compare = original


class GroupingTest(unittest.TestCase):
    def test_copies_of_one_title_split_by_their_records(self):
        snippets = [snippet(n, "Editorial", title="Editorial", authors=author, year=year, venue=venue, title_only=True)
                    for n, (author, year, venue) in enumerate([("Smith, J.", "2010", "Nature"),
                                                               ("Jones, K.", "2012", "Science"),
                                                               ("Smith, J.", "2010", "Nature"),
                                                               ("Brown, L.", "2015", "Cell")], 1)]
        groups = find_duplicates(snippets)
        self.assertEqual([(g.tier, [m.line for m in g.members]) for g in groups], [("maybe", [1, 3])])

    def test_thousands_of_copies_of_one_record_cost_a_comparison_each(self):
        # A bare title repeated (an export concatenated with itself, a hostile file): each copy is its own paper,
        # as a title alone never joins, and all are maybe one paper, in one group whose evidence is each copy
        # against the first (not every two copies: 4,498,500 pairs, which made 200 copies of each of 1,000
        # titles take 20 GB).
        copies = [snippet(n, "The same title", title="The same title", title_only=True) for n in range(1, 3001)]
        groups, calls = grouped_counting_compares(copies)
        self.assertEqual([(g.tier, g.kind, len(g.members)) for g in groups], [("maybe", "title", 3000)])
        self.assertEqual([(p.a, p.b) for p in groups[0].pairs], [(0, n) for n in range(1, 3000)])
        self.assertLess(len(calls), 2 * len(copies))

    def test_identical_records_join_however_many_other_records_share_the_text(self):
        # 300 editorials with DOIs, then a second copy of 50 of them: each pair found, as when there are few.
        records = [dict(authors=f"Person{j}, A", year=str(1990 + j % 30), venue=f"Journal {j}", doi=f"10.1000/e{j}")
                   for j in range(1, 301)]
        copies = [snippet(n, "Editorial", title="Editorial", title_only=True, **r) for n, r in enumerate(records, 1)]
        copies += [snippet(300 + n, "Editorial", title="Editorial", title_only=True, **r)
                   for n, r in enumerate(records[:50], 1)]
        pairs = sorted(tuple(m.line for m in g.members) for g in find_duplicates(copies) if g.tier == "duplicate")
        self.assertEqual(pairs, [(n, 300 + n) for n in range(1, 51)])

    def test_a_copy_is_compared_only_with_the_records_it_could_be(self):
        # 2,500 editorials by different people, then a second copy of ten records from beyond the first 1,000:
        # each copy is tried against the parts whose first record shares a surname or lacks authors, so the
        # pairs are found wherever they stand and the work follows the copies, not copies times parts.
        names = ["Q" + "".join(chr(ord("a") + int(d)) for d in str(j)) for j in range(2500)]  # 12 -> "Qbc"
        records = [dict(authors=f"{name}, A", year=str(1990 + j % 30), venue=f"Journal {j}", volume=str(j),
                        pages=f"{j}-{j + 2}") for j, name in enumerate(names)]
        copies = [snippet(n, "Editorial", title="Editorial", title_only=True, **r) for n, r in enumerate(records, 1)]
        copies += [snippet(3000 + n, "Editorial", title="Editorial", title_only=True, **records[n])
                   for n in range(1200, 1210)]
        groups, calls = grouped_counting_compares(copies)
        pairs = sorted(tuple(m.line for m in g.members) for g in groups if g.tier == "duplicate")
        self.assertEqual(pairs, [(n + 1, 3000 + n) for n in range(1200, 1210)])
        self.assertLess(len(calls), len(copies))  # trying each part would be over 2,500,000

    def test_a_snippet_without_metadata_does_not_chain_two_papers(self):
        abstract = "We measure how often generated code fails its tests and why it fails on real projects today."
        snippets = [snippet(1, abstract, title="Why code fails", doi="10.1145/3597503.3639121", year="2024"),
                    Snippet("list.txt", 3, 1, abstract, False, "Seed"),
                    snippet(2, abstract, title="Why code fails", doi="10.1145/3597503.3639187", year="2024")]
        groups = find_duplicates(snippets)
        joined = [sorted((m.path, m.line) for m in g.members) for g in groups if g.tier == "duplicate"]
        self.assertEqual(joined, [[("list.txt", 3), ("refs.csv", 1)]])

    def test_a_cut_snippet_does_not_chain_two_papers(self):
        abstract = "We measure how often generated code fails its tests and why it fails on real projects today."
        cut = " ".join(abstract.split()[:12]) + "…"
        snippets = [snippet(1, abstract, title="Why code fails", doi="10.1145/3597503.3639121", year="2024"),
                    Snippet("list.txt", 3, 1, cut, True, "Seed"),
                    snippet(2, abstract, title="Why code fails", doi="10.1145/3597503.3639187", year="2024")]
        joined = [sorted((m.path, m.line) for m in g.members) for g in find_duplicates(snippets) if g.tier == "duplicate"]
        self.assertEqual(joined, [[("list.txt", 3), ("refs.csv", 1)]])

    def test_snippets_without_records_match_as_before(self):
        text = "Training large models across many GPUs needs careful scheduling of communication and compute."
        groups = find_duplicates([Snippet("a.txt", 3, 1, text, False), Snippet("b.txt", 3, 1, text, False)])
        self.assertEqual([(g.kind, g.tier, len(g.members)) for g in groups], [("exact", "duplicate", 2)])


class CommandTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)

    def test_editorials_and_placeholder_dois_stay_apart(self):
        rows = ["title,author,year,journal,doi"]
        rows += [f"Editorial,Author{n}_{n},{2000 + n},Journal {n},NA" for n in range(6)]
        rows += ["A study of the placeholder identifier in exports,\"Ng, A\",2019,J Exports,NA",
                 "Another study entirely about something else,\"Ng, B\",2020,J Other,NA"]
        path = self.tmp.write("scopus.csv", "\n".join(rows) + "\n")
        code, out, err = run_cli("dupes", path, "--format", "json")
        self.assertEqual(code, 0, err)
        doc = json.loads(out)
        self.assertEqual((doc["totals"]["papers"], doc["totals"]["groups"]), (8, 0))

    def test_a_record_exported_twice_by_its_database_is_one_paper(self):
        # A title that names no paper keeps two copies apart on their fields, not on the database's own id.
        record = ("PT J\nTI [Title unknown.]\nAU Nichols\nSO Auk\nVL xxi\nPY 1904\nUT {}\nER\n\n"
                  "PT J\nTI Black-backed woodpecker habitat after fire\nAU Hutto, R. L.\nSO Auk\nPY 2008\n"
                  "UT WOS:000255555500007\nER\n")
        for name in ("first.txt", "again.txt"):
            self.tmp.write(name, "FN Clarivate Analytics Web of Science\nVR 1.0\n"
                           + record.format("ZOOREC:ZOOR04100001471") + "EF\n")
        code, out, err = run_cli("dupes", str(self.tmp.path), "--format", "json")
        doc = json.loads(out)
        self.assertEqual((code, err, doc["totals"]["papers"], [g["kind"] for g in doc["groups"]]),
                         (0, "", 2, ["exact", "exact"]))
        self.assertEqual([[m["line"] for m in g["members"]] for g in doc["groups"]], [[3, 3], [12, 12]])
        # Titles that differ by a typo: the database id is what joins them, and the text view says so.
        self.tmp.write("again.txt", "FN Clarivate Analytics Web of Science\nVR 1.0\n"
                       + record.format("ZOOREC:ZOOR04100001471").replace("woodpecker", "woodpeker") + "EF\n")
        code, out, _ = run_cli("dupes", str(self.tmp.path), "--explain")
        self.assertIn("Same DOI, Scholar id or database id (1)\n", out)
        self.assertIn("agreed: database id, title (close), year, authors, venue\n", out)

    def test_explain_names_the_fields_that_agreed(self):
        rows = ["title,author,year,journal,volume,pages,doi",
                '"Atypical hemolytic-uremic syndrome","Noris, M. and Remuzzi, G.",2009,New England Journal of Medicine,361,1676-1687,',
                '"Atypical Hemolytic–Uremic Syndrome.","Noris, M and Remuzzi, G",2009,N Engl J Med,361,1676-87,']
        path = self.tmp.write("refs.csv", "\n".join(rows) + "\n")
        code, out, _ = run_cli("dupes", path, "--format", "json")
        [group] = json.loads(out)["groups"]
        self.assertEqual((code, group["tier"], group["pairs"][0]["agreed"]),
                         (0, "duplicate", ["title", "year", "authors", "venue", "volume", "pages"]))
        code, out, _ = run_cli("dupes", path, "--explain")
        self.assertIn("agreed: title, year, authors, venue, volume, pages", out)
        code, out, _ = run_cli("report", path, "-o", "-")
        self.assertEqual(re.findall(r"1~2 \w+: agreed on [^<]*", out), ["1~2 exact: agreed on title, year, authors, venue, volume, pages"])

    def test_a_translated_title_is_found_by_its_place_and_says_so(self):
        rows = ["title,author,year,journal,volume,number,pages",
                '"Arbeit auf Plattformen: Stand der Forschung","Weber, Anna",2018,Industrielle Beziehungen,25,1,128 -- 139',
                '"Work on platforms: the state of research","Weber, A.",2018,Industrielle Beziehungen,25,1,128--139',
                '"Another paper on the same pages of the next issue","Weber, A.",2018,Industrielle Beziehungen,25,2,128--139']
        path = self.tmp.write("refs.csv", "\n".join(rows) + "\n")
        code, out, _ = run_cli("dupes", path, "--format", "json")
        doc = json.loads(out)
        self.assertEqual((code, doc["totals"]["papers"], doc["totals"]["by_kind"]["pages"]), (0, 2, 1))
        [group] = doc["groups"]
        self.assertEqual(([m["line"] for m in group["members"]], group["kind"], group["pairs"][0]["agreed"]),
                         ([2, 3], "pages", ["year", "authors", "venue", "volume", "pages"]))
        code, out, _ = run_cli("dupes", path)
        self.assertEqual(" ".join(out.split("\n")[:2]), "3 snippets, 2 papers (0 in two or more lists); 1 duplicate "
                                                        "group (1 pages), 0 across lists")
        self.assertEqual(out.split("\n")[3:6], ["Same volume and pages (1)", "",
                                               "[1] pages 1.00 · 2 copies in 1 list"])
        self.assertEqual(out.count("Arbeit auf Plattformen: Stand der Forschung"), 1)  # its title is its text


if __name__ == "__main__":
    unittest.main()
