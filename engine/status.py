"""Status: what the index holds, what was skipped or failed and why, as a dict and as text.

In: an open Engine (its refresh already done). Out: documents by type (with their lines and
passages), the share of passages with vectors and the model(s) that made them, every skipped
and failed file with the reason (and for failures the fix), the index path, its size on disk
and when it last changed. A folder that could not be listed, or a link to a folder, is an entry
whose path ends in "/". `entries` gives one record per file for --format jsonl.
"""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from .index import vecfile
from .index.refresh import UNSUPPORTED
from .pipeline import Engine
from .readers import ocrcache
from .style import PLAIN, Style
from .units import size

# the files SQLite keeps for one index in WAL mode (the -shm file is a cache, rebuilt at will)
_PARTS = ("", "-wal")


def _last_write(index: Path) -> float | None:
    """When the index or its write-ahead log was last written (a refresh that changed nothing
    writes nothing, so this is the last refresh that changed the index)."""
    last = None
    for suffix in _PARTS:
        try:
            st = Path(f"{index}{suffix}").stat()
        except OSError:
            continue
        if st.st_size or not suffix:  # an empty log was only truncated, nothing was written
            last = st.st_mtime if last is None else max(last, st.st_mtime)
    return last


def _vector_file(index: Path) -> dict[str, Any] | None:
    """The copy of the vector matrix beside the index (index/vecfile.py), when there is one."""
    path = vecfile.path_for(index)
    try:
        return {"path": str(path), "bytes": path.stat().st_size}
    except OSError:
        return None


def _ocr_cache(index: Path) -> dict[str, Any] | None:
    """OCR's page cache beside the index (readers/ocrcache.py), when OCR has made one."""
    path = ocrcache.path_for(index)
    try:
        size_ = path.stat().st_size
    except OSError:
        return None
    try:  # pages committed but not yet checkpointed into the file itself
        size_ += Path(f"{path}-wal").stat().st_size
    except OSError:
        pass
    return {"path": str(path), "bytes": size_}


