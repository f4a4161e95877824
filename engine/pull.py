"""Candidate pull: question terms in, a pool of passages (with its term counts) out.

First the whole question (its terms OR-ed) top K, then every content word alone, four
times deeper (top word_depth * K), so a passage holding one rare name is not crowded out
by passages full of common words. A word found nearly everywhere is left out of both
searches (see `pull`). With vectors, the nearest passages to the question's
vector join too (so an answer sharing no word with the question can be found). The union,
with each passage's terms, is the pool; its term counts are tabulated once (`TermCounts`)
and shared by every arm and the rerank.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import chain, compress
from typing import Sequence

import numpy as np

from .index.store import PassageRow, Store


@dataclass(frozen=True)
class TermCounts:
    """The pool as a sparse passage × term count table.

    `vocab` maps each distinct term to its id in the order the terms are first met (passage
    by passage, word by word). Entries are sorted by passage, then term id: entry e says
    term `col[e]` occurs `tf[e]` times in passage `row[e]`. `lengths` is each passage's
    number of terms, `df` each term's number of passages."""

    vocab: dict[str, int]
    row: np.ndarray
    col: np.ndarray
    tf: np.ndarray
    lengths: np.ndarray
    df: np.ndarray

    @classmethod
    def of(cls, terms: Sequence[Sequence[str]]) -> "TermCounts":
        n = len(terms)
        lengths = np.fromiter(map(len, terms), dtype=np.int64, count=n)
        flat = list(chain.from_iterable(terms))
        vocab = {t: i for i, t in enumerate(dict.fromkeys(flat))}
        v = len(vocab)
        if not v:
            empty = np.zeros(0, dtype=np.int64)
            return cls(vocab, empty, empty, empty, lengths, empty)
        ids = np.fromiter(map(vocab.__getitem__, flat), dtype=np.int64, count=len(flat))
        keys, tf = np.unique(np.repeat(np.arange(n, dtype=np.int64), lengths) * v + ids,
                             return_counts=True)
        row, col = np.divmod(keys, v)
        return cls(vocab, row, col, tf.astype(np.int64), lengths, np.bincount(col, minlength=v))

    def freq(self, term: str, n: int) -> np.ndarray | None:
        """Occurrences of `term` in each of the n passages, or None when no passage has it."""
        j = self.vocab.get(term)
        if j is None:
            return None
        at = np.flatnonzero(self.col == j)
        out = np.zeros(n, dtype=np.int64)
        out[self.row[at]] = self.tf[at]
        return out


@dataclass(frozen=True)
class Pool:
    """The passages every arm scores, in ascending rowid order, with their term lists."""

    rows: tuple[PassageRow, ...]
    terms: tuple[tuple[str, ...], ...]

    def __len__(self) -> int:
        return len(self.rows)

    @cached_property
    def counts(self) -> TermCounts:
        return TermCounts.of(self.terms)

    def has(self, qterms: Sequence[str]) -> np.ndarray:
        """passages × question terms: True where the passage contains the term."""
        c = self.counts
        has = np.zeros((len(self), len(qterms)), dtype=bool)
        for k, t in enumerate(qterms):
            j = c.vocab.get(t)
            if j is not None:
                has[c.row[c.col == j], k] = True
        return has

    def present(self, qterms: Sequence[str]) -> list[tuple[str, ...]]:
        """For each passage, the question terms it contains (in question order): all that
        coverage and rarity look at, without a set of every passage's terms."""
        return [tuple(compress(qterms, r)) for r in self.has(qterms).tolist()]


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


def pool_of(store: Store, ids: set[int], known: dict[int, PassageRow] | None = None) -> Pool:
    """The pool of these passages, in rowid order, with its term table built; `known`
    passages already read are not read again."""
    if not ids:
        return Pool((), ())
    rows = {i: known[i] for i in ids if i in known} if known else {}
    rows.update(store.passages(sorted(i for i in ids if i not in rows)))
    ordered = tuple(rows[i] for i in sorted(rows))  # rowid order: arms see a fixed order
    pool = Pool(ordered, tuple(tuple(r.terms.split()) for r in ordered))
    pool.counts  # built once here, shared by every arm and the rerank
    return pool


def pull(store: Store, qterms: Sequence[str], k: int, word_depth: int,
         docs: Sequence[int] | None = None, nearest: Sequence[int] = (),
         common: int | None = None) -> Pool:
    """The pool for a question: what the searches find, and the `nearest` passages."""
    return pool_of(store, search(store, qterms, k, word_depth, docs, common) | set(nearest))
