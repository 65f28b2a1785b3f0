"""The collection commands: add, new, remove, mark, not-same and db."""

from __future__ import annotations

import os
import re

from paperlist.cli.errors import EXIT_ERROR, EXIT_OK, UsageError
from paperlist.cli.options import CollectionOptions
from paperlist.cli.pipeline import Context, Gathered, active_rules, check_tags, group, load
from paperlist.cli.ranked import reading_list
from paperlist.cli.stored import naming_damage, open_store
from paperlist.collection.adding import AddReport, Collection
from paperlist.collection.decisions import FINGERPRINT_RE, DecisionError, mark_papers, not_same
from paperlist.collection.store import Store
from paperlist.collection.views import held_papers, joined_against_marks, with_stored_ids
from paperlist.match.identity import snippet_identity
from paperlist.match.papers import snippet_key
from paperlist.model import paper_ref
from paperlist.render.terminal import terminal_safe, wrap
from paperlist.render.textfmt import plural
from paperlist.tagging.tags import TagMatcher

Outcome = tuple[int, str]



def run_db(options: CollectionOptions, context: Context) -> Outcome:
    """Counts, schema version and size (info), the lists (lists), the history (log), or the integrity check
    (check: exit 2 on a problem)."""
    with open_store(options.db, create=False, read_only=True) as store:
        if options.action == "info":
            return EXIT_OK, _info(store)
        if options.action == "lists":
            rows = store.list_rows()
            return EXIT_OK, "".join(f"{n:>6} {'snippet ' if n == 1 else 'snippets'}  {terminal_safe(path)}\n"
                                    for _, path, _, n in rows) or \
                "no lists (add some with 'paperlist add')\n"
        if options.action == "log":
            return EXIT_OK, "".join(f"{at.replace('T', ' ')[:19]}  {action:<9} {terminal_safe(detail)}\n"
                                    for at, action, detail in store.events()) or "nothing recorded yet\n"
        problems = store.check()
    return (EXIT_ERROR if problems else EXIT_OK), ("".join(f"problem: {terminal_safe(p)}\n" for p in problems)
                                                   or f"{terminal_safe(store.path)}: ok\n")


def _info(store: Store) -> str:
    counts = store.counts()
    return (f"collection: {terminal_safe(store.path)}\nschema version: {store.meta('schema_version')}\n"
            f"created: {store.meta('created')}\n" + "".join(f"{name}: {n}\n" for name, n in counts.items())
            + f"size: {os.path.getsize(store.path)} bytes\n")


_ID_RE = re.compile(r"^[pP][0-9]{1,18}$")
CLEARING = ("clear", "unread")


def check_refs(refs: tuple[str, ...]) -> None:
    """Every REF is a paper id (``p41``) or a 16-digit fingerprint, before the collection is opened. A bare
    number is refused: over PATHs the views number papers by rank, and a rank would mark another paper."""
    for ref in refs:
        if ref.isascii() and ref.isdigit() and len(ref) <= 18 and not FINGERPRINT_RE.match(ref):
            raise UsageError(f"{ref!r} is a bare number: paper ids are written p{ref} in the collection's views "
                             "(triage --db, dupes --db, report --db); a number from a run over PATHs is a rank, "
                             "which names no paper")
        if not (_ID_RE.match(ref) or FINGERPRINT_RE.match(ref)):
            raise UsageError(f"expected a paper id (p41) or a 16-digit fingerprint, got {ref[:60]!r}")


def _opening(store: Store, paper: int, width: int = 60) -> str:
    text = " ".join((store.opening_of_paper(paper) or "").split())
    return terminal_safe(text if len(text) <= width else text[:width - 1].rstrip() + "…")


def run_mark(options: CollectionOptions, context: Context) -> Outcome:
    """Set or clear the mark of papers, all in one transaction; say what was marked."""
    check_refs(options.refs)
    with open_store(options.db, create=False) as store, naming_damage(store.path):
        try:
            done = mark_papers(store, options.refs, None if options.mark in CLEARING else options.mark)
        except DecisionError as exc:
            raise UsageError(str(exc)) from None
        lines = []
        for decided in done:
            head = f"{paper_ref(decided.paper)} {decided.done}: "
            lines.append(head + _opening(store, decided.paper, max(20, context.style.width - len(head))) + "\n")
    return EXIT_OK, "".join(lines)


