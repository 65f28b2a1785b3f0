"""The command line's grammar: every command, its options, help and examples (argparse)."""

from __future__ import annotations

import argparse
import difflib
import os
import re
import sys
import textwrap
from collections.abc import Mapping, Sequence
from typing import NoReturn

from paperlist import __version__
from paperlist.model import KIND_ORDER
from paperlist.readers.detect import EXTENSIONS, FORMATS

KINDS = tuple(KIND_ORDER)

SUMMARY_FORMATS = ("text", "json", "csv", "markdown")
DUPES_FORMATS = ("text", "json", "csv", "markdown")
EXPORT_FORMATS = ("jsonl", "json", "csv", "ris", "bibtex")
TRIAGE_FORMATS = ("text", "markdown", "json", "csv", "ris", "bibtex")

EPILOG_EXIT = ("exit codes: 0 success, 1 duplicates found (dupes --exit-code only),\n"
               "  2 usage or input error, 130 interrupted")
EPILOG_ENVIRONMENT = ("environment:\n"
                      "  PAPERLIST_DB     the collection (default: ./paperlist.db)\n"
                      "  PAPERLIST_CACHE  where topics of 1,000 papers or more are kept between runs\n"
                      "                   (off: nowhere; default: $XDG_CACHE_HOME/paperlist, else\n"
                      "                   ~/.cache/paperlist)\n"
                      "  NO_COLOR         no colour in text output; COLUMNS: its width")


def _probability(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number in (0, 1], got {text!r}") from None
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"expected a number in (0, 1], got {text!r}")
    return value


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a whole number >= 1, got {text!r}")
    return int(text)


def _count(text: str) -> int:
    if not text.isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, got {text!r}")
    return int(text)


def _tag_list(text: str) -> list[str]:
    return [tag.strip() for tag in text.split(",") if tag.strip()]


def _kinds(text: str) -> list[str]:
    kinds = [kind.strip() for kind in text.split(",") if kind.strip()]
    unknown = [kind for kind in kinds if kind not in KINDS]
    if unknown or not kinds:
        raise argparse.ArgumentTypeError(f"expected kinds from {','.join(KINDS)}, got {text!r}")
    return kinds


def _add_input_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("paths", nargs="*", metavar="PATH",
                        help="list files, directories (searched recursively) or - for stdin")
    parser.add_argument("--glob", default=None, metavar="PATTERN",
                        help="file names to read inside directories (default: every supported format: "
                             + " ".join(f"*{ext}" for ext in EXTENSIONS) + ")")
    parser.add_argument("--input-format", choices=FORMATS, default=None, metavar="FORMAT",
                        help=f"read every input in this format: {', '.join(FORMATS)} (default: by extension, then "
                             "by content)")
    parser.add_argument("--strict", action="store_true", help="treat warnings as errors (exit 2)")
    parser.add_argument("--per-message", action="store_true",
                        help="a mailbox's alert e-mails as one list each (default: one list per subscription, its "
                             "e-mails of every week together)")
    parser.add_argument("--jobs", type=_positive, default=1, metavar="N",
                        help="tag files while reading them, and search near duplicates among 200,000 texts or more, in "
                             "N processes (default: 1; at most the CPU count)")
    parser.add_argument("--quiet", "-q", action="store_true", help="no progress line on stderr")
    grouping = parser.add_argument_group("grouping snippets into papers (the same in every command)")
    grouping.add_argument("--no-near", action="store_true",
                          help="join only exact and truncation duplicates (faster)")
    grouping.add_argument("--threshold", type=_probability, default=None, metavar="T",
                          help="near-duplicate bigram Jaccard threshold (default: 0.5)")
    grouping.add_argument("--min-words", type=_positive, default=None, metavar="N",
                          help="shortest cut, in words, that counts as a truncation duplicate (default: 10)")
    grouping.add_argument("--not-duplicates", metavar="FILE",
                          help="pairs of fingerprints confirmed to be different papers")


def _add_tags_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--tags", metavar="FILE", help="TOML tag rules file (see 'paperlist tags'); 'auto' for "
                        "topics found in the lists themselves; 'builtin' for the built-in rules (default: those, "
                        "or topics where the rules describe under half of the papers)")


def _add_output_options(parser: argparse.ArgumentParser, formats: tuple[str, ...]) -> None:
    group = parser.add_argument_group("output")
    group.add_argument("--format", choices=formats, default=formats[0], help=f"output format (default: {formats[0]})")
    group.add_argument("--color", choices=("auto", "always", "never"), default="auto",
                       help="colour in --format text: auto = only on a terminal and without NO_COLOR")
    if "csv" in formats:
        group.add_argument("--csv-raw", action="store_true",
                           help="do not neutralise CSV cells that a spreadsheet would run as formulas")


