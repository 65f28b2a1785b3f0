"""Do titles make matching better? Precision and recall on the labelled Magellan record pairs.

    python benchmarks/titles.py [--data ../shared/data]

Each DBLP-ACM and DBLP-GoogleScholar `valid` file (train too for DBLP-ACM) holds labelled pairs of
bibliographic records (title, authors, venue, year; no abstracts). Every distinct record becomes a snippet in
one of two lists (left and right source), written as paperlist would see it in a CSV export:

- "text only": the record as one citation string in the `text` column (title. authors. venue year), no title
  column, so only the snippet-text rules (exact, truncation, near) can match;
- "with titles": the same text plus `title`, `authors`, `venue`, `year` columns, so title links apply too.

Runs `paperlist dupes --format json` and scores each labelled pair: predicted "same paper" when both records are
in one confident group. Prints a Markdown table (the README cites it).
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FILES = [("DBLP-ACM", "train"), ("DBLP-ACM", "valid"), ("DBLP-GoogleScholar", "valid")]
FIELD_RE = re.compile(r"COL (\w+) VAL (.*?)(?= COL |$)")


def record(side: str) -> dict[str, str]:
    fields = {name: value.strip() for name, value in FIELD_RE.findall(side.strip())}
    year = fields.get("year", "").split(".")[0]
    fields["year"] = year
    fields["text"] = ". ".join(v for v in (fields.get("title"), fields.get("authors"),
                                           f"{fields.get('venue', '')} {year}".strip()) if v)
    return fields


def pairs(path: Path) -> list[tuple[dict[str, str], dict[str, str], bool]]:
    with gzip.open(path, "rt", encoding="utf-8") as handle:
        rows = [line.rstrip("\n").split("\t") for line in handle if line.strip()]
    return [(record(left), record(right), label.strip() == "1") for left, right, label in rows]


def write_lists(folder: Path, labelled, with_titles: bool) -> tuple[dict[str, tuple[str, int]], list]:
    """Two CSV lists (left and right records); returns where each record went."""
    where: dict[str, tuple[str, int]] = {}
    for side in (0, 1):
        path = folder / f"{'left' if side == 0 else 'right'}.csv"
        with open(path, "w", newline="", encoding="utf-8") as out:
            writer = csv.writer(out)
            columns = ["text", "title", "authors", "venue", "year"] if with_titles else ["text"]
            writer.writerow(columns)
            seen: dict[str, int] = {}
            for pair in labelled:
                rec = pair[side]
                if rec["text"] in seen:
                    continue
                seen[rec["text"]] = len(seen) + 2  # the CSV line of the row
                writer.writerow([rec.get(c, "") for c in columns])
                where[f"{side}:{rec['text']}"] = (str(path), seen[rec["text"]])
    return where, labelled


def score(folder: Path, labelled, with_titles: bool) -> tuple[float, float, int, int]:
    where, _ = write_lists(folder, labelled, with_titles)
    out = subprocess.run([sys.executable, "-m", "paperlist", "dupes", str(folder), "--format", "json", "-q"],
                         capture_output=True, text=True, env={"PYTHONPATH": str(ROOT / "src")}, check=False).stdout
    group_of = {}
    for group in json.loads(out)["groups"]:
        if group["tier"] == "duplicate":
            for member in group["members"]:
                group_of[(member["path"], member["line"])] = group["id"]
    true_positive = predicted = actual = 0
    for left, right, same in labelled:
        a, b = group_of.get(where[f"0:{left['text']}"]), group_of.get(where[f"1:{right['text']}"])
        found = a is not None and a == b
        predicted += found
        actual += same
        true_positive += found and same
    precision = true_positive / predicted if predicted else 1.0
    return precision, true_positive / actual if actual else 1.0, predicted, actual


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    args = parser.parse_args()
    print("| file | pairs (same paper) | mode | found | precision | recall |\n|---|---:|---|---:|---:|---:|")
    for dataset, split in FILES:
        labelled = pairs(args.data / "magellan-dblp-acm-scholar" / dataset / f"{split}.txt.gz")
        for with_titles in (False, True):
            with tempfile.TemporaryDirectory() as tmp:
                precision, recall, found, actual = score(Path(tmp), labelled, with_titles)
            mode = "with titles" if with_titles else "text only"
            print(f"| {dataset}/{split} | {len(labelled)} ({actual}) | {mode} | {found} | {precision:.3f} | {recall:.3f} |")


if __name__ == "__main__":
    main()
