"""The path of a question: refresh the index once, then pull, score, fuse, rerank, gate, quote.

Engine(docs) opens (and refreshes) the index and loads the embedding model once;
Engine.ask(question) returns an Answer. Nothing here prints; the CLI renders.
"""
from __future__ import annotations

import fnmatch
import math
import sqlite3
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable

import numpy as np

from .arms import bm25, cosine, tfidf
from .config import Config
from .embed import Embedder, ModelChoice, load_embedder
from .errors import DocsError, IndexError_, UsageError
from .fuse import fuse, minmax, ranks
from .gate import check
from .question import clean as clean_question
from .gate.floors import coverage_of, nothing_found
from .index import Store, default_index_path
from .index.location import IndexLock
from .index.refresh import RefreshReport, refresh
from .index.store import DocRow, PassageRow, index_failure, prepare_rebuild
from .index.vectors import embed_missing
from .pull import pool_of, search
from .quote import choose_lines, line_budget, span
from .rerank import has_phrase, order_key, rarity_weights, rerank_score, terms_of
from .terms import question_terms, required_terms, surface_forms
from .types import Answer, ArmScore, Candidate, Citation, Coverage, GateDecision, Refusal

MAX_QUESTION_CHARS = 2000
LOCK_WAIT = 10.0  # seconds a refresh waits for another process updating the same index


