#!/usr/bin/env python3
"""WikiQA gold + questions in, golden cases for `ask --golden` out (JSON Lines on stdout).

    python bench/wikiqa_golden.py GOLD.jsonl QUESTIONS.jsonl > cases.jsonl

GOLD.jsonl and QUESTIONS.jsonl are made by ../shared/eval/make_corpora.py (use the
*.doc.jsonl questions: each is limited to its own document through "path"). A question with
correct sentences expects one of them quoted from its document; one with none must be
refused. Questions keep their input order. Only the standard library is used.
Tuning sets only (WikiQA train and dev): never convert the reserved WikiQA test set.
"""
import json
import sys


def read(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    gold = {str(g["id"]): g for g in read(sys.argv[1])}
    for q in read(sys.argv[2]):
        qid = str(q["id"])
        g = gold.get(qid)
        if g is None:
            sys.exit(f"question {qid} has no gold entry in {sys.argv[1]}")
        sentences = [s for s in g["gold"] if s.strip()]
        expect = [{"path": g["path"], "contains": s} for s in sentences] if sentences else "refuse"
        case = {"id": qid, "question": q["question"], "expect": expect}
        if q.get("path"):
            case["path"] = q["path"]
        print(json.dumps(case, ensure_ascii=False))


if __name__ == "__main__":
    main()
