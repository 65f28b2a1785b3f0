"""The steps every command shares: the active tag rules, reading and grouping the inputs, and saying what went wrong."""

from __future__ import annotations

import difflib

import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TextIO

from paperlist.cli.errors import EXIT_ERROR, EXIT_OK, UsageError
from paperlist.cli.options import Grouping as GroupingOptions
from paperlist.cli.options import Inputs, Selection, read_option_file
from paperlist.collection.store import Store, StoreError, StoreOutdated
from paperlist.collection.views import paper_mark, stored_grouping, tagged_lists, unmarked_papers
from paperlist.inputs.load import Loaded, Progress, load_lists
from paperlist.match.dupes import search_duplicates
from paperlist.match.papers import Grouping, group_papers
from paperlist.model import Diagnostic, Paper, Snippet
from paperlist.render.terminal import terminal_safe, wrap
from paperlist.render.textfmt import Style, plural
from paperlist.render.triage import TRIAGE_RENDERERS, TriageReport
from paperlist.reports.triage import Relevance, rank_papers, relevance
from paperlist.tagging.apply import retag, tag_text
from paperlist.tagging.tags import RulesError, TagMatcher, builtin_rules, load_rules
from paperlist.tagging.topics import collection_field, suggest_rules

AUTO = "auto"
BUILTIN = "builtin"
NOTE_MIN_PAPERS = 20  # fewer papers say nothing about whether the rules fit the field
SWITCH_MIN_PAPERS = 3  # from here, topics can tell papers apart where the rules do not
UNCHECKED_SHOWN = 20


@dataclass(frozen=True)
class Context:
    """What a command may use of the process: stdin's bytes, stderr, the progress line and the output style."""

    stdin: object
    stderr: TextIO
    progress: Progress
    style: Style
    finish_progress: Callable[[], None] = lambda: None


def active_rules(path: str | None) -> dict[str, list[str]]:
    """The built-in rules, or those of a rules file; a broken file raises UsageError. ``auto``: none yet."""
    if path is None or path == BUILTIN:
        return builtin_rules()
    if path == AUTO:
        return {}
    try:
        return load_rules(read_option_file(path, "rules file"))
    except RulesError as exc:
        where = path if exc.line is None else f"{path}:{exc.line}"
        raise UsageError(f"{where}: error: {exc.message}") from None


def check_tags(names: tuple[str, ...], rules: dict[str, list[str]]) -> None:
    for name in names:
        if name not in rules:
            near = [tag for tag in rules if tag.startswith(name) or name in tag.split("-")]
            near = near or difflib.get_close_matches(name, list(rules), 1, 0.7)
            hint = f"did you mean '{near[0]}'? " if len(near) == 1 else ""
            raise UsageError(f"unknown tag '{name}' ({hint}list the tags with 'paperlist tags')")


def open_store(path: str, create: bool, read_only: bool = False, trial: bool = False) -> Store:
    """The collection at ``path``; ``read_only`` commands never write it; a ``trial`` (``new``) that cannot
    write it works on a copy in memory."""
    try:
        if trial and os.path.exists(path) and not os.access(path, os.W_OK):
            return Store.copy_of(path)
        try:
            return Store(path, create=create, read_only=read_only)
        except StoreOutdated:
            # An older collection is upgraded once (as any command that opens it would), or read from an
            # upgraded copy in memory where the file cannot be written.
            return Store(path, create=False) if os.access(path, os.W_OK) else Store.copy_of(path)
    except StoreError as exc:
        raise UsageError(str(exc)) from None


def report_loaded(loaded: Loaded, strict: bool, stderr: TextIO) -> int:
    """Every warning and error of reading, on stderr; the exit code they call for."""
    severity = "error" if strict else "warning"
    for warning in loaded.warnings:
        stderr.write(terminal_safe(warning.render(severity)) + "\n")
    for error in loaded.errors:
        stderr.write(f"paperlist: error: {terminal_safe(error)}\n")
    return EXIT_ERROR if loaded.errors or (strict and loaded.warnings) else EXIT_OK


