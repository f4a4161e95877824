"""Read files in a separate process, under a time limit and a memory limit.

A path goes in; a ReadResult comes back, or a ReadError saying in plain words why not: the
reader's own error, "reading took more than 60 s of processor time (stopped)", "needed more
than 2 GiB to read", or "the reader crashed". The time limit counts the reading process's
processor time where the system reports it (Linux), so a file read on a busy machine is not
stopped for the time it waited its turn: which files an index holds does not depend on the
machine's load. A process that waits rather than works (a stalled network mount) is stopped
after WAIT_FACTOR times the limit on the clock. One long-lived process reads file after file
(starting a process per file would cost more than reading 10,000 small files); it is replaced only
after it is killed or dies. It never outlives the run: closed with the ReadWorker, killed at
interpreter exit, and on Linux killed by the kernel if the parent dies (PR_SET_PDEATHSIG).
"""
from __future__ import annotations

import os
import pickle
import select
import signal
import struct
import subprocess
import sys
import tempfile
import time
import weakref
from pathlib import Path

from .. import readers
from ..errors import ReadError
from ..types import ReadResult
from ..units import size

READ_TIMEOUT = 60.0        # seconds one file may take; 0 or None = no limit
READ_MEMORY = 2 << 30      # bytes of address space for the reading process; 0 or None = no limit
WAIT_FACTOR = 4            # a read is stopped at this many times the time limit on the clock
START_TIMEOUT = 30.0       # seconds for the reading process to start and say it is ready
START_FAILED = "could not start the reading process"  # says nothing about the file being read

_HEADER = struct.Struct(">Q")  # every message: 8-byte length, then a pickle

# The child enters the `engine` and `engine.index` packages without running their __init__
# (which import the whole pipeline: numpy, scikit-learn, the store). It needs only the
# readers, starts in ~50 ms instead of ~450 ms, and keeps a small address space under
# RLIMIT_AS. The parent's sys.path is handed over so every registered reader is importable.
_BOOT = """\
import importlib.util, sys
sys.path[:] = {path!r}
for name in ("engine", "engine.index"):
    sys.modules[name] = importlib.util.module_from_spec(importlib.util.find_spec(name))
from engine.index.worker import _child_main
_child_main({parent})
"""


_START_HINT = "check that Python can start new processes on this system"


def timeout_error(seconds: float, how: str = "clock") -> ReadError:
    """The file's read stopped at the time limit: `how` it was reached, "work" (the reading
    process's processor time), "wait" (WAIT_FACTOR times the limit on the clock, the process
    waiting rather than working) or "clock" (no processor time to read)."""
    said = {"work": f"reading took more than {seconds:g} s of processor time (stopped)",
            "wait": f"reading took longer than {WAIT_FACTOR * seconds:g} s, waiting more than working (stopped)",
            "clock": f"reading took longer than {seconds:g} s (stopped)"}[how]
    return ReadError(said, "check that the file opens in its usual program; a sound but very large "
                           "file needs a longer read time limit")


def timeout_errors(seconds: float) -> set[str]:
    """Every message a read stopped at this time limit may give on this system
    (timeout_error): where processor time can be read, not the clock's. A file stopped by
    the clock before (a stored "reading took longer than 60 s") is then read once more: it
    may have been stopped for the time it waited its turn on a busy machine."""
    hows = ("work", "wait") if _cpu_seconds(os.getpid()) is not None else ("clock",)
    return {timeout_error(seconds, how).message for how in hows}


def memory_error(limit: int) -> ReadError:
    return ReadError(f"needed more than {size(limit)} to read",
                     "split the file into smaller files, or raise the read memory limit")


def crash_error(returncode: int | None) -> ReadError:
    hint = "check that the file opens in its usual program; saving a fresh copy often helps"
    if returncode is not None and returncode < 0:
        sig = _signal_name(-returncode)
        if -returncode == signal.SIGKILL:
            return ReadError(f"the reader was killed ({sig}), usually by the system for using "
                             "too much memory", "split the file into smaller files")
        return ReadError(f"the reader crashed ({sig})", hint)
    if returncode is not None:
        return ReadError(f"the reader crashed (exit status {returncode})", hint)
    return ReadError("the reader crashed", hint)


def is_limit_error(message: str | None) -> bool:
    """True for a failure that depends on the limits (so new limits deserve a new try)."""
    return bool(message) and (message.startswith("reading took longer than")
                              or message.startswith("reading took more than")
                              or message.startswith("needed more than"))


