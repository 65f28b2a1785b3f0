"""RIS and BibTeX out: every field the records have, read back by paperlist's own readers to the same papers."""

import json
import os
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

    def test_given_names_after_the_family_name_stay_one_author_in_every_format(self):
        ris = self.tmp.write("names.ris", "TY  - JOUR\nTI  - Sole Author Item\nAU  - Smith, John Paul\nER  - \n"
                                          "TY  - JOUR\nTI  - Team Item\nAU  - Shepherd, Amy B.\n"
                                          "AU  - de Latour, R. P.\nER  - \n")
        bib = self.tmp.write("names.bib", "@article{a, title = {Bib Item},\n"
                                          "  author = {Van Heugten, Caroline M. and Wade, Derick T.}}\n")
        people = ["Smith, John Paul", "Shepherd, Amy B.", "de Latour, R. P.", "Van Heugten, Caroline M.",
                  "Wade, Derick T."]
        out = run_cli("triage", ris, bib, "--format", "ris")[1]
        self.assertEqual(sorted(re.findall(r"^AU  - (.*)$", out, re.MULTILINE)), sorted(people))
        out = run_cli("triage", ris, bib, "--format", "bibtex")[1]
        self.assertEqual(sorted(re.findall(r"^  author = \{(.*)\},$", out, re.MULTILINE)),
                         ["Shepherd, Amy B. and de Latour, R. P.", "Smith, John Paul",
                          "Van Heugten, Caroline M. and Wade, Derick T."])

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
                      "Serving Transformers at Low Latency; tagged accelerators, elasticity-fault-tolerance, "
                      "inference-serving, large-language-models, scheduling\n", ris)
        self.assertNotIn("KW  -", ris)  # paperlist's tags are not the paper's keywords
        self.assertTrue(ris.startswith("TY  - GEN\n"))
        self.assertTrue(ris.endswith("ER  - \n"))


class RecordsKeepWhatTheyCameWithTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)

    def test_a_snippet_without_a_title_gets_one_marked_as_made_which_reads_back_as_none(self):
        ris = run_cli("triage", str(EXAMPLES / "data-loading.txt"), "--format", "ris", "--top", "1")[1]
        self.assertIn("TI  - [untitled; from the snippet] When datasets span many terabytes, the input pipeline"
                      " rather than…\n", ris)
        bibtex = run_cli("triage", str(EXAMPLES / "data-loading.txt"), "--format", "bibtex", "--top", "1")[1]
        self.assertIn("  title = {[untitled; from the snippet] When datasets span many terabytes, the input pipeline"
                      " rather than…},\n", bibtex)
        for back in (parse_ris(ris, "back.ris"), parse_bibtex(bibtex, "back.bib")):
            self.assertEqual(back.snippets[0].record.title, None)
            self.assertTrue(back.snippets[0].text.startswith("When datasets span many terabytes"))

    def test_original_ids_become_ris_ids_and_bibtex_keys(self):
        path = self.tmp.write("set.csv", "record_id,title,authors,year\n"
                                         "id_0000001,First paper,\"Lee, A\",2020\n"
                                         "has space,Second paper,\"Kim, B\",2021\n")
        ris = run_cli("triage", path, "--format", "ris")[1]
        self.assertEqual(re.findall(r"^ID  - (.*)$", ris, re.M), ["has space", "id_0000001"])  # newest first
        bibtex = run_cli("triage", path, "--format", "bibtex")[1]
        # An id BibTeX cannot take as a key (a space) is left for family name, year and title word.
        self.assertEqual(re.findall(r"^@\w+\{(.*),$", bibtex, re.M), ["kim2021second", "id_0000001"])
        exported = [json.loads(line) for line in run_cli("export", path)[1].splitlines()]
        self.assertEqual([r["source_id"] for r in exported], ["id_0000001", "has space"])
        self.assertEqual(exported[0]["author_list"], ["Lee, A"])

    def test_bibtex_keys_types_and_keywords_read_back_as_they_were(self):
        code, out, err = run_cli("triage", str(FORMATS / "refs.bib"), "--format", "bibtex")
        self.assertEqual(code, 0, err)
        original = parse_bibtex((FORMATS / "refs.bib").read_text(encoding="utf-8"), "refs.bib").snippets
        back = parse_bibtex(out, "back.bib").snippets
        self.assertEqual(sorted((s.record.source_id, s.record.kind, s.record.keywords) for s in back),
                         sorted((s.record.source_id, s.record.kind, s.record.keywords) for s in original))

    def test_entry_types_from_the_record_else_from_a_venue_that_names_a_conference(self):
        path = self.tmp.write("types.ris", "TY  - CONF\nTI  - Stated conference paper\nER  - \n\n"
                                           "TY  - JOUR\nTI  - Journal paper\nT2  - Nature\nER  - \n\n")
        csv_path = self.tmp.write("types.csv", "title,journal\nGuessed conference paper,"
                                               "Proceedings of the 30th Symposium on Operating Systems\n"
                                               "Guessed journal paper,Journal of Systems\n")
        ris = run_cli("triage", path, csv_path, "--format", "ris")[1]
        self.assertEqual(re.findall(r"^TY  - (.*)$", ris, re.M), ["CONF", "JOUR", "CONF", "JOUR"])
        bibtex = run_cli("triage", path, csv_path, "--format", "bibtex")[1]
        self.assertEqual(re.findall(r"^@(\w+)\{", bibtex, re.M), ["inproceedings", "article", "inproceedings",
                                                                  "article"])
        self.assertIn("  booktitle = {Proceedings of the 30th Symposium on Operating Systems},\n", bibtex)

    def test_record_keywords_are_kept(self):
        path = self.tmp.write("kw.ris", "TY  - JOUR\nTI  - A paper\nKW  - GPU\nKW  - data loading\nER  - \n")
        self.assertIn("KW  - GPU\nKW  - data loading\n", run_cli("triage", path, "--format", "ris")[1])
        self.assertIn("  keywords = {GPU, data loading},\n", run_cli("triage", path, "--format", "bibtex")[1])

    def test_a_name_with_a_suffix_is_written_as_each_format_orders_it_and_read_back_whole(self):
        path = self.tmp.write("sfx.ris", "TY  - JOUR\nTI  - A paper\nAU  - Roach, Mack, III\nAU  - Hanks, Gerald\nER  - \n")
        ris = run_cli("triage", path, "--format", "ris")[1]
        self.assertIn("AU  - Roach, Mack, III\nAU  - Hanks, Gerald\n", ris)
        bibtex = run_cli("triage", path, "--format", "bibtex")[1]
        self.assertIn("  author = {Roach, III, Mack and Hanks, Gerald},\n", bibtex)
        from paperlist.match.names import split_authors
        self.assertEqual(split_authors(parse_bibtex(bibtex, "back.bib").snippets[0].record.authors)[0],
                         ["Roach, Mack, III", "Hanks, Gerald"])

    def test_keywords_that_hold_a_comma_come_back_whole_from_bibtex(self):
        # MeSH headings such as "Colitis, Ulcerative" arrive from EndNote and PubMed exports.
        path = self.tmp.write("mesh.ris", "TY  - JOUR\nTI  - A paper\nKW  - Animals\nKW  - Colitis, Ulcerative\nER  - \n")
        bibtex = run_cli("triage", path, "--format", "bibtex")[1]
        self.assertIn("  keywords = {Animals; Colitis, Ulcerative},\n", bibtex)
        self.assertEqual(parse_bibtex(bibtex, "back.bib").snippets[0].record.keywords, "Animals; Colitis, Ulcerative")


