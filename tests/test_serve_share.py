"""A server an office can share (issue 17): the token beyond loopback, JSON-only POSTs from
this server's own origin, the body limit, and GET /file reaching indexed documents only."""
import json
import os
import subprocess
import sys

import pytest

from test_serve_http import STARTUP, env_for, make_folder, serving

TOKEN = "tok-3f9a1c2b7e"
QUESTION = {"question": "What is the fee for a tree removal permit?"}
JSON = {"Content-Type": "application/json"}
AUTH = {"Authorization": f"Bearer {TOKEN}"}


@pytest.fixture(scope="module")
def guarded(tmp_path_factory):
    root = tmp_path_factory.mktemp("share")
    docs = make_folder(root)
    (root / "outside.txt").write_text("The secret outside the folder.\n", encoding="utf-8")
    with serving(docs, root / "index.sqlite", env_for(root), "--token", TOKEN) as server:
        yield server, docs, root


def test_beyond_loopback_the_server_refuses_to_start_without_a_token(tmp_path):
    docs = make_folder(tmp_path)
    env = {k: v for k, v in env_for(tmp_path).items() if k != "ASK_TOKEN"}
    r = subprocess.run([sys.executable, "-m", "engine.cli", "--docs", str(docs), "--serve",
                        "--host", "0.0.0.0", "--port", "0", "--index", str(tmp_path / "i.sqlite")],
                       capture_output=True, text=True, env=env, timeout=STARTUP)
    assert r.returncode == 2 and "needs an access token" in r.stderr and "--token" in r.stderr


def test_beyond_loopback_with_a_token_every_request_needs_it(tmp_path):
    docs = make_folder(tmp_path)
    env = {**env_for(tmp_path), "ASK_TOKEN": TOKEN}
    with serving(docs, tmp_path / "i.sqlite", env, "--host", "0.0.0.0") as server:
        assert server.url.startswith("http://0.0.0.0:")
        server.url = server.url.replace("0.0.0.0", "127.0.0.1")
        assert server.request("POST", "/ask", QUESTION)[0] == 401
        status, body, _ = server.request("POST", "/ask", QUESTION, headers=AUTH)
        assert status == 200 and json.loads(body)["answered"]
        assert any("needs the token" in line for line in server.stderr_lines())


@pytest.mark.parametrize("headers, code, words", [
    ({}, 401, "needs its access token"),
    ({"Authorization": "Bearer wrong"}, 401, "wrong access token"),
    ({"Authorization": f"Basic {TOKEN}"}, 401, "wrong access token"),
    ({"Authorization": f"Bearer {TOKEN}x"}, 401, "wrong access token"),
])
def test_a_missing_or_wrong_token_is_refused(guarded, headers, code, words):
    server, *_ = guarded
    for method, path, body in (("POST", "/ask", QUESTION), ("GET", "/status", None),
                               ("GET", "/show?id=abc", None), ("POST", "/refresh", None)):
        status, got, h = server.request(method, path, body, headers={**JSON, **headers})
        assert status == code and words in json.loads(got)["error"], (path, got)
        assert h["WWW-Authenticate"] == "Bearer"


def test_the_page_and_health_need_no_token_and_the_rest_works_with_it(guarded):
    server, *_ = guarded
    status, page, headers = server.request("GET", "/")
    assert status == 200 and b"<title>ask</title>" in page and headers["Content-Type"].startswith("text/html")
    assert "default-src 'self'" in headers["Content-Security-Policy"]
    assert server.request("GET", "/page/app.js")[0] == 200
    assert server.request("GET", "/health")[0] == 200
    status, got, _ = server.request("POST", "/ask", QUESTION, headers=AUTH)
    assert status == 200 and json.loads(got)["answered"]
    assert server.request("GET", "/status", headers=AUTH)[0] == 200


@pytest.mark.parametrize("headers, code, words", [
    ({"Content-Type": "text/plain"}, 415, "must be JSON"),
    ({"Content-Type": "application/x-www-form-urlencoded"}, 415, "must be JSON"),
    ({**JSON, "Origin": "http://evil.example"}, 403, "not allowed"),
    ({**JSON, "Origin": "null"}, 403, "not allowed"),
])
def test_a_post_from_another_site_or_not_json_is_refused(guarded, headers, code, words):
    server, *_ = guarded
    status, got, _ = server.request("POST", "/ask", raw=json.dumps(QUESTION).encode(),
                                    headers={**AUTH, **headers})
    assert status == code and words in json.loads(got)["error"]


