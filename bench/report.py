"""The benchmark's records in, Markdown tables out; plus the machine and commit they ran on.

A record per corpus (run.measure) holds raw figures; everything derived (rates, shares,
percentiles, ratios) is computed here, so the JSON keeps what was measured and the tables
can be redrawn from it.
"""
from __future__ import annotations

import os
import platform
import subprocess
from pathlib import Path

import numpy as np

STAGES = ("embed_question", "pull", "bm25", "tfidf", "embed", "fuse_rerank", "gate", "quote", "total")
COLD_STAGES = ("start", "imports", "cli", "model_load", "open", "question", "output", "exit", "wall")


# -- where it ran -----------------------------------------------------------------------
def machine() -> dict:
    cpu = ""
    try:
        for line in open("/proc/cpuinfo", encoding="utf-8"):
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    ram = None
    try:
        for line in open("/proc/meminfo", encoding="utf-8"):
            if line.startswith("MemTotal"):
                ram = round(int(line.split()[1]) / 1024 / 1024, 1)
                break
    except OSError:
        pass
    return {"cpus": os.cpu_count(), "cpu_model": cpu, "ram_gib": ram,
            "python": platform.python_version(), "platform": platform.platform(),
            "load": os.getloadavg() if hasattr(os, "getloadavg") else None}


def commit(repo: Path) -> str | None:
    try:
        return subprocess.run(["git", "rev-parse", "HEAD"], cwd=repo, capture_output=True,
                              text=True, timeout=10).stdout.strip() or None
    except (OSError, subprocess.SubprocessError):
        return None


# -- derived figures --------------------------------------------------------------------
def cold_stages(ch) -> dict:
    """A cold child's stamps (monotonic clock, shared with the parent) as stage durations."""
    s = ch.result.get("stamps", {})
    out = {"wall": ch.wall_s, "peak_mb": ch.peak_mb, "exit": ch.result.get("exit")}

    def gap(a, b):
        return s[b] - s[a] if a in s and b in s else None

    out["start"] = s["top"] - ch.started if "top" in s else None
    out["imports"] = gap("top", "imported")
    out["cli"] = gap("imported", "open_start")
    model = s.get("model_load_s")
    opened = gap("open_start", "open_end")
    out["model_load"] = model
    # since issue 15 the model loads on a thread while the index is refreshed: `open` is the
    # whole opening, model included, and `model_load` that thread's own duration within it
    out["open"] = opened
    out["question"] = gap("ask_start", "ask_end")
    out["output"] = gap("ask_end", "end")
    out["exit_s"] = ch.ended - s["end"] if "end" in s else None
    out["stages"] = ch.result.get("stages", {})
    return out


def pct(values, q: float) -> float | None:
    v = [x for x in values if x is not None]
    return float(np.percentile(v, q)) if v else None


def warm_stats(rec: dict) -> dict:
    """{stage: (p50, p95)} in seconds over the warm questions; "wall" is measured around ask()."""
    per = rec["warm"]["per_question"]
    keys = ["wall"] + [k for k in STAGES if any(k in p for p in per)]
    keys += sorted({k for p in per for k in p} - set(keys))
    return {k: (pct([p.get(k) for p in per], 50), pct([p.get(k) for p in per], 95)) for k in keys}


def cold_stats(rec: dict) -> dict:
    rows = rec["cold"]
    keys = ["start", "imports", "cli", "model_load", "open", "question", "output", "exit_s", "wall"]
    out = {k: (pct([r.get(k) for r in rows], 50), pct([r.get(k) for r in rows], 95)) for k in keys}
    for k in STAGES:
        vals = [r["stages"].get(k) for r in rows if r.get("stages")]
        if any(v is not None for v in vals):
            out["question: " + k] = (pct(vals, 50), pct(vals, 95))
    return out


