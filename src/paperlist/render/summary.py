"""Summary -> text in each output format (pure)."""

from __future__ import annotations

from collections.abc import Callable

from paperlist.render.terminal import cut, terminal_safe, wrap
from paperlist.render.textfmt import (
    Style,
    bar,
    md_escape,
    plural,
    table,
    to_csv,
    to_json,
    warnings_json,
)
from paperlist.reports.summary import ListSummary, Summary

COUNT_NOTE = ("papers are snippets joined as exact, cut or near duplicates; "
              "tag counts count each paper once (per list: once in that list)")
# Lists read from records (exports, alerts) are joined by their fields too: a DOI, a title, one volume's pages.
RECORDS_NOTE = COUNT_NOTE.replace("near duplicates;", "near duplicates, or by their records (DOI, title, pages);")
TAG_NOTE = "each tag counted at most once per paper"
MATRIX_LISTS = 12  # more lists than this: the overlap is listed as pairs, not a grid


def count_note(summary: Summary) -> str:
    """What a paper and a tag count are, as this summary's lists were joined."""
    return RECORDS_NOTE if any(s.source != "text" for s in summary.lists) else COUNT_NOTE


def summary_document(summary: Summary) -> dict[str, object]:
    """The JSON document of ``summarize``."""
    return {
        "lists": [{"path": s.path, "name": s.name, "seed_title": s.seed_title, "seed_truncated": s.seed_truncated,
                   "snippets": s.snippets, "truncated": s.truncated, "papers": s.papers,
                   "only_here": s.only_here, "tags": s.tags, "source": s.source, "kind": s.kind,
                   "distinctive": list(s.distinctive)}
                  for s in summary.lists],
        "totals": {**summary.totals, "tags_counted": TAG_NOTE},
        "overlap": summary.overlap,
        "terms": [{"term": term, "papers": n, "snippets": n} for term, n in summary.terms],
        "warnings": warnings_json(summary.warnings),
    }


def _headline(summary: Summary) -> str:
    t = summary.totals
    return (f"{plural(t['lists'], 'list')}, {plural(t['snippets'], 'snippet')}, {plural(t['papers'], 'paper')}, "
            f"{t['in_several_lists']} in two or more lists, {plural(t['untagged'], 'paper')} untagged")


def _top_tags(tags: dict[str, int], limit: int = 3) -> str:
    return ", ".join(f"{tag}\u00a0{n}" for tag, n in list(tags.items())[:limit])


def _list_rows(summary: Summary, style: Style) -> list[str]:
    """One row per list led by its seed title, wrapped; its name and top tags below."""
    wide = style.width >= 64
    header = ["#", "SEED TITLE", "SNIPPETS" if wide else "SNIP", "PAPERS", "ONLY HERE" if wide else "ONLY"]
    numbers = [[str(n), str(s.snippets), str(s.papers), str(s.only_here)] for n, s in enumerate(summary.lists, 1)]
    widths = [max(len(row[c]) for row in numbers + [[header[0]] + header[2:]]) for c in range(4)]
    title_width = max(10, style.width - widths[0] - 2 - sum(w + 2 for w in widths[1:]))
    lead = " " * (widths[0] + 2)

    def row(cells: list[str], title: str) -> str:
        right = "".join("  " + cell.rjust(w) for cell, w in zip(cells[1:], widths[1:]))
        return f"{cells[0].rjust(widths[0])}  {title.ljust(title_width)}{right}".rstrip()

    lines = [style.paint(row([header[0]] + header[2:], "SEED TITLE"), "head")]
    for cells, s in zip(numbers[:LIST_ROWS], summary.lists):
        title_lines = wrap(terminal_safe(s.seed_title or "(no seed title)"), title_width)
        lines.append(row(cells, title_lines[0]))
        lines += [lead + line for line in title_lines[1:]]
        about = terminal_safe(s.name) + (f" · {s.kind} alert" if s.kind else "")
        about += " · " + terminal_safe(_top_tags(s.tags)) if s.tags else ""
        lines += [lead + style.paint(line, "dim") for line in wrap(about, style.width - len(lead))]
        if s.distinctive:
            lines += [lead + line for line in wrap("distinctive: " + terminal_safe(", ".join(s.distinctive)),
                                                   style.width - len(lead))]
    more = len(summary.lists) - LIST_ROWS
    if more > 0:  # a screenful a list: years of alerts as lists would print for pages and pages
        lines += wrap(f"... and {more:,} more lists (--format json or csv lists every one)", style.width)
    return lines


