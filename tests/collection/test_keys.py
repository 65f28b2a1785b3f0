"""The collection's candidate keys: prefix tokens meet every near pair, openings join every cut to its text."""

import random
import unittest
from itertools import combinations
from unittest import mock

from paperlist.collection import keys as stored_keys
from paperlist.collection.keys import (
    PrefixTokens,
    fingerprint_hex,
    fingerprint_number,
    frequent_classes,
    needs_order,
    opening_number,
    prefix_length,
    shares_needed,
)
from paperlist.match.dupes import NearTexts

FUNCTION_WORDS = "the of and in to a for with on we is that by this are from as".split()
CONTENT_WORDS = [f"term{n}" for n in range(60)]


def planted_texts(seed: int) -> list[tuple[str, bool]]:
    """Abstract-like keys with re-worded, cut and opening-alike copies, and a few tiny bigram sets."""
    rng = random.Random(seed)
    texts = []
    for _ in range(40):
        words = [rng.choice(FUNCTION_WORDS if rng.random() < 0.45 else CONTENT_WORDS) for _ in range(rng.randint(12, 40))]
        texts.append((" ".join(words), rng.random() < 0.5))
        for edits in (1, 3, 6):
            copy = words[:]
            for _ in range(edits):
                copy[rng.randrange(len(copy))] = rng.choice(CONTENT_WORDS)
            texts.append((" ".join(copy[:rng.randint(max(12, len(copy) * 3 // 4), len(copy))]), edits > 1))
        texts.append((" ".join(words[:10] + [rng.choice(CONTENT_WORDS) for _ in range(20)]), False))
    texts += [("the the the the the the the the the the the the", False),
              ("the of the of the of the of the of the of", True), ("the of the of the of the of the of the", False)]
    return texts


def jaccard(a: set, b: set) -> float:
    return len(a & b) / len(a | b) if a | b else 0.0


class PrefixTokensTest(unittest.TestCase):
    def assert_prefixes_meet_every_near_pair(self, threshold: float, ranked: bool = False) -> int:
        met = 0
        for seed in range(4):
            texts = planted_texts(seed)
            sets = [set(s) for s in NearTexts([k for k, _ in texts], [c for _, c in texts])]
            prefixes = PrefixTokens(threshold)
            if ranked:  # the order a collection derives: frequent tokens last
                classes = frequent_classes(prefixes.tokens(key, cut)[0] for key, cut in texts)
                self.assertGreater(len(classes), 50)
                prefixes = PrefixTokens(threshold, classes)
            probes = [prefixes.prefix(key, cut) for key, cut in texts]
            for i, j in combinations(range(len(texts)), 2):
                if sets[i] and sets[j] and jaccard(sets[i], sets[j]) >= threshold:
                    met += 1
                    for (tokens, shares), (other, _) in ((probes[i], probes[j]), (probes[j], probes[i])):
                        self.assertGreaterEqual(len(set(tokens) & set(other)), shares, (texts[i], texts[j]))
        return met

    def test_every_near_pair_shares_enough_prefix_tokens(self):
        for threshold, pairs in ((0.5, 150), (0.3, 150), (0.8, 40)):
            with self.subTest(threshold=threshold):
                self.assertGreater(self.assert_prefixes_meet_every_near_pair(threshold), pairs)

    def test_also_in_a_frequency_order(self):
        for threshold in (0.5, 0.8):
            with self.subTest(threshold=threshold):
                self.assertGreater(self.assert_prefixes_meet_every_near_pair(threshold, ranked=True), 40)

    def test_frequent_tokens_go_last(self):
        sets = [{1, 2, 3}, {1, 2, 4}, {1, 2, 5}, {1, 6, 7}]
        self.assertEqual(frequent_classes(sets), {1: 3, 2: 2})  # 4 texts: class 3; 3 texts: class 2
        key = " ".join(CONTENT_WORDS[:30])
        plain, _ = PrefixTokens().prefix(key, False)  # 29 bigrams: the 29 - 15 + 2 = 16 smallest tokens
        self.assertEqual(plain, sorted(PrefixTokens().tokens(key, False)[0])[:16])
        ranked, _ = PrefixTokens(classes={plain[0]: 4, plain[1]: 2}).prefix(key, False)
        self.assertEqual(ranked, plain[2:] + sorted(PrefixTokens().tokens(key, False)[0])[16:18])
        every = sorted(PrefixTokens().tokens(key, False)[0])
        classes = {token: 1 + n % 3 for n, token in enumerate(every[3:])}  # all but three frequent
        ranked, _ = PrefixTokens(classes=classes).prefix(key, False)
        self.assertEqual(ranked, every[:3] + sorted(classes, key=lambda t: (classes[t], t))[:13])

    def test_the_order_is_derived_again_while_the_collection_is_small(self):
        self.assertEqual([needs_order(0, 0), needs_order(0, 18), needs_order(18, 71), needs_order(18, 72)],
                         [False, True, False, True])
        self.assertEqual([needs_order(9_999, 40_000), needs_order(10_000, 10**7)], [True, False])

    def test_also_when_most_bigrams_hash_alike(self):
        with mock.patch.object(stored_keys, "_HASH_MASK", 7):
            self.assertGreater(self.assert_prefixes_meet_every_near_pair(0.5), 150)

    def test_shared_bigrams_hashed_alike_count_once(self):
        # x and y share 8 of 16 bigrams (Jaccard 0.5); each keeps its 8 lowest. Chosen word parts put
        # each one's 4 own bigrams first, then 4 shared ones that all hash to token 100: the prefixes
        # share one token only, so one must be enough.
        first = {"a0": 1, "b0": 2, "a1": 50, "a2": 50, "a3": 50, "a4": 50, "a5": 150, "a6": 150, "a7": 10, "a8": 10,
                 "b8": 14, "a9": 150, "a10": 150, "a11": 5, "a12": 0, "b12": 0}
        second = {"a0": 0, "b0": 0, "a1": 0, "a2": 50, "a3": 50, "a4": 50, "a5": 50, "a6": 100, "a7": 101, "a8": 10,
                  "b8": 13, "a9": 11, "a10": 102, "a11": 103, "a12": 5, "b12": 7}

        class ChosenTokens(PrefixTokens):
            def _learn(self, words):
                self._first.update((w, first[w]) for w in words)
                self._second.update((w, second[w]) for w in words)

        x = " ".join(f"a{n}" for n in range(13))
        y = x.replace("a0 ", "b0 ").replace(" a8 ", " b8 ").replace(" a12", " b12")
        self.assertEqual(jaccard(*map(set, NearTexts([x, y], [False, False]))), 0.5)
        (tx, shares_x), (ty, shares_y) = ChosenTokens().prefix(x, False), ChosenTokens().prefix(y, False)
        self.assertEqual((tx, ty), ([1, 10, 20, 21, 100], [2, 12, 23, 25, 100]))
        self.assertEqual((shares_x, shares_y), (1, 1))

    def test_prefix_arithmetic(self):
        # 30 bigrams at 0.5: a near set shares at least 15, so any 30 - 15 + 2 = 17 first ones hold two.
        self.assertEqual((prefix_length(30), shares_needed(30)), (17, 2))
        self.assertEqual((prefix_length(2), shares_needed(2)), (2, 1))
        self.assertEqual((prefix_length(1), shares_needed(1)), (1, 1))
        self.assertEqual(PrefixTokens().prefix("too short to compare", False), ([], 0))

    def test_function_word_bigrams_come_last(self):
        tokens = PrefixTokens()
        content, mixed, function = tokens.token("graph", "neural"), tokens.token("of", "graph"), tokens.token("of", "the")
        self.assertLess(content, 0)
        self.assertLess(content, mixed)
        self.assertLess(mixed, function)
        self.assertLess(function, 1 << 23)  # SQLite stores it in three bytes


class NumbersTest(unittest.TestCase):
    def test_fingerprints_round_trip_through_signed_integers(self):
        for value in ("871183362fa6570a", "ffffffffffffffff", "0000000000000000", "8000000000000000"):
            number = fingerprint_number(value)
            self.assertTrue(-(1 << 63) <= number < 1 << 63)
            self.assertEqual(fingerprint_hex(number), value)

    def test_a_cut_shares_its_opening_with_the_text_it_opens(self):
        full = "we present a scheduler that lends idle accelerators to waiting jobs at night"
        self.assertEqual(opening_number(full[:58]), opening_number(full))  # cut inside its tenth word
        self.assertNotEqual(opening_number("we present a scheduler that lends idle accelerators for jobs"),
                            opening_number(full))
        self.assertIsNone(opening_number("nine words are too few to open another text"))
