"""The gate's decision: the ranked candidates in, the winner, the runner-up and the verdict out.

The winner (first of the order, or the first of the next few that holds the kind of figure the
question asks for) must pass `floors.check`; the runner-up, the candidate after it, is kept
only when it passes on its own (it may then be quoted as a second citation). Refuses: with the winner's
Refusal (which floor, by how much, the words not found), or the refusal for an empty pool.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..config import Config
from ..kinds import firm, name
from ..types import Candidate, GateDecision, Refusal
from .floors import check, coverage_floor_for, coverage_of


@dataclass(frozen=True)
class Decision:
    winner: Candidate
    runner: Candidate | None  # the runner-up, only when it passes the gate on its own
    refusal: Refusal | None  # None: quote the winner (and the runner-up)
    gate: GateDecision  # the winner's numbers against the floors, for --explain


def decide(cands: Sequence[Candidate], required: Sequence[str], cfg: Config, vectors: bool,
           kinds: tuple[str, ...] = ()) -> Decision:
    """`cands`: the first candidates of the order (at least the winner); `vectors`: the
    embedding arm ran, so the score floor with vectors applies; `kinds`: what kind of value
    the question asks for (engine/kinds.py), () for none.

    When a firm kind (a figure: kinds.FIRM) is asked and the first candidate holds none, the
    first of the next cfg.kind_depth candidates that holds one and clears the gate wins in its
    place; when none does, the answer is refused (`no_answer_kind`), since a passage that names the
    topic but not the value asked for is a wrong answer."""
    required = tuple(required)
    # a name or place only ranks (engine/kinds.py): the gate looks at figure kinds alone
    kinds = kinds if firm(kinds) and cfg.kind_depth > 0 else ()
    at = 0
    if kinds and cands[0].kind is False:
        at = next((i for i, c in enumerate(cands[1 : cfg.kind_depth + 1], 1)
                   if c.kind and check(c, cfg, required, vectors) is None), 0)
    winner = cands[at]
    refusal = check(winner, cfg, required, vectors)
    if refusal is None and kinds and winner.kind is False:
        refusal = no_answer_kind(winner, kinds)
    runner = None
    nxt = cands[at + 1] if len(cands) > at + 1 else None
    if nxt is not None and (not kinds or nxt.kind is not False) \
            and check(nxt, cfg, required, vectors) is None:
        runner = nxt
    gate = GateDecision(winner.score, cfg.score_floor_for(vectors), coverage_of(winner, cfg),
                        coverage_floor_for(winner, cfg), runner is not None, vectors,
                        names_numbers=refusal is None or refusal.reason != "name_or_number_missing",
                        answer_kind=refusal is None or refusal.reason != "no_answer_kind")
    return Decision(winner, runner, refusal, gate)


def no_answer_kind(c: Candidate, kinds: tuple[str, ...]) -> Refusal:
    what = name(kinds)
    return Refusal(reason="no_answer_kind",
                   message=f"no confident answer: the best passages name the topic but hold no line "
                           f"with {what}", floor="answer_kind", value=0.0, threshold=1.0,
                   unmatched=c.unmatched, failed=(("answer_kind", 0.0, 1.0),))
