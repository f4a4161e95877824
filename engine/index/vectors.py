"""Vectors: embed every passage that has no vector from the current model, and store them.

Vectors made by another model are dropped first (never mixed). Work is committed in
groups of GROUP passages, one transaction each, so a run killed mid-way keeps every finished
group and the next run embeds only what is still missing. After the content started over (a
change of readers or chunking), a passage whose text and context are as before takes the
vector kept from then (Store.kept_vectors) instead of being embedded again.
"""
from __future__ import annotations

from typing import Callable, Collection

from ..embed import Embedder
from ..types import passage_text
from .store import Store, kept_key

GROUP = 256  # passages per commit
# Fewer passages than this are embedded by the question session: loading the many-core one
# (0.22 s measured for MiniLM, files cached) would cost more than it saves (about 6 passages'
# worth at 12 passages/s on one core against 22 on two).
BULK_MIN = 32


def embed_missing(store: Store, embedder: Embedder,
                  progress: Callable[[str, int, int], None] | None = None, *,
                  fresh: Collection[str] = (), backlog: int | None = None,
                  all_up_to: int = 0, bulk: Callable[[], Embedder | None] | None = None) -> int:
    """Embed passages lacking a vector from `embedder`; returns how many were embedded.

    Passages of the documents in `fresh` (paths read by this refresh) are all embedded.
    Any other passage without a vector was left by an earlier run that stopped while
    embedding: at most `backlog` of those (None: all), lowest passage ids first, so that
    a question on a large unfinished folder is answered soon and each run does a share.
    When no more than `all_up_to` passages lack vectors, all of them are embedded.
    `bulk`, when there are BULK_MIN passages or more, loads the same model set to use more cores (embed_jobs); it
    is used only if it makes the very same vectors (the same identity), else `embedder` is."""
    if store.has_vectors_not_from(embedder.identity):  # no write at all when there is none
        with store.transaction():
            store.drop_vectors_not_from(embedder.identity)
    # all there? Counted on the index of (model, passage) in 0.03 s at 300k passages, where
    # listing the missing ones reads every passage (0.45 s)
    if store.vector_count(embedder.identity) >= store.passage_count():
        store.drop_kept_vectors()
        return 0
    todo = store.missing_vector_sizes(embedder.identity)
    if backlog is not None and len(todo) > all_up_to:
        new = store.passage_ids_of(fresh) if fresh else set()
        old = [r for r in todo if r[0] not in new]
        if len(old) > backlog:
            todo = [r for r in todo if r[0] in new] + old[:backlog]
    # shortest first across the whole backlog: batches hold passages of similar length, so
    # fastembed pads little (ties by passage id keep the order total); the texts are read
    # group by group, so memory does not grow with the backlog
    todo.sort(key=lambda r: (r[1], r[0]))
    embedder = session_for(len(todo), embedder, bulk)
    step = max(GROUP, getattr(embedder, "group", GROUP))  # a cluster's actors all kept busy
    done = 0
    for start in range(0, len(todo), step):
        group = [pid for pid, _ in todo[start : start + step]]
        found = store.passage_texts(group)
        texts = [passage_text(text, ctx) for text, ctx in (found[pid] for pid in group)]
        rows = _vectors(store, embedder, group, texts)  # embedded before the write lock is taken
        with store.transaction():
            store.put_vectors(embedder.identity, rows)
        done += len(group)
        if progress:
            progress("embedding", done, len(todo))
    if store.vector_count(embedder.identity) >= store.passage_count():
        store.drop_kept_vectors()
    return done


def _vectors(store: Store, embedder: Embedder, group: list[int], texts: list[str]) -> list[tuple[int, object]]:
    """(passage id, vector) for a group: the vector kept for its very text from before a
    reset where there is one (Store.kept_vectors), the embedder's otherwise."""
    keys = [kept_key(t) for t in texts]
    kept = store.kept_vectors(embedder.identity, keys)
    fresh = [k for k, key in enumerate(keys) if key not in kept]
    made = dict(zip(fresh, embedder.embed([texts[k] for k in fresh]))) if fresh else {}
    return [(pid, kept[keys[k]] if keys[k] in kept else made[k]) for k, pid in enumerate(group)]


def session_for(n: int, embedder: Embedder, bulk: Callable[[], Embedder | None] | None) -> Embedder:
    """The session to embed `n` passages with: the many-core one that `bulk` loads when there
    are BULK_MIN passages or more and it makes the very same vectors (the same identity),
    else `embedder` itself."""
    if n >= BULK_MIN and bulk is not None:
        many = bulk()
        if many is not None and many.identity == embedder.identity:
            return many
    return embedder
