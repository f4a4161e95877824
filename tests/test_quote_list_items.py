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
