"""``paperlist serve``: the triage page over the collection, until Ctrl-C (or SIGTERM) stops it."""

from __future__ import annotations

import secrets
import signal
import threading

from paperlist.cli.errors import EXIT_OK, UsageError
from paperlist.cli.options import ServeOptions
from paperlist.cli.pipeline import Context
from paperlist.cli.stored import DAMAGE, damaged, open_store
from paperlist.render.terminal import terminal_safe, wrap
from paperlist.render.textfmt import plural
from paperlist.tagging.tags import TagMatcher, builtin_rules
from paperlist.web.app import Triage
from paperlist.web.server import TriageServer

Outcome = tuple[int, str]


def _stop(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def serve(options: ServeOptions, context: Context) -> Outcome:
    """Serve the page on 127.0.0.1 and say where; every decision made there is in the collection at once."""
    with open_store(options.db, create=False) as store:
        try:
            triage = Triage(store, TagMatcher(builtin_rules()).tag, context.topics)
        except DAMAGE as exc:
            raise damaged(store.path, exc) from None
        except Exception as exc:  # a SQL failure: said as every command says it
            said = store.failure(exc)
            if said is None:
                raise
            raise UsageError(said) from None
        counts = triage.desk.counts()  # type: ignore[union-attr]  # built by Triage()
        try:
            server = TriageServer(triage, secrets.token_urlsafe(24), options.keys, options.port,
                                  lambda line: context.stderr.write(f"paperlist: {terminal_safe(line)}\n"))
        except OSError as exc:
            raise UsageError(f"cannot listen on 127.0.0.1:{options.port}: {exc.strerror or exc} (another program "
                             "may use it: give another port with --port N, or --port 0 for any free one)") from None
        width = context.style.note_width
        if triage.from_topics:
            note = ("paperlist: note: the built-in tag rules (deep-learning systems) describe too few of the papers: "
                    "the page tags them with the topics found in the collection itself")
            context.stderr.write("\n".join(wrap(note, width)) + "\n")
        head = (f"paperlist: triage page for {terminal_safe(store.path)} ({plural(counts['papers'], 'paper')}, "
                f"{counts['undecided']} to decide):")
        note = "Open it in a browser on this machine (the address carries this run's secret token); Ctrl-C stops it."
        # The address stays on one line of its own, whatever the width, so that it can be copied whole.
        context.stderr.write("\n".join(wrap(head, width)) + f"\n  {server.url}\n" + "\n".join(wrap(note, width)) + "\n")
        context.stderr.flush()
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGTERM, _stop)
        try:
            server.serve_forever(poll_interval=0.2)
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    stopped = "paperlist: stopped; every decision is in the collection ('paperlist db log' lists them)"
    after_echo = "\n" if context.stderr.isatty() else ""  # a terminal shows ^C where this line would start
    context.stderr.write(after_echo + "\n".join(wrap(stopped, context.style.note_width)) + "\n")
    return EXIT_OK, ""
