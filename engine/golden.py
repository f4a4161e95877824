"""Golden cases: a .jsonl of questions with known answers in, pass / fail per case out.

A case is {"id", "question", "expect": [{"path": GLOB, "contains": TEXT}, ...] | "refuse"}
with an optional "path" limiting the question. An answer case passes when the engine
answers and a quoted line of a citation whose path matches an entry contains that entry's
text (whitespace folded). A refusal case passes only when the engine refuses.
"""
from __future__ import annotations

import fnmatch
import json
from dataclasses import dataclass
from pathlib import Path

from .errors import BatchError
from .types import Answer


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


def _fold(text: str) -> str:
    return " ".join(text.split())


def load(path: str | Path) -> list[Case]:
    p = Path(path)
    files = sorted(p.glob("*.jsonl")) if p.is_dir() else [p]
    cases: list[Case] = []
    for f in files:
        try:
            lines = f.read_text(encoding="utf-8").splitlines()
        except FileNotFoundError:
            raise BatchError(f"golden file not found: {f}", "check the --golden path") from None
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
                exp = obj["expect"]
                expect = None if exp == "refuse" else tuple(
                    Expect(path=e.get("path", "*"), contains=e["contains"]) for e in exp)
                cases.append(Case(id=str(obj["id"]), question=obj["question"], expect=expect,
                                  path=obj.get("path")))
            except (json.JSONDecodeError, KeyError, TypeError, AttributeError) as e:
                raise BatchError(f"{f}:{n}: not a golden case ({type(e).__name__}: {e})",
                                 'each line: {"id", "question", "expect": [{"path", "contains"}] or "refuse"}') from None
    return cases


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