def test_a_post_from_the_servers_own_page_is_answered(guarded):
    server, *_ = guarded
    origin = server.url  # what a browser sends from the page this server served
    status, got, _ = server.request("POST", "/ask", QUESTION, headers={**AUTH, "Origin": origin})
    assert status == 200 and json.loads(got)["answered"]


def test_a_body_just_over_64_kib_gets_413(guarded):
    server, *_ = guarded
    raw = json.dumps({"question": "x" * (64 << 10)}).encode()
    status, got, _ = server.request("POST", "/ask", raw=raw, headers=AUTH)
    assert status == 413 and "over the limit" in json.loads(got)["error"]
    assert server.request("GET", "/health")[0] == 200


def test_file_serves_an_indexed_document_by_its_id(guarded):
    server, docs, root = guarded
    hits = json.loads(server.request("POST", "/search", {"question": "tree removal permit fee"}, headers=AUTH)[1])["hits"]
    hit = hits[0]
    status, body, headers = server.request("GET", f"/file/{hit['doc_id']}", headers=AUTH)
    assert status == 200 and body == (docs / hit["path"]).read_bytes()
    assert "inline" in headers["Content-Disposition"] and headers["X-Content-Type-Options"] == "nosniff"
    assert server.request("GET", f"/file/{hit['doc_id']}")[0] == 401  # the token, here too


@pytest.mark.parametrize("path", [
    "/file/../../outside.txt", "/file/..%2f..%2foutside.txt", "/file/%2fetc%2fpasswd", "/file//etc/passwd",
    "/file/etc/passwd", "/file/0123456789ab", "/file/ABCDEF012345", "/file/%2e%2e", "/file/abc",
])
def test_file_reaches_nothing_but_indexed_documents(guarded, path):
    server, *_ = guarded
    status, got, _ = server.request("GET", path, headers=AUTH)
    assert status == 404 and "no indexed document" in json.loads(got)["error"], got
    assert b"secret" not in got and b"root:" not in got


def test_a_document_swapped_for_a_link_out_of_the_folder_is_not_served(tmp_path):
    docs = make_folder(tmp_path)
    (tmp_path / "outside.txt").write_text("The secret outside the folder.\n", encoding="utf-8")
    with serving(docs, tmp_path / "i.sqlite", env_for(tmp_path), "--token", TOKEN, "--recheck", "3600") as server:
        hits = json.loads(server.request("POST", "/search", {"question": "tree removal permit fee"},
                                         headers=AUTH)[1])["hits"]
        target = docs / hits[0]["path"]
        target.unlink()
        os.symlink(tmp_path / "outside.txt", target)  # after indexing; the recheck is an hour away
        status, got, _ = server.request("GET", f"/file/{hits[0]['doc_id']}", headers=AUTH)
        assert status == 404 and b"secret" not in got


def test_a_slow_client_is_dropped_and_the_others_are_served(tmp_path, monkeypatch):
    """A client that sends half a request and goes silent is disconnected after the idle
    time (60 s; 1 s here), while another client is answered meanwhile."""
    import socket
    import threading

    from engine import Engine
    from engine.serve import Service
    from engine.serve import http as served

    monkeypatch.setattr(served.Handler, "timeout", 1)
    docs = make_folder(tmp_path)
    service = Service(docs, lambda: Engine(docs, index=tmp_path / "i.sqlite", embed_model="none"))
    service.load()
    server = served.bind("127.0.0.1", 0)
    server.service, server.quiet, server.token, server.local_only = service, True, None, True
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True).start()
    port = server.server_address[1]
    try:
        slow = socket.create_connection(("127.0.0.1", port), timeout=30)
        slow.sendall(b"POST /ask HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 100\r\n\r\n{\"question\"")  # and nothing more
        import urllib.request
        req = urllib.request.Request(f"http://127.0.0.1:{port}/ask", data=json.dumps(QUESTION).encode(),
                                     headers=JSON, method="POST")
        with urllib.request.urlopen(req, timeout=30) as r:
            assert r.status == 200 and json.loads(r.read())["answered"]
        assert slow.recv(100) == b""  # closed by the server, without an answer
        slow.close()
    finally:
        server.shutdown()
        server.server_close()
        service.close()
