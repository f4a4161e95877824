"""Crash safety and concurrency of the index, on real subprocesses and a real SQLite file.

A refreshing process is SIGKILLed at seven kinds of points: right after start, while reading,
inside a document's transaction, just before COMMIT, at random instants, while removing a
deleted file, while embedding (and inside a vector group's transaction), and during --rebuild.
After each kill the index must pass SQLite's and FTS5's integrity checks and hold no orphans;
the next run must finish the job without re-reading or re-embedding anything committed, and
end identical to a clean build. Then two processes on one index (a refresher, askers), the
write lock, damaged and foreign index files, and the documents folder nothing writes to.
The kill points inside transactions use the test-only ASK_TEST_PAUSE hook (engine/index/store.py).
"""
from __future__ import annotations

import hashlib
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from conftest import write
from crash_helper import edition_text
from engine import Engine
from engine.index.location import IndexLock
from engine.index.store import APP_ID

HELPER = Path(__file__).with_name("crash_helper.py")
QUESTION = "What is the alfa permit fee?"
N_DOCS = 160


# -- folders ----------------------------------------------------------------------------
def make_corpus(d: Path, n: int = N_DOCS) -> Path:
    """n text documents of three passages each, one unsupported file, one unreadable PDF."""
    for i in range(n):
        paras = [" ".join(f"Item {i}.{p} records the delta{i} account, the echo{i} ledger and the "
                          f"foxtrot{p} register for golf quarter {p} of year {2000 + i}."
                          for _ in range(4)) for p in range(3)]
        write(d, f"part{i % 4}/note-{i:03d}.txt", "\n\n".join(paras) + "\n")
    write(d, "permits.md", "# Permits\n\nThe alfa permit fee is 10 dollars.\n\n"
                           "The bravo permit fee is 20 dollars.\n")
    write(d, "scan.bin", "not a supported type")
    (d / "broken.pdf").write_bytes(b"this is not a pdf at all")
    return d


def copy_folder(src: Path, dst: Path) -> Path:
    shutil.copytree(src, dst, copy_function=shutil.copy2)  # same mtimes: same index as src's
    return dst


# -- processes ----------------------------------------------------------------------------
class Run:
    """A helper subprocess in its own process group, its output collected by threads."""

    def __init__(self, *args, pause: str | None = None, cli: bool = False):
        env = dict(os.environ)
        env.pop("ASK_TEST_PAUSE", None)
        if pause:
            env["ASK_TEST_PAUSE"] = pause
        cmd = [sys.executable, "-m", "engine.cli"] if cli else [sys.executable, str(HELPER)]
        self.proc = subprocess.Popen([*cmd, *map(str, args)], stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, env=env,
                                     start_new_session=True)
        self.out: list[str] = []
        self.err: list[str] = []
        self._threads = [threading.Thread(target=self._drain, args=(s, b), daemon=True)
                         for s, b in ((self.proc.stdout, self.out), (self.proc.stderr, self.err))]
        for t in self._threads:
            t.start()

    @staticmethod
    def _drain(stream, buf: list[str]) -> None:
        for line in stream:
            buf.append(line)

    def wait_for_err(self, text: str, timeout: float = 60) -> None:
        end = time.monotonic() + timeout
        while not any(text in line for line in self.err):
            if self.proc.poll() is not None and not any(text in line for line in self.err):
                time.sleep(0.1)  # let the reader thread catch up before giving up
                if not any(text in line for line in self.err):
                    raise AssertionError(f"exited {self.proc.returncode} before {text!r}: {''.join(self.err)}")
            if time.monotonic() > end:
                raise AssertionError(f"no {text!r} within {timeout} s: {''.join(self.err)}")
            time.sleep(0.01)

    def kill(self, group: bool = True, must_be_running: bool = True) -> bool:
        """SIGKILL it (with any children); False if it had already ended on its own."""
        alive = self.proc.poll() is None
        try:
            if group:
                os.killpg(self.proc.pid, signal.SIGKILL)
            else:
                os.kill(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.finish()
        killed = alive and self.proc.returncode == -signal.SIGKILL
        assert killed or not must_be_running, \
            f"the process ended on its own (exit {self.proc.returncode}) before it could be killed"
        return killed

    def finish(self, timeout: float = 120) -> int:
        self.proc.wait(timeout=timeout)
        for t in self._threads:
            t.join(timeout=5)
        return self.proc.returncode

    @property
    def stdout(self) -> str:
        return "".join(self.out)

    @property
    def stderr(self) -> str:
        return "".join(self.err)


def poll(index: Path, sql: str, args: tuple = ()) -> int:
    """One number read from the index without writing to it; -1 while it is not readable yet."""
    if not index.exists():
        return -1
    try:
        db = sqlite3.connect(f"file:{index}?mode=ro", uri=True, timeout=5)
        try:
            return db.execute(sql, args).fetchone()[0]
        finally:
            db.close()
    except sqlite3.Error:
        return -1


def wait_until(pred, timeout: float = 60, what: str = "") -> None:
    end = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.005)


