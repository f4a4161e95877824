"""Refresh: bring the index up to date with the documents' folder.

Walks the folder (hidden entries skipped), re-reads only files whose size or mtime changed
and whose content hash differs, drops files that are gone, records unreadable files and
folders with a reason and a fix and unsupported ones as skipped. Each file is read in a
separate process under a time and memory limit (worker.py), so no file can hang or kill the
run. Each document is replaced in one transaction. Never writes inside the documents' folder.

Links: a link to a file inside the folder is read under the link's own path; a link to a
folder is never followed (inside: its files are indexed under their real paths; listed as
skipped); a link that leads outside, loops or points at nothing is listed as failed. A folder
that cannot be listed is one failed entry whose path ends in "/".
"""
from __future__ import annotations

import errno
import hashlib
import os
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterator

from .. import readers
from ..chunk import CHUNK_VERSION, chunk, title
from ..config import Config, jobs
from .. import errors
from ..errors import DocsError, ReadError
from ..locators import span
from ..terms import content_terms, matching_text
from ..readers import dating, layout, ocr, ocrcache, ocrpool
from .exclude import IGNORE_FILE, Exclusions, Rule
from .store import DocRow, Store
from .worker import (START_FAILED, ReadWorker, is_limit_error, memory_error,
                     timeout_errors)

Progress = Callable[[str, int, int], None]  # (stage, done, total)

OCR_STAGE = "OCR pages"  # the progress stage for one scan's pages (progress.TRANSIENT)
FOLDER = "folder"  # the kind recorded for a folder's entry ("sub/")
# Failures that say nothing about the file's content are stored with this size, so the next
# run looks again even if the file's size and mtime did not change (chmod changes neither).
RECHECK = -1

UNSUPPORTED = "unsupported file type"  # the skip reason for a suffix no reader claims
LOOP = ReadError("link loop (the link leads back to itself)", "remove the link or point it at a real file")
VANISHED = ReadError("file disappeared while indexing",
                     "nothing to do if it was removed on purpose; otherwise run ask again")
CHANGED = ReadError("file changed while being read",
                    "run ask again when nothing is writing to the file")


@dataclass(frozen=True)
class RefreshReport:
    seen: int = 0
    read: int = 0
    unchanged: int = 0
    removed: int = 0
    skipped: int = 0
    failed: tuple[tuple[str, str], ...] = field(default=())
    read_paths: tuple[str, ...] = field(default=())
    excluded: tuple[tuple[str, int], ...] = field(default=())  # (rule's label, files), by source and line
    # what this refresh changed, file by file (--watch prints it): (what, path, detail), with
    # what "added", "changed", "removed" or "failed" (detail: the reason), in the walk's order
    changes: tuple[tuple[str, str, str], ...] = field(default=())


@dataclass(frozen=True)
class Problem:
    """A folder-level entry found while walking: a folder that cannot be listed, a link to a folder."""

    path: str      # relative, ending in "/"
    status: str    # "failed" or "skipped"
    error: ReadError


def walk(root: Path, problems: list[Problem] | None = None, exclusions: Exclusions | None = None
         ) -> Iterator[tuple[str, str]]:
    """(relative path with forward slashes, absolute path) for every visible file, sorted by
    folder. Folders that cannot be listed and links to folders are appended to `problems`."""
    for rel, path, _link in entries(root, problems, exclusions):
        yield rel, path


