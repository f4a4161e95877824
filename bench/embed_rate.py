"""Embedding rate at one core and at every core, against raw fastembed, in one run.

    python -m bench.embed_rate [--docs ../shared/eval/cabinet] [--passages 600]

Indexes the folder's words into a temporary index (no model), takes `--passages` of its
passages spread evenly over it (real text, as the refresh embeds it: context and text), and
embeds them four ways, each after a warm-up batch: raw fastembed (TextEmbedding.embed, batch
16) with 1 onnxruntime thread and with one per core, and this engine's Embedder (batches by
tokens, as the refresh does) at embed_jobs 1 and at every core. Prints passages/s, the ratio
of every core to one core, and the engine against raw fastembed at the same cores; checks
that the engine's vectors are the same at both job counts. The model is the shared
MiniLM (../shared/models/all-MiniLM-L6-v2-onnx) unless ASK_EMBED_MODEL(_DIR) say otherwise.
"""
from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time
from pathlib import Path

import numpy as np

from engine import Config, Engine
from engine.embed import ModelChoice, cores, load_embedder
from engine.types import passage_text

REPO = Path(__file__).resolve().parents[1]
SHARED_MODEL = REPO.parent / "shared" / "models" / "all-MiniLM-L6-v2-onnx"


def passages(docs: str, n: int) -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        with Engine(docs, index=Path(tmp) / "words.sqlite", embed_model="none") as eng:
            rows = eng.store.db.execute("SELECT text, context FROM passages ORDER BY id").fetchall()
    step = max(1, len(rows) // n)
    return [passage_text(t, c) for t, c in rows[::step][:n]]


def rate(embed, texts: list[str]) -> tuple[float, np.ndarray]:
    embed(texts[:16])  # warm-up: the first inference allocates
    t = time.perf_counter()
    vecs = np.asarray(embed(texts))
    return len(texts) / (time.perf_counter() - t), vecs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", default=str(REPO.parent / "shared" / "eval" / "cabinet"))
    ap.add_argument("--passages", type=int, default=600)
    a = ap.parse_args()
    name = os.environ.get("ASK_EMBED_MODEL", "sentence-transformers/all-MiniLM-L6-v2")
    model_dir = os.environ.get("ASK_EMBED_MODEL_DIR", str(SHARED_MODEL))
    texts = passages(a.docs, a.passages)
    n_cores = cores()
    from fastembed import TextEmbedding

    cfg = Config()
    out = {}
    for threads in (1, n_cores):
        raw = TextEmbedding(name, specific_model_path=model_dir, local_files_only=True, threads=threads)
        out[("raw", threads)] = rate(lambda ts: list(raw.embed(ts, batch_size=16)), texts)
        ours, _ = load_embedder(ModelChoice.from_settings(name, model_dir), cfg.embed_batch,
                                cfg.embed_tokens, threads)
        out[("ask", threads)] = rate(ours.embed, texts)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{len(texts)} passages of {a.docs}, model {name}, {n_cores} cores; peak memory {peak:.0f} MiB")
    for who in ("raw", "ask"):
        for threads in (1, n_cores):
            print(f"  {'raw fastembed' if who == 'raw' else 'ask (embed_jobs)':<18} {threads} core(s): "
                  f"{out[(who, threads)][0]:6.1f} passages/s")
    print(f"ask, every core / one core: {out[('ask', n_cores)][0] / out[('ask', 1)][0]:.2f}x")
    for threads in (1, n_cores):
        print(f"ask / raw fastembed at {threads} core(s): "
              f"{out[('ask', threads)][0] / out[('raw', threads)][0]:.0%}")
    same = np.array_equal(out[("ask", 1)][1], out[("ask", n_cores)][1])
    print(f"ask's vectors at 1 and {n_cores} cores are the same: {same}")


if __name__ == "__main__":
    main()