def figures(rec: dict) -> dict:
    """The headline numbers of one corpus, derived from its record."""
    ix = rec["index"]
    f: dict = {"passages": ix["passages"], "files": ix["documents"], "vectors": rec["vectors"]}
    read, refresh = ix.get("read_s"), ix.get("refresh_s")
    if read:
        f["read_files_s"], f["read_passages_s"] = ix["documents"] / read, ix["passages"] / read
    if refresh and read is not None and refresh > read:
        lex = refresh - read
        f["lexical_files_s"], f["lexical_passages_s"] = ix["documents"] / lex, ix["passages"] / lex
    f["index_words_s"] = ix["total_s"]
    emb = rec.get("embed")
    if emb and emb.get("embed_s"):
        f["embed_passages_s"] = emb["embedded"] / emb["embed_s"]
        f["embed_s"] = emb["embed_s"]
    raw = rec.get("raw_embed")
    if raw and raw.get("seconds"):
        f["raw_passages_s"] = raw["passages"] / raw["seconds"]
        if "embed_passages_s" in f:
            f["embed_share_of_raw"] = f["embed_passages_s"] / f["raw_passages_s"]
    f["refresh_nothing_s"] = rec["refresh_nothing"]["seconds"]
    if "refresh_changed" in rec:
        rc = rec["refresh_changed"]
        f["refresh_changed_s"] = rc["seconds"]
        f["refresh_changed_files"], f["refresh_changed_embedded"] = rc["files_changed"], rc["embedded"]
    f["warm_open_s"], f["warm_first_s"] = rec["warm"]["open_s"], rec["warm"]["first_s"]
    f["cold_n"] = len(rec["cold"])
    w = warm_stats(rec)
    f["warm_p50"], f["warm_p95"] = w["wall"]
    if rec["cold"]:
        c = cold_stats(rec)
        f["cold_p50"], f["cold_p95"] = c["wall"]
        f["cold_peak_mb"] = max(r["peak_mb"] for r in rec["cold"])
    f["batch_qps"] = rec["warm"]["questions"] / rec["warm"]["batch_s"]
    f["answered"] = rec["warm"]["answered"] / rec["warm"]["questions"]
    f["peak_index_mb"] = ix["peak_mb"]
    f["peak_embed_mb"] = emb["peak_mb"] if emb else None
    f["peak_warm_mb"] = rec["warm"]["peak_mb"]
    f["index_mb"] = rec["index_bytes"] / 2**20
    f["bytes_per_passage"] = rec["index_bytes"] / max(1, ix["passages"])
    b = rec["baseline"]
    f["baseline_build_s"] = b["build_s"]
    f["baseline_p50"], f["baseline_p95"] = pct(b["per_question"], 50), pct(b["per_question"], 95)
    f["baseline_peak_mb"] = b["peak_mb"]
    if f["baseline_p50"]:
        f["ratio_warm"] = f["warm_p50"] / f["baseline_p50"]
        if "cold_p50" in f:
            f["ratio_cold"] = f["cold_p50"] / (f["baseline_build_s"] + f["baseline_p50"])
    return f


# -- formatting ---------------------------------------------------------------------------
def num(x, digits: int = 0) -> str:
    if x is None:
        return "—"
    if abs(x) >= 100 or digits == 0:
        return f"{x:,.0f}"
    return f"{x:,.{digits}f}"


def ms(x) -> str:
    return "—" if x is None else (f"{x * 1000:,.0f}" if x >= 0.1 else f"{x * 1000:.1f}")


def pair(a, b, fmt=ms) -> str:
    return f"{fmt(a)} / {fmt(b)}"