def report_unchecked(unchecked: list[Snippet], loaded: Loaded, strict: bool, stderr: TextIO) -> int:
    """Say which snippets the near search could not fully compare: on stderr (the first few) and in the output."""
    message = "not fully compared for near duplicates (repetitive text: see 'Untrusted input' in docs/input.md)"
    warnings = [Diagnostic(s.path, s.line, message) for s in unchecked]
    loaded.warnings.extend(warnings)
    severity = "error" if strict else "warning"
    for warning in warnings[:UNCHECKED_SHOWN]:
        stderr.write(terminal_safe(warning.render(severity)) + "\n")
    if len(warnings) > UNCHECKED_SHOWN:
        stderr.write(f"paperlist: {severity}: {len(warnings) - UNCHECKED_SHOWN} more snippets not fully compared "
                     "for near duplicates\n")
    return EXIT_ERROR if strict else EXIT_OK


def snippets_of(loaded: Loaded) -> list[Snippet]:
    return [s for rl in loaded.lists for s in rl.snippets]


class NothingToRead(UsageError):
    """No input held a list: an error, and no document on stdout."""


def load(inputs: Inputs, matcher: TagMatcher, context: Context, required: bool = True) -> tuple[Loaded, int]:
    """Read, parse and tag every input, and report what went wrong; the lists and the exit code so far. With
    nothing to read at all (``required``), the run stops: an empty table would look like an answer."""
    loaded = load_lists(inputs.paths, matcher, inputs.glob, inputs.jobs, context.stdin, context.progress,
                        inputs.input_format, inputs.per_message)
    context.finish_progress()
    status = report_loaded(loaded, inputs.strict, context.stderr)
    if required and not loaded.lists:
        if loaded.errors and len(loaded.errors) >= len(inputs.paths):
            raise NothingToRead("")  # every input's own error is said: one error per mistake
        shown = " ".join(terminal_safe(p) for p in inputs.paths[:3]) + (" ..." if len(inputs.paths) > 3 else "")
        raise NothingToRead(f"nothing to read in {shown}: no list, alert or reference export found")
    if inputs.input_format and loaded.lists and not any(rl.snippets for rl in loaded.lists):
        raise NothingToRead(f"--input-format {inputs.input_format} read no entry in {plural(len(loaded.files), 'file')}"
                            ": are they in another format? (without --input-format each file's format is detected)")
    return loaded, status


def group(loaded: Loaded, grouping: GroupingOptions, inputs: Inputs, context: Context,
          maybe: bool = True) -> tuple[Grouping, int]:
    """The one grouping of a run; the exit code for the snippets the near search could not fully compare."""
    groups, unchecked = search_duplicates(snippets_of(loaded), grouping.threshold, grouping.maybe if maybe else None,
                                          grouping.min_words, grouping.not_duplicates, jobs=inputs.jobs)
    status = report_unchecked(unchecked, loaded, inputs.strict, context.stderr) if unchecked else EXIT_OK
    return group_papers(loaded.lists, groups), status


# What reading a collection whose rows were changed by hand raises, before any SQL error could say so.
DAMAGE = (TypeError, KeyError, ValueError, AttributeError, IndexError)


def damaged(path: str, exc: BaseException) -> UsageError:
    """One line for a collection whose content no command can read: the damage, and the check that finds it."""
    return UsageError(f"{path}: a damaged collection ({type(exc).__name__}: {' '.join(str(exc).split())[:80]}); "
                      f"run 'paperlist db check --db {path}'")


def collection_grouping(path: str, matcher: TagMatcher, grouping: GroupingOptions) -> tuple[Loaded, Grouping, dict[str, str]]:
    """The whole collection as lists (tagged now: tags are not stored, rules change), its papers and its marks."""
    with open_store(path, create=False, read_only=True) as store:
        try:
            lists = tagged_lists(store, matcher.tag)
            papers = stored_grouping(store, lists, grouping.threshold, grouping.min_words)
        except DAMAGE as exc:
            raise damaged(path, exc) from None
        marks = store.marks()
    return Loaded(lists=lists), papers, marks


def topic_texts(papers: list[Paper]) -> list[str]:
    """What topics are found in: each paper's title (where its record has one) and text, as the rules read them."""
    return [tag_text(p.kept.text, p.kept.record) for p in papers]


def auto_tags(loaded: Loaded, grouping: Grouping) -> tuple[Loaded, Grouping, TagMatcher]:
    """Tags from the lists themselves: topics of their papers, as rules, applied to every snippet."""
    matcher = TagMatcher(suggest_rules(topic_texts(grouping.papers)))
    lists, grouping = retag(loaded.lists, grouping, matcher.tag)
    return Loaded(lists, loaded.warnings, loaded.errors), grouping, matcher


