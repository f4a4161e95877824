"""The same answer every time (issue 15, part 1): an answer is a function of the documents,
the configuration, the model and the index's completed state, never of a hash seed, of the
process, or of the questions asked before it. Real model, real index, real `ask` processes."""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys

from conftest import ROOT

QUESTIONS = [json.loads(line)["question"] for line in
             (ROOT / "golden" / "samples.jsonl").read_text().splitlines()[:12]]


def _ask(args: list[str], env: dict, cwd) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine.cli", *args], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=600)


def _env(model: dict, seed: str) -> dict:
    return {**os.environ, "PYTHONHASHSEED": seed, "ASK_EMBED_MODEL": model["embed_model"],
            "ASK_EMBED_MODEL_DIR": str(model["embed_model_dir"])}


def test_two_rebuilds_with_different_hash_seeds_give_the_same_bytes(tmp_path, model):
    docs = tmp_path / "samples"
    shutil.copytree(ROOT / "samples", docs)
    batch = tmp_path / "q.jsonl"
    batch.write_text("".join(json.dumps({"id": f"q{i}", "question": q}) + "\n"
                             for i, q in enumerate(QUESTIONS)))
    outs = []
    for seed, name in (("1", "a.sqlite"), ("4242", "b.sqlite")):
        env = _env(model, seed)
        built = _ask(["--docs", str(docs), "--index", str(tmp_path / name), "--rebuild"], env, tmp_path)
        assert built.returncode == 0, built.stderr
        r = _ask(["--docs", str(docs), "--index", str(tmp_path / name), "--batch", str(batch),
                  "--json", "--explain", "-q"], env, tmp_path)
        assert r.returncode in (0, 1), r.stderr
        outs.append(r.stdout)
    assert len(outs[0].splitlines()) == len(QUESTIONS)
    assert "embed" in json.loads(outs[0].splitlines()[0])["method"]
    assert outs[0] == outs[1]


def test_embed_finishes_an_index_and_the_vector_arm_then_runs(tmp_path, model):
    docs = tmp_path / "samples"
    shutil.copytree(ROOT / "samples", docs)
    index = tmp_path / "i.sqlite"
    env = _env(model, "0")
    assert _ask(["--docs", str(docs), "--index", str(index), "--rebuild", "-q"], env, tmp_path).returncode == 0
    db = sqlite3.connect(index)  # as if a run had been killed while embedding
    db.execute("DELETE FROM vectors WHERE passage % 2 = 0")
    db.commit()
    db.close()
    small = tmp_path / "small-backlog.toml"  # more missing than a question embeds first
    small.write_text("embed_backlog = 5\n")
    q = ["--docs", str(docs), "--index", str(index), QUESTIONS[0], "--json", "--config", str(small)]
    before = [_ask(q, env, tmp_path) for _ in range(2)]
    assert before[0].stdout == before[1].stdout  # asking changed nothing
    words = json.loads(before[0].stdout)
    assert "embed" not in words["method"].split(" (")[0] and "passages have them yet" in words["method"]
    assert any("--embed" in n for n in words["notes"])
    done = _ask(["--docs", str(docs), "--index", str(index), "--embed", "--json"], env, tmp_path)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["passages_with_vectors"] == report["passages"] > 0 and "embedded" in report
    after = json.loads(_ask(q, env, tmp_path).stdout)
    assert after["method"].startswith("bm25+tfidf+embed") and not after.get("notes")
