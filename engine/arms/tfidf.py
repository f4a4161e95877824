"""TF-IDF arm (scikit-learn): cosine between the question and each passage in TF-IDF space.

Fitted on the pool at question time with sublinear term frequency and smoothed idf, on
the shared tokenizer's terms (no second tokenizer).
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..pull import Pool


def _identity(terms):
    return terms


def score(pool: Pool, qterms: Sequence[str]) -> np.ndarray | None:
    if not len(pool) or not qterms:
        return None
    from sklearn.feature_extraction.text import TfidfVectorizer

    vec = TfidfVectorizer(analyzer=_identity, sublinear_tf=True, lowercase=False)
    try:
        X = vec.fit_transform([list(t) for t in pool.terms])
    except ValueError:  # every passage empty
        return np.zeros(len(pool))
    q = vec.transform([list(qterms)])
    return np.asarray((X @ q.T).toarray()).ravel().astype(np.float64)
