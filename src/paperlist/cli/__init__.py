"""The command line: arguments, options as values, the table of commands, streams and exit codes."""

from paperlist.cli.main import main

__all__ = ["main"]
