"""A server's background embedding: every passage still without a vector, on a thread of its
own, while the engine answers from the words; then the service switches the engine to vectors.

In: the index path, the model's sessions (`embedder_for(n)`, the many-core one for many
passages), a `switch()` to call once nothing is missing (False: look again), and `log` for
progress lines. Out: vectors committed in groups of GROUP (a stop, a crash or a kill keeps
every finished group, and the next run goes on from there). Refuses to touch the engine, whose connection is not
thread-safe: it opens its own Store, embeds with no lock held, and takes the index's write
lock only for each group's short write, in which a passage whose text changed meanwhile (a
refresh read its document again) keeps no vector.
"""
from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any, Callable

from ..embed import Embedder
from ..errors import AskError
from ..index.location import IndexLock
from ..index.store import Store
from ..types import passage_text

GROUP = 32          # passages per commit: a second or two on two cores, so a stop comes soon
LOG_EVERY = 10.0    # seconds between two progress lines
LOCK_POLL = 0.1     # seconds between two tries at the write lock


class _Stopped(Exception):
    """Raised between two model batches once stop() was called: the group is dropped."""


class Background:
    """One index's background embedding. wake() when passages may lack vectors; stop() ends it."""

    def __init__(self, path: Path, identity: str, embedder_for: Callable[[int], Embedder], *,
                 switch: Callable[[], bool], log: Callable[[str], None],
                 failed: Callable[[], None] = lambda: None, stop: threading.Event | None = None):
        self.path, self.identity, self.embedder_for = Path(path), identity, embedder_for
        self.switch, self.log, self.failed = switch, log, failed
        self.stopping = stop or threading.Event()
        self._guard = threading.Lock()  # the thread, and the "look again" flag
        self._thread: threading.Thread | None = None
        self._again = False
        self.failure: str | None = None
        self.vectors = self.passages = 0  # at the thread's last look
        self._said = 0.0
        self._checked_models = False  # vectors of another model dropped by this thread

    # -- control ---------------------------------------------------------------------------
    def wake(self) -> None:
        """Passages may lack vectors: start the thread, or make the running one look again
        before it ends (a refresh may have added passages after its last look)."""
        with self._guard:
            if self.stopping.is_set():
                return
            self._again = True
            if self._thread is None:
                self.failure = None
                self._thread = threading.Thread(target=self._run, name="ask-embed", daemon=True)
                self._thread.start()

    def stop(self, timeout: float = 30.0) -> bool:
        """Stop between two model batches and wait for the thread; True if it has ended."""
        self.stopping.set()
        with self._guard:
            thread = self._thread
        if thread is not None:
            thread.join(timeout)
            return not thread.is_alive()
        return True

    @property
    def running(self) -> bool:
        with self._guard:
            return self._thread is not None

    def state(self) -> dict[str, Any]:
        """What the thread saw at its last look (for the status request)."""
        out: dict[str, Any] = {"state": "running" if self.running else
                               "failed" if self.failure else "stopped",
                               "passages_with_vectors": self.vectors, "passages": self.passages}
        if self.failure:
            out["error"] = self.failure
        return out

    # -- the thread ------------------------------------------------------------------------
    def _run(self) -> None:
        store: Store | None = None
        lock = IndexLock(self.path)  # its own descriptor: excludes the engine's refresh too
        self._checked_models = False
        try:
            store = Store(self.path)
            while not self.stopping.is_set():
                with self._guard:
                    self._again = False
                if not self._embed_all(store, lock):
                    break  # stopped
                switched = self.switch()  # nothing missing: the engine takes a new snapshot
                with self._guard:
                    if switched and not self._again or self.stopping.is_set():
                        self._thread = None
                        return
        except _Stopped:
            pass
        except Exception as e:  # a full disk, a damaged index, a bug: the words go on answering
            self.failure = str(e) if isinstance(e, AskError) else f"{type(e).__name__}: {e}"
            self.log(f"embedding in the background failed: {self.failure}")
            self.failed()
        finally:
            lock.release()
            if store is not None:
                store.close()
            with self._guard:  # unless a wake() after its last look started the next one
                if self._thread is threading.current_thread():
                    self._thread = None
        if self.stopping.is_set() and self.vectors < self.passages:
            self.log(f"embedding in the background stopped at {self.vectors} of {self.passages} "
                     f"passages; the next server or `ask --docs DIR --embed` goes on from there")

    def _embed_all(self, store: Store, lock: IndexLock) -> bool:
        """Embed pass after pass until no passage lacks a vector (True) or stop() (False).
        A pass takes the missing passages once, shortest first as a refresh does
        (engine/index/vectors.py), and embeds them group by group."""
        embedder: Embedder | None = None
        first = True
        while not self.stopping.is_set():
            store.hold_snapshot()  # the missing passages and the count from one state
            try:
                todo = store.missing_vector_sizes(self.identity)
                self.passages = store.counts(self.identity)[1]
            finally:
                store.release_snapshot()
            self.vectors = self.passages - len(todo)
            if not todo:
                return True
            if first:
                self.log(f"embedding in the background: {self.vectors} of {self.passages} passages "
                         f"have vectors; answers use the words alone until all have")
                self._said, first = time.monotonic(), False
            embedder = embedder or self.embedder_for(len(todo))
            todo.sort(key=lambda r: (r[1], r[0]))  # ties by passage id: a total order
            for start in range(0, len(todo), GROUP):
                if self.stopping.is_set():
                    return False
                texts = store.passage_texts([pid for pid, _ in todo[start : start + GROUP]])
                group = [pid for pid, _ in todo[start : start + GROUP] if pid in texts]  # gone: removed
                vecs = embedder.embed([passage_text(*texts[pid]) for pid in group], progress=self._check)
                if not self._write(store, lock, group, texts, vecs):
                    return False
                if time.monotonic() - self._said >= LOG_EVERY:
                    self.log(f"embedding in the background: {self.vectors} of {self.passages} passages…")
                    self._said = time.monotonic()
        return False

    def _check(self, _done: int) -> None:
        if self.stopping.is_set():
            raise _Stopped()

    def _write(self, store: Store, lock: IndexLock, group: list[int],
               texts: dict[int, tuple[str, str]], vecs) -> bool:
        """One group's vectors, under the write lock, for the passages whose text is still
        the one embedded; False when stop() came while waiting for the lock."""
        while not lock.try_acquire():
            if self.stopping.wait(LOCK_POLL):
                return False
        try:
            with store.transaction():
                if not self._checked_models:  # never mixed, as a refresh does; once a thread
                    store.drop_vectors_not_from(self.identity)
                now = store.passage_texts(group)
                rows = [(pid, v) for pid, v in zip(group, vecs) if now.get(pid) == texts[pid]]
                store.put_vectors(self.identity, rows)
            self._checked_models = True
            self.vectors += len(rows)
        finally:
            lock.release()
        return True
