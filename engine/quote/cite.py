"""Quoting the gate's decision: the winner (and a runner-up that passed) in, citations out.

Each quoted passage's lines are scored against the question (quote/lines.py, with each
line's cosine to the question when the model is loaded) and the best are cited verbatim,
in document order, with one locator span. Three lines and two citations are the ceiling.
Refuses: when neither passage has a line relevant enough to quote (`no_relevant_line`), or
when the question asks for a firm kind and no quotable line holds one (`no_answer_kind`).
"""
from __future__ import annotations

import dataclasses
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Mapping, Sequence

import numpy as np

from ..chunk import table_header
from ..config import Config
from ..embed import Embedder
from ..gate import Decision
from ..index.store import Store
from ..kinds import common_terms, firm, holds, kind_words, name
from ..locators import span
from ..pool import Pool
from ..readers.ocr import QUOTE_FLOOR
from ..types import Candidate, Citation, Refusal
from .columns import only_elsewhere, opening_header, question_periods, said
from .lines import (PASSAGE_SIBLINGS, bound_terms, choose_lines, day_asked, header_names_another_kind,
                    kind_labels, line_budget, one_label_each, row_labels, sibling, unnamed_label,
                    source_terms, unnamed_service)
from .totals import total_row

Lines = list[tuple[int, str, str]]  # (seq, locator, text) in document order


@dataclass(frozen=True)
class Quoted:
    citations: tuple[Citation, ...]
    refusal: Refusal | None  # no_relevant_line when nothing could be quoted
    winner_quoted: bool = True  # the first citation is the winner's (else the runner-up's)


def quote(d: Decision, pool: Pool, store: Store, q, rarity: Mapping[str, float],
          cfg: Config, sims_of, names_of=lambda doc: set(), context_of=lambda doc: "") -> Quoted:
    """`q`: the question.Query; `sims_of(list of Lines) -> per passage {seq: cosine} or None`
    (see line_sims); `names_of(doc rowid)`: the terms a document's path names it by
    (score.path_names), which say which document a line is in, not what it is about;
    `context_of(doc rowid)`: what the document says of itself (readers/layout.context), whose
    title lines speak of the document by those names ("Sloan Foundation Grant No: G-2018-11120")."""
    rows = {r.id: r for r in pool.rows}
    quoted = [d.winner] + ([d.runner] if d.runner is not None else [])
    spans = [(rows[c.rowid].doc, rows[c.rowid].first, rows[c.rowid].last) for c in quoted]
    lines = [store.lines(*where) for where in spans]
    marks = [store.ocr_marks(*where) for where in spans]
    furniture = [store.furniture(*where) for where in spans]
    sims = sims_of(lines)
    names = [names_of(doc) for doc, _, _ in spans]
    common = common_terms()
    bound = bound_terms(q.text)
    source = source_terms(q.text)
    topic = [(_topic(q.terms, n, q.kinds, bound, source), tuple(t for t in q.terms if t in n and t not in common),
              table_header(rows[c.rowid].context), title_lines(context_of(doc)))
             for n, c, (doc, _, _) in zip(names, quoted, spans)]
    # a label's value ("tier 6") or a utility service the question gives that a passage, its document's
    # context and its file name never name: no lines (a header's labels name a row's cells: "rnd" 3)
    said = ["\n".join([t for _, _, t in ls] + [rows[c.rowid].context, context_of(doc), _path_words(c.path)]
                      + _rows_labelled(ls, rows[c.rowid].context)) for ls, c, (doc, _, _) in zip(lines, quoted, spans)]
    labelled = [unnamed_label(t, q.text) for t in said]
    unnamed = [u or unnamed_service(t, q.text) for u, t in zip(labelled, said)]
    lines = [[] if u else ls for ls, u in zip(lines, unnamed)]
    labels = kind_labels(q.kinds) if cfg.kind_labels else ()
    once = [one_label_each(labels, lambda words, doc=doc: store.lines_saying(doc, words)) for doc, _, _ in spans]
    first = cite(lines[0], d.winner, q.terms, rarity, cfg,
                 line_budget(cfg.max_lines, d.runner is not None), sims[0], q.kinds, marks[0],
                 furniture[0], topic[0], q.text, one_label=once[0])
    if not first.lines and cfg.quote_invariant and day_asked(q.text, q.kinds) and cite(
            lines[0], d.winner, q.terms, rarity, cfg, cfg.max_lines, sims[0], q.kinds, marks[0], furniture[0],
            topic[0], q.text, day_check=False).lines:
        # the winner's answer gives a year alone where a date is asked: refused, not answered
        # by the runner-up's date (another matter's: installments' for supplemental bills)
        return Quoted((), _refusal(d.winner, q, cfg, lines[0], furniture[0], None, False,
                                   rows[d.winner.rowid].context, dayless=True))
    citations = [first]
    # (a winner never naming the asked label's value says no more than a runner-up naming it)
    if d.runner is not None and (first.lines or labelled[0] or not says_less(d.runner, d.winner)):
        second = cite(lines[1], d.runner, q.terms, rarity, cfg,
                      line_budget(cfg.max_lines, True, len(first.lines)), sims[1], q.kinds, marks[1],
                      furniture[1], topic[1], q.text, one_label=once[1])
        citations.append(second)
    if cfg.total_rows:  # a question about a table as a whole: its total row (quote/totals.py)
        citations = [total_row(c, {loc: seq for seq, loc, _ in ls}, lambda a, b, doc=doc: store.lines(doc, a, b),
                               q.text, q.terms, lambda t: holds(t, q.kinds, q.terms))
                     for c, ls, (doc, _, _) in zip(citations, lines, spans)]
        citations = _once(citations)
    citations = [c for c in citations if c.lines]
    if citations:
        return Quoted(tuple(citations), None, winner_quoted=bool(first.lines))
    ocr_held = bool(marks[0]) and bool(cite(lines[0], d.winner, q.terms, rarity, cfg, cfg.max_lines, sims[0],
                                            q.kinds, None, furniture[0], topic[0], q.text).lines)
    return Quoted((), _refusal(d.winner, q, cfg, lines[0], furniture[0], unnamed[0], ocr_held,
                               rows[d.winner.rowid].context))


