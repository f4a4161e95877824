"""Status: what the index holds, what was skipped or failed and why, as a dict and as text.

Every failure is listed with its path, the reason in plain words and the fix; a folder that
could not be listed, or a link to a folder, is an entry whose path ends in "/".
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from .index.refresh import UNSUPPORTED
from .pipeline import Engine


def status(eng: Engine) -> dict[str, Any]:
    rows = list(eng.store.documents().values())
    by_kind = Counter(r.kind for r in rows if r.status == "ok")
    cov = eng.coverage()
    return {
        "docs": str(eng.docs),
        "index": str(eng.index_path),
        "index_bytes": eng.index_path.stat().st_size if eng.index_path.exists() else 0,
        "documents": {k: by_kind[k] for k in sorted(by_kind)},
        "passages": cov.passages,
        "passages_with_vectors": cov.vectors,
        "model": cov.model,
        "model_note": eng.model_note,
        "skipped": [{"path": r.path, "reason": r.error} for r in rows if r.status == "skipped"],
        "failed": [{"path": r.path, "reason": r.error, "fix": r.hint} for r in rows if r.status == "failed"],
        "notes": [{"path": r.path, "notes": r.notes} for r in rows if r.notes],
    }


def status_text(s: dict[str, Any]) -> str:
    out = [f"index: {s['index']} ({s['index_bytes'] / 1e6:.1f} MB)", f"documents folder: {s['docs']}"]
    docs = ", ".join(f"{n} {k}" for k, n in s["documents"].items()) or "none"
    out.append(f"documents: {sum(s['documents'].values())} ({docs})")
    share = s["passages_with_vectors"] / s["passages"] if s["passages"] else 0.0
    model = s["model"] or f"none ({s['model_note']})"
    out.append(f"passages: {s['passages']}, with vectors: {s['passages_with_vectors']} ({share:.0%}), model: {model}")
    unsupported = [r for r in s["skipped"] if r["reason"] == UNSUPPORTED]
    other = [r for r in s["skipped"] if r["reason"] != UNSUPPORTED]
    out.append(f"skipped (unsupported type): {len(unsupported)}")
    for r in unsupported:
        out.append(f"  {r['path']}")
    if other:
        out.append(f"skipped (not read): {len(other)}")
        for r in other:
            out.append(f"  {r['path']}: {r['reason']}")
    out.append(f"failed: {len(s['failed'])}")
    for r in s["failed"]:
        out.append(f"  {r['path']}: {r['reason']}" + (f" (fix: {r['fix']})" if r["fix"] else ""))
    return "\n".join(out)