def _signal_name(n: int) -> str:
    try:
        return signal.Signals(n).name
    except ValueError:
        return f"signal {n}"


class _Timeout(Exception):
    pass


class _Gone(Exception):
    pass


class _Budget:
    """One file's time limit: `seconds` of the reading process's processor time (its own and
    its reaped children's, such as Tesseract), and at most WAIT_FACTOR × `seconds` on the
    clock. Where the processor time cannot be read, the clock alone, at `seconds`. `renew`
    starts it again (a page done)."""

    def __init__(self, seconds: float, pid: int | None):
        self.seconds, self.pid = seconds, pid
        self.how = "clock"  # how the limit was reached (timeout_error), once wait() says 0
        self.renew()

    def renew(self) -> None:
        self.start = time.monotonic()
        self.cpu0 = _cpu_seconds(self.pid)

    def wait(self) -> float:
        """Seconds to wait for the child before looking again; 0 when the limit is reached."""
        now = time.monotonic()
        left = self.start + self.seconds - now
        if left > 0:
            return left
        cpu = _cpu_seconds(self.pid)
        if cpu is None or self.cpu0 is None:
            return 0.0
        if now - self.start >= WAIT_FACTOR * self.seconds:
            self.how = "wait"
            return 0.0
        left = self.seconds - (cpu - self.cpu0)
        if left <= 0:
            self.how = "work"
            return 0.0
        return min(left, self.start + WAIT_FACTOR * self.seconds - now)


_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") and "SC_CLK_TCK" in getattr(
    os, "sysconf_names", {}) else 100


def _cpu_seconds(pid: int | None) -> float | None:
    """The processor time a process and its reaped children used (Linux: /proc), or None."""
    if pid is None:
        return None
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        return sum(int(x) for x in fields[11:15]) / _TICK  # utime stime cutime cstime
    except (OSError, ValueError, IndexError):
        return None


