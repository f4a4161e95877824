"""Live updates (issue 18): `ask --docs DIR --watch` keeps the index current as files are
added, changed, renamed and deleted, one line per change; a file written slowly is read once,
complete; an excluded file never enters; `--serve --watch` and `--mcp --watch` answer from the
updated index without a restart. Each change must show within BOUND seconds (a burst is read
once nothing has changed for 1 s: engine/index/watch.py)."""
import json
import os
import queue
import subprocess
import sys
import threading
import time
from pathlib import Path

from conftest import write
from engine import Engine

BOUND = 20.0  # seconds a change may take to show (1 s of quiet, a refresh, a loaded machine)


class Watching:
    """`ask --watch --json` on a folder: its stdout lines (one JSON object per change) on a
    queue, its stderr kept; started once the watch has begun."""

    def __init__(self, docs: Path, index: Path, *args: str):
        env = {**os.environ, "ASK_CACHE_DIR": str(index.parent / "cache")}
        self.proc = subprocess.Popen([sys.executable, "-m", "engine.cli", "--docs", str(docs), "--index",
                                      str(index), "--embed-model", "none", "--watch", "--json", *args],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
        self.lines: "queue.Queue[dict | None]" = queue.Queue()
        self.err: list[str] = []
        threading.Thread(target=self._out, daemon=True).start()
        threading.Thread(target=lambda: self.err.extend(self.proc.stderr), daemon=True).start()
        deadline = time.monotonic() + 120
        while not any("watching" in ln for ln in self.err):
            assert self.proc.poll() is None and time.monotonic() < deadline, self.err
            time.sleep(0.05)

    def _out(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(json.loads(line))
        self.lines.put(None)

    def next(self, bound: float = BOUND) -> dict:
        try:
            got = self.lines.get(timeout=bound)
        except queue.Empty:
            raise AssertionError(f"no change line within {bound} s; stderr: {self.err}") from None
        assert got is not None, f"the watch ended; stderr: {self.err}"
        return got

    def nothing(self, wait: float) -> None:
        try:
            got = self.lines.get(timeout=wait)
        except queue.Empty:
            return
        raise AssertionError(f"an unexpected change line: {got}")

    def stop(self) -> None:
        """SIGTERM: a clean stop, exit 0."""
        if self.proc.poll() is None:
            self.proc.terminate()
        assert self.proc.wait(timeout=30) == 0, self.err


def indexed(docs: Path, index: Path) -> dict[str, str]:
    """The index as the watcher left it, read without a refresh: path -> its text."""
    with Engine(docs, index=index, embed_model="none", refresh_index=False, wait=0) as eng:
        return {r.path: "\n".join(t for _, _, t in eng.store.lines(r.id, 0, r.n_lines))
                for r in eng.doc_rows.values()}


def test_add_change_rename_and_delete_are_each_reflected(tmp_path):
    docs, index = tmp_path / "docs", tmp_path / "i.sqlite"
    write(docs, "fees.md", "The dog license fee is $15.00 per year.\n")
    w = Watching(docs, index)
    try:
        write(docs, "boats.md", "The boat ramp launch fee is $12.00 per day.\n")
        assert w.next() == {"change": "added", "path": "boats.md"}
        assert "$12.00" in indexed(docs, index)["boats.md"]

        write(docs, "boats.md", "The boat ramp launch fee is $14.00 per day.\n")
        assert w.next() == {"change": "changed", "path": "boats.md"}
        assert "$14.00" in indexed(docs, index)["boats.md"]

        (docs / "boats.md").rename(docs / "ramps.md")
        got = [w.next(), w.next()]
        assert sorted(got, key=lambda c: c["change"]) == [{"change": "added", "path": "ramps.md"},
                                                          {"change": "removed", "path": "boats.md"}]
        now = indexed(docs, index)
        assert "boats.md" not in now and "$14.00" in now["ramps.md"]

        (docs / "ramps.md").unlink()
        assert w.next() == {"change": "removed", "path": "ramps.md"}
        assert set(indexed(docs, index)) == {"fees.md"}
    finally:
        w.stop()


def test_a_file_written_slowly_is_read_once_it_is_complete(tmp_path):
    docs, index = tmp_path / "docs", tmp_path / "i.sqlite"
    write(docs, "fees.md", "The dog license fee is $15.00 per year.\n")
    w = Watching(docs, index)
    try:
        lines = [f"Line {i}: the boat ramp opens at {i + 5} a.m. in season." for i in range(8)]
        with open(docs / "slow.md", "w", encoding="utf-8") as f:
            for line in lines:  # 8 chunks, 0.4 s apart: 3.2 s of writing
                f.write(line + "\n")
                f.flush()
                time.sleep(0.4)
        assert w.next() == {"change": "added", "path": "slow.md"}
        assert indexed(docs, index)["slow.md"] == "\n".join(lines)
        w.nothing(3.0)  # read once: no second line for it
    finally:
        w.stop()


def test_an_excluded_file_never_enters(tmp_path):
    docs, index = tmp_path / "docs", tmp_path / "i.sqlite"
    write(docs, "fees.md", "The dog license fee is $15.00 per year.\n")
    write(docs, ".askignore", "drafts/\n*.bak\n")
    w = Watching(docs, index, "--exclude", "private.md")
    try:
        write(docs, "drafts/boats.md", "Draft: the boat ramp launch fee is $99.00 per day.\n")
        write(docs, "fees.bak", "Old fees.\n")
        write(docs, "private.md", "Private: the boat ramp launch fee is $1.00.\n")
        w.nothing(4.0)
        write(docs, "boats.md", "The boat ramp launch fee is $12.00 per day.\n")
        assert w.next() == {"change": "added", "path": "boats.md"}
        assert set(indexed(docs, index)) == {"fees.md", "boats.md"}
    finally:
        w.stop()


def test_an_edited_askignore_takes_a_document_out_while_watching(tmp_path):
    docs, index = tmp_path / "docs", tmp_path / "i.sqlite"
    write(docs, "fees.md", "The dog license fee is $15.00 per year.\n")
    write(docs, "old.md", "Old: the dog license fee was $10.00.\n")
    w = Watching(docs, index)
    try:
        write(docs, ".askignore", "old.md\n")
        assert w.next() == {"change": "removed", "path": "old.md"}
        assert set(indexed(docs, index)) == {"fees.md"}
    finally:
        w.stop()


def test_the_served_engine_answers_from_the_updated_index_with_watch(tmp_path):
    from test_serve_http import env_for, serving

    docs, index = tmp_path / "docs", tmp_path / "i.sqlite"
    write(docs, "fees.md", "The dog license fee is $15.00 per year.\n")
    env = env_for(tmp_path)
    # --recheck 3600: the server itself would not look again for an hour; the watch does
    with serving(docs, index, env, "--watch", "--recheck", "3600") as server:
        question = {"question": "What is the boat ramp launch fee?"}
        status, body, _ = server.request("POST", "/ask", question)
        assert status == 200 and json.loads(body)["citations"] == []
        write(docs, "boats.md", "The boat ramp launch fee is $12.00 per day.\n")
        deadline = time.monotonic() + BOUND
        while True:
            status, body, _ = server.request("POST", "/ask", question)
            cites = json.loads(body)["citations"]
            if cites:
                break
            assert time.monotonic() < deadline, "the served answers never saw boats.md"
            time.sleep(0.2)
        assert cites[0]["path"] == "boats.md"
        said = []
        while not server.err.empty():
            said.append(server.err.get_nowait())
        assert "ask: added boats.md" in said


def test_the_mcp_server_answers_from_the_updated_index_with_watch(tmp_path):
    from test_mcp import Client, env_for

    docs, index = tmp_path / "docs", tmp_path / "i.sqlite"
    write(docs, "fees.md", "The dog license fee is $15.00 per year.\n")
    c = Client(docs, index, env_for(tmp_path), "--watch", "--recheck", "3600")
    try:
        c.initialize()
        first = c.call("ask", {"question": "What is the boat ramp launch fee?"})
        assert "boats.md" not in json.dumps(first)
        write(docs, "boats.md", "The boat ramp launch fee is $12.00 per day.\n")
        deadline = time.monotonic() + BOUND
        while "boats.md" not in json.dumps(c.call("ask", {"question": "What is the boat ramp launch fee?"})):
            assert time.monotonic() < deadline, c.err
            time.sleep(0.2)
        assert any("added boats.md" in ln for ln in c.err)
        assert c.close() == 0
    finally:
        c.kill()


def test_a_change_while_another_process_holds_the_index_is_read_once_it_lets_go(tmp_path):
    """The watch's refresh waits its --wait, then tries again every few seconds: the change
    is not lost because another ask was updating the index at that moment."""
    from engine.index.location import IndexLock

    docs, index = tmp_path / "docs", tmp_path / "i.sqlite"
    write(docs, "fees.md", "The dog license fee is $15.00 per year.\n")
    w = Watching(docs, index, "--wait", "0.5")
    lock = IndexLock(index)
    try:
        assert lock.try_acquire()  # as another ask refreshing would
        write(docs, "boats.md", "The boat ramp launch fee is $12.00 per day.\n")
        deadline = time.monotonic() + BOUND
        while not any("trying again" in ln for ln in w.err):
            assert time.monotonic() < deadline, w.err
            time.sleep(0.1)
        w.nothing(1.0)
        lock.release()
        assert w.next() == {"change": "added", "path": "boats.md"}
    finally:
        if lock.held:
            lock.release()
        w.stop()


def test_an_index_inside_the_folder_does_not_set_the_watch_going_by_itself(tmp_path):
    """The index's own writes (its file, log and lock beside it) are not changes to look at:
    with --index inside the folder, one change gives one refresh, and then quiet."""
    docs = tmp_path / "docs"
    write(docs, "fees.md", "The dog license fee is $15.00 per year.\n")
    w = Watching(docs, docs / "index.sqlite")
    try:
        write(docs, "boats.md", "The boat ramp launch fee is $12.00 per day.\n")
        assert w.next() == {"change": "added", "path": "boats.md"}
        w.nothing(3.0)

        def written() -> list[int]:  # the index files' last writes: refreshes going round write
            return [p.stat().st_mtime_ns for p in sorted(docs.glob("index.sqlite*"))]

        before = written()
        time.sleep(4.0)
        assert written() == before
        assert "boats.md" in indexed(docs, docs / "index.sqlite")
    finally:
        w.stop()
