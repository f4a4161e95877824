"""OCR of one file's pages on several cores. In: the pages to read (a PDF's page numbers, or an
image file's frames); out: each page's lines as ocr.recognise gives them (None for a page
Tesseract gave up on), in page order, the same bytes as when the pages are read one after
another in this process: every page goes through the one function `_work`, wherever it runs.

One Tesseract per process: up to `jobs` processes, forked from this one (the reading process)
when a file has two pages or more to read, each loading its engine once and kept for the
files after. Each renders the pages it is handed (pypdfium2, or Pillow for an image's frame),
looks them up in the page cache and reads the misses; this process writes what they read into
the cache, a page at a time as each comes back whole, and reports every page done (`progress`,
ocr.on_page). A worker that is killed or crashes leaves nothing half-written: a page reaches
the cache only whole, from this process; the pages it had not sent back are read here, one
after another, and the next file gets a new pool. The workers die with this process (Linux:
PR_SET_PDEATHSIG), so a reading process stopped at its time limit leaves none behind.
Where processes cannot be forked (Windows), pages are read here.
"""
from __future__ import annotations

import os
import signal
import sys
from typing import Callable

from . import ocr

# Processes a file's pages are read by: 1 reads them in this process, one after another. The
# reading process sets it from the configuration (ocr_jobs, `--jobs`: 0 there is every core).
jobs = 1
# File descriptors a forked worker must close: the reading process's own pipes to the parent.
private_fds: tuple[int, ...] = ()

_pool = None  # a concurrent.futures ProcessPoolExecutor (imported when first needed)
_pool_size = 0

Page = tuple[str, str, int]  # ("pdf", path, page number 1-based) or ("image", path, frame 0-based)


def read(pages: list[Page], progress: Callable[[int, int], None] | None = None) -> list:
    """Each page's lines (ocr.recognise's tuples), or None where Tesseract gave up on it, in
    the order of `pages`; `progress(done, total)` after each page, in the order they finish.
    An exception a page raises (a page pdfium cannot render) is raised for the first such
    page in page order, as reading them one after another would."""
    total = len(pages)
    results: list = [None] * total
    finished = [False] * total
    errors: dict[int, BaseException] = {}
    done = 0

    def finish(i: int, outcome) -> None:
        nonlocal done
        key, found, hit = outcome
        if found is not None and not hit:
            ocr.keep(key, found)  # whole, from this process only
        results[i], finished[i] = found, True
        done += 1
        if progress is not None:
            progress(done, total)

    pool = _get(total)
    if pool is not None:
        _in_pool(pool, pages, finish, finished, errors)
    for i, page in enumerate(pages):
        if not finished[i]:
            try:
                finish(i, _work(page, _cache_path()))
            except Exception as e:
                errors[i] = e
                break  # one after another: the first failure ends the file, as before
    if errors:
        raise errors[min(errors)]
    return results


def _in_pool(pool, pages: list[Page], finish: Callable, finished: list[bool],
             errors: dict[int, BaseException]) -> None:
    """Read `pages` on the workers, `finish(i, outcome)` each as it comes back; a page's own
    failure goes to `errors`. A worker that dies closes the pool: what is not back then is
    left unfinished, for the caller to read here."""
    from concurrent.futures import FIRST_COMPLETED, wait
    from concurrent.futures.process import BrokenProcessPool

    try:
        futures = {pool.submit(_work, page, _cache_path()): i for i, page in enumerate(pages)}
    except (BrokenProcessPool, RuntimeError, OSError):
        futures = {}
        close()
    waiting = set(futures)
    while waiting:
        ready, waiting = wait(waiting, return_when=FIRST_COMPLETED)
        broken = False
        for future in sorted(ready, key=futures.get):  # the same order each time
            try:
                outcome = future.result()
            except BrokenProcessPool:
                broken = True
                continue
            except BaseException as e:  # the page's own failure, raised below in order
                errors[futures[future]] = e
                finished[futures[future]] = True
                continue
            finish(futures[future], outcome)
        if broken:  # a worker died: what is not back is read here
            for future in waiting:
                future.cancel()
            close()
            break


def close() -> None:
    """Stop the workers (the next file with pages to read starts new ones)."""
    global _pool, _pool_size
    pool, _pool, _pool_size = _pool, None, 0
    if pool is not None:
        for proc in list(getattr(pool, "_processes", {}).values()):
            try:
                proc.kill()  # one that hangs in Tesseract must not hold the shutdown
            except (OSError, AttributeError):
                pass
        pool.shutdown(wait=True, cancel_futures=True)


def _get(pages: int):
    """The pool for a file of `pages` pages, or None to read them here."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    global _pool, _pool_size
    if jobs <= 1 or pages <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        return None
    if _pool is None or _pool_size != jobs:
        close()
        try:
            _pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork"),
                                        initializer=_start, initargs=(os.getpid(), private_fds))
            _pool_size = jobs
        except (OSError, ValueError):
            _pool = None
    return _pool


def _cache_path() -> str | None:
    return str(ocr._cache_path) if ocr._cache_path is not None else None


def _work(page: Page, cache: str | None) -> tuple[str, list | None, bool]:
    """One page, wherever it runs: rendered, prepared, looked up in the cache `cache`, read on
    a miss. (key, lines or None when Tesseract gave up, found in the cache)."""
    if cache != _cache_path():
        ocr.use_cache(cache)
    api = ocr._engine()
    image = ocr._prepared(_image(page))
    key, found = ocr.look_up(image)
    if found is not None:
        return key, found, True
    try:
        return key, ocr._recognised(api, image), False
    except ocr.PageTimeout:
        return key, None, False


def _image(page: Page):
    """The page as an image: a PDF page rendered at ocr.DPI in grayscale (fewer pixels when
    it would pass ocr.MAX_PIXELS), or an image file's frame."""
    kind, path, number = page
    if kind == "pdf":
        import pypdfium2 as pdfium

        pdf = pdfium.PdfDocument(path)
        try:
            p = pdf[number - 1]
            width, height = p.get_size()  # points
            scale = min(ocr.DPI / 72, (ocr.MAX_PIXELS / max(1.0, width * height)) ** 0.5)
            return p.render(scale=scale, grayscale=True).to_pil()
        finally:
            pdf.close()
    from PIL import Image

    Image.MAX_IMAGE_PIXELS = 4 * ocr.MAX_PIXELS  # past this Pillow refuses: a decompression bomb
    with Image.open(path) as image:
        image.seek(number)
        image.load()
        return image.copy()


_inherited: list = []  # the reading process's engine and cache, never used nor closed here


def _start(parent: int, fds: tuple[int, ...]) -> None:
    """A worker's start: dies with the reading process, leaves Ctrl-C to it, closes its pipes,
    and makes its own Tesseract and cache connection (a forked copy is not one's own)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _die_with_parent(parent)
    for fd in fds:
        try:
            os.close(fd)
        except OSError:
            pass
    _inherited.extend([ocr._api, ocr._cache])
    ocr._api, ocr._cache = None, None
    ocr.on_page = None  # pages are reported by the reading process, not from here
    global _pool
    _pool = None  # the reading process's; a worker starts none of its own


def _die_with_parent(parent: int) -> None:
    """Linux: the kernel kills this process when the reading process dies, however it dies."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # it died before we could ask
        os._exit(0)
