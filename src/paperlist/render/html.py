"""Everything a run knows -> one self-contained HTML report: no network, readable without JavaScript (pure)."""

from __future__ import annotations

import base64
import hashlib
import html
import json
from urllib.parse import quote_plus
from collections.abc import Mapping, Sequence
from typing import NamedTuple
from pathlib import Path

from paperlist.match.identity import snippet_fingerprint
from paperlist.match.normalize import doi_url
from paperlist.match.papers import Grouping, merged_record, shows_text
from paperlist.model import KIND_ORDER, NO_ENTRIES, DuplicateGroup, paper_ref
from paperlist.render.dupes import decision_rank
from paperlist.render.terminal import terminal_safe
from paperlist.render.textfmt import READABLE_GROUPS, READABLE_PAPERS, places, plural, safe_url
from paperlist.render.worddiff import diff_words
from paperlist.reports.summary import Summary
from paperlist.reports.triage import Entry

ASSETS = Path(__file__).parent / "assets"  # the report's script and style sheet, inlined in every report
STATIC_ENTRIES = 200  # entries written as HTML (all of them are in the data the script pages through)
# Besides READABLE_PAPERS and READABLE_GROUPS (of each kind), a page shows a group's first copies and the lists
# table's first rows; each cut says how many more there are and which command lists them all.
REPORT_COPIES = 12
REPORT_LISTS = 500
HEATMAP_LISTS = 100  # readable up to about this many lists
BAR_HEIGHT = 16


class HtmlReport(NamedTuple):
    """What the report shows."""

    summary: Summary
    grouping: Grouping
    entries: Sequence[Entry]
    titles: dict[str, str | None]
    names: dict[str, str]
    rule: str
    focus_words: frozenset[str] = frozenset()
    groups: Sequence[DuplicateGroup] = ()
    marks: Mapping[int, str] = NO_ENTRIES  # a collection's: paper id -> read, skip, want or later
    hidden: int = 0  # papers the marks leave out of the reading list
    collection: bool = False  # entries lead with the paper's id (what `mark` takes) instead of its rank
    against: Mapping[int, tuple[str, ...]] = NO_ENTRIES  # paper id -> terms that count against it
    # An alert e-mail's (or subscription's) list path -> the day each of its messages was sent, by the line the
    # message starts on.
    alerts: Mapping[str, dict[int, str]] = NO_ENTRIES


def h(text: object) -> str:
    """Text from input, safe in HTML: controls shown as escapes, markup characters escaped."""
    return html.escape(terminal_safe(str(text)), quote=True)


def _asset(name: str) -> str:
    return (ASSETS / name).read_text(encoding="utf-8")


def _csp_hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def _json_for_script(document: object) -> str:
    """JSON inside <script type=application/json>: nothing in it can close the element or open a comment."""
    return json.dumps(document, ensure_ascii=True).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


# A duplicate group's kind in plain words, for a count of papers: "2 papers copied word for word".
KIND_WORDS = {"exact": "copied word for word", "truncation": "cut short elsewhere", "identifier": "joined by DOI or id",
              "title": "joined by title", "pages": "joined by volume and pages", "near": "re-worded elsewhere"}


def _overview(report: HtmlReport) -> str:
    """The counts in one line, so that the reading list starts on the first screen, phones included."""
    t = report.summary.totals
    confident = [g for g in report.grouping.groups if g.tier == "duplicate"]
    kinds = {kind: sum(g.kind == kind for g in confident) for kind in KIND_ORDER}
    copies = ", ".join(f"{plural(n, 'paper')} {KIND_WORDS[k]}" for k, n in kinds.items() if n)
    parts = [plural(t["lists"], "list"), plural(t["snippets"], "snippet"),  # type: ignore[arg-type]
             f"{plural(t['papers'], 'paper')}, {t['in_several_lists']} in two or more lists"]  # type: ignore[arg-type]
    if copies:
        parts.append(f"duplicates: {copies}")
    warnings = report.summary.warnings
    parts.append(plural(len(warnings), "warning"))
    out = [f'<p id="overview" class="counts">{" · ".join(h(part) for part in parts)}</p>']
    if warnings:
        out.append("<details><summary>Warnings</summary><ul>")
        out += [f"<li>{h(w.render())}</li>" for w in warnings[:500]]
        out.append("</ul></details>")
    return "".join(out)


