"""Make docs/report.png, the screenshot of the HTML report on examples/ that README.md shows.

    python docs/screenshot.py        (needs paperlist installed and Chromium: apt-get install chromium)
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars"]


def main() -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        raise SystemExit("needs Chromium: apt-get install chromium")
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "report.html"
        subprocess.run([sys.executable, "-m", "paperlist", "report", "examples", "-o", str(page), "--focus",
                        "memory"], cwd=ROOT, check=True)
        subprocess.run([chromium, *FLAGS, f"--user-data-dir={tmp}/profile", "--window-size=1280,1500",
                        f"--screenshot={ROOT / 'docs' / 'report.png'}", "--virtual-time-budget=2000",
                        f"file://{page}"], check=True, capture_output=True)
    print(f"wrote {ROOT / 'docs' / 'report.png'}")


if __name__ == "__main__":
    main()
