"""The triage page in a real Chromium, driven by Playwright: keys decide the paper shown, undo takes a decision
back, another site cannot decide, and two tabs and a terminal deciding at once lose nothing.

Skipped, with the reason, where Playwright or a Chromium is missing (.ci/run installs both)."""

import random
import shutil
import threading
import unittest
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.helpers import TempDir, run_cli
from tests.web.test_app import collection
from tests.web.test_server import Served, is_subsequence, logged_marks, stored_marks, terminal_marks, topic_texts

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # a test-only tool
    sync_playwright = None

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"]
MISSING = ("no Playwright: install it with 'pip install playwright' (.ci/run does) to run the page's browser tests"
           if sync_playwright is None else
           "no Chromium: install one with 'apt-get install chromium' (.ci/run does) to run the page's browser tests"
           if CHROMIUM is None else None)
IDLE = 'body[data-busy="0"]'
KEYS = {"w": "want", "r": "read", "s": "skip", "l": "later"}


@unittest.skipIf(MISSING, MISSING or "")
class ChromiumCase(unittest.TestCase):
    """One headless Chromium for a test class, driven by Playwright."""

    @classmethod
    def setUpClass(cls):
        cls.playwright = sync_playwright().start()
        cls.browser = cls.playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS)

    @classmethod
    def tearDownClass(cls):
        cls.browser.close()
        cls.playwright.stop()