MOST_IN_PAPERS = 3  # a "most in" note rests on at least this many of the list's papers


def _most_in(tag: str, report: HtmlReport) -> tuple[str, str]:
    """The list where a tag holds the largest share of papers, when that share rests on MOST_IN_PAPERS papers
    and is above the tag's share overall (what the tag tells apart), as a note and the list's full title."""
    best = max(((s.tags.get(tag, 0) / s.papers, s.tags.get(tag, 0), -n, s) for n, s in enumerate(report.summary.lists)
                if s.papers and s.tags.get(tag, 0) >= MOST_IN_PAPERS), default=None, key=lambda x: x[:3])
    tags = report.summary.totals["tags"]
    papers = int(report.summary.totals["papers"])  # type: ignore[arg-type]
    if best is None or len(report.summary.lists) < 2 or best[0] <= tags.get(tag, 0) / max(papers, 1):  # type: ignore[union-attr]
        return "", ""
    share, count, _, where = best
    title = where.seed_title or report.names.get(where.path, where.path)
    return f"most in {_short(title, 40)} ({count} of {where.papers})", title


def _tag_row(tag: str, n: int, most: int, report: HtmlReport) -> str:
    # One row per tag; the bar is an SVG rect sized in percent (no inline style: the CSP forbids it).
    note, title = _most_in(tag, report)
    tip = f' title="{h(title)}"' if title else ""
    return (f'<div class="tagrow"><span class="bar-label" data-tag="{h(tag)}">{h(tag)}</span>'
            f'<svg class="barbox" height="{BAR_HEIGHT}"><rect class="bar" data-tag="{h(tag)}" x="0" y="0" '
            f'width="{max(0.5, min(100, 100 * n / most)):.1f}%" height="{BAR_HEIGHT}"><title>{h(tag)}: '
            f'{plural(n, "paper")}</title></rect></svg><span class="count">{n}</span>'
            f'<span class="most-in"{tip}>{h(note)}</span></div>')


def _topics(report: HtmlReport) -> str:
    """A bar per tag, with the list it is most concentrated in. Tags found in most papers go apart, below: one
    bar covering half of everything would shrink the others to slivers and tell the lists apart from nothing."""
    tags = report.summary.totals["tags"]
    assert isinstance(tags, dict)
    papers = int(report.summary.totals["papers"])  # type: ignore[arg-type]
    if not tags:
        return '<section id="topics"><h2>Topics</h2><p>No paper matched a tag rule.</p></section>'
    out = ['<section id="topics"><h2>Topics</h2><p class="muted">Papers carrying each tag (a paper counts once), '
           f'and the list each is most concentrated in, where {MOST_IN_PAPERS} papers or more say so. '
           '<span class="js-only hidden">Click a bar to filter the reading list.</span></p>']
    broad = {tag for tag, n in tags.items() if n * 2 > papers} if len(tags) > 1 else set()
    rest = {tag: n for tag, n in tags.items() if tag not in broad}
    most = max(rest.values(), default=max(tags.values()))
    out.append('<div id="tag-chart" role="img" aria-label="tag counts">')
    out += [_tag_row(tag, n, most, report) for tag, n in rest.items()]
    if broad:
        out.append(f'<p class="muted">In more than half of the {plural(papers, "paper")}, so they tell the lists '
                   'apart from nothing:</p>')
        out += [_tag_row(tag, tags[tag], tags[tag], report) for tag in tags if tag in broad]
    return "".join(out) + "</div></section>"


