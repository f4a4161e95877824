"""Answering over shards (issue 19, in progress): each shard pulls its own candidates, one
place merges the pools and runs the arms, fusion, rerank, gate and quote unchanged.

The pool is the unit of work (DESIGN.md): BM25 and TF-IDF statistics come from the pool, so a
question splits cleanly. Each shard (an Engine over its part of the folder, shards.py) runs
the same pull as a single index: the whole question, each word four times deeper, the
nearest vectors, and gives its pool rows with their text and terms, and their vectors. The
merge renumbers passages and documents so that none collide (global id = local id × N +
shard), then the stages after the pull run as Engine.ask runs them.

Built so far: in one process, the shards answered one after the other. Not yet: shards in
processes or Ray actors, a shard that fails to answer (the answer must say which one was
missing), search, and the measurements against one index at N = 1, 2, 4.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np

from . import blas, question
from .clock import Clock
from .gate import decide, nothing_found
from .index import default_index_path
from .index.shards import shard_of, shard_paths
from .method import ModelState, describe
from .pipeline import Engine
from .pool import Pool
from .pull import pull
from .quote import line_sims, quote
from .score import rank_pool
from .types import Answer, Coverage


class _Stores:
    """What the quote reads (a passage's lines, their OCR marks), from the shard that holds
    the document, by global document id."""

    def __init__(self, shards: list[Engine]):
        self.shards = shards

    def lines(self, doc: int, first: int, last: int):
        n = len(self.shards)
        return self.shards[doc % n].store.lines(doc // n, first, last)

    def ocr_marks(self, doc: int, first: int, last: int):
        n = len(self.shards)
        return self.shards[doc % n].store.ocr_marks(doc // n, first, last)


class ShardedEngine:
    """A folder answered from N shard indexes beside `index` (shards.shard_paths)."""

    def __init__(self, docs: str | Path, n: int, *, index: str | Path | None = None, **kwargs):
        self.docs, self.n = Path(docs), n
        base = Path(index) if index else default_index_path(self.docs)
        self.shards: list[Engine] = []
        try:
            for k, path in enumerate(shard_paths(base, n)):
                self.shards.append(Engine(docs, index=path, shard=(k, n), **kwargs))
        except BaseException:
            self.close()
            raise
        first = self.shards[0]
        self.config, self.embedder, self.model_note = first.config, first.embedder, first.model_note

    def close(self) -> None:
        for e in self.shards:
            e.close()

    def __enter__(self) -> "ShardedEngine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- the shards as one index ---------------------------------------------------------
    def _global(self, local: int, k: int) -> int:
        return local * self.n + k

    @property
    def doc_rows(self) -> dict:
        return {self._global(d, k): row for k, e in enumerate(self.shards) for d, row in e.doc_rows.items()}

    def coverage(self) -> Coverage:
        parts = [e.coverage() for e in self.shards]
        return Coverage(documents=sum(c.documents for c in parts), passages=sum(c.passages for c in parts),
                        vectors=sum(c.vectors for c in parts), model=parts[0].model)

    @property
    def complete(self) -> bool:
        return all(e.index.complete for e in self.shards)

    @property
    def notes(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(note for e in self.shards for note in e.notes))

    def docs_matching(self, pattern: str) -> list[int]:
        return sorted(self._global(d, k) for k, e in enumerate(self.shards) for d in e.docs_matching(pattern))

    def _lacking(self, paths, words, said) -> dict:
        out: dict = {}
        for path in paths:
            out.update(self.shards[shard_of(path, self.n)].index.lacking([path], words, said))
        return out

    # -- a question ------------------------------------------------------------------------
    def _pull(self, q, cfg):
        """Each shard's pull (with --path, its own documents), merged: the pool renumbered,
        the vectors of its passages, the question's vector, and the shards that failed
        (k, why): the answer covers the others and says so."""
        rows, vecs, qvec, failed = [], [], None, []
        for k, e in enumerate(self.shards):
            docs = None if q.docs is None else tuple(d // self.n for d in q.docs if d % self.n == k)
            try:
                got = pull(dataclasses.replace(q, docs=docs), e.index, cfg, e.helper(), Clock())
            except Exception as err:  # noqa: BLE001 - any failure of one shard is named, not fatal
                failed.append((k, f"{type(err).__name__}: {err}"))
                continue
            found = np.zeros(len(got.pool), dtype=bool)
            if got.qvec is not None:  # the pool's rows of the shard's matrix (ids ascending)
                qvec = got.qvec
                ids, _, mat = e.index.vectors.matrix()
                local = np.fromiter((r.id for r in got.pool.rows), dtype=np.int64, count=len(got.pool))
                if len(ids):
                    at = np.minimum(np.searchsorted(ids, local), len(ids) - 1)
                    found = ids[at] == local
            for i, r in enumerate(got.pool.rows):
                rows.append(dataclasses.replace(r, id=self._global(r.id, k), doc=self._global(r.doc, k)))
                if found[i]:
                    vecs.append((rows[-1].id, mat[at[i]]))
        rows.sort(key=lambda r: r.id)
        pool = Pool(tuple(rows), tuple(tuple(r.terms.split()) for r in rows))
        vectors = None
        if qvec is not None and vecs:
            vecs.sort(key=lambda v: v[0])
            vectors = (np.array([v[0] for v in vecs], dtype=np.int64), np.stack([v[1] for v in vecs]))
        return pool, qvec, vectors, failed

    def _missing_notes(self, failed) -> tuple[str, ...]:
        rest = self.n - len(failed)
        return tuple(f"shard {k + 1} of {self.n} ({self.shards[k].index_path}) did not answer ({why}); "
                     f"this answer covers the other {rest} shard{'s' * (rest != 1)} only" for k, why in failed)

    def ask(self, text: str, *, id: str | None = None, path: str | None = None,
            candidates: int | None = None, explain: bool = False, hyde: str | None = None) -> Answer:
        if hyde is not None:
            from .errors import UsageError

            raise UsageError("--hyde does not work with --shards yet", "ask without --hyde")
        cfg = self.config
        with blas.one_thread():
            first = self.shards[0]
            missing = first._vectors(cfg).missing
            q = question.for_ask(text, cfg, notes=self.notes, vectors=question.Vectors(self.complete, missing),
                                 docs_matching=self.docs_matching, path=path, candidates=candidates)
            n_shown = (candidates or 10) if (candidates or explain) else 0
            doc_rows = self.doc_rows
            common = dict(id=id, question=q.text, coverage=self.coverage(), explain=explain)
            pool, qvec, vectors, failed = self._pull(q, cfg)
            if failed:  # never silently less: the notes name each shard that did not answer
                q = dataclasses.replace(q, notes=tuple(q.notes) + self._missing_notes(failed))
            model = ModelState(self.model_note, self.embedder is not None,
                               None if self.complete else first.index.incomplete_short())
            if not len(pool):
                searched = len(q.docs) if q.docs is not None else len(doc_rows)
                refusal = nothing_found(tuple(q.said.get(t, t) for t in q.terms), searched, cfg.coverage_floor)
                return Answer(citations=(), refusal=refusal, method=describe(None, None, 0, model, asked=q.arms),
                              candidates=() if n_shown else None, notes=q.notes, **common)
            ranked = rank_pool(pool, q.terms, q.required, cfg, arms=q.arms, fusion=q.fusion, qvec=qvec,
                               vectors=vectors, hyde=False, path_of=lambda d: doc_rows[d].path,
                               kinds=q.kinds, joined=q.joined)
            cands = ranked.candidates(max(cfg.kind_depth + 2, n_shown), doc_rows, q.said)
            with_vec = ranked.with_vec if "embed" in ranked.raw else None
            common.update(method=describe(list(ranked.raw), with_vec, len(pool), model, fusion=q.fusion,
                                          hyde=False, asked=q.arms),
                          notes=q.notes, candidates=tuple(cands[:n_shown]) if n_shown else None)
            lacks = self._lacking([c.path for c in cands], q.scope, q.said) if q.scope else None
            d = decide(cands, q.required, cfg, vectors="embed" in ranked.raw, kinds=q.kinds, lacks=lacks)
            if d.refusal is not None:
                return Answer(citations=(), refusal=d.refusal, gate=d.gate, **common)
            quoted = quote(d, pool, _Stores(self.shards), q, ranked.rarity, cfg,
                           lambda lines: line_sims(lines, qvec, self.embedder, cfg, first.helper()))
            return Answer(citations=quoted.citations, refusal=quoted.refusal, gate=d.gate, **common)