# -- checks -------------------------------------------------------------------------------
def check_consistent(index: Path) -> dict[str, str]:
    """SQLite and FTS5 integrity, no orphans, every ok document complete.
    Returns {path: status} of the documents the index holds."""
    if not index.exists():
        return {}
    db = sqlite3.connect(index)
    try:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if not tables:  # killed before the schema's commit: a blank file, which ask takes as new
            assert db.execute("PRAGMA application_id").fetchone()[0] == 0
            return {}
        assert db.execute("PRAGMA application_id").fetchone()[0] == APP_ID
        assert {"meta", "documents", "lines", "passages", "fts", "vectors"} <= tables
        db.execute("INSERT INTO fts(fts, rank) VALUES('integrity-check', 1)")  # index == passages
        one = lambda sql: db.execute(sql).fetchone()[0]  # noqa: E731
        assert one("SELECT COUNT(*) FROM passages WHERE doc NOT IN (SELECT id FROM documents)") == 0
        assert one("SELECT COUNT(*) FROM lines WHERE doc NOT IN (SELECT id FROM documents)") == 0
        assert one("SELECT COUNT(*) FROM vectors WHERE passage NOT IN (SELECT id FROM passages)") == 0
        assert one("SELECT COUNT(*) FROM passages p WHERE p.last >= "
                   "(SELECT COUNT(*) FROM lines l WHERE l.doc = p.doc)") == 0
        docs = {}
        for path, status, hash_, n_lines, n_passages, lines, passages in db.execute(
                "SELECT path, status, hash, n_lines, n_passages,"
                " (SELECT COUNT(*) FROM lines l WHERE l.doc = d.id),"
                " (SELECT COUNT(*) FROM passages p WHERE p.doc = d.id) FROM documents d"):
            if status == "ok":
                assert hash_ and (lines, passages) == (n_lines, n_passages) and passages > 0, path
            else:
                assert (lines, passages) == (0, 0), path
            docs[path] = status
        return docs
    finally:
        db.close()


def dump(index: Path) -> dict:
    """Everything the index holds, keyed by content (row ids may differ between builds)."""
    db = sqlite3.connect(index)
    try:
        q = lambda sql: db.execute(sql).fetchall()  # noqa: E731
        return {
            "documents": q("SELECT path, hash, size, mtime_ns, kind, status, error, hint, notes,"
                           " n_lines, n_passages FROM documents ORDER BY path"),
            "lines": q("SELECT d.path, l.seq, l.locator, l.text FROM lines l JOIN documents d"
                       " ON d.id = l.doc ORDER BY d.path, l.seq"),
            "passages": q("SELECT d.path, p.pid, p.first, p.last, p.span, p.terms, p.text, p.context"
                          " FROM passages p JOIN documents d ON d.id = p.doc ORDER BY p.pid"),
            "vectors": {pid: (model, np.frombuffer(vec, dtype=np.float32)) for pid, model, vec in
                        q("SELECT p.pid, v.model, v.vec FROM vectors v JOIN passages p ON p.id = v.passage")},
        }
    finally:
        db.close()


