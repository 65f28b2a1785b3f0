"""The output examples of README.md and docs/*.md are what the current code prints (at 80 columns, each
document's in order, in a fresh folder of its own); every local link in them leads to a file that exists.

Regenerate them, as an explicit and reviewable step, with ``python -m tests.test_readme --write``.
"""

import os
import re
import shlex
import shutil
import sys
import tempfile
import unittest
from unittest import mock

from tests.helpers import ROOT, run_cli

README = ROOT / "README.md"
DOCUMENTS = [README, *sorted((ROOT / "docs").glob("*.md"))]
LINK_RE = re.compile(r"\]\(([^)#:]+)(?:#[^)]*)?\)")
BLOCK_RE = re.compile(r"(```console\n\$ paperlist ([^\n]*)\n)(.*?)(```)", re.S)


def workspace() -> str:
    """A fresh folder holding a copy of examples/, as a new user's checkout (collections are written here)."""
    folder = tempfile.mkdtemp(prefix="paperlist-readme-")
    shutil.copytree(ROOT / "examples", os.path.join(folder, "examples"))
    return folder


def command_output(command: str, folder: str) -> str:
    """What ``paperlist COMMAND`` prints at 80 columns, run in ``folder``."""
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        with mock.patch.dict(os.environ, {"COLUMNS": "80"}):
            code, out, err = run_cli(*shlex.split(command))
    finally:
        os.chdir(cwd)
    if code != 0 or err:
        raise AssertionError(f"paperlist {command} exited {code}: {err}")
    return out


def regenerated(text: str) -> str:
    """The README with every console block's output replaced by the current output."""
    folder = workspace()
    try:
        return BLOCK_RE.sub(lambda m: m.group(1) + command_output(m.group(2), folder) + m.group(4), text)
    finally:
        shutil.rmtree(folder)


class ReadmeExamplesTest(unittest.TestCase):
    def test_examples_are_current(self):
        shown_in = {doc.name: BLOCK_RE.findall(doc.read_text(encoding="utf-8")) for doc in DOCUMENTS}
        self.assertGreaterEqual(sum(len(blocks) for blocks in shown_in.values()), 6)
        for doc in DOCUMENTS:
            folder = workspace()
            self.addCleanup(shutil.rmtree, folder)
            for _, command, shown, _ in shown_in[doc.name]:
                with self.subTest(document=doc.name, command=command):
                    self.assertEqual(shown, command_output(command, folder))

    def test_local_links_lead_somewhere(self):
        for doc in DOCUMENTS:
            for target in LINK_RE.findall(doc.read_text(encoding="utf-8")):
                with self.subTest(document=doc.name, link=target):
                    self.assertTrue((doc.parent / target).exists())

    def test_the_readme_is_the_front_door(self):
        text = README.read_text(encoding="utf-8")
        self.assertLess(len(text.encode("utf-8")), 10_000)
        for doc in DOCUMENTS[1:]:
            self.assertIn(f"(docs/{doc.name})", text)


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    for doc in DOCUMENTS:
        doc.write_text(regenerated(doc.read_text(encoding="utf-8")), encoding="utf-8")
