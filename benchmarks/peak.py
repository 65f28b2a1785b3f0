"""Run one command and write its wall seconds and peak memory (KB) to a file: `peak.py RESULT CMD...`.

Linux carries a process's peak resident size across fork and exec, so a child forked from a large benchmark
process reports the parent's size as its own peak. run.py therefore starts each command through this small
process, whose own size is what a child inherits.
"""

import os
import subprocess
import sys
import time

result, argv = sys.argv[1], sys.argv[2:]
start = time.perf_counter()
child = subprocess.Popen(argv)
_, status, usage = os.wait4(child.pid, 0)
seconds = time.perf_counter() - start
with open(result, "w", encoding="utf-8") as handle:
    handle.write(f"{seconds} {usage.ru_maxrss}\n")
sys.exit(os.waitstatus_to_exitcode(status))
