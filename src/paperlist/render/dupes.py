"""Duplicate groups -> text in each output format (pure)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import NamedTuple

from paperlist.match.identity import snippet_fingerprint
from paperlist.match.papers import Grouping
from paperlist.model import (
    KIND_ORDER,
    NO_ENTRIES,
    Diagnostic,
    DuplicateGroup,
    paper_ref,
)
from paperlist.render.terminal import cut, terminal_safe, wrap, wrap_tokens
from paperlist.render.textfmt import (
    READABLE_GROUPS,
    Output,
    Style,
    csv_lines,
    json_pieces_of_items,
    md_escape,
    places,
    plural,
    record_fields,
    warnings_json,
)
from paperlist.render.worddiff import MAX_DIFF_WORDS, diff_words, marked, word_diff

KINDS = tuple(KIND_ORDER)
SECTION_TITLES = {"exact": "Exact copies", "truncation": "Cut at another length",
                  "identifier": "Same DOI, Scholar id or database id", "title": "Same title",
                  "pages": "Same volume and pages", "near": "Re-worded",
                  "maybe": "Maybe the same paper"}
OPEN, CLOSE, ROLES = {"-": "[-", "+": "{+"}, {"-": "-]", "+": "+}"}, {"=": "", "-": "del", "+": "ins"}
TEXT_LINES = 3  # lines of the kept text shown per group
PAIRS_SHOWN = 4  # pairs listed per group in the text view


class DupesReport(NamedTuple):
    """What ``paperlist dupes`` prints: the groups shown, the run's papers, and how they were found."""

    groups: list[DuplicateGroup]
    grouping: Grouping
    snippets: int
    threshold: float | None
    maybe: float | None
    explain: bool = False
    warnings: Sequence[Diagnostic] = ()
    names: Mapping[str, str] = NO_ENTRIES
    full_copies: bool = False  # exact copies shown in full, not one line each
    # A collection's view: its paper ids are lasting (shown as p41, with each paper's mark) and each copy is shown
    # with the fingerprint not-same takes.
    collection: bool = False
    marks: Mapping[int, str] = NO_ENTRIES  # paper id -> mark


# What a reader must judge comes first: re-worded and cut copies, maybe pairs, then what records decided, then
# exact copies (nothing to decide).
DECISION_ORDER = {"near": 0, "truncation": 1, "maybe": 2, "pages": 3, "title": 4, "identifier": 5, "exact": 6}


def decision_rank(group: DuplicateGroup) -> int:
    """Where a group stands in the default order: decisions first, exact copies last."""
    return DECISION_ORDER["maybe" if group.tier == "maybe" else group.kind]


def _totals(report: DupesReport) -> dict[str, object]:
    every = report.grouping.groups
    confident = [g for g in every if g.tier == "duplicate"]
    return {
        "snippets": report.snippets,
        "papers": len(report.grouping.papers),
        "in_several_lists": report.grouping.in_several_lists,
        "groups": len(confident),
        "maybe_groups": len(every) - len(confident),
        "duplicate_snippets": sum(len(g.members) - 1 for g in confident),
        "cross_list_groups": sum(len(g.lists) >= 2 for g in confident),
        "by_kind": {kind: sum(g.kind == kind for g in confident) for kind in KINDS},
        "shown_groups": len(report.groups),
        "threshold": report.threshold,
        "maybe": report.maybe,
    }


def _paper_ids(report: DupesReport) -> dict[int, int]:
    return {p.group: p.id for p in report.grouping.papers if p.group is not None}


def _groups_json(report: DupesReport) -> Iterator[dict[str, object]]:
    """Each group as JSON values, made as it is written."""
    paper_ids = _paper_ids(report)
    for g in report.groups:
        members = [{"path": m.path, "line": m.line, "index": m.index, "seed_title": m.seed_title,
                    "text": m.text, "keep": n == g.keep, "fingerprint": snippet_fingerprint(m),
                    **record_fields(m.record)} for n, m in enumerate(g.members)]
        pairs = []
        for p in g.pairs:
            pair: dict[str, object] = {"a": p.a, "b": p.b, "kind": p.kind, "similarity": round(p.similarity, 4)}
            if p.agreed or p.missing:  # a pair of records: the fields that agreed, those one of them lacks
                pair["agreed"], pair["missing"] = list(p.agreed), list(p.missing)
            if report.explain:
                pair["diff"] = word_diff(g.members[p.a].text, g.members[p.b].text)
            pairs.append(pair)
        yield {"id": g.id, "paper": paper_ids.get(g.id), "kind": g.kind, "tier": g.tier,
               "similarity": round(g.similarity, 4), "lists": list(g.lists), "members": members, "pairs": pairs}


