"""What the triage page asks of a collection and what it decides, as plain values (the HTTP is in ``server``).

One ``Triage`` serves every request of a run, one at a time (a lock): each request first brings its desk up to
what the collection holds now, so a decision from another tab or a ``paperlist mark`` in a terminal is seen
before the next paper is chosen. Decisions go through ``collection.decisions``, the code ``mark`` and
``not-same`` run, so the page and the command line store and log them the same way.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence

from paperlist.collection.decisions import FINGERPRINT_RE, DecisionError, mark_papers, not_same
from paperlist.collection.store import Store
from paperlist.collection.views import marks_by_paper, stored_grouping, tagged_lists
from paperlist.match.dupes import DEFAULT_THRESHOLD, MIN_PREFIX_WORDS
from paperlist.model import MARKS, paper_ref
from paperlist.render.textfmt import Style, safe_url
from paperlist.render.triage import TRIAGE_RENDERERS, TriageReport
from paperlist.render.worddiff import diff_words
from paperlist.reports.desk import LATER, Desk
from paperlist.reports.triage import rank_papers
from paperlist.tagging.apply import described, retag, rules_fit, topic_texts
from paperlist.tagging.tags import TagMatcher
from paperlist.tagging.topics import Topics

ID_RE = re.compile(r"^p([0-9]{1,18})$")
# A mark's line of history, as decisions.Marked.done writes it: "p41 marked want (was read)", "p41 mark cleared
# (was skip)", "p41 marked want".
_MARKED_RE = re.compile(r"^(p[0-9]+) (?:marked (\w+)(?: \(was (\w+)\))?|mark cleared \(was (\w+)\))$")  # not "(already)"
SHOWN = 3  # papers sent whole with every state: the one shown and the next ones, ready to show at once
UPCOMING = 100  # papers the list view shows, best first
EXPORTS = {"ris": ("application/x-research-info-systems", "ris"), "bibtex": ("application/x-bibtex", "bib"),
           "csv": ("text/csv", "csv")}
EXPORT_MARKS = ("want", "read", "skip", "later")


class PageError(Exception):
    """A request the collection cannot answer as asked; ``status`` is the HTTP status that says why."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status


def paper_number(ref: object) -> int:
    """The paper a page names (``p41``); anything else is a bad request."""
    found = ID_RE.match(ref) if isinstance(ref, str) else None
    if not found:
        raise PageError(400, f"expected a paper id such as p41, got {str(ref)[:40]!r}")
    return int(found.group(1))


def passed_papers(refs: object) -> list[int]:
    """The papers a tab passed over for now (``next``), as it sends them: a list of ids or one comma-joined text."""
    if isinstance(refs, str):
        refs = [r for r in refs.split(",") if r]
    if not isinstance(refs, list) or len(refs) > 100_000:
        raise PageError(400, "passed: expected a list of paper ids")
    return [paper_number(r) for r in refs]


