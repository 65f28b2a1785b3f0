"""The triage page over HTTP: only this machine, only with the run's token, no change on GET, no decision lost."""

import http.client
import json
import os
import random
import re
import subprocess
import sys
import threading
import unittest
from collections import Counter

from paperlist.collection.store import Store
from paperlist.tagging.tags import TagMatcher, builtin_rules
from paperlist.web.app import Triage
from paperlist.web.server import NO_TOKEN, TriageServer
from paperlist.render.keys import DEFAULT_KEYS
from tests.helpers import TempDir, run_cli
from tests.web.test_app import collection

MARKS = ("want", "read", "skip", "later")
LOGGED = re.compile(r"^(p\d+) (?:marked (\w+)|mark cleared|had no mark)")


def topic_texts(count: int, seed: int = 7) -> list[str]:
    """``count`` distinct made-up abstracts over a few topics, so that marks move the ranking."""
    rng = random.Random(seed)
    topics = [["copper", "liver", "wilson", "chelation", "zinc"], ["heart", "failure", "blood", "pressure", "beta"],
              ["graph", "neural", "nodes", "edges", "sampling"], ["compiler", "kernel", "fusion", "operators", "gpu"]]
    words = ["study", "method", "results", "patients", "system", "training", "data", "model", "trial", "cohort"]
    return [f"Paper {n} on " + " ".join(rng.choice(topics[n % 4]) if rng.random() < 0.5 else rng.choice(words)
                                        for _ in range(18)) + f" number {n}." for n in range(count)]


def logged_marks(db: str) -> list[tuple[str, str | None]]:
    """Every mark decision of the collection's history, in order: (paper, mark after it)."""
    code, out, err = run_cli("db", "log", "--db", db)
    assert code == 0, err
    found = []
    for line in out.splitlines():
        _, _, rest = line.partition("  ")
        action, _, detail = rest.strip().partition(" ")
        if action == "mark":
            m = LOGGED.match(detail.strip())
            assert m, detail
            found.append((m.group(1), m.group(2)))
    return found


def stored_marks(db: str) -> dict[str, str]:
    code, out, _ = run_cli("triage", "--db", db, "--all", "--format", "json")
    return {f"p{p['paper']}": p["mark"] for p in json.loads(out)["papers"] if p["mark"]}


def terminal_marks(db: str, papers: list[str], count: int, seed: int) -> subprocess.Popen:
    """A terminal marking ``count`` random papers with random marks, in a process of its own; it prints each
    decision as "p41 want" (or "p41 refused") the moment it is made."""
    script = ("import io, random\nfrom paperlist.cli.main import main\n"
              f"rng, papers = random.Random({seed}), {papers!r}\n"
              f"for _ in range({count}):\n"
              "    paper, mark = rng.choice(papers), rng.choice(('want', 'read', 'skip', 'later'))\n"
              f"    code = main(['mark', mark, paper, '--db', {db!r}], stdout=io.StringIO(), stderr=io.StringIO())\n"
              "    print(paper, mark if code == 0 else 'refused', flush=True)\n")
    return subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                            text=True)


def is_subsequence(part: list, whole: list) -> bool:
    it = iter(whole)
    return all(any(x == y for y in it) for x in part)


class Served:
    """A TriageServer on 127.0.0.1 in a thread of the test, and requests to it."""

    def __init__(self, db: str) -> None:
        self.store = Store(db, create=False)
        self.server = TriageServer(Triage(self.store, TagMatcher(builtin_rules()).tag), "t0ken-for-tests",
                                   DEFAULT_KEYS, 0, lambda line: None, timeout=1.0)
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.store.close()

    def request(self, method: str, path: str, body: object = None, headers: dict | None = None,
                token: bool = True) -> tuple[int, dict, bytes]:
        connection = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        sent = {"Host": f"127.0.0.1:{self.server.port}"}
        if token:
            sent["X-Paperlist-Token"] = self.server.token
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            sent["Content-Type"] = "application/json"
        sent.update(headers or {})
        try:
            connection.request(method, path, body=data, headers=sent)
            answer = connection.getresponse()
            return answer.status, dict(answer.getheaders()), answer.read()
        finally:
            connection.close()

    def json(self, method: str, path: str, body: object = None, **kwargs) -> tuple[int, dict]:
        status, _, data = self.request(method, path, body, **kwargs)
        return status, json.loads(data)