ROWS = [
    ("passages (files)", lambda f: f"{f['passages']:,} ({f['files']:,})"),
    ("vectors", lambda f: f["vectors"]),
    ("reading: files/s · passages/s", lambda f: f"{num(f.get('read_files_s'))} · {num(f.get('read_passages_s'))}"),
    ("lexical index: files/s · passages/s", lambda f: f"{num(f.get('lexical_files_s'))} · {num(f.get('lexical_passages_s'))}"),
    ("index build, words only (s)", lambda f: num(f["index_words_s"], 1)),
    ("embedding: passages/s", lambda f: num(f.get("embed_passages_s"), 1) if f["vectors"] == "real"
     else ("synthetic: stored at " + num(f.get("embed_passages_s")) + "/s" if f["vectors"] == "synthetic" else "—")),
    ("raw fastembed: passages/s · engine's share", lambda f: (
        f"{num(f.get('raw_passages_s'), 1)} · {f['embed_share_of_raw']:.0%}" if "embed_share_of_raw" in f else "—")),
    ("refresh, nothing changed (s)", lambda f: num(f["refresh_nothing_s"], 2)),
    ("refresh, 1% of files changed (s)", lambda f: (
        f"{num(f['refresh_changed_s'], 2)} ({f['refresh_changed_files']} files, "
        f"{f['refresh_changed_embedded']} embedded{'' if f['vectors'] == 'real' else ' synthetic'})"
        if "refresh_changed_s" in f else "—")),
    ("warm engine: open (s) · first question (ms)", lambda f: f"{num(f['warm_open_s'], 2)} · {ms(f['warm_first_s'])}"),
    ("warm question p50 / p95 (ms)", lambda f: pair(f["warm_p50"], f["warm_p95"])),
    ("cold question p50 / p95 (ms)", lambda f: pair(f.get("cold_p50"), f.get("cold_p95")) + f" (n={f['cold_n']})"),
    ("batch (questions/s)", lambda f: num(f["batch_qps"], 1)),
    ("answered (share of questions)", lambda f: f"{f['answered']:.0%}"),
    ("peak RSS, MiB: index words · vectors", lambda f: f"{num(f['peak_index_mb'])} · {num(f['peak_embed_mb'])}"),
    ("peak RSS, MiB: warm engine · cold ask", lambda f: f"{num(f['peak_warm_mb'])} · {num(f.get('cold_peak_mb'))}"),
    ("index on disk: MiB · bytes/passage", lambda f: f"{num(f['index_mb'], 1)} · {num(f['bytes_per_passage'])}"),
    ("baseline rank-bm25: build (s)", lambda f: num(f["baseline_build_s"], 2)),
    ("baseline: question p50 / p95 (ms)", lambda f: pair(f["baseline_p50"], f["baseline_p95"])),
    ("baseline peak RSS (MiB)", lambda f: num(f["baseline_peak_mb"])),
    ("engine warm p50 / baseline p50", lambda f: f"{f['ratio_warm']:.2f}×" if "ratio_warm" in f else "—"),
    ("speed-up over the baseline (baseline p50 / engine warm p50)",
     lambda f: (f"{1 / f['ratio_warm']:.1f}×" if 1 / f["ratio_warm"] >= 1 else f"{1 / f['ratio_warm']:.2f}×")
     if f.get("ratio_warm") else "—"),
    ("engine cold p50 / baseline (build + p50)", lambda f: f"{f['ratio_cold']:.2f}×" if "ratio_cold" in f else "—"),
]


def table(header: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "| " + " | ".join("---" for _ in header) + " |"]
    lines += ["| " + " | ".join(r) + " |" for r in rows]
    return "\n".join(lines)


def summary_table(corpora: list[dict]) -> str:
    corpora = [r for r in corpora if "error" not in r]
    figs = [figures(r) for r in corpora]
    return table([""] + [r["name"] for r in corpora], [[label] + [fn(f) for f in figs] for label, fn in ROWS])


def stage_table(corpora: list[dict], stats, title: str) -> str:
    corpora = [r for r in corpora if "error" not in r]
    per = [stats(r) for r in corpora if (r["cold"] if stats is cold_stats else True)]
    names = [r["name"] for r in corpora if (r["cold"] if stats is cold_stats else True)]
    keys: list[str] = []
    for s in per:
        keys += [k for k in s if k not in keys]
    rows = [[k] + [pair(*s[k]) if k in s else "—" for s in per] for k in keys]
    return table([title] + names, rows)


def _by_name(corpora: list[dict]) -> dict[str, dict]:
    return {r["name"]: figures(r) for r in corpora if "error" not in r}


