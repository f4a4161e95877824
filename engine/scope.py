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


# -- the period a report covers ------------------------------------------------------------
# A report of part of a year (a half-year report, a third-quarter summary) answers no question
# about the full year or another part: "Nespresso's sales for the full year 2023" found every
# word in a half-year report's row, and its January-June figure would be a wrong quote. Which
# part a report covers is a fact of the document (its file name, its title lines, as
# readers/layout.py keeps them), so it is read there; the question says the part it asks for
# in so many words ("full year", "third quarter", "Q3", "first half") or asks none. The
# periods, as fiscal reports name them: FY the full year, H1/H2 the halves (H? a half-year
# report that does not say which), Q1-Q4 the quarters (Q? a quarter's report that does not),
# 9M nine months; FY~ "annual", a full year only where no part is named beside it.
_ORD = {"first": "1", "1st": "1", "second": "2", "2nd": "2", "third": "3", "3rd": "3",
        "fourth": "4", "4th": "4"}
_ASKED_PERIOD = (
    (re.compile(r"\b(?:full|whole|entire)[\s-]+(?:fiscal\s+|calendar\s+|financial\s+)?year\b|"
                r"\bthe\s+whole\s+of\s+(?:fiscal\s+|FY\s*)?(?:19|20)\d\d\b", re.I), "FY"),
    (re.compile(r"\b(first|1st|second|2nd|third|3rd|fourth|4th)[\s-]+quarter\b", re.I), "Q"),
    (re.compile(r"\bQ([1-4])\b"), "Q#"),
    (re.compile(r"\b(first|second)\s+half\b", re.I), "H"),
    (re.compile(r"\bH([12])\b"), "H#"),
)
# a document's: its file name's words (a name's "2019q3", "half_year", "h1") and its title lines
_DOC_PERIOD = (
    (re.compile(r"(?:^|[\W_\d])(?:full[\W_]+year|year[\W_]+end(?:ed|ing)?)(?=$|[\W_\d])", re.I), "FY"),
    (re.compile(r"(?:^|[\W_\d])(?<!semi)(?<!semi[\W_])annual(?=$|[\W_\d])", re.I), "FY~"),
    (re.compile(r"(?:^|[\W_\d])(first|1st|second|2nd|third|3rd|fourth|4th)[\W_]+quarter(?=$|[\W_\d]|s\b)", re.I), "Q"),
    # "Q3", "h1" only beside a year ("2019q3", "q3_2024", "Q1 2024", "fy2024_q3"): "bus_route_q3",
    # "Route Q3", "building_h1_lease" name a route and a building
    (re.compile(r"(?:19|20)\d\d[\W_]*q([1-4])(?=$|[\W_\d])|(?:^|[\W_\d])q([1-4])[\W_]*(?:fy[\W_]*)?(?:19|20)\d\d",
                re.I), "Q#"),
    (re.compile(r"(?:^|[\W_\d])(first|second)[\W_]+half(?=$|[\W_\d])", re.I), "H"),
    (re.compile(r"(?:19|20)\d\d[\W_]*h([12])(?=$|[\W_])|(?:^|[\W_\d])h([12])[\W_]*(?:fy[\W_]*)?(?:19|20)\d\d",
                re.I), "H#"),
    (re.compile(r"(?:^|[\W_\d])(?:half[\W_]*year(?:ly)?|semi[\W_]*annual|six[\W_]+months)(?=$|[\W_\d])", re.I), "H?"),
    (re.compile(r"(?:^|[\W_\d])nine[\W_]+months(?=$|[\W_\d])", re.I), "9M"),
    (re.compile(r"(?:^|[\W_\d])three[\W_]+months(?=$|[\W_\d])", re.I), "Q?"),
)
# what each asked period may be read from: a report of these covers it (a fourth-quarter or
# second-half report closes the year and gives the year's figures; a half-year report its
# quarters'; a quarter's report the half to date)
_COVERS = {"FY": {"FY", "Q4", "H2"}, "H1": {"FY", "H1", "H?", "Q1", "Q2", "Q?"},
           "H2": {"FY", "H2", "H?", "Q3", "Q4", "Q?"}, "Q1": {"FY", "H1", "H?", "Q1", "Q?"},
           "Q2": {"FY", "H1", "H?", "Q2", "Q?"}, "Q3": {"FY", "H2", "H?", "Q3", "9M", "Q?"},
           "Q4": {"FY", "H2", "H?", "Q4", "Q?"}}