def note_no_topics(grouping: Grouping, stderr: TextIO, width: int = 80) -> None:
    """Say why --tags auto tagged nothing: too few papers, papers sharing no term, or one subject in them all
    (which names the collection, and divides nothing)."""
    papers = len(grouping.papers)
    field = collection_field(topic_texts(grouping.papers)) if papers >= SWITCH_MIN_PAPERS else None
    if field:
        why = (f"all {plural(papers, 'paper')} are about {field[0]}, which names the collection and divides "
               "nothing; topics need subjects some papers share and others lack")
    else:
        why = "it needs at least 3 papers, two of which share a subject (a term in their titles or texts)"
    note = f"paperlist: note: --tags auto found no topics in {plural(papers, 'paper')}: {why}"
    stderr.write("\n".join(wrap(note, width)) + "\n")


def described(grouping: Grouping) -> tuple[int, str | None]:
    """How many papers carry a tag other than the most common one, and that tag: outside the rules' field, one
    broad tag (large-language-models, say) often tags many papers and tells them apart from nothing."""
    counts: dict[str, int] = {}
    for p in grouping.papers:
        for tag in p.tags:
            counts[tag] = counts.get(tag, 0) + 1
    broadest = max(counts, key=lambda t: (counts[t], t), default=None)
    return sum(any(t != broadest for t in p.tags) for p in grouping.papers), broadest


def fitting_tags(loaded: Loaded, grouping: Grouping, matcher: TagMatcher, stderr: TextIO,
                 width: int = 80) -> tuple[Loaded, Grouping, TagMatcher]:
    """The default tags: the built-in rules where they describe half of the papers or more, else the topics of
    the lists themselves, said in one line. Where no topic is found the rules stay."""
    papers = len(grouping.papers)
    count, broadest = described(grouping)
    if papers < SWITCH_MIN_PAPERS or count * 2 >= papers:
        return loaded, grouping, matcher
    found = auto_tags(loaded, grouping)
    if not found[2].rules:
        return loaded, grouping, matcher
    what = f"describe only {count} of {papers} papers with more than '{broadest}'" if broadest \
        else f"tag none of the {papers} papers"
    note = (f"paperlist: note: the built-in tag rules (deep-learning systems) {what}: tags are the topics found "
            "in the lists themselves (--tags builtin keeps the rules)")
    stderr.write("\n".join(wrap(note, width)) + "\n")
    return found


def suggest_auto(grouping: Grouping, stderr: TextIO, width: int = 80) -> None:
    """Say so when the built-in rules (deep-learning systems) describe under half of the papers.

    A paper counts when it carries a tag other than the most common one: outside the rules' field, one broad
    tag (large-language-models, say) often tags many papers and tells them apart from nothing.
    """
    papers = grouping.papers
    count, broadest = described(grouping)
    if len(papers) >= NOTE_MIN_PAPERS and count * 2 < len(papers):
        what = f"describe only {count} of {len(papers)} papers with more than '{broadest}'" if broadest \
            else f"tag none of {len(papers)} papers"
        note = (f"paperlist: note: the built-in tag rules (deep-learning systems) {what}; try --tags auto, or "
                "write rules to edit with 'paperlist tags --suggest PATH > rules.toml'")
        stderr.write("\n".join(wrap(note, width)) + "\n")


@dataclass(frozen=True)
class Gathered:
    """The lists and papers a report command shows, the tag matcher in force, the exit code so far, and for a
    collection its marks (by snippet fingerprint)."""

    loaded: Loaded
    grouping: Grouping
    matcher: TagMatcher
    status: int
    marks: dict[str, str] | None = None

    @property
    def names(self) -> dict[str, str]:
        return {rl.path: rl.short_name for rl in self.loaded.lists}

    @property
    def seeds(self) -> dict[str, str | None]:
        return {rl.path: rl.seed_title for rl in self.loaded.lists}

    def order(self, marks: dict[int, str]) -> Relevance:
        """How every ranked view orders these papers: by the model learnt from ``marks`` (paper id -> mark), or
        before any mark by lists, seed titles and year."""
        return relevance(self.grouping.papers, marks, self.seeds, self.marks is not None)


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
    order = gathered.order(marks)
    entries = rank_papers(papers, selection.focus, selection.tag, selection.exclude_tag, selection.min_lists,
                          selection.top, pinned, order)
    report = TriageReport(entries, len(grouping.papers), grouping.in_several_lists, selection.focus, gathered.seeds,
                          gathered.names, gathered.matcher, notes or {}, ids, marks, hidden, headline, order,
                          selection.explain)
    return TRIAGE_RENDERERS[fmt](report, style)
