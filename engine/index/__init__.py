"""The index: one SQLite file holding documents, lines, passages, FTS5 terms and vectors.

store.py opens and queries it; refresh.py brings it up to date with the folder;
vectors.py fills in passage embeddings; location.py says where it lives by default.
"""
from .location import default_index_path
from .store import Store

__all__ = ["Store", "default_index_path"]
