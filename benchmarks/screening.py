"""paperlist simulate against ASReview's default model on labelled screening sets, in the same run; and the
refit + re-rank of a 10,000-paper collection with 500 marks.

    /path/to/bench-venv/bin/python benchmarks/screening.py [--data ../shared/data/screening] [--sets wilson ace]

Each set is a CSV with title, abstract and label_included (see its SOURCES.md). Both tools start from the same
priors, the first included and the first excluded row, read one record at a time, relearn after each, and stop
when every included record is found; the metrics count the other records. ASReview runs its default model
(ELAS u4: TF-IDF uni+bigrams, linear SVM C 0.11, class weights, certainty sampling), from its own venv
(``pip install asreview``); without it the ASReview columns say so and paperlist is measured alone.
The refit figure reads 10,000 titles and abstract openings of the arXiv papers in ../shared/data (or, without
them, seeded synthetic texts) and times vectorize + fit from 500 marks, as ``triage --db`` does.
"""

from __future__ import annotations

import argparse
import csv
import gc
import glob
import gzip
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from paperlist.rank.features import document, vectorize  # noqa: E402
from paperlist.rank.relevance import fit  # noqa: E402
from paperlist.rank.simulate import default_priors, measure, simulate  # noqa: E402

SETS = ("wilson", "ace", "kitchenham")


def read_set(path: Path) -> tuple[list[str], list[str], list[str], list[bool]]:
    with open(path, newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    return ([r["title"] or "" for r in rows], [r["abstract"] or "" for r in rows], [r["record_id"] for r in rows],
            [r["label_included"].strip() == "1" for r in rows])


def run_paperlist(titles, abstracts, ids, labels):
    start = time.perf_counter()
    result = simulate(ids, [document(t, a) for t, a in zip(titles, abstracts)], labels)
    return result.metrics, time.perf_counter() - start


def run_asreview(titles, abstracts, labels, priors):
    """ASReview's Simulate with its default model from the same priors; None when it is not installed."""
    try:
        import pandas as pd
        from asreview.learner import ActiveLearningCycle
        from asreview.models.models import get_ai_config
        from asreview.simulation.simulate import Simulate
    except ImportError:
        return None
    start = time.perf_counter()
    cycle = ActiveLearningCycle.from_meta(get_ai_config("elas_u4")["value"])
    frame = pd.DataFrame({"title": titles, "abstract": abstracts})
    simulation = Simulate(frame, labels, cycle, print_progress=False)
    simulation.label(list(priors))
    simulation.review()
    read = [int(r) for r in simulation._results["record_id"].tolist()[len(priors):]]
    return measure(read, labels, priors), time.perf_counter() - start


def refit_texts(count: int) -> tuple[list[str], str]:
    found = []
    for name in sorted(glob.glob(str(ROOT.parent / "shared/data/arxiv-daily-cs/daily/*.jsonl.gz"))):
        with gzip.open(name, "rt", encoding="utf-8") as handle:
            for line in handle:
                record = json.loads(line)
                found.append(document(record["title"], record["summary"][:300]))
                if len(found) == count:
                    return found, "arXiv titles and abstract openings"
    rng = random.Random(1)
    words = [f"w{i}" for i in range(20000)]
    weights = [1 / (i + 1) for i in range(20000)]
    return [" ".join(rng.choices(words, weights, k=60)) for _ in range(count)], "synthetic Zipf texts"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=str(ROOT.parent / "shared/data/screening"))
    parser.add_argument("--sets", nargs="+", default=list(SETS))
    parser.add_argument("--papers", type=int, default=10_000)
    parser.add_argument("--marks", type=int, default=500)
    args = parser.parse_args()
    gc.disable()  # as the CLI runs
    rows = []
    totals = [0.0, 0.0]
    have_asreview = True
    for name in args.sets:
        path = Path(args.data) / f"{name}.csv"
        if not path.exists():
            print(f"{name}: {path} not found; skipped")
            continue
        titles, abstracts, ids, labels = read_set(path)
        ours, our_time = run_paperlist(titles, abstracts, ids, labels)
        theirs = run_asreview(titles, abstracts, labels, default_priors(labels))
        totals[0] += our_time
        if theirs is None:
            have_asreview = False
            rows.append((name, len(labels), sum(labels), ours, our_time, None, None))
        else:
            totals[1] += theirs[1]
            rows.append((name, len(labels), sum(labels), ours, our_time, *theirs))
    if not have_asreview:
        print("ASReview is not installed in this Python (pip install asreview in the benchmark's venv): "
              "paperlist measured alone")
    print("| set | records / included | WSS@95 paperlist | WSS@95 ASReview | recall@10% paperlist | "
          "recall@10% ASReview | time paperlist | time ASReview |")
    print("|---|---|---|---|---|---|---|---|")
    for name, records, included, ours, our_time, theirs, their_time in rows:
        if theirs is None:
            print(f"| {name} | {records:,} / {included} | {ours.wss95:.3f} | - | {ours.recall_at_10:.3f} | - | "
                  f"{our_time:.1f} s | - |")
        else:
            print(f"| {name} | {records:,} / {included} | {ours.wss95:.3f} | {theirs.wss95:.3f} | "
                  f"{ours.recall_at_10:.3f} | {theirs.recall_at_10:.3f} | {our_time:.1f} s | {their_time:.1f} s |")
    measured = [r for r in rows if r[5] is not None]
    if measured:
        mean = lambda values: sum(values) / len(values)  # noqa: E731
        print(f"| mean | | {mean([r[3].wss95 for r in measured]):.3f} | {mean([r[5].wss95 for r in measured]):.3f} | "
              f"{mean([r[3].recall_at_10 for r in measured]):.3f} | {mean([r[5].recall_at_10 for r in measured]):.3f}"
              f" | {totals[0]:.1f} s | {totals[1]:.1f} s ({totals[1] / totals[0]:.1f}x) |")
    texts, kind = refit_texts(args.papers)
    rng = random.Random(2)
    marks = {d: rng.random() < 0.3 for d in rng.sample(range(len(texts)), args.marks)}
    times = []
    for _ in range(5):
        start = time.perf_counter()
        vectors = vectorize(texts)
        middle = time.perf_counter()
        scores, _ = fit(vectors, marks)
        sorted(range(len(scores)), key=scores.__getitem__, reverse=True)
        times.append((time.perf_counter() - start, middle - start))
    total, features = sorted(times)[len(times) // 2]
    print(f"\nrefit + re-rank, {len(texts):,} papers ({kind}), {args.marks} marks: {total:.2f} s median of 5 "
          f"(features {features:.2f} s, fit and rank {total - features:.2f} s)")


if __name__ == "__main__":
    main()
