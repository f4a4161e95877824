"""The pool: the passages every arm scores, with their term counts tabulated once.

In: passage rows read from the index (see pull.py for which). Out: a `Pool` in rowid order
with its `TermCounts`, shared by every arm and the rerank. Refuses nothing.
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
