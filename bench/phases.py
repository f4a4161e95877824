"""Measured phases, each run in its own process: a JSON spec in, a JSON result file out.

    python -m bench.phases PHASE SPEC.json OUT.json

index (build the index), raw_embed (fastembed alone on the same passages), refresh (one
refresh of an existing index), warm (one loaded engine answering every question), sharded
(the same over N shard indexes, one process each) and baseline (rank-bm25 over the same
passages). The parent reads each process's peak memory
from os.wait4, so every phase has its own peak. With "vectors": "synthetic" the model is
loaded (its identity tags the vectors) but its inference is replaced by seeded unit vectors,
so the engine's own embedding stage stores them exactly as it stores real ones.
Phases patch a few engine functions in their own process, to time them (Timers) or to
swap vectors; none of this changes the engine's files.
"""
from __future__ import annotations

import functools
import hashlib
import importlib
import importlib.util
import inspect
import json
import re
import sys
import time
from pathlib import Path

import numpy as np


class Timers(dict):
    """Seconds spent inside wrapped functions, by name."""

    def wrap(self, owner, attr: str, name: str) -> bool:
        fn = getattr(owner, attr, None)
        if fn is None:
            return False

        @functools.wraps(fn)
        def timed(*args, **kwargs):
            t = time.perf_counter()
            try:
                return fn(*args, **kwargs)
            finally:
                self[name] = self.get(name, 0.0) + time.perf_counter() - t

        setattr(owner, attr, timed)
        return True


def synthetic_vectors(texts, dim: int) -> np.ndarray:
    """A pseudo-random unit vector per text, drawn from the text's SHAKE-128 stream: the same
    text always gets the same vector, and no model runs."""
    out = np.empty((len(texts), dim), dtype=np.float32)
    for i, t in enumerate(texts):
        raw = hashlib.shake_128(t.encode("utf-8")).digest(2 * dim)
        out[i] = np.frombuffer(raw, dtype=np.int16).astype(np.float32) + 0.5  # never all zero
    return out / np.linalg.norm(out, axis=1, keepdims=True)


def use_synthetic_vectors() -> None:
    """Passages get synthetic vectors instead of the model's (Embedder.embed is replaced for
    every instance); the model still loads, so its identity tags them as it tags real ones."""
    from engine.embed import Embedder

    def embed(self, texts, progress=None, **_):
        vecs = synthetic_vectors(list(texts), self.dim)
        if progress:
            progress(len(vecs))
        return vecs

    Embedder.embed = embed


def engine_config():
    """The default configuration, except that one refresh embeds every passage missing a
    vector (the engine caps the backlog it embeds per run; the bench builds the index words
    only first, so all of it is backlog)."""
    from engine.config import Config

    cfg = Config()
    if "embed_backlog" in cfg.to_dict():
        cfg = cfg.replace(embed_backlog=10**12)
    return cfg


class IndexChanged(RuntimeError):
    pass


def guard_synthetic() -> None:
    """Stop instead of embedding a synthetic corpus for real: if the index lost its vectors
    (say the engine's chunking rules changed mid-run and it re-read everything), the engine
    would spend hours embedding 300k passages. Wraps the store query its embedding stage
    starts with; costs nothing when no passage lacks a vector."""
    from engine.index.store import Store

    missing = Store.missing_vector_sizes

    def checked(self, model):
        rows = missing(self, model)
        if rows:
            raise IndexChanged(f"{len(rows)} passages lack vectors in an index with synthetic "
                               "vectors: the index changed under the benchmark; run it again")
        return rows

    Store.missing_vector_sizes = checked


def _engine_model(vectors: str) -> str | None:
    return "none" if vectors == "none" else None  # None: the environment's model


def index(spec: dict) -> dict:
    """Build the index from nothing; time reading, the lexical rest and embedding."""
    import engine.index.worker as worker
    import engine.pipeline as pipeline

    timers = Timers()
    # the refresh and the embedding stage are called from the index session (engine/index/
    # session.py) since issue 13; older commits called them from the pipeline
    session = importlib.import_module("engine.index.session") \
        if importlib.util.find_spec("engine.index.session") else pipeline
    split = {"read": timers.wrap(worker.ReadWorker, "read", "read"),
             "refresh": timers.wrap(session, "refresh", "refresh"),
             "embed": timers.wrap(session, "embed_missing", "embed")}
    timers.wrap(pipeline, "load_embedder", "model_load")
    if spec["vectors"] == "synthetic":
        use_synthetic_vectors()
    t = time.perf_counter()
    eng = pipeline.Engine(spec["docs"], index=spec["index"], embed_model=_engine_model(spec["vectors"]),
                          config=engine_config())
    total = time.perf_counter() - t
    cov = eng.coverage()
    out = {"total_s": total, "model_load_s": timers.get("model_load"), "documents": cov.documents,
           "passages": cov.passages, "vectors": cov.vectors, "model": cov.model,
           "model_note": eng.model_note, "embedded": eng.embedded,
           "failed": len(eng.report.failed) if eng.report else None,
           "read_s": timers.get("read") if split["read"] else None,
           "refresh_s": timers.get("refresh") if split["refresh"] else None,
           "embed_s": timers.get("embed", 0.0) if split["embed"] else None}
    eng.close()
    return out


