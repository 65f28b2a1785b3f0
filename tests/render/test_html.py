"""The HTML report: self-contained, escaped, and checked in headless Chromium when one is installed."""

import html as html_module
import html.parser
import json
import os
import re
import shutil
import subprocess
import unittest

from tests.helpers import EXAMPLES, ROOT, TempDir, run_cli, write_years_of_lists

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
INSTALL = "no Chromium: install one with 'apt-get install chromium' (.ci/run does) to run the browser tests"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
HOSTILE = ('<script>alert(1)</script> and <img src=x onerror=alert(2)> and <a href="javascript:alert(3)">x</a> '
           "in a snippet long enough to be a real abstract of a paper about injection…")


class Links(html.parser.HTMLParser):
    """Every src and href, and every script element's attributes."""

    def __init__(self):
        super().__init__()
        self.urls, self.scripts = [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.urls += [(tag, name, attrs[name]) for name in ("src", "href") if name in attrs]
        if tag == "script":
            self.scripts.append(attrs)


def report(*argv) -> str:
    code, out, err = run_cli("report", *argv, "-o", "-")
    assert code == 0, err
    return out


class StaticTest(unittest.TestCase):
    def test_self_contained_with_a_strict_policy(self):
        page = report(str(EXAMPLES))
        self.assertRegex(page, r'<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; '
                               r"style-src 'sha256-[A-Za-z0-9+/=]+'; script-src 'sha256-[A-Za-z0-9+/=]+'; img-src data:")
        links = Links()
        links.feed(page)
        # Nothing is loaded from the network; links out (a paper's record, a search for it) are only followed.
        self.assertEqual([url for url in links.urls if url[2].startswith(("http:", "https:", "//"))
                          and not (url[0] == "a" and url[1] == "href")], [])
        outside = {url[2].split("?")[0] for url in links.urls if url[0] == "a" and url[2].startswith("http")}
        self.assertEqual(outside, {"https://scholar.google.com/scholar"})  # the examples have no URL or DOI
        self.assertEqual([s for s in links.scripts if "src" in s], [])
        self.assertNotIn("<link", page)

    def test_hostile_text_is_shown_as_text(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        tmp.write("evil.txt", f"Related papers: <b>bold</b> seed\n\n{HOSTILE}\n")
        tmp.write("evil.bib", "@misc{x, title={<script>t()</script> title}, url={javascript:alert(4)}, "
                              "abstract={" + HOSTILE + "}}\n")
        page = report(str(tmp.path))
        self.assertNotIn("<script>alert", page)
        self.assertNotIn("<img src=x", page)
        self.assertNotIn('href="javascript:', page)
        self.assertNotIn("<b>bold</b>", page)
        self.assertIn("&lt;script&gt;alert(1)&lt;/script&gt;", page)
        self.assertEqual(page.count("<script"), 2)  # the data block and the report's own script
        data = re.search(r'<script type="application/json" id="report-data">(.*?)</script>', page, re.S).group(1)
        self.assertNotIn("<", data)
        papers = json.loads(data)["papers"]
        self.assertIn(HOSTILE, [p["text"] for p in papers])
        self.assertEqual({p["url"] for p in papers}, {None})

    def test_heatmap_of_many_lists_draws_the_100_that_share_most(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        shared = "A paper every list shares, long enough to be a real abstract of some paper about lists…"
        for n in range(120):
            extra = f"\n\n{shared}" if n < 5 else ""
            tmp.write(f"l{n:03d}.txt", f"Related papers: list {n}\n\nSnippet {n} of its own, about topic {n}…{extra}\n")
        page = report(str(tmp.path))
        self.assertEqual(page.count('class="cell '), 100 * 99)
        self.assertIn("Only the 100 of 120 lists that share most papers are shown.", page)

    def test_years_of_lists_make_a_page_a_person_can_read(self):
        # 520 lists: 2,861 papers, 781 of them copied, one into 20 lists. The page keeps the first 2,000 papers,
        # 500 rows of lists, 500 groups and 12 copies a group, and names the command that lists the rest.
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        write_years_of_lists(tmp)
        page = report(str(tmp.path))
        data = json.loads(re.search(r'<script type="application/json" id="report-data">(.*?)</script>', page,
                                    re.S).group(1))
        self.assertEqual(len(data["papers"]), 2000)
        self.assertIn("The first 2000 of 2861 papers are here; <code>paperlist triage</code> on the same input lists "
                      "them all.", page)
        self.assertEqual(page.count('<tr><td class="n">'), 500)
        self.assertIn("and 20 more lists: <code>paperlist summarize --format csv</code>", page)
        self.assertEqual(page.count('<details class="group"'), 500)
        self.assertIn("and 281 more papers of this kind: <code>paperlist dupes</code>", page)
        group = re.search(r'<details class="group"[^>]*><summary><span class="kind">word for word</span>20 copies: '
                          r'(.*?) · ', page).group(1)
        self.assertEqual(group.split(", ")[-1], "l011.txt:17 and 8 more copies")
        self.assertIn("and 8 more copies: <code>paperlist dupes --explain</code>", page)
        self.assertLess(len(page), 3_000_000)

    def test_output_file_and_errors(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        target = str(tmp.path / "r.html")
        code, out, err = run_cli("report", str(EXAMPLES), "-o", target)
        self.assertEqual((code, out), (0, ""))
        self.assertRegex(err, rf"^wrote {re.escape(target)} \(\d+ KB\)\n$")
        self.assertTrue((tmp.path / "r.html").read_text(encoding="utf-8").startswith("<!doctype html>"))
        code, _, err = run_cli("report", str(EXAMPLES), "-o", str(tmp.path / "missing" / "r.html"))
        self.assertEqual(code, 2)
        self.assertIn("paperlist: error: writing", err)


@unittest.skipUnless(CHROMIUM, INSTALL)
class BrowserTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        self.page = str(self.tmp.path / "report.html")
        code, _, err = run_cli("report", str(EXAMPLES), "-o", self.page)
        self.assertEqual(code, 0, err)

    def chromium(self, *argv, url_suffix=""):
        profile = str(self.tmp.path / "profile")
        result = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "--enable-logging=stderr", "--v=0",
                                 "--virtual-time-budget=3000", *argv, f"file://{self.page}{url_suffix}"],
                                capture_output=True, text=True, timeout=120)
        return result

    def test_rendered_dom(self):
        result = self.chromium("--dump-dom")
        dom = result.stdout
        summary = json.loads(run_cli("summarize", str(EXAMPLES), "--format", "json")[1])
        dupes = json.loads(run_cli("dupes", str(EXAMPLES), "--format", "json")[1])
        self.assertEqual(len(re.findall(r'<rect class="bar[" ]', dom)), len(summary["totals"]["tags"]))
        lists = len(summary["lists"])
        self.assertEqual(dom.count('class="cell '), lists * (lists - 1))  # every pair, both ways, with its number
        self.assertEqual(dom.count('class="paper"'), summary["totals"]["papers"])
        groups = re.findall(r'<details class="group" data-group="(\d+)"', dom)
        self.assertEqual(sorted(map(int, groups)), sorted(g["id"] for g in dupes["groups"]))
        for group in dupes["groups"]:
            block = dom.split(f'data-group="{group["id"]}"')[1].split("</details>")[0]
            places = re.findall(r'data-place="([^"]+)"', block)
            self.assertEqual(places, [f"{m['path']}:{m['line']}" for m in group["members"]])
        self.assertIn("14 of 14 papers", dom)  # the script ran and rendered the reading list

    def test_search_filters_and_no_console_errors(self):
        result = self.chromium("--dump-dom", url_suffix="#search=federated")
        self.assertEqual(result.stdout.count('class="paper"'), 1)
        self.assertIn("1 of 14 papers matching", result.stdout)
        errors = [line for line in result.stderr.splitlines()
                  if "CONSOLE" in line or "Content Security Policy" in line or "Uncaught" in line]
        self.assertEqual(errors, [])
        tagged = self.chromium("--dump-dom", url_suffix="#tag=memory").stdout
        memory = json.loads(run_cli("summarize", str(EXAMPLES), "--format", "json")[1])["totals"]["tags"]["memory"]
        self.assertEqual(tagged.count('class="paper"'), memory)

    def test_screenshot_is_written(self):
        shot = str(self.tmp.path / "shot.png")
        self.chromium("--window-size=1280,800", f"--screenshot={shot}")
        with open(shot, "rb") as handle:
            self.assertEqual(handle.read(8), b"\x89PNG\r\n\x1a\n")
        self.assertGreater(os.path.getsize(shot), 10_000)


# Test-side measurement: a copy of the report gets this script (and loses its policy, which would block it);
# the script writes what it measured into the document that --dump-dom prints.
MEASURE = """<script>
addEventListener("load", function () { setTimeout(function () {
  var width = document.documentElement.clientWidth, wide = [];
  document.querySelectorAll("body *").forEach(function (el) {
    var box = el.getBoundingClientRect();
    if (box.right > width + 1 && !el.closest(".scroll") && box.width > 0) { wide.push(el.tagName + "." + el.className); }
  });
  var first = document.querySelector("#reading li");
  var overview = document.getElementById("overview").getBoundingClientRect();
  var out = document.createElement("pre");
  out.id = "measured";
  out.textContent = JSON.stringify({wide: wide.slice(0, 10), width: width, screen: innerHeight,
    firstEntry: first.getBoundingClientRect().top + scrollY, overviewEnd: overview.bottom + scrollY,
    marks: Array.from(document.querySelectorAll("#reading mark:not(.for):not(.against)")).map(function (m) { return m.textContent; })});
  document.body.appendChild(out);
}, 200); });
</script>"""


@unittest.skipUnless(CHROMIUM, INSTALL)
class LayoutTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)

    def measure(self, lists: str, width: int, height: int, fragment: str = "") -> dict:
        document = run_cli("report", lists, "-o", "-")[1]
        document = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', "", document).replace(
            "</body>", MEASURE + "</body>")
        page = self.tmp.write("measured.html", document)
        result = subprocess.run([CHROMIUM, *FLAGS, f"--user-data-dir={self.tmp.path / 'profile'}",
                                 f"--window-size={width},{height}", "--virtual-time-budget=5000", "--dump-dom",
                                 f"file://{page}{fragment}"], capture_output=True, text=True, timeout=120)
        found = re.search(r'<pre id="measured">(.*?)</pre>', result.stdout, re.S)
        self.assertIsNotNone(found, result.stderr[-2000:])
        return json.loads(html_module.unescape(found.group(1)))

    def many_lists(self) -> str:
        for n in range(40):
            self.tmp.write(f"lists/alert_{n:02d}.txt", f"Related papers: Seed paper number {n} on fuzzing compilers\n\n"
                           f"Shared snippet about fuzzing compilers with grammars to find bugs in production compilers.\n\n"
                           f"Unique snippet {n} about something else entirely, different from every other list here.\n")
        return str(self.tmp.path / "lists")

    def test_the_reading_list_comes_first(self):
        measured = self.measure(self.many_lists(), 1280, 900)
        self.assertLess(measured["firstEntry"] - measured["overviewEnd"], measured["screen"])

    def test_nothing_wider_than_a_phone_outside_a_scroll_box(self):
        for lists in (str(EXAMPLES), self.many_lists()):
            with self.subTest(lists=os.path.basename(lists)):
                measured = self.measure(lists, 390, 844)
                self.assertEqual(measured["wide"], [], measured)

    def test_search_highlights_what_it_found(self):
        measured = self.measure(str(EXAMPLES), 1280, 900, "#search=federated")
        self.assertEqual(measured["marks"], ["Federated"])

    def test_the_heatmap_names_lists_by_their_seed_titles(self):
        document = run_cli("report", self.many_lists(), "-o", "-")[1]
        self.assertIn('<th scope="row" title="Seed paper number 3 on fuzzing compilers">4</th>', document)
        self.assertIn('<span title="Seed paper number 0 on fuzzing compilers">Seed paper number 0 on fuzzing compilers'
                      '</span>', document)


