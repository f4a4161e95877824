"""TF-IDF arm: cosine between the question and each passage in TF-IDF space.

Fitted on the pool at question time with sublinear term frequency and smoothed idf, on
the shared tokenizer's terms (no second tokenizer): scikit-learn's
TfidfVectorizer(sublinear_tf=True) followed by a dot product, computed here with numpy from
the pool's term counts in scikit-learn's order of operations (tests/test_performance_paths.py
checks the scores against scikit-learn's).
"""
from __future__ import annotations

import math
from collections import Counter
from typing import Sequence

import numpy as np

from ..pool import Pool


def score(pool: Pool, qterms: Sequence[str]) -> np.ndarray | None:
    if not len(pool) or not qterms:
        return None
    c = pool.counts
    n = len(pool)
    if not c.vocab:  # every passage empty
        return np.zeros(n)
    # smoothed idf: ln((1 + n) / (1 + df)) + 1
    idf = np.full(len(c.df), n + 1, dtype=np.float64)
    idf /= c.df.astype(np.float64) + 1.0
    np.log(idf, out=idf)
    idf += 1.0
    # passage weights (1 + ln tf) * idf, each passage scaled to unit length; a passage's
    # squares are summed in its entry order (terms as first met), as scikit-learn does
    w = c.tf.astype(np.float64)
    np.log(w, out=w)
    w += 1.0
    w *= idf[c.col]
    norms = np.sqrt(np.bincount(c.row, weights=w * w, minlength=n))
    w /= norms[c.row]
    # the question's weights the same way, its terms in alphabetical order (scikit-learn's
    # columns); words no passage has are left out
    said = Counter(t for t in qterms if t in c.vocab)
    if not said:
        return np.zeros(n)
    qcols = [(c.vocab[t], (math.log(f) + 1.0) * float(idf[c.vocab[t]])) for t, f in sorted(said.items())]
    sq = 0.0
    for _, x in qcols:
        sq += x * x
    qnorm = math.sqrt(sq)
    qw = np.zeros(len(c.df))
    for j, x in qcols:
        qw[j] = x / qnorm
    hit = np.flatnonzero(qw[c.col] != 0.0)
    return np.bincount(c.row[hit], weights=w[hit] * qw[c.col[hit]], minlength=n)
