"""Triage reading list -> text in each output format (pure)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import NamedTuple

from paperlist.match.identity import snippet_fingerprint
from paperlist.match.names import split_authors
from paperlist.match.papers import merged_record, shows_text
from paperlist.model import NO_ENTRIES, Paper, Record, paper_ref
from paperlist.render.references import render_bibtex, render_ris
from paperlist.render.terminal import terminal_safe, wrap
from paperlist.render.textfmt import (
    READABLE_PAPERS,
    Style,
    md_escape,
    md_link,
    places,
    plural,
    record_fields,
    to_csv,
    to_json,
)
from paperlist.reports.triage import Entry, Relevance, focus_words, ranking_rule
from paperlist.tagging.tags import TagMatcher

TEXT_LINES = 4  # lines of each paper's text in the text view


class TriageReport(NamedTuple):
    """The ranked entries and what the run knows about all papers and lists."""

    entries: Sequence[Entry]
    papers: int
    in_several_lists: int
    focus: Sequence[str]
    titles: dict[str, str | None]
    names: dict[str, str]
    focus_rules: TagMatcher | None = None
    notes: Mapping[int, str] = NO_ENTRIES  # paper id -> what a collection knows of it
    # Collection views: each paper's lasting id (None: not in the collection yet), its mark, and how many papers
    # the marks hide. None for a run over PATHs, whose numbers last only that run.
    ids: dict[int, int | None] | None = None
    marks: Mapping[int, str] = NO_ENTRIES
    hidden: int = 0
    headline: str | None = None  # what the command says first, where it has more to say (``new``)
    order: Relevance | None = None  # how papers are ranked beyond focus tags; None: by lists, then first appearance
    explain: bool = False  # text: the terms that weigh most for each paper
    whole: bool = False  # text and markdown show every entry (--top given), not the first READABLE_PAPERS

    @property
    def readable(self) -> Sequence[Entry]:
        """The entries a text or Markdown view shows."""
        return self.entries if self.whole else self.entries[:READABLE_PAPERS]

    def rest(self) -> str | None:
        """The sentence that ends a text view cut to what a person can read."""
        more = len(self.entries) - len(self.readable)
        how = "--top N shows the first N, --format csv lists them all."
        return f"... and {plural(more, 'more paper')} ranked below these: {how}" if more else None

    @property
    def rule(self) -> str:
        """The ranking rule in words, marks first when a paper is marked want."""
        rule = ranking_rule(self.focus, self.order)
        if any(mark == "want" for mark in self.marks.values()):
            return "papers marked want first, then " + rule
        return rule

    def paper_id(self, paper: Paper) -> int | None:
        """The id to show: the collection's, or this run's number."""
        return paper.id if self.ids is None else self.ids.get(paper.id)

    def number(self, entry: Entry) -> str:
        """What leads an entry in a text view: in a collection view the paper's id, the number ``mark`` takes
        (a rank there would be read as one), or a bullet for a paper not added yet; else its rank."""
        if self.ids is None:
            return f"{entry.rank}."
        stored = self.ids.get(entry.paper.id)
        return paper_ref(stored) if stored is not None else "•"

    def label(self, paper: Paper) -> str:
        """How a text view names a paper: its lasting id, or for one not yet added the fingerprint that
        ``mark`` and ``not-same`` accept once it is; nothing for a run's own numbers."""
        if self.ids is None:
            return ""
        stored = self.ids.get(paper.id)
        return paper_ref(stored) if stored is not None else f"fingerprint {snippet_fingerprint(paper.kept)}"


def _bold_focus(text: str, report: TriageReport) -> str:
    """Markdown-escape the text and put in bold each word that triggers a focus tag."""
    escaped = md_escape(text)
    hits = focus_words([text], report.focus, report.focus_rules.tag) if report.focus_rules else set()
    if not hits:
        return escaped
    pattern = re.compile(r"(?<![^\W_])(" + "|".join(sorted(map(re.escape, hits), key=len, reverse=True)) + r")(?![^\W_])")
    return pattern.sub(r"**\1**", escaped)


def _score(entry: Entry, report: TriageReport) -> dict[str, object]:
    score: dict[str, object] = {"focus": len(entry.focus), "lists": len(entry.paper.lists)}
    if entry.score is not None:
        score["relevance" if report.order and report.order.learned else "seed_likeness"] = round(entry.score, 4)
    return score


def _score_text(entry: Entry, report: TriageReport) -> str:
    lists = plural(len(entry.paper.lists), "list")
    focus = plural(len(entry.focus), "focus tag")
    score = f"{focus}, {lists}" if report.focus else lists
    if entry.score is not None and report.order and report.order.learned:
        score = f"relevance {entry.score:.3f}, {score}"
    label = report.label(entry.paper)
    return f"{score} · {label}" if label else score


