"""Text output for people: an Answer (or a status / show result) in, lines of text out.

Quoted lines come first with aligned locators, then one citation line per document
(short id, path, locator), then the method line with how much of the index was covered.
"""
from __future__ import annotations

from .types import Answer, Candidate


def _index_line(a: Answer) -> str:
    c = a.coverage
    share = f"{c.vector_share:.0%} with vectors" if c.model else "no vectors"
    return f"{c.documents} documents, {c.passages} passages ({share})"


def answer_text(a: Answer) -> str:
    out: list[str] = []
    if a.answered:
        width = max(len(ln.locator) for c in a.citations for ln in c.lines)
        for c in a.citations:
            for ln in c.lines:
                out.append(f"  {ln.locator.ljust(width)}  {ln.text}")
        out.append("")
        for c in a.citations:
            out.append(f"[{c.doc_id}] {c.path} {c.locator}  (score {c.score:.2f}, coverage {c.coverage:.2f})")
    else:
        r = a.refusal
        out.append(r.message if r else "no confident answer")
        if r and r.failed:
            for floor, value, threshold in r.failed:
                out.append(f"  {floor} {value:.2f} < floor {threshold:.2f} (short by {threshold - value:.2f})")
        if r and r.unmatched:
            out.append("  question words not found: " + ", ".join(r.unmatched))
    for note in a.notes:
        out.append(f"note: {note}")
    out.append(f"method: {a.method} · {_index_line(a)}")
    if a.candidates is not None:
        out.append("")
        out.extend(candidates_text(a.candidates, a.explain))
    if a.explain and a.gate is not None:
        g = a.gate
        out.append(f"gate: winner score {g.score:.3f} {'>=' if g.score >= g.score_floor else '<'} "
                   f"{g.score_floor:.2f}, coverage {g.coverage:.2f} "
                   f"{'>=' if g.coverage >= g.coverage_floor else '<'} {g.coverage_floor:.2f} → "
                   f"{'answer' if g.passed else 'refuse'}; runner-up "
                   f"{'also passes (second citation)' if g.runner_up_passed else 'does not pass'}")
    return "\n".join(out)


def candidates_text(cands: tuple[Candidate, ...], explain: bool) -> list[str]:
    out = [f"candidates (best first, {len(cands)} shown):"]
    for n, c in enumerate(cands, 1):
        out.append(f"{n:>3}. [{c.doc_id}] {c.path} {c.locator}  score {c.score:.3f}  "
                   f"coverage {c.coverage:.2f}  weighted {c.weighted_coverage:.2f}")
        if explain:
            arms = "  ".join(f"{name} raw {s.raw:.3f} norm {s.norm:.2f} #{s.rank}" for name, s in c.arms)
            out.append(f"       {arms}")
            out.append(f"       fused {c.fused:.3f} + coverage {c.coverage:.2f} credit"
                       f"{' + phrase' if c.phrase else ''}"
                       f"{f' + {c.numbers_found} number(s)' if c.numbers_found else ''}"
                       f" = {c.score:.3f}; missing: {', '.join(c.unmatched) or '-'}")
    return out


def batch_header(a: Answer) -> str:
    return f"## {a.id}: {a.question}"
