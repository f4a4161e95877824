"""`ask --docs DIR --mcp`: a Model Context Protocol server over stdio, tools ask/search/show.

In: JSON-RPC 2.0 messages on stdin, one a line (UTF-8). Out: responses on stdout, one a
line, and nothing else there: file descriptor 1 is pointed at stderr for the rest of the
process, so no library can write into the protocol. Tool failures (an id that matches
nothing, an empty question) are results with isError; malformed messages are JSON-RPC
errors. EOF on stdin ends the server (exit 0).
"""
from __future__ import annotations

import json
import os
import sys
import traceback
from typing import Any, BinaryIO, Callable

from ..errors import AskError, UsageError
from .service import MAX_COUNT, Service

# newest first; a client asking for another version is offered the newest
PROTOCOL_VERSIONS = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")
MAX_LINE = 16 << 20  # bytes in one message

PARSE_ERROR, INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS, INTERNAL_ERROR = (
    -32700, -32600, -32601, -32602, -32603)

_READ_ONLY = {"readOnlyHint": True, "destructiveHint": False, "idempotentHint": True,
              "openWorldHint": False}

TOOLS = [
    {"name": "ask",
     "title": "Answer from the documents",
     "description": (
         "Answer a question with up to three lines quoted word for word from the documents, "
         "each with a citation (document id, path, locator), or say plainly that there is no "
         "confident answer and why (which floor failed, which question words were not found). "
         "Nothing is generated: every quoted line exists in a document. Open a citation with "
         "the show tool."),
     "inputSchema": {
         "type": "object",
         "properties": {
             "question": {"type": "string", "description": "The question, in plain words."},
             "path": {"type": "string",
                      "description": "Only documents whose path (relative to the served folder) "
                                     "matches this glob; a pattern without '/' also matches file "
                                     "names, e.g. '*.pdf' or 'rates/*'."},
         },
         "required": ["question"], "additionalProperties": False},
     "annotations": _READ_ONLY},
    {"name": "search",
     "title": "Ranked passages",
     "description": (
         "The k best passages for a question, ranked, each with its document id, path, "
         "locator, score and its best line: candidates to read, not an answer (no gate)."),
     "inputSchema": {
         "type": "object",
         "properties": {
             "question": {"type": "string", "description": "The question or search words."},
             "k": {"type": "integer", "minimum": 1, "maximum": MAX_COUNT, "default": 10,
                   "description": "How many passages to return."},
         },
         "required": ["question"], "additionalProperties": False},
     "annotations": _READ_ONLY},
    {"name": "show",
     "title": "Open a citation",
     "description": (
         "A document's lines, numbered by locator: all of them, or the cited span with two "
         "lines either side (cited lines marked). id is a document id or any prefix of it "
         "that ask or search printed; locator is a locator or span they printed, e.g. L12, "
         "L10-14, p3:L7, 'Rates'!A7:D7, row 253."),
     "inputSchema": {
         "type": "object",
         "properties": {
             "id": {"type": "string", "description": "Document id (or a prefix of it)."},
             "locator": {"type": "string", "description": "Locator or span inside the document."},
         },
         "required": ["id"], "additionalProperties": False},
     "annotations": _READ_ONLY},
]


class RpcError(Exception):
    def __init__(self, code: int, message: str, data: Any = None):
        super().__init__(message)
        self.code, self.message, self.data = code, message, data


# -- tools: arguments in, (text, structured object) out ------------------------------------
def _ask(service: Service, args: dict) -> tuple[str, dict]:
    from ..render import answer_text

    a = service.ask(args)
    return answer_text(a), a.to_dict()


def _search(service: Service, args: dict) -> tuple[str, dict]:
    from ..render import search_text

    r = service.search(args)
    notes = "".join(f"\nnote: {n}" for n in r.notes)  # the CLI prints these on stderr
    return search_text(r) + notes, r.to_dict()


def _show(service: Service, args: dict) -> tuple[str, dict]:
    from ..show import show_dict, show_text

    s = service.show(args)
    return show_text(s), show_dict(s)


CALLS: dict[str, Callable[[Service, dict], tuple[str, dict]]] = {
    "ask": _ask, "search": _search, "show": _show}
ARGS = {t["name"]: tuple(t["inputSchema"]["properties"]) for t in TOOLS}