def entries(root: Path, problems: list[Problem] | None = None, exclusions: Exclusions | None = None,
            excluded: dict[Rule, int] | None = None) -> Iterator[tuple[str, str, bool]]:
    """walk() with whether each file is a link: a folder's files by name, then each of its
    folders by name (as os.walk top-down). One os.scandir per folder and plain strings, no
    Path per file: a folder of 75,000 files is listed in 0.16 s here, against 1.3 s with
    os.walk and a Path each (issue 15, part 3).

    With `exclusions` (exclude.py), excluded files are not given and excluded folders not
    entered; `excluded` then counts the files each rule kept out (an excluded folder's files
    are counted, not read)."""
    root = Path(root)
    root_real = os.path.realpath(root)

    def out(rule: Rule, n: int) -> None:
        if excluded is not None:
            excluded[rule] = excluded.get(rule, 0) + n

    def unlisted(e: OSError) -> None:
        gone = isinstance(e, (FileNotFoundError, NotADirectoryError))  # changed since it was listed
        if problems is not None and e.filename and not gone:
            problems.append(Problem(_rel(root, Path(e.filename)) + "/", "failed", _folder_error(e)))

    def listed(folder: str, prefix: str, specs: tuple) -> Iterator[tuple[str, str, bool]]:
        try:
            with os.scandir(folder) as it:
                found = sorted(it, key=lambda e: e.name)
        except OSError as e:
            if not e.filename:
                e.filename = folder
            unlisted(e)
            return
        if exclusions is not None and any(e.name == IGNORE_FILE for e in found):
            specs = exclusions.within(specs, prefix)
        check = exclusions is not None and (bool(specs) or not exclusions.none)
        folders = []
        for e in found:
            if e.name.startswith("."):
                continue
            try:
                is_dir = e.is_dir()
            except OSError:
                is_dir = False
            rel = prefix + _shown(e.name)
            rule = exclusions.match(specs, rel + "/" * is_dir) if check else None
            if rule is not None:
                # an excluded folder's files are counted by the same walk, never read
                out(rule, sum(1 for _ in entries(Path(e.path))) if is_dir and not e.is_symlink()
                    else int(not is_dir))
            elif not is_dir:
                yield rel, e.path, e.is_symlink()
            elif e.is_symlink():
                if problems is not None:
                    problems.append(_folder_link(root, root_real, Path(e.path)))
            else:
                folders.append((e, rel))
        for e, rel in folders:
            yield from listed(e.path, rel + "/", specs)

    yield from listed(str(root), "", ())


def refresh(store: Store, root: Path, cfg: Config, progress: Progress | None = None, *,
            read_timeout: float | None = None, read_memory: int | None = None,
            select: Callable[[str], bool] | None = None) -> RefreshReport:
    """Bring the index up to date. `read_timeout` (seconds) and `read_memory` (bytes) bound
    the reading of each file; by default they come from the config, else worker.READ_*.
    `select`: only the files (and folder-level problems) whose relative path it accepts
    belong to this index, as for a shard (shards.py); the others are dropped from it."""
    root = Path(root)
    _check_folder(root)
    store.ensure_rules(f"readers {readers.READERS_VERSION} chunk {CHUNK_VERSION} "
                       f"words {cfg.chunk_words} rows {cfg.chunk_rows} structure {cfg.structure}")
    # the configured limits unless the caller gives its own (0: no limit)
    if read_timeout is None:
        read_timeout = cfg.read_timeout
    if read_memory is None:
        read_memory = int(cfg.read_memory_mb) << 20
    walk = _walk(root, cfg, select)
    on_page = (lambda done, total: progress(OCR_STAGE, done, total)) if progress else None
    with ReadWorker(read_timeout, read_memory, ocr_cache=ocrcache.path_for(store.path),
                    on_page=on_page, ocr_jobs=jobs(cfg.ocr_jobs)) as worker:
        run = _Run(store, root, cfg, worker)
        run.problems(walk)
        run.files(walk.files, progress)
    gone = run.drop_unseen()
    counts = tuple((rule.label, walk.excluded[rule])
                   for rule in sorted(walk.excluded, key=lambda r: (r.source, r.line)))
    store.set_excluded(counts)
    return RefreshReport(seen=len(walk.files), read=len(run.read_paths), unchanged=run.n_same,
                         removed=gone, skipped=run.n_skip, failed=tuple(run.failed),
                         read_paths=tuple(run.read_paths), excluded=counts, changes=tuple(run.changes))


def _check_folder(root: Path) -> None:
    """The documents folder exists and can be listed, or a DocsError says how to fix it."""
    if not root.is_dir():
        raise errors.docs_missing(root)
    try:
        with os.scandir(root):
            pass
    except OSError as e:
        raise DocsError(f"cannot list the documents folder {root}: {_plain(e)}",
                        "make it readable by the user running ask") from None


