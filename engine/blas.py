"""BLAS on one thread while a question runs: a context manager around Engine.ask and search.

numpy's OpenBLAS leaves its worker threads spinning for a while after each product. The
vector scan (a matrix × the question's vector) is the only large product of a question, and
right after it onnxruntime embeds the quoted lines: the spinning threads took a core from it.
With BLAS on the calling thread alone a warm question at 100k passages took 73-89 ms against
101-121 ms, and at 300k 107-125 ms against 131-139 ms (docs/decisions.md, "Speed"); the
products are the same (each row's dot product is one thread's work either way).

The limit is process-wide, so questions answered at once (a server) share it: the first to
start sets it and the last to end restores what was there before (each restoring on its way
out what it had found would leave the limit at one). And threadpoolctl lets only one living
thread change a pthreads OpenBLAS's limit (the first that did; the others are ignored), so
the setting and restoring are done by one thread of this module's own, whichever question's
thread asks for them.
"""
from __future__ import annotations

import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Iterator

_held = threading.Lock()
_depth = 0       # questions inside one_thread() now
_limits = None   # threadpoolctl's limits, set by the first of them
_owner: ThreadPoolExecutor | None = None  # the one thread that sets and restores them


_owner_pid = 0  # a forked child has no thread of its parent's: it makes its own


def _on_owner(call):
    global _owner, _owner_pid
    if _owner is None or _owner_pid != os.getpid():
        _owner, _owner_pid = ThreadPoolExecutor(1, thread_name_prefix="ask-blas"), os.getpid()
    return _owner.submit(call).result()


_controller = None  # threadpoolctl's view of the loaded libraries
_modules = 0       # how many Python modules were loaded when it was made


def _limit():
    global _controller, _modules
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:
        return None
    if _controller is None or len(sys.modules) != _modules:  # an import may have loaded a BLAS
        _controller, _modules = ThreadpoolController(), len(sys.modules)
    return _controller.limit(limits=1, user_api="blas")


@contextmanager
def one_thread() -> Iterator[None]:
    """A context in which BLAS runs on one thread only (a no-op without threadpoolctl).

    The native libraries are looked up when a question enters and Python has imported
    modules since the last look (one of them may have loaded a BLAS: scikit-learn loads
    scipy's own OpenBLAS during the first question); otherwise the last look is used, since
    looking for each question took 2-5 ms of it. numpy's OpenBLAS, which the vector scan
    uses, is loaded with the engine, so every question limits it."""
    global _depth, _limits
    with _held:
        if _depth == 0:
            _limits = _on_owner(_limit)
        _depth += 1
    try:
        yield
    finally:
        with _held:
            _depth -= 1
            if _depth == 0 and _limits is not None:
                _on_owner(_limits.restore_original_limits)
                _limits = None
