"""The embedding model: which one, where its files are, and batching; or no model at all.

`load_embedder(name, model_dir)` returns (Embedder, None) or (None, reason). It never
fails a question and never waits on download retries: local files are tried first
(a model folder, then fastembed's cache); a download is attempted only when the hub
answers a quick connection check. `name == "none"` turns the arm off.
"""
from __future__ import annotations

import hashlib
import os
import socket
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from . import onnxtext
from .graphcache import cached_graphs

DEFAULT_MODEL = "BAAI/bge-small-en-v1.5"
_PROBE = "ask: model identity probe sentence."
_MAX_WORDS = 200  # pre-truncate long passages: the model reads ~256 tokens at most


@dataclass(frozen=True)
class ModelChoice:
    name: str = DEFAULT_MODEL
    model_dir: Path | None = None

    @classmethod
    def from_settings(cls, name: str | None, model_dir: str | Path | None) -> "ModelChoice":
        name = name or os.environ.get("ASK_EMBED_MODEL") or DEFAULT_MODEL
        model_dir = model_dir or os.environ.get("ASK_EMBED_MODEL_DIR") or None
        return cls(name=name, model_dir=Path(model_dir) if model_dir else None)

    @property
    def off(self) -> bool:
        return self.name.strip().lower() == "none"