def targets(corpora: list[dict]) -> list[tuple[str, str, str, bool | None]]:
    """(target, limit, measured, met) for the targets of issue 6 that this run measured."""
    f = _by_name(corpora)
    out: list[tuple[str, str, str, bool | None]] = []

    def add(what, limit, value, ok, shown=None):
        out.append((what, limit, shown if shown is not None else value, ok))

    if "100k" in f:
        add("warm question p50 at 100k passages", "≤ 100 ms", ms(f["100k"]["warm_p50"]) + " ms",
            f["100k"]["warm_p50"] <= 0.100)
        add("warm question p95 at 100k passages", "≤ 300 ms", ms(f["100k"]["warm_p95"]) + " ms",
            f["100k"]["warm_p95"] <= 0.300)
    if "300k" in f:
        add("warm question p50 at 300k passages", "≤ 150 ms", ms(f["300k"]["warm_p50"]) + " ms",
            f["300k"]["warm_p50"] <= 0.150)
        if f["300k"].get("ratio_warm"):
            x = 1 / f["300k"]["ratio_warm"]
            add("speed-up over plain rank-bm25 at 300k", "≥ 4×", f"{x:.1f}×", x >= 4)
        add("answering at 300k: peak RSS", "< 1 GiB", f"{num(f['300k']['peak_warm_mb'])} MiB",
            f["300k"]["peak_warm_mb"] < 1024)
    if "10k" in f and f["10k"].get("cold_p50"):
        add("cold `ask` at 10k passages, p50", "≤ 2.0 s", f"{f['10k']['cold_p50']:.2f} s", f["10k"]["cold_p50"] <= 2.0)
    big = [(n, x) for n, x in f.items() if x["files"] >= 10_000]
    if big:
        n, x = min(big, key=lambda t: t[1]["files"])
        add("refresh of an unchanged folder of ≥ 10,000 files", "≤ 2 s",
            f"{x['refresh_nothing_s']:.2f} s ({x['files']:,} files, {n})", x["refresh_nothing_s"] <= 2.0)
    shares = [(n, x["embed_share_of_raw"]) for n, x in f.items() if "embed_share_of_raw" in x]
    for n, share in shares:
        add(f"embedding stage / raw fastembed ({n})", "≥ 85%", f"{share:.0%}", share >= 0.85)
    peaks = [(n, max(v for v in (x["peak_index_mb"], x["peak_embed_mb"]) if v is not None)) for n, x in f.items()]
    if peaks:
        n, peak = max(peaks, key=lambda t: t[1])
        add("indexing: peak RSS (largest corpus peak)", "< 1.5 GiB", f"{num(peak)} MiB ({n})", peak < 1536)
    return out


def targets_15(run: dict) -> list[tuple[str, str, str, bool | None]]:
    """(target, limit, measured, met) for the targets of issue 15 that this run measured."""
    out: list[tuple[str, str, str, bool | None]] = []
    f = _by_name([r for r in run["corpora"] if "error" not in r])
    if "300k" in f and f["300k"].get("cold_p50"):
        x = f["300k"]["cold_p50"]
        out.append(("cold question at 300k passages, p50", "≤ 1.5 s", f"{x:.2f} s", x <= 1.5))
    e = run.get("embedding_cores")
    if e and "runs" in e:
        from .embed_rate import find

        n = e["cores"]
        x = find(e, "ask", n)["rate"] / find(e, "ask", 1)["rate"]
        out.append((f"embedding at every core ({n}) / one core", "≥ 1.7×", f"{x:.2f}×", x >= 1.7))
        for t in sorted({1, n}):
            share = find(e, "ask", t)["rate"] / find(e, "raw", t)["rate"]
            out.append((f"embedding / raw fastembed at {t} core(s)", "≥ 90%", f"{share:.0%}", share >= 0.9))
        peak = max(r["peak_mb"] for r in e["runs"] if r["who"] == "ask")
        out.append(("embedding: peak RSS at any job count", "< 1.5 GiB", f"{num(peak)} MiB", peak < 1536))
        out.append(("vectors the same at 1 and every core", "identical", "yes" if e["same_vectors"] else "no",
                    bool(e["same_vectors"])))
    return out


def cores_table(e: dict) -> str:
    """Embedding by cores: engine and raw fastembed, passages/s and peak RSS."""
    rows = [["raw fastembed" if r["who"] == "raw" else "ask (embed_jobs)", str(r["threads"]),
             num(r["rate"], 1), num(r["peak_mb"])] for r in e["runs"]]
    return table(["embedding", "cores", "passages/s", "peak RSS (MiB)"], rows)


