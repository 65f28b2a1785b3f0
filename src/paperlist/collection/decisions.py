"""A user's decisions on papers: marks and not-same, each in one transaction with its line of history.

The command line (``mark``, ``not-same``) and the triage page (``serve``) both decide through these functions,
so the two always agree on what a decision stores and logs.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from paperlist.collection.adding import Collection
from paperlist.collection.store import Store
from paperlist.model import paper_ref

FINGERPRINT_RE = re.compile(r"^[0-9a-fA-F]{16}$")


class DecisionError(Exception):
    """A decision that names no paper, or that the collection no longer allows: nothing was changed."""


class Marked(NamedTuple):
    """One paper's mark before and after a decision (None: no mark)."""

    paper: int
    before: str | None
    after: str | None

    @property
    def done(self) -> str:
        if self.after is None:
            return f"mark cleared (was {self.before})" if self.before else "had no mark"
        if self.before == self.after:
            return f"marked {self.after} (already)"  # said, so that the history tells what an undo restores
        return f"marked {self.after}" + (f" (was {self.before})" if self.before else "")


def resolve(store: Store, refs: tuple[str, ...]) -> list[int]:
    """The paper of each REF (``p41`` or a fingerprint); an unknown one is an error naming it."""
    collection = Collection(store)
    papers = []
    for ref in refs:
        paper = collection.resolve(ref)
        if paper is None:
            raise DecisionError(f"no paper {ref!r} in {store.path} (every collection view shows paper ids, p41; "
                                "a fingerprint counts once its list is added)")
        papers.append(paper)
    return papers


def paper_mark_now(store: Store, paper: int) -> str | None:
    marks = store.marks()
    return next((marks[f] for f in store.fingerprints_of_paper(paper) if f in marks), None)


def mark_papers(store: Store, refs: tuple[str, ...], mark: str | None, expect: str | None | bool = False) -> list[Marked]:
    """Set (or with ``mark`` None clear) the mark of the papers REFs name, in one transaction, each logged.

    The refs are resolved under the write lock: an add that held it meanwhile is seen whole, so a mark lands on
    the paper the id names after it, or the id is refused; never a success that stores nothing. With ``expect``
    (a mark or None), a paper whose mark is no longer that one is refused (an undo of a decision made since).
    """
    done = []
    with store.transaction():
        papers = list(dict.fromkeys(resolve(store, refs)))
        marks = store.marks()
        for paper in papers:
            fingerprints = store.fingerprints_of_paper(paper)
            before = next((marks[f] for f in fingerprints if f in marks), None)
            if expect is not False and before != expect:
                raise DecisionError(f"{paper_ref(paper)} is now {'marked ' + before if before else 'unmarked'}, not "
                                    f"{'marked ' + str(expect) if expect else 'unmarked'}: a later decision stands "
                                    "(nothing changed)")
            if mark is None:
                store.clear_marks(fingerprints)
            else:
                store.set_marks(fingerprints, mark)
            decided = Marked(paper, before, mark)
            store.log("mark", f"{paper_ref(paper)} {decided.done}")
            done.append(decided)
    return done


def fingerprint_pairs(store: Store, refs: tuple[str, str], a: int, b: int) -> list[tuple[str, str]]:
    """The snippet pairs a decision names: the two fingerprints given, or every text of one paper against
    every text of the other."""
    def texts(ref: str, paper: int) -> list[str]:
        return [ref.lower()] if FINGERPRINT_RE.match(ref) else store.fingerprints_of_paper(paper)
    return [(x, y) for x in texts(refs[0], a) for y in texts(refs[1], b) if x != y]


def not_same(store: Store, refs: tuple[str, str], undo: bool = False) -> int:
    """Record (or undo) that two papers or two copies are different, and regroup what they touch; how many
    pairs of copies the decision holds."""
    first, second = (ref.lower() for ref in refs)
    with store.transaction():  # resolved under the write lock, as for a mark
        if undo and FINGERPRINT_RE.match(first) and FINGERPRINT_RE.match(second) \
                and store.remove_not_same(first, second):
            # By the fingerprints not-same --list shows: undone even when a side's list was removed since.
            store.log("not-same", f"undone: {first} and {second} may be one paper")
            held = store.paper_of_fingerprints((first, second))
            Collection(store).regroup(store.texts_of_papers(set(held.values())))
            return 1
        a, b = resolve(store, refs)
        # Two snippets of one paper may be split (the point of a decision); a paper cannot differ from itself.
        if first == second or (a == b and not (FINGERPRINT_RE.match(first) and FINGERPRINT_RE.match(second))):
            raise DecisionError(f"{refs[0]} and {refs[1]} name the same paper ({paper_ref(a)}): give two "
                                "papers, or two snippets' fingerprints")
        pairs = fingerprint_pairs(store, refs, a, b)
        if undo:
            if not sum(store.remove_not_same(x, y) for x, y in pairs):
                raise DecisionError(f"no record that {refs[0]} and {refs[1]} are different papers")
            store.log("not-same", f"undone: {first} and {second} may be one paper")
        else:
            for x, y in pairs:
                store.add_not_same(x, y)
            store.log("not-same", f"{first} and {second} are different papers")
        Collection(store).regroup(store.texts_of_papers({a, b}))
    return len(pairs)