class ReadWorker:
    """Reads files one after another in a child process. Use as a context manager.

    `timeout` (seconds) and `memory` (bytes) bound each file; 0 or None turns a limit off. A
    file read by OCR reports each page done, and the time limit then counts from the last
    page: a 400-page scan is bounded per page, not stopped at 60 s (`on_page` hears of each).
    `ocr_jobs`: processes a file's pages are OCR'd by (readers/ocrpool.py; 1: the reading
    process alone), each forked from the reading process and bound by the same memory limit.
    Readers registered at run time travel to the child by reference (pickle), so they must
    be module-level functions; a reader that cannot (a lambda, a closure) is run in this
    process, without limits. On Windows everything is read in this process.
    """

    def __init__(self, timeout: float | None = READ_TIMEOUT, memory: int | None = READ_MEMORY,
                 *, ocr_cache: Path | None = None, on_page=None, ocr_jobs: int = 1):
        self.timeout = float(timeout) if timeout else None
        self.memory = int(memory) if memory else None
        self.ocr_cache = ocr_cache           # the OCR page cache's file (ocrcache), or None
        self.on_page = on_page               # (done, total) for each page OCR'd in a file
        self.ocr_jobs = max(1, int(ocr_jobs))  # OCR processes for one file's pages
        self.starts = 0                      # how many processes were started
        self._proc: subprocess.Popen | None = None
        self._stderr = None
        self._local: set[str] = set()        # suffixes read in this process
        self._finalizer = None
        self._broken: ReadError | None = None  # why no process could start: not tried again
        # a file sent ahead (prefetch) whose reply is not collected yet: (path, its time limit)
        self._pending: tuple[Path, _Budget | None] | None = None

    # -- the parent side ----------------------------------------------------------
    def prefetch(self, path: str | Path) -> None:
        """Start reading `path` in the child now, so that it reads while this process stores
        the file before it; `read(path)` collects the result. Does nothing when a file is
        already pending, when this process would read it itself, or when the child cannot
        take it (read() then tries as usual)."""
        path = Path(os.path.abspath(path))
        if self._pending is not None or os.name == "nt" or path.suffix.lower() in self._local:
            return
        if self._proc is None or self._broken is not None:
            return  # the child is started by a read, with its error handling
        try:
            self._send(str(path))
        except OSError:
            self._stop()
            return
        self._pending = (path, self._budget())

    def _drop_pending(self) -> None:
        """A prefetched file that is not read after all: wait for its reply and drop it (a
        child stuck on it is stopped at its time limit, and the next read starts a new one)."""
        _, budget = self._pending
        self._pending = None
        try:
            if self._result(budget)[0] == "memory":
                self._stop()  # start clean after an allocation failure, as read() does
        except (_Timeout, _Gone, OSError):
            self._stop()

    def read(self, path: str | Path) -> ReadResult:
        path = Path(os.path.abspath(path))
        if self._pending is not None and self._pending[0] != path:
            self._drop_pending()
        if self._pending is not None:  # sent ahead: its reply is on the way
            _, budget = self._pending
            self._pending = None
            return self._reply(budget)
        if os.name == "nt" or path.suffix.lower() in self._local:
            return readers.read(path)
        for attempt in (1, 2):
            self._start()
            if path.suffix.lower() in self._local:
                return readers.read(path)
            try:
                self._send(str(path))
                break
            except OSError:       # died between files (killed from outside): start afresh once
                self._stop()
                if attempt == 2:
                    raise crash_error(None) from None
        return self._reply(self._budget())

    def _budget(self) -> _Budget | None:
        """The time limit of the file just sent to the child (None: no limit)."""
        return _Budget(self.timeout, self._proc.pid) if self.timeout else None

    def _result(self, budget: _Budget | None):
        """The child's reply for the file in hand, after its page messages: each starts the
        time limit again and goes to on_page."""
        while True:
            reply = self._receive(budget)
            if reply[0] != "page":
                return reply
            if budget is not None:
                budget.renew()
            if self.on_page is not None:
                self.on_page(reply[1], reply[2])

    def _reply(self, budget: _Budget | None) -> ReadResult:
        try:
            reply = self._result(budget)
        except _Timeout:
            self._stop()
            raise timeout_error(self.timeout, budget.how if budget is not None else "clock") from None
        except _Gone:
            code = self._stop()
            raise crash_error(code) from None
        tag = reply[0]
        if tag == "ok":
            return reply[1]
        if tag == "memory":
            self._stop()  # start clean after an allocation failure
            raise memory_error(self.memory) if self.memory else ReadError(
                "file too large to read in memory", "split the file into smaller files")
        raise ReadError(reply[1], reply[2])

    def close(self) -> None:
        self._stop()

    def __enter__(self) -> "ReadWorker":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def _start(self) -> None:
        if self._proc is not None:
            return
        if self._broken is not None:
            raise self._broken
        blobs, local = {}, set()
        for suffix, entry in readers.loaded().items():
            try:
                blobs[suffix] = pickle.dumps(entry, protocol=pickle.HIGHEST_PROTOCOL)
            except Exception:  # a lambda or closure: only this process can run it
                local.add(suffix)
        env = dict(os.environ)
        for var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS",
                    "OMP_THREAD_LIMIT"):  # the last: Tesseract's OpenMP (OCR), one thread
            env.setdefault(var, "1")  # a numeric library's thread buffers would eat the memory limit
        self._stderr = tempfile.TemporaryFile()
        code = _BOOT.format(path=[p for p in sys.path if isinstance(p, str)], parent=os.getpid())
        try:
            self._proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                                          stdout=subprocess.PIPE, stderr=self._stderr, env=env,
                                          bufsize=0)
        except OSError as e:
            self._stderr.close()
            self._broken = ReadError(f"{START_FAILED}: {e.strerror or e}", _START_HINT)
            raise self._broken from None
        self.starts += 1
        self._finalizer = weakref.finalize(self, _kill, self._proc)
        try:
            self._send({"memory": self.memory, "readers": blobs,
                        "ocr_cache": str(self.ocr_cache) if self.ocr_cache else None,
                        "ocr_jobs": self.ocr_jobs})
            tag, missing = self._receive(_Budget(START_TIMEOUT, None))  # the clock alone
        except (OSError, _Timeout, _Gone):
            detail = self._stderr_tail()
            self._stop()
            self._broken = ReadError(START_FAILED + (f": {detail}" if detail else ""), _START_HINT)
            raise self._broken from None
        self._local = local | set(missing)

    def _stop(self) -> int | None:
        """Kill the child (if any), reap it, and return its exit status."""
        self._pending = None  # whatever it was reading ahead is lost with it
        proc, self._proc = self._proc, None
        if proc is None:
            return None
        if self._finalizer is not None:
            self._finalizer.detach()
            self._finalizer = None
        code = _kill(proc)
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None
        return code

    def _stderr_tail(self) -> str:
        try:
            self._stderr.seek(0)
            lines = self._stderr.read().decode("utf-8", "replace").strip().splitlines()
            return lines[-1].strip() if lines else ""
        except (OSError, ValueError):
            return ""

    def _send(self, obj) -> None:
        data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
        self._proc.stdin.write(_HEADER.pack(len(data)) + data)

    def _receive(self, budget: _Budget | None):
        fd = self._proc.stdout.fileno()
        (size,) = _HEADER.unpack(_read_exact(fd, _HEADER.size, budget))
        return pickle.loads(_read_exact(fd, size, budget))


