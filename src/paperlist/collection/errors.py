"""What a collection that cannot be used raises: apart from the store, so that catching it needs no SQLite."""

from __future__ import annotations


class StoreError(Exception):
    """A collection that cannot be used: not a paperlist collection, corrupt, or from a newer version."""


class StoreOutdated(StoreError):
    """A collection of an older schema opened read-only: it must be upgraded before it can be read."""
