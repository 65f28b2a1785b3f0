"""The console script's and ``python -m paperlist``'s entry: Ctrl-C while the command line is still being
imported ends the run as it does later (a blank line, exit 130), not with Python's traceback."""

import sys

from paperlist.cli.errors import EXIT_INTERRUPTED


def main() -> int:
    try:
        from paperlist.cli.main import main as run
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        return EXIT_INTERRUPTED
    return run()
