"""The report as a reader sees it in Chromium, phone and desktop: papers on the first screen, decisions that do
not look like tags, and a selection whose command marks exactly the papers selected.

Skipped, with the reason, where Playwright or a Chromium is missing (.ci/run installs both)."""

import shlex
import unittest

from tests.helpers import EXAMPLES, TempDir, run_cli
from tests.web.test_browser import ChromiumCase

PHONE, DESKTOP = (390, 844), (1280, 900)


class ReportInChromiumTest(ChromiumCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)

    def open(self, *argv, size=DESKTOP):
        path = str(self.tmp.path / "report.html")
        code, _, err = run_cli("report", *argv, "-o", path)
        self.assertEqual(code, 0, err)
        context = self.browser.new_context(viewport={"width": size[0], "height": size[1]})
        self.addCleanup(context.close)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"file://{path}")
        page.wait_for_selector("#reading li")
        self.addCleanup(lambda: self.assertEqual(errors, []))
        return page

    def collection(self) -> str:
        db = str(self.tmp.path / "c.db")
        self.assertEqual(run_cli("add", str(EXAMPLES), "--db", db)[0], 0)
        return db

    def test_the_first_paper_is_on_a_phones_first_screen_and_five_on_a_desktops(self):
        for argv in ((str(EXAMPLES),), ("--db", self.collection())):
            with self.subTest(argv=argv[0]):
                phone = self.open(*argv, size=PHONE)
                first = phone.locator("#reading li .body").first.bounding_box()
                self.assertLess(first["y"] + 40, PHONE[1])  # its first two lines, at least
                desktop = self.open(*argv, size=DESKTOP)
                fifth = desktop.locator("#reading li").nth(4).bounding_box()
                self.assertLess(fifth["y"] + 20, DESKTOP[1])

    def test_a_decision_does_not_look_like_a_tag(self):
        db = self.collection()
        run_cli("mark", "want", "p1", "--db", db)
        page = self.open("--db", db)
        style = ("(e) => { const s = getComputedStyle(e); "
                 "return [s.backgroundColor, s.color, s.borderTopLeftRadius, s.fontWeight]; }")
        decision = page.locator("#reading .decision").first.evaluate(style)
        tag = page.locator("#reading .tag").first.evaluate(style)
        self.assertEqual(page.locator("#reading .decision").first.inner_text(), "marked want")
        for a, b in zip(decision, tag):
            self.assertNotEqual(a, b)

    def test_the_selection_is_a_command_that_marks_exactly_the_papers_selected(self):
        db = self.collection()
        page = self.open("--db", db)
        self.assertFalse(page.locator("#selection").is_visible())
        second, fourth = page.locator("#reading li").nth(1), page.locator("#reading li").nth(3)
        chosen = [second.locator(".rank").inner_text(), fourth.locator(".rank").inner_text()]
        second.locator("input[type=checkbox]").check()
        fourth.locator("label.pick").click()  # the id is the checkbox's label too
        page.locator('#marks button[data-mark="skip"]').click()
        command = page.locator("#command").inner_text()
        self.assertEqual(command, f"paperlist mark skip {chosen[0]} {chosen[1]}")
        argv = shlex.split(command)
        self.assertEqual(argv[:1], ["paperlist"])
        code, out, err = run_cli(*argv[1:], "--db", db)
        self.assertEqual((code, err), (0, ""))
        code, log, _ = run_cli("db", "log", "--db", db)
        marked = [line.split()[3] for line in log.splitlines() if line.split()[2] == "mark"]
        self.assertEqual(marked, chosen)
        page.locator("#unselect").click()
        self.assertFalse(page.locator("#selection").is_visible())

    def test_over_paths_the_command_names_fingerprints_that_mark_takes_once_added(self):
        page = self.open(str(EXAMPLES))
        page.locator("#reading li").first.locator("input[type=checkbox]").check()
        command = page.locator("#command").inner_text()
        self.assertRegex(command, r"^paperlist mark want [0-9a-f]{16}$")
        self.assertIn("once their lists are in your collection", page.locator("#command-note").inner_text())
        db = self.collection()
        code, out, err = run_cli(*shlex.split(command)[1:], "--db", db)
        self.assertEqual((code, err), (0, ""))
        self.assertRegex(out, r"^p\d+ marked want: ")

    def test_the_overlap_is_numbers_in_the_lists_order(self):
        page = self.open(str(EXAMPLES), size=PHONE)
        heads = page.locator("#heatmap thead th").all_inner_texts()
        self.assertEqual(heads, ["", "1", "2", "3", "4"])
        rows = [page.locator("#heatmap tbody tr").nth(i).locator("td").all_inner_texts() for i in range(4)]
        self.assertEqual(rows[0][0], "–")
        self.assertEqual([r[i] for i, r in enumerate(rows)], ["–"] * 4)
        self.assertEqual(rows[0][1], rows[1][0])  # the same pair both ways
        page.locator("#heatmap td.cell").first.click()
        self.assertRegex(page.locator("#heatmap-note").inner_text(), r"^#1 .+ × #2 .+: \d+ shared papers?$")


if __name__ == "__main__":
    unittest.main()
