"""Inputs -> tagged ReadingLists: reading, parsing and tagging files, in parallel on request."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace

from paperlist.model import Diagnostic, ReadingList
from paperlist.parse import parse_list
from paperlist.read import STDIN, STDIN_NAME, Found, Source, find_files, read_source
from paperlist.tags import TagMatcher

Progress = Callable[[int, int], None]
_worker_matcher: TagMatcher | None = None


@dataclass
class Loaded:
    """The lists that could be read, their warnings, and the inputs that failed."""

    lists: list[ReadingList] = field(default_factory=list)
    warnings: list[Diagnostic] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)


Outcome = tuple[ReadingList | None, tuple[Diagnostic, ...], str | None]


def _from_source(source: Source, matcher: TagMatcher) -> Outcome:
    if source.error is not None:
        return None, source.warnings, f"{source.path}: {source.error}"
    if source.text is None:
        return None, source.warnings, None
    parsed = parse_list(source.text, source.path, matcher.tag)
    return parsed, source.warnings + parsed.warnings, None


def _init_worker(rules: Mapping[str, list[str]]) -> None:
    global _worker_matcher
    _worker_matcher = TagMatcher(rules)


def _load_path(path: str) -> Outcome:
    assert _worker_matcher is not None
    return _from_source(read_source(path), _worker_matcher)


def short_names(found: list[Found]) -> dict[str, str]:
    """Each input's short name; inputs whose short names collide are shown by their paths."""
    count: dict[str, int] = {}
    for f in found:
        count[f.name] = count.get(f.name, 0) + 1
    names = {f.path: f.name if count[f.name] == 1 else f.path for f in found}
    names[STDIN_NAME] = STDIN_NAME
    return names


def _terminate(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def _load_in_parallel(paths: list[str], matcher: TagMatcher, jobs: int) -> dict[str, Outcome]:
    """Read, parse and tag files in ``jobs`` processes; the workers end with the parent.

    SIGTERM becomes SystemExit in the parent while the pool runs, so leaving the
    ``with`` block terminates the workers instead of leaving them behind.
    """
    import multiprocessing  # only here: it costs ~20 ms to import
    import signal
    try:
        previous = signal.signal(signal.SIGTERM, _terminate)
    except ValueError:  # not the main thread: signals cannot be caught here
        previous = None
    try:
        with multiprocessing.Pool(jobs, initializer=_init_worker, initargs=(matcher.rules,)) as pool:
            chunk = max(1, len(paths) // (jobs * 8))
            return dict(zip(paths, pool.map(_load_path, paths, chunksize=chunk)))
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def load_lists(paths: Iterable[str], matcher: TagMatcher, pattern: str, jobs: int = 1,
               stdin: object | None = None, progress: Progress | None = None) -> Loaded:
    """Read, parse and tag every input; results keep the order of the inputs whatever ``jobs`` is."""
    loaded = Loaded()
    found = list(find_files(paths, pattern))
    loaded.errors.extend(f"{f.path}: {f.error}" for f in found if f.error)
    files = [f.path for f in found if not f.error]
    names = short_names([f for f in found if not f.error])
    jobs = min(jobs, len(files), os.cpu_count() or 1)
    if jobs > 1:
        results = _load_in_parallel([p for p in files if p != STDIN], matcher, jobs)
        outcomes = (results[p] if p != STDIN else _from_source(read_source(p, stdin), matcher) for p in files)
    else:
        outcomes = (_from_source(read_source(p, stdin), matcher) for p in files)
    snippets = 0
    for done, (parsed, warnings, error) in enumerate(outcomes, 1):
        loaded.warnings.extend(warnings)
        if error:
            loaded.errors.append(error)
        if parsed is not None:
            loaded.lists.append(replace(parsed, name=names[parsed.path]))
            snippets += len(parsed.snippets)
        if progress:
            progress(done, snippets)
    return loaded
