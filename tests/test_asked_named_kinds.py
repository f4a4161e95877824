"""Question forms naming their kind by a modifier or a field's own name, and offices that
title a name (kinds._ASKS, kinds._TITLE):
- "what street address is printed on the cover" asks a place, as "what address" does (it
  asked no kind, and a form's "[ COMPANY NAME] [CUSTOMER NAME]" answered);
- "what return on equity did the DPU approve", "the allowed rate of return", "ROE" ask a
  share (no kind was asked, and a line naming other dockets answered);
- "Committee Chairperson Bonnie Sparks" names a person by her office, as "Chair Bonnie
  Sparks" does (the capitalised run before her name hid it, and "who chairs ..." was refused)."""
import pytest
from conftest import ask_words, quoted

from engine.kinds import asked, holds


@pytest.mark.parametrize("question", [
    "What street address is printed on the cover of the tariff?",
    "which mailing address should payments go to",
])
def test_an_address_by_its_kind_asks_a_place(question):
    assert asked(question) == ("place",)


@pytest.mark.parametrize("question", [
    "What return on equity did the Department approve for the company in docket 18-150?",
    "what is the allowed rate of return",
    "what was the approved ROE",
])
def test_a_return_asks_a_share(question):
    assert asked(question) == ("percentage", "rate")


def test_a_return_address_and_a_yield_are_no_share():
    assert "percentage" not in asked("what return address should I use")
    assert "percentage" not in asked("What yield does Well No. 4 produce?")  # a flow (a review)


@pytest.mark.parametrize("line, person", [
    ("Sullivan Parks and Recreation Committee Chairperson Bonnie Sparks said it went well", True),
    ("City Comptroller Janet Mills signed the report", True),
    ("Governor Baxter School for the Deaf", False),  # a school's name (a review)
    ("Senator Inn and Spa", False),
    ("The Chief Financial Officer reviewed it", False),  # an office, no name
    ("Representative Sample Results", False),
    ("County Assessor Office", False),
])
def test_an_office_titles_a_name(line, person):
    assert holds(line, ("person",)) is person


ARTICLE = """# Bike rodeo a hit

Children learned to wear a helmet on a simulated course during a Kids Bike Rodeo at the
Recreation Center May 9.

Sullivan Parks and Recreation Committee Chairperson Bonnie Sparks said this is the first year
the committee is running the event.
"""


def test_who_chairs_is_answered_by_the_chairperson_s_line(tmp_path):
    (a,) = ask_words(tmp_path / "a", {"bike_rodeo_article.md": ARTICLE},
                     "Who is the chairperson of Sullivan's parks and recreation committee?")
    assert quoted(a) and "Bonnie Sparks" in quoted(a)[0], (quoted(a), a.refusal)


RATE_ORDER = """# Order on the company's rates

The Department did not approve the Company's request on its return on equity in D.P.U.
18-93 (filed August 31, 2018); the Department will approve the Company's return on equity here.

Return on equity allowed: 9.60 percent.
"""


def test_a_return_on_equity_is_answered_by_its_share(tmp_path):
    (a,) = ask_words(tmp_path / "r", {"rate_order_2019.md": RATE_ORDER},
                     "What return on equity did the Department approve for the Company?")
    assert quoted(a) and "9.60 percent" in quoted(a)[0], (quoted(a), a.refusal)
