"""Arrays computed in a forked child come back whole, and a failing child costs only the time."""

import os
import unittest
from array import array

from paperlist.forked import compute_aside


class ComputeAsideTest(unittest.TestCase):
    @unittest.skipUnless(hasattr(os, "fork"), "no fork here: the parent computes")
    def test_the_childs_array_comes_back_whole(self):
        values = array("q", [-(1 << 63), -1, 0, 1, (1 << 63) - 1] * 1000)
        parent = os.getpid()
        wait = compute_aside(lambda: array("q", values) if os.getpid() != parent else array("q"))
        self.assertEqual(wait(), values)  # computed in the child: the parent's call would give nothing

    def test_a_failing_child_leaves_the_work_to_the_parent(self):
        parent = os.getpid()

        def compute():
            if os.getpid() != parent:
                raise RuntimeError("the child fails")
            return array("q", [7, 8])
        self.assertEqual(compute_aside(compute)(), array("q", [7, 8]))


if __name__ == "__main__":
    unittest.main()
