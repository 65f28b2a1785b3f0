"""What a collection stores for each text so that an `add` finds every text it may link to by index
lookups alone, without the texts themselves (pure: no I/O).

- A **fingerprint number**: the text's fingerprint as a signed 64-bit integer (exact matches).
- An **opening number**: a hash of its first words; a text that opens another (a cut) shares them.
- **Prefix tokens**: word bigrams hashed to 3-byte integers, in one order, of which each text keeps
  only its first few. Two texts whose bigram sets reach the Jaccard threshold share two tokens of
  those prefixes (the l-prefix lemma with l = 2), so the near candidates of a new text are the texts
  sharing two of its prefix tokens. Every stored prefix must follow the same order, so it cannot
  follow the collection's changing counts; rarest-first matters, though (on 200k English-like
  texts a probe meets 1.7 candidates in that order, 295 in token order), so the order is derived
  from a sample of the collection (the tokens found in FREQUENT_IN_SAMPLE sampled texts go last, by
  their count) and fixed, except while the collection is small: it is derived again, and every
  prefix rewritten, each time the collection has grown ORDER_GROWTH times, until the sample holds
  ORDER_SAMPLE texts (a larger sample orders no better).
"""

from __future__ import annotations

import hashlib
import math
import zlib
from collections import Counter
from collections.abc import Iterable
from itertools import islice
from operator import add

from paperlist.match.dupes import DEFAULT_THRESHOLD, MIN_PREFIX_WORDS, NEAR_MIN_WORDS
from paperlist.match.identity import identity_words
from paperlist.tagging.stopwords import STOP_WORDS

OPENING_WORDS = MIN_PREFIX_WORDS - 1  # an opening cut may end inside its last word
_HASH_MASK = (1 << 21) - 1  # a word's hash; a bigram's token is the sum of two, one of them mixed
_TIER = 1 << 22  # added once per function word; the lowest token is -2**23, the highest below 2**22
_MIX = 0x9E3779B1
SHARED_PREFIX = 2
ORDER_SAMPLE = 10_000  # texts whose bigrams decide which tokens are frequent
ORDER_GROWTH = 4  # the order is derived again each time the collection grows this much, until the sample is full
FREQUENT_IN_SAMPLE = 3  # a token in this many sampled texts goes after all rarer ones


def _signed64(digest: bytes) -> int:
    return int.from_bytes(digest[:8], "big", signed=True)


def fingerprint_number(fingerprint_hex: str) -> int:
    """A 16-hex-digit fingerprint as the signed 64-bit integer stored for it."""
    return _signed64(bytes.fromhex(fingerprint_hex))


def key_number(key: str) -> int:
    """The fingerprint number of a text's identity (``identity.text_identity``: its match key, and for a title-only
    text its year and first author): ``fingerprint_number(normalize.fingerprint(key))``."""
    return _signed64(hashlib.sha1(key.encode("utf-8")).digest())


def fingerprint_hex(number: int) -> str:
    """The inverse of ``fingerprint_number``."""
    return number.to_bytes(8, "big", signed=True).hex()


def opening_number(key: str) -> int | None:
    """A hash of the first OPENING_WORDS words of a match key, or None when the key is too short to
    open another text or to be opened (texts need MIN_PREFIX_WORDS words for that). Of an identity, its words."""
    words = identity_words(key).split(" ", MIN_PREFIX_WORDS)
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


def needs_order(order_texts: int, texts: int) -> bool:
    """Whether a collection of ``texts`` texts whose order was derived from ``order_texts`` (0: never)
    derives it again: each time it has grown ORDER_GROWTH times, until the sample is full."""
    return texts > 0 and order_texts < ORDER_SAMPLE and (order_texts == 0 or texts >= ORDER_GROWTH * order_texts)


def frequent_classes(token_sets: Iterable[set[int]]) -> dict[int, int]:
    """The frequency class (1 + log2 of its count) of every token found in FREQUENT_IN_SAMPLE or
    more of the sampled sets; every other token is class 0, the rarest."""
    counts: Counter[int] = Counter()
    for tokens in token_sets:
        counts.update(tokens)
    return {token: count.bit_length() for token, count in counts.items() if count >= FREQUENT_IN_SAMPLE}


def derive_order(keys: dict[int, tuple[str, bool]], threshold: float = DEFAULT_THRESHOLD) -> dict[int, int]:
    """The frequency classes of the texts ``{id: (key, truncated)}``, counted on an evenly spaced
    sample of about ORDER_SAMPLE of them (in id order, so the same texts give the same order)."""
    ids = sorted(keys)
    tokens = PrefixTokens(threshold).tokens
    return frequent_classes(tokens(*keys[i])[0] for i in ids[::max(1, len(ids) // ORDER_SAMPLE)])


class PrefixTokens:
    """The prefix tokens of match keys, in the order given by a collection's frequency classes.

    A bigram's token is ``first[a] + second[b]``: each word's two parts are computed once and
    cached, so a text's tokens take one C-level ``map``. The order is (class, token): tokens the
    collection found frequent go last, the others by value (bigrams of two content words first).
    """

    def __init__(self, threshold: float = DEFAULT_THRESHOLD, classes: dict[int, int] | None = None) -> None:
        self.threshold = threshold
        self.classes = classes or {}
        self._frequent = frozenset(self.classes)  # set operations with a dict's keys would walk all of them
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

    def tokens(self, key: str, truncated: bool) -> tuple[set[int], list[str]]:
        """The key's distinct tokens and the words they come from (those the near search compares,
        as dupes.NearTexts: none below NEAR_MIN_WORDS words, and a cut text's last word left out). Of an
        identity, its words."""
        words = identity_words(key).split(" ")
        if len(words) < NEAR_MIN_WORDS:
            return set(), []
        if truncated:
            words.pop()
        try:
            firsts = list(map(self._first.__getitem__, words))
        except KeyError:
            self._learn(words)
            firsts = list(map(self._first.__getitem__, words))
        return set(map(add, firsts, islice(map(self._second.__getitem__, words), 1, None))), words

    def prefix(self, key: str, truncated: bool) -> tuple[list[int], int]:
        """The key's prefix tokens (distinct) and how many of them a candidate must share.

        Ties between bigrams hashed alike are broken by their words, so the order is total;
        when two prefix bigrams share a token, sharing one suffices.
        """
        tokens, words = self.tokens(key, truncated)
        if not tokens:
            return [], 0
        # Distinct tokens at every position: the bigrams are distinct too, and none is hashed alike.
        size = len(tokens) if len(tokens) == len(words) - 1 else len(set(zip(words, islice(words, 1, None))))
        keep = prefix_length(size, self.threshold)
        classes = self.classes
        if len(tokens) == size:
            rare = tokens - self._frequent
            if len(rare) >= keep:
                return sorted(rare)[:keep], shares_needed(size, self.threshold)
            frequent = sorted(tokens & self._frequent, key=lambda t: (classes[t], t))
            return sorted(rare) + frequent[:keep - len(rare)], shares_needed(size, self.threshold)
        ordered = sorted((classes.get(token := self.token(a, b), 0), token, a, b)
                         for a, b in set(zip(words, words[1:])))[:keep]
        prefix = list(dict.fromkeys(token for _, token, _, _ in ordered))
        return prefix, (1 if len(prefix) < keep else shares_needed(size, self.threshold))
