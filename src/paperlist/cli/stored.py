"""A collection as the commands open it: read-only or for writing, upgraded where it is old, and one line for
a collection no command can read."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager

from paperlist.cli.errors import UsageError
from paperlist.cli.options import Grouping as GroupingOptions
from paperlist.collection.store import Store, StoreError, StoreOutdated
from paperlist.collection.views import stored_grouping, tagged_lists
from paperlist.inputs.load import Loaded
from paperlist.match.papers import Grouping
from paperlist.tagging.tags import TagMatcher


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


# What reading a collection whose rows were changed by hand raises, before any SQL error could say so.
DAMAGE = (TypeError, KeyError, ValueError, AttributeError, IndexError)


def damaged(path: str, exc: BaseException) -> UsageError:
    """One line for a collection whose content no command can read: the damage, and the check that finds it."""
    return UsageError(f"{path}: a damaged collection ({type(exc).__name__}: {' '.join(str(exc).split())[:80]}); "
                      f"run 'paperlist db check --db {path}'")


@contextmanager
def naming_damage(path: str) -> Iterator[None]:
    """Rows changed by hand, met while a command reads or writes them: named in one line (a write rolls back)."""
    try:
        yield
    except DAMAGE as exc:
        raise damaged(path, exc) from None


def collection_grouping(path: str, matcher: TagMatcher, grouping: GroupingOptions) -> tuple[Loaded, Grouping, dict[str, str]]:
    """The whole collection as lists (tagged now: tags are not stored, rules change), its papers and its marks."""
    with open_store(path, create=False, read_only=True) as store:
        with naming_damage(path):
            lists = tagged_lists(store, matcher.tag)
            papers = stored_grouping(store, lists, grouping.threshold, grouping.min_words)
        marks = store.marks()
    return Loaded(lists, [], [], []), papers, marks
