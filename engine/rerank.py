"""Rerank: arithmetic over the fused scores, and the final total order of the pool.

In: the pool, the question's terms, the fused scores. Out: every passage's rerank numbers
and the pool in its final order (`Order`, best first; a total order). Refuses nothing.

score = fused + coverage_credit * coverage + phrase_bonus * [question phrase present]
        + number_bonus * (question numbers found) + kind_bonus * [holds the asked kind]
Order: passages holding every number and proper name of the question first; then either
rarity-weighted coverage (each question word weighted by how rare it is among the
candidates) with the rerank score breaking ties (order = "coverage", DESIGN.md), or the
rerank score with weighted coverage breaking ties (order = "score"); then passage id, path.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

import numpy as np

from .chunk import table_header
from .config import Config
from .kinds import answered_words, examples, header_like, holds, person_cells, unit_rows
from .pool import Pool
from .terms import is_number


def rarity_weights(qterms: Sequence[str], has: np.ndarray) -> dict[str, float]:
    """idf of each question term among the candidates, BM25's form kept positive:
    ln(1 + (N - df + 0.5) / (df + 0.5)). A word most candidates share weighs little.
    `has`: passages × question terms, True where the passage holds the term."""
    n = has.shape[0]
    return {t: math.log(1.0 + (n - df + 0.5) / (df + 0.5))
            for t, df in zip(qterms, has.sum(axis=0).tolist())}


def has_phrase(qterms: Sequence[str], terms: Sequence[str]) -> bool:
    """The question's content words appear consecutively in the passage (2 words or more)."""
    k = len(qterms)
    if k < 2 or len(terms) < k:
        return False
    first = qterms[0]
    return any(terms[i] == first and tuple(terms[i : i + k]) == tuple(qterms)
               for i in range(len(terms) - k + 1))


def coverage_table(qterms: Sequence[str], has: np.ndarray, weights: Mapping[str, float]):
    """(coverage, weighted coverage, numbers found) of every passage, from the presence table:
    the share of question words present; the same weighted by `weights` (summed in question
    order); how many of the question's numbers are present."""
    n, q = has.shape
    hasf = has.astype(np.float64)
    cov = hasf.sum(axis=1) / q if q else np.zeros(n)
    total = 0
    for t in qterms:
        total += weights[t]
    wsum = np.zeros(n)
    for k, t in enumerate(qterms):
        wsum += hasf[:, k] * weights[t]
    wcov = wsum / total if total > 0 else cov
    number_cols = [k for k, t in enumerate(qterms) if is_number(t)]
    nums = has[:, number_cols].sum(axis=1) if number_cols else np.zeros(n, dtype=np.int64)
    return cov, wcov, nums


def rerank_score(fused: float, cov: float, phrase: bool, numbers: int, cfg: Config,
                 kind: bool = False) -> float:
    """`kind`: the passage holds the kind of value the question asks for (engine/kinds.py)."""
    return fused + cfg.coverage_credit * cov + (cfg.phrase_bonus if phrase else 0.0) \
        + cfg.number_bonus * numbers + (cfg.kind_bonus if kind else 0.0)


def order_key(weighted_coverage: float, score: float, pid: str, path: str, order: str = "coverage",
              has_required: bool = True):
    """Sort key, best first. Passages holding every number and name the question gives come
    before those that do not; then the configured order; pid then path make it total."""
    # rounding keeps float noise from splitting true ties
    if order == "score":
        return (not has_required, -round(score, 9), -round(weighted_coverage, 9), pid, path)
    return (not has_required, -round(weighted_coverage, 9), -round(score, 9), pid, path)


KIND_REACH = 20  # the asked kind is looked for in the passages that could reach these places


def within_reach(pre: Sequence[float], group: Sequence[bool], bonus: float) -> list[int]:
    """The passages that could stand among the first KIND_REACH of their group (passages with
    every required name and number, or the rest) once `bonus` is added: a passage below the
    KIND_REACH-th score of its group by more than the bonus cannot, so its lines are not read."""
    out: list[int] = []
    for g in (True, False):
        idx = [i for i in range(len(pre)) if bool(group[i]) is g]
        if not idx:
            continue
        ranked = sorted((pre[i] for i in idx), reverse=True)
        floor = ranked[min(KIND_REACH, len(ranked)) - 1] - bonus
        out.extend(i for i in idx if pre[i] >= floor)
    return sorted(out)


@dataclass(frozen=True)
class Scored:
    """One pool passage's place in the order and the rerank numbers behind it."""

    key: tuple
    i: int  # index into the pool
    coverage: float
    weighted_coverage: float
    matched: tuple[str, ...]
    unmatched: tuple[str, ...]
    numbers: int
    phrase: bool
    score: float
    kind: bool | None = None  # holds the asked kind (None: no kind asked)
    named: tuple[str, ...] = ()  # required terms only its document gives of itself: path, title, headers (score.path_names)


