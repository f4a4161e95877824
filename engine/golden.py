"""Golden runs: a .jsonl of questions with known answers (or a folder of them) in, an outcome
per case and a summary out; a snapshot file is read here too and replayed byte for byte.

A case is {"id", "question", "expect": [{"path": GLOB, "contains": TEXT}, ...] | "refuse"}
with an optional "path" limiting the question. An answer case passes when the engine
answers and a quoted line of a citation whose path matches an entry contains that entry's
text (whitespace folded). A refusal case passes only when the engine refuses.
A snapshot (`--record`) is a golden file whose first line is {"ask_snapshot": 1, "digest":
{...}} and whose case lines also hold the recorded answer and its cited lines; recording it
and checking it against the index now are in `engine/snapshot.py`.
"""
from __future__ import annotations

import fnmatch
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .errors import BatchError
from .question import clean
from .snapshot import SNAPSHOT_VERSION, CitedLine, Digest, SnapshotCheck, canonical, differs
from .types import Answer

OUTCOMES = ("correct", "wrong", "missed", "refused", "false_answer")
_CASE_HINT = 'each line: {"id", "question", "expect": [{"path", "contains"}] or "refuse"}, optional "path"'


@dataclass(frozen=True)
class Expect:
    path: str
    contains: str


@dataclass(frozen=True)
class Case:
    id: str
    question: str
    expect: tuple[Expect, ...] | None  # None: must refuse
    path: str | None = None

    @property
    def must_refuse(self) -> bool:
        return self.expect is None

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "question": self.question, "expect": "refuse"
                             if self.expect is None else [e.__dict__ for e in self.expect]}
        return {**d, "path": self.path} if self.path else d


@dataclass(frozen=True)
class Golden:
    cases: tuple[Case, ...]
    digest: Digest | None = None  # set for a snapshot, which also has, one per case:
    answers: tuple[str, ...] = ()  # the recorded to_dict() as canonical JSON: the bytes compared
    cited: tuple[tuple[CitedLine, ...], ...] = ()  # the lines each recorded answer quoted


def _fold(text: str) -> str:
    return " ".join(text.split())


def _case(obj: Any) -> Case:
    if not isinstance(obj, dict) or not isinstance(obj.get("question"), str) or not clean(obj["question"]):
        raise ValueError('needs a non-empty "question" string')
    if "id" not in obj or obj["id"] is None:
        raise ValueError('needs an "id"')
    exp = obj.get("expect")
    if exp == "refuse":
        expect = None
    elif isinstance(exp, list) and exp and all(
            isinstance(e, dict) and isinstance(e.get("contains"), str) and e["contains"].strip()
            and isinstance(e.get("path", "*"), str) for e in exp):
        expect = tuple(Expect(path=e.get("path", "*"), contains=e["contains"]) for e in exp)
    else:
        raise ValueError('"expect" must be "refuse" or a non-empty list of {"path", "contains": TEXT}')
    if obj.get("path") is not None and not isinstance(obj["path"], str):
        raise ValueError('"path" must be a string')
    return Case(id=str(obj["id"]), question=obj["question"], expect=expect, path=obj.get("path"))


def read(path: str | Path) -> Golden:
    """Read and check a golden file, a folder of them, or a snapshot; every bad line is listed."""
    p = Path(path)
    files = sorted(p.glob("*.jsonl")) if p.is_dir() else [p]  # sorted: a stable case order
    if not files:
        raise BatchError(f"no .jsonl files in {p}", "put golden files (*.jsonl) in the folder")
    cases: list[Case] = []
    answers: list[str] = []
    cited: list[tuple[CitedLine, ...]] = []
    digest, problems, seen = None, [], set()
    for f in files:
        try:
            lines = f.read_text(encoding="utf-8-sig").splitlines()
        except FileNotFoundError:
            raise BatchError(f"golden file not found: {f}", "check the --golden path") from None
        except UnicodeDecodeError:
            raise BatchError(f"golden file {f} is not UTF-8 text", "save it as UTF-8") from None
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
                if isinstance(obj, dict) and "ask_snapshot" in obj:
                    if n != 1 or len(files) > 1 or obj["ask_snapshot"] != SNAPSHOT_VERSION:
                        raise ValueError("a snapshot header must be the first line of a snapshot "
                                         f"(version {SNAPSHOT_VERSION}) given on its own")
                    digest = Digest(**obj["digest"], files=tuple(map(tuple, obj.get("files", []))))
                    continue
                case = _case(obj)
                if digest is not None:
                    cited.append(tuple(CitedLine(**c) for c in obj["cited"]))
                    answers.append(canonical(obj["answer"]))
            except KeyError as e:
                problems.append(f"{f.name}:{n}: missing {e}")
                continue
            except (ValueError, TypeError) as e:
                problems.append(f"{f.name}:{n}: {e}")
                continue
            if case.id in seen:
                problems.append(f"{f.name}:{n}: duplicate id {case.id!r}")
            seen.add(case.id)
            cases.append(case)
    if problems:
        shown = "\n  ".join(problems[:20]) + ("\n  ..." if len(problems) > 20 else "")
        raise BatchError(f"{p} has {len(problems)} bad line(s):\n  {shown}", _CASE_HINT)
    if not cases:
        raise BatchError(f"{p} holds no golden cases", _CASE_HINT)
    return Golden(tuple(cases), digest, tuple(answers), tuple(cited))


