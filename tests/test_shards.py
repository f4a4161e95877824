"""Shards (issue 19): documents split over N indexes by a stable hash of their path; each
shard's refresh reads only its own files, and together they hold the folder. Answering over
them (engine/sharded.py): each shard pulls in a process of its own (or inline, or on a Ray
actor: tests/test_ray.py), one place ranks, gates and quotes; one shard answers as one index
does, byte for byte; a shard that does not answer is named."""
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from engine import Engine
from engine.index.shards import shard_of, shard_paths

SAMPLES = Path(__file__).resolve().parent.parent / "samples"


def paths(eng) -> set[str]:
    return {r.path for r in eng.doc_rows.values()}


def test_the_shards_hold_the_folder_between_them_once_each(tmp_path):
    docs = tmp_path / "docs"
    shutil.copytree(SAMPLES, docs)
    with Engine(docs, index=tmp_path / "all.sqlite", embed_model="none") as eng:
        everything = paths(eng)
    for n in (1, 2, 4):
        held = []
        for k, index in enumerate(shard_paths(tmp_path / "all.sqlite", n)):
            with Engine(docs, index=index, embed_model="none", shard=(k, n)) as eng:
                mine = paths(eng)
                assert all(shard_of(p, n) == k for p in mine)
                held.append(mine)
        assert set().union(*held) == everything
        assert sum(map(len, held)) == len(everything)  # no document in two shards
    assert shard_paths(tmp_path / "i.sqlite", 2) == [tmp_path / "i.sqlite.shard-0-of-2",
                                                    tmp_path / "i.sqlite.shard-1-of-2"]


def test_the_assignment_is_stable_whatever_the_hash_seed():
    code = "from engine.index.shards import shard_of; print([shard_of(p, 4) for p in ('a.md', 'b/c.pdf', 'é.txt')])"
    runs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin",
                                "PYTHONPATH": str(Path(__file__).resolve().parent.parent)}).stdout
            for seed in ("0", "1", "12345")}
    assert len(runs) == 1
    assert runs.pop().strip() == str([shard_of(p, 4) for p in ("a.md", "b/c.pdf", "é.txt")])


def test_a_shard_drops_what_is_no_longer_its_own(tmp_path):
    """A shard index that held the whole folder keeps only its part after a refresh as a shard."""
    docs = tmp_path / "docs"
    shutil.copytree(SAMPLES, docs)
    index = tmp_path / "i.sqlite"
    with Engine(docs, index=index, embed_model="none") as eng:
        everything = paths(eng)
    with Engine(docs, index=index, embed_model="none", shard=(1, 2)) as eng:
        assert paths(eng) == {p for p in everything if shard_of(p, 2) == 1}


def _golden_questions() -> list[str]:
    import json

    golden = Path(__file__).resolve().parent.parent / "golden" / "samples.jsonl"
    return [json.loads(line)["question"] for line in golden.read_text().splitlines() if line.strip()]


def test_one_shard_answers_byte_for_byte_as_the_single_index(tmp_path, model):
    import json

    from engine.sharded import ShardedEngine

    questions = _golden_questions()
    with Engine(SAMPLES, index=tmp_path / "one.sqlite", **model) as eng:
        single = [json.dumps(eng.ask(q).to_dict(), sort_keys=True) for q in questions]
    for hosts in ("inline", "processes"):
        with ShardedEngine(SAMPLES, 1, index=tmp_path / "s.sqlite", hosts=hosts, **model) as sharded:
            assert [json.dumps(sharded.ask(q).to_dict(), sort_keys=True) for q in questions] == single


def test_one_shard_searches_byte_for_byte_as_the_single_index(tmp_path, model):
    import json

    from engine.sharded import ShardedEngine

    queries = _golden_questions()[:12]
    hyde = "The application fee for a tree removal permit is $75.00."
    with Engine(SAMPLES, index=tmp_path / "one.sqlite", **model) as eng:
        single = [json.dumps(eng.search(q, k=5).to_dict(), sort_keys=True) for q in queries]
        single_hyde = eng.ask("tree removal fee", hyde=hyde).to_dict()
    with ShardedEngine(SAMPLES, 1, index=tmp_path / "s.sqlite", hosts="inline", **model) as sharded:
        assert [json.dumps(sharded.search(q, k=5).to_dict(), sort_keys=True) for q in queries] == single
        assert sharded.ask("tree removal fee", hyde=hyde).to_dict() == single_hyde
        assert "hyde" in single_hyde["method"]


def test_shards_in_processes_answer_as_shards_in_this_process(tmp_path, model):
    """The host changes where a shard's pull runs, never what it finds: 3 shards in processes
    of their own give the bytes the same 3 shards give in this process, for answers (with
    --explain's candidates) and searches."""
    import json

    from engine.sharded import ShardedEngine

    questions = _golden_questions()

    def run(hosts):
        with ShardedEngine(SAMPLES, 3, index=tmp_path / "s.sqlite", hosts=hosts, **model) as sharded:
            if hosts == "processes":
                pids = sharded.pids()
                assert len(set(pids)) == 3 and os.getpid() not in pids
            return ([json.dumps(sharded.ask(q, explain=True).to_dict(), sort_keys=True) for q in questions],
                    [json.dumps(sharded.search(q, k=4).to_dict(), sort_keys=True) for q in questions[:8]])

    here = run("inline")
    assert sum('"refusal": null' in a for a in here[0]) >= len(questions) // 2  # answers, not refusals
    assert run("processes") == here


