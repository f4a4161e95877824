"""The vector matrix an open engine reads, and the vectors it embedded on demand.

In: the store's snapshot and the model. Out: every stored vector of that model as one
matrix (ids, document ids, vectors), loaded once per snapshot; vectors made for single
questions kept in memory and written to the index at the next refresh or close (only
where the passage is still the one embedded). Refuses nothing: a cache.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from ..embed import Embedder
from ..types import passage_text
from .store import PassageRow, Store


class VectorCache:
    def __init__(self, store: Store, embedder: Embedder | None):
        self.store, self.embedder = store, embedder
        self._matrix = None
        self.extra: dict[int, np.ndarray] = {}  # vectors embedded on demand, not yet stored
        self._made_from: dict[int, tuple[str, str]] = {}  # ... and what they were made from

    def reset(self) -> None:
        """A new snapshot: the matrix is read again when next needed."""
        self._matrix = None

    def matrix(self):
        """All stored vectors of the current model as (ids, document ids, matrix)."""
        if self._matrix is None:
            self._matrix = self.store.vector_matrix(self.embedder.identity)
        return self._matrix

    @property
    def pending(self) -> bool:
        return bool(self.extra)

    def embed(self, rows: Sequence[PassageRow]) -> None:
        """Embed these passages now and keep their vectors until they are stored."""
        vecs = self.embedder.embed([passage_text(r.text, r.context) for r in rows])
        self.extra.update((r.id, v) for r, v in zip(rows, vecs))
        self._made_from.update((r.id, (r.pid, r.context)) for r in rows)

    def store_extra(self) -> None:
        """Store the vectors embedded on demand (the caller holds the write lock)."""
        if not self.extra or self.embedder is None:
            return
        self.store.release_snapshot()  # the index as it is now (no writer: we hold the lock)
        ids = sorted(self.extra)
        stored = self.store.with_vectors(self.embedder.identity, ids)
        now = self.store.passages(ids)
        # only where the passage is still the one embedded (same content id and context)
        rows = [(i, self.extra[i]) for i in ids
                if i not in stored and i in now and (now[i].pid, now[i].context) == self._made_from[i]]
        if rows:
            with self.store.transaction():
                self.store.put_vectors(self.embedder.identity, rows)
        self.extra, self._made_from = {}, {}