def answer_json(docs: Path, index: Path, **kw) -> str:
    kw.setdefault("embed_model", "none")
    with Engine(docs, index=index, refresh_index=False, **kw) as eng:
        return json.dumps(eng.ask(QUESTION).to_dict(), sort_keys=True)


def assert_same_as_clean(docs: Path, index: Path, clean: Path, **kw) -> None:
    got, want = dump(index), dump(clean)
    for part in ("documents", "lines", "passages"):
        assert got[part] == want[part], part
    assert got["vectors"].keys() == want["vectors"].keys()
    for pid, (model, vec) in want["vectors"].items():
        assert got["vectors"][pid][0] == model
        assert np.allclose(got["vectors"][pid][1], vec, atol=1e-6), pid
    assert answer_json(docs, index, **kw) == answer_json(docs, clean, **kw)


def build(docs: Path, index: Path, **kw) -> Engine:
    """A refresh in this process; returns the (closed) engine for its report."""
    kw.setdefault("embed_model", "none")
    with Engine(docs, index=index, **kw) as eng:
        return eng


def ok_docs(index: Path) -> set[str]:
    return {p for p, s in check_consistent(index).items() if s == "ok"}


@pytest.fixture(scope="module")
def corpus(tmp_path_factory):
    """A folder and its clean index, shared by the tests that do not change the folder."""
    root = tmp_path_factory.mktemp("corpus")
    docs = make_corpus(root / "docs")
    clean = root / "clean.sqlite"
    eng = build(docs, clean)
    readable = set(eng.report.read_paths)
    assert len(readable) == N_DOCS + 1 and [p for p, _ in eng.report.failed] == ["broken.pdf"]
    return docs, clean, readable


def resume_and_compare(docs: Path, index: Path, clean: Path, readable: set[str]) -> None:
    """Run again: read exactly the documents not committed before, end as a clean build."""
    before = ok_docs(index)
    eng = build(docs, index)
    assert set(eng.report.read_paths) == readable - before  # nothing finished is read again
    check_consistent(index)
    assert_same_as_clean(docs, index, clean)


# -- kills ----------------------------------------------------------------------------------
@pytest.mark.parametrize("when", ["at once", "0.3 s", "creating the schema"])
def test_killed_right_after_start(corpus, tmp_path, when):
    docs, clean, readable = corpus
    index = tmp_path / "i.sqlite"
    if when == "creating the schema":  # the first transaction ever, paused before its COMMIT
        run = Run("refresh", docs, index, pause="commit:1")
        run.wait_for_err("ask-test: paused at commit 1")
    else:
        run = Run("refresh", docs, index)
        time.sleep(0.0 if when == "at once" else 0.3)
    run.kill()
    if when == "creating the schema":
        assert ok_docs(index) == set()
    resume_and_compare(docs, index, clean, readable)


def test_killed_while_reading_keeps_every_finished_document(corpus, tmp_path):
    docs, clean, readable = corpus
    index = tmp_path / "i.sqlite"
    run = Run("refresh", docs, index)
    wait_until(lambda: poll(index, "SELECT COUNT(*) FROM documents WHERE status='ok'") >= 20,
               what="20 documents committed")
    run.kill()
    done = ok_docs(index)
    assert 20 <= len(done) < len(readable), "the kill came after reading had finished"
    resume_and_compare(docs, index, clean, readable)


