"""The triage page over HTTP, on 127.0.0.1 only: the one module of paperlist that speaks HTTP.

Every request must name this machine (the Host header: a page of another site that a DNS trick points here is
refused) and carry the run's token: in the page's address for the page and GETs, in a header for changes.
A change is a POST with a JSON body from the page's own origin; a GET never changes anything. The server
answers only the routes below: no path is ever looked up on disk.
"""

from __future__ import annotations

import hmac
import json
import sys
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from paperlist.render.desk import ASSETS, asset, render_desk_page
from paperlist.web.app import PageError, Triage, passed_papers

HOST = "127.0.0.1"
TOKEN_HEADER = "X-Paperlist-Token"
MAX_BODY = 64 * 1024
PAGE_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; "
               "base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
NO_TOKEN = ("This page needs the address 'paperlist serve' printed: it carries the run's token. Look in the "
            "terminal where it runs.\n")


class TriageServer(ThreadingHTTPServer):
    """The HTTP server of one ``paperlist serve`` run."""

    daemon_threads = True
    block_on_close = False

    def __init__(self, triage: Triage, token: str, keys: dict[str, list[str]], port: int = 0,
                 log: Callable[[str], None] = lambda line: None, timeout: float = 10.0) -> None:
        self.triage, self.token, self.keys, self.log = triage, token, keys, log
        self.timeout = timeout  # seconds a connection may wait for a request or its body
        super().__init__((HOST, port), Handler)

    @property
    def port(self) -> int:
        return int(self.server_address[1])

    @property
    def url(self) -> str:
        return f"http://{HOST}:{self.port}/?token={self.token}"

    def handle_error(self, request: object, client_address: object) -> None:
        """A client that went away mid-answer (a closed tab) is no error; anything else is one line, never a
        traceback."""
        kind, value = sys.exc_info()[:2]
        if kind is not None and not issubclass(kind, (ConnectionError, TimeoutError)):
            self.log(f"error: {kind.__name__}: {value}")

    def hosts(self) -> set[str]:
        return {f"{HOST}:{self.port}", f"localhost:{self.port}"}