@dataclass
class _Walk:
    """What one look at the folder found: the files (relative path, path, is a link), the
    folder-level problems, the exclusions in force and how many entries each rule left out."""

    files: list[tuple[str, str, bool]]
    problems: list[Problem]
    exclusions: Exclusions
    excluded: dict[Rule, int]


def _walk(root: Path, cfg: Config, select: Callable[[str], bool] | None) -> _Walk:
    problems: list[Problem] = []
    exclusions = Exclusions(root, cfg.exclude)
    excluded: dict[Rule, int] = {}
    files = list(entries(root, problems, exclusions, excluded))
    if select is not None:
        files = [f for f in files if select(f[0])]
        problems = [p for p in problems if select(p.path)]
        exclusions.problems = [p for p in exclusions.problems if select(p[0])]
    return _Walk(files, problems, exclusions, excluded)


def _needs_ocr(row: DocRow) -> bool:
    """A file read when OCR was not installed that OCR would read further: its error or notes
    say "needs OCR" (a scan, a page without text, an image). Recorded with the file, so
    installing the extra re-reads these files and no other."""
    said = (row.error or "") if row.status == "failed" else (row.notes or "")
    return "needs OCR" in said


@dataclass(frozen=True)
class _Job:
    """A file that needs reading: its path and what it was when hashed."""

    rel: str
    path: Path
    digest: str
    st: os.stat_result


