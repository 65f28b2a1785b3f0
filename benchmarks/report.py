"""Size and rendering time of the HTML report, against a blank page measured in the same run.

    python benchmarks/report.py [--lists 64] [--per-list 24]   (needs Chromium: apt-get install chromium)

Writes Scholar-sized lists (64 lists of about 24 snippets, with the planted duplicates of
benchmarks/generate.py), renders `paperlist report` on them, and times headless Chromium loading the report
(script run, DOM dumped) against loading an empty page, best of 3 each. Target (issue 13): under 2 MB and
under 1 s more than the blank page.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import generate, write  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--dump-dom"]


def load_time(chromium: str, page: Path, profile: str) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", f"file://{page}"], check=True,
                       capture_output=True)
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--lists", type=int, default=64)
    parser.add_argument("--per-list", type=int, default=24)
    args = parser.parse_args()
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        raise SystemExit("needs Chromium: apt-get install chromium")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        lists, truth = generate(args.lists * args.per_list, args.lists, 3)
        write(folder / "lists", lists, truth)
        page, blank = folder / "report.html", folder / "blank.html"
        blank.write_text("<!doctype html><title>blank</title>", encoding="utf-8")
        subprocess.run([sys.executable, "-m", "paperlist", "report", str(folder / "lists"), "--glob", "*.txt",
                        "-o", str(page), "-q"], env={**os.environ, "PYTHONPATH": str(ROOT / "src"), "PAPERLIST_CACHE": "off"}, check=True,
                       capture_output=True)
        size = page.stat().st_size
        report = load_time(chromium, page, str(folder / "p1"))
        empty = load_time(chromium, blank, str(folder / "p2"))
    snippets = args.lists * args.per_list
    print(f"| report of {args.lists} lists, {snippets} snippets | figure | target |\n|---|---:|---|")
    print(f"| file size | {size / 1e6:.2f} MB | < 2 MB |")
    print(f"| Chromium load + script + DOM dump | {report:.2f} s (blank page {empty:.2f} s, "
          f"difference {report - empty:.2f} s) | < 1 s |")


if __name__ == "__main__":
    main()
