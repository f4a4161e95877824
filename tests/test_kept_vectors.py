"""A change of readers or chunking starts an index's content over (Store.ensure_rules), and
every passage was embedded again: hours at 300k passages for a rule that changed a few of
them. Now the reset keeps each vector by its model and the hash of the very text it embeds
(Store._keep_vectors), and a passage made again with the same text and context takes it
(vectors.embed_missing); only changed passages are embedded. The kept table goes once every
passage has its vector. Real model, real index."""
from pathlib import Path

import numpy as np
from conftest import write

from engine.config import Config
from engine.index import Store
from engine.index.refresh import refresh


class _Counting:
    """The real embedder, counting the texts it is given."""

    def __init__(self, emb):
        self.identity, self.inner, self.texts = emb.identity, emb, []

    def embed(self, texts, *a, **k):
        self.texts.extend(texts)
        return self.inner.embed(texts, *a, **k)


def _vectors(store: Store, model: str) -> dict[str, bytes]:
    return {text: vec for text, vec in store.db.execute(
        "SELECT p.text, v.vec FROM vectors v JOIN passages p ON p.id = v.passage WHERE v.model = ?", (model,))}


def test_a_rules_change_embeds_only_the_passages_it_changed(tmp_path, model, monkeypatch):
    from engine import readers
    from engine.embed import ModelChoice, load_embedder
    from engine.index.vectors import embed_missing

    docs = tmp_path / "docs"
    write(docs, "a.md", "# Fees\n\nDog licence $10 a year.\n")
    write(docs, "b.md", "# Hours\n\nThe library opens at 9:00 a.m.\n")
    emb, why = load_embedder(ModelChoice(model["embed_model"], Path(model["embed_model_dir"])))
    assert emb is not None, why
    store = Store(tmp_path / "i.sqlite")
    refresh(store, docs, Config())
    first = _Counting(emb)
    n = embed_missing(store, first)
    assert n == store.counts(None)[1] and len(first.texts) == n
    before = _vectors(store, emb.identity)

    monkeypatch.setattr(readers, "READERS_VERSION", readers.READERS_VERSION + "-next")
    write(docs, "b.md", "# Hours\n\nThe library opens at 10:00 a.m.\n")  # one passage changed
    refresh(store, docs, Config())
    again = _Counting(emb)
    assert embed_missing(store, again) == n  # every passage has its vector again
    assert [t for t in again.texts if "10:00" in t] and not [t for t in again.texts if "Dog licence" in t]
    after = _vectors(store, emb.identity)
    same = [t for t in before if t in after]
    assert same and all(before[t] == after[t] for t in same)  # the very vectors, byte for byte
    fresh = next(t for t in after if "10:00" in t)
    assert np.isclose(np.linalg.norm(np.frombuffer(after[fresh], dtype=np.float32)), 1.0, atol=1e-3)
    assert not store._has_kept()  # gone once every passage has its own


def test_kept_vectors_are_the_model_s_own_and_survive_a_second_reset(tmp_path, model, monkeypatch):
    from engine import readers
    from engine.embed import ModelChoice, load_embedder
    from engine.index.vectors import embed_missing

    docs = tmp_path / "docs"
    write(docs, "a.md", "# Fees\n\nDog licence $10 a year.\n")
    emb, why = load_embedder(ModelChoice(model["embed_model"], Path(model["embed_model_dir"])))
    assert emb is not None, why
    store = Store(tmp_path / "i.sqlite")
    refresh(store, docs, Config())
    embed_missing(store, emb)
    for n in (1, 2):  # two resets before any embedding: nothing kept is lost
        monkeypatch.setattr(readers, "READERS_VERSION", readers.READERS_VERSION + f"-{n}")
        refresh(store, docs, Config())
    other = _Counting(emb)
    other.identity = "other-model#0000000000"  # another model's vectors are never taken
    assert embed_missing(store, other) == store.counts(None)[1] and other.texts
    again = _Counting(emb)
    monkeypatch.setattr(readers, "READERS_VERSION", readers.READERS_VERSION + "-3")
    refresh(store, docs, Config())
    assert embed_missing(store, again) == store.counts(None)[1]
    assert again.texts  # the first model's kept vectors went when the other model's were complete


def test_a_new_format_keeps_nothing(tmp_path, model):
    from engine.embed import ModelChoice, load_embedder
    from engine.index.vectors import embed_missing

    docs = tmp_path / "docs"
    write(docs, "a.md", "# Fees\n\nDog licence $10 a year.\n")
    emb, why = load_embedder(ModelChoice(model["embed_model"], Path(model["embed_model_dir"])))
    assert emb is not None, why
    kept = {}
    for keep in (True, False):  # a rules change keeps the vectors; another format's reset does not
        store = Store(tmp_path / f"{keep}.sqlite")
        refresh(store, docs, Config())
        assert embed_missing(store, emb) >= 1
        store.reset_content(keep_vectors=keep)
        kept[keep] = store.kept_count()
    assert kept[True] >= 1 and kept[False] == 0, kept


def test_status_shows_the_kept_vectors(tmp_path, model, monkeypatch):
    from engine import Engine, readers
    from engine.status import status, status_text

    docs = tmp_path / "docs"
    write(docs, "a.md", "# Fees\n\nDog licence $10 a year.\n")
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model=model["embed_model"],
                embed_model_dir=model["embed_model_dir"]) as eng:
        eng.ask("dog licence fee")  # every passage embedded
        assert status(eng)["kept_vectors"] == 0 and "kept vectors" not in status_text(status(eng))
    monkeypatch.setattr(readers, "READERS_VERSION", readers.READERS_VERSION + "-next")
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none") as eng:  # no model: nothing embedded
        s = status(eng)
        assert s["kept_vectors"] >= 1 and f"kept vectors: {s['kept_vectors']}" in status_text(s)
