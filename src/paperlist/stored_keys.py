"""What a collection stores for each text so that an `add` finds every text it may link to by index
lookups alone, without the texts themselves (pure: no I/O).

- A **fingerprint number**: the text's fingerprint as a signed 64-bit integer (exact matches).
- An **opening number**: a hash of its first words; a text that opens another (a cut) shares them.
- **Prefix tokens**: word bigrams hashed to 3-byte integers, in one fixed order, of which each text
  keeps only its first few. Two texts whose bigram sets reach the Jaccard threshold share two
  tokens of those prefixes (the l-prefix lemma with l = 2), so the near candidates of a new text
  are the texts sharing two of its prefix tokens. The order is fixed forever (it cannot follow the
  collection's changing counts): bigrams of two content words first, then those with one function
  word, then those of two ("of the"), which keeps the long posting lists out of most prefixes.
"""

from __future__ import annotations

import hashlib
import math
import zlib
from itertools import islice
from operator import add

from paperlist.dupes import DEFAULT_THRESHOLD, MIN_PREFIX_WORDS, NEAR_MIN_WORDS
from paperlist.topics_data import STOP_WORDS

OPENING_WORDS = MIN_PREFIX_WORDS - 1  # an opening cut may end inside its last word
_HASH_MASK = (1 << 21) - 1  # a word's hash; a bigram's token is the sum of two, one of them mixed
_TIER = 1 << 22  # added once per function word; the lowest token is -2**23, the highest below 2**22
_MIX = 0x9E3779B1
SHARED_PREFIX = 2


def _signed64(digest: bytes) -> int:
    return int.from_bytes(digest[:8], "big", signed=True)


def fingerprint_number(fingerprint_hex: str) -> int:
    """A 16-hex-digit fingerprint as the signed 64-bit integer stored for it."""
    return _signed64(bytes.fromhex(fingerprint_hex))


def key_number(key: str) -> int:
    """The fingerprint number of a match key: ``fingerprint_number(normalize.fingerprint(key))``."""
    return _signed64(hashlib.sha1(key.encode("utf-8")).digest())


def fingerprint_hex(number: int) -> str:
    """The inverse of ``fingerprint_number``."""
    return number.to_bytes(8, "big", signed=True).hex()


def opening_number(key: str) -> int | None:
    """A hash of the first OPENING_WORDS words of a match key, or None when the key is too short to
    open another text or to be opened (texts need MIN_PREFIX_WORDS words for that)."""
    words = key.split(" ", MIN_PREFIX_WORDS)
    if len(words) < MIN_PREFIX_WORDS:
        return None
    return _signed64(hashlib.blake2b(" ".join(words[:OPENING_WORDS]).encode("utf-8", "surrogatepass"),
                                     digest_size=8).digest())


def prefix_length(size: int, threshold: float = DEFAULT_THRESHOLD) -> int:
    """How many of a set's first tokens meet every set it reaches ``threshold`` with in two tokens."""
    return min(size, size - math.ceil(threshold * size - 1e-9) + SHARED_PREFIX)


def shares_needed(size: int, threshold: float = DEFAULT_THRESHOLD) -> int:
    """Tokens a candidate must share with a set of ``size``: two, unless the overlap can be one."""
    return min(SHARED_PREFIX, max(1, math.ceil(threshold * size - 1e-9)))


class PrefixTokens:
    """The prefix tokens of match keys. A bigram's token is ``first[a] + second[b]``: each word's two
    parts are computed once and cached, so a text's tokens take one C-level ``map``."""

    def __init__(self, threshold: float = DEFAULT_THRESHOLD) -> None:
        self.threshold = threshold
        self._first: dict[str, int] = {}
        self._second: dict[str, int] = {}

    def _learn(self, words: list[str]) -> None:
        for word in words:
            if word not in self._first:
                hashed = zlib.crc32(word.encode("utf-8", "surrogatepass")) & _HASH_MASK
                tier = _TIER if word in STOP_WORDS else 0
                self._first[word] = (hashed * _MIX & _HASH_MASK) + tier - 2 * _TIER
                self._second[word] = hashed + tier

    def token(self, a: str, b: str) -> int:
        """One bigram's token: bigrams of two content words first, then one function word, then two."""
        self._learn([a, b])
        return self._first[a] + self._second[b]

    def prefix(self, key: str, truncated: bool) -> tuple[list[int], int]:
        """The key's prefix tokens (sorted, distinct) and how many of them a candidate must share.

        The bigrams are those the near search compares (dupes.NearTexts): none below NEAR_MIN_WORDS
        words, and a cut text's last word left out. Ties between bigrams hashed alike are broken by
        the words, so the order is total; when two prefix bigrams share a token, sharing one suffices.
        """
        words = key.split(" ")
        if len(words) < NEAR_MIN_WORDS:
            return [], 0
        if truncated:
            words.pop()
        try:
            firsts = list(map(self._first.__getitem__, words))
        except KeyError:
            self._learn(words)
            firsts = list(map(self._first.__getitem__, words))
        tokens = set(map(add, firsts, islice(map(self._second.__getitem__, words), 1, None)))
        # Distinct tokens at every position: the bigrams are distinct too, and none is hashed alike.
        size = len(tokens) if len(tokens) == len(words) - 1 else len(set(zip(words, islice(words, 1, None))))
        keep = prefix_length(size, self.threshold)
        if len(tokens) == size:
            return sorted(tokens)[:keep], shares_needed(size, self.threshold)
        ordered = sorted((self.token(a, b), a, b) for a, b in set(zip(words, words[1:])))[:keep]
        prefix = sorted({token for token, _, _ in ordered})
        return prefix, (1 if len(prefix) < keep else shares_needed(size, self.threshold))
