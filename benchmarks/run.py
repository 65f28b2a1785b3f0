"""Time paperlist against baselines measured in the same run; print a Markdown table of ratios.

    python benchmarks/run.py [--sizes 10000 100000 1000000] [--styles zipf english] [--jobs 2]

For each corpus style and size: generate the corpus (benchmarks/generate.py), then run in child processes and
record wall time and peak memory (os.wait4's rusage of each child; `dupes` and MinHash LSH run --repeat times
in turns, fastest reported): the floor (benchmarks/floor.py: read and
split), `paperlist summarize` and `paperlist dupes` (each also with --jobs N), up to 10k snippets a brute-force
all-pairs comparison, and up to --lsh-max snippets datasketch MinHash LSH (benchmarks/lsh.py) when this
Python has it (`pip install datasketch` into the benchmark's environment; it is never a paperlist dependency).
Also `paperlist summarize examples/` (as the `paperlist` console script runs it, and as `python -m paperlist`)
against `python -c pass`, in turns.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Bytecode caching on (some shells set PYTHONDONTWRITEBYTECODE): an installed package runs from .pyc files,
# and compiling every module on each start would triple the time of a small run.
# Every run finds its topics, as a first run does: the topics cache (cli/cache.py) would answer the runs after it.
ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}, "PYTHONPATH": str(ROOT / "src"),
       "PAPERLIST_CACHE": "off"}


def measure(argv: list[str]) -> tuple[float, float, str]:
    """Wall seconds, peak RSS in MB of the command alone (through benchmarks/peak.py), and its stdout."""
    with tempfile.TemporaryFile("w+", encoding="utf-8") as out, tempfile.NamedTemporaryFile("r") as result:
        code = subprocess.call([sys.executable, str(ROOT / "benchmarks" / "peak.py"), result.name, *argv],
                               stdout=out, stderr=subprocess.DEVNULL, env=ENV)
        if code:
            raise SystemExit(f"{argv} exited {code}")
        seconds, peak_kb = result.read().split()
        out.seek(0)
        return float(seconds), int(peak_kb) / 1024, out.read()


# What the `paperlist` console script that pip writes runs (without `-m`, which also imports runpy).
CONSOLE_SCRIPT = "import sys; from paperlist.cli.entry import main; sys.exit(main())"


def start_up(py: str, runs: int) -> dict[str, tuple[float, float]]:
    """Median and fastest wall seconds of `python -c pass` and of a small summarize, run in turns (start-up is a
    few milliseconds, and this machine's speed drifts over a minute)."""
    commands = {"python -c pass": [py, "-c", "pass"],
                "paperlist": [py, "-c", CONSOLE_SCRIPT, "summarize", "examples", "-q"],
                "python -m paperlist": [py, "-m", "paperlist", "summarize", "examples", "-q"]}
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, argv in commands.items():
            started = time.perf_counter()
            subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, cwd=ROOT, check=True)
            times[name].append(time.perf_counter() - started)
    return {name: (statistics.median(found), min(found)) for name, found in times.items()}


def brute_force(folder: str) -> list[str]:
    return [sys.executable, "-c",
            "import sys; sys.path.insert(0, 'src');"
            "from paperlist.inputs.load import load_lists; from paperlist.tagging.tags import TagMatcher, builtin_rules;"
            "from paperlist.match.dupes import NearTexts, build_corpus; from paperlist.match.similarity import similar_pairs_brute;"
            f"l = load_lists([{folder!r}], TagMatcher(builtin_rules()), '*.txt');"
            "c = build_corpus(s for r in l.lists for s in r.snippets);"
            "print(len(similar_pairs_brute(list(map(frozenset, NearTexts(c.keys, c.truncated))), 0.5)))"]


