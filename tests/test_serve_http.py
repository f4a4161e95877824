"""`ask --serve`, driven as a client drives it: the real command in a subprocess on a real
folder, spoken to with urllib. Answers must be the bytes `ask --json` prints; bad requests
get a 4xx JSON error with a hint and leave the server answering; SIGTERM and Ctrl-C stop it.
"""
import json
import os
import queue
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import http.client
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner

from conftest import permit_notes, write
from engine.cli import main

STARTUP = 120  # seconds: a hang guard, not a timing check
QUESTION = "What is the fee for a tree removal permit?"


def make_folder(root: Path) -> Path:
    docs = root / "docs"
    write(docs, "trees.md", "# Public trees\n\nThe application fee for a tree removal permit is $75.00.\n\n"
                            "A pruning permit costs $30.00 per address.\n")
    write(docs, "library/cards.txt", "Library cards are free for residents.\n\n"
                                     "A non-resident library card costs $40 a year.\n")
    write(docs, "rates.csv", "service,size,monthly charge\nwater,5/8 inch,$12.50\nsewer,any,$31.20\n")
    return docs


def env_for(root: Path, model: dict | None = None) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("ASK_EMBED_MODEL", "ASK_EMBED_MODEL_DIR")}
    env["ASK_CACHE_DIR"] = str(root / "cache")
    if model:
        env["ASK_EMBED_MODEL"], env["ASK_EMBED_MODEL_DIR"] = model["embed_model"], model["embed_model_dir"]
    return env


def model_args(model: dict | None) -> list[str]:
    return [] if model else ["--embed-model", "none"]


def cli(docs: Path, index: Path, *args: str, env: dict, model: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine.cli", *args, "--docs", str(docs),
                           "--index", str(index), *model_args(model)],
                          capture_output=True, env=env, timeout=STARTUP)