class Engine:
    """A documents folder with its index and model, loaded once, answering many questions.

    Refreshing (and `rebuild`) takes the index's write lock; another process holding it is
    waited for up to `wait` seconds (`notify` hears about it once), after which a refresh uses
    the index as it is and says so in `notes`, while a rebuild raises. Between refreshes the
    engine reads one committed snapshot of the index, so a concurrent refresh by another
    process never shows it a half-replaced document.
    """

    def __init__(self, docs: str | Path, *, index: str | Path | None = None,
                 config: Config | None = None, embed_model: str | None = None,
                 embed_model_dir: str | Path | None = None, refresh_index: bool = True,
                 progress: Callable[[str, int, int], None] | None = None,
                 rebuild: bool = False, wait: float = LOCK_WAIT,
                 notify: Callable[[str], None] | None = None):
        self.docs = Path(docs)
        self.config = config or Config()
        self.index_path = Path(index) if index else default_index_path(self.docs)
        self.progress = progress
        self.wait = wait
        self.notify = notify
        self.lock = IndexLock(self.index_path)
        self.notes: tuple[str, ...] = ()  # about the index as this engine sees it
        self.report: RefreshReport | None = None
        self.embedded = 0  # passages embedded by the last refresh
        self.store: Store | None = None
        self._pool_thread: ThreadPoolExecutor | None = None
        try:
            if rebuild:
                if not self.docs.is_dir():  # check before clearing anything
                    raise DocsError(f"documents folder not found: {self.docs}", "check the --docs path")
                self._take_lock(required=True)
                prepare_rebuild(self.index_path)
            self.store = Store(self.index_path)
            self.choice = ModelChoice.from_settings(embed_model, embed_model_dir)
            self.embedder: Embedder | None
            self.embedder, self.model_note = load_embedder(
                self.choice, self.config.embed_batch, self.config.embed_tokens, self.config.embed_threads)
            if refresh_index or rebuild:
                self.refresh()
            else:
                self._load_docs()
        except sqlite3.DatabaseError as e:
            self.close()
            raise index_failure(self.index_path, e) from None
        except BaseException:
            self.close()
            raise
        finally:
            self.lock.release()  # a rebuild holds it from before clearing until its refresh ends

    # -- index -------------------------------------------------------------------
    def refresh(self) -> RefreshReport | None:
        """Bring the index up to date with the folder under the write lock; returns the report.

        When another process keeps the lock past `wait` seconds, nothing is refreshed: the
        index is used as it is, `notes` says so, and the previous report (or None) is returned.
        """
        self.store.release_snapshot()
        took = not self.lock.held
        try:
            if took and not self._take_lock(required=False):
                self._load_docs()
                self.notes = (self._busy_note(),)
                return self.report
            self.notes = ()
            self.report = refresh(self.store, self.docs, self.config, self.progress)
            self.embedded = 0
            if self.embedder is not None:
                self.embedded = embed_missing(self.store, self.embedder, self.progress,
                                              fresh=self.report.read_paths,
                                              backlog=self.config.embed_backlog)
        except sqlite3.DatabaseError as e:
            raise index_failure(self.index_path, e) from None
        finally:
            if took:
                self.lock.release()
        self._load_docs()
        cov = self.coverage()
        if self.embedder is not None and cov.vectors < cov.passages:
            self.notes = (f"{cov.passages - cov.vectors} of {cov.passages} passages have no vectors "
                          f"yet (an earlier run stopped while embedding); each run embeds up to "
                          f"{self.config.embed_backlog} more before answering, and answers meanwhile "
                          f"use the words and the vectors there are",)
        return self.report

    def _busy_note(self) -> str:
        cov = self.coverage()
        holder = self.lock.holder()
        who = f" (pid {holder})" if holder else ""
        return (f"another ask{who} is still updating this index; not waiting longer than "
                f"{self.wait:g} s, so this uses the index as it is ({cov.documents} documents, "
                f"{cov.passages} passages so far)")

    def _take_lock(self, required: bool) -> bool:
        def waiting(holder: int | None) -> None:
            if self.notify is not None:
                who = f" (pid {holder})" if holder else ""
                self.notify(f"another ask{who} is updating this index; waiting up to {self.wait:g} s…")

        try:
            if self.lock.acquire(self.wait, waiting):
                return True
        except OSError as e:
            raise IndexError_(f"cannot lock the index: {self.lock.path}: {e.strerror}",
                              "use --index PATH to put the index somewhere writable") from None
        if not required:
            return False
        holder = self.lock.holder()
        who = f" (pid {holder})" if holder else ""
        raise IndexError_(
            f"another ask{who} is still updating the index {self.index_path} after {self.wait:g} s",
            "run again when it has finished, or give --wait SECONDS to wait longer (the lock "
            "goes away as soon as that process ends, even if it is killed)")

    def _question_vector(self, question: str):
        if self.embedder is None or self.coverage().vectors == 0:
            return None
        return self.embedder.embed_query(question)

    def _vectors(self):
        """All stored vectors of the current model as one matrix, loaded once per refresh."""
        if self._matrix is None:
            self._matrix = self.store.vector_matrix(self.embedder.identity)
        return self._matrix

    def _helper(self) -> ThreadPoolExecutor:
        if self._pool_thread is None:
            self._pool_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ask-search")
        return self._pool_thread

    def _load_docs(self) -> None:
        self.store.hold_snapshot()  # every read until the next refresh sees this one state
        self._matrix = None
        self._coverage: Coverage | None = None
        self.doc_rows: dict[int, DocRow] = {
            r.id: r for r in self.store.documents().values() if r.status == "ok"}

    def coverage(self) -> Coverage:
        if self._coverage is None:
            self._coverage = self._count()
        return self._coverage

    def _count(self) -> Coverage:
        n_docs, n_pass, n_vec = self.store.counts(self.embedder.identity if self.embedder else None)
        return Coverage(documents=n_docs, passages=n_pass, vectors=n_vec,
                        model=self.embedder.identity if self.embedder else None)

    def close(self) -> None:
        if self._pool_thread is not None:
            self._pool_thread.shutdown()
            self._pool_thread = None
        self.lock.release()
        if self.store is not None:
            self.store.close()

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def docs_matching(self, pattern: str) -> list[int]:
        """Document rowids whose relative path matches a glob (or, for a bare name, whose file name does)."""
        pat = pattern.replace("\\", "/").removeprefix("./")
        out = []
        for doc_id, row in sorted(self.doc_rows.items()):
            if fnmatch.fnmatchcase(row.path, pat) or ("/" not in pat and fnmatch.fnmatchcase(row.path.rsplit("/", 1)[-1], pat)):
                out.append(doc_id)
        return out

    # -- a question --------------------------------------------------------------
    def ask(self, question: str, *, id: str | None = None, path: str | None = None,
            candidates: int | None = None, explain: bool = False,
            timings: dict | None = None) -> Answer:
        """Answer one question. `timings`, when given, is filled with the seconds each stage
        took (keys in STAGES); they never enter the answer, which stays byte-deterministic."""
        clock = _Clock()
        try:
            return self._ask(question, id, path, candidates, explain, clock)
        finally:
            if timings is not None:
                timings.update(clock.done())

    def _ask(self, question: str, id: str | None, path: str | None, candidates: int | None,
             explain: bool, clock: "_Clock") -> Answer:
        if isinstance(question, str):
            question = clean_question(question)  # escape codes, control characters out
        if not isinstance(question, str) or not question:
            raise UsageError("the question is empty", 'ask "What is the tree permit fee?" --docs DIR')
        notes: list[str] = list(self.notes)  # e.g. another process is still updating the index
        if len(question) > MAX_QUESTION_CHARS:
            notes.append(f"question cut to its first {MAX_QUESTION_CHARS} characters")
            question = question[:MAX_QUESTION_CHARS]
        cfg = self.config
        docs = self.docs_matching(path) if path else None
        if path and not docs:
            notes.append(f"no indexed document matches --path {path!r}")
        qterms = question_terms(question)
        said = surface_forms(question)
        k = max(cfg.pull_k, candidates or 0)
        # what this thread reads from the index, read before the helper thread takes it
        common = self._common(k, docs)
        if qterms and self.embedder is not None and self.coverage().vectors:
            self._vectors()
        # the full-text searches (SQLite) run on a helper thread while this one embeds the
        # question and scans the vectors (onnxruntime, numpy): both release the GIL
        found = self._helper().submit(search, self.store, qterms, k, cfg.word_depth, docs, common)
        try:
            qvec = self._question_vector(question) if qterms else None
            clock.lap("embed_question")
            near: list[int] = []
            if qvec is not None:
                ids, pdocs, mat = self._vectors()
                if cfg.vector_k > 0:
                    near = cosine.nearest(qvec, ids, pdocs, mat, max(cfg.vector_k, candidates or 0), docs)
        finally:
            hits = found.result()  # the index is this thread's again
        pool = pool_of(self.store, hits | set(near))
        clock.lap("pull")
        cov = self.coverage()
        if not len(pool):
            refusal = nothing_found(tuple(said.get(t, t) for t in qterms),
                                    len(docs) if docs is not None else len(self.doc_rows),
                                    cfg.coverage_floor)
            return Answer(id=id, question=question, citations=(), refusal=refusal,
                          method=self._method(None, None), coverage=cov,
                          candidates=() if (candidates or explain) else None,
                          explain=explain, notes=tuple(notes))

        raw: dict[str, np.ndarray] = {}
        for name, arm in (("bm25", bm25), ("tfidf", tfidf)):
            arr = arm.score(pool, qterms)
            if arr is not None:
                raw[name] = arr
            clock.lap(name)
        vec_scores, with_vec = (cosine.score(pool, qvec, ids, mat) if qvec is not None
                                else (None, 0))
        if vec_scores is not None:
            raw["embed"] = vec_scores
        clock.lap("embed")
        normed = {a: minmax(v) for a, v in raw.items()}
        weights = {"bm25": cfg.w_bm25, "tfidf": cfg.w_tfidf, "embed": cfg.w_embed}
        fused = fuse(normed, weights, len(pool)).tolist()
        # the rerank reads only which question terms each passage holds
        present = pool.present(qterms)
        rarity = rarity_weights(qterms, present)
        required = required_terms(question)
        need = set(required) if cfg.require_names_numbers else set()
        scored = []  # per passage: its rerank numbers and its place in the final order
        for i, row in enumerate(pool.rows):
            cov_, wcov, matched, unmatched, nums = terms_of(qterms, present[i], rarity)
            # a phrase needs every question word, so only passages holding all are looked at
            phrase = not unmatched and has_phrase(qterms, pool.terms[i])
            score = rerank_score(fused[i], cov_, phrase, nums, cfg)
            path_ = self.doc_rows[row.doc].path
            scored.append((order_key(wcov, score, row.pid, path_, cfg.order, need <= set(matched)),
                           i, cov_, wcov, matched, unmatched, nums, phrase, score))
        scored.sort(key=lambda s: s[0])  # order_key is total (pid, then path, last)
        pids = [r.pid for r in pool.rows]
        arm_ranks = {a: ranks(v, pids) for a, v in raw.items()}
        raw_l = {a: np.where(np.isnan(v), 0.0, v).tolist() for a, v in raw.items()}  # no vector: 0
        normed_l = {a: v.tolist() for a, v in normed.items()}
        ranks_l = {a: v.tolist() for a, v in arm_ranks.items()}

        def candidate(s) -> Candidate:
            _, i, cov_, wcov, matched, unmatched, nums, phrase, score = s
            row = pool.rows[i]
            doc = self.doc_rows[row.doc]
            return Candidate(
                rowid=row.id, pid=row.pid, doc_id=doc.doc_id, path=doc.path, locator=row.span,
                arms=tuple((a, ArmScore(raw_l[a][i], normed_l[a][i], ranks_l[a][i])) for a in raw),
                fused=fused[i], coverage=cov_, weighted_coverage=wcov, phrase=phrase,
                numbers_found=nums, score=score, matched=matched,
                unmatched=tuple(said.get(t, t) for t in unmatched))

        # only the candidates anyone looks at are built: the winner, the runner-up, the shown
        n_shown = (candidates or 10) if (candidates or explain) else 0
        cands = [candidate(s) for s in scored[: max(2, n_shown)]]
        clock.lap("fuse_rerank")

        method = self._method(list(raw), with_vec if vec_scores is not None else None, len(pool))
        shown = tuple(cands[:n_shown]) if n_shown else None
        winner = cands[0]
        vectors = "embed" in raw
        refusal = check(winner, cfg, required, vectors)
        runner = cands[1] if len(cands) > 1 and check(cands[1], cfg, required, vectors) is None else None
        gate = GateDecision(winner.score, getattr(cfg, cfg.floor_key(vectors)), coverage_of(winner, cfg),
                            cfg.coverage_floor, runner is not None, vectors)
        clock.lap("gate")
        if refusal is not None:
            return Answer(id=id, question=question, citations=(), refusal=refusal, method=method,
                          coverage=cov, candidates=shown, explain=explain, notes=tuple(notes),
                          gate=gate)
        winner_limit = line_budget(cfg.max_lines, runner is not None)
        rows = {r.id: r for r in pool.rows}
        citations = [self._cite(rows[winner.rowid], winner, qterms, rarity, winner_limit, qvec)]
        if runner is not None:
            second = self._cite(rows[runner.rowid], runner, qterms, rarity,
                                line_budget(cfg.max_lines, True, len(citations[0].lines)), qvec)
            if second.lines:
                citations.append(second)
        citations = [c for c in citations if c.lines]
        clock.lap("quote")
        if not citations:
            refusal = Refusal(reason="no_relevant_line",
                              message="no confident answer: the best passage has no line that "
                                      "contains the question's words", unmatched=winner.unmatched)
        return Answer(id=id, question=question, citations=tuple(citations), refusal=refusal,
                      method=method, coverage=cov, candidates=shown, explain=explain,
                      notes=tuple(notes), gate=gate)

    def _common(self, k: int, docs) -> int | None:
        """How many passages a word may be found in and still be searched for (None: any).

        Above word_skip_share of the index and above word_skip_min passages (and above the
        word_depth * k its own search would keep), a word is left out of the searches: see
        `pull`. Searches limited to some documents (--path) leave no word out."""
        cfg = self.config
        self.coverage()  # counted now: the question's helper thread may be using the index later
        if docs is not None or cfg.word_skip_share >= 1:
            return None
        return max(cfg.word_skip_min, k * cfg.word_depth,
                   math.ceil(cfg.word_skip_share * self.coverage().passages))

    def _cite(self, row: PassageRow, c: Candidate, qterms, rarity, limit: int, qvec=None) -> Citation:
        lines = self.store.lines(row.doc, row.first, row.last)
        sims = None
        if qvec is not None and self.config.line_embed_weight > 0 and lines:
            vecs = self.embedder.embed([text for _, _, text in lines])
            sims = {seq: float(v @ qvec) for (seq, _, _), v in zip(lines, vecs)}
        chosen = choose_lines(lines, qterms, rarity, self.config, limit, sims)
        return Citation(doc_id=c.doc_id, path=c.path, locator=span([q.locator for q in chosen]),
                        score=c.score, coverage=c.coverage, lines=tuple(chosen))

    def _method(self, ran: list[str] | None, with_vec: int | None, pool_size: int = 0) -> str:
        """What actually ran, assembled from the run itself (never a literal)."""
        if ran is None:  # the pull found nothing, so no arm scored anything
            text = "pull→gate (no candidates)"
            return text + (f" (no vectors: {self.model_note})" if self.model_note else "")
        text = "+".join(a for a in ("bm25", "tfidf", "embed") if a in ran) + "→rerank→gate"
        if "embed" not in ran:
            reason = self.model_note or "no passage in the pool has a vector"
            if self.embedder is not None and not self.model_note:
                reason = "no vectors for these passages yet"
            text += f" (no vectors: {reason})"
        elif with_vec is not None and with_vec < pool_size:
            text += f" (vectors for {with_vec} of {pool_size} candidates)"
        return text


STAGES = ("embed_question", "pull", "bm25", "tfidf", "embed", "fuse_rerank", "gate", "quote", "total")


class _Clock:
    """Seconds per stage of one question (time.perf_counter); stages not reached stay 0."""

    def __init__(self):
        self.start = self.last = time.perf_counter()
        self.spent = dict.fromkeys(STAGES, 0.0)

    def lap(self, stage: str) -> None:
        now = time.perf_counter()
        self.spent[stage] += now - self.last
        self.last = now

    def done(self) -> dict[str, float]:
        self.spent["total"] = time.perf_counter() - self.start
        return self.spent


def ask(question: str, docs: str | Path, **kwargs) -> Answer:
    """One call: open (and refresh) the index for `docs`, answer, close."""
    ask_kwargs = {k: kwargs.pop(k) for k in ("id", "path", "candidates", "explain", "timings")
                  if k in kwargs}
    with Engine(docs, **kwargs) as eng:
        return eng.ask(question, **ask_kwargs)
