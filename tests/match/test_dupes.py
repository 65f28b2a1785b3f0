import random
import unittest

from paperlist.match.dupes import NearTexts, build_corpus, find_duplicates
from paperlist.match.normalize import fingerprint, match_key
from paperlist.match.similarity import search_similar, similar_pairs_brute
from paperlist.model import Snippet

BASE = ("Training large neural networks across many machines is limited by the network, because every step "
        "exchanges gradients between all workers and the slowest link sets the pace of the whole job. "
        "We propose a scheme that overlaps this exchange with computation and compresses the largest tensors")
OTHER = ("Recommendation models spend most of their time looking up huge embedding tables rather than doing "
         "arithmetic, so we cache the hottest rows in accelerator memory and stream the rest from the host")


def snip(text: str, path: str = "a.txt", line: int = 1) -> Snippet:
    return Snippet(path, line, line, text, text.endswith(("…", "...")), "Seed")


def cut(text: str, chars: int, mark: str = "…") -> str:
    return text[:chars].rstrip() + mark


class PairKindsTest(unittest.TestCase):
    MUST_MATCH = [
        ("identical", BASE, BASE, "exact"),
        ("case, quotes and dashes", BASE, BASE.upper().replace("-", "–"), "exact"),
        ("unicode ellipsis vs ascii", cut(BASE, 250), cut(BASE, 250, "..."), "exact"),
        ("html tags", BASE, BASE.replace("network,", "<i>network</i>,"), "exact"),
        ("cut shorter", cut(BASE, 250), cut(BASE, 120), "truncation"),
        ("cut mid-word", cut(BASE, 250), BASE[:97] + "…", "truncation"),
        ("full vs cut", BASE, cut(BASE, 180), "truncation"),
        ("re-worded", BASE, BASE.replace("We propose", "This paper proposes").replace("limited", "bounded"), "near"),
        ("edited and cut", cut(BASE, 250), cut(BASE.replace("whole job", "entire job"), 230), "near"),
    ]
    MUST_NOT_MATCH = [
        ("different papers", BASE, OTHER),
        ("opens alike, different paper",
         cut("Training large neural networks across many machines is hard. We study energy use of data centres "
             "and find that cooling dominates.", 250), cut(BASE, 250)),
        ("short cut of a common opening", "Training large neural networks across…", cut(BASE, 250)),
        ("same words, other order", BASE, " ".join(reversed(BASE.split()))),
    ]

    def test_must_match(self):
        for name, a, b, kind in self.MUST_MATCH:
            with self.subTest(name):
                groups = find_duplicates([snip(a, line=1), snip(b, line=2)])
                self.assertEqual(len(groups), 1)
                self.assertEqual(groups[0].kind, kind)
                self.assertEqual(len(groups[0].members), 2)

    def test_must_not_match(self):
        for name, a, b in self.MUST_NOT_MATCH:
            with self.subTest(name):
                self.assertEqual(find_duplicates([snip(a, line=1), snip(b, line=2)], maybe=None), [])


