"""Scope words: the class of customer a question names must be one the answering document
covers.

In: a question (`scope_terms`); the first candidates and a lookup of whether a document holds
a term (`lacking`). Out: the question's class words, and for each candidate's document the
class words it never uses. Refuses nothing itself: the gate (gate/decide.py) refuses a
winner whose document never names the class asked about, with the words it lacks.

Why: a rate sheet for large commercial customers names "customer charge" and "energy rate"
as often as a residential one does, so a question about the residential charge finds every
word but one in it, clears the coverage floor, and is answered with another class's figure:
a wrong quote. Whether a document covers residential customers is a fact of the whole
document (its title, a heading, a table row), so it is looked up there, not in one passage.

The table is small and closed on purpose (customer classes as utilities, fee schedules and
tax codes print them); a word outside it is left to the coverage floor, since most words a
document lacks are only said differently ("picked" for "elected").
"""
from __future__ import annotations

from typing import Callable, Mapping, Sequence

from .terms import content_terms

CLASSES = ("residential", "domestic", "household", "commercial", "industrial", "agricultural",
           "irrigation", "wholesale", "nonresidential")

_STEMS = frozenset(t for w in CLASSES for t in content_terms(w))


def scope_terms(question: str) -> tuple[str, ...]:
    """The question's class words as stemmed terms, in order, without repeats."""
    out: dict[str, None] = {}
    for t in content_terms(question):
        if t in _STEMS:
            out.setdefault(t, None)
    return tuple(out)


def lacking(paths: Sequence[str], scope: Sequence[str], has: Callable[[str, str], bool],
            said: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """For each distinct path, the scope terms its document never holds (`has(path, term)`),
    as the user typed them (`said`); paths holding them all are left out."""
    out: dict[str, tuple[str, ...]] = {}
    for path in dict.fromkeys(paths):
        missing = tuple(said.get(t, t) for t in scope if not has(path, t))
        if missing:
            out[path] = missing
    return out
