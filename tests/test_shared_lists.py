"""Lists built from the real abstracts in ../shared/data, in both layouts: every snippet starts where it should."""

import gzip
import json
import textwrap
import unittest

from paperlist.match.normalize import match_key
from paperlist.readers.text import parse_list
from tests.helpers import ROOT

DAILY = ROOT.parent / "shared" / "data" / "arxiv-daily-cs" / "daily"


def abstracts(limit=400):
    texts = []
    for path in sorted(DAILY.glob("*.jsonl.gz"))[:3]:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            texts += [json.loads(line)["summary"] for line in handle]
    return [" ".join(t.split())[:250].rstrip() + "…" for t in texts[:limit]]


@unittest.skipUnless(DAILY.is_dir(), "needs ../shared/data/arxiv-daily-cs")
class SharedDataLayoutTest(unittest.TestCase):
    def test_hard_wrapped_paragraphs(self):
        snippets = abstracts()
        lines, starts = ["Related papers: A seed paper", ""], []
        for text in snippets:
            starts.append(len(lines) + 1)
            lines += textwrap.wrap(text, 72) + [""]
        parsed = parse_list("\n".join(lines), "wrapped.txt")
        self.assertEqual(len(parsed.snippets), len(snippets))
        self.assertEqual([s.line for s in parsed.snippets], starts)
        self.assertEqual([match_key(s.text) for s in parsed.snippets], [match_key(t) for t in snippets])

    def test_one_per_line(self):
        snippets = abstracts()
        parsed = parse_list("Related papers: A seed paper\n" + "\n".join(snippets) + "\n", "lines.txt")
        self.assertEqual([(s.line, s.text) for s in parsed.snippets],
                         [(n, t) for n, t in enumerate(snippets, 2)])

    def test_one_per_line_after_a_blank_line(self):
        snippets = abstracts()
        parsed = parse_list("Related papers: A seed paper\n\n" + "\n".join(snippets) + "\n", "lines.txt")
        self.assertEqual([(s.line, s.text) for s in parsed.snippets],
                         [(n, t) for n, t in enumerate(snippets, 3)])
