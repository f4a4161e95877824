"""Embedding on a local Ray cluster against embedding here, in one run (engine/index/cluster.py).

    python -m bench.ray_embed [--index I.sqlite | --docs DIR] [--passages 600] [--actors N]

Takes `--passages` passages spread evenly over an index's passages (real text, as the refresh
embeds it), then embeds them here with the engine's many-core session (every core: the plain
baseline) and on a local Ray cluster with one actor per core (each one onnxruntime thread),
after a warm-up of each. Prints passages/s, Ray's rate as a share of the local one, the
cluster's start and model loading time (paid once per run), and the largest difference
between the two sets of vectors. On one machine Ray cannot be faster: the figure is its
overhead, and per node the rate is what a cluster's node adds. The model is the shared MiniLM
unless ASK_EMBED_MODEL(_DIR) say otherwise.
"""
from __future__ import annotations

import argparse
import os
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "bench"

import numpy as np  # noqa: E402

from .embed_rate import model_settings  # noqa: E402


def sample(index: Path, n: int) -> list[str]:
    from engine.types import passage_text

    db = sqlite3.connect(str(index))
    rows = db.execute("SELECT text, context FROM passages ORDER BY id").fetchall()
    step = max(1, len(rows) // n)
    return [passage_text(t, c) for t, c in rows[::step][:n]]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--index", type=Path, default=None)
    ap.add_argument("--docs", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "eval" / "cabinet")
    ap.add_argument("--passages", type=int, default=600)
    ap.add_argument("--actors", type=int, default=None, help="default: one per core")
    a = ap.parse_args()

    from engine import Engine
    from engine.config import cores
    from engine.embed import ModelChoice, load_embedder
    from engine.index.cluster import RayEmbedder

    index = a.index
    if index is None:
        tmp = tempfile.mkdtemp()
        index = Path(tmp) / "words.sqlite"
        with Engine(a.docs, index=index, embed_model="none"):
            pass
    texts = sample(index, a.passages)
    name, model_dir = model_settings()
    choice = ModelChoice.from_settings(name, model_dir)
    local, why = load_embedder(choice, 16, 2048, 1)
    assert local is not None, why
    bulk, _ = load_embedder(choice, 16, 2048, cores())
    bulk.embed(texts[:16])
    began = time.perf_counter()
    here = bulk.embed(texts)
    t_here = time.perf_counter() - began

    began = time.perf_counter()
    remote = RayEmbedder("local", choice, local, actors=a.actors)
    t_start = time.perf_counter() - began
    try:
        remote.embed(texts[:16 * len(remote.actors)])
        began = time.perf_counter()
        there = remote.embed(texts)
        t_ray = time.perf_counter() - began
        n_actors = len(remote.actors)
    finally:
        remote.close()
    diff = float(np.abs(here - there).max())
    same = int(sum(np.array_equal(x, y) for x, y in zip(here, there)))
    print(f"{len(texts)} passages, {cores()} cores, model {choice.name}\n")
    print("| where | passages/s | × here |")
    print("| --- | ---: | ---: |")
    print(f"| here, every core (baseline) | {len(texts) / t_here:.1f} | 1.00 |")
    print(f"| local Ray cluster, {n_actors} actors | {len(texts) / t_ray:.1f} | {t_here / t_ray:.2f} |")
    print(f"\nRay cluster start and model loading: {t_start:.1f} s (once per run)")
    print(f"vectors: largest difference {diff:g}; identical {same} of {len(texts)}")


if __name__ == "__main__":
    os.environ.setdefault("RAY_DEDUP_LOGS", "0")
    main()
