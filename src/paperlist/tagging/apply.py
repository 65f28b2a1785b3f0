"""Tagging as a stage of its own: read lists and grouped papers -> the same values with their tags (pure)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from paperlist.match.papers import Grouping, paper_tags, snippet_key
from paperlist.model import Paper, ReadingList, Record, Snippet

Tagger = Callable[[str], tuple[str, ...]]
SWITCH_MIN_PAPERS = 3  # from here, topics can tell papers apart where the rules do not


def subject_text(text: str, record: Record | None) -> str:
    """A text as terms and topics read it: a text that is its record's title is the title alone (one that names
    no paper, "Editorial", is read with where it appeared, and the journal is not the paper's subject)."""
    return record.title if record is not None and record.title_only and record.title else text


def tag_text(text: str, record: Record | None) -> str:
    """What the tag rules read: the title (when it is not already the text) and the text."""
    if record is None or record.title is None or record.title_only:
        return subject_text(text, record)
    return f"{record.title}. {text}"


def snippet_tagger(tagger: Tagger) -> Callable[[Snippet], Snippet]:
    """Snippet -> the snippet with the tags its text (and its record's title) carries. A text sent again with
    the same record (an alert re-sends its last weeks' papers) is read once, and its copies share the tags."""
    found: dict[tuple[str, Record | None], tuple[str, ...]] = {}

    def tagged(s: Snippet) -> Snippet:
        tags = found.get((s.text, s.record))
        if tags is None:
            tags = found[s.text, s.record] = tagger(tag_text(s.text, s.record))
        return s._replace(tags=tags)
    return tagged


def tag_lists(lists: Iterable[ReadingList], tagger: Tagger) -> list[ReadingList]:
    """Every snippet of every list tagged."""
    tagged = snippet_tagger(tagger)
    return [rl._replace(snippets=tuple(map(tagged, rl.snippets))) for rl in lists]


def retag(lists: Sequence[ReadingList], grouping: Grouping, tagger: Tagger) -> tuple[list[ReadingList], Grouping]:
    """The same lists and papers with every snippet's tags recomputed (``--tags auto`` tags after grouping)."""
    tagged = snippet_tagger(tagger)
    new = {snippet_key(s): tagged(s) for rl in lists for s in rl.snippets}
    lists = [rl._replace(snippets=tuple(new[snippet_key(s)] for s in rl.snippets)) for rl in lists]
    groups = [g._replace(members=tuple(new[snippet_key(m)] for m in g.members)) for g in grouping.groups]
    papers = []
    for p in grouping.papers:
        members = tuple(new[snippet_key(m)] for m in p.members)
        papers.append(p._replace(members=members, tags=paper_tags(members)))
    return lists, Grouping(groups, papers)


def topic_texts(papers: Iterable[Paper]) -> list[str]:
    """What topics are found in: each paper's title (where its record has one) and text, as the rules read them."""
    return [tag_text(p.kept.text, p.kept.record) for p in papers]


def described(papers: Sequence[Paper]) -> tuple[int, str | None]:
    """How many papers carry a tag other than the most common one, and that tag: outside the rules' field, one
    broad tag (large-language-models, say) often tags many papers and tells them apart from nothing."""
    counts: dict[str, int] = {}
    for p in papers:
        for tag in p.tags:
            counts[tag] = counts.get(tag, 0) + 1
    broadest = max(counts, key=lambda t: (counts[t], t), default=None)
    return sum(any(t != broadest for t in p.tags) for p in papers), broadest


def rules_fit(papers: int, described_papers: int) -> bool:
    """The default keeps the tag rules' tags: half of the ``papers`` or more carry one other than the broadest
    (``described_papers``, of described), or too few papers to find topics in; elsewhere it tags with the papers'
    own topics."""
    return papers < SWITCH_MIN_PAPERS or 2 * described_papers >= papers
