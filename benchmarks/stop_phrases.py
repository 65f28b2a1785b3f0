"""Derive the boilerplate phrases and generic words of scientific abstracts from the arXiv data.

    python benchmarks/stop_phrases.py [--data ../shared/data] [--share 0.01]

A phrase (1-4 words, no stop word at either end, within one clause) is boilerplate when it is common in every
primary category of the data (cs.CV, cs.CL, cs.AI, cs.GR): in at least --share of the abstracts of each (2x that
for single words), and evenly so, its highest rate at most --evenness times its lowest. Words of a field
("language model", "image") are far more common in one category than another, so they stay terms; "real world",
"experimental results" or "extensive experiments" are spread evenly, so they are not. The output is
pasted into src/paperlist/tagging/stopwords.py (printed as Python).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
from paperlist.tagging.topics import candidate_terms  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from arxiv import distinct  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--share", type=float, default=0.01)
    parser.add_argument("--evenness", type=float, default=2.0)
    args = parser.parse_args()
    by_category: dict[str, Counter[str]] = {}
    sizes: Counter[str] = Counter()
    for _, record in distinct(args.data):
        category = record["categories"][0]
        sizes[category] += 1
        by_category.setdefault(category, Counter()).update(candidate_terms(record["summary"], stop=False))
    top = [c for c, n in sizes.most_common() if n >= 300]
    rates = {c: {t: n / sizes[c] for t, n in by_category[c].items()} for c in top}
    common = set()
    for term in rates[top[0]]:
        values = [rates[c].get(term, 0.0) for c in top]
        floor = args.share * (2 if " " not in term else 1)
        if min(values) >= floor and max(values) <= args.evenness * min(values):
            common.add(term)
    phrases = sorted(t for t in common or () if " " in t)
    words = sorted(t for t in common or () if " " not in t)
    print(f"# {sum(sizes.values())} abstracts; categories {', '.join(top)}; share {args.share}; evenness {args.evenness}")
    print("GENERIC_WORDS = frozenset(" + repr(words) + ")")
    print("STOP_PHRASES = frozenset(" + repr(phrases) + ")")


if __name__ == "__main__":
    main()
