"""The gate's decision: the ranked candidates in, the winner, the runner-up and the verdict out.

The winner (first of the order) must pass `floors.check`; the runner-up is kept only when it
passes on its own (it may then be quoted as a second citation). Refuses: with the winner's
Refusal (which floor, by how much, the words not found), or the refusal for an empty pool.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..config import Config
from ..types import Candidate, GateDecision, Refusal
from .floors import check, coverage_of


@dataclass(frozen=True)
class Decision:
    winner: Candidate
    runner: Candidate | None  # the runner-up, only when it passes the gate on its own
    refusal: Refusal | None  # None: quote the winner (and the runner-up)
    gate: GateDecision  # the winner's numbers against the floors, for --explain


def decide(cands: Sequence[Candidate], required: Sequence[str], cfg: Config, vectors: bool) -> Decision:
    """`cands`: the first candidates of the order (at least the winner); `vectors`: the
    embedding arm ran, so the score floor with vectors applies."""
    winner = cands[0]
    refusal = check(winner, cfg, tuple(required), vectors)
    runner = None
    if len(cands) > 1 and check(cands[1], cfg, tuple(required), vectors) is None:
        runner = cands[1]
    gate = GateDecision(winner.score, cfg.score_floor_for(vectors), coverage_of(winner, cfg),
                        cfg.coverage_floor, runner is not None, vectors,
                        names_numbers=refusal is None or refusal.reason != "name_or_number_missing")
    return Decision(winner, runner, refusal, gate)
