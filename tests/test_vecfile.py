"""The vector file beside the index (issue 15, part 3): a new process loads the matrix from
`<index>.vectors` in one read, but only when the file was made from exactly the snapshot it
reads; anything else (a change, another index's file, a damaged or cut file, another model)
sends it back to SQLite, which rewrites the file. Real SQLite, the real model."""
from __future__ import annotations

import json
import shutil

import numpy as np
import pytest

from conftest import ROOT, write
from engine import Engine
from engine.index import vecfile
from engine.index.store import Store

QUESTION = "What is the fee for a tree removal permit?"


def _folder(tmp_path):
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "samples", docs)
    return docs


def _open(docs, index, model):
    return Engine(docs, index=index, **model)


def _matrix_and_answer(eng):
    ids, pdocs, mat = eng.index.vectors.matrix()
    answer = json.dumps(eng.ask(QUESTION, explain=True).to_dict(), sort_keys=True)
    return (np.array(ids), np.array(pdocs), np.array(mat)), eng.index.vectors.source, answer


def test_a_new_engine_reads_the_file_and_answers_the_same_bytes(tmp_path, model):
    docs, index = _folder(tmp_path), tmp_path / "i.sqlite"
    with _open(docs, index, model) as eng:
        first, source, answer = _matrix_and_answer(eng)
        with_sqlite = eng.store.vector_matrix(eng.embedder.identity)
    assert source == "sqlite" and vecfile.path_for(index).is_file()
    with _open(docs, index, model) as eng:  # nothing changed: the refresh writes nothing
        again, source2, answer2 = _matrix_and_answer(eng)
    assert source2 == "file"
    for a, b, c in zip(first, again, with_sqlite):
        assert a.dtype == b.dtype and np.array_equal(a, b) and np.array_equal(a, c)
    assert len(first[0]) > 20 and "embed" in json.loads(answer)["method"]
    assert answer2 == answer


def test_any_change_to_the_index_makes_the_file_stale(tmp_path, model):
    docs, index = _folder(tmp_path), tmp_path / "i.sqlite"
    with _open(docs, index, model) as eng:
        _matrix_and_answer(eng)
        tag = eng.store.vector_tag(eng.embedder.identity)
        write(docs, "new-note.txt", "The fee for a hedge trimming permit is $12.\n")
        eng.refresh()
        newer = eng.store.vector_tag(eng.embedder.identity)
        assert newer.generation > tag.generation and newer.rows > tag.rows
        assert vecfile.load(index, newer) is None  # the file is the old snapshot's
        _, source, _ = _matrix_and_answer(eng)
        assert source == "sqlite"
        assert vecfile.load(index, newer) is not None  # and was written again for this one


def test_a_refresh_that_changes_nothing_keeps_the_generation(tmp_path, model):
    docs, index = _folder(tmp_path), tmp_path / "i.sqlite"
    with _open(docs, index, model) as eng:
        before = eng.store.vector_tag(eng.embedder.identity)
        eng.refresh()
        assert eng.store.vector_tag(eng.embedder.identity) == before


def test_a_file_from_another_index_or_model_is_never_used(tmp_path, model):
    docs = _folder(tmp_path)
    a, b = tmp_path / "a.sqlite", tmp_path / "b.sqlite"
    with _open(docs, a, model) as eng:
        _matrix_and_answer(eng)
    with _open(docs, b, model) as eng:
        tag_b = eng.store.vector_tag(eng.embedder.identity)
    shutil.copyfile(vecfile.path_for(a), vecfile.path_for(b))  # the same documents, another index
    assert vecfile.load(b, tag_b) is None
    with Store(a) as store:
        tag_a = store.vector_tag(tag_b.model)
    assert vecfile.load(a, tag_a) is not None
    other_model = vecfile.Tag(**{**tag_a.__dict__, "model": "another/model#0123456789"})
    assert vecfile.load(a, other_model) is None


@pytest.mark.parametrize("damage", ["cut", "ids", "header", "empty"])
def test_a_damaged_file_is_not_trusted_and_is_made_again(tmp_path, model, damage):
    docs, index = _folder(tmp_path), tmp_path / "i.sqlite"
    with _open(docs, index, model) as eng:
        good, _, answer = _matrix_and_answer(eng)
    path = vecfile.path_for(index)
    data = bytearray(path.read_bytes())
    if damage == "cut":
        data = data[:-4]
    elif damage == "ids":
        data[vecfile.HEADER + 3] ^= 0x01  # one bit of the first passage id
    elif damage == "header":
        data[:4] = b"junk"
    else:
        data = bytearray()
    path.write_bytes(bytes(data))
    with _open(docs, index, model) as eng:
        again, source, answer2 = _matrix_and_answer(eng)
        tag = eng.store.vector_tag(eng.embedder.identity)
    assert source == "sqlite" and answer2 == answer
    assert all(np.array_equal(x, y) for x, y in zip(good, again))
    assert vecfile.load(index, tag) is not None  # made again, whole


def test_a_rebuild_never_reuses_the_old_file(tmp_path, model):
    docs, index = _folder(tmp_path), tmp_path / "i.sqlite"
    with _open(docs, index, model) as eng:
        _matrix_and_answer(eng)
        old = eng.store.vector_tag(eng.embedder.identity)
    with Engine(docs, index=index, rebuild=True, **model) as eng:
        new = eng.store.vector_tag(eng.embedder.identity)
        assert new.index == old.index and new.generation > old.generation
        _, source, _ = _matrix_and_answer(eng)
        assert source == "sqlite"


def test_a_file_that_cannot_be_written_only_costs_time(tmp_path, model):
    docs, index = _folder(tmp_path), tmp_path / "i.sqlite"
    vecfile.path_for(index).mkdir()  # the file's name is taken: it can never be written
    with _open(docs, index, model) as eng:
        _, source, answer = _matrix_and_answer(eng)
    with _open(docs, index, model) as eng:
        _, source2, answer2 = _matrix_and_answer(eng)
    assert source == source2 == "sqlite" and answer == answer2
    assert not list(tmp_path.glob("i.sqlite.vectors.*.tmp"))


def test_a_killed_writers_temporary_file_is_removed(tmp_path, model):
    docs, index = _folder(tmp_path), tmp_path / "i.sqlite"
    orphan = tmp_path / "i.sqlite.vectors.999999999.tmp"  # no process has this id
    orphan.write_bytes(b"half written")
    with _open(docs, index, model) as eng:
        _matrix_and_answer(eng)
    assert not orphan.exists() and vecfile.path_for(index).is_file()


def test_the_loaded_matrix_is_read_only(tmp_path, model):
    docs, index = _folder(tmp_path), tmp_path / "i.sqlite"
    with _open(docs, index, model) as eng:
        _matrix_and_answer(eng)
    with _open(docs, index, model) as eng:
        _, _, mat = eng.index.vectors.matrix()
        assert eng.index.vectors.source == "file"
        with pytest.raises(ValueError):
            mat[0, 0] = 1.0  # a stray write can never change the file others read
