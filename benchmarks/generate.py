"""Write a seeded synthetic corpus of reading lists with planted duplicates and the truth beside it.

    python benchmarks/generate.py OUT_DIR --snippets 100000 [--lists 1000] [--seed 1]

Every snippet is an abstract opening (~250 characters) of Zipf-distributed words from a 30,000-word
pseudo-vocabulary, so word frequencies look like real text.
Planted: exact copies (another list), shorter cuts of the same text, lightly edited copies (a few words
replaced), and unrelated snippets that open with the same first eight words. Half the lists use the
paragraph layout, half one snippet per line. truth.jsonl gives each snippet's paper id and kind.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

import itertools

SYLLABLES = ("ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "pa", "qu", "dri", "tra", "gen", "mod",
             "net", "par", "ser", "com", "lat", "ion", "ing", "al", "ed", "ive", "ure")
FUNCTION_WORDS = ("the", "of", "and", "to", "a", "in", "for", "we", "is", "on", "that", "with", "by", "as")
WORDS = ("careful", "simple", "adaptive", "practical", "novel", "robust", "lightweight", "general")


def _vocabulary(size: int = 30_000) -> tuple[list[str], list[float]]:
    """Function words first, then pseudo-words; Zipf weights, as in real text."""
    rng = random.Random(0)
    words = list(FUNCTION_WORDS)
    seen = set(words)
    while len(words) < size:
        word = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))
        if word not in seen:
            seen.add(word)
            words.append(word)
    return words, list(itertools.accumulate(1 / (rank + 1) for rank in range(size)))


VOCABULARY, CUMULATIVE = _vocabulary()


def abstract(rng: random.Random) -> str:
    """About 400 characters of Zipf-distributed words in sentences."""
    words = rng.choices(VOCABULARY, cum_weights=CUMULATIVE, k=70)
    for i in range(0, len(words), rng.randint(12, 20)):
        words[i] = words[i].capitalize()
    return " ".join(words) + "."


def cut(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[:chars].rstrip() + "…"


def edit(text: str, rng: random.Random) -> str:
    words = text.split()
    for _ in range(2):
        i = rng.randrange(len(words))
        words[i] = rng.choice(WORDS)
    return " ".join(words)


def generate(snippets: int, lists: int, seed: int) -> tuple[list[list[str]], list[dict]]:
    """Return the lists (texts) and one truth record per snippet, in list order."""
    rng = random.Random(seed)
    out: list[list[str]] = [[] for _ in range(lists)]
    truth: list[dict] = []
    papers = 0
    for n in range(snippets):
        target = rng.randrange(lists)
        roll = rng.random()
        if papers and roll < 0.05:
            pid, text, kind = rng.randrange(papers), None, rng.choice(("exact", "truncation", "near"))
            base = abstract(random.Random(seed * 1_000_003 + pid))
            text = {"exact": cut(base, 250), "truncation": cut(base, rng.randint(120, 200)),
                    "near": cut(edit(base, rng), 250)}[kind]
        else:
            pid, papers, kind = papers, papers + 1, "original"
            text = cut(abstract(random.Random(seed * 1_000_003 + pid)), 250)
            if roll < 0.07 and n:
                prev = out[target][-1].split()[:8] if out[target] else text.split()[:8]
                text = cut(" ".join(prev + text.split()[8:]), 250)
                kind = "opens-alike"
        out[target].append(text)
        truth.append({"list": target, "index": len(out[target]), "paper": pid, "kind": kind})
    return out, truth


def write(folder: Path, lists: list[list[str]], truth: list[dict]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for number, texts in enumerate(lists):
        sep = "\n\n" if number % 2 else "\n"
        body = sep.join(texts)
        (folder / f"list{number:05d}.txt").write_text(f"Related papers: Seed paper {number}{sep}{body}\n", encoding="utf-8")
    with open(folder / "truth.jsonl", "w", encoding="utf-8") as handle:
        handle.writelines(json.dumps(record) + "\n" for record in truth)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--snippets", type=int, default=10_000)
    parser.add_argument("--lists", type=int, default=0, help="default: one list per 100 snippets")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    lists, truth = generate(args.snippets, args.lists or max(1, args.snippets // 100), args.seed)
    write(args.out, lists, truth)


if __name__ == "__main__":
    main()
