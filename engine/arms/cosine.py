"""Embedding arm: cosine similarity between the question's vector and each passage's stored vector.

Passage vectors are made at indexing time, never per question; a passage without a vector
from the current model gets NaN (it is not guessed). Returns (scores, passages with vectors).
"""
from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np

from ..pool import Pool


def nearest(q: np.ndarray, ids: np.ndarray, docs: np.ndarray, mat: np.ndarray, k: int,
            only_docs: Sequence[int] | None = None) -> list[int]:
    """Passage ids of the k stored vectors closest to q (ties by passage id), optionally
    only inside some documents."""
    if k <= 0 or not len(ids):
        return []
    sims = mat @ q  # BLAS on one thread: see engine/blas.py
    if only_docs is not None:
        sims = np.where(np.isin(docs, np.asarray(list(only_docs), dtype=np.int64)), sims, -np.inf)
    if np.isnan(sims).any():  # a damaged vector: never among the nearest
        sims = np.where(np.isnan(sims), -np.inf, sims)
    k = min(k, int(np.isfinite(sims).sum()))
    if k <= 0:
        return []
    # the k best: every similarity at least the k-th largest (ties at that value included),
    # found by partial sort, so the cost is a pass over the matrix, not a sort of it
    if k < len(sims):
        kth = np.partition(sims, len(sims) - k)[len(sims) - k]
        top = np.flatnonzero(sims >= kth)
    else:
        top = np.flatnonzero(np.isfinite(sims))
    # lexsort: by similarity descending, then passage id ascending: a total order
    order = top[np.lexsort((ids[top], -sims[top]))][:k]
    return [int(ids[i]) for i in order]


def score(pool: Pool, q: np.ndarray | None, ids: np.ndarray, mat: np.ndarray
          ) -> tuple[np.ndarray | None, int]:
    """Cosine of each pool passage with q (the question's unit vector), from the stored
    vectors already in memory (`ids` ascending, `mat` their rows); NaN where there is none.
    Returns (scores, how many pool passages had a vector), or (None, 0) when none had."""
    if q is None or not len(pool) or not len(ids):
        return None, 0
    want = np.fromiter((r.id for r in pool.rows), dtype=np.int64, count=len(pool))
    found = np.zeros(len(pool), dtype=bool)
    at = np.zeros(len(pool), dtype=np.int64)
    if len(ids):
        at = np.minimum(np.searchsorted(ids, want), len(ids) - 1)
        found = ids[at] == want
    out = np.full(len(pool), np.nan)
    for i in np.flatnonzero(found):  # one dot per row: the same float32 sums as a single vector
        out[i] = float(np.dot(mat[at[i]], q))
    n = int(found.sum())
    if not n:
        return None, 0
    return out, n
