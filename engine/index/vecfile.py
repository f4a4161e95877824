"""The vector matrix as one file beside the index, so that a new process loads it in one read.

In: the index path, the tag of the snapshot being read (index id, generation, model, rows) and
the matrix read from SQLite. Out: the same matrix read back from `<index>.vectors`, or None
when the file is missing, stale or wrong in any way. Refuses nothing: SQLite stays the truth
and this file is only a copy of it.

Layout, little-endian: a 4,096-byte header (the magic line, then one line of JSON: the tag,
the dimension and a CRC-32 of the ids), the passage ids (int64), their document ids (int64),
then the unit vectors (float32, row by row). It is written to a temporary file, flushed to the
disk and renamed over the old one, so a reader sees a whole file or none, and a process
killed while writing leaves only a temporary file (removed by the next writer). A file is
used only when its tag equals the snapshot's exactly: the index's own id (made once when the
index is created: a copy beside another index never matches), its generation (one more after
every write transaction: any change to passages or vectors makes the file stale), the model
identity, the number of vectors and the highest passage id among them; its size must be exactly what the header implies, and
the ids must match their CRC and rise strictly (issue 15, part 3; docs/decisions.md).
"""
from __future__ import annotations

import json
import mmap
import os
import zlib
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

MAGIC = b"ask vectors 1\n"
HEADER = 4096
SUFFIX = ".vectors"


@dataclass(frozen=True)
class Tag:
    """What a vector file must have been made from to be used for this snapshot."""

    index: str       # the index's own id (meta "index_id")
    generation: int  # meta "generation": one more after every write transaction
    model: str       # the embedding model's identity
    rows: int        # vectors of that model in the snapshot
    last: int        # the highest passage id among them (a writer that does not bump the
                     # generation, such as an older ask, still changes it or `rows`)


def path_for(index: Path) -> Path:
    return Path(f"{index}{SUFFIX}")


def load(index: Path, tag: Tag) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """(passage ids, document ids, matrix) from the file when it is whole and made from exactly
    this snapshot; None otherwise (missing, stale, truncated, damaged, unreadable).

    The arrays are read-only views of the file mapped into memory: no copy, and the pages are
    the OS file cache's, shared by every process that reads the same index (0.08 s to read
    300k vectors into a new array here, most of it page faults on fresh memory; 3 ms mapped)."""
    try:
        with open(path_for(index), "rb") as f:
            head = f.read(HEADER)
            if len(head) != HEADER or not head.startswith(MAGIC):
                return None
            meta = json.loads(head[len(MAGIC):].split(b"\n", 1)[0])
            dim, crc = int(meta.pop("dim")), int(meta.pop("crc"))
            if Tag(**meta) != tag or dim <= 0 or tag.rows <= 0:
                return None
            n = tag.rows
            if os.fstat(f.fileno()).st_size != HEADER + n * (16 + 4 * dim):
                return None
            mapped = mmap.mmap(f.fileno(), 0, prot=mmap.PROT_READ,
                               flags=mmap.MAP_SHARED | getattr(mmap, "MAP_POPULATE", 0))
    except (OSError, ValueError, TypeError, KeyError):
        return None
    ids = np.frombuffer(mapped, dtype="<i8", count=n, offset=HEADER)
    docs = np.frombuffer(mapped, dtype="<i8", count=n, offset=HEADER + 8 * n)
    mat = np.frombuffer(mapped, dtype="<f4", count=n * dim, offset=HEADER + 16 * n).reshape(n, dim)
    if zlib.crc32(mapped[HEADER:HEADER + 16 * n]) != crc:
        return None
    if n > 1 and not bool(np.all(ids[1:] > ids[:-1])):
        return None
    return ids, docs, mat


def save(index: Path, tag: Tag, ids: np.ndarray, docs: np.ndarray, mat: np.ndarray) -> bool:
    """Write the file for this snapshot (atomically); False when it cannot be written (a
    read-only folder, a full disk): the matrix is then read from SQLite each time, as before."""
    if len(ids) != tag.rows or mat.ndim != 2 or not tag.rows:
        return False
    target = path_for(index)
    _remove_orphans(target)
    tmp = Path(f"{target}.{os.getpid()}.tmp")
    ids8, docs8 = ids.astype("<i8"), docs.astype("<i8")
    meta = {**asdict(tag), "dim": int(mat.shape[1]), "crc": zlib.crc32(docs8.tobytes(),
                                                                       zlib.crc32(ids8.tobytes()))}
    head = MAGIC + json.dumps(meta, sort_keys=True).encode() + b"\n"
    if len(head) > HEADER:
        return False
    try:
        with open(tmp, "wb") as f:
            f.write(head.ljust(HEADER, b"\0"))
            for part in (ids8, docs8, np.ascontiguousarray(mat, dtype="<f4")):
                part.tofile(f)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, target)
        return True
    except OSError:
        try:
            tmp.unlink()
        except OSError:
            pass
        return False


def remove(index: Path) -> None:
    """Delete the file and any temporary one (a rebuild or a deleted index)."""
    target = path_for(index)
    _remove_orphans(target, every=True)
    try:
        target.unlink()
    except FileNotFoundError:
        pass


def _remove_orphans(target: Path, every: bool = False) -> None:
    """Temporary files left by writers that were killed (their process is gone)."""
    for p in target.parent.glob(target.name + ".*.tmp"):
        pid = p.name[len(target.name) + 1:-4]
        if not pid.isdigit():
            continue
        if not every:
            try:
                os.kill(int(pid), 0)
                continue  # still writing
            except ProcessLookupError:
                pass
            except OSError:
                continue
        try:
            p.unlink()
        except OSError:
            pass
