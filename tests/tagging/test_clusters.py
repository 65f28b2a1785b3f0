"""Spherical k-means, the clustering behind automatic topics."""

import unittest

from paperlist.tagging.clusters import even_sample, kmeans, unit


class KMeansTest(unittest.TestCase):
    def test_two_groups_of_terms_are_two_clusters(self):
        fuzz = [unit({"fuzzing": 1.0, "kernel bugs": 1.0}), unit({"fuzzing": 1.0}),
                unit({"fuzzing": 2.0, "seeds": 1.0})]
        speech = [unit({"speech": 1.0, "acoustic model": 1.0}), unit({"speech": 1.0}), unit({"acoustic model": 1.0})]
        clusters = kmeans(fuzz + speech, 2)
        self.assertEqual(sorted(clusters), [[0, 1, 2], [3, 4, 5]])
        self.assertEqual(kmeans(fuzz + speech, 2), clusters)  # the seeding is fixed

    def test_more_clusters_than_distinct_vectors(self):
        same = [unit({"a": 1.0})] * 4
        self.assertEqual([c for c in kmeans(same, 3) if c], [[0, 1, 2, 3]])

    def test_even_sample_and_unit(self):
        self.assertEqual(even_sample(list(range(10)), 4), [0, 3, 6, 9])
        self.assertEqual(even_sample([1, 2], 5), [1, 2])
        self.assertEqual(unit({"a": 3.0, "b": 4.0}), {"a": 0.6, "b": 0.8})
