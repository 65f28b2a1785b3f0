"""Write a seeded synthetic corpus of reading lists with planted duplicates and the truth beside it.

    python benchmarks/generate.py OUT_DIR --snippets 100000 [--lists 1000] [--seed 1] [--style english]

Style `zipf` (the default): every snippet is an abstract opening (~250 characters) of Zipf-distributed words
from a 30,000-word pseudo-vocabulary, so word frequencies look like real text.
Style `english`: English function words at their frequencies in abstracts ("of the", "in the" recur in most
snippets), stock openings ("In this paper, we propose"), content words from a few hundred common academic words
and a Zipf tail; calibrated so that its bigram frequencies have the shape of real arXiv abstract openings.
Style `repetitive`: the same with half the words function words, as repetitive as the independent corpus of
issue 14. Frequent word pairs are what make an exact bigram search slow: this is the hard corpus.
Planted: exact copies (another list), shorter cuts of the same text, lightly edited copies (a few words
replaced), and unrelated snippets that open with the same first eight words. Half the lists use the
paragraph layout, half one snippet per line. truth.jsonl gives each snippet's paper id and kind.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

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


def zipf_abstract(rng: random.Random) -> str:
    """About 400 characters of Zipf-distributed words in sentences."""
    words = rng.choices(VOCABULARY, cum_weights=CUMULATIVE, k=70)
    for i in range(0, len(words), rng.randint(12, 20)):
        words[i] = words[i].capitalize()
    return " ".join(words) + "."


# Relative frequencies per million words of English research abstracts (rounded; the shape, not the figures,
# matters): the function words make about half of all words.
FUNCTION_FREQUENCIES = {
    "the": 60, "of": 36, "and": 28, "to": 22, "a": 20, "in": 20, "is": 10, "for": 10, "that": 9, "we": 9,
    "on": 6, "with": 6, "as": 5, "by": 5, "this": 5, "are": 5, "be": 4, "an": 4, "from": 4, "which": 3,
    "our": 3, "can": 3, "these": 2, "it": 2, "its": 2, "such": 2, "has": 2, "have": 2, "between": 2,
    "both": 1, "into": 1, "than": 1, "not": 1, "more": 1, "however": 1, "while": 1, "using": 2, "based": 2,
    "their": 1, "also": 1, "each": 1, "two": 1, "over": 1, "under": 1, "through": 1, "when": 1, "how": 1,
}
PREPOSITIONS = ("of", "in", "for", "on", "with", "to", "by", "from", "into", "over", "through", "between")
ACADEMIC = ("model", "method", "data", "results", "approach", "propose", "show", "performance", "paper",
            "learning", "system", "problem", "network", "networks", "models", "training", "task", "tasks",
            "new", "present", "novel", "framework", "algorithm", "analysis", "study", "existing", "time",
            "information", "state", "art", "experiments", "demonstrate", "large", "language", "deep",
            "efficient", "accuracy", "neural", "proposed", "different", "high", "based", "first", "use",
            "methods", "work", "recent", "however", "significantly", "improve", "results", "evaluation",
            "benchmark", "dataset", "datasets", "real", "world", "scale", "robust", "structure", "quality")
OPENINGS = ("In this paper, we propose", "In this paper, we present", "We present a", "We propose a",
            "This paper presents a", "Recent advances in", "In recent years,", "We study the problem of",
            "We introduce a", "This work investigates the", "Despite the success of", "We consider the",
            "It is well known that", "The goal of this paper is to", "In this work, we")


@dataclass(frozen=True)
class EnglishStyle:
    """How often a word is a function word, and how steeply content words fall off (Zipf exponent)."""

    function_rate: float
    zipf_exponent: float
    opening_rate: float


# `english` matches the shape of real abstract openings: on the 14,186 arXiv cs abstracts of ../shared/data
# (first 250 characters), 12% of bigram occurrences are bigrams found in more than 1% of texts and 37% in
# more than 0.1%; 14,186 texts of this style give 18% and 36% (a little harder than real text at the top).
# `repetitive` is as repetitive as the independent corpus of issue 14 (56% above 0.1% at 100k): 33% and 56%.
STYLES = {"english": EnglishStyle(0.25, 1.1, 0.2), "repetitive": EnglishStyle(0.5, 1.15, 0.35)}


@functools.cache
def _english_vocabulary(exponent: float) -> tuple[list[str], list[float], list[str], list[float]]:
    function = list(FUNCTION_FREQUENCIES)
    function_cum = list(itertools.accumulate(FUNCTION_FREQUENCIES.values()))
    content = list(ACADEMIC) + [w for w in VOCABULARY if w not in FUNCTION_FREQUENCIES]
    content_cum = list(itertools.accumulate(1 / (rank + 2) ** exponent for rank in range(len(content))))
    return function, function_cum, content, content_cum


def english_abstract(rng: random.Random, style: EnglishStyle = STYLES["english"]) -> str:
    """About 400 characters of English-like text: function words at English rates, stock openings."""
    function, function_cum, content, content_cum = _english_vocabulary(style.zipf_exponent)
    words = OPENINGS[rng.randrange(len(OPENINGS))].split() if rng.random() < style.opening_rate else []
    while len(words) < 70:
        previous = words[-1] if words else ""
        if previous in PREPOSITIONS and rng.random() < 0.55:
            words.append("the" if rng.random() < 0.7 else "a")
        elif rng.random() < style.function_rate and previous not in ("the", "a", "an"):
            words.append(rng.choices(function, cum_weights=function_cum)[0])
        else:
            words.append(rng.choices(content, cum_weights=content_cum)[0])
        if rng.random() < 0.06:
            words[-1] += rng.choice((",", ",", "."))
    words[0] = words[0].capitalize()
    return " ".join(words) + "."


def cut(text: str, chars: int) -> str:
    return text if len(text) <= chars else text[:chars].rstrip() + "…"


def edit(text: str, rng: random.Random) -> str:
    words = text.split()
    for _ in range(2):
        i = rng.randrange(len(words))
        words[i] = rng.choice(WORDS)
    return " ".join(words)


def abstract_of(style: str) -> Callable[[random.Random], str]:
    """The abstract generator of a style ("zipf" or one of STYLES)."""
    return functools.partial(english_abstract, style=STYLES[style]) if style in STYLES else zipf_abstract


def generate(snippets: int, lists: int, seed: int, style: str = "zipf") -> tuple[list[list[str]], list[dict]]:
    """Return the lists (texts) and one truth record per snippet, in list order."""
    rng = random.Random(seed)
    abstract = abstract_of(style)
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
    parser.add_argument("--style", choices=("zipf", *STYLES), default="zipf")
    args = parser.parse_args()
    lists, truth = generate(args.snippets, args.lists or max(1, args.snippets // 100), args.seed, args.style)
    write(args.out, lists, truth)


if __name__ == "__main__":
    main()
