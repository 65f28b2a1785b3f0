"""The triage page at scale: from a decision's key to the next paper shown, on a collection of 10,000 papers.

    python benchmarks/serve.py [--snippets 12000] [--decisions 300] [--keep DIR]

Builds a collection from the generator's English-like corpus (benchmarks/generate.py, --snippets snippets in
about 10,000 papers), serves it with `paperlist serve`'s server in this process (127.0.0.1, a free port), and
plays a reader: each decision (want 20%, read 20%, skip 60%, seeded) is posted for the paper shown, and the
answer holds the next one, re-ranked by every decision so far. Prints the median, 90th and 99th percentile and
the largest of those round trips, the server's start (the desk built from the collection) and, as the baseline
in the same run, what the same decision costs in a terminal: `paperlist mark` then `paperlist triage --db
--top 1` for the next paper. With Playwright and a Chromium (a test-only tool, skipped with a message when
absent), it also presses the keys in the real page and times key -> next paper on screen. Target (issue 37):
under 100 ms from key to the next paper at 10,000 papers.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))
from generate import generate, write  # noqa: E402

MARKS = ("want",) * 2 + ("read",) * 2 + ("skip",) * 6
CLI = "import sys; from paperlist.cli.entry import main; sys.exit(main())"


def percentiles(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    pick = lambda q: ms[min(len(ms) - 1, int(q * len(ms)))]  # noqa: E731
    return (f"median {statistics.median(ms):.1f} ms, p90 {pick(0.9):.1f} ms, p99 {pick(0.99):.1f} ms, "
            f"max {ms[-1]:.1f} ms (n={len(ms)})")


def build(folder: Path, snippets: int) -> Path:
    db = folder / "c.db"
    if db.exists():
        return db
    lists, truth = generate(snippets, max(1, snippets // 100), 1, "english")
    write(folder / "corpus", lists, truth)
    (folder / "corpus" / "truth.jsonl").unlink()
    subprocess.run([sys.executable, "-c", CLI, "add", str(folder / "corpus"), "--db", str(db), "-q"], check=True,
                   stderr=subprocess.DEVNULL)
    return db


def play_http(port: int, token: str, decisions: int) -> list[float]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    headers = {"X-Paperlist-Token": token, "Content-Type": "application/json", "Host": f"127.0.0.1:{port}"}
    connection.request("GET", "/api/state", headers=headers)
    shown = json.loads(connection.getresponse().read())["cards"][0]["id"]
    rng = random.Random(1)
    times = []
    for _ in range(decisions):
        body = json.dumps({"paper": shown, "mark": rng.choice(MARKS)})
        started = time.perf_counter()
        connection.request("POST", "/api/decide", body=body, headers=headers)
        answer = json.loads(connection.getresponse().read())
        times.append(time.perf_counter() - started)
        shown = answer["state"]["cards"][0]["id"]
    connection.close()
    return times


def play_browser(url: str, decisions: int) -> list[float] | str:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        return "skipped: no Playwright in this Python (pip install playwright)"
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        return "skipped: no Chromium (apt-get install chromium)"
    rng = random.Random(2)
    keys = {"want": "w", "read": "r", "skip": "s"}
    times = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu",
                                                                    "--disable-background-networking"])
        page = browser.new_page()
        page.goto(url)
        page.wait_for_selector('body[data-busy="0"]')
        for _ in range(decisions):
            before = page.get_attribute("#paper", "data-paper")
            started = time.perf_counter()
            page.keyboard.press(keys[rng.choice(MARKS)])
            page.wait_for_selector(f'#paper[data-paper]:not([data-paper="{before}"])')
            times.append(time.perf_counter() - started)
        browser.close()
    return times


def play_terminal(db: Path, runs: int, cache: Path) -> list[float]:
    """The same decision without the page: mark the paper, then ask triage for the next one (its topics kept in
    ``cache`` by the triage before, as a user's are)."""
    times = []
    env = {**os.environ, "PAPERLIST_CACHE": str(cache)}
    for _ in range(runs):
        out = subprocess.run([sys.executable, "-c", CLI, "triage", "--db", str(db), "--top", "1", "--format", "json"],
                             capture_output=True, text=True, check=True, env=env).stdout
        paper = json.loads(out)["papers"][0]["paper"]
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", CLI, "mark", "skip", f"p{paper}", "--db", str(db)], check=True,
                       capture_output=True, env=env)
        subprocess.run([sys.executable, "-c", CLI, "triage", "--db", str(db), "--top", "1", "--format", "json"],
                       check=True, capture_output=True, env=env)
        times.append(time.perf_counter() - started)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--snippets", type=int, default=12_000)
    parser.add_argument("--decisions", type=int, default=300)
    parser.add_argument("--terminal-runs", type=int, default=5)
    parser.add_argument("--keep", metavar="DIR", help="work in DIR (a collection already there is used again)")
    parser.add_argument("--marked", type=int, default=0, metavar="N",
                        help="start from N papers already decided (a third want or read, two thirds skip)")
    args = parser.parse_args()
    from paperlist.collection.store import Store
    from paperlist.render.keys import DEFAULT_KEYS
    from paperlist.tagging.tags import TagMatcher, builtin_rules
    from paperlist.tagging.topics import find_topics
    from paperlist.web.app import Triage
    from paperlist.web.server import TriageServer

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.keep or tmp)
        folder.mkdir(parents=True, exist_ok=True)
        db = build(folder, args.snippets)
        store = Store(str(db), create=False)
        store.db.execute("DELETE FROM marks")  # every run starts undecided (a kept collection too)
        if args.marked:  # ... or from N decisions, made as `paperlist mark` makes them
            from paperlist.collection.decisions import mark_papers
            ids = [f"p{n}" for n, in store.db.execute("SELECT DISTINCT paper FROM texts ORDER BY paper")]
            rng = random.Random(3)
            for n, ref in enumerate(rng.sample(ids, min(args.marked, len(ids)))):
                mark_papers(store, (ref,), ("want", "read", "skip", "skip", "skip", "skip")[n % 6])
        started = time.perf_counter()
        triage = Triage(store, TagMatcher(builtin_rules()).tag, find_topics)  # as serve's first run: topics found
        built = time.perf_counter() - started
        counts = triage.desk.counts()
        server = TriageServer(triage, "bench", DEFAULT_KEYS, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        print(f"collection: {counts['papers']:,} papers from {args.snippets:,} snippets, {args.marked:,} decided; "
              f"server start (desk built): {built:.2f} s")
        http_times = play_http(server.port, server.token, args.decisions)
        print(f"decision -> next paper, HTTP round trip:   {percentiles(http_times)}")
        browser = play_browser(f"http://127.0.0.1:{server.port}/?token={server.token}", args.decisions)
        print(f"key -> next paper shown, Chromium:         "
              f"{browser if isinstance(browser, str) else percentiles(browser)}")
        server.shutdown()
        server.server_close()
        store.close()
        terminal = play_terminal(db, args.terminal_runs, folder / "cache")
        print(f"baseline, mark + triage --db --top 1:      {percentiles(terminal)}")
        best = statistics.median(browser) if not isinstance(browser, str) else statistics.median(http_times)
        print(f"the page decides in {statistics.median(terminal) / best:.0f}x less time than the terminal")


if __name__ == "__main__":
    main()
