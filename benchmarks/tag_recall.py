"""What the built-in tag rules find in their own field: arXiv systems papers, to read and judge (issue 28).

    python benchmarks/tag_recall.py [--data ../shared/data]

The rules are for deep-learning systems. The arXiv data is mostly vision and language, but it holds papers
cross-listed in the systems categories (distributed computing cs.DC, hardware architecture cs.AR,
performance cs.PF, operating systems cs.OS, networking cs.NI). Each such paper is printed (cut at 250
characters, as lists are) with the tags the built-in rules give it, for a reader to note the tags it should
have. The judgements made on this output are in benchmarks/tag_precision.md ("In the field").
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
from paperlist.tagging.tags import TagMatcher, builtin_rules  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from arxiv import cut, distinct  # noqa: E402

SYSTEMS = ("cs.DC", "cs.AR", "cs.PF", "cs.OS", "cs.NI")


def systems_papers(data: Path) -> list[tuple[str, str]]:
    return [(record["id"], cut(record["summary"])) for _, record in distinct(data)
            if set(record["categories"]) & set(SYSTEMS)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    args = parser.parse_args()
    matcher = TagMatcher(builtin_rules())
    papers = systems_papers(args.data)
    counts: Counter[str] = Counter()
    untagged = 0
    for n, (arxiv_id, text) in enumerate(papers, 1):
        tags = matcher.tag(text)
        counts.update(tags)
        untagged += not tags
        print(f"{n}. {arxiv_id} [{', '.join(tags) or 'untagged'}] {text}")
    print(f"\n{len(papers)} papers in {', '.join(SYSTEMS)}; {len(papers) - untagged} tagged, {untagged} untagged")
    print("tags given: " + ", ".join(f"{tag} {n}" for tag, n in counts.most_common()))


if __name__ == "__main__":
    main()