class Order(Sequence):
    """The whole pool in its final order, best first; a place's `Scored` is built when read.

    Every passage's rerank numbers are computed at once from the presence table
    (rerank.coverage_table, rerank_score) and the order is rerank.order_key's; only the
    passages someone reads get their term lists."""

    def __init__(self, pool: Pool, qterms, has: np.ndarray, rarity, fused: list[float],
                 scale: float, required, cfg: Config, path_of: Callable[[int], str],
                 kinds: tuple[str, ...] = (), named: np.ndarray | None = None):
        n, q = has.shape
        self.pool, self.qterms, self.has = pool, tuple(qterms), has
        held = has if named is None else named
        cov, wcov, nums = coverage_table(qterms, held if cfg.document_names_cover else has, rarity)
        full = has.all(axis=1) if q else np.ones(n, dtype=bool)
        # a phrase needs every question word, so only passages holding all are looked at
        phrase = [bool(f) and has_phrase(qterms, pool.terms[i]) for i, f in enumerate(full.tolist())]
        need = [k for k, t in enumerate(qterms) if t in required] if cfg.require_names_numbers else []
        # `named`: has, plus the required names a passage's document states of itself (score.py)
        has_required = held[:, need].all(axis=1).tolist() if need else [True] * n
        self.named = held
        missing_need = bool(cfg.require_names_numbers and set(required) - set(qterms))
        self.cov, self.wcov, self.nums = cov.tolist(), wcov.tolist(), nums.tolist()
        self.phrase = phrase
        pre = [rerank_score(fused[i] * scale if scale != 1.0 else fused[i], self.cov[i],
                            phrase[i], self.nums[i], cfg) for i in range(n)]
        # which passages hold the kind of value asked for (None for all when none is asked);
        # only those that could reach the first KIND_REACH places are read (False otherwise)
        self.kind: list[bool | None] = [None] * n
        self.score = pre
        if kinds:
            self.kind = [False] * n
            self.score = list(pre)
            own: dict[int, str] = {}  # each read passage's text without its examples (_own)
            for i in within_reach(pre, has_required, cfg.kind_bonus):
                own[i] = _own(pool.rows[i].text, qterms)
                self.kind[i] = (holds(own[i], kinds, qterms) or bool(unit_rows(own[i].splitlines(), kinds, qterms))
                                or _people_under_header(own[i], pool.rows[i].context, kinds))
                if self.kind[i]:
                    self.score[i] += cfg.kind_bonus
            if cfg.kind_words_cover:
                self._answer_kind_words(qterms, held if cfg.document_names_cover else has, rarity,
                                        kinds, cfg, own)
        keys = [order_key(self.wcov[i], self.score[i], row.pid, path_of(row.doc), cfg.order,
                          has_required[i] and not missing_need)
                for i, row in enumerate(pool.rows)]
        self.keys = keys
        self.index = sorted(range(n), key=keys.__getitem__)  # order_key is total (pid, then path, last)

    def _answer_kind_words(self, qterms, has: np.ndarray, rarity, kinds, cfg: Config,
                           own: Mapping[int, str]) -> None:
        """A passage holding the asked kind answers the words that ask for it: "time" in
        "what time did the meeting begin?" is present where "6:00 p.m." is. A word is
        answered by a value of its own kind only ("firm" by a firm's name, not by "$10.00").
        Their columns count as present for its coverage (and the coverage credit of its
        score); the passage's missing words still name them."""
        asking = {k: [c for c, t in enumerate(qterms) if t in answered_words((k,))] for k in kinds}
        asking = {k: cols for k, cols in asking.items() if cols}
        if not asking:
            return
        for i, holds_kind in enumerate(self.kind):
            if not holds_kind:
                continue
            text = own[i]  # every passage holding the kind was read (__init__)
            cols = [c for k, cs in asking.items() if not has[i, cs].all()
                    and (len(kinds) == 1 or holds(text, (k,), qterms)) for c in cs]
            if not cols or has[i, cols].all():
                continue
            row = has[i : i + 1].copy()
            row[0, cols] = True
            cov, wcov, _ = coverage_table(qterms, row, rarity)
            self.score[i] += cfg.coverage_credit * (float(cov[0]) - self.cov[i])
            self.cov[i], self.wcov[i] = float(cov[0]), float(wcov[0])

    def __len__(self) -> int:
        return len(self.index)

    def _scored(self, i: int) -> Scored:
        matched = tuple(t for t, h in zip(self.qterms, self.has[i].tolist()) if h)
        unmatched = tuple(t for t, h in zip(self.qterms, self.has[i].tolist()) if not h)
        named = tuple(t for t, h, n in zip(self.qterms, self.has[i].tolist(), self.named[i].tolist())
                      if n and not h)
        return Scored(self.keys[i], i, self.cov[i], self.wcov[i], matched, unmatched,
                      self.nums[i], self.phrase[i], self.score[i], self.kind[i], named)

    def __getitem__(self, at):
        if isinstance(at, slice):
            return [self._scored(i) for i in self.index[at]]
        return self._scored(self.index[at])


def _own(text: str, qterms) -> str:
    """A passage's text without the lines giving an example's figures (kinds.examples)."""
    lines = text.split("\n")
    marks = examples(lines, qterms)
    return text if not any(marks) else "\n".join(t for t, m in zip(lines, marks) if not m)


def _people_under_header(text: str, context: str, kinds: tuple[str, ...]) -> bool:
    """A person asked, and a table passage's row holds a name under a column its header names
    for people (kinds.person_cells: "Farias" under "SPONSOR"), as the quote reads it: the
    header its context carries, or its own first row when that is a header's (kinds.header_like)."""
    if "person" not in kinds:
        return False
    lines = text.splitlines()
    header = table_header(context) or (lines[0] if lines and header_like(lines[0]) else "")
    return bool(header) and any(person_cells(line, header) for line in lines)