class Embedder:
    """A loaded model: fastembed's, or the same run without fastembed (onnxtext.py). `identity` names the exact weights (name + behaviour hash).

    Passages are embedded shortest first in batches of at most `batch` passages and at most
    `tokens` padded tokens (passages × the longest one's tokens): the model pads a batch to
    its longest passage and its memory grows with batch × length², so long passages go a
    few at a time and short ones many. The vectors do not depend on the batching."""

    def __init__(self, model, name: str, batch: int, tokens: int = 2048):
        self.model = model
        self.name = name
        self.batch = max(1, batch)
        self.tokens = tokens
        probe = next(iter(model.embed([_PROBE], batch_size=1)))
        self.dim = int(probe.shape[0])
        digest = hashlib.sha256(np.round(probe.astype(np.float64), 3).tobytes()).hexdigest()[:10]
        self.identity = f"{name}#{digest}"

    @staticmethod
    def _clip(text: str) -> str:
        words = text.split()
        return " ".join(words[:_MAX_WORDS]) if len(words) > _MAX_WORDS else text

    def token_counts(self, texts: Sequence[str]) -> list[int]:
        """Tokens the model reads for each text (its own tokenizer when it exposes one,
        else an estimate of one token per three characters)."""
        tokenizer = getattr(self.model, "tokenizer", None) or getattr(getattr(self.model, "model", None), "tokenizer", None)
        if tokenizer is not None and hasattr(tokenizer, "encode_batch"):
            return [sum(e.attention_mask) for e in tokenizer.encode_batch(list(texts))]
        return [len(t) // 3 + 2 for t in texts]

    def batches(self, lengths: Sequence[int]) -> list[list[int]]:
        """Indices of the texts, shortest first (ties by index), cut into batches that keep
        within `batch` passages and `tokens` padded tokens (a passage alone is always allowed)."""
        order = sorted(range(len(lengths)), key=lambda i: (lengths[i], i))
        out: list[list[int]] = []
        for i in order:  # ascending, so the passage joining a batch is its longest
            if out and len(out[-1]) < self.batch and (len(out[-1]) + 1) * lengths[i] <= self.tokens:
                out[-1].append(i)
            else:
                out.append([i])
        return out

    def embed(self, texts: Sequence[str],
              progress: Callable[[int], None] | None = None) -> np.ndarray:
        """Unit vectors (float32) for passages, in input order."""
        texts = [self._clip(t) for t in texts]
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for idx in self.batches(self.token_counts(texts)):
            vecs = self.model.embed([texts[i] for i in idx], batch_size=len(idx))
            for i, v in zip(idx, vecs):
                out[i] = _unit(v)
            if progress:
                progress(len(idx))
        return out

    def embed_query(self, text: str) -> np.ndarray:
        v = next(iter(self.model.query_embed(self._clip(text))))
        return _unit(v)


def _unit(v) -> np.ndarray:
    v = np.asarray(v, dtype=np.float32)
    n = float(np.linalg.norm(v))
    return v / n if n > 0 else v


def _hub_reachable(timeout: float = 1.5) -> bool:
    if os.environ.get("HF_HUB_OFFLINE") == "1" or os.environ.get("ASK_OFFLINE") == "1":
        return False
    try:
        with socket.create_connection(("huggingface.co", 443), timeout=timeout):
            return True
    except OSError:
        return False


_LOADED: dict[tuple, tuple[Embedder | None, str | None]] = {}


def load_embedder(choice: ModelChoice, batch: int = 16, tokens: int = 2048,
                  threads: int = 1) -> tuple[Embedder | None, str | None]:
    """The model, or None with the reason it is not available. Cached per process.
    `threads`: onnxruntime threads for one inference (0: onnxruntime's default)."""
    if choice.off:
        return None, "embedding turned off"
    key = (choice.name, str(choice.model_dir) if choice.model_dir else None, batch, tokens, threads)
    if key not in _LOADED:
        _LOADED[key] = _load(choice, batch, tokens, threads)
    return _LOADED[key]


def _load(choice: ModelChoice, batch: int, tokens: int, threads: int
          ) -> tuple[Embedder | None, str | None]:
    graphs = graph_folder()
    ort_threads = threads if threads > 0 else None  # None: onnxruntime's default, as fastembed leaves it
    direct = onnxtext.load(graphs, choice.name, choice.model_dir, ort_threads)
    if direct is not None:  # shown here before to give fastembed's vectors to the bit (onnxtext.py)
        return Embedder(direct, choice.name, batch, tokens), None
    try:
        from loguru import logger  # fastembed logs through loguru; keep it off the terminal

        logger.disable("fastembed")
    except ImportError:
        pass
    try:
        from fastembed import TextEmbedding
    except ImportError:
        return None, "fastembed is not installed"
    opts = {"threads": threads} if threads > 0 else {}
    with cached_graphs(graphs):  # the optimised graph kept between processes (graphcache.py)
        embedder, reason = _load_model(TextEmbedding, choice, batch, tokens, opts)
    if embedder is not None:  # the next process may load it without fastembed's imports
        onnxtext.verify(graphs, embedder.model, choice.name, choice.model_dir, ort_threads)
    return embedder, reason


def graph_folder() -> Path | None:
    """Where optimised model graphs are kept (`<cache>/onnx`), or None when ASK_GRAPH_CACHE=0."""
    if os.environ.get("ASK_GRAPH_CACHE", "1") == "0":
        return None
    from .index.location import cache_root

    return cache_root() / "onnx"


def _load_model(TextEmbedding, choice: ModelChoice, batch: int, tokens: int, opts: dict
                ) -> tuple[Embedder | None, str | None]:
    if choice.model_dir is not None:
        d = choice.model_dir
        if not d.is_dir() or not any(d.glob("*.onnx")):
            return None, f"model not available: no .onnx model in {d}"
        try:
            model = TextEmbedding(choice.name, specific_model_path=str(d), local_files_only=True, **opts)
            return Embedder(model, choice.name, batch, tokens), None
        except Exception as e:  # unknown name, broken files
            return None, f"model not available: {choice.name} from {d}: {e}"
    try:
        model = TextEmbedding(choice.name, local_files_only=True, **opts)
        return Embedder(model, choice.name, batch, tokens), None
    except Exception:
        pass
    if not _hub_reachable():
        return None, f"model not available: {choice.name} is not in fastembed's cache and the network is unreachable"
    try:
        model = TextEmbedding(choice.name, **opts)
        return Embedder(model, choice.name, batch, tokens), None
    except Exception as e:
        return None, f"model not available: {choice.name} could not be downloaded: {e}"
