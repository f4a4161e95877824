"""The gate: a candidate in, pass or a Refusal out.

A winner must clear the score floor (rerank score) AND the coverage floor (share of the
question's content words it contains). A refusal names the first floor that failed, the
measured value, the threshold, every failure, and the question words not found.
"""
from __future__ import annotations

from ..config import Config
from ..types import Candidate, Refusal


def check(c: Candidate, cfg: Config) -> Refusal | None:
    failed: list[tuple[str, float, float]] = []
    if c.coverage < cfg.coverage_floor:
        failed.append(("coverage", c.coverage, cfg.coverage_floor))
    if c.score < cfg.score_floor:
        failed.append(("score", c.score, cfg.score_floor))
    if not failed:
        return None
    floor, value, threshold = failed[0]
    parts = [f"{f} {v:.2f} is below the floor {t:.2f}" for f, v, t in failed]
    missing = f"; not found in the best passage: {', '.join(c.unmatched)}" if c.unmatched else ""
    return Refusal(
        reason="below_floor",
        message="no confident answer: " + " and ".join(parts) + missing,
        floor=floor,
        value=value,
        threshold=threshold,
        unmatched=c.unmatched,
        failed=tuple(failed),
    )


def nothing_found(qterms: tuple[str, ...], searched: int) -> Refusal:
    if not qterms:
        return Refusal(reason="no_content_words",
                       message="no confident answer: the question has no searchable words "
                               "(only common words such as 'the' or 'what')")
    return Refusal(
        reason="no_candidates",
        message=f"no confident answer: none of the question's words ({', '.join(qterms)}) "
                f"occur in the {searched} searched documents",
        floor="coverage", value=0.0, threshold=None, unmatched=qterms,
    )
