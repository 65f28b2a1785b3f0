"""README's output examples are what the current code prints (at 80 columns, from the repository root).

Regenerate them, as an explicit and reviewable step, with ``python -m tests.test_readme --write``.
"""

import os
import re
import shlex
import sys
import unittest
from unittest import mock

from tests.helpers import ROOT, run_cli

README = ROOT / "README.md"
BLOCK_RE = re.compile(r"(```console\n\$ paperlist ([^\n]*)\n)(.*?)(```)", re.S)


def command_output(command: str) -> str:
    """What ``paperlist COMMAND`` prints at 80 columns, run from the repository root."""
    cwd = os.getcwd()
    os.chdir(ROOT)
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
    return BLOCK_RE.sub(lambda m: m.group(1) + command_output(m.group(2)) + m.group(4), text)


class ReadmeExamplesTest(unittest.TestCase):
    def test_examples_are_current(self):
        text = README.read_text(encoding="utf-8")
        blocks = BLOCK_RE.findall(text)
        self.assertGreaterEqual(len(blocks), 3)
        for _, command, shown, _ in blocks:
            with self.subTest(command):
                self.assertEqual(shown, command_output(command))


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    README.write_text(regenerated(README.read_text(encoding="utf-8")), encoding="utf-8")
