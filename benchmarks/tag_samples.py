"""Samples of what the built-in tag rules tag outside their field, to read and judge (issue 12).

    python benchmarks/tag_samples.py [--data ../shared/data] [--per-tag 100] [--tag TAG]

Runs the built-in rules over the distinct arXiv abstracts (cut at 250 characters, as lists are), samples up to
--per-tag tagged snippets per tag (seeded), and prints each with the rule that fired and the words around it.
The judgements made on this output are in benchmarks/tag_precision.md.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
from paperlist.tagging.tags import TagMatcher, builtin_rules, split_context  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from arxiv import cut, distinct  # noqa: E402


def texts(data: Path) -> list[str]:
    return [cut(record["summary"]) for _, record in distinct(data)]


def context(text: str, rule: str) -> str:
    """The words around what the rule matched; the whole snippet for a rule that needs context."""
    phrase, needs = split_context(rule)
    words = re.findall(r"[^\W_]+", phrase)
    pattern = r"[\s-]+".join(re.escape(w) + r"\w*" for w in words)
    match = re.search(pattern, text, 0 if any(w.isupper() and len(w) > 1 for w in words) else re.I)
    if not match:
        return text[:120]
    start, end = (0, len(text)) if needs else (max(0, match.start() - 50), min(len(text), match.end() + 50))
    return text[start:match.start()] + "[" + match.group(0) + "]" + text[match.end():end]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--per-tag", type=int, default=100)
    parser.add_argument("--tag")
    args = parser.parse_args()
    rules = builtin_rules()
    matcher = TagMatcher(rules)
    corpus = texts(args.data)
    tagged = [(text, matcher.tag(text)) for text in corpus]
    rng = random.Random(12)
    for tag, patterns in rules.items():
        if args.tag and tag != args.tag:
            continue
        hits = [text for text, tags in tagged if tag in tags]
        sample = rng.sample(hits, min(args.per_tag, len(hits)))
        single = {p: TagMatcher({tag: [p]}) for p in patterns}
        print(f"## {tag}: {len(hits)} of {len(corpus)} snippets tagged; {len(sample)} sampled")
        for n, text in enumerate(sample, 1):
            fired = [p for p, m in single.items() if m.tag(text)]
            print(f"{n}. ({fired[0]}) {context(text, fired[0])}")
        print()


if __name__ == "__main__":
    main()
