"""fastembed's text embedding, run on onnxruntime and tokenizers alone once it is shown to match.

`import fastembed` loads its image, Hugging Face Hub and HTTP modules as well as its text
models: on these machines about 0.6 s more than onnxruntime and tokenizers alone, all of it
on a cold question's path (the model loads while the question waits). What a text model does
in fastembed is short: its tokenizer set up from the model's files (`load_tokenizer`), one
onnxruntime session, the token ids in, a pooling of the output out (the first token, or the
mean of the real tokens), normalised. This module does those same steps in the same order
with the same numpy calls (fastembed 0.9's `preprocessor_utils`, `onnx_text_model`,
`onnx_embedding`, `pooled_embedding` and `common/utils`).

It is used for a model only after a process that loaded the model through fastembed has shown
that it gives fastembed's own vectors to the bit (`verify`: the same texts, one at a time and
as a padded batch, past the model's token limit and outside ASCII, under each pooling until one
matches) and written down how: `<graph folder>/direct-<key>.json`, naming the model's files
(size and time), the thread count, and the onnxruntime, tokenizers, numpy and fastembed
versions. Any of those changed, a GPU present, or no record: fastembed loads it as before and
checks again. So which of the two ran never changes an answer; `ASK_DIRECT_MODEL=0` always
uses fastembed.
"""
from __future__ import annotations

import hashlib
import json
import os
import threading
from importlib import metadata
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np

_FILES = ("tokenizer.json", "tokenizer_config.json", "config.json", "special_tokens_map.json")
_FORMAT = 1


def _normalise(a: np.ndarray) -> np.ndarray:  # fastembed.common.utils.normalize (p=2, dim=1)
    if a.dtype == np.float16:
        return _normalise(a.astype(np.float32)).astype(np.float16)
    norm = np.linalg.norm(a, ord=2, axis=1, keepdims=True)
    return a / np.maximum(norm, 1e-12)


def _mean(out: np.ndarray, mask: np.ndarray) -> np.ndarray:  # fastembed.common.utils.mean_pooling
    summed = np.sum(out, axis=1, where=mask[:, :, np.newaxis].astype(bool), dtype=np.float64)
    return summed / np.maximum(np.sum(mask, axis=1, keepdims=True), 1e-9)


def _first(out: np.ndarray) -> np.ndarray:  # OnnxTextEmbedding._post_process_onnx_output
    if out.ndim == 3:
        return out[:, 0]
    if out.ndim == 2:
        return out
    raise ValueError(f"unsupported embedding shape {out.shape}")


POOLINGS = {  # fastembed's classes: OnnxTextEmbedding, PooledNormalizedEmbedding, PooledEmbedding
    "first-normalised": lambda out, mask: _normalise(_first(out)),
    "mean-normalised": lambda out, mask: _normalise(_mean(out, mask)).astype(out.dtype, copy=False),
    "mean": lambda out, mask: _mean(out, mask).astype(out.dtype, copy=False),
}


def _context(config: dict) -> int:  # preprocessor_utils._resolve_max_context
    found = [v for v in (config.get("model_max_length"), config.get("max_length"))
             if isinstance(v, int) and not isinstance(v, bool) and 0 < v <= 2 ** 63 - 1]
    if not found:
        raise ValueError("no model_max_length or max_length in tokenizer_config.json")
    return min(found)


