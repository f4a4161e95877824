"""The index: incremental refresh, failures recorded, location, foreign files, model-tagged vectors."""
import os
import sqlite3
from pathlib import Path

import pytest

from conftest import write
from engine import Engine
from engine.errors import IndexError_
from engine.index import Store, default_index_path
from engine.index.refresh import refresh
from engine.config import Config


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "docs"
    write(d, "a.txt", "Alfa bravo charlie.\n\nThe alfa fee is $10.00.\n")
    write(d, "b.md", "# Bravo\n\nBravo delta echo.\n")
    write(d, "sub/c.txt", "Charlie foxtrot golf.\n")
    write(d, "notes.docx.bak", "not a supported type")
    write(d, ".git/config", "hidden folders are skipped")
    return d


def test_refresh_rereads_only_what_changed_and_reports_the_rest(folder, tmp_path):
    store = Store(tmp_path / "i.sqlite")
    first = refresh(store, folder, Config())
    assert first.read_paths == ("a.txt", "b.md", "sub/c.txt")
    assert first.skipped == 1 and not first.failed

    again = refresh(store, folder, Config())
    assert again.read == 0 and again.unchanged == 3

    (folder / "b.md").write_text("# Bravo\n\nBravo delta echo, changed.\n", encoding="utf-8")
    (folder / "sub" / "c.txt").unlink()
    (folder / "broken.pdf").write_bytes(b"this is not a pdf at all")
    os.utime(folder / "a.txt", ns=(1, 1))  # touched but same content: hashed, not re-read
    third = refresh(store, folder, Config())
    assert third.read_paths == ("b.md",)
    assert third.removed == 1
    assert [p for p, _ in third.failed] == ["broken.pdf"]
    assert "not a valid PDF" in dict(third.failed)["broken.pdf"]

    docs = store.documents()
    assert docs["broken.pdf"].status == "failed" and docs["broken.pdf"].hint
    assert "sub/c.txt" not in docs
    assert docs["notes.docx.bak"].status == "skipped"
    assert not any(p.startswith(".git") for p in docs)
    # every passage of the changed file is fresh; no orphans from the old version
    n = store.db.execute("SELECT COUNT(*) FROM passages WHERE doc NOT IN (SELECT id FROM documents)").fetchone()[0]
    assert n == 0
    fts = store.db.execute("SELECT COUNT(*) FROM fts WHERE fts MATCH 'foxtrot'").fetchone()[0]
    assert fts == 0  # deleted file's words left the full-text index


def test_default_index_lives_outside_the_documents_folder(folder):
    before = sorted(p.as_posix() for p in folder.rglob("*"))
    with Engine(folder, embed_model="none") as eng:
        assert eng.index_path == default_index_path(folder)
        assert folder.resolve() not in eng.index_path.resolve().parents
        assert eng.index_path.exists()
    assert sorted(p.as_posix() for p in folder.rglob("*")) == before


def test_index_option_puts_it_anywhere_and_uses_wal(folder, tmp_path):
    target = tmp_path / "elsewhere" / "my.sqlite"
    with Engine(folder, index=target, embed_model="none"):
        pass
    db = sqlite3.connect(target)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_foreign_sqlite_file_is_refused_not_overwritten(folder, tmp_path):
    foreign = tmp_path / "theirs.sqlite"
    db = sqlite3.connect(foreign)
    db.execute("CREATE TABLE precious(x)")
    db.commit()
    db.close()
    with pytest.raises(IndexError_, match="does not belong to ask"):
        Engine(folder, index=foreign, embed_model="none")
    assert sqlite3.connect(foreign).execute("SELECT name FROM sqlite_master").fetchall() == [("precious",)]


def test_garbage_index_file_gives_a_clear_error(folder, tmp_path):
    bad = tmp_path / "bad.sqlite"
    bad.write_bytes(b"garbage" * 1000)
    with pytest.raises(IndexError_) as e:
        Engine(folder, index=bad, embed_model="none")
    assert "not a usable ask index" in str(e.value) and e.value.hint


def test_vectors_are_tagged_by_model_and_a_new_model_means_re_embedding(folder, tmp_path, model):
    from engine.embed import ModelChoice, load_embedder
    from engine.index.vectors import embed_missing

    store = Store(tmp_path / "v.sqlite")
    refresh(store, folder, Config())
    emb, why = load_embedder(ModelChoice(model["embed_model"], Path(model["embed_model_dir"])))
    assert emb is not None, why
    n_passages = store.counts(None)[1]
    assert embed_missing(store, emb) == n_passages
    assert embed_missing(store, emb) == 0  # nothing left to do
    assert store.counts(emb.identity)[2] == n_passages

    class Other:  # the same weights under another identity stand in for a second model
        identity = "other-model#0000000000"
        embed = emb.embed

    assert embed_missing(store, Other()) == n_passages
    models = {m for (m,) in store.db.execute("SELECT DISTINCT model FROM vectors")}
    assert models == {"other-model#0000000000"}  # never mixed