PERIOD_NAMES = {"FY": "the full year", "H1": "the first half", "H2": "the second half",
                "H?": "a half year", "Q1": "the first quarter", "Q2": "the second quarter",
                "Q3": "the third quarter", "Q4": "the fourth quarter", "Q?": "a quarter",
                "9M": "nine months"}


def _periods(text: str, patterns) -> set[str]:
    out: set[str] = set()
    for pattern, what in patterns:
        for m in pattern.finditer(text):
            if what in ("Q", "H"):
                out.add(what + _ORD[m.group(1).lower()])
            elif what in ("Q#", "H#"):
                out.add(what[0] + next(g for g in m.groups() if g))
            else:
                out.add(what)
    return out


def asked_period(question: str) -> str | None:
    """The one part of a year the question asks for in so many words (PERIOD_NAMES' keys:
    "for the full year 2023" FY, "in the third quarter" Q3), or None: none, or more than
    one ("Q3 compared with Q2")."""
    found = _periods(question, _ASKED_PERIOD)
    return found.pop() if len(found) == 1 else None


def document_period(path: str, context: str = "") -> frozenset[str]:
    """The parts of a year a document reports, as its file name and its title lines name
    them ("nestle_2023_half_year_analyses.xlsx" H?, "sfpd_..._2019q3.pdf" Q3); empty when
    they name none."""
    name = path.replace("\\", "/").rsplit("/", 1)[-1].rsplit(".", 1)[0]
    found = _periods(name, _DOC_PERIOD) | _periods(context, _DOC_PERIOD)
    parts = found - {"FY", "FY~"}
    if "FY~" in found and not parts:  # "annual" beside a part names the budget, not the report
        found.add("FY")               # ("Quarterly Report on the FY2025 Annual Budget, First Quarter")
    if found & {"H1", "H2"}:
        found.discard("H?")  # the half named
    return frozenset(found - {"FY~"})


PERIOD_GAP = "reports "  # how a document's other period reads among its scope gaps (gate/decide.py)


_END = {"Q1": 1, "Q2": 2, "Q3": 3, "Q4": 4, "H1": 2, "H2": 4, "H?": 2, "9M": 3, "FY": 4, "Q?": 4}
_START = {"Q1": 1, "Q2": 2, "Q3": 3, "Q4": 4, "H1": 1, "H2": 3}


def states_asked(asked: str, reported: frozenset[str], text: str) -> bool:
    """A passage of the document names the asked period itself (`text`), and no period after
    the report's own: a third-quarter report's "full-year 2024 guidance" or "in the first
    quarter" answers; its "for the fourth quarter, we expect ..." is an outlook, no figure."""
    if asked not in _periods(text, _ASKED_PERIOD):
        return False
    return asked == "FY" or _START[asked] <= max((_END[r] for r in reported), default=4)


def other_period(asked: str | None, reported: frozenset[str]) -> str | None:
    """What a document reports in place of the period asked, as a scope gap ("reports a
    half year, not the full year": PERIOD_GAP), or None when it may answer: nothing asked,
    no period named, or one that covers the asked (_COVERS)."""
    if asked is None or not reported or reported & _COVERS[asked]:
        return None
    return f"{PERIOD_GAP}{PERIOD_NAMES[sorted(reported)[0]]}, not {PERIOD_NAMES[asked]}"