def triage_document(report: TriageReport) -> dict[str, object]:
    """The JSON document of ``triage``."""
    papers = []
    for e in report.entries:
        p = e.paper
        papers.append({"rank": e.rank, "paper": report.paper_id(p), "fingerprint": snippet_fingerprint(p.kept),
                       "mark": report.marks.get(p.id), "text": p.kept.text, "truncated": p.kept.truncated,
                       "lists": [report.titles.get(path) for path in p.lists], "list_paths": list(p.lists),
                       "occurrences": [{"path": m.path, "line": m.line} for m in p.members],
                       "tags": list(p.tags), "focus_tags": list(e.focus), "score": _score(e, report),
                       "why": list(e.why),
                       **record_fields(merged_record(p)), "seen": report.notes.get(p.id)})
    return {"papers": papers, "rule": report.rule,
            "totals": {"papers": len(papers), "distinct_papers": report.papers,
                       "in_several_lists": report.in_several_lists, "focus": list(report.focus),
                       "hidden_by_marks": report.hidden, "ids": "run" if report.ids is None else "collection"}}


def _headline(report: TriageReport) -> str:
    shown = len(report.readable)
    hidden = f"; {report.hidden} marked read or skip not shown (--all shows them)" if report.hidden else ""
    head = report.headline or (f"{shown} of {plural(report.papers, 'paper')} shown "
                               f"({report.in_several_lists} in two or more lists){hidden}")
    return f"{head}, {report.rule}." if shown else f"{head}."


SHOWN_LISTS = 3  # a paper in more lists shows how many, the first few, and "+N more": the paper comes first


SHORT_TITLE = 40  # columns of each seed title when a paper is in more lists than SHOWN_LISTS


def _brief(items: list[str], separator: str = "; ") -> str:
    if len(items) <= SHOWN_LISTS:
        return separator.join(items)
    first = [item if len(item) <= SHORT_TITLE else item[:SHORT_TITLE - 1].rstrip() + "…" for item in items[:SHOWN_LISTS]]
    return separator.join(first) + f"{separator}and {len(items) - SHOWN_LISTS} more ({len(items)} in all)"


def _titles(entry: Entry, report: TriageReport) -> str:
    return "; ".join(report.titles.get(path) or "(no seed title)" for path in entry.paper.lists)


def _places(entry: Entry, report: TriageReport) -> str:
    return ", ".join(places(entry.paper.members, lambda path: report.names.get(path, path)))


def _md_item(prefix: str, text: str, indent: str, width: int) -> list[str]:
    """A Markdown list line wrapped to the width; continuation lines indented into the item."""
    lines = wrap(text, max(20, width - len(prefix)), break_long=False)
    return [prefix + lines[0]] + [indent + line for line in lines[1:]]


def render_triage_markdown(report: TriageReport, style: Style = Style()) -> str:
    """A checklist grouped into "in several lists" and "in one list", wrapped to the width."""
    width = style.width
    lines = ["# Reading list", ""] + wrap(md_escape(_headline(report)), width, break_long=False)
    sections = (("In several lists", [e for e in report.readable if len(e.paper.lists) >= 2]),
                ("In one list", [e for e in report.readable if len(e.paper.lists) < 2]))
    for title, entries in sections:
        if not entries:
            continue
        lines += ["", f"## {title}", ""]
        for e in entries:
            tags = ", ".join(f"**{md_escape(t)}**" if t in e.focus else md_escape(t) for t in e.paper.tags)
            record = merged_record(e.paper)
            number = report.number(e)
            head = f"- [{'x' if report.marks.get(e.paper.id) == 'read' else ' '}] " + ("" if number == "•" else f"{number} ")
            if record and record.title:
                title = f"**{md_link(record.title, record.url)}**" + (f" ({md_escape(record.year)})" if record.year else "")
                lines += _md_item(head, title, "  ", width)
                if shows_text(record):
                    lines += _md_item("  ", _bold_focus(e.paper.kept.text, report), "  ", width)
                if record.authors:
                    lines += _md_item("  - by: ", md_escape(record.authors), "    ", width)
            else:
                lines += _md_item(head, _bold_focus(e.paper.kept.text, report), "  ", width)
            fields = [("lists", md_escape(_titles(e, report))), ("tags", tags or "untagged"),
                      ("at", md_escape(_places(e, report)))]
            if e.paper.id in report.notes:
                fields.append(("seen", md_escape(report.notes[e.paper.id])))
            if e.paper.id in report.marks:
                fields.append(("mark", report.marks[e.paper.id]))
            fields.append(("score", _score_text(e, report)))
            if report.explain:
                fields.append(("why", md_escape(_why(e, report))))
            for label, value in fields:
                lines += _md_item(f"  - {label}: ", value, "    ", width)
    if rest := report.rest():
        lines += [""] + wrap(md_escape(rest), width, break_long=False)
    return "\n".join(lines) + "\n"


