"""BM25 arm (Robertson & Zaragoza 2009, Okapi variant via rank-bm25).

Statistics (document frequency, average length) come from the pool at question time,
so the score says how well a passage matches relative to the other candidates.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..pull import Pool


def score(pool: Pool, qterms: Sequence[str]) -> np.ndarray | None:
    if not len(pool) or not qterms:
        return None
    docs = [list(t) or ["\x00"] for t in pool.terms]  # rank-bm25 divides by average length
    from rank_bm25 import BM25Okapi

    bm = BM25Okapi(docs)
    return np.asarray(bm.get_scores(list(qterms)), dtype=np.float64)
