"""One shard's index, open where it answers: in this process, in a process of its own, or
on a Ray actor (issue 19). The coordinator (engine/sharded.py) sends each shard the question
and the question's vector, made once for all shards; the shard pulls its candidates with the
single index's own pull (pull.pull_with) and sends back the pool's rows, with their text and
terms, and the stored vectors of those rows. The quote later asks the shard that holds a
document for its lines.

A shard's worker needs no model: it reads the vectors the refresh stored under the model's
identity, and the coordinator embeds the question. A worker opens the index read-only as it
is (the coordinator refreshed it first) and holds one snapshot until told to reload.

Hosts, one per shard, each with the same calls (`call(name, *args)` returns a Future):
- Inline: in this process, one call at a time (one shard, tests);
- Process: a process of its own (concurrent.futures, spawn), started again after it dies;
- RayShard: a Ray actor (one per shard, placed by Ray on any node that can read the index
  path), restarted by Ray after its worker dies.
A call that fails raises ShardFailed with the reason in words: the coordinator names the
shard in the answer and never silently covers less.
"""
from __future__ import annotations

import os
import sys
import threading
from contextlib import contextmanager
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool, ProcessPoolExecutor
from dataclasses import dataclass
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import numpy as np

from ..clock import Clock
from ..config import Config
from ..question import Query
from ..types import Coverage
from .session import OpenIndex
from .store import DocRow, PassageRow

HOSTS = ("inline", "processes", "ray")


class ShardFailed(Exception):
    """A shard did not answer a call; the message says why (picklable, one string)."""


@dataclass(frozen=True)
class Identity:
    """The model as a shard's index sees it: the identity its vectors are stored under."""

    identity: str


@dataclass(frozen=True)
class ShardState:
    """What the coordinator keeps of a shard between reloads."""

    doc_rows: dict[int, DocRow]
    coverage: Coverage
    complete: bool
    pid: int


@dataclass(frozen=True)
class ShardPull:
    """A shard's pool: its rows (local ids) and the stored vectors of those that have one."""

    rows: tuple[PassageRow, ...]
    vec_ids: np.ndarray  # local passage ids, ascending
    vecs: np.ndarray  # one row per id


class ShardWorker:
    """A shard's index, open as it is, answering the coordinator's calls."""

    def __init__(self, docs: str, index: str, config: Config, identity: str | None):
        if not Path(index).is_file():  # never a new, empty index that would answer as nothing
            raise ShardFailed(f"its index {index} is missing (a question with --shards builds it)")
        self.config = config
        self.index = OpenIndex(Path(docs), Path(index), config, embed="read", progress=None,
                               wait=0.0, notify=None)
        self.index.open(False)
        self.index.attach(Identity(identity) if identity else None)
        self.index.load_as_is()
        self.helper = ThreadPoolExecutor(1, thread_name_prefix="ask-shard")

    def state(self) -> ShardState:
        ix = self.index
        return ShardState(dict(ix.doc_rows), ix.coverage(), ix.complete, os.getpid())

    def reload(self) -> ShardState:
        self.index.load_as_is()
        return self.state()

    def pull(self, q: Query, qvec: np.ndarray | None) -> ShardPull:
        from ..pull import pull_with  # here: pull imports the index package

        got = pull_with(q, self.index, self.config, self.helper, Clock(),
                        None if qvec is None else (lambda: qvec))
        rows = got.pool.rows
        local = np.fromiter((r.id for r in rows), dtype=np.int64, count=len(rows))
        if got.vectors is None or not len(got.vectors[0]) or not len(rows):
            return ShardPull(rows, np.zeros(0, dtype=np.int64), np.zeros((0, 0), dtype=np.float32))
        ids, mat = got.vectors  # the pool's rows of the shard's matrix (ids ascending)
        at = np.minimum(np.searchsorted(ids, local), len(ids) - 1)
        found = ids[at] == local
        return ShardPull(rows, local[found], np.ascontiguousarray(mat[at[found]]))

    def lines(self, doc: int, first: int, last: int):
        return self.index.store.lines(doc, first, last)

    def ocr_marks(self, doc: int, first: int, last: int):
        return self.index.store.ocr_marks(doc, first, last)

    def furniture(self, doc: int, first: int, last: int):
        return self.index.store.furniture(doc, first, last)

    def lacking(self, paths, words, said) -> dict:
        return self.index.lacking(paths, words, said)

    def close(self) -> None:
        self.helper.shutdown()
        self.index.close()


def _failed(err: BaseException) -> ShardFailed:
    return err if isinstance(err, ShardFailed) else ShardFailed(f"{type(err).__name__}: {err}")


# -- here ----------------------------------------------------------------------------------
class Inline:
    """The shard in this process: each call runs at once, in the caller's thread."""

    def __init__(self, docs: str, index: str, config: Config, identity: str | None):
        self.worker = ShardWorker(docs, index, config, identity)

    def call(self, name: str, *args) -> Future:
        fut: Future = Future()
        try:
            fut.set_result(getattr(self.worker, name)(*args))
        except Exception as e:  # noqa: BLE001 - handed to the caller, as a process's would be
            fut.set_exception(_failed(e))
        return fut

    def close(self) -> None:
        self.worker.close()


