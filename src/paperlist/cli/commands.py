"""Which module runs each command. A command's module is imported only when it runs: a short run is mostly
Python starting and importing, and each command needs a small part of paperlist."""

from __future__ import annotations

import importlib

from paperlist.cli.options import Options
from paperlist.cli.pipeline import Context
from paperlist.render.textfmt import Output

Outcome = tuple[int, Output]  # the exit code and the text for stdout (or its pieces)

# command -> (module in paperlist.cli, function taking the options and the context)
COMMANDS: dict[str, tuple[str, str]] = {
    "summarize": ("reading", "run_summarize"), "dupes": ("reading", "run_dupes"),
    "export": ("reading", "run_export"), "triage": ("ranked", "run_triage"), "tags": ("reading", "run_tags"),
    "report": ("report", "run_report"), "simulate": ("simulate", "run_simulate"), "serve": ("serve", "serve"),
    "add": ("collection", "run_add"), "new": ("collection", "run_new"), "remove": ("collection", "run_remove"),
    "mark": ("collection", "run_mark"), "not-same": ("collection", "run_not_same"), "db": ("collection", "run_db"),
}


def run(options: Options, context: Context) -> Outcome:
    """Run one command; returns the exit code and the output for stdout."""
    module, function = COMMANDS[options.command]
    result: Outcome = getattr(importlib.import_module(f"paperlist.cli.{module}"), function)(options, context)
    return result
