"""`ask --docs DIR --serve`: the engine over HTTP, JSON in and out, on 127.0.0.1 by default.

POST /ask and POST /search take a JSON object and answer with exactly what `ask --json`
(Answer.to_dict()) and the search mode print; GET /show, /status, /health and POST /refresh
need no body. GET / is the page for people (engine/serve/page/: HTML, CSS and JavaScript that
use these same endpoints), GET /file/<id> an indexed document's original file. Every failure
is a 4xx/5xx JSON object {"error", "hint"}: never a traceback for the client, never a dead
server. Connections get a thread each; questions share the engine and are answered in
parallel (Service's read lock), and a refresh runs aside (docs/serve.md, "Many people at once").

Sharing (docs/serve.md): beyond loopback a token is required (`--token`, ASK_TOKEN), sent as
`Authorization: Bearer <token>` and compared in constant time; every POST needs a JSON content
type, and a browser's `Origin` must be this server's own, so a page on another site cannot
drive it.
"""
from __future__ import annotations

import hmac
import ipaddress
import json
import mimetypes
import socket
import sys
import time
import traceback
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable
from urllib.parse import parse_qs, urlsplit

from ..errors import (AskError, BatchError, ConfigError, DocsError, IndexError_, NotFound,
                      UsageError)
from .service import Service

DEFAULT_PORT = 8765
MAX_BODY = 64 << 10  # bytes; a question is at most a few thousand characters
IDLE_TIMEOUT = 60    # seconds a connection may sit silent (or send a body slowly)

ENDPOINTS = ("GET / (the page)", "POST /ask", "POST /search", "GET /show", "GET /status",
             "GET /file/<id>", "GET /health", "POST /refresh")
OPEN = ("/", "/health")  # the page's shell and the health check need no token (nothing in them)
PAGE = {"/": ("index.html", "text/html; charset=utf-8"),
        "/page/app.css": ("app.css", "text/css; charset=utf-8"),
        "/page/app.js": ("app.js", "text/javascript; charset=utf-8")}
# the page runs only its own script and style, and no other site may frame it
PAGE_HEADERS = {"Content-Security-Policy": "default-src 'self'; img-src 'self' data: blob:; "
                "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
                "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"}

# which HTTP status each library error becomes (the first class that matches)
STATUS = ((NotFound, 404), (UsageError, 400), (BatchError, 400), (ConfigError, 400),
          (DocsError, 503), (IndexError_, 503), (AskError, 400))


class Raw:
    """A reply that is not JSON: the page's files, a document's original bytes."""

    def __init__(self, data: bytes, content_type: str, headers: dict | None = None):
        self.data, self.content_type, self.headers = data, content_type, headers or {}


class HTTPError(Exception):
    def __init__(self, code: int, message: str, hint: str = "", headers: dict | None = None):
        super().__init__(message)
        self.code, self.message, self.hint, self.headers = code, message, hint, headers or {}


def dump(obj: Any) -> str:
    """The bytes `ask --json` prints for the same object (cli._dump and a newline)."""
    return json.dumps(obj, ensure_ascii=False) + "\n"


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def url_of(host: str, port: int) -> str:
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    service: Service
    local_only: bool
    quiet: bool
    token: str | None


class _Server6(_Server):
    address_family = socket.AF_INET6


