"""The triage page that ``paperlist serve`` shows: one HTML shell and its script and style sheets (pure).

The shell holds no text from input files: the script asks the server for papers and writes them with
``textContent`` only, so nothing an input says can become markup. The run's token and the keys are the only
values written into the page, as JSON that cannot close its element.
"""

from __future__ import annotations

import html
import json
from functools import cache
from pathlib import Path

from paperlist.model import MARKS
from paperlist.render.keys import WHAT

_FOLDER = Path(__file__).parent / "assets"
# What the server may send besides the page, by name and media type: nothing else is ever read from disk.
ASSETS = {"report.css": "text/css; charset=utf-8", "desk.css": "text/css; charset=utf-8",
          "desk.js": "text/javascript; charset=utf-8"}


@cache
def asset(name: str) -> str:
    """The text of one of ``ASSETS``."""
    if name not in ASSETS:
        raise KeyError(name)
    return (_FOLDER / name).read_text(encoding="utf-8")


def render_desk_page(token: str, keys: dict[str, list[str]]) -> str:
    """The page's HTML: the layout the script fills in, its configuration and no input text."""
    config = json.dumps({"token": token, "keys": keys, "what": WHAT, "marks": list(MARKS)}, ensure_ascii=True)
    config = config.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    buttons = "".join(
        f'<button type="button" class="act {a}" data-action="{a}" title="{html.escape(WHAT[a])}">'
        f'<kbd>{html.escape(_key_label(keys[a][0]))}</kbd> {a}</button>' for a in MARKS)
    moves = "".join(
        f'<button type="button" class="move" data-action="{a}" title="{html.escape(WHAT[a])}">'
        f'<kbd>{html.escape(_key_label(keys[a][0]))}</kbd> {a}</button>' for a in ("undo", "previous", "next"))
    exports = " ".join(f'<a class="export" data-format="{f}" download>{label}</a>'
                       for f, label in (("ris", "RIS"), ("bibtex", "BibTeX"), ("csv", "CSV")))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>paperlist triage</title>
<link rel="stylesheet" href="/assets/report.css"><link rel="stylesheet" href="/assets/desk.css">
<script type="application/json" id="config">{config}</script>
<script src="/assets/desk.js" defer></script>
</head><body>
<header class="desk-head"><h1>paperlist triage</h1>
<p id="counts" class="counts" aria-live="polite">loading…</p>
<nav><a href="#paper" data-view="paper">Paper</a><a href="#list" data-view="list">List</a>
<a href="#history" data-view="history">History</a><span class="exports">Export wanted: {exports}</span></nav>
</header>
<main>
<p id="status" class="status" role="status" aria-live="polite"></p>
<section id="paper-view" class="view">
<div class="decide" role="toolbar" aria-label="decide">{buttons}<span class="moves">{moves}</span></div>
<article id="paper" class="paper-card" aria-live="polite"><p class="muted">loading…</p></article>
<p id="rule" class="muted rule"></p>
<details class="keys"><summary>Keys</summary><ul id="keys"></ul></details>
</section>
<section id="list-view" class="view hidden">
<div class="tabs" role="tablist"><button type="button" data-list="undecided" class="on">to decide</button>
{''.join(f'<button type="button" data-list="{m}">{m}</button>' for m in MARKS)}</div>
<ol id="list" class="desk-list"></ol>
</section>
<section id="history-view" class="view hidden"><h2>History</h2>
<p class="muted">Every add, removal, mark and not-same of the collection, newest first: what
<code>paperlist db log</code> prints.</p><ol id="history" class="history"></ol></section>
</main>
<noscript><p>The triage page needs JavaScript; <code>paperlist triage --db</code> and <code>paperlist mark</code>
do the same in a terminal.</p></noscript>
</body></html>
"""


def _key_label(key: str) -> str:
    return {"ArrowRight": "→", "ArrowLeft": "←", "ArrowUp": "↑", "ArrowDown": "↓", " ": "space"}.get(key, key)
