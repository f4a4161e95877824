"""How far can the named signals go on WikiQA? A ceiling study, not part of the engine.

For every question of a WikiQA split (own document), every sentence of its document is
scored by the signals the engine has: cosine with the question (the embedding model),
BM25 among the document's sentences, and rarity-weighted word overlap. Then, in-sample
(weights and thresholds chosen on the very questions they are scored on, so optimistic):

- the best top-sentence accuracy any weighted sum of the three reaches (grid 0..1 step 0.1),
  with and without a first-sentence prior;
- the best answer-triggering F1 any threshold on the chosen sentence's cosine (alone or
  with overlap) reaches, overall and with at most 15% of unanswerable questions answered.

usage: python bench/wikiqa_ceiling.py CORPORA_DIR SPLIT       (SPLIT: dev or train)
needs ASK_EMBED_MODEL / ASK_EMBED_MODEL_DIR (the shared model) like the engine.
"""
from __future__ import annotations

import json
import math
import os
import sys
from pathlib import Path

import numpy as np
from rank_bm25 import BM25Okapi

from engine import terms
from engine.embed import ModelChoice, load_embedder


def features(corpora: Path, split: str):
    emb, why = load_embedder(ModelChoice.from_settings(os.environ.get("ASK_EMBED_MODEL"),
                                                       os.environ.get("ASK_EMBED_MODEL_DIR")))
    if emb is None:
        sys.exit(f"no embedding model: {why}")
    gold = {json.loads(l)["id"]: json.loads(l) for l in open(corpora / f"wikiqa-{split}.gold.jsonl")}
    qs = [json.loads(l) for l in open(corpora / f"wikiqa-{split}.doc.jsonl")]
    docs: dict[str, list[str]] = {}
    for q in qs:
        if q["path"] not in docs:
            text = (corpora / f"wikiqa-{split}" / q["path"]).read_text(encoding="utf-8")
            docs[q["path"]] = [ln for ln in text.splitlines() if ln.strip()]
    sents = sorted({s for d in docs.values() for s in d})
    vec = dict(zip(sents, emb.embed(sents)))
    out = []
    for q in qs:
        lines = docs[q["path"]]
        want = {" ".join(s.split()) for s in gold[q["id"]]["gold"]}
        qv = emb.embed_query(q["question"])
        toks = [terms.tokens(s) for s in lines]
        qt = list(terms.question_terms(q["question"]))
        bm = BM25Okapi(toks).get_scores(qt) if qt else np.zeros(len(lines))
        n = len(lines)
        idf = {t: math.log((n + 1) / (sum(t in set(tk) for tk in toks) + 0.5)) for t in qt}
        total = sum(idf.values()) or 1.0
        out.append([dict(cos=float(vec[s] @ qv), bm25=float(bm[i]),
                         ov=sum(idf[t] for t in qt if t in set(toks[i])) / total, pos=i,
                         label=" ".join(s.split()) in want) for i, s in enumerate(lines)])
    return out


def _mm(x):
    x = np.asarray(x, float)
    lo, hi = x.min(), x.max()
    return (x - lo) / (hi - lo) if hi > lo else np.zeros_like(x)


def _pick(rows, wc, wb, wo, wp):
    s = (wc * _mm([r["cos"] for r in rows]) + wb * _mm([r["bm25"] for r in rows])
         + wo * np.array([r["ov"] for r in rows]) + wp * np.array([1 / (1 + r["pos"]) for r in rows]))
    return int(np.argmax(s))  # ties: the earlier sentence


def main() -> None:
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    data = features(Path(sys.argv[1]), sys.argv[2])
    ans = [d for d in data if any(r["label"] for r in d)]
    n_un = len(data) - len(ans)
    print(f"{sys.argv[2]}: {len(data)} questions, {len(ans)} with a correct sentence")

    def top1(w):
        return sum(d[_pick(d, *w)]["label"] for d in ans) / len(ans)
    grid = [i / 10 for i in range(11)]
    for name, w in (("cosine", (1, 0, 0, 0)), ("BM25", (0, 1, 0, 0)), ("overlap", (0, 0, 1, 0)),
                    ("first sentence", (0, 0, 0, 1))):
        print(f"  top sentence by {name} alone: {top1(w):.1%}")
    best = max((top1((1, b, o, 0)), b, o) for b in grid for o in grid)
    print(f"  best cosine + {best[1]} BM25 + {best[2]} overlap (in-sample): {best[0]:.1%}")
    bestp = max((top1((1, b, o, p)), b, o, p) for b in grid[::2] for o in grid[::2] for p in grid)
    print(f"  ... with a first-sentence prior {bestp[3]} (in-sample): {bestp[0]:.1%}")

    w = (1, best[1], best[2], 0)
    picked = [(d[_pick(d, *w)], any(r["label"] for r in d)) for d in data]

    def trig(pred):
        a = [(r, has) for r, has in picked if pred(r)]
        c = sum(r["label"] for r, _ in a)
        p, rc = (c / len(a) if a else 0.0), c / len(ans)
        return (2 * p * rc / (p + rc) if p + rc else 0.0), p, rc, sum(not h for _, h in a) / n_un
    res = [trig(lambda r, t=t: r["cos"] >= t) + (t,) for t in np.arange(0, 1, 0.01)]
    res2 = [trig(lambda r, t=t, u=u: r["cos"] >= t and r["ov"] >= u) + (t, u)
            for t in np.arange(0, 1, 0.02) for u in np.arange(0, 1, 0.05)]
    for name, rr in (("cosine floor", res), ("cosine + overlap floors", res2)):
        b = max(rr)
        b15 = max([x for x in rr if x[3] <= 0.15], default=(0, 0, 0, 0))
        print(f"  answer triggering, {name} (in-sample): best F1 {b[0]:.1%} (P {b[1]:.1%} R {b[2]:.1%}, "
              f"{b[3]:.1%} of unanswerable answered); with at most 15% answered: F1 {b15[0]:.1%} "
              f"(P {b15[1]:.1%} R {b15[2]:.1%})")
    print(f"  always answering: F1 {trig(lambda r: True)[0]:.1%}")


if __name__ == "__main__":
    main()
