"""Automatic topics kept on disk between runs, keyed by the papers' texts and by paperlist's code.

Finding topics is most of the time a view of thousands of papers takes, and the same texts give the same topics:
``triage --db`` after a few marks, or ``report --db`` after ``triage --db``, would find them again for nothing. The cache answers what ``find_topics`` would, or is not used: a file that cannot be read or
written is passed over in silence.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path

from paperlist import __version__
from paperlist.tagging.topics import Topics, find_topics

MIN_TEXTS = 1000  # fewer papers find their topics in about a second: not worth a file
KEEP = 20  # files kept, the most recently used
_PREFIX = "topics-"
_OFF = ("", "0", "off", "no", "false")


def cache_directory(environ: Mapping[str, str]) -> Path | None:
    """Where the topics are kept: $PAPERLIST_CACHE (off: nowhere), else $XDG_CACHE_HOME/paperlist, else
    ~/.cache/paperlist; None where there is no home to keep them in."""
    given = environ.get("PAPERLIST_CACHE")
    if given is not None:
        return None if given.strip().lower() in _OFF else Path(given)
    base = environ.get("XDG_CACHE_HOME", "")
    if os.path.isabs(base):  # the XDG rule: a relative path is to be ignored
        return Path(base) / "paperlist"
    try:
        return Path.home() / ".cache" / "paperlist"
    except RuntimeError:
        return None


class TopicsCache:
    """``find_topics`` (or ``compute``), answered from ``directory`` where the same code found the topics of the
    same texts before; from MIN_TEXTS texts (``min_texts``), and nowhere when ``directory`` is None."""

    def __init__(self, directory: Path | None, compute: Callable[[Sequence[str]], Topics] = find_topics,
                 min_texts: int = MIN_TEXTS) -> None:
        self.directory = directory
        self.compute = compute
        self.min_texts = min_texts

    def __call__(self, texts: Sequence[str]) -> Topics:
        if self.directory is None or len(texts) < self.min_texts:
            return self.compute(texts)
        try:
            path = self.directory / f"{_PREFIX}{_key(texts)}.json"
        except OSError:  # paperlist's own modules cannot be read: no key to trust
            return self.compute(texts)
        found = _read(path)
        if found is not None:
            return found
        topics = self.compute(texts)
        _write(path, topics)
        return topics


def _key(texts: Sequence[str]) -> str:
    """A digest of paperlist's code and of the texts in their order: what the topics are a function of."""
    digest = hashlib.sha256(_code_digest())
    for text in texts:
        data = text.encode("utf-8", "surrogatepass")
        digest.update(b"%d:" % len(data))
        digest.update(data)
    return digest.hexdigest()


_code: bytes | None = None


def _code_digest() -> bytes:
    """The digest of every module of the package, so that a changed paperlist never reads another's topics
    (the version number stays the same while the code under it changes)."""
    global _code
    if _code is None:
        package = Path(__file__).resolve().parent.parent
        digest = hashlib.sha256(__version__.encode())
        for path in sorted(package.rglob("*.py")):
            digest.update(path.relative_to(package).as_posix().encode() + b"\0")
            digest.update(path.read_bytes())
        _code = digest.digest()
    return _code


def _read(path: Path) -> Topics | None:
    """The topics kept at ``path``, marked as used; None where there are none or they are not as written."""
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, ValueError):
        return None
    try:
        os.utime(path)
    except OSError:  # a cache one may read but not write is still read
        pass
    if not isinstance(data, dict):
        return None
    rules, field = data.get("rules"), data.get("field")
    if not (isinstance(rules, dict) and all(name and isinstance(patterns, list)
                                            and all(isinstance(p, str) and p for p in patterns)
                                            for name, patterns in rules.items())):
        return None
    if field is None:
        return Topics(rules, None)
    if (isinstance(field, list) and len(field) == 2 and isinstance(field[0], str)
            and isinstance(field[1], (int, float)) and not isinstance(field[1], bool)):
        return Topics(rules, (field[0], float(field[1])))
    return None


def _write(path: Path, topics: Topics) -> None:
    """Keep the topics at ``path`` (written whole or not at all), and only the KEEP files used last."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    try:
        # Only the user reads it: topics say what their papers are about.
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        with open(temporary, "w", encoding="utf-8") as handle:
            json.dump({"rules": topics.rules, "field": topics.field}, handle)
        os.replace(temporary, path)
        kept = sorted(path.parent.glob(f"{_PREFIX}*.json"), key=lambda p: p.stat().st_mtime_ns, reverse=True)
        for old in kept[KEEP:]:
            old.unlink()
    except OSError:
        try:
            temporary.unlink()
        except OSError:
            pass
