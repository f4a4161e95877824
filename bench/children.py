"""Run one measured phase in its own process and read back its result and peak memory.

Each child is waited for with os.wait4, whose resource usage belongs to that child alone
(with any processes it waited for, such as the engine's reading process): ru_maxrss is
the largest resident set any one of them reached, so no two phases' peaks mix.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Child:
    result: dict
    peak_mb: float      # ru_maxrss of the child (KiB on Linux) in MiB
    wall_s: float       # from just before the start to just after the exit, parent's clock
    started: float      # time.monotonic() just before the start
    ended: float


class ChildFailed(RuntimeError):
    pass


def run(module: str, args: list[str], out: Path, env: dict | None = None) -> Child:
    """`python -m module ...args` from the repository root; the child writes its JSON result
    to `out` (named somewhere in `args`)."""
    with tempfile.TemporaryFile() as err:
        started = time.monotonic()
        p = subprocess.Popen([sys.executable, "-m", module, *args], cwd=REPO,
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=err,
                             env={**os.environ, **(env or {})})
        _, status, usage = os.wait4(p.pid, 0)
        ended = time.monotonic()
        p.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        tail = err.read().decode("utf-8", "replace")[-3000:]
    if p.returncode != 0 or not out.exists():
        raise ChildFailed(f"python -m {module} {' '.join(args[:2])} failed (exit {p.returncode}):\n{tail}")
    result = json.loads(out.read_text(encoding="utf-8"))
    return Child(result, usage.ru_maxrss / 1024, ended - started, started, ended)


def phase(name: str, spec: dict) -> Child:
    """One phase of bench.phases with its spec."""
    with tempfile.TemporaryDirectory(prefix="ask-bench-") as tmp:
        spec_path, out = Path(tmp) / "spec.json", Path(tmp) / "out.json"
        spec_path.write_text(json.dumps(spec), encoding="utf-8")
        return run("bench.phases", [name, str(spec_path), str(out)], out)


def cold(question: str, docs: Path, index: Path, synthetic: bool) -> Child:
    """One question from a new process running the `ask` command (bench.cold); `synthetic`:
    the index holds synthetic vectors, which must not be replaced by real ones."""
    with tempfile.TemporaryDirectory(prefix="ask-bench-") as tmp:
        out = Path(tmp) / "cold.json"
        return run("bench.cold", [str(out), question, "--docs", str(docs), "--index", str(index),
                                  "--json", "-q"], out,
                   {"ASK_BENCH_GUARD": "synthetic"} if synthetic else None)
