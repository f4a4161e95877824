"""Progress: (stage, done, total) calls in, a bar with counts, rate and ETA on stderr out.

Draws only when the stream is a terminal and --quiet is not given; otherwise it writes
nothing at all, so a pipe or a log file never sees it. Redraws at most `interval` seconds
apart (the last step of a stage always), on one line rewritten in place. Time is read only
for the rate and the ETA, which never reach stdout.
"""
from __future__ import annotations

import os
import sys
import time
from typing import Callable, TextIO

INTERVAL = 0.1  # seconds between redraws: at most ~10 a second
BAR_MIN, BAR_MAX = 10, 30  # bar width in cells, shrunk to fit the terminal
WARMUP = 0.5  # seconds of a stage before a rate (and an ETA) is worth showing
# Stages drawn inside another (the pages of one scan OCR'd while files are read): their line
# is wiped when they finish, and the stage they interrupted goes on with its own clock.
TRANSIENT = frozenset({"OCR pages"})


def clock_text(seconds: float) -> str:
    """0:07, 12:34, 1:02:03."""
    s = max(0, int(round(seconds)))
    h, rest = divmod(s, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def bar_line(stage: str, done: int, total: int, elapsed: float, columns: int = 80) -> str:
    """One progress line (no carriage return): stage, bar, done/total, percent, rate, ETA."""
    share = min(1.0, done / total) if total else 1.0
    counts = f"{done}/{total} {share:4.0%}"
    if done >= total:
        tail = f"  {clock_text(elapsed)}"
    elif elapsed >= WARMUP and done > 0:
        rate = done / elapsed
        tail = f"  {rate:.1f}/s  ETA {clock_text((total - done) / rate)}"
    else:
        tail = "  ETA --:--"
    head = f"{stage:<10} "
    room = columns - 1 - len(head) - len(counts) - len(tail) - 3
    width = max(BAR_MIN, min(BAR_MAX, room))
    if room < BAR_MIN:  # a narrow terminal: counts only, never a wrapped line
        return (head + counts + tail)[: max(1, columns - 1)]
    full = int(share * width)
    return f"{head}[{'#' * full}{'-' * (width - full)}] {counts}{tail}"


class Progress:
    """The engine's progress callback for the command line.

    `on` is decided once: the stream is a terminal and `quiet` is false. `clock` and
    `columns` can be given (tests); by default they are time.monotonic and the terminal width.
    """

    def __init__(self, quiet: bool = False, stream: TextIO | None = None, *,
                 interval: float = INTERVAL, clock: Callable[[], float] = time.monotonic,
                 columns: int | None = None):
        self.stream = stream if stream is not None else sys.stderr
        self.on = not quiet and _is_terminal(self.stream)
        self.interval = interval
        self.clock = clock
        self.columns = columns
        self.stage: str | None = None
        self.started = 0.0
        # an interrupted stage's clock: stage -> (started, done when last drawn)
        self.paused: dict[str, tuple[float, int]] = {}
        self.drawn_at: float | None = None
        self.open = False  # a partial line is on the screen
        self.done = 0      # the current stage's count when last called

    def __call__(self, stage: str, done: int, total: int) -> None:
        if not self.on or total <= 0:
            return
        now = self.clock()
        if stage != self.stage:
            if self.stage is not None and stage in TRANSIENT:
                self.paused[self.stage] = (self.started, self.done)
                self.stream.write("\r\x1b[K")  # the interrupted line gives way, not a new line
                self.open = False
            elif self.stage in TRANSIENT and self.open:  # left unfinished (the file failed)
                self.stream.write("\r\x1b[K")
                self.open = False
            self.end_line()
            started, before = self.paused.pop(stage, (now, -1))
            self.stage, self.drawn_at = stage, None
            self.started = started if 0 <= before <= done else now  # resumed, or a new run
        self.done = done
        last = done >= total
        if not last and self.drawn_at is not None and now - self.drawn_at < self.interval:
            return
        cols = self.columns or _columns(self.stream)
        self.stream.write("\r" + bar_line(stage, done, total, now - self.started, cols) + "\x1b[K")
        self.open = True
        self.drawn_at = now
        if last and stage in TRANSIENT:
            self.stream.write("\r\x1b[K")  # wiped: the interrupted stage redraws here
            self.open = False
            self.stage = None
        elif last:
            self.end_line()
            self.stage = None  # the same stage may run again (another refresh) from zero
        self.stream.flush()

    def end_line(self) -> None:
        """Finish a partly drawn line, so a message written next starts on its own line."""
        if self.open:
            self.stream.write("\n")
            self.stream.flush()
            self.open = False


def _columns(stream: TextIO) -> int:
    """The width of the terminal the bar is drawn on (COLUMNS wins, as everywhere; 80 if unknown)."""
    try:
        cols = int(os.environ.get("COLUMNS", "0"))
    except ValueError:
        cols = 0
    if cols <= 0:
        try:
            cols = os.get_terminal_size(stream.fileno()).columns
        except (AttributeError, ValueError, OSError):
            cols = 0
    return cols if cols > 0 else 80


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False
