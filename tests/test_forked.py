"""Arrays computed in a forked child come back whole, a failing child costs only the time, and no child
outlives a stopped parent."""

import os
import signal
import subprocess
import sys
import time
import unittest
from array import array
from unittest import mock

from paperlist import forked
from paperlist.forked import compute_aside, in_shares
from tests.cli.test_adversarial import alive


class ComputeAsideTest(unittest.TestCase):
    @unittest.skipUnless(hasattr(os, "fork"), "no fork here: the parent computes")
    def test_the_childs_array_comes_back_whole(self):
        values = array("q", [-(1 << 63), -1, 0, 1, (1 << 63) - 1] * 1000)
        parent = os.getpid()
        wait = compute_aside(lambda: array("q", values) if os.getpid() != parent else array("q"))
        self.assertEqual(wait(), values)  # computed in the child: the parent's call would give nothing

    def test_no_fork_while_another_thread_runs(self):
        import threading
        parent = os.getpid()
        release = threading.Event()
        other = threading.Thread(target=release.wait)
        other.start()
        try:
            wait = compute_aside(lambda: array("q", [os.getpid() == parent]))
        finally:
            release.set()
            other.join()
        self.assertEqual(wait(), array("q", [1]))  # computed here: a fork would copy only this thread

    def test_a_failing_child_leaves_the_work_to_the_parent(self):
        parent = os.getpid()

        def compute():
            if os.getpid() != parent:
                raise RuntimeError("the child fails")
            return array("q", [7, 8])
        self.assertEqual(compute_aside(compute)(), array("q", [7, 8]))


@unittest.skipUnless(hasattr(os, "fork"), "no fork here")
class InSharesTest(unittest.TestCase):
    def test_every_share_once_in_share_order(self):
        parent = os.getpid()

        def work(share: int, shares: int) -> array:
            return array("q", [share, shares, os.getpid() == parent])
        self.assertEqual(in_shares(work, 3), [array("q", [0, 3, 1]), array("q", [1, 3, 0]), array("q", [2, 3, 0])])
        self.assertEqual(in_shares(work, 1), [array("q", [0, 1, 1])])

    def test_sigterm_ends_the_forked_children_then_the_process(self):
        def work(share: int, shares: int) -> array:
            if share == 0:  # while the children work
                os.kill(os.getpid(), signal.SIGTERM)
                time.sleep(10)
            else:
                time.sleep(60)
            return array("q")

        pids: list[int] = []
        real = forked.compute_aside
        def recorded(compute, started=int):
            return real(compute, lambda pid: (pids.append(pid), started(pid)))
        previous = signal.getsignal(signal.SIGTERM)
        start = time.monotonic()
        with mock.patch.object(forked, "compute_aside", recorded), self.assertRaises(SystemExit) as caught:
            in_shares(work, 3)
        self.assertEqual(caught.exception.code, 143)
        self.assertLess(time.monotonic() - start, 5)
        self.assertEqual(len(pids), 2)
        self.assertEqual([pid for pid in pids if alive(pid)], [])  # ended and reaped
        self.assertEqual(signal.getsignal(signal.SIGTERM), previous)


class OrphanTest(unittest.TestCase):
    @unittest.skipUnless(hasattr(os, "fork") and os.uname().sysname == "Linux", "PR_SET_PDEATHSIG is Linux's")
    def test_a_child_ends_when_its_parent_is_killed(self):
        script = ("import sys, time\nfrom array import array\nfrom paperlist.forked import compute_aside\n"
                  "wait = compute_aside(lambda: (time.sleep(60), array('q'))[1], lambda pid: print(pid, flush=True))\n"
                  "time.sleep(60)\n")
        with subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True) as parent:
            child = int(parent.stdout.readline())
            self.assertTrue(alive(child))
            parent.kill()  # SIGKILL: no handler of the parent's runs
            parent.wait(timeout=30)
        deadline = time.monotonic() + 10
        while alive(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        self.assertFalse(alive(child))


if __name__ == "__main__":
    unittest.main()
