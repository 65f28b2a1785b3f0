"""Make the screenshots in docs/: the report, desktop and phone, of examples/ and of a Scholar alert e-mail
fixture; the triage page of `paperlist serve`, desktop and phone, on a collection of examples/ with two marks.

    python docs/screenshot.py        (needs paperlist installed and Chromium: apt-get install chromium)
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars"]
SHOTS = [  # (file, input, window)
    ("report.png", "examples", "1280,1500"),
    ("report-phone.png", "examples", "390,1700"),
    ("report-alerts.png", "tests/data/formats/alerts.mbox", "1280,1200"),
    ("report-alerts-phone.png", "tests/data/formats/alerts.mbox", "390,1500"),
]


def main() -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        raise SystemExit("needs Chromium: apt-get install chromium")
    with tempfile.TemporaryDirectory() as tmp:
        for name, source, window in SHOTS:
            page = Path(tmp) / "report.html"
            subprocess.run([sys.executable, "-m", "paperlist", "report", source, "-o", str(page), "-q"], cwd=ROOT,
                           check=True, capture_output=True)
            subprocess.run([chromium, *FLAGS, f"--user-data-dir={tmp}/profile", f"--window-size={window}",
                            f"--screenshot={ROOT / 'docs' / name}", "--virtual-time-budget=2000", f"file://{page}"],
                           check=True, capture_output=True)
            print(f"wrote {ROOT / 'docs' / name}")
        db = f"{tmp}/c.db"
        paperlist = [sys.executable, "-m", "paperlist"]
        subprocess.run([*paperlist, "add", "examples", "--db", db], cwd=ROOT, check=True, capture_output=True)
        subprocess.run([*paperlist, "mark", "want", "p2", "--db", db], cwd=ROOT, check=True, capture_output=True)
        subprocess.run([*paperlist, "mark", "skip", "p7", "--db", db], cwd=ROOT, check=True, capture_output=True)
        server = subprocess.Popen([*paperlist, "serve", "--port", "0", "--db", db], cwd=ROOT, stderr=subprocess.PIPE,
                                  text=True)
        try:
            url = next(m.group(0) for line in server.stderr if (m := re.search(r"http://\S+", line)))
            for name, window in (("serve.png", "1280,900"), ("serve-phone.png", "390,844")):
                subprocess.run([chromium, *FLAGS, f"--user-data-dir={tmp}/profile", f"--window-size={window}",
                                f"--screenshot={ROOT / 'docs' / name}", "--virtual-time-budget=3000", url],
                               check=True, capture_output=True)
                print(f"wrote {ROOT / 'docs' / name}")
        finally:
            server.terminate()
            server.wait()


if __name__ == "__main__":
    main()
