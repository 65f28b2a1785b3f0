"""Writing an output file whole: the report (``report -o``) and the de-duplicated copy (``dupes --write-deduplicated``)."""

from __future__ import annotations

import os
import stat

from paperlist.cli.errors import UsageError
from paperlist.render.textfmt import Output, pieces_of


def write_whole(path: str, text: Output) -> str | None:
    """Write ``text`` to ``path``; the reason it failed, or None.

    A regular file is written through a temporary one beside it (a failed write leaves no half file), a link
    through to what it points to, and a device or FIFO by writing through it (never replacing it with a file).
    """
    target = os.path.realpath(path)
    temporary = f"{target}.partial"
    try:
        if os.path.exists(target) and not stat.S_ISREG(os.stat(target).st_mode):
            with open(target, "w", encoding="utf-8", newline="") as handle:
                handle.writelines(pieces_of(text))
            temporary = ""
        else:
            with open(temporary, "w", encoding="utf-8", newline="") as handle:
                handle.writelines(pieces_of(text))
            os.replace(temporary, target)
    except OSError as exc:
        try:
            if temporary:
                os.remove(temporary)
        except OSError:
            pass
        return str(exc.strerror or exc)
    return None


def check_output(output: str | None, inputs: list[str], kept: tuple[tuple[str, str], ...] = (),
                  option: str = "-o", written: str = "the report") -> None:
    """Refuse to write the report over a file the run reads or keeps: an input, the collection, a rules or a
    decisions file (the same file, also through a link)."""
    if not output or output == "-":
        return
    exists, target = os.path.exists(output), os.path.realpath(output)
    for path, what in [(p, "an input") for p in inputs] + list(kept):
        if exists:
            try:
                same = os.path.samefile(output, path)
            except OSError:
                continue
        else:  # a file not there yet may still be one SQLite makes beside the collection while it is open
            same = target == os.path.realpath(path)
        if same:
            raise UsageError(f"{option} {output} is {what} ({path}); {written} would replace it: choose another file")
