"""What each command does: load the inputs, group papers once, pick the renderer, choose the exit code."""

from __future__ import annotations

import argparse
import re

from paperlist.inputs.load import Loaded, Progress, load_lists
from paperlist.model import KIND_ORDER, Diagnostic, Snippet
from paperlist.cli.errors import EXIT_ERROR, EXIT_FOUND, EXIT_INTERRUPTED, EXIT_OK, UsageError  # noqa: F401 - re-exported
from paperlist.inputs.files import InputError, read_capped, without_utf8_bom
from paperlist.tagging.tags import RulesError, TagMatcher, builtin_rules, load_rules, render_rules
from paperlist.render.terminal import terminal_safe
from paperlist.render.textfmt import Style

TYPE_CHECKING = False  # typing is not imported at start-up
if TYPE_CHECKING:
    from typing import TextIO

# Patterns used by few runs are compiled on first use (re caches them), not at start-up.
_PAIR = r"^\s*([0-9a-f]{16})\s+([0-9a-f]{16})\s*(?:#.*)?$"


def _read_text(path: str, what: str) -> str:
    """A rules or decisions file: a regular file under the size cap, in UTF-8."""
    try:
        return without_utf8_bom(read_capped(path)).decode("utf-8")
    except InputError as exc:
        raise UsageError(f"{path}: {exc}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: {what} is not valid UTF-8") from None


AUTO = "auto"
NOTE_MIN_PAPERS = 20  # fewer papers say nothing about whether the rules fit the field


def active_rules(path: str | None) -> dict[str, list[str]]:
    """The built-in rules, or those of a rules file; a broken file raises UsageError. ``auto``: none yet."""
    if path is None:
        return builtin_rules()
    if path == AUTO:
        return {}
    try:
        return load_rules(_read_text(path, "rules file"))
    except RulesError as exc:
        where = path if exc.line is None else f"{path}:{exc.line}"
        raise UsageError(f"{where}: error: {exc.message}") from None


