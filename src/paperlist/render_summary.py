"""Summary and export -> text in each output format (pure)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

from paperlist.model import ReadingList
from paperlist.summary import Summary
from paperlist.textfmt import bar, md_escape, shorten, table, to_csv, to_json, warnings_json

TAG_NOTE = "each tag counted at most once per snippet"
MATRIX_LISTS = 12  # more lists than this: the overlap is listed as pairs, not a grid


def summary_document(summary: Summary) -> dict[str, object]:
    """The JSON document of ``summarize``."""
    return {
        "lists": [{"path": s.path, "seed_title": s.seed_title, "seed_truncated": s.seed_truncated,
                   "snippets": s.snippets, "truncated": s.truncated, "tags": s.tags} for s in summary.lists],
        "totals": {**summary.totals, "tags_counted": TAG_NOTE},
        "overlap": summary.overlap,
        "terms": [{"term": term, "snippets": n} for term, n in summary.terms],
        "warnings": warnings_json(summary.warnings),
    }


def _top_tags(tags: dict[str, int], limit: int = 3) -> str:
    return ", ".join(f"{tag} {n}" for tag, n in list(tags.items())[:limit]) or "-"


def _headline(summary: Summary) -> str:
    t = summary.totals
    return (f"{t['lists']} lists, {t['snippets']} snippets, {t['unique']} unique, "
            f"{t['recurring']} in two or more lists, {t['untagged']} untagged")


def render_summary_text(summary: Summary, width: int = 80) -> str:
    """For people: aligned columns, a bar per tag, titles cut to the terminal width."""
    lines = [_headline(summary), ""]
    rows = [[str(n), s.path, s.seed_title or "(none)", str(s.snippets), str(s.truncated), _top_tags(s.tags)]
            for n, s in enumerate(summary.lists, 1)]
    header = ["#", "LIST", "SEED TITLE", "SNIPPETS", "CUT", "TOP TAGS"]
    others = sum(max(len(r[c]) for r in rows + [header]) + 2 for c in (0, 1, 3, 4))
    title_width = max(16, (width - others) // 2)
    tags_width = max(16, width - others - title_width - 2)
    for row in rows:
        row[2], row[5] = shorten(row[2], title_width), shorten(row[5], tags_width)
    lines += table([header] + rows, right=(0, 3, 4))
    tags = summary.totals["tags"]
    assert isinstance(tags, dict)
    lines += ["", f"Tags ({TAG_NOTE}):"]
    if tags:
        most = max(tags.values())
        name_width = max(len(tag) for tag in tags)
        bar_width = max(10, width - name_width - 10)
        lines += [f"{tag.ljust(name_width)}  {n:>5}  {bar(n, most, bar_width)}" for tag, n in tags.items()]
    else:
        lines.append("(no snippet matched a tag rule)")
    if 1 < len(summary.lists) <= MATRIX_LISTS:
        lines += ["", "Overlap (papers shared by two lists; # as above):"]
        shared = {(o["a"], o["b"]): o["shared"] for o in summary.overlap}
        paths = sorted(s.path for s in summary.lists)
        number = {s.path: str(n) for n, s in enumerate(summary.lists, 1)}
        grid = [[""] + [number[p] for p in paths]]
        for a in paths:
            grid.append([number[a]] + ["-" if a == b else str(shared.get((a, b), shared.get((b, a), 0)))
                                       for b in paths])
        lines += table(grid, right=range(len(paths) + 1))
    elif len(summary.lists) > MATRIX_LISTS:
        pairs = sorted(summary.overlap, key=lambda o: (-o["shared"], o["a"], o["b"]))[:MATRIX_LISTS]
        lines += ["", f"Overlap (the {len(pairs)} list pairs sharing most papers):"]
        lines += table([[str(o["a"]), str(o["b"]), str(o["shared"])] for o in pairs], right=(2,))
    if summary.terms:
        lines += ["", "Frequent terms (snippets containing them):"]
        lines += table([[term, str(n)] for term, n in summary.terms], right=(1,))
    return "\n".join(lines) + "\n"


def render_summary_json(summary: Summary, width: int = 80) -> str:
    """The JSON document."""
    return to_json(summary_document(summary))


def render_summary_csv(summary: Summary, width: int = 80) -> str:
    """One row per list plus a final ``TOTAL`` row; tags as ``tag=n`` pairs."""
    def tag_cell(tags: dict[str, int]) -> str:
        return ";".join(f"{tag}={n}" for tag, n in tags.items())
    rows = [[s.path, s.seed_title or "", s.snippets, s.truncated, tag_cell(s.tags)] for s in summary.lists]
    t = summary.totals
    rows.append(["TOTAL", "", t["snippets"], t["truncated"], tag_cell(t["tags"])])  # type: ignore[arg-type]
    return to_csv(["path", "seed_title", "snippets", "truncated", "tags"], rows)


def render_summary_markdown(summary: Summary, width: int = 80) -> str:
    """A Markdown report with a list table, a tag table and the overlap."""
    lines = ["# Reading lists summary", "", _headline(summary) + ".", "",
             "| # | list | seed title | snippets | cut | top tags |", "|---:|---|---|---:|---:|---|"]
    for n, s in enumerate(summary.lists, 1):
        lines.append(f"| {n} | {md_escape(s.path)} | {md_escape(s.seed_title or '(none)')} | "
                     f"{s.snippets} | {s.truncated} | {md_escape(_top_tags(s.tags))} |")
    lines += ["", f"## Tags ({TAG_NOTE})", "", "| tag | snippets |", "|---|---:|"]
    lines += [f"| {md_escape(tag)} | {n} |" for tag, n in summary.totals["tags"].items()]  # type: ignore[union-attr]
    shared = [o for o in summary.overlap if o["shared"]]
    lines += ["", "## Overlap", ""]
    lines += ([f"- {md_escape(str(o['a']))} and {md_escape(str(o['b']))}: {o['shared']} shared" for o in shared]
              or ["No paper appears in two lists."])
    if summary.terms:
        lines += ["", "## Frequent terms", ""] + [f"- {md_escape(term)}: {n}" for term, n in summary.terms]
    return "\n".join(lines) + "\n"


SUMMARY_RENDERERS: dict[str, Callable[..., str]] = {
    "text": render_summary_text,
    "json": render_summary_json,
    "csv": render_summary_csv,
    "markdown": render_summary_markdown,
}


def _records(lists: Sequence[ReadingList]) -> list[dict[str, object]]:
    return [{"path": s.path, "line": s.line, "index": s.index, "seed_title": s.seed_title,
             "text": s.text, "truncated": s.truncated, "tags": list(s.tags)}
            for rl in lists for s in rl.snippets]


def render_export_jsonl(lists: Sequence[ReadingList], warnings: Sequence = ()) -> str:
    """One JSON object per snippet per line (no header: counts are the line count)."""
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in _records(lists))


def render_export_json(lists: Sequence[ReadingList], warnings: Sequence = ()) -> str:
    """``{"snippets": [...], "totals": {...}, "warnings": [...]}``."""
    records = _records(lists)
    return to_json({"snippets": records, "totals": {"lists": len(lists), "snippets": len(records)},
                    "warnings": warnings_json(warnings)})


def render_export_csv(lists: Sequence[ReadingList], warnings: Sequence = ()) -> str:
    """One row per snippet; tags joined with ``;``."""
    header = ["path", "line", "index", "seed_title", "text", "truncated", "tags"]
    rows = [[r["path"], r["line"], r["index"], r["seed_title"] or "", r["text"],
             str(r["truncated"]).lower(), ";".join(r["tags"])] for r in _records(lists)]  # type: ignore[arg-type]
    return to_csv(header, rows)


EXPORT_RENDERERS: dict[str, Callable[..., str]] = {
    "jsonl": render_export_jsonl,
    "json": render_export_json,
    "csv": render_export_csv,
}
