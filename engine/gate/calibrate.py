"""Calibration: golden cases in, the (score floor, coverage floor) pair that answers most of
them correctly within a wrong-answer ceiling out.

Each case is answered once with both floors at 0; the winner's and the runner-up's scores
and coverages, and whether the answer quotes the expected text with and without the
runner-up's citation, are kept as a Point. Every pair of a fixed grid is then judged on
those numbers alone, as the gate would. One approximation: when the question asks for a
kind of value (engine/kinds.py), the winner is the candidate the gate chose at zero floors
(or the one its answer line picked, engine/pipeline.pick_by_line); at higher floors the gate
might pass over it for a later one, where the Point refuses.
"""
from __future__ import annotations

import dataclasses
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

from ..config import Config
from .floors import coverage_of
from ..errors import ConfigError
from ..golden import Case, passes
from ..quote.lines import line_budget
from ..snapshot import write_atomic
from ..types import Answer, Candidate, Citation

SCORE_GRID = tuple(round(i * 0.05, 2) for i in range(41))  # 0.00 .. 2.00
COVERAGE_GRID = tuple(round(i * 0.05, 2) for i in range(21))  # 0.00 .. 1.00


@dataclass(frozen=True)
class Point:
    """One case answered once, at zero floors: what the gate sees, and what each shape of the
    answer quotes, as (answered, quotes the expected text): `alone` when only the winner
    passes the gate, `both` when the runner-up passes too (a second citation)."""

    id: str
    must_refuse: bool
    score: float | None  # the winner's rerank score; None: nothing was pulled
    coverage: float | None
    runner_score: float | None  # None: no runner-up
    runner_coverage: float | None
    alone: tuple[bool, bool]
    both: tuple[bool, bool]

    def at(self, score_floor: float, coverage_floor: float) -> tuple[bool, bool]:
        """(answered, quotes the expected text) under these floors, as the gate decides."""
        if self.score is None or self.score < score_floor or self.coverage < coverage_floor:
            return False, False
        runner = (self.runner_score is not None and self.runner_score >= score_floor
                  and self.runner_coverage >= coverage_floor)
        return self.both if runner else self.alone


def _same(c: Citation, cand: Candidate) -> bool:
    return c.path == cand.path and c.score == cand.score and c.coverage == cand.coverage


def _top(c: Citation | None, k: int) -> Citation | None:
    """The citation with at most k lines: its k best by line score, the earlier line first on
    ties (as quote.choose_lines picks them), in document order; None when nothing is left."""
    if c is None or k <= 0:
        return None
    best = sorted(range(len(c.lines)), key=lambda i: (-c.lines[i].score, i))[:k]
    return dataclasses.replace(c, lines=tuple(c.lines[i] for i in sorted(best)))


def winner_at(cands: Sequence[Candidate], score: float, coverage: float, cfg: Config) -> int:
    """Where the gate's winner stands among the candidates: the first, unless the gate passed
    over it for a later one holding the asked kind or in scope (gate/decide.py); found by the
    winner's score and coverage, which the gate reports."""
    return next((i for i, c in enumerate(cands)
                 if c.score == score and coverage_of(c, cfg) == coverage), 0)


def measure(case: Case, a: Answer, max_lines: int, cfg: Config | None = None) -> Point:
    """A Point from an answer given at zero floors, explain=True and one line more than
    `max_lines`, so the winner's citation holds every line it could quote alone.

    The two shapes follow the pipeline's rule (docs/decisions.md): the winner alone quotes up
    to max_lines lines; with a runner-up it keeps max_lines - 1 and the runner-up gets what is
    left (quote/lines.py line_budget). Both are the best lines of this answer's longer
    citations.
    """
    cands = a.candidates or ()
    if a.gate is None or not cands:
        return Point(case.id, case.must_refuse, None, None, None, None, (False, False), (False, False))
    cfg = cfg or Config()
    at = winner_at(cands, a.gate.score, a.gate.coverage, cfg)
    runner = cands[at + 1] if len(cands) > at + 1 else None
    # at zero floors a runner-up always passes: citations are [winner, runner] minus empty ones
    cites = a.citations
    won = cites[0] if len(cites) == 2 or (len(cites) == 1 and _same(cites[0], cands[at])) else None
    ran = cites[-1] if cites and cites[-1] is not won else None
    first = _top(won, line_budget(max_lines, True))
    second = _top(ran, line_budget(max_lines, True, len(first.lines) if first else 0))

    def shape(citations) -> tuple[bool, bool]:
        shaped = dataclasses.replace(a, citations=tuple(c for c in citations if c and c.lines))
        return shaped.answered, shaped.answered and not case.must_refuse and passes(case, shaped)
    return Point(case.id, case.must_refuse, a.gate.score, a.gate.coverage,
                 runner.score if runner else None,
                 coverage_of(runner, cfg) if runner else None,
                 shape([_top(won, line_budget(max_lines, False))]), shape([first, second]))