def _utc(t: float | None) -> str | None:
    return None if t is None else datetime.fromtimestamp(int(t), timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def status(eng: Engine) -> dict[str, Any]:
    rows = list(eng.store.documents().values())  # by path
    ok = [r for r in rows if r.status == "ok"]
    kinds = sorted({r.kind or "?" for r in ok})
    by_kind = {k: {"documents": sum(1 for r in ok if (r.kind or "?") == k),
                   "lines": sum(r.n_lines for r in ok if (r.kind or "?") == k),
                   "passages": sum(r.n_passages for r in ok if (r.kind or "?") == k)} for k in kinds}
    cov = eng.coverage()
    # every model that made stored vectors (a run with another model or none keeps them)
    made_by = [{"model": m, "passages": n} for m, n in eng.store.vectors_by_model()]
    by_id = {r.id: r for r in ok}
    ocr = sorted((by_id[d].path, n) for d, n in eng.store.ocr_pages().items() if d in by_id)
    excluded = eng.store.excluded()
    return {
        "docs": str(eng.docs),
        "index": str(eng.index_path),
        "index_bytes": eng.store.size_bytes(),
        "vector_file": _vector_file(eng.index_path),
        "ocr_cache": _ocr_cache(eng.index_path),
        # vectors kept from before a rebuild for passages made again with the same text (docs/index.md)
        "kept_vectors": eng.store.kept_count(),
        "last_change": _utc(_last_write(eng.index_path)),
        "documents": {k: v["documents"] for k, v in by_kind.items()},
        "types": by_kind,
        "lines": sum(r.n_lines for r in ok),
        "passages": cov.passages,
        "passages_with_vectors": cov.vectors,
        "vector_share": round(cov.vector_share, 4),
        "model": cov.model,
        "model_note": eng.model_note,
        "vectors": made_by,
        "skipped": [{"path": r.path, "reason": r.error} for r in rows if r.status == "skipped"],
        "failed": [{"path": r.path, "reason": r.error, "fix": r.hint} for r in rows if r.status == "failed"],
        "notes": [{"path": r.path, "notes": r.notes} for r in rows if r.notes],
        # pages (a PDF's scanned pages, an image's frames) whose lines OCR read, per file
        "ocr_pages": sum(n for _, n in ocr),
        "ocr": [{"path": p, "pages": n} for p, n in ocr],
        # files the last refresh left out, per rule (.askignore line, or an exclude pattern)
        "excluded_files": sum(n for _, n in excluded),
        "excluded": [{"rule": rule, "files": n} for rule, n in excluded],
    }


def entries(eng: Engine) -> list[dict[str, Any]]:
    """One record per file the index knows, by path: what --status --format jsonl prints."""
    from .versions import series_of

    out = []
    rows = eng.store.documents().values()
    series = series_of([r.path for r in rows if r.status == "ok"])
    for r in rows:
        dated = r.dated
        out.append({"path": r.path, "doc_id": r.doc_id or None, "kind": r.kind, "status": r.status,
                    "lines": r.n_lines, "passages": r.n_passages, "bytes": r.size,
                    "reason": r.error, "fix": r.hint, "notes": r.notes,
                    "context": r.context.split("\n") if r.context else [],
                    "date": dated.to_dict() if dated else None, "series": series.get(r.path)})
    return out


def status_text(s: dict[str, Any], style: Style = PLAIN) -> str:
    when = f", last changed {s['last_change'].replace('T', ' ').replace('Z', ' UTC')}" if s.get("last_change") else ""
    out = [f"index: {s['index']} ({size(s['index_bytes'])}{when})", f"documents folder: {s['docs']}"]
    if s.get("vector_file"):
        out.insert(1, f"vector file: {s['vector_file']['path']} ({size(s['vector_file']['bytes'])}, "
                      "a copy of the vectors that loads fast; made again when missing or stale)")
    if s.get("ocr_cache"):
        out.insert(1 + bool(s.get("vector_file")),
                   f"OCR page cache: {s['ocr_cache']['path']} ({size(s['ocr_cache']['bytes'])}, "
                   "pages OCR read, kept by content so they are never read again)")
    if s.get("kept_vectors"):
        out.insert(1 + bool(s.get("vector_file")) + bool(s.get("ocr_cache")),
                   f"kept vectors: {s['kept_vectors']} from before the last rebuild, for passages read again "
                   "with the same text (dropped once every passage has its own vector)")
    docs = ", ".join(f"{n} {k}" for k, n in s["documents"].items()) or "none"
    out.append(f"documents: {sum(s['documents'].values())} ({docs})")
    if s.get("types"):
        out.append(style.dim(f"  {'type':<8} {'documents':>9} {'lines':>9} {'passages':>9}"))
        for k, t in s["types"].items():
            out.append(f"  {k:<8} {t['documents']:>9} {t['lines']:>9} {t['passages']:>9}")
    share = s["passages_with_vectors"] / s["passages"] if s["passages"] else 0.0
    model = s["model"] or f"none ({s['model_note']})"
    out.append(f"lines: {s['lines']}, passages: {s['passages']}, with vectors: "
               f"{s['passages_with_vectors']} ({share:.0%}), model: {model}")
    if s.get("ocr_pages"):
        files = len(s["ocr"])
        out.append(f"OCR'd pages: {s['ocr_pages']} (in {files} file{'s' * (files != 1)})")
        for r in s["ocr"]:
            out.append(f"  {r['path']}: {r['pages']} page{'s' * (r['pages'] != 1)}")
    others = [v for v in s.get("vectors", []) if v["model"] != s["model"]]
    for v in others:
        out.append(f"  also stored: {v['passages']} vectors from {v['model']} (not used by this run)")
    if s.get("excluded"):
        n = s["excluded_files"]
        out.append(f"excluded: {n} file{'s' * (n != 1)}")
        for r in s["excluded"]:
            out.append(f"  {r['rule']}: {r['files']} file{'s' * (r['files'] != 1)}")
    unsupported = [r for r in s["skipped"] if r["reason"] == UNSUPPORTED]
    other = [r for r in s["skipped"] if r["reason"] != UNSUPPORTED]
    out.append(f"skipped (unsupported type): {len(unsupported)}")
    for r in unsupported:
        out.append(f"  {r['path']}")
    if other:
        out.append(f"skipped (not read): {len(other)}")
        for r in other:
            out.append(f"  {r['path']}: {r['reason']}")
    out.append((style.bad if s["failed"] else str)(f"failed: {len(s['failed'])}"))
    for r in s["failed"]:
        out.append(f"  {r['path']}: {r['reason']}" + (f" (fix: {r['fix']})" if r["fix"] else ""))
    return "\n".join(out)


def status_md(s: dict[str, Any]) -> str:
    """Status as Markdown: a table of types, then skipped and failed files as lists."""
    from .style import md_code, md_escape

    out = ["## Index", "", f"- index: {md_code(s['index'])} ({size(s['index_bytes'])})",
           f"- documents folder: {md_code(s['docs'])}"]
    if s.get("last_change"):
        out.append(f"- last changed: {s['last_change']}")
    share = s["passages_with_vectors"] / s["passages"] if s["passages"] else 0.0
    out.append(f"- passages with vectors: {s['passages_with_vectors']} of {s['passages']} ({share:.0%}), "
               f"model: {md_code(s['model']) if s['model'] else 'none (' + md_escape(s['model_note'] or '') + ')'}")
    out += ["", "| type | documents | lines | passages |", "| --- | ---: | ---: | ---: |"]
    for k, t in s.get("types", {}).items():
        out.append(f"| {k} | {t['documents']} | {t['lines']} | {t['passages']} |")
    out.append(f"| **all** | {sum(s['documents'].values())} | {s['lines']} | {s['passages']} |")
    if s.get("excluded"):
        out += ["", f"### Excluded ({s['excluded_files']} files)", ""]
        out += [f"- {md_code(r['rule'])}: {r['files']}" for r in s["excluded"]]
    for title, rows in (("Skipped", s["skipped"]), ("Failed", s["failed"])):
        out += ["", f"### {title} ({len(rows)})"]
        if rows:
            out.append("")
        for r in rows:
            fix = f" — fix: {md_escape(r['fix'])}" if r.get("fix") else ""
            out.append(f"- {md_code(r['path'])}: {md_escape(r['reason'] or '')}{fix}")
    return "\n".join(out)
