"""Inputs -> tagged ReadingLists: reading, parsing and tagging files, in parallel on request."""

from __future__ import annotations

import os
import signal
from collections.abc import Callable, Iterable, Mapping
from typing import NamedTuple

from paperlist.forked import sigterm_exits, started_deaf_to_ctrl_c
from paperlist.inputs.files import (
    STDIN,
    STDIN_NAME,
    Found,
    InputError,
    Source,
    decode_bytes,
    find_files,
    is_mailbox,
    mailbox_messages,
    read_bytes,
)
from paperlist.model import Diagnostic, ReadingList
from paperlist.readers.detect import (
    BYTE_FORMATS,
    detect,
    parse_input,
    parse_mailbox_messages,
)
from paperlist.tagging.apply import tag_lists
from paperlist.tagging.tags import TagMatcher

Progress = Callable[[int, int], None]
_worker_matcher: TagMatcher | None = None
_worker_format: str | None = None
_worker_per_message = False


class Loaded(NamedTuple):
    """The lists that could be read, their warnings, and the inputs that failed."""

    lists: list[ReadingList]
    warnings: list[Diagnostic]
    errors: list[str]
    files: list[str]  # every file read (an output must never be one of them)


Outcome = tuple[list[ReadingList], tuple[Diagnostic, ...], str | None]


def _from_mailbox(path: str, matcher: TagMatcher, per_message: bool = False) -> Outcome:
    """An mbox file read message by message: memory for its largest message, not for the whole file."""
    try:
        lists, warnings = parse_mailbox_messages(mailbox_messages(path), path, per_message)
        if matcher.rules:
            lists = tag_lists(lists, matcher.tag)
    except InputError as exc:
        if str(exc).startswith("larger than") or str(exc) == "not a regular file":
            return [], (Diagnostic(path, None, f"{exc}; skipped"),), None
        return [], (), f"{path}: {exc}"
    except (Exception, RecursionError) as exc:  # noqa: BLE001 - as in _from_source: this file's error only
        detail = " ".join(str(exc).split())[:200]
        return [], (), f"{path}: could not be read ({type(exc).__name__}: {detail}); please report it"
    return lists, tuple(warnings) + tuple(w for rl in lists for w in rl.warnings), None


def _read(path: str, stdin: object | None, matcher: TagMatcher, forced: str | None,
          per_message: bool = False) -> Outcome:
    """One input read and parsed: a mailbox streamed, anything else read whole (under its cap)."""
    if path != STDIN and (forced == "mbox" or (forced is None and is_mailbox(path))):
        return _from_mailbox(path, matcher, per_message)
    return _from_source(read_bytes(path, stdin), matcher, forced)


def _from_source(source: Source, matcher: TagMatcher, forced: str | None = None) -> Outcome:
    """Parse one input with the reader its format names; ``forced`` overrides detection."""
    if source.error is not None:
        return [], source.warnings, f"{source.path}: {source.error}"
    if source.data is None:
        return [], source.warnings, None
    fmt = forced or detect(source.path, source.data)
    text = None
    warnings = source.warnings
    if fmt not in BYTE_FORMATS:
        decoded = decode_bytes(source.data, source.path)
        warnings += decoded.warnings
        if decoded.text is None:
            return [], warnings, None
        text = decoded.text
    try:
        lists, extra = parse_input(source.data, text, source.path, fmt)
        if matcher.rules:
            lists = tag_lists(lists, matcher.tag)
    except (Exception, RecursionError) as exc:  # noqa: BLE001 - one bad file is that file's error, never the run's
        detail = " ".join(str(exc).split())[:200]
        return [], warnings, f"{source.path}: could not be read ({type(exc).__name__}: {detail}); please report it"
    return lists, warnings + tuple(extra) + tuple(w for rl in lists for w in rl.warnings), None


def _init_worker(rules: Mapping[str, list[str]], forced: str | None, per_message: bool = False) -> None:
    # Ctrl-C is the parent's to handle (it ends the pool and exits 130): a worker that took it would print
    # its own traceback. Started deaf to it already where signal masks exist; this covers the rest.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    global _worker_matcher, _worker_format, _worker_per_message
    _worker_matcher, _worker_format, _worker_per_message = TagMatcher(rules), forced, per_message


def _load_path(path: str) -> Outcome:
    assert _worker_matcher is not None
    return _read(path, None, _worker_matcher, _worker_format, _worker_per_message)


def short_names(found: list[Found]) -> dict[str, str]:
    """Each input's short name; inputs whose short names collide are shown by their paths."""
    count: dict[str, int] = {}
    for f in found:
        count[f.name] = count.get(f.name, 0) + 1
    names = {f.path: f.name if count[f.name] == 1 else f.path for f in found}
    names[STDIN_NAME] = STDIN_NAME
    return names


