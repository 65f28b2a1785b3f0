"""Write a seeded synthetic corpus of reading lists with planted duplicates and the truth beside it.

    python benchmarks/generate.py OUT_DIR --snippets 100000 [--lists 1000] [--seed 1]

Every snippet is a realistic-looking abstract opening (~250 characters) built from a fixed vocabulary.
Planted: exact copies (another list), shorter cuts of the same text, lightly edited copies (a few words
replaced), and unrelated snippets that open with the same first eight words. Half the lists use the
paragraph layout, half one snippet per line. truth.jsonl gives each snippet's paper id and kind.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path

SUBJECTS = ("deep learning models", "large language models", "graph neural networks", "recommendation systems",
            "distributed training jobs", "inference services", "vision transformers", "federated clients",
            "training pipelines", "GPU clusters", "speech recognisers", "data loaders")
VERBS = ("are limited by", "spend most of their time in", "suffer from", "depend on", "are bottlenecked by",
         "can be accelerated by", "waste resources on", "scale poorly with", "benefit from", "are sensitive to")
OBJECTS = ("network bandwidth", "memory capacity", "random reads from storage", "stragglers", "communication",
           "kernel launch overheads", "embedding lookups", "checkpointing", "preemption", "load imbalance",
           "energy budgets", "cold starts", "small batch sizes", "parameter synchronisation")
CLAIMS = ("We propose", "We present", "This paper introduces", "We design", "We build", "We study")
SYSTEMS = ("a scheduler", "a caching layer", "a compiler pass", "a runtime", "a placement policy",
           "an elastic trainer", "a profiler", "a compression scheme", "a serving system")
RESULTS = ("that cuts training time by {n} percent", "that raises throughput {n} times",
           "that saves {n} percent of the energy", "that reduces tail latency by {n} percent",
           "that keeps accuracy within {n} points")
WORDS = ("careful", "simple", "adaptive", "practical", "novel", "robust", "lightweight", "general")


def sentence(rng: random.Random) -> str:
    return (f"{rng.choice(CLAIMS)} {rng.choice(WORDS)} {rng.choice(SYSTEMS)} for {rng.choice(SUBJECTS)} "
            f"{rng.choice(RESULTS).format(n=rng.randint(2, 90))} on {rng.randint(2, 4096)} machines.")


def abstract(rng: random.Random) -> str:
    parts = [f"{rng.choice(SUBJECTS).capitalize()} {rng.choice(VERBS)} {rng.choice(OBJECTS)} "
             f"when {rng.choice(SUBJECTS)} {rng.choice(VERBS)} {rng.choice(OBJECTS)}."]
    while sum(map(len, parts)) < 400:
        parts.append(sentence(rng))
    return " ".join(parts)


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
