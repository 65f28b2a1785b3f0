"""Round trip: every fixture read by paperlist, written as RIS and BibTeX, read back by rispy and bibtexparser.

    /work/bench-venv/bin/python benchmarks/roundtrip.py [FILE_OR_DIR ...]

For every input (default: the test fixtures, ``examples/`` and the labelled ``sr-dedup-benchmark`` sets when
``../shared/data`` is there) paperlist writes one entry per paper (``triage --format ris|bibtex``) and its own
view of the same papers (``triage --format json``). rispy and bibtexparser 2 (with its co-author splitting; the
benchmark's venv only, never a paperlist dependency: without them the script says so and stops) read the entries
back; each entry's title, authors (as a list of persons), year, DOI, original id (RIS ``ID``, the BibTeX
key where paperlist keeps the record's own), pages (first and last; BibTeX's range as written, a character
escape undone), volume, issue, venue, URL and keywords (as a set) are compared with what paperlist read. BibTeX values are taken out of
paperlist's LaTeX escaping (``\\&``, ``\\{``) first: bibtexparser leaves LaTeX as written unless pylatexenc is
installed. Prints a Markdown table of the entries that differ, per field.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Where a BibTeX entry of each type keeps its venue (paperlist's writer: journal, booktitle, school, ...).
VENUE_FIELDS = ("journal", "booktitle", "school", "institution", "series", "howpublished")
FIELDS = ("title", "authors", "year", "doi", "id", "pages", "volume", "issue", "venue", "url", "keywords")
_UNESCAPE = {r"\textbackslash{}": "\\", r"\textasciitilde{}": "~", r"\textasciicircum{}": "^"}
# paperlist's writer also breaks runs of hyphens and quote marks with empty groups ("-{}-") and braces an
# organisation's name whole ("{Centers for ...}"): what TeX reads as the same text.
_UNESCAPE = {**_UNESCAPE, "{}": "", r"\textbraceleft{}": "{", r"\textbraceright{}": "}"}
_UNESCAPE_RE = re.compile(r"\\textbackslash\{\}|\\textasciitilde\{\}|\\textasciicircum\{\}|\\textbrace(?:left|right)\{\}|"
                          r"\\([{}%&#$_])|\{\}")


def paperlist(*argv: str) -> str:
    done = subprocess.run([sys.executable, "-m", "paperlist", *argv, "--quiet"], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    if done.returncode not in (0, 1):
        raise RuntimeError(done.stderr.strip())
    return done.stdout


def expected(path: str) -> list[dict[str, object]]:
    """What paperlist read, per paper, in the order it writes them; a title's runs of white space (a line
    separator pasted into it) as the one space its RIS and BibTeX writers put there."""
    out = []
    for p in json.loads(paperlist("triage", path, "--format", "json"))["papers"]:
        title = " ".join(p["title"].split()) if p["title"] else p["title"]
        out.append({"title": title, "authors": p["author_list"], "year": p["year"], "doi": p["doi"],
                    "id": p["source_id"], "pages": page_range(p["pages"]), "volume": p["volume"], "issue": p["issue"],
                    "venue": one_line(p["venue"]), "url": p["url"], "keywords": keyword_set(p["keywords"])})
    return out


def from_ris(text: str) -> list[dict[str, object]]:
    import rispy
    return [{"title": e.get("title") or e.get("primary_title"), "authors": e.get("authors", []),
             "year": e.get("year"), "doi": e.get("doi"), "id": e.get("id"),
             "pages": page_range("--".join(filter(None, (e.get("start_page"), e.get("end_page"))))),
             "volume": e.get("volume"), "issue": e.get("number"), "venue": e.get("secondary_title"),
             "url": (e.get("urls") or [None])[0], "keywords": keyword_set("; ".join(e.get("keywords", [])))}
            for e in rispy.loads(text)]


def one_line(value: str | None) -> str | None:
    """A value as the writers put it on one line: runs of white space as one space."""
    return " ".join(value.split()) if value else value


def keyword_set(value: str | None) -> frozenset[str] | None:
    """Keywords as a set, whichever separator a format uses (BibTeX: commas, or semicolons when one holds a comma),
    each with its runs of white space as one space, as the writers put a value on one line."""
    if not value:
        return None
    return frozenset(" ".join(k.split()) for k in value.split(";" if ";" in value else ",") if k.strip())


def page_range(pages: str | None) -> tuple[str, str | None] | None:
    """First and last page, split where paperlist's writers split them, at the first run of dashes ("101-112",
    "101--112", "101–112"); what follows is the last page as written ("101-{}-112": "{}-112")."""
    match = re.fullmatch(r"\s*([^-\u2013\s]+)\s*(?:[-\u2013]+\s*(\S+))?\s*", pages or "")
    return (match.group(1), match.group(2)) if match else (pages, None) if pages else None


def _latex(value: str | None) -> str | None:
    if value is None:
        return None
    return _UNESCAPE_RE.sub(lambda m: m.group(1) or _UNESCAPE[m.group()], value)


def _suffix_last(name: str | None) -> str | None:
    """BibTeX's "Ford, Jr., Henry" in paperlist's (and RIS's) order, "Ford, Henry, Jr."."""
    parts = (name or "").split(", ")
    return f"{parts[0]}, {parts[2]}, {parts[1]}" if len(parts) == 3 else name


def from_bibtex(text: str) -> tuple[list[dict[str, object]], int]:
    import bibtexparser
    from bibtexparser.middlewares import SeparateCoAuthors
    library = bibtexparser.parse_string(text, append_middleware=[SeparateCoAuthors()])
    out = []
    for e in library.entries:
        fields = {f.key: f.value for f in e.fields}
        # A braced name is one organisation's, commas and all; only a person's parts are reordered.
        authors = [_latex(a[1:-1]) if a.startswith("{") and a.endswith("}") else _suffix_last(_latex(a))
                   for a in fields.get("author", []) if a != "others"]
        out.append({"title": _latex(fields.get("title")), "authors": authors, "year": fields.get("year"),
                    "doi": _latex(fields.get("doi")), "id": e.key,
                    "pages": page_range(re.sub(r"\\([{}%&#$_])", r"\1", fields.get("pages") or "")),
                    "volume": _latex(fields.get("volume")), "issue": _latex(fields.get("number")),
                    "venue": _latex(next((fields[f] for f in VENUE_FIELDS if f in fields), None)),
                    "url": fields.get("url"), "keywords": keyword_set(_latex(fields.get("keywords")))})
    return out, len(library.failed_blocks)


def compare(want: list[dict[str, object]], got: list[dict[str, object]], keys_are_ids: bool) -> dict[str, int]:
    """Entries that differ, per field (every field counts as different for an entry missing from ``got``). A key
    that two papers' records share cannot name both: those get a suffix, by design."""
    shared = {w["id"] for w in want if w["id"] and sum(v["id"] == w["id"] for v in want) > 1}
    wrong = dict.fromkeys(FIELDS, 0)
    wrong["entries"] = abs(len(want) - len(got))
    for w, g in zip(want, got):
        for f in FIELDS:
            expected_value = w[f] or ([] if f == "authors" else None)
            if f == "title" and w["title"] is None:
                continue  # a made title, marked as such: not the paper's, nothing to compare
            if f == "id" and keys_are_ids:
                if w["id"] not in shared and w["id"] and re.fullmatch(r"[A-Za-z0-9_:./+-]{1,80}", str(w["id"])) and g["id"] != w["id"]:
                    wrong[f] += 1
                continue
            wrong[f] += (g[f] or ([] if f == "authors" else None)) != expected_value
    return wrong


def inputs(given: list[str]) -> list[Path]:
    if given:
        return [Path(g) for g in given]
    found = sorted((ROOT / "tests" / "data" / "formats").iterdir()) + sorted((ROOT / "tests" / "data" / "exports")
                                                                             .iterdir()) + [ROOT / "examples"]
    found = [p for p in found if p.suffix != ".py"]
    sets = ROOT.parent / "shared" / "data" / "sr-dedup-benchmark"
    if sets.is_dir():
        found += sorted(p for p in sets.glob("*/records_pre_merged.csv*"))
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*")
    args = parser.parse_args()
    try:
        import bibtexparser  # noqa: F401
        import rispy  # noqa: F401
    except ImportError as exc:
        print(f"skipped: {exc.name} is not installed in this Python (pip install rispy bibtexparser)", file=sys.stderr)
        return 0
    print("| input | papers | parser | entries missing | " + " | ".join(FIELDS) + " |")
    print("|---|---:|---|---:|" + "---:|" * len(FIELDS))
    totals: dict[str, dict[str, int]] = {}
    with tempfile.TemporaryDirectory() as folder:
        for path in inputs(args.paths):
            source = str(path)
            if path.suffix == ".gz":
                source = os.path.join(folder, path.parent.name + ".csv")
                Path(source).write_bytes(gzip.decompress(path.read_bytes()))
            want = expected(source)
            ris = from_ris(paperlist("triage", source, "--format", "ris"))
            bib, failed = from_bibtex(paperlist("triage", source, "--format", "bibtex"))
            for name, got, keys in (("rispy", ris, False), ("bibtexparser", bib, True)):
                wrong = compare(want, got, keys)
                if name == "bibtexparser":
                    wrong["entries"] += failed
                label = path.parent.name if path.name.startswith("records_pre_merged") else path.name
                print(f"| {label} | {len(want)} | {name} | " + " | ".join(str(wrong[f]) for f in ("entries", *FIELDS))
                      + " |", flush=True)
                total = totals.setdefault(name, dict.fromkeys(("papers", "entries", *FIELDS), 0))
                total["papers"] += len(want)
                for f in ("entries", *FIELDS):
                    total[f] += wrong[f]
    for name, total in totals.items():
        print(f"| all | {total['papers']} | {name} | " + " | ".join(str(total[f]) for f in ("entries", *FIELDS)) + " |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
