"""Reading where lists come from: Scholar alerts, BibTeX, RIS, CSV/TSV and paperlist's own exports."""

import json
import os
import random
import re
import time
import unittest

from paperlist.readers.bibtex import entry_spans, parse_bibtex
from paperlist.readers.detect import detect
from paperlist.readers.latex import latex_to_text
from paperlist.readers.mail import alert_kind, parse_mailbox
from paperlist.readers.ris import parse_ris
from paperlist.readers.table import parse_table
from tests.helpers import EXAMPLES, ROOT, TempDir, run_cli

FIXTURES = ROOT / "tests" / "data" / "formats"
ALERT = ROOT.parent / "shared" / "data" / "scholar-alert-email" / "related-research.eml"
WHY = "Why Generated Code Fails Its Tests"


def fixture(name: str) -> str:
    return (FIXTURES / name).read_text(encoding="utf-8-sig")


class BibtexTest(unittest.TestCase):
    def test_entries_are_named_by_their_line_whatever_the_line_ends(self):
        for end in ("\n", "\r\n", "\r"):
            with self.subTest(end=repr(end)):
                text = end.join(["% JabRef", "@article{a,", " title={First one}}", "", "@article{b, title={Second}}",
                                 "@book{c, year=2020}"]) + end
                parsed = parse_bibtex(text, "x.bib")
                self.assertEqual([(s.line, s.record.title) for s in parsed.snippets],
                                 [(2, "First one"), (5, "Second"), (6, None)])
                self.assertEqual([w.render() for w in parsed.warnings],
                                 ["x.bib:6: warning: entry 'c' has no title or abstract; read by its id"])

    def test_a_doi_with_tex_escapes_is_the_doi(self):
        # Web of Science's BibTeX escapes the underscore of a DOI
        text = "@article{a, title={Paper}, DOI = {10.1007/999-9-999-99999-9\\_3}}\n"
        self.assertEqual(parse_bibtex(text, "x.bib").snippets[0].record.doi, "10.1007/999-9-999-99999-9_3")

    def test_a_field_name_with_a_space_loses_no_entry(self):
        # Seen in a tool's export ("key words"); bibtexparser reads it too.
        text = "@article{a,\n  title = {Paper},\n  key words = {Dummy, Template},\n  year = {2020},\n}\n"
        parsed = parse_bibtex(text, "x.bib")
        self.assertEqual(([(s.record.title, s.record.year) for s in parsed.snippets], parsed.warnings),
                         ([("Paper", "2020")], ()))

    def test_the_venue_of_biblatex_entries_and_of_books_in_a_series(self):
        text = ("@article{a, title={Paper}, journaltitle={Journal of Pipes}}\n"
                "@book{b, title={Proceedings}, series={Lecture Notes in Networks and Systems}}\n"
                "@incollection{c, title={Chapter}, booktitle={The Book}, series={The Series}}\n")
        self.assertEqual([s.record.venue for s in parse_bibtex(text, "x.bib").snippets],
                         ["Journal of Pipes", "Lecture Notes in Networks and Systems", "The Book"])

    def test_awkward_entries(self):
        parsed = parse_bibtex(fixture("refs.bib"), "refs.bib")
        self.assertEqual(parsed.seed_title, "Testing Code Written by Models")
        self.assertEqual([(s.line, s.record.title) for s in parsed.snippets], [
            (5, WHY), (17, "Schrödinger's Bug: Nested Braces and Accents in Études"),
            (25, "A Paper Known Only by Its Title"), (31, None)])
        why, accents, title_only, bare = parsed.snippets
        # An entry with neither title nor abstract is read with what it has, as Zotero and JabRef import it.
        self.assertEqual((bare.text, bare.record.source_id, bare.record.year), ("[nofields2020]", "nofields2020", "2020"))
        self.assertTrue(why.text.startswith("Large language models write code that compiles but often fails"))
        self.assertEqual((why.record.authors, why.record.venue, why.record.year, why.record.doi),
                         ("Author, A.; Writer, Börje", "Proceedings of the Code Conference, 2025", "2025",
                          "10.5555/code.2025.1"))
        self.assertEqual(accents.text, "We show that naïve parsers lose accents and braces. Our parser keeps "
                                       "both—and more.")
        self.assertEqual(accents.record.authors, "Müller, Jürgen; Škoda, Aleš")
        self.assertEqual((title_only.text, title_only.record.title_only), ("A Paper Known Only by Its Title", True))
        self.assertEqual([w.render() for w in parsed.warnings], [
            "refs.bib:27: warning: @article entry: unbalanced braces; skipped",
            "refs.bib:31: warning: entry 'nofields2020' has no title or abstract; read by its id"])

    def test_an_unclosed_entry_ends_where_an_indented_entry_starts(self):
        text = ("  @article{broken, title={This one is never closed\n"
                "  @article{valid, title={The Next One}}\n"
                "\t@book{third, title={And a Third}}\n")
        parsed = parse_bibtex(text, "x.bib")
        self.assertEqual([(s.line, s.record.title) for s in parsed.snippets], [(2, "The Next One"), (3, "And a Third")])
        self.assertEqual([w.render() for w in parsed.warnings],
                         ["x.bib:1: warning: @article entry: unbalanced braces; skipped"])

    def test_an_entry_whose_braces_do_not_balance_is_read_a_field_a_line(self):
        # EBSCO writes scraped page text into keywords, braces unbalanced; CoLRev reads such an entry by its lines.
        text = ("@article{ok1,\nTitle = {First},\n}\n\n"
                "@article{scraped2018,\nAbstract = {Platforms fix prices},\nAuthor = {Doe, Jane},\n"
                "Keywords = {Price fixing, Antitrust, author:{name:Doe, var x = function() { y, @type:Person}, z},\n"
                "Title = {When Sharing Fixes {Prices}},\nYear = 2018,\n}\n"
                "@article{overclosed,\nTitle = {Closed Too Often},\nKeywords = {a}, b}, c},\n}\n"
                "Stray text between entries, which BibTeX ignores.\n"
                "@article{unclosed,\n  title = {Whole Fields, No Closer},\n  year = {2019},\n\n"
                "@book{last, title = {The Last}}\n")
        parsed = parse_bibtex(text, "x.bib")
        self.assertEqual([(s.line, s.record.source_id, s.record.title) for s in parsed.snippets],
                         [(1, "ok1", "First"), (5, "scraped2018", "When Sharing Fixes Prices"),
                          (12, "overclosed", "Closed Too Often"), (17, "unclosed", "Whole Fields, No Closer"),
                          (21, "last", "The Last")])
        scraped = parsed.snippets[1]
        self.assertEqual((scraped.text, scraped.record.authors, scraped.record.year, scraped.record.keywords),
                         ("Platforms fix prices", "Doe, Jane", "2018",
                          "Price fixing; Antitrust; author:name:Doe; var x = function() y; @type:Person; z"))
        self.assertEqual([w.render() for w in parsed.warnings],
                         ["x.bib:5: warning: @article entry: unbalanced braces; read line by line",
                          "x.bib:12: warning: @article entry: expected 'name = value'; read line by line",
                          "x.bib:17: warning: @article entry: unbalanced braces; read line by line"])
        self.assertEqual(parsed.snippets[2].record.keywords, "a; b; c")
        # The de-duplicated copy writes each entry as it stands, up to its closing line.
        spans = entry_spans(text)
        self.assertEqual([text[start:end].rstrip().splitlines()[-1] for start, end in spans.values()],
                         ["}", "}", "}", "  year = {2019},", "@book{last, title = {The Last}}"])

    def test_a_value_cut_short_still_skips_its_entry(self):
        text = ("@article{cut,\n  title = {A title that never ends,\n  year = {2020},\n}\n"
                "@article{nokey title = {Same Line}\n"
                "@article{next,\n  title = {Next}\n}\n")
        parsed = parse_bibtex(text, "x.bib")
        self.assertEqual([s.record.title for s in parsed.snippets], ["Next"])
        self.assertEqual([w.render() for w in parsed.warnings],
                         ["x.bib:1: warning: @article entry: unbalanced braces; skipped",
                          "x.bib:5: warning: @article entry: unbalanced braces; skipped"])

    def test_html_entities_of_acm_exports_are_characters_and_split_no_author(self):
        text = ("@article{acm, title = {Caf&eacute; &amp; R\\&D; &#123;braces&#125; &#36;5 &unknown;},\n"
                " author = {Ji, Zhi and Bj&oslash;rn&nbsp;Kristensen, Lasse and Li, Andrew}}\n")
        (snippet,) = parse_bibtex(text, "acm.bib").snippets
        self.assertEqual(snippet.record.title, "Café & R&D; {braces} $5 &unknown;")
        self.assertEqual(snippet.record.authors, "Ji, Zhi; Bjørn Kristensen, Lasse; Li, Andrew")

    def test_a_record_with_only_a_doi_is_read_by_it_as_zotero_imports_it(self):
        from paperlist.readers.endnote import parse_endnote
        from paperlist.readers.ris import parse_ris
        ris = parse_ris("\ufeffTY  - JOUR\nDO  - 10.1186/s40981-020-0316-0\nER  - \n", "doi.ris")
        xml = ('<?xml version="1.0"?><xml><records><record><rec-number>12</rec-number>'
               '<electronic-resource-num>10.1186/s40981-020-0316-0</electronic-resource-num></record>\n'
               '<record><rec-number>13</rec-number></record></records></xml>')
        endnote = parse_endnote(xml, "doi.xml")
        for parsed, name in ((ris, "doi.ris"), (endnote, "doi.xml")):
            with self.subTest(name=name):
                (snippet,) = parsed.snippets
                self.assertEqual((snippet.text, snippet.record.doi),
                                 ("[doi:10.1186/s40981-020-0316-0]", "10.1186/s40981-020-0316-0"))
                self.assertEqual(parsed.warnings[0].render(),
                                 f"{name}:1: warning: record has no title or abstract; read by its DOI")
        self.assertEqual([w.render() for w in endnote.warnings[1:]],
                         [("doi.xml:2: warning: record has no title, abstract, container title, authors or DOI; "
                           "skipped")])

    def test_latex(self):
        cases = [(r"{\"o}", "ö"), (r"\"{o}", "ö"), (r"\c{c}", "ç"), (r"{\ss}", "ß"), (r"caf\'e", "café"),
                 (r"\& 50\%", "& 50%"), (r"{{A} {B}}", "A B"), (r"\v{S}koda", "Škoda"), (r"x~y", "x y"),
                 (r"a---b--c", "a—b–c"), (r"\textit{word}", "word"), (r"\{kept\}", "{kept}"),
                 # Math as a reader expects it: Unicode super- and subscripts where every character has one.
                 (r"Production of $\Sigma^0$ hyperon", "Production of Σ⁰ hyperon"), (r"Cu$_2$O thin film", "Cu₂O thin film"),
                 (r"\(^k\) states", "ᵏ states"), (r"$b$ quarks", "b quarks"), (r"10$^{-3}$ s", "10⁻³ s"),
                 (r"T$_{\rm c}$", "T_c"), (r"DNA$_{\textrm{2}}$ sequences", "DNA₂ sequences"),
                 (r"$x^{ab}$", "x^(ab)"), (r"$\bar{1}$ and \=2", "1̄ and 2̄"),
                 (r"$\langle 001\rangle$ films", "⟨001⟩ films"), (r"c.126C\textgreater{}A", "c.126C>A"),
                 (r"$a \textless b$", "a < b"), (r"hyper\-graph", "hypergraph"), (r"50\,nm", "50 nm"),
                 (r"costs \$5", "costs $5"), (r"at 90$^\circ$", "at 90°"), (r"\unknown{kept} text", "kept text"),
                 (r"H\textsubscript{2}O", "H₂O"), (r"$\alpha_{i}$", "αᵢ"), (r"$\overline{AB}$", "A̅B̅")]
        for tex, text in cases:
            with self.subTest(tex):
                self.assertEqual(latex_to_text(tex), text)

    def test_crossref_odd_field_names_and_sets(self):
        text = ("@incollection{ch1, crossref = {book1}, author = {Lind, M}, title = {A Chapter},\n"
                "  __markedentry = {[mlind:1]}, mendeley-tags = {x}}\n"
                "@collection{book1, title = {The Whole Book}, year = 2020, publisher = {P}}\n"
                "@set{s1, entryset = {ch1,book1}}\n")
        parsed = parse_bibtex(text, "b.bib")
        chapter, book = parsed.snippets
        self.assertEqual((chapter.record.title, chapter.record.venue, chapter.record.year),
                         ("A Chapter", "The Whole Book", "2020"))
        self.assertEqual((book.record.title, len(parsed.snippets), parsed.warnings), ("The Whole Book", 2, ()))

    def test_file_name_is_the_seed_without_a_comment(self):
        self.assertEqual(parse_bibtex("@misc{a, title={T}}", "dir/my-refs.bib").seed_title, "my-refs")


