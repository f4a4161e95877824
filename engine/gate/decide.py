"""The gate's decision: the ranked candidates in, the winner, the runner-up and the verdict out.

The winner (first of the order, or the first of the next few that holds the kind of figure the
question asks for) must pass `floors.check`; the runner-up, the candidate after it, is kept
only when it passes on its own (it may then be quoted as a second citation); the fallbacks
(_fallbacks), of the next cfg.runner_depth candidates, are tried in turn in their place when
neither gives a line to quote (pipeline.py). Refuses: with the winner's
Refusal (which floor, by how much, the words not found), or the refusal for an empty pool.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from ..config import Config
from ..kinds import firm, name
from ..types import Candidate, GateDecision, Refusal
from ..scope import PERIOD_GAP
from .floors import check, coverage_floor_for, coverage_of


@dataclass(frozen=True)
class Decision:
    winner: Candidate
    runner: Candidate | None  # the runner-up, only when it passes the gate on its own
    refusal: Refusal | None  # None: quote the winner (and the runner-up)
    gate: GateDecision  # the winner's numbers against the floors, for --explain
    fallbacks: tuple[Candidate, ...] = ()  # tried in order when neither gives a line (_fallbacks)


def decide(cands: Sequence[Candidate], required: Sequence[str], cfg: Config, vectors: bool,
           kinds: tuple[str, ...] = (), lacks: Mapping[str, tuple[str, ...]] | None = None,
           span: Callable[[Candidate], tuple[int, int]] | None = None,
           named: Callable[[Candidate], frozenset[str]] | None = None) -> Decision:
    """`cands`: the first candidates of the order (at least the winner); `vectors`: the
    embedding arm ran, so the score floor with vectors applies; `kinds`: what kind of value
    the question asks for (engine/kinds.py), () for none.

    When a firm kind (kinds.FIRM: a figure, a name, a place) is asked and the first candidate
    holds none, the first of the next cfg.kind_depth candidates that holds one, clears the
    gate and covers the question as well (covers_as_well, cfg.kind_fallback_cover) wins in
    its place; when none does, the answer is refused (`no_answer_kind`), since a
    passage that names the topic but not the value asked for is a wrong answer.

    `span(c)`: a candidate's first and last line in its document, to tell a neighbour of the
    first candidate (covers_as_well); None: any passage of its document is one. `named(c)`:
    the question's terms its document names itself by (score.path_names: its file name, its
    title lines), which every passage of it holds (covers_as_well, kind_fallback_cover 3).

    `lacks`: for a candidate's path, the class words of the question its document never uses
    (engine/scope.py). Such a candidate gives way in the same way, and when no candidate in
    reach is in scope the answer is refused (`outside_scope`); it is never the runner-up."""
    required = tuple(required)
    lacks = lacks or {}
    kinds = kinds if firm(kinds) and cfg.kind_depth > 0 else ()

    def passes(c: Candidate) -> bool:
        return fits(c, kinds, lacks) and check(c, cfg, required, vectors) is None

    at = 0
    if not fits(cands[0], kinds, lacks) and cfg.kind_depth > 0:
        near = span if cfg.kind_fallback_cover > 1 else None  # 1: any passage of its document
        names = named if cfg.kind_fallback_cover > 2 else None
        at = next((i for i, c in enumerate(cands[1 : cfg.kind_depth + 1], 1)
                   if passes(c) and (not cfg.kind_fallback_cover or covers_as_well(c, cands[0], near, names))), 0)
    winner = cands[at]
    refusal = check(winner, cfg, required, vectors)
    if refusal is None and winner.path in lacks:
        refusal = outside_scope(winner, lacks[winner.path])
    if refusal is None and kinds and winner.kind is False:
        refusal = no_answer_kind(winner, kinds)
    runner = None
    nxt = cands[at + 1] if len(cands) > at + 1 else None
    if nxt is not None and passes(nxt):
        runner = nxt
    fallbacks = _fallbacks(cands[at + 1 : at + 1 + max(1, cfg.runner_depth)], winner, runner, passes)
    gate = GateDecision(winner.score, cfg.score_floor_for(vectors), coverage_of(winner, cfg),
                        coverage_floor_for(winner, cfg), runner is not None, vectors,
                        names_numbers=refusal is None or refusal.reason != "name_or_number_missing",
                        answer_kind=refusal is None or refusal.reason != "no_answer_kind",
                        in_scope=refusal is None or refusal.reason != "outside_scope")
    return Decision(winner, runner, refusal, gate, fallbacks)


def _fallbacks(window: Sequence[Candidate], winner: Candidate, runner: Candidate | None,
               passes: Callable[[Candidate], bool]) -> tuple[Candidate, ...]:
    """The candidates of `window` (the next cfg.runner_depth after the winner) that may answer
    when neither the winner nor the runner-up gives a line, in order: the first that passes
    the gate on its own, unless it is the runner-up, and after it those that pass and cover
    the question's words better than the winner (rarity-weighted coverage, strictly). A
    farther passage that says less of the question than the winner, or only as much, is
    the same topic's other matter: measured, trying every passing one answered ten
    must-refuse questions and six answerable ones wrongly with such a passage's figure."""
    passing = [c for c in window if passes(c)]
    return tuple(c for i, c in enumerate(passing) if c is not runner
                 and (i == 0 or c.weighted_coverage > winner.weighted_coverage))


