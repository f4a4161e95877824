"""The embedding arm with the real shared model, and the offline path without any model."""
import time

import pytest

from conftest import write
from engine import Engine
from engine.embed import ModelChoice, load_embedder

ANALYTES = """PWSName,Analyte,Level Detected,Units,MCL,Collected
Millbrook PWS,Lead,4.1,ppb,15,2023-06-12
Millbrook PWS,Copper,0.31,ppm,1.3,2023-06-12
Millbrook PWS,Nitrate,2.2,ppm,10,2023-03-02
Millbrook PWS,PFOA (UCMR 5),ND,ppt,4,2023-09-19
Millbrook PWS,Total coliform,0 positive,per month,1,2023-01-31
"""
TAX = """Business category,NAICS,Local tax rate
Drinking Places (Alcoholic Beverages),722410,6.5%
Full-Service Restaurants,722511,6.0%
Gasoline Stations,447110,4.0%
Hotels and Motels,721110,8.0%
"""


@pytest.fixture
def water_folder(tmp_path):
    d = tmp_path / "records"
    write(d, "utility/analytes-2023.csv", ANALYTES)
    write(d, "finance/sales-tax-rates.csv", TAX)
    write(d, "minutes.txt", "Council minutes, May 14.\nThe council approved the parks budget and a new bench.\n")
    return d


def test_vocabulary_gap_the_embedding_arm_ranks_the_answer_above_the_lexical_decoy(water_folder, tmp_path, model):
    q = "drinking water sampling results"
    with Engine(water_folder, index=tmp_path / "i.sqlite", **model) as eng:
        a = eng.ask(q, explain=True, candidates=10)
    assert a.method == "bm25+tfidf+embed→rerank→gate"
    by_path = {c.path: c for c in a.candidates}
    # the analyte table shares no word with the question: only the nearest-vector pull brings it in
    analytes = by_path["utility/analytes-2023.csv"]
    tax = by_path["finance/sales-tax-rates.csv"]
    assert analytes.coverage == 0.0 and tax.coverage > 0.0
    arm = {name: s for name, s in analytes.arms}, {name: s for name, s in tax.arms}
    assert arm[0]["embed"].rank < arm[1]["embed"].rank
    assert arm[0]["embed"].raw > arm[1]["embed"].raw
    assert arm[1]["bm25"].rank < arm[0]["bm25"].rank  # the lexical arm alone prefers the decoy


def test_vectors_are_made_at_index_time_and_reported(water_folder, tmp_path, model):
    with Engine(water_folder, index=tmp_path / "i.sqlite", **model) as eng:
        cov = eng.coverage()
        assert cov.passages > 0 and cov.vectors == cov.passages
        assert cov.model.startswith(model["embed_model"] + "#")


def test_partial_vectors_answer_from_the_words_and_say_how_to_finish(water_folder, tmp_path, model):
    idx = tmp_path / "i.sqlite"
    with Engine(water_folder, index=idx, **model):
        pass
    write(water_folder, "late.txt", "Drinking fountain repairs in the park were approved.\n")
    with Engine(water_folder, index=idx, embed_model="none"):
        pass  # indexes the new file's words but makes no vectors
    with Engine(water_folder, index=idx, refresh_index=False, **model) as eng:
        a = eng.ask("drinking fountain repairs", candidates=10)
        notes = eng.notes
    # one passage lacks a vector: the vector arm waits for all of them (issue 15)
    assert "embed" not in a.method.split(" (")[0] and "only 3 of 4 passages have them yet" in a.method
    assert any("--embed" in n for n in notes) and a.notes == notes
    d = a.to_dict()["index"]
    assert 0 < d["vector_share"] < 1