class RisTest(unittest.TestCase):
    def test_records_and_missing_er(self):
        parsed = parse_ris(fixture("refs.ris"), "refs.ris")
        self.assertEqual([(s.line, s.record.title, s.truncated) for s in parsed.snippets], [
            (1, WHY, True), (13, "Repairing Flaky Tests Automatically", False), (19, "A Record Without Its End", False)])
        first = parsed.snippets[0]
        self.assertEqual((first.record.authors, first.record.year, first.record.doi),
                         ("Author, A.; Writer, B.", "2025", "10.5555/code.2025.1"))
        self.assertIn("We study why, using a benchmark", first.text)  # continuation lines joined
        self.assertEqual([w.render() for w in parsed.warnings], ["refs.ris:13: warning: record without ER (end of record)",
                                                                 "refs.ris:19: warning: record without ER (end of record)"])

    def test_untagged_lines_under_a_keyword_or_author_are_values_of_their_own(self):
        # EndNote's RIS writes one keyword a line under a single KW (rispy reads them so); an abstract's lines wrap.
        text = ("TY  - JOUR\nTI  - T\nAU  - Smith, A.\nJones, B.\nKW  - Animals\nDisease Models, Animal\n"
                "AB  - one\ntwo\nER  - \n")
        parsed = parse_ris(text, "x.ris")
        record = parsed.snippets[0].record
        self.assertEqual((record.authors, record.keywords, parsed.snippets[0].text),
                         ("Smith, A.; Jones, B.", "Animals; Disease Models, Animal", "one two"))

    def test_old_tags_beside_new_ones(self):
        # Zotero's RIS import tests: A1 and AU are one author list in the file's order; DA is the date Y1 was.
        text = ("TY  - JOUR\nTI  - Mixed\nA1  - Georgiev, Danko\nAU  - Bello, Leon\nA1  - Carmi, Avishy\n"
                "Y1  - 1900/01/01\nDA  - 1950/01/01\nER  - \n"
                "TY  - JOUR\nTI  - Scopus without a year\nPY  - 0000\nER  - \n")
        first, second = (s.record for s in parse_ris(text, "x.ris").snippets)
        self.assertEqual((first.authors, first.year, second.year),
                         ("Georgiev, Danko; Bello, Leon; Carmi, Avishy", "1950", None))

    def test_a_form_feed_or_line_separator_inside_an_abstract_ends_no_line(self):
        # Pasted abstracts hold U+2028 and form feeds; editors, the csv module and the text reader end lines at
        # CR LF, CR and LF only, and so do the lines a RIS warning or --write-deduplicated names.
        text = ("TY  - JOUR\r\nTI  - First\r\nAB  - one\u2028two\x0cthree\x85four\r\nER  - \r\n"
                "TY  - JOUR\rTI  - Second\rER  - \r\n\nTY  - JOUR\nTI  - Third\n")
        text = "\ufeff" + text
        parsed = parse_ris(text, "x.ris")
        self.assertEqual([(s.line, s.record.title) for s in parsed.snippets], [(1, "First"), (5, "Second"),
                                                                                (9, "Third")])
        self.assertEqual(parsed.snippets[0].text, "one two three four")
        self.assertEqual([w.render() for w in parsed.warnings], ["x.ris:9: warning: record without ER (end of record)"])
        from paperlist.readers.ris import record_spans
        start, end = record_spans(text)[5]
        self.assertEqual(text[start:end], "TY  - JOUR\rTI  - Second\rER  - \r\n")


