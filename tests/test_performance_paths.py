"""The fast paths give the plain paths' results: the BM25 and TF-IDF arms against rank-bm25
and scikit-learn (to the bit), the nearest-vector scan against a full sort, the pool's term
table against Python sets, the streamed vector matrix against a plain read. Then the common
word rule of the pull, per-stage timings, token-budget batches, a folder whose vectors are
not all made yet, and which modules a question imports.

No test here times anything: timings belong in the benchmark (bench/).
"""
from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import engine.pipeline as pipeline
from conftest import ROOT, write
from engine import Config, Engine
from engine.arms import bm25, cosine, tfidf
from engine.embed import Embedder
from engine.pool import Pool, TermCounts, pool_of
from engine.pull import fts_phrase, search
from engine.terms import question_terms

# -- reference implementations: the libraries the arms used to call --------------------------


def rank_bm25_scores(pool: Pool, qterms) -> np.ndarray:
    from rank_bm25 import BM25Okapi

    docs = [list(t) or ["\x00"] for t in pool.terms]
    return np.asarray(BM25Okapi(docs).get_scores(list(qterms)), dtype=np.float64)


def sklearn_scores(pool: Pool, qterms) -> np.ndarray:
    from sklearn.feature_extraction.text import TfidfVectorizer

    vec = TfidfVectorizer(analyzer=lambda t: t, sublinear_tf=True, lowercase=False)
    try:
        X = vec.fit_transform([list(t) for t in pool.terms])
    except ValueError:  # every passage empty
        return np.zeros(len(pool))
    q = vec.transform([list(qterms)])
    return np.asarray((X @ q.T).toarray()).ravel().astype(np.float64)


def pool_of_terms(*passages: str) -> Pool:
    return Pool(rows=tuple(range(len(passages))), terms=tuple(tuple(p.split()) for p in passages))


SMALL_POOLS = {
    "plain": (["alfa bravo charlie", "bravo bravo delta", "echo alfa", "charlie delta echo foxtrot"],
              ["alfa", "delta"]),
    # a word in more than half the passages has a negative idf: rank-bm25 floors it at
    # a quarter of the average idf over every word of the pool
    "common word": (["alfa bravo", "alfa charlie", "alfa delta", "echo alfa alfa", "foxtrot"],
                    ["alfa", "foxtrot"]),
    "empty passages": (["", "alfa bravo", "", "bravo charlie alfa", "delta"], ["alfa", "delta"]),
    "all empty": (["", "", ""], ["alfa"]),
    "word nowhere": (["alfa bravo", "charlie"], ["zulu", "alfa"]),
    "one passage": (["alfa alfa bravo"], ["alfa"]),
    "twins": (["alfa bravo charlie", "charlie bravo alfa", "alfa bravo charlie"], ["bravo", "charlie"]),
    "repeated question word": (["alfa bravo", "bravo charlie"], ["bravo", "bravo", "charlie"]),
}


@pytest.mark.parametrize("name", SMALL_POOLS)
def test_bm25_and_tfidf_are_the_libraries_to_the_bit_on_small_pools(name):
    passages, qterms = SMALL_POOLS[name]
    pool = pool_of_terms(*passages)
    assert np.array_equal(bm25.score(pool, qterms), rank_bm25_scores(pool, qterms))
    assert np.array_equal(tfidf.score(pool, qterms), sklearn_scores(pool, qterms))


def real_pools():
    """Pools the engine pulls for the golden questions on samples/ (lexical index)."""
    cases = [json.loads(line) for line in (ROOT / "golden" / "samples.jsonl").read_text().splitlines() if line]
    return [c["question"] for c in cases]


@pytest.fixture(scope="module")
def samples_engine(tmp_path_factory):
    with Engine(ROOT / "samples", index=tmp_path_factory.mktemp("perf") / "i.sqlite", embed_model="none") as eng:
        yield eng


