"""Readers that misbehave on purpose, for tests/test_hostile_folder.py.

Module-level functions, so the reading process can import them by name (readers registered
at run time travel to it by reference). Each reads its file as plain text once it is done
misbehaving, or never returns.
"""
from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from engine.errors import ReadError
from engine.readers import text


def hang(path: Path):
    """Never returns (a parser stuck in a loop)."""
    while True:
        time.sleep(60)


def _work(seconds: float) -> None:
    """Keeps the processor busy for `seconds` of this process's processor time (a parser at
    work: the reading process's time limit counts processor time, not waiting)."""
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass


def slow(path: Path):
    """Works 1.5 s, then reads the file."""
    _work(1.5)
    return text.read(path)


def waits_then_works(path: Path):
    """Waits 1.5 s without working (as a process on a busy machine waits its turn), works
    0.2 s, then reads the file."""
    time.sleep(1.5)
    _work(0.2)
    return text.read(path)


def hog(path: Path):
    """Asks for 16 GiB at once (a decompression bomb)."""
    block = bytearray(16 << 30)
    return text.read(path) if block else None


def segfault(path: Path):
    os.kill(os.getpid(), signal.SIGSEGV)
    time.sleep(60)


def exit3(path: Path):
    os._exit(3)


def refuse(path: Path):
    raise ReadError("the file says no", "ask the file nicely")


def noisy(path: Path):
    """Prints to stdout and stderr while reading (a chatty library)."""
    print("noise on stdout " * 1000, flush=True)
    print("noise on stderr", file=__import__("sys").stderr, flush=True)
    return text.read(path)


def vanish(path: Path):
    """Deletes the file it is asked to read, then reads it."""
    os.unlink(path)
    return text.read(path)


def delete_sibling(path: Path):
    """Deletes the file named in this one (listed, but gone before it is read)."""
    (Path(path).parent / Path(path).read_text(encoding="utf-8").strip()).unlink()
    return text.read(path)


def grow(path: Path):
    """Appends a line every time it reads (a log being written)."""
    result = text.read(path)
    with open(path, "a", encoding="utf-8") as f:
        f.write("one more line\n")
    return result


def settle(path: Path):
    """Rewrites a draft as the final version the first time, then leaves it alone."""
    result = text.read(path)
    if "draft" in Path(path).read_text(encoding="utf-8"):
        Path(path).write_text("The final version of the settled plan.\n", encoding="utf-8")
    return result


def slow_pages(path: Path):
    """Four "pages" of 0.4 s each, each reported as OCR reports a page done, then the file as
    text: 1.6 s in all, never more than 0.4 s without a word."""
    from engine.readers import ocr

    for page in range(1, 5):
        time.sleep(0.4)
        if ocr.on_page is not None:
            ocr.on_page(page, 4)
    return text.read(path)


def slow_silent(path: Path):
    """1.6 s of work with no page reported."""
    _work(1.6)
    return text.read(path)


def wait_for_go(path: Path):
    """Reads the file as text once a file named like it plus ".go" appears (a minute at most):
    a refresh the test holds open for as long as it likes."""
    go = path.with_name(path.name + ".go")
    deadline = time.monotonic() + 60
    while not go.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    return text.read(path)
