"""One Engine behind a read-write lock, for the servers: checked request fields in, Answer /
search result / shown lines / status out. Questions are answered side by side on one snapshot
(the read side); only the switch to a new snapshot takes the write side.

Before a request, at most once every `recheck` seconds (and no sooner than ten times the
last walk took, so walking a huge folder stays under a tenth of the time; recheck 0: before
every request), the folder is walked and each visible file's size, mtime, inode and ctime
compared with the last walk; only when that signature changed is the index refreshed (a
refresh also reloads the vectors, so it is not done blindly). refresh() forces it.

An engine opened with embed="background" answers at once; passages without vectors are then
embedded on a thread of their own (background.py), and once none is missing the engine takes
a new snapshot between two requests and answers with vectors from then on. A refresh that
reads new documents wakes that thread again.
"""
from __future__ import annotations

import hashlib
import os
import threading
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable

from .. import errors
from ..errors import AskError, UsageError
from ..index.exclude import Exclusions
from ..index.refresh import walk
from .rwlock import RWLock
from .background import Background

RECHECK = 2.0      # default seconds between two looks at the folder
WALK_SHARE = 10.0   # a look at the folder taking t seconds waits 10 t before the next one
MAX_COUNT = 1000   # the ceiling on k and candidates a server accepts


def folder_signature(root: Path, exclude: tuple[str, ...] = ()) -> str:
    """A digest of what refresh would look at: every file it would read (the same walk, with
    the same exclusions) with its size, mtime, inode and ctime, the folder-level problems,
    and the .askignore files. Equal digests: nothing to do."""
    h = hashlib.sha256()
    problems: list = []
    exclusions = Exclusions(root, exclude)
    for rel, path in walk(root, problems, exclusions):
        try:
            st = os.stat(path)
            h.update(f"{rel}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ino}\0{st.st_ctime_ns}\n"
                     .encode("utf-8", "surrogatepass"))
        except OSError as e:
            h.update(f"{rel}\0error {e.errno}\n".encode("utf-8", "surrogatepass"))
    for p in sorted(problems, key=lambda p: p.path):  # by path: the walk's order is not theirs
        h.update(f"{p.path}\0{p.status}\n".encode("utf-8", "surrogatepass"))
    for rel, st in exclusions.signature():  # an edited .askignore changes what is indexed
        h.update(f"{rel}\0{st}\n".encode("utf-8", "surrogatepass"))
    return h.hexdigest()


# -- request fields ----------------------------------------------------------------------
def _string(name: str, v: Any) -> str:
    if not isinstance(v, str):
        raise UsageError(f'"{name}" must be a string', f'for example "{name}": "..."')
    return v


def _flag(name: str, v: Any) -> bool:
    if not isinstance(v, bool):
        raise UsageError(f'"{name}" must be true or false', f'for example "{name}": true')
    return v


def _count(name: str, v: Any) -> int:
    if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= MAX_COUNT:
        raise UsageError(f'"{name}" must be a whole number from 1 to {MAX_COUNT}',
                         f'for example "{name}": 10')
    return v


def _ident(name: str, v: Any) -> str:
    if isinstance(v, bool) or not isinstance(v, (str, int)):
        raise UsageError(f'"{name}" must be a string or a whole number', f'for example "{name}": "q7"')
    return str(v)


MAX_FILE = 512 << 20  # bytes: GET /file reads the file whole
ASK_FIELDS = {"question": _string, "path": _string, "id": _ident, "explain": _flag,
              "candidates": _count}
SEARCH_FIELDS = {"question": _string, "k": _count, "arms": _string, "fusion": _string,
                 "path": _string, "hyde": _string, "explain": _flag}
SHOW_FIELDS = {"id": _string, "locator": _string}


