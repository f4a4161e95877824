"""The path of a question, as a list of stage calls: query → pull → score → gate → quote.

Engine(docs) opens (and refreshes) the index and loads the embedding model once;
Engine.ask(question) returns an Answer, Engine.search(query) a SearchResult. Each stage
lives in its own module and takes the frozen value the one before it made; nothing here
decides between stages, and nothing here prints (the CLI renders).
"""
from __future__ import annotations

import dataclasses
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Callable

from . import blas, question
from .clock import STAGES, Clock
from .config import Config, jobs
from .embed import Embedder, ModelChoice, load_embedder
from .errors import UsageError
from . import scope, versions
from .gate import check, decide, fits, nothing_found
from .index import default_index_path
from .index.refresh import RefreshReport
from .index.session import EMBED_MODES, OpenIndex
from .kinds import common_terms, firm, holds, kind_words
from .method import ModelState, describe
from .pull import Pulled, pull
from .quote import choose_lines, line_sims, quote
from .quote.cite import says_less
from .score import path_names, score, state_codes
from .terms import DOCUMENT_OPENING, content_terms
from .types import Answer, Candidate, Coverage, Hit, SearchResult

LOCK_WAIT = 10.0  # seconds a refresh waits for another process updating the same index
__all__ = ["Engine", "STAGES", "ask", "search"]


def _context_of(cfg: Config, doc_rows) -> Callable[[int], str]:
    """A document rowid's context (readers/layout.py), or "" with `document_context` off."""
    return (lambda d: doc_rows[d].context) if cfg.document_context else (lambda d: "")


