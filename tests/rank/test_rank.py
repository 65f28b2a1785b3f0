import math
import random
import unittest

from paperlist.rank.features import postings, terms, vectorize
from paperlist.rank.relevance import Learner, fit
from paperlist.rank.simulate import default_priors, measure, screen

COPPER = ["wilson disease copper liver", "copper chelation in wilson disease", "liver copper and wilson disease"]
OTHER = ["heart failure trial", "blood pressure in heart failure", "diabetes and blood pressure", "heart rate trial"]


def corpus(size, seed=7):
    """Texts from a few hundred words with a skewed frequency, so that some terms are in most texts."""
    rng = random.Random(seed)
    words = [f"w{i}" for i in range(300)]
    weights = [1 / (i + 1) for i in range(300)]
    return [" ".join(rng.choices(words, weights, k=rng.randint(5, 30))) for _ in range(size)]


class FeaturesTest(unittest.TestCase):
    def test_terms_are_words_and_neighbouring_pairs(self):
        self.assertEqual(terms("Wilson's disease: a review"),
                         ["wilson", "disease", "review", "wilson disease", "disease review"])

    def test_a_term_of_one_text_is_not_stored_but_counts_in_its_length(self):
        vectors = vectorize(["copper liver", "copper heart", "aspirin"])
        self.assertEqual(vectors.names, ("copper",))
        (ids, weights), _, (empty, _) = vectors.docs
        self.assertEqual(ids, (0,))
        self.assertLess(weights[0], 1.0)
        self.assertEqual(empty, ())
        self.assertEqual(postings(vectors)[0][0], [0, 1])

    def test_a_term_in_nearly_every_text_is_dropped(self):
        vectors = vectorize([f"the trial {i}" for i in range(30)] + ["trial alone", "trial alone"])
        self.assertNotIn("trial", vectors.names)
        self.assertIn("alone", vectors.names)


class RelevanceTest(unittest.TestCase):
    def test_the_papers_like_the_wanted_ones_score_highest(self):
        vectors = vectorize(COPPER + OTHER)
        scores, learner = fit(vectors, {0: True, 3: False})
        order = sorted(range(len(scores)), key=lambda d: -scores[d])
        self.assertEqual(set(order[:3]), {0, 1, 2})
        self.assertEqual(learner.why(2), ("liver", "copper", "disease", "wilson"))
        self.assertEqual(learner.why(6), ())

    def test_no_relevant_decision_explains_nothing(self):
        _, learner = fit(vectorize(COPPER + OTHER), {3: False})
        self.assertEqual(learner.why(0), ())

    def test_decisions_one_at_a_time_give_the_scores_of_all_at_once(self):
        vectors = vectorize(corpus(400))
        rng = random.Random(3)
        decisions = {d: rng.random() < 0.2 for d in rng.sample(range(400), 150)}
        learner = Learner(vectors)
        for doc, relevant in decisions.items():
            learner.learn(doc, relevant)
        scores, _ = fit(vectors, decisions)
        for doc in range(400):
            self.assertTrue(math.isclose(learner.score(doc), scores[doc], abs_tol=1e-12), doc)

    def test_the_top_papers_after_decisions_and_undos_are_those_of_a_full_refit(self):
        """What the triage page asks after every key: the next few papers, decisions taken back included."""
        vectors = vectorize(corpus(500, seed=5))
        rng = random.Random(4)
        learner, decisions = Learner(vectors), {}
        for step in range(120):
            if decisions and rng.random() < 0.25:  # an undo, or a mark changed elsewhere
                doc = rng.choice(sorted(decisions))
                learner.forget(doc, decisions.pop(doc))
            else:
                doc = rng.choice([d for d in range(500) if d not in decisions])
                decisions[doc] = rng.random() < 0.3
                learner.learn(doc, decisions[doc])
            if not decisions:
                continue
            left = [d for d in range(500) if d not in decisions]
            scores, fitted = fit(vectors, decisions)
            exact = sorted(left, key=lambda d: (-round(scores[d], 9), left.index(d)))
            found = learner.top(left, 5)
            self.assertEqual([round(scores[d], 9) for d in found], [round(scores[d], 9) for d in exact[:5]], step)
            self.assertEqual(learner.why(found[0]), fitted.why(found[0]))
        self.assertTrue(learner.against(found[0]) or not any(decisions[d] is False for d in decisions))

    def test_many_decisions_at_once_give_the_scores_and_order_of_one_at_a_time(self):
        vectors = vectorize(corpus(400, seed=9))
        rng = random.Random(6)
        decisions = {d: rng.random() < 0.3 for d in rng.sample(range(400), 120)}
        one, many = Learner(vectors), Learner(vectors)
        for doc, relevant in sorted(decisions.items()):
            one.learn(doc, relevant)
        many.learn_all(decisions)
        scores, _ = fit(vectors, decisions)
        for doc in range(400):
            self.assertTrue(math.isclose(many.score(doc), scores[doc], abs_tol=1e-12), doc)
        left = [d for d in range(400) if d not in decisions]
        self.assertEqual(many.top(left, 10), one.top(left, 10))
        many.learn(left[0], True)  # and it goes on one decision at a time
        one.learn(left[0], True)
        self.assertEqual(many.top(left[1:], 10), one.top(left[1:], 10))
        with self.assertRaises(ValueError):
            many.learn_all({left[1]: True})

    def test_terms_against_a_paper_are_those_it_shares_with_the_skipped_ones(self):
        vectors = vectorize(COPPER + OTHER)
        learner = Learner(vectors)
        learner.learn(0, True)
        self.assertEqual(learner.against(4), ())  # nothing skipped yet
        learner.learn(3, False)
        self.assertEqual(set(learner.against(4)), {"heart", "failure"})
        self.assertEqual(learner.against(1), ())

    def test_screening_takes_the_best_paper_each_time_as_a_full_refit_would(self):
        texts = corpus(300, seed=11)
        labels = [("w5" in t.split()) and ("w9" in t.split()) for t in texts]
        vectors = vectorize(texts)
        priors = default_priors(labels)
        order = screen(vectors, labels, priors)
        decisions = {d: labels[d] for d in priors}
        expected = []
        left = [d for d in range(300) if d not in decisions]
        while any(labels[d] for d in left):
            scores, _ = fit(vectors, decisions)
            best = max(left, key=lambda d: scores[d])
            expected.append(best)
            left.remove(best)
            decisions[best] = labels[best]
        self.assertEqual(order, expected)


class MeasureTest(unittest.TestCase):
    def test_work_saved_and_early_recall_leave_the_priors_out(self):
        labels = [True, False] + [False] * 18 + [True] * 2 + [False] * 78
        order = [20, 2, 21] + [d for d in range(3, 100) if d not in (20, 21)]
        metrics = measure(order, labels, [0, 1])
        self.assertEqual((metrics.records, metrics.relevant, metrics.read_for_95, metrics.read_for_all), (98, 2, 3, 3))
        self.assertAlmostEqual(metrics.wss95, 95 / 98 - 0.05)
        self.assertEqual(metrics.recall_at_10, 1.0)

    def test_late_finds_count_against_the_order(self):
        labels = [True, False] + [False] * 97 + [True]
        metrics = measure(list(range(2, 100)), labels, [0, 1])
        self.assertEqual((metrics.read_for_95, metrics.read_for_all, metrics.recall_at_10), (98, 98, 0.0))
        self.assertAlmostEqual(metrics.wss95, -0.05)

    def test_default_priors_are_the_first_relevant_and_irrelevant(self):
        self.assertEqual(default_priors([False, False, True, True]), [2, 0])


if __name__ == "__main__":
    unittest.main()