def recall(folder: Path, dupes_json: str) -> tuple[float, float]:
    """Pairwise precision and recall of confident groups against the planted truth."""
    truth = [json.loads(line) for line in (folder / "truth.jsonl").read_text().splitlines()]
    paper = {(f"list{t['list']:05d}.txt", t["index"]): t["paper"] for t in truth}
    found, correct = 0, 0
    for group in json.loads(dupes_json)["groups"]:
        ids = [paper[(Path(m["path"]).name, m["index"])] for m in group["members"]]
        n = len(ids)
        found += n * (n - 1) // 2
        correct += sum(ids[i] == ids[j] for i in range(n) for j in range(i + 1, n))
    by_paper: dict[int, int] = {}
    for pid in paper.values():
        by_paper[pid] = by_paper.get(pid, 0) + 1
    true_pairs = sum(n * (n - 1) // 2 for n in by_paper.values())
    return (correct / found if found else 1.0), (correct / true_pairs if true_pairs else 1.0)


HAS_DATASKETCH = importlib.util.find_spec("datasketch") is not None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--styles", nargs="+", default=["zipf", "english"], choices=["zipf", "english", "repetitive"])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--lsh-max", type=int, default=100_000, help="largest corpus to run MinHash LSH on")
    parser.add_argument("--runs", type=int, default=20, help="runs of the small examples/ timing")
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs of `dupes` and of MinHash LSH, taken in turns; the fastest of each is reported")
    args = parser.parse_args()
    py = sys.executable
    print(f"machine: {os.cpu_count()} cores, {platform.python_implementation()} {platform.python_version()}, "
          f"{platform.machine()}")
    if not HAS_DATASKETCH:
        print("datasketch is not installed in this Python: MinHash LSH is skipped (`pip install datasketch`)")
    starts = start_up(py, args.runs)
    empty = starts["python -c pass"][0]
    print("\nsummarize examples/ (median and fastest of", args.runs, "runs, in turns): " + ", ".join(
        f"{name} {median * 1000:.1f} ms ({fastest * 1000:.1f} ms) = {median / empty:.2f}x"
        for name, (median, fastest) in starts.items()) + "\n")
    print("| corpus | snippets | command | seconds | peak MB | x floor | growth per 10x | precision | recall |")
    print("|---|---:|---|---:|---:|---:|---:|---:|---:|")
    ratios = []
    for style in args.styles:
        previous: dict[str, float] = {}
        for size in args.sizes:
            runs = run_corpus(style, size, args)
            floor = runs["floor (read + split)"][0]
            for name, (seconds, mb, quality) in runs.items():
                growth = f"{seconds / previous[name]:.1f}x" if name in previous else ""
                print(f"| {style} | {size} | {name} | {seconds:.2f} | {mb:.0f} | {seconds / floor:.1f} | {growth} "
                      f"| {quality} |", flush=True)
                previous[name] = seconds
            if "MinHash LSH" in runs:
                lsh, dupes = runs["MinHash LSH"], runs["dupes"]
                ratios.append(f"- {style} {size}: `dupes` {lsh[0] / dupes[0]:.2f}x faster than MinHash LSH, "
                              f"peak memory {dupes[1] / lsh[1]:.2f} of LSH's")
    print("\n".join(["", *ratios]) if ratios else "\nMinHash LSH: not measured")


def run_corpus(style: str, size: int, args: argparse.Namespace) -> dict[str, tuple[float, float, str]]:
    """Generate one corpus in a temporary folder; seconds, peak MB and precision | recall of each command."""
    py = sys.executable
    lists = ["--glob", "*.txt", "--format", "json", "-q"]
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([py, str(ROOT / "benchmarks" / "generate.py"), tmp, "--snippets", str(size), "--style", style],
                       check=True)
        commands = {
            "floor (read + split)": [py, str(ROOT / "benchmarks" / "floor.py"), tmp],
            # The built-in rules, as before the default became topics where they fit badly (they tag nothing of
            # these corpora): the same work every run; benchmarks/topics.py --speed times the topics.
            "summarize": [py, "-m", "paperlist", "summarize", tmp, *lists, "--tags", "builtin"],
            f"summarize --jobs {args.jobs}": [py, "-m", "paperlist", "summarize", tmp, *lists, "--jobs", str(args.jobs),
                                              "--tags", "builtin"],
            "dupes": [py, "-m", "paperlist", "dupes", tmp, *lists],
            f"dupes --jobs {args.jobs}": [py, "-m", "paperlist", "dupes", tmp, *lists, "--jobs", str(args.jobs)],
        }
        if size <= 10_000:
            commands["brute-force all pairs"] = brute_force(tmp)
        if size <= args.lsh_max and HAS_DATASKETCH:
            commands["MinHash LSH"] = [py, str(ROOT / "benchmarks" / "lsh.py"), tmp]
        # The two compared are run in turns, so that a slow spell of the machine slows both.
        repeated = [name for name in ("dupes", "MinHash LSH") if name in commands]
        timings: dict[str, list[tuple[float, float, str]]] = {name: [] for name in commands}
        for name, argv in commands.items():
            if name not in repeated:
                timings[name].append(measure(argv))
        for _ in range(args.repeat):
            for name in repeated:
                timings[name].append(measure(commands[name]))
        runs = {}
        for name, results in timings.items():
            out = results[-1][2]
            quality = " | ".join(f"{v:.4f}" for v in recall(Path(tmp), out)) if name.startswith("dupes") else " | "
            runs[name] = (min(r[0] for r in results), max(r[1] for r in results), quality)
        return runs

if __name__ == "__main__":
    main()
