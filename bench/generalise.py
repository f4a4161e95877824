#!/usr/bin/env python3
"""Golden sets on folders nobody tuned on, side by side: one table of outcomes per run.

    python -m bench.generalise --set NAME=FOLDER:GOLDEN[:words|model][:skip=GLOB,GLOB] ...
                               [--index-dir DIR] [--out DIR] [--diff OLD_OUT] [--setting K=V]

Each set's folder is indexed once into --index-dir (kept between runs, so a rule change that
does not change the readers answers again in seconds) and its golden file is run through
golden mode; the table gives right, wrong and missed of the answer cases and refused of the
must-refuse ones, with the wrong rate of the answered (the figure issue 27 bounds). `:words`
runs lexical only; `:model` (the default) with the shared model, every passage embedded
first. `skip=` leaves files out of the folder (a copy of it), and the cases that expect only
those files with them. Every case's outcome and quoted lines go to OUT/NAME.jsonl, so two
runs can be compared case by case (`--diff OLD_OUT`).

The held-out cabinet of issue 27 lives outside the repository (like ../shared/eval): this
command names no folder of its own. docs/measurements.md gives the commands and figures.
"""
from __future__ import annotations

import argparse
import fnmatch
import json
import os
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]
MODEL_DIR = HERE.parent / "shared" / "models" / "all-MiniLM-L6-v2-onnx"


def _parse(spec: str):
    name, _, rest = spec.partition("=")
    parts = rest.split(":")
    if not name or len(parts) < 2:
        sys.exit(f"--set {spec!r}: want NAME=FOLDER:GOLDEN[:words|model][:skip=GLOB,...]")
    folder, golden, *opts = parts
    arm, skip = "model", ()
    for o in opts:
        if o in ("words", "model"):
            arm = o
        elif o.startswith("skip="):
            skip = tuple(g for g in o[5:].split(",") if g)
        else:
            sys.exit(f"--set {spec!r}: unknown option {o!r}")
    return name, Path(folder), Path(golden), arm, skip


def _folder(folder: Path, skip: tuple[str, ...], work: Path) -> Path:
    if not skip:
        return folder
    copy = work / "folder"
    if not copy.exists():
        shutil.copytree(folder, copy, ignore=lambda d, names: [n for n in names
                                                              if any(fnmatch.fnmatch(n, g) for g in skip)])
    return copy


def run_set(name, folder, golden_path, arm, skip, index_dir: Path, out: Path, cfg=None) -> dict:
    from engine import Engine
    from engine.golden import Golden, read, run

    work = index_dir / name
    work.mkdir(parents=True, exist_ok=True)
    docs = _folder(folder, skip, work)
    golden = read(golden_path)
    if skip:  # the cases that can only be answered from a left-out file go with it
        def gone(c):
            return not c.must_refuse and all(any(fnmatch.fnmatch(e.path, g) or fnmatch.fnmatch(g, e.path)
                                                 for g in skip) for e in c.expect)
        golden = Golden(cases=tuple(c for c in golden.cases if not gone(c)))
    kw = {"embed_model": "none"} if arm == "words" else {
        "embed_model": os.environ.get("ASK_EMBED_MODEL", "sentence-transformers/all-MiniLM-L6-v2"),
        "embed_model_dir": os.environ.get("ASK_EMBED_MODEL_DIR", str(MODEL_DIR)), "embed": "all"}
    with Engine(docs, index=work / f"{arm}.sqlite", config=cfg, **kw) as eng:
        if arm == "model":
            cov = eng.coverage()
            assert cov.vectors == cov.passages, "every passage must have its vector"
        report = run(eng, golden)
    with open(out / f"{name}.jsonl", "w", encoding="utf-8") as f:
        for r in report.results:
            a = r.answer
            got = ([[c.path, [ln.locator for ln in c.lines], [ln.text for ln in c.lines]] for c in a.citations]
                   if a.answered else a.refusal.reason + ": " + a.refusal.message)
            f.write(json.dumps({"id": r.case.id, "outcome": r.outcome, "question": r.case.question,
                                "got": got}, ensure_ascii=False) + "\n")
    s = report.summary
    answered = s.correct + s.wrong
    return {"set": name, "arm": arm, "answer": s.correct + s.wrong + s.missed, "right": s.correct,
            "wrong": s.wrong, "missed": s.missed, "refuse": s.refused + s.false_answers,
            "refused": s.refused, "wrong_of_answered": f"{100 * s.wrong / answered:.0f}%" if answered else "-"}


def diff(old: Path, new: Path) -> list[str]:
    rows = []
    for f in sorted(new.glob("*.jsonl")):
        before = {}
        if (old / f.name).exists():
            before = {json.loads(l)["id"]: json.loads(l) for l in (old / f.name).read_text().splitlines()}
        for line in f.read_text().splitlines():
            r = json.loads(line)
            b = before.get(r["id"])
            if b is not None and b["outcome"] != r["outcome"]:
                rows.append(f"{f.stem} {r['id']}: {b['outcome']} -> {r['outcome']}  {r['got']!s:.200}")
    return rows


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--set", action="append", required=True, help="NAME=FOLDER:GOLDEN[:words|model][:skip=GLOB,...]")
    ap.add_argument("--index-dir", type=Path, default=Path("/tmp/ask-generalise"))
    ap.add_argument("--out", type=Path, default=None, help="where each case's outcome goes (default INDEX_DIR/out)")
    ap.add_argument("--diff", type=Path, default=None, help="an earlier --out folder: list the cases whose outcome moved")
    ap.add_argument("--setting", action="append", default=[], metavar="NAME=VALUE",
                    help="a configuration setting for every set (engine/config.py), e.g. kind_relief=0.1")
    args = ap.parse_args(argv)
    from engine.config import Config

    cfg = Config().replace(**{k: float(v) if "." in v else int(v) if v.isdigit() else v
                              for k, v in (s.split("=", 1) for s in args.setting)})
    out = args.out or args.index_dir / "out"
    out.mkdir(parents=True, exist_ok=True)
    rows = [run_set(*_parse(s), args.index_dir, out, cfg) for s in args.set]
    cols = ["set", "arm", "answer", "right", "wrong", "missed", "wrong_of_answered", "refuse", "refused"]
    print("| " + " | ".join(cols) + " |")
    print("|" + " --- |" * len(cols))
    for r in rows:
        print("| " + " | ".join(str(r[c]) for c in cols) + " |")
    if args.diff:
        for line in diff(args.diff, out):
            print(line)


if __name__ == "__main__":
    main()
