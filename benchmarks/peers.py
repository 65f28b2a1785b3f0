"""Record counts and titles, side by side with the format's own parser, on other projects' test files.

    python benchmarks/peers.py --ris DIR --bib DIR

Reads every ``.ris`` file under --ris with rispy and with paperlist's RIS reader, every ``.bib`` file under
--bib with bibtexparser (v2) and paperlist's BibTeX reader, and prints, per file, both record counts, how many
titles agree (whitespace and braces folded) and any difference. The files are other projects' test resources
(rispy's tests/data, bibtexparser's examples, JabRef's and biber's test files): fetch them yourself; this
script downloads nothing. rispy and bibtexparser are benchmark-only tools (``pip install rispy
"bibtexparser>=2.0.0b1"`` in the benchmark's Python); each is skipped with a message when absent.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))
from paperlist.inputs.files import decode_bytes  # noqa: E402
from paperlist.readers.bibtex import parse_bibtex  # noqa: E402
from paperlist.readers.ris import parse_ris  # noqa: E402


def fold(title: str | None) -> str:
    return " ".join((title or "").replace("{", "").replace("}", "").split()).casefold()


def ours(path: Path, reader) -> list[str]:
    text = decode_bytes(path.read_bytes(), str(path)).text or ""
    return [fold(s.record.title if s.record and s.record.title else None) for s in reader(text, str(path)).snippets]


def theirs_ris(path: Path) -> list[str] | None:
    import rispy
    try:
        entries = rispy.load(path, encoding="utf-8-sig")
    except Exception as exc:  # noqa: BLE001 - the reference failing is a finding to print, not a crash
        print(f"| {path.name} | rispy failed: {type(exc).__name__} | | | |")
        return None
    # paperlist reads a record that has a title or an abstract; rispy reads every record.
    return [fold(e.get("title") or e.get("primary_title")) for e in entries
            if e.get("title") or e.get("primary_title") or e.get("abstract") or e.get("notes_abstract")]


def theirs_bib(path: Path) -> list[str] | None:
    import bibtexparser
    from bibtexparser import middlewares
    # Its LaTeX decoding, so that both sides compare plain-text titles.
    library = bibtexparser.parse_string(decode_bytes(path.read_bytes(), str(path)).text or "",
                                        append_middleware=[middlewares.LatexDecodingMiddleware()])
    return [fold(e.fields_dict["title"].value) if "title" in e.fields_dict else ""
            for e in library.entries if "title" in e.fields_dict or "abstract" in e.fields_dict]


def compare(paths: list[Path], reference, reader, label: str) -> tuple[int, int]:
    print(f"\n| {label} file | reference records | paperlist records | titles agreeing | first difference |")
    print("|---|---:|---:|---:|---|")
    same = total = 0
    for path in paths:
        expected = reference(path)
        if expected is None:
            continue
        found = ours(path, reader)
        agree = sum(a == b for a, b in zip(expected, found))
        diff = next((f"{a[:40]!r} / {b[:40]!r}" for a, b in zip(expected, found) if a != b), "")
        print(f"| {path.name} | {len(expected)} | {len(found)} | {agree} | {diff} |")
        same += agree == len(expected) == len(found)
        total += 1
    return same, total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ris", type=Path)
    parser.add_argument("--bib", type=Path)
    args = parser.parse_args()
    for folder, module, reference, reader, label, suffix in (
            (args.ris, "rispy", theirs_ris, parse_ris, "RIS", ".ris"),
            (args.bib, "bibtexparser", theirs_bib, parse_bibtex, "BibTeX", ".bib")):
        if folder is None:
            continue
        try:
            __import__(module)
        except ImportError:
            print(f"{module} skipped: not installed in this Python (pip install {module})", file=sys.stderr)
            continue
        same, total = compare(sorted(folder.rglob(f"*{suffix}")), reference, reader, label)
        print(f"\n{label}: {same} of {total} files read with the same record count and titles")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