MARKS = ("read", "skip", "want", "later", "clear", "unread")
REPORT_DB_HELP = ("read the whole collection FILE instead of PATHs (without PATHs: $PAPERLIST_DB, else ./paperlist.db "
                  "when it exists)")
COLLECTION_DB_HELP = "the collection (default: $PAPERLIST_DB, else ./paperlist.db)"


def _add_report_options(parser: argparse.ArgumentParser, formats: tuple[str, ...] | None, tags: bool = True,
                        db_help: str = REPORT_DB_HELP) -> None:
    """The options every report command shares: inputs and grouping, tag rules, output, the collection."""
    _add_input_options(parser)
    if tags:
        _add_tags_option(parser)
    if formats:
        _add_output_options(parser, formats)
    parser.add_argument("--db", metavar="FILE", help=db_help)


def _summarize_options(p: argparse.ArgumentParser) -> None:
    _add_report_options(p, SUMMARY_FORMATS)
    p.add_argument("--terms", type=_count, default=0, metavar="N", help="also list the N most frequent multi-word terms")


def _dupes_options(p: argparse.ArgumentParser) -> None:
    _add_report_options(p, DUPES_FORMATS, tags=False)
    p.add_argument("--maybe", type=_probability, metavar="T",
                   help="also report 'maybe' groups: texts whose every pair scores from T up to --threshold")
    p.add_argument("--kind", type=_kinds, default=list(KINDS), metavar="KIND,KIND",
                   help="show only these kinds: exact, truncation, identifier, title, pages, near (default: all)")
    p.add_argument("--sort", choices=("kind", "place", "similarity"), default="kind",
                   help="group order: those that need a decision first (near, cut, maybe, title, identifier, then "
                        "exact copies) then by place (default), by place, or loosest similarity first")
    p.add_argument("--all", action="store_true", help="show exact copies in full too (text view: one line each)")
    p.add_argument("--cross-list", action="store_true", help="only groups spanning two or more lists")
    p.add_argument("--explain", action="store_true", help="show a word-level diff for every pair")
    p.add_argument("--exit-code", action="store_true", help="exit 1 when a confident duplicate group is found")
    p.add_argument("--write-deduplicated", metavar="OUT",
                   help="also write the input records minus the duplicate copies to OUT, in the input's own format "
                        "(RIS, BibTeX, CSV, MEDLINE, Web of Science, PubMed or EndNote XML, ...: each record kept as "
                        "written); mixed or other inputs: OUT named .ris or .bib gets one entry per paper")


def _export_options(p: argparse.ArgumentParser) -> None:
    _add_report_options(p, EXPORT_FORMATS)


def _triage_options(p: argparse.ArgumentParser) -> None:
    _add_report_options(p, TRIAGE_FORMATS)
    p.add_argument("--focus", type=_tag_list, default=[], metavar="TAG,TAG",
                   help="rank papers carrying more of these tags first")
    p.add_argument("--tag", type=_tag_list, action="extend", default=[], metavar="TAG", help="keep only papers with this tag")
    p.add_argument("--exclude-tag", type=_tag_list, action="extend", default=[], metavar="TAG", help="drop papers with this tag")
    p.add_argument("--min-lists", type=_positive, default=1, metavar="K", help="keep papers found in at least K lists")
    p.add_argument("--top", type=_positive, metavar="N", help="keep the first N papers")

    p.add_argument("--all", action="store_true", help="with --db: also papers marked read or skip")
    p.add_argument("--explain", action="store_true",
                   help="text and markdown: show under each paper the terms that weigh most for its place")


def _report_options(p: argparse.ArgumentParser) -> None:
    _add_report_options(p, None)
    p.add_argument("--all", action="store_true", help="with a collection: also papers marked read or skip")
    p.add_argument("-o", "--output", default="paperlist-report.html", metavar="FILE",
                   help="where to write it (default: %(default)s; - for stdout)")
    p.add_argument("--focus", type=_tag_list, default=[], metavar="TAG,TAG",
                   help="rank papers with these tags first and highlight their words")
    p.set_defaults(format="html", color="never")


