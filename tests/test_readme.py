"""README's output examples are what the current code prints (at 80 columns, in order, in a fresh folder).

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
        text = README.read_text(encoding="utf-8")
        blocks = BLOCK_RE.findall(text)
        self.assertGreaterEqual(len(blocks), 3)
        folder = workspace()
        self.addCleanup(shutil.rmtree, folder)
        for _, command, shown, _ in blocks:
            with self.subTest(command):
                self.assertEqual(shown, command_output(command, folder))


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    README.write_text(regenerated(README.read_text(encoding="utf-8")), encoding="utf-8")
