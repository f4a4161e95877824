"""What answer kinds cost a question: the same questions with kinds off and on, one run.

    python -m bench.kinds_cost --docs FOLDER [--index PATH] [--runs 5]

Prints the median `fuse_rerank` stage and the median whole question (Engine.ask timings) with
kinds off (kind_bonus 0, kind_depth 0: the plain baseline) and on (as shipped), and the
ratios. Words only (no model), so the figure is the rerank's, not the embedding's. The
questions ask for an amount, a time, a measure and a count.
"""
from __future__ import annotations

import argparse
import statistics

from engine import Config, Engine

QUESTIONS = ("How much is the monthly customer charge on schedule HVG?",
             "What time did the Fair Oaks Water District board meeting on December 15, 2025 get started?",
             "How wide can a private dock be in Rivergrove?",
             "How many schools did Sacramento Suburban Water District test for lead?")


def measure(docs: str, index: str | None, cfg: Config, runs: int) -> tuple[float, float]:
    rerank, total = [], []
    with Engine(docs, index=index, config=cfg, embed_model="none") as eng:
        for q in QUESTIONS:  # a first pass warms the caches for both settings alike
            eng.ask(q)
        for _ in range(runs):
            for q in QUESTIONS:
                t: dict = {}
                eng.ask(q, timings=t)
                rerank.append(t["fuse_rerank"] * 1000)
                total.append(t["total"] * 1000)
    return statistics.median(rerank), statistics.median(total)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", required=True, help="the folder to ask (the cabinet, or samples/)")
    ap.add_argument("--index", help="index path (default: the folder's own)")
    ap.add_argument("--runs", type=int, default=5, help="passes over the questions (default 5)")
    a = ap.parse_args()
    off = measure(a.docs, a.index, Config(kind_bonus=0.0, kind_depth=0), a.runs)
    on = measure(a.docs, a.index, Config(), a.runs)
    print(f"kinds off: fuse_rerank {off[0]:.1f} ms, question {off[1]:.1f} ms (median of "
          f"{len(QUESTIONS)} questions x {a.runs} runs)")
    print(f"kinds on:  fuse_rerank {on[0]:.1f} ms, question {on[1]:.1f} ms")
    print(f"ratio on/off: fuse_rerank {on[0] / off[0]:.2f}x, question {on[1] / off[1]:.2f}x")


if __name__ == "__main__":
    main()
