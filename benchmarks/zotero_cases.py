"""Readers against Zotero's own import tests: what paperlist reads from each test input beside the items Zotero
expects from it.

    python benchmarks/zotero_cases.py TRANSLATORS

TRANSLATORS is a checkout of github.com/zotero/translators (not kept here: it is AGPL): a work tree, or a bare
git directory (its files are read with ``git show HEAD:...``). Each import translator paperlist has a reader for
(RIS, BibTeX, Refer/BibIX, EndNote XML, MEDLINE, PubMed XML, Web of Science tagged, Ovid tagged, CSL JSON,
OpenAlex JSON, RefWorks tagged) ends with a JSON
array of test cases; every ``import`` case's input is written to a file with the extension paperlist reads it
by, read with ``paperlist export --format jsonl``, and compared item by item, in order, with Zotero's expected
items (notes and attachments left out): the number of records, and per item the title, the year of the date, the
DOI, the number of authors (creators of type ``author``) and the first author's family name.

Zotero's expectations are its choices, not truths: an "all fields" case maps RIS tags to creators of other types
(programmer, director) and to fields paperlist does not keep, so a difference is a place to look, and the script
prints each one.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TRANSLATORS = {"RIS.js": "ris", "BibTeX.js": "bib", "ReferBibIX.js": "enw", "Endnote XML.js": "xml",
               "MEDLINEnbib.js": "nbib", "PubMed XML.js": "xml", "Web of Science Tagged.js": "txt",
               "OVID Tagged.js": "txt", "CSL JSON.js": "json", "OpenAlex JSON.js": "json",
               "RefWorks Tagged.js": "txt"}
CHECKS = ("title", "year", "doi", "authors", "first author")


def translator_source(checkout: Path, name: str) -> str | None:
    """A translator's JavaScript from a work tree or a bare git directory; None when it is not there."""
    if (checkout / name).is_file():
        return (checkout / name).read_text(encoding="utf-8")
    done = subprocess.run(["git", f"--git-dir={checkout}", "show", f"HEAD:{name}"], capture_output=True, check=False)
    return done.stdout.decode("utf-8") if done.returncode == 0 else None


def import_cases(source: str) -> list[dict]:
    """The ``import`` test cases at the end of a translator (``/** BEGIN TEST CASES **/ var testCases = [...]``)."""
    start = source.find("/** BEGIN TEST CASES **/")
    if start < 0:
        return []
    body = source[start:]
    cases = json.loads(body[body.index("["):body.rindex("]") + 1])
    return [c for c in cases if c.get("type") == "import" and isinstance(c.get("items"), list)]


def _words(text: str | None) -> str:
    return re.sub(r"\W+", " ", (text or "").lower()).strip()


def compare(expected: dict, found: dict) -> dict[str, tuple[object, object] | None]:
    """Each check: None when paperlist reads what Zotero expects, else (Zotero's, paperlist's)."""
    title, ours = _words(expected.get("title")), _words(found.get("title") or found.get("text"))
    year = re.search(r"\b(1[5-9]\d\d|20\d\d)\b", expected.get("date") or "")
    doi = expected.get("DOI") or (re.search(r"DOI: (\S+)", expected.get("extra") or "") or [None, None])[1]
    authors = [c.get("lastName") or c.get("name") for c in expected.get("creators", [])
               if c.get("creatorType") == "author"]
    people = found.get("author_list") or []
    first = _words(people[0].split(",")[0]) if people else None
    return {
        "title": None if title == ours or (title and ours and (title in ours or ours in title))
        else (expected.get("title"), found.get("title")),
        "year": None if (year.group(1) if year else None) == found.get("year") else (expected.get("date"),
                                                                                      found.get("year")),
        "doi": None if (doi or "").lower() == (found.get("doi") or "").lower() else (doi, found.get("doi")),
        "authors": None if len(authors) == len(people) else (authors, people),
        "first author": None if (_words(authors[0]) if authors else None) == first else (authors[:1], people[:1]),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("translators", type=Path, help="a checkout of github.com/zotero/translators")
    args = parser.parse_args()
    rows, differences = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for name, extension in TRANSLATORS.items():
            source = translator_source(args.translators, name)
            if source is None:
                print(f"skipped: {name} is not in {args.translators}")
                continue
            counts = {"cases": 0, "items": 0, "read": 0, **{check: 0 for check in CHECKS}}
            for n, case in enumerate(import_cases(source)):
                items = [i for i in case["items"] if i.get("itemType") not in ("note", "attachment")]
                path = Path(tmp) / f"{name[:-3].replace(' ', '_')}_{n}.{extension}"
                path.write_text(case["input"], encoding="utf-8")
                done = subprocess.run([sys.executable, "-m", "paperlist", "export", str(path), "--format", "jsonl"],
                                      capture_output=True, text=True, check=False,
                                      env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
                found = [json.loads(line) for line in done.stdout.splitlines() if line.strip()]
                counts["cases"] += 1
                counts["items"] += len(items)
                counts["read"] += min(len(items), len(found))
                if len(found) != len(items):
                    differences.append((path.name, "records", len(items), len(found)))
                for expected, record in zip(items, found):
                    for check, difference in compare(expected, record).items():
                        if difference is None:
                            counts[check] += 1
                        else:
                            differences.append((path.name, check, *difference))
            rows.append((name[:-3], counts))
    print("\n| Zotero translator | cases | items | read | " + " | ".join(CHECKS) + " |")
    print("|---|---:|---:|---:|" + "---:|" * len(CHECKS))
    total = {key: sum(counts[key] for _, counts in rows) for key in ("cases", "items", "read", *CHECKS)}
    for name, counts in [*rows, ("all", total)]:
        print(f"| {name} | " + " | ".join(str(counts[key]) for key in ("cases", "items", "read", *CHECKS)) + " |")
    print(f"\n{len(differences)} differences (Zotero's, then paperlist's):")
    for difference in differences:
        print("  " + " | ".join(str(part)[:160] for part in difference))


if __name__ == "__main__":
    main()