def load(path: str | Path) -> list[Case]:
    return list(read(path).cases)


def passes(case: Case, answer: Answer) -> bool:
    if case.must_refuse:
        return not answer.answered
    if not answer.answered:
        return False
    for exp in case.expect or ():
        want = _fold(exp.contains)
        for c in answer.citations:
            if fnmatch.fnmatchcase(c.path, exp.path) and any(want in _fold(ln.text) for ln in c.lines):
                return True
    return False


def outcome(case: Case, answer: Answer) -> str:
    """correct / wrong (answered, expected text not quoted) / missed (refused) for answer cases;
    refused / false_answer for must-refuse cases."""
    if case.must_refuse:
        return "false_answer" if answer.answered else "refused"
    if not answer.answered:
        return "missed"
    return "correct" if passes(case, answer) else "wrong"


@dataclass(frozen=True)
class CaseResult:
    case: Case
    answer: Answer
    outcome: str
    recorded: str | None = None  # the snapshot's answer JSON, when replaying one
    differs: tuple[str, ...] = ()  # top-level answer fields that differ from the recording

    @property
    def passed(self) -> bool:
        return self.outcome in ("correct", "refused")

    def to_dict(self) -> dict[str, Any]:
        d = {**self.case.to_dict(), "outcome": self.outcome, "passed": self.passed,
             "answer": self.answer.to_dict()}
        if self.recorded is not None:
            d["differs"] = list(self.differs)
            if self.differs:
                d["recorded"] = json.loads(self.recorded)
        return d


@dataclass(frozen=True)
class Summary:
    cases: int
    passed: int
    correct: int
    wrong: int
    missed: int
    refused: int
    false_answers: int

    @classmethod
    def of(cls, results: tuple[CaseResult, ...]) -> "Summary":
        n = {o: sum(1 for r in results if r.outcome == o) for o in OUTCOMES}
        return cls(len(results), n["correct"] + n["refused"], n["correct"], n["wrong"],
                   n["missed"], n["refused"], n["false_answer"])

    @property
    def failed(self) -> int:
        return self.cases - self.passed

    def to_dict(self) -> dict[str, int]:
        return {**self.__dict__, "failed": self.failed}


@dataclass(frozen=True)
class Report:
    results: tuple[CaseResult, ...]
    summary: Summary
    snapshot: SnapshotCheck | None = None

    @property
    def different(self) -> int:
        return sum(1 for r in self.results if r.differs)

    @property
    def ok(self) -> bool:
        """All cases pass; for a snapshot replay, every answer is byte-identical instead."""
        return self.different == 0 if self.snapshot is not None else self.summary.failed == 0

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"ok": self.ok, "summary": self.summary.to_dict(),
                             "cases": [r.to_dict() for r in self.results]}
        if self.snapshot is not None:
            d["snapshot"] = {**self.snapshot.to_dict(), "different": self.different,
                             "identical": len(self.results) - self.different}
        return d


def run(eng, golden: Golden, *, path: str | None = None, check: SnapshotCheck | None = None,
        progress: Callable[[str, int, int], None] | None = None) -> Report:
    """Answer every case (its own "path", else `path`) and judge it; compare with a recording."""
    results = []
    for n, case in enumerate(golden.cases):
        a = eng.ask(case.question, id=case.id, path=case.path or path)
        rec = golden.answers[n] if golden.answers else None
        diff = differs(rec, canonical(a.to_dict())) if rec is not None else ()
        results.append(CaseResult(case, a, outcome(case, a), rec, diff))
        if progress:
            progress("golden", n + 1, len(golden.cases))
    return Report(tuple(results), Summary.of(tuple(results)), check)
