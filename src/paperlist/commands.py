"""What each command does: load the inputs, run the core, pick the renderer, choose the exit code."""

from __future__ import annotations

import argparse
import re
from typing import TextIO

from paperlist.load import Loaded, Progress, load_lists
from paperlist.model import Snippet
from paperlist.tags import RulesError, TagMatcher, builtin_rules, load_rules, render_rules

EXIT_OK, EXIT_FOUND, EXIT_ERROR, EXIT_INTERRUPTED = 0, 1, 2, 130
_PAIR_RE = re.compile(r"^\s*([0-9a-f]{16})\s+([0-9a-f]{16})\s*(?:#.*)?$")


class UsageError(Exception):
    """A bad option value, rules file or decisions file: one message, exit 2."""


def _read_text(path: str, what: str) -> str:
    try:
        with open(path, encoding="utf-8-sig") as handle:
            return handle.read()
    except OSError as exc:
        raise UsageError(f"{path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{path}: {what} is not valid UTF-8") from None


def active_rules(path: str | None) -> dict[str, list[str]]:
    """The built-in rules, or those of a rules file; a broken file raises UsageError."""
    if path is None:
        return builtin_rules()
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
        match = _PAIR_RE.match(line.lower())
        if not match:
            raise UsageError(f"{path}:{number}: expected two 16-digit hex fingerprints, got {line.strip()!r}")
        pairs.add(frozenset(match.groups()))
    return pairs


def _report(loaded: Loaded, strict: bool, stderr: TextIO) -> int:
    severity = "error" if strict else "warning"
    for warning in loaded.warnings:
        stderr.write(warning.render(severity) + "\n")
    for error in loaded.errors:
        stderr.write(f"paperlist: error: {error}\n")
    if not loaded.lists and not loaded.errors and not loaded.warnings:
        stderr.write("paperlist: warning: no list files found\n")
    return EXIT_ERROR if loaded.errors or (strict and loaded.warnings) else EXIT_OK


def _check_tags(names: list[str], rules: dict[str, list[str]]) -> None:
    for name in names:
        if name not in rules:
            raise UsageError(f"unknown tag '{name}' (list the tags with 'paperlist tags')")


def _snippets(loaded: Loaded) -> list[Snippet]:
    return [s for rl in loaded.lists for s in rl.snippets]


def run(args: argparse.Namespace, stdin, stdout: TextIO, stderr: TextIO, progress: Progress, width: int) -> int:
    """Run one parsed command line."""
    rules = active_rules(args.tags)
    if args.command == "tags":
        stdout.write(render_rules(rules))
        return EXIT_OK
    matcher = TagMatcher(rules)
    for option in ("focus", "tag", "exclude_tag"):
        _check_tags(getattr(args, option, []), rules)
    threshold, maybe = _thresholds(args)
    not_duplicates = read_not_duplicates(args.not_duplicates) if getattr(args, "not_duplicates", None) else set()
    loaded = load_lists(args.paths, matcher, args.glob, args.jobs, stdin, progress)
    progress.finish()  # type: ignore[attr-defined]
    status = _report(loaded, args.strict, stderr)
    if args.command == "summarize":
        output = _summarize(args, loaded, width)
    elif args.command == "export":
        from paperlist.render_summary import EXPORT_RENDERERS
        output = EXPORT_RENDERERS[args.format](loaded.lists, loaded.warnings)
    elif args.command == "dupes":
        output, found = _dupes(args, loaded, threshold, maybe, not_duplicates, width)
        if found and args.exit_code and status == EXIT_OK:
            status = EXIT_FOUND
    else:
        output = _triage(args, loaded, matcher, width)
    stdout.write(output)
    stdout.flush()
    return status


def _thresholds(args: argparse.Namespace) -> tuple[float | None, float | None]:
    if args.command != "dupes":
        return None, None
    from paperlist.dupes import DEFAULT_THRESHOLD
    threshold = args.threshold if args.threshold is not None else DEFAULT_THRESHOLD
    if args.no_near:
        if args.threshold is not None or args.maybe is not None:
            raise UsageError("--no-near cannot be combined with --threshold or --maybe")
        return None, None
    if args.maybe is not None and args.maybe >= threshold:
        raise UsageError(f"--maybe ({args.maybe}) must be below --threshold ({threshold})")
    return threshold, args.maybe


def _summarize(args: argparse.Namespace, loaded: Loaded, width: int) -> str:
    from paperlist.dupes import find_duplicates
    from paperlist.render_summary import SUMMARY_RENDERERS
    from paperlist.summary import summarize
    groups = find_duplicates(_snippets(loaded), threshold=None)
    summary = summarize(loaded.lists, groups, args.terms, loaded.warnings)
    return SUMMARY_RENDERERS[args.format](summary, width)


def _dupes(args: argparse.Namespace, loaded: Loaded, threshold: float | None, maybe: float | None,
           not_duplicates: set[frozenset[str]], width: int) -> tuple[str, bool]:
    from paperlist.dupes import MIN_PREFIX_WORDS, find_duplicates
    from paperlist.render_dupes import DUPES_RENDERERS, DupesReport
    snippets = _snippets(loaded)
    groups = find_duplicates(snippets, threshold, maybe, args.min_words or MIN_PREFIX_WORDS, not_duplicates)
    if args.cross_list:
        groups = [g for g in groups if len(g.lists) >= 2]
    report = DupesReport(groups, len(snippets), threshold, maybe, args.explain, loaded.warnings)
    return DUPES_RENDERERS[args.format](report, width), any(g.tier == "duplicate" for g in groups)


def _triage(args: argparse.Namespace, loaded: Loaded, matcher: TagMatcher, width: int) -> str:
    from paperlist.dupes import DEFAULT_THRESHOLD, find_duplicates
    from paperlist.render_triage import TRIAGE_RENDERERS
    from paperlist.triage import merge_papers, rank_papers
    groups = find_duplicates(_snippets(loaded), DEFAULT_THRESHOLD if args.merge_near else None)
    merged = merge_papers(loaded.lists, groups, args.focus)
    papers = rank_papers(merged, args.tag, args.exclude_tag, args.min_lists, args.top)
    return TRIAGE_RENDERERS[args.format](papers, len(merged), args.focus, matcher, width)
