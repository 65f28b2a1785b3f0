"""The arXiv listings of ../shared/data/arxiv-daily-cs, as the benchmarks read them."""

from __future__ import annotations

import gzip
import json
from collections.abc import Iterator
from pathlib import Path


def listings(data: Path) -> Iterator[tuple[str, dict]]:
    """``(day, record)`` for every record of every daily listing, in file order (repeats included)."""
    for path in sorted((data / "arxiv-daily-cs" / "daily").glob("*.jsonl.gz")):
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            for record in map(json.loads, handle):
                yield path.name[:10], record


def distinct(data: Path) -> Iterator[tuple[str, dict]]:
    """``(day, record)`` for the first listing of each arXiv id."""
    seen: set[str] = set()
    for day, record in listings(data):
        if record["id"] not in seen:
            seen.add(record["id"])
            yield day, record


def cut(text: str, chars: int = 250) -> str:
    """An abstract as a reading list shows it: one line, cut at ``chars`` characters."""
    return " ".join(text.split())[:chars].rstrip() + "…"
