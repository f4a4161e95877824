"""Embedding arm: cosine similarity between the question's vector and each passage's stored vector.

Passage vectors are made at indexing time, never per question; a passage without a vector
from the current model gets NaN (it is not guessed). Returns (scores, passages with vectors).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..embed import Embedder
from ..index.store import Store
from ..pull import Pool


def nearest(q: np.ndarray, ids: np.ndarray, docs: np.ndarray, mat: np.ndarray, k: int,
            only_docs: Sequence[int] | None = None) -> list[int]:
    """Passage ids of the k stored vectors closest to q (ties by passage id), optionally
    only inside some documents."""
    if k <= 0 or not len(ids):
        return []
    sims = mat @ q
    if only_docs is not None:
        sims = np.where(np.isin(docs, np.asarray(list(only_docs), dtype=np.int64)), sims, -np.inf)
    k = min(k, int(np.isfinite(sims).sum()))
    if k <= 0:
        return []
    # lexsort: by similarity descending, then passage id ascending: a total order
    order = np.lexsort((ids, -sims))[:k]
    return [int(ids[i]) for i in order]


def score(pool: Pool, q: np.ndarray | None, store: Store, embedder: Embedder | None
          ) -> tuple[np.ndarray | None, int]:
    """q is the question's unit vector (embedded once per question by the caller)."""
    if embedder is None or q is None or not len(pool):
        return None, 0
    stored = store.vectors(embedder.identity, [r.id for r in pool.rows])
    if not stored:
        return None, 0
    out = np.full(len(pool), np.nan)
    for i, row in enumerate(pool.rows):
        v = stored.get(row.id)
        if v is not None:
            out[i] = float(np.dot(v, q))
    return out, len(stored)
