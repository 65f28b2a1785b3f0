import random
import unittest

from paperlist.match.similarity import (
    jaccard,
    search_similar,
    similar_pairs_brute,
)


def similar_pairs(sets, threshold, max_postings=None):
    return search_similar(sets, threshold, max_postings)[0]


class AllPairsTest(unittest.TestCase):
    def test_equals_brute_force_on_seeded_random_corpora(self):
        rng = random.Random(20261202)
        for trial in range(300):
            vocabulary = rng.randint(2, 40)
            sets = [frozenset(str(rng.randrange(vocabulary)) for _ in range(rng.randint(0, 15)))
                    for _ in range(rng.randint(0, 70))]
            threshold = rng.choice([0.1, 0.25, 0.5, 0.6, 0.75, 0.9, 1.0, round(rng.uniform(0.05, 1), 3)])
            with self.subTest(trial=trial, threshold=threshold):
                self.assertEqual(similar_pairs(sets, threshold), similar_pairs_brute(sets, threshold))

    def test_scores(self):
        self.assertEqual(jaccard(frozenset("ab"), frozenset("ab")), 1.0)
        self.assertEqual(jaccard(frozenset(), frozenset()), 0.0)
        self.assertEqual(similar_pairs([frozenset("abcd"), frozenset("abce"), frozenset("xyz")], 0.6),
                         [(0, 1, 0.6)])

    def test_threshold_out_of_range(self):
        with self.assertRaises(ValueError):
            similar_pairs([], 0)


class PlantedCollectionTest(unittest.TestCase):
    """The prefix search over computed bigrams equals brute force on abstract-like text with planted pairs."""

    FUNCTION = "the of and to a in is for that we on with as by this are".split()

    def _text(self, rng: random.Random, content: list[str]) -> list[str]:
        words = []
        for _ in range(rng.randint(12, 45)):
            pool = self.FUNCTION if rng.random() < 0.5 else content
            words.append(rng.choice(pool))
        return words

    def test_equals_brute_force_with_near_cut_and_opening_alike_pairs(self):
        from paperlist.match.dupes import NearTexts
        rng = random.Random(14)
        for trial in range(25):
            content = [f"w{n}" for n in range(rng.choice([30, 200, 2000]))]
            texts: list[list[str]] = []
            for _ in range(rng.randint(40, 160)):
                roll = rng.random()
                if texts and roll < 0.15:  # re-worded copy
                    copy = list(rng.choice(texts))
                    for _ in range(rng.randint(1, 4)):
                        copy[rng.randrange(len(copy))] = rng.choice(content)
                    texts.append(copy)
                elif texts and roll < 0.25:  # cut copy
                    source = rng.choice(texts)
                    texts.append(source[: rng.randint(min(len(source), 12), len(source))])
                elif texts and roll < 0.35:  # opens like another, then differs
                    texts.append(rng.choice(texts)[:8] + self._text(rng, content))
                else:
                    texts.append(self._text(rng, content))
            keys = [" ".join(words) for words in texts]
            cut = [rng.random() < 0.3 for _ in keys]
            near = NearTexts(keys, cut)
            sets = [frozenset(tokens) for tokens in near]
            for threshold in (0.3, 0.5, 0.7, 0.9):
                with self.subTest(trial=trial, threshold=threshold):
                    pairs, incomplete = search_similar(near, threshold)
                    self.assertEqual(incomplete, [])
                    self.assertEqual(pairs, similar_pairs_brute(sets, threshold))

    def test_capped_postings_name_every_text_that_may_miss_a_pair(self):
        rng = random.Random(5)
        sets = [frozenset(rng.sample(range(12), rng.randint(4, 10))) for _ in range(200)]
        expected = similar_pairs_brute(sets, 0.5)
        pairs, incomplete = search_similar(sets, 0.5, max_postings=20)
        self.assertTrue(incomplete)
        flagged = set(incomplete)
        missed = set(expected) - set(pairs)
        self.assertTrue(all(a in flagged or b in flagged for a, b, _ in missed))
        self.assertLessEqual(set(pairs), set(expected))

    def test_equal_sized_sets_at_the_threshold(self):
        # Pairs whose overlap is exactly the minimum sit at the edge of both prefixes.
        sets = [frozenset({1, 6, 7, 8, 9, 10}), frozenset({0, 5, 6, 7, 9, 10}), frozenset({0, 1, 3, 5, 9, 11})]
        self.assertEqual(search_similar(sets, 0.5)[0], [(0, 1, 0.5)])
        rng = random.Random(3)
        for trial in range(3000):
            size = rng.randint(2, 8)
            vocabulary = rng.randint(size, size * 2)
            sets = [frozenset(rng.sample(range(vocabulary), rng.choice([size, size, rng.randint(1, size)])))
                    for _ in range(rng.randint(2, 6))]
            threshold = rng.choice([0.4, 0.5, 0.6, 0.75])
            with self.subTest(trial=trial):
                self.assertEqual(search_similar(sets, threshold)[0], similar_pairs_brute(sets, threshold))

    def test_tokens_of_any_hashable_type(self):
        # Integers are stored as 64-bit numbers; other tokens (or larger integers) are numbered first.
        for sets in ([frozenset({1, 2, 3, "a"}), frozenset({1, 2, 3}), frozenset({2 ** 70, 1, 2}), frozenset({"x", 1, 2, 3})],
                     [frozenset({1, 2, 3}), frozenset({1, 2, 3, 2 ** 70}), frozenset({"x", 1, 2, 3})]):
            with self.subTest(sets=sets):
                self.assertEqual(search_similar(sets, 0.5)[0], similar_pairs_brute(sets, 0.5))

    def test_counting_in_parts_gives_the_same_pairs(self):
        from unittest import mock

        import paperlist.match.similarity as similarity
        rng = random.Random(8)
        # Tokens over the whole 64-bit range (as hashes are), with the ends of every part among them.
        edges = [-2 ** 63, -2 ** 62 - 1, -2 ** 62, -1, 0, 2 ** 62 - 1, 2 ** 62, 2 ** 63 - 1]
        pool = edges + [rng.getrandbits(64) - 2 ** 63 for _ in range(52)]
        sets = [frozenset(rng.sample(pool, rng.randint(3, 12))) for _ in range(150)]
        whole = search_similar(sets, 0.4)
        for part in (10, 100, 400):
            with self.subTest(part=part), mock.patch.object(similarity, "COUNT_PART", part):
                self.assertEqual(search_similar(sets, 0.4), whole)
        self.assertEqual(whole[0], similar_pairs_brute(sets, 0.4))
        flat = similarity.array("q", pool)
        for parts in (1, 2, 4, 8):
            ranges = [sorted(tokens) for tokens in similarity._value_ranges(flat, parts)]
            self.assertEqual(len(ranges), parts)
            self.assertEqual(sorted(t for r in ranges for t in r), sorted(pool))
            self.assertTrue(all(a[-1] < b[0] for a, b in zip(ranges, ranges[1:]) if a and b))


