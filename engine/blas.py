"""BLAS on one thread while a question runs: a context manager around Engine.ask and search.

numpy's OpenBLAS leaves its worker threads spinning for a while after each product. The
vector scan (a matrix × the question's vector) is the only large product of a question, and
right after it onnxruntime embeds the quoted lines: the spinning threads took a core from it.
With BLAS on the calling thread alone a warm question at 100k passages took 73-89 ms against
101-121 ms, and at 300k 107-125 ms against 131-139 ms (docs/decisions.md, "Speed"); the
products are the same (each row's dot product is one thread's work either way).
"""
from __future__ import annotations

import contextlib


def one_thread():
    """A context in which BLAS runs on the calling thread only (a no-op without threadpoolctl).

    The native libraries are looked up on each call (under a millisecond): one loaded since
    the last question (scipy's own OpenBLAS, say) is limited too."""
    try:
        from threadpoolctl import threadpool_limits
    except ImportError:
        return contextlib.nullcontext()
    return threadpool_limits(limits=1, user_api="blas")