class Handler(BaseHTTPRequestHandler):
    server: TriageServer
    server_version = "paperlist"
    sys_version = ""
    protocol_version = "HTTP/1.1"
    # Headers and body leave in two writes: with Nagle's algorithm the body would wait for the client's delayed
    # acknowledgement of the headers.
    disable_nagle_algorithm = True

    def setup(self) -> None:
        self.timeout = self.server.timeout  # a request that never arrives whole ties up no thread for long
        super().setup()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - the base class names it so
        """Requests are not logged (a decision is in the collection's history); errors are, by ``log_error``."""

    def log_error(self, format: str, *args: object) -> None:  # noqa: A002
        self.server.log("error: " + format % args)

    # -- routes --------------------------------------------------------------------------------------------
    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self._answer(self._get)

    def do_HEAD(self) -> None:  # noqa: N802
        self._answer(self._get, body=False)

    def do_POST(self) -> None:  # noqa: N802
        self._answer(self._post)

    def _other(self) -> None:
        self._send(405, "text/plain; charset=utf-8", b"method not allowed\n", {"Allow": "GET, HEAD, POST"})

    do_PUT = do_DELETE = do_PATCH = do_OPTIONS = _other  # noqa: N815

    def _get(self) -> tuple[int, str, bytes, dict[str, str]]:
        url = urlsplit(self.path)
        query = {k: v[-1] for k, v in parse_qs(url.query).items()}
        if url.path.startswith("/assets/"):
            name = url.path.removeprefix("/assets/")
            if name not in ASSETS:
                raise PageError(404, "not found")
            return 200, ASSETS[name], asset(name).encode("utf-8"), {"Cache-Control": "no-cache"}
        if url.path == "/favicon.ico":
            return 204, "image/x-icon", b"", {}
        if url.path == "/":
            if not self._token_ok(query.get("token")):
                return 403, "text/plain; charset=utf-8", NO_TOKEN.encode("utf-8"), {}
            page = render_desk_page(self.server.token, self.server.keys)
            return 200, "text/html; charset=utf-8", page.encode("utf-8"), {"Content-Security-Policy": PAGE_POLICY}
        if not url.path.startswith("/api/"):
            raise PageError(404, "not found")
        if not self._token_ok(self.headers.get(TOKEN_HEADER) or query.get("token")):
            raise PageError(403, "this request needs the run's token (open the address 'paperlist serve' printed)")
        triage = self.server.triage
        route = url.path.removeprefix("/api/")
        if route == "state":
            return _json(triage.state(passed_papers(query.get("passed", "")), query.get("upcoming") == "1"))
        if route == "paper":
            return _json(triage.paper(query.get("id")))
        if route == "list":
            return _json(triage.listing(query.get("mark", "")))
        if route == "history":
            return _json(triage.history())
        if route == "export":
            name, media, text = triage.export(query.get("format", ""), query.get("mark", "want"))
            return 200, f"{media}; charset=utf-8", text.encode("utf-8"), {
                "Content-Disposition": f'attachment; filename="{name}"'}
        raise PageError(404, "not found")

    def _post(self) -> tuple[int, str, bytes, dict[str, str]]:
        url = urlsplit(self.path)
        if not self._token_ok(self.headers.get(TOKEN_HEADER)):
            raise PageError(403, f"a change needs the run's token in the {TOKEN_HEADER} header")
        origin = self.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc not in self.server.hosts():
            raise PageError(403, "a change must come from the triage page itself (another origin sent it)")
        if self.headers.get("Sec-Fetch-Site") not in (None, "same-origin"):
            raise PageError(403, "a change must come from the triage page itself (another site sent it)")
        if (self.headers.get("Content-Type") or "").split(";")[0].strip() != "application/json":
            raise PageError(415, "a change is sent as application/json")
        body = self._body()
        triage = self.server.triage
        passed = passed_papers(body.get("passed", []))
        if url.path == "/api/decide":
            if "mark" not in body:
                raise PageError(400, "decide needs a mark (want, read, skip or later; null clears it)")
            return _json(triage.decide(body.get("paper"), body["mark"], body.get("expect", False), passed))
        if url.path == "/api/not-same":
            return _json(triage.not_same(body.get("a"), body.get("b"), bool(body.get("undo")), passed))
        raise PageError(404, "not found")

    # -- checks and answers ---------------------------------------------------------------------------------
    def _token_ok(self, given: str | None) -> bool:
        return given is not None and hmac.compare_digest(given.encode("utf-8", "replace"),
                                                         self.server.token.encode("utf-8"))

    def _body(self) -> dict[str, object]:
        try:
            length = int(self.headers.get("Content-Length") or "")
        except ValueError:
            raise PageError(411, "a change needs its Content-Length") from None
        if not 0 <= length <= MAX_BODY:
            raise PageError(413, "the request is too large")
        try:
            data = self.rfile.read(length)
        except OSError:  # the socket's timeout
            raise PageError(408, "the request's body did not arrive") from None
        try:
            body = json.loads(data or b"{}")
        except (UnicodeDecodeError, json.JSONDecodeError):
            raise PageError(400, "the request is not JSON") from None
        if not isinstance(body, dict):
            raise PageError(400, "the request is not a JSON object")
        return body

    def _answer(self, route: Callable[[], tuple[int, str, bytes, dict[str, str]]], body: bool = True) -> None:
        if self.headers.get("Host") not in self.server.hosts():
            self._send(421, "text/plain; charset=utf-8", b"this server answers only to 127.0.0.1 and localhost\n",
                       {}, body)
            return
        try:
            status, media, data, headers = route()
        except PageError as exc:
            status, media, data, headers = _json({"error": str(exc)}, exc.status)
        except Exception as exc:  # noqa: BLE001 - one request's failure is said to the page, the server goes on
            self.server.log(f"error: {self.command} {self.path.split('?')[0]}: {type(exc).__name__}: {exc}")
            status, media, data, headers = _json({"error": f"internal error: {type(exc).__name__}: {exc}"}, 500)
        if self.command == "POST" and status >= 400:
            # The body may be left unread: this connection cannot carry another request.
            self.close_connection = True
            headers["Connection"] = "close"
        self._send(status, media, data, headers, body)

    def _send(self, status: int, media: str, data: bytes, headers: dict[str, str], body: bool = True) -> None:
        self.send_response(status)
        self.send_header("Content-Type", media)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", headers.pop("Cache-Control", "no-store"))
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        self.send_header("X-Frame-Options", "DENY")
        for name, value in headers.items():
            self.send_header(name, value)
        self.end_headers()
        if body:
            self.wfile.write(data)


def _json(document: object, status: int = 200) -> tuple[int, str, bytes, dict[str, str]]:
    return status, "application/json", json.dumps(document, ensure_ascii=True).encode("ascii"), {}
