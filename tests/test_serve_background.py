"""The servers' background embedding (engine/serve/background.py), on the Service itself with
the real model and real SQLite: the first answer comes from the words at once, the engine
switches to vectors once every passage has one (the same bytes as a fully embedded index
gives), new documents are picked up again, and close() stops the thread leaving an index
that `ask --embed` finishes.
"""
import json
import threading
import time

import pytest
from click.testing import CliRunner

from conftest import permit_notes
from engine import Engine
from engine.cli import main
from engine.config import Config
from engine.serve import Service

WAIT = 180  # seconds: a hang guard, not a timing check
QUESTION = {"question": "What is the fee for a type 7 permit?"}
CONFIG = Config(embed_backlog=2)


def service(docs, index, model, logs, **kw) -> Service:
    return Service(docs, lambda: Engine(docs, index=index, config=CONFIG, embed="background", **model),
                   log=logs.append, **kw)


def wait_until_complete(s: Service) -> dict:
    """Poll the status request until the embedding says complete."""
    deadline = time.monotonic() + WAIT
    while (state := s.status()["embedding"])["state"] != "complete":
        assert state["state"] == "running", state
        assert time.monotonic() < deadline, f"not complete after {WAIT} s: {state}"
        time.sleep(0.05)
    return state


def dump(answer) -> str:
    return json.dumps(answer.to_dict(), ensure_ascii=False)


def embed_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "ask-embed"]


def test_the_first_answer_is_from_the_words_and_the_engine_switches_when_all_have_vectors(tmp_path, model):
    docs, index, logs = permit_notes(tmp_path / "docs", 40), tmp_path / "index.sqlite", []
    s = service(docs, index, model, logs)
    try:
        s.load()
        first = s.ask(QUESTION)
        assert "no vectors: only 0 of 40 passages have them yet (0%)" in first.method
        assert "embed" not in first.method.split(" ")[0]
        assert any("embedding the rest in the background" in n for n in first.notes)
        assert not any("--embed" in n for n in first.notes)
        state = wait_until_complete(s)
        assert state == {"state": "complete", "passages_with_vectors": 40, "passages": 40}
        after = s.ask(QUESTION)
        assert after.method.startswith("bm25+tfidf+embed") and after.notes == ()
        assert s.ask(QUESTION).to_dict() == after.to_dict()  # between switches, the same answer
    finally:
        s.close()
    assert any(ln.startswith("embedding in the background: 0 of 40 passages have vectors") for ln in logs)
    assert "all 40 passages have vectors; answers now use them" in logs
    with Engine(docs, index=tmp_path / "fresh.sqlite", config=CONFIG, embed="all", **model) as eng:
        assert eng.index.complete
        assert dump(eng.ask(QUESTION["question"])) == dump(after)


def test_new_documents_are_embedded_again_and_the_engine_switches_again(tmp_path, model):
    docs, index, logs = permit_notes(tmp_path / "docs", 40), tmp_path / "index.sqlite", []
    s = service(docs, index, model, logs, recheck=0)
    try:
        s.load()
        wait_until_complete(s)
        assert s.ask(QUESTION).method.startswith("bm25+tfidf+embed")
        permit_notes(docs, 40, start=40)  # 40 more passages: over the backlog of 2
        during = s.ask({"question": "What is the fee for a type 57 permit?"})
        assert "no vectors: only 40 of 80 passages have them yet (50%)" in during.method
        assert wait_until_complete(s)["passages_with_vectors"] == 80
        after = s.ask({"question": "What is the fee for a type 57 permit?"})
        assert after.method.startswith("bm25+tfidf+embed") and after.coverage.passages == 80
    finally:
        s.close()
    assert "all 80 passages have vectors; answers now use them" in logs
    with Engine(docs, index=tmp_path / "fresh.sqlite", config=CONFIG, embed="all", **model) as eng:
        assert dump(eng.ask("What is the fee for a type 57 permit?")) == dump(after)


