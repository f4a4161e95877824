"""The index while an engine has it open: lock, rebuild, refresh, snapshot, document rows,
counts and the notes about it.

In: the documents folder, the index path, the configuration and the embedding model. Out:
a Store holding one read snapshot between refreshes, the documents it shows, how many
passages have vectors, and plain-words notes (another process still updating the index,
vectors not all made yet). Refuses: a rebuild of a folder that is not there, and a rebuild
while another process keeps the write lock past `wait` seconds.
"""
from __future__ import annotations

import fnmatch
from pathlib import Path
from typing import Callable, Mapping, Sequence

from ..config import Config
from .. import scope
from ..embed import Embedder
from ..errors import IndexError_, docs_missing, holder_words, index_busy
from ..types import Coverage
from .location import IndexLock
from .matrix import VectorCache
from .refresh import RefreshReport, refresh
from .store import DocRow, Store, prepare_rebuild
from .vectors import embed_missing, session_for

EMBED_MODES = ("read", "all", "bounded", "background")


class OpenIndex:
    """One index file opened for an engine. `embed` says how much embedding a refresh does:
    "read" every passage of the documents it read and up to `embed_backlog` passages an
    earlier run left without vectors; "all" every passage without a vector; "bounded" all of
    them when at most `embed_backlog` lack one and none otherwise; "background" as "bounded",
    for a caller that embeds the rest itself while answering (a server, engine/serve/
    background.py): the notes then say that vectors are on their way."""

    def __init__(self, docs: Path, path: Path, config: Config, *, embed: str,
                 progress: Callable[[str, int, int], None] | None, wait: float,
                 notify: Callable[[str], None] | None):
        self.docs, self.path, self.config = docs, path, config
        self.embed_mode, self.progress, self.wait, self.notify = embed, progress, wait, notify
        self.lock = IndexLock(path)
        self.store: Store | None = None
        self.embedder: Embedder | None = None
        self._bulk: Callable[[], Embedder | None] | None = None
        self.vectors: VectorCache | None = None
        self.notes: tuple[str, ...] = ()
        self.report: RefreshReport | None = None
        self.embedded = 0  # passages embedded by the last refresh
        self.select: Callable[[str], bool] | None = None  # a shard's files only (shards.py)
        self.doc_rows: dict[int, DocRow] = {}
        self._coverage: Coverage | None = None

    def open(self, rebuild: bool) -> None:
        """Open the store; a rebuild first takes the lock (kept until its refresh ends) and
        empties or deletes the old index."""
        if rebuild:
            if not self.docs.is_dir():  # check before clearing anything
                raise docs_missing(self.docs)
            self.take_lock(required=True)
            prepare_rebuild(self.path)
        self.store = Store(self.path)

    def attach(self, embedder: Embedder | None,
               bulk: Callable[[], Embedder | None] | None = None) -> None:
        """The model whose vectors this index's counts, matrix and refreshes use; `bulk` loads
        the same model set to use every core (embed_jobs), for the refresh's embedding only:
        loaded when there is something to embed (a question's own vector stays on one thread,
        faster for one short text). The vectors are the same whichever session makes them."""
        self.embedder, self._bulk = embedder, bulk
        self.vectors = VectorCache(self.store, embedder)

    # -- refresh -----------------------------------------------------------------
    def refresh(self, before_embedding: Callable[[], None] | None = None) -> RefreshReport | None:
        """Bring the index up to date with the folder under the write lock; returns the report.
        `before_embedding` runs once the files are read and before any vector is made or
        counted (the engine's first refresh: the model loads meanwhile, then attaches).

        When another process keeps the lock past `wait` seconds, nothing is refreshed: the
        index is used as it is, `notes` says so, and the previous report (or None) is returned.
        """
        self.store.release_snapshot()
        took = not self.lock.held
        try:
            if took and not self.take_lock(required=False):
                if before_embedding is not None:
                    before_embedding()
                self.load()
                self.notes = (self._busy_note(),)
                return self.report
            self.notes = ()
            self.report = refresh(self.store, self.docs, self.config, self.progress, select=self.select)
            if before_embedding is not None:
                before_embedding()
            self.embedded = self._embed()
        finally:
            if took:
                self.lock.release()
        self.load()
        self.notes = self._vector_notes()
        return self.report

    def _embed(self) -> int:
        if self.embedder is None:
            return 0
        mode, backlog = self.embed_mode, self.config.embed_backlog
        bounded = mode in ("bounded", "background")
        return embed_missing(
            self.store, self.embedder, self.progress, bulk=self._bulk,
            fresh=self.report.read_paths if mode == "read" else (),
            backlog=None if mode == "all" else 0 if bounded else backlog,
            all_up_to=backlog if bounded else 0)

    def embedder_for(self, n: int) -> Embedder | None:
        """The session to embed `n` passages with: the many-core one for many (as a refresh
        uses), the question's own for a few; None without a model."""
        return session_for(n, self.embedder, self._bulk) if self.embedder is not None else None

    @property
    def complete(self) -> bool:
        """Every passage has a vector from the loaded model: the vector arm may run. Until
        then answers come from the words alone, so an answer never depends on how far an
        unfinished embedding has got (docs/decisions.md, issue 15)."""
        cov = self.coverage()
        return self.embedder is not None and cov.passages > 0 and cov.vectors >= cov.passages

    def incomplete_short(self) -> str:
        """The method line's words for vectors not all made: "only 3 of 4 passages have them (75%)"."""
        cov = self.coverage()
        share = cov.vectors / cov.passages if cov.passages else 0.0
        return f"only {cov.vectors} of {cov.passages} passages have them yet ({share:.0%})"

    def incomplete_words(self) -> str:
        """Why the vectors are not used yet, and how to finish, in plain words."""
        cov = self.coverage()
        share = cov.vectors / cov.passages if cov.passages else 0.0
        finish = ("the server is embedding the rest in the background and answers switch to "
                  "vectors when it is done" if self.embed_mode == "background" else
                  "`ask --docs DIR --embed` embeds the rest, resumable")
        return (f"{cov.vectors} of {cov.passages} passages have vectors ({share:.0%}); answers "
                f"use the words alone until all have ({finish})")

    def _vector_notes(self) -> tuple[str, ...]:
        cov = self.coverage()
        if self.embedder is None or cov.vectors >= cov.passages:
            return ()
        before = (f"; each run embeds up to {self.config.embed_backlog} more before answering"
                  if self.embed_mode == "read" else "")
        return (self.incomplete_words() + before,)

    def _busy_note(self) -> str:
        cov = self.coverage()
        return (f"another ask{holder_words(self.lock.holder())} is still updating this index; not waiting longer "
                f"than {self.wait:g} s, so this uses the index as it is ({cov.documents} "
                f"documents, {cov.passages} passages so far)")

    def take_lock(self, required: bool) -> bool:
        """The write lock, waiting up to `wait` seconds; False (or an error when `required`)
        when another process keeps it."""
        def waiting(holder: int | None) -> None:
            if self.notify is not None:
                self.notify(f"another ask{holder_words(holder)} is updating this index; waiting up "
                            f"to {self.wait:g} s…")

        try:
            if self.lock.acquire(self.wait, waiting):
                return True
        except OSError as e:
            raise IndexError_(f"cannot lock the index: {self.lock.path}: {e.strerror}",
                              "use --index PATH to put the index somewhere writable") from None
        if not required:
            return False
        raise index_busy(self.path, self.lock.holder(), self.wait)

    def load_as_is(self) -> None:
        """The index as it is, with no refresh: the snapshot, and the notes about its vectors."""
        self.load()
        self.notes = self._vector_notes()

    # -- the snapshot ------------------------------------------------------------
    def load(self) -> None:
        """Hold one read snapshot until the next refresh and read its documents."""
        self.store.hold_snapshot()  # every read until the next refresh sees this one state
        if self.vectors is not None:
            self.vectors.reset()
        self._coverage = None
        self.doc_rows = {r.id: r for r in self.store.documents().values() if r.status == "ok"}

    def coverage(self) -> Coverage:
        """Documents, passages and vectors of the current model in the snapshot (counted once)."""
        if self._coverage is None:
            model = self.embedder.identity if self.embedder else None
            n_docs, n_pass, n_vec = self.store.counts(model)
            self._coverage = Coverage(documents=n_docs, passages=n_pass, vectors=n_vec, model=model)
        return self._coverage

    def docs_matching(self, pattern: str) -> list[int]:
        return docs_matching(self.doc_rows, pattern)

    def lacking(self, paths: Sequence[str], words: Sequence[str], said: Mapping[str, str]
                ) -> dict[str, tuple[str, ...]]:
        """For each path, the scope words (engine/scope.py) its document never uses, as typed."""
        ids = {row.path: doc_id for doc_id, row in self.doc_rows.items()}
        holding: dict[str, frozenset[int]] = {}  # each term's documents, looked up once (a mode's
        # parts too: scope._held)

        def has(path: str, term: str) -> bool:
            if term not in holding:
                holding[term] = self.store.docs_holding(term)
            return ids[path] in holding[term]

        return scope.lacking(paths, words, has, said)

    def close(self) -> None:
        self.lock.release()
        if self.store is not None:
            self.store.close()


def docs_matching(doc_rows: Mapping[int, DocRow], pattern: str) -> list[int]:
    """Document rowids whose relative path matches a glob (or, for a bare name, whose file
    name does), in rowid order."""
    pat = pattern.replace("\\", "/").removeprefix("./")
    out = []
    for doc_id, row in sorted(doc_rows.items()):
        name = row.path.rsplit("/", 1)[-1]
        if fnmatch.fnmatchcase(row.path, pat) or ("/" not in pat and fnmatch.fnmatchcase(name, pat)):
            out.append(doc_id)
    return out
