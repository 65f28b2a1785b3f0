"""The topics cache: the same texts find their topics once, and the cache never answers other than find_topics."""

from __future__ import annotations

import json
import os
import random
import unittest
from pathlib import Path
from unittest import mock

from paperlist.cli import cache
from paperlist.cli.cache import KEEP, TopicsCache, cache_directory
from paperlist.tagging.topics import Topics
from tests.helpers import TempDir, run_cli

TOPICS = Topics({"program-repair": ["program repair", "APR", "patch"], "fuzzing": ["fuzzing", "fuzz\udc80"]},
                ("large language models (LLMs)", 0.62))


class Counting:
    """A find_topics that says how often it was asked."""

    def __init__(self, topics: Topics = TOPICS) -> None:
        self.topics = topics
        self.calls = 0

    def __call__(self, texts) -> Topics:
        self.calls += 1
        return self.topics


class TopicsCacheTest(unittest.TestCase):
    def setUp(self) -> None:
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        self.directory = self.tmp.path / "cache"

    def files(self) -> list[Path]:
        return sorted(self.directory.glob("topics-*.json"))

    def test_the_same_texts_find_their_topics_once_and_read_back_as_found(self):
        found = Counting()
        topics = TopicsCache(self.directory, found, min_texts=3)
        first = topics(["a", "b", "c"])
        second = topics(["a", "b", "c"])
        self.assertEqual(found.calls, 1)
        self.assertEqual(len(self.files()), 1)
        self.assertEqual(self.directory.stat().st_mode & 0o777, 0o700)  # only the user reads what their papers say
        for got in (first, second):
            self.assertEqual(list(got.rules.items()), list(TOPICS.rules.items()))  # topics in their order
            self.assertEqual(got.field, TOPICS.field)

    def test_other_texts_or_another_order_find_their_topics_again(self):
        found = Counting()
        topics = TopicsCache(self.directory, found, min_texts=3)
        topics(["a", "b", "c"])
        topics(["a", "b", "c", "d"])
        topics(["b", "a", "c"])  # k-means starts from papers picked by their place
        topics(["ab", "", "c"])  # texts are not run together
        self.assertEqual(found.calls, 4)
        self.assertEqual(len(self.files()), 4)

    def test_fewer_texts_than_the_minimum_are_never_kept(self):
        found = Counting()
        topics = TopicsCache(self.directory, found, min_texts=4)
        topics(["a", "b", "c"])
        topics(["a", "b", "c"])
        self.assertEqual(found.calls, 2)
        self.assertFalse(self.directory.exists())

    def test_a_damaged_or_foreign_file_is_found_again_and_replaced(self):
        found = Counting()
        topics = TopicsCache(self.directory, found, min_texts=3)
        topics(["a", "b", "c"])
        (path,) = self.files()
        for damaged in ('{"rules": {"x": [1]}, "field": null}', '{"rules": {}, "field": ["x"]}', "[]", "{not json",
                        '{"rules": {"x": ["y"]}, "field": ["x", true]}', '{"rules": {"": ["y"]}, "field": null}',
                        '{"rules": {"x": [""]}, "field": null}', "\udc80"):
            path.write_text(damaged, encoding="utf-8", errors="surrogateescape")
            got = topics(["a", "b", "c"])
            self.assertEqual(got.rules, TOPICS.rules)
            self.assertEqual(json.loads(path.read_text(encoding="utf-8"))["rules"], TOPICS.rules)
        self.assertEqual(found.calls, 9)

    def test_a_place_that_cannot_be_written_still_finds_the_topics_without_a_word(self):
        self.directory.parent.mkdir(exist_ok=True)
        self.directory.write_text("a file where the directory would be", encoding="utf-8")
        found = Counting()
        topics = TopicsCache(self.directory, found, min_texts=3)
        self.assertEqual(topics(["a", "b", "c"]).rules, TOPICS.rules)
        self.assertEqual(topics(["a", "b", "c"]).rules, TOPICS.rules)
        self.assertEqual(found.calls, 2)
        self.assertEqual([p.name for p in self.directory.parent.iterdir()], ["cache"])  # no stray temporary file

    def test_only_the_files_used_last_are_kept(self):
        found = Counting()
        topics = TopicsCache(self.directory, found, min_texts=1)
        for n in range(KEEP):
            topics([f"text {n}"])
        first = min(self.files(), key=lambda p: p.stat().st_mtime_ns)
        for path in self.files():
            os.utime(path, ns=(1, 1 if path == first else 2))  # the first written is the oldest
        topics(["text 0"])  # read again: used last now
        for n in range(KEEP, KEEP + 3):
            topics([f"text {n}"])
        self.assertEqual(found.calls, KEEP + 3)
        self.assertEqual(len(self.files()), KEEP)
        self.assertIn(first, self.files())

    def test_the_directory_follows_the_environment(self):
        home = Path.home() / ".cache" / "paperlist"
        self.assertIsNone(cache_directory({"PAPERLIST_CACHE": "off"}))
        self.assertIsNone(cache_directory({"PAPERLIST_CACHE": ""}))
        self.assertEqual(cache_directory({"PAPERLIST_CACHE": "/tmp/x", "XDG_CACHE_HOME": "/c"}), Path("/tmp/x"))
        self.assertEqual(cache_directory({"XDG_CACHE_HOME": "/c"}), Path("/c/paperlist"))
        self.assertEqual(cache_directory({"XDG_CACHE_HOME": "relative"}), home)
        self.assertEqual(cache_directory({}), home)

    def test_changed_code_finds_the_topics_again(self):
        found = Counting()
        topics = TopicsCache(self.directory, found, min_texts=3)
        topics(["a", "b", "c"])
        with mock.patch.object(cache, "_code", b"another paperlist"):
            topics(["a", "b", "c"])
        self.assertEqual(found.calls, 2)

    def test_code_that_cannot_be_read_keeps_nothing(self):
        found = Counting()
        topics = TopicsCache(self.directory, found, min_texts=3)
        with mock.patch.object(cache, "_code_digest", side_effect=PermissionError("no")):
            self.assertEqual(topics(["a", "b", "c"]).rules, TOPICS.rules)
            topics(["a", "b", "c"])
        self.assertEqual(found.calls, 2)
        self.assertFalse(self.directory.exists())


