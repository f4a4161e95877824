"""Fusion: the arms' scores over the pool in, one fused value per passage out.

`minmax` (the default): each arm min-max normalised over the pool, combined with fixed
weights from configuration; arms that did not run are left out and the remaining weights
rescaled to sum to one, so a fused score means the same with or without vectors.
`rrf`: reciprocal rank fusion (Cormack, Clarke & Büttcher, SIGIR 2009), the sum over the
arms that ran of 1 / (60 + the passage's rank in that arm); no weights, no normalising.
"""
from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np


def minmax(raw: np.ndarray) -> np.ndarray:
    """Scale to [0, 1]; NaN (no value) becomes 0. A constant arm gives 1: every value ties for best."""
    vals = raw[~np.isnan(raw)]
    if vals.size == 0:
        return np.zeros_like(raw)
    lo, hi = float(vals.min()), float(vals.max())
    if hi - lo <= 1e-12:
        out = np.full_like(raw, 1.0)
    else:
        out = (raw - lo) / (hi - lo)
    return np.nan_to_num(out, nan=0.0)


def ranks(raw: np.ndarray, ids: Sequence[str]) -> np.ndarray:
    """1-based rank per passage, best first; ties broken by passage id so the order is total
    (a passage with no score, NaN, ranks after every scored one)."""
    n = len(raw)
    out = np.empty(n, dtype=np.int64)
    if not n:
        return out
    vals = np.where(np.isnan(raw), -np.inf, np.asarray(raw, dtype=np.float64))
    # lexsort: the last key is the primary one; equal values (0.0 and -0.0 too) fall to the id
    order = np.lexsort((np.asarray(ids, dtype=str), -vals))
    out[order] = np.arange(1, n + 1)
    return out


def fuse(normed: Mapping[str, np.ndarray], weights: Mapping[str, float], n: int) -> np.ndarray:
    total = sum(weights[a] for a in normed)
    fused = np.zeros(n)
    if total <= 0:
        return fused
    for arm, values in normed.items():
        fused += (weights[arm] / total) * values
    return fused


FUSIONS = ("minmax", "rrf")
RRF_K = 60  # the constant of Cormack et al. (2009): damps the weight of the very top ranks


def rrf(arm_ranks: Mapping[str, np.ndarray], raw: Mapping[str, np.ndarray], n: int,
        weights: Mapping[str, float] | None = None) -> np.ndarray:
    """Σ over the arms that ran of w / (RRF_K + rank in that arm), w = 1 unless given.

    `arm_ranks` are `ranks()` (1 = best, ties by passage id); a passage with no value in an
    arm (NaN in `raw`: no stored vector) is not in that arm's list and gets nothing from it."""
    fused = np.zeros(n)
    for arm, r in arm_ranks.items():
        w = 1.0 if weights is None else weights[arm]
        fused += np.where(np.isnan(raw[arm]), 0.0, w / (RRF_K + r.astype(np.float64)))
    return fused


def rrf_scale(arms: Sequence[str], weights: Mapping[str, float] | None = None) -> float:
    """What an RRF value is multiplied by before the rerank adds its credits and bonuses:
    1 / (the best possible RRF value, first in every arm), so 1 means first everywhere as a
    min-max fused value of 1 does, and the rerank and the gate read both on one scale."""
    best = sum((1.0 if weights is None else weights[a]) / (RRF_K + 1) for a in arms)
    return 1.0 / best if best > 0 else 1.0