def says_less(c: Candidate, first: Candidate) -> bool:
    """`c` is of another document than `first` and says less of the question (rarity-weighted
    coverage): it never answers in `first`'s place, as the first citation. Measured on the
    read sets: of the answers whose first citation came from such a passage (the winner giving
    no line, or a passage picked by its answer line), none was right."""
    return c.path != first.path and c.weighted_coverage < first.weighted_coverage


def _once(citations: list[Citation]) -> list[Citation]:
    """The citations with a line another before it already quotes left out (two passages'
    rows given one total row, quote/totals.py)."""
    seen: set[tuple[str, str]] = set()
    out = []
    for c in citations:
        lines = tuple(ln for ln in c.lines if (c.path, ln.locator) not in seen)
        seen.update((c.path, ln.locator) for ln in c.lines)
        if lines != c.lines:
            c = dataclasses.replace(c, lines=lines, locator=span([ln.locator for ln in lines]) if lines else c.locator)
        out.append(c)
    return out


def _refusal(winner: Candidate, q, cfg: Config, lines: Lines, furniture: frozenset[int], unnamed: str | None,
             ocr_held: bool, context: str = "", dayless: bool = False) -> Refusal:
    """Why the winner gave no lines: a label's value it never names (`unnamed`); the answer's
    line giving a year alone where the question asks for a date (`dayless`); a line that
    answers read by OCR below the floor (`ocr_held`: lines there were without the OCR
    floor); the quote's invariant (no line holds the kind, or none that holds it speaks of
    the question; a table giving figures for other periods only: quote/columns.py); a sibling
    the passage speaks of; or no line holding the question's words. `context`: the passage's
    (its table's header row)."""
    passage = "\n".join(t for _, _, t in lines)
    if unnamed:
        message = f"no confident answer: the best passage never names {unnamed}, which the question gives"
    elif dayless:  # the answer's line gives a year alone where a date is asked
        return Refusal(reason="no_answer_kind",
                       message=("no confident answer: the best passage names the topic but the line that answers "
                                "gives a year alone, and the question asks for a date"),
                       floor="answer_kind", value=0.0, threshold=1.0,
                       unmatched=winner.unmatched, failed=(("answer_kind", 0.0, 1.0),))
    elif ocr_held:
        message = (f"no confident answer: the line that answers was read by OCR with a "
                   f"confidence under {QUOTE_FLOOR:g} (of 100), too unsure to quote; check the "
                   f"scan itself ({winner.path})")
    elif cfg.quote_invariant and firm(q.kinds):  # the quote's invariant (quote/lines.py)
        held = any(holds(text, q.kinds, q.terms) for seq, _, text in lines if seq not in furniture)
        other = sibling(passage, q.text, q.terms, PASSAGE_SIBLINGS, line=False) if cfg.siblings else None
        rows = [text for seq, _, text in lines if seq not in furniture and " | " in text]
        header = table_header(context) or opening_header(rows)
        asked = question_periods(q.text, q.terms)
        elsewhere = held and only_elsewhere(rows, header, q.kinds, asked, lambda t: holds(t, q.kinds, q.terms))
        headed = header_names_another_kind(header, q.text, q.terms) if cfg.siblings and header and held else None
        why = (f"it speaks of {other[0]}, not {other[1]}" if other else
               f"its table's header names {headed[0]}, not {headed[1]}" if headed else
               f"its table gives {name(q.kinds)} for other periods, none under a column for {said(asked)}"
               if elsewhere else
               f"its lines that hold {name(q.kinds)} share no word with the question" if held else
               f"no line of it holds {name(q.kinds)}")
        return Refusal(reason="no_answer_kind",
                       message=f"no confident answer: the best passage names the topic but {why}",
                       floor="answer_kind", value=0.0, threshold=1.0,
                       unmatched=winner.unmatched, failed=(("answer_kind", 0.0, 1.0),))
    elif cfg.siblings and not q.kinds and (other := sibling(passage, q.text, q.terms, PASSAGE_SIBLINGS,
                                                           line=False)):
        message = f"no confident answer: the best passage speaks of {other[0]}, not {other[1]}"
    else:
        message = "no confident answer: the best passage has no line that contains the question's words"
    return Refusal(reason="no_relevant_line", message=message, unmatched=winner.unmatched)