def read_not_duplicates(path: str) -> set[frozenset[str]]:
    """Parse a decisions file: ``FINGERPRINT FINGERPRINT`` per line, ``#`` comments, blank lines."""
    pairs = set()
    for number, line in enumerate(_read_text(path, "decisions file").splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = re.match(_PAIR, line.lower())
        if not match:
            raise UsageError(f"{path}:{number}: expected two 16-digit hex fingerprints, got {_quote(line.strip())}")
        pairs.add(frozenset(match.groups()))
    return pairs


def _quote(text: str, limit: int = 60) -> str:
    """Quote input in a message, cut to ``limit`` characters: a 20 MB line is not echoed."""
    return repr(text if len(text) <= limit else text[:limit] + "…")


def report_loaded(loaded: Loaded, strict: bool, stderr: TextIO) -> int:
    severity = "error" if strict else "warning"
    for warning in loaded.warnings:
        stderr.write(terminal_safe(warning.render(severity)) + "\n")
    for error in loaded.errors:
        stderr.write(f"paperlist: error: {terminal_safe(error)}\n")
    if not loaded.lists and not loaded.errors and not loaded.warnings:
        stderr.write("paperlist: warning: no list files found\n")
    return EXIT_ERROR if loaded.errors or (strict and loaded.warnings) else EXIT_OK


UNCHECKED_SHOWN = 20
COLLECTION_COMMANDS = ("add", "new", "mark", "not-same", "db")


def report_unchecked(unchecked: list[Snippet], loaded: Loaded, strict: bool, stderr: TextIO) -> int:
    """Say which snippets the near search could not fully compare: on stderr (the first few) and in the output."""
    message = "not fully compared for near duplicates (repetitive text: see 'Untrusted input' in the README)"
    warnings = [Diagnostic(s.path, s.line, message) for s in unchecked]
    loaded.warnings.extend(warnings)
    severity = "error" if strict else "warning"
    for warning in warnings[:UNCHECKED_SHOWN]:
        stderr.write(terminal_safe(warning.render(severity)) + "\n")
    if len(warnings) > UNCHECKED_SHOWN:
        stderr.write(f"paperlist: {severity}: {len(warnings) - UNCHECKED_SHOWN} more snippets not fully compared "
                     "for near duplicates\n")
    return EXIT_ERROR if strict else EXIT_OK


def check_options(args: argparse.Namespace) -> None:
    """Refuse option and format combinations that would be silently ignored."""
    fmt = getattr(args, "format", None)
    if getattr(args, "color", "auto") == "always" and fmt != "text":
        raise UsageError(f"--color always only applies to --format text, not {fmt}")
    if getattr(args, "csv_raw", False) and fmt != "csv":
        raise UsageError(f"--csv-raw only applies to --format csv, not {fmt}")
    if getattr(args, "terms", 0) and fmt == "csv":
        raise UsageError("--terms is not available with --format csv (use json, markdown or text)")
    if getattr(args, "no_near", False) and (args.threshold is not None or getattr(args, "maybe", None) is not None):
        raise UsageError("--no-near cannot be combined with --threshold or --maybe")


def _auto_tags(loaded: Loaded, grouping):
    """Tags from the collection itself: topics of its papers, as rules, applied to every snippet."""
    from paperlist.match.papers import retag
    from paperlist.tagging.topics import suggest_rules
    matcher = TagMatcher(suggest_rules([p.kept.text for p in grouping.papers]))
    lists, grouping = retag(loaded.lists, grouping, matcher.tag)
    return Loaded(lists, loaded.warnings, loaded.errors), grouping, matcher


def _suggest_auto(grouping, stderr: TextIO) -> None:
    """Say so when the built-in rules (deep-learning systems) describe under half of the papers.

    A paper counts when it carries a tag other than the most common one: outside the rules' field, one broad
    tag (large-language-models, say) often tags many papers and tells them apart from nothing.
    """
    papers = grouping.papers
    counts: dict[str, int] = {}
    for p in papers:
        for tag in p.tags:
            counts[tag] = counts.get(tag, 0) + 1
    broadest = max(counts, key=lambda t: (counts[t], t), default=None)
    described = sum(any(t != broadest for t in p.tags) for p in papers)
    if len(papers) >= NOTE_MIN_PAPERS and described * 2 < len(papers):
        what = f"describe only {described} of {len(papers)} papers with more than '{broadest}'" if broadest \
            else f"tag none of {len(papers)} papers"
        stderr.write(f"paperlist: note: the built-in tag rules (deep-learning systems) {what}; try --tags auto, or "
                     "write rules to edit with 'paperlist tags --suggest PATH > rules.toml'\n")


def _tags_command(args: argparse.Namespace, rules: dict[str, list[str]], stdin, stderr: TextIO, progress) -> str:
    """``paperlist tags``: the active rules, or with --suggest the automatic topics of PATHs as rules."""
    if not args.suggest:
        if args.paths:
            raise UsageError("PATHs go with --suggest (paperlist tags --suggest PATH...)")
        return render_rules(rules)
    if not args.paths:
        raise UsageError("--suggest needs PATHs to read")
    from paperlist.match.papers import group_papers
    from paperlist.tagging.topics import suggest_rules
    loaded = load_lists(args.paths, TagMatcher({}), None, 1, stdin, progress)
    progress.finish()  # type: ignore[attr-defined]
    report_loaded(loaded, False, stderr)
    from paperlist.match.dupes import find_duplicates
    grouping = group_papers(loaded.lists, find_duplicates(_snippets(loaded)))
    suggested = suggest_rules([p.kept.text for p in grouping.papers])
    if not suggested:
        raise UsageError("no topics found: the lists hold too few papers or terms")
    return render_rules(suggested)


def _check_tags(names: list[str], rules: dict[str, list[str]]) -> None:
    for name in names:
        if name not in rules:
            raise UsageError(f"unknown tag '{name}' (list the tags with 'paperlist tags')")


def _snippets(loaded: Loaded) -> list[Snippet]:
    return [s for rl in loaded.lists for s in rl.snippets]


def _names(loaded: Loaded) -> dict[str, str]:
    return {rl.path: rl.short_name for rl in loaded.lists}


def run(args: argparse.Namespace, stdin, stderr: TextIO, progress: Progress, style: Style) -> tuple[int, str]:
    """Run one parsed command line; returns the exit code and the output for stdout."""
    check_options(args)
    rules = active_rules(getattr(args, "tags", None))
    if args.command == "tags":
        return EXIT_OK, _tags_command(args, rules, stdin, stderr, progress)
    # dupes shows no tags: tagging every snippet would be wasted work.
    matcher = TagMatcher({} if args.command == "dupes" else rules)
    if getattr(args, "tags", None) != AUTO:
        for option in ("focus", "tag", "exclude_tag"):
            _check_tags(getattr(args, option, []), rules)
    if args.command in COLLECTION_COMMANDS:
        from paperlist.cli.collection import run_collection
        return run_collection(args, stdin, stderr, progress, style, matcher)
    threshold, maybe = thresholds(args)
    not_duplicates = read_not_duplicates(args.not_duplicates) if args.not_duplicates else set()
    if getattr(args, "db", None):
        if args.paths:
            raise UsageError("give PATHs or --db, not both (add the PATHs to the collection with 'paperlist add')")
        from paperlist.cli.collection import collection_grouping
        loaded, grouping = collection_grouping(args, matcher, threshold)
        status = EXIT_OK
    else:
        if not args.paths:
            raise UsageError(f"{args.command} needs PATHs to read, or --db FILE for a collection")
        loaded = load_lists(args.paths, matcher, args.glob, args.jobs, stdin, progress, args.input_format)
        progress.finish()  # type: ignore[attr-defined]
        status = report_loaded(loaded, args.strict, stderr)
        grouping, unchecked = group_loaded(args, loaded, threshold, maybe, not_duplicates)
        if unchecked:
            status = max(status, report_unchecked(unchecked, loaded, args.strict, stderr))
    if getattr(args, "tags", None) == AUTO:
        loaded, grouping, matcher = _auto_tags(loaded, grouping)
        for option in ("focus", "tag", "exclude_tag"):
            _check_tags(getattr(args, option, []), matcher.rules)
    elif args.command == "summarize" and getattr(args, "tags", None) is None:
        _suggest_auto(grouping, stderr)
    if args.command == "summarize":
        from paperlist.render.summary import SUMMARY_RENDERERS
        from paperlist.reports.summary import summarize
        output = SUMMARY_RENDERERS[args.format](summarize(loaded.lists, grouping, args.terms, loaded.warnings), style)
    elif args.command == "export":
        from paperlist.render.export import EXPORT_RENDERERS, ExportReport
        output = EXPORT_RENDERERS[args.format](ExportReport(loaded.lists, grouping, loaded.warnings), style)
    elif args.command == "dupes":
        output, found = _dupes(args, loaded, grouping, threshold, maybe, style)
        if found and args.exit_code and status == EXIT_OK:
            status = EXIT_FOUND
    elif args.command == "report":
        output = _html(args, loaded, grouping, matcher)
    else:
        output = triage_output(args, loaded, grouping, matcher, style)
    return status, output


def _html(args: argparse.Namespace, loaded: Loaded, grouping, matcher: TagMatcher) -> str:
    from paperlist.render.html import HtmlReport, render_report
    from paperlist.reports.summary import summarize
    from paperlist.reports.triage import focus_words, rank_papers, ranking_rule
    entries = rank_papers(grouping.papers, args.focus)
    highlighted = frozenset(w.lower() for w in focus_words((e.paper.kept.text for e in entries), args.focus,
                                                           matcher.tag))
    report = HtmlReport(summarize(loaded.lists, grouping, 0, loaded.warnings), grouping, entries,
                        {rl.path: rl.seed_title for rl in loaded.lists}, _names(loaded), ranking_rule(args.focus),
                        highlighted, [g for g in grouping.groups if g.tier == "duplicate"])
    return render_report(report)


def group_loaded(args: argparse.Namespace, loaded: Loaded, threshold: float | None, maybe: float | None,
                 not_duplicates: set[frozenset[str]]):
    """The one grouping of a run, and the snippets the near search could not fully compare."""
    from paperlist.match.dupes import MIN_PREFIX_WORDS, search_duplicates
    from paperlist.match.papers import group_papers
    groups, unchecked = search_duplicates(_snippets(loaded), threshold, maybe, args.min_words or MIN_PREFIX_WORDS,
                                          not_duplicates, jobs=args.jobs)
    return group_papers(loaded.lists, groups), unchecked


def thresholds(args: argparse.Namespace) -> tuple[float | None, float | None]:
    from paperlist.match.dupes import DEFAULT_THRESHOLD
    if args.no_near:
        return None, None
    threshold = args.threshold if args.threshold is not None else DEFAULT_THRESHOLD
    maybe = getattr(args, "maybe", None)
    if maybe is not None and maybe >= threshold:
        raise UsageError(f"--maybe ({maybe}) must be below --threshold ({threshold})")
    return threshold, maybe


def _dupes(args: argparse.Namespace, loaded: Loaded, grouping, threshold: float | None, maybe: float | None,
           style: Style) -> tuple[str, bool]:
    from paperlist.render.dupes import DUPES_RENDERERS, DupesReport
    groups = [g for g in grouping.groups if g.kind in args.kind and (not args.cross_list or len(g.lists) >= 2)]
    if args.sort == "kind":
        groups.sort(key=lambda g: (g.tier != "duplicate", KIND_ORDER[g.kind], g.id))
    elif args.sort == "similarity":
        groups.sort(key=lambda g: (g.similarity, g.id))
    report = DupesReport(groups, grouping, sum(len(rl.snippets) for rl in loaded.lists), threshold, maybe,
                         args.explain, loaded.warnings, _names(loaded))
    return DUPES_RENDERERS[args.format](report, style), any(g.tier == "duplicate" for g in groups)


def triage_output(args: argparse.Namespace, loaded: Loaded, grouping, matcher: TagMatcher, style: Style,
                  papers=None, pinned: frozenset[int] = frozenset(), notes: dict[int, str] | None = None) -> str:
    from paperlist.render.triage import TRIAGE_RENDERERS, TriageReport
    from paperlist.reports.triage import rank_papers
    if papers is None and getattr(args, "db", None):
        from paperlist.cli.collection import unmarked_papers
        papers, pinned = unmarked_papers(args, grouping)
    papers = grouping.papers if papers is None else papers
    entries = rank_papers(papers, args.focus, args.tag, args.exclude_tag, args.min_lists, args.top, pinned)
    report = TriageReport(entries, len(grouping.papers), grouping.in_several_lists, args.focus,
                          {rl.path: rl.seed_title for rl in loaded.lists}, _names(loaded), matcher, notes or {})
    return TRIAGE_RENDERERS[args.format](report, style)