class CachedViewsTest(unittest.TestCase):
    """The commands read the topics the cache keeps: a view of 1,000 papers or more finds them once."""

    def test_summarize_and_triage_read_the_topics_kept_by_the_run_before(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        rng = random.Random(3)
        filler = ["".join(rng.choice("bdfgklmnprstvz") + rng.choice("aeiou") for _ in range(3)) for _ in range(400)]
        subjects = ["graph neural networks", "speech recognition", "program repair", "smart contracts"]
        for n in range(12):
            lines = [f"Related papers: list {n}", ""]
            for m in range(90):
                words = rng.sample(filler, 14)
                words.insert(rng.randrange(len(words)), rng.choice(subjects))
                lines += [f"We study {' '.join(words)} in paper {n}-{m}.", ""]
            tmp.write(f"list{n:02}.txt", "\n".join(lines))
        directory = tmp.path / "cache"
        with mock.patch.dict(os.environ, {"PAPERLIST_CACHE": str(directory)}):
            code, first, err = run_cli("summarize", str(tmp.path))
            self.assertEqual(code, 0, err)
            self.assertIn("1080 papers", first)
            (path,) = directory.glob("topics-*.json")
            self.assertEqual(run_cli("summarize", str(tmp.path))[1], first)
            kept = json.loads(path.read_text(encoding="utf-8"))
            self.assertIn("speech-recognition", kept["rules"])
            kept["rules"]["spoken-words"] = kept["rules"].pop("speech-recognition")
            path.write_text(json.dumps(kept), encoding="utf-8")
            code, again, err = run_cli("triage", str(tmp.path), "--top", "1000", "--format", "json")
        self.assertEqual(code, 0, err)
        tags = {tag for entry in json.loads(again)["papers"] for tag in entry["tags"]}
        self.assertIn("spoken-words", tags)
        self.assertNotIn("speech-recognition", tags)
        self.assertEqual(len(list(directory.glob("topics-*.json"))), 1)


if __name__ == "__main__":
    unittest.main()
