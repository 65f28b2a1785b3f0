"""Decisions land on one paper: the sr-dedup sets added to a collection, and the collection ids that hold rows the
sets' own labels call different studies (one `mark` would decide all of them), with --base the same under another
revision's code in the same run.

    python benchmarks/shared_titles.py [--data ../shared/data] [--base REV]

For each set: rows of `triage --db --all` (one a paper as the core groups it), the ids holding several rows, and of
those, how many the labels (merged_record_ids.csv) call one study and how many different studies.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import os
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SETS = ("cytology_screening", "digital_work", "haematology", "respiratory", "stroke")


def shared_ids(records: Path, labels: Path, src: Path, tmp: Path) -> tuple[int, int, int, int]:
    """Rows, ids holding several rows, of those labelled one study and labelled different studies."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    db = tmp / "c.db"
    db.unlink(missing_ok=True)
    subprocess.run([sys.executable, "-m", "paperlist", "add", str(records), "--db", str(db), "-q"], env=env,
                   capture_output=True, check=True)
    out = subprocess.run([sys.executable, "-m", "paperlist", "triage", "--db", str(db), "--all", "--format", "json",
                          "--tags", "builtin"], env=env, capture_output=True, text=True, check=True).stdout
    rows = json.loads(out)["papers"]
    study = {}
    with open(labels, encoding="utf-8") as handle:
        for n, row in enumerate(csv.DictReader(handle)):
            study.update(dict.fromkeys(row["merged_ids"].split(";"), n))
    by_id = defaultdict(list)
    for row in rows:
        by_id[row["paper"]].append(row["source_id"])
    shared = [ids for ids in by_id.values() if len(ids) > 1]
    one = sum(len({study.get(i, i) for i in ids}) == 1 for ids in shared)
    return len(rows), len(shared), one, len(shared) - one


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--base", metavar="REV", help="also run the code of this revision (git archive)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        sources = {"this tree": ROOT / "src"}
        if args.base:
            subprocess.run(f"git -C {ROOT} archive {args.base} src | tar -x -C {tmp}", shell=True, check=True)
            sources[args.base] = Path(tmp) / "src"
        print("| set | code | rows | ids holding several rows | of them one study | different studies |")
        print("|---|---|---:|---:|---:|---:|")
        for name in SETS:
            folder = args.data / "sr-dedup-benchmark" / name
            records = next(iter(sorted(folder.glob("records_pre_merged.csv*"))), None)
            if records is None:
                print(f"skipped {name}: no records under {folder}")
                continue
            if records.suffix == ".gz":  # digital_work is kept compressed
                plain = Path(tmp) / f"{name}.csv"
                plain.write_bytes(gzip.decompress(records.read_bytes()))
                records = plain
            for label, src in sources.items():
                rows, shared, one, different = shared_ids(records, folder / "merged_record_ids.csv", src, Path(tmp))
                print(f"| {name} | {label} | {rows} | {shared} | {one} | {different} |")


if __name__ == "__main__":
    main()