class ServerTest(unittest.TestCase):
    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        self.db = collection(self.tmp)
        self.served = Served(self.db)
        self.addCleanup(self.served.close)
        self.first = self.served.json("GET", "/api/state")[1]["cards"][0]["id"]

    def test_the_page_needs_the_token_and_holds_no_input_text(self):
        status, _, data = self.served.request("GET", "/", token=False)
        self.assertEqual((status, data.decode()), (403, NO_TOKEN))
        status, headers, data = self.served.request("GET", "/?token=wrong", token=False)
        self.assertEqual(status, 403)
        status, headers, data = self.served.request("GET", "/?token=t0ken-for-tests", token=False)
        self.assertEqual(status, 200)
        self.assertEqual(headers["Content-Security-Policy"].split(";")[:2], ["default-src 'none'", " script-src 'self'"])
        self.assertEqual(headers["Referrer-Policy"], "no-referrer")
        page = data.decode()
        self.assertIn('<script src="/assets/desk.js" defer></script>', page)
        self.assertNotIn("Copper", page)  # papers come through the API, written by the script as text
        self.assertEqual(self.served.request("GET", "/api/state", token=False)[0], 403)

    def test_only_this_machines_names_are_answered(self):
        status, _, data = self.served.request("GET", "/api/state", headers={"Host": "attacker.example:80"})
        self.assertEqual((status, data), (421, b"this server answers only to 127.0.0.1 and localhost\n"))
        status, _, _ = self.served.request("GET", "/api/state", headers={"Host": f"localhost:{self.served.server.port}"})
        self.assertEqual(status, 200)

    def test_a_change_needs_the_token_header_json_and_the_pages_origin(self):
        body = {"paper": self.first, "mark": "want"}
        port = self.served.server.port
        refused = [
            (self.served.json("POST", "/api/decide", body, token=False), 403, "a change needs the run's token in "
                                                                              "the X-Paperlist-Token header"),
            (self.served.json("POST", f"/api/decide?token={self.served.server.token}", body, token=False), 403, None),
            (self.served.json("POST", "/api/decide", body, headers={"Origin": "http://attacker.example"}), 403,
             "a change must come from the triage page itself (another origin sent it)"),
            (self.served.json("POST", "/api/decide", body, headers={"Sec-Fetch-Site": "cross-site"}), 403, None),
            (self.served.json("POST", "/api/decide", body, headers={"Content-Type": "text/plain"}), 415,
             "a change is sent as application/json"),
        ]
        for (status, answer), expected, message in refused:
            self.assertEqual(status, expected, answer)
            if message:
                self.assertEqual(answer["error"], message)
        self.assertEqual(logged_marks(self.db), [])  # nothing of that reached the collection
        status, answer = self.served.json("POST", "/api/decide", body, headers={"Origin": f"http://127.0.0.1:{port}",
                                                                                 "Sec-Fetch-Site": "same-origin"})
        self.assertEqual((status, answer["decided"]["after"]), (200, "want"))
        self.assertEqual(logged_marks(self.db), [(self.first, "want")])

    def test_get_never_changes_anything_and_nothing_outside_the_routes_is_served(self):
        for path in ("/api/decide", f"/api/decide?paper={self.first}&mark=want", "/api/not-same",
                     "/../../etc/passwd", "/assets/../app.py", "/assets/report.js", "/assets/%2e%2e/server.py",
                     "/src/paperlist/web/server.py"):
            with self.subTest(path):
                self.assertEqual(self.served.request("GET", path)[0], 404)
        self.assertEqual(self.served.request("PUT", "/api/decide", {"paper": self.first, "mark": "want"})[0], 405)
        self.assertEqual(logged_marks(self.db), [])
        status, headers, data = self.served.request("GET", "/assets/desk.js", token=False)
        self.assertEqual((status, headers["Content-Type"]), (200, "text/javascript; charset=utf-8"))

    def test_the_export_is_a_download_of_the_wanted_papers(self):
        self.served.json("POST", "/api/decide", {"paper": self.first, "mark": "want"})
        status, headers, data = self.served.request("GET", f"/api/export?format=bibtex&mark=want&token="
                                                           f"{self.served.server.token}", token=False)
        self.assertEqual((status, headers["Content-Disposition"]), (200, 'attachment; filename="paperlist-want.bib"'))
        self.assertEqual(data.decode().count("@"), 1)

    def test_bad_requests_say_what_is_wrong(self):
        cases = [({"paper": "41", "mark": "want"}, 400, "expected a paper id such as p41, got '41'"),
                 ({"paper": self.first}, 400, "decide needs a mark (want, read, skip or later; null clears it)"),
                 ({"paper": "p999", "mark": "want"}, 409, None)]
        for body, status, message in cases:
            got, answer = self.served.json("POST", "/api/decide", body)
            self.assertEqual(got, status, answer)
            if message:
                self.assertEqual(answer["error"], message)
        # A body announced and never sent ties up nothing: the request is answered once the timeout is over.
        status, _, data = self.served.request("POST", "/api/decide", headers={"Content-Type": "application/json",
                                                                               "Content-Length": "9"})
        self.assertEqual((status, json.loads(data)), (408, {"error": "the request's body did not arrive"}))