def _read_exact(fd: int, n: int, budget: _Budget | None) -> bytes:
    buf = bytearray()
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    while len(buf) < n:
        wait = None
        if budget is not None:
            wait = budget.wait()
            if wait <= 0:
                raise _Timeout()
        if not poller.poll(None if wait is None else max(1, int(wait * 1000))):
            continue  # nothing yet: the budget says whether to wait on
        chunk = os.read(fd, min(n - len(buf), 1 << 20))
        if not chunk:
            raise _Gone()
        buf += chunk
    return bytes(buf)


def _kill(proc: subprocess.Popen) -> int | None:
    """Stop a child for good: SIGKILL unless it already exited, then reap it."""
    for stream in (proc.stdin, proc.stdout):
        try:
            stream.close()
        except OSError:
            pass
    if proc.poll() is None:
        try:
            proc.kill()
        except OSError:
            pass
    try:
        return proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        return None


# -- the child side -------------------------------------------------------------------
def _child_main(parent: int) -> None:
    """Serve read requests on stdin/stdout until stdin closes. Runs in the child only."""
    inp = os.fdopen(os.dup(0), "rb")
    out = os.fdopen(os.dup(1), "wb")
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(2, 1)  # a reader's stray print must not corrupt the replies
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    _die_with_parent(parent)
    init = _child_receive(inp)
    if init is None:
        return
    _limit_memory(init["memory"])
    missing = []
    for suffix, blob in init["readers"].items():
        try:
            readers.register(suffix, pickle.loads(blob))
        except Exception:
            missing.append(suffix)
    from ..readers import ocr, ocrpool  # pages OCR'd are reported, and kept in the page cache
    ocr.use_cache(init.get("ocr_cache"))
    ocrpool.jobs = init.get("ocr_jobs", 1)
    ocrpool.private_fds = (inp.fileno(), out.fileno())  # OCR's forked workers close them
    ocr.on_page = lambda done, total: _child_send(out, ("page", done, total))
    _child_send(out, ("ready", tuple(missing)))
    while (request := _child_receive(inp)) is not None:
        _child_send(out, _serve(request))


def _serve(path: str):
    try:
        return ("ok", readers.read(Path(path)))
    except ReadError as e:
        if isinstance(e.__context__, MemoryError):
            return ("memory",)
        return ("error", e.message, e.hint)
    except MemoryError:
        return ("memory",)
    except BaseException as e:  # SystemExit from a reader, and the like: still one file's failure
        return ("error", f"could not read: {type(e).__name__}: {e}".strip(),
                "check that the file opens in its usual program")


def _child_receive(inp):
    head = inp.read(_HEADER.size)
    if len(head) < _HEADER.size:
        return None
    (size,) = _HEADER.unpack(head)
    return pickle.loads(inp.read(size))


def _child_send(out, reply) -> None:
    try:
        data = pickle.dumps(reply, protocol=pickle.HIGHEST_PROTOCOL)
    except MemoryError:
        data = pickle.dumps(("memory",))
    out.write(_HEADER.pack(len(data)) + data)
    out.flush()


def _limit_memory(limit: int | None) -> None:
    try:
        import resource
    except ImportError:
        return
    try:
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # a crashing reader leaves no core file
    except (ValueError, OSError):
        pass
    if limit:
        try:
            _, hard = resource.getrlimit(resource.RLIMIT_AS)
            if hard != resource.RLIM_INFINITY:
                limit = min(limit, hard)
            resource.setrlimit(resource.RLIMIT_AS, (limit, hard))
        except (ValueError, OSError):
            pass


def _die_with_parent(parent: int) -> None:
    """Linux: the kernel sends SIGKILL to this process when the parent dies, however it dies."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before we could ask
        os._exit(0)