class Handler(BaseHTTPRequestHandler):
    server: _Server
    protocol_version = "HTTP/1.1"
    timeout = IDLE_TIMEOUT

    def version_string(self) -> str:
        from .. import __version__

        return f"ask/{__version__}"

    # -- routing -------------------------------------------------------------------------
    def do_GET(self) -> None:
        self._handle("GET")

    def do_POST(self) -> None:
        self._handle("POST")

    def do_PUT(self) -> None:
        self._handle("PUT")

    def do_DELETE(self) -> None:
        self._handle("DELETE")

    def do_PATCH(self) -> None:
        self._handle("PATCH")

    def _handle(self, method: str) -> None:
        start = time.perf_counter()
        self._extra: dict = {}
        try:
            body = self._body()  # read first: a connection kept alive must not hold leftovers
            self._check_host()
            url = urlsplit(self.path)
            route = ROUTES.get(url.path) or _prefixed(url.path)
            if route is None:
                raise HTTPError(404, f"no such endpoint: {url.path}", "endpoints: " + ", ".join(ENDPOINTS))
            want, fn = route
            if method != want:
                raise HTTPError(405, f"{url.path} takes {want}, not {method}",
                                f"send {want} {url.path}", {"Allow": want})
            self._check_token(url.path)
            if method == "POST":
                self._check_post()
            code, text = fn(self.server.service, url.path if fn in _BY_PATH else url.query, body)
        except HTTPError as e:
            code, text = e.code, dump({"error": e.message, "hint": e.hint})
            self._extra = e.headers
        except AskError as e:
            code = next(c for cls, c in STATUS if isinstance(e, cls))
            text = dump({"error": e.message, "hint": e.hint})
        except (ConnectionError, socket.timeout):
            self.close_connection = True
            return
        except Exception as e:  # a bug: logged in full on stderr, one line for the client
            traceback.print_exc(file=sys.stderr)
            code = 500
            text = dump({"error": f"internal error: {type(e).__name__}: {e}",
                         "hint": "the server keeps running; the traceback is on its stderr"})
        self._send(code, text, time.perf_counter() - start)

    def _check_host(self) -> None:
        """A page on another site can make a browser send requests to 127.0.0.1 under its own
        name (DNS rebinding); a loopback-only server answers only to loopback names."""
        if not self.server.local_only:
            return
        host = (self.headers.get("Host") or "").strip()
        name = host.rsplit(":", 1)[0] if not host.endswith("]") else host
        name = name.strip("[]")
        if not is_loopback(name):
            raise HTTPError(403, f"Host {host!r} is not allowed", "use http://127.0.0.1:PORT or http://localhost:PORT")

    def _check_token(self, path: str) -> None:
        """With a token, every request but the page's files and /health must carry it."""
        want = self.server.token
        if not want or path in OPEN or path in PAGE:
            return
        given = self.headers.get("Authorization") or ""
        scheme, _, value = given.partition(" ")
        if scheme.lower() != "bearer" or not hmac.compare_digest(value.strip().encode("utf-8", "replace"),
                                                                 want.encode("utf-8")):
            raise HTTPError(401, "this server needs its access token" if not given else "wrong access token",
                            "send the header Authorization: Bearer <token> (the token the server "
                            "was started with: --token or ASK_TOKEN)", {"WWW-Authenticate": "Bearer"})

    def _check_post(self) -> None:
        """A POST must say it is JSON, and a browser's Origin must be this server's: a form or
        script on another site can send neither (a JSON content type needs a CORS preflight,
        which this server never grants)."""
        kind = (self.headers.get("Content-Type") or "").split(";", 1)[0].strip().lower()
        if kind != "application/json":
            raise HTTPError(415, f"a POST must be JSON, not {kind or 'without a content type'}",
                            "send the header Content-Type: application/json")
        origin = self.headers.get("Origin")
        host = self.headers.get("Host", "")
        if origin is not None and origin.rstrip("/") not in (f"http://{host}", f"https://{host}"):
            raise HTTPError(403, f"requests from {origin!r} are not allowed",
                            "use the page this server serves, or a client that sends no Origin")

    def _body(self) -> bytes:
        if self.headers.get("Transfer-Encoding"):
            self.close_connection = True
            raise HTTPError(411, "chunked request bodies are not accepted", "send a Content-Length header")
        raw = self.headers.get("Content-Length")
        if raw is None:
            return b""
        try:
            n = int(raw)
            if n < 0:
                raise ValueError
        except ValueError:
            self.close_connection = True
            raise HTTPError(400, f"bad Content-Length {raw!r}", "send the body's length in bytes") from None
        if n > MAX_BODY:
            self.close_connection = True  # the body is not read
            raise HTTPError(413, f"request body of {n} bytes is over the limit of {MAX_BODY}",
                            "a request is one question; send questions one request each")
        return self.rfile.read(n)

    def _send(self, code: int, text: "str | Raw", seconds: float) -> None:
        if isinstance(text, Raw):
            data, kind = text.data, text.content_type
            self._extra = {**self._extra, **text.headers}
        else:
            data, kind = text.encode("utf-8", "surrogatepass"), "application/json; charset=utf-8"
        try:
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Cache-Control", "no-store")
            for k, v in self._extra.items():
                self.send_header(k, v)
            if self.close_connection:
                self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(data)
        except (ConnectionError, socket.timeout):
            self.close_connection = True
        if not self.server.quiet:
            shown = "".join(c if c.isprintable() else "?" for c in self.path[:200])
            sys.stderr.write(f"ask: {self.command} {shown} {code} ({seconds:.2f} s)\n")
            sys.stderr.flush()

    # -- what the base class sends by itself (bad request lines, unknown methods) ---------
    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        self.close_connection = True
        text = dump({"error": message or self.responses.get(code, ("error",))[0],
                     "hint": "endpoints: " + ", ".join(ENDPOINTS)})
        data = text.encode("utf-8")
        try:
            self.send_response(code)
            self.send_header("Content-Type", "application/json; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Connection", "close")
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(data)
        except (ConnectionError, socket.timeout):
            pass

    def log_message(self, format: str, *args) -> None:  # requests are logged by _send
        pass


