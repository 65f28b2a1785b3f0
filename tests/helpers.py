"""Shared helpers for the tests: run the CLI in-process and capture its streams."""

from __future__ import annotations

import contextlib
import io
import os
import random
import tempfile
from pathlib import Path

from paperlist.cli.main import main

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples"
SEEDS = ROOT.parent / "shared" / "seeds"


def run_cli(*argv: str, stdin: bytes = b"") -> tuple[int, str, str]:
    """Run ``paperlist argv`` in-process; return (exit code, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        code = main(list(argv), stdin=io.BytesIO(stdin), stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


class TempDir:
    """A temporary directory where tests write list files by name."""

    def __init__(self) -> None:
        self._handle = tempfile.TemporaryDirectory()
        self.path = Path(self._handle.name)

    def write(self, name: str, content: str | bytes) -> str:
        target = self.path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            content = content.encode("utf-8")
        target.write_bytes(content)
        return str(target)

    def cleanup(self) -> None:
        self._handle.cleanup()


def rel(path: str | os.PathLike) -> str:
    """A path relative to the repository root, as the CLI prints it when run from there."""
    return os.path.relpath(path, ROOT)


def write_years_of_lists(tmp: TempDir) -> None:
    """520 lists of made-up snippets: 2,861 papers, 781 of them in several lists (780 in two, one in 20): more than
    a page or a terminal shows (2,000 papers, 500 groups)."""
    rng = random.Random(5)
    syllables = ["ka", "lo", "mi", "ne", "ru", "sa", "ti", "vo", "ze", "pa", "dri", "tra", "gen", "mod"]

    def text() -> str:
        return " ".join("".join(rng.choice(syllables) for _ in range(3)) for _ in range(18)) + "…"
    shared, pairs = text(), [text() for _ in range(780)]
    for n in range(520):
        own = [text() for _ in range(4)] + pairs[(n // 2) * 3:(n // 2) * 3 + 3] + ([shared] if n < 20 else [])
        tmp.write(f"l{n:03d}.txt", f"Related papers: list {n}\n\n" + "\n\n".join(own) + "\n")
