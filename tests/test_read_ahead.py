"""Reading ahead: the reading process reads the next file while this process stores the one
before it (engine/index/refresh.py, ReadWorker.prefetch). The index must come out the same as
reading one file at a time, and a file sent ahead that is not read after all, or that hangs,
must cost nothing but its own time limit."""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

import misbehaving_readers as hr
from conftest import write
from engine import readers
from engine.config import Config
from engine.index import refresh as refresh_mod
from engine.index import worker
from engine.index.refresh import refresh
from engine.index.store import Store


@pytest.fixture
def register(monkeypatch):
    def _register(suffix, fn):
        monkeypatch.setitem(readers._REGISTRY, suffix, fn)
    return _register


def folder(root: Path, n: int) -> Path:
    for i in range(n):
        write(root, f"f{i:02d}.txt", f"Note {i}: the pump in shed {i} runs {i + 1} hours a day.\n")
    write(root, "t.csv", "Shed,Hours\nNorth,5\nSouth,7\n")
    write(root, "m.md", "# Sheds\n\nThe north shed opens at dawn.\n")
    return root


def content(index: Path) -> list[tuple]:
    db = sqlite3.connect(index)
    rows = db.execute("SELECT d.path, d.hash, d.status, p.pid, p.span, p.terms, p.text FROM passages p"
                      " JOIN documents d ON d.id = p.doc ORDER BY d.path, p.pid").fetchall()
    rows += db.execute("SELECT path, hash, status, error, '', '', '' FROM documents ORDER BY path").fetchall()
    db.close()
    return rows


def test_reading_ahead_sends_each_next_file_and_stores_what_one_at_a_time_stores(tmp_path, monkeypatch):
    docs = folder(tmp_path / "docs", 12)
    sent: list[str] = []

    class Recorded(worker.ReadWorker):
        def prefetch(self, path):
            sent.append(Path(path).name)
            return super().prefetch(path)

    monkeypatch.setattr(refresh_mod, "ReadWorker", Recorded)
    with Store(tmp_path / "ahead.sqlite") as store:
        report = refresh(store, docs, Config())
    assert report.read == 14 and not report.failed
    # every file but the first is sent ahead, in the walk's order
    assert sent == sorted(p.name for p in docs.iterdir())[1:]

    class OneAtATime(worker.ReadWorker):
        def prefetch(self, path):
            return None

    monkeypatch.setattr(refresh_mod, "ReadWorker", OneAtATime)
    with Store(tmp_path / "plain.sqlite") as store:
        refresh(store, docs, Config())
    assert content(tmp_path / "ahead.sqlite") == content(tmp_path / "plain.sqlite")


def test_a_file_sent_ahead_and_not_asked_for_is_dropped(tmp_path):
    a = write(tmp_path, "a.txt", "alfa line\n")
    b = write(tmp_path, "b.txt", "bravo line\n")
    with worker.ReadWorker(timeout=10) as w:
        w.read(a)  # starts the reading process
        w.prefetch(a)
        got = w.read(b)  # not the file sent ahead: its reply is dropped, b is read
        assert [ln.text for ln in got.lines] == ["bravo line"]
        w.prefetch(b)
        assert [ln.text for ln in w.read(b).lines] == ["bravo line"]


def test_a_hanging_file_sent_ahead_is_stopped_at_its_limit_and_the_next_read_works(tmp_path, register):
    register(".hang", hr.hang)
    stuck = write(tmp_path, "stuck.hang", "never read\n")
    fine = write(tmp_path, "fine.txt", "charlie line\n")
    with worker.ReadWorker(timeout=1.5) as w:
        w.read(fine)
        first = w.pid
        w.prefetch(stuck)
        with pytest.raises(worker.ReadError, match=r"longer than (1\.5|6) s"):  # the clock's, or waiting
            w.read(stuck)
        assert [ln.text for ln in w.read(fine).lines] == ["charlie line"]
        assert w.pid != first  # the stuck process was replaced
        second = w.pid
        w.prefetch(stuck)
        got = w.read(fine)  # dropping the stuck file waits for its limit, then reads on
        assert [ln.text for ln in got.lines] == ["charlie line"]
        assert w.pid != second  # the file sent ahead really was being read: its process was stopped


def test_a_folder_with_a_hanging_file_in_the_middle_indexes_everything_else(tmp_path, register):
    register(".hang", hr.hang)
    docs = folder(tmp_path / "docs", 4)
    write(docs, "f01b.hang", "never read\n")  # between f01 and f02: it is sent ahead
    with Store(tmp_path / "i.sqlite") as store:
        report = refresh(store, docs, Config(), read_timeout=1.5)
    how = "wait" if worker._cpu_seconds(os.getpid()) is not None else "clock"
    assert dict(report.failed) == {"f01b.hang": worker.timeout_error(1.5, how).message}
    assert report.read == 6
