"""The steps every command shares: the active tag rules, reading and grouping the inputs, and saying what went wrong."""

from __future__ import annotations

import difflib

from collections.abc import Callable, Sequence
from typing import NamedTuple, TextIO

from paperlist.cli.errors import EXIT_ERROR, EXIT_OK, UsageError
from paperlist.cli.options import Grouping as GroupingOptions
from paperlist.cli.options import Inputs, ReportOptions, read_option_file
from paperlist.inputs.load import Loaded, Progress, load_lists
from paperlist.match.dupes import search_duplicates
from paperlist.match.papers import Grouping, group_papers
from paperlist.model import Diagnostic, Snippet
from paperlist.render.terminal import terminal_safe, wrap
from paperlist.render.textfmt import Style, plural
from paperlist.tagging.apply import SWITCH_MIN_PAPERS, described, retag, rules_fit, topic_texts
from paperlist.tagging.tags import RulesError, TagMatcher, builtin_rules, load_rules
from paperlist.tagging.topics import Topics, collection_field, find_topics

AUTO = "auto"
BUILTIN = "builtin"
NOTE_MIN_PAPERS = 20  # fewer papers, some tagged, say nothing about whether the rules fit the field
UNCHECKED_SHOWN = 20


class Context(NamedTuple):
    """What a command may use of the process: stdin's bytes, stderr, the progress line, the output style and
    where automatic topics are found (or kept)."""

    stdin: object
    stderr: TextIO
    progress: Progress
    style: Style
    finish_progress: Callable[[], None] = lambda: None
    topics: Callable[[Sequence[str]], Topics] = find_topics  # find_topics, or its cache (cli/cache.py)


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


class AutoTags(NamedTuple):
    """The lists and papers tagged with their own topics, the topics' matcher, and the sentence naming the
    collection's field where most papers share one (field_sentence)."""

    loaded: Loaded
    grouping: Grouping
    matcher: TagMatcher
    field: str | None


def auto_tags(loaded: Loaded, grouping: Grouping, topics_of: Callable[[Sequence[str]], Topics]) -> AutoTags:
    """Tags from the lists themselves: topics of their papers (``topics_of``), as rules, applied to every
    snippet."""
    topics = topics_of(topic_texts(grouping.papers))
    matcher = TagMatcher(topics.rules)
    lists, grouping = retag(loaded.lists, grouping, matcher.tag)
    return AutoTags(loaded._replace(lists=lists), grouping, matcher, field_sentence(topics, len(grouping.papers)))


def field_sentence(topics: Topics, papers: int) -> str | None:
    """Why the subject most papers share is no topic: "62% of the 454 papers are about large language models
    (LLMs), which names the collection rather than a topic in it"; None where there is no such subject."""
    if topics.field is None:
        return None
    shown, share = topics.field
    percent = round(100 * share)
    held = (f"all {plural(papers, 'paper')}" if share >= 1 else f"nearly all the {papers} papers" if percent == 100
            else f"{percent}% of the {papers} papers")
    return f"{held} are about {shown}, which names the collection rather than a topic in it"


def note_field(sentence: str | None, stderr: TextIO, width: int = 80) -> None:
    if sentence:
        stderr.write("\n".join(wrap(f"paperlist: note: {sentence}", width)) + "\n")


def note_no_topics(grouping: Grouping, stderr: TextIO, width: int = 80) -> None:
    """Say why --tags auto tagged nothing."""
    papers = plural(len(grouping.papers), "paper")
    note = f"paperlist: note: --tags auto found no topics in {papers}: {no_topics_reason(grouping, 'it needs')}"
    stderr.write("\n".join(wrap(note, width)) + "\n")


def no_topics_reason(grouping: Grouping, needs: str) -> str:
    """Why no topic was found: too few papers, papers sharing no term, or one subject in them all (which names
    the collection, and divides nothing). ``needs``: the words that open what topics need."""
    papers = len(grouping.papers)
    field = collection_field(topic_texts(grouping.papers)) if papers >= SWITCH_MIN_PAPERS else None
    if field:
        return (f"all {plural(papers, 'paper')} are about {field[0]}, which names the collection and divides "
                "nothing; topics need subjects some papers share and others lack")
    return f"{needs} at least 3 papers, two of which share a subject (a term in their titles or texts)"


def fitting_tags(loaded: Loaded, grouping: Grouping, matcher: TagMatcher,
                 topics_of: Callable[[Sequence[str]], Topics], stderr: TextIO, width: int = 80,
                 explain: bool = False) -> tuple[Loaded, Grouping, TagMatcher]:
    """The default tags: the built-in rules where they describe half of the papers or more, else the topics of
    the lists themselves, said in one line. Where no topic is found the rules stay, and with ``explain`` a line
    says why, from NOTE_MIN_PAPERS papers or from SWITCH_MIN_PAPERS where no paper is tagged (summarize: its
    tag counts are the point; one or two papers untagged say so themselves)."""
    papers = len(grouping.papers)
    count, broadest = described(grouping.papers)
    if rules_fit(papers, count):
        return loaded, grouping, matcher
    what = f"describe only {count} of {papers} papers with more than '{broadest}'" if broadest \
        else f"tag none of the {papers} papers"
    found = auto_tags(loaded, grouping, topics_of)
    if not found.matcher.rules:
        if explain and (papers >= NOTE_MIN_PAPERS or not any(p.tags for p in grouping.papers)):
            note = (f"paperlist: note: the built-in tag rules (deep-learning systems) {what}, and no topics were "
                    f"found in the lists: {no_topics_reason(grouping, 'topics need')}")
            stderr.write("\n".join(wrap(note, width)) + "\n")
        return loaded, grouping, matcher
    note = (f"paperlist: note: the built-in tag rules (deep-learning systems) {what}: tags are the topics found "
            "in the lists themselves (--tags builtin keeps the rules)" + (f"; {found.field}" if found.field else ""))
    stderr.write("\n".join(wrap(note, width)) + "\n")
    return found.loaded, found.grouping, found.matcher


class Gathered(NamedTuple):
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
        from paperlist.cli.stored import collection_grouping  # SQLite, only for a collection

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
        loaded, grouping, matcher, field = auto_tags(loaded, grouping, context.topics)
        if not matcher.rules:
            note_no_topics(grouping, context.stderr, context.style.note_width)
        else:
            note_field(field, context.stderr, context.style.note_width)
        check_tags(selection.focus + selection.tag + selection.exclude_tag, matcher.rules)
    elif options.rules is None and options.command in ("summarize", "triage", "report") \
            and not (selection.focus or selection.tag or selection.exclude_tag):
        # The default fits the input: topics where the built-in rules (one field's) describe too few papers.
        loaded, grouping, matcher = fitting_tags(loaded, grouping, matcher, context.topics, context.stderr,
                                                 context.style.note_width, explain=options.command == "summarize")
    return Gathered(loaded, grouping, matcher, status, marks)
