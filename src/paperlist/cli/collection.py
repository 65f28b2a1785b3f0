"""The collection commands: add, new, mark, not-same and db."""

from __future__ import annotations

import os
import re

from paperlist.cli.errors import EXIT_ERROR, EXIT_OK, UsageError
from paperlist.cli.options import CollectionOptions
from paperlist.cli.pipeline import (
    Context,
    Gathered,
    active_rules,
    check_tags,
    group,
    load,
    open_store,
    reading_list,
)
from paperlist.collection.adding import Collection
from paperlist.collection.store import Store
from paperlist.collection.views import held_papers
from paperlist.match.normalize import match_key
from paperlist.render.terminal import terminal_safe, wrap
from paperlist.tagging.tags import TagMatcher

Outcome = tuple[int, str]
_FINGERPRINT_RE = re.compile(r"^[0-9a-fA-F]{16}$")


def run_db(options: CollectionOptions, context: Context) -> Outcome:
    """Counts, schema version and size (info), or the integrity check (check: exit 2 on a problem)."""
    with open_store(options.db, create=False) as store:
        if options.action == "info":
            return EXIT_OK, _info(store)
        problems = store.check()
    return (EXIT_ERROR if problems else EXIT_OK), ("".join(f"problem: {terminal_safe(p)}\n" for p in problems)
                                                   or f"{terminal_safe(store.path)}: ok\n")


def _info(store: Store) -> str:
    counts = store.counts()
    return (f"collection: {terminal_safe(store.path)}\nschema version: {store.meta('schema_version')}\n"
            f"created: {store.meta('created')}\n" + "".join(f"{name}: {n}\n" for name, n in counts.items())
            + f"size: {os.path.getsize(store.path)} bytes\n")


def run_mark(options: CollectionOptions, context: Context) -> Outcome:
    with open_store(options.db, create=False) as store:
        collection = Collection(store)
        papers = []
        for ref in options.refs:
            paper = collection.resolve(ref)
            if paper is None:
                raise UsageError(f"no paper {ref!r} in {store.path} (give a paper id or a 16-digit fingerprint)")
            papers.append(paper)
        with store.transaction():
            for paper in papers:
                store.set_marks(store.fingerprints_of_paper(paper), options.mark)
    return EXIT_OK, "".join(f"paper {paper}: {options.mark}\n" for paper in papers)


def run_not_same(options: CollectionOptions, context: Context) -> Outcome:
    for value in options.refs:
        if not _FINGERPRINT_RE.match(value):
            raise UsageError(f"expected a 16-digit hex fingerprint, got {value[:60]!r}")
    a, b = (value.lower() for value in options.refs)
    with open_store(options.db, create=False) as store, store.transaction():
        store.add_not_same(a, b)
        texts = store.texts_of_papers({p for p in (store.paper_of_fingerprint(a), store.paper_of_fingerprint(b))
                                       if p is not None})
        Collection(store).regroup(texts)
    return EXIT_OK, f"recorded: {a} and {b} are different papers\n"


def run_add(options: CollectionOptions, context: Context) -> Outcome:
    return _add_or_new(options, context)


def run_new(options: CollectionOptions, context: Context) -> Outcome:
    return _add_or_new(options, context)


def _add_or_new(options: CollectionOptions, context: Context) -> Outcome:
    """``add`` records the lists (and with --new shows what was new); ``new`` only shows it, in a rolled-back trial."""
    if not options.inputs.paths:
        raise UsageError(f"{options.command} needs PATHs to read")
    adding = options.command == "add"
    shows = not adding or options.show_new
    rules = active_rules(options.rules)
    check_tags(options.selection.focus, rules)
    matcher = TagMatcher(rules)
    # A plain `add` shows no tags and stores none (rules change): its lists are read without tagging.
    loaded, status = load(options.inputs, matcher if shows else TagMatcher({}), context)
    held: dict[str, int | None] = {}
    with open_store(options.db, create=adding) as store:
        collection = Collection(store)
        before = store.max_text_id()
        with store.transaction() if adding else store.trial():
            report = collection.add(loaded.lists)
            if shows and before:
                held = held_papers(store, {k for rl in loaded.lists for s in rl.snippets if (k := match_key(s.text))},
                                   before)
            seen = {paper: store.where_first_seen(paper) for paper in set(held.values()) if paper is not None}
    summary = ""
    if adding:
        summary = "\n".join(wrap(f"{terminal_safe(store.path)}: {report.new_lists} new lists ({report.known_lists} "
                                 f"already added), {report.new_snippets} new snippets, {report.new_papers} new papers, "
                                 f"{report.joined_known} snippets joined papers already held", context.style.width)) + "\n"
        if not shows:
            return status, summary
    grouping, unchecked_status = group(loaded, options.grouping, options.inputs, context, maybe=False)
    status = max(status, unchecked_status)
    notes, fresh = {}, []
    for paper in grouping.papers:
        known = [held[k] for m in paper.members if (k := match_key(m.text)) in held and held[k] is not None]
        if not known:
            fresh.append(paper)
        elif options.show_known:
            path, line, when = seen[known[0]]
            notes[paper.id] = f"already held: first seen at {path}:{line} on {when[:10]}"
            fresh.append(paper)
    shown = reading_list(Gathered(loaded, grouping, matcher, status), options.selection, options.format, context.style,
                         papers=fresh, notes=notes)
    if adding:
        context.stderr.write(summary)
    return status, shown