class Answering:
    """The stage calls after the pull, the same over one index (Engine) and over shards
    (engine/sharded.py, which pulls from every shard and merges): score, gate, quote for
    ask(); score and each hit's best line for search().

    A subclass gives `config`, `embedder`, `model_note`, `notes`, `doc_rows`, coverage(),
    docs_matching(), helper() and the hooks below: the pull, whether every passage has a
    vector (and the words saying why not), the scope check, and where the quote reads lines.
    """

    def _pull(self, q: question.Query, cfg: Config, clock: Clock) -> Pulled:
        raise NotImplementedError

    def _complete(self) -> bool:
        raise NotImplementedError

    def _incomplete(self, short: bool) -> str:
        raise NotImplementedError

    def _lacking(self, paths, words, said) -> dict:
        raise NotImplementedError

    def _scope(self, q, cands, context: Callable[[Candidate], str] = lambda c: "",
               passage: Callable[[Candidate], str] = lambda c: "") -> dict | None:
        """For each candidate's path, the scope words (engine/scope.py) its document never
        uses, as typed: the question's class and rule-subject words, and the words it names a
        candidate's document by that neither this document's text nor its file name says (a
        state's name is said by its postal code: score.state_codes);
        and the part of a year it reports where the question asks for another (a half-year
        report for "the full year 2023": scope.other_period, read from the file name and
        `context(c)`, the document's title lines), unless the document's best passage
        (`passage(c)`) names the asked period itself (scope.states_asked)."""
        paths = [c.path for c in cands]
        names = {p: path_names(p, q.initials) for p in dict.fromkeys(paths)}
        named = scope.naming(q.text, q.terms, paths, names.__getitem__, common_terms(), q.scope)
        out: dict[str, tuple[str, ...]] = dict(self._lacking(paths, q.scope, q.said)) if q.scope else {}
        for t in named:  # only the documents whose file name does not give it are looked up
            for p, ws in self._lacking([p for p in names if t not in names[p]], (t,), q.said).items():
                if any(p not in self._lacking([p], (code,), {}) for code in state_codes(t)):
                    continue  # a table's "CA" column writes California
                out[p] = out.get(p, ()) + ws
        if (asked := scope.asked_period(q.text)) is not None:
            for c in {c.path: c for c in reversed(cands)}.values():  # each document's best passage
                reported = scope.document_period(c.path, context(c))
                if reported and scope.states_asked(asked, reported, passage(c)):
                    continue
                if gap := scope.other_period(asked, reported):
                    out[c.path] = out.get(c.path, ()) + (gap,)
        return {p: out[p] for p in dict.fromkeys(paths) if p in out} or None

    def _opening_of(self, q) -> Callable[[int], str]:
        """A document rowid's first terms.DOCUMENT_OPENING lines, read only when the question
        opens with a clause naming the document it asks of (terms.document_names)."""
        if not q.doc_names:
            return lambda doc: ""
        return lambda doc: "\n".join(text for _, _, text in self.texts.lines(doc, 0, DOCUMENT_OPENING - 1))

    def failed_files(self) -> int:
        """How many files of the folder failed to read (for a refusal when none was read)."""
        return 0

    def _edges(self, doc: int, n: int = 60) -> list[str]:
        """The first and last `n` lines of a document (where it says what it supersedes)."""
        total = self.doc_rows[doc].n_lines
        spans = [(0, min(n, total) - 1)] + ([(max(n, total - n), total - 1)] if total > n else [])
        return [text for a, b in spans for _, _, text in self.texts.lines(doc, a, b)]

    @property
    def texts(self):
        """What the quote reads a passage's lines, OCR marks and furniture from (a Store's
        lines(), ocr_marks() and furniture())."""
        raise NotImplementedError

    # -- a question --------------------------------------------------------------------
    def ask(self, question: str, *, id: str | None = None, path: str | None = None,
            candidates: int | None = None, explain: bool = False,
            timings: dict | None = None, hyde: str | None = None,
            fusion: str | None = None, config: Config | None = None) -> Answer:
        """Answer one question. `timings`, when given, is filled with the seconds each stage
        took (keys in STAGES); they never enter the answer, which stays byte-deterministic.
        `hyde`: a written hypothetical passage the vector arm embeds instead of the question;
        `fusion`: "minmax" or "rrf" (default: the configuration's); `config`: settings for
        this question only (the engine's otherwise)."""
        clock = Clock()
        try:
            with blas.one_thread():
                return self._ask(question, id, path, candidates, explain, clock, hyde, fusion,
                                 config or self.config)
        finally:
            if timings is not None:
                timings.update(clock.done())

    def _ask(self, text, id, path, candidates, explain, clock: Clock, hyde, fusion,
             cfg: Config) -> Answer:
        q = question.for_ask(text, cfg, notes=self.notes, vectors=self._vectors(cfg),
                             docs_matching=self.docs_matching, path=path,
                             candidates=candidates, hyde=hyde, fusion=fusion)
        n_shown = (candidates or 10) if (candidates or explain) else 0
        common = dict(id=id, question=q.text, coverage=self.coverage(), explain=explain)
        pulled = self._pull(q, cfg, clock)
        if pulled.notes:  # never silently less: e.g. a shard that did not answer
            q = dataclasses.replace(q, notes=tuple(q.notes) + pulled.notes)
        doc_rows = self.doc_rows
        if not len(pulled.pool):
            searched = len(q.docs) if q.docs is not None else len(doc_rows)
            failed = 0 if searched else self.failed_files()
            refusal = nothing_found(tuple(q.said.get(t, t) for t in q.terms), searched,
                                    cfg.coverage_floor, failed)
            return Answer(citations=(), refusal=refusal, method=self._method(None, q),
                          candidates=() if n_shown else None, notes=q.notes, **common)
        ranked = score(q, pulled, cfg, clock, lambda d: doc_rows[d].path, _context_of(cfg, doc_rows),
                       self._opening_of(q))
        cands = ranked.candidates(max(cfg.kind_depth + 2 + cfg.answer_pick_depth, n_shown), doc_rows, q.said)
        clock.lap("fuse_rerank")
        common.update(method=self._method(ranked, q), notes=q.notes,
                      candidates=tuple(cands[:n_shown]) if n_shown else None)
        rows = {r.id: r for r in pulled.pool.rows}  # a candidate's passage row, by rowid
        context = _context_of(cfg, doc_rows)
        lacks = self._scope(q, cands, lambda c: context(rows[c.rowid].doc),
                            lambda c: rows[c.rowid].context + "\n" + rows[c.rowid].text)
        asked = frozenset(q.terms)
        d = decide(cands, q.required, cfg, vectors="embed" in ranked.raw, kinds=q.kinds, lacks=lacks,
                   span=lambda c: (rows[c.rowid].first, rows[c.rowid].last),
                   named=lambda c: asked & frozenset(path_names(c.path, q.initials, context(rows[c.rowid].doc))))
        clock.lap("gate")
        held = None  # a winner short of coverage only, relieved: its refusal and gate
        if (d.refusal is not None and short_of_coverage(d.refusal, cfg) and q.kinds
                and d.winner.path not in (lacks or {}) and d.winner.kind is not False):
            held = (d.refusal, d.gate)
            d = dataclasses.replace(d, refusal=None)
        if d.refusal is not None:
            return Answer(citations=(), refusal=d.refusal, gate=d.gate, **common)
        return self._answer(q, cfg, clock, pulled, ranked, rows, cands, d, lacks, held, common)

    def _answer(self, q, cfg: Config, clock: Clock, pulled, ranked, rows, cands, d, lacks, held,
                common: dict) -> Answer:
        """The quote stage of `_ask`, past the gate: the winner's (and the runner-up's) lines,
        the fallbacks when neither gives one, the pick by answer line, and the checks after
        (`rows`: the pool's passage rows by rowid; `held`: the refusal and gate a winner short
        of coverage was relieved of, or None)."""
        doc_rows = self.doc_rows

        def quoted_for(d):
            return quote(d, pulled.pool, self.texts, q, ranked.rarity, cfg,
                         lambda lines: line_sims(lines, pulled.qvec, self.embedder, cfg, self.helper()),
                         # the words naming the document: its path's (its title lines hold
                         # topic words too: "Schedule of Permit Fees")
                         lambda doc: path_names(doc_rows[doc].path, q.initials),
                         _context_of(cfg, doc_rows))

        quoted = quoted_for(d)
        for farther in d.fallbacks if quoted.refusal is not None else ():
            # neither the winner nor the runner-up gave a line: the fallbacks (gate/decide.py)
            # are tried in turn, the first that gives a line answering as the runner-up
            behind = dataclasses.replace(d, runner=farther)
            tried = quoted_for(behind)
            if tried.refusal is None:
                d, quoted = behind, tried
                break
        if quoted.refusal is None and cfg.answer_pick_depth > 0 and held is None and firm(q.kinds):
            d, quoted = pick_by_line(d, quoted, cands, cfg, quoted_for,
                                     lambda c: passes_gate(c, q, cfg, lacks, "embed" in ranked.raw),
                                     q.kinds, q.terms)
        clock.lap("quote")
        if held is not None:  # the line itself must speak of the question (short_of_coverage)
            names = path_names(doc_rows[rows[d.winner.rowid].doc].path, q.initials)
            if quoted.refusal is not None or not speaks_strongly(quoted.citations[0], q, names):
                return Answer(citations=(), refusal=held[0], gate=held[1], **common)
        if quoted.refusal is None and cfg.versions:  # two versions of one document that disagree
            vec = "embed" in ranked.raw
            both = versions.across(
                d, cands, q, cfg,
                # another version of the winner's document: its names, coverage and kind as
                # the gate asks, its score judged with the winner's (which cleared the floor)
                passes=lambda c: fits(c, q.kinds, lacks) and check(
                    c, dataclasses.replace(cfg, score_floor=0.0, score_floor_lexical=0.0), q.required, vec) is None,
                dated=lambda c: doc_rows[rows[c.rowid].doc].dated,
                quote_pair=lambda a, b: quoted_for(dataclasses.replace(d, winner=a, runner=b)).citations,
                edges=lambda c: self._edges(rows[c.rowid].doc))
            if both is not None:
                return Answer(citations=both[0], refusal=None, gate=d.gate, versions=both[1], **common)
        return Answer(citations=quoted.citations, refusal=quoted.refusal, gate=d.gate, **common)

    # -- a ranked search (no gate) -----------------------------------------------------
    def search(self, query: str, *, k: int = 10, arms: str = "all", fusion: str | None = None,
               path: str | None = None, hyde: str | None = None, explain: bool = False,
               config: Config | None = None) -> SearchResult:
        """The top `k` passages for `query` in the order `ask` ranks its candidates (same pull,
        arms, fusion and rerank), without the gate; each with its single best line.

        `arms`: "all" or "bm25" / "tfidf" / "embed" joined by "+". The vector arm with no
        vectors raises nothing: it contributes no hits and a note says why. `hyde`: a
        written hypothetical passage the vector arm embeds instead of the query."""
        cfg = config or self.config
        with blas.one_thread():
            q = question.for_search(query, cfg, notes=self.notes, vectors=self._vectors(cfg),
                                    docs_matching=self.docs_matching, k=k, arms=arms, path=path,
                                    hyde=hyde, fusion=fusion)
            clock = Clock()
            pulled = self._pull(q, cfg, clock)
            doc_rows = self.doc_rows
            ranked = (score(q, pulled, cfg, clock, lambda d: doc_rows[d].path, _context_of(cfg, doc_rows))
                      if len(pulled.pool) else None)
            hits = self._hits(ranked, k, pulled.qvec, q, cfg) if ranked is not None else []
        notes = list(q.notes) + list(pulled.notes)
        if len(hits) < k and not (q.arms == ("embed",) and not self._vectors(cfg).ready):
            where = f" under --path {path!r}" if path else ""
            n = len(hits)
            notes.append(f"only {n} passage{'s' * (n != 1)}{where} match{'es' * (n == 1)} the query, "
                         f"asked for {k}")
        return SearchResult(query=q.text, k=k, arms=tuple(ranked.raw) if ranked else (),
                            fusion=q.fusion, hits=tuple(hits), method=self._method(ranked, q, "list"),
                            coverage=self.coverage(), notes=tuple(notes), explain=explain)

    def _hits(self, ranked, k: int, qvec, q: question.Query, cfg: Config) -> list[Hit]:
        """The first k of the order, each with its passage's single best line."""
        top = ranked.order[:k]
        rows = [ranked.pool.rows[s.i] for s in top]
        texts = self.texts
        lines = [texts.lines(r.doc, r.first, r.last) for r in rows]
        sims = line_sims(lines, qvec, self.embedder, cfg, self.helper())
        hits = []
        for n, (s, row, passage_lines, sim) in enumerate(zip(top, rows, lines, sims), 1):
            best = choose_lines(passage_lines, q.terms, ranked.rarity, cfg, 1, sim, q.kinds,
                                texts.ocr_marks(row.doc, row.first, row.last),
                                texts.furniture(row.doc, row.first, row.last), require_kind=False)
            doc = self.doc_rows[row.doc]
            hits.append(Hit(rank=n, doc_id=doc.doc_id, path=doc.path, locator=row.span,
                            score=ranked.fused[s.i], line=best[0] if best else None,
                            arms=ranked.arm_scores(s.i), passage_id=row.pid,
                            rerank=s.score, coverage=s.coverage))
        return hits

    # -- what every query reads ----------------------------------------------------------
    def _vectors(self, cfg: Config) -> question.Vectors:
        if self.embedder is None:
            missing = f"no vectors: {self.model_note or 'no embedding model'}"
        else:
            missing = f"no vectors: {self._incomplete(short=False)}"
        return question.Vectors(self._complete(), missing)

    def _method(self, ranked, q: question.Query, last: str = "gate") -> str:
        model = ModelState(self.model_note, self.embedder is not None,
                           None if self._complete() else self._incomplete(short=True))
        if ranked is None:
            return describe(None, None, 0, model, asked=q.arms, last=last)
        with_vec = ranked.with_vec if "embed" in ranked.raw else None
        return describe(list(ranked.raw), with_vec, len(ranked.pool), model, fusion=q.fusion,
                        hyde=q.hyde is not None, asked=q.arms, last=last)


