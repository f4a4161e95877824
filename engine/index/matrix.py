"""The vector matrix an open engine reads.

In: the store's snapshot and the model. Out: every stored vector of that model as one
matrix (ids, document ids, vectors), loaded once per snapshot. Refuses nothing: a cache.
Asking never embeds passages: vectors are made by the refresh only (index/vectors.py).
"""
from __future__ import annotations

from ..embed import Embedder
from .store import Store


class VectorCache:
    def __init__(self, store: Store, embedder: Embedder | None):
        self.store, self.embedder = store, embedder
        self._matrix = None

    def reset(self) -> None:
        """A new snapshot: the matrix is read again when next needed."""
        self._matrix = None

    def matrix(self):
        """All stored vectors of the current model as (ids, document ids, matrix)."""
        if self._matrix is None:
            self._matrix = self.store.vector_matrix(self.embedder.identity)
        return self._matrix
