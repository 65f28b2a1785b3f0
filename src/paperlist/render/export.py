"""Snippets with their papers -> one record per snippet in each export format (pure)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from paperlist.match.papers import Grouping, snippet_key
from paperlist.model import RECORD_FIELDS, Diagnostic, ReadingList
from paperlist.render.references import render_bibtex, render_ris
from paperlist.render.textfmt import (
    Output,
    Style,
    csv_lines,
    json_line,
    json_pieces_of_items,
    record_fields,
    warnings_json,
)


class ExportReport(NamedTuple):
    """What ``paperlist export`` writes: the lists, the papers their snippets belong to, the warnings."""

    lists: Sequence[ReadingList]
    grouping: Grouping
    warnings: Sequence[Diagnostic] = ()


def _records(report: ExportReport) -> Iterator[dict[str, object]]:
    """Each snippet's record, made as it is written: all of them at once would weigh several times the output."""
    paper_of = report.grouping.paper_of()
    for rl in report.lists:
        for s in rl.snippets:
            paper = paper_of[snippet_key(s)]
            yield {"path": s.path, "line": s.line, "index": s.index, "seed_title": s.seed_title, "text": s.text,
                   "truncated": s.truncated, "tags": list(s.tags), "paper": paper.id, "keep": paper.kept is s,
                   **record_fields(s.record, rl.source)}


RECORD_COLUMNS = (*RECORD_FIELDS, "author_list", "title_only", "source")


def _cell(value: object) -> object:
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return "; ".join(value)
    return "" if value is None else value


def render_export_jsonl(report: ExportReport, style: Style = Style()) -> Output:
    """One JSON object per snippet per line (no header: counts are the line count)."""
    return [json_line(r) for r in _records(report)]


def render_export_json(report: ExportReport, style: Style = Style()) -> Output:
    """``{"snippets": [...], "totals": {...}, "warnings": [...]}``."""
    totals = {"lists": len(report.lists), "snippets": sum(len(rl.snippets) for rl in report.lists),
              "papers": len(report.grouping.papers), "in_several_lists": report.grouping.in_several_lists}
    return json_pieces_of_items("snippets", _records(report),
                                {"totals": totals, "warnings": warnings_json(report.warnings)})


def render_export_csv(report: ExportReport, style: Style = Style()) -> Output:
    """One row per snippet; tags joined with ``;``."""
    header = ["path", "line", "index", "seed_title", "text", "truncated", "tags", "paper", "keep", *RECORD_COLUMNS]
    rows = ([r["path"], r["line"], r["index"], r["seed_title"] or "", r["text"], str(r["truncated"]).lower(),
             ";".join(r["tags"]), r["paper"], str(r["keep"]).lower(),  # type: ignore[arg-type]
             *(_cell(r[c]) for c in RECORD_COLUMNS)] for r in _records(report))
    return csv_lines(header, rows, style.csv_raw)


def _seeds(report: ExportReport) -> dict[str, str | None]:
    return {rl.path: rl.seed_title for rl in report.lists}


def render_export_ris(report: ExportReport, style: Style = Style()) -> str:
    """One RIS entry per paper (its copies merged), in order of first appearance."""
    return render_ris(report.grouping.papers, _seeds(report))


def render_export_bibtex(report: ExportReport, style: Style = Style()) -> str:
    """One BibTeX entry per paper (its copies merged), in order of first appearance."""
    return render_bibtex(report.grouping.papers, _seeds(report))


EXPORT_RENDERERS: dict[str, Callable[[ExportReport, Style], Output]] = {
    "jsonl": render_export_jsonl,
    "json": render_export_json,
    "csv": render_export_csv,
    "ris": render_export_ris,
    "bibtex": render_export_bibtex,
}