def passes_gate(c, q, cfg: Config, lacks, vectors: bool) -> bool:
    """A candidate that could answer in the winner's place: in scope, holding the asked kind
    (when a firm one is asked), every name and number the question gives and the coverage
    floor; its score is judged with the winner's, which cleared the score floor (the pick's
    margin), as another version's is (engine/versions.py)."""
    return fits(c, q.kinds if firm(q.kinds) and cfg.kind_depth > 0 else (), lacks) \
        and check(c, dataclasses.replace(cfg, score_floor=0.0, score_floor_lexical=0.0), q.required, vectors) is None


def pick_by_line(d, quoted, cands, cfg: Config, quoted_for, passes, kinds=(), qterms=()):
    """The answer as the gate chose it, or a candidate close behind its winner whose answer
    line says more of the question (cfg.answer_pick_depth, answer_pick_margin,
    answer_pick_gain): each of the next candidates that `passes` (passes_gate) and scores
    within the margin of the winner is quoted alone, and the one whose answer line
    (_answer_line) scores higher than the answer's first citation's by the gain, and
    highest, is quoted first, the earlier in the order on a tie; the citation it displaced
    stands as its runner-up. Returns the decision and its quote."""
    # the passage the answer quotes first: the winner's, or the runner-up's when the winner
    # gave no lines
    before = d.winner if quoted.winner_quoted else d.runner
    best, best_score = None, _answer_line(quoted.citations[0], kinds, qterms)
    at = next(i for i, c in enumerate(cands) if c.rowid == d.winner.rowid)
    for c in cands[at + 1 : at + 1 + cfg.answer_pick_depth]:
        if c.rowid == before.rowid:
            continue
        if c.score < d.winner.score - cfg.answer_pick_margin or not passes(c) or says_less(c, d.winner):
            continue
        tried = quoted_for(dataclasses.replace(d, winner=c, runner=None))
        if tried.refusal is not None:
            continue
        line = _answer_line(tried.citations[0], kinds, qterms)
        if line > best_score + cfg.answer_pick_gain:
            best, best_score = c, line
    if best is None:
        return d, quoted
    picked = dataclasses.replace(d, winner=best, runner=before)
    return picked, quoted_for(picked)


