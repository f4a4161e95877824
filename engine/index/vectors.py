"""Vectors: embed every passage that has no vector from the current model, and store them.

Vectors made by another model are dropped first (never mixed). Work is committed in
groups of GROUP passages, one transaction each, so a run killed mid-way keeps every finished
group and the next run embeds only what is still missing.
"""
from __future__ import annotations

from typing import Callable

from ..embed import Embedder
from .store import Store

GROUP = 256  # passages per commit


def embed_missing(store: Store, embedder: Embedder,
                  progress: Callable[[str, int, int], None] | None = None) -> int:
    """Embed passages lacking a vector from `embedder`; returns how many were embedded."""
    if store.has_vectors_not_from(embedder.identity):  # no write at all when there is none
        with store.transaction():
            store.drop_vectors_not_from(embedder.identity)
    todo = store.passages_missing_vectors(embedder.identity)
    # shortest first across the whole backlog: batches hold passages of similar length, so
    # fastembed pads little (ties by passage id keep the order total)
    todo.sort(key=lambda r: (len(r[1]) + len(r[2]), r[0]))
    done = 0
    for start in range(0, len(todo), GROUP):
        group = todo[start : start + GROUP]
        texts = [f"{ctx}\n{text}" if ctx else text for _, text, ctx in group]
        vecs = embedder.embed(texts)
        with store.transaction():
            store.put_vectors(embedder.identity, [(pid, v) for (pid, _, _), v in zip(group, vecs)])
        done += len(group)
        if progress:
            progress("embedding", done, len(todo))
    return done