class ParallelTest(unittest.TestCase):
    """--jobs shares counting, ranking and the probes among forked processes: the same pairs and the same
    texts left uncompared."""

    def test_shared_probes_give_what_one_process_gives(self):
        from unittest import mock

        import paperlist.forked
        import paperlist.match.similarity as similarity
        rng = random.Random(41)
        words = [rng.getrandbits(64) - 2 ** 63 for _ in range(300)]  # spread over every part, as hashes are
        weights = [1 / (n + 1) for n in range(300)]  # a few words in many sets, most in few
        sets = []
        for _ in range(400):
            if sets and rng.random() < 0.3:
                copy = set(rng.choice(sets))
                copy.discard(rng.choice(sorted(copy)))
                sets.append(frozenset(copy | {rng.choice(words)}))
            else:
                sets.append(frozenset(rng.choices(words, weights, k=rng.randint(4, 14))))
        forks = []
        real = paperlist.forked.compute_aside
        def counted(compute, started=int):
            forks.append(compute)
            return real(compute, started)
        with mock.patch.object(similarity, "PARALLEL_TEXTS", 10), mock.patch("os.cpu_count", return_value=4), \
                mock.patch.object(paperlist.forked, "compute_aside", counted):
            for max_postings, budget in ((None, None), (30, None), (None, 2000)):
                with self.subTest(max_postings=max_postings, budget=budget):
                    alone = search_similar(sets, 0.5, max_postings, budget)
                    if max_postings or budget:
                        self.assertTrue(alone[1])  # some texts are left uncompared, the same ones
                    self.assertTrue(alone[0])
                    before = len(forks)
                    self.assertEqual(search_similar(sets, 0.5, max_postings, budget, jobs=3), alone)
                    # Counting, ranking and probing: two children each, a third share here.
                    self.assertEqual(len(forks) - before, 6)