def test_bm25_and_tfidf_are_the_libraries_to_the_bit_on_real_pools(samples_engine):
    eng = samples_engine
    checked = 0
    for question in real_pools():
        qterms = question_terms(question)
        pool = pool_of(eng.store, search(eng.store, qterms, 40, 4))
        if not len(pool):
            continue
        assert np.array_equal(bm25.score(pool, qterms), rank_bm25_scores(pool, qterms)), question
        assert np.array_equal(tfidf.score(pool, qterms), sklearn_scores(pool, qterms)), question
        checked += 1
    assert checked >= 20


def test_the_term_table_counts_what_python_counts():
    pool = pool_of_terms("alfa bravo alfa", "", "charlie alfa", "bravo delta delta delta")
    c = pool.counts
    assert list(c.vocab) == ["alfa", "bravo", "charlie", "delta"]  # as first met
    for i, terms in enumerate(pool.terms):
        mine = {t: int(c.tf[e]) for t, j in c.vocab.items() for e in np.flatnonzero((c.row == i) & (c.col == j))}
        assert mine == dict(Counter(terms))
    assert c.lengths.tolist() == [3, 0, 2, 4]
    assert c.df.tolist() == [2, 2, 1, 1]
    assert pool.present(["delta", "alfa", "zulu"]) == [("alfa",), (), ("alfa",), ("delta",)]


def reference_nearest(q, ids, docs, mat, k, only=None):
    sims = mat @ q
    if only is not None:
        sims = np.where(np.isin(docs, np.asarray(list(only))), sims, -np.inf)
    sims = np.where(np.isnan(sims), -np.inf, sims)
    k = min(k, int(np.isfinite(sims).sum()))
    return [int(ids[i]) for i in np.lexsort((ids, -sims))[:k]] if k > 0 else []


@pytest.mark.parametrize("seed", range(40))
def test_nearest_vectors_are_those_of_a_full_sort(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(1, 400))
    mat = rng.standard_normal((n, 6)).astype(np.float32)
    if seed % 2:
        mat = np.round(mat, 1)  # many equal similarities: ties go to the lower passage id
        mat[rng.integers(0, n, 3)] = mat[0]
    if seed % 5 == 0:
        mat[rng.integers(0, n)] = np.nan  # a damaged vector is never among the nearest
    ids = np.sort(rng.choice(10 * n, n, replace=False))
    docs = rng.integers(0, 8, n)
    q = rng.standard_normal(6).astype(np.float32)
    k = int(rng.integers(1, 50))
    only = None if seed % 3 else [int(x) for x in rng.integers(0, 8, 2)]
    assert cosine.nearest(q, ids, docs, mat, k, only) == reference_nearest(q, ids, docs, mat, k, only)


# -- the common-word rule -----------------------------------------------------------------------


@pytest.fixture
def permits(tmp_path):
    """Twenty notes about permits (one word everywhere), one about the Quist bore."""
    d = tmp_path / "permits"
    for i in range(20):
        write(d, f"notes/n{i:02d}.txt", f"Permit note {i}: the permit desk opens at {i + 7} o'clock.\n")
    write(d, "jobs/quist.txt", "The Quist bore permit was issued in March.\n")
    return d


def searches(eng: Engine, question: str, **kw) -> list[str]:
    """The full-text searches one question makes."""
    made: list[str] = []
    real = eng.store.search

    def spy(match, limit, docs=None):
        made.append(match)
        return real(match, limit, docs)

    eng.store.search = spy
    try:
        eng.ask(question, **kw)
    finally:
        del eng.store.search
    return made


