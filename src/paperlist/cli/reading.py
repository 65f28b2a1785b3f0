"""The commands that read PATHs (or a collection) and show them: summarize, export, dupes and tags."""

from __future__ import annotations

from paperlist.cli.errors import EXIT_FOUND, EXIT_OK, UsageError
from paperlist.cli.options import ReportOptions, TagsOptions
from paperlist.cli.pipeline import (
    Context,
    active_rules,
    field_sentence,
    gather,
    load,
    note_field,
    snippets_of,
)
from paperlist.collection.views import paper_mark
from paperlist.match.dupes import find_duplicates
from paperlist.match.papers import group_papers
from paperlist.render.dupes import DUPES_RENDERERS, DupesReport, decision_rank
from paperlist.render.export import EXPORT_RENDERERS, ExportReport
from paperlist.render.rules import render_rules
from paperlist.render.summary import SUMMARY_RENDERERS
from paperlist.render.textfmt import Output
from paperlist.reports.summary import summarize
from paperlist.tagging.apply import topic_texts
from paperlist.tagging.tags import TagMatcher

Outcome = tuple[int, Output]  # the exit code and the text for stdout


def run_summarize(options: ReportOptions, context: Context) -> Outcome:
    g = gather(options, context)
    summary = summarize(g.loaded.lists, g.grouping, options.terms, g.loaded.warnings)
    return g.status, SUMMARY_RENDERERS[options.format](summary, context.style)


def run_export(options: ReportOptions, context: Context) -> Outcome:
    g = gather(options, context)
    return g.status, EXPORT_RENDERERS[options.format](ExportReport(g.loaded.lists, g.grouping, g.loaded.warnings),
                                                      context.style)


def run_dupes(options: ReportOptions, context: Context) -> Outcome:
    g = gather(options, context)
    view = options.dupes
    groups = [x for x in g.grouping.groups if x.kind in view.kinds and (not view.cross_list or len(x.lists) >= 2)]
    if view.sort == "kind":
        groups.sort(key=lambda x: (decision_rank(x), x.id))
    elif view.sort == "similarity":
        groups.sort(key=lambda x: (x.similarity, x.id))
    report = DupesReport(groups, g.grouping, sum(len(rl.snippets) for rl in g.loaded.lists),
                         options.grouping.threshold, options.grouping.maybe, view.explain, g.loaded.warnings, g.names,
                         view.show_all or view.explain, g.marks is not None,
                         {p.id: mark for p in g.grouping.papers if g.marks and (mark := paper_mark(g.marks, p))})
    found = any(x.tier == "duplicate" for x in groups)
    status = EXIT_FOUND if found and view.exit_code and g.status == EXIT_OK else g.status
    if view.write_deduplicated:  # first: the report is not held while the copy is made
        # The exports' writers, imported only for the copy.
        from paperlist.cli.deduplicated import write_deduplicated
        write_deduplicated(view.write_deduplicated, g, options.grouping, context, options.kept_files)
    return status, DUPES_RENDERERS[options.format](report, context.style)



def run_tags(options: TagsOptions, context: Context) -> Outcome:
    """The active rules, or with --suggest the automatic topics of PATHs as rules."""
    rules = active_rules(options.rules)
    if not options.suggest:
        if options.inputs.paths:
            raise UsageError("PATHs go with --suggest (paperlist tags --suggest PATH...)")
        return EXIT_OK, render_rules(rules)
    if not options.inputs.paths:
        raise UsageError("--suggest needs PATHs to read")
    loaded, _ = load(options.inputs, TagMatcher({}), context)
    grouping = group_papers(loaded.lists, find_duplicates(snippets_of(loaded)))
    topics = context.topics(topic_texts(grouping.papers))
    if not topics.rules:
        raise UsageError("no topics found: the lists hold too few papers or terms")
    note_field(field_sentence(topics, len(grouping.papers)), context.stderr, context.style.note_width)
    return EXIT_OK, render_rules(topics.rules)
