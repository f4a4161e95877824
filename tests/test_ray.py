"""Embedding on a Ray cluster (issue 19, engine/index/cluster.py), on a local Ray cluster of 2
CPUs: the same vectors as embedding here, bit for bit; a worker killed mid-embedding loses
nothing (Ray restarts it and runs its batches again); an embedding stopped part-way resumes
where the index stands; without Ray, --ray says how to install it. Shards on Ray actors (one
per shard) answer as shards here; an actor whose worker dies is restarted by Ray; one gone for
good is named in the answer. In CI (ASK_REQUIRE_RAY=1)
these run or fail, never skip."""
import json
import os
import signal
import sys
import threading
import time

from pathlib import Path

import numpy as np
import pytest

from conftest import permit_notes
from engine import Engine
from engine.embed import ModelChoice, load_embedder

try:
    import ray
except ImportError:
    ray = None
if ray is None and os.environ.get("ASK_REQUIRE_RAY") == "1":
    raise RuntimeError("ASK_REQUIRE_RAY=1 but Ray is not installed: pip install 'ask-engine[ray]'")
needs_ray = pytest.mark.skipif(ray is None, reason="Ray not installed (pip install 'ask-engine[ray]')")


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    try:
        yield
    finally:
        ray.shutdown()


def stored(index) -> dict[str, np.ndarray]:
    """pid -> vector, from an index file."""
    import sqlite3

    db = sqlite3.connect(str(index))
    try:
        return {pid: np.frombuffer(v, dtype=np.float32).copy() for pid, v in
                db.execute("SELECT p.pid, v.vec FROM vectors v JOIN passages p ON p.id = v.passage")}
    finally:
        db.close()


def local_model(model):
    choice = ModelChoice.from_settings(model["embed_model"], model["embed_model_dir"])
    embedder, why = load_embedder(choice, 16, 2048, 1)
    assert embedder is not None, why
    return choice, embedder


@needs_ray
def test_the_vectors_are_the_ones_made_here(tmp_path, model, cluster):
    docs = permit_notes(tmp_path / "docs", 120)
    with Engine(docs, index=tmp_path / "here.sqlite", embed="all", **model) as eng:
        assert eng.coverage().vectors == 120
    said: list[str] = []
    with Engine(docs, index=tmp_path / "ray.sqlite", embed="all", ray="auto", notify=said.append,
                **model) as eng:
        assert eng.coverage().vectors == 120
    assert any("embedding on Ray: 2 actors" in s for s in said)  # the cluster did the work
    here, there = stored(tmp_path / "here.sqlite"), stored(tmp_path / "ray.sqlite")
    assert here.keys() == there.keys()
    assert all(np.array_equal(here[k], there[k]) for k in here)  # measured: identical, bit for bit


@needs_ray
def test_a_worker_killed_mid_embedding_loses_no_batch(model, cluster):
    from engine.index.cluster import RayEmbedder

    choice, local = local_model(model)
    texts = [f"Permit note {i}: the application fee for permit {i} is ${i}.00, paid at the counter."
             for i in range(600)]
    expected = local.embed(texts)
    remote = RayEmbedder("auto", choice, local)
    try:
        victim = remote.pids()[0]
        done: list[int] = []
        killed = threading.Event()

        def progress(n: int) -> None:
            done.append(n)
            if len(done) == 3 and not killed.is_set():  # a few batches back: kill a worker
                os.kill(victim, signal.SIGKILL)
                killed.set()

        got = remote.embed(texts, progress)
        assert killed.is_set() and sum(done) == len(texts)
        assert victim not in remote.pids()  # Ray started the actor again, in a new worker
        assert np.array_equal(got, expected)
    finally:
        remote.close()


@needs_ray
def test_an_embedding_stopped_part_way_resumes_where_the_index_stands(tmp_path, model, cluster):
    from engine.index import vectors

    docs = permit_notes(tmp_path / "docs", 300)

    class Stop(Exception):
        pass

    def stop_after_first_group(stage: str, done: int, total: int) -> None:
        if stage == "embedding" and done < total:
            raise Stop()

    with pytest.raises(Stop):
        Engine(docs, index=tmp_path / "ray.sqlite", embed="all", ray="auto",
               progress=stop_after_first_group, **model)
    part = stored(tmp_path / "ray.sqlite")
    assert 0 < len(part) < 300  # the finished group is committed
    with Engine(docs, index=tmp_path / "ray.sqlite", embed="all", ray="auto", **model) as eng:
        assert eng.embedded == 300 - len(part)  # only what was missing
    with Engine(docs, index=tmp_path / "here.sqlite", embed="all", **model):
        pass
    here, there = stored(tmp_path / "here.sqlite"), stored(tmp_path / "ray.sqlite")
    assert here.keys() == there.keys() and all(np.array_equal(here[k], there[k]) for k in here)
    assert vectors.GROUP < 300


