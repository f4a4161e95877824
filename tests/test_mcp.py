"""`ask --mcp`, driven as an MCP client drives it: the real command in a subprocess, JSON-RPC
2.0 one message a line over its pipes. Every stdout line must be a protocol message; tool
results carry the CLI's JSON as structuredContent; errors are JSON-RPC errors or isError
results; EOF and SIGTERM end it with status 0. One test uses the official `mcp` SDK's stdio
client when it is installed (the test extra).
"""
import json
import os
import queue
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import permit_notes, write

TIMEOUT = 120  # seconds: a hang guard, not a timing check
QUESTION = "What is the fee for a tree removal permit?"


def make_folder(root: Path) -> Path:
    docs = root / "docs"
    write(docs, "trees.md", "# Public trees\n\nThe application fee for a tree removal permit is $75.00.\n\n"
                            "A pruning permit costs $30.00 per address.\n")
    write(docs, "library/cards.txt", "Library cards are free for residents.\n\n"
                                     "A non-resident library card costs $40 a year.\n")
    write(docs, "rates.csv", "service,size,monthly charge\nwater,5/8 inch,$12.50\nsewer,any,$31.20\n")
    return docs


def env_for(root: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("ASK_EMBED_MODEL", "ASK_EMBED_MODEL_DIR")}
    env["ASK_CACHE_DIR"] = str(root / "cache")
    return env


def command(docs: Path, index: Path, *args: str, model: dict | None = None) -> list[str]:
    chosen = (["--embed-model", model["embed_model"], "--embed-model-dir", model["embed_model_dir"]]
              if model else ["--embed-model", "none"])
    return [sys.executable, "-m", "engine.cli", *args, "--docs", str(docs), "--index", str(index), *chosen]


class Client:
    """A minimal MCP client: writes one JSON line per message, reads stdout on a thread (every
    line must parse as a JSON-RPC message), waits for responses by id."""

    def __init__(self, docs: Path, index: Path, env: dict, *args: str, model: dict | None = None):
        self.proc = subprocess.Popen(command(docs, index, "--mcp", *args, model=model), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.out: "queue.Queue" = queue.Queue()
        self.stray: list[bytes] = []  # stdout lines that are not JSON-RPC messages
        self.err: list[str] = []
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=lambda: self.err.extend(ln.decode("utf-8", "replace") for ln in self.proc.stderr),
                         daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            try:
                msg = json.loads(line)
                assert isinstance(msg, (dict, list))
                for m in msg if isinstance(msg, list) else [msg]:
                    assert m["jsonrpc"] == "2.0" and ("result" in m) != ("error" in m)
            except (ValueError, AssertionError, KeyError, TypeError):
                self.stray.append(line)
                continue
            self.out.put(msg)
        self.out.put(None)  # EOF

    def send(self, obj=None, raw: bytes | None = None) -> None:
        self.proc.stdin.write(raw if raw is not None else json.dumps(obj).encode() + b"\n")
        self.proc.stdin.flush()

    def receive(self):
        msg = self.out.get(timeout=TIMEOUT)
        assert msg is not None, f"the server closed stdout; stderr: {self.err}"
        return msg

    def request(self, method: str, params=None) -> dict:
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": self.next_id, "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)
        reply = self.receive()
        assert reply["id"] == self.next_id, reply  # one at a time, so the next reply is this one
        return reply

    def call(self, name: str, arguments: dict) -> dict:
        return self.request("tools/call", {"name": name, "arguments": arguments})["result"]

    def initialize(self, version: str = "2025-06-18") -> dict:
        reply = self.request("initialize", {"protocolVersion": version, "capabilities": {},
                                            "clientInfo": {"name": "test", "version": "0"}})
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
        return reply["result"]

    def close(self) -> int:
        """EOF on stdin: the server must exit by itself."""
        self.proc.stdin.close()
        return self.proc.wait(timeout=TIMEOUT)

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=30)


@pytest.fixture
def folder(tmp_path):
    return make_folder(tmp_path), tmp_path / "index.sqlite", env_for(tmp_path)


@pytest.fixture
def client(folder):
    c = Client(*folder)
    try:
        yield c
    finally:
        c.kill()


def cli_json(folder, *args: str):
    docs, index, env = folder
    r = subprocess.run(command(docs, index, *args, "--json"), capture_output=True, env=env, timeout=TIMEOUT)
    assert r.returncode in (0, 1), r.stderr
    return json.loads(r.stdout)


