"""Computing typed arrays in forked children while the parent goes on: the other cores, where fork exists."""

from __future__ import annotations

import os
from array import array
from collections.abc import Callable
from functools import partial


def compute_aside(compute: Callable[[], array]) -> Callable[[], array]:
    """Start ``compute`` in a forked child and return a function that waits for its result.

    Call it while the process has one thread (a fork copies no other thread). The child writes the
    array's bytes to an unlinked temporary file and leaves with ``os._exit``, touching nothing it
    shares with the parent (no flush, no open database). Without fork, or when the child fails,
    the array is computed here: the result is the same either way.
    """
    if not hasattr(os, "fork"):
        result = compute()
        return lambda: result
    import tempfile  # here, not at start-up: most runs never fork
    out = tempfile.TemporaryFile()
    pid = os.fork()
    if pid == 0:  # the child
        status = 1
        try:
            data = compute()
            out.write(data.typecode.encode() + data.tobytes())
            out.flush()
            status = 0
        finally:
            os._exit(status)

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
    return wait


def can_fork() -> bool:
    """Whether forking is safe here: fork exists and this process runs one thread (a fork copies only the
    calling thread, and another one could hold a lock the child needs)."""
    if not hasattr(os, "fork"):
        return False
    import threading
    return threading.active_count() == 1


def in_shares(work: Callable[[int, int], array], shares: int) -> list[array]:
    """``work(share, shares)`` for every share: share 0 here, the others in forked children (compute_aside),
    all at once. The results are in share order; with one share nothing is forked."""
    waits = [compute_aside(partial(work, share, shares)) for share in range(1, shares)]
    return [work(0, shares), *(wait() for wait in waits)]