def _add_options(p: argparse.ArgumentParser) -> None:
    _add_report_options(p, TRIAGE_FORMATS, db_help=COLLECTION_DB_HELP)
    p.add_argument("--new", action="store_true", help="also show the papers the collection did not hold (as new)")
    p.add_argument("--focus", type=_tag_list, default=[], metavar="TAG,TAG", help="with --new: rank these tags first")
    p.set_defaults(tag=[], exclude_tag=[], min_lists=1, top=None, show_known=False)


def _new_options(p: argparse.ArgumentParser) -> None:
    _add_report_options(p, TRIAGE_FORMATS, db_help=COLLECTION_DB_HELP)
    p.add_argument("--show-known", action="store_true", help="also list known papers with where they were first seen")
    p.add_argument("--focus", type=_tag_list, default=[], metavar="TAG,TAG", help="rank papers with these tags first")
    p.set_defaults(tag=[], exclude_tag=[], min_lists=1, top=None)


def _mark_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", metavar="FILE", help=COLLECTION_DB_HELP)
    p.add_argument("mark", choices=MARKS, help="read, skip, want or later (decide later: shown, asked again after the rest, teaches the ranking nothing); "
                   "clear (or unread) removes the mark")
    p.add_argument("refs", nargs="+", metavar="REF", help="paper ids as every collection view writes them "
                   "(p12), or 16-digit snippet fingerprints (dupes --db, dupes --explain, JSON)")


def _not_same_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", metavar="FILE", help=COLLECTION_DB_HELP)
    action = p.add_mutually_exclusive_group()
    action.add_argument("--list", action="store_true", help="list the pairs recorded as different papers")
    action.add_argument("--undo", action="store_true", help="remove the record that REF and REF are different")
    p.add_argument("refs", nargs="*", metavar="REF", help="two paper ids (p12) or two 16-digit snippet "
                   "fingerprints (dupes --db, dupes --explain)")


def _db_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", metavar="FILE", help=COLLECTION_DB_HELP)
    p.add_argument("action", choices=("info", "lists", "log", "check"),
                   help="info: counts, schema and size; lists: the lists added; log: every add, removal, mark and "
                        "not-same, dated; check: the integrity check")


def _remove_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", metavar="FILE", help=COLLECTION_DB_HELP)
    p.add_argument("lists", nargs="+", metavar="LIST", help="a list as added (its path, or a folder of lists; "
                   "'paperlist db lists' shows them)")


def _port(text: str) -> int:
    if not text.isdigit() or int(text) > 65535:
        raise argparse.ArgumentTypeError(f"expected a port number from 0 to 65535, got {text!r}")
    return int(text)


def _serve_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", metavar="FILE", help=COLLECTION_DB_HELP)
    p.add_argument("--port", type=_port, default=8765, metavar="N",
                   help="the port on 127.0.0.1 (default: 8765; 0 picks a free one)")
    p.add_argument("--keys", default="", metavar="ACTION=KEY,...",
                   help="other keys for actions, e.g. want=y,skip=x,next=j (actions: want, read, skip, later, undo, "
                        "next, previous, list; defaults: w r s l u n p v and the arrow keys)")


def _simulate_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("path", metavar="FILE", help="a labelled set: CSV, TSV, JSON Lines or RIS, one record each, with an "
                   "inclusion label (1/0, yes/no, true/false, included/excluded)")
    p.add_argument("--label", metavar="COLUMN", help="the label's column, key or RIS tag (default: label_included, "
                   "included, label, relevant, inclusion or final_label; RIS: ASReview's N1 notes)")
    p.add_argument("--prior", action="extend", nargs="+", default=[], metavar="ID",
                   help="records read first, by id (the id or record_id column, else the record's number in the file; "
                        "default: the first included and the first excluded record)")
    p.add_argument("--format", choices=("text", "json"), default="text", help="output format (default: text)")


def _tags_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--tags", metavar="FILE", help="TOML tag rules file to start from")
    p.add_argument("--suggest", action="store_true", help="write rules for the automatic topics of PATHs")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress line on stderr")
    p.add_argument("paths", nargs="*", metavar="PATH", help="with --suggest: the lists to find topics in")


