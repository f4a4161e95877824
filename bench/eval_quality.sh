#!/usr/bin/env bash
# Quality figures on the shared evaluation sets (tuning sets only: WikiQA dev, Cranfield).
# usage: bench/eval_quality.sh OUT_DIR [extra ask options, e.g. --config my.toml]
# Needs ../shared/eval (corpora are built into OUT_DIR/corpora by make_corpora.py) and the
# shared model in ../shared/models (set ASK_EMBED_MODEL / ASK_EMBED_MODEL_DIR to override).
set -euo pipefail
OUT=${1:?usage: bench/eval_quality.sh OUT_DIR [ask options]}; shift || true
HERE="$(cd "$(dirname "$0")/.." && pwd)"
EVAL="$HERE/../shared/eval"
export ASK_EMBED_MODEL=${ASK_EMBED_MODEL:-sentence-transformers/all-MiniLM-L6-v2}
export ASK_EMBED_MODEL_DIR=${ASK_EMBED_MODEL_DIR:-$HERE/../shared/models/all-MiniLM-L6-v2-onnx}
mkdir -p "$OUT"
C="$OUT/corpora"
[ -d "$C/cranfield" ] || python3 "$EVAL/make_corpora.py" "$C" > /dev/null
run() { ask --docs "$C/$1" --index "$OUT/$1.sqlite" --batch "$C/$2" --json -q "${@:3}"; }
run wikiqa-dev wikiqa-dev.doc.jsonl "$@" > "$OUT/wikiqa-dev.doc.out.jsonl"
run wikiqa-dev wikiqa-dev.open.jsonl "$@" > "$OUT/wikiqa-dev.open.out.jsonl"
run cranfield cranfield.jsonl --candidates 100 "$@" > "$OUT/cranfield.out.jsonl"
echo "== WikiQA dev, own document (.doc.jsonl)"
python3 "$EVAL/score.py" wikiqa "$C/wikiqa-dev.gold.jsonl" "$OUT/wikiqa-dev.doc.out.jsonl"
echo "== WikiQA dev, whole folder (.open.jsonl)"
python3 "$EVAL/score.py" wikiqa "$C/wikiqa-dev.gold.jsonl" "$OUT/wikiqa-dev.open.out.jsonl"
echo "== Cranfield (--candidates 100)"
python3 "$EVAL/score.py" ranking "$C/cranfield.gold.jsonl" "$OUT/cranfield.out.jsonl"
