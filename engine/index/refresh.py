"""Refresh: bring the index up to date with the documents' folder.

Walks the folder (hidden entries skipped, links that leave it refused), re-reads only
files whose size or mtime changed and whose content hash differs, drops files that are
gone, records unreadable files with their reason and unsupported ones as skipped. Each
document is replaced in one transaction. Never writes inside the documents' folder.
"""
from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from .. import readers
from ..chunk import CHUNK_VERSION, chunk, title
from ..config import Config
from ..errors import DocsError, ReadError
from ..quote.locators import span
from ..terms import content_terms, matching_text
from .store import Store

Progress = Callable[[str, int, int], None]  # (stage, done, total)


@dataclass(frozen=True)
class RefreshReport:
    seen: int = 0
    read: int = 0
    unchanged: int = 0
    removed: int = 0
    skipped: int = 0
    failed: tuple[tuple[str, str], ...] = field(default=())
    read_paths: tuple[str, ...] = field(default=())


def walk(root: Path) -> Iterator[tuple[str, Path]]:
    """(relative path with forward slashes, absolute path) for every visible file, sorted."""
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            if name.startswith("."):
                continue
            p = Path(dirpath) / name
            rel = p.relative_to(root).as_posix()
            yield rel, p


def _hash_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _outside(root: Path, p: Path) -> bool:
    if not p.is_symlink():
        return False
    try:
        p.resolve(strict=True).relative_to(root.resolve())
        return False
    except (ValueError, OSError):
        return True


def refresh(store: Store, root: Path, cfg: Config, progress: Progress | None = None) -> RefreshReport:
    root = Path(root)
    if not root.is_dir():
        raise DocsError(f"documents folder not found: {root}", "check the --docs path")
    store.ensure_rules(f"readers {readers.READERS_VERSION} chunk {CHUNK_VERSION} "
                       f"words {cfg.chunk_words} rows {cfg.chunk_rows}")
    known = store.documents()
    files = list(walk(root))
    seen: set[str] = set()
    n_read = n_same = n_skip = 0
    failed: list[tuple[str, str]] = []
    read_paths: list[str] = []
    for done, (rel, path) in enumerate(files, 1):
        if progress:
            progress("reading", done, len(files))
        seen.add(rel)
        old = known.get(rel)
        try:
            st = path.stat()
        except OSError as e:
            _record_failure(store, rel, old, 0, 0, None, ReadError(f"cannot stat: {e.strerror}", "check permissions"))
            failed.append((rel, f"cannot stat: {e.strerror}"))
            continue
        if not readers.supported(path):
            n_skip += 1
            if old is None or old.status != "skipped" or old.size != st.st_size:
                with store.transaction():
                    if old is not None:
                        store.remove_document(old.id)
                    store.put_document(rel, hash=None, size=st.st_size, mtime_ns=st.st_mtime_ns,
                                       kind=path.suffix.lower() or "(none)", status="skipped",
                                       error="unsupported file type")
            continue
        if old is not None and old.size == st.st_size and old.mtime_ns == st.st_mtime_ns \
                and old.status in ("ok", "failed"):
            n_same += 1
            if old.status == "failed":
                failed.append((rel, old.error or "unreadable"))
            continue
        if _outside(root, path):
            err = ReadError("link points outside the documents folder (not followed)",
                            "copy the file into the folder if it should be searched")
            _record_failure(store, rel, old, st.st_size, st.st_mtime_ns, None, err)
            failed.append((rel, err.message))
            continue
        try:
            digest = _hash_file(path)
        except OSError as e:
            err = ReadError(f"cannot read: {e.strerror}", "check the file's permissions")
            _record_failure(store, rel, old, st.st_size, st.st_mtime_ns, None, err)
            failed.append((rel, err.message))
            continue
        if old is not None and old.hash == digest and old.status == "ok":
            with store.transaction():
                store.touch_document(old.id, st.st_size, st.st_mtime_ns)
            n_same += 1
            continue
        try:
            result = readers.read(path)
        except ReadError as err:
            _record_failure(store, rel, old, st.st_size, st.st_mtime_ns, digest, err)
            failed.append((rel, err.message))
            continue
        passages = chunk(result.lines, digest, cfg, title(rel))
        lines = result.lines
        rows = [
            (p.pid, p.first, p.last, span([lines[p.first].locator, lines[p.last].locator]),
             " ".join(content_terms(matching_text(p.match_text))), p.text, p.context)
            for p in passages
        ]
        with store.transaction():
            if old is not None:
                store.remove_document(old.id)
            doc = store.put_document(rel, hash=digest, size=st.st_size, mtime_ns=st.st_mtime_ns,
                                     kind=result.kind, status="ok",
                                     notes="; ".join(result.notes) or None)
            store.put_content(doc, [(ln.locator, ln.text) for ln in result.lines], rows)
        n_read += 1
        read_paths.append(rel)
    gone = [row for path, row in known.items() if path not in seen]
    for row in gone:
        with store.transaction():
            store.remove_document(row.id)
    return RefreshReport(seen=len(files), read=n_read, unchanged=n_same, removed=len(gone),
                         skipped=n_skip, failed=tuple(failed), read_paths=tuple(read_paths))


def _record_failure(store: Store, rel: str, old, size: int, mtime_ns: int, digest: str | None,
                    err: ReadError) -> None:
    with store.transaction():
        if old is not None:
            store.remove_document(old.id)
        store.put_document(rel, hash=digest, size=size, mtime_ns=mtime_ns, kind=Path(rel).suffix.lower(),
                           status="failed", error=err.message, hint=err.hint or None)
