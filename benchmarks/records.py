"""Reference records: paperlist and BibDedupe side by side on the labelled systematic-review exports.

    python benchmarks/records.py [--data ../shared/data] [--sets stroke haematology ...] [--no-bibdedupe]
    python benchmarks/records.py --records 100000 [--bibdedupe-max 20000]

Each set's ``records_pre_merged.csv`` (``../shared/data/sr-dedup-benchmark``, from BibDedupe's repository) is
read as the CSV export it is; ``paperlist dupes --format csv`` groups it (the fastest of three runs), and every pair of records within a
confident group is scored against ``merged_record_ids.csv``. BibDedupe (``pip install bib-dedupe`` into the
benchmark's Python; never a paperlist dependency) runs prep -> block -> match -> cluster in the same run, when
it is installed; otherwise its rows are skipped with a message. Prints a Markdown table.

``--records N``: one export of N records, the five sets pooled and then copied with the variation exports show
(a title's case and punctuation, a DOI or the pages dropped, the authors' first names cut to initials), each
copy a true duplicate of its record and of that record's duplicates; BibDedupe runs on it up to
``--bibdedupe-max`` records.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import io
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from itertools import combinations
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 3  # runs of paperlist per set (BibDedupe's one run takes ten times as long)
SETS = ("cytology_screening", "haematology", "respiratory", "stroke", "digital_work")


def read_set(folder: Path) -> tuple[str, list[dict[str, str]], set[frozenset[str]]]:
    """The export's text, its rows, and the true duplicate pairs."""
    path = folder / "records_pre_merged.csv"
    text = gzip.open(f"{path}.gz", "rt", encoding="utf-8").read() if not path.exists() else path.read_text("utf-8")
    rows = list(csv.DictReader(io.StringIO(text)))
    truth = set()
    with open(folder / "merged_record_ids.csv", encoding="utf-8") as handle:
        for row in csv.DictReader(handle):
            ids = row["merged_ids"].split(";")
            truth.update(frozenset(pair) for pair in combinations(ids, 2))
    return text, rows, truth


def line_ids(text: str) -> dict[int, str]:
    """The record ID of each CSV row, by the line it starts on (what paperlist reports)."""
    reader = csv.reader(io.StringIO(text, newline=""))
    header = next(reader)
    column = header.index("ID")
    ids, start = {}, reader.line_num + 1
    for row in reader:
        ids[start] = row[column]
        start = reader.line_num + 1
    return ids


def paperlist_pairs(text: str, runs: int = RUNS) -> tuple[set[frozenset[str]], float]:
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "records.csv")
        Path(path).write_text(text, encoding="utf-8")
        seconds = float("inf")
        for _ in range(runs):  # the fastest of RUNS: this machine has slow spells of several seconds
            started = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "paperlist", "dupes", path, "--format", "csv", "-q"],
                                  capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
            seconds = min(seconds, time.perf_counter() - started)
    ids = line_ids(text)
    groups: dict[str, list[str]] = {}
    for row in csv.DictReader(io.StringIO(done.stdout, newline="")):
        if row["tier"] == "duplicate":
            groups.setdefault(row["group"], []).append(ids[int(row["line"])])
    pairs = set()
    for members in groups.values():
        pairs.update(frozenset(p) for p in combinations(members, 2) if p[0] != p[1])
    return pairs, seconds


def bibdedupe_pairs(rows: list[dict[str, str]]) -> tuple[set[frozenset[str]], float] | None:
    try:
        import pandas as pd
        from bib_dedupe.bib_dedupe import block, cluster, match, prep
    except ImportError:
        return None
    started = time.perf_counter()
    records = pd.DataFrame(rows)
    prepared = prep(records, verbosity_level=0)
    matched = match(block(prepared, verbosity_level=0), verbosity_level=0)
    clusters = cluster(matched, verbosity_level=0)
    seconds = time.perf_counter() - started
    pairs = {frozenset(p) for c in clusters for p in combinations(sorted(c), 2)}
    return pairs, seconds


def score(found: set[frozenset[str]], truth: set[frozenset[str]]) -> tuple[float, float, int]:
    correct = len(found & truth)
    precision = correct / len(found) if found else 1.0
    recall = correct / len(truth) if truth else 1.0
    return precision, recall, len(found) - correct


def f1(precision: float, recall: float) -> float:
    return 2 * precision * recall / (precision + recall) if precision + recall else 0.0


def _varied(row: dict[str, str], copy: int, rng: random.Random) -> dict[str, str]:
    """Another export's copy of a record: the same paper, written a little differently."""
    out = dict(row, ID=f"{row['ID']}~{copy}")
    title = out.get("title") or ""
    change = rng.random()
    if change < 0.3:
        title = title.lower()
    elif change < 0.5:
        title = re.sub(r"[^\w\s]", "", title)
    elif change < 0.6:
        title = title.upper()
    out["title"] = title
    if rng.random() < 0.3:
        out["doi"] = ""
    if rng.random() < 0.2:
        out["pages"] = ""
    if rng.random() < 0.3 and out.get("author"):
        out["author"] = " and ".join(re.sub(r",\s*(\w)\w*", r", \1.", a) for a in out["author"].split(" and "))
    return out


