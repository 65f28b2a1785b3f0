"""Computing typed arrays in forked children while the parent goes on: the other cores, where fork exists."""

from __future__ import annotations

import os
import signal
import threading
from array import array
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial


def compute_aside(compute: Callable[[], array], started: Callable[[int], object] = int) -> Callable[[], array]:
    """Start ``compute`` in a forked child and return a function that waits for its result.

    It forks only while the process has one thread (a fork copies no other thread). The child writes
    the array's bytes to an unlinked temporary file and leaves with ``os._exit``, touching nothing it
    shares with the parent (no flush, no open database); SIGTERM and SIGINT end it. Without fork, with
    other threads running, or when the child fails, the array is computed here: the result is the same
    either way. ``started`` is given the child's process id.
    """
    if not can_fork():
        result = compute()
        return lambda: result
    import tempfile  # only a run that forks needs it, and it costs a short run about 5 ms

    out = tempfile.TemporaryFile()
    status = 1
    # Blocked across the fork: a signal must not run the parent's Python handlers in the child, which
    # would go on as a second copy of the parent. The child takes the default actions, then unblocks.
    signals = {signal.SIGTERM, signal.SIGINT}
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, signals)
    parent = os.getpid()
    pid = os.fork()
    if pid == 0:  # the child
        try:
            for number in signals:
                signal.signal(number, signal.SIG_DFL)
            _end_with(parent)
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
            data = compute()
            out.write(data.typecode.encode() + data.tobytes())
            out.flush()
            status = 0
        finally:
            os._exit(status)
    started(pid)
    signal.pthread_sigmask(signal.SIG_SETMASK, blocked)

    def wait() -> array:
        _, status = os.waitpid(pid, 0)
        with out:
            if os.waitstatus_to_exitcode(status) != 0:
                return compute()
            out.seek(0)
            raw = out.read()
        data = array(raw[:1].decode())
        data.frombytes(raw[1:])
        return data
    wait.close = out.close  # type: ignore[attr-defined]  # for a caller that gives up waiting
    return wait


def _end_with(parent: int) -> None:
    """In a child: be ended (SIGTERM) when the parent ends, however it ends (a kill, a crash), so that no child
    goes on computing for nobody. Linux's PR_SET_PDEATHSIG; elsewhere children end when they are done."""
    try:
        import ctypes  # only in a forked child, and only where Linux's prctl can be had
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGTERM), 0, 0, 0)  # 1: PR_SET_PDEATHSIG
    except (ImportError, OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent ended before the request was made
        os._exit(1)


def can_fork() -> bool:
    """Whether forking is safe here: fork exists and this process runs one thread (a fork copies only the
    calling thread, and another one could hold a lock the child needs)."""
    if not hasattr(os, "fork"):
        return False
    return threading.active_count() == 1


@contextmanager
def sigterm_exits() -> Iterator[None]:
    """Within: SIGTERM raises SystemExit (exit 143), so that the caller's cleanup runs (ending its worker
    processes). Outside the main thread no signal can be caught, and nothing changes."""
    try:
        previous = signal.signal(signal.SIGTERM, _exit_for_signal)
    except ValueError:  # not the main thread
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, signal.SIG_DFL if previous is None else previous)


@contextmanager
def started_deaf_to_ctrl_c() -> Iterator[None]:
    """Within: processes started here ignore Ctrl-C from their first instruction, and a Ctrl-C meanwhile
    waits for the end of the block to reach this one.

    The terminal sends Ctrl-C to every process of the job; a spawned worker still importing would print its
    own traceback. An ignored signal is kept across exec, so the workers never see it, and their parent,
    which ends them, takes it once the block ends (blocked here, not ignored, it stays pending). Outside the
    main thread, or without signal masks, nothing changes."""
    if not hasattr(signal, "pthread_sigmask") or threading.current_thread() is not threading.main_thread():
        yield
        return
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.SIG_DFL if previous is None else previous)
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def _exit_for_signal(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def in_shares(work: Callable[[int, int], array], shares: int) -> list[array]:
    """``work(share, shares)`` for every share: share 0 here, the others in forked children (compute_aside),
    all at once. The results are in share order; with one share nothing is forked. If this process is
    stopped meanwhile (SIGTERM: SystemExit 143, Ctrl-C, an error), the children are ended first."""
    if shares == 1:
        return [work(0, 1)]
    children: list[int] = []
    waits: list[Callable[[], array]] = []
    with sigterm_exits():
        try:
            waits += (compute_aside(partial(work, share, shares), children.append) for share in range(1, shares))
            return [work(0, shares), *(wait() for wait in waits)]
        except BaseException:
            for pid in children:
                try:
                    os.kill(pid, signal.SIGTERM)
                    os.waitpid(pid, 0)
                except OSError:  # already gone
                    pass
            for wait in waits:
                getattr(wait, "close", int)()  # its result file (none when computed in place)
            raise