def test_without_ray_the_option_says_how_to_install_it(tmp_path, monkeypatch):
    from click.testing import CliRunner

    from engine.cli import main

    monkeypatch.setitem(sys.modules, "ray", None)  # import ray fails, as when not installed
    r = CliRunner().invoke(main, ["--docs", str(permit_notes(tmp_path / "docs", 2)), "--index",
                                  str(tmp_path / "i.sqlite"), "--embed", "--ray", "local"])
    assert r.exit_code == 2
    assert "--ray needs Ray" in r.output and "pip install 'ask-engine[ray]'" in r.output


def test_ray_goes_with_embed_or_shards_only(tmp_path):
    from click.testing import CliRunner

    from engine.cli import main

    r = CliRunner().invoke(main, ["--docs", str(tmp_path), "--status", "--ray", "local"])
    assert r.exit_code == 2 and "--ray only works with --embed or --shards" in r.output


# -- shards on Ray actors (engine/index/shardhost.py's RayShard) ---------------------------------
SAMPLES = Path(__file__).resolve().parent.parent / "samples"
TREE = "What is the fee for a tree removal permit?"


def _questions() -> list[str]:
    golden = SAMPLES.parent / "golden" / "samples.jsonl"
    return [json.loads(line)["question"] for line in golden.read_text().splitlines() if line.strip()]


@needs_ray
def test_shards_on_ray_actors_answer_as_shards_here(tmp_path, model, cluster):
    """Three shards, each on a Ray actor of its own (a worker process that is not this one),
    give the bytes the same shards give in this process: answers with --explain's candidates,
    and searches."""
    from engine.sharded import ShardedEngine

    def run(hosts):
        with ShardedEngine(SAMPLES, 3, index=tmp_path / "s.sqlite", hosts=hosts, ray_address="auto",
                           **model) as sharded:
            if hosts == "ray":
                assert len(set(sharded.pids())) == 3 and os.getpid() not in sharded.pids()
            return ([json.dumps(sharded.ask(q, explain=True).to_dict(), sort_keys=True) for q in _questions()],
                    [json.dumps(sharded.search(q, k=4).to_dict(), sort_keys=True) for q in _questions()[:8]])

    here = run("inline")
    assert sum('"refusal": null' in a for a in here[0]) >= len(here[0]) // 2
    assert run("ray") == here


@needs_ray
def test_a_shard_actor_whose_worker_dies_is_restarted_by_ray(tmp_path, cluster):
    from engine.sharded import ShardedEngine

    with ShardedEngine(SAMPLES, 2, index=tmp_path / "s.sqlite", hosts="ray", ray_address="auto",
                       embed_model="none") as sharded:
        before = sharded.ask(TREE).to_dict()
        os.kill(sharded.pids()[0], signal.SIGKILL)
        after = sharded.ask(TREE).to_dict()  # Ray restarts the actor and runs the call again
        assert after == before and "notes" not in after


@needs_ray
def test_a_shard_actor_gone_for_good_is_named_in_the_answer(tmp_path, cluster):
    from engine.index.shards import shard_of
    from engine.sharded import ShardedEngine

    with ShardedEngine(SAMPLES, 2, index=tmp_path / "s.sqlite", hosts="ray", ray_address="auto",
                       embed_model="none") as sharded:
        ray.kill(sharded.hosts[1].actor, no_restart=True)
        a = sharded.ask(TREE)
        said = [n for n in a.notes if "did not answer" in n]
        assert len(said) == 1 and said[0].startswith("shard 2 of 2 (")
        assert "covers the other 1 shard only" in said[0]
        assert all(shard_of(c.path, 2) == 0 for c in a.citations)


@needs_ray
def test_the_command_line_answers_over_shards_on_ray(tmp_path, cluster):
    from click.testing import CliRunner

    from engine.cli import main

    r = CliRunner().invoke(main, [TREE, "--docs", str(SAMPLES), "--index", str(tmp_path / "i.sqlite"),
                                  "--embed-model", "none", "--shards", "2", "--ray", "auto", "--json"])
    assert r.exit_code == 0, r.output
    assert "75.00" in json.loads(r.stdout)["citations"][0]["lines"][0]["text"]