def test_a_word_found_nearly_everywhere_is_left_out_of_the_searches(permits, tmp_path):
    common = Config(word_skip_share=0.5, word_skip_min=4, pull_k=2, word_depth=1)
    with Engine(permits, index=tmp_path / "i.sqlite", config=common, embed_model="none") as eng:
        made = searches(eng, "When was the Quist permit issued?")
        assert made[0] == " OR ".join(fts_phrase(t) for t in ("quist", "issu"))  # no "permit"
        assert fts_phrase("permit") not in made and fts_phrase("quist") in made
        # every word common: the whole-question search is all there is, so it keeps them
        assert searches(eng, "permit desk note?") == [
            " OR ".join(fts_phrase(t) for t in question_terms("permit desk note?"))]
        # a search limited to some documents leaves no word out
        assert fts_phrase("permit") in searches(eng, "When was the Quist permit issued?", path="jobs/*")
        answer = eng.ask("When was the Quist permit issued?")
    assert answer.answered and answer.citations[0].path == "jobs/quist.txt"
    off = common.replace(word_skip_share=1)
    with Engine(permits, index=tmp_path / "i.sqlite", config=off, embed_model="none") as eng:
        assert fts_phrase("permit") in searches(eng, "When was the Quist permit issued?")


def test_small_folders_never_meet_the_common_word_rule(permits, tmp_path):
    """word_skip_min (2,000 passages) keeps the rule away from folders where ranking every
    passage of a word is cheap: the defaults search every word."""
    with Engine(permits, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        assert fts_phrase("permit") in searches(eng, "When was the Quist permit issued?")


# -- timings ------------------------------------------------------------------------------------


def test_timings_name_every_stage_and_never_reach_the_answer(samples_engine):
    eng = samples_engine
    for question in ("What is the fee for a tree removal permit?", "Who painted the lobby mural?",
                     "zzyzx qwxj"):  # answered, refused, nothing found
        t: dict = {}
        timed = eng.ask(question, timings=t, explain=True)
        assert list(t) == list(pipeline.STAGES)
        assert all(isinstance(v, float) and v >= 0 for v in t.values())
        assert sum(v for k, v in t.items() if k != "total") <= t["total"] + 1e-6
        plain = eng.ask(question, explain=True)
        assert json.dumps(timed.to_dict()) == json.dumps(plain.to_dict())


# -- embedding batches ----------------------------------------------------------------------------


class FakeModel:
    """Stands in for a fastembed model: a unit vector per text, from the text's hash."""

    def __init__(self, dim: int = 8):
        self.dim = dim
        self.calls: list[int] = []

    def embed(self, texts, batch_size: int = 16, **_):
        texts = list(texts)
        self.calls.append(len(texts))
        for t in texts:
            seed = int.from_bytes(hashlib.sha256(t.encode("utf-8")).digest()[:8], "little")
            v = np.random.default_rng(seed).standard_normal(self.dim).astype(np.float32)
            yield v / np.linalg.norm(v)

    def query_embed(self, text, **kw):
        return self.embed([text], **kw)


@pytest.mark.parametrize("lengths", [[5, 1, 300, 40, 40, 2, 90, 512, 7, 7, 7, 120] * 3, [600], [], [3] * 50])
def test_batches_keep_within_the_passage_and_token_budgets(lengths):
    emb = Embedder(FakeModel(), "fake", batch=4, tokens=256)
    batches = emb.batches(lengths)
    assert sorted(i for b in batches for i in b) == list(range(len(lengths)))
    flat = [i for b in batches for i in b]
    assert flat == sorted(range(len(lengths)), key=lambda i: (lengths[i], i))  # shortest first
    for b in batches:
        assert len(b) <= 4
        assert len(b) == 1 or len(b) * max(lengths[i] for i in b) <= 256


def test_vectors_do_not_depend_on_how_passages_are_batched(model):
    from engine.embed import ModelChoice, load_embedder

    emb, why = load_embedder(ModelChoice(model["embed_model"], Path(model["embed_model_dir"])))
    assert emb is not None, why
    texts = ["Lead: 90th percentile 4.1 ppb.", "The application fee for a tree removal permit is $75.00, "
             "covering up to three trees at one address.", "Wi-Fi hotspots lend for 21 days.", "Fees"] * 3
    wide = Embedder(emb.model, emb.name, batch=16, tokens=100_000).embed(texts)
    narrow = Embedder(emb.model, emb.name, batch=2, tokens=40).embed(texts)
    assert np.array_equal(wide, narrow)


# -- a folder whose vectors are not all made yet ---------------------------------------------------


@pytest.fixture
def fake_model(monkeypatch):
    fake = FakeModel()
    monkeypatch.setattr(pipeline, "load_embedder",
                        lambda choice, batch=16, tokens=2048, threads=1: (Embedder(fake, "fake", batch, tokens), None))
    return fake


def drop_vectors(index: Path, keep_every: int) -> None:
    import sqlite3

    db = sqlite3.connect(index)
    db.execute("DELETE FROM vectors WHERE passage % ? != 0", (keep_every,))
    db.commit()
    db.close()


def test_a_folder_with_vectors_missing_answers_from_the_words_until_all_are_made(fake_model, tmp_path):
    docs = tmp_path / "docs"
    for i in range(12):
        write(docs, f"n{i:02d}.txt", f"The alfa permit fee for lot {i} is {i + 10} dollars.\n")
    index = tmp_path / "i.sqlite"
    with Engine(docs, index=index) as eng:  # a complete build embeds everything
        assert eng.embedded == 12 and eng.coverage().vectors == 12 and eng.notes == ()
        assert "embed" in eng.ask("What is the alfa permit fee for lot 5?").method
    drop_vectors(index, keep_every=3)  # as if embedding had stopped: 4 of 12 left

    lazy = Config(embed_backlog=0)
    with Engine(docs, index=index, config=lazy) as eng:
        assert eng.embedded == 0
        cov = eng.coverage()
        assert (cov.passages, cov.vectors) == (12, 4)
        assert eng.notes and "4 of 12 passages have vectors (33%)" in eng.notes[0]
        assert "--embed" in eng.notes[0] and "each run embeds up to 0 more" in eng.notes[0]
        a = eng.ask("What is the alfa permit fee for lot 5?")
        d = a.to_dict()
        assert d["index"]["passages_with_vectors"] == 4 and d["notes"] == list(eng.notes)
        assert a.method == "bm25+tfidf→rerank→gate (no vectors: only 4 of 12 passages have them yet (33%))"
        assert eng.coverage().vectors == 4  # asking embedded nothing
        # a new document is always embedded, whatever the backlog
        write(docs, "new.txt", "The bravo permit fee is 99 dollars.\n")
        eng.refresh()
        assert eng.embedded == 1 and eng.coverage().vectors == 5

    with Engine(docs, index=index, config=Config(embed_backlog=3)) as eng:
        assert eng.embedded == 3 and eng.coverage().vectors == 8
    with Engine(docs, index=index) as eng:  # the default backlog (256) finishes the job
        assert eng.embedded == 5 and eng.coverage().vectors == 13 and eng.notes == ()
        assert "embed" in eng.ask("What is the alfa permit fee for lot 5?").method


def test_asking_never_changes_a_later_answer(fake_model, tmp_path):
    """The same question three times on a large folder whose vectors are not made: the same
    bytes each time, and the index is as it was (issue 15: on-demand embedding is gone)."""
    docs = tmp_path / "docs"
    for i in range(12):
        write(docs, f"n{i:02d}.txt", f"The alfa permit fee for lot {i} is {i + 10} dollars.\n")
    write(docs, "other.txt", "The zulu pump runs at night.\n")
    index = tmp_path / "i.sqlite"
    answers = []
    for _ in range(3):
        with Engine(docs, index=index, config=Config(embed_backlog=12), embed="bounded") as eng:
            assert eng.embedded == 0 and eng.coverage().vectors == 0  # 13 > 12: it answers at once
            assert "0 of 13 passages have vectors" in eng.notes[0]
            a = eng.ask("What is the alfa permit fee for lot 5?", explain=True, candidates=10)
            answers.append(json.dumps(a.to_dict(), sort_keys=True))
            assert eng.coverage().vectors == 0
    assert answers[0] == answers[1] == answers[2]
    assert '"embed"' not in answers[0].split('"method"')[1][:40]


def test_a_bounded_run_embeds_nothing_first_and_all_embeds_everything(fake_model, tmp_path):
    docs = tmp_path / "docs"
    for i in range(20):
        write(docs, f"n{i:02d}.txt", f"Note {i} about the echo valve.\n")
    index = tmp_path / "i.sqlite"
    with Engine(docs, index=index, config=Config(embed_backlog=20), embed="bounded") as eng:
        assert eng.embedded == 20 and eng.coverage().vectors == 20  # a small folder: all at once
    drop_vectors(index, keep_every=10**6)  # every vector gone (passage ids start at 1)
    with Engine(docs, index=index, config=Config(embed_backlog=19), embed="bounded") as eng:
        assert eng.embedded == 0 and eng.coverage().vectors == 0  # 20 > 19: none first
        assert "each run embeds" not in eng.notes[0] and "--embed" in eng.notes[0]
    with Engine(docs, index=index, config=Config(embed_backlog=5)) as eng:  # "read": the backlog cap
        assert eng.embedded == 5 and eng.coverage().vectors == 5
        assert "each run embeds up to 5 more" in eng.notes[0]
    with Engine(docs, index=index, config=Config(embed_backlog=5), embed="all") as eng:
        assert eng.embedded == 15 and eng.coverage().vectors == 20 and eng.notes == ()


def test_embed_mode_is_checked(tmp_path):
    from engine.errors import UsageError

    with pytest.raises(UsageError, match="embed must be"):
        Engine(tmp_path, embed="later")


# -- the vector matrix ---------------------------------------------------------------------------


def test_the_vector_matrix_holds_every_stored_vector_in_passage_order(fake_model, tmp_path):
    import sqlite3

    docs = tmp_path / "docs"
    for i in range(30):
        write(docs, f"n{i:02d}.txt", f"Note {i} about the charlie pump.\n")
    with Engine(docs, index=tmp_path / "i.sqlite") as eng:
        ids, pdocs, mat = eng.store.vector_matrix(eng.embedder.identity)
    db = sqlite3.connect(tmp_path / "i.sqlite")
    rows = db.execute("SELECT v.passage, p.doc, v.vec FROM vectors v JOIN passages p ON p.id = v.passage"
                      " ORDER BY v.passage").fetchall()
    assert ids.tolist() == [r[0] for r in rows] and pdocs.tolist() == [r[1] for r in rows]
    assert np.array_equal(mat, np.vstack([np.frombuffer(r[2], dtype=np.float32) for r in rows]))


# -- what a question imports -----------------------------------------------------------------------


def test_a_question_on_text_files_loads_no_reader_or_scorer_library(tmp_path):
    docs = tmp_path / "docs"
    write(docs, "a.txt", "The tree removal permit fee is $75.00.\n")
    index = tmp_path / "i.sqlite"
    code = ("import sys\n"
            "from engine import Engine\n"
            f"with Engine({str(docs)!r}, index={str(index)!r}, embed_model='none') as e:\n"
            "    assert e.ask('What is the tree removal permit fee?').answered\n"
            "print(sorted(m for m in ('pypdf', 'openpyxl', 'docx', 'lxml', 'fontTools', 'sklearn',"
            " 'scipy', 'rank_bm25', 'fastembed')"
            " if m in sys.modules))\n")
    for _ in range(2):  # building the index, then answering from it
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
        assert out.returncode == 0, out.stderr
        assert out.stdout.strip() == "[]"


# -- ranks per arm -----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(5))
def test_arm_ranks_are_those_of_the_plain_sort_by_value_then_id(seed):
    """fuse.ranks sorts with numpy; the reference is the plain Python sort it replaced
    (NaN last, ties, 0.0 against -0.0, repeated and non-ASCII ids)."""
    import random

    from engine.fuse import ranks

    rng = random.Random(seed)
    for _ in range(300):
        n = rng.randint(0, 40)
        raw = np.array([rng.choice([0.0, -0.0, 1.5, np.nan, rng.random(), -rng.random(), 2.0])
                        for _ in range(n)], dtype=float)
        ids = [rng.choice(["a1", "b2", "c", "A", "ab", "é1", "z"]) + str(rng.randint(0, 3)) for _ in range(n)]
        order = sorted(range(n), key=lambda i: (-(raw[i] if not np.isnan(raw[i]) else -np.inf), ids[i]))
        expected = np.empty(n, dtype=np.int64)
        expected[order] = np.arange(1, n + 1)
        assert np.array_equal(ranks(raw, ids), expected)


# -- BLAS threads during a question ------------------------------------------------------------------


def numpy_blas(info: list[dict]) -> list[dict]:
    """The BLAS numpy's products use (the vector scan's), from threadpool_info(): the one
    shipped in numpy's wheel when there is one (scikit-learn brings scipy's own, which a
    question does not use and which may load after the question began), else every BLAS."""
    blas = [p for p in info if p["user_api"] == "blas"]
    return [p for p in blas if "numpy" in p["filepath"]] or blas


def test_a_question_runs_blas_on_one_thread_and_gives_the_threads_back(model, tmp_path, monkeypatch):
    """The vector scan runs with BLAS on the calling thread alone (engine/blas.py); the
    process's own setting is back once the answer is made."""
    from threadpoolctl import threadpool_info

    from engine.arms import cosine

    def blas_threads() -> set[int]:
        return {p["num_threads"] for p in numpy_blas(threadpool_info())}

    before = blas_threads()
    seen: list[set[int]] = []
    real = cosine.nearest

    def watched(*args, **kwargs):
        seen.append(blas_threads())
        return real(*args, **kwargs)

    monkeypatch.setattr(cosine, "nearest", watched)
    with Engine(ROOT / "samples", index=tmp_path / "i.sqlite", **model) as eng:
        a = eng.ask("What is the fee for a tree removal permit?")
        hits = eng.search("tree removal permit", k=3)
    assert a.answered and hits.hits and len(seen) == 2
    assert all(s == {1} for s in seen), (seen, threadpool_info())
    assert blas_threads() == before


def test_questions_at_once_share_one_blas_limit_and_the_last_gives_it_back():
    """Two questions overlapping (a server): BLAS stays on one thread until the last of them
    ends, then the process's own setting is back, not the limit the other one found."""
    import threading

    import numpy  # noqa: F401 - loads OpenBLAS, whose threads are limited
    from threadpoolctl import threadpool_info

    from engine import blas

    def blas_threads() -> set[int]:
        return {p["num_threads"] for p in numpy_blas(threadpool_info())}

    before = blas_threads()
    assert before and before != {1}, "needs a BLAS with more than one thread to see the limit"
    a_in, b_in, a_out, b_go = (threading.Event() for _ in range(4))
    seen: dict[str, set[int]] = {}

    def a():
        with blas.one_thread():
            a_in.set()
            b_in.wait(10)
        a_out.set()

    def b():
        a_in.wait(10)
        with blas.one_thread():
            b_in.set()
            a_out.wait(10)
            seen["after a left"] = blas_threads()
            b_go.wait(10)

    threads = [threading.Thread(target=a), threading.Thread(target=b)]
    for t in threads:
        t.start()
    a_out.wait(10)
    b_go.set()
    for t in threads:
        t.join(10)
    assert seen["after a left"] == {1}, threadpool_info()
    assert blas_threads() == before
