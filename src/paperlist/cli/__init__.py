"""The command line: arguments, options as values, the table of commands, streams and exit codes."""
