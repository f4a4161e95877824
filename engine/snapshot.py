"""Snapshots: a golden run's report and the engine it ran on in, a JSON Lines recording out
(`record`); a read snapshot and the engine now in, what changed since the recording out
(`check_snapshot`: digest parts, documents edited / added / removed, cited lines edited or
deleted). `differs` names the answer fields that changed between two canonical JSON answers.

The recording's first line is {"ask_snapshot": 1, "digest": {...}, "files": [[path, hash]]};
each further line is a case with its exact `answer` and the lines it quoted (`cited`).
`golden.read` reads it back and `golden.run` replays it. This module does not import
`golden`: the golden file and report are passed in, so the dependency goes one way.
"""
from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import UsageError

SNAPSHOT_VERSION = 1


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


def canonical(d: dict) -> str:
    return json.dumps(d, sort_keys=True, ensure_ascii=False)


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


def check_snapshot(eng, golden) -> SnapshotCheck:
    """Compare a snapshot's digest with the index now and find cited lines edited or deleted.
    `golden` is a `golden.Golden` read from a snapshot (its digest, cases and cited lines)."""
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


def differs(recorded: str, fresh: str) -> tuple[str, ...]:
    """The top-level answer fields that differ between two canonical answers; () if identical."""
    if recorded == fresh:
        return ()
    a, b = json.loads(recorded), json.loads(fresh)
    return tuple(sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))) or ("bytes",)


def record(target: str | Path, eng, report, *, path: str | None = None) -> None:
    """Write a snapshot of `report` (a `golden.Report`): header with the digest, then each case
    with its exact answer and the cited lines (document hash, locator, text). Written to a
    temporary file, then renamed."""
    d = digest(eng)
    hashes = dict(d.files)
    # key order as written (id first) for people; comparisons re-sort the keys
    out = [json.dumps({"ask_snapshot": SNAPSHOT_VERSION, "digest": d.to_dict(), "files": d.files})]
    for r in report.results:
        cited = [{"path": c.path, "doc_hash": hashes.get(c.path, ""), "locator": ln.locator, "text": ln.text}
                 for c in r.answer.citations for ln in c.lines]
        case = dataclasses.replace(r.case, path=r.case.path or path)
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