def raw_embed(spec: dict) -> dict:
    """fastembed's TextEmbedding.embed alone on the texts the engine embedded, in its order,
    with the engine's batch size and the onnxruntime thread count its refresh embeds with
    (every core, embed_jobs; so the share compares the engine's embedding stage with the
    model itself, not two thread settings)."""
    from fastembed import TextEmbedding

    from engine.config import jobs
    from engine.embed import ModelChoice
    from engine.index.store import Store

    choice = ModelChoice.from_settings(None, None)
    cfg = engine_config()
    threads = jobs(cfg.embed_jobs) if hasattr(cfg, "embed_jobs") else getattr(cfg, "embed_threads", 0)
    opts = {"threads": threads} if threads else {}
    t = time.perf_counter()
    if choice.model_dir is not None:
        model = TextEmbedding(choice.name, specific_model_path=str(choice.model_dir), local_files_only=True, **opts)
    else:
        model = TextEmbedding(choice.name, local_files_only=True, **opts)
    load_s = time.perf_counter() - t
    with Store(Path(spec["index"])) as store:
        rows = store.passages_missing_vectors("bench: no such model")  # every passage
    rows.sort(key=lambda r: (len(r[1]) + len(r[2]), r[0]))  # the engine's own order
    texts = [f"{ctx}\n{text}" if ctx else text for _, text, ctx in rows]
    batch = engine_config().embed_batch
    t = time.perf_counter()
    n = sum(1 for _ in model.embed(texts, batch_size=batch))
    return {"passages": n, "seconds": time.perf_counter() - t, "batch": batch, "model_load_s": load_s,
            "threads": threads or "onnxruntime's default"}


def first(spec: dict) -> dict:
    """A first question on a folder never indexed: open with the given embedding mode
    ("all": every passage embedded before answering; "bounded": none on a large folder, so the
    answers come from the words alone), time the first answer, then answer the other
    questions; returns each answer's first citation for comparing the modes."""
    import engine.pipeline as pipeline
    from engine.config import Config

    qs = _questions(spec["questions"])
    cfg = Config()
    t = time.perf_counter()
    eng = pipeline.Engine(spec["docs"], index=spec["index"], embed=spec["mode"], config=cfg)
    open_s = time.perf_counter() - t
    embedded = eng.embedded
    t = time.perf_counter()
    answers = [eng.ask(qs[0])]
    first_s = time.perf_counter() - t
    per = []
    for q in qs[1:]:
        t = time.perf_counter()
        answers.append(eng.ask(q))
        per.append(time.perf_counter() - t)
    cov = eng.coverage()
    model = eng.embedder.identity if eng.embedder else None
    eng.close()
    from engine.index.store import Store

    with Store(Path(spec["index"])) as store:
        stored = store.counts(model)[2] if model else 0
    tops = [[a.citations[0].doc_id, a.citations[0].locator] if a.citations else None for a in answers]
    return {"mode": spec["mode"], "open_s": open_s, "embedded": embedded,
            "first_s": first_s, "to_first_answer_s": open_s + first_s, "per_question": per,
            "passages": cov.passages, "vectors_at_close": stored, "tops": tops}


def refresh(spec: dict) -> dict:
    """Open the index without refreshing, then time one refresh."""
    import engine.pipeline as pipeline

    if spec["vectors"] == "synthetic":
        use_synthetic_vectors()
    eng = pipeline.Engine(spec["docs"], index=spec["index"], embed_model=_engine_model(spec["vectors"]),
                          refresh_index=False)
    t = time.perf_counter()
    report = eng.refresh()
    seconds = time.perf_counter() - t
    cov = eng.coverage()
    out = {"seconds": seconds, "read": report.read if report else None,
           "seen": report.seen if report else None, "embedded": eng.embedded,
           "passages": cov.passages, "vectors": cov.vectors}
    eng.close()
    return out


def _questions(path: str) -> list[str]:
    return [json.loads(line)["question"] for line in open(path, encoding="utf-8") if line.strip()]


