"""`ask --docs DIR --serve`: the engine over HTTP, JSON in and out, on 127.0.0.1 by default.

POST /ask and POST /search take a JSON object and answer with exactly what `ask --json`
(Answer.to_dict()) and the search mode print; GET /show, /status, /health and POST /refresh
need no body. Every failure is a 4xx/5xx JSON object {"error", "hint"}: never a traceback
for the client, never a dead server. Connections get a thread each; the engine one request
at a time (Service's lock).
"""
from __future__ import annotations

import ipaddress
import json
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
MAX_BODY = 1 << 20   # bytes; a question is at most a few thousand characters
IDLE_TIMEOUT = 60    # seconds a connection may sit silent (or send a body slowly)

ENDPOINTS = ("POST /ask", "POST /search", "GET /show", "GET /status", "GET /health", "POST /refresh")

# which HTTP status each library error becomes (the first class that matches)
STATUS = ((NotFound, 404), (UsageError, 400), (BatchError, 400), (ConfigError, 400),
          (DocsError, 503), (IndexError_, 503), (AskError, 400))


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
            route = ROUTES.get(url.path)
            if route is None:
                raise HTTPError(404, f"no such endpoint: {url.path}", "endpoints: " + ", ".join(ENDPOINTS))
            want, fn = route
            if method != want:
                raise HTTPError(405, f"{url.path} takes {want}, not {method}",
                                f"send {want} {url.path}", {"Allow": want})
            code, text = fn(self.server.service, url.query, body)
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

    def _send(self, code: int, text: str, seconds: float) -> None:
        data = text.encode("utf-8", "surrogatepass")
        try:
            self.send_response(code)
            self.send_header("Content-Type", "application/json; charset=utf-8")
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


ROUTES: dict[str, tuple[str, Callable[[Service, str, bytes], tuple[int, str]]]] = {
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


def serve(service: Service, server: _Server, *, quiet: bool, say: Callable[[str], None]) -> int:
    """Load the engine, say where it listens, answer until SIGTERM (exit 0) or Ctrl-C (130)."""
    from . import stop_signals

    host, port = server.server_address[:2]
    server.service, server.quiet = service, quiet
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
                say(f"warning: listening on {host}, beyond this machine; anyone who can reach it "
                    f"can read the documents (there is no authentication)")
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