def targets_table(corpora: list[dict]) -> str:
    rows = [[w, lim, val, "met" if ok else ("missed" if ok is False else "—")] for w, lim, val, ok in targets(corpora)]
    return table(["target", "limit", "measured", ""], rows)


def first_table(corpora: list[dict]) -> str:
    """A first question on a folder never indexed, by embedding mode (real vectors only)."""
    rows = []
    for r in corpora:
        runs = list(r.get("first") or [])
        if not runs:
            continue
        n_q = len(runs[0]["tops"])
        w = r["warm"]
        # every passage embedded first: the words-only index, then the embedding, then the
        # warm engine's opening and first question (three phases of this run, added up)
        ref = {"mode": "all", "embedded": r["embed"]["embedded"],
               "to_first_answer_s": r["index"]["total_s"] + r["embed"]["total_s"] + w["open_s"] + w["first_s"],
               "per_question": [p["wall"] for p in w["per_question"][1:n_q]],
               "passages": r["index"]["passages"], "vectors_at_close": r["embed"]["vectors"],
               "tops": w.get("tops", [])[:n_q]} if r.get("embed") and "tops" in w else None
        for x in ([ref] if ref else []) + runs:
            mode = ("all up front (index + embedding + first question phases)" if x["mode"] == "all" else
                    f"none up front, {x['on_demand']} on demand per question" if x.get("on_demand") else
                    "none up front (words only until every passage has a vector)")
            same = (sum(a == b for a, b in zip(x["tops"], ref["tops"])) if ref else None)
            rows.append([r["name"], mode, num(x["embedded"]), f"{x['to_first_answer_s']:.1f}",
                         ms(pct(x["per_question"], 50)), f"{x['vectors_at_close']:,} of {x['passages']:,}",
                         f"{same} of {len(x['tops'])}" if same is not None else "—"])
    if not rows:
        return ""
    return table(["corpus", "embedding", "embedded before answering", "to the first answer (s)",
                  "next questions p50 (ms)", "vectors when closed", "same first citation as all up front"], rows)


def sharded_table(corpora: list[dict]) -> str:
    """The sharded row (issue 19): per corpus and shard count, the warm question against the
    same questions on one index in the same run."""
    rows = []
    for r in corpora:
        one = [p["wall"] for p in r.get("warm", {}).get("per_question", [])]
        one_tops = r.get("warm", {}).get("tops") or []
        for sh in r.get("sharded", []):
            if "error" in sh:
                rows.append([r["name"], str(sh["shards"]), "failed"] + ["—"] * 8)
                continue
            per = sh["per_question"]
            wall = pct([p["wall"] for p in per], 50)
            one_p50 = pct(one, 50)
            same = sum(a == b for a, b in zip(sh["tops"], one_tops))
            peaks = [x for x in sh["shard_peak_mb"] if x is not None]
            rows.append([
                r["name"], str(sh["shards"]), num(sh["build_s"], 1), num(sh["open_s"], 2),
                pair(wall, pct([p["wall"] for p in per], 95)),
                f"{wall / one_p50:.2f}×" if wall and one_p50 else "—",
                pair(pct([p.get("pull", 0) for p in per], 50), pct([p.get("merge", 0) for p in per], 50)),
                num(pct(sh.get("pool") or [None], 50)),
                f"{same} of {len(one_tops)}",
                f"{num(sh['coordinator_peak_mb'])} · {num(max(peaks)) if peaks else '—'}",
                f"{sh['disk_bytes'] / 2**20:,.1f}"])
    if not rows:
        return ""
    return table(["corpus", "shards", "build (s)", "open (s)", "warm p50 / p95 (ms)",
                  "p50 × one index", "pull / merge p50 (ms)", "merged pool p50 (passages)",
                  "same top line as one index",
                  "peak RSS MiB: coordinator · largest shard", "shards on disk (MiB)"], rows)


def corpus_table(rec: dict) -> str:
    return f"\n## {rec['name']}\n\n" + summary_table([rec]) + "\n"


