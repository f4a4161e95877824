"""A list item's marker is no continuation of the line above, and its number is no figure
(quote/lines.py _STARTS_MID, _change_only): an agenda's lettered items are quoted one by one,
and "1. Shelter rental increased by $10" gives a change, not a rental's cost."""
from conftest import choose as _choose


AGENDA = ["7. PUBLIC WORKS",
          "a) Award of contract to Apex Paving for street resurfacing, $120,000",
          "b) Purchase of a dump truck from Valley Motors, $95,000"]


def test_a_lettered_item_is_not_read_as_the_rest_of_the_line_above():
    got = _choose("How much is the street resurfacing contract with Apex Paving?", AGENDA)
    assert got[0] == AGENDA[1]
    assert AGENDA[2] not in got  # the next item is another purchase, not the rest of this one


def test_roman_and_o_markers_open_items_too():
    for mark in ("ii.", "(b)", "o  "):
        lines = ["i. Award of contract to Apex Paving for street resurfacing, $120,000",
                 f"{mark} purchase of a dump truck from Valley Motors, $95,000"]
        got = _choose("How much is the street resurfacing contract with Apex Paving?", lines)
        assert got == [lines[0]], mark


def test_an_items_number_is_not_a_figure_beside_a_change():
    got = _choose("What does a picnic shelter rental cost?", ["1. Picnic shelter rental increased by $10"])
    assert got == []  # a change of the price, not the price
    assert _choose("What does a picnic shelter rental cost?", ["1. Picnic shelter rental: $60 per day"]) \
        == ["1. Picnic shelter rental: $60 per day"]


def test_up_by_and_down_by_give_a_change():
    assert _choose("What is the parks department's revenue?", ["Parks department revenue is up by $1.2 million"]) == []
    assert _choose("What is the parks department's revenue?", ["Parks department revenue is down by $300,000"]) == []
    assert _choose("What is the parks department's revenue?", ["Parks department revenue is $4.5 million"]) \
        == ["Parks department revenue is $4.5 million"]


# a pre-bid meeting's minutes: the bid opening's day under its lettered item, as a roman
# numeral sub-item
PREBID = ["f. Bidding requirements",
          "i. Bids must be sealed",
          "g. Bid Opening",
          "i. Monday June 8th, @12:01 PM, 2026",
          "ii. Paonia Town Hall"]


def test_a_sub_item_speaks_by_the_item_it_is_under():
    got = _choose("When will bids be opened for the West Loop water main replacement?", PREBID)
    assert got[:2] == ["g. Bid Opening", "i. Monday June 8th, @12:01 PM, 2026"], got


# public comments in minutes: lettered items side by side, none under another
COMMENTS = ["k. Wendy Chapman – remarks on the full board meeting's agenda.",
            "l. James Marton – rally Monday at 6 pm at Foley Square."]


def test_a_sibling_item_is_no_item_it_is_under():
    # a guard: a first form, never shipped, took any other mark above for the parent ("k."
    # over "l."), and made a public comment answer when a board meets
    assert _choose("When is the full board meeting?", COMMENTS) == []


def test_a_sibling_s_sub_item_is_no_item_it_is_under():
    # a review's: "g." under "f."'s sub-item "i." is no sub-item of it
    lines = ["f. Bid Opening", "i. Bids are opened publicly in Town Hall",
             "g. Site Visit Monday June 15th, @9:00 AM, 2026"]
    assert _choose("When will bids be opened?", lines) == []