def run_not_same(options: CollectionOptions, context: Context) -> Outcome:
    """Record that two papers are different (regrouping what they touch), list the records, or undo one."""
    with open_store(options.db, create=False) as store, naming_damage(store.path):
        if options.action == "list":
            if options.refs:
                raise UsageError("--list takes no REF")
            return EXIT_OK, _not_same_list(store, context.style.width)
        if len(options.refs) != 2:
            raise UsageError(f"not-same takes two REFs (paper ids or fingerprints), got {len(options.refs)}")
        check_refs(options.refs)
        refs = (options.refs[0], options.refs[1])
        undo = options.action == "undo"
        marked = _marked_papers(store) if undo else None  # an undo may join copies marked differently, as add may
        try:
            pairs = not_same(store, refs, undo=undo)
        except DecisionError as exc:
            raise UsageError(str(exc)) from None
        mixed = _joined_marked(store, marked)
    copies = f" ({plural(pairs, 'pair')} of their copies)" if pairs > 1 else ""
    if undo:
        return EXIT_OK, (f"removed: {refs[0]} and {refs[1]} may be one paper again{copies}\n"
                         + mixed_marks_note(store.path, mixed, context.style.width))
    return EXIT_OK, f"recorded: {refs[0].lower()} and {refs[1].lower()} are different papers{copies}\n"


def _not_same_list(store: Store, width: int) -> str:
    """Each recorded pair: when it was decided, and each side's fingerprint, paper and opening words."""
    pairs = store.not_same_pairs()
    if not pairs:
        return "no pairs recorded as different papers\n"
    papers = store.paper_of_fingerprints({f for a, b, _ in pairs for f in (a, b)})
    lines = []
    for a, b, at in pairs:
        lines.append(f"{at[:10] if at else 'undated'}: two different papers")
        for value in (a, b):
            paper = f"{paper_ref(papers[value])}" if value in papers else "not held now"
            opening = " ".join((store.opening_of_fingerprint(value) or "").split())
            text = f"{value} {paper}: {opening}" if opening else f"{value} {paper}"
            lines.append("  " + terminal_safe(text if len(text) <= width - 2 else text[:width - 3].rstrip() + "…"))
        lines.append(f"  undo: paperlist not-same --undo {a} {b}")
    return "\n".join(lines) + "\n"


def run_remove(options: CollectionOptions, context: Context) -> Outcome:
    """Take lists out of the collection; every mark and decision stays, for papers that come back."""
    with open_store(options.db, create=False) as store, naming_damage(store.path):
        with store.transaction():
            rows = store.list_rows()
            chosen = _lists_named(rows, options.refs, store.path)
            removed, gone, touched = Collection(store).remove([i for i, _, _, _ in chosen])
            for _, path, _, n in chosen:
                store.log("remove", f"{path} ({plural(n, 'snippet')})")
    names = ", ".join(terminal_safe(path) for _, path, _, _ in chosen)
    text = (f"removed {plural(len(chosen), 'list')} ({names}): {plural(removed, 'snippet')}; "
            f"{plural(len(gone), 'paper')} no longer held, {plural(len(touched - gone), 'paper')} kept with fewer "
            "copies. Marks and not-same decisions are kept: a paper added again comes back under its id, marked.")
    return EXIT_OK, "\n".join(wrap(text, context.style.width)) + "\n"


def _lists_named(rows: list[tuple[int, str, str, int]], given: tuple[str, ...],
                 db: str) -> list[tuple[int, str, str, int]]:
    """The stored lists each LIST names: its path as added, the same file from here, or a folder holding lists."""
    chosen: dict[int, tuple[int, str, str, int]] = {}
    for name in given:
        wanted = os.path.normpath(name)
        here = os.path.abspath(name)
        found = [row for row in rows if row[1] == name or os.path.normpath(row[1]) == wanted
                 or os.path.abspath(row[1]) == here or os.path.normpath(row[1]).startswith(wanted.rstrip(os.sep) + os.sep)
                 or (os.path.abspath(row[1]).startswith(here.rstrip(os.sep) + os.sep))]
        if not found:
            raise UsageError(f"no list {name!r} in {db} (nothing was removed; 'paperlist db lists' shows its lists)")
        chosen.update({row[0]: row for row in found})
    return [chosen[i] for i in sorted(chosen)]


def run_add(options: CollectionOptions, context: Context) -> Outcome:
    return _add_or_new(options, context)


def run_new(options: CollectionOptions, context: Context) -> Outcome:
    return _add_or_new(options, context)


