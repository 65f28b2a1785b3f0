"""The collection at scale: building it, adding a week's lists, asking what is new, its size on disk.

    python benchmarks/collection.py [--snippets 100000]

Generates the corpus of benchmarks/generate.py (N snippets) plus two extra batches from the same generator (1,000
and 20 snippets, with their own planted duplicates of the corpus), then, each in a child process and in one run:
`paperlist dupes` over the corpus (the baseline), `paperlist add` of the corpus into a new collection, `add` of
the 1,000 snippets, and `new` with the 20. Prints seconds, ratios and the file size against the text it holds.
Targets (issue 11): new (20 vs 1M) under 1 s; add (1,000 to 1M) under 5 s; building at most 1.5x dupes; the file
at most 3x its text.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import cut, generate, write, zipf_abstract as abstract  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT / "src")}


def run(*argv: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "paperlist", *argv, "-q"], env=ENV, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def batch(folder: Path, n: int, seed: int, corpus_seed: int, corpus_papers: int) -> None:
    """n snippets: half new papers, half copies or cuts of corpus papers (what a real week brings)."""
    rng = random.Random(seed)
    texts = []
    for k in range(n):
        if k % 2:
            base = abstract(random.Random(corpus_seed * 1_000_003 + rng.randrange(corpus_papers)))
            texts.append(cut(base, rng.choice((250, 180))))
        else:
            texts.append(cut(abstract(rng), 250))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "week.txt").write_text("Related papers: This week\n\n" + "\n\n".join(texts) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--snippets", type=int, default=100_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        lists, truth = generate(args.snippets, max(1, args.snippets // 100), 1)
        write(folder / "corpus", lists, truth)
        (folder / "corpus" / "truth.jsonl").unlink()
        papers = max(t["paper"] for t in truth) + 1
        batch(folder / "week", 1000, 7, 1, papers)
        batch(folder / "today", 20, 8, 1, papers)
        db = str(folder / "lab.db")
        baseline = run("dupes", str(folder / "corpus"), "--format", "json")
        build = run("add", str(folder / "corpus"), "--db", db)
        text_bytes = sum(p.stat().st_size for p in (folder / "corpus").iterdir())
        size = os.path.getsize(db)
        add = run("add", str(folder / "week"), "--db", db)
        new = run("new", str(folder / "today"), "--db", db, "--format", "json")
    print(f"| measure ({args.snippets} snippets) | figure | target |\n|---|---:|---|")
    print(f"| `dupes` over the corpus (baseline) | {baseline:.1f} s | |")
    print(f"| `add` of the corpus into a new collection | {build:.1f} s = {build / baseline:.2f}x dupes | <= 1.5x |")
    print(f"| collection file | {size / 1e6:.0f} MB = {size / text_bytes:.2f}x its {text_bytes / 1e6:.0f} MB of text "
          "| <= 3x |")
    print(f"| `add` of 1,000 snippets | {add:.2f} s | < 5 s (at 1M) |")
    print(f"| `new` with 20 snippets | {new:.2f} s | < 1 s (at 1M) |")


if __name__ == "__main__":
    main()
