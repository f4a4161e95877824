"""Live updates (`--watch`): the folder's changes, as the operating system reports them
(the `watchfiles` library, which wraps inotify, FSEvents and ReadDirectoryChangesW and polls
where there are none), become refreshes, each printed as one line per file changed.

A burst of changes is one refresh: watchfiles yields once no change has come for `settle`
seconds (its step; at most LONGEST seconds of changes are grouped, its debounce). Before
reading, a changed file whose modification time is younger than `settle` is waited for
(up to LONGEST), so a file written slowly, chunk by chunk, is read once it is complete, not
half-way; a file still changing while read is read again (refresh.py). The refresh is the
same refresh as any other (the same walk, exclusions, lock and snapshots), so it re-reads
only what changed. Changes under hidden folders, to excluded files and to the index's own
files are not looked at; a changed .askignore is (it changes what is excluded).
"""
from __future__ import annotations

import os
import threading
import time
from pathlib import Path
from typing import Callable, Iterable

from .exclude import IGNORE_FILE, Exclusions
from .refresh import RefreshReport

SETTLE = 1.0    # seconds without a change before a burst is acted on
LONGEST = 30.0  # seconds of continuous change after which it is acted on anyway
RETRY = 5.0     # seconds between tries while another process holds the index


class Watch:
    """Watch `root` until `stop` is set (or Ctrl-C): once the system's watch is set up, one
    refresh catches what changed before it, and `ready` is called; then on each burst of
    changes call `refresh` (which returns its report, or None when another process held the
    index), then `say` each change (what, path, detail) of the report. `ignore`: paths never looked at, with whatever
    follows them (the index: its log, lock and the files beside it, when inside the folder)."""

    def __init__(self, root: str | Path, refresh: Callable[[], RefreshReport | None], *,
                 exclude: tuple[str, ...] = (), say: Callable[[tuple[str, str, str]], None],
                 note: Callable[[str], None] = lambda text: None, settle: float = SETTLE,
                 stop: threading.Event | None = None, ignore: Iterable[str | Path] = (),
                 ready: Callable[[], None] = lambda: None):
        self.root = os.path.realpath(root)
        self.refresh, self.say, self.note, self.ready = refresh, say, note, ready
        self.exclude, self.settle = tuple(exclude), settle
        self.stop = stop or threading.Event()
        self.ignore = tuple(sorted({os.path.join(os.path.realpath(os.path.dirname(os.path.abspath(p))),
                                                 os.path.basename(p)) for p in ignore}))
        self.exclusions = Exclusions(self.root, self.exclude)

    def wanted(self, path: str) -> bool:
        """Whether a change at `path` could change the index."""
        if any(path.startswith(p) for p in self.ignore):
            return False
        rel = os.path.relpath(path, self.root).replace(os.sep, "/")
        if rel == "." or rel.startswith("../"):
            return False
        parts = rel.split("/")
        if parts[-1] == IGNORE_FILE and not any(p.startswith(".") for p in parts[:-1]):
            return True
        if any(p.startswith(".") for p in parts):
            return False
        return self.exclusions.why(rel) is None

    def _settled(self, paths: set[str]) -> None:
        """Wait (up to LONGEST) until none of `paths` was modified in the last `settle` s."""
        deadline = time.monotonic() + LONGEST
        while not self.stop.is_set() and time.monotonic() < deadline:
            youngest = 0.0
            for p in paths:
                try:
                    youngest = max(youngest, os.stat(p).st_mtime)
                except OSError:
                    continue
            wait = youngest + self.settle - time.time()
            if wait <= 0:
                return
            self.stop.wait(min(wait, deadline - time.monotonic()))

    def once(self) -> RefreshReport | None:
        """One refresh now, its changes said; the exclusions read afresh after it. While
        another process holds the index (the refresh waited its time and gave up), it is
        tried again every RETRY seconds until it runs or the watch is stopped."""
        report = self.refresh()
        while report is None and not self.stop.is_set():
            self.note(f"another ask is updating this index; trying again in {RETRY:g} s")
            if self.stop.wait(RETRY):
                break
            report = self.refresh()
        for change in report.changes if report is not None else ():
            self.say(change)
        self.exclusions = Exclusions(self.root, self.exclude)
        return report

    def run(self) -> None:
        """Watch until stopped. If the system's notifications cannot be used (a limit on
        watches reached, a file system without them), fall back to looking every second."""
        import watchfiles

        polling = None
        while not self.stop.is_set():
            try:
                started = False
                for batch in watchfiles.watch(
                        self.root, watch_filter=lambda _change, path: self.wanted(path),
                        step=int(self.settle * 1000), debounce=int(LONGEST * 1000),
                        stop_event=self.stop, force_polling=polling, poll_delay_ms=1000,
                        rust_timeout=1000, yield_on_timeout=True, ignore_permission_denied=True):
                    if self.stop.is_set():
                        return
                    if not started:
                        # the watch is set up by now: what changed since the last refresh and
                        # before it (and so was not reported) is caught by one refresh here
                        started = True
                        self._settled({p for _change, p in batch})
                        self.once()
                        self.ready()
                        continue
                    if not batch:
                        continue  # a second without changes
                    self._settled({p for _change, p in batch})
                    if self.stop.is_set():
                        return
                    self.once()
                return
            except OSError as e:
                if polling:
                    raise
                polling = True
                self.note(f"cannot watch {self.root} with the system's notifications ({e}); "
                          "looking at it every second instead")
