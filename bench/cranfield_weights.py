"""How far can fusion weights go on Cranfield? A ceiling study over one run's candidates.

Takes the output of one `ask --batch cranfield.jsonl --json --explain --candidates 100` run
(each candidate's min-max normalised arm scores, coverage and rerank score are in it),
re-fuses every candidate pool under other weights and coverage credits, and scores each
ranking with ../shared/eval/score.py. The pool is fixed by the run, so this measures the
fusion and rerank only; choices are in-sample (optimistic).

usage: python bench/cranfield_weights.py EVAL_DIR GOLD.jsonl RUN.jsonl [COVERAGE_CREDIT_OF_RUN]
"""
from __future__ import annotations

import contextlib
import io
import json
import sys


def main() -> None:
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    sys.path.insert(0, sys.argv[1])
    import score  # ../shared/eval/score.py
    gold = score.load(sys.argv[2])
    runs = [json.loads(l) for l in open(sys.argv[3])]
    credit_of_run = float(sys.argv[4]) if len(sys.argv) == 5 else 0.5

    def ranking(wb, wt, we, cc):
        out = {}
        for a in runs:
            rows = []
            for c in a.get("candidates") or []:
                arms, tot, f = c["arms"], 0.0, 0.0
                for k, w in (("bm25", wb), ("tfidf", wt), ("embed", we)):
                    if k in arms:
                        f, tot = f + w * arms[k]["norm"], tot + w
                f = f / tot if tot else 0.0
                rest = c["score"] - c["fused"] - credit_of_run * c["coverage"]  # phrase, numbers
                rows.append((-round(f + rest + cc * c["coverage"], 9), -c["weighted_coverage"],
                             c["passage_id"], c["path"]))
            out[a["id"]] = {"candidates": [{"path": r[3]} for r in sorted(rows)]}
        with contextlib.redirect_stdout(io.StringIO()):
            return score.ranking(gold, out)

    base = ranking(0.4, 0.3, 0.3, credit_of_run)
    print(f"as run (0.4/0.3/0.3, credit {credit_of_run}): nDCG@10 {base['ndcg@10']:.4f} MAP {base['map']:.4f}")
    res = []
    for wb in (0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0):
        for wt in (0, 0.1, 0.2, 0.3):
            for we in (0, 0.2, 0.4, 0.5, 0.6, 0.7, 0.8, 1.0):
                if wb + wt + we == 0:
                    continue
                for cc in (0, 0.1, 0.25, 0.5, 0.75):
                    r = ranking(wb, wt, we, cc)
                    res.append((r["ndcg@10"], r["map"], wb, wt, we, cc))
    res.sort(reverse=True)
    print("best (nDCG@10, MAP, w_bm25, w_tfidf, w_embed, coverage_credit):")
    for r in res[:5]:
        print("  ", r)
    for name, pick in (("BM25 arm alone", lambda r: r[3] == 0 and r[4] == 0),
                       ("embedding arm alone", lambda r: r[2] == 0 and r[3] == 0)):
        b = max(r for r in res if pick(r))
        print(f"best with the {name}: nDCG@10 {b[0]:.4f} (credit {b[5]})")


if __name__ == "__main__":
    main()