def _headline(report: DupesReport) -> str:
    t = _totals(report)
    kinds = ", ".join(f"{n} {kind}" for kind, n in t["by_kind"].items() if n)  # type: ignore[union-attr]
    line = (f"{plural(t['snippets'], 'snippet')}, {plural(t['papers'], 'paper')} ({t['in_several_lists']} in two or "
            "more lists); "
            f"{plural(t['groups'], 'duplicate group')} ({kinds or 'none'}), {t['cross_list_groups']} across lists")
    if report.maybe is not None:
        line += f"; {plural(t['maybe_groups'], 'maybe group')}"
    if t["shown_groups"] != t["groups"] + t["maybe_groups"]:  # type: ignore[operator]
        line += f"; {t['shown_groups']} shown"
    return line


def _rest(report: DupesReport) -> str | None:
    """The sentence after the groups a text view shows, when there are more than a person can read."""
    more = len(report.groups) - READABLE_GROUPS
    return f"... and {plural(more, 'more group')} below these: --format csv lists them all." if more > 0 else None


def _section(group: DuplicateGroup) -> str:
    return "maybe" if group.tier == "maybe" else group.kind


def _diff_lines(a: str, b: str, style: Style, indent: str) -> list[str]:
    ops, shortened = diff_words(terminal_safe(a), terminal_safe(b))
    tokens = []
    for op, words in ops:
        parts = words.split()
        if op != "=":
            parts[0], parts[-1] = OPEN[op] + parts[0], parts[-1] + CLOSE[op]
            if len(parts) == 1:
                parts = [marked(op, words)]
        tokens += [(word, ROLES[op]) for word in parts]
    if shortened:
        tokens.append((f"[diff of the first {MAX_DIFF_WORDS} words only]", "dim"))
    return [indent + " ".join(style.paint(word, role) if role else word for word, role in line)
            for line in wrap_tokens(tokens, style.width - len(indent))]


def _places(g: DuplicateGroup, names: dict[str, str]) -> list[str]:
    """Each copy's place, by its list's short name (its path where the run has none), made safe for a terminal."""
    return places(g.members, lambda path: names.get(path) or terminal_safe(path))


def _exact_line(g: DuplicateGroup, number: int, style: Style, names: dict[str, str], paper: str) -> list[str]:
    """An exact group in brief: where its copies are, and the opening of the text (nothing to decide)."""
    where = ", ".join(_places(g, names))
    text = (f"[{number}] {paper}{plural(len(g.members), 'copy', 'copies')}: {where} · "
            f"{terminal_safe(g.members[g.keep].text)}")
    return wrap(text, style.width, 2)


def _group_lines(g: DuplicateGroup, number: int, style: Style, report: DupesReport, names: dict[str, str],
                 paper: int | None) -> list[str]:
    explain = report.explain
    copies = f"{plural(len(g.members), 'copy', 'copies')} in {plural(len(g.lists), 'list')}"
    head = f"[{number}] {style.paint(g.kind, 'kind')} {g.similarity:.2f} · {copies}"
    if report.collection and paper is not None:
        head += f" · {paper_ref(paper)}" + (f" · marked {report.marks[paper]}" if paper in report.marks else "")
    lines = [head if style.color else cut(head, style.width)]
    title = next((m.record.title for m in (g.members[g.keep], *g.members) if m.record and m.record.title), None)
    if title:
        lines += ["    " + style.paint(line, "head") for line in wrap(terminal_safe(title), style.width - 4)]
    if g.members[g.keep].text != title:  # a record read by its title has no other text
        lines += ["    " + line for line in wrap(terminal_safe(g.members[g.keep].text), style.width - 4, TEXT_LINES)]
    number_width = len(str(len(g.members))) + 1
    where = _places(g, names)
    for n, m in enumerate(g.members, 1):
        mark = f"{n}{'*' if n - 1 == g.keep else ''}".ljust(number_width)
        place = where[n - 1]
        if (report.collection or explain) and g.kind != "exact":  # what not-same takes to split this copy off
            place += f" · {snippet_fingerprint(m)}"
        text = wrap(f"{place} · {terminal_safe(m.seed_title or '(no seed title)')}", style.width - 6 - number_width)
        lines.append(f"    {mark}  {text[0]}")
        lines += [" " * (6 + number_width) + line for line in text[1:]]
    shown = [p for p in g.pairs if explain or p.kind not in ("exact", "identifier", "title")]
    for p in shown[:PAIRS_SHOWN]:
        lines.append(f"    {p.a + 1}~{p.b + 1}  {p.kind} {p.similarity:.2f}")
        if explain and (p.agreed or p.missing):
            why = "agreed: " + (", ".join(p.agreed) or "nothing") + (f"; only one has: {', '.join(p.missing)}"
                                                                    if p.missing else "")
            lines += ["      " + line for line in wrap(why, style.width - 6)]
        if explain:
            lines += _diff_lines(g.members[p.a].text, g.members[p.b].text, style, "      ")
    if len(shown) > PAIRS_SHOWN:
        lines.append(f"    (+{len(shown) - PAIRS_SHOWN} more pairs: --format json lists them all)")
    return lines


