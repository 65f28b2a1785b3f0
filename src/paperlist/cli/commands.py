"""What each command does, as a table: gather the papers once, pick the renderer, choose the exit code."""

from __future__ import annotations

from collections.abc import Callable

from paperlist.cli import collection
from paperlist.cli.deduplicated import write_deduplicated
from paperlist.cli.errors import EXIT_FOUND, EXIT_OK, UsageError
from paperlist.cli.options import Options, ReportOptions, ServeOptions, SimulateOptions, TagsOptions
from paperlist.cli.writing import check_output
from paperlist.cli.pipeline import (
    AUTO,
    Context,
    Gathered,
    active_rules,
    auto_tags,
    check_tags,
    collection_grouping,
    fitting_tags,
    group,
    load,
    note_no_topics,
    reading_list,
    snippets_of,
    suggest_auto,
    topic_texts,
)
from paperlist.collection.views import paper_mark, unmarked_papers
from paperlist.inputs.files import decode_bytes, read_bytes
from paperlist.match.dupes import find_duplicates
from paperlist.match.papers import group_papers
from paperlist.rank.features import document
from paperlist.rank.simulate import simulate
from paperlist.readers.labelled import LabelledError, parse_labelled
from paperlist.render.dupes import DUPES_RENDERERS, DupesReport, decision_rank
from paperlist.render.export import EXPORT_RENDERERS, ExportReport
from paperlist.render.html import HtmlReport, render_report
from paperlist.render.rules import render_rules
from paperlist.render.simulate import SIMULATION_RENDERERS, SimulationReport
from paperlist.render.summary import SUMMARY_RENDERERS
from paperlist.reports.summary import summarize
from paperlist.reports.triage import focus_words, rank_papers, ranking_rule
from paperlist.tagging.tags import TagMatcher
from paperlist.tagging.topics import suggest_rules

Outcome = tuple[int, str]  # the exit code and the text for stdout


def gather(options: ReportOptions, context: Context) -> Gathered:
    """The inputs (PATHs, or a whole collection) read, tagged and grouped into papers, once for the command."""
    rules = active_rules(options.rules)
    # dupes shows no tags: tagging every snippet would be wasted work.
    matcher = TagMatcher({} if options.command == "dupes" else rules)
    selection = options.selection
    if options.rules != AUTO:
        check_tags(selection.focus + selection.tag + selection.exclude_tag, rules)
    marks = None
    if options.db:
        if options.inputs.paths:
            raise UsageError("give PATHs or --db, not both (add the PATHs to the collection with 'paperlist add')")
        loaded, grouping, marks = collection_grouping(options.db, matcher, options.grouping)
        status = EXIT_OK
    else:
        if not options.inputs.paths:
            raise UsageError(f"{options.command} needs PATHs to read, or a collection: --db FILE (there is no "
                             "$PAPERLIST_DB or ./paperlist.db here)")
        loaded, status = load(options.inputs, matcher, context)
        grouping, unchecked_status = group(loaded, options.grouping, options.inputs, context)
        status = max(status, unchecked_status)
    if options.rules == AUTO:
        loaded, grouping, matcher = auto_tags(loaded, grouping)
        if not matcher.rules:
            note_no_topics(grouping, context.stderr, context.style.width)
        check_tags(selection.focus + selection.tag + selection.exclude_tag, matcher.rules)
    elif options.rules is None and options.command in ("summarize", "triage", "report") \
            and not (selection.focus or selection.tag or selection.exclude_tag):
        # The default fits the input: topics where the built-in rules (one field's) describe too few papers.
        before = matcher
        loaded, grouping, matcher = fitting_tags(loaded, grouping, matcher, context.stderr, context.style.width)
        if matcher is before and options.command == "summarize":
            suggest_auto(grouping, context.stderr, context.style.width)
    return Gathered(loaded, grouping, matcher, status, marks)


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
    text = DUPES_RENDERERS[options.format](report, context.style)
    if view.write_deduplicated:
        write_deduplicated(view.write_deduplicated, g, options.grouping, context)
    return status, text


