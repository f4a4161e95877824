"""Serve once, answer many: one Engine loaded once, questions over HTTP or MCP (stdio).

service.py     the engine behind a lock, request fields checked, the folder re-checked
background.py  passages without vectors embedded on a thread; the engine switches when done
http.py        `ask --docs DIR --serve [--host H] [--port N]`: JSON over HTTP
mcp.py         `ask --docs DIR --mcp`: Model Context Protocol, JSON-RPC 2.0 over stdin/stdout
Both stop cleanly on SIGTERM (exit 0) and Ctrl-C (exit 130), the background embedding with
them; the index keeps every group of vectors committed.
"""
from __future__ import annotations

import signal
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Iterator

from .. import errors
from .service import RECHECK, Service


class Stop(BaseException):
    """Raised in the main thread by SIGTERM: stop serving, close the engine, exit 0."""


class _Stopped:
    code = 0


@contextmanager
def stop_signals() -> Iterator[_Stopped]:
    """SIGTERM raises Stop (swallowed here: code 0); Ctrl-C stays KeyboardInterrupt, which
    the caller turns into code 130. The previous handler comes back afterwards."""
    state = _Stopped()

    def on_term(signum, frame):
        raise Stop()

    old = signal.signal(signal.SIGTERM, on_term)
    try:
        yield state
    except Stop:
        state.code = 0
    finally:
        signal.signal(signal.SIGTERM, old)


def _say(text: str) -> None:
    """A line on stderr (stdout is the protocol's, or the answers')."""
    sys.stderr.write(f"ask: {text}\n")
    sys.stderr.flush()


def _check_docs(docs: str | Path) -> None:
    if not Path(docs).is_dir():
        raise errors.docs_missing(docs)


def serve_http(docs: str | Path, make_engine: Callable[[], Any], *, host: str = "127.0.0.1",
               port: int = 8765, recheck: float = RECHECK, quiet: bool = False,
               token: str | None = None, exclude: tuple[str, ...] = (), watch: bool = False) -> int:
    """Listen on host:port, load the engine, answer until stopped; returns the exit status.
    Beyond loopback a token is required (UsageError, exit 2, without one)."""
    from . import http
    from ..errors import UsageError

    if not http.is_loopback(host) and not token:
        raise UsageError(f"listening on {host} shares the documents beyond this machine, and "
                         "needs an access token", "give --token TOKEN or set ASK_TOKEN (a long "
                         "random string, e.g. python3 -c 'import secrets; print(secrets.token_urlsafe())')")
    _check_docs(docs)
    server = http.bind(host, port)
    service = Service(docs, make_engine, recheck=recheck, log=_say, exclude=exclude, watch=watch)
    return http.serve(service, server, quiet=quiet, say=_say, token=token)


def serve_mcp(docs: str | Path, make_engine: Callable[[], Any], *, recheck: float = RECHECK,
              quiet: bool = False, exclude: tuple[str, ...] = (), watch: bool = False) -> int:
    """Speak MCP on stdin/stdout until EOF (0), SIGTERM (0) or Ctrl-C (130)."""
    from . import mcp

    _check_docs(docs)
    service = Service(docs, make_engine, recheck=recheck, log=_say, exclude=exclude, watch=watch)
    return mcp.serve(service, say=_say, quiet=quiet)


__all__ = ["Service", "serve_http", "serve_mcp", "stop_signals", "Stop", "RECHECK"]
