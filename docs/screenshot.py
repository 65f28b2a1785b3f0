"""Make the report screenshots in docs/: desktop and phone, of examples/ and of a Scholar alert e-mail fixture.

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


if __name__ == "__main__":
    main()