def summary(run: dict) -> str:
    return "\n## All corpora\n\n" + summary_table(run["corpora"]) + "\n"


def markdown(run: dict) -> str:
    m = run["machine"]
    failed = [r for r in run["corpora"] if "error" in r]
    cs = [r for r in run["corpora"] if "error" not in r]
    load = ", ".join(f"{x:.1f}" for x in m["load"]) if m.get("load") else "?"
    after = ", ".join(f"{x:.1f}" for x in m["load_after"]) if m.get("load_after") else "?"
    parts = [
        "# ask benchmark\n",
        f"- command: `{run['command']}` — {run['total_s'] / 60:.1f} minutes in all",
        f"- commit: `{run['commit'] or 'unknown'}`",
        f"- machine: {m['cpus']} CPUs ({m['cpu_model']}), {m['ram_gib']} GiB RAM, Python {m['python']}; "
        f"load average {load} at the start, {after} at the end",
        f"- model: {run['model'] or 'none'}; questions per corpus: {run['settings']['questions']} "
        f"(cold, a new process each: {run['settings']['cold']} on generated corpora up to 10k "
        f"passages, {run['settings']['cold_large']} on the others)",
        "",
        "Vectors: *real* = the model embedded every passage in this run; *synthetic* = seeded "
        "random unit vectors tagged with the model's identity, stored by the engine's own "
        "embedding stage with the model's inference skipped, so the vector arm searches the "
        "full matrix at that size; question vectors and quoted lines are always embedded for real. "
        "Times per question are wall-clock; rates are per second of that stage alone. "
        "See docs/benchmark.md.\n",
        summary_table(cs),
        "\n## Targets (issue 6)\n",
        targets_table(cs),
        "\n## Warm question by stage, p50 / p95 (ms)\n",
        stage_table(cs, warm_stats, "stage"),
    ]
    t15 = targets_15(run)
    if t15:
        parts += ["\n## Targets (issue 15)\n",
                  table(["target", "limit", "measured", ""],
                        [[w, lim, val, "met" if ok else ("missed" if ok is False else "—")]
                         for w, lim, val, ok in t15])]
    e = run.get("embedding_cores")
    if e and "runs" in e:
        parts += [f"\n## Embedding by cores ({e['passages']} cabinet passages)\n",
                  "Each row is its own process: raw fastembed (TextEmbedding.embed, batch 16) "
                  "and the engine's embedding (its token-budget batches; at every core it holds "
                  "the one-thread question session and the many-core session, as a refresh "
                  "does), after a warm-up batch (bench/embed_rate.py).\n", cores_table(e)]
    elif e:
        failed.append({"name": "embedding by cores", "error": e.get("error", "")})
    if any(r["cold"] for r in cs):
        parts += ["\n## Cold question (a new `ask` process) by stage, p50 / p95 (ms)\n",
                  stage_table(cs, cold_stats, "stage")]
    shards = sharded_table(cs)
    if shards:
        parts += ["\n## Over shards (issue 19)\n",
                  "The same questions warm over N shard indexes, each shard pulling in a process of "
                  "its own and this process merging, ranking, gating and quoting (engine/sharded.py). "
                  "`pull` is from the question's vector to every shard's pool received; `merge` is "
                  "the coordinator's own work of joining them. × one index: against the warm p50 "
                  "of the same questions on the corpus's one index above.\n", shards]
    first = first_table(cs)
    if first:
        parts += ["\n## A first question on a folder never indexed\n",
                  "Time from opening a new folder (reading, indexing, the embedding done before "
                  "answering) to the first answer, by how much is embedded up front; the other "
                  "questions follow in the same engine.\n", first]
    if failed:
        parts += ["\n## Failed\n"] + [f"- {r['name']}:\n\n```\n{r['error']}\n```" for r in failed]
    parts += ["\n## Questions\n"]
    parts += [f"- {r['name']}: {r['questions']['count']} {r['questions']['source']}; e.g. "
              + "; ".join(f"“{q}”" for q in r["questions"]["examples"]) for r in cs]
    return "\n".join(parts) + "\n"