# -- endpoints: (service, query string, body) -> (status, JSON text) ----------------------
def _json_body(body: bytes) -> Any:
    if not body:
        raise HTTPError(400, "the request has no body", 'send a JSON object, e.g. {"question": "..."}')
    try:
        return json.loads(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise HTTPError(400, "the request body is not UTF-8", "send JSON encoded as UTF-8") from None
    except json.JSONDecodeError as e:
        raise HTTPError(400, f"the request body is not valid JSON ({e.msg} at line {e.lineno} "
                             f"column {e.colno})", 'send a JSON object, e.g. {"question": "..."}') from None


def _query(query: str) -> dict[str, str]:
    try:
        q = parse_qs(query, keep_blank_values=True, strict_parsing=bool(query), errors="strict")
    except (ValueError, UnicodeDecodeError):
        raise HTTPError(400, f"cannot read the query string {query!r}",
                        "percent-encode the values as UTF-8, e.g. ?id=3f9a1c&locator=L12") from None
    for k, v in q.items():
        if len(v) > 1:
            raise HTTPError(400, f"{k!r} is given {len(v)} times", "give each parameter once")
    return {k: v[0] for k, v in q.items()}


def _ask(service: Service, query: str, body: bytes) -> tuple[int, str]:
    return 200, dump(service.ask(_json_body(body)).to_dict())


def _search(service: Service, query: str, body: bytes) -> tuple[int, str]:
    return 200, dump(service.search(_json_body(body)).to_dict())


def _show(service: Service, query: str, body: bytes) -> tuple[int, str]:
    from ..show import show_dict

    return 200, dump(show_dict(service.show(_query(query))))


def _status(service: Service, query: str, body: bytes) -> tuple[int, str]:
    return 200, dump(service.status())


def _health(service: Service, query: str, body: bytes) -> tuple[int, str]:
    return 200, dump({"ok": True})


def _refresh(service: Service, query: str, body: bytes) -> tuple[int, str]:
    return 200, dump(service.refresh())


def _page(service: Service, path: str, body: bytes) -> tuple[int, Raw]:
    from importlib.resources import files

    name, kind = PAGE[path]
    return 200, Raw(files("engine.serve").joinpath("page", name).read_bytes(), kind, PAGE_HEADERS)


def _file(service: Service, path: str, body: bytes) -> tuple[int, Raw]:
    """An indexed document's own bytes, by its full id: nothing else can be named."""
    doc_id = path[len("/file/"):]
    name, data = service.file(doc_id)
    kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
    if kind.startswith("text/") or kind in ("application/json", "text/csv"):
        kind += "; charset=utf-8"
    safe = "".join(c if c.isalnum() or c in "._-" else "_" for c in name.rsplit("/", 1)[-1])
    # never rendered as a page of this site: an HTML document is shown as its text
    headers = {"Content-Disposition": f'inline; filename="{safe}"', "X-Content-Type-Options": "nosniff",
               "Content-Security-Policy": "sandbox; default-src 'none'; style-src 'unsafe-inline'"}
    if kind.startswith("text/html"):
        kind = "text/plain; charset=utf-8"
    return 200, Raw(data, kind, headers)


_BY_PATH = (_page, _file)  # these take the path, the others the query string


def _prefixed(path: str):
    if path.startswith("/file/") and len(path) > len("/file/"):
        return ("GET", _file)
    if path in PAGE:
        return ("GET", _page)
    return None


ROUTES: dict[str, tuple[str, Callable[[Service, str, bytes], tuple[int, "str | Raw"]]]] = {
    "/ask": ("POST", _ask), "/search": ("POST", _search), "/show": ("GET", _show),
    "/status": ("GET", _status), "/health": ("GET", _health), "/refresh": ("POST", _refresh),
}


# -- running -----------------------------------------------------------------------------
def bind(host: str, port: int) -> _Server:
    """Listen before the engine loads, so a port in use fails at once, not after indexing."""
    cls = _Server6 if ":" in host else _Server
    try:
        return cls((host, port), Handler)
    except OSError as e:
        if e.errno in (98, 48, 10048):  # EADDRINUSE on Linux, macOS, Windows
            raise UsageError(f"port {port} on {host} is already in use",
                             "give another --port, or --port 0 for any free port") from None
        raise UsageError(f"cannot listen on {host}:{port}: {e.strerror or e}",
                         "check --host and --port (ports below 1024 need privileges)") from None


def serve(service: Service, server: _Server, *, quiet: bool, say: Callable[[str], None],
          token: str | None = None) -> int:
    """Load the engine, say where it listens, answer until SIGTERM (exit 0) or Ctrl-C (130)."""
    from . import stop_signals

    host, port = server.server_address[:2]
    server.service, server.quiet, server.token = service, quiet, token or None
    server.local_only = is_loopback(host)
    with stop_signals() as stopped:
        try:
            try:
                service.load()
            except BaseException:
                server.server_close()
                raise
            cov = service.engine.coverage()
            for note in service.engine.notes:
                say(f"note: {note}")
            if not server.local_only:
                say(f"listening on {host}, beyond this machine: every request but the page "
                    f"itself needs the token (Authorization: Bearer ...); the page asks for it")
            say(f"serving {url_of(host, port)} ({cov.documents} documents, {cov.passages} passages; "
                f"{', '.join(ENDPOINTS)}; Ctrl-C to stop)")
            server.serve_forever(poll_interval=0.5)
        except KeyboardInterrupt:
            stopped.code = 130
        finally:
            server.server_close()
            service.close()
    say("stopped (Ctrl-C)" if stopped.code == 130 else "stopped")
    return stopped.code
