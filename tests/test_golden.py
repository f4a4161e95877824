"""The project's own golden questions on samples/, with and without the embedding model."""
from pathlib import Path

import pytest

from engine import Engine
from engine.golden import Case, Expect, load, passes

GOLDEN = Path(__file__).resolve().parent.parent / "golden" / "samples.jsonl"


def _failures(eng):
    out = []
    for case in load(GOLDEN):
        a = eng.ask(case.question, path=case.path)
        if not passes(case, a):
            got = [(c.path, [ln.text for ln in c.lines]) for c in a.citations] or a.refusal.message
            out.append(f"{case.id}: expected {case.expect or 'refusal'}, got {got}")
    return out


def test_golden_file_is_well_formed_and_covers_every_format():
    cases = load(GOLDEN)
    assert len(cases) >= 20
    assert sum(c.must_refuse for c in cases) >= 5
    kinds = {e.path.rsplit(".", 1)[-1] for c in cases if c.expect for e in c.expect}
    assert {"pdf", "xlsx", "csv", "md", "txt"} <= kinds


def test_golden_without_vectors(samples, tmp_path):
    with Engine(samples, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        assert _failures(eng) == []


def test_golden_with_the_shared_model(samples, tmp_path, model):
    with Engine(samples, index=tmp_path / "i.sqlite", **model) as eng:
        assert eng.embedder is not None
        assert _failures(eng) == []


def test_a_case_passes_fails_and_flips(samples, tmp_path):
    with Engine(samples, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        a = eng.ask("What is the fee for a tree removal permit?")
    right = Case("t", "q", (Expect("ordinances/*.md", "$75.00"),))
    wrong_text = Case("t", "q", (Expect("ordinances/*.md", "$76.00"),))
    wrong_path = Case("t", "q", (Expect("parks/*", "$75.00"),))
    refuse = Case("t", "q", None)
    assert passes(right, a) and not passes(wrong_text, a) and not passes(wrong_path, a)
    assert not passes(refuse, a)
