"""Text output for people: an Answer (or a status / show result) in, lines of text out.

Quoted lines come first with aligned locators, then one citation line per document
(short id, path, locator), then the method line with how much of the index was covered.
"""
from __future__ import annotations

import json

from .style import PLAIN, Style
from .types import Answer, Candidate


def _index_line(a: Answer) -> str:
    c = a.coverage
    share = f"{c.vector_share:.0%} with vectors" if c.model else "no vectors"
    return f"{c.documents} documents, {c.passages} passages ({share})"


def marked(ln) -> str:
    """A quoted line's locator, with `(OCR)` after it when OCR read the line (the reader may
    then want to check the page: --show)."""
    return f"{ln.locator} (OCR)" if ln.ocr is not None else ln.locator


def answer_text(a: Answer, style: Style = PLAIN) -> str:
    """Quoted lines (bold) with aligned locators, citation lines, then the method line (dim);
    with the PLAIN style, no escape codes at all."""
    out: list[str] = []
    if a.answered:
        width = max(len(marked(ln)) for c in a.citations for ln in c.lines)
        for c in a.citations:
            for ln in c.lines:
                out.append(f"  {style.locator(marked(ln).ljust(width))}  {style.quote(ln.text)}")
        out.append("")
        for c in a.citations:
            dated = f"  dated {c.date['value']} ({c.date['evidence']})" if c.date else ""
            out.append(style.dim(f"[{c.doc_id}] {c.path} {c.locator}  "
                                 f"(score {c.score:.2f}, coverage {c.coverage:.2f}){dated}"))
        if a.versions:
            out.append(style.warn(f"versions: {a.versions['note']}"))
    else:
        r = a.refusal
        out.append(style.warn(r.message if r else "no confident answer"))
        if r and r.failed:
            for floor, value, threshold in r.failed:
                if floor == "answer_kind":  # a yes/no rule, not a number short of a floor
                    out.append("  no line of the best passages holds the kind of value the question asks for")
                    continue
                if floor == "scope":
                    out.append("  the document does not cover what the question is scoped to (a class, mode, "
                               "subject, name or period it asks about)")
                    continue
                out.append(f"  {floor} {value:.2f} < floor {threshold:.2f} (short by {threshold - value:.2f})")
        if r and r.unmatched:
            out.append("  question words not found: " + ", ".join(r.unmatched))
    for note in a.notes:
        out.append(style.dim(f"note: {note}"))
    out.append(style.dim(f"method: {a.method} · {_index_line(a)}"))
    if a.candidates is not None:
        out.append("")
        out.extend(candidates_text(a.candidates, a.explain))
    if a.explain and a.gate is not None:
        g = a.gate
        out.append(f"gate: winner score {g.score:.3f} {'>=' if g.score >= g.score_floor else '<'} "
                   f"{g.score_floor:.2f}, coverage {g.coverage:.2f} "
                   f"{'>=' if g.coverage >= g.coverage_floor else '<'} {g.coverage_floor:.2f} → "
                   f"{'answer' if g.passed else 'refuse'}{_why_refused(g)}; runner-up "
                   f"{'also passes (second citation)' if g.runner_up_passed else 'does not pass'}")
    return "\n".join(out)


def _why_refused(g) -> str:
    """Why the gate refused a winner that clears both floors (the rules before the floors)."""
    if g.passed or (g.score >= g.score_floor and g.coverage >= g.coverage_floor) is False:
        return ""
    if not g.names_numbers:
        return " (a number or name the question gives is missing)"
    if not g.answer_kind:
        return " (no value of the kind the question asks for)"
    if not g.in_scope:
        return " (the document does not cover the class, mode, subject, name or period asked about)"
    return ""


