"""One title by thousands of people: an export of N RIS records all titled "Editorial", each with its own author,
year and journal (issue 41's hostile exports; real ones hold a few hundred), timed with `dupes`, and with --base
the same file under another revision's code in the same run.

    python benchmarks/editorials.py [--records 20000 200000] [--base REV]

Every record is its own paper (a title that names a kind of item never joins alone), so the figure is the work
of keeping them apart. Prints a Markdown table: records, revision, seconds, peak MB and the groups found.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def surname(n: int) -> str:
    """A distinct name of letters for each number (digits are not part of a name): 12 -> "Qbc"."""
    return "Q" + "".join(chr(ord("a") + int(d)) for d in str(n))


def write_export(path: Path, records: int) -> None:
    rng = random.Random(1)
    with path.open("w", encoding="utf-8") as out:
        for i in range(records):
            out.write(f"TY  - JOUR\nTI  - Editorial\nAU  - {surname(rng.randrange(records))}, A\n"
                      f"PY  - {1900 + i % 120}\nJO  - Journal {i}\nER  - \n\n")


def time_dupes(src: Path, export: Path) -> tuple[float, float, str]:
    """Seconds, peak MB (through benchmarks/peak.py) and the first line `dupes` prints, with ``src``'s code."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    with tempfile.NamedTemporaryFile("r") as result:
        done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "peak.py"), result.name, sys.executable,
                               "-m", "paperlist", "dupes", str(export), "-q"], capture_output=True, text=True,
                              env=env, check=True)
        seconds, peak_kb = result.read().split()
    return float(seconds), int(peak_kb) / 1024, done.stdout.splitlines()[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, nargs="+", default=[20000])
    parser.add_argument("--base", help="also time this revision (a git worktree of it)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trees = [("this checkout", ROOT / "src")]
        if args.base:
            worktree = Path(tmp) / "base"
            subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(worktree), args.base],
                           check=True)
            trees.append((args.base, worktree / "src"))
        try:
            print("| records | code | seconds | peak MB | dupes says |")
            print("|---:|---|---:|---:|---|")
            for records in args.records:
                export = Path(tmp) / f"editorials-{records}.ris"
                write_export(export, records)
                for name, src in trees:
                    seconds, peak, first = time_dupes(src, export)
                    print(f"| {records} | {name} | {seconds:.2f} | {peak:.0f} | {first} |", flush=True)
        finally:
            if args.base:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(worktree)], check=False)


if __name__ == "__main__":
    main()
