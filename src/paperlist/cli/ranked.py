"""The ranked views of gathered papers: the triage command's reading list (also new's), and the order the report
uses."""

from __future__ import annotations

from paperlist.cli.options import ReportOptions, Selection
from paperlist.cli.pipeline import Context, Gathered, gather
from paperlist.collection.views import paper_mark, unmarked_papers
from paperlist.model import Paper
from paperlist.render.textfmt import Style
from paperlist.render.triage import TRIAGE_RENDERERS, TriageReport
from paperlist.reports.triage import Relevance, rank_papers, relevance

Outcome = tuple[int, str]  # the exit code and the text for stdout


def paper_order(gathered: Gathered, marks: dict[int, str]) -> Relevance:
    """How every ranked view orders the gathered papers: by the model learnt from ``marks`` (paper id -> mark),
    or before any mark by lists, seed titles and year."""
    return relevance(gathered.grouping.papers, marks, gathered.seeds, gathered.marks is not None)


def reading_list(gathered: Gathered, selection: Selection, fmt: str, style: Style, papers: list[Paper] | None = None,
                 notes: dict[int, str] | None = None, ids: dict[int, int | None] | None = None,
                 headline: str | None = None) -> str:
    """The ranked reading list of ``papers`` (default: every paper a mark does not hide) in ``fmt``.

    A collection's view (``gathered.marks`` known) shows lasting ids (``ids``, default: the papers' own) and
    each paper's mark, puts papers marked want first and counts those it hides.
    """
    grouping = gathered.grouping
    marks: dict[int, str] = {}
    pinned: frozenset[int] = frozenset()
    hidden = 0
    if gathered.marks is not None:
        marks = {p.id: mark for p in grouping.papers if (mark := paper_mark(gathered.marks, p))}
        if papers is None:
            papers, pinned = unmarked_papers(gathered.marks, grouping.papers, selection.all_marks)
            hidden = len(grouping.papers) - len(papers)
        pinned = pinned or frozenset(p.id for p in papers if marks.get(p.id) == "want")
        ids = ids if ids is not None else {p.id: p.id for p in grouping.papers}
    papers = grouping.papers if papers is None else papers
    order = paper_order(gathered, marks)
    entries = rank_papers(papers, selection.focus, selection.tag, selection.exclude_tag, selection.min_lists,
                          selection.top, pinned, order)
    report = TriageReport(entries, len(grouping.papers), grouping.in_several_lists, selection.focus, gathered.seeds,
                          gathered.names, gathered.matcher, notes or {}, ids, marks, hidden, headline, order,
                          selection.explain, whole=selection.top is not None)
    return TRIAGE_RENDERERS[fmt](report, style)


def run_triage(options: ReportOptions, context: Context) -> Outcome:
    g = gather(options, context)
    return g.status, reading_list(g, options.selection, options.format, context.style)
