"""Measure duplicate detection on the labelled data in ../shared/data (precision/recall per kind).

Turns real records into reading lists (abstracts cut at ~250 characters with "…", as real lists
are), keeps the truth aside, runs `paperlist dupes --format json` on them and scores every pair.

    python benchmarks/accuracy.py [--data ../shared/data] [--threshold 0.5] [--min-words 10] [--sweep | --openings | --compare-tokens]
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import random
import subprocess
import sys
import tempfile
from collections import defaultdict
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
from paperlist.match.normalize import fold_words, match_key  # noqa: E402
from paperlist.match.similarity import search_similar  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from arxiv import listings  # noqa: E402


def cut(text: str, chars: int = 250) -> str:
    text = " ".join(text.split())
    return text if len(text) <= chars else text[:chars].rstrip() + "…"


def first_abstracts(data: Path) -> dict[str, str]:
    """The first abstract seen for each arXiv id."""
    abstracts: dict[str, str] = {}
    for _, record in listings(data):
        abstracts.setdefault(record["id"], record["summary"])
    return abstracts


def revised_versions(data: Path) -> dict[str, list[str]]:
    """Both versions of each revised abstract, by arXiv id."""
    revised: dict[str, list[str]] = defaultdict(list)
    for line in (data / "arxiv-daily-cs" / "revised_abstract_versions.jsonl").read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        revised[row["arxiv_id"]].append(row["record"]["summary"])
    return revised


def arxiv_lists(data: Path, rng: random.Random) -> dict[str, list[tuple[str, str]]]:
    """One list per daily listing; every 10th paper also appears cut at 40-220 characters elsewhere; revised pairs."""
    lists: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for day, record in listings(data):
        lists[day].append((record["id"], cut(record["summary"])))
    names = sorted(lists)
    seen = sorted({pid for entries in lists.values() for pid, _ in entries})
    first_text = {}
    for name in names:
        for pid, text in lists[name]:
            first_text.setdefault(pid, text)
    shorter = []
    for pid in seen[::10]:
        shorter.append((pid, cut(first_text[pid], rng.randint(40, 220))))
    lists["planted-shorter-cuts"] = shorter
    revised = revised_versions(data)
    lists["revised-v0"] = [(pid, cut(v[0])) for pid, v in sorted(revised.items())]
    lists["revised-v1"] = [(pid, cut(v[1])) for pid, v in sorted(revised.items())]
    return lists


def review_lists(data: Path) -> dict[str, list[tuple[str, str]]]:
    """digital_work: records with an abstract, one list per source database, labelled clusters."""
    folder = data / "sr-dedup-benchmark" / "digital_work"
    cluster = {}
    with open(folder / "merged_record_ids.csv", encoding="utf-8") as handle:
        for n, row in enumerate(csv.DictReader(handle)):
            for rid in row["merged_ids"].split(";"):
                cluster[rid] = f"c{n}"
    lists: dict[str, list[tuple[str, str]]] = defaultdict(list)
    with gzip.open(folder / "records_pre_merged.csv.gz", "rt", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            abstract = (row.get("abstract") or "").strip()
            if len(abstract) >= 80 and abstract.upper() != "UNKNOWN":
                lists[f"db{row['ID'][3]}"].append((cluster.get(row["ID"], row["ID"]), cut(abstract)))
    return dict(lists)


def write_lists(lists: dict[str, list[tuple[str, str]]], folder: Path) -> dict[tuple[str, int], str]:
    """Write one file per list (paragraph layout); return (path, line) -> paper id."""
    truth = {}
    for name, entries in lists.items():
        path = folder / f"{name}.txt"
        lines = [f"Related papers: {name}", ""]
        for pid, text in entries:
            truth[(str(path), len(lines) + 1)] = pid
            lines += [text, ""]
        path.write_text("\n".join(lines), encoding="utf-8")
    return truth


def relation(a: str, b: str) -> str:
    ka, kb = match_key(a), match_key(b)
    if ka == kb:
        return "exact"
    short, long = sorted((ka, kb), key=len)
    return "truncation" if long.startswith(short) else "near"


def score(texts: dict[tuple[str, int], str], truth: dict[tuple[str, int], str], groups: list) -> dict:
    """Count true, found and correct pairs by the relation of their two texts."""
    by_paper = defaultdict(list)
    for place, pid in truth.items():
        by_paper[pid].append(place)
    true_pairs = {frozenset(pair) for places in by_paper.values() for pair in combinations(places, 2)}
    found = {frozenset(pair) for g in groups if g["tier"] == "duplicate"
             for pair in combinations([(m["path"], m["line"]) for m in g["members"]], 2)}
    counts: dict = defaultdict(lambda: {"true": 0, "found": 0, "correct": 0})
    for pair in true_pairs | found:
        a, b = sorted(pair)
        kind = relation(texts[a], texts[b])
        counts[kind]["true"] += pair in true_pairs
        counts[kind]["found"] += pair in found
        counts[kind]["correct"] += pair in true_pairs and pair in found
    return counts


def evaluate(name: str, lists: dict, threshold: float, min_words: int) -> list[str]:
    """Run dupes on the lists written to a temporary folder; one table row per kind."""
    with tempfile.TemporaryDirectory() as tmp:
        truth = write_lists(lists, Path(tmp))
        texts = {}
        for path in Path(tmp).glob("*.txt"):
            for number, text in enumerate(path.read_text(encoding="utf-8").split("\n"), 1):
                if (str(path), number) in truth:
                    texts[(str(path), number)] = text
        result = subprocess.run([sys.executable, "-m", "paperlist", "dupes", tmp, "--format", "json", "--quiet",
                                 "--threshold", str(threshold), "--min-words", str(min_words)], capture_output=True, text=True,
                                cwd=ROOT, env={"PYTHONPATH": str(ROOT / "src")}, check=True)
        counts = score(texts, truth, json.loads(result.stdout)["groups"])
    rows = []
    for kind in ("exact", "truncation", "near"):
        c = counts.get(kind, {"true": 0, "found": 0, "correct": 0})
        p = c["correct"] / c["found"] if c["found"] else float("nan")
        r = c["correct"] / c["true"] if c["true"] else float("nan")
        f = 2 * p * r / (p + r) if c["correct"] else 0.0
        rows.append(f"| {name} | {kind} | {threshold} | {min_words} | {c['true']} | {c['found']} | {c['correct']} | "
                    f"{p:.4f} | {r:.4f} | {f:.4f} |")
    return rows


def compare_tokens(data: Path) -> None:
    """Single words vs word bigrams: false pairs among distinct arXiv abstracts, recall on revised ones."""
    abstracts = first_abstracts(data)
    revised = revised_versions(data)

    def tokens(text: str, size: int) -> frozenset:
        words = fold_words(cut(text))[:-1]
        return frozenset(words if size == 1 else zip(words, words[1:]))

    print(f"\n{len(abstracts)} distinct arXiv abstracts, {len(revised)} revised pairs, cut at 250 characters")
    print("| tokens | threshold | pairs among distinct ids | revised pairs found |")
    print("|---|---:|---:|---:|")
    for size, name in ((1, "words"), (2, "bigrams")):
        sets = [tokens(abstracts[pid], size) for pid in sorted(abstracts)]
        for threshold in (0.3, 0.4, 0.5, 0.6):
            found = sum(len(a & b) / len(a | b) >= threshold for a, b in
                        ((tokens(v[0], size), tokens(v[1], size)) for v in revised.values()))
            print(f"| {name} | {threshold} | {len(search_similar(sets, threshold)[0])} | {found}/{len(revised)} |", flush=True)


def shared_openings(data: Path) -> None:
    """How many distinct arXiv abstracts open with the same first N words as another one."""
    abstracts = first_abstracts(data)
    keys = sorted(fold_words(text) for text in abstracts.values())

    def common(a: list[str], b: list[str]) -> int:
        n = 0
        while n < min(len(a), len(b)) and a[n] == b[n]:
            n += 1
        return n

    shared = [common(a, b) for a, b in zip(keys, keys[1:])]
    print(f"{len(keys)} distinct arXiv abstracts; neighbours in sorted order sharing an opening of N words:")
    print("| N | " + " | ".join(str(n) for n in range(4, 17)) + " |")
    print("|---|" + "---:|" * 13)
    print("| pairs | " + " | ".join(str(sum(s >= n for s in shared)) for n in range(4, 17)) + " |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--threshold", type=float, default=0.5)
    parser.add_argument("--min-words", type=int, default=10, help="passed to dupes --min-words")
    parser.add_argument("--sweep", action="store_true", help="also try thresholds 0.3 to 0.8")
    parser.add_argument("--openings", action="store_true", help="only count abstracts that open alike")
    parser.add_argument("--compare-tokens", action="store_true",
                        help="only compare single words with word bigrams as the near-duplicate measure")
    args = parser.parse_args()
    if not args.data.is_dir():
        sys.exit(f"no labelled data at {args.data}")
    if args.openings:
        shared_openings(args.data)
        return
    if args.compare_tokens:
        compare_tokens(args.data)
        return
    rng = random.Random(2026)
    sets = {"arxiv-daily-cs": arxiv_lists(args.data, rng), "sr-digital-work": review_lists(args.data)}
    thresholds = [0.3, 0.4, 0.5, 0.6, 0.7, 0.8] if args.sweep else [args.threshold]
    print("| data | kind | threshold | min words | true pairs | found | correct | precision | recall | F1 |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name, lists in sets.items():
        for threshold in thresholds:
            for row in evaluate(name, lists, threshold, args.min_words):
                print(row, flush=True)


if __name__ == "__main__":
    main()