def load_tokenizer(model_dir: Path):
    """The tokenizer as fastembed's `load_tokenizer` sets it up: truncated at the model's
    context, its special tokens added, padded with its pad token."""
    from tokenizers import AddedToken, Tokenizer

    def read(name: str) -> dict:
        p = model_dir / name
        return json.loads(p.read_text(encoding="utf-8")) if p.exists() else {}

    config, tok_config, specials = read("config.json"), read("tokenizer_config.json"), read("special_tokens_map.json")
    tok = Tokenizer.from_file(str(model_dir / "tokenizer.json"))
    truncation = tok.truncation or {}
    tok.enable_truncation(max_length=_context(tok_config),
                          direction=tok_config.get("truncation_side") or truncation.get("direction", "right"))
    for value in specials.values():
        for token in (value if isinstance(value, list) else [value]):
            if isinstance(token, str):
                tok.add_special_tokens([token])
            elif isinstance(token, dict):
                tok.add_special_tokens([AddedToken(**token)])
    padding = tok.padding or {}
    pad_token = padding.get("pad_token") or tok_config.get("pad_token")
    if pad_token is None:
        raise ValueError(f"no pad token in {model_dir}")
    pad_id = padding.get("pad_id", config.get("pad_token_id"))
    if pad_id is None:
        pad_id = tok.token_to_id(pad_token)
    if pad_id is None:
        raise ValueError(f"no id for the pad token {pad_token!r} in {model_dir}")
    tok.enable_padding(direction=tok_config.get("padding_side") or padding.get("direction", "right"),
                       pad_id=pad_id, pad_type_id=padding.get("pad_type_id", 0), pad_token=pad_token,
                       pad_to_multiple_of=padding.get("pad_to_multiple_of"), length=None)
    return tok