def scaled_set(base: Path, names: list[str], records: int) -> tuple[str, list[dict[str, str]], set[frozenset[str]]]:
    """The sets pooled (ids prefixed by set) and copied with variation up to ``records`` rows; the true pairs."""
    rows: list[dict[str, str]] = []
    cluster: dict[str, int] = {}  # record id -> its paper
    for name in names:
        _, found, truth = read_set(base / name)
        parent = {r["ID"]: r["ID"] for r in found}
        def root(x: str) -> str:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x
        for pair in truth:
            a, b = sorted(pair)
            if a in parent and b in parent:
                parent[root(a)] = root(b)
        papers: dict[str, int] = {}
        for r in found:
            cluster[f"{name}:{r['ID']}"] = papers.setdefault(f"{name}:{root(r['ID'])}", len(cluster) + 1)
            rows.append(dict(r, ID=f"{name}:{r['ID']}"))
    rng = random.Random(11)
    originals, copy = list(rows), 0
    while len(rows) < records:
        copy += 1
        for r in originals[:records - len(rows)]:
            rows.append(_varied(r, copy, rng))
            cluster[rows[-1]["ID"]] = cluster[r["ID"]]
    members: dict[int, list[str]] = {}
    for record_id, paper in cluster.items():
        members.setdefault(paper, []).append(record_id)
    truth = {frozenset(p) for ids in members.values() for p in combinations(ids, 2)}
    columns = list(dict.fromkeys(c for r in rows for c in r))
    text = io.StringIO()
    writer = csv.DictWriter(text, columns, restval="")
    writer.writeheader()
    writer.writerows(rows)
    return text.getvalue(), rows, truth


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--sets", nargs="+", default=list(SETS))
    parser.add_argument("--no-bibdedupe", action="store_true")
    parser.add_argument("--records", type=int, help="one pooled, varied export of this many records")
    parser.add_argument("--bibdedupe-max", type=int, default=20_000,
                        help="largest --records export BibDedupe runs on (default: %(default)s)")
    args = parser.parse_args()
    base = args.data / "sr-dedup-benchmark"
    if not base.is_dir():
        print(f"skipped: {base} not found", file=sys.stderr)
        return 0
    if args.records:
        return scaled(base, args)
    tools = ["paperlist"] + ([] if args.no_bibdedupe else ["BibDedupe"])
    pooled = {tool: [set(), set()] for tool in tools}
    print("| set | records | true pairs | tool | pairs found | wrong | precision | recall | F1 | seconds |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|")
    for name in args.sets:
        text, rows, truth = read_set(base / name)
        results = {"paperlist": paperlist_pairs(text)}
        if not args.no_bibdedupe:
            found = bibdedupe_pairs(rows)
            if found is None:
                print("BibDedupe skipped: not installed in this Python (pip install bib-dedupe)", file=sys.stderr)
                tools = ["paperlist"]
            else:
                results["BibDedupe"] = found
        for tool, (found, seconds) in results.items():
            precision, recall, wrong = score(found, truth)
            pooled[tool][0].update(frozenset((name, *sorted(p))) for p in found)
            pooled[tool][1].update(frozenset((name, *sorted(p))) for p in truth)
            print(f"| {name} | {len(rows)} | {len(truth)} | {tool} | {len(found)} | {wrong} | {precision:.3f} | "
                  f"{recall:.3f} | {f1(precision, recall):.3f} | {seconds:.2f} |", flush=True)
    for tool, (found, truth) in pooled.items():
        if tool in tools:
            precision, recall, wrong = score(found, truth)
            print(f"| all five pooled | | {len(truth)} | {tool} | {len(found)} | {wrong} | {precision:.4f} | "
                  f"{recall:.4f} | {f1(precision, recall):.4f} | |")
    return 0


def scaled(base: Path, args: argparse.Namespace) -> int:
    text, rows, truth = scaled_set(base, list(args.sets), args.records)
    print("| export | records | true pairs | tool | pairs found | wrong | precision | recall | F1 | seconds |")
    print("|---|---:|---:|---|---:|---:|---:|---:|---:|---:|")
    results = {"paperlist": paperlist_pairs(text, runs=1)}
    if args.no_bibdedupe:
        pass
    elif len(rows) > args.bibdedupe_max:
        print(f"BibDedupe not run: {len(rows)} records is above --bibdedupe-max {args.bibdedupe_max}", file=sys.stderr)
    elif (found := bibdedupe_pairs(rows)) is None:
        print("BibDedupe skipped: not installed in this Python (pip install bib-dedupe)", file=sys.stderr)
    else:
        results["BibDedupe"] = found
    for tool, (found, seconds) in results.items():
        precision, recall, wrong = score(found, truth)
        print(f"| five sets pooled and varied | {len(rows)} | {len(truth)} | {tool} | {len(found)} | {wrong} | "
              f"{precision:.4f} | {recall:.4f} | {f1(precision, recall):.4f} | {seconds:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