def _answer_line(citation, kinds, qterms) -> float:
    """The score (quote/lines.line_score) of a citation's best line holding the kind asked;
    of its best line when none holds it alone (a label's value is the unit's). A line
    restating the question without the value ("... in the June 10, 2014 Operations
    Committee") holds no value of the kind (kinds.evidence: the question's own)."""
    lines = citation.lines
    return max((ln.score for ln in lines if holds(ln.text, kinds, qterms)),
               default=max(ln.score for ln in lines))


def short_of_coverage(refusal, cfg: Config) -> bool:
    """The gate refused only for coverage, short of its floor by at most cfg.line_relief."""
    return (cfg.line_relief > 0 and refusal.reason == "below_floor" and len(refusal.failed) == 1
            and refusal.failed[0][0] == "coverage"
            and refusal.failed[0][1] >= refusal.failed[0][2] - cfg.line_relief - 1e-9)


def speaks_strongly(citation, q: question.Query, names) -> bool:
    """The citation's first line holds the asked kind, and its lines say at least half of the
    question's words that are neither its document's names nor the words asking for the kind
    (two at least)."""
    if not citation.lines or not holds(citation.lines[0].text, q.kinds, q.terms):
        return False
    topic = [t for t in q.terms if t not in names and t not in kind_words(q.kinds)]
    said = set().union(*(content_terms(ln.text) for ln in citation.lines))
    have = sum(t in said for t in topic)
    return have >= 2 and 2 * have >= len(topic)


