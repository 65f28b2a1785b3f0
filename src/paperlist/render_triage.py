"""Triage reading list -> text in each output format (pure)."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from paperlist.tags import TagMatcher
from paperlist.textfmt import md_escape, shorten, table, to_csv, to_json
from paperlist.triage import RULE, Paper


def _bold_focus(text: str, focus_rules: TagMatcher | None, focus: Sequence[str]) -> str:
    """Markdown-escape the text and put in bold each word that triggers a focus tag."""
    escaped = md_escape(text)
    if not focus_rules or not focus:
        return escaped
    words = re.findall(r"[^\W_]+", text)
    hits = {w for w in set(words) if set(focus_rules.tag(w)) & set(focus)}
    if not hits:
        return escaped
    pattern = re.compile(r"(?<![^\W_])(" + "|".join(sorted(map(re.escape, hits), key=len, reverse=True)) + r")(?![^\W_])")
    return pattern.sub(r"**\1**", escaped)


def triage_document(papers: Sequence[Paper], total: int, focus: Sequence[str]) -> dict[str, object]:
    """The JSON document of ``triage``."""
    return {
        "papers": [{"rank": p.rank, "text": p.text, "truncated": p.truncated,
                    "lists": list(p.seed_titles), "list_paths": list(p.lists),
                    "occurrences": [{"path": path, "line": line} for path, line in p.occurrences],
                    "tags": list(p.tags), "focus_tags": list(p.focus),
                    "score": {"lists": len(p.lists), "focus": len(p.focus)}} for p in papers],
        "rule": RULE,
        "totals": {"papers": len(papers), "distinct_papers": total,
                   "in_several_lists": sum(len(p.lists) >= 2 for p in papers), "focus": list(focus)},
    }


def _titles(paper: Paper) -> str:
    return "; ".join(t or "(no seed title)" for t in paper.seed_titles)


def render_triage_markdown(papers: Sequence[Paper], total: int, focus: Sequence[str],
                           focus_rules: TagMatcher | None = None, width: int = 80) -> str:
    """A checklist grouped into "in several lists" and "in one list"."""
    lines = ["# Reading list", "", f"{len(papers)} of {total} distinct papers, {RULE}."]
    sections = (("In several lists", [p for p in papers if len(p.lists) >= 2]),
                ("In one list", [p for p in papers if len(p.lists) < 2]))
    for title, entries in sections:
        if not entries:
            continue
        lines += ["", f"## {title}", ""]
        for p in entries:
            tags = ", ".join(f"**{md_escape(t)}**" if t in p.focus else md_escape(t) for t in p.tags)
            lines.append(f"- [ ] {p.rank}. {_bold_focus(p.text, focus_rules, focus)}")
            lines.append(f"  - lists: {md_escape(_titles(p))}")
            lines.append(f"  - tags: {tags or 'untagged'}")
            lines.append("  - at: " + ", ".join(f"`{path}:{line}`" for path, line in p.occurrences))
    return "\n".join(lines) + "\n"


def render_triage_text(papers: Sequence[Paper], total: int, focus: Sequence[str],
                       focus_rules: TagMatcher | None = None, width: int = 80) -> str:
    """One aligned row per paper: rank, lists, focus tags, text."""
    rows = [["RANK", "LISTS", "FOCUS", "TEXT"]]
    rows += [[str(p.rank), str(len(p.lists)), str(len(p.focus)), p.text] for p in papers]
    lines = [f"{len(papers)} of {total} distinct papers, {RULE}.", ""]
    lines += [shorten(line, width) for line in table(rows, right=(0, 1, 2))]
    return "\n".join(lines) + "\n"


def render_triage_json(papers: Sequence[Paper], total: int, focus: Sequence[str],
                       focus_rules: TagMatcher | None = None, width: int = 80) -> str:
    """The JSON document."""
    return to_json(triage_document(papers, total, focus))


def render_triage_csv(papers: Sequence[Paper], total: int, focus: Sequence[str],
                      focus_rules: TagMatcher | None = None, width: int = 80) -> str:
    """One row per paper; lists, occurrences and tags joined with ``;``."""
    header = ["rank", "lists", "focus", "text", "seed_titles", "occurrences", "tags"]
    rows = [[p.rank, len(p.lists), len(p.focus), p.text, ";".join(t or "" for t in p.seed_titles),
             ";".join(f"{path}:{line}" for path, line in p.occurrences), ";".join(p.tags)] for p in papers]
    return to_csv(header, rows)


TRIAGE_RENDERERS: dict[str, Callable[..., str]] = {
    "markdown": render_triage_markdown,
    "text": render_triage_text,
    "json": render_triage_json,
    "csv": render_triage_csv,
}