def _add_or_new(options: CollectionOptions, context: Context) -> Outcome:
    """``add`` records the lists (and with --new shows what was new); ``new`` only shows it, in a rolled-back
    trial. Papers are shown under the collection's ids; a paper ``new`` finds is not in the collection yet and is
    shown by its fingerprint, which ``mark`` and ``not-same`` take once its list is added."""
    if not options.inputs.paths:
        raise UsageError(f"{options.command} needs PATHs to read")
    adding = options.command == "add"
    shows = not adding or options.show_new
    rules = active_rules(options.rules)
    check_tags(options.selection.focus, rules)
    matcher = TagMatcher(rules)
    # A plain `add` shows no tags and stores none (rules change): its lists are read without tagging.
    # A collection keeps a mailbox one list per e-mail: next week's mailbox adds only the e-mails it does not
    # hold (a subscription's list would change every week and be added again whole).
    inputs = options.inputs._replace(per_message=True)
    loaded, status = load(inputs, matcher if shows else TagMatcher({}), context, required=True)
    with open_store(options.db, create=adding, trial=not adding) as store:
        with naming_damage(store.path):  # rows changed by hand: named, and the add rolled back
            before = store.max_text_id()
            with store.transaction() if adding else store.trial():
                marked = _marked_papers(store) if adding else None
                report = Collection(store).add(loaded.lists)
                mixed = _joined_marked(store, marked)
                held = held_papers(store, {k for rl in loaded.lists for s in rl.snippets if (k := snippet_identity(s))},
                                   before) if shows and before else {}
                places = (snippet_key(s) for rl in loaded.lists for s in rl.snippets)
                stored = store.papers_of_places(places) if shows else {}
                seen = {paper: store.where_first_seen(paper) for paper in set(held.values())
                        if paper is not None} if options.show_known else {}  # where known papers were first seen
        marks = store.marks() if shows else {}
    width = context.style.width
    summary = add_summary(store.path, report, width) + mixed_marks_note(store.path, mixed, width) if adding else ""
    if not shows:
        return status, summary
    grouping, unchecked_status = group(loaded, options.grouping, inputs, context, maybe=False)
    status = max(status, unchecked_status)
    grouping = with_stored_ids(grouping, stored)
    known_ids = {paper for paper in held.values() if paper is not None}
    notes, shown, fresh = {}, [], 0
    for paper in grouping.papers:
        if paper.id not in known_ids:
            shown.append(paper)
            fresh += 1
        elif options.show_known:
            path, line, when = seen[paper.id]
            notes[paper.id] = f"already held: first seen at {path}:{line} on {when[:10]}"
            shown.append(paper)
    # Papers `new` finds have only this trial's numbers: they are shown by fingerprint until they are added.
    ids = {p.id: p.id if adding or p.id in known_ids else None for p in grouping.papers}
    headline = new_headline(fresh, len(grouping.papers) - fresh, options.show_known)
    output = reading_list(Gathered(loaded, grouping, matcher, status, marks), options.selection, options.format,
                          context.style, papers=shown, notes=notes, ids=ids, headline=headline)
    if adding:
        context.stderr.write(summary)
    return status, output


def add_summary(path: str, report: AddReport, width: int) -> str:
    """What an ``add`` changed, in words."""
    known = f" ({report.known_lists} already added)" if report.known_lists else ""
    text = (f"{terminal_safe(path)}: added {plural(report.new_lists, 'list')}{known}; "
            f"{plural(report.new_snippets, 'new snippet')}: {plural(report.new_papers, 'new paper')}"
            + (f" ({report.returned} back under the ids and marks they had before a remove)" if report.returned else "")
            + ", "
            f"{plural(report.joined_known, 'snippet')} joined papers already held")
    return "\n".join(wrap(text, width)) + "\n"


MarkedPapers = tuple[dict[str, str], dict[str, int]]  # the marks by fingerprint, and each marked copy's paper


def _marked_papers(store: Store) -> MarkedPapers:
    """The marks, and the paper each marked copy is in: what ``_joined_marked`` compares after a change."""
    marks = store.marks()
    return marks, store.paper_of_fingerprints(marks) if marks else {}


def _joined_marked(store: Store, before: MarkedPapers | None) -> list[tuple[int, tuple[str, ...]]]:
    """The papers a change made of copies that were apart and marked differently (views.joined_against_marks)."""
    if not before or not before[0]:
        return []
    marks, papers = before
    return joined_against_marks(papers, store.paper_of_fingerprints(marks), marks)


def mixed_marks_note(path: str, mixed: list[tuple[int, tuple[str, ...]]], width: int) -> str:
    """A line for each paper that an add (or a not-same undone) joined from copies marked differently: which mark
    it shows, and that every mark is kept (not-same splits the paper again, each part with its own)."""
    lines = []
    for paper, marks in mixed:
        text = (f"{terminal_safe(path)}: {paper_ref(paper)} now joins copies you marked {' and '.join(marks)}: it "
                f"shows {marks[0]}; each copy keeps its mark, and 'paperlist not-same' on two of its fingerprints "
                "(dupes --db --explain) splits them again")
        lines += wrap(text, width)
    return "".join(line + "\n" for line in lines)


def new_headline(fresh: int, known: int, show_known: bool) -> str:
    """How ``new`` and ``add --new`` open: what is new, and what the collection already held."""
    if not fresh:
        return f"Nothing new: {'the' if known == 1 else 'all'} {plural(known, 'paper')} already in the collection"
    held = f"; {known} already in the collection" + (" (shown with where they were first seen)" if show_known else "")
    return f"{plural(fresh, 'new paper')}{held if known else ''}"
