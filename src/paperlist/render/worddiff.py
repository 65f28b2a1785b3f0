"""Word-level differences between two snippets, bounded in time (pure)."""

from __future__ import annotations

import difflib

# difflib's matcher is quadratic in the worst case: two 70,000-word copies took
# over a minute. Snippets are ~40 words; beyond this many words only the
# openings are compared, and the result says so.
MAX_DIFF_WORDS = 2000

Op = tuple[str, str]  # ("=", words) kept, ("-", words) only in the first text, ("+", words) only in the second


def diff_words(a: str, b: str, limit: int = MAX_DIFF_WORDS) -> tuple[list[Op], bool]:
    """The changes from ``a`` to ``b`` word by word, and whether the texts were cut to ``limit`` words first.

    >>> diff_words("deep nets train slowly", "deep networks train slowly")
    ([('=', 'deep'), ('-', 'nets'), ('+', 'networks'), ('=', 'train slowly')], False)
    """
    old, new = a.split(), b.split()
    shortened = len(old) > limit or len(new) > limit
    old, new = old[:limit], new[:limit]
    ops: list[Op] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if op == "equal":
            ops.append(("=", " ".join(old[i1:i2])))
            continue
        if i2 > i1:
            ops.append(("-", " ".join(old[i1:i2])))
        if j2 > j1:
            ops.append(("+", " ".join(new[j1:j2])))
    return ops, shortened


def word_diff(a: str, b: str) -> str:
    """The diff as one line: ``[-removed-]`` and ``{+added+}`` around what changed.

    >>> word_diff("deep nets train slowly", "deep networks train slowly")
    'deep [-nets-] {+networks+} train slowly'
    """
    ops, shortened = diff_words(a, b)
    text = " ".join(marked(op, words) for op, words in ops)
    return text + f" [diff of the first {MAX_DIFF_WORDS} words only]" if shortened else text


def marked(op: str, words: str) -> str:
    """Words with the markers of their operation."""
    return {"=": words, "-": f"[-{words}-]", "+": f"{{+{words}+}}"}[op]
