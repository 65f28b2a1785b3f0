"""The triage desk: a collection's undecided papers one at a time, re-ranked after every decision (pure).

The desk keeps the relevance model of ``reports.triage`` up to date one decision at a time (``rank.Learner``), so
the next paper after a decision costs the papers that share its terms, not a refit over the whole collection.
Before any decision, and between papers the model cannot tell apart, the order is the cold one every ranked
view uses (lists and copies, seed titles, year). Papers marked later come after every undecided one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from urllib.parse import quote_plus

from paperlist.match.identity import snippet_fingerprint
from paperlist.match.normalize import doi_url
from paperlist.match.papers import merged_record, shows_text
from paperlist.model import MARKS, Paper, paper_ref
from paperlist.rank.features import vectorize
from paperlist.rank.relevance import Learner
from paperlist.reports.triage import RELEVANT_MARKS, Relevance, _telling, paper_text, rank_papers, relevance

LATER = "later"


class Desk:
    """The papers of a collection, their marks (paper id -> want, read, skip or later) and the model those marks
    taught."""

    def __init__(self, papers: Sequence[Paper], marks: Mapping[int, str], seeds: Mapping[str, str | None],
                 names: Mapping[str, str]) -> None:
        self.papers = {p.id: p for p in papers}
        self.names = dict(names)
        self._number = {p.id: n for n, p in enumerate(papers)}
        self._ids = [p.id for p in papers]
        # Every copy's fingerprint (what marks are stored by) -> its paper.
        self.paper_of = {snippet_fingerprint(m): p.id for p in papers for m in p.members}
        cold = relevance(papers, {}, seeds, True)
        self._cold_explain = cold.explain
        # The cold order, as a number per paper: candidates are handed to the model in it, so it breaks ties.
        self._by_cold = [e.paper.id for e in rank_papers(papers, order=cold)]
        self._cold = {paper: n for n, paper in enumerate(self._by_cold)}
        self.learner = Learner(vectorize([paper_text(p) for p in papers]))
        self.marks: dict[int, str] = {}
        self.load_marks(marks)

    def load_marks(self, marks: Mapping[int, str]) -> None:
        """Take a collection's marks (paper id -> mark) into a desk that has none: the model learns them all in
        one pass, as a refit does, however many there are."""
        if self.marks:
            raise ValueError("load_marks starts a desk; later marks go through set_mark or sync")
        self.marks = {paper: mark for paper, mark in marks.items() if paper in self.papers}
        self.learner.learn_all({self._number[p]: RELEVANT_MARKS[m] for p, m in self.marks.items()
                                if m in RELEVANT_MARKS})

    def set_mark(self, paper: int, mark: str | None) -> None:
        """Take a decision (or its clearing, ``None``) into the marks and the model."""
        before = self.marks.pop(paper, None)
        doc = self._number[paper]
        if before in RELEVANT_MARKS:
            self.learner.forget(doc, RELEVANT_MARKS[before])
        if mark is not None:
            self.marks[paper] = mark
            if mark in RELEVANT_MARKS:
                self.learner.learn(doc, RELEVANT_MARKS[mark])

    def sync(self, marks: Mapping[int, str]) -> list[int]:
        """Bring the marks up to what the collection holds now (another tab, a CLI ``mark``); the papers changed."""
        changed = [p for p in sorted(set(marks) | set(self.marks)) if p in self.papers
                   and marks.get(p) != self.marks.get(p)]
        for paper in changed:
            self.set_mark(paper, marks.get(paper))
        return changed

    @property
    def learned(self) -> bool:
        return any(self.learner.counts)

    @property
    def rule(self) -> str:
        rejected, relevant = self.learner.counts
        return Relevance({}, lambda i: (), relevant, rejected, True).rule

    def undecided(self) -> int:
        """Papers with no mark or marked later: those the desk still asks about."""
        return len(self._ids) - sum(1 for mark in self.marks.values() if mark != LATER)

    def queue(self, count: int, passed: Iterable[int] = ()) -> list[int]:
        """The next ``count`` papers to decide, best first: those with no mark, then those marked later, leaving
        out those ``passed`` over for now."""
        left = set(passed)
        found: list[int] = []
        for wanted in (None, LATER):
            if len(found) >= count:
                break
            marks = self.marks
            candidates = [p for p in self._by_cold if marks.get(p) == wanted and p not in left]
            if self.learned and candidates:
                number = self._number
                candidates = [self._ids[d] for d in self.learner.top([number[p] for p in candidates],
                                                                      count - len(found))]
            found += candidates[:count - len(found)]
        return found

    def decided(self, mark: str) -> list[int]:
        """The papers marked ``mark``, in their cold order."""
        return sorted((p for p, m in self.marks.items() if m == mark), key=self._cold.__getitem__)

    def why(self, paper: int) -> tuple[str, ...]:
        if self.learned:
            return _telling(self.learner.why(self._number[paper], 12))
        return self._cold_explain(paper)

    def against(self, paper: int) -> tuple[str, ...]:
        """The terms that count most against a paper: those it shares with the skipped papers."""
        return _telling(self.learner.against(self._number[paper], 12)) if self.learned else ()

    def title(self, paper: int) -> str:
        """A paper's title, or its opening words."""
        p = self.papers[paper]
        record = merged_record(p)
        if record and record.title:
            return record.title
        text = " ".join(p.kept.text.split())
        return text if len(text) <= 120 else text[:119].rstrip() + "…"

    def card(self, paper: int) -> dict[str, object]:
        """What the page shows of a paper, as plain values (the page escapes them: they come from input files)."""
        p = self.papers[paper]
        record = merged_record(p)
        field = (lambda name: getattr(record, name)) if record else (lambda name: None)
        title = field("title")
        link = field("url") or (doi_url(field("doi")) if field("doi") else None)
        search = " ".join((title or p.kept.text).split()[:14])
        kept = snippet_fingerprint(p.kept)
        copies, seen = [], {kept}
        for m in p.members:
            value = snippet_fingerprint(m)
            if value not in seen:
                seen.add(value)
                copies.append({"fingerprint": value, "text": m.text, "list": self.names.get(m.path, m.path),
                               "line": m.line})
        return {
            "id": paper_ref(paper), "title": title, "text": p.kept.text, "abstract": shows_text(record),
            "authors": field("authors"),
            "venue": field("venue"), "year": field("year"), "doi": field("doi"), "link": link,
            "search": "https://scholar.google.com/scholar?q=" + quote_plus(search),
            "lists": [self.names.get(path, path) for path in p.lists], "tags": list(p.tags),
            "fingerprint": kept, "copies": copies, "mark": self.marks.get(paper),
            "score": round(self.learner.score(self._number[paper]), 4) if self.learned else None,
            "why": list(self.why(paper)), "against": list(self.against(paper)),
        }

    def counts(self) -> dict[str, int]:
        found = {mark: 0 for mark in MARKS}
        for mark in self.marks.values():
            found[mark] = found.get(mark, 0) + 1
        return {"papers": len(self.papers), "undecided": self.undecided(), **found}
