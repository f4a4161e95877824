#!/usr/bin/env python3
"""How often a right answer's first printed line holds what the question asks for.

    python -m bench.first_line OUT_DIR [OUT_DIR ...]

Reads the per-case outputs `python -m bench.generalise --out OUT_DIR` writes (OUT_DIR/*.jsonl)
and, for every answered case whose question asks a firm kind (engine/kinds.py: an amount, a
count, a time, a name...), checks the first line of the first citation with kinds.holds. The
quote's invariant (issue 27) asks that this line hold the value, on itself or as the value
beside its label; the sets' grader reads any quoted line, so this count is its own figure
(docs/measurements.md, "Issue 27's tenth pass").
"""
from __future__ import annotations

import collections
import json
import sys
from pathlib import Path

from engine.kinds import asked, firm, holds
from engine.terms import question_terms


def count(out: Path) -> collections.Counter:
    """(outcome, first line holds the kind) -> cases, over OUT/*.jsonl."""
    c: collections.Counter = collections.Counter()
    for f in sorted(out.glob("*.jsonl")):
        for line in f.read_text().splitlines():
            r = json.loads(line)
            got = r.get("got")
            if r["outcome"] not in ("correct", "wrong", "false_answer") or not isinstance(got, list):
                continue
            kinds = asked(r["question"])
            if firm(kinds):
                c[(r["outcome"], holds(got[0][2][0], kinds, question_terms(r["question"])))] += 1
    return c


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    total = collections.Counter()
    for d in argv:
        total.update(count(Path(d)))
    for outcome in ("correct", "wrong", "false_answer"):
        yes, no = total[(outcome, True)], total[(outcome, False)]
        print(f"{outcome}: first line holds the kind in {yes} of {yes + no}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