class StableKeysTest(unittest.TestCase):
    def test_a_key_names_the_same_paper_whatever_the_ranking(self):
        from paperlist.render.references import citation_keys
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        db = os.path.join(tmp.path, "c.db")
        self.assertEqual(run_cli("add", str(EXAMPLES), "--db", db)[0], 0)

        def keys() -> dict[str, str]:
            out = run_cli("triage", "--db", db, "--format", "bibtex", "--all")[1]
            return {m.group(2).strip(): m.group(1) for m in re.finditer(r"^@\w+\{(.*),\n(?:.*\n)*?  abstract = "
                                                                         r"\{(.*)\},$", out, re.M)}
        before = keys()
        ranked = [p["paper"] for p in papers("--db", db)]
        self.assertEqual(run_cli("mark", "want", f"p{ranked[-1]}", "--db", db)[0], 0)
        self.assertNotEqual([p["paper"] for p in papers("--db", db)], ranked)
        self.assertEqual(keys(), before)
        self.assertEqual(len(set(before.values())), len(before))
        self.assertTrue(all(k.startswith("snippet-") for k in before.values()))
        self.assertEqual(citation_keys([]), {})


if __name__ == "__main__":
    unittest.main()


class WritersThatRoundTripTest(unittest.TestCase):
    """Fields a writer used to damage, built at run time: lone braces, an organisation, TeX ligatures in a DOI,
    and characters that reorder text."""

    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        ris = ("TY  - JOUR\nTI  - Sets {of pairs and a lone } brace, ``quoted'' a--b\n"
               "AU  - Centers for Disease Control and Prevention\nAU  - Lind, Maria\nPY  - 2020\n"
               "DO  - 10.1000/a--b\nUR  - https://example.org/x--y_z%20w\n"
               "AB  - An abstract \u202eright to left\u202c with a Persian ZWNJ: \u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645.\n"
               "ER  - \n")
        self.path = self.tmp.write("in.ris", ris)

    def written(self, fmt: str) -> str:
        code, out, err = run_cli("triage", self.path, "--format", fmt)
        self.assertEqual(code, 0, err)
        return out

    def test_bibtex_balances_its_braces_and_reads_back_the_same_fields(self):
        out = self.written("bibtex")
        self.assertEqual(out.count("{") - out.count("\\{"), out.count("}") - out.count("\\}"))
        self.assertIn(r"\textbraceleft{}of pairs and a lone \textbraceright{} brace", out)
        self.assertIn("author = {{Centers for Disease Control and Prevention} and Lind, Maria},", out)
        self.assertIn("doi = {10.1000/a--b},", out)
        (snippet,) = parse_bibtex(out, "back.bib").snippets
        record = snippet.record
        self.assertEqual(record.title, "Sets {of pairs and a lone } brace, ``quoted'' a--b")
        self.assertEqual(split_authors(record.authors)[0], ["Centers for Disease Control and Prevention", "Lind, Maria"])
        self.assertEqual((record.doi, record.url), ("10.1000/a--b", "https://example.org/x--y_z%20w"))

    def test_bibtex_keeps_runs_of_three_hyphens_or_quote_marks(self):
        title = "Taught?---results from ``a'''' c----d study"
        path = self.tmp.write("runs.ris", f"TY  - JOUR\nTI  - {title}\nER  - \n")
        out = run_cli("triage", path, "--format", "bibtex")[1]
        self.assertIn("title = {Taught?-{}-{}-results from `{}`a'{}'{}'{}' c-{}-{}-{}-d study},", out)
        (snippet,) = parse_bibtex(out, "back.bib").snippets
        self.assertEqual(snippet.record.title, title)

    def test_bibtex_writes_a_page_range_with_its_en_dash(self):
        # "101--112" is how BibTeX writes a range; "101-{}-112" (two hyphens kept apart) printed two hyphens and
        # reached other tools (bibtexparser, JabRef) as those six characters.
        path = self.tmp.write("pages.ris", "TY  - JOUR\nTI  - Pages of a paper\nSP  - 101\nEP  - 112\nER  - \n"
                                           "TY  - JOUR\nTI  - Pages of an editorial\nSP  - iii\nEP  - iv\nER  - \n")
        out = run_cli("triage", path, "--format", "bibtex")[1]
        self.assertEqual(re.findall(r"pages = \{(.*)\},", out), ["101--112", "iii--iv"])
        pages = [s.record.pages for s in parse_bibtex(out, "back.bib").snippets]
        self.assertEqual(pages, ["101\u2013112", "iii\u2013iv"])  # TeX reads "--" as an en dash
        path = self.tmp.write("pages.csv", 'title,pages\nTwo ranges of pages,"61--62, 68"\nA percent,10%-12_b\n')
        out = run_cli("triage", path, "--format", "bibtex")[1]
        self.assertEqual(re.findall(r"pages = \{(.*)\},", out), ["61--62, 68", r"10\%--12\_b"])

    def test_a_link_made_from_a_doi_keeps_the_whole_doi(self):
        # Wiley's old DOIs end in "#" and hold ";", "<" and ">": as a link, "#" started a fragment (doi.org got the
        # DOI cut short) and rispy split the RIS UR value at ";".
        doi = "10.1002/(sici)1097-0142(19991015)86:8<1557::aid-cncr24>3.0.co;2-#"
        path = self.tmp.write("wiley.ris", f"TY  - JOUR\nTI  - A paper with an old Wiley DOI\nDO  - {doi}\nER  - \n")
        link = "https://doi.org/10.1002/(sici)1097-0142(19991015)86:8%3C1557::aid-cncr24%3E3.0.co%3B2-%23"
        self.assertEqual(json.loads(run_cli("triage", path, "--format", "json")[1])["papers"][0]["url"], link)
        out = run_cli("triage", path, "--format", "ris")[1]
        self.assertIn(f"DO  - {doi}\nUR  - {link}\n", out)
        self.assertIn(f"url = {{{link}}},", run_cli("triage", path, "--format", "bibtex")[1])
        page = run_cli("report", path, "-o", "-")[1]
        self.assertIn(link.replace("(", "%28").replace(")", "%29"), page)  # link targets encode brackets too
        self.assertNotIn("3.0.co;2-#", page.replace(f'"{doi}"', ""))

    def test_ris_keeps_the_organisation_whole(self):
        (snippet,) = parse_ris(self.written("ris"), "back.ris").snippets
        self.assertEqual(split_authors(snippet.record.authors)[0],
                         ["Centers for Disease Control and Prevention", "Lind, Maria"])

    def test_bidi_controls_are_escaped_and_a_scripts_joiners_kept_in_every_format(self):
        for fmt in ("ris", "bibtex", "markdown", "csv", "text"):
            with self.subTest(fmt):
                out = self.written(fmt)
                self.assertNotIn("\u202e", out)
                self.assertIn("\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", out)
                self.assertNotIn("\\u200c", out)

    def test_a_url_s_invisible_characters_are_percent_encoded(self):
        # A reference manager opens the URL: an escape such as \u202e would be part of another address.
        path = self.tmp.write("url.ris", "TY  - JOUR\nTI  - T\nUR  - https://example.org/a\u202eb\u200bc\nER  - \n")
        for fmt, line in (("ris", "UR  - https://example.org/a%E2%80%AEb%E2%80%8Bc\n"),
                          ("bibtex", "  url = {https://example.org/a%E2%80%AEb%E2%80%8Bc},\n")):
            with self.subTest(fmt):
                self.assertIn(line, run_cli("triage", path, "--format", fmt)[1])
