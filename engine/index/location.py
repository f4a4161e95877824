"""Where an index lives, and the lock beside it that one updating process at a time holds.

By default the index is a per-folder file under the user's cache directory (ASK_CACHE_DIR
overrides the cache root); the documents' folder is never written to. Next to the index,
`<index>.lock` is flock(2)ed by whichever process is refreshing or rebuilding it.
"""
from __future__ import annotations

import hashlib
import os
import re
import sys
import time
from pathlib import Path
from typing import Callable


def cache_root() -> Path:
    if os.environ.get("ASK_CACHE_DIR"):
        return Path(os.environ["ASK_CACHE_DIR"])
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "ask"


def default_index_path(docs: Path) -> Path:
    """`<cache>/indexes/<folder name>-<hash of its absolute path>.sqlite`."""
    absolute = str(Path(docs).resolve())
    digest = hashlib.sha256(absolute.encode("utf-8")).hexdigest()[:12]
    name = re.sub(r"[^A-Za-z0-9_.-]+", "_", Path(absolute).name)[:40] or "root"
    return cache_root() / "indexes" / f"{name}-{digest}.sqlite"


def lock_path(index: Path) -> Path:
    return Path(f"{index}.lock")


class IndexLock:
    """The write lock of one index: an exclusive OS lock on `<index>.lock`.

    An OS lock rather than a row in SQLite: the kernel drops it when its holder exits, however
    it exits, so a killed refresh never leaves a stale lock. The file itself stays (deleting a
    lock file races with the next locker); it holds the holder's pid, for messages only.
    """

    def __init__(self, index: Path):
        self.path = lock_path(Path(index))
        self._fd: int | None = None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def try_acquire(self) -> bool:
        if self._fd is not None:
            return True
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)  # not inherited by exec'd children
        if not _lock(fd):
            os.close(fd)
            return False
        self._fd = fd
        try:
            os.ftruncate(fd, 0)
            os.lseek(fd, 0, os.SEEK_SET)
            os.write(fd, f"{os.getpid()}\n".encode())
        except OSError:
            pass  # the pid is only for messages
        return True

    def acquire(self, wait: float, on_wait: Callable[[int | None], None] | None = None) -> bool:
        """Take the lock, waiting up to `wait` seconds; `on_wait(holder pid)` once if it must wait."""
        if self.try_acquire():
            return True
        if on_wait is not None:
            on_wait(self.holder())
        deadline = time.monotonic() + max(0.0, wait)
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return self.try_acquire()
            time.sleep(min(0.1, left))
            if self.try_acquire():
                return True

    def holder(self) -> int | None:
        """The pid written by the process holding the lock, if it can be read."""
        try:
            text = self.path.read_text(encoding="ascii").strip()
            return int(text) if text.isdigit() else None
        except (OSError, ValueError):
            return None

    def release(self) -> None:
        if self._fd is None:
            return
        fd, self._fd = self._fd, None
        _unlock(fd)
        os.close(fd)


if sys.platform == "win32":  # pragma: no cover - msvcrt byte-range lock, same contract
    import msvcrt

    _FAR = 1 << 30  # lock a byte far past the pid, so the pid stays readable

    def _lock(fd: int) -> bool:
        os.lseek(fd, _FAR, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
            return True
        except OSError:
            return False

    def _unlock(fd: int) -> None:
        os.lseek(fd, _FAR, os.SEEK_SET)
        try:
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        except OSError:
            pass
else:
    import fcntl

    def _lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False

    def _unlock(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