def fields(obj: Any, allowed: dict[str, Callable[[str, Any], Any]], required: tuple[str, ...],
           what: str) -> dict[str, Any]:
    """Check a request object: a JSON object, no unknown field (a typo must not be ignored
    silently), the required ones present; null counts as absent. Returns the given fields."""
    if not isinstance(obj, dict):
        raise UsageError(f"the {what} request must be a JSON object, not {type(obj).__name__}",
                         f'for example {{"{required[0]}": "..."}}')
    names = ", ".join(allowed)
    unknown = sorted(k for k in obj if k not in allowed)
    if unknown:
        raise UsageError(f"unknown field{'s' * (len(unknown) > 1)} in the {what} request: "
                         f"{', '.join(map(repr, unknown))}", f"the fields are: {names}")
    out = {k: check(k, obj[k]) for k, check in allowed.items() if obj.get(k) is not None}
    for k in required:
        if k not in out:
            raise UsageError(f'the {what} request needs "{k}"',
                             f"the fields are: {names} ({', '.join(required)} required)")
    return out


# -- the service -------------------------------------------------------------------------
class Service:
    """The served engine: loaded once (now, or on a thread with start()). Questions (ask,
    search, show, file, status) share it (the read side of an RWLock); a refresh runs aside
    and only its switch to the new snapshot takes the write side."""

    def __init__(self, docs: str | Path, make_engine: Callable[[], Any], *,
                 recheck: float = RECHECK, log: Callable[[str], None] = lambda text: None,
                 exclude: tuple[str, ...] = (), watch: bool = False):
        self.docs = Path(docs)
        self.exclude = tuple(exclude)  # the engine's exclude patterns, for the look at the folder
        self.watching = watch  # --watch: a thread refreshes on the folder's changes once loaded
        self.make_engine = make_engine
        self.recheck = recheck
        self.log = log
        self.lock = RWLock()
        self._looking = threading.Lock()  # one look at the folder (and refresh) at a time
        self.ready = threading.Event()
        self.engine = None
        self.failure: BaseException | None = None
        self.closed = False
        self._signature: str | None = None
        self._checked = 0.0
        self._every = recheck  # seconds between two looks at the folder
        self.stopping = threading.Event()  # close(): the background embedding ends too
        self.embedding: Background | None = None

    # loading
    def load(self) -> None:
        """Build the engine here (refreshing the index); raises what the Engine raises."""
        try:
            began = time.monotonic()
            signature = folder_signature(self.docs, self.exclude)  # before the refresh: changes during it show
            walked = time.monotonic() - began
            self.engine = self.make_engine()
            self._signature, self._checked = signature, time.monotonic()
            self._every = self.recheck and max(self.recheck, WALK_SHARE * walked)
            eng = self.engine
            if eng.embed_mode == "background" and eng.embedder is not None:
                self.embedding = Background(eng.index_path, eng.embedder.identity,
                                            eng.index.embedder_for, switch=self._switch,
                                            failed=self._failed, log=self.log, stop=self.stopping)
                self._wake(eng)
            if self.watching:
                self._watch(eng)
        except BaseException as e:
            self.failure = e
            raise
        finally:
            self.ready.set()

    def _watch(self, eng) -> None:
        """--watch: a thread of its own turns the folder's changes into refreshes (aside, as
        any refresh here) and says each change on the log, until close()."""
        from ..index.watch import Watch

        def refresh():
            now, done = self._fresh(force=True)
            return now.report if done else None

        def say(change) -> None:
            what, path, detail = change
            self.log(f"{what} {path}" + (f": {detail}" if detail else ""))

        watch = Watch(self.docs, refresh, exclude=self.exclude, say=say, note=self.log,
                      stop=self.stopping, ignore=[eng.index_path],
                      ready=lambda: self.log(f"watching {self.docs} for changes"))

        def run() -> None:
            try:
                watch.run()
            except BaseException as e:  # said once; the server goes on, rechecking as without --watch
                self.log(f"stopped watching {self.docs}: {type(e).__name__}: {e}")
        threading.Thread(target=run, name="ask-watch", daemon=True).start()

    def start(self) -> None:
        """Build the engine on a daemon thread; requests wait for it."""
        def run():
            try:
                self.load()
            except AskError as e:
                self.log(f"cannot serve: {e}")
            except BaseException as e:  # reported to every request, and here once
                self.log(f"cannot serve: {type(e).__name__}: {e}")
        threading.Thread(target=run, name="ask-load", daemon=True).start()

    def _engine(self):
        self.ready.wait()
        if self.failure is not None:
            if isinstance(self.failure, AskError):
                raise self.failure
            raise AskError(f"the engine did not load: {type(self.failure).__name__}: {self.failure}",
                           "see the server's stderr; fix the cause and start it again")
        if self.closed:
            raise AskError("the server is shutting down", "start it again")
        return self.engine

    def _fresh(self, force: bool = False):
        """The engine, its index refreshed first if the folder changed (looked at no more
        often than every `recheck` seconds unless forced). Returns (engine, refreshed?).

        The refresh runs aside (_aside: its own connection, the index's write lock), with no
        lock of this service held, so questions go on being answered from the snapshot they
        have; only the switch to the new snapshot takes the write lock, for as long as a
        snapshot takes. One look at a time: a request that finds another looking waits for
        it, then sees what it found."""
        eng = self._engine()
        if not force and time.monotonic() - self._checked < self._every:
            return eng, False
        with self._looking:
            if not force and time.monotonic() - self._checked < self._every:
                return eng, False  # another request looked while this one waited
            if not self.docs.is_dir():
                raise errors.docs_missing(self.docs, "check that the folder served with --docs still exists")
            began = time.monotonic()
            signature = folder_signature(self.docs, self.exclude)
            self._checked = time.monotonic()
            # a big folder takes long to walk: walking stays under a tenth of the time (0: always)
            self._every = self.recheck and max(self.recheck, WALK_SHARE * (self._checked - began))
            if signature == self._signature and not force:
                return eng, False
            before = eng.report
            report, notes, embedded = self._aside(eng)
            done = report is not None and report is not before
            with self.lock.write():
                if done:
                    eng.index.report, eng.index.embedded = report, embedded
                eng.reload()
                if report is None or not done:
                    eng.index.notes = notes  # another process held the index: said so
            self._signature = signature if done else None  # the lock was busy: look again next time
            if done and (report.read or report.removed):
                self.log(f"refreshed the index: {report.read} read, {report.removed} removed")
            self._wake(eng)
            return eng, done

    def _aside(self, eng):
        """Refresh the index on a connection of its own, as the engine would (its model, its
        embedding mode); returns (report or None, notes, passages embedded)."""
        from ..index.session import OpenIndex

        side = OpenIndex(eng.docs, eng.index_path, eng.config, embed=eng.embed_mode,
                         progress=None, wait=eng.index.wait, notify=None)
        try:
            side.open(False)
            side.attach(eng.index.embedder, eng.index._bulk)
            report = side.refresh()
            return report, side.notes, side.embedded
        finally:
            side.close()

    # the background embedding
    def _wake(self, eng) -> None:
        """Passages of the engine's snapshot lack vectors: the background embeds them."""
        cov = eng.coverage()
        if self.embedding is not None and eng.embed_mode == "background" and cov.vectors < cov.passages:
            self.embedding.wake()

    def _switch(self) -> bool:
        """Called by the background thread once no passage lacks a vector: between two
        requests, the engine takes a new snapshot, so the next answer uses the vectors.
        False when that snapshot has passages without vectors again (another process added
        documents meanwhile): the thread goes on."""
        with self.lock.write():
            if self.closed or self.stopping.is_set() or self.engine is None:
                return True
            eng = self.engine
            was = eng.index.complete
            eng.reload()
            cov = eng.coverage()
            if eng.index.complete and not was:
                self.log(f"all {cov.passages} passages have vectors; answers now use them")
            return cov.vectors >= cov.passages

    def _failed(self) -> None:
        """Called by the background thread when it failed (said on stderr and in status): the
        answers stay on the words, and their notes now say how to finish by hand."""
        with self.lock.write():
            if self.closed or self.engine is None:
                return
            self.engine.index.embed_mode = "bounded"  # a refresh no longer wakes the thread
            self.engine.reload()

    def embedding_state(self) -> dict[str, Any]:
        """The background embedding, for the status request: "complete" (answers use the
        vectors), "running", "failed" (with the error), "stopped" (the server is closing, or
        this engine does not embed in the background), or "off" (no model); and the counts."""
        eng = self._engine()
        cov = eng.coverage()
        done = {"passages_with_vectors": cov.vectors, "passages": cov.passages}
        if eng.embedder is None:
            return {"state": "off", **done}
        if cov.vectors >= cov.passages:  # an empty folder has nothing to embed either
            return {"state": "complete", **done}
        if self.embedding is None:
            return {"state": "stopped", **done}
        return self.embedding.state()

    def close(self) -> None:
        """Stop the background embedding (its finished groups stay committed), wait (a
        bounded time) for the request in progress, then close the engine."""
        self.stopping.set()
        if self.embedding is not None:  # before taking the lock: its switch() takes it
            self.embedding.stop()
        got = self.lock.acquire_write(timeout=30)
        try:
            self.closed = True
            if self.engine is not None:
                self.engine.close()
        finally:
            if got:
                self.lock.release_write()

    # requests
    @contextmanager
    def _reading(self):
        """The engine for one question, shared with the others being answered (the read
        side: only a switch to a new snapshot waits for them); first, when the folder is due
        a look (every `recheck` seconds), that look and any refresh, aside (_fresh)."""
        self._fresh()
        with self.lock.read():
            yield self._engine()

    def ask(self, obj: Any):
        f = fields(obj, ASK_FIELDS, ("question",), "ask")
        with self._reading() as eng:
            return eng.ask(f["question"], id=f.get("id"), path=f.get("path"),
                           candidates=f.get("candidates"), explain=f.get("explain", False))

    def search(self, obj: Any):
        f = fields(obj, SEARCH_FIELDS, ("question",), "search")
        with self._reading() as eng:
            return eng.search(f.pop("question"), **f)

    def show(self, obj: Any):
        from ..show import show

        f = fields(obj, SHOW_FIELDS, ("id",), "show")
        ref = f["id"] + (f":{f['locator']}" if f.get("locator") else "")
        with self._reading() as eng:
            return show(eng, ref)

    def file(self, doc_id: str) -> tuple[str, bytes]:
        """(path, bytes) of the indexed document whose id is `doc_id`, whole (12 hex digits, as
        answers print it). Only a document the index read is served, from inside the folder:
        any other name, a path, `..`, or a link that now leads out of the folder is not found."""
        import re

        gone = errors.NotFound(f"no indexed document has the id {doc_id!r}",
                               "use a doc_id from an answer, a search hit or --status")
        if not re.fullmatch(r"[0-9a-f]{12}", doc_id):
            raise gone
        with self._reading() as eng:
            paths = sorted(r.path for r in eng.store.documents().values()
                           if r.status == "ok" and r.doc_id == doc_id)
            policy = eng.exclusions()
        if not paths:
            raise gone
        kept = [p for p in paths if policy.why(p) is None]  # excluded since the last refresh
        if not kept:
            raise errors.NotFound(f"{paths[0]} is excluded from the index by {policy.why(paths[0]).label}",
                                  "remove that rule to serve it")
        paths = kept
        root = os.path.realpath(self.docs)
        full = os.path.realpath(os.path.join(root, paths[0]))
        if os.path.commonpath([root, full]) != root or not os.path.isfile(full):
            raise gone
        if os.path.getsize(full) > MAX_FILE:
            raise UsageError(f"{paths[0]} is larger than {MAX_FILE >> 20} MiB, too large to serve",
                             "open it from the documents folder")
        with open(full, "rb") as f:
            return paths[0], f.read()

    def status(self) -> dict[str, Any]:
        from ..status import status

        with self._reading() as eng:
            return {**status(eng), "embedding": self.embedding_state()}

    def refresh(self) -> dict[str, Any]:
        """Look at the folder now and refresh the index if anything changed."""
        eng, done = self._fresh(force=True)
        with self.lock.read():
            r = eng.report
            out: dict[str, Any] = {"refreshed": done}  # False: another process held the index
            if done:
                out.update(seen=r.seen, read=r.read, unchanged=r.unchanged, removed=r.removed,
                           skipped=r.skipped, failed=len(r.failed))
            out["index"] = eng.coverage().to_dict()
            if eng.notes:
                out["notes"] = list(eng.notes)
            return out
