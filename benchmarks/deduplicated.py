"""The de-duplicated copy: ``dupes --write-deduplicated`` on the labelled systematic-review exports.

    python benchmarks/deduplicated.py [--data ../shared/data] [--sets stroke haematology ...]

For each ``../shared/data/sr-dedup-benchmark`` set (a CSV export from BibDedupe's repository) it writes the
de-duplicated copy and checks what issue 35 asks of it: one record per paper ``dupes`` reports (plus the rows
paperlist cannot read, kept as they are), every kept row byte for byte a row of the input, and no duplicate group
when the copy is read again. Against the set's labels: how many true groups still hold two records in the copy
(copies missed) and how many records were left out whose paper has no other record in the copy (lost). Prints
a Markdown table.
"""

from __future__ import annotations

import argparse
import csv
import io
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from records import ROOT, SETS, read_set  # noqa: E402


def rows_of(text: str) -> dict[str, str]:
    """Each row's text as written, by its ID."""
    reader = csv.reader(io.StringIO(text, newline=""))
    lines = io.StringIO(text, newline="").readlines()
    header = next(reader)
    column, start, rows = header.index("ID"), reader.line_num, {}
    for row in reader:
        rows[row[column]] = "".join(lines[start:reader.line_num])
        start = reader.line_num
    return rows


def dupes(path: str, *argv: str) -> dict:
    done = subprocess.run([sys.executable, "-m", "paperlist", "dupes", path, "--format", "json", *argv],
                          capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    if done.returncode != 0:
        raise SystemExit(f"paperlist failed on {path}: {done.stderr}")
    return json.loads(done.stdout)["totals"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--sets", nargs="+", default=list(SETS))
    args = parser.parse_args()
    base = args.data / "sr-dedup-benchmark"
    if not base.is_dir():
        print(f"skipped: {base} not found", file=sys.stderr)
        return 0
    print("| set | records | papers (dupes) | records in copy | kept rows byte-identical | groups on re-reading |"
          " true groups still doubled | records lost | seconds |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in args.sets:
        text, rows, truth = read_set(base / name)
        with tempfile.TemporaryDirectory() as folder:
            source, out = os.path.join(folder, "records.csv"), os.path.join(folder, "deduplicated.csv")
            Path(source).write_bytes(text.encode("utf-8"))
            started = time.perf_counter()
            totals = dupes(source, "--write-deduplicated", out)
            seconds = time.perf_counter() - started
            copy = Path(out).read_bytes().decode("utf-8")
            again = dupes(out)
        original, kept = rows_of(text), rows_of(copy)
        identical = sum(original.get(i) == row for i, row in kept.items())
        groups = {}
        for pair in truth:
            for i in pair:
                groups.setdefault(i, set()).update(pair)
        doubled = {frozenset(g) for g in groups.values() if len(set(g) & set(kept)) > 1}
        lost = sum(1 for i in original if i not in kept and not (groups.get(i, set()) & set(kept)))
        print(f"| {name} | {len(original)} | {totals['papers']} | {len(kept)} | {identical} of {len(kept)} | "
              f"{again['groups']} | {len(doubled)} | {lost} | {seconds:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