class _Run:
    """One refresh's state: what the index knew, what was seen, read, skipped and failed."""

    def __init__(self, store: Store, root: Path, cfg: Config, worker: ReadWorker):
        self.store, self.cfg, self.worker = store, cfg, worker
        self.root_real = os.path.realpath(root)
        self.known: dict[str, DocRow] = store.documents()
        self.seen: set[str] = set()
        self.n_same = self.n_skip = 0
        self.failed: list[tuple[str, str]] = []
        self.read_paths: list[str] = []
        self.changes: list[tuple[str, str, str]] = []
        # the failure messages today's limits would give: a stored limit failure with a
        # different message was made under other limits and deserves a new try
        self.ocr = ocr.available()  # a file read without OCR is read again once it is
        self.limit_messages = {*(timeout_errors(worker.timeout) if worker.timeout else ()),
                               memory_error(worker.memory).message if worker.memory else None}

    def problems(self, walk: _Walk) -> None:
        """Record the folder-level problems and the .askignore lines that are no pattern."""
        for p in sorted(walk.problems, key=lambda p: p.path):  # by path: the same order every run
            self.seen.add(p.path)
            if p.status == "failed":
                self.fail(p.path, p.error, kind=FOLDER)
            else:
                self.skip(p.path, p.error.message, size=0, mtime_ns=0, kind=FOLDER)
        for rel, what in sorted(walk.exclusions.problems):  # a .askignore with a line that is no pattern
            self.seen.add(rel)
            self.fail(rel, ReadError(f"{IGNORE_FILE} {what}", "fix the line; the file's other lines apply"),
                      kind=IGNORE_FILE)

    def files(self, files: list[tuple[str, str, bool]], progress: Progress | None) -> None:
        """Look at every file, reading those that changed: two at a time, so that while this
        process stores one, the reading process reads the next (already hashed, so a change
        while it is read is still caught)."""
        before: _Job | None = None
        for done, (rel, path, link) in enumerate(files, 1):
            if progress:
                progress("reading", done, len(files))
            self.seen.add(rel)
            job = self.file(rel, path, link)
            if job is None:
                continue
            if before is not None:
                outcome = self.collect(before)
                self.worker.prefetch(job.path)
                self.keep(before, outcome)
            before = job
        if before is not None:
            self.keep(before, self.collect(before))

    def drop_unseen(self) -> int:
        """Remove the documents the folder no longer holds; returns how many."""
        gone = [row for path, row in self.known.items() if path not in self.seen]
        for row in gone:
            with self.store.transaction():
                self.store.remove_document(row.id)
            if row.status != "skipped" and row.kind not in (FOLDER, IGNORE_FILE):
                self.changes.append(("removed", row.path, ""))
        return len(gone)

    def file(self, rel: str, path: str, link: bool) -> "_Job | None":
        """Everything short of reading: a file that needs reading comes back as a job (hashed),
        anything else is recorded here (unchanged, skipped, failed) and gives None. `link`:
        the entry is a symbolic link (only then is it resolved)."""
        err = _link_problem(self.root_real, path) if link else None
        if err is not None:
            return self.fail(rel, err)
        try:
            st = os.stat(path)
        except OSError as e:
            return self.fail(rel, _file_error(e))
        if not stat.S_ISREG(st.st_mode):
            return self.skip(rel, f"not a regular file ({_special(st)})", st.st_size, st.st_mtime_ns)
        if not readers.supported(path):
            return self.skip(rel, UNSUPPORTED, st.st_size, st.st_mtime_ns)
        old = self.known.get(rel)
        if old is not None and self.ocr and _needs_ocr(old):
            old = None  # read without OCR, which is installed now: read again, in full
        if old is not None and old.size == st.st_size and old.mtime_ns == st.st_mtime_ns and (
                old.status == "ok" or (old.status == "failed" and not self._new_limits(old))):
            self.n_same += 1
            if old.status == "failed":
                self.failed.append((rel, old.error or "unreadable"))
            return None
        try:
            digest, st = _hash_file(path)
        except OSError as e:
            return self.fail(rel, _file_error(e))
        if old is not None and old.hash == digest and old.status == "ok":
            with self.store.transaction():
                self.store.touch_document(old.id, st.st_size, st.st_mtime_ns)
            self.n_same += 1
            return None
        return _Job(rel, Path(path), digest, st)

    def collect(self, job: "_Job"):
        """Read in the worker; if the file changed meanwhile, once more. Returns
        (result, error, digest, stat) or None when the failure is already recorded."""
        rel, path, digest, st = job.rel, job.path, job.digest, job.st
        for _attempt in (1, 2):
            try:
                result, err = self.worker.read(path), None
            except ReadError as e:
                result, err = None, e
            try:
                now = os.stat(path)
                if _signature(now) == _signature(st):
                    break
                again, st = _hash_file(path)
            except OSError as e:
                self.fail(rel, _file_error(e))
                return None
            if again == digest:  # touched, not changed
                break
            digest = again
        else:
            self.fail(rel, CHANGED)
            return None
        return result, err, digest, st

    def keep(self, job: "_Job", outcome) -> None:
        """Store what was read (or record why not), one transaction per document."""
        if outcome is None:
            return None
        result, err, digest, st = outcome
        rel = job.rel
        if err is not None:
            if err.message.startswith(START_FAILED):
                return self.fail(rel, err)  # says nothing about the file: look again next run
            return self.fail(rel, err, size=st.st_size, mtime_ns=st.st_mtime_ns, digest=digest)
        passages = chunk(result.lines, digest, self.cfg, title(rel))
        lines = result.lines
        rows = [
            (p.pid, p.first, p.last, span([lines[p.first].locator, lines[p.last].locator]),
             " ".join(content_terms(matching_text(p.match_text))), p.text, p.context)
            for p in passages
        ]
        old = self.known.get(rel)
        with self.store.transaction():
            if old is not None:
                self.store.remove_document(old.id)
            doc = self.store.put_document(rel, hash=digest, size=st.st_size, mtime_ns=st.st_mtime_ns,
                                          kind=result.kind, status="ok",
                                          notes="; ".join(result.notes) or None)
            self.store.put_content(doc, [(ln.locator, ln.text, ln.ocr, ln.furniture) for ln in lines],
                                   rows, layout.context(lines), dating.date_of(lines, rel))
        self.read_paths.append(rel)
        self.changes.append(("added" if old is None else "changed", rel, ""))
        return None

    def fail(self, rel: str, err: ReadError, *, size: int = RECHECK, mtime_ns: int = 0,
             digest: str | None = None, kind: str | None = None) -> None:
        """Record a failure (unless the index already says exactly this)."""
        self.failed.append((rel, err.message))
        kind = kind or Path(rel).suffix.lower()
        old = self.known.get(rel)
        if old is not None and (old.status, old.error, old.hint, old.size, old.mtime_ns, old.hash, old.kind) \
                == ("failed", err.message, err.hint or None, size, mtime_ns, digest, kind):
            return
        with self.store.transaction():
            if old is not None:
                self.store.remove_document(old.id)
            self.store.put_document(rel, hash=digest, size=size, mtime_ns=mtime_ns, kind=kind,
                                    status="failed", error=err.message, hint=err.hint or None)
        self.changes.append(("failed", rel, err.message))

    def skip(self, rel: str, reason: str, size: int, mtime_ns: int, kind: str | None = None) -> None:
        self.n_skip += 1
        kind = kind or Path(rel).suffix.lower() or "(none)"
        old = self.known.get(rel)
        if old is not None and (old.status, old.error, old.size, old.kind) == ("skipped", reason, size, kind):
            return
        with self.store.transaction():
            if old is not None:
                self.store.remove_document(old.id)
            self.store.put_document(rel, hash=None, size=size, mtime_ns=mtime_ns, kind=kind,
                                    status="skipped", error=reason)

    def _new_limits(self, old: DocRow) -> bool:
        return is_limit_error(old.error) and old.error not in self.limit_messages


