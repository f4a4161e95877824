"""The method line: what actually ran for one answer or search, assembled from the run itself.

In: the arms that ran, how many pool passages had vectors, the fusion, hyde, the arms asked
for, the model's state. Out: e.g. `bm25+tfidf+embed→rerank→gate`, or
`bm25+tfidf→rerank→gate (no vectors: model not available)`. Never a literal.
"""
from __future__ import annotations

from dataclasses import dataclass

from .score import ARMS


@dataclass(frozen=True)
class ModelState:
    """What the method line says about the model: the reason it is missing (None when
    loaded) and whether one is loaded."""

    note: str | None
    loaded: bool
    incomplete: str | None = None  # why a loaded model's vectors are not used: not all made


def describe(ran: list[str] | None, with_vec: int | None, pool_size: int, model: ModelState, *,
             fusion: str = "minmax", hyde: bool = False,
             asked: tuple[str, ...] = ARMS, last: str = "gate") -> str:
    """`ran` None: the pull found nothing, so no arm scored anything. The fusion is named
    when it is not min-max (the design's default), a written passage as embed(hyde); `last`
    is the final stage (the gate for ask, "list" for a search)."""
    if ran is None:
        text = f"pull→{last} (no candidates)"
        no_model = "embed" in asked and model.note
        return text + (f" (no vectors: {model.note})" if no_model else "")
    text = "+".join("embed(hyde)" if a == "embed" and hyde else a for a in ARMS if a in ran)
    text += ("→rrf" if fusion == "rrf" else "") + f"→rerank→{last}"
    if "embed" not in asked:
        return text  # the vector arm was not asked for: nothing to say about vectors
    if "embed" not in ran:
        reason = model.note or model.incomplete or "no passage in the pool has a vector"
        return text + f" (no vectors: {reason})"
    if with_vec is not None and with_vec < pool_size:
        text += f" (vectors for {with_vec} of {pool_size} candidates)"
    return text
