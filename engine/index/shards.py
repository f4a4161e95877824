"""Shards (issue 19): a folder's documents split over N indexes by a stable hash of their
relative path, so each shard is an index over part of the folder.

A document's shard is the SHA-256 of its relative path (UTF-8, forward slashes) read as a
big-endian number, modulo N: the same on every machine and in every run, whatever the hash
seed, and a file keeps its shard until it is renamed. Shard k of N lives beside the index
path: `<index>.shard-<k>-of-<N>` (the default index path when --index is not given).

Here: the assignment and the shards' paths; a refresh given a shard reads only that shard's
files (refresh.py's `select`). Answering over the shards: shardhost.py (where a shard
answers) and engine/sharded.py (the merge and the stages after it).
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Callable


def shard_of(rel: str, n: int) -> int:
    """The shard (0 to n-1) of a document's relative path."""
    if n < 1:
        raise ValueError(f"a folder has at least one shard, not {n}")
    return int.from_bytes(hashlib.sha256(rel.encode("utf-8", "surrogatepass")).digest(), "big") % n


def selects(k: int, n: int) -> Callable[[str], bool]:
    """Whether a relative path belongs to shard k of n (for the refresh's walk)."""
    if not 0 <= k < n:
        raise ValueError(f"shard {k} is not one of 0 to {n - 1}")
    return lambda rel: shard_of(rel, n) == k


def shard_paths(index: str | Path, n: int) -> list[Path]:
    """The N shard indexes beside `index`, by shard number."""
    index = Path(index)
    return [index.with_name(f"{index.name}.shard-{k}-of-{n}") for k in range(n)]