class SharedValuesTest(unittest.TestCase):
    def test_the_years_journals_and_types_an_export_repeats_are_held_once(self):
        ris = "".join(f"TY  - JOUR\nTI  - Paper {n}\nPY  - 2020\nJO  - Journal of Pipes\nER  - \n" for n in range(3))
        csv_text = "title,year,journal,type\n" + "".join(f"Paper {n},2020,Journal of Pipes,article\n" for n in range(3))
        for records in ([s.record for s in parse_ris(ris, "x.ris").snippets],
                        [s.record for rl in parse_table(csv_text, "x.csv") for s in rl.snippets]):
            with self.subTest(source=records[0].kind):
                self.assertEqual(len(records), 3)
                for field in ("year", "venue", "kind"):
                    self.assertEqual(len({id(getattr(r, field)) for r in records}), 1, field)


class TableTest(unittest.TestCase):
    def test_zotero_bom_and_quoted_newlines(self):
        [parsed] = parse_table(fixture("zotero.csv"), "zotero.csv")
        self.assertEqual([(s.line, s.record.title, s.record.title_only) for s in parsed.snippets],
                         [(2, "Repairing Flaky Tests Automatically", False), (4, WHY, True)])  # where each row starts
        self.assertIn("repeated runs under controlled", parsed.snippets[0].text)
        self.assertEqual(parsed.snippets[1].record.doi, "10.5555/code.2025.1")

    def test_scopus_semicolons_and_wos_tabs(self):
        [scopus] = parse_table(fixture("scopus.csv"), "scopus.csv")
        self.assertEqual([(s.record.title, s.record.authors) for s in scopus.snippets],
                         [("Fuzzing Compilers with Grammars", "Tester C.")])
        [wos] = parse_table(fixture("wos.tsv"), "wos.tsv", delimiter="\t")
        self.assertEqual([(s.record.title, s.record.year, s.text) for s in wos.snippets],
                         [("Repairing Flaky Tests Automatically", "2024", "Flaky tests pass and fail on the same code.")])

    def test_header_without_known_columns(self):
        [parsed] = parse_table("a,b\n1,2\n", "x.csv")
        self.assertEqual([w.render() for w in parsed.warnings],
                         ["x.csv:1: warning: no title, abstract or text column in the header; skipped",
                          "x.csv: warning: no entries with a title or abstract found"])

    def test_own_exports_read_back_to_the_same_lists(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        expected = json.loads(run_cli("dupes", str(EXAMPLES), "--format", "json")[1])
        for fmt, name in (("csv", "export.csv"), ("jsonl", "export.jsonl")):
            with self.subTest(fmt):
                path = tmp.write(name, run_cli("export", str(EXAMPLES), "--format", fmt)[1])
                code, out, err = run_cli("dupes", path, "--format", "json")
                self.assertEqual((code, err), (0, ""))
                again = json.loads(out)
                self.assertEqual(again["groups"], expected["groups"])
                self.assertEqual(again["totals"], expected["totals"])


class MailTest(unittest.TestCase):
    def test_subjects(self):
        cases = [("Miltiadis Allamanis - new related research", ("Miltiadis Allamanis", "related")),
                 ("Jane Q. Researcher - new citations", ("Jane Q. Researcher", "citations")),
                 ("Software Testing - new articles", ("Software Testing", "articles")),
                 ('new results for "code generation"', ("code generation", "search")),
                 ("Lunch?", ("Lunch?", None))]
        for subject, expected in cases:
            with self.subTest(subject):
                self.assertEqual(alert_kind(subject), expected)

    def test_multipart_alert(self):
        lists, warnings = parse_mailbox((FIXTURES / "citations.eml").read_bytes(), "c.eml", single=True)
        [alert] = lists
        self.assertEqual((alert.seed_title, alert.kind, alert.source, warnings), ("Jane Q. Researcher", "citations",
                                                                                 "email", []))
        first = alert.snippets[0]
        self.assertEqual((first.record.title, first.record.url, first.record.scholar_id, first.record.year),
                         (WHY, "https://example.org/papers/why-code-fails", "4411", "2025"))
        self.assertEqual(first.record.authors, "A Author, B Writer")
        self.assertTrue(first.truncated)
        self.assertIn("We study why, using a benchmark", first.text)  # <br> joined as a space

    def test_mbox_with_a_plain_alert_and_a_non_alert(self):
        lists, warnings = parse_mailbox((FIXTURES / "alerts.mbox").read_bytes(), "a.mbox")
        self.assertEqual([(rl.path, rl.seed_title, rl.kind, len(rl.snippets)) for rl in lists],
                         [("a.mbox#1", "code generation", "search", 1), ("a.mbox#3", "Software Testing", "articles", 1)])
        self.assertEqual([w.render() for w in warnings], ["a.mbox: warning: 1 message is not a Scholar alert; skipped"])
        self.assertEqual(lists[0].snippets[0].record.url, "https://example.org/papers/why-code-fails")

    @unittest.skipUnless(ALERT.is_file(), "needs ../shared/data/scholar-alert-email")
    def test_the_real_alert(self):
        [alert], warnings = parse_mailbox(ALERT.read_bytes(), "r.eml", single=True)
        self.assertEqual((alert.seed_title, alert.kind, warnings), ("Miltiadis Allamanis", "related", []))
        self.assertEqual([s.record.scholar_id for s in alert.snippets],
                         ["14738475476269854027", "1265523937840195688", "14597258801362895209"])
        self.assertEqual(alert.snippets[0].record.url, "https://arxiv.org/pdf/1912.02015")
        self.assertTrue(all(s.truncated for s in alert.snippets))
        self.assertIn("crowd-based approach", alert.snippets[2].text)
        # The built-in rules tag none of its papers, so a summary shows the alert's own topics without an option.
        code, out, err = run_cli("summarize", str(ALERT), "--format", "json")
        self.assertEqual((code, json.loads(out)["totals"]["tags"]), (0, {"sequence-to-sequence": 2}))
        self.assertIn("tags are the topics found in the lists themselves", " ".join(err.split()))


class AcrossFormatsTest(unittest.TestCase):
    def test_one_paper_in_every_format_is_one_group(self):
        code, out, err = run_cli("dupes", str(FIXTURES), "--format", "json")
        self.assertEqual(code, 0)
        groups = json.loads(out)["groups"]
        why = [g for g in groups if any(m["title"] == WHY for m in g["members"])]
        self.assertEqual(len(why), 1)
        self.assertEqual(sorted(os.path.basename(m["path"]) for m in why[0]["members"]),
                         ["alerts.mbox#1", "citations.eml", "list.txt", "refs.bib", "refs.ris", "zotero.csv"])

    def test_text_triage_shows_who_wrote_an_alert_item(self):
        out = run_cli("triage", str(FIXTURES / "alerts.mbox"), "--format", "text")[1]
        self.assertIn("2. Why Generated Code Fails Its Tests (2025)\n   A Author, B Writer · Proceedings of the Code "
                      "Conference\n", out)

    def test_triage_over_a_mailbox(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        mailbox = (FIXTURES / "alerts.mbox").read_bytes() + b"\n" + b"From x Mon Nov 10 10:00:00 2025\n" + (
            FIXTURES / "citations.eml").read_bytes()
        if ALERT.is_file():
            mailbox += b"\nFrom x Tue Nov 11 10:00:00 2025\n" + ALERT.read_bytes()
        path = tmp.write("Inbox", mailbox)
        code, out, err = run_cli("triage", path, "--format", "json", "--tags", "builtin")
        self.assertEqual((code, err), (0, f"{path}: warning: 1 message is not a Scholar alert; skipped\n"))
        papers = json.loads(out)["papers"]
        titles = [p["title"] for p in papers]
        self.assertEqual(len(titles), len(set(titles)))
        self.assertEqual(len(papers), 3 + (3 if ALERT.is_file() else 0))
        why = next(p for p in papers if p["title"] == WHY)
        self.assertEqual((why["url"], why["lists"]), ("https://example.org/papers/why-code-fails",
                                                      ["code generation", "Jane Q. Researcher"]))
        markdown = " ".join(run_cli("triage", path, "--format", "markdown")[1].split())  # the Markdown is wrapped to the width
        self.assertIn(f"**[{WHY}](https://example.org/papers/why-code-fails)** (2025)", markdown)

    def test_detection_and_forced_format(self):
        cases = [("x.bib", b"@article{a, title={t}}", "bibtex"), ("Inbox", b"From a@b Mon\nSubject: s\n\n", "mbox"),
                 ("msg", b"Subject: s\nFrom: a@b\n\nbody", "email"), ("x", b"TY  - JOUR\nER  - \n", "ris"),
                 ("x", b'{"text": "a"}\n', "jsonl"), ("x", b"Related papers: t\n", "text"), ("X.CSV", b"a", "csv")]
        for name, data, fmt in cases:
            with self.subTest(name=name, fmt=fmt):
                self.assertEqual(detect(name, data), fmt)
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        path = tmp.write("refs.txt", fixture("refs.bib"))
        code, out, _ = run_cli("export", path, "--input-format", "bibtex", "--format", "json")
        self.assertEqual((code, json.loads(out)["totals"]["snippets"]), (0, 4))


class ReaderFuzzTest(unittest.TestCase):
    """Mutated fixtures of every format, and random bytes under their names: no traceback, no hang, every
    warning names its file, and a good list beside the bad one is still read."""

    def test_mutations(self):
        rng = random.Random(5)
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        exports = ROOT / "tests" / "data" / "exports"
        sources = [FIXTURES / n for n in os.listdir(FIXTURES) if not n.endswith(".py")]
        sources += [exports / n for n in os.listdir(exports)]
        good = tmp.write("good.txt", "Related papers: Good\n\nAn ordinary snippet that a mutation never touches…\n")
        pieces = [b"{", b"}", b"@", b'"', b"\n", b"\r\n", b"TY  - ", b"ER  - ", b"\x00", b"\xff", b";", b",",
                  b"<a class=\"gse_alrt_title\">", b"</div>", b"From ", b"=\n", b"\\", b"\xe2\x80\xa6", b"PMID- ",
                  b"<record>", b"<!DOCTYPE x [", b"   ", b"AU ", b"\\\"{"]
        for trial in range(200):
            source = rng.choice(sources)
            data = bytearray(source.read_bytes())
            if trial % 10 == 9:  # random bytes under the format's name
                data = bytearray(rng.randrange(256) for _ in range(rng.randint(0, 2000)))
            for _ in range(rng.randint(1, 8)):
                at = rng.randrange(len(data) + 1)
                if rng.random() < 0.5:
                    del data[at:at + rng.randint(1, 40)]
                else:
                    data[at:at] = rng.choice(pieces) * rng.choice((1, 1, 50))
            path = tmp.write(f"t{trial}/{source.name}", bytes(data))
            with self.subTest(trial=trial, name=source.name):
                started = time.monotonic()
                code, out, err = run_cli("export", path, good, "--format", "json")
                self.assertLess(time.monotonic() - started, 20)  # a hang guard, not a benchmark
                self.assertIn(code, (0, 2))
                self.assertNotIn("internal error", err)
                doc = json.loads(out)
                self.assertIn(good, {s["path"] for s in doc["snippets"]})
                for warning in doc["warnings"]:
                    self.assertTrue(warning["path"].startswith((path, good)), warning)


class AlertVenueTest(unittest.TestCase):
    def test_the_year_leaves_the_venue_for_its_own_field(self):
        from paperlist.readers.mail import _record
        for byline, venue in (("Z Chen, S Kommrusch - arXiv preprint arXiv:1912.02015, 2019",
                               "arXiv preprint arXiv:1912.02015"),
                              ("A Author - Proceedings of the Code Conference, 2025", "Proceedings of the Code Conference"),
                              ("A Author - 2024", None)):
            with self.subTest(byline=byline):
                _, record = _record({"title": "T", "authors": byline, "snippet": "text"})
                self.assertEqual((record.venue, record.year), (venue, byline[-4:]))


class OwnExportsReadBackTest(unittest.TestCase):
    def test_csv_jsonl_and_json_read_back_to_the_same_texts(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        texts = ["=HYPERLINK(\"http://x\") is shown, not run, in a spreadsheet of papers about formulas…",
                 "-40 degrees is where the two scales meet, a paper about thermometers and their history…",
                 "@mentions in social media posts predict citations, we find in a study of ten thousand papers…"]
        path = tmp.write("list.txt", "Related papers: Guards\n\n" + "\n\n".join(texts) + "\n")
        expected = json.loads(run_cli("export", path, "--format", "json")[1])["snippets"]
        for fmt in ("csv", "jsonl", "json"):
            with self.subTest(fmt):
                out = run_cli("export", path, "--format", fmt)[1]
                back = tmp.write(f"back.{fmt}", out)
                found = json.loads(run_cli("export", back, "--format", "json")[1])["snippets"]
                self.assertEqual([(s["text"], s["paper"]) for s in found],
                                 [(s["text"], s["paper"]) for s in expected])


    def test_csv_escapes_of_hidden_characters_read_back_to_the_characters(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        title = "Evil \u202eTitle about graphs and \u2066isolates\u2069"
        abstract = "An abstract\u200b with a zero-width space, a literal \\x41 and \\u00e9, and a BOM\ufeff inside."
        path = tmp.write("a.ris", f"TY  - JOUR\nTI  - {title}\nAU  - Smith, J.\nAB  - {abstract}\nPY  - 2020\n"
                                  "ER  - \n")
        out = run_cli("export", path, "--format", "csv")[1]
        self.assertIn("Evil \\u202eTitle", out)  # written as a visible escape
        back_path = tmp.write("back.csv", out)
        back = json.loads(run_cli("export", back_path, "--format", "json")[1])["snippets"]
        self.assertEqual([(s["title"], s["text"]) for s in back], [(title, abstract)])
        code, out, _ = run_cli("dupes", path, back_path, "--format", "json")
        self.assertEqual((code, json.loads(out)["totals"]["papers"]), (0, 1))
    def test_json_lines_with_raw_line_separators_inside_strings(self):
        from paperlist.readers.table import parse_jsonl
        line = json.dumps({"path": "a", "text": "first\u2028second\u2029third\x85end of a long enough snippet"},
                          ensure_ascii=False)
        (rl,) = parse_jsonl(line + "\n" + json.dumps({"path": "a", "text": "another one"}) + "\n", "x.jsonl")
        self.assertEqual(len(rl.snippets), 2)
        self.assertEqual(rl.warnings, ())


def alert(subject: str, day: str, items: list[tuple[str, str]]) -> bytes:
    """A plain-text Scholar alert e-mail as a mailbox message."""
    body = "\n\n".join(f"{title}\nA Author - Journal of Tests, 2025\n{snippet}\n"
                       f"<http://scholar.google.com/scholar_url?url=https://example.org/{abs(hash(title)) % 997}&d=1>"
                       for title, snippet in items)
    return (f"From x {day}\nFrom: Google Scholar Alerts <scholaralerts-noreply@google.com>\nSubject: {subject}\n"
            f"Date: {day}\nContent-Type: text/plain; charset=UTF-8\n\n{body}\n\n").encode()


FUZZ = ("Fuzzing Compilers with Grammars", "Compilers are tested with hand-written programs that miss corner cases; "
        "we generate programs from a grammar and find forty bugs in two compilers …")
REPAIR = ("Repairing Flaky Tests", "Flaky tests pass and fail on the same code; we locate the source with repeated "
          "runs under controlled schedules and repair two thirds of them …")
SPEC = ("Specs from Docstrings", "We turn docstrings into executable specifications and check them against the code "
        "of two hundred projects, finding sixty mismatches between the two …")


class SubscriptionsTest(unittest.TestCase):
    def test_the_emails_of_one_alert_are_one_list_and_a_resent_paper_one_paper(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        mailbox = (alert("Jane Q. Researcher - new citations", "Mon, 03 Nov 2025 10:00:00 -0000", [FUZZ])
                   + alert("fuzzing - new results", "Tue, 04 Nov 2025 10:00:00 -0000", [REPAIR])
                   + alert("Jane Q. Researcher - new citations", "Mon, 10 Nov 2025 10:00:00 -0000", [FUZZ, SPEC])
                   + alert("Jane Q. Researcher - new citations", "Mon, 17 Nov 2025 10:00:00 -0000", [REPAIR]))
        path = tmp.write("Takeout.mbox", mailbox)
        summary = json.loads(run_cli("summarize", path, "--format", "json", "--tags", "builtin")[1])
        lists = [(l["name"], l["seed_title"], l["snippets"], l["papers"]) for l in summary["lists"]]
        self.assertEqual(lists, [("Takeout.mbox#1", "Jane Q. Researcher", 4, 3), ("Takeout.mbox#2", "fuzzing - new results", 1, 1)])
        papers = json.loads(run_cli("triage", path, "--format", "json", "--tags", "builtin")[1])["papers"]
        fuzz = next(p for p in papers if p["title"] == FUZZ[0])
        self.assertEqual((len(fuzz["occurrences"]), fuzz["lists"]), (2, ["Jane Q. Researcher"]))  # re-sent once
        # The report places each copy by its alert and the week it came in.
        page = run_cli("report", path, "-o", "-", "--tags", "builtin")[1]
        data = json.loads(re.search(r'id="report-data">(.*?)</script>', page, re.S).group(1))
        places = next(p["places"] for p in data["papers"] if p["title"] == FUZZ[0])
        self.assertEqual(places, ["the alert “Jane Q. Researcher” of 2025-11-03",
                                  "the alert “Jane Q. Researcher” of 2025-11-10"])
        # --per-message: one list per e-mail, as before.
        summary = json.loads(run_cli("summarize", path, "--per-message", "--format", "json", "--tags", "builtin")[1])
        self.assertEqual([l["name"] for l in summary["lists"]],
                         ["Takeout.mbox#1", "Takeout.mbox#2", "Takeout.mbox#3", "Takeout.mbox#4"])

    def test_a_collection_adds_only_the_emails_it_does_not_hold(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        week1 = alert("Jane Q. Researcher - new citations", "Mon, 03 Nov 2025 10:00:00 -0000", [FUZZ])
        week2 = alert("Jane Q. Researcher - new citations", "Mon, 10 Nov 2025 10:00:00 -0000", [FUZZ, SPEC])
        db = str(tmp.path / "c.db")
        path = tmp.write("Takeout.mbox", week1)
        self.assertEqual(run_cli("add", path, "--db", db)[0], 0)
        tmp.write("Takeout.mbox", week1 + week2)
        code, out, _ = run_cli("add", path, "--db", db)
        self.assertEqual(code, 0)
        self.assertIn("added 1 list (1 already added); 2 new snippets: 1 new paper", " ".join(out.split()))