@pytest.mark.parametrize("pause", ["content:5", "commit:9"])
def test_killed_inside_a_document_transaction(corpus, tmp_path, pause):
    """content:5 — the 5th readable document's lines, passages and FTS rows are written, not
    committed; commit:9 — just before the COMMIT of the 7th document (commits 1 and 2 are the
    schema and the chunking rules). In walk order six documents come first either way
    (broken.pdf, permits.md, scan.bin, then three notes), and the index holds exactly those."""
    docs, clean, readable = corpus
    index = tmp_path / "i.sqlite"
    run = Run("refresh", docs, index, pause=pause)
    run.wait_for_err(f"ask-test: paused at {pause.replace(':', ' ')}")
    assert poll(index, "SELECT COUNT(*) FROM documents") == 6  # what other processes see
    run.kill()
    held = check_consistent(index)
    assert sorted(held) == ["broken.pdf", "part0/note-000.txt", "part0/note-004.txt",
                            "part0/note-008.txt", "permits.md", "scan.bin"]
    resume_and_compare(docs, index, clean, readable)


def test_killed_at_random_instants_always_leaves_a_consistent_index(corpus, tmp_path):
    docs, clean, readable = corpus
    index = tmp_path / "i.sqlite"
    rng = random.Random(20240611)  # fixed: the same instants on every run of the suite
    progress = []
    for _ in range(3):
        run = Run("refresh", docs, index)
        wait_until(lambda: poll(index, "SELECT COUNT(*) FROM meta") > 0 or run.proc.poll() is not None,
                   what="the index to exist")
        time.sleep(rng.uniform(0.0, 0.25))
        if not run.kill(must_be_running=False):  # it finished first: nothing left to interrupt
            break
        progress.append(len(ok_docs(index)))
    assert progress == sorted(progress), "a later run lost documents an earlier one committed"
    resume_and_compare(docs, index, clean, readable)


@pytest.mark.parametrize("pause", ["remove:1", "remove:2"])
def test_killed_while_replacing_or_removing_a_document(corpus, tmp_path, pause):
    """remove:1 — mid-way through replacing a changed file (its FTS rows deleted, its passages
    not yet); remove:2 — mid-way through dropping a deleted file. The old version stays whole."""
    docs = copy_folder(corpus[0], tmp_path / "docs")
    index = tmp_path / "i.sqlite"
    shutil.copy2(corpus[1], index)  # the clean index of the same folder, as if built here
    write(docs, "part0/note-000.txt", "Changed: the kilo lima record replaces item zero.\n")
    (docs / "part1" / "note-001.txt").unlink()
    (docs / "part2" / "note-002.txt").unlink()
    run = Run("refresh", docs, index, pause=pause)
    run.wait_for_err(f"ask-test: paused at {pause.replace(':', ' ')}")
    run.kill()
    held = check_consistent(index)
    matches = lambda word: poll(index, "SELECT COUNT(*) FROM fts WHERE fts MATCH ?", (word,))  # noqa: E731
    assert "part1/note-001.txt" in held and matches("delta1") == 3  # not yet removed: whole
    assert matches("delta2") == 3
    if pause == "remove:1":  # the changed file keeps its old version, all of it
        assert matches("delta0") == 3 and matches("kilo") == 0
    else:  # the changed file was committed before the removals began
        assert matches("delta0") == 0 and matches("kilo") == 1

    eng = build(docs, index)
    assert set(eng.report.read_paths) == ({"part0/note-000.txt"} if pause == "remove:1" else set())
    assert eng.report.removed == 2
    assert matches("delta1") == 0 and matches("delta2") == 0 and matches("kilo") == 1
    check_consistent(index)
    fresh = tmp_path / "fresh.sqlite"
    build(docs, fresh)
    assert_same_as_clean(docs, index, fresh)


