"""The report command: one HTML page of the lists, the papers and their copies."""

from __future__ import annotations

from paperlist.cli.options import ReportOptions
from paperlist.cli.pipeline import Context, gather
from paperlist.cli.ranked import paper_order
from paperlist.cli.writing import check_output
from paperlist.collection.views import paper_mark, unmarked_papers
from paperlist.render.html import HtmlReport, render_report
from paperlist.reports.summary import summarize
from paperlist.reports.triage import focus_words, rank_papers, ranking_rule

Outcome = tuple[int, str]  # the exit code and the text for stdout


def run_report(options: ReportOptions, context: Context) -> Outcome:
    check_output(options.output, [], options.kept_files)  # before the collection is even opened
    g = gather(options, context)
    check_output(options.output, g.loaded.files)
    focus = options.selection.focus
    papers, pinned, marks = g.grouping.papers, frozenset(), {}
    if g.marks is not None:  # a collection: read and skipped papers left out, wanted ones first, marks shown
        papers, pinned = unmarked_papers(g.marks, papers, options.selection.all_marks)
        marks = {p.id: mark for p in g.grouping.papers if (mark := paper_mark(g.marks, p))}
    order = paper_order(g, marks)
    entries = rank_papers(papers, focus, pinned=pinned, order=order)
    highlighted = frozenset(w.lower() for w in focus_words((e.paper.kept.text for e in entries), focus, g.matcher.tag))
    report = HtmlReport(summarize(g.loaded.lists, g.grouping, 0, g.loaded.warnings), g.grouping, entries, g.seeds,
                        g.names, ("papers marked want first, then " if pinned else "") + ranking_rule(focus, order),
                        highlighted, [x for x in g.grouping.groups if x.tier == "duplicate"], marks,
                        len(g.grouping.papers) - len(papers), collection=g.marks is not None,
                        against={e.paper.id: order.against(e.paper.id) for e in entries} if order.learned else {},
                        alerts={rl.path: dict(rl.sent) for rl in g.loaded.lists if rl.source == "email"})
    return g.status, render_report(report)