def test_new_readers_or_chunking_rules_rebuild_the_index(folder, tmp_path, monkeypatch):
    """An index built by older readers would keep their lines forever (files unchanged on
    disk are never re-read); the readers' version is part of the recorded rules."""
    from engine import readers
    store = Store(tmp_path / "i.sqlite")
    assert refresh(store, folder, Config()).read == 3
    assert refresh(store, folder, Config()).read == 0
    monkeypatch.setattr(readers, "READERS_VERSION", readers.READERS_VERSION + "-next")
    assert refresh(store, folder, Config()).read == 3
    assert refresh(store, folder, Config(chunk_words=60)).read == 3


def _damage(index: Path, how: str) -> None:
    """Garbage over the documents table's root page, or the file cut short after that page."""
    db = sqlite3.connect(index)
    page = db.execute("PRAGMA page_size").fetchone()[0]
    root = db.execute("SELECT rootpage FROM sqlite_master WHERE name='documents'").fetchone()[0]
    db.close()
    assert not Path(f"{index}-wal").exists()  # everything is in the main file
    with open(index, "r+b") as f:
        if how == "garbage":
            f.seek((root - 1) * page)
            f.write(bytes((i * 37 + 11) % 256 for i in range(page)))
        else:
            f.truncate(root * page)


@pytest.mark.parametrize("how", ["garbage", "truncated"])
def test_a_damaged_index_raises_our_error_from_the_store_and_the_cli_says_it(folder, tmp_path, how):
    import subprocess
    import sys

    index = tmp_path / "i.sqlite"
    with Engine(folder, index=index, embed_model="none"):
        pass
    _damage(index, how)
    if how == "garbage":  # the file opens: a query meets the damage
        with Store(index) as store, pytest.raises(IndexError_) as e:
            store.documents()
    else:  # cut short: opening it fails
        with pytest.raises(IndexError_) as e:
            Store(index)
    assert not isinstance(e.value, sqlite3.Error)  # the project's error type, not sqlite3's
    said = {"garbage": f"index file {index} is damaged (", "truncated": f"index file {index} is not a usable"}
    assert e.value.message.startswith(said[how]) and "--rebuild" in e.value.hint

    r = subprocess.run([sys.executable, "-m", "engine.cli", "--status", "--docs", str(folder),
                        "--index", str(index), "--embed-model", "none", "--quiet"],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == f"ask: {e.value.message}\n  hint: {e.value.hint}\n"


def test_ocr_confidence_is_stored_per_line_and_pages_are_counted(tmp_path):
    """lines.ocr round trip: NULL for text lines, the confidence for OCR'd ones; ocr_pages
    counts the distinct pages of a document's OCR'd lines (an image's `L` lines: one page)."""
    from engine.index.store import Store

    with Store(tmp_path / "i.sqlite") as store:
        with store.transaction():
            pdf = store.put_document("scan.pdf", hash="a" * 64, size=1, mtime_ns=1, kind="pdf", status="ok")
            store.put_content(pdf, [("p1:L1", "alfa", None), ("p2:L1", "bravo", 91.5),
                                    ("p2:L3", "charlie", 40.0), ("p3:L1", "delta", 88.0)], [])
            png = store.put_document("scan.png", hash="b" * 64, size=1, mtime_ns=1, kind="image", status="ok")
            store.put_content(png, [("L1", "echo", 97.0), ("L2", "foxtrot", 96.0)], [])
            txt = store.put_document("a.txt", hash="c" * 64, size=1, mtime_ns=1, kind="text", status="ok")
            store.put_content(txt, [("L1", "golf", None)], [])
        assert store.lines(pdf, 0, 10) == [(0, "p1:L1", "alfa"), (1, "p2:L1", "bravo"),
                                           (2, "p2:L3", "charlie"), (3, "p3:L1", "delta")]
        assert store.ocr_marks(pdf, 0, 2) == {1: 91.5, 2: 40.0}
        assert store.ocr_marks(txt, 0, 10) == {}
        assert store.ocr_pages() == {pdf: 2, png: 1}


def test_an_index_of_format_2_is_emptied_and_gets_the_ocr_column(tmp_path):
    """Format 3 added lines.ocr, format 4 lines.furniture and documents.context: an older
    index (no such columns) is emptied on opening, so the next refresh reads every file
    again and stores each line's marks."""
    import sqlite3

    from engine.index.store import FORMAT_VERSION, Store

    path = tmp_path / "i.sqlite"
    with Store(path) as store:
        with store.transaction():
            doc = store.put_document("a.txt", hash="c" * 64, size=1, mtime_ns=1, kind="text", status="ok")
            store.put_content(doc, [("L1", "alfa", None)], [])
    db = sqlite3.connect(path)
    with db:  # as format 2 left it
        db.execute("DROP TABLE lines")
        db.execute("CREATE TABLE lines(doc INTEGER NOT NULL, seq INTEGER NOT NULL, locator TEXT NOT NULL,"
                   " text TEXT NOT NULL, PRIMARY KEY(doc, seq)) WITHOUT ROWID")
        db.execute("UPDATE meta SET value='2' WHERE key='format'")
    db.close()
    with Store(path) as store:
        assert store.meta("format") == FORMAT_VERSION == "5"
        assert store.documents() == {}
        columns = [r[1] for r in store.db.execute("PRAGMA table_info(lines)")]
        assert columns == ["doc", "seq", "locator", "text", "ocr", "furniture"]
        columns = [r[1] for r in store.db.execute("PRAGMA table_info(documents)")]
        assert columns[-4:] == ["context", "date_start", "date_end", "date_evidence"]