class Triage:
    """A collection served to the triage page."""

    def __init__(self, store: Store, tag: Callable[[str], tuple[str, ...]],
                 topics: Callable[[Sequence[str]], Topics] | None = None) -> None:
        """``tag``: the tag rules' tagger; ``topics``: where the rules do not fit the collection (rules_fit), what
        finds its own topics to tag with instead, as ``triage --db`` does (find_topics, or its cache)."""
        self.store = store
        self.tag = tag
        self.topics = topics
        self.from_topics = False  # the papers are tagged with their topics
        self._lock = threading.Lock()
        self._version = -1
        self._seen: int | None = None  # the data_version the desk's marks were last read at; None: read them
        self.desk: Desk | None = None
        with self._lock:
            self._fresh()

    def _fresh(self) -> Desk:
        """The desk as the collection is now: rebuilt after an add, a removal or a not-same, else its marks synced;
        untouched while no other process committed anything and this one wrote nothing since."""
        store = self.store
        seen = store.data_version()
        if self.desk is not None and seen == self._seen:
            return self.desk
        with store.snapshot():
            version = store.structure_version()
            if self.desk is None or version != self._version:
                lists = tagged_lists(store, self.tag)
                grouping = stored_grouping(store, lists, DEFAULT_THRESHOLD, MIN_PREFIX_WORDS)
                self.from_topics = False
                papers = grouping.papers
                if self.topics is not None and not rules_fit(len(papers), described(papers)[0]):
                    found = self.topics(topic_texts(papers))
                    if found.rules:
                        lists, grouping = retag(lists, grouping, TagMatcher(found.rules).tag)
                        self.from_topics = True
                desk = Desk(grouping.papers, {}, {rl.path: rl.seed_title for rl in lists},
                            {rl.path: rl.short_name for rl in lists})
                desk.load_marks(marks_by_paper(store.marks(), desk.paper_of))
                self.desk, self._version = desk, version
            else:
                self.desk.sync(marks_by_paper(store.marks(), self.desk.paper_of))
        self._seen = seen
        return self.desk

    # -- what the page reads (GET: nothing changes) -------------------------------------------------------
    def state(self, passed: Sequence[int] = (), upcoming: bool = False) -> dict[str, object]:
        """The counts, the rule, the next papers whole and (``upcoming``: for the list view) the next hundred."""
        with self._lock:
            return self._state(self._fresh(), passed, upcoming)

    def _state(self, desk: Desk, passed: Sequence[int], upcoming: bool = False) -> dict[str, object]:
        held = [p for p in passed if p in desk.papers and desk.marks.get(p) in (None, LATER)]
        queue = desk.queue(UPCOMING if upcoming else SHOWN, held)
        state = {"counts": desk.counts(), "rule": desk.rule, "learned": desk.learned,
                 "cards": [self._card(desk, p) for p in queue[:SHOWN]], "passed": len(held)}
        if upcoming:
            state["upcoming"] = [self._row(desk, p) for p in queue]
        return state

    def paper(self, ref: object) -> dict[str, object]:
        number = paper_number(ref)
        with self._lock:
            desk = self._fresh()
            if number not in desk.papers:
                raise PageError(404, f"no paper {paper_ref(number)} in the collection (a remove or a not-same may "
                                     "have changed it)")
            return self._card(desk, number)

    def listing(self, mark: str) -> dict[str, object]:
        """The papers marked ``mark`` (in their cold order), for the list view's other tabs."""
        if mark not in MARKS:
            raise PageError(400, f"mark: expected one of {', '.join(MARKS)}")
        with self._lock:
            desk = self._fresh()
            return {"mark": mark, "papers": [self._row(desk, p) for p in desk.decided(mark)]}

    def history(self, limit: int = 200) -> dict[str, object]:
        """The collection's history, newest first: the lines ``paperlist db log`` prints; each mark also as the
        paper, its mark before and after, so that the page can offer to take it back."""
        with self._lock:
            events = self.store.events()
        shown = []
        for at, action, detail in reversed(events[-limit:]):
            event: dict[str, object] = {"at": at.replace("T", " ")[:19], "action": action, "detail": detail}
            found = _MARKED_RE.match(detail) if action == "mark" else None
            if found:
                after = found.group(2)
                event["undo"] = {"paper": found.group(1), "mark": found.group(3) or found.group(4) or None,
                                 "expect": after}
            shown.append(event)
        return {"events": shown, "total": len(events)}

    def export(self, fmt: str, mark: str) -> tuple[str, str, str]:
        """The papers marked ``mark`` in RIS, BibTeX or CSV, by the writers of ``triage --format``: the file's
        name, its media type and its text."""
        if fmt not in EXPORTS:
            raise PageError(400, f"format: expected one of {', '.join(EXPORTS)}")
        if mark not in EXPORT_MARKS:
            raise PageError(400, f"mark: expected one of {', '.join(EXPORT_MARKS)}")
        with self._lock:
            desk = self._fresh()
            papers = [desk.papers[p] for p in desk.decided(mark)]
            marks = {p.id: mark for p in papers}
            entries = rank_papers(papers)
            report = TriageReport(entries, len(desk.papers), 0, (), {}, desk.names, ids={p.id: p.id for p in papers},
                                  marks=marks, whole=True)
            text = TRIAGE_RENDERERS[fmt](report, Style(80))
        media, suffix = EXPORTS[fmt]
        return f"paperlist-{mark}.{suffix}", media, text

    # -- what the page decides (POST) -----------------------------------------------------------------------
    def decide(self, ref: object, mark: object, expect: object = False, passed: Sequence[int] = ()) -> dict[str, object]:
        """Set (``mark`` None: clear) the mark of one paper, as ``paperlist mark`` does; with ``expect`` (a mark
        or None) only while the paper still has that mark: an undo never takes back a later decision."""
        number = paper_number(ref)
        if mark is not None and mark not in MARKS:
            raise PageError(400, f"mark: expected one of {', '.join(MARKS)}, or null to clear it")
        if expect is not False and expect is not None and expect not in MARKS:
            raise PageError(400, f"expect: expected one of {', '.join(MARKS)}, or null")
        with self._lock:
            current = self.desk is not None and self.store.data_version() == self._seen
            try:
                done = mark_papers(self.store, (paper_ref(number),), mark, expect)  # type: ignore[arg-type]
            except DecisionError as exc:
                raise PageError(409, str(exc)) from None
            except Exception as exc:
                self._unavailable(exc)
            if current and all(d.paper in self.desk.papers for d in done):  # type: ignore[union-attr]
                # Nothing else changed before it: the desk takes this decision as it is, without reading every
                # mark again (a change another process makes meanwhile moves data_version: read at the next call).
                for decided in done:
                    self.desk.set_mark(decided.paper, decided.after)  # type: ignore[union-attr]
            else:
                self._seen = None  # this connection's own write: data_version does not tell it
            desk = self._fresh()
            decided = done[0]
            return {"decided": {"paper": paper_ref(decided.paper), "before": decided.before, "after": decided.after,
                                "done": decided.done},
                    "state": self._state(desk, passed)}

    def not_same(self, a: object, b: object, undo: bool = False, passed: Sequence[int] = ()) -> dict[str, object]:
        """Record (or undo) that two copies are different papers, as ``paperlist not-same`` does; the desk is
        rebuilt from the regrouped collection."""
        for value in (a, b):
            if not (isinstance(value, str) and FINGERPRINT_RE.match(value)):
                raise PageError(400, "not-same takes two copies' 16-digit fingerprints")
        with self._lock:
            try:
                pairs = not_same(self.store, (a, b), undo=undo)  # type: ignore[arg-type]
            except DecisionError as exc:
                raise PageError(409, str(exc)) from None
            except Exception as exc:
                self._unavailable(exc)
            self._seen = None
            desk = self._fresh()
            return {"pairs": pairs, "undo": undo, "state": self._state(desk, passed)}

    def _unavailable(self, exc: Exception) -> None:
        """A decision the collection could not take (busy with another command's write, a full disk): said in
        one line, as the command line says it; anything else goes on up."""
        said = self.store.failure(exc)
        if said is None:
            raise exc
        raise PageError(503, f"{said} (this decision was not stored)") from None

    # -- a paper as the page shows it --------------------------------------------------------------------------
    def _card(self, desk: Desk, paper: int) -> dict[str, object]:
        card = desk.card(paper)
        card["link"] = safe_url(card["link"])  # type: ignore[arg-type]
        for copy in card["copies"]:  # type: ignore[attr-defined]
            # The words that differ from the paper's own text: what a not-same decision weighs.
            copy["diff"] = [list(op) for op in diff_words(str(card["text"]), str(copy["text"]))[0]]
        return card

    @staticmethod
    def _row(desk: Desk, paper: int) -> dict[str, object]:
        return {"id": paper_ref(paper), "title": desk.title(paper), "mark": desk.marks.get(paper)}
