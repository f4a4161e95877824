"""Answering over shards (issue 19): each shard pulls its own candidates, one place merges the
pools and runs the arms, fusion, rerank, gate and quote unchanged (pipeline.Answering).

The pool is the unit of work (DESIGN.md): BM25 and TF-IDF statistics come from the pool, so a
question splits cleanly. Each shard (an index over its part of the folder, index/shards.py)
runs the single index's pull on its own host (index/shardhost.py: a process of its own, a
Ray actor, or this process): the whole question, each word four times deeper, and the
nearest vectors to the question's vector, which this process makes once for every shard. A
shard gives its pool's rows, with their text and terms, and their stored vectors. The merge
renumbers passages and documents so that none collide (global id = local id × N + shard),
in shard order whatever order the shards answer in; the quote then reads each line from the
shard that holds it.

A shard that does not answer a pull is named in the answer's notes (which shard, its index,
why, and how many shards the answer covers): the answer never silently covers less.
"""
from __future__ import annotations

import dataclasses
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from . import question
from .clock import Clock
from .config import Config
from .errors import IndexError_, UsageError
from .index import default_index_path
from .index.refresh import RefreshReport
from .index.session import docs_matching
from .index.shardhost import HOSTS, Inline, Process, RayShard, ShardFailed
from .index.shards import shard_of, shard_paths
from .pipeline import Answering, Engine
from .pool import Pool
from .pull import Pulled, vector_runs
from .types import Coverage


