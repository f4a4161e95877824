"""Embedding arm: cosine similarity between the question's vector and each passage's stored vector.

Passage vectors are made at indexing time, never per question; a passage without a vector
from the current model gets NaN (it is not guessed). Returns (scores, passages with vectors).
"""
from __future__ import annotations

import numpy as np

from ..embed import Embedder
from ..index.store import Store
from ..pull import Pool


def score(pool: Pool, question: str, store: Store, embedder: Embedder | None
          ) -> tuple[np.ndarray | None, int]:
    if embedder is None or not len(pool):
        return None, 0
    stored = store.vectors(embedder.identity, [r.id for r in pool.rows])
    if not stored:
        return None, 0
    q = embedder.embed_query(question)
    out = np.full(len(pool), np.nan)
    for i, row in enumerate(pool.rows):
        v = stored.get(row.id)
        if v is not None:
            out[i] = float(np.dot(v, q))
    return out, len(stored)
