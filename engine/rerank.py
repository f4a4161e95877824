"""Rerank: arithmetic over the fused scores, and the final total order of the pool.

score = fused + coverage_credit * coverage + phrase_bonus * [question phrase present]
        + number_bonus * (question numbers found)
Order: passages holding every number and proper name of the question first; then either
rarity-weighted coverage (each question word weighted by how rare it is among the
candidates) with the rerank score breaking ties (order = "coverage", DESIGN.md), or the
rerank score with weighted coverage breaking ties (order = "score"); then passage id, path.
"""
from __future__ import annotations

import math
from typing import Mapping, Sequence

from .config import Config
from .terms import is_number


def rarity_weights(qterms: Sequence[str], pool_terms: Sequence[Sequence[str]]) -> dict[str, float]:
    """idf of each question term among the candidates, BM25's form kept positive:
    ln(1 + (N - df + 0.5) / (df + 0.5)). A word most candidates share weighs little."""
    n = len(pool_terms)
    sets = [set(t) for t in pool_terms]
    out = {}
    for t in qterms:
        df = sum(1 for s in sets if t in s)
        out[t] = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
    return out


def has_phrase(qterms: Sequence[str], terms: Sequence[str]) -> bool:
    """The question's content words appear consecutively in the passage (2 words or more)."""
    k = len(qterms)
    if k < 2 or len(terms) < k:
        return False
    first = qterms[0]
    return any(terms[i] == first and tuple(terms[i : i + k]) == tuple(qterms)
               for i in range(len(terms) - k + 1))


def terms_of(qterms: Sequence[str], terms: Sequence[str], weights: Mapping[str, float]):
    """(coverage, weighted coverage, matched, unmatched, numbers found) of a passage."""
    present = set(terms)
    matched = tuple(t for t in qterms if t in present)
    unmatched = tuple(t for t in qterms if t not in present)
    cov = len(matched) / len(qterms) if qterms else 0.0
    total = sum(weights[t] for t in qterms)
    wcov = sum(weights[t] for t in matched) / total if total > 0 else cov
    numbers = sum(1 for t in matched if is_number(t))
    return cov, wcov, matched, unmatched, numbers


def rerank_score(fused: float, cov: float, phrase: bool, numbers: int, cfg: Config) -> float:
    return fused + cfg.coverage_credit * cov + (cfg.phrase_bonus if phrase else 0.0) \
        + cfg.number_bonus * numbers


def order_key(weighted_coverage: float, score: float, pid: str, path: str, order: str = "coverage",
              has_required: bool = True):
    """Sort key, best first. Passages holding every number and name the question gives come
    before those that do not; then the configured order; pid then path make it total."""
    # rounding keeps float noise from splitting true ties
    if order == "score":
        return (not has_required, -round(score, 9), -round(weighted_coverage, 9), pid, path)
    return (not has_required, -round(weighted_coverage, 9), -round(score, 9), pid, path)
