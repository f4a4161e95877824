"""What a change to the rules costs a question: this checkout's engine against an earlier
commit's, on the same questions and the same index, in one run.

    python -m bench.rule_cost --ref COMMIT --docs FOLDER --index PATH --questions FILE.jsonl
                              [--limit 120] [--runs 3]

The earlier engine is `git archive`d from COMMIT into a temporary folder. Each engine runs in
its own process (words only, no model: the rules' cost, not the embedding's), over the first
`limit` questions of FILE ("question" of each JSON line), a warm-up pass first; the runs
alternate between the two so the machine's noise falls on both alike. Prints the best run
of each in ms per question and the ratio (this checkout / COMMIT). The index must be one both
engines read (same schema); it is only read, never refreshed.
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# run in a child: time the questions once, after a warm-up, and print seconds per question
_CHILD = """
import json, sys, time
from engine import Engine
docs, index, qfile, limit = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
qs = [json.loads(l)["question"] for l in open(qfile) if l.strip()][:limit]
with Engine(docs, index=index, refresh_index=False, embed_model="none") as eng:
    for q in qs:
        eng.ask(q)
    t = time.perf_counter()
    for q in qs:
        eng.ask(q)
    print((time.perf_counter() - t) / len(qs))
"""


def run_once(engine_root: Path, args: argparse.Namespace) -> float:
    out = subprocess.run([sys.executable, "-c", _CHILD, args.docs, args.index, args.questions,
                          str(args.limit)], cwd=engine_root, capture_output=True, text=True,
                         env={"PYTHONPATH": str(engine_root), "PATH": "/usr/bin:/bin"})
    if out.returncode:
        raise SystemExit(f"the engine at {engine_root} failed:\n{out.stderr[-2000:]}")
    return float(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ref", required=True, help="the earlier commit to compare with")
    p.add_argument("--docs", required=True, help="the folder the index was built on")
    p.add_argument("--index", required=True, help="an index both engines read (never refreshed)")
    p.add_argument("--questions", required=True, help="a JSON-lines file with a \"question\" per line")
    p.add_argument("--limit", type=int, default=120, help="questions timed (default 120)")
    p.add_argument("--runs", type=int, default=3, help="runs of each engine, alternating (default 3)")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        ref_root = Path(tmp)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.ref, "engine"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(ref_root)], input=archive, check=True)
        best = {"ref": float("inf"), "here": float("inf")}
        for _ in range(args.runs):
            best["ref"] = min(best["ref"], run_once(ref_root, args))
            best["here"] = min(best["here"], run_once(ROOT, args))
    print(f"{args.ref}: {1000 * best['ref']:.1f} ms per question (best of {args.runs})")
    print(f"this checkout: {1000 * best['here']:.1f} ms per question (best of {args.runs})")
    print(f"ratio: {best['here'] / best['ref']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
