"""remove (undo an add), db lists, db log and not-same --list: every decision can be seen and undone, none is lost."""

import json
import re
import shutil
import unittest

from tests.helpers import EXAMPLES, TempDir, run_cli

NEAR_PAIR = ("bcaa8619128e590b", "12f96c0167e2ef97")  # the re-worded copies in examples/


class RemoveTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        self.lists = self.tmp.path / "lists"
        shutil.copytree(EXAMPLES, self.lists)
        self.db = str(self.tmp.path / "c.db")
        self.cli("add", str(self.lists))
        self.cli("mark", "read", "p3")
        self.cli("mark", "want", "p5")
        self.cli("not-same", *NEAR_PAIR)

    def cli(self, *argv: str) -> str:
        code, out, err = run_cli(*argv, "--db", self.db)
        self.assertEqual(code, 0, err)
        return out

    def held(self) -> list[tuple[int, str, str | None]]:
        papers = json.loads(self.cli("triage", "--all", "--format", "json"))["papers"]
        return sorted((p["paper"], p["text"][:40], p["mark"]) for p in papers)

    def test_remove_and_add_again_gives_back_the_same_papers_ids_and_marks(self):
        before = self.held()
        gpu = str(self.lists / "gpu-scheduling.txt")
        out = self.cli("remove", gpu)
        self.assertEqual(" ".join(out.split()), f"removed 1 list ({gpu}): 5 snippets; 3 papers no longer held, 3 papers "
                         "kept with fewer copies. Marks and not-same decisions are kept: a paper added again comes "
                         "back under its id, marked.")
        during = self.held()
        self.assertEqual(len(during), len(before) - 3)
        self.assertTrue(set(during) <= set(before))  # nothing else changed id or mark
        out = self.cli("add", gpu)
        self.assertEqual(" ".join(out.split()), f"{self.db}: added 1 list; 5 new snippets: 3 new papers (3 back under "
                         "the ids and marks they had before a remove), 2 snippets joined papers already held")
        self.assertEqual(self.held(), before)
        self.assertEqual(run_cli("db", "check", "--db", self.db), (0, f"{self.db}: ok\n", ""))

    def test_removing_every_list_then_adding_them_again(self):
        before = self.held()
        self.cli("remove", str(self.lists))
        self.assertEqual(self.cli("db", "lists"), "no lists (add some with 'paperlist add')\n")
        self.assertEqual(self.held(), [])
        self.cli("add", str(self.lists))
        self.assertEqual(self.held(), before)
        self.cli("add", str(EXAMPLES / "data-loading.txt"))  # a new list: new papers get new ids, none reused
        self.assertEqual(self.held()[:len(before)], before)

    def test_an_unknown_list_removes_nothing(self):
        before = self.held()
        code, out, err = run_cli("remove", str(self.lists / "gpu-scheduling.txt"), "nowhere.txt", "--db", self.db)
        self.assertEqual((code, out, err), (2, "", f"paperlist: error: no list 'nowhere.txt' in {self.db} (nothing "
                                                   "was removed; 'paperlist db lists' shows its lists)\n"))
        self.assertEqual(self.held(), before)

    def test_the_log_tells_every_change_in_order(self):
        self.cli("remove", str(self.lists / "data-loading.txt"))
        self.cli("not-same", "--undo", *NEAR_PAIR)
        log = [re.sub(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d  ", "", line) for line in self.cli("db", "log").splitlines()]
        lists = sorted(p.name for p in self.lists.iterdir())
        self.assertEqual(log, [f"add       {self.lists / name} ({n} snippets)" for name, n in zip(lists, (4, 5, 5, 4))]
                         + ["mark      p3 marked read", "mark      p5 marked want",
                            f"not-same  {NEAR_PAIR[0]} and {NEAR_PAIR[1]} are different papers",
                            f"remove    {self.lists / 'data-loading.txt'} (4 snippets)",
                            f"not-same  undone: {NEAR_PAIR[0]} and {NEAR_PAIR[1]} may be one paper"])

    def test_not_same_list_says_when_and_which_papers(self):
        out = self.cli("not-same", "--list")
        lines = out.splitlines()
        self.assertRegex(lines[0], r"^\d{4}-\d\d-\d\d: two different papers$")
        self.assertRegex(lines[1], r"^  12f96c0167e2ef97 p\d+: Training jobs differ in how much they suffer")
        self.assertRegex(lines[2], r"^  bcaa8619128e590b p\d+: Training jobs differ in how much they suffer")
        self.assertEqual(lines[3], "  undo: paperlist not-same --undo 12f96c0167e2ef97 bcaa8619128e590b")
        self.assertTrue(all(len(line) <= 80 for line in lines))


if __name__ == "__main__":
    unittest.main()