def _load_in_parallel(paths: list[str], matcher: TagMatcher, jobs: int, forced: str | None,
                      per_message: bool = False) -> dict[str, Outcome]:
    """Read, parse and tag files in ``jobs`` processes; the workers end with the parent.

    SIGTERM becomes SystemExit in the parent while the pool runs, so leaving the
    ``with`` block terminates the workers instead of leaving them behind.
    """
    import multiprocessing  # here: importing it costs about 10 ms, a sixth of a short run, and only --jobs needs it

    with sigterm_exits():
        # spawn, not fork: a forked child can inherit a lock held by another thread (the pool's own
        # handler threads included) and hang; spawned workers start clean.
        context = multiprocessing.get_context("spawn")
        # The pool's semaphores start multiprocessing's resource tracker, which unblocks Ctrl-C as it starts:
        # within the block below that would lose a Ctrl-C, so it is started before.
        from multiprocessing import resource_tracker
        resource_tracker.ensure_running()
        with started_deaf_to_ctrl_c():
            pool = context.Pool(jobs, initializer=_init_worker, initargs=(matcher.rules, forced, per_message))
        with pool:
            chunk = max(1, len(paths) // (jobs * 8))
            return dict(zip(paths, pool.map(_load_path, paths, chunksize=chunk)))


def _unknown_files(found: list[Found]) -> list[Diagnostic]:
    """One warning per directory argument that held files of no supported format."""
    counts: dict[str, int] = {}
    for f in found:
        if f.unknown:
            counts[f.root] = counts.get(f.root, 0) + 1
    return [Diagnostic(root, None, f"{n} file{'s' if n != 1 else ''} of unknown type skipped "
                                   "(--glob or --input-format reads them)") for root, n in counts.items()]


def _list_name(list_path: str, source: str, names: dict[str, str]) -> str:
    """A list's short name: its file's, with ``#N`` for the messages of a mailbox; else its base name."""
    if list_path == source:
        return names[source]
    if list_path.startswith(source + "#"):
        return names[source] + list_path[len(source):]
    return os.path.basename(list_path) or list_path


REPEATS_SHOWN = 20  # warnings of one file that say the same thing, before the rest are counted in one line


def collapse_repeats(warnings: Iterable[Diagnostic]) -> list[Diagnostic]:
    """A file's warnings, each message at most REPEATS_SHOWN times and then once more with how many it stands for:
    an export of 200,000 empty records says so in 21 lines, not 200,000."""
    seen: dict[tuple[str, str], int] = {}
    out: list[Diagnostic] = []
    for w in warnings:
        n = seen[w.path, w.message] = seen.get((w.path, w.message), 0) + 1
        if n <= REPEATS_SHOWN:
            out.append(w)
    out += [Diagnostic(path, None, f"{n - REPEATS_SHOWN} more like this: {message}")
            for (path, message), n in seen.items() if n > REPEATS_SHOWN]
    return out


def load_lists(paths: Iterable[str], matcher: TagMatcher, pattern: str | None = None, jobs: int = 1,
               stdin: object | None = None, progress: Progress | None = None, forced: str | None = None,
               per_message: bool = False) -> Loaded:
    """Read, parse and tag every input; results keep the order of the inputs whatever ``jobs`` is."""
    loaded = Loaded([], [], [], [])
    found = list(find_files(paths, pattern))
    loaded.warnings.extend(_unknown_files(found))
    loaded.errors.extend(f"{f.path}: {f.error}" for f in found if f.error)
    readable = [f for f in found if not f.error and not f.unknown]
    files = [f.path for f in readable]
    loaded.files.extend(p for p in files if p != STDIN)
    names = short_names(readable)
    # In parallel only to tag: without tags, a snippet costs more to send back from a worker than to parse
    # here, and --jobs goes to the near search instead.
    jobs = min(jobs, len(files), os.cpu_count() or 1) if matcher.rules else 1
    if jobs > 1:
        results = _load_in_parallel([p for p in files if p != STDIN], matcher, jobs, forced, per_message)
        outcomes = (results[p] if p != STDIN else _read(p, stdin, matcher, forced, per_message) for p in files)
    else:
        outcomes = (_read(p, stdin, matcher, forced, per_message) for p in files)
    snippets = 0
    for done, (path, (lists, warnings, error)) in enumerate(zip(files, outcomes), 1):
        loaded.warnings.extend(collapse_repeats(warnings))
        if error:
            loaded.errors.append(error)
        for parsed in lists:
            source = STDIN_NAME if path == STDIN else path
            loaded.lists.append(parsed._replace(name=_list_name(parsed.path, source, names)))
            snippets += len(parsed.snippets)
        if progress:
            progress(done, snippets)
    return loaded
