"""Embedding on a Ray cluster (`--embed --ray ADDRESS`, `--ray local`): the refresh's passages
go, in the same token-budget batches as local embedding, to Ray actors that each hold the
model once; the vectors come back to this process, which alone writes the index.

Ray (https://docs.ray.io) is the distributed engine: it places the actors, restarts one whose
worker died and runs its lost batches again (`max_restarts`, `max_task_retries`), so a batch
lost with a worker is retried without code here. The index is written in groups, one
transaction each (vectors.py), so a coordinator killed mid-way resumes where the index
stands. Every actor loads the same model (name, and the model folder when one is given: it
must exist at the same path on every node) and must report the same identity as this
process's model (engine/embed.py: a hash of its output), else nothing is embedded.

`ray` is an optional extra: `pip install 'ask-engine[ray]'`.
"""
from __future__ import annotations

import os
from typing import Callable, Sequence

import numpy as np

from ..embed import Embedder, ModelChoice
from ..errors import UsageError

RESTARTS = 3       # times Ray restarts an actor whose worker died
IN_FLIGHT = 2      # batches queued per actor, so none waits between two
INSTALL = "pip install 'ask-engine[ray]' (Ray, https://docs.ray.io)"


def _ray():
    try:
        import ray
    except ImportError:
        raise UsageError("--ray needs Ray, which is not installed", INSTALL) from None
    return ray


def connect(ray, address: str, cpus: int | None = None) -> bool:
    """Join the Ray cluster at `address` ("local": start one here, with `cpus` CPUs or one per
    core) unless this process already has; True when a local cluster was started here (the
    caller shuts it down)."""
    if ray.is_initialized():
        return False
    try:
        if address == "local":
            from ..config import cores

            ray.init(num_cpus=cpus or cores(), include_dashboard=False, log_to_driver=False,
                     configure_logging=False)
        else:
            ray.init(address=address, log_to_driver=False, configure_logging=False)
    except Exception as e:  # noqa: BLE001 - Ray raises ConnectionError, RuntimeError, ValueError
        raise UsageError(f"cannot reach the Ray cluster at {address!r}: {e}",
                         "start one (ray start --head) and give its address, or use --ray local") from None
    return address == "local"


def _actor_class(ray):
    @ray.remote(num_cpus=1, max_restarts=RESTARTS, max_task_retries=RESTARTS)
    class EmbedActor:
        """One model, loaded once; embeds the batches it is sent."""

        def __init__(self, name: str, model_dir: str | None, batch: int, tokens: int):
            from pathlib import Path

            from ..embed import load_embedder

            choice = ModelChoice(name=name, model_dir=None if model_dir is None else Path(model_dir))
            self.embedder, self.note = load_embedder(choice, batch, tokens, 1)

        def identity(self) -> str | None:
            return self.embedder.identity if self.embedder is not None else None

        def why(self) -> str | None:
            return self.note

        def pid(self) -> int:
            return os.getpid()

        def embed(self, texts: list[str]) -> np.ndarray:
            # one batch as the local embedder would make it: the same batch, the same vectors
            return self.embedder.embed(texts)

    return EmbedActor


class RayEmbedder:
    """An Embedder whose batches run on Ray actors (`identity`, `embed` as Embedder's).

    `address`: "local" starts a Ray cluster on this machine (as many actors as cores),
    anything else is given to ray.init (a `ray://host:10001` client address, `auto`, or a
    head's `host:6379`). `local`: this process's own model, which cuts the batches (its
    tokenizer) and whose identity every actor must share."""

    def __init__(self, address: str, choice: ModelChoice, local: Embedder, *, actors: int | None = None,
                 log: Callable[[str], None] = lambda text: None):
        ray = self.ray = _ray()
        self.local, self.identity, self.name, self.dim = local, local.identity, local.name, local.dim
        self.batch, self.tokens = local.batch, local.tokens
        self.started = connect(ray, address, actors)  # a local cluster started here: close() stops it
        n = actors or max(1, int(ray.cluster_resources().get("CPU", 1)))
        Actor = _actor_class(ray)
        model_dir = str(choice.model_dir) if choice.model_dir else None
        self.actors = [Actor.remote(choice.name, model_dir, self.batch, self.tokens) for _ in range(n)]
        found = ray.get([a.identity.remote() for a in self.actors])
        if any(i != self.identity for i in found):
            why = next((w for w in ray.get([a.why.remote() for a in self.actors]) if w), None)
            raise UsageError(f"the Ray workers' model is not this one ({self.identity}): they have "
                             f"{sorted({str(i) for i in found})}" + (f" ({why})" if why else ""),
                             "give every node the same model files (--embed-model-dir must exist at "
                             "the same path on each)")
        log(f"embedding on Ray: {n} actor{'s' * (n != 1)}")

    # the batches are cut as the local embedder cuts them (its tokenizer, its budget)
    def token_counts(self, texts: Sequence[str]) -> list[int]:
        return self.local.token_counts(texts)

    def batches(self, lengths: Sequence[int]) -> list[list[int]]:
        return self.local.batches(lengths)

    @property
    def group(self) -> int:
        """Passages per commit: enough batches for every actor to have IN_FLIGHT of them."""
        return len(self.actors) * IN_FLIGHT * self.batch

    def embed(self, texts: Sequence[str], progress: Callable[[int], None] | None = None) -> np.ndarray:
        """Unit vectors for passages, in input order, each batch on an actor."""
        ray = self.ray
        texts = [Embedder._clip(t) for t in texts]
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        batches = self.batches(self.token_counts(texts))
        pending: dict = {}
        nxt = 0

        def send(k: int, actor) -> None:
            idx = batches[k]
            pending[actor.embed.remote([texts[i] for i in idx])] = (k, actor)

        for actor in self.actors:  # IN_FLIGHT batches each to start
            for _ in range(IN_FLIGHT):
                if nxt < len(batches):
                    send(nxt, actor)
                    nxt += 1
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            k, actor = pending.pop(ready[0])
            vecs = ray.get(ready[0])
            for i, v in zip(batches[k], vecs):
                out[i] = v
            if progress:
                progress(len(batches[k]))
            if nxt < len(batches):
                send(nxt, actor)
                nxt += 1
        return out

    def pids(self) -> list[int]:
        """The actors' worker processes (tests kill one to see its batches retried)."""
        return self.ray.get([a.pid.remote() for a in self.actors])

    def close(self) -> None:
        """Stop the actors, and the local cluster if this process started it."""
        for a in self.actors:
            self.ray.kill(a)
        self.actors = []
        if self.started:
            self.ray.shutdown()
            self.started = False
