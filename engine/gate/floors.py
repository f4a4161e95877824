"""The gate: a candidate in, pass or a Refusal out.

A winner must clear the score floor (rerank score) AND the coverage floor (share of the
question's content words it contains). A refusal names the first floor that failed, the
measured value, the threshold, every failure, and the question words not found. Before the
floors, a passage lacking a number or proper name that the question gives is refused. The
coverage floor is lower by cfg.kind_relief (0 as shipped) for a passage holding the kind of
value the question asks for (`coverage_floor_for`).
"""
from __future__ import annotations

from ..config import Config
from ..types import Candidate, Refusal


def coverage_of(c: Candidate, cfg: Config) -> float:
    """The coverage the gate reads (cfg.gate_coverage)."""
    return c.weighted_coverage if cfg.gate_coverage == "weighted" else c.coverage


def coverage_floor_for(c: Candidate, cfg: Config) -> float:
    """The coverage floor this candidate must clear: lower by cfg.kind_relief when it holds the
    kind of value the question asks for (engine/kinds.py)."""
    return cfg.coverage_floor - cfg.kind_relief if c.kind else cfg.coverage_floor


def check(c: Candidate, cfg: Config, required: tuple[str, ...] = (), vectors: bool = True
          ) -> Refusal | None:
    """`required`: question terms (numbers, names) the passage must hold when cfg.require_names_numbers."""
    if cfg.require_names_numbers and required:
        have = set(c.matched) | set(c.named)  # named: by its document's path (score.path_names)
        missing = [t for t in required if t not in have]
        if missing:
            share = 1 - len(missing) / len(required)
            words = ", ".join(c.unmatched) if c.unmatched else ", ".join(missing)
            return Refusal(
                reason="name_or_number_missing",
                message="no confident answer: the best passage lacks a number or name the question "
                        f"gives (not found: {words})",
                floor="names_numbers", value=share, threshold=1.0, unmatched=c.unmatched,
                failed=(("names_numbers", share, 1.0),))
    failed: list[tuple[str, float, float]] = []
    cov = coverage_of(c, cfg)
    if cov < coverage_floor_for(c, cfg):
        failed.append(("coverage", cov, coverage_floor_for(c, cfg)))
    score_floor = cfg.score_floor_for(vectors)
    if c.score < score_floor:
        failed.append(("score", c.score, score_floor))
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


def nothing_found(qterms: tuple[str, ...], searched: int, coverage_floor: float,
                  failed: int = 0) -> Refusal:
    """`failed`: when no document was searched, how many files failed to read (a folder whose
    every file failed says so, not "0 searched documents")."""
    if searched == 0 and failed:
        return Refusal(reason="no_candidates",
                       message=f"no confident answer: {failed} file{'s' * (failed != 1)} failed to read "
                               "and none could be searched: see --status for each file's reason and fix",
                       floor="coverage", value=0.0, threshold=coverage_floor, unmatched=qterms)
    if not qterms:
        return Refusal(reason="no_content_words",
                       message="no confident answer: the question has no searchable words "
                               "(only common words such as 'the' or 'what')")
    return Refusal(
        reason="no_candidates",
        message=f"no confident answer: none of the question's words ({', '.join(qterms)}) "
                f"occur in the {searched} searched documents",
        floor="coverage", value=0.0, threshold=coverage_floor, unmatched=qterms,
    )
