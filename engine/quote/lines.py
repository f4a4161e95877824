"""Line selection: a passage's lines and the question in, the lines to quote out.

Each line is scored by rarity-weighted overlap with the question's content words, plus a
bonus per question number it contains, plus (when the model is loaded) a weighted cosine
between the line and the question. The best `limit` lines above the floors (absolute, and
relative to the best line) are kept (ties go to the earlier line) and returned in document
order, unchanged.
"""
from __future__ import annotations

from typing import Mapping, Sequence

from ..config import Config
from ..terms import content_terms, is_number
from ..types import QuotedLine


def line_budget(max_lines: int, runner_up: bool, winner_quoted: int | None = None) -> int:
    """How many lines a citation may quote. The winner alone: max_lines; beside a runner-up
    that passes the gate: max_lines - 1. The runner-up (winner_quoted given): what the winner
    left, at least one. Shared by the quoter and the calibration sweep, which must agree."""
    if winner_quoted is not None:
        return max(1, max_lines - winner_quoted)
    return max_lines - 1 if runner_up else max_lines


def line_score(text: str, qterms: Sequence[str], weights: Mapping[str, float], cfg: Config,
               sim: float | None = None) -> float:
    present = set(content_terms(text))
    total = sum(weights[t] for t in qterms)
    overlap = sum(weights[t] for t in qterms if t in present) / total if total > 0 else 0.0
    numbers = sum(1 for t in qterms if is_number(t) and t in present)
    semantic = cfg.line_embed_weight * max(0.0, sim) if sim is not None else 0.0
    return overlap + cfg.line_number_bonus * numbers + semantic


def choose_lines(lines: Sequence[tuple[int, str, str]], qterms: Sequence[str],
                 weights: Mapping[str, float], cfg: Config, limit: int,
                 sims: Mapping[int, float] | None = None) -> list[QuotedLine]:
    """lines: (seq, locator, text) in document order; sims: line seq -> cosine with the question."""
    sims = sims or {}
    scored = [(line_score(text, qterms, weights, cfg, sims.get(seq)), seq, loc, text)
              for seq, loc, text in lines]
    top = max((s[0] for s in scored), default=0.0)
    floor = max(cfg.line_floor, cfg.line_relative_floor * top)
    relevant = [s for s in scored if s[0] >= floor]
    best = sorted(relevant, key=lambda s: (-s[0], s[1]))[:limit]  # ties: earlier line wins
    return [QuotedLine(text=t, locator=loc, score=sc) for sc, _, loc, t in sorted(best, key=lambda s: s[1])]