def _heatmap(report: HtmlReport) -> str:
    """Papers two lists share as a table of numbers, rows and columns in the lists table's order; shaded by how
    many (classes: the page's policy allows no inline style). Past HEATMAP_LISTS lists, those that share most."""
    lists = report.summary.lists
    if len(lists) < 2:
        return ""
    shared = {(o["a"], o["b"]): int(o["shared"]) for o in report.summary.overlap}  # type: ignore[arg-type]
    number = {s.path: n for n, s in enumerate(lists, 1)}
    paths = [s.path for s in lists]
    note = ""
    if len(paths) > HEATMAP_LISTS:
        # A grid of a thousand lists is a million cells: show the lists that share most.
        total: dict[str, int] = {}
        for (a, b), n in shared.items():
            total[a] = total.get(a, 0) + n
            total[b] = total.get(b, 0) + n
        paths = sorted(sorted(paths, key=lambda p: (-total.get(p, 0), number[p]))[:HEATMAP_LISTS], key=number.get)
        note = f" Only the {HEATMAP_LISTS} of {len(lists)} lists that share most papers are shown."
    most = max(shared.values(), default=1)
    titles = {s.path: s.seed_title or report.names.get(s.path, s.path) for s in lists}
    out = [f'<h3>Overlap</h3><p class="muted">Papers two lists share; rows and columns are the lists of the table '
           f'below, by number. Tap a number for its two lists.{note}</p>'
           '<div class="scroll matrix-box"><table id="heatmap" class="matrix"><thead><tr><th></th>'
           + "".join(f'<th scope="col" title="{h(titles[p])}">{number[p]}</th>' for p in paths) + "</tr></thead><tbody>"]
    for a in paths:
        cells = []
        for b in paths:
            if a == b:
                cells.append('<td class="self">–</td>')
                continue
            n = shared.get((a, b), shared.get((b, a), 0))
            level = 0 if not n else 1 + min(4, (4 * n) // most)
            cells.append(f'<td class="cell l{level}">{n}</td>')  # its two lists: the headers' titles
        out.append(f'<tr><th scope="row" title="{h(titles[a])}">{number[a]}</th>{"".join(cells)}</tr>')
    return ("".join(out) + '</tbody></table></div><p id="heatmap-note" class="muted" aria-live="polite"></p>'
            + _legend(paths, number, titles))


def _legend(order: Sequence[str], number: dict[str, int], titles: dict[str, str]) -> str:
    """The grid's numbers as seed titles, in the grid's order (short; the full title on hover)."""
    items = "".join(f'<li><b>{number[p]}</b> <span title="{h(titles[p])}">{h(_short(titles[p]))}</span></li>'
                    for p in order)
    return f'<details class="legend"><summary>Which list is which number</summary><ol class="legend">{items}</ol></details>'


def _short(title: str, limit: int = 48) -> str:
    """At most ``limit`` characters, cut after a whole word."""
    if len(title) <= limit:
        return title
    cut = title[:limit].rsplit(" ", 1)[0] if " " in title[:limit] else title[:limit - 1]
    return cut.rstrip(" ,;:-–") + "…"


LIST_TABLE_OPEN = 20  # more lists than this: the table starts folded, below the heatmap


def _lists(report: HtmlReport) -> str:
    many = len(report.summary.lists) > LIST_TABLE_OPEN
    out = ['<section id="lists"><h2>Lists</h2>', _heatmap(report),
           f'<details{"" if many else " open"}><summary>{plural(len(report.summary.lists), "list")}</summary>'
           '<p class="muted scroll-hint">Snippets, file and top tags: scroll the table sideways.</p>'
           '<div class="scroll"><table class="lists"><thead><tr><th class="n">#</th>'
           '<th class="seed">seed title</th><th class="n">papers</th><th class="n">only here</th>'
           '<th class="n">snippets</th><th>list</th><th>top tags</th></tr></thead><tbody>']
    for n, s in enumerate(report.summary.lists[:REPORT_LISTS], 1):
        tags = ", ".join(f"{t} {c}" for t, c in list(s.tags.items())[:3])
        out.append(f'<tr><td class="n">{n}</td><td class="seed">{h(s.seed_title or "(no seed title)")}</td>'
                   f'<td class="n">{s.papers}</td><td class="n">{s.only_here}</td><td class="n">{s.snippets}</td>'
                   f'<td>{h(s.name)}</td><td>{h(tags)}</td></tr>')
    out.append("</tbody></table></div>")
    rest = len(report.summary.lists) - REPORT_LISTS
    if rest > 0:
        out.append(f'<p class="muted cut">and {plural(rest, "more list")}: <code>paperlist summarize --format csv'
                   '</code> on the same input lists them all</p>')
    return "".join(out) + "</details></section>"


def _diff_html(a: str, b: str) -> str:
    ops, shortened = diff_words(a, b)
    parts = [{"=": "{}", "-": "<del>{}</del>", "+": "<ins>{}</ins>"}[op].format(h(words)) for op, words in ops]
    return " ".join(parts) + (" <span class=\"muted\">(first 2,000 words)</span>" if shortened else "")


GROUP_WORDS = {"exact": "word for word", "truncation": "cut short", "identifier": "same DOI or id",
               "title": "same title", "pages": "same volume and pages", "near": "re-worded"}
PAIR_WORDS = {"truncation": "one cut short, alike", "near": "re-worded, alike"}


def _decision(mark: str) -> str:
    """A paper's mark as a decision: a coloured marker with its word, never a tag's grey pill."""
    return f'<span class="decision {h(mark)}">marked {h(mark)}</span>'


def _group(g: DuplicateGroup, report: HtmlReport, paper_of: dict[int, int]) -> str:
    """One group: its copies (an exact group's text once, it is the same), and for cuts and re-wordings a diff."""
    kept = g.members[g.keep]
    exact = g.kind == "exact" and g.tier == "duplicate"
    shown = g.members[:REPORT_COPIES]
    rest = len(g.members) - len(shown)
    more = f" and {plural(rest, 'more copy', 'more copies')}" if rest > 0 else ""
    where_of = places(g.members, lambda path: report.names.get(path, path))
    where = ", ".join(where_of[:len(shown)]) + more
    kind = "maybe the same" if g.tier == "maybe" else GROUP_WORDS[g.kind]
    head = (f'<span class="kind">{h(kind)}</span>{plural(len(g.members), "copy", "copies")}: {h(where)}' if exact else
            f'<span class="kind">{h(kind)}</span>{g.similarity:.2f} · '
            f'{plural(len(g.members), "copy", "copies")} in {plural(len(g.lists), "list")}')
    paper = paper_of.get(g.id)
    if paper is not None:  # what mark takes for the paper, and its mark
        head += f' · <span class="ref">{paper_ref(paper)}</span>' + (
            f' {_decision(report.marks[paper])}' if paper in report.marks else "")
    out = [f'<details class="group" data-group="{g.id}"><summary>{head} · {h(kept.text[:140])}'
           f'{"…" if len(kept.text) > 140 else ""}</summary>']
    out.append(f"<p>{h(kept.text)}</p><ol>" if exact else "<ol>")
    for n, m in enumerate(shown):
        place = where_of[n]
        css = ' class="keep"' if n == g.keep else ""
        text = "" if exact else f"<br>{h(m.text)}"
        # In a collection, each copy's fingerprint: what not-same takes to split it off (exact copies share one).
        ref = f' · <code>{snippet_fingerprint(m)}</code>' if report.collection and not exact else ""
        split = ""
        if report.collection and not exact and n != g.keep:  # the command that splits this copy off, to copy
            kept_fp, this_fp = snippet_fingerprint(kept), snippet_fingerprint(m)
            if kept_fp != this_fp:
                split = f'<br><span class="muted">not the same paper?</span> <code>paperlist not-same {kept_fp} {this_fp}</code>'
        out.append(f'<li{css} data-place="{h(m.path)}:{m.line}">{h(place)}{ref} · '
                   f'{h(m.seed_title or "(no seed title)")}{text}{split}</li>')
    out.append("</ol>" + (f'<p class="muted cut">{h(more.strip())}: <code>paperlist dupes --explain</code> on '
                          'the same input lists them all</p>' if rest > 0 else ""))
    for p in g.pairs:
        if p.a >= REPORT_COPIES or p.b >= REPORT_COPIES:
            continue
        if p.agreed or p.missing:
            lacking = f"; only one has {', '.join(p.missing)}" if p.missing else ""
            out.append(f'<p class="muted">{p.a + 1}~{p.b + 1} {h(p.kind)}: agreed on '
                       f'{h(", ".join(p.agreed) or "nothing")}{h(lacking)}</p>')
        if p.kind in ("truncation", "near"):
            a, b = p.a, p.b
            if p.kind == "truncation" and len(g.members[a].text) > len(g.members[b].text):
                a, b = b, a  # the shorter copy first: what the longer one has on top is added, not lost
            out.append(f'<p class="muted">{a + 1} and {b + 1}: {h(PAIR_WORDS[p.kind])} {p.similarity:.2f}</p>'
                       f'<p>{_diff_html(g.members[a].text, g.members[b].text)}</p>')
    return "".join(out) + "</details>"


def _duplicates(report: HtmlReport) -> str:
    """Groups that need a decision first, each with its diff; exact copies last, one line each."""
    groups = sorted(report.groups, key=lambda g: (decision_rank(g), g.id))
    decide = [g for g in groups if g.kind != "exact" or g.tier != "duplicate"]
    exact = [g for g in groups if g.kind == "exact" and g.tier == "duplicate"]
    paper_of = {p.group: p.id for p in report.grouping.papers if p.group is not None} if report.collection else {}
    out = [f'<section id="duplicates"><h2>Duplicates</h2><p class="muted">{plural(len(groups), "paper")} seen more '
           'than once; the copy kept is in bold. Open one for its copies and, for cuts and re-wordings, the words '
           'that differ (<ins>only in the second copy</ins>, <del>only in the first</del>).' + (
               " Each group names its paper's id (<code>paperlist mark read p12</code>); to split a copy off, give "
               "its fingerprint and another's: <code>paperlist not-same FP FP</code>." if report.collection else "")
           + '</p>']
    if decide:
        out.append(f"<h3>{plural(len(decide), 'paper')} to look at: cut short or re-worded elsewhere, or joined by "
                   "their records</h3>")
        out += [_group(g, report, paper_of) for g in decide[:READABLE_GROUPS]] + _more_groups(len(decide))
    if exact:
        out.append(f'<h3>{plural(len(exact), "paper")} copied word for word: nothing to decide</h3>')
        out += [_group(g, report, paper_of) for g in exact[:READABLE_GROUPS]] + _more_groups(len(exact))
    return "".join(out) + "</section>"


def _more_groups(count: int) -> list[str]:
    rest = count - READABLE_GROUPS
    return [f'<p class="muted cut">and {plural(rest, "more paper")} of this kind: <code>paperlist dupes</code> on the '
            'same input lists them all</p>'] if rest > 0 else []


SEARCH = "https://scholar.google.com/scholar?q="  # a link only: the page loads nothing from the network


def _paper_data(entry: Entry, report: HtmlReport) -> dict[str, object]:
    p = entry.paper
    record = merged_record(p)
    byline = " · ".join(terminal_safe(v) for v in (record.authors, record.venue) if v) if record else ""
    title = terminal_safe(record.title) if record and record.title else None
    link = (safe_url(record.url) or (safe_url(doi_url(record.doi)) if record.doi else None)) if record else None
    search = SEARCH + quote_plus(" ".join((title or p.kept.text).split()[:14]))
    return {"rank": entry.rank, "paper": p.id, "number": paper_ref(p.id) if report.collection else f"{entry.rank}.",
            "fingerprint": snippet_fingerprint(p.kept),
            "text": terminal_safe(p.kept.text), "title": title,
            "byline": byline or None, "abstract": shows_text(record),
            "year": record.year if record else None, "url": link, "search": search,
            "lists": [terminal_safe(report.titles.get(path) or "(no seed title)") for path in p.lists],
            "places": [terminal_safe(_place(m.path, m.line, report)) for m in p.members],
            "tags": list(p.tags), "mark": report.marks.get(p.id), "why": [terminal_safe(t) for t in entry.why],
            "against": [terminal_safe(t) for t in report.against.get(p.id, ())]}


def _place(path: str, line: int, report: HtmlReport) -> str:
    """Where a copy was found: a file and line, or for an alert e-mail (whose lines say nothing) the alert and
    the day it was sent."""
    if path in report.alerts:
        sent = report.alerts[path].get(line)
        return f"the alert “{report.titles.get(path) or report.names.get(path, path)}”" + (f" of {sent}" if sent else "")
    return f"{report.names.get(path, path)}:{line}"


def _marked(text: str, focus: frozenset[str], why: Sequence[str] = (), against: Sequence[str] = ()) -> str:
    """Text with the focus tags' words marked, and the words that weigh for (and against) the paper."""
    kinds = {w: "for" for term in why for w in term.lower().split()}
    kinds.update({w: "against" for term in against for w in term.lower().split() if w not in kinds})
    if not focus and not kinds:
        return h(text)
    out = []
    for word in text.split(" "):
        bare = "".join(c for c in word.lower() if c.isalnum())
        if bare in focus:
            out.append(f"<mark>{h(word)}</mark>")
        elif bare in kinds:
            out.append(f'<mark class="{kinds[bare]}">{h(word)}</mark>')
        else:
            out.append(h(word))
    return " ".join(out)


def _static_entry(p: dict[str, object], focus: frozenset[str]) -> str:
    why, against = p["why"], p["against"]
    title = ""
    if p["title"]:
        label = _marked(str(p["title"]), focus, why, against) + (f" ({h(p['year'])})" if p["year"] else "")  # type: ignore[arg-type]
        title = f'<a class="title" href="{h(p["url"] or p["search"])}" rel="noopener noreferrer">{label}</a>'
    tags = "".join(f'<span class="tag">{h(t)}</span>' for t in p["tags"])  # type: ignore[attr-defined]
    decision = _decision(str(p["mark"])) if p["mark"] else ""
    byline = f'<div class="byline">{h(p["byline"])}</div>' if p["byline"] else ""
    text = f'<div class="text">{_marked(str(p["text"]), focus, why, against)}</div>' if p["abstract"] else ""  # type: ignore[arg-type]
    look = "" if p["title"] else (f'<a class="lookup" href="{h(p["search"])}" rel="noopener noreferrer">look it up'
                                  '</a> ')
    lists = p["lists"]
    reasons = (f'<div class="why">why here: {h(", ".join(why))}</div>' if why else "") + (  # type: ignore[arg-type]
        f'<div class="why against">against it: {h(", ".join(against))}</div>' if against else "")  # type: ignore[arg-type]
    number = h(p["number"])
    return (f'<li class="paper" data-fingerprint="{p["fingerprint"]}"><label class="pick" title="select {number} '
            f'for a command"><input type="checkbox" aria-label="select {number}"><span class="rank">{number}</span>'
            f'</label><div class="body">{decision}{title}{byline}{text}{reasons}<div class="line">{look}'
            f'<details class="meta"><summary>in {plural(len(lists), "list")}</summary>'  # type: ignore[arg-type]
            f'<div>{h("; ".join(lists))} · at: {h(", ".join(p["places"]))}</div></details>{tags}</div></div></li>')  # type: ignore[arg-type]


def _reading(report: HtmlReport, papers: list[dict[str, object]]) -> str:
    static = "".join(_static_entry(p, report.focus_words) for p in papers[:STATIC_ENTRIES])
    more = len(papers) - STATIC_ENTRIES
    note = (f'<p id="static-note" class="muted">The first {STATIC_ENTRIES} of {len(papers)} papers; turn on '
            'JavaScript to page through all of them.</p>') if more > 0 else '<p id="static-note"></p>'
    rest = len(report.entries) - len(papers)
    cut = (f'<p class="muted cut">The first {len(papers)} of {len(report.entries)} papers are here; '
           '<code>paperlist triage</code> on the same input lists them all.</p>') if rest > 0 else ""
    verb = "is" if report.hidden == 1 else "are"
    hidden = f" {plural(report.hidden, 'paper')} marked read or skip {verb} not listed." if report.hidden else ""
    return (f'<section id="reading-section"><h2>Reading list</h2><p class="muted">{h(report.rule)}.{h(hidden)}</p>'
            '<div class="controls js-only hidden"><input id="search" type="search" placeholder="Search title, text, '
            'lists, tags" aria-label="search"><button id="clear-filter" type="button">Clear search and tag</button>'
            '</div><div id="selection" class="selection hidden" role="region" aria-label="selected papers">'
            '<p><b id="checked-count">0</b> selected: mark them <span id="marks"></span></p>'
            '<p class="command"><code id="command"></code> <button id="copy" type="button">Copy</button> '
            '<button id="unselect" type="button">Unselect all</button></p><p id="command-note" class="muted"></p></div>'
            f'<p id="reading-status" class="muted"></p>{note}<ol id="reading" class="reading">{static}</ol>'
            '<div id="pager" class="pager hidden"><button id="prev" type="button">Previous</button><span id="page">'
            f'</span><button id="next" type="button">Next</button></div>{cut}</section>')


def render_report(report: HtmlReport) -> str:
    """The report as one HTML document whose Content-Security-Policy allows only its own inline style and script."""
    style, script = _asset("report.css"), _asset("report.js")
    papers = [_paper_data(e, report) for e in report.entries[:READABLE_PAPERS]]
    identity = hashlib.sha1("".join(sorted(str(p["fingerprint"]) for p in papers)).encode()).hexdigest()[:12]
    data = _json_for_script({"id": identity, "papers": papers, "focusWords": sorted(report.focus_words),
                             "collection": report.collection, "learned": bool(report.against) or "ranked by your" in report.rule})
    csp = (f"default-src 'none'; style-src {_csp_hash(style)}; script-src {_csp_hash(script)}; img-src data:; "
           "base-uri 'none'; form-action 'none'")
    t = report.summary.totals
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f'<meta http-equiv="Content-Security-Policy" content="{csp}">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f'<meta name="referrer" content="no-referrer"><title>Reading lists: {plural(t["papers"], "paper")}</title>'
            f"<style>{style}</style></head><body><header><h1>Reading lists</h1>" + _overview(report)
            + '<nav><a href="#reading-section">Reading list</a><a href="#topics">Topics</a><a href="#lists">Lists</a>'
            '<a href="#duplicates">Duplicates</a></nav></header><main>'
            # What a reader acts on comes first; the bookkeeping follows.
            + _reading(report, papers) + _topics(report) + _lists(report) + _duplicates(report)
            + '</main><footer class="muted">Made by paperlist. Everything is in this file: it needs no network.</footer>'
            f'<script type="application/json" id="report-data">{data}</script>'
            f"<script>{script}</script></body></html>\n")
