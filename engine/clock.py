"""The stage clock: how many seconds each stage of one question took.

In: `lap(stage)` at the end of each stage. Out: seconds per stage (time.perf_counter) and
the total; a stage that did not run stays 0 ("merge": the shards' pools made one, with
--shards only). The timings never enter an answer.
"""
from __future__ import annotations

import time

STAGES = ("embed_question", "pull", "merge", "bm25", "tfidf", "embed", "fuse_rerank", "gate", "quote", "total")


class Clock:
    """Seconds per stage of one question; stages not reached stay 0."""

    def __init__(self):
        self.start = self.last = time.perf_counter()
        self.spent = dict.fromkeys(STAGES, 0.0)

    def lap(self, stage: str) -> None:
        now = time.perf_counter()
        self.spent[stage] += now - self.last
        self.last = now

    def done(self) -> dict[str, float]:
        self.spent["total"] = time.perf_counter() - self.start
        return self.spent
