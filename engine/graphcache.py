"""The model's optimised graph, kept: onnxruntime's session options in, a faster start out.

Building an onnxruntime session optimises the model's graph every time a process starts (on
these machines 0.15 to 0.85 s of a cold question). The first build here writes the optimised
graph to `<cache>/onnx/` (onnxruntime's `optimized_model_filepath`); later builds load that
file with optimisation off. The vectors are the same to the bit (tests/test_embed.py checks
an answer with and without the file): the saved graph is the one the optimiser made.

The file is named by what it was made from: the model file (its name, size and time), this
onnxruntime's version, the processor (the optimiser picks kernels for it, and says so), and
the thread count. A file that cannot be written or read (a read-only cache) is no error: the
session is built as before. Written to a temporary name and renamed, so a killed process or
two at once never leave half a file.

fastembed builds the session itself; `cached_graphs()` wraps onnxruntime's InferenceSession
while it does (under a lock: the model loads on a thread of its own).
"""
from __future__ import annotations

import contextlib
import hashlib
import os
import platform
import threading
from pathlib import Path

_LOCK = threading.Lock()


def _processor() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                if line.startswith(("model name", "flags")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def graph_path(model_file: str, ort_version: str, threads: int, folder: Path) -> Path:
    """Where the optimised graph of `model_file` for this onnxruntime and processor lives."""
    st = os.stat(model_file)
    key = "|".join([os.path.abspath(model_file), str(st.st_size), str(st.st_mtime_ns), ort_version,
                    platform.machine(), _processor(), str(threads)])
    digest = hashlib.sha256(key.encode("utf-8")).hexdigest()[:16]
    return folder / f"{Path(model_file).stem}-{digest}.onnx"


@contextlib.contextmanager
def cached_graphs(folder: Path | None):
    """While the block runs, every onnxruntime session built from a model file reuses (or
    makes) its optimised graph in `folder` (None: sessions are built as before)."""
    if folder is None:
        yield
        return
    import onnxruntime as ort

    real = ort.InferenceSession

    def session(path_or_bytes, sess_options=None, providers=None, provider_options=None, **kw):
        if not isinstance(path_or_bytes, (str, os.PathLike)) or sess_options is None:
            return real(path_or_bytes, sess_options, providers, provider_options, **kw)
        try:
            saved = graph_path(str(path_or_bytes), ort.__version__, sess_options.intra_op_num_threads, folder)
        except OSError:
            return real(path_or_bytes, sess_options, providers, provider_options, **kw)
        if saved.is_file():
            level = sess_options.graph_optimization_level
            sess_options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_DISABLE_ALL
            try:
                return real(str(saved), sess_options, providers, provider_options, **kw)
            except Exception:  # a damaged file: build from the model, and make it again
                sess_options.graph_optimization_level = level
        tmp = saved.with_name(f"{saved.name}.{os.getpid()}.{threading.get_ident()}.tmp")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            sess_options.optimized_model_filepath = str(tmp)
        except OSError:
            return real(path_or_bytes, sess_options, providers, provider_options, **kw)
        severity = sess_options.log_severity_level
        sess_options.log_severity_level = 3  # its note that the file fits this machine only
        try:
            made = real(path_or_bytes, sess_options, providers, provider_options, **kw)
        finally:
            sess_options.log_severity_level = severity
        try:
            os.replace(tmp, saved)
        except OSError:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        return made

    with _LOCK:
        ort.InferenceSession = session
        try:
            yield
        finally:
            ort.InferenceSession = real
