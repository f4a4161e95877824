"""Candidate pull: a Query in, the pool (and the vector the embedding arm compares with) out.

First the whole question (its terms OR-ed) top K, then every content word alone, four
times deeper (top word_depth * K), so a passage holding one rare name is not crowded out
by passages full of common words. A word found nearly everywhere is left out of both
searches (see `search`). With vectors, the nearest passages to the question's vector join
too (so an answer sharing no word with the question can be found). --path holds in every
search. Refuses nothing: a pool may be empty.
"""
from __future__ import annotations

import math
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from .arms import cosine
from .clock import Clock
from .config import Config
from .index.session import OpenIndex
from .index.store import PassageRow, Store
from .pool import Pool, pool_of
from .question import Query
from .score import LEXICAL


@dataclass(frozen=True)
class Pulled:
    pool: Pool
    qvec: np.ndarray | None  # what the vector arm compares with (None: it does not run)
    vectors: tuple | None = None  # what it reads: the stored (ids ascending, matrix) with qvec
    notes: tuple[str, ...] = ()  # what the pull noticed (over shards: a shard that did not answer)


def fts_phrase(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'


def search(store: Store, qterms: Sequence[str], k: int, word_depth: int,
           docs: Sequence[int] | None = None, common: int | None = None) -> set[int]:
    """Passage rowids the full-text searches find for a question.

    A word found in more than `common` passages (None: no limit) is left out of the
    searches: its own top list would be the passages that repeat it most, whatever the
    question, and ranking every passage that holds it costs time in proportion to the whole
    index. When every word is that common, the whole-question search still uses them all
    (there is nothing else to search for)."""
    ids: set[int] = set()
    if not qterms:
        return ids
    rare = list(qterms)
    if common is not None:
        rare = [t for t in qterms if store.count_matches(fts_phrase(t), common + 1) <= common]
    ids.update(store.search(" OR ".join(fts_phrase(t) for t in (rare or qterms)), k, docs))
    if len(qterms) > 1:
        for t in rare:
            ids.update(store.search(fts_phrase(t), k * word_depth, docs))
    return ids


def found_rows(store: Store, qterms: Sequence[str], k: int, word_depth: int,
               docs: Sequence[int] | None = None, common: int | None = None) -> dict[int, PassageRow]:
    """The passages the full-text searches find, read from the index (what the engine's
    helper thread does while the question is embedded and the vectors scanned)."""
    return store.passages(sorted(search(store, qterms, k, word_depth, docs, common)))


def common_limit(cfg: Config, k: int, passages: int, docs) -> int | None:
    """How many passages a word may be found in and still be searched for (None: any).

    Above word_skip_share of the index and above word_skip_min passages (and above the
    word_depth * k its own search would keep), a word is left out of the searches: see
    `search`. Searches limited to some documents (--path) leave no word out."""
    if docs is not None or cfg.word_skip_share >= 1:
        return None
    return max(cfg.word_skip_min, k * cfg.word_depth, math.ceil(cfg.word_skip_share * passages))


def vector_runs(q: Query, complete: bool) -> bool:
    """Whether the vector arm runs for a query: asked for, on a complete index (every passage
    has a vector of this model: an answer never depends on how far an unfinished embedding
    has got), and with words to embed unless no lexical arm runs."""
    lexical = any(a in LEXICAL for a in q.arms)
    return "embed" in q.arms and complete and (bool(q.terms) or not lexical)


def pull(q: Query, index: OpenIndex, cfg: Config, helper: ThreadPoolExecutor, clock: Clock) -> Pulled:
    """The pool for a query: the full-text searches when a lexical arm runs, the `near_k`
    nearest stored vectors when the vector arm does (both only inside `q.docs`).

    The full-text searches (SQLite) run on the `helper` thread while this one embeds the
    question and scans the vectors (onnxruntime, numpy): all three release the GIL, and the
    index's one connection is used by one thread at a time."""
    embed = None
    if vector_runs(q, index.complete):
        embed = lambda: index.embedder.embed_query(q.hyde or q.text)  # noqa: E731
    return pull_with(q, index, cfg, helper, clock, embed)


def pull_with(q: Query, index: OpenIndex, cfg: Config, helper: ThreadPoolExecutor, clock: Clock,
              question_vector: Callable[[], np.ndarray] | None) -> Pulled:
    """`pull`, with the vector arm's vector made by `question_vector` (None: the vector arm
    does not run). A shard (engine/index/shardhost.py) is given the vector its coordinator
    made once for every shard."""
    vectors = index.vectors
    lexical = any(a in LEXICAL for a in q.arms)
    vector = question_vector is not None
    # what this thread reads from the index, read before the helper thread takes it
    common = common_limit(cfg, q.k, index.coverage().passages, q.docs) if lexical else None
    if vector:
        vectors.matrix()
    store = index.store
    found = (helper.submit(found_rows, store, q.terms, q.k, cfg.word_depth, q.docs, common)
             if lexical else None)
    near: list[int] = []
    try:
        qvec = question_vector() if vector else None
        clock.lap("embed_question")
        if qvec is not None and q.near_k > 0 and index.coverage().vectors:
            ids, pdocs, mat = vectors.matrix()
            near = cosine.nearest(qvec, ids, pdocs, mat, q.near_k, q.docs)
    finally:
        hits = found.result() if found is not None else {}  # the index is this thread's again
    pool = pool_of(store, hits.keys() | set(near), hits)
    clock.lap("pull")
    stored = None
    if qvec is not None:
        ids, _, mat = vectors.matrix()
        stored = (ids, mat)
    return Pulled(pool, qvec, stored)