# Every command: its one-line purpose (--help's list), a longer description when it needs one, the examples
# shown under its --help, and the function that adds its options.
COMMANDS = {
    "summarize": ("Count snippets, papers, tags and overlap per list and overall.", None,
                  "paperlist summarize examples/ --terms 10", _summarize_options),
    "dupes": ("Find the same paper seen twice: exact, cut at another length, or re-worded.", None,
              "paperlist dupes examples/ --cross-list --explain\n"
              "  paperlist dupes scopus.csv wos.csv pubmed.csv --write-deduplicated merged.ris\n"
              "  paperlist dupes search.ris --write-deduplicated search-deduplicated.ris", _dupes_options),
    "export": ("Write every snippet with its list, place, text, tags and paper (RIS and BibTeX: one entry per "
               "paper).", None,
               "paperlist export examples/ --format csv > snippets.csv", _export_options),
    "triage": ("Merge all lists into one de-duplicated reading list, most central first.", None,
               "paperlist triage examples/ --focus federated-learning --top 10", _triage_options),
    "report": ("Write one self-contained HTML report: overview, topics, list overlap, duplicates and the reading "
               "list.", None, "paperlist report examples/ -o report.html", _report_options),
    "add": ("Add lists to the collection: each paper is remembered, and later lists are matched against it.", None,
            "paperlist add examples/ && paperlist add --new this-week/", _add_options),
    "new": ("Show only the papers in PATHs that the collection does not hold (it is not changed).", None,
            "paperlist new this-week/ --show-known", _new_options),
    "remove": ("Take lists out of the collection (undo an add); marks and decisions are kept.",
               "Take lists out of the collection, as if they had never been added: their snippets go, papers held only "
               "by them are no longer shown, and every mark and not-same decision is kept, so adding a list again "
               "brings its papers back under the same ids, marked.",
               "paperlist remove lists/README.txt\n  paperlist remove ~/Downloads/alerts/", _remove_options),
    "mark": ("Mark papers read, skip, want or later, or clear a mark.",
             "Mark papers read, skip, want or later, or clear their mark: every view of the collection leaves out read and "
             "skipped papers (--all shows them, marked), puts wanted ones first and shows papers marked later with "
             "their mark ('paperlist serve' asks about them again after the rest).",
             "paperlist mark read p12 3f9c2a81d04e6b57\n  paperlist mark clear p12", _mark_options),
    "not-same": ("Record that two papers are different (or list or undo such records).",
                 "Record that two papers (by id or snippet fingerprint) are different; the collection is regrouped. "
                 "--list shows the records, --undo removes one.",
                 "paperlist not-same p12 p13\n  paperlist not-same --list\n  paperlist not-same --undo p12 p13",
                 _not_same_options),
    "db": ("The collection's counts (info), lists, history (log), or its integrity check.",
           "Show a collection's counts, schema version and size (info), the lists added (lists), every add, removal, "
           "mark and not-same with its date (log), or check its integrity (check: exit 2 when a problem is found).", "paperlist db info\n  paperlist db log\n  paperlist db check --db lab.db",
           _db_options),
    "serve": ("Triage the collection in a browser: one paper at a time, one key a decision, re-ranked after each.",
              "Serve a triage page over the collection on 127.0.0.1: one paper at a time with its authors, venue, link, "
              "lists and copies; keys for want, read, skip, later, undo, next and previous; a list view, the history "
              "and an export of the wanted papers. Each decision is stored at once, as 'paperlist mark' stores it, "
              "and the next paper is the one your decisions so far rank first. Prints the page's address, with this "
              "run's secret token, and opens nothing by itself; Ctrl-C stops it.",
              "paperlist serve\n  paperlist serve --db lab.db --port 8800 --keys want=y,skip=x", _serve_options),
    "simulate": ("Replay a labelled set as a reader who always takes the paper triage --db ranks first: how soon "
                 "are the included ones found?",
                 "Replay a labelled screening set: from the priors, read the record the model ranks first, learn its "
                 "label, re-rank the rest, until every included record is found (as ASReview's simulate does). "
                 "Prints WSS@95, recall after 10% and the records read to find 95% and all of the included ones, with "
                 "the recall curve; --format json also gives the order the records were read in.",
                 "paperlist simulate screening.csv\n  paperlist simulate export.ris --label LB --prior 12 40 --format json",
                 _simulate_options),
    "tags": ("Print the active tag rules as a TOML rules file.", None,
             "paperlist tags > mytags.toml\n  paperlist summarize examples/ --tags mytags.toml\n"
             "  paperlist tags --suggest my-lists/ > topics.toml", _tags_options),
}


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's help layout, at the width ``_columns`` finds: argparse would import shutil (and with it
    bz2, lzma and zlib) for every parser, even when no help is printed."""

    def __init__(self, prog: str, indent_increment: int = 2, max_help_position: int = 24,
                 width: int | None = None) -> None:
        super().__init__(prog, indent_increment, max_help_position, terminal_columns(os.environ) - 2 if width is None else width)


# Other spellings people type for a command.
ALIASES = {"summarise": "summarize"}


def spelled(argv: Sequence[str]) -> list[str]:
    """The arguments with a command's other spelling (``summarise``) written as the command."""
    argv = list(argv)
    for n, arg in enumerate(argv):
        if arg == "--" or not arg.startswith("-"):
            if arg in ALIASES:
                argv[n] = ALIASES[arg]
            break
    return argv


