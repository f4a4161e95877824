"""Many people at once (issue 17): 8 clients × 50 questions against `ask --serve` on the
samples while the folder is refreshed (every file touched, so the refresh re-hashes them all
and takes the write lock): no errors, and every answer byte-identical to what `ask --json`
prints for the same question. The latencies are printed (pytest -s) for docs/serve.md; the
test bounds only errors and correctness, never time."""
import json
import os
import shutil
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from test_serve_http import env_for, model_args, serving

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
QUESTIONS = [
    "What is the fee for a tree removal permit?",
    "How long can I borrow a Wi-Fi hotspot?",
    "How much does it cost to rent the amphitheater at Ridgeway Commons?",
    "What is the water base charge for a residential 5/8 inch meter?",
    "When will the water mains be flushed?",
    "What was the lead 90th percentile in 2023?",
    "How much is a dog license?",
    "What is the airspeed velocity of an unladen swallow?",
]
CLIENTS, EACH = 8, 50


@pytest.mark.parametrize("arms", ["words", "model"])
def test_eight_clients_at_once_during_a_refresh_get_the_cli_bytes(tmp_path, arms, request):
    """Words only, and with the shared model (the question's and the quoted lines' embedding
    then run side by side on one model too)."""
    model = request.getfixturevalue("model") if arms == "model" else None
    docs = tmp_path / "docs"
    shutil.copytree(SAMPLES, docs)
    env = env_for(tmp_path, model)
    index = tmp_path / "index.sqlite"
    expected = {}
    for q in QUESTIONS:
        r = subprocess.run([sys.executable, "-m", "engine.cli", q, "--docs", str(docs), "--index", str(index),
                            "--json", "-q", *model_args(model)], capture_output=True, env=env, timeout=300)
        assert r.returncode in (0, 1), r.stderr
        expected[q] = r.stdout
    if model:
        assert b"embed" in expected[QUESTIONS[0]]  # the vector arm took part
    with serving(docs, index, env, "--recheck", "0", "--quiet", model=model) as server:
        errors, seconds, wrong = [], [], []
        lock = threading.Lock()

        def client(k: int) -> None:
            for i in range(EACH):
                q = QUESTIONS[(k + i) % len(QUESTIONS)]
                began = time.perf_counter()
                status, body, _ = server.request("POST", "/ask", {"question": q})
                spent = time.perf_counter() - began
                with lock:
                    seconds.append(spent)
                    if status != 200:
                        errors.append((status, body[:200]))
                    elif body != expected[q]:
                        wrong.append((q, body, expected[q]))

        def refresher() -> None:
            time.sleep(0.5)
            now = time.time()
            for path in sorted(p for p in docs.rglob("*") if p.is_file()):
                os.utime(path, (now + 5, now + 5))  # touched, not changed: the same answers
            status, body, _ = server.request("POST", "/refresh", headers={"Content-Type": "application/json"})
            with lock:
                refreshed.append((status, json.loads(body)))

        refreshed: list = []
        threads = [threading.Thread(target=client, args=(k,)) for k in range(CLIENTS)]
        threads.append(threading.Thread(target=refresher))
        began = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=600)
        wall = time.perf_counter() - began
    said = []  # the server's stderr: an internal error's traceback is there
    while not server.err.empty():
        said.append(server.err.get_nowait())
    assert errors == [] and wrong == [], "\n".join(said[-80:])
    assert len(seconds) == CLIENTS * EACH
    (status, report), = refreshed
    assert status == 200 and report["refreshed"] is True and report["seen"] > 0
    cut = statistics.quantiles(seconds, n=100)
    print(f"\n{arms}: {CLIENTS} clients x {EACH} questions: {len(seconds)} answers in {wall:.1f} s "
          f"({len(seconds) / wall:.1f}/s), p50 {statistics.median(seconds) * 1000:.0f} ms, "
          f"p99 {cut[98] * 1000:.0f} ms; refresh during: {report}")


def test_questions_are_answered_while_a_refresh_runs(tmp_path, monkeypatch):
    """A refresh held open (a file whose reader waits for the test's word) does not hold the
    questions: one asked meanwhile is answered from the snapshot before it; once the refresh
    ends, the next question sees the new document."""
    import misbehaving_readers as hr
    from conftest import write
    from engine import Engine, readers
    from engine.serve import Service

    monkeypatch.setitem(readers._REGISTRY, ".held", hr.wait_for_go)
    docs = tmp_path / "docs"
    write(docs, "trees.md", "The application fee for a tree removal permit is $75.00.\n")
    index = tmp_path / "index.sqlite"
    service = Service(docs, lambda: Engine(docs, index=index, embed_model="none", embed="background"),
                      recheck=3600)
    service.load()
    try:
        before = service.ask({"question": "What is the fee for a tree removal permit?"})
        write(docs, "boats.held", "The boat ramp launch fee is $12.00 per day.\n")
        refreshing = threading.Thread(target=service.refresh)
        refreshing.start()
        time.sleep(0.3)  # the refresh is reading boats.held and waits for its word
        assert refreshing.is_alive()
        during = service.ask({"question": "What is the fee for a tree removal permit?"})
        assert during.to_dict() == before.to_dict()  # the old snapshot, answered at once
        mid = service.ask({"question": "What is the boat ramp launch fee?"})
        assert all(c.path != "boats.held" for c in mid.citations)  # not indexed yet
        assert refreshing.is_alive()  # all of that while the refresh was still held
        (docs / "boats.held.go").write_text("go\n")
        refreshing.join(timeout=60)
        assert not refreshing.is_alive()
        after = service.ask({"question": "What is the boat ramp launch fee?"})
        assert after.citations and after.citations[0].path == "boats.held"
    finally:
        (docs / "boats.held.go").write_text("go\n")
        service.close()
