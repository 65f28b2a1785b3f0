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


@unittest.skipUnless(hasattr(signal, "pthread_sigmask"), "no signal masks here: workers take Ctrl-C and ignore it")
class DeafToCtrlCTest(unittest.TestCase):
    """Each case runs in its own Python, started as a terminal starts it (taking Ctrl-C), so that the signals
    it sends itself never reach the suite."""

    def run_python(self, code: str) -> str:
        from tests.helpers import ROOT
        previous = signal.signal(signal.SIGINT, signal.default_int_handler)
        try:
            done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False,
                                  env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
        finally:
            signal.signal(signal.SIGINT, previous)
        self.assertEqual(done.stderr, "")
        return done.stdout

    def test_a_child_started_within_ignores_ctrl_c_and_the_parent_takes_it_after(self):
        out = self.run_python(
            "import os, signal, subprocess, sys\n"
            "from paperlist.forked import started_deaf_to_ctrl_c\n"
            "try:\n"
            "    with started_deaf_to_ctrl_c():\n"
            "        child = subprocess.run([sys.executable, '-c', 'import signal; "
            "print(signal.getsignal(signal.SIGINT) is signal.SIG_IGN)'], capture_output=True, text=True)\n"
            "        os.kill(os.getpid(), signal.SIGINT)\n"
            "        print('still within')\n"
            "    print('Ctrl-C lost')\n"
            "except KeyboardInterrupt:\n"
            "    print('taken after; the child ignored it:', child.stdout.strip())\n"
            "print('then', signal.getsignal(signal.SIGINT) is signal.default_int_handler)\n")
        self.assertEqual(out, "still within\ntaken after; the child ignored it: True\nthen True\n")

    def test_ctrl_c_while_the_reading_workers_start_ends_the_run(self):
        # Starting multiprocessing's resource tracker unblocks Ctrl-C: inside the window, with Ctrl-C ignored,
        # one that came as the pool started was dropped and the run went on to the end.
        out = self.run_python(
            "import multiprocessing.context, os, signal\n"
            "from paperlist.inputs.load import _load_in_parallel\n"
            "from paperlist.tagging.tags import TagMatcher\n"
            "real = multiprocessing.context.SpawnContext.Pool\n"
            "def pool(self, *args, **kwargs):\n"
            "    os.kill(os.getpid(), signal.SIGINT)  # the terminal's Ctrl-C as the workers start\n"
            "    return real(self, *args, **kwargs)\n"
            "multiprocessing.context.SpawnContext.Pool = pool\n"
            "try:\n"
            "    _load_in_parallel([os.devnull], TagMatcher({}), 2, None)\n"
            "    print('Ctrl-C lost')\n"
            "except KeyboardInterrupt:\n"
            "    print('interrupted')\n")
        self.assertEqual(out, "interrupted\n")
