"""The values passed between stages: Line, Passage, Candidate, Citation, Answer.

All are frozen dataclasses. Readers produce Lines, the chunker Passages, the scorers
Candidates, the gate and quoter an Answer (a ranked search: Hits in a SearchResult);
JSON comes only from the to_dict() methods.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Line:
    """One line exactly as a person sees it in the source, with where it lives.

    locator: "L12" (text), "p3:L7" (PDF page 3, line 7), "Rates!A7:D7" (sheet row),
             "row 253" (CSV, header row = row 1).
    region:  the page or sheet the line belongs to; passages never cross regions.
             "" for formats without pages or sheets.
    ordinal: the line's position inside its region (physical line, line on page, row
             number); a gap between neighbours means blank lines stood between them.
    header:  True for a sheet's or CSV's column-header row.
    ocr:     None for a line read from text; for a line read by OCR (a scanned PDF page, an
             image file), the engine's confidence in it, 0-100 (engine/readers/ocr.py),
             kept by the index (lines.ocr) and carried to the quoted line.
    furniture: True for page furniture (a running header or footer, a page number, a print
             stamp, a web capture's address: readers/layout.py): matched as context, never
             quoted.
    """

    text: str
    locator: str
    region: str = ""
    ordinal: int = 0
    header: bool = False
    ocr: float | None = None
    furniture: bool = False


@dataclass(frozen=True)
class ReadResult:
    """What a reader returns: the lines, the format name, and notes for --status."""

    lines: tuple[Line, ...]
    kind: str
    notes: tuple[str, ...] = ()


def passage_text(text: str, context: str) -> str:
    """A passage as matched and embedded: its context (headings, a sheet's header row), then
    its text. One rule for the index's terms and the refresh's vectors. Changing it changes
    what every vector embeds: bump index/store.FORMAT_VERSION, so no vector is kept for a
    text it never embedded (Store._keep_vectors)."""
    return f"{context}\n{text}" if context else text


@dataclass(frozen=True)
class Passage:
    """Consecutive lines of one region of one document.

    first/last index into the document's line list (inclusive). `context` is text that
    joins the passage for matching only (a sheet's header row); it is never quoted.
    """

    pid: str
    first: int
    last: int
    text: str
    context: str = ""

    @property
    def match_text(self) -> str:
        return passage_text(self.text, self.context)


@dataclass(frozen=True)
class QuotedLine:
    """A quoted line, verbatim. `ocr`: OCR's confidence in it (0-100) when it was read by OCR,
    else None; only then does its JSON carry `"ocr": true` and `"confidence"`."""

    text: str
    locator: str
    score: float
    ocr: float | None = None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "locator": self.locator, "score": round(self.score, 4)}
        if self.ocr is not None:
            out.update(ocr=True, confidence=round(self.ocr, 1))
        return out


@dataclass(frozen=True)
class Citation:
    doc_id: str
    path: str
    locator: str
    score: float
    coverage: float
    lines: tuple[QuotedLine, ...]
    # the document's date of effect ({value, start, end, evidence}: readers/dating.py), given
    # only when the answer sets two versions of one document side by side (engine/versions.py)
    date: dict[str, str] | None = None

    def to_dict(self) -> dict[str, Any]:
        d = {
            "doc_id": self.doc_id,
            "path": self.path,
            "locator": self.locator,
            "score": round(self.score, 4),
            "coverage": round(self.coverage, 4),
            "lines": [ln.to_dict() for ln in self.lines],
        }
        if self.date is not None:
            d["date"] = dict(self.date)
        return d


@dataclass(frozen=True)
class ArmScore:
    """One arm's view of one candidate: raw score, min-max normalised score, rank (1 = best)."""

    raw: float
    norm: float
    rank: int


@dataclass(frozen=True)
class Candidate:
    """A passage in the scored pool, with every number the order and the gate use."""

    rowid: int
    pid: str
    doc_id: str
    path: str
    locator: str
    arms: tuple[tuple[str, ArmScore], ...]
    fused: float
    coverage: float
    weighted_coverage: float
    phrase: bool
    numbers_found: int
    score: float
    matched: tuple[str, ...]
    unmatched: tuple[str, ...]
    fused_scale: float = 1.0  # the rerank adds fused * fused_scale (rrf: 1 / best possible)
    kind: bool | None = None  # holds the kind of answer the question asks for (None: none asked)
    # required names and numbers the passage lacks but its document's path gives ("fowd_..."
    # for the Fair Oaks Water District): they count for the names-and-numbers check only
    named: tuple[str, ...] = ()
    # its document's date of effect ({value, start, end, evidence}: readers/dating.py) or
    # None; shown with --explain
    date: dict[str, str] | None = None

    def to_dict(self, explain: bool = False) -> dict[str, Any]:
        d: dict[str, Any] = {
            "doc_id": self.doc_id,
            "path": self.path,
            "locator": self.locator,
            "score": round(self.score, 4),
            "coverage": round(self.coverage, 4),
        }
        if explain:
            d["passage_id"] = self.pid
            d["arms"] = {
                name: {"raw": round(a.raw, 4), "norm": round(a.norm, 4), "rank": a.rank}
                for name, a in self.arms
            }
            d["fused"] = round(self.fused, 4)
            if self.fused_scale != 1.0:  # rrf: the rerank reads fused x fused_scale
                d["fused_scale"] = round(self.fused_scale, 4)
            d["weighted_coverage"] = round(self.weighted_coverage, 4)
            d["phrase"] = self.phrase
            d["numbers_found"] = self.numbers_found
            if self.kind is not None:
                d["answer_kind"] = self.kind
            d["unmatched"] = list(self.unmatched)
            if self.named:
                d["named_by_document"] = list(self.named)
            if self.date is not None:
                d["document_date"] = dict(self.date)
        return d


@dataclass(frozen=True)
class Refusal:
    """Why nothing was quoted: the first floor that failed, by how much, and what was missing."""

    reason: str
    message: str
    floor: str | None = None
    value: float | None = None
    threshold: float | None = None
    unmatched: tuple[str, ...] = ()
    failed: tuple[tuple[str, float, float], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "reason": self.reason,
            "floor": self.floor,
            "value": None if self.value is None else round(self.value, 4),
            "threshold": self.threshold,
            "short_by": None
            if self.value is None or self.threshold is None
            else round(max(0.0, self.threshold - self.value), 4),
            "unmatched": list(self.unmatched),
            "failed": [
                {"floor": f, "value": round(v, 4), "threshold": t} for f, v, t in self.failed
            ],
            "message": self.message,
        }


@dataclass(frozen=True)
class GateDecision:
    """The winner's numbers against the floors (shown by --explain)."""

    score: float
    score_floor: float
    coverage: float
    coverage_floor: float
    runner_up_passed: bool
    vectors: bool = True  # the embedding arm ran, so score_floor (not score_floor_lexical) applied
    names_numbers: bool = True  # the winner holds every number and name the question gives
    answer_kind: bool = True  # the winner holds the kind of value asked for (or none is asked)
    in_scope: bool = True  # the winner's document names the class of customer asked about

    @property
    def passed(self) -> bool:
        """The gate's own verdict: the names-and-numbers rule, both floors, the answer kind,
        the scope."""
        return (self.names_numbers and self.answer_kind and self.in_scope
                and self.score >= self.score_floor
                and self.coverage >= self.coverage_floor)

    def to_dict(self) -> dict[str, Any]:
        return {"score": round(self.score, 4), "score_floor": self.score_floor,
                "coverage": round(self.coverage, 4), "coverage_floor": self.coverage_floor,
                "passed": self.passed, "runner_up_passed": self.runner_up_passed,
                "floor_used": "score_floor" if self.vectors else "score_floor_lexical"}


@dataclass(frozen=True)
class Coverage:
    """How much of the index the question could see: documents, passages, vectors."""

    documents: int
    passages: int
    vectors: int
    model: str | None

    @property
    def vector_share(self) -> float:
        return self.vectors / self.passages if self.passages else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "documents": self.documents,
            "passages": self.passages,
            "passages_with_vectors": self.vectors,
            "vector_share": round(self.vector_share, 4),
            "model": self.model,
        }


@dataclass(frozen=True)
class Answer:
    id: str | None
    question: str
    citations: tuple[Citation, ...]
    refusal: Refusal | None
    method: str
    coverage: Coverage
    candidates: tuple[Candidate, ...] | None = None
    explain: bool = False
    notes: tuple[str, ...] = field(default=())
    gate: "GateDecision | None" = None
    # two versions of one document that give different values (engine/versions.py):
    # {"note", "newer", "order"}; None otherwise
    versions: dict[str, str] | None = None

    @property
    def answered(self) -> bool:
        return bool(self.citations)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "id": self.id,
            "question": self.question,
            "answered": self.answered,
            "citations": [c.to_dict() for c in self.citations],
            "refusal": None if self.refusal is None else self.refusal.to_dict(),
            "method": self.method,
            "index": self.coverage.to_dict(),
        }
        if self.notes:
            d["notes"] = list(self.notes)
        if self.versions is not None:
            d["versions"] = dict(self.versions)
        if self.candidates is not None:
            d["candidates"] = [c.to_dict(explain=self.explain) for c in self.candidates]
        if self.explain and self.gate is not None:
            d["gate"] = self.gate.to_dict()
        return d


# -- search mode (ranked passages without the gate) ------------------------------------
@dataclass(frozen=True)
class Hit:
    """One passage of a ranked search: where it is, its fused value, the best line in it for
    the query (verbatim, with its own locator; None when no line shares anything with it) and
    each arm's raw score, normalised score and rank. `rerank` is the value the order used."""

    rank: int
    doc_id: str
    path: str
    locator: str
    score: float
    line: QuotedLine | None
    arms: tuple[tuple[str, ArmScore], ...]
    passage_id: str = ""
    rerank: float = 0.0
    coverage: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "doc_id": self.doc_id,
            "path": self.path,
            "locator": self.locator,
            "score": round(self.score, 6),
            "rerank": round(self.rerank, 4),
            "coverage": round(self.coverage, 4),
            "line": None if self.line is None else {
                k: v for k, v in self.line.to_dict().items() if k != "score"},
            "arms": {name: {"raw": round(a.raw, 4), "norm": round(a.norm, 4), "rank": a.rank}
                     for name, a in self.arms},
            "passage_id": self.passage_id,
        }


@dataclass(frozen=True)
class SearchResult:
    """The top passages for a query, best first, with what ran and what was thin or missing."""

    query: str
    k: int
    arms: tuple[str, ...]  # the arms that ran
    fusion: str
    hits: tuple[Hit, ...]
    method: str
    coverage: Coverage
    notes: tuple[str, ...] = ()
    explain: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"query": self.query, "k": self.k, "arms": list(self.arms), "fusion": self.fusion,
                "method": self.method, "hits": [h.to_dict() for h in self.hits],
                "notes": list(self.notes), "index": self.coverage.to_dict()}
