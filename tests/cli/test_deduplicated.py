"""dupes --write-deduplicated: the input records minus the duplicate copies, each kept record as it was written."""

import re
import unittest
from pathlib import Path

from tests.helpers import TempDir, run_cli

RIS_A = ("TY  - JOUR\nTI  - Sharing GPU clusters among teams\nAU  - Lee, A\nPY  - 2020\n"
         "AB  - We study how GPU clusters are shared among research teams at universities.\nER  - \n\n"
         "TY  - JOUR\nTI  - Data loading pipelines\nAB  - Input pipelines often limit training speed.\nER  - \n\n")
# Windows line ends, a DOI the first copy lacks, and a paper of its own.
RIS_B = ("TY  - JOUR\r\nTI  - Sharing GPU clusters among teams\r\nAU  - Lee, A.\r\nPY  - 2020\r\nDO  - 10.1/x\r\n"
         "ER  - \r\n\r\nTY  - CONF\r\nTI  - Serving models at low latency\r\nER  - \r\n")

BIB = """@string{tpds = {IEEE Transactions on Parallel and Distributed Systems}}
@comment{Related papers: GPU sharing}

@article{lee2020sharing,
  title = {Sharing {GPU} Clusters Among Teams},
  journal = tpds,
  year = 2020,
  abstract = {We study how GPU clusters are shared among research teams at universities.}
}

@article{lee2020sharingb,
  title = {Sharing GPU clusters among teams},
  journal = tpds,
  year = {2020},
  abstract = {We study how GPU clusters are shared among research teams at universities.}
}

@inproceedings{kim2021serving,
  title = {Serving Models at Low Latency},
  year = {2021}
}
"""

ABSTRACT = "We study how GPU clusters are shared among research teams at universities."
CSV_HEADER = "ID,title,abstract,year\n"
CSV_A = CSV_HEADER + ('id_1,Sharing GPU clusters among teams,"We study how GPU clusters are shared,\nline two.",2020\n'
                      "id_2,Data loading pipelines,Input pipelines often limit training speed.,2021\n")
CSV_B = CSV_HEADER + ('id_3,Sharing GPU clusters among teams,"We study how GPU clusters are shared,\nline two.",2020\n'
                      "id_4,,,\n")


class WriteDeduplicatedTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        self.out = str(self.tmp.path / "out")

    def dedupe(self, *paths: str, out: str) -> tuple[int, str, bytes]:
        code, _, err = run_cli("dupes", *paths, "--write-deduplicated", out, "--quiet")
        return code, err, (Path(out).read_bytes() if code == 0 else b"")

    def test_ris_keeps_each_kept_record_byte_for_byte(self):
        a, b = self.tmp.write("a.ris", RIS_A), self.tmp.write("b.ris", RIS_B.encode())
        code, err, written = self.dedupe(a, b, out=self.out + ".ris")
        self.assertEqual(code, 0, err)
        self.assertEqual(err, f"wrote {self.out}.ris: 3 of 4 records (1 duplicate copy left out)\n")
        # The first copy is kept (the longer one); the second file keeps its own paper and its CRLF line ends.
        self.assertEqual(written, RIS_A.encode() + b"TY  - CONF\r\nTI  - Serving models at low latency\r\nER  - \r\n")
        code, out, _ = run_cli("dupes", self.out + ".ris", "--format", "json")
        self.assertIn('"groups": 0', out)

    def test_endnote_tagged_keeps_each_kept_record_as_written(self):
        first = ("%0 Journal Article\n%T Fault Trees for Water Networks\n%A Moreau, Juliette\n%D 2022\n"
                 "%X We build fault trees for water networks in forty utilities.\n")
        other = "%T Pipes, Meters and Engineers\n%D 2021\n"
        copy = first.replace("%D 2022\n", "%D 2022\n%8 March 1, 2022\n")
        path = self.tmp.write("refs.enw", first + "\n" + other + "\n\n" + copy)
        code, err, written = self.dedupe(path, out=self.out + ".enw")
        self.assertEqual((code, err), (0, f"wrote {self.out}.enw: 2 of 3 records (1 duplicate copy left out)\n"))
        self.assertEqual(written.decode(), first + "\n" + other + "\n\n")
        self.assertIn('"groups": 0', run_cli("dupes", self.out + ".enw", "--format", "json")[1])

    def test_medline_and_ovid_keep_each_kept_record_as_written(self):
        # PubMed's .nbib (one record without a title stays: paperlist cannot read it, the copy keeps it) ...
        sharing = ("PMID- 1\nTI  - Sharing GPU clusters among teams\nAB  - We study how GPU clusters are shared\n"
                   "      among research teams at universities.\nFAU - Lee, Ann\n\n")
        loading = "PMID- 2\nTI  - Data loading pipelines\nAB  - Input pipelines often limit training speed.\n\n"
        untitled = "PMID- 3\nDP  - 2020\n\n"
        copy = sharing.replace("PMID- 1", "PMID- 9").replace("FAU - Lee, Ann\n", "FAU - Lee, A\nDP  - 2020\n")
        a, b = self.tmp.write("a.nbib", sharing + loading + untitled), self.tmp.write("b.nbib", copy)
        code, err, written = self.dedupe(a, b, out=self.out + ".nbib")
        said = f"{a}:11: warning: record has no title or abstract; skipped\n"
        self.assertEqual((code, err), (0, said + f"wrote {self.out}.nbib: 3 of 4 records (1 duplicate copy left out)\n"))
        self.assertEqual(written.decode(), sharing + loading + untitled)
        self.assertIn('"groups": 0', run_cli("dupes", self.out + ".nbib", "--format", "json")[1])
        # ... and Ovid's tagged export, each record from its "<N. >" line
        ovid = ("<1. >\nVN  - Ovid Technologies\nTI  - Sharing GPU clusters among teams\nAB  - We study how GPU "
                "clusters are shared among research teams at universities.\n\n<2. >\nTI  - Data loading pipelines\n"
                "AB  - Input pipelines often limit training speed.\n\n")
        second = ovid.replace("<2. >", "<3. >").replace("Data loading pipelines", "Serving models at low latency")
        a, b = self.tmp.write("a.txt", ovid), self.tmp.write("b.txt", second)
        code, err, written = self.dedupe(a, b, out=self.out + ".txt")
        self.assertEqual((code, err), (0, f"wrote {self.out}.txt: 3 of 4 records (1 duplicate copy left out)\n"))
        self.assertEqual(written.decode(), ovid + second[second.index("<3. >"):])

    def test_web_of_science_files_joined_keep_one_header_and_one_end(self):
        header, end = "FN Clarivate Analytics Web of Science\nVR 1.0\n", "EF\n"
        sharing = ("PT J\nAU Lee, A\nTI Sharing GPU clusters among teams\nAB We study how GPU clusters are shared\n"
                   "   among research teams at universities.\nPY 2020\nER\n\n")
        loading = "PT J\nTI Data loading pipelines\nAB Input pipelines often limit training speed.\nER\n\n"
        serving = "PT J\nTI Serving models at low latency\nAB We serve models at low latency.\nER\n\n"
        a = self.tmp.write("a.txt", header + sharing + loading + end)
        b = self.tmp.write("b.txt", header + sharing.replace("Lee, A", "Lee, Ann") + serving + end)
        code, err, written = self.dedupe(a, b, out=self.out + ".txt")
        self.assertEqual((code, err), (0, f"wrote {self.out}.txt: 3 of 4 records (1 duplicate copy left out)\n"))
        # the second file's records follow the first file's: its header and the first EF would end the reading
        self.assertEqual(written.decode(), header + sharing + loading + serving + end)
        found = run_cli("dupes", self.out + ".txt", "--format", "json")[1]
        self.assertIn('"groups": 0', found)
        self.assertIn('"snippets": 3', found)

    def test_bibtex_keeps_its_strings_comments_and_entries_as_written(self):
        path = self.tmp.write("refs.bib", BIB)
        code, err, written = self.dedupe(path, out=self.out + ".bib")
        self.assertEqual(code, 0, err)
        expected = re.sub(r"@article\{lee2020sharingb,.*?\n}\n\n", "", BIB, flags=re.S)
        self.assertEqual(written.decode(), expected)
        self.assertIn("journal = tpds,", expected)

    def test_csv_keeps_its_columns_once_and_the_rows_it_cannot_read(self):
        a, b = self.tmp.write("a.csv", CSV_A), self.tmp.write("b.csv", CSV_B)
        code, err, written = self.dedupe(a, b, out=self.out + ".csv")
        self.assertEqual(code, 0, err)
        self.assertEqual(written.decode(), CSV_A + "id_4,,,\n")
        self.assertIn("3 of 4 records (1 duplicate copy left out)", err)

    def test_the_copy_holds_no_duplicate_when_read_again(self):
        """Three records of one article: the two without a DOI join, the third is kept apart by one of them (an
        author's name cut short); once that copy is left out, the kept two agree, and the copy keeps one."""
        abstract = ("Cities are adopting sensor networks to watch the flow of water through old pipes, and we ask "
                    "how municipal engineers read the alerts these systems raise, from forty interviews.")
        title = "Who reads the pipes? engineers and the {q}smart water{p} alert"
        rows = [("r1", title.format(q="‘", p="’"), "Urban Water & Society", "112", "Moreau, Juliette", ""),
                ("r2", title.format(q="'", p="'"), "Urban Water & Society", "112--130", "Morea, Juliette", ""),
                ("r3", title.format(q="‘", p="’"), "Urban Water and Society", "112--130", "Moreau, J.",
                 "10.1234/UWS.7.2.0112")]
        text = "ID,title,year,journal,pages,author,doi,abstract\n" + "".join(
            f'{i},{t},2019,{j},{pages},"{a}",{doi},"{abstract}"\n' for i, t, j, pages, a, doi in rows)
        path = self.tmp.write("review.csv", text)
        self.assertIn('"papers": 2', run_cli("dupes", path, "--format", "json")[1])
        code, err, written = self.dedupe(path, out=self.out + ".csv")
        self.assertEqual(err, f"wrote {self.out}.csv: 1 of 3 records (2 duplicate copies left out; 1 of them found "
                              "once the copies that kept their papers apart were left out)\n")
        self.assertEqual(written.decode(), text.splitlines(keepends=True)[0] + text.splitlines(keepends=True)[1])
        self.assertIn('"groups": 0', run_cli("dupes", self.out + ".csv", "--format", "json")[1])

    def test_endnote_xml_on_one_line_keeps_its_opening_and_each_kept_record_as_written(self):
        # EndNote writes its whole export on one line: records are told apart by their order, not their line.
        def record(title, author, year="2020", abstract=ABSTRACT):
            return (f'<record><ref-type name="Journal Article">17</ref-type><contributors><authors><author>{author}'
                    f'</author></authors></contributors><titles><title>{title}</title></titles><dates><year>{year}'
                    f'</year></dates><abstract>{abstract}</abstract></record>')
        opening, closing = '<?xml version="1.0" encoding="UTF-8" ?><xml><records>', "</records></xml>\n"
        sharing = record("Sharing GPU clusters", "Lee, Ann")
        loading = record("Data loading", "Kim, B", "2021", "Pipes.")
        copy = record("Sharing GPU clusters", "Lee, A")
        unread = '<record><ref-type name="Generic">13</ref-type></record>'  # paperlist skips it; the copy keeps it
        a = self.tmp.write("a.xml", opening + sharing + loading + unread + copy + closing)
        b = self.tmp.write("b.xml", opening + record("Serving models", "Ng, C", "2022", "We serve.") + closing)
        # Where the copies are: line 1 both, so each says which record of the file it is.
        self.assertIn("2 copies: a.xml:1 (record 1), a.xml:1 (record 3) ·",
                      " ".join(run_cli("dupes", a, "--quiet")[1].split()))
        code, err, written = self.dedupe(a, b, out=self.out + ".xml")
        skipped = f"{a}:1: warning: record has no title, abstract, container title, authors or DOI; skipped\n"
        self.assertEqual((code, err), (0, skipped + f"wrote {self.out}.xml: 4 of 5 records (1 duplicate copy left "
                                                    "out)\n"))
        self.assertEqual(written.decode(), opening + sharing + loading + unread
                         + record("Serving models", "Ng, C", "2022", "We serve.") + closing)
        found = run_cli("dupes", self.out + ".xml", "--format", "json")[1]
        self.assertIn('"groups": 0', found)
        self.assertIn('"snippets": 3', found)

    def test_pubmed_xml_and_refworks_files_joined_keep_one_opening_and_one_end(self):
        def article(pmid, title, abstract=ABSTRACT):
            return (f"  <PubmedArticle>\n    <MedlineCitation><PMID>{pmid}</PMID><Article><ArticleTitle>{title}"
                    f"</ArticleTitle><Abstract><AbstractText>{abstract}</AbstractText></Abstract></Article>"
                    "</MedlineCitation>\n  </PubmedArticle>\n")
        opening = '<?xml version="1.0" ?>\n<!DOCTYPE PubmedArticleSet>\n<PubmedArticleSet>\n'
        a = self.tmp.write("a.xml", opening + article(1, "Sharing GPU clusters") + "</PubmedArticleSet>\n")
        b = self.tmp.write("b.xml", opening + article(2, "Sharing GPU clusters") + article(3, "Serving", "We serve.")
                           + "</PubmedArticleSet>\n")
        code, err, written = self.dedupe(a, b, out=self.out + ".xml")
        self.assertEqual((code, err), (0, f"wrote {self.out}.xml: 2 of 3 records (1 duplicate copy left out)\n"))
        self.assertEqual(written.decode(), opening + article(1, "Sharing GPU clusters")
                         + article(3, "Serving", "We serve.") + "</PubmedArticleSet>\n")
        # RefWorks: the legend once, from the first file
        legend = ("RefWorks Export Tagged Format\n\nTag legend\n*****\nT1=Primary Title\n*****\n"
                  "BEGIN EXPORTED REFERENCES\n\n")
        sharing = f"RT Journal Article\nT1 Sharing GPU clusters\nAB {ABSTRACT}\n\n"
        serving = "RT Journal Article\nT1 Serving models at low latency\nAB We serve.\n\n"
        a, b = self.tmp.write("a.txt", legend + sharing), self.tmp.write("b.txt", legend + sharing + serving)
        code, err, written = self.dedupe(a, b, out=self.out + ".txt")
        self.assertEqual((code, err), (0, f"wrote {self.out}.txt: 2 of 3 records (1 duplicate copy left out)\n"))
        self.assertEqual(written.decode(), legend + sharing + serving)
        self.assertIn('"groups": 0', run_cli("dupes", self.out + ".txt", "--format", "json")[1])

    def test_xml_that_is_not_well_formed_is_not_cut(self):
        article = ("<PubmedArticle><MedlineCitation><PMID>{}</PMID><Article><ArticleTitle>Sharing GPU clusters"
                   f"</ArticleTitle><Abstract><AbstractText>{ABSTRACT}</AbstractText></Abstract></Article>"
                   "</MedlineCitation></PubmedArticle>\n")
        path = self.tmp.write("a.xml", "<PubmedArticleSet>\n" + article.format(1) + article.format(2)
                              + "<PubmedArticle><b></PubmedArticle>\n</PubmedArticleSet>\n")
        code, _, err = run_cli("dupes", path, "--write-deduplicated", self.out + ".xml")
        self.assertEqual(code, 2)
        self.assertTrue(err.endswith(f"paperlist: error: --write-deduplicated {self.out}.xml: {path} is not "
                                     "well-formed XML, so its records cannot be cut out of it as written; name OUT "
                                     ".ris or .bib for one entry per paper\n"), err)
        self.assertFalse(Path(self.out + ".xml").exists())
        code, _, err = run_cli("dupes", path, "--write-deduplicated", self.out + ".ris")
        self.assertEqual(code, 0, err)
        self.assertIn(f"wrote {self.out}.ris: 1 paper, one RIS entry each", err)

    def test_mixed_inputs_become_one_entry_per_paper_in_the_format_out_names(self):
        ris, csv = self.tmp.write("a.ris", RIS_A), self.tmp.write("b.csv", CSV_A)
        code, err, written = self.dedupe(ris, csv, out=self.out + ".ris")
        self.assertEqual(code, 0, err)
        self.assertEqual(err, f"wrote {self.out}.ris: 3 papers, one RIS entry each\n")
        self.assertEqual(written.decode().count("TY  - "), 3)
        code, _, err = run_cli("dupes", ris, csv, "--write-deduplicated", self.out + ".txt")
        self.assertEqual((code, err), (2, f"paperlist: error: --write-deduplicated {self.out}.txt: the inputs are csv, "
                                          "ris, which cannot be copied record for record; name OUT .ris or .bib for "
                                          "one entry per paper\n"))

    def test_it_never_writes_over_an_input_or_from_a_collection(self):
        a = self.tmp.write("a.ris", RIS_A)
        code, _, err = run_cli("dupes", a, "--write-deduplicated", a)
        self.assertEqual((code, err), (2, f"paperlist: error: --write-deduplicated {a} is an input ({a}); the copy "
                                          "would replace it: choose another file\n"))
        self.assertEqual(Path(a).read_text(encoding="utf-8"), RIS_A)
        decisions = self.tmp.write("same.ris", "# none yet\n")
        code, _, err = run_cli("dupes", a, "--not-duplicates", decisions, "--write-deduplicated", decisions)
        refused = (f"paperlist: error: --write-deduplicated {decisions} is the decisions file ({decisions}); the copy "
                   "would replace it: choose another file\n")
        self.assertEqual((code, err), (2, refused))
        self.assertEqual(Path(decisions).read_text(encoding="utf-8"), "# none yet\n")
        db = str(self.tmp.path / "c.db")
        run_cli("add", a, "--db", db)
        code, _, err = run_cli("dupes", "--db", db, "--write-deduplicated", self.out + ".ris")
        self.assertEqual((code, err), (2, "paperlist: error: --write-deduplicated copies input files: give PATHs, "
                                          "not a collection (--db)\n"))


if __name__ == "__main__":
    unittest.main()