def test_killed_during_rebuild_resumes_from_what_it_rebuilt(corpus, tmp_path):
    docs, clean, readable = corpus
    index = tmp_path / "i.sqlite"
    shutil.copy2(clean, index)
    run = Run("refresh", docs, index, "--rebuild", pause="content:3")
    run.wait_for_err("ask-test: paused at content 3")
    run.kill()
    # the emptying committed as one transaction, then broken.pdf, permits.md, scan.bin, note-000
    assert sorted(check_consistent(index)) == ["broken.pdf", "part0/note-000.txt", "permits.md",
                                               "scan.bin"]
    resume_and_compare(docs, index, clean, readable)


def test_killed_while_embedding_keeps_every_finished_group(tmp_path, model, monkeypatch):
    """Vectors are committed per group of passages (GROUP; 48 here so that the real model
    gets through three groups quickly): a kill while the model works on a later group keeps
    the finished ones; a kill inside a group's transaction keeps them too; the next run
    embeds only the rest and ends with the clean build's vectors."""
    from engine.index import vectors as vectors_mod

    group, n = 48, 120  # groups of 48, 48, 24
    monkeypatch.setattr(vectors_mod, "GROUP", group)
    docs = tmp_path / "docs"
    for i in range(n):  # one passage each
        write(docs, f"n{i:03d}.txt", f"The alfa permit fee for lot {i} is {i + 10} dollars.\n")
    index = tmp_path / "i.sqlite"
    margs = ("--model", model["embed_model"], model["embed_model_dir"], "--group", group)
    vectors = lambda: poll(index, "SELECT COUNT(*) FROM vectors")  # noqa: E731

    run = Run("refresh", docs, index, *margs)
    wait_until(lambda: vectors() >= group, timeout=120, what="the first group of vectors")
    run.kill()  # while the model works on the second group
    check_consistent(index)
    kept = vectors()
    assert kept % group == 0 and 0 < kept < n, "a group is committed whole or not at all"

    run = Run("refresh", docs, index, *margs, pause="vectors:1")  # inside this run's first group
    run.wait_for_err("ask-test: paused at vectors 1", timeout=120)
    run.kill()
    check_consistent(index)
    assert vectors() == kept

    eng = build(docs, index, **model)
    assert eng.report.read_paths == () and eng.embedded == n - kept  # finished groups kept
    clean = tmp_path / "clean.sqlite"
    assert build(docs, clean, **model).embedded == n
    assert_same_as_clean(docs, index, clean, **model)


# -- two processes on one index ---------------------------------------------------------------
def test_askers_never_see_a_half_updated_document(tmp_path):
    """A refresher rewrites one document between editions A and B as fast as it can while
    another process asks, through fresh engines (read-only, and refreshing as the command line
    does, contending for the lock) and one long-lived engine: every answer quotes lines of one
    edition only, exactly as written; the long-lived engine keeps the snapshot it opened."""
    docs = tmp_path / "docs"
    write(docs, "edition.txt", edition_text("A"))
    write(docs, "other.txt", "The golf course is open daily.\n")
    index = tmp_path / "i.sqlite"
    build(docs, index)
    stop = tmp_path / "stop"
    refresher = Run("refresher", docs, index, stop)
    asker = Run("asker", docs, index, 2.5, QUESTION)
    try:
        assert asker.finish(timeout=120) == 0, asker.stderr
    finally:
        stop.write_text("stop")
    assert refresher.finish(timeout=60) == 0, refresher.stderr
    updates = json.loads(refresher.stdout)["updates"]
    editions = {ed: set(edition_text(ed).splitlines()) for ed in "AB"}
    seen: dict[str, set[str]] = {"fresh": set(), "refreshing": set(), "steady": set()}
    answers = [json.loads(line) for line in asker.out]
    for a in answers:
        for kind in seen:
            got = a[kind]
            assert got["answered"] and got["lines"], got
            which = {ed for ed in "AB" if f"edition {ed}" in " ".join(got["lines"])}
            assert len(which) == 1, got  # never lines of both editions in one answer
            ed = which.pop()
            assert set(got["lines"]) <= editions[ed], got  # verbatim lines of that edition
            seen[kind].add(ed)
    assert updates >= 3 and len(answers) >= 5, (updates, len(answers))
    assert seen["fresh"] == {"A", "B"}, "the asker never saw the document change: nothing was tested"
    assert len(seen["steady"]) == 1  # one engine, one snapshot
    check_consistent(index)


