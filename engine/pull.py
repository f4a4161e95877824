"""Candidate pull: question terms in, a pool of passages out.

First the whole question (its terms OR-ed) top K, then every content word alone, four
times deeper (top word_depth * K), so a passage holding one rare name is not crowded out
by passages full of common words. With vectors, the nearest passages to the question's
vector join too (so an answer sharing no word with the question can be found). The union,
with each passage's terms, is the pool.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .index.store import PassageRow, Store


@dataclass(frozen=True)
class Pool:
    """The passages every arm scores, in ascending rowid order, with their term lists."""

    rows: tuple[PassageRow, ...]
    terms: tuple[tuple[str, ...], ...]

    def __len__(self) -> int:
        return len(self.rows)


def fts_phrase(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'


def pull(store: Store, qterms: Sequence[str], k: int, word_depth: int,
         docs: Sequence[int] | None = None, nearest: Sequence[int] = ()) -> Pool:
    ids: set[int] = set(nearest)
    if qterms:
        ids.update(store.search(" OR ".join(fts_phrase(t) for t in qterms), k, docs))
    if len(qterms) > 1:
        for t in qterms:
            ids.update(store.search(fts_phrase(t), k * word_depth, docs))
    if not ids:
        return Pool((), ())
    rows = store.passages(sorted(ids))
    ordered = tuple(rows[i] for i in sorted(rows))  # rowid order: arms see a fixed order
    return Pool(ordered, tuple(tuple(r.terms.split()) for r in ordered))
