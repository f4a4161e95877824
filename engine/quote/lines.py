"""Line selection: a passage's lines and the question in, the lines to quote out.

Each line is scored by rarity-weighted overlap with the question's content words, plus a
bonus per question number it contains, plus a bonus when it holds the kind of value the
question asks for (engine/kinds.py: an amount, a time, a measure...), plus (when the model
is loaded) a weighted cosine between the line and the question. Lines above the floors
(absolute, and relative to the best line) are taken best first (ties go to the earlier
line), each with the lines that complete it, until `limit` lines are taken:

- a label whose value sits on the next line(s) ("Customer Charge:" / "$1,715.00 per
  month") is quoted with the line that holds the value;
- a sentence wrapped over lines is quoted whole: a line that does not end its sentence
  takes the next line, a line that begins mid-sentence takes the one before (two table rows
  are never one unit);
- when a firm kind is asked, the answer's line is taken first and a line above its unit only
  when it helps read the answer (_above_lead), so the first printed line is the answer's.

When the question asks for a kind and some line of the passage holds one, at least one
quoted line does. A line OCR read with a confidence below QUOTE_FLOOR is never quoted: when
the lines chosen include one, the passage quotes nothing (its neighbours would name the topic
without the figure), so it is no answer. Returned in document order, every line unchanged,
each with OCR's confidence when OCR read it.
"""
from __future__ import annotations

import re
from typing import Callable, Collection, Mapping, Sequence

from ..chunk import MD_TABLE_RULE
from ..config import Config
from ..kinds import (FIGURE_KINDS, MONTH, asked as asked_kinds, asks_stamp, bare_figure, counted_row, evidence,
                     examples, figure_cells, firm, header_like, holds, kind_words, money_cells, person_cells, unit_rows)
from ..readers.dating import numeric_day
from ..readers.ocr import QUOTE_FLOOR
from ..score import UNIT_FORMS, dated_as_asked, dated_terms, held_in_other_forms, joined_in, year_month
from ..terms import IRREGULAR, MAY_MONTH, content_terms, is_number, range_asked, required_terms, said_as, stem
from ..terms import root as _root  # (one name for the quote's many uses of a root)
from ..types import QuotedLine
from .columns import NUMERIC_KINDS, SEPARATOR, asked_cells, opening_header, question_periods

_SEAM = 3  # words either side of a line break read together for a value it cuts in two
_ENDS_DASH = re.compile(r"\w[-–—]\s*$")
_BROKEN_NUMBER = re.compile(r"^\s*\d+")
_TABLE_ROW = re.compile(r"\s\|\s")
_ENDS_SENTENCE = re.compile(r"[.!?;:)\]\"”’]\s*$|^\s*$")
_ENDS_LABEL = re.compile(r":\s*$")
# a lower-case first word continues the line above; a list item's marker ("a) ", "(b) ", "ii. ",
# "o" before two spaces) opens an item of its own
_STARTS_MID = re.compile(r"^\s*(?!\(?(?:[a-z]|[ivx]{2,4})[.)]\s|o(?:\s\s|\t))[a-z(]")
_TABLE = re.compile(r"\s\|\s|^\s*(?:[-•*–]|\(?\d+[.)]|\(?[a-z][.)])\s")  # a table row, a list item
_OPEN_END = re.compile(r"(?:,|\b(?:and|or|of|the|a|an|to|for|in|on|at|by|with|under|than|is|"
                       r"are|be|shall|will|per|from|not|no)\s*)$", re.I)


def line_budget(max_lines: int, runner_up: bool, winner_quoted: int | None = None) -> int:
    """How many lines a citation may quote. The winner alone: max_lines; beside a runner-up
    that passes the gate: max_lines - 1, at least one. The runner-up (winner_quoted given):
    what the winner left, at least one when max_lines allows two lines, none otherwise
    (max_lines 1: the winner's one line, or the runner-up's when the winner quoted none).
    Shared by the quoter and the calibration sweep, which must agree."""
    if winner_quoted is not None:
        return max(max_lines - winner_quoted, 1 if max_lines > 1 else 0)
    return max(1, max_lines - 1) if runner_up else max_lines


def line_score(text: str, qterms: Sequence[str], weights: Mapping[str, float], cfg: Config,
               sim: float | None = None, kind: bool = False) -> float:
    """`kind`: the line holds the kind of value the question asks for (engine/kinds.py)."""
    said = content_terms(text)
    present = set(said) | dated_terms(said, qterms)  # "July 2025" in a row's "202507"
    present |= held_in_other_forms([t for t in qterms if t not in present], said)  # "25.00" for 25
    present |= joined_in([t for t in qterms if t not in present], said)  # "31 Day" for "31-day"
    for ends in filter(None, (range_asked(t, qterms) for t in said)):  # "11-18" for "11 to 18 units"
        present |= set(ends)
    total = sum(weights[t] for t in qterms)
    overlap = sum(weights[t] for t in qterms if t in present) / total if total > 0 else 0.0
    numbers = sum(1 for t in qterms if is_number(t) and t in present)
    semantic = cfg.line_embed_weight * max(0.0, sim) if sim is not None else 0.0
    return overlap + cfg.line_number_bonus * numbers + semantic + (cfg.line_kind_bonus if kind else 0.0)


def _prose(text: str) -> bool:
    """A line of running text, as a wrapped paragraph has: six words or more, at least half of
    them in lower case (not a Title Case heading), not a table row or a list item's start."""
    words = [w for w in text.split() if w[:1].isalpha()]
    lower = sum(1 for w in words if w[0].islower())
    return len(words) >= 6 and 2 * lower >= len(words) and not _TABLE.search(text)


def _capitals(text: str) -> bool:
    """A line of running text set in capitals, as a resolution's or an ordinance's title is:
    four words or more, every letter a capital, not a table row or a list item's start."""
    words = [w for w in text.split() if w[:1].isalpha()]
    return len(words) >= 4 and text.upper() == text and not _TABLE.search(text)


# a record's field, one word of a key and its value ("hours: 'Monday - Friday …'", "email: a@b.org")
_FIELD = re.compile(r"^\s*[a-z][a-z_]{1,30}:\s+\S")


def _wraps(line: str, nxt: str) -> bool:
    """`nxt` continues the sentence `line` leaves open: it begins in lower case, or `line` ends
    on a word that needs more (", and", "of the"), or both are running text (a paragraph
    wrapped between a name's words: "... with Gateway Pacific" / "Contractors, Inc. for ..."),
    or both are running text in capitals ("... AT AN AMOUNT NOT TO EXCEED $ 520, 785" /
    "ANNUALLY PURSUANT TO ..."); not when both are a record's fields ("email: …" / "hours: …")."""
    if _ENDS_SENTENCE.search(line) or (_FIELD.match(line) and _FIELD.match(nxt) and not _OPEN_END.search(line)):
        return False  # (two fields of a record: "email: mail@…" / "hours: '…'")
    return (_STARTS_MID.match(nxt) is not None or _OPEN_END.search(line) is not None
            or (_prose(line) and (_prose(nxt) or _name_goes_on(line, nxt)))
            or (_capitals(line) and _capitals(nxt)))


# running text left open inside a name ("... conducted at the Wastewater Treatment" / "Plant,
# 1201 Buffalo Avenue, ..."): the line ends on a capitalised word, the next goes on with one
# and a comma or a lower-case word, no heading nor a list's item, nor a row of a table's
# cells (two spaces apart: "June 24, 2025  Board adopts ...  Board of Education")
_NAME_OPEN = re.compile(r"\b[A-Z][a-z]+\s*$")
_NAME_GOES_ON = re.compile(r"^\s*[A-Z][a-z]+(?:,|\s+[a-z])")


def _name_goes_on(line: str, nxt: str) -> bool:
    return (_NAME_OPEN.search(line) is not None and not _SIDE_GAP.search(line.strip())
            and _NAME_GOES_ON.match(nxt) is not None)


def restates(text: str, qterms: frozenset[str]) -> bool:
    """The line says nothing the question does not: every content word of it is a question
    word ("President for 2026" for "who was picked as board president for 2026?"). A heading
    or a restatement, not the answer; a label ("Customer Charge:") is quoted with its value."""
    terms = content_terms(text)
    return bool(terms) and all(t in qterms for t in terms) and not _ENDS_LABEL.search(text)


def _range_of(text: str, qterms: Collection[str]) -> bool:
    """The text writes as one term a range both of whose ends the question gives."""
    return any(range_asked(t, qterms) for t in content_terms(text))


def about(text: str, qterms: frozenset[str], plain: bool = False, days: Collection[str] | None = None) -> bool:
    """The line holds a word of the question, or one in another form (score.other_forms), or
    another name of it in a sibling class that names one thing ("absent" for "missed", "3rd"
    for "third", "Sun" for Sunday: _SAME_NAMED;
    not a service's or a reach's looser names, "storm" for stormwater), or a compound of
    one ("onpeak" for "on-peak", "wastewater" for "waste water": a question word of four
    letters or more opening or closing a longer word of the line), or a date in numbers of
    the month the question names (a row dated 2021-11-01 for "... effective November 1,
    2021": of its year too, when the question names years), or the month the question names
    by its short form beside a day or a year ("31st Mar 2022"; not beside another day than
    `days`, the question's, "Oct 18th" for October 8: _dated_months), or a number and its word
    joined where the question writes them apart or the other way ("31 Day" for "31-day":
    score.joined_in, the number with its word). `plain`: or the documents' word
    for a plain word of the question ("remaining" for "left": terms.PLAIN_SAID)."""
    said = content_terms(text)
    terms = set(said)
    if terms & qterms:
        return True
    if held_in_other_forms(qterms, terms):
        return True  # "SEVENTY-FIFTH PRECINCT" for "the 75th precinct", "25.00" for 25 (score.other_forms)
    if joined_in(qterms, said, whole=True):
        return True  # "31 Day Pass" for "31-day pass", "90-day" for "90 days"
    if _range_of(text, qterms):
        return True  # "Tier 2 11-18 $3.02" for "11 to 18 units": both ends of the range asked
    same = {_MEMBER_OF.get(q, q) for q in qterms} & (_SAME_NAMED | _MONTHS)
    if days is None:  # the days of the month the question names (_dated_months)
        days = {q for q in qterms if q.isdigit() and len(q) <= 2}
    if same and _members(text, days) & same:
        return True  # one member of a sibling class by two names ("absent" for "missed")
    if _lemmas(terms) & _lemmas(qterms):  # "held" for "hold"; "start" for "begin"
        return True
    if plain and any(terms & said_as(q) for q in qterms):  # "remaining" for "left" (terms.PLAIN_SAID)
        return True
    long = [q for q in qterms if len(q) >= 4 and q.isalpha()]
    if any(t != q and len(t) > len(q) and (t.startswith(q) or t.endswith(q))
           for t in terms for q in long):
        return True
    return dated_as_asked(terms, qterms)


# the kinds a line may be nothing but, as the lines of a posted notice are under its heading
_BARE_KINDS = ("date", "time", "place", "amount", "count", "duration", "person")
_HEADING_REACH = 3  # lines of bare values a heading may stand above


def _bare(text: str) -> bool:
    """The line is a value and nothing more: "Monday, October 21, 2024", "7:00 pm", "at the
    Fire Hall", "$25.00" (no content word outside the evidence of a kind)."""
    spans = sorted(evidence(text, _BARE_KINDS))
    if not spans:
        return False
    rest, at = [], 0
    for a, b in spans:
        rest.append(text[at:a])
        at = max(at, b)
    rest.append(text[at:])
    return not content_terms(" ".join(rest))


# the words a meeting's or a period's end and start are told by (stems)
# (and an advisory's or an order's end: "when was the boil water advisory lifted?" is no
# question on when it was issued)
_ENDS = frozenset("adjourn end close conclud finish complet wrap lift rescind cancel".split())  # "wrap up"
_STARTS = frozenset("start begin began commenc conven open order".split())


def _lemmas(terms) -> set[str]:
    """`terms` with an irregular past form as its verb, a word that starts or ends a
    meeting or a period as the one word for either ("start" and "begin"; "completed" and
    "finished"), and a Latin-rooted noun as its verb ("response" as "respond": terms.ROOTS)."""
    out = {IRREGULAR.get(t, t) for t in terms}
    return {"<start>" if t in _STARTS else "<end>" if t in _ENDS else _root(t) for t in out}


def _event(qterms: Sequence[str]) -> str | None:
    """Which end of an event a time question asks for: "end" ("what time did the hearing
    adjourn?"), "start" ("when does the meeting begin?"), "hours" (the hours something keeps:
    "what hours is the office open?"), or None."""
    asked = set(qterms)
    if asked & _ENDS:
        return "end"
    if _HOUR in asked and not asked & (_STARTS - _KEPT):  # "at what hour does it begin?" asks a start
        return "hours"
    if asked & _STARTS:
        return "start"
    return None


_HOUR = "hour"  # the stem of "hours": a question asking for hours asks for the hours kept
# "hours" as a label: opening a line or a cell ("hours: ...", "| Hours |"), or after a word
_HOURS_WORD = re.compile(r"(?:^|[|:;,(]\s*)(hours?)\b|\b([A-Za-z]+)[\s-]+(hours?)\b", re.I)


def _hours_label(texts: Sequence[str], j: int, qterms: Collection[str]) -> bool:
    """Line j labels its value the hours of what the question names: after a word of the
    question ("Office hours: ..."), or "hours" opening it or a cell under a record or a
    heading that names it (_record_speaks: "name: Paintsville Utilities" ... "hours: '...'");
    not another's hours ("Pool hours", a pharmacy's "Hours:" for the clinic's) or a count of
    them ("40 hours")."""
    for m in _HOURS_WORD.finditer(texts[j]):
        if (m[2] and stem(m[2].lower()) in qterms) or (m[1] and _record_speaks(texts, j, qterms)):
            return True
    return False


_ANY_FIELD = re.compile(r"^\s*[A-Za-z][A-Za-z_ ]{0,30}:\s*\S")  # "Address: 12 Elm St", "email: a@b.org"
_RECORD_REACH = 10  # the most lines a record's fields run above one of them


def _record_speaks(texts: Sequence[str], j: int, qterms: Collection[str]) -> bool:
    """A field above line j in its record ("name: Paintsville Utilities"), or the heading the
    record stands under (the first line above that is no field: "## Pharmacy"), says a word
    of the question."""
    qterms = frozenset(qterms)
    for k in range(j - 1, max(-1, j - 1 - _RECORD_REACH), -1):
        if about(texts[k], qterms):
            return True
        if not _ANY_FIELD.match(texts[k]):
            return False
    return False


# hours written loosely: "1–4 p.m.", "8:30-5", "8 to noon"
_HOURS_SPAN = re.compile(r"\b\d{1,2}(?::\d\d)?\s*(?:[ap]\.?m\.?)?\s*(?:[-–—]|to|until)\s*"
                         r"(?:\d{1,2}(?::\d\d)?\b|noon\b|midnight\b)", re.I)
_KEPT = frozenset(content_terms("open opens close closes closed"))


# a time of day said as a limit a meeting or a period runs to ("shall not continue beyond
# 11:00 p.m.", "open until 5 pm", "no later than 4:30 p.m."; not "until 30 days after"): its end
_LIMIT = re.compile(r"\b(?:until|till|beyond|(?:no|not) later than)\s+(?:\d{1,2}(?::\d\d)?\s?[ap]\.?\s?m\b|"
                    r"\d{1,2}:\d\d\b|noon\b|midnight\b)", re.I)


# a span of two times of day, the second its end ("14:08PM - 15:07PM", "6:00 p.m. to 8:30 p.m.")
_TIME_SPAN = re.compile(r"\b\d{1,2}:\d\d\s?(?:[ap]\.?\s?m\b\.?)?\s*(?:-|–|—|to|until)\s*\d{1,2}:\d\d(?!\d)"
                        r"|\b\d{1,2}(?::\d\d)?\s?[ap]\.?\s?m\b\.?\s*(?:-|–|—|to)\s*\d{1,2}(?::\d\d)?\s?[ap]\.?\s?m\b",
                        re.I)


# a period's last day after "through", "until" ("a six year term from October 1, 2013 through
# September 30, 2019", "valid until 6/30/2025"): its end (not "to": "postponed to February 20")
_DATE_SPAN_END = re.compile(rf"\b(?:through|thru|until|till)\s+(?:{MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+"
                            r"(?:19|20)\d\d|\d{1,2}/\d{1,2}/(?:19|20)?\d\d)\b", re.I)


def _asked_event(question: str, qterms: Sequence[str]) -> str | None:
    """_event of the question's words, "complete" before a thing no end's word ("when was
    the complete burn ban lifted?" asks an end by "lifted"; _COMPLETE_THING)."""
    return _event(content_terms(_COMPLETE_THING.sub(" ", question)) if question else qterms)


def _of_event(texts: Sequence[str], unit: Sequence[int], event: str, sessions: bool = False) -> bool:
    """The unit's time may be the one asked for: for hours kept, the unit gives two times or
    a span or a limit, or says open or closed ("Mon - Fri, 7:30 a.m. - 4:00 p.m."; not a
    meeting's "at 5 pm in the utility office"); for an end, the unit says an end's word ("the
    meeting adjourned at 9:12 p.m."; a time alone is read as a start, "continued to August
    27 at 7 PM"), gives the time as a limit (_LIMIT), ends a span of two times
    (_TIME_SPAN: "14:08PM - 15:07PM") or a period's days (_DATE_SPAN_END: "... through
    September 30, 2019"); for a start, it does not say only an end's word
    ("adjourned at 9:12 p.m."), nor opens a session of it (_SESSION_OPENED: "opened the closed
    session meeting at 7:10 p.m." is no start of the meeting, unless the question names a
    session). An end's or a start's word counts in the sentences that give a time or a date
    only (_timed_sentences: "... convened a meeting ... at 8:30 a.m., Eastern Time. Parts of
    the meeting were open ... and parts ... were closed at the Board's offices" gives no end),
    and not as the event the time is told against (_RELATIVE_EVENT: "left at 8:50 p.m.,
    before the meeting adjourned")."""
    said = [texts[j] for j in unit] if event == "hours" else [_RELATIVE_EVENT.sub(" ", t) for t in _timed_sentences(texts, unit)]
    words = set().union(*(content_terms(_COMPLETE_THING.sub(" ", t if sessions else _SESSION.sub(" ", t)))
                          for t in said))
    if event == "hours":
        return bool(words & _KEPT) or any(_LIMIT.search(texts[j]) or _TIME_SPAN.search(texts[j])
                                          or _HOURS_SPAN.search(texts[j])
                                          or len(list(evidence(texts[j], ("time",)))) > 1 for j in unit)
    if event == "end":
        return bool(words & _ENDS) or any(_LIMIT.search(texts[j]) or _TIME_SPAN.search(texts[j])
                                          or _DATE_SPAN_END.search(texts[j]) for j in unit)
    if not sessions and any(_SESSION_OPENED.search(texts[j]) for j in unit):
        return False  # "opened the closed session meeting at 7:10 p.m.": a part's start, not the meeting's
    return not (words & _ENDS) or bool(words & _STARTS)


# an event the time is told against, not the time's own ("left at 8:50 p.m., before the
# meeting adjourned", "arrived at 7:15 p.m., after the hearing opened")
_RELATIVE_EVENT = re.compile(r"\b(?:before|after|until|till|prior to)\s+(?:the\s+|its\s+)?(?:[a-z]+\s+){0,2}?"
                             r"(?:adjourn\w*|end\w*|close[sd]?|conclud\w*|start\w*|began|begin\w*|open\w*|"
                             r"convene[sd]?|recess\w*)\b", re.I)


def _timed_sentences(texts: Sequence[str], unit: Sequence[int]) -> list[str]:
    """The sentences of the unit's lines, read together, that give a time of day or a date;
    the unit's lines themselves when none does (a time cut over the seam of two lines) or
    when one is a time all but alone ("declared the meeting adjourned. (8:37 p.m.)", "...
    adjourned. The time was 8:37 p.m.", "Time: 8:37 p.m."): it tells the time of the
    sentences before it."""
    timed = [(s, spans) for s in _sentences(" ".join(texts[j] for j in unit))
             if (spans := list(evidence(s, ("time", "date"))))]
    if not timed or any(len(_WORDS_BESIDE.findall(_blanked(s, spans))) <= _TIME_ALONE for s, spans in timed):
        return [texts[j] for j in unit]
    return [s for s, _ in timed]