def _command_named(argv: Sequence[str]) -> str | None:
    """The command the arguments name: the first one not an option (the top level has no option with a value);
    none after a ``--``, which argparse takes for the command."""
    for arg in argv:
        if arg == "--":
            return None
        if not arg.startswith("-"):
            return arg
    return None


class _Parser(argparse.ArgumentParser):
    """argparse with errors of one line, named after the command they are about, and a pointer to its help
    (argparse would print the whole usage first, ten lines before the one that matters)."""

    commands: dict[str, argparse.ArgumentParser]

    def error(self, message: str) -> NoReturn:
        wrong = re.match(r"argument COMMAND: invalid choice: '(.*?)' \(choose from", message)
        if wrong:  # one line naming the commands, and the one meant where a letter or two is off
            close = difflib.get_close_matches(wrong.group(1), list(COMMANDS), 1, 0.6)
            message = (f"unknown command {wrong.group(1)!r}" + (f"; did you mean '{close[0]}'?" if close else "")
                       + f" (commands: {', '.join(COMMANDS)})")
        choice = re.match(r"(argument [^:]+: invalid choice: '(.*?)') \(choose from (.*)\)$", message)
        if choice and not wrong:  # --format jsn: the value meant, when one is close
            close = difflib.get_close_matches(choice.group(2), re.findall(r"'([^']*)'", choice.group(3)), 1, 0.6)
            if close:
                message = f"{choice.group(1)}; did you mean '{close[0]}'? (choose from {choice.group(3)})"
        if message == "the following arguments are required: COMMAND":
            self.exit(2, self.format_help() + f"\n{self.prog}: error: no command given\n")
        self.exit(2, f"{self.prog}: error: {message}\n(see '{self.prog} --help' for its options and examples)\n")

    def parse_args(self, args: Sequence[str] | None = None, namespace: argparse.Namespace | None = None
                   ) -> argparse.Namespace:  # type: ignore[override]
        parsed, extras = self.parse_known_args(args, namespace)
        if extras:  # the command's own error, not the top level's
            owner = getattr(self, "commands", {}).get(getattr(parsed, "command", None) or "", self)
            owner.error(f"unrecognized arguments: {' '.join(extras)}")
        return parsed


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser. Given ``argv``, only what it needs is built (that is most of a short run's time
    in argparse): the command it names, with its options, and unless that command comes first (so that no
    top-level ``-h`` or error can need them) every other command's name and purpose."""
    parser = _Parser(
        prog="paperlist", description="Triage 'related papers' reading lists: summarise, find duplicates, merge.",
        epilog=("example:\n  paperlist summarize examples/\n  paperlist dupes examples/ --explain\n\n"
                f"{EPILOG_EXIT}\n\n{EPILOG_ENVIRONMENT}"),
        formatter_class=_Formatter)
    parser.add_argument("--version", action="version", version=f"paperlist {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    parser.commands = {}
    named = None if argv is None else _command_named(argv)
    alone = argv is not None and named in COMMANDS and argv[0] == named
    for name, (purpose, description, example, add_options) in COMMANDS.items():
        if argv is None or name == named:
            # argparse keeps the description as written (the examples' layout needs that), so it is wrapped here.
            text = "\n".join(textwrap.wrap(description or purpose, terminal_columns(os.environ) - 2))
            command = sub.add_parser(name, help=purpose, description=text,
                                     epilog=f"example:\n  {example}\n\n{EPILOG_EXIT}", formatter_class=_Formatter)
            add_options(command)
            parser.commands[name] = command
        elif not alone:
            sub.add_parser(name, help=purpose, formatter_class=_Formatter)
    return parser


def terminal_columns(environ: Mapping[str, str], stream: object | None = None) -> int:
    """The terminal's width as ``shutil.get_terminal_size`` gives it (without importing shutil and its
    compression modules): COLUMNS when it is a positive number, else the width of the terminal of ``stream``
    (stdout by default), else 80."""
    try:
        columns = int(environ.get("COLUMNS", ""))
    except ValueError:
        columns = 0
    if columns > 0:
        return columns
    try:
        return os.get_terminal_size((stream or sys.__stdout__).fileno()).columns or 80  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return 80
