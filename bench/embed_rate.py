"""Embedding rate at one core and at every core, against raw fastembed, in one run.

    python -m bench.embed_rate [--docs ../shared/eval/cabinet | --index I.sqlite] [--passages 600]

Takes `--passages` passages spread evenly over an index's passages (real text, as the refresh
embeds it: context and text; from `--index`, or from a words-only index of `--docs` made in a
temporary folder) and embeds them four ways, each in its own process (so each has its own
peak memory), each after a warm-up batch: raw fastembed (TextEmbedding.embed, batch 16) with 1
onnxruntime thread and with one per core, and this engine's Embedder (batches by tokens, as
the refresh does) at embed_jobs 1 and at every core. The engine's processes load what a
refresh loads: the question session (one thread) and, at every core, the many-core session
beside it, so their peak memory is the engine's. Prints passages/s, the ratio of every core to
one core, and the engine against raw fastembed at the same cores; checks that the engine's
vectors are the same at both job counts. `python -m bench` runs `measure` on the cabinet's
index and puts the figures in its report. The model is the shared MiniLM
(../shared/models/all-MiniLM-L6-v2-onnx) unless ASK_EMBED_MODEL(_DIR) say otherwise.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # run as bench/embed_rate.py: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "bench"

import numpy as np  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
SHARED_MODEL = REPO.parent / "shared" / "models" / "all-MiniLM-L6-v2-onnx"
WHO = ("raw", "ask")


def model_settings() -> tuple[str, str]:
    return (os.environ.get("ASK_EMBED_MODEL", "sentence-transformers/all-MiniLM-L6-v2"),
            os.environ.get("ASK_EMBED_MODEL_DIR", str(SHARED_MODEL)))


def passages(index: Path, n: int) -> list[str]:
    """n passage texts spread evenly over the index, in passage order."""
    from engine.index.store import Store
    from engine.types import passage_text

    with Store(index) as store:
        rows = store.db.execute("SELECT text, context FROM passages ORDER BY id").fetchall()
    step = max(1, len(rows) // n)
    return [passage_text(t, c) for t, c in rows[::step][:n]]


def words_index(docs: str, index: Path) -> None:
    from engine import Engine

    with Engine(docs, index=index, embed_model="none"):
        pass


def rate(embed, texts: list[str]) -> tuple[float, np.ndarray]:
    embed(texts[:16])  # warm-up: the first inference allocates
    t = time.perf_counter()
    vecs = np.asarray(embed(texts))
    return len(texts) / (time.perf_counter() - t), vecs


def child(who: str, threads: int, texts_path: str, out_path: str) -> None:
    """One configuration in this process: its rate and a digest of its vectors."""
    texts = json.loads(Path(texts_path).read_text(encoding="utf-8"))
    name, model_dir = model_settings()
    if who == "raw":
        from fastembed import TextEmbedding

        raw = TextEmbedding(name, specific_model_path=model_dir, local_files_only=True, threads=threads)
        speed, vecs = rate(lambda ts: list(raw.embed(ts, batch_size=16)), texts)
    else:
        from engine import Config
        from engine.embed import ModelChoice, load_embedder

        cfg, choice = Config(), ModelChoice.from_settings(name, model_dir)
        question, why = load_embedder(choice, cfg.embed_batch, cfg.embed_tokens, cfg.embed_threads)
        assert question is not None, why
        bulk = question if threads == cfg.embed_threads else load_embedder(
            choice, cfg.embed_batch, cfg.embed_tokens, threads)[0]
        speed, vecs = rate(bulk.embed, texts)
    digest = hashlib.sha256(np.ascontiguousarray(vecs, dtype=np.float32).tobytes()).hexdigest()
    Path(out_path).write_text(json.dumps({"rate": speed, "digest": digest}), encoding="utf-8")


def measure(index: Path, n: int) -> dict:
    """Every configuration, each in its own process: {"passages", "cores", "runs": [{who,
    threads, rate, peak_mb, digest}], "same_vectors"}."""
    from engine.config import cores

    from . import children

    texts = passages(index, n)
    n_cores = cores()
    runs = []
    with tempfile.TemporaryDirectory(prefix="ask-bench-") as tmp:
        texts_path = Path(tmp) / "texts.json"
        texts_path.write_text(json.dumps(texts), encoding="utf-8")
        for who in WHO:
            for threads in sorted({1, n_cores}):
                out = Path(tmp) / f"{who}-{threads}.json"
                c = children.run("bench.embed_rate", ["--child", who, str(threads), str(texts_path),
                                                      str(out)], out)
                runs.append({"who": who, "threads": threads, "peak_mb": c.peak_mb, **c.result})
    ask = [r for r in runs if r["who"] == "ask"]
    return {"passages": len(texts), "index": str(index), "cores": n_cores, "runs": runs,
            "same_vectors": len({r["digest"] for r in ask}) == 1}


def find(result: dict, who: str, threads: int) -> dict:
    return next(r for r in result["runs"] if r["who"] == who and r["threads"] == threads)


def lines(result: dict) -> list[str]:
    n = result["cores"]
    out = [f"{result['passages']} passages of {result['index']}, {n} cores"]
    for r in result["runs"]:
        label = "raw fastembed" if r["who"] == "raw" else "ask (embed_jobs)"
        out.append(f"  {label:<18} {r['threads']} core(s): {r['rate']:6.1f} passages/s, "
                   f"peak {r['peak_mb']:.0f} MiB")
    out.append(f"ask, every core / one core: {find(result, 'ask', n)['rate'] / find(result, 'ask', 1)['rate']:.2f}x")
    for threads in sorted({1, n}):
        out.append(f"ask / raw fastembed at {threads} core(s): "
                   f"{find(result, 'ask', threads)['rate'] / find(result, 'raw', threads)['rate']:.0%}")
    out.append(f"ask's vectors at 1 and {n} cores are the same: {result['same_vectors']}")
    return out


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        who, threads, texts_path, out_path = sys.argv[2:6]
        child(who, int(threads), texts_path, out_path)
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", default=str(REPO.parent / "shared" / "eval" / "cabinet"))
    ap.add_argument("--index", default=None, help="take the passages from this index (no indexing)")
    ap.add_argument("--passages", type=int, default=600)
    a = ap.parse_args()
    name, model_dir = model_settings()
    os.environ.setdefault("ASK_EMBED_MODEL", name)
    os.environ.setdefault("ASK_EMBED_MODEL_DIR", model_dir)
    with tempfile.TemporaryDirectory() as tmp:
        index = Path(a.index) if a.index else Path(tmp) / "words.sqlite"
        if not a.index:
            words_index(a.docs, index)
        print("\n".join(lines(measure(index, a.passages))))


if __name__ == "__main__":
    main()
