"""BM25 arm (Robertson & Zaragoza 2009), the Okapi variant exactly as rank-bm25's BM25Okapi.

Statistics (document frequency, average length) come from the pool at question time,
so the score says how well a passage matches relative to the other candidates. Computed
from the pool's term counts with numpy, in rank-bm25's own order of operations, so the
scores are rank-bm25's to the last bit (tests/test_performance_paths.py compares them).
"""
from __future__ import annotations

import math
from itertools import chain
from typing import Sequence

import numpy as np

from ..pool import Pool

K1, B, EPSILON = 1.5, 0.75, 0.25  # rank-bm25's defaults


def idf(n: int, df: int) -> float:
    """ln((N - df + 0.5) / (df + 0.5)) as rank-bm25 writes it (negative for df > N/2)."""
    return math.log(n - df + 0.5) - math.log(df + 0.5)


def score(pool: Pool, qterms: Sequence[str]) -> np.ndarray | None:
    if not len(pool) or not qterms:
        return None
    c = pool.counts
    n = len(pool)
    empty = c.lengths == 0
    doc_len = np.where(empty, 1, c.lengths)  # an empty passage is one placeholder word: rank-bm25 divides by length
    avgdl = int(doc_len.sum()) / n
    # every word's idf, in the order rank-bm25 meets the words, summed one by one as it does:
    # the average is the floor given to words in more than half the passages
    table = [idf(n, f) for f in range(n + 1)]
    dfs = c.df.tolist()
    if empty.any():  # the placeholder word joins the vocabulary where its first passage is
        first = int(np.flatnonzero(empty)[0])
        seen_before = len(dict.fromkeys(chain.from_iterable(pool.terms[:first])))
        dfs.insert(seen_before, int(empty.sum()))
    idf_sum = 0
    for f in dfs:
        idf_sum += table[f]
    floor = EPSILON * (idf_sum / len(dfs))
    base = K1 * (1 - B + B * doc_len / avgdl)
    out = np.zeros(n)
    for q in qterms:
        freq = c.freq(q, n)
        if freq is None:
            continue  # rank-bm25 adds 0 for a word no passage has
        w = table[int(c.df[c.vocab[q]])]
        if w < 0:
            w = floor
        out += w * (freq * (K1 + 1) / (freq + base))
    return out

