"""Shared fixtures: a private cache per test run, the shared embedding model, small folders.

Tests that need real embeddings take the `model` fixture. It uses ASK_EMBED_MODEL_DIR, or
../shared/models/all-MiniLM-L6-v2-onnx beside the checkout. Without it they are skipped
with the reason shown, except under CI (CI=true or ASK_REQUIRE_MODEL=1), where a missing
model is a failure: those tests must never pass silently without the model.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # minipdf

SHARED_MODEL = ROOT.parent / "shared" / "models" / "all-MiniLM-L6-v2-onnx"
SHARED_MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory, monkeypatch):
    """No test writes to the real user cache, and no test inherits model settings by accident."""
    monkeypatch.setenv("ASK_CACHE_DIR", str(tmp_path_factory.getbasetemp() / "ask-cache"))
    monkeypatch.setenv("NO_COLOR", "1")
    for var in ("ASK_EMBED_MODEL", "ASK_EMBED_MODEL_DIR"):
        monkeypatch.delenv(var, raising=False)


def _model_dir() -> Path | None:
    return SHARED_MODEL if (SHARED_MODEL / "model.onnx").exists() else None


_MODEL_DIR_AT_START = os.environ.get("ASK_EMBED_MODEL_DIR")
_MODEL_NAME_AT_START = os.environ.get("ASK_EMBED_MODEL")


@pytest.fixture(scope="session")
def model() -> dict:
    """Settings for the real shared embedding model: {"embed_model": ..., "embed_model_dir": ...}."""
    d = Path(_MODEL_DIR_AT_START) if _MODEL_DIR_AT_START and (Path(_MODEL_DIR_AT_START) / "model.onnx").exists() \
        else _model_dir()
    if d is None:
        msg = ("shared embedding model not found (set ASK_EMBED_MODEL_DIR to the "
               "all-MiniLM-L6-v2-onnx folder)")
        if os.environ.get("CI") or os.environ.get("ASK_REQUIRE_MODEL") == "1":
            pytest.fail(msg)
        pytest.skip(msg)
    name = _MODEL_NAME_AT_START if _MODEL_DIR_AT_START and _MODEL_NAME_AT_START else SHARED_MODEL_NAME
    return {"embed_model": name, "embed_model_dir": str(d)}


@pytest.fixture
def samples() -> Path:
    return ROOT / "samples"


def write(folder: Path, rel: str, text: str) -> Path:
    p = folder / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text(text, encoding="utf-8")
    return p


def permit_notes(folder: Path, n: int, start: int = 0) -> Path:
    """`n` one-line notes, one passage each: a folder with more passages than a small
    embed_backlog, for the servers' background embedding."""
    for i in range(start, start + n):
        write(folder, f"notes/permit-{i:03}.txt",
              f"Permit {i}: the fee for a type {i} permit is ${10 + i}.00, paid at the counter.\n")
    return folder


def ask_words(tmp_path: Path, files: dict[str, str], *questions: str) -> list:
    """Each question's Answer from a words-only engine (the real index and readers) on a folder
    of `files` (name -> text) under tmp_path/docs, indexed at tmp_path/i.sqlite; asked again
    with more files, the index takes the new ones in."""
    from engine import Engine

    docs = tmp_path / "docs"
    for name, text in files.items():
        write(docs, name, text)
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none") as eng:
        return [eng.ask(q) for q in questions]


def quoted(answer) -> list[str]:
    """Every quoted line of an Answer, citation by citation, in order."""
    return [line.text for c in answer.citations for line in c.lines]


def choose(question: str, texts: list[str], config=None, limit: int = 3) -> list[str]:
    """The lines quote/lines.choose_lines takes from `texts` (one passage's lines, in order)
    for `question`, every question word weighing 1: the quote's rules on made-up lines."""
    from engine.config import Config
    from engine.kinds import asked
    from engine.quote import choose_lines
    from engine.terms import question_terms

    lines = [(i, f"L{i + 1}", t) for i, t in enumerate(texts)]
    q = question_terms(question)
    return [ln.text for ln in choose_lines(lines, q, dict.fromkeys(q, 1.0), config or Config(), limit,
                                           kinds=asked(question), question=question)]
