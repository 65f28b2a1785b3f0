"""Show that two versions of paperlist print the same: every report command, byte for byte.

    python benchmarks/same_output.py --base REV [--inputs examples ../shared/seeds tests/data/formats]

REV is checked out in a temporary git worktree; each command line runs once with that tree's ``src`` and
once with this checkout's, from the repository root (so paths print alike), and any difference in exit
code, stdout or stderr is listed. A refactoring that claims "behaviour unchanged" runs this against the
commit before it; exit 1 when anything differs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMMANDS = [
    "summarize {p}", "summarize {p} --format json", "summarize {p} --format markdown", "summarize {p} --format csv",
    "summarize {p} --terms 5 --format json", "summarize {p} --tags auto --format json",
    "dupes {p}", "dupes {p} --format json", "dupes {p} --format markdown", "dupes {p} --format csv",
    "dupes {p} --explain", "dupes {p} --maybe 0.3 --format json", "dupes {p} --no-near --sort place",
    "triage {p}", "triage {p} --format text", "triage {p} --format json", "triage {p} --format csv",
    "triage {p} --top 3 --min-lists 2 --format text",
    "export {p}", "export {p} --format json", "export {p} --format csv",
    "report {p} -o -", "tags",
]
# The weekly routine in a fresh folder: the collection's own views.
ROUTINE = ["add {p} --db c.db", "triage --db c.db --format json", "dupes --db c.db --format json",
           "new {p} --db c.db --show-known --format json", "add --new {p} --db c2.db --format text"]


def run(src: Path, argv: list[str], cwd: Path) -> tuple[int, str, str]:
    env = dict(os.environ, PYTHONPATH=str(src), COLUMNS="80", NO_COLOR="1")
    done = subprocess.run([sys.executable, "-m", "paperlist", *argv], cwd=cwd, env=env, capture_output=True)
    return done.returncode, done.stdout.decode("utf-8", "replace"), done.stderr.decode("utf-8", "replace")


def compare(base_src: Path, inputs: list[str]) -> list[str]:
    differences = []
    for path in inputs:
        if not (ROOT / path).exists():
            print(f"skipped {path}: not found", file=sys.stderr)
            continue
        for template in COMMANDS:
            argv = template.format(p=path).split()
            if run(base_src, argv, ROOT) != run(ROOT / "src", argv, ROOT):
                differences.append(" ".join(argv))
        folders = [Path(tempfile.mkdtemp()), Path(tempfile.mkdtemp())]
        for template in ROUTINE:
            argv = template.format(p=str(ROOT / path)).split()
            if run(base_src, argv, folders[0]) != run(ROOT / "src", argv, folders[1]):
                differences.append(" ".join(argv))
        for folder in folders:
            shutil.rmtree(folder)
    return differences


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", required=True, help="the git revision to compare with")
    parser.add_argument("--inputs", nargs="+", default=["examples", "../shared/seeds", "tests/data/formats"])
    args = parser.parse_args()
    worktree = Path(tempfile.mkdtemp()) / "base"
    subprocess.run(["git", "worktree", "add", "--detach", "-q", str(worktree), args.base], cwd=ROOT, check=True)
    try:
        differences = compare(worktree / "src", args.inputs)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(worktree)], cwd=ROOT, check=False)
    for line in differences:
        print(f"differs: paperlist {line}")
    total = len(COMMANDS) + len(ROUTINE)
    print(f"{total * len(args.inputs) - len(differences)} same, {len(differences)} different")
    return 1 if differences else 0


if __name__ == "__main__":
    raise SystemExit(main())
