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

from . import blas
from .arms import bm25, cosine
from .config import Config
from .embed import Embedder, ModelChoice, load_embedder
from .errors import DocsError, IndexError_, UsageError
from .gate import check
from .question import clean as clean_question
from .gate.floors import coverage_of, nothing_found
from .index import Store, default_index_path
from .index.location import IndexLock
from .index.refresh import RefreshReport, refresh
from .index.store import DocRow, PassageRow, index_failure, prepare_rebuild
from .index.vectors import embed_missing
from .pull import found_rows, pool_of
from .quote import choose_lines, line_budget, span
from .rank import ARMS, LEXICAL, Ranked, parse_arms, parse_fusion, rank_pool
from .terms import question_terms, required_terms, surface_forms
from .types import Answer, Candidate, Citation, Coverage, GateDecision, Hit, Refusal, SearchResult

MAX_QUESTION_CHARS = 2000
LOCK_WAIT = 10.0  # seconds a refresh waits for another process updating the same index


class Engine:
    """A documents folder with its index and model, loaded once, answering many questions.

    Refreshing (and `rebuild`) takes the index's write lock; another process holding it is
    waited for up to `wait` seconds (`notify` hears about it once), after which a refresh uses
    the index as it is and says so in `notes`, while a rebuild raises. Between refreshes the
    engine reads one committed snapshot of the index, so a concurrent refresh by another
    process never shows it a half-replaced document.

    `embed` says how much embedding a refresh does before the engine answers: "read" (the
    default) every passage of the documents it read and up to `embed_backlog` passages an
    earlier run left without vectors; "all" every passage without a vector; "bounded" all of
    them when at most `embed_backlog` lack one and none otherwise, so that a question on a
    large new folder is answered at once (the command line's single question). Meanwhile
    each question embeds up to `embed_on_demand` of its best candidates that have no vector,
    and those vectors are stored in the index at the next refresh or when the engine closes.
    """

    def __init__(self, docs: str | Path, *, index: str | Path | None = None,
                 config: Config | None = None, embed_model: str | None = None,
                 embed_model_dir: str | Path | None = None, refresh_index: bool = True,
                 progress: Callable[[str, int, int], None] | None = None,
                 rebuild: bool = False, wait: float = LOCK_WAIT,
                 notify: Callable[[str], None] | None = None, embed: str = "read"):
        if embed not in ("read", "all", "bounded"):
            raise UsageError(f"embed must be 'read', 'all' or 'bounded', not {embed!r}",
                             "see the Engine docstring")
        self.embed_mode = embed
        self._extra: dict[int, np.ndarray] = {}  # vectors embedded on demand, not yet stored
        self._extra_key: dict[int, tuple[str, str]] = {}  # ... and what they were made from
        self._on_demand = 0  # how many the last query embedded
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
            self._store_extra()
            self.report = refresh(self.store, self.docs, self.config, self.progress)
            self.embedded = 0
            if self.embedder is not None:
                mode = self.embed_mode
                self.embedded = embed_missing(
                    self.store, self.embedder, self.progress,
                    fresh=self.report.read_paths if mode == "read" else (),
                    backlog={"all": None, "bounded": 0}.get(mode, self.config.embed_backlog),
                    all_up_to=self.config.embed_backlog if mode == "bounded" else 0)
        except sqlite3.DatabaseError as e:
            raise index_failure(self.index_path, e) from None
        finally:
            if took:
                self.lock.release()
        self._load_docs()
        cov = self.coverage()
        if self.embedder is not None and cov.vectors < cov.passages:
            self.notes = (f"{cov.passages - cov.vectors} of {cov.passages} passages have no vectors "
                          f"yet; {self._embeds_before()}each question embeds up to "
                          f"{self.config.embed_on_demand} of its best candidates that have none, "
                          f"and answers meanwhile use the words and the vectors there are "
                          f"(`ask --docs DIR --rebuild` embeds every passage now)",)
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
        if self.embedder is None:
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

    def _embeds_before(self) -> str:
        if self.embed_mode == "read":
            return f"each run embeds up to {self.config.embed_backlog} more before answering, "
        return ""

    def _store_extra(self) -> None:
        """Store the vectors embedded on demand (the caller holds the write lock)."""
        if not self._extra or self.embedder is None:
            return
        self.store.release_snapshot()  # the index as it is now (no writer: we hold the lock)
        ids = sorted(self._extra)
        stored = self.store.with_vectors(self.embedder.identity, ids)
        now = self.store.passages(ids)
        # only where the passage is still the one embedded (same content id and context)
        rows = [(i, self._extra[i]) for i in ids
                if i not in stored and i in now and (now[i].pid, now[i].context) == self._extra_key[i]]
        if rows:
            with self.store.transaction():
                self.store.put_vectors(self.embedder.identity, rows)
        self._extra, self._extra_key = {}, {}

    def close(self) -> None:
        if self._extra and self.store is not None and self.lock.try_acquire():
            try:  # never waits: another process updating the index keeps its say
                self._store_extra()
            except sqlite3.DatabaseError:
                pass  # a cache: the next run embeds these again
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
            timings: dict | None = None, hyde: str | None = None,
            fusion: str | None = None) -> Answer:
        """Answer one question. `timings`, when given, is filled with the seconds each stage
        took (keys in STAGES); they never enter the answer, which stays byte-deterministic.
        `hyde`: a written hypothetical passage the vector arm embeds instead of the question;
        `fusion`: "minmax" or "rrf" (default: the configuration's)."""
        clock = _Clock()
        try:
            with blas.one_thread():
                return self._ask(question, id, path, candidates, explain, clock, hyde, fusion)
        finally:
            if timings is not None:
                timings.update(clock.done())

    def _ask(self, question: str, id: str | None, path: str | None, candidates: int | None,
             explain: bool, clock: "_Clock", hyde: str | None = None,
             fusion: str | None = None) -> Answer:
        question, notes = self._query(question, "question", 'ask "What is the tree permit fee?" --docs DIR')
        cfg = self.config
        fusion = parse_fusion(fusion, cfg)
        hyde = self._hyde(hyde, notes)
        docs = self.docs_matching(path) if path else None
        if path and not docs:
            notes.append(f"no indexed document matches --path {path!r}")
        qterms = question_terms(question)
        said = surface_forms(question)
        k = max(cfg.pull_k, candidates or 0)
        near_k = max(cfg.vector_k, candidates or 0) if cfg.vector_k > 0 else 0
        pool, qvec = self._pull(question, qterms, k, near_k, docs, ARMS, hyde, clock)
        cov = self.coverage()
        if not len(pool):
            refusal = nothing_found(tuple(said.get(t, t) for t in qterms),
                                    len(docs) if docs is not None else len(self.doc_rows),
                                    cfg.coverage_floor)
            return Answer(id=id, question=question, citations=(), refusal=refusal,
                          method=self._method(None, None), coverage=cov,
                          candidates=() if (candidates or explain) else None,
                          explain=explain, notes=tuple(notes))

        required = required_terms(question)
        ranked = self._rank(pool, qterms, required, ARMS, fusion, qvec, hyde is not None, clock, notes)
        raw, rarity = ranked.raw, ranked.rarity
        # only the candidates anyone looks at are built: the winner, the runner-up, the shown
        n_shown = (candidates or 10) if (candidates or explain) else 0
        cands = [ranked.candidate(s, self.doc_rows, said) for s in ranked.order[: max(2, n_shown)]]
        clock.lap("fuse_rerank")

        method = self._method(list(raw), ranked.with_vec if "embed" in raw else None, len(pool),
                              fusion=fusion, hyde=hyde is not None)
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
        quoted = [winner] + ([runner] if runner is not None else [])
        lines = [self.store.lines(rows[c.rowid].doc, rows[c.rowid].first, rows[c.rowid].last)
                 for c in quoted]
        sims = self._line_sims(lines, qvec)
        citations = [self._cite(lines[0], winner, qterms, rarity, winner_limit, sims[0])]
        if runner is not None:
            second = self._cite(lines[1], runner, qterms, rarity,
                                line_budget(cfg.max_lines, True, len(citations[0].lines)), sims[1])
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

    def _embed_on_demand(self, pool, qterms, ids, limit: int) -> int:
        """Embed up to `limit` pool passages that have no vector, best BM25 first (ties by
        passage id); kept in memory for the engine's life and stored at the next refresh or
        close (see _store_extra). Returns how many were embedded."""
        lexical = bm25.score(pool, qterms) if qterms else None
        if lexical is None:
            return 0
        want = np.fromiter((r.id for r in pool.rows), dtype=np.int64, count=len(pool))
        stored = np.zeros(len(pool), dtype=bool)
        if len(ids):
            stored = ids[np.minimum(np.searchsorted(ids, want), len(ids) - 1)] == want
        order = sorted(range(len(pool)), key=lambda i: (-lexical[i], pool.rows[i].pid))
        todo = [pool.rows[i] for i in order
                if not stored[i] and pool.rows[i].id not in self._extra][:limit]
        if todo:
            vecs = self.embedder.embed([f"{r.context}\n{r.text}" if r.context else r.text for r in todo])
            self._extra.update((r.id, v) for r, v in zip(todo, vecs))
            self._extra_key.update((r.id, (r.pid, r.context)) for r in todo)
        return len(todo)

    def _line_sims(self, passages: list, qvec) -> list[dict[int, float] | None]:
        """Cosine with the question of every line of the quoted passages (line seq -> value),
        or None per passage without a model. The lines go to the model in one call, split in
        two halves embedded at once on two threads (the helper thread is idle by now); the
        vectors do not depend on the batching, so neither do the quoted lines."""
        if qvec is None or self.config.line_embed_weight <= 0 or self.embedder is None:
            return [None] * len(passages)
        texts = [text for lines in passages for _, _, text in lines]
        if len(texts) >= 4:
            order = sorted(range(len(texts)), key=lambda i: (len(texts[i]), i))
            halves = (order[0::2], order[1::2])  # similar lengths in both, so both take as long
            other = self._helper().submit(self.embedder.embed, [texts[i] for i in halves[1]])
            mine = self.embedder.embed([texts[i] for i in halves[0]])
            vecs = np.zeros((len(texts), mine.shape[1]), dtype=np.float32)
            vecs[halves[0]] = mine
            vecs[halves[1]] = other.result()
        else:
            vecs = self.embedder.embed(texts)
        out, at = [], 0
        for lines in passages:
            out.append({seq: float(vecs[at + j] @ qvec) for j, (seq, _, _) in enumerate(lines)})
            at += len(lines)
        return out

    def _cite(self, lines, c: Candidate, qterms, rarity, limit: int, sims=None) -> Citation:
        chosen = choose_lines(lines, qterms, rarity, self.config, limit, sims)
        return Citation(doc_id=c.doc_id, path=c.path, locator=span([q.locator for q in chosen]),
                        score=c.score, coverage=c.coverage, lines=tuple(chosen))

    # -- shared by ask and search: the query, the pull, the ranking --------------------------
    def _query(self, text, what: str, example: str) -> tuple[str, list[str]]:
        """The query cleaned (escape codes, control characters out) and cut to
        MAX_QUESTION_CHARS, with the notes it starts with (the engine's own)."""
        if isinstance(text, str):
            text = clean_question(text)
        if not isinstance(text, str) or not text:
            raise UsageError(f"the {what} is empty", example)
        notes: list[str] = list(self.notes)  # e.g. another process is still updating the index
        if len(text) > MAX_QUESTION_CHARS:
            notes.append(f"{what} cut to its first {MAX_QUESTION_CHARS} characters")
            text = text[:MAX_QUESTION_CHARS]
        return text, notes

    def _vectors_ready(self) -> bool:
        return self.embedder is not None and self.coverage().vectors > 0

    def _no_vectors(self) -> str:
        """Why the vector arm cannot run, in plain words."""
        if self.embedder is None:
            return f"no vectors: {self.model_note or 'no embedding model'}"
        return (f"no vectors: none computed yet for {self.embedder.identity} in this index "
                f"(they are made when the index is refreshed with the model)")

    def _hyde(self, hyde: str | None, notes: list[str]) -> str | None:
        """The written hypothetical passage, cleaned; None (with a note) when it cannot be used."""
        if hyde is None:
            return None
        text = clean_question(hyde) if isinstance(hyde, str) else ""
        if not text:
            raise UsageError("the --hyde passage is empty",
                             'write a sentence as the document would say it, e.g. --hyde "The fee is ..."')
        on_demand = self.embedder is not None and self.config.embed_on_demand > 0
        if not (self._vectors_ready() or on_demand):  # as _pull decides for the vector arm
            notes.append(f"--hyde not used: {self._no_vectors()}")
            return None
        if len(text) > MAX_QUESTION_CHARS:
            notes.append(f"--hyde passage cut to its first {MAX_QUESTION_CHARS} characters")
            text = text[:MAX_QUESTION_CHARS]
        return text

    def _pull(self, question: str, qterms, k: int, near_k: int, docs, arms, hyde: str | None,
              clock: "_Clock"):
        """The pool for a query: the full-text searches when a lexical arm runs, the `near_k`
        nearest stored vectors when the vector arm does (both only inside `docs`: --path holds
        in every arm). Returns (pool, the vector the vector arm compares with, or None)."""
        cfg = self.config
        lexical = any(a in LEXICAL for a in arms)
        # with no stored vector yet, the vector arm can still score candidates the words
        # found, embedded on demand (see _rank)
        on_demand = lexical and self.embedder is not None and cfg.embed_on_demand > 0
        vector = ("embed" in arms and (self._vectors_ready() or on_demand)
                  and (bool(qterms) or not lexical))
        # what this thread reads from the index, read before the helper thread takes it
        common = self._common(k, docs) if lexical else None
        if vector:
            self._vectors()
        # the full-text searches (SQLite) run on a helper thread while this one embeds the
        # question and scans the vectors (onnxruntime, numpy): both release the GIL
        found = (self._helper().submit(found_rows, self.store, qterms, k, cfg.word_depth, docs, common)
                 if lexical else None)
        near: list[int] = []
        try:
            qvec = self._question_vector(hyde or question) if vector else None
            clock.lap("embed_question")
            if qvec is not None and near_k > 0 and self.coverage().vectors:
                ids, pdocs, mat = self._vectors()
                near = cosine.nearest(qvec, ids, pdocs, mat, near_k, docs)
        finally:
            hits = found.result() if found is not None else {}  # the index is this thread's again
        pool = pool_of(self.store, hits.keys() | set(near), hits)
        clock.lap("pull")
        return pool, qvec

    def _rank(self, pool, qterms, required, arms, fusion: str, qvec, hyde: bool,
              clock: "_Clock", notes: list[str] | None = None) -> Ranked:
        vectors = None
        self._on_demand = 0  # read by _method for this query
        if qvec is not None:
            ids, _, mat = self._vectors()
            cov, limit = self.coverage(), self.config.embed_on_demand
            if limit > 0 and cov.vectors < cov.passages and self.embedder is not None:
                n = self._on_demand = self._embed_on_demand(pool, qterms, ids, limit)
                if n and notes is not None:
                    notes.append(f"{n} candidates without stored vectors were embedded for this "
                                 f"query ({cov.vectors} of {cov.passages} passages in the index "
                                 f"have vectors)")
            vectors = (ids, mat, self._extra)
        return rank_pool(pool, qterms, required, self.config, arms=arms, fusion=fusion, qvec=qvec,
                         vectors=vectors, hyde=hyde, path_of=lambda d: self.doc_rows[d].path,
                         lap=clock.lap)

    # -- a ranked search (no gate) -----------------------------------------------------------
    def search(self, query: str, *, k: int = 10, arms: str = "all", fusion: str | None = None,
               path: str | None = None, hyde: str | None = None, explain: bool = False
               ) -> SearchResult:
        """The top `k` passages for `query` in the order `ask` ranks its candidates (same pull,
        arms, fusion and rerank), without the gate; each with its single best line.

        `arms`: "all" or "bm25" / "tfidf" / "embed" joined by "+". The vector arm with no
        vectors raises nothing: it contributes no hits and a note says why. `hyde`: a
        written hypothetical passage the vector arm embeds instead of the query."""
        with blas.one_thread():
            return self._search(query, k=k, arms=arms, fusion=fusion, path=path, hyde=hyde,
                                explain=explain)

    def _search(self, query: str, *, k: int, arms: str, fusion: str | None, path: str | None,
                hyde: str | None, explain: bool) -> SearchResult:
        query, notes = self._query(query, "query", 'ask "tree permit fee" --docs DIR --search')
        if isinstance(k, bool) or not isinstance(k, int) or k < 1:
            raise UsageError(f"the number of results must be a whole number of at least 1, got {k!r}",
                             "for example -n 10")
        cfg = self.config
        asked = parse_arms(arms)
        fusion = parse_fusion(fusion, cfg)
        if "embed" not in asked and hyde is not None:
            notes.append("--hyde not used: the vector arm (embed) is not among --arms")
            hyde = None
        hyde = self._hyde(hyde, notes)
        if "embed" in asked and not self._vectors_ready():
            notes.append(self._no_vectors() if asked != ("embed",) else
                         f"{self._no_vectors()}; --arms embed has nothing to rank (try --arms bm25)")
        docs = self.docs_matching(path) if path else None
        if path and not docs:
            notes.append(f"no indexed document matches --path {path!r}")
        qterms = question_terms(query)
        said = surface_forms(query)
        near_k = max(cfg.vector_k, k) if "embed" in asked else 0
        clock = _Clock()
        pool, qvec = self._pull(query, qterms, max(cfg.pull_k, k), near_k, docs, asked, hyde, clock)
        hits: list[Hit] = []
        ran: list[str] | None = None
        ranked = None
        if len(pool):
            ranked = self._rank(pool, qterms, required_terms(query), asked, fusion, qvec,
                                hyde is not None, clock)
            ran = list(ranked.raw)
            top = ranked.order[:k]
            rows = [pool.rows[s.i] for s in top]
            lines = [self.store.lines(r.doc, r.first, r.last) for r in rows]
            sims = self._line_sims(lines, qvec)
            for n, (s, row, passage_lines, sim) in enumerate(zip(top, rows, lines, sims), 1):
                best = choose_lines(passage_lines, qterms, ranked.rarity, cfg, 1, sim)
                doc = self.doc_rows[row.doc]
                hits.append(Hit(rank=n, doc_id=doc.doc_id, path=doc.path, locator=row.span,
                                score=ranked.fused[s.i], line=best[0] if best else None,
                                arms=ranked.arm_scores(s.i), passage_id=row.pid,
                                rerank=s.score, coverage=s.coverage))
        if len(hits) < k and not (asked == ("embed",) and not self._vectors_ready()):
            where = f" under --path {path!r}" if path else ""
            n = len(hits)
            notes.append(f"only {n} passage{'s' * (n != 1)}{where} match{'es' * (n == 1)} the query, "
                         f"asked for {k}")
        with_vec = ranked.with_vec if ranked is not None and "embed" in ranked.raw else None
        method = self._method(ran, with_vec, len(pool), fusion=fusion, hyde=hyde is not None,
                              asked=asked, last="list")
        return SearchResult(query=query, k=k, arms=tuple(ran or ()), fusion=fusion,
                            hits=tuple(hits), method=method, coverage=self.coverage(),
                            notes=tuple(notes), explain=explain)

    def _method(self, ran: list[str] | None, with_vec: int | None, pool_size: int = 0, *,
                fusion: str = "minmax", hyde: bool = False, asked: tuple[str, ...] = ARMS,
                last: str = "gate") -> str:
        """What actually ran, assembled from the run itself (never a literal). The fusion is
        named when it is not min-max (the design's default), a written passage as embed(hyde);
        `last` is the final stage (the gate for ask, "list" for a search)."""
        if ran is None:  # the pull found nothing, so no arm scored anything
            text = f"pull→{last} (no candidates)"
            no_model = "embed" in asked and self.model_note
            return text + (f" (no vectors: {self.model_note})" if no_model else "")
        text = "+".join("embed(hyde)" if a == "embed" and hyde else a for a in ARMS if a in ran)
        text += ("→rrf" if fusion == "rrf" else "") + f"→rerank→{last}"
        if "embed" not in asked:
            pass  # the vector arm was not asked for: nothing to say about vectors
        elif "embed" not in ran:
            reason = self.model_note or "no passage in the pool has a vector"
            if self.embedder is not None and not self.model_note:
                reason = "no vectors for these passages yet"
            text += f" (no vectors: {reason})"
        elif with_vec is not None and (with_vec < pool_size or self._on_demand):
            made = f", {self._on_demand} embedded on demand" if self._on_demand else ""
            text += f" (vectors for {with_vec} of {pool_size} candidates{made})"
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
    ask_kwargs = {k: kwargs.pop(k) for k in ("id", "path", "candidates", "explain", "timings",
                                             "hyde", "fusion") if k in kwargs}
    with Engine(docs, **kwargs) as eng:
        return eng.ask(question, **ask_kwargs)


def search(query: str, docs: str | Path, **kwargs) -> SearchResult:
    """One call: open (and refresh) the index for `docs`, run a ranked search, close."""
    search_kwargs = {k: kwargs.pop(k) for k in ("k", "arms", "fusion", "path", "hyde", "explain")
                     if k in kwargs}
    with Engine(docs, **kwargs) as eng:
        return eng.search(query, **search_kwargs)
