"""Peak memory while reading large mailboxes: it should follow the largest message, not the mailbox's size.

    python benchmarks/mailbox_memory.py [--megabytes 100] [--files 3]

Writes an mbox of about --megabytes MB (the Scholar alert of tests/data/formats/alerts.mbox again and again, each
copy's snippets made distinct) --files times, then measures the reading layer (read, parse: what
benchmarks/formats.py times) on one of them and on all of them, through benchmarks/peak.py (each command's own
peak resident size). A reader that holds a mailbox whole needs its bytes and a decoded copy besides the lists it
parses; one that streams needs only the lists, which grow with the messages read. Prints a Markdown table.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
READ = ("import sys; from paperlist.inputs.load import load_lists; from paperlist.tagging.tags import TagMatcher; "
        "print(sum(len(r.snippets) for r in load_lists(sys.argv[1:], TagMatcher({})).lists))")
ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, "PYTHONPATH": str(ROOT / "src"),
       "PAPERLIST_CACHE": "off"}


def write_mailbox(path: Path, megabytes: int, salt: int) -> int:
    alert = (ROOT / "tests" / "data" / "formats" / "alerts.mbox").read_bytes()
    first = alert.split(b"\nFrom ", 1)[0]  # the first message, a Scholar alert
    size, n = 0, 0
    with open(path, "wb") as out:
        while size < megabytes * 1024 * 1024:
            message = first.replace(b"Large language models", b"Large language models %d %d" % (salt, n))
            out.write(message + b"\n\n")
            size += len(message) + 2
            n += 1
    return n


def peak(argv: list[str]) -> tuple[float, float]:
    with tempfile.NamedTemporaryFile("r") as result:
        subprocess.run([sys.executable, str(ROOT / "benchmarks" / "peak.py"), result.name, *argv], env=ENV,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        seconds, kb = result.read().split()
    return float(seconds), int(kb) / 1024


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=int, default=100)
    parser.add_argument("--files", type=int, default=3)
    args = parser.parse_args()
    command = [sys.executable, "-c", READ]
    with tempfile.TemporaryDirectory() as folder:
        paths = [Path(folder) / f"box{n}.mbox" for n in range(args.files)]
        messages = [write_mailbox(path, args.megabytes, n) for n, path in enumerate(paths)]
        print(f"{args.files} mailboxes of {args.megabytes} MB, {messages[0]} messages each\n")
        print("| command | seconds | peak MB | peak / one mailbox's size |")
        print("|---|---:|---:|---:|")
        for label, argv in ((f"read one {args.megabytes} MB mbox", [str(paths[0])]),
                            (f"read {args.files} of them", [*map(str, paths)])):
            seconds, mb = peak(command + argv)
            print(f"| {label} | {seconds:.1f} | {mb:.0f} | {mb / args.megabytes:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