@dataclass(frozen=True)
class Cell:
    """The outcome counts of one floor pair."""

    score_floor: float
    coverage_floor: float
    correct: int
    wrong: int
    missed: int
    refused: int
    false_answers: int

    @property
    def answered(self) -> int:
        return self.correct + self.wrong + self.false_answers

    @property
    def wrong_rate(self) -> float:
        """(wrong answers + false answers) / questions answered; 0 when nothing is answered."""
        return (self.wrong + self.false_answers) / self.answered if self.answered else 0.0

    def rank(self) -> tuple[int, int]:
        """Better first: more correct answers, then fewer wrong + false answers."""
        return (-self.correct, self.wrong + self.false_answers)

    def to_dict(self) -> dict[str, Any]:
        return {**dataclasses.asdict(self), "answered": self.answered,
                "wrong_rate": round(self.wrong_rate, 4)}


def tally(points: Sequence[Point], score_floor: float, coverage_floor: float) -> Cell:
    n = {"correct": 0, "wrong": 0, "missed": 0, "refused": 0, "false_answers": 0}
    for p in points:
        answered, right = p.at(score_floor, coverage_floor)
        if p.must_refuse:
            n["false_answers" if answered else "refused"] += 1
        else:
            n["missed" if not answered else "correct" if right else "wrong"] += 1
    return Cell(score_floor, coverage_floor, **n)


def middle(tied: Sequence[Cell], cells: Sequence[Cell]) -> Cell:
    """One pair from pairs with the same counts: the deepest inside their plateau, i.e. the
    farthest (largest of the two floor differences) from any grid pair with other counts, so
    a question scoring a little off the golden ones still lands on the same side. Equal depth:
    the higher coverage floor, then the higher score floor (the more cautious pair)."""
    inside = {(c.score_floor, c.coverage_floor) for c in tied}
    edge = [(c.score_floor, c.coverage_floor) for c in cells
            if (c.score_floor, c.coverage_floor) not in inside]

    def depth(c: Cell) -> float:
        return min((max(abs(c.score_floor - s), abs(c.coverage_floor - v)) for s, v in edge),
                   default=0.0)
    # rounded so float noise cannot split equal depths; floors make the order total
    return max(tied, key=lambda c: (round(depth(c), 9), c.coverage_floor, c.score_floor))


def choose(cells: Sequence[Cell], max_wrong_rate: float) -> Cell | None:
    """The most correct answers with wrong rate <= the ceiling, then the fewest wrong + false
    answers; among pairs tied on both, the middle of the plateau."""
    ok = [c for c in cells if c.wrong_rate <= max_wrong_rate]
    if not ok:
        return None
    best = min(c.rank() for c in ok)
    return middle([c for c in ok if c.rank() == best], cells)


def front(cells: Sequence[Cell]) -> tuple[Cell, ...]:
    """The pairs worth looking at: for each count of wrong + false answers, the most correct
    answers, kept only when that beats every count with fewer wrong answers (one pair each,
    the middle of its plateau, as `choose` picks)."""
    out: list[Cell] = []
    for wrong in sorted({c.wrong + c.false_answers for c in cells}):
        best = min(c.rank() for c in cells if c.wrong + c.false_answers == wrong)
        if not out or -best[0] > out[-1].correct:
            out.append(middle([c for c in cells if c.rank() == best], cells))
    return tuple(out)