def warm(spec: dict) -> dict:
    """One engine (model loaded, index open) answering every question: once with per-stage
    timings, then all of them again in a row like --batch --json (questions per second)."""
    import engine.pipeline as pipeline

    qs = _questions(spec["questions"])
    if spec.get("vectors") == "synthetic":
        guard_synthetic()
    t = time.perf_counter()
    eng = pipeline.Engine(spec["docs"], index=spec["index"])
    open_s = time.perf_counter() - t
    staged = "timings" in inspect.signature(eng.ask).parameters
    t = time.perf_counter()
    eng.ask(qs[0])  # the first question also loads what the engine loads lazily
    first_s = time.perf_counter() - t
    per: list[dict] = []
    answered = 0
    tops = []
    for q in qs:
        stages: dict = {}
        t = time.perf_counter()
        a = eng.ask(q, timings=stages) if staged else eng.ask(q)
        wall = time.perf_counter() - t
        answered += bool(a.answered)
        tops.append([a.citations[0].doc_id, a.citations[0].locator] if a.citations else None)
        per.append({"wall": wall, **{k: float(v) for k, v in stages.items()}})
    t = time.perf_counter()
    for q in qs:
        json.dumps(eng.ask(q).to_dict(), ensure_ascii=False)
    batch_s = time.perf_counter() - t
    cov = eng.coverage()
    eng.close()
    return {"open_s": open_s, "first_s": first_s, "staged": staged, "per_question": per,
            "answered": answered, "questions": len(qs), "batch_s": batch_s, "tops": tops,
            "passages": cov.passages, "vectors": cov.vectors}


def _vm_peak_mb(pid: int) -> float | None:
    """A live process's peak resident set (VmHWM), in MiB; None when it cannot be read."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def sharded(spec: dict) -> dict:
    """The folder over `shards` shard indexes beside the corpus's index (issue 19): build
    them (the first open), open them again (nothing to refresh; one process per shard), then
    answer every question warm with per-stage timings, as `warm` does for one index. The
    coordinator's own share per question is `merge` (renumbering and joining the pools).
    Peak memory: this process (the coordinator) and each shard's process (/proc VmHWM)."""
    import resource

    from engine.sharded import ShardedEngine

    from engine.embed import Embedder

    n, vectors = spec["shards"], spec.get("vectors")
    qs = _questions(spec["questions"])
    real_embed = Embedder.embed
    if vectors == "synthetic":
        use_synthetic_vectors()  # the shards' refreshes store synthetic vectors, as `index` does
    opts = dict(index=spec["shard_index"], hosts=spec.get("hosts", "processes"),
                embed_model=_engine_model(vectors), config=engine_config())
    t = time.perf_counter()
    ShardedEngine(spec["docs"], n, **opts).close()
    build_s = time.perf_counter() - t
    Embedder.embed = real_embed  # questions and quoted lines are embedded for real, as in `warm`
    if vectors == "synthetic":
        guard_synthetic()
    t = time.perf_counter()
    eng = ShardedEngine(spec["docs"], n, **opts)
    open_s = time.perf_counter() - t
    pools: list[int] = []  # the merged pool's size per question (what the coordinator scores)
    pull = eng._pull

    def counted(*args, **kwargs):
        got = pull(*args, **kwargs)
        pools.append(len(got.pool))
        return got

    eng._pull = counted
    t = time.perf_counter()
    eng.ask(qs[0])
    first_s = time.perf_counter() - t
    per, tops, answered = [], [], 0
    for q in qs:
        stages: dict = {}
        t = time.perf_counter()
        a = eng.ask(q, timings=stages)
        wall = time.perf_counter() - t
        answered += bool(a.answered)
        tops.append([a.citations[0].doc_id, a.citations[0].locator] if a.citations else None)
        per.append({"wall": wall, **{k: float(v) for k, v in stages.items()}})
    cov = eng.coverage()
    shard_peaks = [_vm_peak_mb(pid) for pid in eng.pids() if pid is not None]
    disk = sum(f.stat().st_size for f in Path(spec["shard_index"]).parent.glob(
        Path(spec["shard_index"]).name + ".shard-*") if f.is_file())
    eng.close()
    return {"shards": n, "build_s": build_s, "open_s": open_s, "first_s": first_s, "pool": pools[1:],
            "per_question": per, "tops": tops, "answered": answered, "questions": len(qs),
            "passages": cov.passages, "vectors": cov.vectors, "disk_bytes": disk,
            "coordinator_peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
            "shard_peak_mb": shard_peaks}


_WORD = re.compile(r"\w+")


def simple_tokens(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def baseline(spec: dict) -> dict:
    """rank-bm25's BM25Okapi over every passage text, built in memory, no index: build time,
    then time per question (all scores, then the best passage)."""
    from rank_bm25 import BM25Okapi

    from engine.index.store import Store

    qs = _questions(spec["questions"])
    with Store(Path(spec["index"])) as store:
        texts = [text for _, text, _ in store.passages_missing_vectors("bench: no such model")]
    t = time.perf_counter()
    bm = BM25Okapi([simple_tokens(x) for x in texts])
    build_s = time.perf_counter() - t
    per = []
    for q in qs:
        t = time.perf_counter()
        scores = bm.get_scores(simple_tokens(q))
        int(np.argmax(scores))
        per.append(time.perf_counter() - t)
    return {"passages": len(texts), "build_s": build_s, "per_question": per}


PHASES = {f.__name__: f for f in (index, raw_embed, refresh, warm, baseline, first, sharded)}


def main(argv: list[str]) -> None:
    name, spec_path, out_path = argv
    result = PHASES[name](json.loads(Path(spec_path).read_text(encoding="utf-8")))
    Path(out_path).write_text(json.dumps(result), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1:])