def test_a_second_refresher_waits_for_the_first_and_finds_nothing_left(tmp_path):
    docs = make_corpus(tmp_path / "docs", 12)
    index = tmp_path / "i.sqlite"
    first = Run("refresh", docs, index, pause="content:3:1")  # holds the lock mid-refresh
    first.wait_for_err("ask-test: paused at content 3")
    os.kill(first.proc.pid, signal.SIGSTOP)  # keep it there until the second one is waiting
    try:
        second = Run("refresh", docs, index, "--wait", "60")
        second.wait_for_err("is updating this index; waiting")
    finally:
        os.kill(first.proc.pid, signal.SIGCONT)
    assert second.finish() == 0 and first.finish() == 0, second.stderr + first.stderr
    assert f"ask: another ask (pid {first.proc.pid}) is updating this index; waiting up to 60 s…" \
        in second.stderr
    assert len(json.loads(first.stdout)["read"]) == 13
    assert json.loads(second.stdout)["read"] == []  # it waited, then found the work done
    check_consistent(index)


def test_a_killed_refresher_leaves_no_lock_behind(tmp_path):
    docs = make_corpus(tmp_path / "docs", 12)
    index = tmp_path / "i.sqlite"
    run = Run("refresh", docs, index, pause="content:3")
    run.wait_for_err("ask-test: paused at content 3")
    lock = IndexLock(index)
    assert not lock.try_acquire()  # held while it runs
    run.kill(group=False)  # kill -9 of the one process, as a user would
    assert lock.try_acquire()  # the OS released it at once
    lock.release()
    again = Run("refresh", docs, index, "--wait", "0")
    assert again.finish() == 0
    assert "waiting" not in again.stderr and json.loads(again.stdout)["notes"] == []
    assert len(json.loads(again.stdout)["read"]) == 11  # the two committed ones are kept


def test_a_busy_index_answers_as_it_is_and_rebuild_refuses(tmp_path):
    docs = make_corpus(tmp_path / "docs", 4)
    index = tmp_path / "i.sqlite"
    build(docs, index)
    write(docs, "late.txt", "The alfa permit fee doubled to 20 dollars late in the year.\n")
    lock = IndexLock(index)
    assert lock.try_acquire()  # this test process plays the other ask
    try:
        asked = Run(QUESTION, "--docs", docs, "--index", index, "--embed-model", "none",
                    "--wait", "0.5", cli=True)
        assert asked.finish() == 0, asked.stderr
        assert "L3  The alfa permit fee is 10 dollars." in asked.stdout
        assert f"ask: another ask (pid {os.getpid()}) is updating this index; waiting up to 0.5 s…" \
            in asked.stderr
        # the answer itself carries the note (text below the quote; "notes" in --json)
        assert (f"note: another ask (pid {os.getpid()}) is still updating this index; not waiting "
                "longer than 0.5 s, so this uses the index as it is (5 documents, 13 passages so far)"
                ) in asked.stdout
        before = dump(index)
        rebuilt = Run("--rebuild", "--docs", docs, "--index", index, "--embed-model", "none",
                      "--wait", "0.5", cli=True)
        assert rebuilt.finish() == 2
        assert (f"ask: another ask (pid {os.getpid()}) is still updating the index {index} after "
                "0.5 s\n  hint: run again when it has finished, or give --wait SECONDS") in rebuilt.stderr
        assert dump(index)["documents"] == before["documents"]  # untouched
    finally:
        lock.release()
    assert "late.txt" in build(docs, index).report.read_paths


