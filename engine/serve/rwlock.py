"""Many readers or one writer: questions share the engine, a refresh or a snapshot switch has
it alone. A writer waiting goes first: readers that come after it wait, so a steady stream of
questions cannot starve a refresh."""
from __future__ import annotations

import threading
from contextlib import contextmanager


class RWLock:
    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self._readers = 0
        self._writer = False
        self._waiting = 0  # writers waiting

    @contextmanager
    def read(self):
        with self._cond:
            while self._writer or self._waiting:
                self._cond.wait()
            self._readers += 1
        try:
            yield
        finally:
            with self._cond:
                self._readers -= 1
                if not self._readers:
                    self._cond.notify_all()

    def acquire_write(self, timeout: float | None = None) -> bool:
        with self._cond:
            self._waiting += 1
            try:
                if not self._cond.wait_for(lambda: not self._writer and not self._readers, timeout):
                    return False
                self._writer = True
                return True
            finally:
                self._waiting -= 1
                self._cond.notify_all()

    def release_write(self) -> None:
        with self._cond:
            self._writer = False
            self._cond.notify_all()

    @contextmanager
    def write(self):
        self.acquire_write()
        try:
            yield
        finally:
            self.release_write()
