"""The model run without fastembed (engine/onnxtext.py): used only once shown to give
fastembed's vectors to the bit, and then giving them on texts the check never saw."""
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from engine import embed as embed_mod
from engine import onnxtext
from engine.embed import ModelChoice, load_embedder

TEXTS = ["The council adopted the 2025-26 budget of $4,812,300 on June 9.",
         "Fence permit: $45.00 (residential), $90.00 (commercial).",
         "Le conseil municipal s'est réuni à 19 h 30 à l'hôtel de ville.",
         "市议会批准了新的水费标准。", "水道料金は月額2,310円です。", "회의는 오후 7시에 시작합니다.",
         "x", " ".join(["meter base charge per month for a 5/8 inch connection"] * 60)]


@pytest.fixture
def fresh(tmp_path, monkeypatch, model):
    monkeypatch.setenv("ASK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("ASK_DIRECT_MODEL", raising=False)
    monkeypatch.delenv("ASK_GRAPH_CACHE", raising=False)
    monkeypatch.setattr(embed_mod, "_LOADED", {})
    return ModelChoice(name=model["embed_model"], model_dir=Path(model["embed_model_dir"]))


def _load(choice):
    embed_mod._LOADED.clear()
    emb, reason = load_embedder(choice, batch=4, tokens=4096)
    assert emb is not None, reason
    return emb


def test_after_one_fastembed_load_the_next_runs_without_fastembed_and_gives_the_same_bits(fresh):
    first = _load(fresh)
    assert type(first.model).__name__ == "TextEmbedding"  # fastembed: nothing shown yet
    records = list((embed_mod.graph_folder()).glob("direct-*.json"))
    assert len(records) == 1
    rec = json.loads(records[0].read_text())
    assert rec["pooling"] == "mean-normalised"  # what fastembed does for all-MiniLM-L6-v2
    second = _load(fresh)
    assert isinstance(second.model, onnxtext.DirectText)
    assert second.identity == first.identity and second.dim == first.dim
    # texts the check never saw, as passages (batched by length, padded) and as questions
    assert np.array_equal(first.embed(TEXTS), second.embed(TEXTS))
    for t in TEXTS:
        assert np.array_equal(first.embed_query(t), second.embed_query(t))
    assert first.token_counts(TEXTS) == second.token_counts(TEXTS)


def test_a_changed_file_a_damaged_record_or_the_switch_loads_fastembed_again(fresh, monkeypatch):
    _load(fresh)
    record = next(embed_mod.graph_folder().glob("direct-*.json"))
    rec = json.loads(record.read_text())
    rec["files"]["tokenizer.json"][1] += 1  # the model's files are not the ones checked
    record.write_text(json.dumps(rec))
    assert type(_load(fresh).model).__name__ == "TextEmbedding"  # and it checks again
    assert isinstance(_load(fresh).model, onnxtext.DirectText)
    record.write_text("{not json")
    assert type(_load(fresh).model).__name__ == "TextEmbedding"
    rec = json.loads(record.read_text())
    rec["versions"]["onnxruntime"] = "0.0"
    record.write_text(json.dumps(rec))
    assert type(_load(fresh).model).__name__ == "TextEmbedding"
    monkeypatch.setenv("ASK_DIRECT_MODEL", "0")
    assert type(_load(fresh).model).__name__ == "TextEmbedding"


def test_no_pooling_that_does_not_match_is_written_down(fresh, monkeypatch):
    """A model whose output none of the poolings reproduces keeps loading through fastembed."""
    monkeypatch.setattr(onnxtext, "POOLINGS", {"first-normalised": onnxtext.POOLINGS["first-normalised"]})
    _load(fresh)
    assert not list(embed_mod.graph_folder().glob("direct-*.json"))
    assert type(_load(fresh).model).__name__ == "TextEmbedding"


def test_a_cold_ask_without_fastembed_imported_answers_the_same_bytes(tmp_path, model):
    samples = Path(__file__).resolve().parent.parent / "samples"
    index = tmp_path / "i.sqlite"
    question = "What is the monthly water base charge for a residential 5/8 inch meter?"

    def ask(direct: str) -> tuple[str, str]:
        env = {**os.environ, "ASK_CACHE_DIR": str(tmp_path / "cache"), "ASK_EMBED_MODEL": model["embed_model"],
               "ASK_EMBED_MODEL_DIR": model["embed_model_dir"], "ASK_DIRECT_MODEL": direct}
        r = subprocess.run([sys.executable, "-X", "importtime", "-m", "engine.cli", "--docs", str(samples), "--index", str(index),
                            "--json", "--explain", question], capture_output=True, text=True, env=env, timeout=600)
        assert r.returncode == 0, r.stderr
        imported = {line.rsplit("|", 1)[-1].strip() for line in r.stderr.splitlines() if line.startswith("import time:")}
        return r.stdout, "FASTEMBED=%s" % ("fastembed" in imported)

    plain, err = ask("0")
    assert "FASTEMBED=True" in err
    checked, err = ask("1")  # fastembed, then the check written down
    assert "FASTEMBED=True" in err
    fast, err = ask("1")
    assert "FASTEMBED=False" in err
    assert plain == checked == fast
    assert json.loads(fast)["method"].endswith("embed→rerank→gate")