class TopicsTest(unittest.TestCase):
    def test_a_tag_in_most_papers_goes_apart_and_each_tag_names_its_list(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        lists = {"a": ["Large language models repair compiler bugs that fuzzing finds overnight…",
                       "We ask large language models to write unit tests for legacy banking code…",
                       "Students who use large language models finish programming exercises faster…",
                       "GPU clusters schedule training jobs in shifts across university departments…"],
                 "b": ["Code written by large language models leaks secrets, a privacy risk for companies…",
                       "Prompt injection lets attackers steer large language models into unsafe actions…",
                       "We audit privacy policies of apps that ship large language models on phones…",
                       "Differential privacy for the training data of large language models, at a cost…"]}
        for name, texts in lists.items():
            tmp.write(f"{name}.txt", f"Related papers: Seed {name.upper()}\n\n" + "\n\n".join(texts) + "\n")
        page = run_cli("report", str(tmp.path), "-o", "-")[1]
        topics = page[page.index('<section id="topics">'):page.index("</section>", page.index('<section id="topics">'))]
        before, after = topics.split("In more than half of the 8 papers, so they tell the lists apart from nothing:")
        self.assertIn('data-tag="large-language-models"', after)
        self.assertNotIn('data-tag="large-language-models"', before)
        self.assertIn('data-tag="security-privacy"', before)
        self.assertIn("most in Seed B (3 of 4)", before)  # the privacy papers
        self.assertNotIn("most in Seed A", before)  # its one GPU paper says nothing about the list


class PlacesTest(unittest.TestCase):
    def test_an_alert_item_is_placed_by_its_alert_and_the_day_it_was_sent(self):
        page = report(str(ROOT / "tests" / "data" / "formats" / "citations.eml"))
        data = json.loads(re.search(r'<script type="application/json" id="report-data">(.*?)</script>', page,
                                    re.S).group(1))
        places = {place for p in data["papers"] for place in p["places"]}
        self.assertEqual(len(places), 1)
        self.assertRegex(places.pop(), r"^the alert “.+” of 2025-11-03$")
        # A list file keeps its file and line.
        data = json.loads(re.search(r'id="report-data">(.*?)</script>', report(str(EXAMPLES)), re.S).group(1))
        self.assertIn("data-loading.txt:3", {place for p in data["papers"] for place in p["places"]})