def _field(label: str, value: str, indent: str, style: Style) -> list[str]:
    """``label: value`` wrapped under the value, all lines starting at ``indent``."""
    lead = f"{indent}{label}: "
    lines = wrap(terminal_safe(value), style.width - len(lead))
    return [lead + lines[0]] + [" " * len(lead) + line for line in lines[1:]]


def render_triage_text(report: TriageReport, style: Style = Style()) -> str:
    """Numbered entries: the paper's text wrapped (up to 4 lines), then its lists, tags, places and score."""
    lines = wrap(_headline(report), style.width)
    number_width = max((len(report.number(e)) for e in report.readable), default=1) + 1
    indent = " " * number_width
    for e in report.readable:
        record = merged_record(e.paper)
        body = []
        if record and record.title:
            title = record.title + (f" ({record.year})" if record.year else "")
            body += [style.paint(line, "head") for line in wrap(terminal_safe(title), style.width - number_width)]
            byline = " · ".join(v for v in (record.authors, record.venue) if v)
            if byline:  # who wrote it, and where: what a reader of an alert or an export looks for first
                body += wrap(terminal_safe(byline), style.width - number_width, 2)
        if shows_text(record):
            body += wrap(terminal_safe(e.paper.kept.text), style.width - number_width, TEXT_LINES)
        lines += ["", report.number(e).ljust(number_width) + body[0]] + [indent + line for line in body[1:]]
        if record and record.url:
            lines += _field("link", record.url, indent, style)
        titles = [report.titles.get(path) or "(no seed title)" for path in e.paper.lists]
        lines += _field("lists", _brief(titles), indent, style)
        tags = ", ".join(e.paper.tags) or "untagged"
        tag_lines = _field("tags", tags, indent, style)
        lines += [style.paint(line, "tag") if style.color else line for line in tag_lines]
        lines += _field("at", _brief(places(e.paper.members, lambda path: report.names.get(path, path)), ", "),
                        indent, style)
        if e.paper.id in report.notes:
            lines += _field("seen", report.notes[e.paper.id], indent, style)
        if e.paper.id in report.marks:
            lines += _field("mark", report.marks[e.paper.id], indent, style)
        lines += _field("score", _score_text(e, report), indent, style)
        if report.explain:
            lines += _field("why", _why(e, report), indent, style)
    if rest := report.rest():
        lines += [""] + wrap(rest, style.width)
    return "\n".join(lines) + "\n"


def _why(entry: Entry, report: TriageReport) -> str:
    """The terms that weigh most for a paper, or why there are none."""
    if entry.why:
        return ", ".join(entry.why)
    if report.order and report.order.learned:
        return "no term it shares with the papers marked want or read"
    return "no term it shares with the seed titles of its lists"


def render_triage_json(report: TriageReport, style: Style = Style()) -> str:
    """The JSON document."""
    return to_json(triage_document(report))


def render_triage_csv(report: TriageReport, style: Style = Style()) -> str:
    """One row per paper; lists, occurrences and tags joined with ``;``."""
    header = ["rank", "paper", "focus", "lists", "text", "seed_titles", "occurrences", "tags", "title", "authors",
              "year", "doi", "url", "mark", "fingerprint", "relevance", "why", "source_id", "author_list"]
    rows = []
    for e in report.entries:
        record = merged_record(e.paper) or Record()
        rows.append([e.rank, report.paper_id(e.paper), len(e.focus), len(e.paper.lists), e.paper.kept.text,
                     ";".join(report.titles.get(path) or "" for path in e.paper.lists),
                     ";".join(f"{m.path}:{m.line}" for m in e.paper.members), ";".join(e.paper.tags),
                     record.title or "", record.authors or "", record.year or "", record.doi or "", record.url or "",
                     report.marks.get(e.paper.id, ""), snippet_fingerprint(e.paper.kept),
                     "" if e.score is None else round(e.score, 4), ";".join(e.why), record.source_id or "",
                     ";".join(split_authors(record.authors)[0])])
    return to_csv(header, rows, style.csv_raw)


def render_triage_ris(report: TriageReport, style: Style = Style()) -> str:
    """One RIS entry per paper, in reading order: for Zotero, JabRef or EndNote."""
    return render_ris([e.paper for e in report.entries], report.titles)


def render_triage_bibtex(report: TriageReport, style: Style = Style()) -> str:
    """One BibTeX entry per paper, in reading order."""
    return render_bibtex([e.paper for e in report.entries], report.titles)


TRIAGE_RENDERERS: dict[str, Callable[[TriageReport, Style], str]] = {
    "markdown": render_triage_markdown,
    "text": render_triage_text,
    "json": render_triage_json,
    "csv": render_triage_csv,
    "ris": render_triage_ris,
    "bibtex": render_triage_bibtex,
}
