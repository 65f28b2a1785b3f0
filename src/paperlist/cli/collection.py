"""Wiring of the collection commands (add, new, mark, not-same, db) and of --db for the report commands."""

from __future__ import annotations

import argparse
import os
import re
from typing import TextIO

from paperlist.collection.adding import Collection
from paperlist.cli.commands import (EXIT_ERROR, EXIT_OK, UsageError, group_loaded, read_not_duplicates, report_loaded,
                                report_unchecked, thresholds, triage_output)
from paperlist.inputs.load import Loaded, load_lists
from paperlist.model import Paper, ReadingList
from paperlist.match.normalize import match_key
from paperlist.match.papers import Grouping, group_papers, snippet_key
from paperlist.collection.store import Store, StoreError
from paperlist.tagging.tags import TagMatcher
from paperlist.render.terminal import terminal_safe, wrap
from paperlist.render.textfmt import Style

DEFAULT_DB = "paperlist.db"
_FINGERPRINT_RE = re.compile(r"^[0-9a-fA-F]{16}$")


def db_path(args: argparse.Namespace) -> str:
    """--db, else $PAPERLIST_DB, else ./paperlist.db."""
    return getattr(args, "db", None) or os.environ.get("PAPERLIST_DB") or DEFAULT_DB


def _open(args: argparse.Namespace, create: bool) -> Store:
    try:
        return Store(db_path(args), create=create)
    except StoreError as exc:
        raise UsageError(str(exc)) from None


def stored_grouping(store: Store, lists: list[ReadingList], threshold: float | None, min_words: int) -> Grouping:
    """The collection's papers, with the ids it stored; each paper's links recomputed from its own copies.

    Within one paper every link of a full run still holds (fewer texts, no new
    ambiguity), so the core joins the paper's copies into exactly one group again.
    """
    from paperlist.match.dupes import find_duplicates
    paper_of = store.paper_of_snippets()
    members: dict[int, list] = {}
    for rl in lists:
        for s in rl.snippets:
            members.setdefault(paper_of[snippet_key(s)], []).append(s)
    not_same = store.not_same()
    groups = [g for paper in sorted(members) if len(members[paper]) > 1
              for g in find_duplicates(members[paper], threshold, None, min_words, not_same) if g.tier == "duplicate"]
    groups.sort(key=lambda g: (g.members[0].path, g.members[0].line))
    return group_papers(lists, [g.replace(id=n) for n, g in enumerate(groups, 1)], paper_of)


def collection_grouping(args: argparse.Namespace, matcher: TagMatcher, threshold: float | None) -> tuple[Loaded, Grouping]:
    """The whole collection as lists (tagged now: tags are not stored, rules change) and its papers."""
    from paperlist.match.dupes import MIN_PREFIX_WORDS
    with _open(args, create=False) as store:
        lists = [rl.replace(snippets=tuple(s.replace(tags=matcher.tag(s.text)) for s in rl.snippets))
                 for rl in store.lists()]
        grouping = stored_grouping(store, lists, threshold, args.min_words or MIN_PREFIX_WORDS)
    return Loaded(lists=lists), grouping


def unmarked_papers(args: argparse.Namespace, grouping: Grouping) -> tuple[list[Paper], frozenset[int]]:
    """Papers not marked read or skip (all with --all), and those marked want, to rank first."""
    with _open(args, create=False) as store:
        marks = store.marks()
    from paperlist.match.normalize import fingerprint
    def mark_of(paper: Paper) -> set[str]:
        return {marks[f] for m in paper.members if (f := fingerprint(match_key(m.text))) in marks}
    papers = [p for p in grouping.papers if getattr(args, "all", False) or not mark_of(p) & {"read", "skip"}]
    return papers, frozenset(p.id for p in papers if "want" in mark_of(p))


def run_collection(args: argparse.Namespace, stdin, stderr: TextIO, progress, style: Style,
                   matcher: TagMatcher) -> tuple[int, str]:
    """add, new, mark, not-same and db."""
    if args.command == "db":
        with _open(args, create=False) as store:
            if args.action == "info":
                return EXIT_OK, _info(store)
            problems = store.check()
        return (EXIT_ERROR if problems else EXIT_OK), ("".join(f"problem: {terminal_safe(p)}\n" for p in problems)
                                                       or f"{terminal_safe(store.path)}: ok\n")
    if args.command == "mark":
        return _mark(args)
    if args.command == "not-same":
        return _not_same(args)
    return _add_or_new(args, stdin, stderr, progress, style, matcher)


