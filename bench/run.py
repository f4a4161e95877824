"""`python -m bench`: how fast `ask` indexes, refreshes and answers at 1k to 300k passages.

For each corpus (synthetic ones of the sizes asked for, then the real cabinet and WikiQA
folders beside the repository when present) it builds the index, refreshes it, answers the
same questions warm, cold and in a batch, runs a plain rank-bm25 baseline on the same
passages, and writes one Markdown and one JSON report (docs/benchmark.md explains them).
Progress goes to stderr, the tables to stdout.

    python -m bench [--sizes 1k,10k,100k,300k] [--quick] [--out DIR] [--work DIR] ...
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

if __package__ in (None, ""):  # run as bench/run.py: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "bench"

from . import children, corpus, report  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"
MODEL = ("sentence-transformers/all-MiniLM-L6-v2", SHARED / "models" / "all-MiniLM-L6-v2-onnx")
FULL_SIZES = "1k,10k,100k,300k"
QUICK_SIZES = "1k,10k"
LARGE = 10_000     # passages above which a corpus gets --cold-large cold questions
COLD_LARGE = 20
FIRST_QUESTIONS = 20  # questions asked by each first-question run (real vectors only)
# embed modes; "all up front" is the index, embedding and warm phases above
FIRST_MODES = ("bounded",)
SEED = 7
EMBED_PASSAGES = 600  # cabinet passages for the embedding-by-cores table (four runs of ~40 s)


@dataclass
class Corpus:
    name: str
    docs: Path
    synthetic: bool
    files: int = 0                     # synthetic: files written
    questions: list[str] = field(default_factory=list)
    question_source: str = ""


def log(msg: str, t0: list[float] = [time.monotonic()]) -> None:
    sys.stderr.write(f"[{time.monotonic() - t0[0]:7.1f}s] {msg}\n")
    sys.stderr.flush()


def size_of(text: str) -> int:
    t = text.strip().lower()
    mult = 1_000 if t.endswith("k") else 1_000_000 if t.endswith("m") else 1
    return int(float(t.rstrip("km")) * mult)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(prog="python -m bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", default=None, help=f"synthetic corpus sizes in passages (default {FULL_SIZES})")
    ap.add_argument("--quick", action="store_true",
                    help=f"smoke run: sizes {QUICK_SIZES}, {10} cold questions, no real corpora")
    ap.add_argument("--out", default=str(REPO / "bench" / "out"), help="folder for the .md and .json report")
    ap.add_argument("--name", default=None, help="report file name without extension (default from the run)")
    ap.add_argument("--work", default=None,
                    help="folder for corpora and indexes (default: a temporary folder, removed after)")
    ap.add_argument("--shards", default="1,2,4",
                    help="shard counts for the sharded row (issue 19; '' for none): the same questions "
                         "warm over N shard indexes, one process each (default 1,2,4)")
    ap.add_argument("--shard-corpora", default=None,
                    help="the corpora the sharded row runs on (names: 1k, 10k, 100k, 300k, cabinet, "
                         "wikiqa-dev; default 100k,cabinet, and 1k with --quick)")
    ap.add_argument("--questions", type=int, default=50, help="questions per corpus (warm, batch, baseline)")
    ap.add_argument("--cold", type=int, default=None,
                    help="cold questions (a new process each) per generated corpus of up to 10k "
                         "passages (default: --questions; 10 with --quick)")
    ap.add_argument("--cold-large", type=int, default=None,
                    help=f"cold questions per larger or real corpus (default {COLD_LARGE}; "
                         "each costs a whole `ask` start: see docs/benchmark.md)")
    ap.add_argument("--real-vectors-max", type=int, default=1000,
                    help="embed generated corpora of at most this many passages for real (default "
                         "1000); the others, and the real corpora, get synthetic vectors")
    ap.add_argument("--real", default="cabinet,wikiqa-dev",
                    help="real corpora to add when ../shared/eval is there: any of cabinet, "
                         "wikiqa-dev, wikiqa-train (default cabinet,wikiqa-dev)")
    ap.add_argument("--no-real", action="store_true", help="skip the real corpora")
    ap.add_argument("--embed-passages", type=int, default=EMBED_PASSAGES,
                    help=f"cabinet passages embedded at 1 and at every core, by the engine and by raw "
                         f"fastembed (default {EMBED_PASSAGES}; 0: skip)")
    ap.add_argument("--seed", type=int, default=SEED)
    a = ap.parse_args(argv)
    a.sizes = a.sizes or (QUICK_SIZES if a.quick else FULL_SIZES)
    a.cold = a.cold if a.cold is not None else (10 if a.quick else a.questions)
    a.cold_large = a.cold_large if a.cold_large is not None else min(a.cold, COLD_LARGE)
    a.no_real = a.no_real or a.quick
    a.shards_list = [int(x) for x in a.shards.split(",") if x.strip()]
    chosen = a.shard_corpora if a.shard_corpora is not None else ("1k" if a.quick else "100k,cabinet")
    a.shard_corpora_list = [x.strip() for x in chosen.split(",") if x.strip()]
    return a


def use_shared_model() -> str | None:
    """The shared model folder beside the repository, unless the environment names a model."""
    if not os.environ.get("ASK_EMBED_MODEL") and MODEL[1].is_dir():
        os.environ["ASK_EMBED_MODEL"], os.environ["ASK_EMBED_MODEL_DIR"] = MODEL[0], str(MODEL[1])
    return os.environ.get("ASK_EMBED_MODEL")


def synthetic(work: Path, passages: int, label: str, n_q: int, seed: int) -> Corpus:
    c = Corpus(label, work / "corpora" / label, True)
    t = time.monotonic()
    c.files = corpus.build(c.docs, passages, seed)
    log(f"{label}: corpus of {passages} passages in {c.files} files ({time.monotonic() - t:.1f}s)")
    c.questions = corpus.questions(c.docs, c.files, n_q, seed)
    c.question_source = "sampled from the corpus (3-6 words of a passage)"
    return c


def real_corpora(work: Path, names: list[str], n_q: int) -> list[Corpus]:
    """The shared cabinet (questions sampled from its passages once indexed) and WikiQA
    folders (their own questions, the first n_q), when ../shared/eval is there."""
    out: list[Corpus] = []
    ev = SHARED / "eval"
    for name in names:
        if name == "cabinet" and (ev / "cabinet").is_dir():
            out.append(Corpus("cabinet", ev / "cabinet", False,
                              question_source="sampled from its passages (3-6 words of a passage)"))
        elif name.startswith("wikiqa-") and (ev / "make_corpora.py").exists():
            dest = work / "corpora" / "eval"
            if not (dest / name).is_dir():
                log("building the WikiQA folders with ../shared/eval/make_corpora.py")
                subprocess.run([sys.executable, str(ev / "make_corpora.py"), str(dest)], check=True,
                               stdout=subprocess.DEVNULL)
            if not (dest / name).is_dir():
                log(f"no {name} folder from make_corpora.py; skipped")
                continue
            qs = [json.loads(line)["question"]
                  for line in open(dest / f"{name}.open.jsonl", encoding="utf-8")]
            out.append(Corpus(name, dest / name, False, questions=qs[:n_q],
                              question_source=f"{name} questions (the first {n_q}), over the whole folder"))
        else:
            log(f"real corpus {name}: not found beside the repository; skipped")
    return out


def index_bytes(path: Path) -> int:
    db = sqlite3.connect(str(path))
    try:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        db.close()
    return sum(p.stat().st_size for p in (path, Path(f"{path}-wal")) if p.exists())


def passage_texts(path: Path) -> list[str]:
    from engine.index.store import Store

    with Store(path) as store:
        return [text for _, text, _ in store.passages_missing_vectors("bench: no such model")]


def measure(c: Corpus, work: Path, a: argparse.Namespace, model: str | None) -> dict:
    """Every measurement of one corpus; returns its record for the report."""
    idx = work / "indexes" / f"{c.name}.sqlite"
    idx.parent.mkdir(parents=True, exist_ok=True)
    for p in (idx, Path(f"{idx}-wal"), Path(f"{idx}-shm")):
        p.unlink(missing_ok=True)
    rec: dict = {"name": c.name, "synthetic": c.synthetic, "docs": str(c.docs)}
    spec = {"docs": str(c.docs), "index": str(idx)}

    log(f"{c.name}: indexing (words only)")
    lex = children.phase("index", {**spec, "vectors": "none"})
    rec["index"] = {**lex.result, "peak_mb": lex.peak_mb, "wall_s": lex.wall_s}
    n = lex.result["passages"]
    # real vectors only for small generated corpora: embedding throughput is measured there
    vectors = "none" if not model else ("real" if c.synthetic and n <= a.real_vectors_max else "synthetic")
    rec["vectors"] = vectors
    if vectors != "none":
        log(f"{c.name}: {n} passages; vectors ({vectors})")
        emb = children.phase("index", {**spec, "vectors": vectors})
        rec["embed"] = {**emb.result, "peak_mb": emb.peak_mb, "wall_s": emb.wall_s}
        if vectors == "real":
            log(f"{c.name}: raw fastembed on the same passages")
            raw = children.phase("raw_embed", spec)
            rec["raw_embed"] = {**raw.result, "peak_mb": raw.peak_mb}
    rec["index_bytes"] = index_bytes(idx)

    if not c.questions:
        c.questions = corpus.questions_from_texts(passage_texts(idx), a.questions, a.seed)
    qfile = work / "questions" / f"{c.name}.jsonl"
    qfile.parent.mkdir(parents=True, exist_ok=True)
    qfile.write_text("".join(json.dumps({"id": i, "question": q}) + "\n" for i, q in enumerate(c.questions)),
                     encoding="utf-8")
    rec["questions"] = {"count": len(c.questions), "source": c.question_source, "examples": c.questions[:3]}
    spec_q = {**spec, "questions": str(qfile), "vectors": vectors}

    log(f"{c.name}: refresh with nothing changed")
    r0 = children.phase("refresh", {**spec, "vectors": vectors})
    rec["refresh_nothing"] = {**r0.result, "peak_mb": r0.peak_mb}

    log(f"{c.name}: {len(c.questions)} questions warm, then as a batch")
    w = children.phase("warm", spec_q)
    rec["warm"] = {**w.result, "peak_mb": w.peak_mb}

    n_cold = a.cold if c.synthetic and n <= LARGE else a.cold_large
    log(f"{c.name}: {n_cold} questions cold (a new ask process each)")
    rec["cold"] = []
    for q in c.questions[:n_cold]:
        ch = children.cold(q, c.docs, idx, synthetic=vectors == "synthetic")
        rec["cold"].append(report.cold_stages(ch))
    log(f"{c.name}: baseline (rank-bm25 over every passage)")
    b = children.phase("baseline", spec_q)
    rec["baseline"] = {**b.result, "peak_mb": b.peak_mb}

    if vectors == "real":  # a first question on a folder never indexed, by embedding mode
        rec["first"] = []
        qn = work / "questions" / f"{c.name}-first.jsonl"
        qn.write_text("".join(qfile.read_text(encoding="utf-8").splitlines(keepends=True)[:FIRST_QUESTIONS]),
                      encoding="utf-8")
        for mode in FIRST_MODES:
            log(f"{c.name}: a first question on a new folder, embedding {mode}")
            fresh = work / "indexes" / f"{c.name}-first.sqlite"
            for p in (fresh, Path(f"{fresh}-wal"), Path(f"{fresh}-shm")):
                p.unlink(missing_ok=True)
            f = children.phase("first", {**spec, "index": str(fresh), "questions": str(qn),
                                         "mode": mode})
            rec["first"].append({**f.result, "peak_mb": f.peak_mb})

    if c.name in a.shard_corpora_list and rec["warm"].get("per_question"):
        rec["sharded"] = []
        for k in a.shards_list:  # the same questions over k shards, against one index above
            log(f"{c.name}: over {k} shard{'s' * (k != 1)}: build, then {len(c.questions)} questions warm")
            shard_index = work / "indexes" / f"{c.name}-sharded.sqlite"
            try:
                sh = children.phase("sharded", {**spec_q, "shards": k, "shard_index": str(shard_index)})
                rec["sharded"].append({**sh.result, "peak_mb": sh.peak_mb})
            except children.ChildFailed as e:
                log(f"{c.name}: {k} shards: FAILED: {e}")
                rec["sharded"].append({"shards": k, "error": str(e)[-3000:]})
            for f in shard_index.parent.glob(shard_index.name + ".shard-*"):
                f.unlink()  # disk: the next count's shards, or the next corpus

    if c.synthetic:
        changed = corpus.change_files(c.docs, c.files, 0.01, a.seed)
        log(f"{c.name}: refresh with {len(changed)} files (1%) changed")
        r1 = children.phase("refresh", {**spec, "vectors": vectors})
        rec["refresh_changed"] = {**r1.result, "peak_mb": r1.peak_mb, "files_changed": len(changed)}
    return rec


def embedding_cores(work: Path, n: int) -> dict:
    """Embedding at one core and at every core on real cabinet passages, against raw fastembed
    at the same cores (bench/embed_rate.py), each configuration in its own process."""
    from . import embed_rate

    log(f"cabinet: embedding {n} of its passages at 1 and at every core, engine and raw fastembed")
    try:
        result = embed_rate.measure(work / "indexes" / "cabinet.sqlite", n)
    except children.ChildFailed as e:
        log(f"embedding by cores: FAILED: {e}")
        return {"error": str(e)[-3000:]}
    for line in embed_rate.lines(result):
        log(line)
    return result


def main(argv: list[str] | None = None) -> int:
    a = parse_args(argv)
    started = time.monotonic()
    model = use_shared_model()
    own_work = a.work is None
    work = Path(a.work or tempfile.mkdtemp(prefix="ask-bench-"))
    work.mkdir(parents=True, exist_ok=True)
    sizes = [s.strip() for s in a.sizes.split(",") if s.strip()]
    log(f"bench: sizes {', '.join(sizes)}; work folder {work}; model {model or 'none'}")
    run = {"command": "python -m bench " + " ".join(argv if argv is not None else sys.argv[1:]),
           "machine": report.machine(), "commit": report.commit(REPO), "model": model,
           "settings": {"questions": a.questions, "cold": a.cold, "cold_large": a.cold_large, "seed": a.seed,
                        "real_vectors_max": a.real_vectors_max, "embed_passages": a.embed_passages},
           "corpora": []}
    out = Path(a.out)
    name = a.name or ("quick" if a.quick and not argv_has(argv, "--sizes") else
                      "full" if a.sizes == FULL_SIZES and not a.no_real else "sizes-" + "-".join(sizes))
    try:
        todo: list = [("synthetic", s) for s in sizes] + ([] if a.no_real else [("real", None)])
        for kind, s in todo:
            cs = ([synthetic(work, size_of(s), s, a.questions, a.seed)] if kind == "synthetic"
                  else real_corpora(work, [x.strip() for x in a.real.split(",") if x.strip()], a.questions))
            for c in cs:
                try:
                    rec = measure(c, work, a, model)
                    print(report.corpus_table(rec), flush=True)
                except children.ChildFailed as e:  # one corpus failing does not lose the others
                    log(f"{c.name}: FAILED: {e}")
                    rec = {"name": c.name, "error": str(e)[-3000:]}
                run["corpora"].append(rec)
                write(run, out, name, started)  # after every corpus: a stopped run keeps its figures
                if c.name == "cabinet" and model and "error" not in rec and a.embed_passages:
                    run["embedding_cores"] = embedding_cores(work, a.embed_passages)
                    write(run, out, name, started)
    finally:
        if own_work:
            shutil.rmtree(work, ignore_errors=True)
    write(run, out, name, started)
    print(report.summary(run), flush=True)
    log(f"done in {run['total_s']:.0f}s; wrote {out / name}.md and .json")
    return 1 if any("error" in r for r in run["corpora"]) else 0


def write(run: dict, out: Path, name: str, started: float) -> None:
    run["total_s"] = time.monotonic() - started
    run["machine"]["load_after"] = report.machine()["load"]
    out.mkdir(parents=True, exist_ok=True)
    (out / f"{name}.json").write_text(json.dumps(run, indent=1) + "\n", encoding="utf-8")
    (out / f"{name}.md").write_text(report.markdown(run), encoding="utf-8")


def argv_has(argv: list[str] | None, opt: str) -> bool:
    return any(x == opt or x.startswith(opt + "=") for x in (argv if argv is not None else sys.argv[1:]))


if __name__ == "__main__":
    sys.exit(main())