def render_dupes_text(report: DupesReport, style: Style = Style()) -> str:
    """A header line, then compact groups by kind: kept text once, each copy as ``name:line`` and seed title."""
    names = {path: terminal_safe(name) for path, name in report.names.items()}
    paper_ids = _paper_ids(report)
    lines = wrap(_headline(report), style.width)
    section = None
    for number, g in enumerate(report.groups[:READABLE_GROUPS], 1):  # numbered in the order shown
        brief = g.kind == "exact" and g.tier == "duplicate" and not report.full_copies
        if _section(g) != section:
            section = _section(g)
            count = sum(_section(other) == section for other in report.groups)
            lines += ["", style.paint(f"{SECTION_TITLES[section]} ({count})", "head")]
            if brief:
                lines += wrap("(one line each; --all shows them in full)", style.width)
        paper = paper_ids.get(g.id)
        ref = f"{paper_ref(paper)}{f' marked {report.marks[paper]}' if paper in report.marks else ''}, " \
            if report.collection and paper is not None else ""
        lines += _exact_line(g, number, style, names, ref) if brief else [""] + _group_lines(g, number, style, report, names,
                                                                                        paper_ids.get(g.id))
    if rest := _rest(report):
        lines += [""] + wrap(rest, style.width)
    if report.groups:
        legend = "* = the copy kept (longest, least truncated); n~m = how two copies match"
        if report.collection or report.explain:
            legend += "; a copy's 16-digit fingerprint is what 'paperlist not-same' takes to split it off"
        lines += [""] + wrap(legend, style.width)
    return "\n".join(lines) + "\n"


def render_dupes_json(report: DupesReport, style: Style = Style()) -> Output:
    """The JSON document."""
    return json_pieces_of_items("groups", _groups_json(report),
                                {"totals": _totals(report), "warnings": warnings_json(report.warnings)})


def render_dupes_csv(report: DupesReport, style: Style = Style()) -> Output:
    """One row per member with its group id; with ``--explain``, each copy's diff against the kept one."""
    paper_ids = _paper_ids(report)
    header = ["group", "paper", "kind", "tier", "similarity", "keep", "path", "line", "index", "seed_title",
              "fingerprint", "text"] + (["diff_from_kept"] if report.explain else [])
    rows = []
    for g in report.groups:
        kept = g.members[g.keep].text
        for n, m in enumerate(g.members):
            row = [g.id, paper_ids.get(g.id, ""), g.kind, g.tier, f"{g.similarity:.4f}", str(n == g.keep).lower(),
                   m.path, m.line, m.index, m.seed_title or "", snippet_fingerprint(m), m.text]
            if report.explain:
                row.append("" if n == g.keep else word_diff(kept, m.text))
            rows.append(row)
    return csv_lines(header, rows, style.csv_raw)


def render_dupes_markdown(report: DupesReport, style: Style = Style()) -> str:
    """A Markdown report: one section per group, members as a list, pairs (and diffs) below."""
    lines = ["# Duplicate snippets", "", md_escape(_headline(report)) + "."]
    for number, g in enumerate(report.groups[:READABLE_GROUPS], 1):
        lines += ["", f"## Group {number}: {g.kind} ({g.tier}, similarity {g.similarity:.2f})", ""]
        if g.kind == "exact" and g.tier == "duplicate" and not report.full_copies:  # one text: shown once
            lines.append(md_escape(g.members[g.keep].text))
            lines += [""] + [f"{n}. {md_escape(f'{m.path}:{m.line}')}" for n, m in enumerate(g.members, 1)]
            continue
        for n, m in enumerate(g.members, 1):
            keep = " **(keep)**" if n - 1 == g.keep else ""
            lines.append(f"{n}. {md_escape(f'{m.path}:{m.line}')}{keep}: {md_escape(m.text)}")
        lines.append("")
        for p in g.pairs:
            why = f" (agreed: {', '.join(p.agreed) or 'nothing'})" if p.agreed or p.missing else ""
            lines.append(f"- {p.a + 1} ~ {p.b + 1}: {p.kind}, {p.similarity:.2f}{md_escape(why)}")
            if report.explain:
                lines.append(f"  - diff: {md_escape(word_diff(g.members[p.a].text, g.members[p.b].text))}")
    if rest := _rest(report):
        lines += ["", md_escape(rest)]
    return "\n".join(lines) + "\n"


DUPES_RENDERERS: dict[str, Callable[[DupesReport, Style], Output]] = {
    "text": render_dupes_text,
    "json": render_dupes_json,
    "csv": render_dupes_csv,
    "markdown": render_dupes_markdown,
}
