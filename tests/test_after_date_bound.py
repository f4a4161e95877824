"""A date the question's answer must come after ("when did the board meet again after its
October 2025 meeting?"; quote/lines.bound_terms, quote/cite._topic): its month and year say
what the answer follows, not what a line must speak of, so "Oct 18-25 harvest fund raisers"
is no answer for sharing "October" with the bound. Made-up minutes, through the real index
and readers."""
from conftest import ask_words, quoted
from engine.quote.cite import _topic
from engine.quote.lines import bound_terms
from engine.terms import question_terms

ASKED = "When was the Maple Township board due to meet again after its October 2025 meeting?"

MINUTES = """MAPLE TOWNSHIP BOARD OF TRUSTEES MEETING
8 October 2025 Minutes
Maple Township Hall

Call to order: by Pfeiffer at 7:00 pm.
Roll Call: Pfeiffer, Lee, Fischer, Glasscock, Terrill all present.

Trustee report:
Fischer: Oct 18-25 harvest fund raisers, several local townships and businesses are sponsoring a pumpkin walk.
Glasscock: Getting up to speed.

Supervisor's report: the grant progress report was filed and bills were submitted and reimbursed.

Old business: the boat ramp light is still out.

Adjournment: Next Meeting 12 November 2025. Motion by Lee 2nd by Fischer Yay 5 nay 0.
"""


def test_the_bound_s_words_are_no_topic():
    assert bound_terms(ASKED) == {"octob", "2025"}
    # only a date closing a question asking a date or time bounds it
    assert bound_terms("What did the council approve after the March 3, 2023 hearing?") == frozenset()
    assert bound_terms("When did the October 2025 meeting start?") == frozenset()
    q = question_terms(ASKED)
    names = {"mapl", "township"}
    assert "octob" in _topic(q, names, ("date", "time"))
    topic = _topic(q, names, ("date", "time"), bound_terms(ASKED))
    assert "octob" not in topic and "2025" not in topic and "meet" in topic
    # nothing left but the bound: any of the question's other words
    assert _topic(("octob", "2025"), set(), ("date",), frozenset({"octob", "2025"})) is None


def test_the_next_meeting_not_a_day_in_the_bound_s_month(tmp_path):
    (a,) = ask_words(tmp_path, {"maple_township_minutes_2025-10-08.txt": MINUTES}, ASKED)
    lines = quoted(a)
    assert lines and lines[0].startswith("Adjournment: Next Meeting 12 November 2025")
    assert not any("Oct 18-25" in t for t in lines)