class GroupingTest(unittest.TestCase):
    def test_chaining_is_visible_in_pairs(self):
        long, mid, short = BASE, cut(BASE, 200), cut(BASE, 100)
        reworded = BASE.replace("Training large", "Training big").replace("We propose", "Here we propose")
        groups = find_duplicates([snip(long, "a.txt"), snip(mid, "b.txt"), snip(short, "c.txt"), snip(reworded, "d.txt")])
        self.assertEqual(len(groups), 1)
        group = groups[0]
        self.assertEqual([m.path for m in group.members], ["a.txt", "b.txt", "c.txt", "d.txt"])
        kinds = {(p.a, p.b): p.kind for p in group.pairs}
        self.assertEqual(kinds[(0, 1)], "truncation")
        self.assertEqual(kinds[(1, 2)], "truncation")
        self.assertEqual(kinds[(0, 3)], "near")
        self.assertNotIn((2, 3), kinds)
        self.assertEqual(group.kind, "near")
        self.assertEqual(group.members[group.keep].path, "d.txt")  # the longest text
        self.assertEqual(group.lists, ("a.txt", "b.txt", "c.txt", "d.txt"))
        self.assertEqual(group.similarity, min(p.similarity for p in group.pairs))

    def test_ambiguous_cut_joins_neither_paper(self):
        opening = "Training large neural networks across many machines is limited by the network, because"
        other = opening + " nobody has measured how energy use grows with the number of machines in a cluster."
        groups = find_duplicates([snip(opening + "…", "a.txt"), snip(BASE, "b.txt"), snip(other, "c.txt")],
                                 threshold=None)
        self.assertEqual(groups, [])

    def test_keep_prefers_longest_then_untruncated_then_path(self):
        groups = find_duplicates([snip(cut(BASE, 200), "b.txt"), snip(BASE, "c.txt"), snip(BASE, "a.txt", 9)])
        self.assertEqual(groups[0].members[groups[0].keep].path, "a.txt")

    def test_not_duplicates_are_never_joined(self):
        a, b = cut(BASE, 250), cut(BASE, 120)
        ignore = {frozenset((fingerprint(match_key(a)), fingerprint(match_key(b))))}
        self.assertEqual(find_duplicates([snip(a, line=1), snip(b, line=2)], not_duplicates=ignore), [])

    def test_not_duplicates_are_never_joined_through_other_texts(self):
        # THREE is a cut of TWO and re-words half of ONE: it chains ONE and TWO, which are not alike.
        a = "alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu"
        b = "scheduling training jobs on shared clusters with memory and network overheads measured carefully"
        c = "we propose a new planner that places jobs near their data and saves time"
        one, two, three = snip(f"{a} {b}", line=1), snip(f"{b} {c}", line=2), snip(b, line=3)
        [chained] = find_duplicates([one, two, three])
        self.assertEqual(sorted(m.line for m in chained.members), [1, 2, 3])
        ignore = {frozenset((fingerprint(match_key(one.text)), fingerprint(match_key(two.text))))}
        [kept] = find_duplicates([one, two, three], not_duplicates=ignore)
        # The strongest link first: the cut joins its text; ONE stays apart.
        self.assertEqual(([m.line for m in kept.members], kept.kind, [p.kind for p in kept.pairs]),
                         ([2, 3], "truncation", ["truncation"]))

    def test_maybe_tier_is_separate(self):
        a = BASE
        b = BASE.replace("We propose a scheme that overlaps", "Our idea overlaps").replace("because every", "as each")
        groups = find_duplicates([snip(a, line=1), snip(b, line=2)], threshold=0.99, maybe=0.3)
        self.assertEqual([(g.tier, g.kind) for g in groups], [("maybe", "near")])
        self.assertEqual(find_duplicates([snip(a, line=1), snip(b, line=2)], threshold=0.99), [])

    def test_threshold_none_finds_only_exact_and_truncation(self):
        reworded = BASE.replace("We propose", "This paper proposes")
        self.assertEqual(find_duplicates([snip(BASE, line=1), snip(reworded, line=2)], threshold=None), [])

    def test_input_order_does_not_change_groups(self):
        rng = random.Random(7)
        texts = [BASE, cut(BASE, 150), OTHER, cut(OTHER, 140), BASE.replace("pace", "speed"), "An unrelated abstract."]
        snippets = [snip(t, f"{i % 3}.txt", i) for i, t in enumerate(texts * 2, 1)]
        expected = find_duplicates(snippets)
        for _ in range(10):
            rng.shuffle(snippets)
            self.assertEqual(find_duplicates(snippets), expected)

    def test_near_pairs_equal_brute_force_on_random_text(self):
        rng = random.Random(11)
        words = "model train data gpu cluster memory network job fast large graph serve cost".split()
        for trial in range(30):
            texts = [" ".join(rng.choice(words) for _ in range(rng.randint(3, 14))) for _ in range(40)]
            corpus = build_corpus(snip(t, line=i) for i, t in enumerate(texts, 1))
            sets = list(map(frozenset, NearTexts(corpus.keys, corpus.truncated, min_words=3)))
            for threshold in (0.3, 0.5, 0.8):
                with self.subTest(trial=trial, threshold=threshold):
                    self.assertEqual(search_similar(sets, threshold)[0], similar_pairs_brute(sets, threshold))