class DirectText:
    """A text model with fastembed's `embed(texts, batch_size)` and `query_embed(text)`."""

    def __init__(self, model_dir: Path, model_file: str, pooling: str, threads: int | None,
                 graphs: Path | None):
        import onnxruntime as ort

        from .graphcache import cached_graphs

        self.pool = POOLINGS[pooling]
        self.tokenizer = load_tokenizer(model_dir)
        so = ort.SessionOptions()  # onnx_model.OnnxModel._load_onnx_model
        so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        if threads is not None:
            so.intra_op_num_threads = threads
            so.inter_op_num_threads = threads
        with cached_graphs(graphs):
            self.session = ort.InferenceSession(str(model_dir / model_file), providers=["CPUExecutionProvider"],
                                                sess_options=so)
        self.inputs = {node.name for node in self.session.get_inputs()}

    def raw(self, texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
        """The model's output and attention mask for one batch (OnnxTextModel.onnx_embed)."""
        encoded = self.tokenizer.encode_batch(texts)
        input_ids = np.array([e.ids for e in encoded])
        mask = np.array([e.attention_mask for e in encoded])
        feed = {"input_ids": np.array(input_ids, dtype=np.int64)}
        if "attention_mask" in self.inputs:
            feed["attention_mask"] = np.array(mask, dtype=np.int64)
        if "token_type_ids" in self.inputs:
            feed["token_type_ids"] = np.array([np.zeros(len(e), dtype=np.int64) for e in input_ids], dtype=np.int64)
        return self.session.run(None, feed)[0], feed.get("attention_mask", mask)

    def _batch(self, texts: list[str]) -> np.ndarray:
        return self.pool(*self.raw(texts))

    def embed(self, texts: str | Iterable[str], batch_size: int = 256) -> Iterable[np.ndarray]:
        texts = [texts] if isinstance(texts, str) else list(texts)
        for i in range(0, len(texts), max(1, batch_size)):
            yield from self._batch(texts[i:i + batch_size])

    def query_embed(self, query: str | Iterable[str]) -> Iterable[np.ndarray]:
        yield from self.embed([query] if isinstance(query, str) else query)


def _versions() -> dict:
    import onnxruntime
    import tokenizers

    try:
        fe = metadata.version("fastembed")
    except metadata.PackageNotFoundError:
        fe = None
    return {"onnxruntime": onnxruntime.__version__, "tokenizers": tokenizers.__version__,
            "numpy": np.__version__, "fastembed": fe}


def _stamps(model_dir: Path, model_file: str) -> dict:
    out = {}
    for name in (model_file, *_FILES):
        p = model_dir / name
        if p.exists():
            st = p.stat()
            out[name] = [st.st_size, st.st_mtime_ns]
    return out


def _record(graphs: Path, name: str, model_dir: Path | None, threads: int | None) -> Path:
    key = "|".join([name, str(model_dir.resolve()) if model_dir else "", str(threads)])
    return graphs / f"direct-{hashlib.sha256(key.encode('utf-8')).hexdigest()[:16]}.json"


def _off() -> bool:
    return os.environ.get("ASK_DIRECT_MODEL", "1") == "0"


def load(graphs: Path | None, name: str, model_dir: Path | None, threads: int | None) -> DirectText | None:
    """The model without fastembed when a record says it matches fastembed here; else None."""
    if graphs is None or _off():
        return None
    try:
        rec = json.loads(_record(graphs, name, model_dir, threads).read_text(encoding="utf-8"))
        d = Path(rec["model_dir"])
        if rec.get("format") != _FORMAT or rec["versions"] != _versions() \
                or rec["files"] != _stamps(d, rec["model_file"]):
            return None
        import onnxruntime

        if "CUDAExecutionProvider" in onnxruntime.get_available_providers():
            return None  # fastembed would run the model on the GPU
        return DirectText(d, rec["model_file"], rec["pooling"], threads, graphs)
    except Exception:  # no record, a damaged one, files gone: fastembed loads it
        return None


def _probes() -> tuple[list[str], str]:
    """Short texts of different lengths (a padded batch) and one past any model's token limit."""
    words = ("council minutes budget fee schedule water main ordinance hearing résumé naïve "
             "2024-25 $3,500.00 per month 8-inch № 12 — §4(b)").split()
    long = " ".join(words[i % len(words)] for i in range(700))
    return ["ask: model identity probe sentence.", "What is the fee for a fence permit?",
            " ".join(words), "会议于下午七点开始。", "수수료는 얼마입니까?", "", "a"], long


def verify(graphs: Path | None, fe_model, name: str, model_dir: Path | None, threads: int | None) -> str | None:
    """After fastembed loaded `fe_model` (a TextEmbedding): find the pooling under which this
    module gives its vectors to the bit and write the record; the pooling's name, or None."""
    if graphs is None or _off():
        return None
    try:
        inner = fe_model.model
        d, model_file = Path(inner._model_dir), inner.model_description.model_file
        if getattr(inner.model_description, "additional_files", None):
            return None  # external data is linked elsewhere by fastembed
        if not (d / model_file).is_file():
            return None
        short, long = _probes()
        want = [list(fe_model.embed(short, batch_size=len(short))), list(fe_model.embed([long], batch_size=1)),
                [next(iter(fe_model.embed([t], batch_size=1))) for t in short[:3]],
                [next(iter(fe_model.query_embed(t))) for t in short[:2]]]
        direct = DirectText(d, model_file, next(iter(POOLINGS)), threads, graphs)  # only its raw() is read
        raws = [[direct.raw(short)], [direct.raw([long])], [direct.raw([t]) for t in short[:3]],
                [direct.raw([t]) for t in short[:2]]]
        for pooling, fn in POOLINGS.items():
            got = [[v for r in group for v in fn(*r)] for group in raws]
            if all(_same(w, g) for w, g in zip(want, got)):
                _write(_record(graphs, name, model_dir, threads),
                       {"format": _FORMAT, "name": name, "model_dir": str(d), "model_file": model_file,
                        "pooling": pooling, "threads": threads, "versions": _versions(),
                        "files": _stamps(d, model_file)})
                return pooling
    except Exception:
        return None
    return None


def _same(a: Sequence[np.ndarray], b: Sequence[np.ndarray]) -> bool:
    return len(a) == len(b) and all(x.dtype == y.dtype and np.array_equal(x, y) for x, y in zip(a, b))


def _write(path: Path, rec: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{threading.get_ident()}.tmp")
    tmp.write_text(json.dumps(rec, sort_keys=True, indent=1), encoding="utf-8")
    os.replace(tmp, path)