def test_initialize_list_and_every_tool_then_eof(client, folder):
    init = client.initialize("2025-06-18")
    assert init["protocolVersion"] == "2025-06-18"
    assert init["capabilities"] == {"tools": {}}
    assert init["serverInfo"]["name"] == "ask" and init["serverInfo"]["version"]
    assert client.request("ping")["result"] == {}

    tools = client.request("tools/list")["result"]["tools"]
    assert [t["name"] for t in tools] == ["ask", "search", "show"]
    for t in tools:
        schema = t["inputSchema"]
        assert t["description"] and schema["type"] == "object" and schema["required"]
        assert set(schema["required"]) <= set(schema["properties"])
    assert {t["name"]: t["inputSchema"]["required"] for t in tools} == {
        "ask": ["question"], "search": ["question"], "show": ["id"]}

    asked = client.call("ask", {"question": QUESTION})
    assert asked["isError"] is False
    assert asked["structuredContent"] == cli_json(folder, QUESTION)
    cite = asked["structuredContent"]["citations"][0]
    text = asked["content"][0]["text"]
    assert asked["content"][0]["type"] == "text"
    assert cite["lines"][0]["text"] in text and f"[{cite['doc_id']}] {cite['path']}" in text

    limited = client.call("ask", {"question": QUESTION, "path": "*.csv"})
    assert limited["structuredContent"]["answered"] is False  # no tree permits in the CSV

    found = client.call("search", {"question": "permit fee", "k": 2})["structuredContent"]
    assert found["k"] == 2 and 1 <= len(found["hits"]) <= 2 and found["hits"][0]["path"] == "trees.md"
    many = client.call("search", {"question": "permit fee", "k": 50})
    assert many["structuredContent"]["notes"]  # fewer passages than asked: said in the text too
    assert all(f"note: {n}" in many["content"][0]["text"] for n in many["structuredContent"]["notes"])

    shown = client.call("show", {"id": cite["doc_id"][:8], "locator": cite["locator"]})
    assert shown["isError"] is False
    assert shown["structuredContent"] == cli_json(folder, "--show", f"{cite['doc_id'][:8]}:{cite['locator']}")
    assert cite["lines"][0]["text"] in shown["content"][0]["text"]

    assert client.close() == 0
    assert client.stray == []  # nothing but protocol messages on stdout
    assert any("MCP server on stdio" in ln for ln in client.err)


@pytest.mark.parametrize("raw, code", [
    (b"{not json\n", -32700),
    (b"\xff\xfe\n", -32700),
    (b'{"id": 5, "method": "ping"}\n', -32600),                        # no "jsonrpc": "2.0"
    (b'{"jsonrpc": "2.0", "id": {"x": 1}, "method": "ping"}\n', -32600),  # an id that is an object
    (b'{"jsonrpc": "2.0", "id": 5, "method": 7}\n', -32600),
    (b"[]\n", -32600),
    (b'{"jsonrpc": "2.0", "id": 5, "method": "resources/list"}\n', -32601),
    (b'{"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "delete"}}\n', -32602),
    (b'{"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": [1]}\n', -32602),
    (b'{"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": {"name": "ask", "arguments": "x"}}\n', -32602),
])
def test_protocol_errors_are_json_rpc_errors_and_the_server_goes_on(client, raw, code):
    client.initialize()
    client.send(raw=raw)
    reply = client.receive()
    assert reply["error"]["code"] == code and reply["error"]["message"]
    assert reply["id"] in (None, 5)
    assert client.call("ask", {"question": QUESTION})["structuredContent"]["answered"]
    assert client.close() == 0 and client.stray == []


@pytest.mark.parametrize("name, arguments, words", [
    ("show", {"id": "ffffffff"}, "no document id starts with"),
    ("show", {"id": "zz"}, "not a document id"),
    ("show", {"id": "ffff", "locator": 12}, "must be a string"),
    ("ask", {}, 'needs "question"'),
    ("ask", {"question": "  "}, "empty"),
    ("ask", {"question": "fee", "explain": True}, "unknown argument"),
    ("search", {"question": "fee", "k": 0}, "whole number"),
    ("search", {"question": "fee", "k": "ten"}, "whole number"),
])
def test_tool_failures_are_results_with_is_error_and_a_hint(client, name, arguments, words):
    client.initialize()
    result = client.call(name, arguments)
    assert result["isError"] is True and "structuredContent" not in result
    text = result["content"][0]["text"]
    assert words in text and "hint:" in text


def test_notifications_get_no_reply_and_batches_get_one(client):
    client.initialize()
    client.send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 9}})
    client.send({"jsonrpc": "2.0", "method": "no/such/notification"})
    assert client.request("ping")["result"] == {}  # the next reply is the ping's: nothing in between
    client.send([{"jsonrpc": "2.0", "id": "a", "method": "ping"},
                 {"jsonrpc": "2.0", "method": "notifications/initialized"},
                 {"jsonrpc": "2.0", "id": "b", "method": "nope"}])
    batch = client.receive()
    assert [m["id"] for m in batch] == ["a", "b"]
    assert batch[0]["result"] == {} and batch[1]["error"]["code"] == -32601


def test_an_unknown_protocol_version_is_offered_the_newest(client):
    from engine.serve.mcp import PROTOCOL_VERSIONS

    assert client.initialize("1999-01-01")["protocolVersion"] == PROTOCOL_VERSIONS[0]


def test_sigterm_ends_the_server_with_status_0(client):
    client.initialize()
    assert client.call("ask", {"question": QUESTION})["isError"] is False
    client.proc.send_signal(signal.SIGTERM)
    assert client.proc.wait(timeout=TIMEOUT) == 0


def test_eof_before_anything_exits_0(client):
    assert client.close() == 0