def _rel(root: Path, p: Path) -> str:
    """Path relative to the root with forward slashes; bytes that are not UTF-8 shown as \\xNN
    (the index stores text, and the same name always gives the same entry)."""
    return _shown(Path(os.path.relpath(p, root)).as_posix())


def _shown(name: str) -> str:
    try:
        name.encode("utf-8")
        return name
    except UnicodeEncodeError:
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def _signature(st: os.stat_result) -> tuple[int, int, int, int]:
    """What changes whenever a file's content does (ctime cannot be set back by anyone)."""
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


def _hash_file(path: Path) -> tuple[str, os.stat_result]:
    """sha256 of the content and the file's stat taken when it was opened. O_NONBLOCK: a
    named pipe put in the file's place cannot block the open."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    with open(fd, "rb", closefd=True) as f:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(errno.EINVAL, "not a regular file", str(path))
        h = hashlib.sha256()
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest(), st


def _link_problem(root_real: str, path: str) -> ReadError | None:
    """Why a link to a file is not read, or None (not a link, or a link inside the folder)."""
    if not os.path.islink(path):
        return None
    try:
        target = os.path.realpath(path, strict=True)
    except (OSError, RuntimeError) as e:
        if isinstance(e, RuntimeError) or e.errno == errno.ELOOP:
            return LOOP
        return ReadError("broken link (what it points to does not exist)",
                         "remove the link or restore what it points to")
    if not _inside(target, root_real):
        return ReadError("link points outside the documents folder (not followed)",
                         "copy the file into the folder if it should be searched")
    return None


def _folder_link(root: Path, root_real: str, p: Path) -> Problem:
    rel = _rel(root, p) + "/"
    target = os.path.realpath(p)
    if _inside(target, root_real):
        return Problem(rel, "skipped", ReadError(
            "link to a folder inside the documents folder (not followed; its files are "
            "indexed under their own paths)"))
    return Problem(rel, "failed", ReadError(
        "link points outside the documents folder (not followed)",
        "copy the folder into the documents folder if it should be searched"))


def _inside(target: str, root_real: str) -> bool:
    try:
        return os.path.commonpath([target, root_real]) == root_real
    except ValueError:  # different drives
        return False


def _file_error(e: OSError) -> ReadError:
    if isinstance(e, FileNotFoundError):
        return VANISHED
    if isinstance(e, PermissionError):
        return ReadError("permission denied", "make the file readable by the user running ask: chmod a+r")
    if e.errno == errno.ELOOP:
        return LOOP
    return ReadError(f"cannot read: {_plain(e)}", "check the file's permissions and the disk")


def _folder_error(e: OSError) -> ReadError:
    if isinstance(e, PermissionError):
        return ReadError("permission denied, so its files were not indexed",
                         "make the folder readable by the user running ask: chmod a+rx")
    return ReadError(f"cannot list the folder: {_plain(e)}", "check the folder's permissions and the disk")


def _plain(e: OSError) -> str:
    return e.strerror.lower() if e.strerror else str(e)


def _special(st: os.stat_result) -> str:
    if stat.S_ISFIFO(st.st_mode):
        return "a named pipe"
    if stat.S_ISSOCK(st.st_mode):
        return "a socket"
    if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode):
        return "a device"
    return "a special file"