def _blanked(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """`text` with its `spans` (a time's, a date's; they may overlap) blanked."""
    out = list(text)
    for a, b in spans:
        out[a:b] = " " * (b - a)
    return "".join(out)


_WORDS_BESIDE = re.compile(r"[A-Za-z]{2,}")
_TIME_ALONE = 3  # the most words beside its time a sentence telling a time alone says ("The time was")


# "complete" before the thing it describes says no end: "COMPLETE BURN BAN EFFECTIVE THIS
# FRIDAY" starts a ban ("complete by May", "be complete." still end a work)
_COMPLETE_THING = re.compile(r"(?<!\bwill )(?<!\bshall )(?<!\bto )(?<!\bmust )(?<!\bcan )(?<!\bmay )(?<!\bwould )"
                             r"(?<!\bshould )(?<!\bcould )(?<!\band )(?<!\bnot )(?<!\bthey )(?<!\bwe )(?<!\bcrews )"
                             r"\bcomplete(?=\s+(?!by\b|in\b|on\b|at\b|and\b|or\b|as\b|before\b|after\b|"
                             r"within\b|no\b|until\b)[a-z])", re.I)  # not the verb: "will complete installation"


# a meeting's part by its name, no event: "closed the open session meeting at 7:02 p.m." ends
# it, "opened the closed session" starts one (the cabinet's Fair Oaks minutes)
_SESSION = re.compile(r"\b(?:open|closed|executive)\s+session\b", re.I)
_SESSION_ASKED = "session"  # a question naming a session asks of it: its name is its event's then
# a session's own start: "opened the closed session", "convened into executive session"
_SESSION_OPENED = re.compile(r"\b(?:open|opened|opens|began|begin|begins|start|started|starts|convened|"
                             r"convenes|went|go|goes|moved|recessed)\s+(?:in)?(?:to\s+)?(?:the\s+|an?\s+)?"
                             r"(?:open|closed|executive)\s+session\b", re.I)


_SIGN = "sign"  # the stem of "signed", "signs", "signing"
_CLOSING = re.compile(r"^\s*(?:/s/|sincerely|respectfully(?: submitted)?|yours (?:truly|sincerely)|"
                      r"very truly yours|signed|signature|by:)", re.I)


def _signed(texts: Sequence[str], i: int) -> bool:
    """Line i is the name of a letter's signer: it follows a closing ("Sincerely,",
    "Respectfully submitted,", "/s/") within two lines, or is the "/s/" line itself."""
    return any(_CLOSING.match(texts[j]) for j in range(max(0, i - 2), i + 1))


def _heading_of(texts: Sequence[str], i: int, asked: frozenset[str], every: frozenset[str]) -> int | None:
    """The heading line i stands under as a bare value in a stack of them, when the heading
    names the question's topic ("Special Council Meeting" / "Monday, October 21, 2024" /
    "7:00 pm" / "at the Fire Hall"): the heading is its label, as a table's header row is its
    cells'. The heading is at most _HEADING_REACH lines above, every line between is a bare
    value too, it is no bare value itself, it holds one of `asked`, and it says nothing the
    question (`every`, its words) does not: "Special Council Meeting" labels no regular
    meeting's time. None when there is no such heading.

    A directory's entry stands so too: its name over short lines of address, town and
    telephone ("Van Buren Public Transit" / "610 David Walton Drive" / "Bangor MI 49013
    269-427-7921"): line i may be a short line of a few words (_entry_line), and the lines
    between short lines that say none of `asked` and give a place or a telephone number
    (not another entry's name, "Housing Authority"), as well as bare values; the entry's
    name then holds two words or more that are no figure."""
    entry = not _bare(texts[i])
    if entry and not _entry_line(texts[i]):
        return None
    for j in range(i - 1, max(-1, i - 1 - _HEADING_REACH), -1):
        terms = set(content_terms(texts[j]))
        if _bare(texts[j]):
            continue
        if _entry_line(texts[j]) and not terms & asked and holds(texts[j], _ENTRY_KINDS):
            entry = True
            continue
        if entry and sum(1 for t in terms if not is_number(t)) < 2:
            return None  # an entry's name is a name, not a table's stray cell ("90th %")
        # (a year the heading dates itself by says nothing more, where the question names
        # none: "Taunton Bay Adventure Camp 2026" over its dates and its wharf)
        more = {t for t in terms - every if not (_YEAR.fullmatch(t) and not any(_YEAR.fullmatch(e) for e in every))}
        return j if terms & asked and not more and not _TABLE_ROW.search(texts[j]) else None
    return None


# a row of a table: cells apart by "|", or a label then two figures or more, as a PDF's
# table reads ("Nova High School 298 61,110 3,602,417")
_ROW_FIGURES = re.compile(r"^\s*([A-Za-z][^|\d]*?)(?:\s+\(?[$£€]?\d[\d,]*(?:\.\d+)?\)?[%$]?){2,}\s*$")


def _rows_of(texts: Sequence[str]) -> frozenset[int]:
    """The lines of the passage that are rows of a table (_TABLE_ROW, _ROW_FIGURES)."""
    return frozenset(j for j, t in enumerate(texts) if _TABLE_ROW.search(t) or _ROW_FIGURES.match(t))


def _cells(text: str) -> list[str]:
    """A row's cells: apart by "|", or a figure row's label."""
    if _TABLE_ROW.search(text):
        return [" ".join(c.split()).lower() for c in text.split("|")]
    m = _ROW_FIGURES.match(text)
    return [" ".join(m.group(1).split()).lower()] if m else []


def _shared(texts: Sequence[str], rows: frozenset[int], asked: frozenset[str]) -> frozenset[str]:
    """The question's words that the names of two rows of the passage say, neither name
    within the other: a part of many rows' names, which tells none apart ("High" of "Nova
    High School" and "Middle College High School" for Garfield High School; "Fund" of
    "Beginning Fund Balance" and "Ending Fund Balance" for the transportation fund). One
    cell repeated row after row ("Board of Management of the Toronto Zoo") is one thing,
    and "Zoning Board of Adjustment Protest Appeal" is a kind of "Zoning Board of Adjustment".
    A row saying every question word another row says, two at least, still speaks
    ("Central Park Pavilion" beside "Riverside Park Pavilion" and "Central Park Gazebo")."""
    out = set()
    for t in asked:
        one = frozenset({t})
        names = [next((frozenset(content_terms(c)) for c in _cells(texts[j]) if about(c, one)), None)
                 for j in sorted(rows)]
        names = [n for n in names if n is not None]  # each row's first cell saying the word
        if any(not (a <= b or b <= a) for a in names for b in names):
            out.add(t)
    return frozenset(out)


def _stacked_with(texts: Sequence[str], i: int, says: Callable[[str], bool], kind: Sequence[bool]) -> bool:
    """Line i is a bare value in a stack of them, and a line of the stack at most
    _STACK_REACH lines away speaks of the question by a word: a notice's "10:30 a.m.,
    Wednesday, August 5, 2026" over "Covert Township Hall" is the meeting at that hall (a
    chart's axis of years, "2022 2023 2024", speaks of nothing). Every line between is a
    bare value too, and no other line of the whole stack holds a value of the kind asked: a
    list of entries ("Eastside Library" / "9:00 a.m. - 5:00 p.m." / "Westside Library" /
    ...) gives each its own value, which a neighbour's name does not label."""
    if not _bare(texts[i]):
        return False
    lo = hi = i
    while lo > 0 and _bare(texts[lo - 1]):
        lo -= 1
    while hi + 1 < len(texts) and _bare(texts[hi + 1]):
        hi += 1
    if any(kind[j] for j in range(lo, hi + 1) if j != i):
        return False
    for step in (-1, 1):
        j = i + step
        while 0 <= j < len(texts) and abs(j - i) <= _STACK_REACH and _bare(texts[j]):
            if says(texts[j]) and not all(is_number(t) for t in content_terms(texts[j])):
                return True
            j += step
    return False


_STACK_REACH = 2
_ENTRY_WORDS = 8  # the most words a line of a directory's entry holds ("Gordon's Wharf, 11 Wharf Rd, Sullivan, ME")
_ENTRY_KINDS = ("place", "phone", "date", "time")  # what an entry's lines between its name and its value give (a flyer's days)


def _entry_line(text: str) -> bool:
    """A short line of an entry: a few words, no running text, no table row, no label."""
    return (len(text.split()) <= _ENTRY_WORDS and not _prose(text) and not _TABLE_ROW.search(text)
            and not _ENDS_LABEL.search(text))


def _unit(texts: Sequence[str], i: int, kind: Sequence[bool], joins: Sequence[bool] = ()) -> list[int]:
    """Line i with the lines that complete it (indexes into the passage, in order): the value
    of a label, the rest of a wrapped sentence. At most three lines. `kind[j]`: line j holds
    the kind of value asked for (all False when none is asked); `joins[j]`: the value asked
    for runs from line j into the next ("... the Bonneville Power" / "Administration")."""
    def rows(a: int, b: int) -> bool:  # a row is labelled by its cells and its header, not a row
        return bool(_TABLE_ROW.search(texts[a]) and _TABLE_ROW.search(texts[b]))

    out = [i]
    if i > 0 and not rows(i - 1, i) and (_wraps(texts[i - 1], texts[i]) or (joins and joins[i - 1])
                                         or _leads_in(texts[i - 1], kind[i - 1], kind[i], texts[i])
                                         or _label_above(texts, i)):
        out.insert(0, i - 1)
    elif (item := _record_item(texts, i)) is not None:
        out.insert(0, item)  # the item's name (its fields between are other things' of it)
    j = i
    while len(out) < 3 and j + 1 < len(texts):
        line, nxt = texts[j], texts[j + 1]
        if rows(j, j + 1):
            break
        needs_value = not kind[j] and kind[j + 1]
        label = _ENDS_LABEL.search(line) is not None
        wrapped = _wraps(line, nxt) or bool(joins and joins[j])
        if not (wrapped or (label and needs_value) or (needs_value and not _ENDS_SENTENCE.search(line))):
            break
        j += 1
        out.append(j)
        if kind[j] and _ENDS_SENTENCE.search(nxt):
            break
    return out


# a list of records as YAML writes it (a page's front matter, a data file): an item's first field
# opens with a dash ("  - name: Local 31 Day Pass"), its other fields follow two columns further
# in ("    cost: \"$72\""); the list stands under a key of its own ("  paratransit:"), and that
# under its parents ("fares:")
# (a data file's keys, in lower case: a Markdown list's "- Residential: $5.00" / "  Commercial:
# $8.00" are labels of their own)
_ITEM_FIELD = re.compile(r"^( *-\s+)[a-z][a-z0-9_]{0,30}:\s*\S")
_FIELD_AT = re.compile(r"^( *)[a-z][a-z0-9_]{0,30}:\s*\S")
_KEY_ALONE = re.compile(r"^( *)[a-z][a-z0-9_]{0,30}:\s*$")
_ITEM_REACH = 8  # the most fields of an item above the one read


def _record_item(texts: Sequence[str], i: int) -> int | None:
    """The line opening the list item whose field line i is (_ITEM_FIELD), when it is at
    most _ITEM_REACH lines above and only the item's own fields stand between: the item's
    name ("- name: Local 31 Day Pass") says what its "cost: \"$72\"" is the cost of. None
    if line i is no such field."""
    m = _FIELD_AT.match(texts[i])
    if m is None:
        return None
    for k in range(i - 1, max(-1, i - 1 - _ITEM_REACH), -1):
        item = _ITEM_FIELD.match(texts[k])
        if item is not None:
            return k if len(item.group(1)) == len(m.group(1)) else None  # its fields under its first key
        field = _FIELD_AT.match(texts[k])
        if field is None or field.group(1) != m.group(1):
            return None
    return None


def _of_another_item(texts: Sequence[str], j: int, item: int) -> bool:
    """Line j opens another item of a list of records, or is a field of another than `item`."""
    return _ITEM_FIELD.match(texts[j]) is not None or _record_item(texts, j) not in (None, item)


def _record_label(texts: Sequence[str], i: int) -> str:
    """For a field of a list item of records (_record_item): the keys the list stands under,
    outermost first, and the item's name ("fares: paratransit: - name: 31 Day Pass"), which
    say what the field's value is of; "" for any other line. A key is a parent when it is
    alone on its line and no further in than what it holds (YAML may write a list's dashes
    under its key's first letter)."""
    item = _record_item(texts, i)
    if item is None:
        return ""
    said = [texts[item]]
    depth = len(_ITEM_FIELD.match(texts[item]).group(1).rstrip("- ")) + 1  # the parent is no further in than the dash
    for k in range(item - 1, -1, -1):
        key = _KEY_ALONE.match(texts[k])
        if key is not None and len(key.group(1)) < depth:
            said.insert(0, texts[k])
            depth = len(key.group(1))
            if not depth:
                break
    return " ".join(" ".join(t.split()) for t in said)


def _leads_in(line: str, held: bool, value: bool, nxt: str) -> bool:
    """A sentence left open leads into the value its next line gives under a label, as the
    same line's forward reading of _unit takes it: running text holding no value of the kind,
    ending no sentence, over a line holding one after a label of a word or three ("... has
    petitioned to amend the closing hour of the licensed business" / "From: 10:00AM to 11:00
    PM. To: 10:00AM to 2:00AM."). A line of its own below (a list item, a name) is read
    alone, as before."""
    return (value and not held and _prose(line) and not _ENDS_SENTENCE.search(line)
            and _LABEL_OPENS.match(nxt) is not None)


_LABEL_OPENS = re.compile(r"^\s*[A-Za-z][\w'’-]*(?:\s+[\w'’-]+){0,2}\s*:\s*\S")  # "From: 10:00AM"


_MONEY_KINDS = frozenset({"amount", "rate", "percentage"})  # the kinds a sum of money answers


def _shouted(text: str) -> bool:
    """Every letter of the line a capital (a heading, a title), and it has letters."""
    return any(c.isalpha() for c in text) and text.upper() == text


def _holds_line(seen: Sequence[str], i: int, texts: Sequence[str], kinds: tuple[str, ...],
                qterms: Sequence[str]) -> bool:
    """Line i holds the asked kind. A count that ends a line of running text is read with the
    next line's first word, which may be its unit ("... flushing your tap for 30" / "seconds
    to 2 minutes": a span of time, not a count of anything); one that opens a line is read
    after the last words of the line before, which may be the name it numbers ("... on US
    50B, CO 101A, CO" / "116, US 160C": a route, not a count)."""
    if "count" not in kinds or _TABLE_ROW.search(texts[i]):
        return holds(seen[i], kinds, qterms)
    before = ""
    if i and _NAME_ENDS.search(texts[i - 1]) and not _TABLE_ROW.search(texts[i - 1]) and _OPENS_NUMBER.match(seen[i]):
        before = " ".join(seen[i - 1].split()[-2:]) + " "
    line = before + seen[i].rstrip()
    if i + 1 < len(seen) and not _TABLE_ROW.search(texts[i + 1]) and seen[i + 1].split():
        read = f"{line} {seen[i + 1].split()[0]}"
    else:
        read = line
    return any(a >= len(before) and b <= len(line) for a, b in evidence(read, kinds, qterms))


# a line closing on a name that numbers what follows it: a road's code ("..., CO", "US", "SR",
# "I") or a word numbering roads, wards, exits ("Route", "Ward"); not any capitalised word or
# acronym ("... new officers for the Police" / "12 officers", "... the NYPD" / "12 officers")
_NAME_ENDS = re.compile(r"[^\s.!?:;|(]\s+(?:US|CO|SR|SH|CR|FM|IH|I|RT|Route|Highway|Hwy|Interstate|Ward|"
                        r"Precinct|District|Exit|Pier|Gate|Lot|Unit|Zone|Cell)\s*$")
_OPENS_NUMBER = re.compile(r"\s*\d(?!\d{0,2},\d{3})")  # (not a sum in thousands: "4,000 homes")


def _held(texts: Sequence[str], kinds: tuple[str, ...], qterms: Sequence[str], header: str = "",
          question: str = "") -> tuple[list[bool], list[bool], set[int]]:
    """Which lines hold the asked kind, which line's end joins the next one's start, and which
    table rows hold it only under other periods' columns than the asked one.

    A number that opens a line after one ending in a dash continues a token broken there
    ("Model 737–" / "9 (737 MAX) airplanes"): it is not a figure of its own. A value that a
    line break cuts in two ("... an initial term of at least 5" / "years, renewals ...";
    "... the Bonneville Power" / "Administration") is held by both lines: the last words of
    one and the first of the next hold it together. Running text only (two table rows
    joined make false figures). A line giving an example's figures holds none
    (kinds.examples). A table row under a header naming periods across its columns holds
    only what its cells under the asked period's columns hold (quote/columns.py: the
    question's years and months). A rate by another unit than the one the `question` asks a
    rate by is not held (_per_asked_unit)."""
    header = header or opening_header(texts)  # the table's first passage holds its header
    seen = _seen(texts, kinds, header, question)
    periods = question_periods(question or " ".join(qterms), qterms)
    lost = _asked_columns(texts, seen, header, kinds, qterms, periods) \
        if header and kinds and set(kinds) <= NUMERIC_KINDS else set()
    example = examples(texts, qterms) if kinds else [False] * len(texts)
    kind = [bool(kinds) and not example[i] and _holds_line(seen, i, texts, kinds, qterms)
            for i in range(len(seen))]
    for i in unit_rows(texts, kinds, qterms) if kinds else ():
        kind[i] = not example[i]  # a bare figure under a header naming the asked unit
    if header and "person" in kinds:  # a name under a header naming people ("voter_name")
        for i, t in enumerate(texts):
            kind[i] = kind[i] or (not example[i] and bool(_TABLE_ROW.search(t)) and person_cells(t, header, question))
    joins = _seams(texts, seen, kinds, qterms)
    for i in range(len(texts)):
        if joins[i] or (i > 0 and joins[i - 1]):
            kind[i] = not example[i]
        if kind[i] and i > 0 and {"date", "time"} & set(kinds) and _BLANK.search(texts[i - 1]) \
                and _prose(texts[i - 1]) and not _ENDS_SENTENCE.search(texts[i - 1]):
            kind[i] = False  # the year that ends a form's blank date: "this ____ day of ____," / "1986."
    if _column_names(texts):
        kind[0] = False  # "_id | Quarter/Year | ... | 1 Bedroom | 2 Bedroom": a table's column names
    kind = [k and not _no_values(t) for k, t in zip(_more_than_given(kind, texts, kinds, question), texts)]
    if "count" in kinds and not set(kinds) & _MONEY_KINDS:
        for i in _summed_rows(texts):
            kind[i] = False
    kind = _per_asked_unit(texts, kind, kinds, question)  # a rate by another unit than the asked one
    return kind, joins, lost


def _seen(texts: Sequence[str], kinds: tuple[str, ...], header: str, question: str) -> list[str]:
    """The lines as the kinds are read in them (_held): a broken token's tail, a margin's line
    number, a calendar's week (_counting_run: it joins no month), a header's run of years
    and a fiscal year's name (for a date: no day anything happened on) left out; a table
    row's cells kept that stand under a header naming what is asked (money, a figure, the
    asked code's label)."""
    seen = [_BROKEN_NUMBER.sub("", t, count=1) if i and _ENDS_DASH.search(texts[i - 1]) else t
            for i, t in enumerate(texts)]
    for i in _numbered_lines(texts):  # "... for the preliminary 2026 54": the page's line number
        seen[i] = _LINE_NUMBER.sub("", seen[i])
    seen = [" " * len(t) if _counting_run(t) else t for t in seen]
    if set(kinds) & _DAY_KINDS:  # "Appr. To Date Total2008 2009 2010 2011"; "FY 2011"
        seen = [_FISCAL_YEAR.sub(_blank, _YEAR_RUN.sub(_years_blanked, t)) for t in seen]
    if kinds and kinds[0] == "amount" and set(kinds) <= _MONEY_KINDS:  # a sum asked first: a row
        seen = [counted_row(t) if _TABLE_ROW.search(t) else t for t in seen]  # naming counts or shares
    if header and kinds and set(kinds) <= _MONEY_KINDS:  # a row's cells under its header's
        seen = [money_cells(t, header) if _TABLE_ROW.search(t) else t for t in seen]
    elif header and kinds and set(kinds) <= FIGURE_KINDS:  # no measure under "site_no"
        seen = [figure_cells(t, header) if _TABLE_ROW.search(t) else t for t in seen]
    elif header and kinds == ("code",) and (label := _code_label(question)):  # a contract number:
        seen = [_cells_labelled(t, header, label) if _TABLE_ROW.search(t) else t for t in seen]  # not "cip_number"
    if header and "count" in kinds and (noun := _counted_noun(question)):  # no visits under "Workstations"
        asked = frozenset(content_terms(question))
        seen = [_counted_cells(t, header, asked, noun) if _TABLE_ROW.search(t) else t for t in seen]
    return seen


def _counted_noun(question: str) -> frozenset[str]:
    """The stem of the noun a question counts ("how many visits", "the number of permits")."""
    return frozenset(t for m in (*_HOW_MANY.finditer(question), *_NUMBER_OF.finditer(question))
                     for t in content_terms(m.group(1))[-1:])


# a column's name that counts whatever its row names ("Capacity" of a room, "Total" of a line)
# ("Seats" of a room for "how many people": the places it holds)
_ANY_COUNT = frozenset(content_terms("capacity count counts number total totals quantity qty tally seats seating "
                                     "occupancy"))
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")


def _counted_cells(row: str, header: str, asked: frozenset[str], noun: frozenset[str]) -> str:
    """A table row as a count of the question's noun is read in it: whole where its own cells
    name the noun, or where fewer than two of its cells are figures, or its figures stand
    under periods' columns; else only the figures under a header cell saying a word of the
    question ("Workstations" for "how many workstations"). A branch's row of square footage,
    parking places and workstations gives no count of its visits."""
    cells, heads = [c.strip(" |") for c in row.split(" | ")], [h.strip(" |") for h in header.split(" | ")]
    if len(cells) != len(heads) or row == header:  # (a Markdown row's edge bars stripped)
        return row
    figures = [k for k, c in enumerate(cells) if bare_figure(c)]  # (no sum, no share: no count)
    named = {t for k, c in enumerate(cells) if k not in figures for t in content_terms(c)}
    if len(figures) < 2 or named & noun or any(re.search(r"(?:19|20)\d\d|\bq[1-4]\b", heads[k], re.I) or
                                                _A_MONTH.search(heads[k]) for k in figures):
        return row
    says = [bool(set(content_terms(_CAMEL.sub(" ", h).replace("_", " "))) & (asked | _ANY_COUNT)) or "#" in h
            for h in heads]
    return " | ".join("" if k in figures and not says[k] else c for k, c in enumerate(cells))


def _more_than_given(kind: list[bool], texts: Sequence[str], kinds: tuple[str, ...], question: str) -> list[bool]:
    """The lines holding a date or a time that tell more than the question gives: where it
    gives the year ("when did the board meet in 2018?"), a line with a year alone ("2014
    Board Meetings", "the 2018 schedule") does not (gives_day); where it gives the month
    ("which day in June 2026 is the last day of school?"), a line naming months alone ("May
    2026  June 2026  July 2026") does not."""
    if not kinds or not set(kinds) <= _DAY_KINDS or _YEAR_ASKED.search(question):
        return kind
    if _YEAR_GIVEN.search(question):
        kind = [k and gives_day(t) for k, t in zip(kind, texts)]
    if _MONTH_GIVEN.search(question):
        kind = [k and (_A_DAY.search(t) is not None or _DAY_OF_MONTH.search(t) is not None
                       or _SLASH_DAY.search(t) is not None or holds(t, ("time",))) for k, t in zip(kind, texts)]
    return kind


# three years or more in a row, as a table's header names its columns ("2013  2014  2015")
_YEAR_RUN = re.compile(r"(?<!\d)(?:19|20)\d\d(?:\s+(?:19|20)\d\d){2,}(?!\d)")


# a fiscal year named ("FY 2011", "FY2011", "FY 2011-12", "Fiscal Year 2011"): a budget's period, no
# day anything happened on
_FISCAL_YEAR = re.compile(r"\b(?:FY|Fiscal\s+Year)\s*'?(?:19|20)?\d\d(?:\s*[-–/]\s*(?:19|20)?\d\d)?\b", re.I)


def _blank(m: re.Match) -> str:
    return " " * len(m.group(0))


def _years_blanked(m: re.Match) -> str:
    """A run of years counting up by one blanked: the years head columns, no date of the line."""
    years = [int(y) for y in m.group(0).split()]
    return _blank(m) if all(b == a + 1 for a, b in zip(years, years[1:])) else m.group(0)


# the word naming which code a question asks ("what contract number", "the project no.",
# "which bill number", "the parcel ID"): the label its table column must say
_CODE_LABEL = re.compile(r"\b([a-z]{3,})\s+(?:number|no\.?|id|code|#)(?=\W|$)", re.I)
# (not a telephone's; "what number" names none: content_terms drops "what")
_NOT_LABEL = frozenset(content_terms("whose phone telephone fax zip area"))


def _code_label(question: str) -> frozenset[str]:
    """The stems of the word naming the code the question asks (_CODE_LABEL), or none."""
    m = _CODE_LABEL.search(question)
    return frozenset(content_terms(m.group(1))) - _NOT_LABEL if m else frozenset()


def _cells_labelled(row: str, header: str, label: frozenset[str]) -> str:
    """A table row with only the cells whose header says the asked code's label (_says_label: a
    question's "contract number" is not the row's "cip_number"); the row as it is when its
    cells do not line up with its header."""
    cells, heads = row.split(" | "), header.split(" | ")
    if len(cells) != len(heads):
        return row
    return " | ".join(c if _says_label(h, label) else "" for c, h in zip(cells, heads))


def _says_label(head: str, label: frozenset[str]) -> bool:
    """A header cell says the label: one of its words is the label's, or the label's short
    form of three letters or more ("Proj No" for a project number, "Acct" for an account)."""
    return any(w in label or (len(w) >= 3 and any(t.startswith(w) for t in label))
               for w in content_terms(head.replace("_", " ")))


def _no_values(text: str) -> bool:
    """A line that holds no value, whatever its figures: a form's column numbers ("1 | 2 | 3 |
    4 | 5"), a calendar's week, a question's own line, a web page's trail of links ("Home  Member Resources
    Board of Trustees"). (A page's number is not quoted at all: _quotable.)"""
    return bool(_numbering_row(text) or _counting_run(text) or _ASKING.search(text) or _BREADCRUMB.match(text))


def _counting_run(text: str) -> bool:
    """A line of whole numbers alone that count up by one, _RUN_NUMBERS or more: a printed
    calendar's week ("26 27 28 29  30"), a grid's numbers. It numbers places, no value."""
    numbers = text.split()
    return len(numbers) >= _RUN_NUMBERS and all(n.isdigit() and len(n) <= 3 for n in numbers) \
        and all(int(b) == int(a) + 1 for a, b in zip(numbers, numbers[1:]))


_RUN_NUMBERS = 3


# a web page's trail of links from its home page, as a saved page's text gives it ("Home  Member
# Resources  Board of Trustees  Upcoming Meetings", "Home > Departments > Clerk"): the page's
# place in its site, never a value ("of Trustees" is no place, "Resources Board" no body)
_BREADCRUMB = re.compile(r"^\s*Home(?:(?:\s*[>›»/]\s*|\s{2,})[A-Z][A-Za-z&'’,.()-]*(?: [A-Za-z&'’,.()-]+){0,5}){2,}\s*$")


# a page's number, alone or run into a print stamp ("Page 5 of 5November 27, 2018 4:00 PM")
_PAGE_LINE = re.compile(rf"^\s*(?i:page|pg\.?)\s*\d+(?:\s*(?i:of|/)\s*\d+\s*(?:(?i:{MONTH})\s*\d{{1,2}},?\s*\d{{4}}|"
                        r"\d{1,2}/\d{1,2}/\d{2,4})?[\s\d:,]*(?i:[ap]\.?m\.?)?)?\s*$")


# a line that is itself one question from its first word ("### Doesn't Maine pay for 55% of
# Education Costs?", "Q: Is the fee $25?", a FAQ's heading): it asks what the lines under it
# answer, and its figures are the asker's. Not a line closing on a question after its own
# statement ("The application fee is $50. Questions?", "The tax rate is 1.2%; how does that
# compare?": it opens on no question word)
_ASKING = re.compile(r"^\W*(?:q\s*[:.]\s*|\d{1,2}[.)]\s+)?(?:what|which|who|whom|whose|when|where|why|how|is|are|was|"
                     r"were|do|does|did|can|could|should|would|will|may|must|has|have|had|"
                     r"(?:doesn|isn|aren|don|won|can|didn|wasn|weren|hasn|haven|shouldn)['’]t)\b"
                     r"(?:(?![.!?;]\s)[^\n])*\?[\s*_\"'”’)\]]*$", re.I)


# a table's title naming sums of money, and one naming counts (_summed_rows)
# (what is spent only: not "budget" nor "appropriated", a staffing table's columns are "FY 2013
# Budget", its title "Authorized/Appropriated Staffing", and its rows are heads; not revenue,
# a police report's "Traffic Enforcement Revenue" counts citations; not "#", a Markdown heading)
_SUMS_TITLE = re.compile(r"\b(?:expenses|expenditures|spending)\b", re.I)
_COUNTS_TITLE = re.compile(r"\b(?:number|numbers|count|counts|quantity|headcount|fte|positions|employees|"
                           r"staff|staffing|personnel|persons|people|units)\b", re.I)
_TITLE_REACH = 3  # the lines above a block of rows that may title it
_TITLE_WORDS = 8  # the most words of a title line


_NUMBERING_CELLS = 4  # the fewest numbered columns read as a form's numbering row


def _numbering_row(text: str) -> bool:
    """A table row of its columns' numbers only, counting up by one from 1 ("1 | 2 | 3 | 4 |
    5 | 6 | 7 | 8 | 9 | 10", as a state form numbers its columns under their names)."""
    cells = [c for c in _cells(text) if c] if _TABLE_ROW.search(text) else []
    return len(cells) >= _NUMBERING_CELLS and cells == [str(n) for n in range(1, len(cells) + 1)]


def _summed_rows(texts: Sequence[str]) -> set[int]:
    """The rows of a label and figures (_ROW_FIGURES) whose block stands under title lines
    naming sums of money and no counts ("Public Works Street Fund Operating Expenses" /
    "Activity Budget Year" / "2017 2018" over "Administration 1,014,776 984,491"): their bare
    figures are sums, and answer no "how many" question. The title lines are the short lines
    right above the block, up to _TITLE_REACH, none a row of another block nor a sentence;
    a row's own count word keeps its figures counts."""
    out: set[int] = set()
    summed = False  # the verdict of the block in hand, read at its first row
    for i, text in enumerate(texts):
        if not _ROW_FIGURES.match(text):
            continue
        if i == 0 or not _ROW_FIGURES.match(texts[i - 1]):
            summed = _sums_titled(texts, i)
        if summed and not _COUNTS_TITLE.search(text):
            out.add(i)
    return out


def _sums_titled(texts: Sequence[str], start: int) -> bool:
    """The title lines above the block of rows opening at `start` name sums and no counts."""
    above: list[str] = []
    for j in range(start - 1, max(-1, start - 1 - _TITLE_REACH), -1):
        t = texts[j].strip().rstrip(":)").strip()
        if not t or _TABLE_ROW.search(t) or _ROW_FIGURES.match(t) or len(t.split()) > _TITLE_WORDS \
                or re.search(r"[.!?]$", t):
            break  # another block's row, a blank, a sentence: no title above it
        above.append(texts[j])
    return any(_SUMS_TITLE.search(t) for t in above) and not any(_COUNTS_TITLE.search(t) for t in above)


def _column_names(texts: Sequence[str]) -> bool:
    """The passage opens with its table's header row: four cells or more, none a bare number
    (kinds.header_like), over a table row; or it is that row alone, of six cells or more (a
    CSV's first row, its own passage). Its numbers name columns ("1 Bedroom", "Q4"), no
    value of any row."""
    if not texts or not header_like(texts[0]):
        return False
    if len(texts) == 1:
        return texts[0].count(" | ") >= 5
    return texts[0].count(" | ") >= 3 and _TABLE_ROW.search(texts[1]) is not None


_LINE_NUMBER = re.compile(r"\s(\d{1,3})\s*$")  # an integer ending a line
_NUMBERED_RUN = 4  # consecutive lines whose last integers count up by one: a margin's line numbers


def _numbered_lines(texts: Sequence[str]) -> set[int]:
    """The lines whose last integer is the page's line number, as numbered minutes and
    pleading paper print one in the margin ("Chief Monin reviewed ... for the preliminary
    2026 54" / "District 3 Budget. The estimated ... were used to 55"): runs of at least
    _NUMBERED_RUN lines in a row whose last integers count up by one."""
    last = [int(m.group(1)) if (m := _LINE_NUMBER.search(" " + t)) else None for t in texts]
    out: set[int] = set()
    i = 0
    while i < len(texts):
        j = i
        while j + 1 < len(texts) and last[j] is not None and last[j + 1] == last[j] + 1:
            j += 1
        if j - i + 1 >= _NUMBERED_RUN:
            out.update(range(i, j + 1))
        i = j + 1
    return out


def _asked_columns(texts: Sequence[str], seen: list[str], header: str, kinds: tuple[str, ...],
                   qterms: Sequence[str], periods: tuple[frozenset[int], frozenset[int]]) -> set[int]:
    """Narrow each table row of `seen` to its cells under the asked period's columns (the
    header row itself to nothing: it names the periods and holds no figure of one), and give
    the rows that hold the kind whole and nothing under the asked column."""
    lost: set[int] = set()
    for i, t in enumerate(seen):
        if _TABLE_ROW.search(texts[i]):
            cells = asked_cells(t, header, periods)
            if cells is not None and texts[i] != header and not (cells and holds(cells, kinds, qterms)) \
                    and holds(t, kinds, qterms):
                lost.add(i)
            seen[i] = t if cells is None else "" if texts[i] == header else cells
    return lost


def _seams(texts: Sequence[str], seen: Sequence[str], kinds: tuple[str, ...],
           qterms: Sequence[str]) -> list[bool]:
    """joins[i]: a value of the kind begins before line i's end and ends in line i+1's start
    (running text only; a place is not read across a break: "… Operation of Cannabis" /
    "Business within …" is no place)."""
    seam_kinds = tuple(k for k in kinds if k != "place")

    def seam(i: int) -> bool:
        if _TABLE_ROW.search(texts[i]) or _TABLE_ROW.search(texts[i + 1]):
            return False
        if len(texts[i].split()) < _SEAM:  # a line of a word or two ends itself: a signature
            return False                   # block's "President" / "Maui County ..." is no name
        if _shouted(texts[i]) != _shouted(texts[i + 1]):  # a heading in capitals ends at its
            return False  # line: "INDEPENDENT AUDITOR'S REPORT" / "Board of Trustees" is no "Report Board"
        tail = " ".join(seen[i].split()[-_SEAM:])
        head = " ".join(seen[i + 1].split()[:_SEAM])
        return any(a < len(tail) < b for a, b in evidence(f"{tail} {head}", seam_kinds, qterms))

    return [bool(seam_kinds) and seam(i) for i in range(len(texts) - 1)] + [False]


_BLANK = re.compile(r"_{3,}")  # a form's blank to fill in


# Closed classes of words that tell one thing of a kind from its siblings: a line naming a
# member of a class, and not the member the question names, is about a sibling ("net income
# for the third quarter" for "... the fourth quarter"; "Manhattan South" for "Manhattan North")
_ORDINALS, _MONTHS, _WEEKDAYS, _SEASONS, _DIRECTIONS, _QUARTERS = (frozenset(content_terms(words)) for words in (
    "first second third fourth fifth sixth seventh eighth ninth tenth 1st 2nd 3rd 4th 5th 6th 7th 8th 9th 10th",
    "january february march april june july august september october november december",
    "monday tuesday wednesday thursday friday saturday sunday",
    "spring summer autumn winter",
    "north south east west northern southern eastern western northeast northwest southeast southwest",
    "q1 q2 q3 q4"))
MAY = "may"  # the month's one name among the sibling members (terms.MAY_MONTH makes it a term)
_MONTHS = _MONTHS | {MAY}
# which of a datasheet's or a table's statistics: "Standby current typically is 3µA" gives no
# maximum standby current
_STATISTICS = frozenset(content_terms("maximum minimum typical nominal average"))
_MINIMUM, _MAXIMUM = content_terms("minimum maximum")
# a class member's stem as a refusal shows it ("typic" is "typical")
_SHOWN = {stem(w): w for w in ("january february march april june july august september october "
                               "november december monday tuesday wednesday thursday friday saturday "
                               "sunday typical nominal average northern southern eastern western electric stormwater "
                               "recycling domestic international residential commercial industrial "
                               "agricultural").split()}
_SHOWN.update({stem("outgoing"): "outgoing"})
_SHOWN.update({"~day": "daily", "~week": "weekly", "~month": "monthly", "~quarter": "quarterly",
               "~year": "yearly"})
# which utility service: "raise City Water prices by 1.5%" gives no sewer rate
_SERVICES = frozenset(content_terms("water sewer trash recycling electric gas stormwater"))
# where a transfer goes ("Wire Transfer (Domestic)" gives no international wire's fee), and
# which class of customer ("Commercial" rows give no residential rate)
_REACH = frozenset(content_terms("domestic international"))
_CLASSES = frozenset(content_terms("residential commercial industrial agricultural"))
# who was at a meeting and who was not ("Members participating: ..." names no one absent)
_ATTENDANCE = frozenset(content_terms("absent present"))
# where a court's or an office's cases stand: filed (lodged), pending, disposed of ("pending
# caseload ... 800 cases" gives no count of cases filed)
_DOCKET = frozenset(content_terms("filed pending disposed"))
# how often a charge falls or what span a pass covers, said as such ("monthly pass", "Day
# Passes", "$75 per day", "$75 a day", "for each year", "annual fee"; not "30 days" or "12
# months", a span, nor "31-Day Pass", "bi-weekly", "semi-annual" or "24 hours a day"): "Day
# Passes $4.90" gives no monthly pass's price
_PERIODIC = frozenset({"~day", "~week", "~month", "~quarter", "~year"})
# the animals a licence, a fee or a rule is for ("For each spayed female dog $5.00" is no cat's
# licence fee)
_ANIMALS = frozenset(content_terms("dog cat ferret horse rabbit goat pig chicken"))
# whether a person asked holds an office still ("who was picked as the new mayor": "PLAQUE TO
# OUTGOING MAYOR CINDY SEGAWA" names the one leaving); read only where a person is asked (a
# line giving "the previous rate" may give the new rate too). Not "incoming" nor "departing":
# their stems are income's and department's
_TENURE = frozenset(content_terms("new outgoing former"))
_PROPER_RUN = re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+")  # a place's or a body's name
_SIBLINGS = (_ORDINALS, _MONTHS, _WEEKDAYS, _SEASONS, _DIRECTIONS, _QUARTERS, _STATISTICS, _SERVICES,
             _REACH, _CLASSES, _ATTENDANCE, _PERIODIC, _ANIMALS, _TENURE, _DOCKET)
# an ordinal's word and its figure are one member ("third" and "3rd"); so are a statistic's
# word and its short form ("max" and "maximum", "typically" and "typical")
_MEMBER_OF = dict(zip(content_terms("first second third fourth fifth sixth seventh eighth ninth tenth "
                                  "max min typ typically"),
                    content_terms("1st 2nd 3rd 4th 5th 6th 7th 8th 9th 10th "
                                  "maximum minimum typical typical")))
# other names of a member: "wastewater" and "sanitary" are sewer, "garbage" is trash, "storm"
# and "drainage" stormwater (a service); "foreign" and "overseas" are international
_MEMBER_OF.update(zip(content_terms("wastewater sanitary garbage storm drainage foreign overseas"),
                    content_terms("sewer sewer trash stormwater stormwater international international")))
# who was at a meeting: "missed" and "excused" are absent; "attending", "participating" present
_MEMBER_OF.update(zip(content_terms("missed excused attending participating"),
                    content_terms("absent absent present present")))
# who holds an office: "newly" named is new, "previous" is former
_MEMBER_OF.update(zip(content_terms("newly previous"), content_terms("new former")))
# a case "lodged" is filed
_MEMBER_OF.update(zip(content_terms("lodged"), content_terms("filed")))
# a label and its value: "Plan B", "Tier 2", "Schedule 23", "Type II", "Zone A", "Precinct 4",
# "Week 38" (a weekly report's), "Cell 8" (a landfill's)
_LABEL_VALUE = r"\s+(?:(?i:no)\.?\s*|#\s*)?([A-Z]{1,2}|\d+[A-Z]?|[IVX]+)\b(?![-/]\w)"  # "No. 4", "#B", "II"
_LABELLED = re.compile(r"\b((?i:plan|option|tier|zone|schedule|class|type|level|phase|group|ward|precinct|"
                       r"district|unit|region|block|step|grade|division|lot|route|week|cell|round|"
                       # a fire or police station's and its apparatus's numbers ("Station 4", "Engine 2",
                       # "Beat 12"), a park's numbered places ("Pavilion 3", "Field 2")
                       r"station|engine|ladder|battalion|beat|sector|pavilion|shelter|field|pier|terminal|berth|"
                       # a ballot's measures: "Initiated Measure 22" is no answer on Measure 21
                       r"measure|amendment|proposition|question|referendum|initiative))" + _LABEL_VALUE)


_AT_LEAST = re.compile(r"\b(?:at least|no less than|not less than|or more|or greater|minimum of)\b", re.I)
_AT_MOST = re.compile(r"\b(?:at most|no more than|not more than|not to exceed|not exceeding|"
                      r"shall not exceed|or less|maximum of)\b", re.I)


_PERIOD_SAID = re.compile(r"(?<![\w-])(?:(dai|week|month|quarter|year)ly|(annual)(?:ly)?"
                          r"|(?:(?<=[\d%)]\s)a|per|each|every)\s+(day|week|month|quarter|year))\b"
                          r"|(?<=[\d%])\s?/\s?(day|week|month|year)\b"
                          r"|(?<![\w-])(day|week|month|year)[- ]pass(?:es)?\b", re.I)
_PERIOD_OF = {"dai": "day", "annual": "year"}


def _periodic(text: str) -> set[str]:
    """The periods a text says a charge or a pass is for (_PERIODIC): "monthly" -> ~month."""
    out = set()
    for m in _PERIOD_SAID.finditer(text):
        word = next(g for g in m.groups() if g).lower()
        out.add("~" + _PERIOD_OF.get(word, word))
    return out


# a quarter said by its ordinal is that quarter ("third quarter", "3rd Qtr", "Quarter 3", "2023Q3",
# "FY24-Q3" are q3): "2023 Q2 | 16.02" gives no third quarter's figure
_QUARTER_SAID = re.compile(r"\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+)?(?:quarter|qtr)"
                           r"|\b(?:quarter|qtr)\.?\s+([1-4])(?!\d)|(?:(?<=\d)|(?<=-)|\b)q([1-4])(?!\d)", re.I)
_QUARTER_OF = {"first": "1", "second": "2", "third": "3", "fourth": "4", "1st": "1", "2nd": "2", "3rd": "3", "4th": "4"}


def _quarters(text: str) -> set[str]:
    """The quarters a text names, each as its Q term (_QUARTER_SAID)."""
    return {"q" + (_QUARTER_OF.get((m[1] or "").lower()) or m[2] or m[3]) for m in _QUARTER_SAID.finditer(text)}


def _bound_words(text: str) -> set[str]:
    """The statistic a bound's words say: "at least 5 years" is a minimum, "not to exceed
    $375" a maximum."""
    return ({_MINIMUM} if _AT_LEAST.search(text) else set()) | ({_MAXIMUM} if _AT_MOST.search(text) else set())


def _labels(text: str) -> dict[str, set[str]]:
    """The labels and values a text gives ("Tier 3", "Station 4"; an apparatus's unit code:
    "E3" is Engine 3, _APPARATUS), label -> values."""
    out: dict[str, set[str]] = {}
    for m in _LABELLED.finditer(text):
        out.setdefault(m.group(1).lower(), set()).add(m.group(2).upper())
    for m in _APPARATUS.finditer(text):
        out.setdefault(_APPARATUS_OF[m.group(1)], set()).add(m.group(2))
    return out


# a label's short form as tables print it: "COUNTY COMMISSION DIST. 5", "Pct 105", "Sch. 23"
_SHORT_LABEL = re.compile(r"\b((?i:dist|pct|prec|sched|sch|div|rte|wk|rnd))\.?"
                          + _LABEL_VALUE.replace(r"\s+", r"\s*", 1))  # "Pct105" too
_LABEL_OF = {"dist": "district", "pct": "precinct", "prec": "precinct", "sched": "schedule",
             "sch": "schedule", "div": "division", "rte": "route", "wk": "week", "rnd": "round"}
# a fire apparatus by its unit code, as rosters print it: "E3" is Engine 3, "L1" Ladder 1
_APPARATUS = re.compile(r"\b([EL])(\d{1,2})\b")
_APPARATUS_OF = {"E": "engine", "L": "ladder"}
_APPARATUS_KINDS = frozenset(_APPARATUS_OF.values())
# labels named together: "Cells 5 and 6", "Weeks 37-38", "Precincts 4, 5 and 7"
_LABELS_TOGETHER = re.compile(r"\b((?i:cell|week|precinct|ward|district|zone|tier|phase|lot|route|unit|step))s\s+"
                              r"(\d+[A-Z]?(?:\s*(?:,|and|&|-|–|to|through)\s*\d+[A-Z]?)+)\b")
# the labels only a passage's naming reads (unnamed_label), never a sibling: a weekly report
# gives last week's figure beside this week's ("94.2% (Week 39: 91.8%)")
_NAMING_ONLY = frozenset({"week", "cell"})


# labels a text may give in words, not as the question writes them: "Second Round Awards" for
# round 2 (a row's round is still read against the question's: row_labels)
_SAID_IN_WORDS = frozenset({"round"})


def unnamed_label(text: str, question: str) -> str | None:
    """A label and value the question gives ("tier 6", "Ward 4", "Schedule A") that `text`
    never names, as the question writes it, or None. "Tier 6" is a name, not the figure 6:
    a passage whose only 6 is a 6" meter's does not speak of it. The text names it as the
    question does, by the label's short form ("Dist. 5"), or as the first cell of a table's
    row, the label a word of the text ("Precinct | ..." over "105 | ...")."""
    theirs = _labels(text)
    for m in _SHORT_LABEL.finditer(text):
        theirs.setdefault(_LABEL_OF[m.group(1).lower()], set()).add(m.group(2).upper())
    for m in _LABELS_TOGETHER.finditer(text):
        values = re.findall(r"\d+[A-Z]?", m.group(2))
        if len(values) == 2 and re.search(r"[-–]|to|through", m.group(2)) and all(v.isdigit() for v in values) \
                and int(values[0]) < int(values[1]) <= int(values[0]) + 60:
            values = [str(n) for n in range(int(values[0]), int(values[1]) + 1)]  # "Weeks 37-40"
        theirs.setdefault(m.group(1).lower(), set()).update(v.upper() for v in values)
    words = set(content_terms(text))
    for label, values in _labels(question).items():
        if theirs.get(label, set()) & values or label in _SAID_IN_WORDS:
            continue
        if stem(label) in words and re.search(rf"^\s*\|?\s*[^|\n]*\b{re.escape(label)}\b[^|\n]*\|", text, re.M | re.I) \
                and any(re.search(rf"^\s*\|?\s*{re.escape(v)}\s*\|", text, re.M | re.I) for v in values):
            continue  # the first cell of a row under the label's column ("| 11 | March 10 | ...")
        return f"{label} {sorted(values)[0]}"
    return None


def unnamed_service(text: str, question: str) -> str | None:
    """A utility service the question names (_SERVICES) where `text` (a passage, its
    document's context and its file name) names others only, as the question writes it, or
    None: a water and sewer authority's "Reconnection ... $75.00" gives no electric service's
    reconnection fee."""
    asked = {_MEMBER_OF.get(t, t) for t in content_terms(question)} & _SERVICES
    said = {_MEMBER_OF.get(t, t) for t in content_terms(text)} & _SERVICES
    if asked and said and not asked & said:
        return ", ".join(sorted(_SHOWN.get(t, t) for t in asked))
    return None


# the classes a whole passage is read for (a month or a weekday it names may be another
# meeting's or a date of record, not what it is about)
PASSAGE_SIBLINGS = (_ORDINALS, _SEASONS, _DIRECTIONS, _QUARTERS)


# a word and its negation by a prefix: "inactive" / "active", "nonresident" / "resident",
# "unincorporated" / "incorporated"; "in" only before a vowel ("income" is no negation of
# "come", "information" none of "formation"), and never for a short word ("union", "until")
_NEGATED = re.compile(r"\b(?:non-?(?=[a-z]{4})|un(?=[a-z]{5})|in(?=[aeiou][a-z]{4}))([a-z]+)")
_WORD = re.compile(r"[a-z]+(?:-[a-z]+)?")


# a bound on a number: its direction told before it ("less than 161 kV") or after it ("161 kV
# or higher"); "up": the number and above, "down": below it
_BOUND_BEFORE = re.compile(r"\b(less than|fewer than|below|under|up to|at most|not more than|not exceeding|"
                           r"more than|greater than|over|above|at least|exceeding|in excess of|"
                           r"equal to or (?:greater|more|higher|less|lower) than)\s+\$?(\d[\d,]*(?:\.\d+)?)")
_BOUND_AFTER = re.compile(r"\b(\d[\d,]*(?:\.\d+)?)\s*(?:[a-z%]+\s+)?(or (?:higher|more|above|greater|over|"
                          r"less|lower|below|fewer|under)|and (?:above|up|over|higher|below|under|less))\b")
_DOWN = re.compile(r"less|fewer|below|under|up to|at most|not|lower")


def _bounds(text: str) -> dict[str, set[str]]:
    """The numbers of `text` with a bound's direction: {"161": {"up"}}."""
    out: dict[str, set[str]] = {}
    low = text.lower()
    for m in _BOUND_BEFORE.finditer(low):
        out.setdefault(m.group(2).replace(",", ""), set()).add("down" if _DOWN.match(m.group(1)) else "up")
    for m in _BOUND_AFTER.finditer(low):
        out.setdefault(m.group(1).replace(",", ""), set()).add("down" if _DOWN.search(m.group(2)) else "up")
    return out


def _opposite_bound(unit: str, question: str) -> tuple[str, str] | None:
    """The unit bounds a number the question bounds, the other way only ("for delivery at less
    than 161 kV" for "... at 161 kV or higher"): (the unit's bound, the question's)."""
    theirs = _bounds(unit)
    for number, ways in _bounds(question).items():
        if number in theirs and not (theirs[number] & ways):
            said = {"up": f"{number} or more", "down": f"under {number}"}
            return (", ".join(said[w] for w in sorted(theirs[number])), ", ".join(said[w] for w in sorted(ways)))
    return None


_MONTH_DAY = re.compile(r"\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})\b", re.I)


def _month_days(text: str) -> list[tuple[tuple[int, int], re.Match]]:
    """((month, day), match) of each day a text names by its month, either order ("January
    16", "16 January" as British minutes write it: _DAY_OF_MONTH), in the text's order."""
    return [((_month_number(m[1] or m[4]), int(m[2] or m[3])), m) for m in _DAY_OF_MONTH.finditer(text)]


# a date minutes give for the next meeting: "Next regular meeting June 19, 2018"
_NEXT_MEETING = re.compile(r"\bnext\s+(?:[a-z]+\s+){0,2}meeting\b[^.;]{0,40}?$", re.I)
# a matter put off to a date ("requested a postponement ... until the March 15 meeting"): the
# date then names a meeting ("continued from February 9 to March 15, was reopened" does not)
_PUT_OFF = re.compile(r"\b(?:(?:postpone|continue|defer|reschedule)[a-z]*|tabled)\b[^.;]{0,200}?"
                      r"\b(?:until|till|to|for)\s+(?:the\s+)?$", re.I)
_FROM_DATE = re.compile(r"\bfrom\s+(?:the\s+)?[a-z]+\.?\s+\d{1,2}(?:,?\s+\d{4})?\s+to\s+(?:the\s+)?$", re.I)
_A_MEETING = re.compile(r"(?:,?\s+\d{4})?\s+(?:regular\s+|special\s+)?(?:meeting|hearing|session)\b", re.I)


def _next_meeting_only(unit: str, question: str) -> tuple[str, str] | None:
    """The question's date (a month and a day) stands in the unit only as the next meeting's
    ("That the meeting be adjourned. Time: 7:26 p.m. Next regular meeting June 19" answers
    nothing of the meeting of June 19) or as the date a matter was put off to ("requested a
    postponement of this public hearing ... until the March 15 meeting" says nothing of what
    was decided on March 15): (what the unit says, the question's date)."""
    asked = {key for key, _ in _month_days(question)}
    for month, day in asked:
        said = [m for key, m in _month_days(unit) if key == (month, day)]
        nxt = [bool(_NEXT_MEETING.search(unit, 0, m.start())) for m in said]
        put_off = [bool(_PUT_OFF.search(unit, 0, m.start())) and not _FROM_DATE.search(unit, 0, m.start())
                   and bool(_A_MEETING.match(unit, m.end())) for m in said]
        if said and all(a or b for a, b in zip(nxt, put_off)):
            date = said[0].group(0)
            return ("the next meeting", date) if nxt[0] else (f"a matter put off to {date}", "that day's meeting")
    return None


# a date asked as a bound ("when is the meeting after December 2022?", at the question's end)
# and a date a line gives with its month's name and year ("December 15, 2022", "Dec. 2022")
_MONTH_NAMES = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_DATED = rf"\b({MONTH})(?:\s+(\d{{1,2}})(?:st|nd|rd|th)?)?,?\s+((?:19|20)\d\d)\b"
# "after December 2022", "after its November 9, 2023 session": the date closes the question
_AFTER_DATE = re.compile(r"\bafter\s+(?:the\s+|its\s+|their\s+)?" + _DATED
                         + r"(?:\s+[a-z]+)?\s*[?.!]?\s*$", re.I)
_A_DATE = re.compile(_DATED, re.I)
_OTHER_DATE = re.compile(r"\b\d{1,2}/\d{1,2}/\d{2,4}\b|\b(?:19|20)\d\d-\d\d-\d\d\b")
_SLASHED = re.compile(r"\b(\d{1,2})/(\d{1,2})/((?:19|20)\d\d)\b|\b((?:19|20)\d\d)-(\d\d)-(\d\d)\b")


# a line naming the next meeting ("Next Regular meeting is December 14, 2023", "The next
# meeting will be held on 12 November 2025")
_NEXT_SAID = re.compile(r"\bnext\s+(?:[a-z]+\s+){0,2}(?:meeting|session)\b", re.I)


def _asks_next_meeting(question: str, kinds: tuple[str, ...]) -> bool:
    """The question asks when a body meets after a date that closes it ("When is the
    commission meeting again after its November 9, 2023 session?", "when is the board meeting
    after december 2022"): a line naming the next meeting speaks of it, though the words it
    shares with the question are the document's own (the body, "meeting") and the bound's
    (whether its date comes after the bound is _not_after's to judge)."""
    return bool(_AFTER_DATE.search(question)) and bool({"date", "time"} & set(kinds)) \
        and "meet" in content_terms(question)


def bound_terms(question: str) -> frozenset[str]:
    """The words of the date a question asking a date or time bounds its answer by ("when is
    the board meeting after its October 2025 meeting?": october, 2025): they say what the
    answer comes after, not what a line must speak of (_not_after judges the date)."""
    bound = _AFTER_DATE.search(question)
    if bound is None or not {"date", "time"} & set(asked_kinds(question)):
        return frozenset()
    return frozenset(content_terms(_A_DATE.search(bound.group(0)).group(0)))


# where the question says its answer is to be read ("according to the financial summary", "as
# reported in the annual report"), up to a clause's end
_SOURCE = re.compile(r"\b(?:according to|as (?:stated|reported|listed|shown|given|set out|published|printed) in)\s+"
                     r"([^?,;]+)", re.I)


def source_terms(question: str) -> frozenset[str]:
    """The words naming where the question says to read its answer ("what did utilities cost
    TCHC in 2018 according to the financial summary?": financial, summary): they say which
    part of a document to look in, not what a line must speak of; its years and figures aside
    (a year still bounds the answer)."""
    return frozenset(t for m in _SOURCE.finditer(question) for t in content_terms(m.group(1)) if not is_number(t))


def _numbered_dates(unit: str) -> list[tuple[int, int, int]] | None:
    """The unit's dates written in numbers (11/09/2023, 2023-11-09) as (year, month index,
    day); None when one is of another shape (a two-digit year, a month past 12)."""
    out = []
    for m in _OTHER_DATE.finditer(unit):
        n = _SLASHED.fullmatch(m.group(0))
        if n is None:
            return None
        month, day, year = (n[1], n[2], n[3]) if n[1] else (n[5], n[6], n[4])
        if not 1 <= int(month) <= 12:
            return None
        out.append((int(year), int(month) - 1, int(day)))
    return out


def _not_after(unit: str, question: str) -> tuple[str, str] | None:
    """The question asks when something comes after a date, the date closing it ("when is the
    board meeting after December 2022?"), and every date the unit gives is no later
    ("December 15, 2022 1:00 p.m.", "11/09/2023"): (what the unit gives, the bound). No
    verdict when the unit gives a date another way (a month and day without a year, 1/19/23),
    nor for a question asking no date or time ("what did the council approve after the
    March 3, 2023 hearing?" names an event, not a bound)."""
    bound = _AFTER_DATE.search(question)
    if bound is None or not {"date", "time"} & set(asked_kinds(question)):
        return None
    month, day, year = bound.groups()
    limit = (int(year), _MONTH_NAMES.index(month.lower()[:3]), int(day) if day else 99)
    found = _A_DATE.findall(unit)
    numbered = _numbered_dates(unit)
    if not (found or numbered) or numbered is None \
            or len(_MONTH_DAY.findall(unit)) > sum(1 for _, d, _ in found if d):
        return None
    dates = [(int(y), _MONTH_NAMES.index(m.lower()[:3]), int(d) if d else 0) for m, d, y in found] + numbered
    if any(d > limit for d in dates):
        return None
    said = _A_DATE.search(bound.group(0)).group(0)
    return "a date no later than " + said, "after " + said


_YEAR = re.compile(r"\b(?:19|20)\d\d\b")
# a row's first cell a year, or a date or a date and time in figures that opens with its year
# ("1963-01-01 00:00:00 | MICHIGAN | 952852", as a spreadsheet's date cell reads)
_YEAR_FIRST = re.compile(r"^\s*((?:19|20)\d\d)(?:[-/]\d\d?[-/]\d\d?(?:[ T]\d\d?:\d\d(?::\d\d)?)?)?"
                         r"(?:\s*-?\s*(?:Q[1-4]|H[12]))?\s*\|\s")  # ("2022 Q3 | 13.48": a quarter's row)


def _other_year(unit: str, question: str) -> tuple[str, str] | None:
    """A table row keyed by a year, its first cell, another than every year the question
    names, which the row does not name ("2014 | 010-000266-00 | ... | 116370000" for tax
    year 2015), or a year and month of another year ("201610 | 2,691" for November 2025):
    the row of another year. Only the first cell: a year further along may be a year built,
    a model year or an amount ("12 Main St | 1962 | $350,000", "Parks | 1985")."""
    asked = _years_of(question, unbounded=True)
    if not asked:
        return None
    first = _YEAR_FIRST.match(unit)
    year = first.group(1) if first else _row_date(unit)[0]
    year = year and str(year)
    if year is None or year in asked or asked & _years_of(unit):
        return None
    return year, ", ".join(sorted(asked))


# a year, or a fiscal year's in its short or long form ("FY2024", "FY24": 2024)
_YEAR_OF = re.compile(r"\b((?:19|20)\d\d)\b|\bFY\s?((?:19|20)?\d\d)\b", re.I)
# a year the question bounds a span by, which asks no one year's row ("since 2021")
_SPAN_BEFORE = re.compile(r"\b(?:since|after|before|between|from|through|by|until)\s+$", re.I)


def _years_of(text: str, unbounded: bool = False) -> set[str]:
    """The years a text names, a fiscal year's as its year ("FY24": 2024); `unbounded`: not
    those that bound a span ("since 2021")."""
    out = set()
    for m in _YEAR_OF.finditer(text):
        if unbounded and _SPAN_BEFORE.search(text, 0, m.start()):
            continue
        out.add(m[1] or (m[2] if len(m[2]) == 4 else "20" + m[2]))
    return out


# a span of years: "2024-25", "2017–2018", "2019/20" (its second year counts as named too)
_YEAR_SPAN = re.compile(r"(?<!\d)((?:19|20)\d\d)\s?[-–/]\s?((?:19|20)?\d\d)\b(?![-/]\d)")


def _span_ends(text: str) -> set[str]:
    """The second year of each span of years a text names ("2024-25": 2025)."""
    return {m[2] if len(m[2]) == 4 else m[1][:2] + m[2] for m in _YEAR_SPAN.finditer(text)}


# a span of years a question asks a figure over: "from 2015 through 2021", "between 2015 and 2021"
_ASKED_SPAN = re.compile(r"\b(?:from|between)\s+((?:19|20)\d\d)\s+(?:through|thru|to|until|and)\s+((?:19|20)\d\d)\b", re.I)


def _one_year_of_span(unit: str, question: str) -> tuple[str, str] | None:
    """A question asking a figure over a span of years ("from 2015 through 2021", "between
    2015 and 2021") is answered by no running-text sentence naming years but not the span's
    first ("... reversed in 2021, when 8,084 units were permitted" is one year's figure).
    Not a table's row (_other_year reads those by their key), not a question asking a date
    or a time. A sentence naming one other year than a single year the question asks was
    also tried as another year's figure and dropped: reports give this year's figure beside
    last year's ("$5.2 million, up from $4.1 million in 2022") under a heading or a title
    naming the year (docs/decisions.md, the nineteenth pass)."""
    span = _ASKED_SPAN.search(question)
    if not span or int(span[2]) - int(span[1]) < 2 or _TABLE_ROW.search(unit):
        return None
    kinds = set(asked_kinds(question))
    if not kinds & NUMERIC_KINDS or kinds & {"date", "time", "month"}:
        return None
    theirs = _years_of(unit) | _span_ends(unit)  # every year, a bound's too ("since 2015")
    if theirs and span[1] not in theirs:
        return ", ".join(sorted(theirs)), f"{span[1]} through {span[2]}"
    return None


# a sentence dated by its opening words to one year: "In 2013 the members of the Police
# Department conducted 8,468 Traffic Stops", "During fiscal year 2021, ..." (not a price
# base: "In 2013 dollars, ...")
# (or by the years it compares: "Comparing 2021 to 2020, the department is reporting a 4% rise")
_OPENING_YEAR = re.compile(r"^\W*(?:(?:in|during|for|throughout|as of)\s+(?:the\s+)?(?:(?:fiscal|calendar)\s+year\s+|fy\s?)?"
                           r"((?:19|20)\d\d)\b(?!\s?[-–/]\s?\d)(?!\s+(?:dollars|constant|prices)\b)"
                           r"|(comparing|compared\s+(?:to|with)|from|between)\s+(?:(?:fiscal|calendar)\s+year\s+|fy\s?)?"
                           r"((?:19|20)\d\d)\s+(?:to|and|with|versus|vs\.?|through)\s+(?:(?:fiscal|calendar)\s+year\s+|fy\s?)?"
                           r"((?:19|20)\d\d)\b)", re.I)
# a question asking a figure in one year ("... in 2012", "during fiscal year 2024"); not one
# asking a running total ("as of 2024", "to date") or naming the year of its source
# ("according to the 2024 annual report", "in the 2023 report")
_IN_YEAR = re.compile(r"\b(?:in|during|for|throughout)\s+(?:the\s+)?(?:(?:fiscal|calendar)\s+year\s+|fy\s?)?"
                      r"((?:19|20)\d\d)\b(?!\s?[-–/]\s?\d)(?!\s+(?:annual\s+)?(?:report|review|budget|plan|survey|edition|"
                      r"study|audit|census)\b)", re.I)
_RUNNING_TOTAL = re.compile(r"\b(?:as of|to date|so far|since|by the end of|through|thru|until|cumulative)\b", re.I)


def _from_sentence_start(texts: Sequence[str], unit: Sequence[int]) -> str:
    """The unit's text, with the running-text lines before it that its first sentence began
    on (at most two: "In 2013 the members of the Police Department" / "conducted 8,468 ...")."""
    k = first = min(unit)
    while k > 0 and first - k < 2 and not _TABLE_ROW.search(texts[k - 1]) and _prose(texts[k - 1]) \
            and not _ENDS_SENTENCE.search(texts[k - 1]):
        k -= 1
    return " ".join(texts[j] for j in range(k, max(unit) + 1))


def _asks_in_a_year(question: str) -> bool:
    """The question asks a figure in one year (_IN_YEAR), not a running total, a date or a time."""
    kinds = set(asked_kinds(question))
    return bool(_IN_YEAR.search(question) and not _RUNNING_TOTAL.search(question) and kinds & NUMERIC_KINDS
                and not kinds & {"date", "time", "month"})


def _opened_by_another_year(unit: str, question: str, qterms: Collection[str]) -> tuple[str, str] | None:
    """Every sentence of running text that holds the asked figure opens by dating itself to
    one year the question does not ask, and names none it does ("In 2013 the members ...
    conducted 8,468 Traffic Stops" for "how many traffic stops ... in 2012"; "Comparing 2021
    to 2020, ... a 4% rise" for the change in 2022): another year's
    figure. Only the sentence's opening words date it: a year named further along may be a
    comparison ("$5.2 million, up from $4.1 million in 2022", the nineteenth pass's dropped
    rule). Only for a question asking a figure in a year (_IN_YEAR), not a running total
    ("trees planted as of 2024": "In 2019 the city ... has planted 4,500 trees to date") nor
    a source's year ("according to the 2024 annual report"). Not a table's row, not a
    question asking a date or a time."""
    if not _asks_in_a_year(question) or _TABLE_ROW.search(unit):
        return None
    years, kinds = _years_of(question), asked_kinds(question)
    held = [t for t in _sentences(" ".join(unit.split())) if holds(t, kinds, qterms)]
    opening = [_opening_year(t, years) for t in held]
    if not held or not all(y and y not in years and not (_years_of(t) & years) for y, t in zip(opening, held)):
        return None
    return ", ".join(sorted(set(opening))), ", ".join(sorted(years))


def _opening_year(sentence: str, years: Collection[str]) -> str | None:
    """The year a sentence's opening words date it to (_OPENING_YEAR), or None: a span's
    years ("From 2024 to 2028, ...", "Between 2024 and 2028") date it to none when one of
    the question's years falls within; the years it compares ("Comparing 2021 to 2020") do."""
    m = _OPENING_YEAR.match(sentence)
    if m is None:
        return None
    if m[1]:
        return m[1]
    low, high = sorted((int(m[3]), int(m[4])))
    if m[2].lower() in ("from", "between") and any(low <= int(y) <= high for y in years if y.isdigit()):
        return None
    return m[3]


# a value the question gives after a word that says what it is ("a property assessed at
# $216,000", "a meter of 2 inches"): the word, then the number (a sum or a figure of three
# digits or more, so no year, day or small count)
_GIVEN = re.compile(r"\b([a-z]{4,})\s+(?:(?:at|of|for|to|by|is|was)\s+)?(\$\s?\d[\d,]*(?:\.\d+)?|\d{1,3}(?:,\d{3})+(?:\.\d+)?)", re.I)


_NUMBER = re.compile(r"\$?\d[\d,]*(?:\.\d+)?")


# a label whose value is left blank: a currency sign and no figure ("TOTAL AWARD: $ "), or a
# form's rule ("Date: ______"); not a lead-in's colon ("... contingent upon an Override:")
_BLANK_VALUE = re.compile(r"([A-Za-z][A-Za-z ]{2,40}?):\s*(?:[$£€](?=\s*$|\s{2,}|\s*[A-Z][A-Za-z ]{2,40}:)|_{2,})")


# which side of a vote a question asks for, and which a line's own label gives ("For | 214 |
# ...", "FOR THE LEVIES | 80", "Yes 1,204", "AGAINST THE LEVIES | 61"): "for", "against" and
# "no" are stop words, so no class of terms can hold them (_SIBLINGS)
_ASKS_AGAINST = re.compile(r"\b(?:against|opposed|opposing|nays?|noes|voted no|vote no|no votes?)\b", re.I)
_ASKS_FOR = re.compile(r"\b(?:in favou?r|yes votes?|voted yes|vote yes|yeas|ayes|voted for|"
                       r"votes? for (?:the )?(?:[\w-]+ )?(?:amendment|measure|levy|bond|proposition|question|"
                       r"issue|referendum|charter|proposal|ordinance|resolution))\b", re.I)
# a side's label opening a row, before its figures or its cells ("For 214", "For | 214",
# "FOR THE LEVIES | 80", "Yes | 1,204"); in capitals or title case, as results print it (a
# unit's lines come joined by spaces); "No" only before a cell ("No. 4", "No 4" are numbers)
_SIDE_FOR = re.compile(r"(?:^|(?<=[\s|]))(?:For|FOR|Yes|YES|In [Ff]avou?r|IN FAVOU?R)"
                       r"(?:\s+(?:THE|the)(?:\s+[A-Za-z]+){1,3})?(?=\s*\||\s+\d)")
_SIDE_AGAINST = re.compile(r"(?:^|(?<=[\s|]))(?:Against|AGAINST|Opposed|OPPOSED)"
                           r"(?:\s+(?:THE|the)(?:\s+[A-Za-z]+){1,3})?(?=\s*\||\s+\d)|(?:^|(?<=[\s|]))(?:No|NO)(?=\s*\|)")


def _other_side(unit: str, question: str) -> tuple[str, str] | None:
    """A unit whose rows are labelled with one side of a vote where the question asks the
    other: "For | 214 | ... | 2641" gives no votes against Amendment 2 (a set's election
    results, each side a row of its own)."""
    against, favour = bool(_ASKS_AGAINST.search(question)), bool(_ASKS_FOR.search(question))
    if against == favour:
        return None
    sides = {"for"} if _SIDE_FOR.search(unit) else set()
    sides |= {"against"} if _SIDE_AGAINST.search(unit) else set()
    if len(sides) != 1 or ("against" in sides) == against:
        return None  # no side's row, both sides' rows, or the asked side's
    return ("votes " + sides.pop(), "votes against" if against else "votes for")


def _left_blank(unit: str, question: str) -> tuple[str, str] | None:
    """The unit leaves blank the value of a label the question asks of ("TOTAL REQUEST:
    $97,401.25  TOTAL AWARD: $ " for what the commission awarded): the blank label says a
    question word no other label of the unit says (neither the kind's words nor a form's
    generic ones, _GENERIC_LABEL), and no filled label says more of the question; the
    figure the unit holds is another label's."""
    asked = set(content_terms(question)) - kind_words(asked_kinds(question)) - _GENERIC_LABEL
    text = unit.strip()
    labels = [(o.start(1), set(content_terms(o.group(1))) & asked) for o in _LABEL_COLON.finditer(text)]
    for m in _BLANK_VALUE.finditer(text):
        own = set(content_terms(m.group(1))) & asked
        others = [words for at, words in labels if at != m.start(1)]
        if own - set().union(*others) and all(len(words) <= len(own) for words in others):
            return (f"{m.group(1).strip()}: (blank)", m.group(1).strip())
    return None


# the words a form's labels share that name a kind of value, not which one
_GENERIC_LABEL = frozenset(content_terms("amount total date fee sum balance due paid number"))


_LABEL_COLON = re.compile(r"([A-Za-z][A-Za-z ]{2,40}?):")


def _other_value(unit: str, question: str) -> tuple[str, str] | None:
    """The unit gives another value after the word the question's value follows, and not the
    question's value ("House assessed at $432,000 will pay ..." for "a property assessed at
    $216,000"): (the unit's value, the question's)."""
    def norm(v: str) -> str:
        return v.replace("$", "").replace(",", "").replace(" ", "")
    values = {norm(v) for v in _NUMBER.findall(unit)}  # every number the unit says
    for m in _GIVEN.finditer(question):
        word, value = stem(m.group(1).lower()), norm(m.group(2))
        if value in values:
            continue
        for o in _GIVEN.finditer(unit):
            if stem(o.group(1).lower()) == word and norm(o.group(2)) != value:
                return o.group(2), m.group(2)
    return None


# a value given as a change ("Parcel fees decreased by $10,470", "gained almost 2 years", "an
# increase of 4%"; not a new level, "increased to $250,000", nor a sum raised, "raised
# $5,000"): the words before its number
_CHANGE_BEFORE = re.compile(r"\b(?:(?:increased|decreased|declined|dropped|fell|rose|grew|gained|went up|went down)"
                            r"\s+(?:by\s+)?|(?:up|down)\s+by\s+|(?:increases?|decreases?|rises?|drops?|declines?|gains?|raised?|cut|"
                            r"reduced|reductions?|lost|lowered)\s+(?:by|of)\s+)(?:(?:almost|about|nearly|"
                            r"approximately|roughly|over|just|some)\s+)?$", re.I)
_FIGURE = re.compile(r"(?:[$£€]\s?)?\d[\d,]*(?:\.\d+)?%?")  # "$ 113,066": a statement's sign set apart
# the words a question asking for a change says ("how much more", "by how much did ... raise")
_ASKS_CHANGE = frozenset(content_terms("increase decrease change changed raise rise rose grow grew drop fall "
                                       "fell cut reduce gain lose lost more less differ difference compare "
                                       "higher lower extra additional save saving savings saved"))
_ASKS_CHANGE_WORDS = re.compile(r"\b(?:more|less|up|down|fewer)\b", re.I)  # stop words to content_terms


_LIST_NUMBER = re.compile(r"^\s*\(?\d{1,2}[.)]\s")


def _change_only(unit: str, question: str, qterms: Collection[str]) -> tuple[str, str] | None:
    """Every figure of the unit (no year) is given as a change ("Parcel fees decreased by
    $10,470 in 2021") and the question asks for no change ("how much did the district bring
    in from parcel fees in 2021?"): a difference, not the value asked."""
    if set(qterms) & _ASKS_CHANGE or set(_lemmas(qterms)) & _ASKS_CHANGE or _ASKS_CHANGE_WORDS.search(question):
        return None
    marker = _LIST_NUMBER.match(unit)  # "1. Shelter rental increased by $10": "1" numbers the item
    figures = [m for m in _FIGURE.finditer(unit)
               if not _YEAR.fullmatch(m.group(0)) and not (marker and m.end() <= marker.end())]
    if figures and all(_CHANGE_BEFORE.search(unit, max(0, m.start() - 40), m.start())
                       or _SAVED_AFTER.match(unit, m.end()) for m in figures):
        return "a change", "the value itself"
    return None


# a sum saved, after its figure ("$700,000 in utility cost savings", "$2 million saved"): a
# difference from what a thing would have cost, not what it cost
_SAVED_AFTER = re.compile(r"(?:\s*(?:million|billion|thousand|[mkb]n?)\b)?\s+(?:in\s+(?:[\w-]+\s+){0,3}savings?|"
                          r"(?:was\s+|were\s+|has been\s+|have been\s+)?saved)\b", re.I)


# words that narrow a thing without naming another one ("total fee", "annual charge")
_PLAIN_MODIFIERS = frozenset(content_terms(
    "total annual monthly yearly daily weekly quarterly current new proposed adopted approved final "
    "base basic standard regular general additional other each per net gross estimated actual "
    "original amended revised such said same following above below first last"))
# the things a fee schedule or a tariff prices, one kind of each told by the word before it
# ("fence permit", "building permit"; "property tax", "cannabis tax")
_PRICED_WORDS = frozenset("fee permit license licence charge fare fine tax pass deposit penalty".split())
_PRICED = frozenset(content_terms(" ".join(sorted(_PRICED_WORDS))))
# (a number was tried as one and left out: "Main Number" and "Direct Number" are a library's
# phone number, "Docket Number" a case's)
# the words a charge's period is said by, as stems ("annual" is "year")
_PERIOD_WORDS = frozenset(content_terms("daily weekly monthly quarterly annual yearly day week month quarter year"))


def _pairs(text: str, lower_only: bool = False, heads: Collection[str] = _PRICED) -> set[tuple[str, str]]:
    """The text's compounds of a word and one of `heads` (by default a priced thing, _PRICED)
    as stems ("fence permit" -> ("fenc", "permit")): two content words with nothing between
    them on one line; `lower_only`: the first word in lower case, no name ("Manchester water")."""
    return {(run[-1], head) for run, head in _runs(text, lower_only, heads)}


_OWNER = re.compile(r"['’]s?$")


def _runs(text: str, lower_only: bool = False, heads: Collection[str] = _PRICED,
          longest: int = 3) -> set[tuple[tuple[str, ...], str]]:
    """The words standing right before one of `heads` (at most `longest`, nearest last), as
    stems: "Local Monthly Pass" -> (("local", "month"), "pass"); `lower_only` as _pairs."""
    out = set()
    for line in text.split("\n"):
        run: list[str] = []
        for word in re.findall(r"[A-Za-z][A-Za-z'’-]*|\S", line):
            terms = content_terms(word) if word[:1].isalpha() else []
            now = terms[0] if len(terms) == 1 else None
            if run and now in heads:
                out.add((tuple(run[-longest:]), now))
            if now and not (lower_only and word[:1].isupper()) and not _OWNER.search(word):
                run.append(now)
            else:
                run = []  # a name, no word, or an owner ("the clerk's phone number")
    return out


# the nouns that label a value ("rate" of "tax rate", "time" of "start time")
_LABEL_HEADS = frozenset(content_terms("fee fees cost costs price prices charge charges payment amount rate "
                                       "rates percent percentage share time date deadline period term size "
                                       "address location"))


# British spellings and the American ones (of words naming things a fee or a count is for)
_SPELLINGS = (("licence", "license"), ("licences", "licenses"), ("centre", "center"), ("centres", "centers"),
              ("metre", "meter"), ("metres", "meters"), ("litre", "liter"), ("litres", "liters"),
              ("theatre", "theater"), ("defence", "defense"), ("offence", "offense"),
              ("harbour", "harbor"), ("programme", "program"), ("colour", "color"))
_BRITISH = re.compile(r"\b(" + "|".join(b for b, _ in _SPELLINGS) + r")\b", re.I)
_AMERICAN = {content_terms(b)[0]: content_terms(a)[0] for b, a in _SPELLINGS}  # as stems
_TO_AMERICAN = dict(_SPELLINGS)


def _american(text: str) -> str:
    """`text` with its British spellings written the American way (_SPELLINGS), a capital kept."""
    def american(m: re.Match) -> str:
        word = _TO_AMERICAN[m[1].lower()]
        return word.capitalize() if m[1][0].isupper() else word
    return _BRITISH.sub(american, text)


def _other_kind_of(unit: str, question: str, qterms: Collection[str],
                   named: Collection[str] = ()) -> tuple[str, str] | None:
    """The unit names another kind of the priced thing the question names ("FENCE PERMIT" for
    "a building permit"): the same thing after another word that is no word of the question,
    and the question's own word for its kind nowhere in the unit. A kind the document names
    itself by (`named`: "cannabis" of a cannabis tax ordinance) is its subject, said or not.
    A word spelt the British way is the American one's ("Dog Licence Fee", a dog license fee)."""
    unit, question = _american(unit), _american(question)
    asked = {_AMERICAN.get(t, t) for t in qterms}
    said = set(content_terms(unit))
    said |= {m for m in asked if said_as(m) & said}  # "telephone" says "phone"
    synonyms = set().union(*(said_as(m) for m in asked))
    theirs = sorted(_runs(unit, longest=1))
    # the words the unit names each kind by ("Resident Individual Pass"): a run sharing a
    # question word names the question's thing, whatever its period
    named_by = {h: set(run) for run, h in _runs(unit)}
    periods = bool(_periodic(unit)) or bool(said & _PERIOD_WORDS)
    for mods, head in sorted(_runs(question, lower_only=True, longest=1)):
        # the question's word for its kind that the unit does not say; a period ("an annual
        # pass") only where the unit says no period at all ("PAL Pass (10 Trips)")
        strong = [m for m in mods if m not in _PLAIN_MODIFIERS and m not in said and m not in named]
        period = [m for m in mods if m in _PERIOD_WORDS and m not in said and not periods]
        if not strong and not period:
            continue
        for run, h in theirs:
            if h != head:
                continue
            others = [o for o in run if o not in asked and o not in _PLAIN_MODIFIERS and o not in synonyms]
            if others and (strong or not named_by.get(head, set(run)) & asked):
                return (f"{_word(unit, others[-1])} {_word(unit, head)}",
                        f"{_word(question, (strong or period)[-1])} {_word(question, head)}")
    return None


def _word(text: str, term: str) -> str:
    """The word of `text` whose stem is `term`, as the text writes it, lower case."""
    return next((w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'’-]*", text) if content_terms(w) == [term]), term)


# the question negates its word by a relation ("documents not related to credit union
# business", "other than", "except"), right before it
_NOT_BEFORE = re.compile(r"\b(?:not (?:related to|for|part of|connected (?:to|with)|associated with)|other than|"
                         r"except(?: for)?|excluding|outside(?: of)?)\s+(?:(?:the|a|an)\s+)?$", re.I)


def _at(text: str, word: str) -> int:
    """Where `word` first stands in `text` as a whole word (case folded), or 0."""
    m = re.search(rf"\b{re.escape(word)}\b", text, re.I)
    return m.start() if m else 0


def _negated(unit: str, question: str) -> tuple[str, str] | None:
    """The unit says the negation of a word of the question ("Inactive employees" for "how
    many active employees"), or the word a negation of the question's stands for, without
    saying the question's own word: (the unit's word, the question's), or None."""
    ours, theirs = set(_WORD.findall(question.lower())), set(_WORD.findall(unit.lower()))
    for a, b in ((ours, theirs), (theirs, ours)):
        plain = {m.group(1): m.group(0) for w in sorted(b) for m in [_NEGATED.fullmatch(w)] if m}
        for word, negation in sorted(plain.items()):
            if a is ours and _NOT_BEFORE.search(question, 0, _at(question, word)):
                continue  # "not related to credit union business" asks the negation itself
            if word in a and negation not in a and word not in b:
                if _said_not(unit if a is theirs else question, word):
                    continue  # "cheques ... had not been presented" are the unpresented ones
                return (negation, word) if a is ours else (word, negation)
    return None


# the words before a word that negate it, as its prefix would ("had not been presented": the
# unpresented cheques)
_NOT_BEFORE_WORD = r"(?:\b(?:not|never|no\s+longer|cannot)|\Bn['’]t)\s+(?:(?:yet|been|be|being|fully)\s+){0,3}"
_SAYS_NOT = re.compile(_NOT_BEFORE_WORD + "$", re.I)


def _said_not(text: str, word: str) -> bool:
    """`text` negates `word` (lower case) by the words before it wherever it says it: "Cheques
    presented totalled £4,212.10, including cheque 1133, which had not been presented in
    June" speaks of presented cheques, its figure theirs."""
    uses = list(re.finditer(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text, re.I))
    return bool(uses) and all(_SAYS_NOT.search(text, max(0, m.start() - 30), m.start()) for m in uses)


# a question asking what was actually done, and a figure only asked for ("TURN's request for
# intervenor compensation seeks an award of just under $...": what the commission actually
# awarded is another figure); a line saying what was actual, approved or granted speaks of it
_ACTUAL_ASKED = re.compile(r"\bactual(?:ly)?\b", re.I)
_ONLY_SOUGHT = re.compile(r"\b(?:seeks?|sought|seeking|request(?:s|ed|ing)?|propos(?:es|ed|ing|al)|"
                          r"asks? for|asked for|claims?|claimed)\b", re.I)
_GRANTED = re.compile(r"\b(?:actual(?:ly|s)?|award(?:ed|s)|approved|granted|paid|adopted|final|total of)\b", re.I)


def _sought_only(unit: str, question: str) -> tuple[str, str] | None:
    """The question asks what was actually done (_ACTUAL_ASKED) and the unit gives only what
    was sought (_ONLY_SOUGHT), saying nothing of what was granted (_GRANTED): (the unit's
    word, "actual"), or None."""
    if not _ACTUAL_ASKED.search(question):
        return None
    sought = _ONLY_SOUGHT.search(unit)
    if sought is None or _GRANTED.search(unit):
        return None
    return sought.group(0), "actual"


# a word negated by the words before it: "NOT LICENSED", "had not been presented"
_NOT_THEN_WORD = re.compile(_NOT_BEFORE_WORD + r"([A-Za-z]{4,})", re.I)


def _negates_asked(unit: str, question: str) -> tuple[str, str] | None:
    """The unit says a priced thing the question names (a licence, a permit, a pass: _PRICED,
    the noun as the question writes it) only as negated by the words before it, in every
    form it says it ("ANIMALS NOT LICENSED $10.00" for what a dog licence costs: the fee of
    animals without one), and the question does not negate it: (the unit's words, the
    question's word), or None. Not any word: a label's "Not X" names what its fee is for
    ("Late Fee - Dogs Not Licensed by April 1" for licensing a dog late, "Vehicles Not
    Registered in Millbrook" for a vehicle registered outside it). A unit saying the word
    plainly as well ("Dog license $20; animals not licensed $10") speaks of it. Labels and
    rows only: running text negates a word
    in passing, of something else than the figure ("one hundred dollars for attending each ...
    meeting, but shall not be paid for attending more than two meetings"; "in 1993 the PWD
    was granted a waiver ... and does not filter its water")."""
    words = [w for w in unit.split() if w[:1].isalpha()]
    if len(words) >= 6 and 2 * sum(1 for w in words if w[0].islower()) >= len(words):
        return None  # running text negates a word in passing ("does not filter its water")
    asked = {t: w for w in _WORD.findall(question.lower()) for t in content_terms(w)[:1]
             if t in _PRICED and w.rstrip("s") in _PRICED_WORDS}  # "a dog license", not "licensing a dog"
    for m in _NOT_THEN_WORD.finditer(unit):
        said = content_terms(m.group(1))
        word = asked.get(said[0]) if said else None
        if word is None or _said_not(question, word) or _NOT_BEFORE.search(question, 0, _at(question, word)):
            continue
        forms = {w for w in _WORD.findall(unit.lower()) if content_terms(w)[:1] == said}
        if all(_said_not(unit, f) for f in forms):
            return (" ".join(m.group(0).split()), word)
    return None


_MONTH_WORD = re.compile(r"\b(?:january|february|march|april|june|july|august|september|october|november|"
                         r"december)\b", re.I)


# May, the month, as a text writes it (terms.MAY_MONTH; "may", the verb, is a stop word)
_MAY = MAY_MONTH


def _months_as_written(terms: set[str], text: str) -> set[str]:
    """`terms` with a month only where `text` writes the month's own word: "Julie Pottorff"
    and "marched" share the stems of July and March, and name no month."""
    if not terms & _MONTHS:
        return terms
    return (terms - _MONTHS) | {stem(m.lower()) for m in _MONTH_WORD.findall(text)}


# a weekday's short form, as timetables and hours print it ("Sun | 1 p.m. | 5 p.m.", "Mon &
# Fri 10-1pm"): with its capital, before a cell's edge, a list's joint, a figure or the line's
# end, so "sat" in running text and "Sun Prairie Branch" or "Wed Lane" name no day
_DAY_SHORT = re.compile(r"(?<![\w-])(Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun"
                        r"|MON|TUES?|WED|THU(?:RS?)?|FRI|SAT|SUN)"
                        r"\.?"
                        r"(?=\s*(?:[|:&,/–—-]|\d|$|(?:to|thru|through|and)\b))")
# the classes whose members' other names are the same thing, not a looser kin of it
_SAME_NAMED = _ORDINALS | _STATISTICS | _ATTENDANCE | _WEEKDAYS
_DAY_OF = dict(zip(("mon", "tue", "wed", "thu", "fri", "sat", "sun"),
                   content_terms("monday tuesday wednesday thursday friday saturday sunday")))


def _members(text: str, days: Collection[str] | None = None) -> set[str]:
    """The text's terms with each sibling-class member by its one name (_MEMBER_OF), a month
    only as written (_months_as_written), and a weekday's and a dated month's short form as
    the day or the month ("Wed", "31st Mar 2022"; with `days`, _dated_months')."""
    terms = _months_as_written({_MEMBER_OF.get(t, t) for t in content_terms(text)}, text)
    return (terms | {_DAY_OF[m[:3].lower()] for m in _DAY_SHORT.findall(text)}
            | _dated_months(text, days) | ({MAY} if _MAY.search(text) else set()))


# a whole date in figures: "5/15/2013", "05-15-13", "2013-05-15"; not a record's own day,
# after the word it is kept by ("invoice ... dated 5/28/2024" may be April's; "report filed
# 8/14/2024" is July's: a review's made-up ledgers)
_FIGURED_DATE = re.compile(r"(?<![\d/.-])(?<!dated )(?<!filed )(?<!posted )(?<!paid )(?<!received )(?<!submitted )"
                           r"(?<!issued )(?<!due )(?<!signed )(?<!revised )(?<!updated )(?<!printed )(?<!on )"
                           # (dashes with a year of four digits only: "Ordinance 10-13-25" is a number)
                           r"(?:(\d{1,2})/(\d{1,2})/((?:19|20)?\d\d)|(\d{1,2})-(\d{1,2})-((?:19|20)\d\d)"
                           r"|((?:19|20)\d\d)-(\d\d)-(\d\d))(?![\d/-])(?!\.\d)", re.I)
_MONTH_STEMS = content_terms("january february march april") + [MAY] + content_terms(
    "june july august september october november december")


def _figured_months(text: str) -> set[str]:
    """The months a text's dates in figures are of, where the date reads one way only: a
    year first ("2013-05-15"), or a day past 12 beside the month ("5/15/2013" is May, as
    "15/5/2013" is); "5/6/2013" may be May or June, and names neither. So "Approval of Town
    Board Minutes – 5/15/2013" is May's minutes, no answer on June 2013's. Read by sibling
    only: a date in figures never makes a line speak of a month (about)."""
    out = set()
    for m in _FIGURED_DATE.finditer(text):
        if m[7]:
            month = int(m[8])
        else:
            a, b = (int(m[1]), int(m[2])) if m[1] else (int(m[4]), int(m[5]))
            month = a if b > 12 >= a else b if a > 12 >= b else 0
        if 1 <= month <= 12:
            out.add(_MONTH_STEMS[month - 1])
    return out


# a month's short form beside a day or a year ("31st Mar 2022", "Sept. 5", "15-Jan-24"): the
# month ("Jan Smith" is no month)
_MONTH_SHORT = re.compile(r"(?<![A-Za-z])(Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec|JAN|FEB|MAR|APR|JUN|JUL|"
                          r"AUG|SEPT?|OCT|NOV|DEC)(?![A-Za-z])")
_DAY_BEFORE = re.compile(r"\d(?:st|nd|rd|th)?[\s-]?$")
_DAY_AFTER_SHORT = re.compile(r"\.?[\s-]?\d")
_DIGITS = re.compile(r"\d+")


def _row_date(text: str) -> tuple[int | None, int | None]:
    """(year, month) a table row is keyed by in figures, in its first cell: a whole date
    ("2025-06-15", "6/15/2025", a datetime's date) or a year and month ("2025-07", "202507";
    not "2011-12", a fiscal year); (None, None) otherwise, and for a line of running text. A
    date further along is a posting date or a deadline, a six-digit figure an amount."""
    if not _TABLE_ROW.search(text):
        return None, None
    cell = text.split("|", 1)[0].strip()
    day = numeric_day(cell.split()[0]) if cell else None
    if day:
        return int(day[:4]), int(day[5:7])
    return year_month(cell)


# a month the question names by its word ("May" only before a day or a year: else a verb)
_MONTH_ASKED = re.compile(r"\b(?:(january|february|march|april|june|july|august|september|october|november|"
                          r"december)|(may)(?=\s+\d))\b", re.I)


def _other_month(unit: str, question: str) -> tuple[str, str] | None:
    """For a question asking no date or time, a row keyed in figures by a month (_row_date:
    "2025-06 | Water | 196,310") other than every month the question names, which it does
    not name by its word either: the row of another month."""
    asked = {_month_number(m[1] or m[2]) for m in _MONTH_ASKED.finditer(question)}
    if not asked or set(asked_kinds(question)) & {"date", "time"}:
        return None  # a deadline or a date asked may well fall in another month
    _, month = _row_date(unit)
    if month is None or month in asked or {_month_number(m) for m in _MONTH_WORD.findall(unit)} & asked:
        return None
    return _MONTH_NAMES_FULL[month - 1], ", ".join(_MONTH_NAMES_FULL[m - 1] for m in sorted(asked))


# a month's name and a year after it, a day between or none: "January 2023", "Jan. 5, 2023",
# "March 31st, 2018" ("May" only so, where it is no verb)
_MONTH_YEAR = re.compile(rf"\b({MONTH})\.?\s+(?:\d{{1,2}}(?:st|nd|rd|th)?,?\s+)?((?:19|20)\d\d)\b", re.I)


def _month_years(text: str) -> set[tuple[int, int]]:
    return {(_month_number(m[1]), int(m[2])) for m in _MONTH_YEAR.finditer(text)}


def _other_month_year(unit: str, question: str) -> tuple[str, str] | None:
    """The question's month in another year, and none of the question's years anywhere in
    the unit: "As of January 2023, the fund supported 44 projects" is no answer for "as of
    January 2022". Only a month and a year written together in both, and not for a question
    asking a date or a time: there the question's month names what is asked about, not
    the answer's period ("when will the bridge begun in March 2023 be finished?" is
    answered "expected in March 2025": a review's made-up case)."""
    asked = _month_years(question)
    if not asked or set(asked_kinds(question)) & {"date", "time"}:
        return None
    months, years = {m for m, _ in asked}, {str(y) for _, y in asked}
    other = {(m, y) for m, y in _month_years(unit) if m in months and (m, y) not in asked}
    if not other or years & _years_of(unit):
        return None
    return (", ".join(f"{_MONTH_NAMES_FULL[m - 1]} {y}" for m, y in sorted(other)),
            ", ".join(f"{_MONTH_NAMES_FULL[m - 1]} {y}" for m, y in sorted(asked)))


# a date in figures filling a table's cell: "2024-02-10", "02/10/2024", "9/1/18"
_CELL_DATE = re.compile(r"^\s*(?:(\d{4})-(\d{1,2})-(\d{1,2})|(\d{1,2})/(\d{1,2})/(\d{2}|\d{4}))(?:[ T]\d{1,2}:\d\d(?::\d\d)?)?\s*$")


def _cell_months(cell: str) -> set[tuple[int, int]] | None:
    """(month, year) a cell's date in figures may be: one for a year-first date; the month
    first and, where both could be a month, the day first too ("09/01/2018" is September 1
    or 9 January: a ledger from Oxford writes the day first). None: no date."""
    m = _CELL_DATE.match(cell)
    if not m:
        return None
    if m[1]:
        return {(int(m[2]), int(m[1]))} if 1 <= int(m[2]) <= 12 else None
    a, b, y = int(m[4]), int(m[5]), int(m[6])
    y = y + 2000 if y < 100 else y
    out = {(a, y)} if 1 <= a <= 12 else set()
    if 1 <= b <= 12:
        out.add((b, y))
    return out or None


def _other_dated_row(unit: str, question: str) -> tuple[str, str] | None:
    """For a question asking no date (a time of day may be asked: "what time did the April
    10, 2024 meeting start?"), about a month of a year ("paid to Delta
    Uniforms in February 2023"): a table row whose cells give dates in figures, none of
    them in an asked month of its year, either way a date may be read, and which names no
    asked year otherwise: a ledger's row of another month ("Delta Uniforms | 2024-02-10 |
    $500" for February 2023). A row with one date of the asked month stands, whatever other
    dates it gives (a posting date, a deadline)."""
    asked = _month_years(question)
    if not asked or not _TABLE_ROW.search(unit) or "date" in asked_kinds(question):
        return None
    dates = [d for d in map(_cell_months, unit.split("|")) if d]
    if not dates or any(d & asked for d in dates):
        return None
    if {str(y) for _, y in asked} & _years_of(" | ".join(c for c in unit.split("|") if _cell_months(c) is None)):
        return None
    other = sorted({min(d) for d in dates})
    return (", ".join(f"{_MONTH_NAMES_FULL[m - 1]} {y}" for m, y in other),
            ", ".join(f"{_MONTH_NAMES_FULL[m - 1]} {y}" for m, y in sorted(asked)))


# a whole date in figures within a cell: "2024-02-28", "2024/04/10", "2024-04-10 6:30 PM",
# "4/10/2024 6:30 PM", "05/08/24"
_ISO_DAY = re.compile(r"(?<![\d/-])((?:19|20)\d\d)[-/](\d\d?)[-/](\d\d?)(?![\d/-])")
_US_DAY = re.compile(r"(?<![\d/-])(\d{1,2})/(\d{1,2})/(\d{4}|\d\d)(?![\d/-])")
_FULL_DAY = re.compile(rf"\b({MONTH})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+((?:19|20)\d\d)\b", re.I)


def _other_row_day(unit: str, question: str) -> tuple[str, str] | None:
    """For a question asking no date, about a day it names whole ("the Dallas City Council
    meeting on April 10, 2024"): a table row whose cells give whole dates in figures, none of
    them the asked day ("2944 | 2024-02-28 | 9:00 AM | City Council", "4/10/2024 6:30 PM",
    "05/08/24"), is another day's row."""
    if not _TABLE_ROW.search(unit) or "date" in asked_kinds(question):
        return None
    asked = {(int(y), _month_number(m), int(d)) for m, d, y in _FULL_DAY.findall(question)}
    if not asked:
        return None
    own = _PUT_OFF_DAY.sub(" ", unit)  # a day it is put off to is another meeting's ("DEFERRED TO 4/10/24")
    days = {(int(m[1]), int(m[2]), int(m[3])) for m in _ISO_DAY.finditer(own)}
    days |= {(int(m[3]) + (2000 if len(m[3]) == 2 else 0), int(m[1]), int(m[2])) for m in _US_DAY.finditer(own)}
    if not days or days & asked or {(mo, d) for _, mo, d in asked} & _days_named(own):
        return None  # (a row naming the asked day in its words is of it: "... an election on May 4, 2024")
    return (", ".join(f"{y}-{mo:02d}-{d:02d}" for y, mo, d in sorted(days)),
            ", ".join(f"{y}-{mo:02d}-{d:02d}" for y, mo, d in sorted(asked)))


# a day of a month by the month's name, either order: "August 13", "Aug. 27th", "13 August"
_DAY_OF_MONTH = re.compile(rf"\b({MONTH})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?\b(?!:\d|\s*[ap]\.?m\b)"
                           rf"|\b(\d{{1,2}})(?:st|nd|rd|th)?\s+(?:of\s+)?({MONTH})\b", re.I)


def _days_named(text: str) -> set[tuple[int, int]]:
    """(month, day) of each day a text names by its month's name."""
    out = set()
    for m in _DAY_OF_MONTH.finditer(text):
        month, day = (m[1], m[2]) if m[1] else (m[4], m[3])
        if 1 <= int(day) <= 31:
            out.add((_month_number(month), int(day)))
    return out


# a matter put off to another day: "continued to Monday, August 27", "adjourned until"
_PUT_OFF_TO = re.compile(r"\b(?:continued|postponed|rescheduled|adjourned|deferred|tabled|recessed|moved)\b"
                         r"[^.;]{0,40}?\b(?:to|until|till)\b", re.I)


# a day a matter is put off to: "deferred to April 10", "DEFERRED TO 4/10/24", "continued to 2024-04-10"
_PUT_OFF_DAY = re.compile(_PUT_OFF_TO.pattern + rf"\s+(?:\w+day,?\s+)?(?:{MONTH}\.?\s+\d{{1,2}}|"
                          r"\d{1,2}/\d{1,2}/\d{2,4}|(?:19|20)\d\d[-/]\d\d?[-/]\d\d?)", re.I)


def _other_day(unit: str, question: str) -> tuple[str, str] | None:
    """For a question asking no date or time, about a day it names ("the council meeting of
    August 13, 2018"): a line putting a matter off to another day of that month and not
    naming the question's ("... continued to Monday, August 27, 2018 at 7 PM in Lloyd Minor
    Park") is that other day's. Only a day put off to: a due date, an effective date or
    "as of September 1" beside a figure is the figure's own (a review on made-up minutes).
    A question asking when gives a day to find another by ("proposals due for the study
    discussed on June 10" is answered by "June 13")."""
    asked = _days_named(question)
    if not asked or set(asked_kinds(question)) & {"date", "time"}:
        return None
    put_off = [m.end() for m in _PUT_OFF_TO.finditer(unit)]
    if not put_off:
        return None  # a due date, an effective date, "as of September 1": the day's own matters
    said = _days_named(unit)
    after = set().union(*(_days_named(unit[at:at + 40]) for at in put_off))
    months = {m for m, _ in asked}
    other = {(m, d) for m, d in after if m in months}
    if not other or said & asked:
        return None
    return (", ".join(f"{_MONTH_NAMES_FULL[m - 1]} {d}" for m, d in sorted(other)),
            ", ".join(f"{_MONTH_NAMES_FULL[m - 1]} {d}" for m, d in sorted(asked)))


_MONTH_NAMES_FULL = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
                     "October", "November", "December")


def _month_number(name: str) -> int:
    """1 to 12 for a month's name, whole or short ("August", "Aug")."""
    return _MONTH_NAMES.index(name[:3].lower()) + 1


def _dated_months(text: str, days: Collection[str] | None = None) -> set[str]:
    """The months a text names by a short form beside a number (_MONTH_SHORT); with `days`
    (the days of the month a question names), only those beside one of them or a year ("Oct
    18th" is another day than "October 8")."""
    out = set()
    for m in _MONTH_SHORT.finditer(text):
        before = _DAY_BEFORE.search(text, max(0, m.start() - 5), m.start())
        after = _DAY_AFTER_SHORT.match(text, m.end())
        if not (before or after):
            continue
        if days:
            near = _DIGITS.findall(text[max(0, m.start() - 5):m.start()] + " " + text[m.end():m.end() + 4])
            if near and not any(n in days or len(n) == 4 for n in near):
                continue
        out.add(_MONTH_OF[m[1][:3].lower()])
    return out


_MONTH_OF = dict(zip(("jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "oct", "nov", "dec"),
                     content_terms("january february march april june july august september october "
                                   "november december")))


def sibling(unit: str, question: str, qterms: Collection[str], classes=_SIBLINGS,
            named: Collection[str] = (), line: bool = True) -> tuple[str, str] | None:
    """What the unit names in place of what the question names, as (the unit's, the
    question's), or None: another member of a closed class (an ordinal, a month, a weekday,
    a season, a direction, a quarter, a statistic, a utility service, where a transfer goes,
    a class of customer, a charge's period: _SIBLINGS) when the unit lacks the question's
    own; the negation of a question's word (_negated), or the word said only negated
    (_negates_asked); on a line's unit, only what was sought for what was actually done
    (_sought_only: a passage may say what was proposed beside what was done); a figure
    given only as a change
    (_change_only); a number bounded the other way (_opposite_bound); the question's date
    only as the next meeting's or a matter put off to it; a date no later than the one the
    question asks after (_not_after); another value after the question's value's word
    (_other_value); on a line's unit (`line`), another kind of a priced thing
    (_other_kind_of; `named`: the words the document names itself by) or a row keyed by
    another year (_other_year); or another value of a label the question gives ("Plan B"
    for "Plan D", "Tier 3" for "Tier 2"); on a line's unit, another count of the noun the
    question counts ("10 Ride" for one ride: _other_count)."""
    member = _other_member(unit, question, qterms, classes)
    if member:
        return member
    opposite = (_negated(unit, question) or _negates_asked(unit, question)
                or (line and _sought_only(unit, question)) or _change_only(unit, question, qterms)
                or (line and _other_kind_of(unit, question, qterms, named)) or _opposite_bound(unit, question)
                or _next_meeting_only(unit, question) or _not_after(unit, question) or _other_value(unit, question)
                or (line and _other_year(unit, question)) or (line and _other_month(unit, question))
                or (line and _one_year_of_span(unit, question))
                or (line and _other_day(unit, question))
                or (line and _other_month_year(unit, question))
                or (line and _other_dated_row(unit, question)) or (line and _other_row_day(unit, question))
                or (line and _left_blank(unit, question))
                or (line and _other_side(unit, question))
                or _lesser_office(unit, question) or _higher_office(unit, question)
                or (line and _other_office(unit, question)) or _prefixed_only(unit, question))
    if opposite:
        return opposite
    theirs = _labels(unit)
    for label, values in _labels(question).items():
        if label in theirs and label not in _NAMING_ONLY and not (theirs[label] & values):
            return (", ".join(f"{label} {v}" for v in sorted(theirs[label])),
                    ", ".join(f"{label} {v}" for v in sorted(values)))
        other = {o for o in theirs if o in _APPARATUS_KINDS and o != label}
        if label in _APPARATUS_KINDS and label not in theirs and other:  # "E1" is no ladder
            return ", ".join(f"{o} {v}" for o in sorted(other) for v in sorted(theirs[o])), f"{label} {min(values)}"
    return (_other_numbered(unit, question) or _other_jurisdiction(unit, question)
            or (_other_count(unit, question) if line else None) or _across_several(unit, question))


def _other_member(unit: str, question: str, qterms: Collection[str], classes) -> tuple[str, str] | None:
    """Another member of a closed class (sibling's first test): the unit names one of
    `classes`' members and none the question names."""
    terms = _members(unit) | _bound_words(unit) | _periodic(unit) | _quarters(unit)
    if "|" not in unit and not set(asked_kinds(question)) & {"date", "time"}:
        # (a table's row is keyed by its first cell, _other_dated_row; a date asked may fall
        # in another month: "registration closes 2025-04-30" for the May 17 race)
        terms |= _figured_months(unit)
    bound = _AFTER_DATE.search(question)  # "... after its November 9, 2023 session": a bound, no month asked
    said = question[:bound.start()] if bound else question
    asked = _months_as_written({_MEMBER_OF.get(t, t) for t in qterms}, said) | _periodic(said) | _quarters(said)
    if _MAY.search(said):
        asked.add(MAY)  # "sales tax for May 2022": _months_as_written dropped it (not in _MONTH_WORD)
    # a utility service the question says only inside a body's name ("the Niagara Falls Water
    # Board") names the body, not the service asked
    in_names = ({_MEMBER_OF.get(t, t) for t in content_terms(" ".join(_PROPER_RUN.findall(said)))}
                - {_MEMBER_OF.get(t, t) for t in content_terms(_PROPER_RUN.sub(" ", said))})
    for members in classes:
        wanted = asked & members - (in_names if members is _SERVICES else set())
        said = terms
        if members is _TENURE and (not wanted or "person" not in asked_kinds(question)):
            continue
        if members is _ANIMALS:  # ("Rabbit Run Park, 400 Goat Hill Road" names no animal)
            said = terms - (members - set(content_terms(_PROPER_RUN.sub(" ", unit))))
        if wanted and not (said & wanted) and (said & members):
            return (", ".join(sorted(_SHOWN.get(t, t) for t in said & members)),
                    ", ".join(sorted(_SHOWN.get(t, t) for t in wanted)))
    return None


# an office's one name: "chair", "chairman", "chairperson", "chairwoman" are one office
_OFFICE_OF = {"chairman": "chair", "chairperson": "chair", "chairwoman": "chair"}


def _offices(text: str) -> set[str]:
    return {_OFFICE_OF.get(m.lower(), m.lower()) for m in _OFFICE_WORD.findall(text)}


def _other_office(unit: str, question: str) -> tuple[str, str] | None:
    """A roster's or a payroll's row (a table row, a label and its figures) naming another
    office than the one the question names, and not the question's ("POLICE DEPARTMENT
    MURPHY, DONALD POLICE OFFICER 40,151.55 ..." for the chief of police's overtime)."""
    asked = _offices(question)
    if not asked or not (_TABLE_ROW.search(unit) or _ROW_FIGURES.match(unit)):
        return None
    theirs = _offices(unit)
    if theirs and not theirs & asked:
        return ", ".join(sorted(theirs)), ", ".join(sorted(asked))
    return None


# a word under a prefix that makes it another thing: "pre-bid", "post-construction",
# "non-resident" / "nonresident" (a hyphen needed but after "non": "present" is a word of
# its own)
_PREFIXED = re.compile(r"\b(?:(pre|post)-|(non)-?)([a-z]{3,})\b", re.I)  # (not "sub-": a sub-committee is a committee)


_YES_NO = re.compile(r"^\W*(?:is|are|was|were|can|could|do|does|did|will|would|may|must|should|has|have)\b", re.I)


def _prefixed_only(unit: str, question: str) -> tuple[str, str] | None:
    """A word of the question that the unit says only under a prefix the question does not
    give: "the pre-bid meeting held on May 14" is no answer on when bids are opened, nor a
    "Non-resident" fee on the resident's."""
    for m in _PREFIXED.finditer(unit):
        word = m[3]  # the question's own word, or its plural ("transfer" is no "transferable")
        if not re.search(rf"(?<![\w-]){re.escape(word)}(?:s|es)?\b", question, re.I) or re.search(rf"\b{re.escape(m[1] or m[2])}-?{re.escape(word)}",
                                                         question, re.I):
            continue
        if (m[2] or "").lower() == "non" and (_YES_NO.match(question) or re.search(
                rf"\b(?:not|no|without|excluding)\b(?:\W+\w+){{0,3}}\W+{re.escape(word)}", question, re.I)):
            continue  # "documents not related to credit union business" asks the "Non-Credit Union" fee;
            # "are hangtags transferable?" is answered "non-transferable"
        bare = [b for b in re.finditer(rf"\b{re.escape(word)}\w*", unit, re.I)
                if not re.search(r"(?:pre|post)-$|non-?$", unit[:b.start()], re.I)]
        if not bare:
            return m.group(0).lower(), word.lower()
    return None


# an office's word, and the ranks under or beside an office a payroll or a roster writes
# before its name ("DPTY CITY SOLICITOR", "Asst. Fire Chief", "Secretary to City Solicitor")
_OFFICE_NOUNS = ("solicitor|chief|director|manager|superintendent|president|chair|chairman|chairperson|"
                 "chairwoman|secretary|treasurer|clerk|attorney|engineer|officer|administrator|commissioner|"
                 "coordinator|planner|inspector|supervisor|principal|controller|comptroller|auditor|counsel|"
                 "assessor|librarian|marshal|sheriff|mayor|collector|recorder|registrar|fire chief")
# (not "acting", "interim": the one in the post now, "Acting City Manager: Dale Price", a review)
_RANK = r"(?:deputy|dpty|dep\.|assistant|asst\.?|vice|secretary to|aide to)"  # (not "under": "operates under the City Manager")
_RANKED_BEFORE = re.compile(rf"\b{_RANK}(?:\s+|\s*-\s*)(?:[A-Za-z&]+\s+){{0,2}}$", re.I)
_A_RANK = re.compile(rf"\b{_RANK}", re.I)
_RANKED_OFFICE = re.compile(rf"\b{_RANK}(?:\s+|\s*-\s*)(?:[A-Za-z&]+\s+){{0,2}}?({_OFFICE_NOUNS})\b", re.I)
_OFFICE_WORD = re.compile(rf"\b(?:{_OFFICE_NOUNS})\b", re.I)


# a line giving an office alone, as a staff page or a signature block prints it under the
# name ("**Director of Animal Services**", "Assistant Secretary for Public and Indian Housing"):
# the office's noun after at most three capitalised words, not its possessive nor its
# elect ("Director's Report", "Mayor-Elect"), and not one who no longer or not yet holds it,
# nor an office's name ("Past President", "Candidate for Mayor", "Office of the Director",
# "Manager of the Month": _NOT_HOLDER)
_OFFICE_LINE = re.compile(rf"^[^\w]*(?:(?:[Tt]he|[Aa]n?)\s+)?(?:[A-Z][\w&.'’-]*\s+){{0,3}}?(?i:{_OFFICE_NOUNS})\b"
                          r"(?!['’]s\b|-elect\b)")
_NOT_HOLDER = re.compile(r"\b(?:former|past|retired|late|outgoing|incoming|candidate|candidates|nominee|emeritus|"
                         r"office of|of the (?:month|year|week))\b", re.I)
# the office a question asks the holder of: up to two words before its noun ("city manager")
# and what it is of ("director of Oakland Animal Services"), up to a time or a place
_OFFICE_ASKED = re.compile(rf"(?:\b([\w'’-]+)\s+)?(?:\b([\w'’-]+)\s+)?\b({_OFFICE_NOUNS})\b"
                           r"(?:\s+(?:of|for)\s+(?:the\s+)?([^?,;]*?))?(?=\s+(?:in|at|on|during|since|as of|when)\b|[?,;]|$)",
                           re.I)
# a chief the question names by what the chief does ("the chief economist of the Finance
# Division"; "chief financial officer" is an officer, _OFFICE_ASKED): "chief" and the word after
_CHIEF_ASKED = re.compile(r"\b(chief)\s+(?!(?:of|for|in|at|on|during|since|as|when|is|was|and|or|to|the)\b)"
                          r"([A-Za-z][\w'’-]*)", re.I)  # (what it is of names the body, not the office)
_OFFICE_LINE_WORDS = 10
_NAME_LINE_WORDS = 4


def _office_asked(question: str) -> re.Match | None:
    """Where the question names the office it asks the holder of (_OFFICE_ASKED, _CHIEF_ASKED)."""
    return _OFFICE_ASKED.search(question) or _CHIEF_ASKED.search(question)


def _office_terms(question: str) -> frozenset[str] | None:
    """The words of the office the question asks the holder of (_OFFICE_ASKED), its noun
    among them, or None when it names no office."""
    m = _office_asked(question)
    if m is None:
        return None
    return frozenset(content_terms(" ".join(g for g in m.groups() if g)))


def _office_shaped(text: str) -> bool:
    """A line giving an office alone: short, no sentence, its noun after at most three
    capitalised words (_OFFICE_LINE)."""
    return len(text.split()) <= _OFFICE_LINE_WORDS and not _ENDS_SENTENCE.search(text) \
        and _OFFICE_LINE.match(text) is not None


def _name_line(texts: Sequence[str], j: int, kind: Sequence[bool]) -> bool:
    """Line j is a name alone (holding a person, _NAME_LINE_WORDS at most, no office), or a
    row of names alone, cards printed side by side ("Alicia Brandt  Dwayne Pruitt  Harold
    Simms": each cell a person's name of _NAME_LINE_WORDS at most)."""
    if not kind[j] or _office_shaped(texts[j]):
        return False
    if len(texts[j].split()) <= _NAME_LINE_WORDS:
        return True
    cells = _SIDE_GAP.split(texts[j].strip())
    return len(cells) >= 2 and all(len(c.split()) <= _NAME_LINE_WORDS and not _office_shaped(c)
                                   and holds(c, ("person",)) for c in cells)


def _names_over_offices(texts: Sequence[str], kind: Sequence[bool]) -> bool:
    """The passage prints each name over its office (a staff page, signature blocks), not
    under it: more of its office lines (_office_shaped) have a name line right above than
    right below, or as many and the first of them has (a list ending in a name)."""
    above = below = 0
    first = None
    for k, text in enumerate(texts):
        if _office_shaped(text):
            up = k > 0 and _name_line(texts, k - 1, kind)
            first = up if first is None else first
            above += up
            below += k + 1 < len(texts) and _name_line(texts, k + 1, kind)
    return above > below or (above == below and bool(first))


def _office_under(texts: Sequence[str], i: int, office: frozenset[str], ranks: set[str]) -> int | None:
    """Line i + 1, the office under the name line i, when it is the office the question
    asks the holder of (`office`: _office_terms; else None): held now (not _NOT_HOLDER),
    every word of the asked office but one at most ("Director of Animal Services" for the
    director of Oakland Animal Services; not "Director of Public Works"), under the same
    rank (`ranks`, the question's: "Deputy Director ..." is not the director, nor
    "Assistant Director" the deputy)."""
    below = _office_text(texts[i + 1], texts[i + 2] if i + 2 < len(texts) else "")
    return i + 1 if _the_office(below, office, ranks) else None


_OFFICE_REACH = 2  # lines either side of a name where its office may stand


def _office_noun(question: str) -> re.Pattern | None:
    """The noun of the office the question asks the holder of ("supervisor" in "who is the
    plan review supervisor"), as a pattern finding it or its plural; None when none."""
    m = _office_asked(question)
    if m is None:
        return None
    word = (m.group(3) if m.re is _OFFICE_ASKED else m.group(1)).lower()
    return re.compile(rf"\b{re.escape(word)}(?:s|es)?\b", re.I)


def _office_text(line: str, nxt: str) -> str:
    """An office line's text, with the next line when that one carries it on ("Chief
    Financial Officer" / "and Treasurer": a lower-case word opens it)."""
    return f"{line} {nxt}" if _CARRIED_ON.match(nxt) else line


def _the_office(text: str, office: frozenset[str], ranks: set[str]) -> bool:
    """`text` gives the asked office (see _office_under)."""
    return (not _NOT_HOLDER.search(text) and len(office - set(content_terms(text))) <= (1 if len(office) > 2 else 0)
            and _ranks(text) == ranks)


_CARRIED_ON = re.compile(r"^\s*(?:and|of|for|&)\s+\S")
_SIDE_GAP = re.compile(r"\s{2,}")  # the gap the PDF reader sets between a row's cells


def _side_by_side(texts: Sequence[str], j: int, office: frozenset[str], ranks: set[str],
                  names_first: bool) -> bool | None:
    """Line j prints cards side by side, a name in each of its cells with the cells' offices
    on the line beside it, in the same places ("Kevin Marshman (Officer)  Bruce Malloch" over
    "President and Chief  Director, Strategic": a staff page's grid the PDF reader joins row
    by row): whether the asked office stands beside one of its names, cell for cell (under it
    where the passage prints names over offices, else over it). None when line j is no such
    row: one cell, an office among its cells (a name and its office: one record), or no
    line of offices in cells beside it."""
    cells = _SIDE_GAP.split(texts[j].strip())
    k = j + 1 if names_first else j - 1
    if len(cells) < 2 or not 0 <= k < len(texts) or any(_office_shaped(c) for c in cells):
        return None
    offices = _SIDE_GAP.split(texts[k].strip())
    if len(offices) < 2 or not any(_office_shaped(c) for c in offices):
        return None
    if len(offices) != len(cells):
        return False  # which office is whose cannot be told
    after = _SIDE_GAP.split(texts[k + 1].strip()) if names_first and k + 1 < len(texts) else []
    if len(after) != len(cells):
        after = [""] * len(cells)
    return any(holds(name, ("person",)) and _the_office(_office_text(o, a), office, ranks)
               for name, o, a in zip(cells, offices, after))


_RANK_FORMS = {"dpty": "deputy", "dep.": "deputy", "asst": "assistant", "asst.": "assistant"}


def _ranks(text: str) -> set[str]:
    """The ranks a text gives, in one form ("Dpty" is "deputy")."""
    return {_RANK_FORMS.get(m.group(0).lower(), m.group(0).lower()) for m in _A_RANK.finditer(text)}


def _lesser_office(unit: str, question: str) -> tuple[str, str] | None:
    """An office the question names ("city solicitor", "chief of police" by its noun), which
    the unit names only under a rank the question does not give ("DPTY CITY SOLICITOR",
    "Assistant City Solicitor", "Secretary to City Solicitor"): the deputy's row, no answer
    on the solicitor's pay. Not where the question gives a rank itself ("what does the
    deputy clerk earn")."""
    if _A_RANK.search(question):
        return None
    for m in _OFFICE_WORD.finditer(question):
        office = m.group(0).lower()
        said = [o for o in re.finditer(rf"\b{re.escape(office)}\b", unit, re.I)]
        if not said:
            continue
        ranks = [_RANKED_BEFORE.search(unit[:o.start()]) for o in said]
        if all(ranks):
            return " ".join((ranks[0].group(0) + said[0].group(0)).lower().split()), office
    return None


def _higher_office(unit: str, question: str) -> tuple[str, str] | None:
    """An office the question names under a rank ("vice chairman", "Deputy Mayor Pro Tem",
    "assistant director"), which the line names only without one ("Dr. Richard Brown,
    Chairman", "15 | Eric Johnson | Mayor"): the higher office's holder, no answer on who
    holds the ranked one (_lesser_office's converse). The office by its last word and its
    forms ("chair", "Chairwoman", "Chairperson"; "fire chief" by "Chief": "Deputy Chief
    Anna Ruiz" is ranked), the rank before it with a space or a hyphen ("Vice-Chair")."""
    for m in _RANKED_OFFICE.finditer(question):
        office = m.group(1).lower()
        rank = _rank_of(m.group(0))
        head = office.split()[-1]
        head = _CHAIR if head.startswith("chair") else re.escape(head)
        said = list(re.finditer(rf"\b{head}\b", unit, re.I))
        ranks = [_RANKED_BEFORE.search(unit[:o.start()]) for o in said]
        if said and not any(r and _rank_of(r.group(0)) == rank for r in ranks):
            # unranked, or under another rank ("Assistant Superintendent" for the deputy superintendent)
            other = next((r for r in ranks if r), None)
            return " ".join(((other.group(0) if other else "") + said[0].group(0)).lower().split()), \
                " ".join(m.group(0).lower().split())
    return None


def _rank_of(text: str) -> str:
    """The rank a ranked office opens with, in one form ("Asst." and "assistant": "assistant")."""
    word = _A_RANK.search(text).group(0).lower()
    return _RANK_FORMS.get(word, word)


_CHAIR = r"chair(?:man|men|woman|women|person|persons)?"  # one office by its forms


# a name and its number ("Moab 12", "Form 990", "Pier 39"): a capitalised word, not a
# month's or a weekday's, then a number that is no year; a unit's number is read to its
# first stop ("Moab 9:70" is Moab 9, "Chapter 13.04" is in Chapter 13)
_NUMBERED = re.compile(r"\b([A-Z][A-Za-z]{2,})\s*(?:No\.?\s*|#\s*|-)?(\d{1,3})(?!\d|,\d)")
# not a month or a weekday, and not a word a text cites another part of itself or another
# act by ("as provided in Section 6", "amending Resolution 12")
_NOT_NUMBERED = frozenset("january february march april may june july august september october november "
                          "december monday tuesday wednesday thursday friday saturday sunday "
                          "page pages figure table item items section sections chapter chapters article "
                          "articles title part exhibit attachment appendix resolution resolutions ordinance "
                          "ordinances bill bills act law".split())


def _numbered(text: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for m in _NUMBERED.finditer(text):
        if m.group(1).lower() not in _NOT_NUMBERED:
            out.setdefault(m.group(1).lower(), set()).add(m.group(2).lstrip("0") or "0")
    return out


def _other_numbered(unit: str, question: str) -> tuple[str, str] | None:
    """The unit names a name's other number only ("Moab 9" for "Moab 12", "Pier 39" for
    "Pier 45"), with a capital as the question does ("children under 3" is no "Under 12"):
    another of a numbered series, as "Tier 3" is for "Tier 2" (_labels)."""
    theirs = _numbered(unit)
    for word, values in _numbered(question).items():
        if word in theirs and not theirs[word] & values:
            return (", ".join(f"{word.title()} {v}" for v in sorted(theirs[word])),
                    ", ".join(f"{word.title()} {v}" for v in sorted(values)))
    return None


# a number before the noun it counts: "10 Ride", "31-day pass", "one ride", "2 bedroom" (not a
# year, not a range's end, not a sum or a share; "per" and "each" count nothing: "$1 per 1 hour")
_NUMBER_WORDS = {w: str(i) for i, w in enumerate("one two three four five six seven eight nine ten".split(), 1)}
_COUNTED_NOUN = re.compile(r"(?<![\d.,$£€/–-])(?<!\bper )(?<!\beach )\b(\d{1,3}|" + "|".join(_NUMBER_WORDS)
                           + r")(?:\s+|-)([a-z]{3,})\b(?![-–]\d)", re.I)


_BOUND_OPENS = re.compile(r"(?:\b(?:up to|under|over|at least|at most|less than|more than|fewer than|"
                          r"no more than|minimum of|maximum of|within|first|last)|[<>≤≥])\s*$", re.I)
_BOUND_CLOSES = re.compile(r"\s*(?:and|or)\s+(?:older|younger|more|over|above|under|less|fewer|longer)\b", re.I)


_PRICED_AFTER = re.compile(r"\s+(?:" + "|".join(sorted(_PRICED_WORDS)) + r")s?\b", re.I)


def _counts_of(text: str, ones: bool = True) -> dict[str, set[str]]:
    """The nouns a text counts, as stems, with the numbers before them ("10 Ride": ride -> {10});
    not a bound ("up to 4 hours", "under 5 years", "65 years and older"); without `ones`, not
    a count of one but before a priced thing ("1 hour $12" is a price per hour; "1 Day Pass"
    is an item)."""
    out: dict[str, set[str]] = {}
    for m in _COUNTED_NOUN.finditer(text):
        if _BOUND_OPENS.search(text, 0, m.start()) or _BOUND_CLOSES.match(text, m.end()):
            continue
        if not ones and _NUMBER_WORDS.get(m.group(1).lower(), m.group(1)) == "1" and not _PRICED_AFTER.match(text, m.end()):
            continue  # "Court time 1 hour $12": the price of one, for any count; not "1 Day Pass"
        noun = content_terms(m.group(2))
        if noun:
            out.setdefault(noun[0], set()).add(_NUMBER_WORDS.get(m.group(1).lower(), m.group(1)))
    return out


# the noun a "how many" question counts ("how many xbox 360 games": the games; its 360 names
# the console, and the line's count of games is the answer, no other item)
_HOW_MANY = re.compile(r"\bhow many\s+((?:[\w'’-]+\s+){0,4}?[a-z]{3,})\b(?=\s+(?:are|is|were|was|do|does|did|have|has|will|"
                       r"can|could|should|would|in|on|at|for|of|per)\b|\s*\??\s*$)", re.I)


def _other_count(unit: str, question: str) -> tuple[str, str] | None:
    """The unit counts the noun the question counts, by other numbers only: "Zone 1 Express
    10 Ride" for the price of one ride, "3 Day Pass" for a 7-day pass, "3 bedroom" for a two
    bedroom home: another item of a priced series. (unit's, question's), or None. Not the
    noun a "how many" question counts (_HOW_MANY): its count is the answer."""
    theirs = _counts_of(unit, ones=False)
    asked = {t for m in _HOW_MANY.finditer(question) for t in content_terms(m.group(1))[-1:]}
    for noun, numbers in _counts_of(question).items():
        if noun in theirs and noun not in asked and not theirs[noun] & numbers:
            return (", ".join(f"{n} {noun}" for n in sorted(theirs[noun])), ", ".join(f"{n} {noun}" for n in sorted(numbers)))
    return None


# a place by the kind of government it is: "Chester County", "City of Chester"; one word of
# its name is read, the last before the kind or the first after "of". Not a village or a
# parish: "Stoke Ferry Village Hall" is the parish council's village
_JURISDICTION = r"(county|city|township|town|borough)"
_PLACE_KIND = (re.compile(rf"\b([A-Z][\w'’-]+)\s+{_JURISDICTION}\b", re.I),
               re.compile(rf"\b{_JURISDICTION}\s+of\s+([A-Z][\w'’-]+)", re.I))


def _jurisdictions(text: str, case: bool) -> set[tuple[str, str]]:
    """The (name, kind) of each place the text names by its kind of government; `case`: the
    name is written with a capital (a question's names)."""
    out = set()
    for m in _BOTH_KINDS.finditer(text):  # "the City and County of Denver"
        if not case or m.group(1)[:1].isupper():
            out |= {(m.group(1).lower(), "city"), (m.group(1).lower(), "county")}
    for k, pattern in enumerate(_PLACE_KIND):
        for m in pattern.finditer(text):
            name, kind = (m.group(1), m.group(2)) if k == 0 else (m.group(2), m.group(1))
            if (not case or name[:1].isupper()) and name.lower() not in _JURISDICTION_WORDS:
                out.add((name.lower(), _SAME_KIND.get(kind.lower(), kind.lower())))
    return out


_BOTH_KINDS = re.compile(r"\bcity\s+and\s+county\s+of\s+([A-Z][\w'’-]+)", re.I)
_SAME_KIND = {"township": "town"}  # "Town of Lincoln" and "Lincoln Township" may be one


_JURISDICTION_WORDS = frozenset(_JURISDICTION.strip("()").split("|")) | {"the", "of", "and"}


def _other_jurisdiction(unit: str, question: str) -> tuple[str, str] | None:
    """The unit names the place the question names as another kind of government only
    ("CHESTER CITY" for "Chester County", "Salt Lake City" for "Salt Lake County")."""
    theirs = _jurisdictions(unit, case=False)
    asked = _jurisdictions(question, case=True)
    for name, kind in sorted(asked):
        other = sorted(k for n, k in theirs if n == name and k != kind)
        if other and not {(n, k) for n, k in asked if n == name} & theirs:  # "Lancaster City in Lancaster County"
            return (", ".join(f"{name.title()} {k.title()}" for k in other), f"{name.title()} {kind.title()}")
    return None


# a figure summed over several of a kind ("3,400 cases filed across the four jurisdictions",
# "in all three courts combined"), and the words of a question asking for such a sum
_ACROSS = re.compile(r"\b(?:across|in|for|among|between)\s+(?:the\s+|all\s+(?:the\s+)?)?(?:all|both|two|three|four|five|"
                     r"six|seven|eight|nine|ten|\d{1,2})\s+(?:[a-z-]+\s+)?([a-z]{4,}s)\b(?:\s+combined)?", re.I)
_ASKS_SUM = re.compile(r"\b(?:all|total|totals|combined|overall|altogether|across|together|sum|aggregate|"
                       r"each|every|statewide|nationwide|countrywide|systemwide)\b", re.I)


def _across_several(unit: str, question: str) -> tuple[str, str] | None:
    """The unit gives its figure across several of a kind ("across the four jurisdictions")
    where the question names one by its name ("the Vanuatu Supreme Court": a run of two
    capitalised words or more, no word of which the unit says) and asks no sum of them."""
    m = _ACROSS.search(unit)
    if m is None or _ASKS_SUM.search(question) or _ACROSS.search(question):
        return None
    said = set(content_terms(unit))
    named = [run for run in _PROPER_RUN.findall(question[1:]) if not set(content_terms(run)) & said]
    if not named:
        return None
    return f"a sum across {m.group(0).split(None, 1)[1]}", named[0]


def contradicts(unit: str, question: str, qterms: Collection[str], classes=_SIBLINGS,
                named: Collection[str] = (), line: bool = True) -> bool:
    """The unit names a sibling of what the question names and not the question's own (sibling)."""
    return sibling(unit, question, qterms, classes, named, line) is not None


# a lettered section's heading, a short label introducing its values: "(d) Within the City
# of Steilacoom:", "(e) Within ..." (not "(b) Definition of Seasonal Rate. For the ...")
_LETTERED = re.compile(r"^\s*\(([a-z])\)\s+(?:[^\s:.;]+\s+){0,7}[^\s:.;]+\s*:\s*$")


def _other_sections(texts: Sequence[str], asked: frozenset[str]) -> set[int]:
    """The lines under a lettered heading of the passage ("(d) Within the City of Steilacoom:")
    when another lettered heading names what the question asks of and this one does not
    ("(e) Within the City of University Place:" for "... inside the City of University
    Place"): a sibling section's values. Words every heading says ("within", "city") tell
    none apart."""
    heads = {j: set(content_terms(texts[j])) for j in range(len(texts)) if _LETTERED.match(texts[j])}
    common = set.intersection(*heads.values()) if heads else set()
    naming = {j for j, terms in heads.items() if (terms - common) & asked}
    if not naming:
        return set()
    out, under = set(), None
    for j in range(len(texts)):
        under = j if j in heads else under
        if under is not None and under not in naming:
            out.add(j)
    return out


# where one sentence or clause of running text ends and the next begins: a full stop, a
# question or exclamation mark, then a capital, a figure or a currency sign; a semicolon, then
# a capital or a currency sign ("Bulsara; 5 September 1946" goes on); _sentences passes over
# the ones after an initial or a short abbreviation ("John A. Smith", "No. 22", "Inc. For")
_SENTENCE_END = re.compile(r"[.!?]\s+(?=[A-Z0-9$£€(“\"'])|;\s+(?=[A-Z$£€])")
# the short words a full stop abbreviates, not ends a sentence after (any case): "No. 22",
# "Rs. 500", "Approx. $50", "7 p.m. Tuesday", "12 ft. 6 in."
_ABBREVIATIONS = frozenset("no nos inc co corp ltd st ave dr mr mrs ms jr sr vs v sec art approx rs ord min "
                           "max ch tel ft in fig vol dept est etc cf e.g i.e a.m p.m am pm ref para pp p".split())
_WORD_BEFORE = re.compile(r"([A-Za-z][A-Za-z.]*)$")

# the kinds a sentence of their own gives for what the sentences before it say ("That the
# meeting be adjourned. Time: 7:26 p.m."; "... moved to adopt Resolution 18-6-28. The motion
# passed 5-0."; "Please mail your payment to the address below. P.O. Box 12, ..."; "For
# questions, call the clerk. Jane Doe, (555) 123-4567"): where, who, which number to call or
# enter, how a vote went; and a time of day asked alone
_POINTERS = frozenset({"place", "person", "organisation", "phone", "access", "code", "vote"})


_LEADER = re.compile(r"(?:\.\s{1,3}){2}\.$|\.{4,}$")  # a dot leader's last dot (an ellipsis "..." still ends)


def _sentences(text: str) -> list[str]:
    """The text cut at each _SENTENCE_END outside brackets ("Steven Adler (born Michael
    Coletti; January 22, 1965) is ..." is one sentence), not after an initial or an
    abbreviation (_ABBREVIATIONS) nor in a dot leader (_LEADER: ". . . . 4,512")."""
    out, at = [], 0
    for m in _SENTENCE_END.finditer(text):
        before = _WORD_BEFORE.search(text, 0, m.start())
        if before and text[m.start()] == "." and (len(before.group(1)) == 1
                                                  or before.group(1).lower() in _ABBREVIATIONS):
            continue  # an initial or an abbreviation
        if text[m.start()] == "." and _LEADER.search(text, max(0, m.start() - 12), m.start() + 1):
            continue  # a dot leader ("Hillary Clinton (DEM) . . . . . 4,512"), a row's, no full stop
        if text.count("(", 0, m.start()) <= text.count(")", 0, m.start()):
            out.append(text[at:m.start()])
            at = m.end()
    return out + [text[at:]]


def _value_sentence_speaks(texts: Sequence[str], unit: Sequence[int], kinds: tuple[str, ...],
                           qterms: Sequence[str], says: Callable[[str], bool]) -> bool:
    """In running text read as sentences, a sentence that holds the asked kind says something
    of the question: "... on the truck this month. A grant ... for $2,500 to purchase turnout
    gear" gives no price of the truck, "Annual dinner meeting; $500 for firearm" none of the
    dinner. `says(text)`: the text speaks of the question. True when the unit is one
    sentence, a table row, or no sentence alone holds the kind (a value a line break or a
    label carries), or a kind asked is one a sentence gives for the ones before it
    (_POINTERS; a time of day asked alone too)."""
    if set(kinds) & _POINTERS or set(kinds) <= {"time"} or any(_TABLE_ROW.search(texts[j]) for j in unit):
        return True
    sentences = [p for p in _sentences(" ".join(texts[j].strip() for j in unit)) if p.strip()]
    if len(sentences) < 2:
        return True
    valued = [p for p in sentences if holds(p, kinds, qterms)]
    return not valued or any(says(p) for p in valued)


def _sayer(asked: frozenset[str], question: str, kinds: tuple[str, ...], plain: bool = False,
           ranges: bool = True) -> Callable[[str], bool]:
    """says(text): the text speaks of the question: it holds one of `asked` (about), or says
    the question's label for the value, a word and the noun that asks for the kind ("tax
    rate", "start time"; no plain word like "monthly"), whatever its other words."""
    asking = kind_words(kinds)
    labels = {(m, h) for m, h in _pairs(question, heads=asking & _LABEL_HEADS)
              if m not in _PLAIN_MODIFIERS and m not in asking}

    # a number of the question alone speaks of nothing ("4" of "Oxford 4" as a row's inner
    # cell, "2026-27" of "the adopted 2026-27 budget" in a line on wages for that year) where
    # the question has words to say, but where it opens the line, as a row's key ("27 88 77
    # 87% ..." for route 27); a year speaks as a word does ("It took place in South Africa
    # ... 2010" for "where is the world cup in 2010")
    numbers = frozenset(t for t in asked if is_number(t) and not _YEAR.fullmatch(t))
    words = asked - numbers or asked
    keys = numbers if words != asked else frozenset()
    days = {t for t in asked if t.isdigit() and len(t) <= 2}

    def says(text: str) -> bool:
        # (the last: a range of the question's numbers as one term, "11-18" for "11 to 18
        # units", says which row as a word would; a number alone still does not; `ranges`
        # off where a line of the passage holding the kind names the question's words: that
        # row is the topic's, and another's range is another thing's, "Day Camp | 6-12" for
        # the tennis fee for ages 6 to 12)
        return (about(text, words, plain, days) or bool(keys and _keyed(text, keys))
                or bool(labels and labels & _pairs(text, heads=asking))
                or (ranges and len(numbers) > 1 and _range_of(text, numbers)))

    return says


def _keyed(text: str, keys: frozenset[str]) -> bool:
    """The line opens with one of the question's numbers `keys`, as written or in another
    form ("SEVENTY-FIFTH PRECINCT | 577" for 75th), or closes with one written as an
    identifier (_ID_KEY: a PDF's table may print its key column last, "$940 $980 $1,200 63129"
    for the ZIP code 63129)."""
    key = _key_of(text)
    if key in keys or bool(key and held_in_other_forms(keys, [key])):
        return True
    words = text.replace("|", " ").split()
    return bool(words) and _ID_KEY.fullmatch(words[-1]) is not None and words[-1] in keys


# a number written as an identifier: five digits or more, no separator (a ZIP code, an
# account's, a parcel's); a year has four
_ID_KEY = re.compile(r"\d{5,}")


def _key_of(text: str) -> str:
    """The term a line opens with (a row's key), or ""."""
    first = text.replace("|", " ").split(None, 1)
    terms = content_terms(first[0]) if first else []
    return terms[0] if terms else ""


# how many words of the question beyond the document's own names a line naming that whole
# subject may leave unsaid and still speak of it: one ("born" of "what year was Elvis born?"
# beside "Elvis Aaron Presley (January 8, 1935 – ...)"); with more ("which contractor won the
# construction bid for Mora Park?") the question asks something the name alone does not say
_SUBJECT_REST = 1


def _answerer(texts: Sequence[str], kind: Sequence[bool], unit_of: Callable[[int], list[int]],
              kinds: tuple[str, ...], qterms: Sequence[str], topic: Sequence[str] | None,
              subject: Sequence[str], row_topic: bool = True, question: str = "",
              title: frozenset[str] = frozenset(), kind_labels: bool = False,
              header: str = "") -> Callable[[int], bool]:
    """answers(i) (_answers): a line's unit speaking of the question in its words; where no
    line holding the kind does, in the documents' word for a plain word of the question
    ("16.7 Year lifespan remaining" for "how many years are left": terms.PLAIN_SAID), and
    only where the line's unit, or the list item it is a sub-item of ("■ Wolfe Lake Landfill
    gained ..." over "– Approximately 16.7 Year lifespan remaining"), says another word of
    the topic: a synonym never lets a line about another thing stand beside the one that
    says the topic ("Citywide expenditures ..." under a line on Riverside Park), nor answer
    where only the document's own names and the synonym are shared with the question.
    `header`: the table's header row, whose labels name its rows' cells (row_labels)."""
    args = (texts, kind, unit_of, kinds, qterms, topic, subject, row_topic, question, title)
    strict = _answers(*args, kind_labels=kind_labels, header_row=header)
    asked = frozenset(qterms if topic is None else topic)
    rest = frozenset(t for t in asked if not said_as(t))  # the topic's words no synonym says
    if not firm(kinds) or rest == asked or any(kind[i] and strict(i) for i in range(len(texts))):
        return strict
    plain = _answers(*args, plain=True, kind_labels=kind_labels, header_row=header)

    def says_rest(i: int) -> bool:  # the unit itself, or the item it is a sub-item of
        return any(about(texts[j], rest) for j in unit_of(i)) or any(
            about(texts[j], rest) for j in [_parent_item(texts, i)] if j is not None)

    return lambda i: plain(i) and says_rest(i)


_ITEM_MARK = re.compile(r"^\s*([-–—•■▪●○◦*·]|\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})[.)])\s+")


def _parent_item(texts: Sequence[str], i: int) -> int | None:
    """The list item line i is a sub-item of: the nearest of the three lines above that opens
    with another list mark than line i's ("■ Wolfe Lake Landfill ..." over "– Approximately
    16.7 Year ..."); None when line i opens no item or has no such parent."""
    mark = _ITEM_MARK.match(texts[i])
    if mark is None:
        return None
    for j in range(i - 1, max(-1, i - 4), -1):
        above = _ITEM_MARK.match(texts[j])
        if above is not None and above.group(1) != mark.group(1):
            return j
    return None


def _mark_depth(mark: str, above: str | None) -> tuple[int, str]:
    """A list mark's depth, outermost first: a number, a letter, a roman numeral, a bullet
    ("i." after "h." is a letter; after "g." a roman numeral); a bullet by its glyph too."""
    m = mark.strip("().")
    if not m.isalnum():
        return 3, m
    if m.isdigit():
        return 0, ""
    if re.fullmatch(r"[ivx]+", m) and not (len(m) == 1 and above and len(above) == 1
                                           and ord(above) == ord(m) - 1):
        return 2, ""
    return 1, ""


def _outer_item(texts: Sequence[str], i: int) -> int | None:
    """The list item line i is a sub-item of: the nearest of the three lines above whose mark
    is of an outer depth (_mark_depth: "g. Bid Opening" over "i. Monday June 8th, @12:01 PM,
    2026"), or a bullet of another glyph ("■" over "–"). A sibling ("k." over "l.") or a
    sibling's sub-item ("i. Bids are sealed" over "g. Site Visit") is none. None when line i
    opens no item or has no such parent."""
    mark = _ITEM_MARK.match(texts[i])
    if mark is None:
        return None
    found = [(j, _ITEM_MARK.match(texts[j])) for j in range(i - 1, max(-1, i - 4), -1)]
    marks = [(j, f.group(1).strip("().")) for j, f in found if f is not None]
    mine = _mark_depth(mark.group(1), marks[0][1] if marks else None)
    for n, (j, other) in enumerate(marks):
        depth = _mark_depth(other, marks[n + 1][1] if n + 1 < len(marks) else None)
        if depth[0] < mine[0] or (depth[0] == mine[0] == 3 and depth[1] != mine[1]):
            return j
    return None


_PERIOD = re.compile(r"(?:fy|cy)-?\d{2}|(?:fy|cy)?-?(?:19|20)\d{2}|q[1-4]")


def _periods(asked: Collection[str]) -> set[str]:
    """The question's words that name a period ("fy23", "2024", "q3", a month): a header row
    saying one names a column of figures, not what a row of them is for."""
    return {t for t in asked if _PERIOD.fullmatch(t) or t in _MONTHS}


# the kinds a block's rows are listed under their label by: the candidates of a contest and
# their votes; a sum's rows under a group's label are its different items (a department's
# salaries, supplies and legal fees), which the label does not tell apart
_LISTED = frozenset({"person", "count"})


# a bracketed aside closing a heading: an election report's "CLERK OF THE DISTRICT COURT (vote
# for one)" ends no sentence
_ASIDE_END = re.compile(r"\s*\([^()]{1,40}\)\s*$")


def _block_labels(texts: Sequence[str], kind: Sequence[bool], kinds: tuple[str, ...], asked: frozenset[str],
                  question: str, qterms: Sequence[str]) -> Callable[[int], bool]:
    """label(j): table row j stands in a block of rows under a line that names the question's
    topic ("Minneapolis Mayor" / "Total | ED | A | P | EV" / "David Sweat | 215 | ..."): the
    first line above it that is no table row, holds no value of the kind asked, is no running
    text and ends no sentence (a bracketed aside left out: "(vote for one)"); it says more than
    half the words of the topic, less its periods
    and the words asking for the kind ("Central Kansas Extension District 3, Board Members"
    heads the candidates for "who finished first for the extension district 3 board?"; "1110 -
    School Committee" heads no committee's legal fees), and names no sibling of what the
    question names. Only for a person or a count asked (_LISTED)."""
    core = asked - _periods(asked) - kind_words(kinds)
    if not core or not set(kinds) & _LISTED:
        return lambda j: False

    def label(j: int) -> bool:
        k = j - 1
        while k >= 0 and (_TABLE_ROW.search(texts[k]) or _ROW_FIGURES.match(texts[k])):
            k -= 1
        if k < 0 or kind[k] or _prose(texts[k]) or _ENDS_SENTENCE.search(_ASIDE_END.sub("", texts[k])):
            return False
        if 2 * len(set(content_terms(texts[k])) & core) <= len(core):
            return False
        return not (question and contradicts(texts[k], question, qterms))
    return label


# what a person asked for did at a meeting ("who voted no", "which members voted no", "who
# moved it", "who seconded", "who abstained", "who was absent"), and the words a line names
# that act by: a line naming people without them names others (the mover and seconder for "who voted no?": a review's
# made-up minutes; a public speaker "not in favor" for "who moved the resolution?")
_ACTS = (
    (re.compile(r"\b(?:who|which)\b.*\b(?:vot(?:ed|es|ing)\s+(?:no|against|nay)|opposed|dissented)\b", re.I),
     re.compile(r"\b(?:nays?|noes|against|opposed|dissent\w*)\b|\bno\s*[:–—-]|\bvot(?:ed|ing) no\b", re.I)),
    (re.compile(r"\b(?:who|which)\b.*\bvot(?:ed|es|ing)\s+(?:yes|for|in favou?r|aye)\b", re.I),
     re.compile(r"\b(?:ayes?|yeas?|in favou?r)\b|\byes\s*[:–—-]|\bvot(?:ed|ing) (?:yes|for)\b", re.I)),
    (re.compile(r"\b(?:who|which)\b.*\b(?:moved|made the motion|put forward the motion)\b", re.I),
     re.compile(r"\b(?:moved|motion|mover|moves|m/s)\b", re.I)),
    (re.compile(r"\b(?:who|which)\b.*\bseconded\b", re.I), re.compile(r"\b(?:second(?:ed|er|s)?|2nd|m/s)\b", re.I)),
    (re.compile(r"\b(?:who|which)\b.*\babstain", re.I), re.compile(r"\babstain\w*|\babstention", re.I)),
    # ("which aldermen missed the meeting?", "who did not attend"; not a deadline or a payment
    # missed: "which contractor missed the filing deadline" names no absence, a review's)
    (re.compile(r"\b(?:who|which)\b.*\b(?:(?:was|were)\s+(?:absent|not present|missing)|"
                r"missed(?! (?:the |a |an |its |their )?(?:[\w'’-]+ ){0,3}?(?:deadlines?|payments?|due dates?|"
                r"filings?|cut-?offs?)\b)|did(?: not|n['’]t) attend)\b", re.I),
     re.compile(r"\b(?:absent|excused|not present)\b", re.I)),
)


def _acts_asked(question: str, kinds: tuple[str, ...]) -> tuple[re.Pattern, ...]:
    """The words naming the act a "who ..." or "which ..." question asks the doer of (_ACTS), or ()."""
    if "person" not in kinds or not question:
        return ()
    return tuple(words for asks, words in _ACTS if asks.search(question))


def _does_act(texts: Sequence[str], unit: Sequence[int], acts: Sequence[re.Pattern], header: int) -> bool:
    """The unit, the line above it, or its table's header row names the asked act."""
    return any(w.search(texts[j]) for j in (*unit, unit[0] - 1, header) if 0 <= j < len(texts) for w in acts)


# a label naming the kind of its value, as a notice's block prints its one time, place or
# date ("TIME: 4:30 P.M.", "PLACE: Manhattan Youth, 120 Warren Street", "Date: June 12, 2025")
_KIND_LABELS = {"time": "time|hours|start time", "place": "place|location|venue|address|where",
                "date": "date|when"}
_KIND_LABEL = {k: re.compile(rf"^\W*(?i:{words})\s*:\s*\S") for k, words in _KIND_LABELS.items()}


def kind_labels(kinds: tuple[str, ...]) -> tuple[str, ...]:
    """The asked kinds that have labels of their own (_KIND_LABELS)."""
    return tuple(k for k in kinds if k in _KIND_LABELS)


def one_label_each(kinds: Sequence[str], lines_saying: Callable[[Sequence[str]], list[str]]) -> bool:
    """A document has at most one line under each kind's own label, read as _kind_labelled
    reads one ("**Time:**" and "- Time:" too); `lines_saying(words)`: its lines holding one
    of the labels' words (Store.lines_saying)."""
    return all(sum(1 for t in lines_saying(_KIND_LABELS[k].split("|")) if _KIND_LABEL[k].match(t)) <= 1
               for k in kinds)


# what a notice's labelled time, place or date is of: an event a question names ("the
# assessment hearing", "the fire commissioners' conference") must be the one a heading of the
# passage or the document's title names
_EVENTS = frozenset(content_terms(
    "meeting meetings hearing hearings conference seminar workshop session forum exhibition election "
    "auction sale clinic festival parade ceremony training webinar class tour inspection visit closure "
    "event celebration concert fair race"))
_FIELD = re.compile(r"^\W*[A-Za-z][\w ./&-]{0,30}:\s*\S")  # "Remote: Call in ... Conference ID: 840"
# the words a question asks a notice's time or place with, not what it is of ("what time does
# the hearing start", "where will it be held")
_WHEN_WORDS = frozenset(content_terms("start starts begin begins began end ends held hold holds take takes "
                                      "place occur occurs happen open opens close closes meet meets met"))


def _kind_labelled(texts: Sequence[str], kind: Sequence[bool], kinds: tuple[str, ...],
                   qterms: Collection[str] = (), title: Collection[str] = (),
                   topic: Collection[str] = ()) -> frozenset[int]:
    """The lines holding the asked kind under a label naming that kind, where the passage has
    one such line only: the passage is the question's (it won), and its one "TIME:" line is the
    time it gives, whatever words the line itself says. Two such lines (two meetings' times)
    tell nothing of which is asked. An event the question names (_EVENTS) must be named by a
    heading of the passage or a title line, not a field's words: an agenda headed "REGULAR
    COMMISSIONERS MEETING" gives its own "Location:", not that of a conference its "Conference
    ID:" line names (a set's fire district agenda). Every word of the topic (`topic`: the
    question's words but the kind's, the event's verbs, months and numbers) must be in the
    passage or a title line: a library board's notice gives no time of "the zoning board", nor
    its annual meeting's of "the regular monthly meeting" (a review's made-up notices)."""
    events = set(qterms) & _EVENTS
    if events and not any(events & set(content_terms(t)) for t in [*texts, *title] if not _FIELD.match(t)):
        return frozenset()
    said = set().union(*(content_terms(t) for t in [*texts, *title]))
    if any(t not in said and t not in _WHEN_WORDS and t not in _MONTHS and not is_number(t)
           for t in set(topic) - kind_words(kinds)):
        return frozenset()  # "the zoning board", "the regular monthly meeting": not this notice's
    out: set[int] = set()
    for k in kinds:
        label = _KIND_LABEL.get(k)
        found = [i for i, t in enumerate(texts) if label and kind[i] and label.match(t)]
        if len(found) == 1:
            out.update(found)
    return frozenset(out)


def _answers(texts: Sequence[str], kind: Sequence[bool], unit_of: Callable[[int], list[int]],
             kinds: tuple[str, ...], qterms: Sequence[str], topic: Sequence[str] | None,
             subject: Sequence[str], row_topic: bool = True, question: str = "",
             title: frozenset[str] = frozenset(), plain: bool = False,
             kind_labels: bool = False, header_row: str = "") -> Callable[[int], bool]:
    """answers(i): line i's unit holds the asked kind and says something of the question: one
    of its words (`topic`, by default all) or its label for the value (_sayer), or it stands
    under a heading or a list item that names it (_under_speaking_item), or it names the
    document's subject (see choose_lines); in running text, the sentence holding the value
    says it (_value_sentence_speaks). A table row holds the word, or a line above it holding no
    value of the kind does (`row_topic`; off, any row answers). With `question`, a unit naming
    a sibling of what it names (its rows read with `header_row`'s labels) answers nothing."""
    asked = frozenset(qterms if topic is None else topic)
    named = frozenset(qterms) - asked - kind_words(kinds)  # the words the document names itself by
    words = frozenset(t for t in qterms if not is_number(t)) - kind_words(kinds)
    says = _sayer(asked, question, kinds, plain,
                  ranges=not any(kind[j] and about(texts[j], words) for j in range(len(texts))))
    every = frozenset(qterms)  # a heading names the document ("Special Council Meeting"), not by the
    heading_words = every - kind_words(kinds)  # kind's words alone ("Fee Schedule")
    title_words = frozenset(t for t in heading_words if not is_number(t))
    event = _asked_event(question, qterms) if "time" in kinds else None
    header = _header_row(texts, kind, asked)
    label = _block_labels(texts, kind, kinds, asked, question, qterms)
    says_at = _row_sayer(texts, asked, says, question, kinds, plain)
    common = _common_subject(subject, question)
    speaks = _speaker(texts, says_at, title, title_words, header if row_topic else -1, label,
                      _alike_rows(texts, kind, header, every))
    in_year = bool(question) and _asks_in_a_year(question)  # read once, not per line
    next_asked = bool(question) and _asks_next_meeting(question, kinds)
    own = _kind_labelled(texts, kind, kinds, qterms, title, asked) if kind_labels else frozenset()
    acts, voted = _acts_asked(question, kinds), "vote" in kinds  # "who voted no": the act a line must name
    holder = _office_holder(texts, kind, kinds, qterms, question, says)

    def against(unit: list[int]) -> bool:  # the unit names a sibling of what the question names
        return bool(question) and contradicts(_labelled_text(texts, unit, header_row), question, qterms, named=named)

    def answers(i: int) -> bool:
        unit = unit_of(i)
        if not any(kind[j] for j in unit):
            return False
        if acts and _acting(texts, unit, acts, says_at) and not against(unit):
            return True  # "Nays: Councilmember Brooks, ..." under the motion on the asked ordinance
        next_said = next_asked and any(_NEXT_SAID.search(texts[j]) for j in unit)
        if not next_said and not _value_sentence_speaks(texts, unit, kinds, qterms, says) or against(unit):
            return False
        if acts and not _does_act(texts, unit, acts, header):
            return False  # people named for another act than the one asked
        if in_year and _opened_by_another_year(_from_sentence_start(texts, unit), question, qterms):
            return False
        if event and not _of_event(texts, unit, event, _SESSION_ASKED in qterms):
            return False
        if (held := holder(unit)) is not None:
            return held  # a signer; a name over its office: that office, and only it, says whose
        if any(speaks(j) for j in unit) or _labelled(texts, i, unit, heading_words, every, event, says, kind) \
                or _under_speaking_item(texts, unit, kind, speaks) or (voted and _voted_under(texts, unit[0], speaks)):
            return True
        # the notice's one value under its kind's label ("TIME: 4:30 P.M."); "Next Meeting 12 November 2025"
        return any(j in own for j in unit) or next_said or _names_subject(texts, unit, subject, asked, common)

    return answers


def _office_holder(texts: Sequence[str], kind: Sequence[bool], kinds: tuple[str, ...], qterms: Sequence[str],
                   question: str, says: Callable[[str], bool]) -> Callable[[Sequence[int]], bool | None]:
    """held(unit), a person asked: True when the unit names a letter's signer ("who signed
    ...": a signature block, _signed); where the passage prints each name over its office
    (_names_over_offices: "Joe Devries" / "**Director of Animal Services**") and an office
    is asked, whether the office under the unit's name is the one asked, speaking of the
    question (True) or not (False: another office, another rank, a sentence about the
    person; the office above is the name before's); None otherwise, for the other rules."""
    person = "person" in kinds
    names_first = person and _names_over_offices(texts, kind)
    asked_office = _office_terms(question) if person else None
    office = asked_office if names_first else None
    ranks = _ranks(question) if asked_office is not None else set()
    noun = _office_noun(question) if asked_office is not None else None

    def held(unit: Sequence[int]) -> bool | None:
        if not person:
            return None
        if _SIGN in qterms and any(_signed(texts, j) for j in unit):
            return True
        if asked_office is not None:
            grid = [g for j in unit
                    if kind[j] and (g := _side_by_side(texts, j, asked_office, ranks, names_first)) is not None]
            if grid:
                return any(grid)
            if noun and not any(noun.search(texts[k]) for j in unit
                                for k in range(max(0, j - _OFFICE_REACH), min(len(texts), j + _OFFICE_REACH + 1))):
                return False  # no line near the name says the office asked
        names = [j for j in unit if _name_line(texts, j, kind)] if office is not None else []
        if not names:
            return None
        return any(j + 1 < len(texts) and _office_shaped(texts[j + 1])
                   and (k := _office_under(texts, j, office, ranks)) is not None and says(texts[k]) for j in names)

    return held


def _labelled_text(texts: Sequence[str], unit: Sequence[int], header: str) -> str:
    """The unit's lines, then the labels its rows' cells stand under (row_labels)."""
    return " ".join([texts[j] for j in unit] + [row_labels(texts[j], header) for j in unit])


def _labelled_away(texts: Sequence[str], kind: Sequence[bool], header: str, question: str,
                   qterms: Sequence[str]) -> set[int]:
    """The rows holding the kind that only their header's labels set against the question
    (row_labels: "Mosman Rowing Club | 3" under "rnd" for round 1): when such a row speaks
    most of the question, the item asked about is in another round, and the rows of the
    round asked are other items (_speaks_most)."""
    if not header or not (_LABELLED.search(question) or _SHORT_LABEL.search(question)):
        return set()
    return {i for i, t in enumerate(texts) if kind[i] and (labels := row_labels(t, header))
            and not contradicts(t, question, qterms) and contradicts(f"{t} {labels}", question, qterms)}


def row_labels(row: str, header: str) -> str:
    """A table row's cells under its header's labels of a numbered series, as text says them:
    "Round 3" for the cell "3" under "rnd" (_LABELLED, _LABEL_OF), so that a question's "round
    1" meets the row's other round; "" for a line that is no row, or a header of other cells."""
    if not header or not _TABLE_ROW.search(row):
        return ""
    cells, heads = row.split(SEPARATOR), header.split(SEPARATOR)
    if len(cells) != len(heads):
        return ""
    said = []
    for head, cell in zip(heads, cells):
        name = " ".join(head.split()).lower().rstrip(".")
        name = _LABEL_OF.get(name, name)
        value = cell.strip()
        if value and _LABELLED.fullmatch(f"{name} {value}"):
            said.append(f"{name.title()} {value}")
    return " ".join(said)


# a numbered item of an agenda or minutes ("5.1 PC-2024-0117 - Conditional Use Permit ...",
# "7. Consent Calendar"), and the lines read up from a vote to find the item it is on
_NUMBERED_ITEM = re.compile(r"^\s*\d{1,2}(?:\.\d{1,2})*\.?\s+\S")
_VOTE_REACH = 12


def _voted_under(texts: Sequence[str], i: int, speaks: Callable[[int], bool]) -> bool:
    """A vote on line i is on the numbered item nearest above it, within _VOTE_REACH lines:
    when that item speaks of the question, so does the vote ("Vote: Ayes - ...; Motion carried
    4-1." under "5.1 PC-2024-0117 - ... self-storage facility, 2290 Alder Way.")."""
    item = next((j for j in range(i - 1, max(-1, i - _VOTE_REACH - 1), -1) if _NUMBERED_ITEM.match(texts[j])), None)
    return item is not None and speaks(item)


def _under_speaking_item(texts: Sequence[str], unit: Sequence[int], kind: Sequence[bool],
                         speaks: Callable[[int], bool]) -> bool:
    """The unit opens a sub-item of a list item that speaks of the question and holds no
    value of the kind itself ("g. Bid Opening" over "i. Monday June 8th, @12:01 PM, 2026")."""
    parent = _outer_item(texts, unit[0])
    return parent is not None and not kind[parent] and speaks(parent)


def _acting(texts: Sequence[str], unit: Sequence[int], acts: Sequence[re.Pattern],
            says_at: Callable[[int], bool]) -> bool:
    """The unit names the asked act ("Nays: ...") under a line speaking of the question (the
    motion on the asked ordinance)."""
    return any(w.search(texts[j]) for j in unit for w in acts) and unit[0] > 0 and says_at(unit[0] - 1)


def _names_subject(texts: Sequence[str], unit: Sequence[int], subject: Sequence[str], asked: frozenset[str],
                   common: frozenset[str]) -> bool:
    """The unit names the document's subject, where little else of the question is left
    (_SUBJECT_REST; see choose_lines)."""
    if not subject or len(asked) > _SUBJECT_REST:
        return False
    said = set().union(*(content_terms(texts[j]) for j in unit))
    return set(subject) <= said or (len(common) >= 2 and common <= said)


def _alike_rows(texts: Sequence[str], kind: Sequence[bool], header: int, every: frozenset[str]) -> frozenset[int]:
    """The table rows under the header that hold the asked kind and say no word of the
    question (`every`, its terms, numbers and years too) in their own cells, when two or more
    do: one precinct's row of a wide table is no more the answer than the next ("1101 |
    4,325 | 3,058 | ..." under "Precinct | ... | Mayor - Dana WHITLEY"), so the header speaks
    for none of them; a row saying "Station 2" or "2023 Q2" is told apart by it."""
    words = every | {p for t in every if "-" in t for p in content_terms(t.replace("-", " "))}  # "99-year": 99, year
    alike = frozenset(j for j in range(header + 1, len(texts))
                      if kind[j] and _TABLE_ROW.search(texts[j]) and not set(content_terms(texts[j])) & words)
    return alike if len(alike) >= 2 else frozenset()


def _speaker(texts: Sequence[str], says_at: Callable[[int], bool], title: frozenset[str],
             title_words: frozenset[str], header: int, label: Callable[[int], bool],
             alike: frozenset[int] = frozenset()) -> Callable[[int], bool]:
    """speaks(j): line j speaks of the question: it says it (`says_at`); or it is a line of
    the document's title block naming it by a word (not a year or a number alone: a page
    whose first lines are running text); or it is a table row named by a header line above
    it (`header`, its index; -1 when any row counts; not one of the rows `alike`: _alike_rows)
    or by the label its block of rows stands under (a PDF's row of a label and figures,
    _ROW_FIGURES, by that label only)."""
    def speaks(j: int) -> bool:
        if says_at(j):
            return True
        if title and " ".join(texts[j].split()) in title and about(texts[j], title_words):
            return True
        if _TABLE_ROW.search(texts[j]):
            return (header < j and j not in alike) or label(j)
        return _ROW_FIGURES.match(texts[j]) is not None and label(j)  # "For 214 144 358" under its measure

    return speaks


def _common_subject(subject: Sequence[str], question: str) -> frozenset[str]:
    """The subject's words but the proper names the document's path or title gives (a town's,
    a body's: "Franconia"), which its lines rarely repeat ("License Dogs by April 30, 2024");
    empty unless two of them are no number ("licens" and "2024" name no cat's licence)."""
    proper = {t for t in required_terms(question) if not is_number(t)} if question else set()
    common = frozenset(t for t in subject if t not in proper)
    return common if sum(1 for t in common if not is_number(t)) >= 2 else frozenset()


def _labelled(texts: Sequence[str], i: int, unit: list[int], heading_words: frozenset[str],
              every: frozenset[str], event: str | None, says: Callable[[str], bool],
              kind: Sequence[bool]) -> bool:
    """Line i's value is labelled by what stands around it rather than by its own words: an
    "hours" label for the hours asked ("hours: 'Monday - Friday, 7:30 a.m. - 4:00 p.m.'" on
    the office's page, _hours_label), the heading of a stack of bare values (_heading_of), or
    a neighbour in the stack that speaks of the question (_stacked_with)."""
    return ((event == "hours" and any(_hours_label(texts, j, heading_words) for j in unit))
            or _heading_of(texts, i, heading_words, every) is not None
            or _stacked_with(texts, i, says, kind))


def _header_row(texts: Sequence[str], kind: Sequence[bool], asked: frozenset[str]) -> int:
    """A table's header row naming the column asked for ("Date | Customer Charge | ..." over
    "2020-01-01 | 4199-G | $4.95518 | ..."): the first line that holds no value of the kind,
    no sentence, and a word of the question (len(texts) when there is none)."""
    return next((j for j in range(len(texts)) if not kind[j] and header_like(texts[j])
                 and about(texts[j], asked - _periods(asked))), len(texts))


def _row_sayer(texts: Sequence[str], asked: frozenset[str], says: Callable[[str], bool], question: str,
               kinds: tuple[str, ...], plain: bool) -> Callable[[int], bool]:
    """says_at(j): line j speaks of the question (`says`), a table's row read beside the
    passage's other rows: a word two rows' names share (_shared) tells it apart from none,
    so the row speaks by another word (_sayer of the rest), or as the row saying every
    question word any row says, two at least (one generic word, "Regular Substitutes" for
    busing, is none)."""
    rows = _rows_of(texts)
    shared = _shared(texts, rows, asked)
    keyed = _keyed_under_another(texts, rows, asked, question, kinds, plain, says)
    if not shared:
        return lambda j: says(texts[j]) and j not in keyed
    row_says = _sayer(asked - shared, question, kinds, plain)
    said = {j: frozenset(t for t in asked if about(texts[j], frozenset({t}))) for j in rows}

    def says_at(j: int) -> bool:
        if j not in rows:
            return says(texts[j])
        if j in keyed:
            return False
        return row_says(texts[j]) or (len(said[j]) >= 2 and all(said[k] <= said[j] for k in rows))

    return says_at


def _keyed_under_another(texts: Sequence[str], rows: frozenset[int], asked: frozenset[str], question: str,
                         kinds: tuple[str, ...], plain: bool, says: Callable[[str], bool]) -> set[int]:
    """The table rows speaking only by the question's year as their key ("2021 | 11,156,427")
    under a block's label that says none of the question ("Police Patroling" over its years):
    that block's row, no answer on the fire department's 2021 budget."""
    years = frozenset(t for t in asked if _YEAR.fullmatch(t))
    if not years:
        return set()
    by_words = _sayer(asked - years, question, kinds, plain)
    out = set()
    for j in rows:
        if _key_of(texts[j]) not in years or by_words(texts[j]):
            continue
        k = j - 1
        while k >= 0 and k in rows:
            k -= 1
        if any(by_words(texts[r]) for r in range(k + 1, j)):
            continue  # a header row naming the column asked ("Year | Fire Department Budget")
        if k >= 0 and not _YEAR.search(texts[k]) and not says(texts[k]) \
                and any(not is_number(t) for t in content_terms(texts[k])):
            out.add(j)
    return out


def _take(ranked: Sequence[int], limit: int, must: bool, kind: Sequence[bool], scores: Sequence[float],
          answers: Callable[[int], bool], unit_of: Callable[[int], list[int]],
          joins: Sequence[bool] = (), above: Callable[[int, list[int]], Callable[[int], bool]] | None = None
          ) -> list[int]:
    """The lines to quote: best first, each with the lines that complete it, up to `limit`.
    A unit cut short keeps first the line a value runs in from or on to (`joins`: "... a
    total of 506,674" / "square feet of building space ..."), then a line of the asked kind.
    `above(lead, unit)`, given the first line taken and its unit, says which later lines may
    be taken (_above_lead); a line it refuses takes no place of the limit."""
    taken: list[int] = []
    may: Callable[[int], bool] = lambda j: True
    for i in ranked:  # ties: earlier line wins (the order of `ranked`)
        if len(taken) >= limit:
            break
        if i in taken or not may(i):
            continue
        if must and taken and kind[i] and not answers(i):
            continue  # another figure beside the one asked ("SEWER FEE $55.00" by "FENCE PERMIT $5.00")
        unit = [j for j in unit_of(i) if j not in taken and may(j)]
        if len(taken) + len(unit) > limit:  # the line, and the best of what completes it that fits
            # (the first unit keeps the line that holds the asked kind: a label's value)
            def seamed(j: int) -> bool:
                return bool(joins) and ((j == i - 1 and joins[j]) or (j == i + 1 and joins[i]))
            rest = sorted((j for j in unit if j != i),
                          key=lambda j: (not seamed(j), not (must and not taken and kind[j]), -scores[j], j))
            unit = [i] + rest[:limit - len(taken) - 1]
        first = not taken
        taken.extend(unit)
        if above is not None and first:  # the first unit: the answer's own
            may = above(i, list(unit))
    return taken


def _above_lead(texts: Sequence[str], unit_of: Callable[[int], list[int]], kind: Sequence[bool],
                answers: Callable[[int], bool], qterms: Sequence[str], heading_of: Callable[[int], int | None]
                ) -> Callable[[int, list[int]], Callable[[int], bool]]:
    """For _take: given the answer's line and unit, which lines may print with it. Lines
    print in document order, and the first printed line is the answer's (the quote's
    invariant), not a heading or a neighbouring line that scored well enough to come along;
    so a line above the answer's unit prints only when it says what the reader needs to read
    the answer by:
    - it answers too, and says no less of the question than the answer ("Fence permit:
      $40.00" over "Sign permit: $25.00" for both; not "Parking in a loading zone: $50",
      whose question words are some of "Parking in a fire lane: $100"'s);
    - its own unit reaches the answer or a line that answers (a label over its value: "(3)
      Customer Charge: ..." / "... policies:" / "$1,715.00 per month.");
    - it is the heading a stack of bare values stands under (_heading_of: "Special Council
      Meeting" / "Monday, October 21, 2024" / "7:00 pm");
    - it is a table row's header row (the labels of its cells);
    - it gives a number of the question that the answer's unit does not ("Effective July 1,
      2019" over "Fence permit: $40.00" for a 2019 question); or, when neither the question
      nor the answer's unit names a year, it is a heading with one, holding no value of the
      kind and ending no sentence (the period a figure is for: "Water Treatment Plant Monthly
      Report - June 2024"; not "Fence permit fees were last changed in 2012.").
    Below the unit, no line of another item of the list of records the answer is a field of
    ("- name: 7 Day Pass" / "cost: \"$19.00\"" under the 3 Day Pass's cost: _of_another_item)."""
    asked = set(qterms)
    yearless = not any(_YEAR.fullmatch(t) for t in qterms)

    def above(lead: int, unit: list[int]) -> Callable[[int], bool]:
        said = set().union(*(content_terms(texts[j]) for j in unit))
        numbers = {t for t in qterms if is_number(t)} - said
        undated = yearless and not any(_YEAR.search(texts[j]) for j in unit)
        row = _TABLE_ROW.search(texts[lead]) is not None
        heading = heading_of(lead)

        def answering(k: int) -> bool:  # and says no less of the question than the answer
            words = set(content_terms(texts[k]))
            if k > 0 and k in unit_of(k - 1):  # with its label
                words |= set(content_terms(texts[k - 1]))
            return kind[k] and answers(k) and not (words & asked < said & asked)

        def labels(j: int) -> bool:  # its unit reaches the answer or a line that answers
            return any(k == lead or answering(k) for k in unit_of(j) if k != j)

        def dates(j: int) -> bool:  # the period a figure is for: a heading's year, no sentence
            return undated and not kind[j] and _YEAR.search(texts[j]) is not None \
                and not _ENDS_SENTENCE.search(texts[j])

        def header(j: int) -> bool:
            return row and _TABLE_ROW.search(texts[j]) is not None and not kind[j] and header_like(texts[j])

        record = _record_item(texts, lead)

        def may(j: int) -> bool:
            if record is not None and j > max(unit) and _of_another_item(texts, j, record):
                return False
            return (j >= min(unit) or answering(j) or labels(j) or j == heading
                    or bool(numbers & set(content_terms(texts[j]))) or dates(j) or header(j))
        return may
    return above


def _speaks_most(lost: Collection[int], texts: Sequence[str], kind: Sequence[bool],
                 answers: Callable[[int], bool], topic: Sequence[str], strictly: bool = False) -> bool:
    """A row with nothing under the asked period's column says as many of the question's
    words (its periods aside) as any row that answers: the item asked about is that row, and
    another row's figure in the column would be another item's ("Storm Drain Rehab | 780000 |
    n/a | 810000" for Storm Drain Rehab's FY2024 figure, not "Tree Planting | 95000 | 98000
    | 99000"). `strictly`: more words than any row that answers, the question's numbers aside
    (a row of another round naming the same club as one of the asked round does not)."""
    words = frozenset(topic) - _periods(topic)
    if strictly:
        words = frozenset(t for t in words if not is_number(t))

    def said(i: int) -> int:
        return len(words & set(content_terms(texts[i])))

    best = max((said(i) for i in lost), default=0)
    rest = max((said(i) for i in range(len(texts)) if kind[i] and answers(i)), default=0)
    return best > 0 and (best > rest if strictly else best >= rest)


# a question asking for a date ("by what date", "what is the deadline", "what is the last
# day to ...", "when were proposals due"): a year alone answers it no more than a heading
# does ("... looks forward to 2016 when RTD will be opening" for when proposals were due;
# "each calendar year 2018 through present" for the date data are accurate as of); a month
# does ("Delivery must begin by October 2025"). Not a question on when something takes
# effect (rates take effect "in 2025" as a budget says), nor "when" alone (a bridge was
# built in 1932)
_ASKS_DAY = re.compile(r"\b(?:by|on|as of|before|after|until|from) what (?:date|day)\b|\bwhat (?:date|day)\b(?! of the week)|"
                       r"\bwhat(?:['’]s| is| was| will be) the (?:deadline|due date|closing date|"
                       r"(?:last|final|first|closing|opening) (?:day|date))\b|"
                       r"\bwhen (?:is|are|was|were|will)\b[^?]*\bdue\b|"
                       # a deadline asked ("by when must an applicant turn in materials", "when must
                       # the return be filed"): a day, or a span before an event, no year alone
                       r"\bby when\b|\bwhen (?:must|should)\b[^?]*\b(?:submit|submitted|file|filed|turn(?:ed)? in|"
                       r"apply|register|registered|pay|paid|renew|renewed|return|returned)\b", re.I)
_TAKES_EFFECT = re.compile(r"\beffective\b|\b(?:take|takes|took|taken|go|goes|went|come|comes|came) (?:into |in )?effect\b",
                           re.I)
# a day or a month: a month's name (with its capital: "may" is no May), a date in figures, a
# month and day alone in a table's cell ("| 9/3 |", "| 3/24–3/28 |"), a weekday, a holiday
_CELL_DAY = r"(?:1[0-2]|0?[1-9])/(?:[12]\d|3[01]|0?[1-9])"
_A_DAY = re.compile(r"\b(?:18|19|20)\d\d[-/.]\d\d?[-/.]\d\d?\b|\b\d{1,2}[/.-]\d{1,2}[/.-](?:\d\d){1,2}\b|"
                    rf"(?:^|\|)\s*{_CELL_DAY}(?:\s*[-–]\s*{_CELL_DAY})?\s*(?:\||$)|"
                    r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b|"
                    r"\b(?:new year['’]s|memorial|independence|labou?r|columbus|veterans['’]?|christmas|boxing|election) day\b|"
                    r"\b(?:thanksgiving|juneteenth|good friday|easter)\b", re.I | re.M)
_A_MONTH = re.compile(rf"\b(?:{MONTH})\b", re.I)
_DAY_KINDS = frozenset({"date", "time"})
# a year the question asks within ("meet in 2018", "during fiscal 2019"); not one naming a
# thing ("when were the 2010 bonds paid off?": the year it ends is the answer)
_YEAR_GIVEN = re.compile(r"\b(?:in|during|throughout|for)\s+(?:(?:calendar|fiscal|the)\s+)?(?:year\s+)?(?:19|20)\d\d\b", re.I)
# the month a day is asked within: "which day in June 2026", "what date in March" (not a month
# naming the thing asked about: "when will the project that began in March 2023 end?")
_MONTH_GIVEN = re.compile(rf"\b(?:which|what)\s+(?:days?|dates?)\s+(?:in|during|of)\s+(?:{MONTH})\b", re.I)
_SLASH_DAY = re.compile(rf"(?<![\d/]){_CELL_DAY}(?![\d/])")  # "6/17" anywhere in a line: a month's day, no year
_YEAR_ASKED = re.compile(r"\b(?:what|which|in what|in which)\s+(?:calendar\s+|fiscal\s+)?years?\b|\bhow many years\b", re.I)


def day_asked(question: str, kinds: tuple[str, ...]) -> bool:
    """The question asks for a date (_ASKS_DAY): not for another kind, nor when something
    takes effect."""
    return set(kinds) <= _DAY_KINDS and not _TAKES_EFFECT.search(question) and _ASKS_DAY.search(question) is not None


def gives_day(text: str) -> bool:
    """The text gives a day or a month (_A_DAY, a month's name with its capital), a time of
    day, or a span a date is told by ("payable within 30 days"): more than a year."""
    return _A_DAY.search(text) is not None or holds(text, ("time", "duration")) or any(
        m.group(0)[0].isupper() for m in _A_MONTH.finditer(text))


def _year_alone(texts: Sequence[str], question: str, kinds: tuple[str, ...], ranked: Sequence[int],
                taken: Sequence[int], unit_of: Callable[[int], list[int]]) -> bool:
    """The question asks for a date (day_asked), the answer's line (the first ranked) and its
    unit give a year alone ("... looks forward to 2016"; gives_day), and it is no heading ("#
    Election Calendar 2025") over a line the quote takes that gives more ("| 10/20 | Early
    voting begins |"). No line is looked for beyond the quote, which would be a neighbour's
    date (the bids' for the pre-bid meeting "in 2025"), nor another passage (quote/cite.py)."""
    if not taken or not day_asked(question, kinds):  # (taken is empty when ranked is)
        return False
    unit = unit_of(ranked[0])
    if gives_day(" ".join(texts[j] for j in unit)):
        return False
    return _prose(texts[ranked[0]]) or not any(gives_day(texts[j]) for j in taken if j not in unit)


def _of_a_sibling(texts: Sequence[str], question: str, qterms: Sequence[str]) -> bool:
    """The whole passage speaks of a sibling of what the question names (PASSAGE_SIBLINGS)."""
    return contradicts("\n".join(texts), question, qterms, PASSAGE_SIBLINGS, line=False)


def _above(texts: Sequence[str], unit_of: Callable[[int], list[int]], kind: Sequence[bool],
           answers: Callable[[int], bool], qterms: Sequence[str], kinds: tuple[str, ...],
           title: Collection[str] = ()):
    """_above_lead with the heading a stack of bare values stands under (_heading_of); where
    a person is asked and the passage prints each name over its office, an office line
    heads no name under it (_names_over_offices). A line of the document's title block
    (`title`) labels no value: it prints above the answer only as a heading, a period or a
    number the question gives ("Maple Hollow Opens Applications for Small Business Grants"
    over "The city will award grants of up to $5,000 ..." is the headline, not the label)."""
    every = frozenset(qterms)
    names_first = "person" in kinds and _names_over_offices(texts, kind)
    titled = {i for i, t in enumerate(texts) if " ".join(t.split()) in title}

    def heading_of(i: int) -> int | None:
        h = _heading_of(texts, i, every - kind_words(kinds), every)
        return None if names_first and h is not None and _office_shaped(texts[h]) else h

    return _above_lead(texts, lambda j: [j] if j in titled else unit_of(j), kind, answers, qterms, heading_of)


def _lead(ranked: list[int], texts: Sequence[str], kind: Sequence[bool], scores: Sequence[float],
          outside: Collection[int], must: bool, answers: Callable[[int], bool], unit_of: Callable[[int], list[int]],
          question: str, kinds: tuple[str, ...], limit: int) -> list[int] | None:
    """`ranked` with the line to lead the quote first: the best holding the asked kind
    (_kind_first) when none of the first `limit` does, or the first does not answer; then the
    one saying the noun the question asks the value of (_head_first). None: lines hold the
    kind, none of them about what was asked."""
    if kinds and (not any(kind[i] for i in ranked[:limit]) or (must and not (ranked and answers(ranked[0])))):
        ranked = _kind_first(ranked, kind, scores, outside, must, answers)
        if ranked is None:
            return None
    if must and question:
        ranked = _head_first(ranked, texts, kind, answers, unit_of, question, kinds)
    return ranked


def _kind_first(ranked: list[int], kind: Sequence[bool], scores: Sequence[float], outside: Collection[int],
                must: bool, answers: Callable[[int], bool]) -> list[int] | None:
    """`ranked` with the best line holding the asked kind first (one that answers, when
    `must`), if any line holds one; None when `must` and none answers."""
    best = max((i for i in range(len(kind)) if kind[i] and i not in outside and (not must or answers(i))),
               key=lambda i: (scores[i], -i), default=None)
    if best is None and must:
        return None
    if best is not None and (scores[best] > 0 or must):
        return [best] + [i for i in ranked if i != best]
    return ranked


# a value opening on a colon under its label, as a page's definition list prints it ("damage
# deposit" / ": $142.32 per metre of frontage", "inspection fee" / ": $51 per metre ...")
_COLON_VALUE = re.compile(r"^\s*:\s*\S")


def _label_above(texts: Sequence[str], i: int) -> bool:
    """Line i is a value opening on a colon, under a short label of its own (not running
    text, not a table row)."""
    return (i > 0 and _COLON_VALUE.match(texts[i]) is not None and len(texts[i - 1].split()) <= _ENTRY_WORDS
            and not _prose(texts[i - 1]) and not _TABLE_ROW.search(texts[i - 1]))


def _with_label(texts: Sequence[str], i: int, held: bool = False) -> str:
    """Line i's text, with its label's before it when it is a value under one (_label_above):
    the label says what the value is of ("damage deposit", not "inspection fee"); a record's
    field holding the asked kind (`held`), with its item's name and the keys its list stands
    under (_record_label): the item's other fields ("breeze: true") are not what was asked."""
    if _label_above(texts, i):
        return f"{texts[i - 1]} {texts[i]}"
    label = _record_label(texts, i) if held else ""
    return f"{label} {texts[i]}" if label else texts[i]


def _units(texts: Sequence[str], kind: Sequence[bool], joins: Sequence[bool], kinds: tuple[str, ...],
           cfg: Config) -> Callable[[int], list[int]]:
    """unit_of(i): the lines that complete line i (_unit; itself alone with cfg.quote_units
    off). Where a person is asked and the passage prints each name over its office
    (_names_over_offices), an office line labels no name under it: that name is the next
    office's ("Assistant Director of Public Works" / "Priya Natarajan" / "Director of Public
    Works")."""
    if not cfg.quote_units:
        return lambda i: [i]
    names_first = "person" in kinds and _names_over_offices(texts, kind)

    def unit_of(i: int) -> list[int]:
        unit = _unit(texts, i, kind, joins)
        if names_first and _office_shaped(texts[i]):
            return [j for j in unit if j <= i or not _name_line(texts, j, kind)]
        return unit

    return unit_of


def _scores(lines: Sequence[tuple[int, str, str]], kind: Sequence[bool], qterms: Sequence[str],
            weights: Mapping[str, float], cfg: Config, sims: Mapping[int, float]) -> list[float]:
    """Each line's score (line_score), a restatement's cut by cfg.line_restate_cut; a value
    under its label, or a record's field holding the kind under its item's name and keys, is
    scored with them (_with_label)."""
    texts = [text for _, _, text in lines]
    scores = [line_score(_with_label(texts, i, kind[i]), qterms, weights, cfg, sims.get(seq), kind[i])
              for i, (seq, _, text) in enumerate(lines)]
    if cfg.line_restate_cut > 0:
        every = frozenset(qterms)
        scores = [s * (1 - cfg.line_restate_cut) if restates(lines[i][2], every) else s
                  for i, s in enumerate(scores)]
    return scores


_ENDS_A_SENTENCE = re.compile(r"[.!?。！？]\s*$")  # a sentence, in any script: no title


def _naming_lines(texts: Sequence[str], title: Collection[str]) -> set[int]:
    """The lines of the document's title block (quote/cite.title_lines) that are no running
    text, end no sentence ("无线热点可借14天。") and hold no figure but a year: for a question
    asking no kind, they share its words by naming the document ("CITY of BOSTON - DEBT
    SERVICE REQUIREMENTS - FISCAL YEARS 2016 through 2023", a column header) and answer
    nothing. A short document's line giving figures ("Total ...: 150,346,287") stays, and so
    does an article's first sentence ("The plus-minus sign is a mathematical symbol ..."),
    which the title block holds when it is short."""
    return {i for i, t in enumerate(texts)
            if " ".join(t.split()) in title and not _prose(t) and not _ENDS_A_SENTENCE.search(t)
            and not holds(t, ("figure", "count"), ())}


def _left_out(texts: Sequence[str], qterms: Sequence[str], topic: Sequence[str] | None,
              kinds: tuple[str, ...], title: Collection[str], cfg: Config) -> tuple[set[int], set[int]]:
    """The lines never quoted: a sibling section's ("(d) Within the City of Steilacoom:" and
    its values, for a question about University Place: _other_sections), and, for a question
    asking no kind, the title block's lines naming the document (_naming_lines), which are
    returned apart: they set no line floor either."""
    outside = _other_sections(texts, frozenset(qterms if topic is None else topic)) if cfg.siblings else set()
    return outside, (set() if kinds else _naming_lines(texts, title) | _column_rows(texts))


def _column_rows(texts: Sequence[str]) -> set[int]:
    """A Markdown table's header row, over its rule: it names the columns ("| Program |
    Minimum request | Match required |"), and answers nothing; its rows answer under it."""
    return {i - 1 for i in range(1, len(texts)) if MD_TABLE_RULE.match(texts[i].strip())}


def _ranked(scores: Sequence[float], cfg: Config, outside: Collection[int],
            unbarred: Collection[int] = ()) -> list[int]:
    """The lines that clear the line floors (cfg.line_floor, and cfg.line_relative_floor of
    the best line's score), best first, document order breaking ties; none of `outside`.
    The `unbarred` lines set no floor (a title line naming the document is no bar)."""
    best = max((s for i, s in enumerate(scores) if i not in unbarred), default=0.0)
    floor = max(cfg.line_floor, cfg.line_relative_floor * best)
    return sorted((i for i, s in enumerate(scores) if s >= floor and i not in outside),
                  key=lambda i: (-scores[i], i))


def choose_lines(lines: Sequence[tuple[int, str, str]], qterms: Sequence[str],
                 weights: Mapping[str, float], cfg: Config, limit: int,
                 sims: Mapping[int, float] | None = None,
                 kinds: tuple[str, ...] = (), ocr: Mapping[int, float] | None = None,
                 furniture: Collection[int] = (), require_kind: bool = True, day_check: bool = True,
                 topic: Sequence[str] | None = None, subject: Sequence[str] = (),
                 header: str = "", question: str = "", title: Collection[str] = (),
                 one_label: bool = True) -> list[QuotedLine]:
    """lines: (seq, locator, text) in document order; sims: line seq -> cosine with the question;
    kinds: what kind of value the question asks for (engine/kinds.py), () for none; ocr: line
    seq -> OCR's confidence for the lines read by OCR; furniture: the seqs of page furniture
    (readers/layout.py), never quoted. A line below QUOTE_FLOOR is never quoted; when the
    lines would be chosen with it among them, the passage gives no lines at all.

    The quote's invariant: when the question asks for a firm kind (kinds.FIRM: an amount,
    a count, a time, a name...), the first line taken holds one, itself or with the line its
    unit adds (a label's value), and says something of the question (`_answerer`); a
    passage none of whose quotable lines does gives no lines at all (`require_kind` False,
    as a ranked search's best line: the line is still chosen). `topic`: the question words
    such a line must share one of (the document's own names left out, quote/cite.py);
    `subject`: the question's words naming the document: a line naming all ("Elvis Aaron
    Presley (January 8, 1935 ..." for "what year was Elvis born?") speaks of the question when
    at most one other word is left (_SUBJECT_REST, _common_subject); a part does not.
    `header`: the passage's table header row, else its first row (kinds.money_cells: no sum
    under "Design Flow (MGD)"; one naming another kind heads no row that answers; its labels
    name the rows' cells: row_labels). `title`: the title lines, speaking by any question
    word. `day_check`: a year alone for a date asked gives no lines (_year_alone).
    `one_label`: one line at most under each asked kind's own label (_kind_labelled)."""
    sims, ocr = sims or {}, ocr or {}
    lines = _quotable(lines, furniture, question)
    texts = [text for _, _, text in lines]
    kind, joins, lost = _held(texts, kinds, qterms, header, question)
    scores = _counting_first(_scores(lines, kind, qterms, weights, cfg, sims), texts, kind, question, cfg)
    outside, naming = _left_out(texts, qterms, topic, kinds, title, cfg)
    ranked = _ranked(scores, cfg, outside | naming, naming)
    must = require_kind and bool(cfg.quote_invariant) and firm(kinds)
    if _gives_none(texts, kind, header, must, kinds, question, qterms, cfg):
        return []

    unit_of = _units(texts, kind, joins, kinds, cfg)
    answers = _answerer(texts, kind, unit_of, kinds, qterms, topic, subject, bool(cfg.row_topic),
                        question if cfg.siblings else "", frozenset(title),
                        kind_labels=bool(cfg.kind_labels) and one_label, header=(head := header or opening_header(texts)))
    if _asked_row_elsewhere(texts, kind, lost, head, answers, question, qterms, topic, cfg):
        return []
    ranked = _lead(ranked, texts, kind, scores, outside, must, answers, unit_of, question, kinds, limit)
    if ranked is None:
        return []  # lines hold the kind, none of them about what was asked
    if not (ranked := _of_no_sibling(ranked, texts, unit_of, kinds, question, qterms, cfg)):
        return []
    above = _above(texts, unit_of, kind, answers, qterms, kinds, title) if must and cfg.lead_first else None
    taken = _take(ranked, limit, must, kind, scores, answers, unit_of, joins if cfg.quote_units else (), above)
    if not all(ocr.get(lines[i][0], QUOTE_FLOOR) >= QUOTE_FLOOR for i in taken):
        return []  # the answer's own line is one OCR could not read surely
    if day_check and question and cfg.quote_invariant and _year_alone(texts, question, kinds, ranked, taken, unit_of):
        return []  # a year alone for a date asked; nothing else is looked for (_year_alone)
    return [QuotedLine(text=texts[i], locator=lines[i][1], score=scores[i], ocr=ocr.get(lines[i][0]))
            for i in sorted(taken)]


# a count and the plural noun it counts, a word between at most ("222 files", "14 data requests")
_COUNT_OF = re.compile(r"(?<![\d.,$£€])\d[\d,]*\s+(?:[a-z][a-z-]+\s+)?([a-z]{3,}s)\b")
_NUMBER_OF = re.compile(r"\b(?:the|total|a)\s+number\s+of\s+(?:[\w'’-]+\s+){0,2}?([a-z]{3,}s)\b", re.I)


def _counting_first(scores: list[float], texts: Sequence[str], kind: Sequence[bool], question: str,
                    cfg: Config) -> list[float]:
    """The scores with a line that counts the noun a question counts ("how many tenant files":
    "A total of 222 files were") raised by cfg.line_number_bonus: the figure beside the words
    the question shares may count another thing ("RGI team also conducted 4 data analytics
    projects")."""
    nouns = _counted_noun(question)
    if not nouns:
        return scores
    return [s + cfg.line_number_bonus if kind[i] and any(set(content_terms(m.group(1))) & nouns
                                                          for m in _COUNT_OF.finditer(texts[i])) else s
            for i, s in enumerate(scores)]


def _quotable(lines: Sequence[tuple[int, str, str]], furniture: Collection[int],
              question: str) -> list[tuple[int, str, str]]:
    """The lines that may be quoted: not page furniture, nor a page's number run into a print
    stamp, which the readers do not mark ("Page 4 of 5November 27, 2018 4:00 PM";
    readers/layout.by_shape marks a page's number alone), but where the question asks when a
    report was printed or generated (kinds.asks_stamp: its stamp tells)."""
    stamped = asks_stamp(content_terms(question))
    return [ln for ln in lines if ln[0] not in furniture and (stamped or not _PAGE_LINE.match(ln[2]))]


# the unit a question asks a rate by: "per mile", "per-mile", "per 1,000 gallons", or an
# adverb on the charge itself ("hourly rate", "monthly fee"; not "the weekly farmers market")
_PER_ADVERB = {"hourly": "hour", "daily": "day", "weekly": "week", "monthly": "month", "yearly": "year",
               "annually": "year", "annual": "year", "nightly": "night"}
_PERIODLY = "|".join(_PER_ADVERB)  # "hourly|daily|...": a period said as an adverb
_PER_ASKED = re.compile(r"\bper[\s-]+(?:an?\s+|each\s+|one\s+)?(?:\d[\d,.]*\s+)?([a-z]+)"
                        rf"|\b({_PERIODLY})\s+(?:[a-z]+\s+){{0,2}}?"
                        r"(?:rate|rates|fee|fees|charge|charges|cost|costs|fare|fares|rent|rental|price|wage|pay|"
                        r"salary|allowance|stipend)\b", re.I)
# a sum by its period that is no rate's name ("the total annual dollar amount", "the daily
# fine"): a period asked, by which a line's rates by another period answer nothing; the sum
# may be one taken in ("totaled $1,240,000"), so it asks no rate (_TOOK_IN stays off); one word
# between at most ("the annual rental registration penalty amount": "annual" is the registration's)
_PERIOD_SUM = re.compile(rf"\b({_PERIODLY})\s+(?:[a-z]+\s+)?"
                         r"(?:amount|amounts|fine|fines|penalty|penalties)\b", re.I)
# the units a rate is asked and given by, closed lists (a line's other words are no unit:
# "$25.00 per stall", "$150.00 per rental"): periods, measures, and things counted
_PERIODS = frozenset(content_terms("hour day week month year night"))
_MEASURES = frozenset(content_terms("mile kilometer gallon liter litre kilowatt therm cubic ton tonne pound acre "
                                    "foot square meter yard"))
_COUNTED = frozenset(content_terms("trip person guest visitor student child adult visit session class lesson "
                                   "bag load page copy meal event game round ticket passenger seat room bed"))
# a figure's rate and the unit it is by: "$50.00 per car trip", "$0.58/mile", "$12 a night"
_PER_GIVEN = re.compile(r"(?:[$£€]\s?\d[\d,]*(?:\.\d+)?|\d[\d,]*(?:\.\d+)?\s?(?:¢|cents?))\s*"
                        r"(?:/|\bper\b|\ba\b)\s*(?:an?\s+|each\s+)?(?:\d[\d,.]*\s+)?([a-z]+)(?:\.?\s+([a-z]+))?", re.I)
# a mileage rate asked is a rate per mile ("mileage reimbursement rate for using your own car")
_MILEAGE = re.compile(r"\bmileage\s+(?:reimbursement\s+)?(?:rate|rates|allowance|reimbursement)\b", re.I)
_SHARE_GIVEN = re.compile(r"\d\s?(?:%|percent\b|per\s?cent\b)", re.I)
_MONEY_FIGURE = re.compile(r"[$£€]\s?\d|\d\s?(?:¢|cents?\b)", re.I)
# other words for a unit, the question's and the line's alike: the coverage's short forms
# (score.UNIT_FORMS: "hr", "sq. ft.") and, after "per", those it leaves out as other words
# ("mi", "mo"), "kWh", "CCF" (a hundred cubic feet), Latin ("per diem", "per capita") and a
# trip's other names
_UNIT_SAID = {short: unit for unit, short in UNIT_FORMS} | {
    "mi": "mile", "mo": "month", "wk": "week", "kgal": "gallon", "diem": "day", "capita": "person",
    "head": "person", "annum": "year", "pp": "person", "ccf": "cubic", "hcf": "cubic", "feet": "foot",
    "tn": "ton", "ac": "acre", "kwh": "kilowatt", "ride": "trip", "journey": "trip", "boarding": "trip"}
_KNOWN_UNITS = _PERIODS | _MEASURES | _COUNTED
# a question asking the sum a body took in, in the past ("how much did the district bring in
# from parcel fees in 2021?", "did the city expect to collect", "collected", "took in"): a
# total, so a rate by any unit ("a flat fee per improved parcel of land not to exceed $250 per
# year") is the rate each payer owes, not what was taken in. Not a question in the present
# ("what hotel tax rate does the city collect?", "how much does the county collect for each
# visitor?") nor one naming a rate or each payer (_EACH_ASKED). ("raise" is left out: "raise
# sewer rates" asks a rate's change. kinds' amount pattern reads "bring in" and "collect" in
# any tense, to ask a sum at all.)
_TAKEN_IN = re.compile(r"\b(?:did|has|have|had)\b[^?]*?\b(?:collect|bring in|take in)\b|"
                       r"\b(?:collected|brought in|took in|taken in)\b", re.I)
_EACH_ASKED = re.compile(r"\b(?:each|every|per|rate|rates)\b", re.I)
# a line telling a sum taken in ("The City has collected approximately $543,000 from in-lieu
# fees", "Tipping fees collected in 2023 totaled $2,556,260"): no rate by a unit asked
_TOOK_IN = re.compile(r"\b(?:collected|brought in|took in|totaled|totalled|generated|raised)\b", re.I)


def _unit_term(word: str) -> str:
    word = word.lower()
    return stem(_PER_ADVERB.get(word) or _UNIT_SAID.get(word) or word)


def _per_asked_unit(texts: Sequence[str], kind: list[bool], kinds: tuple[str, ...], question: str) -> list[bool]:
    """`kind`, without the lines whose every sum is a rate by another unit than the one the
    question asks a rate by: "$50.00 per car trip" holds no "per-mile mileage rate", "$4.50
    per 1,000 gallons" no monthly charge. Units of closed lists only, on both sides (a period,
    a measure, a thing counted: "per city policy" asks none, "$25.00 per stall" gives none);
    for a period asked, only another period or a measure is another unit ("$22.50 per cart"
    and "$0.90 per Retail Customer" are billed each month). A line with a sum by no unit
    ("base charge $18.00; usage $5.25 per 1,000 gallons"), or naming the asked unit anywhere
    ("Monthly Customer Charge: $1,560 per account", "$3.20 per CCF" for "per 100 cubic
    feet", "$0.0832/kWh" for "per kilowatt-hour"), is left as it is. A question asking a
    sum taken in and no rate (_TAKEN_IN: "how much did the district bring in from parcel
    fees?") is given no rate at all, by any unit ("$85 per parcel", "$20 per household");
    a question asking a rate by a unit is given no line telling a sum taken in with no rate
    (_TOOK_IN: "The City has collected approximately $543,000 from in-lieu fees" for the
    in-lieu fee per unit). A sum named by its period ("the total annual dollar amount",
    _PERIOD_SUM) asks that period as a unit, and no rate: "$13 per hour" gives none, "totaled
    $1,240,000" may. A mileage rate asked (_MILEAGE) is a rate per mile; where a measure is
    the asked unit, a line giving a share and no sum gives no rate ("reimbursed at 75% for the
    day" is no mileage rate)."""
    if not question or not {"amount", "rate"} & set(kinds):
        return kind
    asked = {_unit_term(m.group(2) or m.group(1)) for m in _PER_ASKED.finditer(question)} & _KNOWN_UNITS
    asked |= {_unit_term(m.group(1)) for m in _PERIOD_SUM.finditer(question)}
    asked |= {_unit_term("mile")} if _MILEAGE.search(question) else set()
    rate_asked = _PER_ASKED.search(question) is not None or _MILEAGE.search(question) is not None
    taken_in = not rate_asked and _TAKEN_IN.search(question) is not None and not _EACH_ASKED.search(question)
    if rate_asked:  # a total taken in is no rate ("has collected approximately $543,000")
        kind = [k and not (_TOOK_IN.search(t) and not _PER_GIVEN.search(t)) for k, t in zip(kind, texts)]
    if not asked and not taken_in:
        return kind
    if asked & _MEASURES:  # a share is no sum per mile ("reimbursed at 75% for the day")
        kind = [k and not (_SHARE_GIVEN.search(t) and not _MONEY_FIGURE.search(t)) for k, t in zip(kind, texts)]
    other = (_PERIODS | _MEASURES) if asked and asked <= _PERIODS else _KNOWN_UNITS

    def by_other(text: str) -> bool:
        given = _PER_GIVEN.findall(text)
        if not given or len(given) < len(_MONEY_FIGURE.findall(text)):
            return False
        if taken_in:
            return True  # every sum a rate, by whatever unit: no total taken in
        units = {_unit_term(w) for pair in given for w in pair if w} & _KNOWN_UNITS
        if not units & other:
            return False  # no unit of its own ("per stall"), or a thing billed each period
        said = {_unit_term(w) for w in re.findall(r"[a-z]+", text.lower())}
        return not asked & said  # "Monthly Customer Charge: $1,560 per account" says its month

    return [k and not by_other(t) for k, t in zip(kind, texts)]


def _of_no_sibling(ranked: list[int], texts: Sequence[str], unit_of: Callable[[int], list[int]],
                   kinds: tuple[str, ...], question: str, qterms: Sequence[str], cfg: Config) -> list[int]:
    """`ranked`, and where no kind is asked, without the lines whose unit names a sibling of
    what the question names (May's minutes for "which June 2013 minutes"): where one is, the
    answerer has read the siblings (_answers). The siblings a passage is read for
    (`line=False`): a row's year or date checks are the answerer's, "2015-11 | 4/3/2015 |
    Adopting the 2015-16 village budget" answers the resolution adopted on April 3, 2015;
    a unit of no table row is read as a line ("Hearing minutes for October 17, 2017" gives
    nothing of the October 29, 2019 hearing), and a day alone answers nothing (_DATE_ALONE).
    None left: the passage gives no lines."""
    if kinds or not question or not cfg.siblings:
        return ranked
    units = {i: " ".join(texts[j] for j in unit_of(i)) for i in ranked}
    return [i for i in ranked if not _DATE_ALONE.match(units[i])
            and not contradicts(units[i], question, qterms, line=not _TABLE_ROW.search(units[i]))]


# a line that is a day alone, a list's entry ("Tuesday, October 29, 2019"): for a question
# asking no kind, it says the question's day back and nothing of what was done on it
_DATE_ALONE = re.compile(rf"^\W*(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day,?\s+)?{_DATED}\W*$", re.I)


def _asked_row_elsewhere(texts: Sequence[str], kind: Sequence[bool], lost: Collection[int], header: str,
                         answers: Callable[[int], bool], question: str, qterms: Sequence[str],
                         topic: Sequence[str] | None, cfg: Config) -> bool:
    """The table row the question asks about holds nothing it may answer by, so another row's
    figure would be another item's: it has nothing under the asked period's column (`lost`,
    _asked_columns), or it stands under another value of a label the question gives ("Round
    3" under "rnd" for round 1: _labelled_away) and speaks more of the question than any row
    that answers (_speaks_most)."""
    words = topic if topic is not None else qterms
    if lost and _speaks_most(lost, texts, kind, answers, words):
        return True
    relabelled = _labelled_away(texts, kind, header, question, qterms) if question and cfg.siblings else set()
    return bool(relabelled) and _speaks_most(relabelled, texts, kind, answers, words, strictly=True)


# the noun a "what is the ..." question asks the value of, right before the word that opens
# what it is of ("What is the village's own share of the Popham Road Bridge project cost?":
# the share, not the cost; "of", "for", "on", "in", "to")
_HEAD_ASKED = re.compile(r"^\W*(?:what|how much)\s+(?:is|was|are|were|will be)\s+(?:the\s+|an?\s+)?"
                         r"(?:[\w.&-]+['’]s?\s+)?(?:(?:own|total|annual|current|estimated|actual|final|net|new|"
                         r"projected|approximate)\s+)*([a-z]{3,})\s+(?:of|for|on|in|to)\b", re.I)
# a head that names a sum or a figure of any sort tells no line from another ("the value of
# the contract", "the budget for parks": a budget's every line says it)
_HEAD_GENERIC = frozenset(content_terms(
    "value budget amount total cost price fee rate charge sum number figure level balance salary pay "
    "revenue expense expenditure appropriation"))


def _head_first(ranked: list[int], texts: Sequence[str], kind: Sequence[bool], answers: Callable[[int], bool],
                unit_of: Callable[[int], list[int]], question: str, kinds: tuple[str, ...]) -> list[int]:
    """`ranked` with the best line first whose unit says the noun the question asks the value
    of (_HEAD_ASKED), when the first line's unit does not and that line answers: "The
    Village's share amounts to $398,000." before "The Popham Road Bridge project, which is
    estimated to total $17.1 million, ...", whose figures are the project's. A noun naming the
    kind itself or a sum of any sort ("the cost of", "the value of") tells no line from
    another (_HEAD_GENERIC)."""
    m = _HEAD_ASKED.match(question)
    head = content_terms(m.group(1)) if m else []
    if len(head) != 1 or head[0] in _HEAD_GENERIC or set(head) & kind_words(kinds) or not ranked:
        return ranked
    hit = [head[0] in content_terms(t) for t in texts]  # read once; units overlap

    def says(i: int) -> bool:
        return any(hit[j] for j in unit_of(i))

    if says(ranked[0]):
        return ranked
    first = next((i for i in ranked if kind[i] and says(i) and answers(i)), None)
    return ranked if first is None else [first] + [i for i in ranked if i != first]


def _gives_none(texts: Sequence[str], kind: Sequence[bool], header: str, must: bool,
                kinds: tuple[str, ...], question: str, qterms: Sequence[str], cfg: Config) -> bool:
    """The passage gives no lines, whatever its lines' scores: it names the topic and no line
    of it holds the firm kind asked (`must`); or its table's header (carried in the context,
    or the table's first row) names another kind of the thing ("Paid Fishing License
    Holders" for hunting licence holders), so none of its rows gives the one asked; or it is
    about a sibling of what was asked ("... REPORTS THIRD QUARTER NET INCOME")."""
    if must and not any(kind):
        return True
    head = header or opening_header(texts)
    if must and head and question and cfg.siblings and header_names_another_kind(head, question, qterms):
        return True
    return bool((must or not kinds) and question and cfg.siblings and _of_a_sibling(texts, question, qterms))


def header_names_another_kind(header: str, question: str, qterms: Collection[str]) -> tuple[str, str] | None:
    """A table's header row names another kind of the question's thing ("Paid Fishing License
    Holders" for hunting licence holders), as (the header's, the question's); None if not."""
    return _other_kind_of(header, question, qterms)