def test_closing_mid_embedding_stops_the_thread_and_ask_embed_finishes_the_index(tmp_path, model):
    docs, index, logs = permit_notes(tmp_path / "docs", 240), tmp_path / "index.sqlite", []
    s = service(docs, index, model, logs, recheck=3600)
    try:
        s.load()
        deadline = time.monotonic() + WAIT
        while (state := s.status()["embedding"])["passages_with_vectors"] == 0:  # a group committed
            assert state["state"] == "running" and time.monotonic() < deadline, state
            time.sleep(0.01)
    finally:
        began = time.monotonic()
        s.close()
        closed_in = time.monotonic() - began
    assert not embed_threads() and not s.embedding.running
    assert closed_in < 30, closed_in  # between two model batches, not at the end of the work
    with Engine(docs, index=index, config=CONFIG, embed="bounded", **model) as eng:
        cov = eng.coverage()
        assert 0 < cov.vectors < cov.passages == 240  # committed groups kept, the rest missing
        assert not eng.index.complete
        db = eng.store.db
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        orphans = db.execute("SELECT COUNT(*) FROM vectors v LEFT JOIN passages p ON p.id = v.passage"
                             " WHERE p.id IS NULL").fetchone()[0]
        assert orphans == 0
    assert any(ln.startswith("embedding in the background stopped at ") for ln in logs)
    r = CliRunner().invoke(main, ["--docs", str(docs), "--index", str(index), "--embed", "--quiet",
                                  "--embed-model", model["embed_model"],
                                  "--embed-model-dir", model["embed_model_dir"]])
    assert r.exit_code == 0, r.output
    with Engine(docs, index=index, config=CONFIG, embed="bounded", **model) as eng:
        assert eng.index.complete and eng.embedded == 0
        finished = dump(eng.ask(QUESTION["question"]))
    with Engine(docs, index=tmp_path / "fresh.sqlite", config=CONFIG, embed="all", **model) as eng:
        assert dump(eng.ask(QUESTION["question"])) == finished


def test_a_folder_already_embedded_starts_no_thread(tmp_path, model):
    docs, index, logs = permit_notes(tmp_path / "docs", 40), tmp_path / "index.sqlite", []
    with Engine(docs, index=index, config=CONFIG, embed="all", **model) as eng:
        assert eng.index.complete
    s = service(docs, index, model, logs)
    try:
        s.load()
        assert not s.embedding.running and not embed_threads()
        assert s.status()["embedding"] == {"state": "complete", "passages_with_vectors": 40, "passages": 40}
        assert s.ask(QUESTION).method.startswith("bm25+tfidf+embed")
    finally:
        s.close()
    assert not any("background" in ln for ln in logs)


def test_without_a_model_nothing_is_embedded(tmp_path):
    docs, index, logs = permit_notes(tmp_path / "docs", 40), tmp_path / "index.sqlite", []
    s = service(docs, index, {"embed_model": "none"}, logs)
    try:
        s.load()
        assert s.embedding is None and not embed_threads()
        assert s.status()["embedding"] == {"state": "off", "passages_with_vectors": 0, "passages": 40}
        assert "embedding turned off" in s.ask(QUESTION).method
    finally:
        s.close()
    assert logs == []


@pytest.mark.parametrize("mode", ["read", "bounded"])
def test_an_engine_not_opened_for_the_background_is_left_as_it_is(tmp_path, model, mode):
    docs, index, logs = permit_notes(tmp_path / "docs", 40), tmp_path / "index.sqlite", []
    s = Service(docs, lambda: Engine(docs, index=index, config=CONFIG, embed=mode, **model), log=logs.append)
    try:
        s.load()
        assert s.embedding is None and not embed_threads()
        state = s.status()["embedding"]
        assert state["state"] == ("stopped" if mode == "bounded" else "complete")
    finally:
        s.close()
