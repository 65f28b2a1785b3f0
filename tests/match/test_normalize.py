import re
import unittest

from paperlist.match.normalize import (
    fingerprint,
    fold_words,
    is_truncated,
    match_key,
    strip_truncation,
    words,
)


class FoldTest(unittest.TestCase):
    SAME = [
        ("case", "Deep Learning", "deep learning"),
        ("curly quotes", "the “best” model’s", "the \"best\" model's"),
        ("dashes", "data–parallel — training", "data-parallel - training"),
        ("ellipsis", "goes on…", "goes on..."),
        ("whitespace", "a \t b\n c", "a b c"),
        ("NFKC ligature and width", "ﬁne ＧＰＵ", "fine GPU"),
        ("html", "<i>fast</i> &amp; <b>cheap</b>", "fast & cheap"),
        ("entity quote", "&ldquo;x&rdquo;", "x"),
    ]
    DIFFERENT = [
        ("a word", "deep learning", "deep learner"),
        ("order", "a b", "b a"),
    ]

    def test_same_key(self):
        for name, a, b in self.SAME:
            with self.subTest(name):
                self.assertEqual(match_key(a), match_key(b))

    def test_different_key(self):
        for name, a, b in self.DIFFERENT:
            with self.subTest(name):
                self.assertNotEqual(match_key(a), match_key(b))

    def test_fold_words(self):
        self.assertEqual(fold_words("GPU-based, 3D “parallelism”…"), ["gpu", "based", "3d", "parallelism"])

    def test_truncation_helpers(self):
        self.assertTrue(is_truncated("abc… "))
        self.assertTrue(is_truncated("abc..."))
        self.assertFalse(is_truncated("abc."))
        self.assertEqual(strip_truncation("cut here …"), "cut here")

    def test_fingerprint_is_stable(self):
        self.assertEqual(fingerprint("deep learning"), "871183362fa6570a")



class FastPathTest(unittest.TestCase):
    def test_ascii_texts_fold_as_the_unicode_path_does(self):
        import random
        import string
        import unicodedata

        from paperlist.match.normalize import _WORD_RE
        rng = random.Random(9)
        alphabet = string.printable.replace("<", "").replace("&", "") + "…" * 5 + "aZ_ "
        for _ in range(5000):
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
            with self.subTest(text=text):
                self.assertEqual(fold_words(text), _WORD_RE.findall(unicodedata.normalize("NFKC", text).casefold()))


class WordSplitTest(unittest.TestCase):
    def test_ascii_fast_path_finds_the_same_words(self):
        import random
        import string

        rng = random.Random(4)
        alphabet = string.printable + "…" * 5 + "é_"
        for _ in range(3000):
            text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 40)))
            with self.subTest(text=text):
                self.assertEqual(words(text), re.findall(r"[^\W_]+", text))
