"""The vector matrix an open engine reads.

In: the store's snapshot and the model. Out: every stored vector of that model as one
matrix (ids, document ids, vectors), loaded once per snapshot: from the vector file beside
the index when it was made from exactly this snapshot (vecfile.py), else from SQLite, which
then writes the file for the next process. Refuses nothing: a cache.
Asking never embeds passages: vectors are made by the refresh only (index/vectors.py).
"""
from __future__ import annotations

import threading
from pathlib import Path

from ..embed import Embedder
from . import vecfile
from .store import Store


class VectorCache:
    def __init__(self, store: Store, embedder: Embedder | None):
        self.store, self.embedder = store, embedder
        self._matrix = None
        self.source = ""  # where the last matrix came from: "file" or "sqlite"
        self._loading = threading.Lock()  # questions answered at once load it once

    def reset(self) -> None:
        """A new snapshot: the matrix is read again when next needed."""
        self._matrix = None

    def matrix(self):
        """All stored vectors of the current model as (ids, document ids, matrix)."""
        got = self._matrix
        if got is None:
            with self._loading:
                if self._matrix is None:
                    self._matrix = self._load()
                got = self._matrix
        return got

    def _load(self):
        tag = self.store.vector_tag(self.embedder.identity)
        index = Path(self.store.path)
        got = vecfile.load(index, tag)
        if got is not None:
            self.source = "file"
            return got
        self.source = "sqlite"
        got = self.store.vector_matrix(self.embedder.identity)
        vecfile.save(index, tag, *got)
        return got