def _tag_lines(summary: Summary, style: Style) -> list[str]:
    tags = summary.totals["tags"]
    assert isinstance(tags, dict)
    lines = [""] + [style.paint(line, "head") for line in wrap(f"Tags ({TAG_NOTE}):", style.width)]
    if not tags:
        return lines + ["(no paper matched a tag rule)"]
    name_width = min(max(len(terminal_safe(tag)) for tag in tags), max(8, style.width // 3))
    count_width = max(len(str(n)) for n in tags.values())
    bar_width = style.width - name_width - count_width - 4
    most = max(tags.values())
    for tag, n in tags.items():
        name = cut(terminal_safe(tag), name_width).ljust(name_width)
        lines.append(f"{style.paint(name, 'tag')}  {n:>{count_width}}  {bar(n, most, bar_width)}".rstrip())
    return lines


LIST_ROWS = 50  # lists the text view shows one by one; the totals, tags and overlap count them all
SHORT_TITLE = 36  # columns of a seed title where a line names two lists


def _label(s: ListSummary, width: int) -> str:
    """How a person knows a list: its seed title (short), else its file's name."""
    return cut(terminal_safe(s.seed_title or s.name), width)


def _overlap_pairs(summary: Summary, style: Style) -> list[str]:
    number = {s.path: n for n, s in enumerate(summary.lists, 1)}
    names = {s.path: f"#{number[s.path]} {_label(s, SHORT_TITLE)}" for s in summary.lists}
    pairs = sorted(summary.overlap, key=lambda o: (-o["shared"], o["a"], o["b"]))[:MATRIX_LISTS]
    if not pairs:
        return ["", "No paper appears in two lists."]
    heading = wrap(f"Overlap (the {len(pairs)} list pairs sharing most papers; #n is the list's row above):", style.width)
    lines = [""] + [style.paint(line, "head") for line in heading]
    width = max(len(str(o["shared"])) for o in pairs)
    for o in pairs:
        text = wrap(f"{names[o['a']]} ~ {names[o['b']]}", style.width - width - 2)
        lines.append(f"{str(o['shared']).rjust(width)}  {text[0]}")
        lines += [" " * (width + 2) + line for line in text[1:]]
    return lines


def _overlap_lines(summary: Summary, style: Style) -> list[str]:
    """A list x list grid when it fits the width, else the pairs that share most."""
    lists = summary.lists
    if len(lists) < 2:
        return []
    shared = {(o["a"], o["b"]): o["shared"] for o in summary.overlap}
    number_width = len(str(len(lists)))
    cell = max([len(str(n)) for n in shared.values()] + [number_width, 1])
    name_width = style.width - number_width - 1 - (cell + 2) * len(lists)
    if len(lists) > MATRIX_LISTS or name_width < 8:
        return _overlap_pairs(summary, style)
    grid = [[""] + [str(n) for n in range(1, len(lists) + 1)]]
    for n, a in enumerate(lists, 1):
        label = f"{str(n).rjust(number_width)} {_label(a, name_width)}"
        grid.append([label] + ["-" if a is b else str(shared.get((a.path, b.path), shared.get((b.path, a.path), 0)))
                               for b in lists])
    heading = wrap("Overlap (papers two lists share; rows name the lists):", style.width)
    return [""] + [style.paint(line, "head") for line in heading] + table(grid, right=range(1, len(lists) + 1))


def render_summary_text(summary: Summary, style: Style = Style()) -> str:
    """For people: a row per list, a bar per tag, the overlap grid; every line fits ``style.width``."""
    lines = wrap(_headline(summary), style.width) + [style.paint(line, "dim")
                                                      for line in wrap(f"({count_note(summary)})", style.width)]
    lines += [""] + _list_rows(summary, style) + _tag_lines(summary, style) + _overlap_lines(summary, style)
    if summary.terms:
        lines += [""] + [style.paint(line, "head") for line in wrap("Frequent terms (papers containing them):",
                                                                       style.width)]
        count_width = max(len(str(n)) for _, n in summary.terms)
        lines += [f"{str(n).rjust(count_width)}  {cut(terminal_safe(term), style.width - count_width - 2)}"
                  for term, n in summary.terms]
    return "\n".join(lines) + "\n"


def render_summary_json(summary: Summary, style: Style = Style()) -> str:
    """The JSON document."""
    return to_json(summary_document(summary))


def render_summary_csv(summary: Summary, style: Style = Style()) -> str:
    """One row per list plus a final ``TOTAL`` row; tags as ``tag=n`` pairs."""
    def tag_cell(tags: dict[str, int]) -> str:
        return ";".join(f"{tag}={n}" for tag, n in tags.items())
    rows = [[s.path, s.name, s.seed_title or "", s.snippets, s.truncated, s.papers, s.only_here, tag_cell(s.tags)]
            for s in summary.lists]
    t = summary.totals
    rows.append(["TOTAL", "", "", t["snippets"], t["truncated"], t["papers"], "", tag_cell(t["tags"])])  # type: ignore[arg-type]
    return to_csv(["path", "name", "seed_title", "snippets", "truncated", "papers", "only_here", "tags"], rows,
                  style.csv_raw)


def _markdown_row(n: int, s: ListSummary) -> str:
    return (f"| {n} | {md_escape(s.seed_title or '(no seed title)')} | {md_escape(s.name)} | {s.snippets} | "
            f"{s.papers} | {s.only_here} | {md_escape(_top_tags(s.tags) or '-')} | "
            f"{md_escape(', '.join(s.distinctive) or '-')} |")


def render_summary_markdown(summary: Summary, style: Style = Style()) -> str:
    """A Markdown report with a list table, a tag table, the overlap and the terms."""
    lines = ["# Reading lists summary", "", _headline(summary) + ".", "", f"_{md_escape(count_note(summary))}._", "",
             "| # | seed title | list | snippets | papers | only here | top tags | distinctive terms |",
             "|---:|---|---|---:|---:|---:|---|---|"]
    lines += [_markdown_row(n, s) for n, s in enumerate(summary.lists, 1)]
    lines += ["", f"## Tags ({TAG_NOTE})", "", "| tag | papers |", "|---|---:|"]
    lines += [f"| {md_escape(tag)} | {n} |" for tag, n in summary.totals["tags"].items()]  # type: ignore[union-attr]
    names = {s.path: md_escape(s.name) for s in summary.lists}
    lines += ["", "## Overlap", ""]
    lines += ([f"- {names[o['a']]} and {names[o['b']]}: {o['shared']} shared" for o in summary.overlap]
              or ["No paper appears in two lists."])
    if summary.terms:
        lines += ["", "## Frequent terms", ""] + [f"- {md_escape(term)}: {n}" for term, n in summary.terms]
    return "\n".join(lines) + "\n"


SUMMARY_RENDERERS: dict[str, Callable[[Summary, Style], str]] = {
    "text": render_summary_text,
    "json": render_summary_json,
    "csv": render_summary_csv,
    "markdown": render_summary_markdown,
}
