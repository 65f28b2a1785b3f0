"""Derive which words of abstracts can name a subject, from how the arXiv abstracts use them.

    python benchmarks/word_roles.py [--data ../shared/data] > src/paperlist/tagging/word_roles.py

Topic names and distinctive terms must be noun phrases about a subject, and the standard library has no
part-of-speech tagger. Word order says enough for the words that matter (Brown et al. 1992 cluster words the
same way). Over the 14,189 arXiv abstracts, a word seen at least MIN_COUNT times is:

- a verb when at least VERB_SHARE of its uses follow a subject, modal or auxiliary ("we", "can", "has":
  "shown", "overlook") or come before a determiner ("examining the"): it never starts a term;
- a modifier when it is almost never followed by a function word or punctuation (under HEAD_SHARE:
  "significant", "large", "medical"), or often follows "is", "more", "highly" and seldom ends a clause
  ("robust", "trained"), or has an adjective's ending and is seldom followed by one (under ADJECTIVE_SHARE:
  "spatial", "adaptive", "realistic"): it never ends a term;
- spread evenly when it occurs about once per abstract that holds it at all (occurrences per abstract under
  BURST, Church and Gale 1995: "variety", "promise", "adoption"), the mark of words that say how rather than
  what: a term needs one word that is not;
- plain when it occurs under ALONE times per abstract that holds it ("conditions", "outputs", "strategy"):
  it is a term only inside a longer one;
- a subject when it is none of these, at least ALONE times per abstract, and in under SUBJECT_SHARE of the
  abstracts ("video", "speech", "graph"; not "model"): it is a term by itself however short (other single
  words need 7 letters).
"""

from __future__ import annotations

import argparse
import re
import sys
import textwrap
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from arxiv import distinct  # noqa: E402

MIN_COUNT, VERB_SHARE, HEAD_SHARE, ADJECTIVE_SHARE, BURST, ALONE, MIN_ABSTRACTS = 20, 0.3, 0.08, 0.25, 1.10, 1.30, 30
SUBJECT_SHARE = 0.25
ADJECTIVE_ENDINGS = ("al", "ive", "ic", "ous", "ful", "able", "ible")
_TOKEN_RE = re.compile(r"[^\W_]+(?:[-'][^\W_]+)*|[.,;:!?()]")
DETERMINERS = frozenset("the a an this these those our its their each every such any another".split())
FUNCTION = frozenset("of in for to and or with on is are was were that which from by as at between into across "
                     "under over without via while than . , ; : ! ? ( )".split())
SUBJECTS = frozenset("we they it can may will could would should also not often has have had".split())
DEGREE = frozenset("is are was were be been being more most very highly increasingly less remains remain becomes "
                   "become particularly especially extremely relatively".split())


def abstracts(data: Path):
    for _, record in distinct(data):
        yield record["summary"]


def roles(texts) -> tuple[int, set[str], set[str], set[str], set[str], set[str]]:
    uses, ends, verb, degree, held = Counter(), Counter(), Counter(), Counter(), Counter()
    count = 0
    for text in texts:
        count += 1
        words = [w.lower() for w in _TOKEN_RE.findall(text)]
        held.update({w for w in words if w[0].isalpha()})
        for i, word in enumerate(words):
            if not word[0].isalpha():
                continue
            after = words[i + 1] if i + 1 < len(words) else "."
            before = words[i - 1] if i else "."
            uses[word] += 1
            ends[word] += after in FUNCTION
            verb[word] += before in SUBJECTS or after in DETERMINERS
            degree[word] += before in DEGREE
    verbs, modifiers, even, plain, subjects = set(), set(), set(), set(), set()
    for word, n in uses.items():
        if n < MIN_COUNT:
            continue
        if verb[word] >= VERB_SHARE * n:
            verbs.add(word)
        elif (ends[word] < HEAD_SHARE * n or (degree[word] >= 0.12 * n and ends[word] < 0.5 * n)
              or (word.endswith(ADJECTIVE_ENDINGS) and ends[word] < ADJECTIVE_SHARE * n)):
            modifiers.add(word)
        if held[word] >= MIN_ABSTRACTS and n < BURST * held[word]:
            even.add(word)
        elif held[word] >= MIN_ABSTRACTS and n < ALONE * held[word]:
            plain.add(word)
        elif (MIN_ABSTRACTS <= held[word] < SUBJECT_SHARE * count and word not in verbs and word not in modifiers
              and len(word) >= 3 and word.isalpha()):
            subjects.add(word)
    return count, verbs, modifiers, even, plain, subjects


def _words(name: str, words: set[str]) -> str:
    body = textwrap.fill(" ".join(sorted(words)), 116, initial_indent="    ", subsequent_indent="    ",
                         break_on_hyphens=False, break_long_words=False)
    return f'{name}: frozenset[str] = frozenset("""\n{body}\n""".split())\n'


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    args = parser.parse_args()
    count, verbs, modifiers, even, plain, subjects = roles(abstracts(args.data))
    sys.stdout.write(f'"""How abstracts use their words, derived from {count} arXiv abstracts by '
                     'benchmarks/word_roles.py (see there).\n\n'
                     'VERBS never start a term, MODIFIERS never end one, a term needs one word that is not EVEN\n'
                     '(spread evenly: about one use per abstract that holds it), a PLAIN word is a term only\n'
                     'inside a longer one, and a SUBJECT word is a term by itself. Regenerate, do not edit.\n"""\n\n')
    sys.stdout.write(_words("VERBS", verbs) + "\n" + _words("MODIFIERS", modifiers) + "\n" + _words("EVEN", even) + "\n"
                     + _words("PLAIN", plain) + "\n" + _words("SUBJECTS", subjects))


if __name__ == "__main__":
    main()