def run_triage(options: ReportOptions, context: Context) -> Outcome:
    g = gather(options, context)
    return g.status, reading_list(g, options.selection, options.format, context.style)


def run_report(options: ReportOptions, context: Context) -> Outcome:
    check_output(options.output, [], options.kept_files)  # before the collection is even opened
    g = gather(options, context)
    check_output(options.output, g.loaded.files)
    focus = options.selection.focus
    papers, pinned, marks = g.grouping.papers, frozenset(), {}
    if g.marks is not None:  # a collection: read and skipped papers left out, wanted ones first, marks shown
        papers, pinned = unmarked_papers(g.marks, papers, options.selection.all_marks)
        marks = {p.id: mark for p in g.grouping.papers if (mark := paper_mark(g.marks, p))}
    order = g.order(marks)
    entries = rank_papers(papers, focus, pinned=pinned, order=order)
    highlighted = frozenset(w.lower() for w in focus_words((e.paper.kept.text for e in entries), focus, g.matcher.tag))
    report = HtmlReport(summarize(g.loaded.lists, g.grouping, 0, g.loaded.warnings), g.grouping, entries, g.seeds,
                        g.names, ("papers marked want first, then " if pinned else "") + ranking_rule(focus, order),
                        highlighted, [x for x in g.grouping.groups if x.tier == "duplicate"], marks,
                        len(g.grouping.papers) - len(papers), collection=g.marks is not None,
                        against={e.paper.id: order.against(e.paper.id) for e in entries} if order.learned else {},
                        alerts={rl.path: dict(rl.sent) for rl in g.loaded.lists if rl.source == "email"})
    return g.status, render_report(report)


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
    suggested = suggest_rules(topic_texts(grouping.papers))
    if not suggested:
        raise UsageError("no topics found: the lists hold too few papers or terms")
    return EXIT_OK, render_rules(suggested)


def run_simulate(options: SimulateOptions, context: Context) -> Outcome:
    """Replay a labelled file with the model triage --db ranks by."""
    source = read_bytes(options.path, context.stdin)
    if source.error:
        raise UsageError(f"{options.path}: {source.error}")
    decoded = decode_bytes(source.data, source.path) if source.data is not None else source
    if decoded.text is None:
        problem = next((d.message for d in source.warnings + decoded.warnings), "cannot be read")
        raise UsageError(f"{options.path}: {problem.removesuffix('; skipped')}")
    try:
        labelled = parse_labelled(decoded.text, source.path, options.label)
    except LabelledError as exc:
        raise UsageError(str(exc)) from None
    priors = None
    if options.priors:
        number = {record_id: n for n, record_id in enumerate(labelled.ids)}
        unknown = [p for p in options.priors if p not in number]
        if unknown:
            raise UsageError(f"--prior {unknown[0]}: no record in {source.path} has this id (ids come from its "
                             "id or record_id column, else they are the records' numbers from 1)")
        priors = list(dict.fromkeys(number[p] for p in options.priors))
    texts = [document(*parts) for parts in labelled.parts]
    result = simulate(labelled.ids, texts, labelled.labels, priors)
    if not result.metrics.relevant:
        raise UsageError(f"every included record of {source.path} is a prior: nothing is left to find")
    report = SimulationReport(source.path, labelled.label, result)
    return EXIT_OK, SIMULATION_RENDERERS[options.format](report, context.style)


def run_serve(options: ServeOptions, context: Context) -> Outcome:
    from paperlist.cli.serve import serve  # http.server, and Python's email package with it, only for serve
    return serve(options, context)


COMMANDS: dict[str, Callable[[Options, Context], Outcome]] = {
    "summarize": run_summarize, "dupes": run_dupes, "export": run_export, "triage": run_triage,
    "report": run_report, "add": collection.run_add, "new": collection.run_new,
    "remove": collection.run_remove, "mark": collection.run_mark,
    "not-same": collection.run_not_same, "db": collection.run_db, "tags": run_tags,
    "simulate": run_simulate, "serve": run_serve,
}  # type: ignore[dict-item]


def run(options: Options, context: Context) -> Outcome:
    """Run one command; returns the exit code and the output for stdout."""
    return COMMANDS[options.command](options, context)
