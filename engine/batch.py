"""Batch files: `.txt` (one question a line) or `.jsonl` ({"id", "question"[, "path"][, "hyde"]}) in,
a list of BatchItem out. The whole file is checked before any question is answered, and
every malformed line is reported with its line number.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from .errors import BatchError
from .question import clean


@dataclass(frozen=True)
class BatchItem:
    id: str
    question: str
    path: str | None = None
    hyde: str | None = None  # a written hypothetical passage for the vector arm (docs/search.md)


def load(path: str | Path) -> list[BatchItem]:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise BatchError(f"batch file not found: {p}", "check the --batch path") from None
    except UnicodeDecodeError:
        raise BatchError(f"batch file {p} is not UTF-8 text", "save it as UTF-8") from None
    items: list[BatchItem] = []
    problems: list[str] = []
    is_jsonl = p.suffix.lower() in (".jsonl", ".ndjson", ".json")
    for n, line in enumerate(text.splitlines(), 1):
        if not clean(line) or (not is_jsonl and line.lstrip().startswith("#")):
            continue
        if not is_jsonl:
            items.append(BatchItem(id=str(n), question=line.strip()))
            continue
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as e:
            problems.append(f"line {n}: not valid JSON ({e.msg})")
            continue
        if not isinstance(obj, dict) or not isinstance(obj.get("question"), str) or not clean(obj["question"]):
            problems.append(f'line {n}: needs a non-empty "question" string')
            continue
        qpath = obj.get("path")
        if qpath is not None and not isinstance(qpath, str):
            problems.append(f'line {n}: "path" must be a string')
            continue
        hyde = obj.get("hyde")
        if hyde is not None and (not isinstance(hyde, str) or not clean(hyde)):
            problems.append(f'line {n}: "hyde" must be a non-empty string')
            continue
        qid = obj.get("id", n)
        items.append(BatchItem(id=str(qid), question=obj["question"], path=qpath, hyde=hyde))
    if problems:
        shown = "\n  ".join(problems[:20]) + ("\n  ..." if len(problems) > 20 else "")
        raise BatchError(f"batch file {p} has {len(problems)} malformed line(s):\n  {shown}",
                         'each line must be {"id": ..., "question": "..."} with an optional "path" and "hyde"')
    return items
