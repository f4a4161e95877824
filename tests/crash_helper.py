"""Subprocess entry points for tests/test_crash_concurrency.py (not a test module).

    python crash_helper.py refresh DOCS INDEX [--model NAME DIR] [--group N] [--wait S] [--rebuild]
        open the Engine (which refreshes), print {"read": [...], "embedded": N, "removed": N};
        --group sets the vectors committed per transaction (engine.index.vectors.GROUP)
    python crash_helper.py refresher DOCS INDEX STOPFILE
        rewrite DOCS/edition.txt between editions A and B and refresh, until STOPFILE exists;
        print {"updates": N}
    python crash_helper.py asker DOCS INDEX SECONDS QUESTION
        for SECONDS (and until both editions were seen), ask through a fresh read-only
        Engine, a fresh refreshing Engine that waits at most 0.02 s for the lock, and one
        long-lived Engine; print one JSON line per round
"""
from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path

from engine import Engine
from engine.index import vectors

EDITION = """# Alfa permits, edition {ed}

The alfa permit fee is {fee} dollars in edition {ed}.
The alfa renewal fee is {renew} dollars in edition {ed}.
Alfa permits in edition {ed} are issued by the bravo office within {days} days of the application.
An alfa permit of edition {ed} lasts one year; the alfa fee is refunded only in edition {ed} cases.

## Alfa appeals in edition {ed}

An appeal of an alfa fee decision in edition {ed} goes to the charlie board within {days} days.
The charlie board hears alfa fee appeals of edition {ed} on the first monday of each month.
"""


def edition_text(ed: str) -> str:
    n = {"A": (10, 5, 7), "B": (12, 6, 9)}[ed]
    return EDITION.format(ed=ed, fee=n[0], renew=n[1], days=n[2])


def _report(eng: Engine) -> dict:
    r = eng.report
    return {"read": list(r.read_paths) if r else [], "removed": r.removed if r else 0,
            "embedded": eng.embedded, "notes": list(eng.notes)}


def cmd_refresh(args: list[str]) -> None:
    docs, index, rest = args[0], args[1], args[2:]
    kw: dict = {"embed_model": "none"}
    while rest:
        opt = rest.pop(0)
        if opt == "--model":
            kw["embed_model"], kw["embed_model_dir"] = rest.pop(0), rest.pop(0)
        elif opt == "--group":
            vectors.GROUP = int(rest.pop(0))
        elif opt == "--wait":
            kw["wait"] = float(rest.pop(0))
        elif opt == "--rebuild":
            kw["rebuild"] = True
    notify = lambda text: print(f"ask: {text}", file=sys.stderr, flush=True)  # noqa: E731
    with Engine(docs, index=index, notify=notify, **kw) as eng:
        print(json.dumps(_report(eng)), flush=True)


def cmd_refresher(args: list[str]) -> None:
    docs, index, stop = Path(args[0]), args[1], Path(args[2])
    target = docs / "edition.txt"
    updates = 0
    with Engine(docs, index=index, embed_model="none", wait=30) as eng:
        while not stop.exists():
            ed = "BA"[updates % 2]  # the folder starts at A
            tmp = docs.parent / "edition.tmp"  # written beside the folder, renamed in whole
            tmp.write_text(edition_text(ed), encoding="utf-8")
            os.utime(tmp, ns=(time.time_ns(), 1_700_000_000_000_000_000 + updates))  # always "changed"
            os.replace(tmp, target)
            eng.refresh()  # (an asker that got the lock first may have read it already)
            assert eng.report.read_paths in ((), ("edition.txt",)) and not eng.notes, eng.report
            updates += 1
            time.sleep(0.03)  # lock free for a moment: askers that refresh get their turn too
    print(json.dumps({"updates": updates}), flush=True)


def cmd_asker(args: list[str]) -> None:
    docs, index, seconds, question = args[0], args[1], float(args[2]), args[3]
    steady = Engine(docs, index=index, embed_model="none", refresh_index=False)
    steady.ask(question)  # warm the imports before the clock starts
    start, seen = time.monotonic(), set()
    # at least SECONDS, and on until both editions have been seen (at most 60 s)
    while time.monotonic() - start < seconds or (len(seen) < 2 and time.monotonic() - start < 60):
        with Engine(docs, index=index, embed_model="none", refresh_index=False) as eng:
            fresh = _lines(eng.ask(question))
        # as the command line does: refresh first if the lock is free at once, else ask anyway
        with Engine(docs, index=index, embed_model="none", wait=0.02) as eng:
            refreshing = dict(_lines(eng.ask(question)), waited=bool(eng.notes))
        print(json.dumps({"fresh": fresh, "refreshing": refreshing,
                          "steady": _lines(steady.ask(question))}), flush=True)
        seen.update(ed for ed in "AB" if f"edition {ed}" in " ".join(fresh["lines"]))
    steady.close()


def _lines(a) -> dict:
    return {"answered": a.answered, "documents": a.coverage.documents,
            "lines": [ln.text for c in a.citations for ln in c.lines],
            "paths": [c.path for c in a.citations]}


if __name__ == "__main__":
    {"refresh": cmd_refresh, "refresher": cmd_refresher, "asker": cmd_asker}[sys.argv[1]](sys.argv[2:])