def covers_as_well(c: Candidate, first: Candidate,
                   span: Callable[[Candidate], tuple[int, int]] | None = None,
                   named: Callable[[Candidate], frozenset[str]] | None = None) -> bool:
    """`c` may answer in the place of the first candidate, which lacks the kind asked: it
    covers the question's words at least as well (rarity-weighted), or it is of the same
    document, where a chunk's edge can part a topic from its value: with `span` (a
    candidate's first and last line), only a passage within _NEIGHBOUR lines of the first
    one's. A passage that says less of the question is about something else that happens to
    hold a number: in long minutes, another item's ("the DPW garage roof's $22,400" for the
    salt shed roof's cost). With `named` (the question's terms a candidate's document names
    itself by), a passage of the same document covers as well when it says more of the
    question's words than the first does, the document's names held by both: a meeting's title
    block ("SAN JUAN COUNTY FIRE DISTRICT 3 / Tuesday, September 9, 2025") says the names and
    the date the question gives and nothing else of it; the line that adjourns the meeting
    says "meeting" of the rest."""
    if c.weighted_coverage >= first.weighted_coverage:
        return True
    if c.path != first.path:
        return False
    if named is not None:
        own = named(c)
        if len(set(c.matched) | own) > len(set(first.matched) | own):
            return True
    if span is None:
        return True
    (a, b), (x, y) = span(c), span(first)
    return a - y <= _NEIGHBOUR and x - b <= _NEIGHBOUR


_NEIGHBOUR = 3  # lines between two passages of a document that still make them neighbours


def fits(c: Candidate, kinds: tuple[str, ...], lacks: Mapping[str, tuple[str, ...]] | None) -> bool:
    """A candidate the gate could let through: in scope, and holding the asked kind when a
    firm one is asked."""
    return c.path not in (lacks or {}) and not (firm(kinds) and c.kind is False)


def no_answer_kind(c: Candidate, kinds: tuple[str, ...]) -> Refusal:
    what = name(kinds)
    return Refusal(reason="no_answer_kind",
                   message=f"no confident answer: the best passages name the topic but hold no line "
                           f"with {what}", floor="answer_kind", value=0.0, threshold=1.0,
                   unmatched=c.unmatched, failed=(("answer_kind", 0.0, 1.0),))


def outside_scope(c: Candidate, words: tuple[str, ...]) -> Refusal:
    """`words`: the scope words the document never uses, and the other period it reports
    (scope.other_period, opening with scope.PERIOD_GAP) where the question asks for one."""
    said = ", ".join(w for w in words if not w.startswith(PERIOD_GAP))
    period = next((w for w in words if w.startswith(PERIOD_GAP)), "")
    message = (f"no confident answer: the best passage's document ({c.path}) never mentions the class of "
               f"customer, the mode of transport, the subject of the rule or the name asked about "
               f"(not found: {said})" if said else "")
    if period:
        message = (f"{message}; it {period}" if message else
                   f"no confident answer: the best passage's document ({c.path}) {period} the question asks for")
    return Refusal(reason="outside_scope",
                   message=message,
                   floor="scope", value=0.0, threshold=1.0, unmatched=c.unmatched,
                   failed=(("scope", 0.0, 1.0),))
