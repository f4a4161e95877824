"""Scope words: the class of customer a question names, the mode of transport it names ("its
ferry service"), the subject of a rule it names ("the noise ordinance"), and a word it names
a candidate document by ("Grand County"), must be ones the answering document covers.

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

import re
from typing import Callable, Mapping, Sequence

from .terms import content_terms

CLASSES = ("residential", "domestic", "household", "commercial", "industrial", "agricultural",
           "irrigation", "wholesale", "nonresidential")

# A mode of public transport a transit agency's documents name where they run it: a question
# on "HART's on-time standard for its ferry service" found every other word in the bus
# standards of a document that never says "ferry". The specific modes only: "bus", "rail"
# and "train" are said in too many ways ("coach", "local service", "railway") to look up.
MODES = ("ferry", "ferries", "streetcar", "paratransit", "vanpool", "trolley", "subway", "tram")

_STEMS = frozenset(t for w in CLASSES + MODES for t in content_terms(w))

# A rule a body adopts is named by its subject: "the open burning ordinance", "the noise
# bylaw", "the travel policy". The subject's words, right before the rule's noun, are scope
# words too: the noise ordinance's penalty clause names every other word of "what is the
# fine for violating the open burning ordinance?", but no document that never says
# "burning" is that ordinance. Lower-case words only (a place's or a body's name is the
# names-and-numbers rule's), at most two, after an article or a possessive and the names
# that follow it ("the Lincoln Township noise ordinance"; "approve the resolution" names
# none), no figure.
_NAMED_RULE = re.compile(r"(?:\b(?:the|a|an|this|its|their|our|your)|['’]s)\s+(?:[A-Z][\w'’-]*\s+)*"
                         r"((?:[a-z][a-z-]+\s+){1,2})"
                         r"(?:ordinance|bylaw|by-law|bylaws|policy|resolution)\b")
_NOT_SUBJECT = frozenset(content_terms("city town county township village state federal local district "
                                       "board council commission school new current proposed adopted "
                                       "draft amended final revised original existing"))


def scope_terms(question: str) -> tuple[str, ...]:
    """The question's class words, and the subject words of a rule it names by its subject
    (_NAMED_RULE), as stemmed terms, in order, without repeats."""
    out: dict[str, None] = {}
    for t in content_terms(question):
        if t in _STEMS:
            out.setdefault(t, None)
    for m in _NAMED_RULE.finditer(question):
        for t in content_terms(m.group(1)):
            if t not in _NOT_SUBJECT:
                out.setdefault(t, None)
    return tuple(out)


def naming(question: str, qterms: Sequence[str], paths: Sequence[str],
           names_of: Callable[[str], frozenset[str]], common: frozenset[str],
           skip: Sequence[str] = ()) -> tuple[str, ...]:
    """The question's names, written with a capital, that name one of the candidates'
    documents by its file name and are no common word of names (kinds.common_terms:
    "County", "Board", "Water") nor a figure: "Grand" in "Grand County Utah 2018 general
    election total ballots cast" when grand_county_ut_... is a candidate. A document that
    never says it (uintah_county_ut_...) is about another thing of the same shape; a word
    in lower case ("precinct") is a kind of thing, not which one. `skip`: words already
    scope words."""
    named = set().union(*(names_of(p) for p in dict.fromkeys(paths))) if paths else set()
    capital = {t for w in _capitalised(question) for t in content_terms(w)}
    return tuple(t for t in qterms if t in named and t in capital and t not in common and t not in skip
                 and not any(c.isdigit() for c in t))


def _capitalised(question: str) -> list[str]:
    """The words the question writes with a capital as a name: not the first word of the
    question alone ("Results of the Grand County election"), but a first word the next
    word's capital joins to a name ("Grand County Utah ...")."""
    words = re.findall(r"[\w'’-]+", question)
    return [w for i, w in enumerate(words) if w[:1].isupper()
            and (i > 0 or (len(words) > 1 and words[1][:1].isupper()))]


# a mode written as two words or with a hyphen ("para-transit", "van pool", "street car")
_APART = {t: tuple(content_terms(a)) for t, a in (("paratransit", "para transit"), ("vanpool", "van pool"),
                                                  ("streetcar", "street car"))}


def _held(path: str, term: str, has: Callable[[str, str], bool]) -> bool:
    """The document holds the scope term, or a mode's two parts (_APART)."""
    if has(path, term):
        return True
    parts = _APART.get(term)
    return bool(parts) and all(has(path, p) for p in parts)


def lacking(paths: Sequence[str], scope: Sequence[str], has: Callable[[str, str], bool],
            said: Mapping[str, str]) -> dict[str, tuple[str, ...]]:
    """For each distinct path, the scope terms its document never holds (`has(path, term)`),
    as the user typed them (`said`); paths holding them all are left out."""
    out: dict[str, tuple[str, ...]] = {}
    for path in dict.fromkeys(paths):
        missing = tuple(said.get(t, t) for t in scope if not _held(path, t, has))
        if missing:
            out[path] = missing
    return out