def candidates_text(cands: tuple[Candidate, ...], explain: bool) -> list[str]:
    out = [f"candidates (best first, {len(cands)} shown):"]
    for n, c in enumerate(cands, 1):
        out.append(f"{n:>3}. [{c.doc_id}] {c.path} {c.locator}  score {c.score:.3f}  "
                   f"coverage {c.coverage:.2f}  weighted {c.weighted_coverage:.2f}")
        if explain:
            arms = "  ".join(f"{name} raw {s.raw:.3f} norm {s.norm:.2f} #{s.rank}" for name, s in c.arms)
            out.append(f"       {arms}")
            fused = (f"fused {c.fused:.3f}" if c.fused_scale == 1.0 else  # rrf: scaled for the rerank
                     f"rrf {c.fused:.4f} x {c.fused_scale:.2f}")
            out.append(f"       {fused} + coverage {c.coverage:.2f} credit"
                       f"{' + phrase' if c.phrase else ''}"
                       f"{f' + {c.numbers_found} number(s)' if c.numbers_found else ''}"
                       f"{' + kind' if c.kind else ''}"
                       f" = {c.score:.3f}; missing: {', '.join(c.unmatched) or '-'}")
            if c.named or c.date:
                named = f"named by the document: {', '.join(c.named)}" if c.named else ""
                dated = f"dated {c.date['value']} ({c.date['evidence']})" if c.date else ""
                out.append("       " + "; ".join(x for x in (named, dated) if x))
    return out


def batch_header(a: Answer) -> str:
    return f"## {a.id}: {a.question}"


# -- golden runs and calibration -------------------------------------------------------
def gist(d: dict) -> str:
    """An answer's JSON object on one line: each citation's quoted lines, or the refusal."""
    if d.get("answered"):
        return " | ".join(f"[{c['doc_id']}] {c['path']} "
                          + " ".join(f"{ln['locator']} {ln['text']!r}" for ln in c["lines"])
                          for c in d["citations"])
    return "refused: " + ((d.get("refusal") or {}).get("message") or "no confident answer")


def _expected(case) -> str:
    if case.must_refuse:
        return "a refusal"
    return " or ".join(f"{e.contains!r} in {e.path}" for e in case.expect)


def snapshot_check_text(check) -> str:
    """What changed since a snapshot was recorded: digest parts, documents, cited lines."""
    if not check.changed:
        out = [f"snapshot: digest {check.current.combined[:12]} unchanged "
               "(same documents, configuration and model)"]
    else:
        parts = []
        for name, label in (("documents", "documents"), ("config", "configuration"), ("model", "model")):
            parts.append(f"{label} {'CHANGED' if name in check.changed else 'same'}")
        out = [f"snapshot: digest {check.recorded.combined[:12]} → {check.current.combined[:12]}: "
               + ", ".join(parts)]
        if "model" in check.changed:
            out.append(f"  model: {check.recorded.model} → {check.current.model}")
        for label, paths in (("edited", check.edited), ("added", check.added), ("removed", check.removed)):
            if paths:
                more = f" (+{len(paths) - 10} more)" if len(paths) > 10 else ""
                out.append(f"  documents {label}: {', '.join(paths[:10])}{more}")
    if check.lines:
        n = len({c.case_id for c in check.lines})
        out.append(f"cited lines edited or deleted since the recording ({n} case{'s' * (n != 1)}):")
        for c in check.lines:
            now = f" now {c.now!r}" if c.now is not None else ""
            out.append(f"  {c.case_id}: {c.path} {c.locator} {c.change}: was {c.was!r}{now}")
    return "\n".join(out)


def golden_text(report) -> str:
    """One line per failing case (a snapshot: per differing case), then the summary."""
    out: list[str] = []
    s = report.summary
    for r in report.results:
        if report.snapshot is not None and r.differs:
            out.append(f"DIFF {r.case.id}: {', '.join(r.differs)} differ; was: "
                       f"{gist(json.loads(r.recorded))}; now: {gist(r.answer.to_dict())}")
        elif report.snapshot is None and not r.passed:
            out.append(f"FAIL {r.case.id} ({r.outcome.replace('_', ' ')}): expected {_expected(r.case)};"
                       f" got {gist(r.answer.to_dict())}")
    answer_cases, refuse_cases = s.correct + s.wrong + s.missed, s.refused + s.false_answers
    if report.snapshot is not None:
        out.append(f"snapshot: {s.cases} cases, {s.cases - report.different} identical, "
                   f"{report.different} different")
    out.append(f"golden: {s.cases} cases, {s.passed} passed, {s.failed} failed")
    out.append(f"  answer cases ({answer_cases}): {s.correct} answered correctly, {s.wrong} wrong "
               f"answer{'s' * (s.wrong != 1)}, {s.missed} missed (refused)")
    out.append(f"  must-refuse cases ({refuse_cases}): {s.refused} refused correctly, "
               f"{s.false_answers} false answer{'s' * (s.false_answers != 1)}")
    return "\n".join(out)