# -- a process of its own --------------------------------------------------------------------
_WORKER: ShardWorker | None = None  # the shard this worker process holds
_OPENING: tuple = ()  # how to open it (again, after it failed to open)


def _open(docs: str, index: str, config: Config, identity: str | None) -> None:
    global _OPENING
    _OPENING = (docs, index, config, identity)
    try:
        _worker()
    except ShardFailed:
        pass  # said by each call until it opens: an initializer's failure would break the pool


def _worker() -> ShardWorker:
    global _WORKER
    if _WORKER is None:
        try:
            _WORKER = ShardWorker(*_OPENING)
        except Exception as e:  # noqa: BLE001 - one picklable error, whatever failed
            raise ShardFailed(f"its index did not open ({_failed(e)})") from None
    return _WORKER


def _call(name: str, *args) -> Any:
    try:
        return getattr(_worker(), name)(*args)
    except Exception as e:  # noqa: BLE001 - one picklable error, whatever failed
        raise _failed(e) from None


_MAIN_HIDDEN = threading.Lock()


@contextmanager
def _main_unseen():
    """While a shard process is started (on a submit): the caller's main module is not
    imported in it. Spawned processes import it by default, so a script without Python's
    `if __name__ == "__main__":` guard would open its engine again in every shard process
    and fail; a shard needs nothing from it (its work is this module's)."""
    with _MAIN_HIDDEN:  # two hosts starting at once must not restore it under each other
        main = sys.modules.get("__main__")
        saved = {k: main.__dict__[k] for k in ("__file__", "__spec__") if main and k in main.__dict__}
        try:
            for k in saved:
                setattr(main, k, None) if k == "__spec__" else delattr(main, k)
            yield
        finally:
            for k, v in saved.items():
                setattr(main, k, v)


class Process:
    """The shard in a process of its own (spawned: no state shared with this one). A call
    whose process died is run once more in a new process (the calls only read, so running
    one again changes nothing); when that fails too, the call fails (ShardFailed)."""

    def __init__(self, docs: str, index: str, config: Config, identity: str | None):
        self.args = (docs, index, config, identity)
        self._lock = threading.Lock()
        self._pool = self._start()

    def _start(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(1, mp_context=get_context("spawn"), initializer=_open,
                                   initargs=self.args)

    def _submit(self, name: str, args: tuple, broken: ProcessPoolExecutor | None
                ) -> tuple[Future, ProcessPoolExecutor]:
        """The call on the current process (a new one when `broken` is still the current
        pool, or when the current one died), and the pool it went to."""
        with self._lock, _main_unseen():
            if broken is not None and broken is self._pool:  # not yet replaced by another call
                self._restart()
            try:
                return self._pool.submit(_call, name, *args), self._pool
            except BrokenProcessPool:
                self._restart()
                return self._pool.submit(_call, name, *args), self._pool

    def _restart(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = self._start()

    def call(self, name: str, *args) -> Future:
        out: Future = Future()
        inner, used = self._submit(name, args, None)

        def first(f: Future) -> None:
            if isinstance(f.exception(), BrokenProcessPool):  # once more, in a new process
                threading.Thread(target=again, daemon=True).start()
            else:
                _settle(out, f)

        def again() -> None:
            try:
                self._submit(name, args, used)[0].add_done_callback(lambda f: _settle(out, f))
            except Exception as e:  # noqa: BLE001 - e.g. closed meanwhile
                out.set_exception(_failed(e))

        inner.add_done_callback(first)
        return out

    def close(self) -> None:
        with self._lock:
            self._pool.shutdown(wait=True, cancel_futures=True)


def _settle(out: Future, f: Future) -> None:
    """`out` given `f`'s result, or its failure as ShardFailed."""
    err = f.exception()
    if err is None:
        out.set_result(f.result())
    elif isinstance(err, BrokenProcessPool):
        out.set_exception(ShardFailed("its worker process died, and again when the call was run once more"))
    else:
        out.set_exception(_failed(err))


def _translated(inner: Future) -> Future:
    """`inner`, with any failure as ShardFailed."""
    out: Future = Future()
    inner.add_done_callback(lambda f: _settle(out, f))
    return out


# -- a Ray actor -----------------------------------------------------------------------------
class RayShard:
    """The shard on a Ray actor (engine/index/cluster.py connects to the cluster). Ray
    restarts an actor whose worker died (its index is opened again) and retries the call."""

    def __init__(self, docs: str, index: str, config: Config, identity: str | None, ray):
        from .cluster import RESTARTS

        self.ray = ray
        # a shard's pull is short (SQLite, one matrix scan): it reserves no whole CPU, so N
        # shards fit a cluster of fewer cores; SPREAD places them over the nodes
        actor = ray.remote(num_cpus=0, max_restarts=RESTARTS, max_task_retries=RESTARTS,
                           scheduling_strategy="SPREAD")(ShardWorker)
        self.actor = actor.remote(docs, index, config, identity)

    def call(self, name: str, *args) -> Future:
        try:
            return _translated(getattr(self.actor, name).remote(*args).future())
        except Exception as e:  # noqa: BLE001 - e.g. the actor was killed for good
            fut: Future = Future()
            fut.set_exception(_failed(e))
            return fut

    def close(self) -> None:
        try:
            self.ray.kill(self.actor)
        except Exception:  # noqa: BLE001 - already gone
            pass