# -- the protocol ------------------------------------------------------------------------
class Session:
    """One client on one pair of pipes: message in, the response to write (or None) out."""

    def __init__(self, service: Service, version: str):
        self.service = service
        self.version = version

    def handle(self, line: bytes) -> Any:
        """A line in, the object to send back (a response, a list of them, or None)."""
        try:
            msg = json.loads(line.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as e:
            return _error(None, PARSE_ERROR, f"parse error: {e}")
        if isinstance(msg, list):  # a JSON-RPC batch (protocol 2025-03-26 allows them)
            if not msg:
                return _error(None, INVALID_REQUEST, "invalid request: an empty batch")
            out = [r for r in (self.message(m) for m in msg) if r is not None]
            return out or None
        return self.message(msg)

    def message(self, msg: Any) -> dict | None:
        if not isinstance(msg, dict) or msg.get("jsonrpc") != "2.0":
            return _error(_id_of(msg), INVALID_REQUEST, 'invalid request: needs "jsonrpc": "2.0"')
        if "method" not in msg:
            return None  # a response from the client: this server sends no requests
        has_id = "id" in msg
        rid = msg.get("id")
        if has_id and (isinstance(rid, bool) or not isinstance(rid, (str, int))):
            return _error(None, INVALID_REQUEST, "invalid request: id must be a string or an integer")
        method = msg["method"]
        if not isinstance(method, str):
            return _error(rid if has_id else None, INVALID_REQUEST, "invalid request: method must be a string")
        params = msg.get("params", {})
        if params is None:
            params = {}
        try:
            if not isinstance(params, dict):
                raise RpcError(INVALID_PARAMS, "invalid params: params must be an object")
            if not has_id:  # a notification: never answered, whatever it is
                return None
            return {"jsonrpc": "2.0", "id": rid, "result": self.call(method, params)}
        except RpcError as e:
            return _error(rid, e.code, e.message, e.data) if has_id else None
        except Exception as e:  # a bug: the traceback on stderr, one line to the client
            traceback.print_exc(file=sys.stderr)
            return _error(rid, INTERNAL_ERROR, f"internal error: {type(e).__name__}: {e}") if has_id else None

    def call(self, method: str, params: dict) -> dict:
        if method == "initialize":
            asked = params.get("protocolVersion")
            version = asked if asked in PROTOCOL_VERSIONS else PROTOCOL_VERSIONS[0]
            return {"protocolVersion": version,
                    "capabilities": {"tools": {}},
                    "serverInfo": {"name": "ask", "version": self.version},
                    "instructions": (
                        "Extractive question answering over one folder of documents. 'ask' returns "
                        "verbatim lines with citations or an explained refusal; 'search' ranks "
                        "passages; 'show' opens a citation. Refusals are answers: do not retry "
                        "the same question hoping for a different result (it is deterministic).")}
        if method == "ping":
            return {}
        if method == "tools/list":
            return {"tools": TOOLS}
        if method == "tools/call":
            return self.tool(params)
        raise RpcError(METHOD_NOT_FOUND, f"method not found: {method}")

    def tool(self, params: dict) -> dict:
        name = params.get("name")
        if name not in CALLS:
            raise RpcError(INVALID_PARAMS, f"unknown tool: {name!r}", {"tools": list(CALLS)})
        args = params.get("arguments", {})
        if args is None:
            args = {}
        if not isinstance(args, dict):
            raise RpcError(INVALID_PARAMS, "invalid params: arguments must be an object")
        try:
            unknown = sorted(k for k in args if k not in ARGS[name])
            if unknown:  # the schema says additionalProperties false: a typo must not pass
                raise UsageError(f"{name}: unknown argument{'s' * (len(unknown) > 1)} "
                                 f"{', '.join(map(repr, unknown))}",
                                 f"the arguments are: {', '.join(ARGS[name])}")
            text, structured = CALLS[name](self.service, args)
        except AskError as e:  # the tool ran and failed: the model reads why, and the fix
            return {"content": [{"type": "text", "text": str(e)}], "isError": True}
        return {"content": [{"type": "text", "text": text}], "structuredContent": structured,
                "isError": False}


def _id_of(msg: Any) -> Any:
    rid = msg.get("id") if isinstance(msg, dict) else None
    return rid if isinstance(rid, (str, int)) and not isinstance(rid, bool) else None


def _error(rid: Any, code: int, message: str, data: Any = None) -> dict:
    err: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        err["data"] = data
    return {"jsonrpc": "2.0", "id": rid, "error": err}


# -- the pipes ---------------------------------------------------------------------------
def protocol_out() -> BinaryIO:
    """stdout for protocol messages only: a private copy of fd 1, with fd 1 (and sys.stdout)
    pointed at stderr, so a stray print or a C library's message cannot break the stream."""
    sys.stdout.flush()
    out = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    return out


def encode(obj: Any) -> bytes:
    """One message, one line: json.dumps escapes every newline inside strings."""
    try:
        text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"))
        return text.encode("utf-8") + b"\n"
    except UnicodeEncodeError:  # a lone surrogate somewhere: escaped, still valid JSON
        return json.dumps(obj, ensure_ascii=True, separators=(",", ":")).encode("ascii") + b"\n"


def lines(stream: BinaryIO):
    """Messages from stdin, one a line; an overlong line is skipped whole and given as None."""
    while True:
        line = stream.readline(MAX_LINE + 1)
        if not line:
            return
        if len(line) > MAX_LINE and not line.endswith(b"\n"):
            while True:  # drop the rest of it
                rest = stream.readline(MAX_LINE)
                if not rest or rest.endswith(b"\n"):
                    break
            yield None
            continue
        if line.strip():
            yield line


def serve(service: Service, *, say: Callable[[str], None], quiet: bool = False) -> int:
    from .. import __version__
    from . import stop_signals

    out = protocol_out()
    session = Session(service, __version__)
    with stop_signals() as stopped:
        try:
            service.start()  # the index loads while the client initializes
            if not quiet:
                say(f"MCP server on stdio for {service.docs} (tools: ask, search, show); "
                    f"EOF on stdin stops it")
            for line in lines(sys.stdin.buffer):
                reply = (session.handle(line) if line is not None
                         else _error(None, PARSE_ERROR, f"parse error: message over {MAX_LINE} bytes"))
                if reply is not None:
                    out.write(encode(reply))
        except KeyboardInterrupt:
            stopped.code = 130
        except BrokenPipeError:  # the client went away
            pass
        finally:
            service.close()
    return stopped.code
