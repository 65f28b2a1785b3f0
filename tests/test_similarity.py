import random
import unittest

from paperlist.similarity import jaccard, similar_pairs, similar_pairs_brute


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