@dataclass(frozen=True)
class Calibration:
    points: tuple[Point, ...]
    cells: tuple[Cell, ...]  # score floor outer, coverage floor inner, both ascending
    front: tuple[Cell, ...]
    chosen: Cell | None
    configured: Cell  # the floors of the configuration in use, judged the same way
    max_wrong_rate: float
    score_key: str = "score_floor"  # which score floor this run calibrates (score_floor_lexical without vectors)

    def to_dict(self) -> dict[str, Any]:
        return {"cases": len(self.points), "must_refuse": sum(p.must_refuse for p in self.points),
                "max_wrong_rate": self.max_wrong_rate, "score_key": self.score_key,
                "chosen": self.chosen.to_dict() if self.chosen else None,
                "configured": self.configured.to_dict(),
                "front": [c.to_dict() for c in self.front],
                "grid": [c.to_dict() for c in self.cells],
                "points": [dataclasses.asdict(p) for p in self.points]}


def calibrate(eng, cases: Sequence[Case], *, max_wrong_rate: float = 0.05, path: str | None = None,
              progress: Callable[[str, int, int], None] | None = None,
              score_grid: Sequence[float] = SCORE_GRID,
              coverage_grid: Sequence[float] = COVERAGE_GRID) -> Calibration:
    """Answer each case once at zero floors, then judge every floor pair of the grid."""
    cfg: Config = eng.config
    # one line more so the winner's citation shows all it could quote alone
    zero = cfg.replace(score_floor=0.0, score_floor_lexical=0.0, coverage_floor=0.0,
                       max_lines=cfg.max_lines + 1)
    points = []
    for n, case in enumerate(cases):
        a = eng.ask(case.question, id=case.id, path=case.path or path, explain=True, config=zero)
        points.append(measure(case, a, cfg.max_lines, cfg))
        if progress:
            progress("calibrate", n + 1, len(cases))
    cells = tuple(tally(points, s, c) for s in score_grid for c in coverage_grid)
    vectors = eng.embedder is not None and eng.coverage().vectors > 0
    return Calibration(tuple(points), cells, front(cells), choose(cells, max_wrong_rate),
                       tally(points, cfg.score_floor_for(vectors), cfg.coverage_floor),
                       max_wrong_rate, cfg.floor_key(vectors))


_HEADER = re.compile(r"^\s*\[")


def write_floors(path: str | Path, score_floor: float, coverage_floor: float,
                 score_key: str = "score_floor") -> None:
    """Set the score floor (`score_key`: score_floor, or score_floor_lexical for a run without
    vectors) and coverage_floor in a TOML config file (created if missing), in its [ask]
    table if it has one, keeping every other line; checked, then written atomically."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8") if p.exists() else ""
        table = "ask" if isinstance(tomllib.loads(text).get("ask"), dict) else None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise ConfigError(f"config file {p} is not valid TOML: {e}", "fix it, or write to a new file") from None
    lines = text.splitlines()
    heads = [i for i, ln in enumerate(lines) if _HEADER.match(ln)]
    if table:
        start = next((i + 1 for i in heads if re.match(r"^\s*\[\s*ask\s*\]", lines[i])), None)
        if start is None:
            raise ConfigError(f"{p} sets ask.* without an [ask] table", "set the floors by hand")
    else:
        start = 0
    for key, value in ((score_key, score_floor), ("coverage_floor", coverage_floor)):
        end = next((i for i in heads if i >= start), len(lines))
        line = f"{key} = {float(value)!r}"
        hit = next((i for i in range(start, end)
                    if re.match(rf"^\s*[\"']?{key}[\"']?\s*=", lines[i])), None)
        if hit is not None:
            lines[hit] = line
            continue
        at = end
        while at > start and not lines[at - 1].strip():  # keep the key with its table's lines
            at -= 1
        lines.insert(at, line)
        heads = [i + (i >= at) for i in heads]
    new = "\n".join(lines) + "\n"
    data = tomllib.loads(new)
    Config().replace(**(data["ask"] if table else data))  # refuse to write a file Config cannot load
    write_atomic(p, new, "give --write-config a writable path")