def test_offline_without_weights_answers_from_words_at_once(water_folder, tmp_path, monkeypatch):
    monkeypatch.setenv("FASTEMBED_CACHE_PATH", str(tmp_path / "empty-fastembed-cache"))
    monkeypatch.setenv("ASK_OFFLINE", "1")  # as on a machine with no network
    start = time.monotonic()
    with Engine(water_folder, index=tmp_path / "i.sqlite") as eng:  # default model, not cached
        a = eng.ask("What is the local tax rate for drinking places?")
    elapsed = time.monotonic() - start
    assert a.answered
    assert a.citations[0].path == "finance/sales-tax-rates.csv"
    assert a.method.startswith("bm25+tfidf→rerank→gate (no vectors: model not available")
    assert a.to_dict()["index"]["model"] is None
    assert elapsed < 15, "must not wait on download retries"  # fastembed's retries take ~40 s


def test_missing_model_folder_degrades_with_the_reason(tmp_path):
    emb, why = load_embedder(ModelChoice("sentence-transformers/all-MiniLM-L6-v2", tmp_path / "nothing-here"))
    assert emb is None and "no .onnx model" in why
    emb, why = load_embedder(ModelChoice("none"))
    assert emb is None and why == "embedding turned off"


def test_model_setting_comes_from_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("ASK_EMBED_MODEL", "some/model")
    monkeypatch.setenv("ASK_EMBED_MODEL_DIR", str(tmp_path))
    c = ModelChoice.from_settings(None, None)
    assert c.name == "some/model" and c.model_dir == tmp_path
    assert ModelChoice.from_settings("none", None).off


def test_vectors_do_not_depend_on_the_number_of_jobs(tmp_path, model):
    import shutil

    import numpy as np

    from conftest import ROOT
    from engine import Config
    from engine import embed as embed_mod

    docs = tmp_path / "samples"
    shutil.copytree(ROOT / "samples", docs)
    made = []
    for n in (1, 2):
        with Engine(docs, index=tmp_path / f"jobs{n}.sqlite", config=Config(embed_jobs=n), **model) as eng:
            assert eng.embedded == eng.coverage().passages > 50
            made.append(eng.store.vector_matrix(eng.embedder.identity))
    (ids1, _, m1), (ids2, _, m2) = made
    assert ids1.tolist() == ids2.tolist() and np.array_equal(m1, m2)  # bit for bit
    threads = {key[-1] for key in embed_mod._LOADED}
    assert {1, 2} <= threads  # questions on one thread; the refresh's embedding on 1, then 2


def test_the_kept_optimised_graph_gives_the_same_answers_to_the_byte(tmp_path, model):
    """The first process writes the model's optimised graph to <cache>/onnx; the next loads it
    with optimisation off (engine/graphcache.py). Answers (scores and quoted lines) are the
    same bytes with the file, without it, and with a damaged one."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    samples = Path(__file__).resolve().parent.parent / "samples"
    index = tmp_path / "i.sqlite"
    question = "What is the monthly water base charge for a residential 5/8 inch meter?"

    def ask(cache: str, kept: bool = True) -> str:
        env = {**os.environ, "ASK_CACHE_DIR": str(tmp_path / cache), "ASK_EMBED_MODEL": model["embed_model"],
               "ASK_EMBED_MODEL_DIR": model["embed_model_dir"], "ASK_GRAPH_CACHE": "1" if kept else "0"}
        r = subprocess.run([sys.executable, "-m", "engine.cli", "--docs", str(samples), "--index", str(index),
                            "--json", question], capture_output=True, text=True, env=env, timeout=600)
        assert r.returncode == 0, r.stderr
        assert "Serializing" not in r.stderr and "hardware specific" not in r.stderr
        return r.stdout

    without = ask("none", kept=False)
    assert not (tmp_path / "none" / "onnx").exists()
    first = ask("kept")  # makes the file
    graphs = list((tmp_path / "kept" / "onnx").glob("*.onnx"))
    assert len(graphs) == 1 and graphs[0].stat().st_size > 0
    again = ask("kept")  # loads it
    assert without == first == again
    graphs[0].write_bytes(b"not a model")  # damaged: built from the model again, and remade
    assert ask("kept") == without
    assert graphs[0].stat().st_size > 1000
