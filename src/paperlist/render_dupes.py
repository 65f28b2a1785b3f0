"""Duplicate groups -> text in each output format (pure)."""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field

from paperlist.model import Diagnostic, DuplicateGroup
from paperlist.normalize import fingerprint, match_key
from paperlist.textfmt import md_escape, shorten, to_csv, to_json, warnings_json


@dataclass(frozen=True)
class DupesReport:
    """What ``paperlist dupes`` prints: the groups and how they were found."""

    groups: list[DuplicateGroup]
    snippets: int
    threshold: float | None
    maybe: float | None
    explain: bool = False
    warnings: list[Diagnostic] = field(default_factory=list)


def word_diff(a: str, b: str) -> str:
    """A word-level diff: ``[-removed-]`` and ``{+added+}`` around what changed.

    >>> word_diff("deep nets train slowly", "deep networks train slowly")
    'deep [-nets-] {+networks+} train slowly'
    """
    old, new = a.split(), b.split()
    out: list[str] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if op == "equal":
            out.extend(old[i1:i2])
            continue
        if i2 > i1:
            out.append("[-" + " ".join(old[i1:i2]) + "-]")
        if j2 > j1:
            out.append("{+" + " ".join(new[j1:j2]) + "+}")
    return " ".join(out)


def _totals(report: DupesReport) -> dict[str, object]:
    confident = [g for g in report.groups if g.tier == "duplicate"]
    return {
        "snippets": report.snippets,
        "groups": len(confident),
        "maybe_groups": len(report.groups) - len(confident),
        "duplicate_snippets": sum(len(g.members) - 1 for g in confident),
        "cross_list_groups": sum(len(g.lists) >= 2 for g in confident),
        "by_kind": {kind: sum(g.kind == kind for g in confident) for kind in ("exact", "truncation", "near")},
        "threshold": report.threshold,
        "maybe": report.maybe,
    }


def dupes_document(report: DupesReport) -> dict[str, object]:
    """The JSON document of ``dupes``."""
    groups = []
    for g in report.groups:
        members = [{"path": m.path, "line": m.line, "index": m.index, "seed_title": m.seed_title,
                    "text": m.text, "keep": n == g.keep, "fingerprint": fingerprint(match_key(m.text))}
                   for n, m in enumerate(g.members)]
        pairs = []
        for p in g.pairs:
            pair: dict[str, object] = {"a": p.a, "b": p.b, "kind": p.kind, "similarity": round(p.similarity, 4)}
            if report.explain:
                pair["diff"] = word_diff(g.members[p.a].text, g.members[p.b].text)
            pairs.append(pair)
        groups.append({"id": g.id, "kind": g.kind, "tier": g.tier, "similarity": round(g.similarity, 4),
                       "lists": list(g.lists), "members": members, "pairs": pairs})
    return {"groups": groups, "totals": _totals(report), "warnings": warnings_json(report.warnings)}


def _headline(report: DupesReport) -> str:
    t = _totals(report)
    kinds = ", ".join(f"{n} {kind}" for kind, n in t["by_kind"].items() if n)  # type: ignore[union-attr]
    line = f"{t['groups']} duplicate groups ({kinds or 'none'}) among {t['snippets']} snippets"
    line += f", {t['cross_list_groups']} across lists"
    if report.maybe is not None:
        line += f"; {t['maybe_groups']} maybe groups"
    return line


def render_dupes_text(report: DupesReport, width: int = 80) -> str:
    """Members under each group with ``path:line``, seed title and a shortened text."""
    lines = [_headline(report)]
    for g in report.groups:
        lines += ["", f"group {g.id}: {g.kind}, {g.tier}, similarity {g.similarity:.2f}, "
                      f"{len(g.members)} copies in {len(g.lists)} list{'s' if len(g.lists) != 1 else ''}"]
        for n, m in enumerate(g.members, 1):
            mark = "*" if n - 1 == g.keep else " "
            lines.append(f"  {mark} {n}. {m.path}:{m.line}  [{shorten(m.seed_title or '(no seed title)', 40)}]")
            lines.append("       " + shorten(m.text, max(20, width - 7)))
        for p in g.pairs:
            lines.append(f"    {p.a + 1}~{p.b + 1}  {p.kind} {p.similarity:.2f}")
            if report.explain:
                lines.append("      " + word_diff(g.members[p.a].text, g.members[p.b].text))
    if report.groups:
        lines += ["", "* = the copy to keep (longest, least truncated)"]
    return "\n".join(lines) + "\n"


def render_dupes_json(report: DupesReport, width: int = 80) -> str:
    """The JSON document."""
    return to_json(dupes_document(report))


def render_dupes_csv(report: DupesReport, width: int = 80) -> str:
    """One row per member with its group id."""
    header = ["group", "kind", "tier", "similarity", "keep", "path", "line", "index", "seed_title",
              "fingerprint", "text"]
    rows = [[g.id, g.kind, g.tier, f"{g.similarity:.4f}", str(n == g.keep).lower(), m.path, m.line, m.index,
             m.seed_title or "", fingerprint(match_key(m.text)), m.text]
            for g in report.groups for n, m in enumerate(g.members)]
    return to_csv(header, rows)


def render_dupes_markdown(report: DupesReport, width: int = 80) -> str:
    """A Markdown report: one section per group, members as a list, pairs below."""
    lines = ["# Duplicate snippets", "", _headline(report) + "."]
    for g in report.groups:
        lines += ["", f"## Group {g.id}: {g.kind} ({g.tier}, similarity {g.similarity:.2f})", ""]
        for n, m in enumerate(g.members, 1):
            keep = " **(keep)**" if n - 1 == g.keep else ""
            lines.append(f"{n}. `{m.path}:{m.line}`{keep} — {md_escape(shorten(m.text, 160))}")
        lines.append("")
        lines += [f"- {p.a + 1} ~ {p.b + 1}: {p.kind}, {p.similarity:.2f}" for p in g.pairs]
    return "\n".join(lines) + "\n"


DUPES_RENDERERS: dict[str, Callable[..., str]] = {
    "text": render_dupes_text,
    "json": render_dupes_json,
    "csv": render_dupes_csv,
    "markdown": render_dupes_markdown,
}