def _cell_row(c, mark: str = " ") -> str:
    return (f"{mark} {c.score_floor:5.2f} {c.coverage_floor:8.2f} {c.answered:9d} {c.correct:8d} "
            f"{c.wrong:6d} {c.false_answers:6d} {c.missed:7d} {c.refused:8d} {c.wrong_rate:10.1%}")


def calibration_text(cal, max_rows: int = 40) -> str:
    """The trade-off between correct and wrong answers over the grid, and the chosen pair."""
    n, refuse = len(cal.points), sum(p.must_refuse for p in cal.points)
    sf = sorted({c.score_floor for c in cal.cells})
    cf = sorted({c.coverage_floor for c in cal.cells})
    head = "  score coverage  answered  correct  wrong  false  missed  refused  wrong rate"
    out = [f"calibration on {n} cases ({n - refuse} answer, {refuse} must-refuse); grid: score floor "
           f"{sf[0]:.2f}-{sf[-1]:.2f} x coverage floor {cf[0]:.2f}-{cf[-1]:.2f} ({len(cal.cells)} pairs)",
           "wrong rate = (wrong answers + false answers on must-refuse cases) / questions answered",
           "", "best pairs (for each number of wrong + false answers, the most correct answers):", head]
    rows = list(cal.front)
    if len(rows) > max_rows:  # an even spread along the front, with its ends and the chosen pair
        step = (len(rows) - 1) / (max_rows - 2)
        keep = {round(i * step) for i in range(max_rows - 1)}
        keep |= {i for i, c in enumerate(rows) if c == cal.chosen}
        rows = [rows[i] for i in sorted(keep)]
    out.extend(_cell_row(c, "*" if c == cal.chosen else " ") for c in rows)
    if len(rows) < len(cal.front):
        out.append(f"  ({len(cal.front) - len(rows)} more pairs on the front; --json lists the whole grid)")
    out += ["", "configured floors:", head, _cell_row(cal.configured), ""]
    if cal.chosen is None:
        out.append(f"no pair keeps the wrong rate at or below {cal.max_wrong_rate:.1%}")
    else:
        out += [f"chosen (most correct answers with wrong rate <= {cal.max_wrong_rate:.1%}):", head,
                _cell_row(cal.chosen, "*"),
                f"{cal.score_key} = {cal.chosen.score_floor!r}",
                f"coverage_floor = {cal.chosen.coverage_floor!r}"]
    return "\n".join(out)


# -- ranked search (--search) -------------------------------------------------------------
def search_text(r, style: Style = PLAIN) -> str:
    """One block per hit, leading with the short document id (which --show takes back): id,
    path, locator and fused score, then the hit's best line with its own locator. --explain
    adds each arm's rank and scores and the fused value. Notes go to stderr (the CLI)."""
    out: list[str] = []
    pad = "    "
    for h in r.hits:
        out.append(style.dim(f"[{h.doc_id}] {h.path} {h.locator}  #{h.rank}  score {h.score:.4f}"))
        if h.line is not None:
            out.append(f"{pad}{style.locator(marked(h.line))}  {style.quote(h.line.text)}")
        else:
            out.append(f"{pad}(no line of this passage shares a word with the query)")
        if r.explain:
            arms = "  ".join(f"{name} #{a.rank} raw {a.raw:.3f} norm {a.norm:.2f}" for name, a in h.arms)
            out.append(f"{pad}{arms}")
            out.append(f"{pad}{r.fusion} {h.score:.4f} → rerank {h.rerank:.3f} "
                       f"(coverage {h.coverage:.2f}); passage {h.passage_id}")
    if not r.hits:
        out.append(style.warn("no passage matches the query"))
    c = r.coverage
    share = f"{c.vector_share:.0%} with vectors" if c.model else "no vectors"
    out.append(style.dim(f"method: {r.method} · {c.documents} documents, {c.passages} passages ({share})"))
    return "\n".join(out)