class BrowserTest(ChromiumCase):

    def serve(self, texts=None, seed="Treatment of liver disease"):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        self.db = collection(self.tmp, texts, seed) if texts else collection(self.tmp)
        self.served = Served(self.db)
        self.addCleanup(self.served.close)
        self.url = f"http://127.0.0.1:{self.served.server.port}/?token={self.served.server.token}"

    def tab(self):
        context = self.browser.new_context(viewport={"width": 1280, "height": 900})
        self.addCleanup(context.close)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        # A refused request (an undo after another decision, a test's own) is said on the page, not an error here.
        page.on("console", lambda m: errors.append(m.text) if m.type == "error"
                and not m.text.startswith("Failed to load resource") else None)
        page.goto(self.url)
        page.wait_for_selector(IDLE)
        self.addCleanup(lambda: self.assertEqual(errors, []))
        return page

    @staticmethod
    def press(page, key):
        shown = page.get_attribute("#paper", "data-paper")
        page.keyboard.press(key)
        page.wait_for_selector(IDLE)
        return shown

    def test_a_key_marks_the_paper_shown_and_undo_takes_it_back(self):
        self.serve()
        page = self.tab()
        first = self.press(page, "w")
        self.assertRegex(first, r"^p\d+$")
        self.assertEqual(logged_marks(self.db), [(first, "want")])
        self.assertNotEqual(page.get_attribute("#paper", "data-paper"), first)
        self.assertEqual(page.inner_text("#status"), f"{first} marked want · u undoes it")
        self.assertIn("want 1", page.inner_text("#counts"))
        second = self.press(page, "s")
        self.press(page, "u")
        self.assertEqual(logged_marks(self.db)[-1], (second, None))
        self.assertEqual(stored_marks(self.db), {first: "want"})
        self.assertEqual(page.get_attribute("#paper", "data-paper"), second)  # shown again, to decide anew
        self.press(page, "u")
        self.assertEqual(stored_marks(self.db), {})
        # The buttons say their keys, and a click is a decision too.
        self.assertEqual(page.inner_text('button[data-action="later"]'), "l later")
        shown = page.get_attribute("#paper", "data-paper")
        page.click('button[data-action="later"]')
        page.wait_for_selector(IDLE)
        self.assertEqual(stored_marks(self.db), {shown: "later"})
        # The history lists every decision, and takes one back from there.
        page.click("a[data-view=history]")
        page.wait_for_selector(IDLE)
        self.assertIn(f"{shown} marked later", " ".join(page.locator("#history li").first.inner_text().split()))
        page.locator("#history button.undo-mark").first.click()
        page.wait_for_selector(IDLE)
        self.assertEqual(stored_marks(self.db), {})

    def test_next_and_previous_move_without_deciding_and_the_page_reads_the_collection(self):
        self.serve()
        page = self.tab()
        first = self.press(page, "ArrowRight")
        second = page.get_attribute("#paper", "data-paper")
        self.assertNotEqual(first, second)
        self.press(page, "ArrowLeft")
        self.assertEqual(page.get_attribute("#paper", "data-paper"), first)
        self.assertEqual(logged_marks(self.db), [])
        # The words that weigh for the paper are highlighted, input text stays text.
        self.assertGreater(page.locator("#paper mark.for").count(), 0)
        self.assertEqual(page.locator("#paper script, #paper img").count(), 0)

    def test_text_from_inputs_is_shown_as_text(self):
        hostile = ('<img src=x onerror="document.body.dataset.owned=1"> and <script>document.body.dataset.owned=2'
                   '</script> in a snippet long enough to be a real abstract about injection and escaping…')
        self.serve([hostile, "An ordinary second paper about compilers and kernels, long enough to count…"])
        page = self.tab()
        dialogs = []
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
        for _ in range(2):
            if "onerror" in page.inner_text("#paper"):
                break
            self.press(page, "n")
        self.assertIn('<img src=x onerror="document.body.dataset.owned=1">', page.inner_text("#paper"))
        self.assertEqual(page.locator("#paper img, #paper script").count(), 0)
        self.assertIsNone(page.get_attribute("body", "data-owned"))
        self.assertEqual(dialogs, [])

    def test_a_record_read_by_its_title_shows_it_once_with_the_words_weighed(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        self.db = str(self.tmp.path / "c.db")
        ris = self.tmp.write("refs.ris", "TY  - JOUR\nTI  - Copper chelation in Wilson disease\nUR  - https://example.org/a\n"
                                         "ER  - \nTY  - JOUR\nAB  - Beta blockers in chronic heart failure: a trial of "
                                         "many patients over many years.\nER  - \nTY  - JOUR\nTI  - Wilson disease and "
                                         "copper in the liver\nER  - \n")
        self.assertEqual(run_cli("add", ris, "--db", self.db)[0], 0)
        self.assertEqual(run_cli("mark", "want", "p3", "--db", self.db)[0], 0)
        self.served = Served(self.db)
        self.addCleanup(self.served.close)
        self.url = f"http://127.0.0.1:{self.served.server.port}/?token={self.served.server.token}"
        page = self.tab()
        for _ in range(2):
            if page.get_attribute("#paper", "data-paper") == "p1":
                break
            self.press(page, "n")
        card = page.inner_text("#paper")
        self.assertEqual(card.count("Copper chelation in Wilson disease"), 1, card)
        self.assertEqual(page.locator("#paper .text").count(), 0)
        # Its title is its text: the words the ranking weighed are marked there, inside the record's link.
        self.assertEqual(page.get_attribute("#paper h2.title a", "href"), "https://example.org/a")
        self.assertGreater(page.locator("#paper h2.title a mark").count(), 0)

    def test_a_page_of_another_site_cannot_decide(self):
        self.serve()
        page = self.tab()
        # Without the run's token, from the page's own origin: refused.
        status = page.evaluate("async () => (await fetch('/api/decide', {method: 'POST', headers: {'Content-Type': "
                               "'application/json'}, body: JSON.stringify({paper: 'p1', mark: 'want'})})).status")
        self.assertEqual(status, 403)
        # Another origin on this machine: a form-like POST without the token, and one that even knows it.
        attacker = ThreadingHTTPServer(("127.0.0.1", 0), _Blank)
        threading.Thread(target=attacker.serve_forever, daemon=True).start()
        self.addCleanup(attacker.server_close)
        self.addCleanup(attacker.shutdown)
        other = self.browser.new_page()
        self.addCleanup(other.close)
        other.goto(f"http://127.0.0.1:{attacker.server_address[1]}/")
        target = f"http://127.0.0.1:{self.served.server.port}/api/decide"
        other.evaluate("async ([url, token]) => { "
                       "try { await fetch(url, {method: 'POST', mode: 'no-cors', body: '{\"paper\":\"p1\",\"mark\":\"want\"}'}); } catch (e) {} "
                       "try { await fetch(url, {method: 'POST', headers: {'Content-Type': 'application/json', "
                       "'X-Paperlist-Token': token}, body: '{\"paper\":\"p1\",\"mark\":\"want\"}'}); } catch (e) {} }",
                       [target, self.served.server.token])
        self.assertEqual(logged_marks(self.db), [])
        # The page without its token is refused, in words.
        other.goto(f"http://127.0.0.1:{self.served.server.port}/")
        self.assertIn("needs the address 'paperlist serve' printed", other.inner_text("body"))

    def test_two_tabs_and_a_terminal_at_once_lose_and_misapply_nothing(self):
        """1,000 decisions: 400 random key presses in each of two tabs and 200 marks in a terminal, at once."""
        self.serve(topic_texts(600), "copper in the liver")  # more papers than decisions: the queue never ends
        tabs = {"a": self.tab(), "b": self.tab()}
        papers = [r["id"] for r in self.served.json("GET", "/api/state?upcoming=1")[1]["upcoming"]]
        terminal = terminal_marks(self.db, papers, 200, 5)
        rng = random.Random(11)
        pressed = {name: [] for name in tabs}
        for _ in range(400):
            for name, page in tabs.items():
                key = rng.choice("wrslwrslunp")
                pressed[name].append((self.press(page, key), key))
        out, _ = terminal.communicate(timeout=300)
        by_terminal = [tuple(line.split()) for line in out.splitlines()]
        self.assertEqual(len(by_terminal), 200)
        self.assertNotIn("refused", {m for _, m in by_terminal})
        made = {}
        for name, page in tabs.items():
            done = page.evaluate("() => window.paperlistLog")
            decisions = [e for e in done if e["op"] == "decide"]
            # Every mark key pressed over a paper decided that very paper, with that key's mark.
            self.assertEqual([(e["paper"], e["mark"]) for e in decisions],
                             [(shown, KEYS[key]) for shown, key in pressed[name] if key in KEYS and shown])
            self.assertTrue(all(e["ok"] for e in decisions), [e for e in decisions if not e["ok"]])
            made[name] = [(e["paper"], e["mark"]) for e in done if e["op"] in ("decide", "undo") and e.get("ok")]
        log = logged_marks(self.db)
        self.assertEqual(Counter(log), Counter(made["a"] + made["b"] + by_terminal))
        for sequence in (made["a"], made["b"], by_terminal):
            self.assertTrue(is_subsequence(sequence, log))
        last = {}
        for paper, mark in log:
            last[paper] = mark
        self.assertEqual(stored_marks(self.db), {p: m for p, m in last.items() if m})
        self.assertGreater(len(made["a"]) + len(made["b"]), 500)


class _Blank(BaseHTTPRequestHandler):
    """Another site's page, on another port of this machine."""

    def do_GET(self):  # noqa: N802
        body = b"<!DOCTYPE html><title>elsewhere</title>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


if __name__ == "__main__":
    unittest.main()
