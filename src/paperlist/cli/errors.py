"""Exit codes and the one error the command line turns into a message."""

EXIT_OK, EXIT_FOUND, EXIT_ERROR, EXIT_INTERRUPTED = 0, 1, 2, 130


class UsageError(Exception):
    """A bad option value, rules file or decisions file: one message, exit 2."""
