"""The collection at scale: building it, adding a week's lists, asking what is new, its size on disk.

    python benchmarks/collection.py [--snippets 100000] [--style english] [--keep DIR]

With --keep DIR, the corpus, batches and collection stay in DIR, and a corpus already there is used again (the
generator is deterministic: the same --snippets and --style give the same files).

Generates the corpus of benchmarks/generate.py (N snippets, 1 seed) plus two batches from the same generator
(1,000 and 20 snippets, half of them copies or cuts of corpus papers, as a real week brings), then, each in a
child process and in one run: `paperlist dupes` over the corpus (the baseline), `paperlist add` of the corpus
into a new collection, `add` of the 1,000 snippets, and `new` with the 20 (then `new` again: the first run after
an `add` also pays for reading the file from disk). Prints seconds, peak memory, ratios and the file size
against the text it holds. Targets (issue 11): new (20 vs 1M) under 1 s; add (1,000 to 1M) under 5 s; building
at most 1.5x dupes; the file at most 3x its text.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import STYLES, abstract_of, cut, generate, write  # noqa: E402
from run import measure  # noqa: E402


def batch(folder: Path, n: int, seed: int, style: str, corpus_papers: int) -> None:
    """n snippets: half new papers, half copies or cuts of corpus papers (corpus seed 1)."""
    abstract = abstract_of(style)
    rng = random.Random(seed)
    texts = []
    for k in range(n):
        if k % 2:
            base = abstract(random.Random(1_000_003 + rng.randrange(corpus_papers)))
            texts.append(cut(base, rng.choice((250, 180))))
        else:
            texts.append(cut(abstract(rng), 250))
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "week.txt").write_text("Related papers: This week\n\n" + "\n\n".join(texts) + "\n", encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--snippets", type=int, default=100_000)
    parser.add_argument("--style", choices=("zipf", *STYLES), default="zipf")
    parser.add_argument("--keep", metavar="DIR", help="work in DIR and leave the corpus and collection there")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.keep or tmp)
        if not (folder / "today" / "week.txt").exists():  # --keep: a corpus already there is used again
            lists, truth = generate(args.snippets, max(1, args.snippets // 100), 1, args.style)
            write(folder / "corpus", lists, truth)
            (folder / "corpus" / "truth.jsonl").unlink()
            papers = max(t["paper"] for t in truth) + 1
            batch(folder / "week", 1000, 7, args.style, papers)
            batch(folder / "today", 20, 8, args.style, papers)
        db = str(folder / "lab.db")
        for stale in (db, db + "-wal", db + "-shm"):
            if os.path.exists(stale):
                os.remove(stale)
        paperlist = [sys.executable, "-m", "paperlist"]
        baseline = measure([*paperlist, "dupes", str(folder / "corpus"), "--format", "json", "-q"])
        build = measure([*paperlist, "add", str(folder / "corpus"), "--db", db, "-q"])
        text_bytes = sum(p.stat().st_size for p in (folder / "corpus").iterdir())
        size = os.path.getsize(db)
        add = measure([*paperlist, "add", str(folder / "week"), "--db", db, "-q"])
        new = [measure([*paperlist, "new", str(folder / "today"), "--db", db, "--format", "json", "-q"])
               for _ in range(2)]
    print(f"| measure ({args.snippets} snippets, {args.style}) | seconds | peak MB | figure | target |")
    print("|---|---:|---:|---|---|")
    print(f"| `dupes` over the corpus (baseline) | {baseline[0]:.1f} | {baseline[1]:.0f} | | |")
    print(f"| `add` of the corpus into a new collection | {build[0]:.1f} | {build[1]:.0f} | "
          f"{build[0] / baseline[0]:.2f}x dupes | <= 1.5x |")
    print(f"| collection file | | | {size / 1e6:.0f} MB = {size / text_bytes:.2f}x its {text_bytes / 1e6:.0f} MB "
          "of text | <= 3x |")
    print(f"| `add` of 1,000 snippets | {add[0]:.2f} | {add[1]:.0f} | | < 5 s (at 1M) |")
    print(f"| `new` with 20 snippets (first, second run) | {new[0][0]:.2f}, {new[1][0]:.2f} | {new[1][1]:.0f} | "
          "| < 1 s (at 1M) |")


if __name__ == "__main__":
    main()