def test_the_official_sdk_client_drives_it(folder):
    mcp = pytest.importorskip("mcp", reason="the official MCP SDK is not installed (pip install -e '.[test]')")
    import anyio
    from mcp.client.stdio import StdioServerParameters, stdio_client

    docs, index, env = folder
    argv = command(docs, index, "--mcp")
    params = StdioServerParameters(command=argv[0], args=argv[1:], env=env)

    async def session():
        with anyio.fail_after(TIMEOUT):
            async with stdio_client(params) as (read, write):
                async with mcp.ClientSession(read, write) as s:
                    init = await s.initialize()
                    tools = await s.list_tools()
                    asked = await s.call_tool("ask", {"question": QUESTION})
                    bad = await s.call_tool("show", {"id": "ffffffff"})
                    return init, tools, asked, bad

    # the wire names (camelCase) whatever the SDK calls its attributes
    init, tools, asked, bad = (m.model_dump(by_alias=True, exclude_none=True) for m in anyio.run(session))
    assert init["serverInfo"]["name"] == "ask" and init["capabilities"]["tools"] is not None
    assert [t["name"] for t in tools["tools"]] == ["ask", "search", "show"]
    assert not asked.get("isError") and asked["structuredContent"] == cli_json(folder, QUESTION)
    assert "$75.00" in asked["content"][0]["text"]
    assert bad["isError"] and "no document id starts with" in bad["content"][0]["text"]


def test_an_engine_that_cannot_load_makes_every_tool_call_say_why(tmp_path):
    docs, env = make_folder(tmp_path), env_for(tmp_path)
    (tmp_path / "a-file").write_text("not a folder\n")
    c = Client(docs, tmp_path / "a-file" / "index.sqlite", env)  # the index cannot be created there
    try:
        assert c.initialize()["serverInfo"]["name"] == "ask"  # the protocol still answers
        result = c.call("ask", {"question": QUESTION})
        assert result["isError"] is True and "index" in result["content"][0]["text"]
        assert "hint:" in result["content"][0]["text"]
        assert c.close() == 0 and c.stray == []
    finally:
        c.kill()


def _embedding_server(tmp_path, model, notes: int):
    """A server over `notes` permit notes with embed_backlog 2: more passages than it embeds
    before answering, so it answers from the words and embeds the rest in the background.
    Returns (docs, index, env, config, client), the client not yet initialised."""
    docs = permit_notes(make_folder(tmp_path), notes)
    index, env = tmp_path / "index.sqlite", env_for(tmp_path)
    config = tmp_path / "ask.toml"
    config.write_text("embed_backlog = 2\n", encoding="utf-8")
    return docs, index, env, config, Client(docs, index, env, "--config", str(config), model=model)


def _wait_for_stderr(c, text: str) -> None:
    """Until the server has said `text` on stderr (failing if it exits or TIMEOUT passes)."""
    deadline = time.monotonic() + TIMEOUT
    while not any(text in ln for ln in c.err):
        assert time.monotonic() < deadline and c.proc.poll() is None, c.err
        time.sleep(0.05)


def test_a_large_folder_answers_from_the_words_then_switches_to_the_vectors(tmp_path, model):
    """More passages than embed_backlog: the first answer comes from the words and says the
    vectors are being made; the server says on stderr when all have them, and from then on
    the answer uses them: the JSON `ask --json` prints on that index."""
    docs, index, env, config, c = _embedding_server(tmp_path, model, notes=40)
    try:
        c.initialize()
        first = c.call("ask", {"question": QUESTION})["structuredContent"]
        assert "no vectors: only 0 of 43 passages" in first["method"]
        assert any("embedding the rest in the background" in n for n in first["notes"])
        _wait_for_stderr(c, "all 43 passages have vectors; answers now use them")
        after = c.call("ask", {"question": QUESTION})
        assert after["structuredContent"]["method"].startswith("bm25+tfidf+embed")
        assert "bm25+tfidf+embed" in after["content"][0]["text"]
        assert c.close() == 0
    finally:
        c.kill()
    r = subprocess.run(command(docs, index, QUESTION, "--json", "--config", str(config), model=model),
                       capture_output=True, env=env, timeout=TIMEOUT)
    assert r.returncode == 0 and json.loads(r.stdout) == after["structuredContent"]
    assert not c.stray


def test_eof_while_embedding_ends_the_server_and_keeps_the_groups_made(tmp_path, model):
    _, index, _, _, c = _embedding_server(tmp_path, model, notes=240)
    try:
        c.initialize()
        assert "no vectors" in c.call("ask", {"question": QUESTION})["structuredContent"]["method"]
        _wait_for_stderr(c, "embedding in the background: 0 of 243")
        assert c.close() == 0
    finally:
        c.kill()
    with sqlite3.connect(index) as db:  # as the server left it (any ask run would embed more)
        passages = db.execute("SELECT COUNT(*) FROM passages").fetchone()[0]
        vectors = db.execute("SELECT COUNT(*) FROM vectors").fetchone()[0]
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert vectors < passages == 243
    assert not any("Traceback" in ln for ln in c.err)