def test_a_shard_process_killed_between_questions_is_started_again(tmp_path):
    from engine.sharded import ShardedEngine

    q = "What is the fee for a tree removal permit?"
    with ShardedEngine(SAMPLES, 2, index=tmp_path / "s.sqlite", hosts="processes", embed_model="none") as sharded:
        before, old = sharded.ask(q).to_dict(), sharded.pids()
        for pid in old:
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.5)
        after = sharded.ask(q).to_dict()
        assert after == before and not any("did not answer" in n for n in after.get("notes", []))
        sharded.reload()
        assert len(set(sharded.pids())) == 2 and not set(sharded.pids()) & set(old)


def test_shards_answer_from_every_part_of_the_folder_and_keep_path(tmp_path):
    from engine.sharded import ShardedEngine

    with ShardedEngine(SAMPLES, 4, index=tmp_path / "s.sqlite", embed_model="none") as sharded:
        a = sharded.ask("What is the fee for a tree removal permit?")
        assert a.answered and "75.00" in a.citations[0].lines[0].text
        only_pdf = sharded.ask("What is the fee for a tree removal permit?", path="*.pdf")
        assert all(c.path.endswith(".pdf") for c in only_pdf.citations)
        assert sharded.coverage().documents == len(sharded.doc_rows) > 4


def test_a_shard_that_fails_is_named_and_the_answer_never_silently_covers_less(tmp_path):
    from engine.sharded import ShardedEngine

    with ShardedEngine(SAMPLES, 2, index=tmp_path / "s.sqlite", hosts="inline", embed_model="none") as sharded:
        sharded.hosts[1].worker.index.store.db.close()  # shard 2 can no longer read its index
        a = sharded.ask("What is the fee for a tree removal permit?")
        said = [n for n in a.notes if "did not answer" in n]
        assert len(said) == 1 and said[0].startswith("shard 2 of 2 (")
        assert "covers the other 1 shard only" in said[0]


def test_a_shard_process_whose_index_is_gone_is_named_until_it_is_back(tmp_path):
    """A shard's process killed and its index moved away: the new process cannot open it, so
    the answer names that shard and comes from the other; with the index back, the next
    question covers both again. A missing index is never opened as a new, empty one."""
    from engine.sharded import ShardedEngine

    q = "What is the fee for a tree removal permit?"
    index = tmp_path / "s.sqlite"
    with ShardedEngine(SAMPLES, 2, index=index, hosts="processes", embed_model="none") as sharded:
        whole = sharded.ask(q).to_dict()
        shard = shard_paths(index, 2)[1]
        os.rename(shard, tmp_path / "aside")
        os.kill(sharded.pids()[1], signal.SIGKILL)
        a = sharded.ask(q)
        said = [n for n in a.notes if "did not answer" in n]
        assert len(said) == 1 and said[0].startswith(f"shard 2 of 2 ({shard})")
        assert "is missing" in said[0] and "covers the other 1 shard only" in said[0]
        assert not shard.exists()
        assert all(shard_of(c.path, 2) == 0 for c in a.citations)
        os.rename(tmp_path / "aside", shard)
        assert sharded.ask(q).to_dict() == whole


def test_the_command_line_answers_a_question_over_shards(tmp_path):
    import json

    from click.testing import CliRunner

    from engine.cli import main

    args = ["--docs", str(SAMPLES), "--index", str(tmp_path / "i.sqlite"), "--embed-model", "none"]
    r = CliRunner().invoke(main, ["What is the fee for a tree removal permit?", "--shards", "2", "--json", *args])
    assert r.exit_code == 0, r.output
    assert "75.00" in json.loads(r.stdout)["citations"][0]["lines"][0]["text"]
    assert sorted(p.name for p in tmp_path.glob("i.sqlite.shard-*-of-2")) == ["i.sqlite.shard-0-of-2",
                                                                            "i.sqlite.shard-1-of-2"]
    r = CliRunner().invoke(main, ["tree removal permit fee", "--search", "-n", "2", "--shards", "2", "--json", *args])
    assert r.exit_code == 0, r.output
    hits = json.loads(r.stdout)  # --search --json: an array of hits
    assert len(hits) == 2 and "75.00" in hits[0]["line"]["text"]
    r = CliRunner().invoke(main, ["--rebuild", "--shards", "2", *args])  # build the shards only
    assert r.exit_code == 0, r.output
    assert "(2 shards beside it)" in r.stdout and "misc/town-seal.png" in r.stdout  # its one failed file
    r = CliRunner().invoke(main, ["--status", "--shards", "2", *args])
    assert r.exit_code == 2 and "--shards only works with a QUESTION, --search, --batch" in r.output


def test_a_script_without_a_main_guard_can_use_shards_in_processes(tmp_path):
    """Shard processes are spawned without importing the caller's main module, so a plain
    script (no `if __name__ == "__main__":`) does not open its engine again in each of them."""
    script = tmp_path / "plain.py"
    script.write_text(
        "from engine.sharded import ShardedEngine\n"
        f"with ShardedEngine({str(SAMPLES)!r}, 2, index={str(tmp_path / 'i.sqlite')!r}, embed_model='none') as s:\n"
        "    a = s.ask('What is the fee for a tree removal permit?')\n"
        "    print(a.answered, len(a.notes), len(set(s.pids())))\n")
    env = {**os.environ, "PYTHONPATH": str(SAMPLES.parent)}
    r = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, env=env)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split() == ["True", "0", "2"], r.stdout + r.stderr[-2000:]