class Engine(Answering):
    """A documents folder with its index and model, loaded once, answering many questions.

    Refreshing (and `rebuild`) takes the index's write lock; another process holding it is
    waited for up to `wait` seconds (`notify` hears about it once), after which a refresh uses
    the index as it is and says so in `notes`, while a rebuild raises. Between refreshes the
    engine reads one committed snapshot of the index (engine/index/session.py).

    `embed` says how much embedding a refresh does before the engine answers: "read" (the
    default) every passage of the documents it read and up to `embed_backlog` passages an
    earlier run left without vectors; "all" every passage without a vector; "bounded" all of
    them when at most `embed_backlog` lack one and none otherwise, so that a question on a
    large new folder is answered at once (the command line's single question); "background"
    as "bounded", for a server that embeds the rest on a thread of its own and then calls
    reload() (engine/serve/background.py; the notes say vectors are on their way). Until
    every passage has a vector, answers come from the words alone (and say so); asking never
    embeds anything, so an answer does not depend on the questions asked before it.

    ask() and search() may run on several threads at once (the server answers so): they
    share the snapshot and read it only. refresh(), reload() and close() change it, so they
    must not run during them (engine/serve/service.py holds a read-write lock for that).
    """

    def __init__(self, docs: str | Path, *, index: str | Path | None = None,
                 config: Config | None = None, embed_model: str | None = None,
                 embed_model_dir: str | Path | None = None, refresh_index: bool = True,
                 progress: Callable[[str, int, int], None] | None = None,
                 rebuild: bool = False, wait: float = LOCK_WAIT,
                 notify: Callable[[str], None] | None = None, embed: str = "read",
                 ray: str | None = None, shard: tuple[int, int] | None = None):
        if embed not in EMBED_MODES:
            raise UsageError(f"embed must be one of {', '.join(map(repr, EMBED_MODES))}, not {embed!r}",
                             "see the Engine docstring")
        self.docs = Path(docs)
        self.config = config or Config()
        self.index_path = Path(index) if index else default_index_path(self.docs)
        self.index = OpenIndex(self.docs, self.index_path, self.config, embed=embed,
                               progress=progress, wait=wait, notify=notify)
        if shard is not None:  # shard k of n: an index over that part of the folder (issue 19)
            from .index.shards import selects

            self.index.select = selects(*shard)
        self._helper: ThreadPoolExecutor | None = None
        self._helper_made = threading.Lock()  # questions answered at once make it once
        self.ray = ray  # --ray ADDRESS: embedding on a Ray cluster ("local": one started here)
        self._cluster = None  # the Ray actors that embed, made when there is work
        try:
            self.index.open(rebuild)
            self.choice = ModelChoice.from_settings(embed_model, embed_model_dir)
            self.embedder: Embedder | None = None
            cfg = self.config
            # the model loads on a thread while the refresh walks the folder (the walk's stat
            # calls and SQLite let it run): a cold question at 300k passages starts 0.3 s
            # sooner. The refresh waits for it before embedding anything.
            with ThreadPoolExecutor(1, thread_name_prefix="ask-model") as pool:
                loading = pool.submit(load_embedder, self.choice, cfg.embed_batch, cfg.embed_tokens,
                                      cfg.embed_threads)

                def model_loaded() -> None:
                    self.embedder, self.model_note = loading.result()
                    self.index.attach(self.embedder, self._on_cluster if ray else lambda: load_embedder(
                        self.choice, cfg.embed_batch, cfg.embed_tokens, jobs(cfg.embed_jobs))[0])

                if refresh_index or rebuild:
                    self.index.refresh(before_embedding=model_loaded)
                else:
                    model_loaded()
                    self.index.load_as_is()
        except BaseException:
            self.close()
            raise
        finally:
            self.index.lock.release()  # a rebuild holds it from before clearing until its refresh ends

    # -- the index, as this engine sees it ---------------------------------------------
    def refresh(self) -> RefreshReport | None:
        """Bring the index up to date with the folder; see OpenIndex.refresh."""
        return self.index.refresh()

    def reload(self) -> None:
        """A new snapshot of the index, with no refresh: what another writer committed since
        (a server's background embedding) is seen by the next question."""
        self.index.load_as_is()

    store = property(lambda self: self.index.store)
    notes = property(lambda self: self.index.notes, doc="about the index as this engine sees it")
    report = property(lambda self: self.index.report)
    embedded = property(lambda self: self.index.embedded, doc="passages embedded by the last refresh")
    doc_rows = property(lambda self: self.index.doc_rows)
    embed_mode = property(lambda self: self.index.embed_mode)

    def coverage(self) -> Coverage:
        return self.index.coverage()

    def exclusions(self):
        """The folder's exclusion policy as it is now (.askignore files read afresh):
        engine/index/exclude.py."""
        from .index.exclude import Exclusions

        return Exclusions(self.docs, self.config.exclude)

    def docs_matching(self, pattern: str) -> list[int]:
        """Document rowids whose relative path matches a glob (or a bare file name)."""
        return self.index.docs_matching(pattern)

    def failed_files(self) -> int:
        return sum(1 for r in self.store.documents().values() if r.status == "failed" and r.kind != "folder")

    def _on_cluster(self):
        """--ray: the embedder whose batches run on Ray actors (engine/index/cluster.py),
        made once, when a refresh has passages to embed."""
        if self._cluster is None and self.embedder is not None:
            from .index.cluster import RayEmbedder

            self._cluster = RayEmbedder(self.ray, self.choice, self.embedder,
                                        actors=self.config.embed_jobs or None, log=self._say)
        return self._cluster

    def _say(self, text: str) -> None:
        if self.index.notify is not None:
            self.index.notify(text)

    def close(self) -> None:
        if self._cluster is not None:
            self._cluster.close()
            self._cluster = None
        if self._helper is not None:
            self._helper.shutdown()
            self._helper = None
        self.index.close()

    def __enter__(self) -> "Engine":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- what the stages read (Answering's hooks) ----------------------------------------
    texts = store

    def _pull(self, q: question.Query, cfg: Config, clock: Clock) -> Pulled:
        return pull(q, self.index, cfg, self.helper(), clock)

    def _complete(self) -> bool:
        return self.index.complete

    def _incomplete(self, short: bool) -> str:
        return self.index.incomplete_short() if short else self.index.incomplete_words()

    def _lacking(self, paths, words, said) -> dict:
        return self.index.lacking(paths, words, said)

    def helper(self) -> ThreadPoolExecutor:
        """The one helper thread: full-text searches during the question's embedding, half
        of the quoted lines' embedding."""
        with self._helper_made:
            if self._helper is None:
                self._helper = ThreadPoolExecutor(max_workers=1, thread_name_prefix="ask-search")
            return self._helper


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