class _Texts:
    """What the quote reads (a passage's lines, their OCR marks and furniture), from the shard that holds
    the document, by global document id."""

    def __init__(self, eng: "ShardedEngine"):
        self.eng = eng

    def lines(self, doc: int, first: int, last: int):
        return self.eng._call_one(doc % self.eng.n, "lines", doc // self.eng.n, first, last)

    def ocr_marks(self, doc: int, first: int, last: int):
        return self.eng._call_one(doc % self.eng.n, "ocr_marks", doc // self.eng.n, first, last)

    def furniture(self, doc: int, first: int, last: int):
        return self.eng._call_one(doc % self.eng.n, "furniture", doc // self.eng.n, first, last)


class ShardedEngine(Answering):
    """A folder answered from N shard indexes beside `index` (shards.shard_paths).

    Opening refreshes each shard in turn in this process (one model, loaded once), as an
    Engine over that shard's files, then opens each shard on its host: `hosts` "processes"
    (one process each, the default), "ray" (one Ray actor each; `ray_address` is the
    cluster's, "local" starts one here) or "inline" (all in this process). The other keyword
    arguments are Engine's (its `ray`: the shards' refreshes embed on Ray). ask() and search()
    are the single index's (pipeline.Answering)."""

    def __init__(self, docs: str | Path, n: int, *, index: str | Path | None = None,
                 hosts: str = "processes", ray_address: str | None = None, **kwargs):
        if hosts not in HOSTS:
            raise UsageError(f"hosts must be one of {', '.join(HOSTS)}, not {hosts!r}", "see ShardedEngine")
        self.docs, self.n, self.hosts_kind = Path(docs), n, hosts
        self.index_path = Path(index) if index else default_index_path(self.docs)
        self.paths = shard_paths(self.index_path, n)
        self.hosts: list = []
        self._ray, self._ray_started = None, False
        self._helper: ThreadPoolExecutor | None = None
        self._helper_made = threading.Lock()
        if hosts == "ray":  # joined first: the refreshes' embedding (Engine's ray) uses it too
            from .index.cluster import _ray, connect

            self._ray = _ray()
            self._ray_started = connect(self._ray, ray_address or "local")
        notes: list[str] = []
        reports: list[RefreshReport] = []
        try:
            for k, path in enumerate(self.paths):  # each shard brought up to date, one after another
                with Engine(docs, index=path, shard=(k, n), **kwargs) as e:
                    notes.extend(e.notes)
                    if e.report is not None:
                        reports.append(e.report)
                    self.config, self.embedder, self.model_note = e.config, e.embedder, e.model_note
            self._notes = tuple(dict.fromkeys(notes))
            self.report = _merged(reports) if reports else None
            self._open_hosts(hosts)
            self._load([h.call("state") for h in self.hosts])
        except BaseException:
            self.close()
            raise

    def _open_hosts(self, kind: str) -> None:
        identity = self.embedder.identity if self.embedder is not None else None
        args = (str(self.docs), self.config, identity)
        for path in self.paths:
            docs, cfg, ident = args
            if kind == "ray":
                self.hosts.append(RayShard(docs, str(path), cfg, ident, self._ray))
            elif kind == "processes":
                self.hosts.append(Process(docs, str(path), cfg, ident))
            else:
                self.hosts.append(Inline(docs, str(path), cfg, ident))

    def _load(self, calls) -> None:
        """The shards' states (documents, counts) from their answers to `state` or `reload`;
        a shard that did not answer is down until the next reload, and every answer says so."""
        self.states, self.down = [], {}
        for k, fut in enumerate(calls):
            try:
                self.states.append(fut.result())
            except ShardFailed as e:
                self.states.append(None)
                self.down[k] = str(e)
        n = self.n
        self.doc_rows = {d * n + k: row for k, s in enumerate(self.states) if s is not None
                         for d, row in s.doc_rows.items()}

    def reload(self) -> None:
        """Each shard's index as it is now (what a refresh elsewhere committed)."""
        self._load([h.call("reload") for h in self.hosts])

    def close(self) -> None:
        for h in self.hosts:
            h.close()
        self.hosts = []
        if self._helper is not None:
            self._helper.shutdown()
            self._helper = None
        if self._ray_started:
            self._ray.shutdown()
            self._ray_started = False

    def __enter__(self) -> "ShardedEngine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- the shards as one index -------------------------------------------------------------
    @property
    def notes(self) -> tuple[str, ...]:
        return self._notes + self._down_notes(self.down)

    def coverage(self) -> Coverage:
        up = [s.coverage for s in self.states if s is not None]
        return Coverage(documents=sum(c.documents for c in up), passages=sum(c.passages for c in up),
                        vectors=sum(c.vectors for c in up),
                        model=self.embedder.identity if self.embedder is not None else None)

    def docs_matching(self, pattern: str) -> list[int]:
        return docs_matching(self.doc_rows, pattern)

    def pids(self) -> list[int | None]:
        """Each shard's worker process id (tests stop one), as it was at the last load."""
        return [s.pid if s is not None else None for s in self.states]

    def helper(self) -> ThreadPoolExecutor:
        """The helper thread the quoted lines' embedding shares its work with."""
        with self._helper_made:
            if self._helper is None:
                self._helper = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ask-search")
            return self._helper

    def _call_one(self, k: int, name: str, *args):
        try:
            return self.hosts[k].call(name, *args).result()
        except ShardFailed as e:
            raise IndexError_(f"shard {k + 1} of {self.n} ({self.paths[k]}) did not answer: {e}",
                              "ask again; if it keeps failing, rebuild that shard with --rebuild") from None

    def _down_notes(self, failed: dict[int, str], missing: int | None = None) -> tuple[str, ...]:
        """A note per shard that did not answer; `missing`: how many did not in all."""
        rest = self.n - (len(failed) if missing is None else missing)
        return tuple(f"shard {k + 1} of {self.n} ({self.paths[k]}) did not answer ({why}); "
                     f"this answer covers the other {rest} shard{'s' * (rest != 1)} only"
                     for k, why in sorted(failed.items()))

    # -- Answering's hooks -----------------------------------------------------------------------
    @property
    def texts(self) -> _Texts:
        return _Texts(self)

    def _complete(self) -> bool:
        cov = self.coverage()
        return (self.embedder is not None and not self.down and cov.passages > 0
                and all(s.complete for s in self.states))

    def _incomplete(self, short: bool) -> str:
        cov = self.coverage()
        share = cov.vectors / cov.passages if cov.passages else 0.0
        if short:
            return f"only {cov.vectors} of {cov.passages} passages have them yet ({share:.0%})"
        return (f"{cov.vectors} of {cov.passages} passages have vectors ({share:.0%}); answers use "
                f"the words alone until all have (`ask --docs DIR --shards {self.n} --embed` embeds "
                "the rest, resumable)")

    def _lacking(self, paths, words, said) -> dict:
        by_shard: dict[int, list[str]] = {}
        for p in paths:
            by_shard.setdefault(shard_of(p, self.n), []).append(p)
        out: dict = {}
        for k, ps in sorted(by_shard.items()):
            out.update(self._call_one(k, "lacking", ps, words, said))
        return out

    def _pull(self, q: question.Query, cfg: Config, clock: Clock) -> Pulled:
        """Every shard's pull at once (with --path, of its own documents), merged: the pool
        renumbered, the vectors of its passages, the question's vector (made here, once), and
        notes naming the shards that did not answer."""
        n = self.n
        qvec = self.embedder.embed_query(q.hyde or q.text) if vector_runs(q, self._complete()) else None
        clock.lap("embed_question")
        failed = dict(self.down)
        calls = {}
        for k, host in enumerate(self.hosts):
            if k in failed:
                continue
            docs = None if q.docs is None else tuple(d // n for d in q.docs if d % n == k)
            if docs == ():
                continue  # --path holds none of this shard's documents
            calls[k] = host.call("pull", dataclasses.replace(q, docs=docs), qvec)
        got_all = {}
        for k, fut in calls.items():  # shard order, whatever order they answered in
            try:
                got_all[k] = fut.result()
            except ShardFailed as e:
                failed[k] = str(e)
        clock.lap("pull")
        rows, ids, mats = [], [], []
        for k, got in got_all.items():
            rows.extend(dataclasses.replace(r, id=r.id * n + k, doc=r.doc * n + k) for r in got.rows)
            if len(got.vec_ids):
                ids.append(got.vec_ids * n + k)
                mats.append(got.vecs)
        rows.sort(key=lambda r: r.id)
        pool = Pool(tuple(rows), tuple(tuple(r.terms.split()) for r in rows))
        vectors = None
        if qvec is not None:
            if ids:
                all_ids = np.concatenate(ids)
                order = np.argsort(all_ids, kind="stable")
                vectors = (all_ids[order], np.concatenate(mats)[order])
            else:
                vectors = (np.zeros(0, dtype=np.int64), np.zeros((0, len(qvec)), dtype=np.float32))
        clock.lap("merge")  # what one index does not do (its pull also builds the term table)
        pool.counts  # built once here, shared by every arm and the rerank
        new = {k: why for k, why in failed.items() if k not in self.down}  # those down already say so
        return Pulled(pool, qvec, vectors, self._down_notes(new, len(failed)) if new else ())


def _merged(reports: list[RefreshReport]) -> RefreshReport:
    """The shards' refresh reports as one (counts summed, lists joined in shard order)."""
    out = {}
    for name in (f.name for f in dataclasses.fields(RefreshReport)):
        vals = [getattr(r, name) for r in reports]
        out[name] = sum(vals) if isinstance(vals[0], int) else tuple(x for v in vals for x in v)
    return RefreshReport(**out)
