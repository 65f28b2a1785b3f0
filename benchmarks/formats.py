"""Reading cost of mailboxes and BibTeX against text lists of the same size, measured in one run.

    python benchmarks/formats.py [--megabytes 100] [--keep DIR]

Writes a Scholar-alert mbox (HTML bodies, quoted-printable, as Gmail and Thunderbird store them), a BibTeX
library with abstracts, and text lists, each about --megabytes MB, from the synthetic abstracts of
benchmarks/generate.py. Then, in a child process each, reads every input with paperlist's reading layer
(load_lists: read, decode, parse; no tagging, no grouping) and prints seconds, snippets and the ratio to the
text lists. Target (issue 10): mbox and BibTeX each under 5x the text lists.
"""

from __future__ import annotations

import argparse
import quopri
import random
import subprocess
import sys
import tempfile
import textwrap
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import cut  # noqa: E402
from generate import zipf_abstract as abstract

ROOT = Path(__file__).resolve().parent.parent
READ = ("import sys; sys.path.insert(0, {src!r}); from paperlist.inputs.load import load_lists; "
        "from paperlist.tagging.tags import TagMatcher; loaded = load_lists([{path!r}], TagMatcher({{}})); "
        "print(sum(len(rl.snippets) for rl in loaded.lists))")


def alert(rng: random.Random, number: int) -> bytes:
    items = []
    for k in range(6):
        title = " ".join(abstract(rng).split()[:8]).capitalize()
        snippet = cut(abstract(rng), 250).replace("…", "&nbsp;…")
        href = f"http://scholar.google.com/scholar_url?url=https://example.org/p/{number}-{k}&amp;hl=en&amp;d={rng.randrange(10**18)}"
        items.append(f'<h3><a href="{href}" class="gse_alrt_title">{title}</a></h3><div style="color:#006621">'
                     f'A Author, B Writer - Journal of Things, 2025</div><div class="gse_alrt_sni">'
                     + " <br>".join(textwrap.wrap(snippet, 80)) + "</div><br>")
    html = "<html><body><div>" + "".join(items) + "</div></body></html>"
    return (f"From scholaralerts-noreply@google.com Mon Nov  3 10:00:00 2025\n"
            f"From: Google Scholar Alerts <scholaralerts-noreply@google.com>\nSubject: Author {number} - new citations\n"
            "MIME-Version: 1.0\nContent-Type: text/html; charset=UTF-8\nContent-Transfer-Encoding: quoted-printable\n\n"
            ).encode() + quopri.encodestring(html.encode()) + b"\n\n"


def entry(rng: random.Random, number: int) -> bytes:
    title = " ".join(abstract(rng).split()[:8]).capitalize()
    body = "\n    ".join(textwrap.wrap(abstract(rng), 70))
    return (f"@article{{key{number},\n  title = {{{title}}},\n  author = {{Author, A. and Writer, B.}},\n"
            f"  journal = {{Journal of Things}},\n  year = {{2025}},\n  doi = {{10.1/{number}}},\n"
            f"  abstract = {{{body}}}\n}}\n\n").encode()


def text_list(rng: random.Random, number: int) -> bytes:
    return (f"Related papers: Seed {number}\n\n" + "\n\n".join(cut(abstract(rng), 250) for _ in range(100))
            + "\n").encode()


def write(path: Path, make, megabytes: float) -> None:
    rng, target, size, number = random.Random(1), int(megabytes * 1_000_000), 0, 0
    with open(path, "wb") as out:
        while size < target:
            chunk = make(rng, number)
            out.write(chunk)
            size, number = size + len(chunk), number + 1


def write_text_lists(folder: Path, megabytes: float) -> None:
    """Text lists in files of 10 MB (a text list may hold at most 64 MiB)."""
    folder.mkdir()
    remaining, part = megabytes, 0
    while remaining > 0:
        write(folder / f"part{part:03d}.txt", text_list, min(10.0, remaining))
        remaining, part = remaining - 10.0, part + 1


def measure(path: Path) -> tuple[float, int]:
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", READ.format(src=str(ROOT / "src"), path=str(path))],
                         capture_output=True, text=True, check=True).stdout
    return time.perf_counter() - start, int(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--megabytes", type=float, default=100)
    parser.add_argument("--keep", type=Path, help="write the inputs here instead of a temporary folder")
    args = parser.parse_args()
    folder = args.keep or Path(tempfile.mkdtemp(prefix="paperlist-formats-"))
    folder.mkdir(parents=True, exist_ok=True)
    inputs = {"text lists": folder / "lists", "mbox": folder / "alerts.mbox", "BibTeX": folder / "library.bib"}
    if not inputs["text lists"].exists():
        write_text_lists(inputs["text lists"], args.megabytes)
    for name, make in (("mbox", alert), ("BibTeX", entry)):
        if not inputs[name].exists():
            write(inputs[name], make, args.megabytes)
    rows, base = [], None
    for name, path in inputs.items():
        size = sum(p.stat().st_size for p in path.rglob("*")) if path.is_dir() else path.stat().st_size
        seconds, snippets = measure(path)
        base = base or seconds
        rows.append(f"| {name} | {size / 1e6:.0f} MB | {snippets} | {seconds:.2f} | {seconds / base:.2f}x |")
    print("| input | size | snippets | seconds | x text lists |\n|---|---:|---:|---:|---:|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