class ConcurrentDecisionsTest(unittest.TestCase):
    """Two clients of the page and a terminal's `mark` loop at once: no decision lost, misapplied or reordered."""

    def test_every_decision_lands_on_its_paper_in_the_order_made(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        db = collection(tmp, topic_texts(60), seed="copper in the liver")
        served = Served(db)
        self.addCleanup(served.close)
        papers = [r["id"] for r in served.json("GET", "/api/state?upcoming=1")[1]["upcoming"]]
        self.assertEqual(len(papers), 60)
        made: dict[str, list[tuple[str, str | None]]] = {"a": [], "b": []}
        failures: list[BaseException] = []

        def client(name: str, seed: int) -> None:
            try:
                decide(name, seed)
            except BaseException as exc:  # noqa: BLE001 - failed below, in the test's own thread
                failures.append(exc)

        def decide(name: str, seed: int) -> None:
            rng = random.Random(seed)
            mine: list[tuple[str, str | None, str]] = []
            for _ in range(150):
                if mine and rng.random() < 0.2:  # undo this client's last decision, unless decided since
                    paper, before, after = mine.pop()
                    status, answer = served.json("POST", "/api/decide", {"paper": paper, "mark": before,
                                                                          "expect": after})
                    if status == 200:
                        made[name].append((paper, before))
                    else:
                        self.assertEqual(status, 409, answer)
                    continue
                state = served.json("GET", "/api/state")[1]
                shown = state["cards"][0]["id"] if state["cards"] else rng.choice(papers)
                mark = rng.choice(MARKS)
                status, answer = served.json("POST", "/api/decide", {"paper": shown, "mark": mark})
                self.assertEqual((status, answer["decided"]["paper"], answer["decided"]["after"]), (200, shown, mark))
                mine.append((shown, answer["decided"]["before"], mark))
                made[name].append((shown, mark))

        terminal = terminal_marks(db, papers, 100, 3)
        threads = [threading.Thread(target=client, args=(name, n)) for n, name in enumerate(made)]
        for t in threads:
            t.start()
        out, _ = terminal.communicate(timeout=300)
        for t in threads:
            t.join(timeout=300)
        self.assertEqual(failures, [])
        by_terminal = [(p, m) for p, m in (line.split() for line in out.splitlines())]
        self.assertNotIn("refused", {m for _, m in by_terminal})
        self.assertEqual(len(by_terminal), 100)
        log = logged_marks(db)
        every = made["a"] + made["b"] + by_terminal
        self.assertGreaterEqual(len(every), 350)
        self.assertEqual(Counter(log), Counter(every))  # none lost, none added, each on its own paper
        for sequence in (made["a"], made["b"], by_terminal):
            self.assertTrue(is_subsequence(sequence, log))  # in the order each client made them
        last: dict[str, str | None] = {}
        for paper, mark in log:
            last[paper] = mark
        self.assertEqual(stored_marks(db), {p: m for p, m in last.items() if m})


if __name__ == "__main__":
    unittest.main()


class ServeCommandTest(unittest.TestCase):
    """`paperlist serve` as a user runs it: the address it prints answers, SIGTERM stops it cleanly."""

    def setUp(self):
        self.tmp = TempDir()
        self.addCleanup(self.tmp.cleanup)
        self.db = collection(self.tmp)

    def test_it_prints_its_address_answers_there_and_stops_cleanly(self):
        server = subprocess.Popen([sys.executable, "-m", "paperlist", "serve", "--port", "0", "--db", self.db],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  env={**os.environ, "COLUMNS": "200"})
        self.addCleanup(lambda: server.poll() is None and server.kill())
        # The built-in rules tag none of these papers on liver and heart disease: the page shows their topics.
        self.assertEqual(server.stderr.readline(), "paperlist: note: the built-in tag rules (deep-learning systems) "
                         "describe too few of the papers: the page tags them with the topics found in the collection "
                         "itself\n")
        head = server.stderr.readline()
        self.assertEqual(head, f"paperlist: triage page for {self.db} (8 papers, 8 to decide):\n")
        url = server.stderr.readline().strip()
        found = re.fullmatch(r"http://127\.0\.0\.1:(\d+)/\?token=([A-Za-z0-9_-]{32})", url)
        self.assertTrue(found, url)
        self.assertIn("Ctrl-C stops it", server.stderr.readline())
        connection = http.client.HTTPConnection("127.0.0.1", int(found.group(1)), timeout=30)
        connection.request("GET", f"/?token={found.group(2)}")
        self.assertEqual(connection.getresponse().status, 200)
        connection.close()
        server.terminate()
        out, err = server.communicate(timeout=30)
        self.assertEqual((server.returncode, out), (0, ""))
        self.assertEqual(err, "paperlist: stopped; every decision is in the collection ('paperlist db log' lists "
                              "them)\n")

    def test_a_port_in_use_a_missing_or_read_only_collection_are_one_line_each(self):
        import socket
        taken = socket.socket()
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        self.addCleanup(taken.close)
        port = taken.getsockname()[1]
        code, out, err = run_cli("serve", "--db", self.db, "--port", str(port))
        self.assertEqual(code, 2)
        self.assertRegex(err, rf"^paperlist: error: cannot listen on 127\.0\.0\.1:{port}: .+ \(another program may "
                              r"use it: give another port with --port N, or --port 0 for any free one\)\n$")
        code, _, err = run_cli("serve", "--db", str(self.tmp.path / "none.db"))
        self.assertEqual((code, err), (2, f"paperlist: error: {self.tmp.path / 'none.db'}: no collection here "
                                          "(create one with 'paperlist add')\n"))
        self.assertEqual(run_cli("serve", "--port", "70000")[0], 2)
        if os.geteuid() != 0:  # root writes any file: the check is then the store's own tests'
            os.chmod(self.db, 0o444)
            code, _, err = run_cli("serve", "--db", self.db)
            self.assertEqual(code, 2)
            self.assertEqual(err.count("\n"), 1)


class ClientGoneTest(unittest.TestCase):
    def test_a_client_that_leaves_mid_answer_is_no_error(self):
        tmp = TempDir()
        self.addCleanup(tmp.cleanup)
        served = Served(collection(tmp))
        self.addCleanup(served.close)
        logged = []
        served.server.log = logged.append
        for _ in range(20):
            connection = http.client.HTTPConnection("127.0.0.1", served.server.port, timeout=30)
            connection.request("GET", "/assets/desk.js")
            connection.sock.close()  # gone before the answer is read
        served.json("GET", "/api/state")  # still answering
        try:
            raise BrokenPipeError(32, "Broken pipe")
        except BrokenPipeError:
            served.server.handle_error(None, ("127.0.0.1", 1))
        try:
            raise ValueError("a bug")
        except ValueError:
            served.server.handle_error(None, ("127.0.0.1", 1))
        self.assertEqual(logged, ["error: ValueError: a bug"])
