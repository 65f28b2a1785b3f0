"""Years of alerts: a mailbox of N weekly Scholar alert e-mails from ten subscriptions, read as subscriptions (the
default) and as one list per e-mail (--per-message), time, peak memory and output size of each command, in one run.

    python benchmarks/subscriptions.py [--emails 1000 2000 4000] [--commands summarize dupes triage report add new]

Each subscription sends a weekly e-mail of 20 items: 80% of them re-sent from the 40 papers of its last weeks
(Scholar re-sends what it found again), the rest new. Issue 42 measured 8,000 such lists at 61.7 s and 2,077 MB, growing
3.5x in time and 3x in memory per doubling: the overlap of lists that share re-sent papers grows with the square
of the lists. Prints a Markdown table with each command's seconds, peak MB, output and growth per doubling.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import tempfile
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import english_abstract  # noqa: E402
from run import measure  # noqa: E402

RESENT = 0.8  # the share of an e-mail's items that its subscription sent before
RECENT = 40  # ... chosen among the papers of its last weeks


def paper(rng: random.Random, n: int) -> tuple[str, str]:
    """A title and a cut snippet in the English style of ``generate.py`` (abstract word rates): generated text
    with a vocabulary of a few words would be near-duplicate everywhere and hit the near search's budget."""
    words = english_abstract(rng).split()
    title = " ".join(w.capitalize() for w in words[-6:]) + f" {n}"
    return title, " ".join(words[:30]) + " …"


def write_mailbox(path: Path, emails: int, recent: int = RECENT, subscriptions: int = 10, items: int = 20) -> None:
    rng = random.Random(7)
    seen: list[list[tuple[str, str]]] = [[] for _ in range(subscriptions)]
    count = 0
    with path.open("w", encoding="utf-8") as out:
        for week in range(emails):
            sub = week % subscriptions
            chosen = []
            for _ in range(items):
                again = [p for p in seen[sub][-recent:] if p not in chosen]  # what the last weeks found, sent again
                if again and rng.random() < RESENT:
                    chosen.append(rng.choice(again))
                else:
                    count += 1
                    chosen.append(paper(rng, count))
                    seen[sub].append(chosen[-1])
            day = 1 + (week // subscriptions) % 28
            body = "\n\n".join(f"{t}\nA Author - Journal, 2025\n{s}\n<http://scholar.google.com/scholar_url?url="
                               f"https://example.org/{zlib.crc32(t.encode()) % 100000}&d=1>" for t, s in chosen)
            # As mail programs write a body line that would open a message:
            body = "\n".join(">" + x if x.startswith("From ") else x for x in body.split("\n"))
            out.write(f"From x Mon Nov {day:02d} 10:00:00 2025\nFrom: Google Scholar Alerts "
                      f"<scholaralerts-noreply@google.com>\nSubject: topic {sub} - new results\n"
                      f"Date: Mon, {day:02d} Nov 2025 10:00:00 -0000\nContent-Type: text/plain; charset=UTF-8\n\n"
                      f"{body}\n\n")


# Each command as a user runs it over the mailbox (the built-in tags: the generated text is no field to find topics in).
COMMANDS = {"summarize": ["summarize", "--tags", "builtin"], "dupes": ["dupes"],
            "triage": ["triage", "--tags", "builtin"], "report": ["report", "--tags", "builtin", "-o", "-"],
            # The weekly routine: the mailbox added to a new collection, then asked what is new in it (nothing).
            "add": ["add", "--db", "{db}"], "new": ["new", "--db", "{db}"]}
MODES = {"subscriptions": [], "per-message": ["--per-message"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--emails", type=int, nargs="+", default=[1000, 2000, 4000])
    parser.add_argument("--recent", type=int, default=RECENT, help="re-sent items come from this many last papers of "
                        "the subscription (default: %(default)s; a large number: the same papers week after week)")
    parser.add_argument("--commands", nargs="+", default=["summarize"], choices=list(COMMANDS),
                        help="the commands to time (default: summarize; new after add reads add's collection)")
    parser.add_argument("--modes", nargs="+", default=list(MODES), choices=list(MODES),
                        help="how the mailbox is read (default: both)")
    args = parser.parse_args()
    print("| e-mails | command | read as | seconds | peak MB | output KB | x time per doubling |\n"
          "|---:|---|---|---:|---:|---:|---:|")
    last: dict[tuple[str, str], tuple[int, float]] = {}  # the last size's e-mails and seconds
    first: dict[tuple[str, str], tuple[int, float]] = {}  # the first size's
    with tempfile.TemporaryDirectory() as tmp:
        for emails in args.emails:
            mailbox = Path(tmp) / f"alerts-{emails}.mbox"
            write_mailbox(mailbox, emails, args.recent)
            for command in args.commands:
                for mode in args.modes:
                    db = str(Path(tmp) / f"c-{emails}-{mode}.db")
                    argv = [arg.format(db=db) for arg in COMMANDS[command]]
                    seconds, peak, out = measure([sys.executable, "-m", "paperlist", *argv, str(mailbox), "-q",
                                                  *MODES[mode]])
                    growth = ""
                    if (command, mode) in last:  # sizes need not double: the ratio per doubling of e-mails
                        before, took = last[command, mode]
                        growth = f"{(seconds / took) ** (1 / math.log2(emails / before)):.2f}"
                    last[command, mode] = emails, seconds
                    first.setdefault((command, mode), (emails, seconds))
                    print(f"| {emails} | {command} | {mode} | {seconds:.2f} | {peak:.0f} | {len(out.encode()) / 1024:.0f} "
                          f"| {growth} |", flush=True)
    # One step's ratio moves with the machine's speed (a fixed loop varies by a fifth from one second to the next
    # here), and a step of 1.56x e-mails magnifies that; over the whole range it is a small share of the growth.
    for (command, mode), (emails, seconds) in last.items():
        before, took = first[command, mode]
        if emails > before:
            print(f"\n{command} ({mode}), from {before} to {emails} e-mails: "
                  f"{(seconds / took) ** (1 / math.log2(emails / before)):.2f}x time per doubling", end="")
    print()


if __name__ == "__main__":
    main()
