"""The approximate baseline: datasketch MinHash LSH over the same snippets (a benchmark-only dependency).

    pip install datasketch   # into the environment that runs the benchmark, never a runtime dependency
    python benchmarks/lsh.py CORPUS_DIR [--threshold 0.5] [--permutations 128]

Reads the lists with paperlist's own reader (so both tools see the same snippets), folds each text with
paperlist's match key, hashes its word 3-shingles into a MinHash of 128 permutations (`MinHash.bulk`), inserts every text into
a MinHashLSH index at the threshold and queries each one. Prints the number of candidate pairs. Exits 3 with
a message when datasketch is not installed.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from paperlist.inputs.load import load_lists  # noqa: E402
from paperlist.match.dupes import build_corpus  # noqa: E402
from paperlist.tagging.tags import TagMatcher  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus")
    parser.add_argument("--threshold", type=float, default=0.5)
    parser.add_argument("--permutations", type=int, default=128)
    args = parser.parse_args()
    try:
        from datasketch import MinHash, MinHashLSH
    except ImportError:
        print("datasketch is not installed: `pip install datasketch` to compare with MinHash LSH", file=sys.stderr)
        return 3
    loaded = load_lists([args.corpus], TagMatcher({}), "*.txt")
    corpus = build_corpus(s for reading_list in loaded.lists for s in reading_list.snippets)
    shingles = []
    for key in corpus.keys:
        words = key.split(" ")
        shingles.append([" ".join(words[i:i + 3]).encode() for i in range(max(1, len(words) - 2))])
    hashes = MinHash.bulk(shingles, num_perm=args.permutations)  # datasketch's fastest way to build many
    del shingles
    lsh = MinHashLSH(threshold=args.threshold, num_perm=args.permutations)
    with lsh.insertion_session() as session:
        for number, minhash in enumerate(hashes):
            session.insert(number, minhash)
    pairs = sum(1 for number, minhash in enumerate(hashes) for other in lsh.query(minhash) if other > number)
    print(pairs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