class Server:
    """A running `ask --serve`: its base URL, its stderr lines so far, and requests."""

    def __init__(self, proc: subprocess.Popen, url: str, err: "queue.Queue[str]", seen: list[str]):
        self.proc, self.url, self.err, self.seen = proc, url, err, seen

    def request(self, method: str, path: str, body=None, raw: bytes | None = None, headers=None):
        data = raw if raw is not None else (None if body is None else json.dumps(body).encode())
        headers = dict(headers or {})
        if data is not None:  # what a JSON client says (urllib would say form-urlencoded)
            headers.setdefault("Content-Type", "application/json")
        req = urllib.request.Request(self.url + path, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return r.status, r.read(), dict(r.headers)
        except urllib.error.HTTPError as e:
            return e.code, e.read(), dict(e.headers)

    def stderr_lines(self) -> list[str]:
        while True:
            try:
                self.seen.append(self.err.get_nowait())
            except queue.Empty:
                return self.seen


@contextmanager
def serving(docs: Path, index: Path, env: dict, *extra: str, model: dict | None = None):
    proc = subprocess.Popen([sys.executable, "-m", "engine.cli", "--docs", str(docs), "--serve",
                             "--port", "0", "--index", str(index), *model_args(model), *extra],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True,
                            # Ctrl-C as at a terminal, even when the tests run where it is ignored
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    err: "queue.Queue[str]" = queue.Queue()
    threading.Thread(target=lambda: [err.put(ln.rstrip("\n")) for ln in proc.stderr], daemon=True).start()
    seen: list[str] = []
    try:
        deadline = time.monotonic() + STARTUP
        url = None
        while url is None:
            try:
                line = err.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                raise AssertionError(f"no 'serving' line within {STARTUP} s: {seen}") from None
            seen.append(line)
            if line.startswith("ask: serving http://"):
                url = line.split()[2]
            elif proc.poll() is not None and err.empty():
                raise AssertionError(f"server exited {proc.returncode}: {seen}")
        yield Server(proc, url, err, seen)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(timeout=30)


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    root = tmp_path_factory.mktemp("serve")
    docs, index, env = make_folder(root), root / "index.sqlite", env_for(root)
    with serving(docs, index, env) as server:
        yield server, docs, index, env


def test_the_serving_line_names_a_loopback_port(served):
    server, *_ = served
    assert server.url.startswith("http://127.0.0.1:")
    assert int(server.url.rsplit(":", 1)[1]) > 0  # --port 0: the port the system gave


@pytest.mark.parametrize("body, args", [
    ({"question": QUESTION}, [QUESTION]),
    ({"question": "How much is a non-resident library card?", "candidates": 3, "explain": True},
     ["How much is a non-resident library card?", "--candidates", "3", "--explain"]),
    ({"question": "fee for a pruning permit", "path": "*.md", "id": "q7"}, None),
    ({"question": "Who painted the lobby mural?"}, ["Who painted the lobby mural?"]),  # a refusal
])
def test_ask_answers_with_the_bytes_ask_json_prints(served, body, args):
    server, docs, index, env = served
    status, got, headers = server.request("POST", "/ask", body)
    assert status == 200, got
    assert headers["Content-Type"] == "application/json; charset=utf-8"
    if args is None:  # id and path: the batch form of the same question
        batch = docs.parent / "one.jsonl"
        batch.write_text(json.dumps(body) + "\n", encoding="utf-8")
        args = ["--batch", str(batch)]
    r = cli(docs, index, *args, "--json", env=env)
    assert r.returncode in (0, 1), r.stderr
    assert got == r.stdout
    d = json.loads(got)
    assert d["question"] == body["question"] and d["id"] == body.get("id")


def test_a_refusal_is_an_answer_not_an_error(served):
    server, *_ = served
    status, got, _ = server.request("POST", "/ask", {"question": "Who painted the lobby mural?"})
    d = json.loads(got)
    assert status == 200 and d["answered"] is False and d["refusal"]["message"].startswith("no confident answer")


def test_search_is_the_library_search_result(served):
    from engine import Engine

    server, docs, index, env = served
    status, got, _ = server.request("POST", "/search", {"question": "permit fee", "k": 2, "arms": "bm25"})
    assert status == 200, got
    d = json.loads(got)
    with Engine(docs, index=index, embed_model="none") as eng:
        expected = eng.search("permit fee", k=2, arms="bm25").to_dict()
    assert d == expected
    assert d["arms"] == ["bm25"] and [h["rank"] for h in d["hits"]] == list(range(1, len(d["hits"]) + 1))
    assert 1 <= len(d["hits"]) <= 2 and d["hits"][0]["path"] == "trees.md"


def test_show_and_status_are_what_the_cli_prints(served):
    server, docs, index, env = served
    _, got, _ = server.request("POST", "/ask", {"question": QUESTION})
    cite = json.loads(got)["citations"][0]
    query = urllib.parse.urlencode({"id": cite["doc_id"][:8], "locator": cite["locator"]})
    status, shown, _ = server.request("GET", f"/show?{query}")
    assert status == 200, shown
    r = cli(docs, index, "--show", f"{cite['doc_id'][:8]}:{cite['locator']}", "--json", env=env)
    assert r.returncode == 0, r.stderr
    assert shown == r.stdout
    cited = [ln["text"] for ln in json.loads(shown)["lines"] if ln["cited"]]
    assert cited == [ln["text"] for ln in cite["lines"]]
    status, s, _ = server.request("GET", "/status")
    assert status == 200
    cli_status = json.loads(cli(docs, index, "--status", "--json", env=env).stdout)
    s = json.loads(s)
    assert set(s) == set(cli_status) | {"embedding"}  # the server's background embedding
    assert s["embedding"] == {"state": "off", "passages_with_vectors": 0, "passages": s["passages"]}
    assert (s["documents"], s["passages"]) == (cli_status["documents"], cli_status["passages"])
    assert server.request("GET", "/health")[:2] == (200, b'{"ok": true}\n')


@pytest.mark.parametrize("method, path, kwargs, code, words", [
    ("POST", "/ask", {"raw": b"{not json"}, 400, "not valid JSON"),
    ("POST", "/ask", {"raw": b"\xff\xfe{}"}, 400, "not UTF-8"),
    ("POST", "/ask", {"raw": b""}, 400, "no body"),
    ("POST", "/ask", {"body": ["a list"]}, 400, "JSON object"),
    ("POST", "/ask", {"body": {}}, 400, 'needs "question"'),
    ("POST", "/ask", {"body": {"question": "   "}}, 400, "empty"),
    ("POST", "/ask", {"body": {"question": "fee", "pth": "*.md"}}, 400, "unknown field"),
    ("POST", "/ask", {"body": {"question": 7}}, 400, "must be a string"),
    ("POST", "/ask", {"body": {"question": "fee", "candidates": 0}}, 400, "whole number"),
    ("POST", "/ask", {"body": {"question": "fee", "explain": "yes"}}, 400, "true or false"),
    ("POST", "/search", {"body": {"question": "fee", "arms": "magic"}}, 400, "magic"),
    ("POST", "/search", {"body": {"question": "fee", "k": True}}, 400, "whole number"),
    ("GET", "/show?id=ffffffff", {}, 404, "no document id starts with"),
    ("GET", "/show?id=nothex", {}, 404, "not a document id"),
    ("GET", "/show", {}, 400, 'needs "id"'),
    ("GET", "/show?id=a&id=b", {}, 400, "given 2 times"),
    ("GET", "/nowhere", {}, 404, "no such endpoint"),
    ("GET", "/ask", {}, 405, "takes POST"),
    ("DELETE", "/status", {}, 405, "takes GET"),
    ("GET", "/health", {"headers": {"Host": "evil.example:80"}}, 403, "not allowed"),
])
def test_bad_requests_get_a_clear_error_and_the_server_keeps_answering(served, method, path, kwargs, code, words):
    server, *_ = served
    status, got, headers = server.request(method, path, **kwargs)
    assert status == code, got
    d = json.loads(got)
    assert set(d) == {"error", "hint"} and words in d["error"] and d["hint"]
    assert b"Traceback" not in got
    if code == 405:
        assert headers["Allow"] in ("GET", "POST")
    status, again, _ = server.request("POST", "/ask", {"question": QUESTION})
    assert status == 200 and json.loads(again)["answered"]
    assert server.proc.poll() is None


def test_a_body_over_the_limit_is_refused_before_it_is_read(served):
    server, *_ = served
    host, port = server.url.removeprefix("http://").rsplit(":", 1)
    conn = http.client.HTTPConnection(host, int(port), timeout=60)
    try:
        conn.putrequest("POST", "/ask")
        conn.putheader("Content-Length", str(50 << 20))
        conn.endheaders()  # the 50 MB never follow
        r = conn.getresponse()
        d = json.loads(r.read())
    finally:
        conn.close()
    assert r.status == 413 and "over the limit" in d["error"] and d["hint"]
    assert server.request("GET", "/health")[0] == 200


def test_requests_at_once_get_the_same_bytes(served):
    server, *_ = served
    with ThreadPoolExecutor(max_workers=6) as pool:
        results = list(pool.map(lambda _: server.request("POST", "/ask", {"question": QUESTION}), range(12)))
    assert {status for status, _, _ in results} == {200}
    assert len({body for _, body, _ in results}) == 1


def test_each_request_is_logged_on_stderr_and_stdout_stays_empty(served):
    server, *_ = served
    server.request("GET", "/health")
    deadline = time.monotonic() + 30
    while not any(ln.startswith("ask: GET /health 200") for ln in server.stderr_lines()):
        assert time.monotonic() < deadline, server.seen
        time.sleep(0.05)


def test_a_changed_document_is_seen_by_the_next_request(tmp_path):
    docs, index, env = make_folder(tmp_path), tmp_path / "index.sqlite", env_for(tmp_path)
    question = {"question": "What is the fee for a hedge trimming permit?"}
    with serving(docs, index, env, "--recheck", "0") as server:
        before = json.loads(server.request("POST", "/ask", question)[1])
        assert not before["answered"]
        write(docs, "hedges.md", "The fee for a hedge trimming permit is $12.00.\n")
        after = json.loads(server.request("POST", "/ask", question)[1])
        assert after["answered"] and after["citations"][0]["path"] == "hedges.md"
        (docs / "hedges.md").unlink()
        gone = json.loads(server.request("POST", "/ask", question)[1])
        assert not gone["answered"]


def test_with_a_long_recheck_a_change_waits_for_post_refresh(tmp_path):
    docs, index, env = make_folder(tmp_path), tmp_path / "index.sqlite", env_for(tmp_path)
    question = {"question": "What is the fee for a hedge trimming permit?"}
    with serving(docs, index, env, "--recheck", "3600") as server:
        assert not json.loads(server.request("POST", "/ask", question)[1])["answered"]
        write(docs, "hedges.md", "The fee for a hedge trimming permit is $12.00.\n")
        assert not json.loads(server.request("POST", "/ask", question)[1])["answered"]
        status, got, _ = server.request("POST", "/refresh", headers={"Content-Type": "application/json"})
        report = json.loads(got)
        assert status == 200 and report["refreshed"] and report["read"] == 1
        assert report["index"]["documents"] == 4
        assert json.loads(server.request("POST", "/ask", question)[1])["answered"]


@pytest.mark.parametrize("sig, code, said", [(signal.SIGTERM, 0, "ask: stopped"),
                                             (signal.SIGINT, 130, "ask: stopped (Ctrl-C)")])
def test_sigterm_and_ctrl_c_stop_cleanly_and_the_index_stays_usable(tmp_path, sig, code, said):
    docs, index, env = make_folder(tmp_path), tmp_path / "index.sqlite", env_for(tmp_path)
    with serving(docs, index, env) as server:
        assert server.request("POST", "/ask", {"question": QUESTION})[0] == 200
        server.proc.send_signal(sig)
        assert server.proc.wait(timeout=60) == code
        deadline = time.monotonic() + 10
        while said not in server.stderr_lines():
            assert time.monotonic() < deadline, server.seen
            time.sleep(0.05)
        assert not any("Traceback" in ln for ln in server.seen)
    r = cli(docs, index, QUESTION, "--json", env=env)
    assert r.returncode == 0 and json.loads(r.stdout)["answered"]


def test_a_port_in_use_fails_at_once_with_a_hint(tmp_path):
    docs, index, env = make_folder(tmp_path), tmp_path / "index.sqlite", env_for(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "engine.cli", "--docs", str(docs), "--serve", "--port",
                            str(port), "--index", str(index), "--embed-model", "none"],
                           capture_output=True, text=True, env=env, timeout=STARTUP)
    assert r.returncode == 2
    assert f"port {port} on 127.0.0.1 is already in use" in r.stderr and "--port 0" in r.stderr
    assert not index.exists()  # nothing was indexed before the port was known to be free


@pytest.mark.parametrize("args, words", [
    (["--status", "--port", "9000"], "--port only works with --serve"),
    (["--status", "--host", "0.0.0.0"], "--host only works with --serve"),
    (["--status", "--recheck", "5"], "--recheck only works with --serve or --mcp"),
    (["--serve", "--json"], "--json does not apply to --serve"),
    (["--mcp", "--path", "*.md", "--explain"], "--explain, --path do not apply to --mcp"),
    (["--serve", "--mcp"], "give exactly one of"),
    (["--serve", "--port", "70000"], "70000"),
])
def test_serve_options_out_of_place_are_usage_errors(tmp_path, args, words):
    r = CliRunner().invoke(main, ["--docs", str(make_folder(tmp_path)), "--index", str(tmp_path / "i.sqlite"),
                                  "--embed-model", "none", *args])
    assert r.exit_code == 2 and words in r.output


def test_a_missing_folder_is_a_usage_error_before_listening(tmp_path):
    r = subprocess.run([sys.executable, "-m", "engine.cli", "--docs", str(tmp_path / "nope"), "--serve",
                        "--port", "0", "--embed-model", "none"], capture_output=True, text=True,
                       env=env_for(tmp_path), timeout=STARTUP)
    assert r.returncode == 2 and "documents folder not found" in r.stderr and "hint:" in r.stderr


def test_serve_help_documents_every_new_option():
    out = CliRunner().invoke(main, ["--help"]).output
    for opt in ("--serve", "--mcp", "--port", "--host", "--recheck"):
        assert opt in out


def test_with_the_real_model_the_served_answer_is_the_cli_answer(tmp_path, model):
    docs, index, env = make_folder(tmp_path), tmp_path / "index.sqlite", env_for(tmp_path, model)
    with serving(docs, index, env, model=model) as server:
        status, got, _ = server.request("POST", "/ask", {"question": QUESTION})
        s_status, searched, _ = server.request("POST", "/search", {"question": "tree permit", "arms": "embed"})
    assert status == 200 and s_status == 200
    d = json.loads(got)
    assert d["answered"] and "embed" in d["method"] and d["index"]["passages_with_vectors"] > 0
    r = cli(docs, index, QUESTION, "--json", env=env, model=model)
    assert r.returncode == 0 and got == r.stdout
    hits = json.loads(searched)["hits"]
    assert hits and all(set(h["arms"]) == {"embed"} for h in hits)


def test_an_engine_that_cannot_load_stops_the_server_with_the_reason(tmp_path):
    docs, env = make_folder(tmp_path), env_for(tmp_path)
    (tmp_path / "a-file").write_text("not a folder\n")
    r = subprocess.run([sys.executable, "-m", "engine.cli", "--docs", str(docs), "--serve", "--port", "0",
                        "--index", str(tmp_path / "a-file" / "index.sqlite"), "--embed-model", "none"],
                       capture_output=True, text=True, env=env, timeout=STARTUP)
    assert r.returncode == 2 and "cannot create index" in r.stderr and "hint:" in r.stderr
    assert "serving" not in r.stderr


def test_a_large_folder_is_served_from_the_words_at_once_then_from_the_vectors(tmp_path, model):
    """More passages than embed_backlog: the first answer comes from the words (and says the
    vectors are being made); /status shows the background embedding until it is complete;
    then the answer uses the vectors and is the bytes `ask --json` prints on that index."""
    docs = permit_notes(make_folder(tmp_path), 40)
    index, env = tmp_path / "index.sqlite", env_for(tmp_path, model)
    config = tmp_path / "ask.toml"
    config.write_text("embed_backlog = 2\n", encoding="utf-8")
    with serving(docs, index, env, "--config", str(config), model=model) as server:
        first = json.loads(server.request("POST", "/ask", {"question": QUESTION})[1])
        assert "no vectors: only 0 of 43 passages" in first["method"]
        assert any("embedding the rest in the background" in n for n in first["notes"])
        deadline = time.monotonic() + STARTUP
        while (state := json.loads(server.request("GET", "/status")[1])["embedding"])["state"] != "complete":
            assert state["state"] == "running" and time.monotonic() < deadline, state
            time.sleep(0.1)
        assert state == {"state": "complete", "passages_with_vectors": 43, "passages": 43}
        status, got, _ = server.request("POST", "/ask", {"question": QUESTION})
        assert status == 200 and json.loads(got)["method"].startswith("bm25+tfidf+embed")
        assert "ask: all 43 passages have vectors; answers now use them" in server.stderr_lines()
    r = cli(docs, index, QUESTION, "--json", "--config", str(config), env=env, model=model)
    assert r.returncode == 0 and got == r.stdout


def test_sigterm_while_embedding_stops_at_once_and_keeps_the_groups_made(tmp_path, model):
    docs = permit_notes(make_folder(tmp_path), 240)
    index, env = tmp_path / "index.sqlite", env_for(tmp_path, model)
    config = tmp_path / "ask.toml"
    config.write_text("embed_backlog = 2\n", encoding="utf-8")
    with serving(docs, index, env, "--config", str(config), model=model) as server:
        deadline = time.monotonic() + STARTUP
        while (state := json.loads(server.request("GET", "/status")[1])["embedding"])["passages_with_vectors"] == 0:
            assert state["state"] == "running" and time.monotonic() < deadline, state
            time.sleep(0.05)
        server.proc.send_signal(signal.SIGTERM)
        assert server.proc.wait(timeout=60) == 0
        deadline = time.monotonic() + 10
        while "ask: stopped" not in server.stderr_lines():
            assert time.monotonic() < deadline, server.seen
            time.sleep(0.05)
        assert any(ln.startswith("ask: embedding in the background stopped at ") for ln in server.seen)
        assert not any("Traceback" in ln for ln in server.seen)
    with sqlite3.connect(index) as db:  # as the server left it (any ask run would embed more)
        passages = db.execute("SELECT COUNT(*) FROM passages").fetchone()[0]
        vectors = db.execute("SELECT COUNT(*) FROM vectors").fetchone()[0]
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    assert 0 < vectors < passages == 243
