"""A number on the screen is never another paper: ids are written p41 in every collection view, ranks are refused."""

import json
import re
import unittest

from paperlist.collection.store import Store
from paperlist.tagging.tags import TagMatcher
from paperlist.web.app import Triage
from tests.helpers import EXAMPLES, TempDir, run_cli


class IdsAreNeverRanksTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        self.db = str(self.tmp.path / "c.db")
        self.assertEqual(run_cli("add", str(EXAMPLES / "data-loading.txt"), str(EXAMPLES / "gpu-scheduling.txt"),
                                 "--db", self.db)[0], 0)

    def marked(self) -> dict[str, str]:
        """Opening words -> mark, for every marked paper."""
        papers = json.loads(run_cli("triage", "--db", self.db, "--all", "--format", "json")[1])["papers"]
        return {p["text"][:40]: p["mark"] for p in papers if p["mark"]}

    def mark_shown(self, ref: str, opening: str) -> None:
        code, out, err = run_cli("mark", "read", ref, "--db", self.db)
        self.assertEqual((code, err), (0, ""))
        self.assertEqual(self.marked(), {opening[:40]: "read"})
        run_cli("mark", "clear", ref, "--db", self.db)

    def test_a_rank_over_paths_is_refused(self):
        out = run_cli("triage", str(EXAMPLES / "gpu-scheduling.txt"))[1]
        rank, opening = re.search(r"\n\n(\d+)\. +(.{40})", out).groups()
        code, _, err = run_cli("mark", "read", rank, "--db", self.db)
        self.assertEqual(code, 2)
        self.assertIn(f"'{rank}' is a bare number: paper ids are written p{rank}", err)
        self.assertEqual(self.marked(), {})

    def test_the_id_a_collection_view_shows_marks_that_paper(self):
        out = run_cli("triage", "--db", self.db)[1]
        for ref, opening in re.findall(r"\n\n(p\d+) +(.{40})", out)[:3]:
            with self.subTest(view="triage --db", ref=ref):
                self.mark_shown(ref, opening)

    def test_the_report_shows_the_same_ids(self):
        report = run_cli("report", "--db", self.db, "-o", "-")[1]
        data = json.loads(report.split('id="report-data">')[1].split("</script>")[0])["papers"]
        for paper in data[:3]:
            with self.subTest(view="report --db", ref=paper["number"]):
                self.assertRegex(paper["number"], r"^p\d+$")
                self.mark_shown(paper["number"], paper["text"])

    def test_the_reports_duplicates_name_their_paper_and_each_copys_fingerprint(self):
        run_cli("mark", "want", "p1", "--db", self.db)
        report = run_cli("report", "--db", self.db, "-o", "-")[1]
        dupes = run_cli("dupes", "--db", self.db, "--format", "json")[1]
        groups = json.loads(dupes)["groups"]
        section = report.split('<section id="duplicates">')[1].split("</section>")[0]
        for group in groups:
            self.assertIn(f'<span class="ref">p{group["paper"]}</span>', section)
            for member in group["members"]:  # exact copies share their fingerprint: nothing to split
                self.assertEqual(f"<code>{member['fingerprint']}</code>" in section, group["kind"] != "exact")
        self.assertIn('<span class="ref">p1</span> <span class="decision want">marked want</span>', section)
        # Each copy that could be split off carries the command that does it; run, it splits the paper.
        commands = re.findall(r"<code>(paperlist not-same [0-9a-f]{16} [0-9a-f]{16})</code>", section)
        self.assertTrue(commands)
        papers = len(json.loads(run_cli("triage", "--db", self.db, "--all", "--format", "json")[1])["papers"])
        code, out, err = run_cli(*commands[0].split()[1:], "--db", self.db)
        self.assertEqual((code, err), (0, ""))
        self.assertEqual(len(json.loads(run_cli("triage", "--db", self.db, "--all", "--format", "json")[1])["papers"]),
                         papers + 1)

    def test_dupes_on_a_collection_names_each_group_by_its_paper(self):
        out = run_cli("dupes", "--db", self.db, "--all")[1]
        groups = re.findall(r"\n\[\d+\] [a-z]+ [0-9.]+ · \d copies in \d lists? · (p\d+)\n(?:    .*\n)*?    (.{40})", out)
        self.assertTrue(groups, out)
        for ref, opening in groups:
            with self.subTest(view="dupes --db", ref=ref):
                self.mark_shown(ref, opening)
        run_cli("mark", "want", groups[0][0], "--db", self.db)
        self.assertIn(f"· {groups[0][0]} · marked want\n", run_cli("dupes", "--db", self.db, "--all")[1])


class OneAbstractTwoTitlesTest(unittest.TestCase):
    """An export that gives two papers one abstract (a mistake seen in a curated list: "Security of Language Models
    for Code" and "SecCodePLT" above the same text): the collection holds the text once, as one paper."""

    def test_every_view_shows_the_paper_once_under_its_id(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        abstract = ("Language models for code have emerged as powerful tools for code-related tasks, outperforming "
                    "traditional methods, yet they are susceptible to security vulnerabilities")
        path = tmp.write("list.csv", "Title,Abstract,Year\n"
                         f'Security of Language Models for Code: A Systematic Literature Review,"{abstract}",2024\n'
                         f'SecCodePLT: A Unified Platform for Evaluating the Security of Code GenAI,"{abstract}",2024\n'
                         'Fuzzing Deep Learning Compilers,"Compilers of deep learning models are fuzzed with '
                         'generated programs to find crashes and miscompilations in their optimisation passes",2023\n')
        db = str(tmp.path / "c.db")
        self.assertEqual(run_cli("add", path, "--db", db)[0], 0)
        self.assertIn("papers: 2\n", run_cli("db", "info", "--db", db)[1])
        papers = json.loads(run_cli("triage", "--db", db, "--format", "json")[1])["papers"]
        self.assertEqual(sorted(p["paper"] for p in papers), [1, 2])
        joined = next(p for p in papers if p["text"].startswith("Language models"))
        self.assertEqual([o["line"] for o in joined["occurrences"]], [2, 3])
        with Store(db, create=False) as store:
            counts = Triage(store, TagMatcher({}).tag).desk.counts()
        self.assertEqual((counts["papers"], counts["undecided"]), (2, 2))



if __name__ == "__main__":
    unittest.main()
