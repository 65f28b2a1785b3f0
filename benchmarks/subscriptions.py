"""Years of alerts: a mailbox of N weekly Scholar alert e-mails from ten subscriptions, read as subscriptions (the
default) and as one list per e-mail (--per-message), time and peak memory of `summarize` for each, in one run.

    python benchmarks/subscriptions.py [--emails 1000 2000 4000]

Each subscription sends a weekly e-mail of 20 items: 80% of them re-sent from the 40 papers of its last weeks
(Scholar re-sends what it found again), the rest new. Issue 42 measured 8,000 such lists at 61.7 s and 2,077 MB, growing
3.5x in time and 3x in memory per doubling: the overlap of lists that share re-sent papers grows with the square
of the lists. Prints a Markdown table with each command's seconds, peak MB and growth per doubling.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from run import measure  # noqa: E402

RESENT = 0.8  # the share of an e-mail's items that its subscription sent before
RECENT = 40  # ... chosen among the papers of its last weeks
WORDS = ("fuzzing compilers grammars tests flaky repair models language code bugs security smart contracts agents "
         "vulnerabilities program synthesis static analysis type inference symbolic execution").split()


def paper(rng: random.Random, n: int) -> tuple[str, str]:
    title = " ".join(rng.choice(WORDS).capitalize() for _ in range(5)) + f" {n}"
    snippet = " ".join(rng.choice(WORDS) for _ in range(30)) + f" number {n} …"
    return title, snippet


def write_mailbox(path: Path, emails: int, recent: int = RECENT, subscriptions: int = 10, items: int = 20) -> None:
    rng = random.Random(7)
    seen: list[list[tuple[str, str]]] = [[] for _ in range(subscriptions)]
    count = 0
    with path.open("w", encoding="utf-8") as out:
        for week in range(emails):
            sub = week % subscriptions
            chosen = []
            for _ in range(items):
                if seen[sub] and rng.random() < RESENT:
                    chosen.append(rng.choice(seen[sub][-recent:]))  # what the last weeks found, sent again
                else:
                    count += 1
                    chosen.append(paper(rng, count))
                    seen[sub].append(chosen[-1])
            day = 1 + (week // subscriptions) % 28
            body = "\n\n".join(f"{t}\nA Author - Journal, 2025\n{s}\n<http://scholar.google.com/scholar_url?url="
                               f"https://example.org/{abs(hash(t)) % 100000}&d=1>" for t, s in chosen)
            out.write(f"From x Mon Nov {day:02d} 10:00:00 2025\nFrom: Google Scholar Alerts "
                      f"<scholaralerts-noreply@google.com>\nSubject: topic {sub} - new results\n"
                      f"Date: Mon, {day:02d} Nov 2025 10:00:00 -0000\nContent-Type: text/plain; charset=UTF-8\n\n"
                      f"{body}\n\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--emails", type=int, nargs="+", default=[1000, 2000, 4000])
    parser.add_argument("--recent", type=int, default=RECENT, help="re-sent items come from this many last papers of "
                        "the subscription (default: %(default)s; a large number: the same papers week after week)")
    args = parser.parse_args()
    print("| e-mails | read as | seconds | peak MB | x time per doubling |\n|---:|---|---:|---:|---:|")
    last: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for emails in args.emails:
            mailbox = Path(tmp) / f"alerts-{emails}.mbox"
            write_mailbox(mailbox, emails, args.recent)
            for name, extra in (("subscriptions", []), ("one list per e-mail", ["--per-message"])):
                seconds, peak, _ = measure([sys.executable, "-m", "paperlist", "summarize", str(mailbox), "-q", "--tags", "builtin",
                                            "--format", "json", *extra])
                growth = f"{seconds / last[name]:.2f}" if name in last else ""
                last[name] = seconds
                print(f"| {emails} | {name} | {seconds:.2f} | {peak:.0f} | {growth} |", flush=True)


if __name__ == "__main__":
    main()
