"""Golden runs: a .jsonl of questions with known answers (or a folder of them) in, an outcome
per case and a summary out; a run can be recorded as a snapshot and replayed byte for byte.

A case is {"id", "question", "expect": [{"path": GLOB, "contains": TEXT}, ...] | "refuse"}
with an optional "path" limiting the question. An answer case passes when the engine
answers and a quoted line of a citation whose path matches an entry contains that entry's
text (whitespace folded). A refusal case passes only when the engine refuses.
A snapshot (`--record`) is a golden file whose first line is {"ask_snapshot": 1, "digest":
{...}} and whose case lines also hold the recorded answer and its cited lines.
"""
from __future__ import annotations

import fnmatch
import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from .errors import BatchError, UsageError
from .types import Answer

SNAPSHOT_VERSION = 1
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
class CitedLine:
    """A line a recorded answer quoted, with the content hash of its document then."""

    path: str
    doc_hash: str
    locator: str
    text: str


@dataclass(frozen=True)
class Digest:
    """What an answer depends on: the documents' content hashes, the configuration, the model."""

    documents: str
    config: str
    model: str
    combined: str
    files: tuple[tuple[str, str], ...] = ()  # (path, content hash), by path

    def to_dict(self) -> dict[str, str]:
        return {"documents": self.documents, "config": self.config, "model": self.model,
                "combined": self.combined}


@dataclass(frozen=True)
class Golden:
    cases: tuple[Case, ...]
    digest: Digest | None = None  # set for a snapshot, which also has, one per case:
    answers: tuple[str, ...] = ()  # the recorded to_dict() as canonical JSON: the bytes compared
    cited: tuple[tuple[CitedLine, ...], ...] = ()  # the lines each recorded answer quoted


def _fold(text: str) -> str:
    return " ".join(text.split())


def canonical(d: dict) -> str:
    return json.dumps(d, sort_keys=True, ensure_ascii=False)


def _case(obj: Any) -> Case:
    if not isinstance(obj, dict) or not isinstance(obj.get("question"), str) or not obj["question"].strip():
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
class LineChange:
    case_id: str
    path: str
    locator: str
    change: str  # "edited" or "deleted"
    was: str
    now: str | None


@dataclass(frozen=True)
class SnapshotCheck:
    """A snapshot's recording against the index now: digest parts and cited lines that changed."""

    recorded: Digest
    current: Digest
    changed: tuple[str, ...]  # digest components that differ: documents, config, model
    edited: tuple[str, ...]  # document paths whose content hash changed
    added: tuple[str, ...]
    removed: tuple[str, ...]
    lines: tuple[LineChange, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"digest": {"recorded": self.recorded.to_dict(), "current": self.current.to_dict(),
                           "changed": list(self.changed)},
                "documents": {"edited": list(self.edited), "added": list(self.added),
                              "removed": list(self.removed)},
                "changed_lines": [c.__dict__ for c in self.lines]}


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


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def digest(eng) -> Digest:
    """The digest of what `eng` answers from now (documents indexed ok, config, model)."""
    files = tuple(sorted((p, r.hash or "") for p, r in eng.store.documents().items() if r.status == "ok"))
    docs = _sha("".join(f"{p}\t{h}\n" for p, h in files))
    config = _sha(eng.config.to_toml())
    model = eng.embedder.identity if eng.embedder is not None else "none"
    combined = _sha(canonical({"documents": docs, "config": config, "model": model}))
    return Digest(documents=docs, config=config, model=model, combined=combined, files=files)


def check_snapshot(eng, golden: Golden) -> SnapshotCheck:
    """Compare a snapshot's digest with the index now and find cited lines edited or deleted."""
    if golden.digest is None:
        raise UsageError("not a snapshot file", "record one with --golden FILE --record SNAPSHOT")
    now, then = digest(eng), golden.digest
    changed = tuple(k for k in ("documents", "config", "model") if getattr(now, k) != getattr(then, k))
    old, new = dict(then.files), dict(now.files)
    docs = {r.path: r for r in eng.store.documents().values() if r.status == "ok"}
    cache: dict[str, dict[str, str]] = {}
    out: list[LineChange] = []
    for case, lines in zip(golden.cases, golden.cited):
        for c in lines:
            row = docs.get(c.path)
            if row is not None and row.hash == c.doc_hash:
                continue
            if row is not None and c.path not in cache:
                cache[c.path] = {loc: text for _, loc, text in eng.store.lines(row.id, 0, row.n_lines)}
            text = cache[c.path].get(c.locator) if row is not None else None
            if text != c.text:
                out.append(LineChange(case.id, c.path, c.locator,
                                      "deleted" if text is None else "edited", c.text, text))
    return SnapshotCheck(recorded=then, current=now, changed=changed,
                         edited=tuple(sorted(p for p in old.keys() & new.keys() if old[p] != new[p])),
                         added=tuple(sorted(new.keys() - old.keys())),
                         removed=tuple(sorted(old.keys() - new.keys())), lines=tuple(out))


def _differs(recorded: str, fresh: str) -> tuple[str, ...]:
    if recorded == fresh:
        return ()
    a, b = json.loads(recorded), json.loads(fresh)
    return tuple(sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))) or ("bytes",)


def run(eng, golden: Golden, *, path: str | None = None, check: SnapshotCheck | None = None,
        progress: Callable[[str, int, int], None] | None = None) -> Report:
    """Answer every case (its own "path", else `path`) and judge it; compare with a recording."""
    results = []
    for n, case in enumerate(golden.cases):
        a = eng.ask(case.question, id=case.id, path=case.path or path)
        rec = golden.answers[n] if golden.answers else None
        diff = _differs(rec, canonical(a.to_dict())) if rec is not None else ()
        results.append(CaseResult(case, a, outcome(case, a), rec, diff))
        if progress:
            progress("golden", n + 1, len(golden.cases))
    return Report(tuple(results), Summary.of(tuple(results)), check)


def record(target: str | Path, eng, report: Report, *, path: str | None = None) -> None:
    """Write a snapshot: header with the digest, then each case with its exact answer and the
    cited lines (document hash, locator, text). Written to a temporary file, then renamed."""
    d = digest(eng)
    hashes = dict(d.files)
    # key order as written (id first) for people; comparisons re-sort the keys
    out = [json.dumps({"ask_snapshot": SNAPSHOT_VERSION, "digest": d.to_dict(), "files": d.files})]
    for r in report.results:
        cited = [{"path": c.path, "doc_hash": hashes.get(c.path, ""), "locator": ln.locator, "text": ln.text}
                 for c in r.answer.citations for ln in c.lines]
        case = Case(r.case.id, r.case.question, r.case.expect, r.case.path or path)
        out.append(json.dumps({**case.to_dict(), "answer": r.answer.to_dict(), "cited": cited},
                              ensure_ascii=False))
    write_atomic(Path(target), "\n".join(out) + "\n", "give --record a writable path")


def write_atomic(target: Path, text: str, hint: str) -> None:
    """Write to a temporary file beside `target`, then rename it over `target`."""
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, target)
    except OSError as e:
        if tmp and os.path.exists(tmp):
            os.unlink(tmp)
        raise UsageError(f"cannot write {target}: {e}", hint) from None