def _path_words(path: str) -> str:
    """A file's name as words in capitals, to find the labels it names ("water_schedule_a.pdf"
    -> "WATER SCHEDULE A PDF")."""
    return " ".join(re.split(r"[\W_]+", path)).upper()


def _topic(qterms, names, kinds=(), bound=frozenset(), source=frozenset()) -> tuple[str, ...] | None:
    """The question's words that are not the document's own names nor the words that ask
    for the kind ("charge" in "how much does the city charge for a sign permit?",
    kinds.kind_words) nor those of a date the answer must come after (`bound`,
    lines.bound_terms): what a line must speak of to answer (None: no word is left, so any
    of them does, a bound's aside). Nor, when others are left, the words naming where to
    read (`source`, lines.source_terms: "according to the financial summary"). An
    initialism with its stops ("M.U.D.") is the name it spells ("mud")."""
    asking = kind_words(kinds)
    rest = tuple(t for t in qterms if t not in names and t.replace(".", "") not in names
                 and t not in asking and t not in bound)
    rest = tuple(t for t in rest if t not in source) or rest
    if rest or not bound:
        return rest or None
    return tuple(t for t in qterms if t not in bound) or None


def title_lines(context: str) -> frozenset[str]:
    """The lines a document's context holds (its title lines, running headers, sheet names),
    whitespace folded, to know a title line when the quote meets one."""
    return frozenset(" ".join(ln.split()) for ln in context.split("\n") if ln.strip())


def _rows_labelled(lines: Lines, context: str) -> list[str]:
    """Each table row's cells under its header's labels of a numbered series (row_labels)."""
    texts = [t for _, _, t in lines]
    header = table_header(context) or opening_header(texts)
    return [row_labels(t, header) for t in texts]


def cite(lines: Lines, c: Candidate, qterms, rarity, cfg: Config, limit: int, sims=None,
         kinds: tuple[str, ...] = (), ocr: Mapping[int, float] | None = None,
         furniture: frozenset[int] = frozenset(), topic=(None, (), "", frozenset()), question: str = "",
         day_check: bool = True, one_label: bool = True) -> Citation:
    """`ocr`: OCR's confidence per line seq, for the lines OCR read (store.ocr_marks);
    `furniture`: the seqs of page furniture (store.furniture), never quoted; `topic`: the
    question words a line holding the asked kind must share one of (_topic), the question's
    words that name the document (a line naming all of them speaks of it too), and the
    passage's table header row (table_header), and the document's title lines (title_lines)."""
    chosen = choose_lines(lines, qterms, rarity, cfg, limit, sims, kinds, ocr, furniture,
                          topic=topic[0], subject=topic[1], header=topic[2], question=question,
                          title=topic[3], day_check=day_check, one_label=one_label)
    return Citation(doc_id=c.doc_id, path=c.path, locator=span([q.locator for q in chosen]),
                    score=c.score, coverage=c.coverage, lines=tuple(chosen))


def line_sims(passages: Sequence[Lines], qvec, embedder: Embedder | None, cfg: Config,
              helper: ThreadPoolExecutor) -> list[dict[int, float] | None]:
    """Cosine with the question of every line of the quoted passages (line seq -> value),
    or None per passage without a model. The lines go to the model in one call, split in
    two halves embedded at once on two threads (the helper thread is idle by now); the
    vectors do not depend on the batching, so neither do the quoted lines."""
    if qvec is None or cfg.line_embed_weight <= 0 or embedder is None:
        return [None] * len(passages)
    texts = [text for lines in passages for _, _, text in lines]
    if len(texts) >= 4:
        order = sorted(range(len(texts)), key=lambda i: (len(texts[i]), i))
        halves = (order[0::2], order[1::2])  # similar lengths in both, so both take as long
        other = helper.submit(embedder.embed, [texts[i] for i in halves[1]])
        mine = embedder.embed([texts[i] for i in halves[0]])
        vecs = np.zeros((len(texts), mine.shape[1]), dtype=np.float32)
        vecs[halves[0]] = mine
        vecs[halves[1]] = other.result()
    else:
        vecs = embedder.embed(texts)
    out, at = [], 0
    for lines in passages:
        out.append({seq: float(vecs[at + j] @ qvec) for j, (seq, _, _) in enumerate(lines)})
        at += len(lines)
    return out
