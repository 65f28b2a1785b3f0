"""Computing a typed array in a forked child while the parent goes on: the second core, where fork exists."""

from __future__ import annotations

import os
import tempfile
from array import array
from collections.abc import Callable


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