def _info(store: Store) -> str:
    counts = store.counts()
    return (f"collection: {terminal_safe(store.path)}\nschema version: {store.meta('schema_version')}\n"
            f"created: {store.meta('created')}\n" + "".join(f"{name}: {n}\n" for name, n in counts.items())
            + f"size: {os.path.getsize(store.path)} bytes\n")


def _mark(args: argparse.Namespace) -> tuple[int, str]:
    with _open(args, create=False) as store:
        collection = Collection(store)
        papers = []
        for ref in args.refs:
            paper = collection.resolve(ref)
            if paper is None:
                raise UsageError(f"no paper {ref!r} in {store.path} (give a paper id or a 16-digit fingerprint)")
            papers.append(paper)
        with store.transaction():
            for paper in papers:
                store.set_marks(store.fingerprints_of_paper(paper), args.mark)
    return EXIT_OK, "".join(f"paper {paper}: {args.mark}\n" for paper in papers)


def _not_same(args: argparse.Namespace) -> tuple[int, str]:
    for value in (args.a, args.b):
        if not _FINGERPRINT_RE.match(value):
            raise UsageError(f"expected a 16-digit hex fingerprint, got {value[:60]!r}")
    with _open(args, create=False) as store, store.transaction():
        store.add_not_same(args.a.lower(), args.b.lower())
        texts = store.texts_of_papers({p for p in (store.paper_of_fingerprint(args.a.lower()),
                                                   store.paper_of_fingerprint(args.b.lower())) if p is not None})
        Collection(store).regroup(texts)
    return EXIT_OK, f"recorded: {args.a.lower()} and {args.b.lower()} are different papers\n"


def _add_or_new(args: argparse.Namespace, stdin, stderr: TextIO, progress, style: Style,
                matcher: TagMatcher) -> tuple[int, str]:
    if not args.paths:
        raise UsageError(f"{args.command} needs PATHs to read")
    shows = args.command == "new" or args.new
    # A plain `add` shows no tags and stores none (rules change): its lists are read without tagging.
    loaded = load_lists(args.paths, matcher if shows else TagMatcher({}), args.glob, args.jobs, stdin, progress,
                        args.input_format)
    progress.finish()
    status = report_loaded(loaded, args.strict, stderr)
    held: dict[str, int | None] = {}
    with _open(args, create=args.command == "add") as store:
        collection = Collection(store)
        before = store.max_text_id()
        with store.transaction() if args.command == "add" else store.trial():
            report = collection.add(loaded.lists)
            if shows and before:
                held = _held(store, {k for rl in loaded.lists for s in rl.snippets if (k := match_key(s.text))},
                             before)
            seen = {paper: store.where_first_seen(paper) for paper in set(held.values()) if paper is not None}
    out = ""
    if args.command == "add":
        out = "\n".join(wrap(f"{terminal_safe(store.path)}: {report.new_lists} new lists ({report.known_lists} "
                             f"already added), {report.new_snippets} new snippets, {report.new_papers} new papers, "
                             f"{report.joined_known} snippets joined papers already held", style.width)) + "\n"
        if not shows:
            return status, out
    threshold, _ = thresholds(args)
    grouping, unchecked = group_loaded(args, loaded, threshold, None, read_not_duplicates(args.not_duplicates)
                                       if args.not_duplicates else set())
    if unchecked:
        status = max(status, report_unchecked(unchecked, loaded, args.strict, stderr))
    notes, fresh = {}, []
    for paper in grouping.papers:
        known = [held[k] for m in paper.members if (k := match_key(m.text)) in held and held[k] is not None]
        if not known:
            fresh.append(paper)
        elif getattr(args, "show_known", False):
            path, line, when = seen[known[0]]
            notes[paper.id] = f"already held: first seen at {path}:{line} on {when[:10]}"
            fresh.append(paper)
    shown = triage_output(args, loaded, grouping, matcher, style, papers=fresh, notes=notes)
    if args.command == "add":
        stderr.write(out)
    return status, shown


def _held(store: Store, keys: set[str], before: int) -> dict[str, int | None]:
    """For each input text: the paper holding it when that paper holds a text stored before this run, else None."""
    ids = store.text_ids_of_keys(keys)
    paper_of = store.paper_of_texts(ids.values())
    oldest = store.oldest_text_of_papers(set(paper_of.values()))
    held = {p for p, first in oldest.items() if first <= before}
    return {k: paper_of.get(t) if paper_of.get(t) in held else None for k, t in ids.items()}