# -- damaged and foreign index files ----------------------------------------------------------
def cli(*args) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "engine.cli", *map(str, args), "--embed-model", "none"],
                          capture_output=True, text=True, timeout=120)


def test_damaged_or_garbage_index_says_rebuild_and_rebuild_fixes_it(tmp_path):
    docs = make_corpus(tmp_path / "docs", 30)
    index = tmp_path / "i.sqlite"
    build(docs, index)
    db = sqlite3.connect(index)
    page = db.execute("PRAGMA page_size").fetchone()[0]
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name='documents'").fetchone()[0]
    db.close()
    assert not Path(f"{index}-wal").exists()  # everything is in the main file
    with open(index, "r+b") as f:  # scribble over the documents table's root page
        f.seek((root - 1) * page)
        f.write(bytes(random.Random(7).randrange(256) for _ in range(page)))
    r = cli("--status", "--docs", docs, "--index", index)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert f"ask: index file {index} is damaged (" in r.stderr
    assert "hint: run again with --rebuild" in r.stderr
    r = cli("--rebuild", "--docs", docs, "--index", index)
    assert r.returncode == 0, r.stderr
    assert r.stdout == f"rebuilt {index}: 31 documents, 91 passages, 0 with vectors, 1 failed (see --status)\n"
    check_consistent(index)
    assert_same_as_clean(docs, index, _clean(docs, tmp_path))

    index.write_bytes(b"garbage" * 1000)
    r = cli("--status", "--docs", docs, "--index", index)
    assert r.returncode == 2 and "is not a usable ask index" in r.stderr and "--rebuild" in r.stderr
    assert cli("--rebuild", "--docs", docs, "--index", index).returncode == 0
    assert len(check_consistent(index)) == 33


def test_rebuild_never_deletes_a_foreign_sqlite_file(tmp_path):
    docs = make_corpus(tmp_path / "docs", 2)
    theirs = tmp_path / "theirs.sqlite"
    db = sqlite3.connect(theirs)
    db.execute("CREATE TABLE precious(x)")
    db.execute("INSERT INTO precious VALUES (42)")
    db.commit()
    db.close()
    before = theirs.read_bytes()
    for args in (["--status"], ["--rebuild"]):
        r = cli(*args, "--docs", docs, "--index", theirs)
        assert r.returncode == 2 and "does not belong to ask" in r.stderr, r.stderr
        assert "point --index at a new path" in r.stderr
    assert theirs.read_bytes() == before  # not even its journal mode changed


def _clean(docs: Path, tmp_path: Path) -> Path:
    clean = tmp_path / "clean.sqlite"
    build(docs, clean)
    return clean


# -- the documents folder ------------------------------------------------------------------------
def snapshot(folder: Path) -> list[tuple]:
    """Every entry below `folder` (and itself): path, kind, size, mtime, content hash."""
    out = []
    for p in sorted([folder, *folder.rglob("*")]):
        st = p.lstat()
        digest = hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else ""
        out.append((p.relative_to(folder).as_posix(), p.is_dir(), st.st_size, st.st_mtime_ns,
                    st.st_mode, digest))
    return out


def test_nothing_ever_writes_into_the_documents_folder(tmp_path):
    """A full run through every kind of operation, a failure and a kill, from the default
    index location: the folder's entries, sizes, mtimes and bytes are exactly as before."""
    docs = make_corpus(tmp_path / "docs", 40)
    before = snapshot(docs)
    run = Run("refresh", docs, "", pause="content:10")  # "" = the default index location
    run.wait_for_err("ask-test: paused at content 10")
    run.kill()
    assert cli(QUESTION, "--docs", docs, "--json").returncode == 0
    assert cli("--show", "nosuchid", "--docs", docs).returncode == 2
    assert cli("--rebuild", "--docs", docs).returncode == 0
    assert cli("--docs", docs, "--batch", docs / "missing.txt").returncode == 2
    assert snapshot(docs) == before
