"""Fusion: each arm min-max normalised over the pool, then combined with fixed weights.

Weights come from configuration. Arms that did not run are left out and the remaining
weights are rescaled to sum to one, so a fused score means the same with or without vectors.
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
    """1-based rank per passage, best first; ties broken by passage id so the order is total."""
    order = sorted(range(len(raw)), key=lambda i: (-(raw[i] if not np.isnan(raw[i]) else -np.inf), ids[i]))
    out = np.empty(len(raw), dtype=np.int64)
    for r, i in enumerate(order, 1):
        out[i] = r
    return out


def fuse(normed: Mapping[str, np.ndarray], weights: Mapping[str, float], n: int) -> np.ndarray:
    total = sum(weights[a] for a in normed)
    fused = np.zeros(n)
    if total <= 0:
        return fused
    for arm, values in normed.items():
        fused += (weights[arm] / total) * values
    return fused
