"""One cold question: a new process running the `ask` command itself, with time stamps.

    python -m bench.cold OUT.json QUESTION --docs DIR --index PATH ...   (any `ask` options)

Runs engine.cli.main with its output thrown away and ends as the `ask` script (engine.cli:run)
does, with os._exit once the output is written when the engine has `run`; it writes
to OUT.json: monotonic-clock stamps (the parent compares them with its own, as
CLOCK_MONOTONIC is one clock for every process) taken when this module starts, when the
engine is imported, around the engine's opening (model load and index refresh) and the
question, plus the engine's per-stage timings when Engine.ask takes `timings`.
With ASK_BENCH_GUARD=synthetic in the environment it refuses to embed passages for real
(see phases.guard_synthetic).
"""
import time

T_TOP = time.monotonic()

import contextlib  # noqa: E402  (after the first stamp on purpose)
import functools  # noqa: E402
import inspect  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402


def main() -> None:
    out_path, args = sys.argv[1], sys.argv[2:]
    stamps: dict = {"top": T_TOP}
    import engine.cli as cli
    import engine.pipeline as pipeline

    stamps["imported"] = time.monotonic()
    if os.environ.get("ASK_BENCH_GUARD") == "synthetic":
        from .phases import guard_synthetic

        guard_synthetic()
    Engine = pipeline.Engine
    init, ask = Engine.__init__, Engine.ask
    staged = "timings" in inspect.signature(ask).parameters
    stages: dict = {}

    @functools.wraps(init)
    def timed_init(self, *a, **kw):
        stamps["open_start"] = time.monotonic()
        init(self, *a, **kw)
        stamps["open_end"] = time.monotonic()

    @functools.wraps(ask)
    def timed_ask(self, *a, **kw):
        if staged:
            kw.setdefault("timings", stages)
        stamps["ask_start"] = time.monotonic()
        try:
            return ask(self, *a, **kw)
        finally:
            stamps["ask_end"] = time.monotonic()

    Engine.__init__, Engine.ask = timed_init, timed_ask
    load = pipeline.load_embedder

    @functools.wraps(load)
    def timed_load(*a, **kw):
        t = time.monotonic()
        try:
            return load(*a, **kw)
        finally:
            stamps["model_load_s"] = time.monotonic() - t

    pipeline.load_embedder = timed_load
    code = 0
    with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
        try:
            cli.main(args=args, prog_name="ask")
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    stamps["end"] = time.monotonic()
    with open(out_path, "w", encoding="utf-8") as f:
        json.dump({"stamps": stamps, "stages": {k: float(v) for k, v in stages.items()},
                   "staged": staged, "exit": code}, f)
    if hasattr(cli, "run"):  # the `ask` script (engine.cli:run) ends with os._exit, skipping teardown
        sys.stderr.flush()
        os._exit(0)  # the command's own exit status is in OUT.json; 0 tells the parent all went well


if __name__ == "__main__":
    main()
