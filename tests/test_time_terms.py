"""A time of day is one term however it is written (terms._times): "7 pm", "7pm", "7 p.m."
and "7 o'clock" are "7:00", as "7:00 PM" is, so a question giving the hour one way meets a
schedule writing it another. Before, "from 7 o'clock" required the term "7", which a line
"7:00 - 9:30 PM Cryin' Out Loud" never held, and the answer was refused; a question's "7:00
pm" likewise missed a notice's "7 p.m."."""
import pytest
from conftest import ask_words, quoted

from engine.terms import content_terms, question_terms, required_terms


@pytest.mark.parametrize("text, expected", [
    ("7 PM", ["7:00", "pm"]),
    ("7pm", ["7:00", "pm"]),
    ("at 7 p.m.", ["7:00", "p.m"]),
    ("7 o'clock", ["7:00", "o'clock"]),
    ("7:00pm", ["7:00", "pm"]),
    ("10 a.m. to 2 p.m.", ["10:00", "a.m", "2:00", "p.m"]),
    ("7:00 - 9:30 PM", ["7:00", "9:30", "pm"]),
])
def test_an_hour_is_written_with_its_minutes(text, expected):
    assert content_terms(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("7-9 pm", ["7-9", "pm"]),  # a range is read whole
    ("1.5 pm", ["1.5", "pm"]),  # a figure, no hour
    ("$5 pm", ["5", "pm"]),
    ("24 am", ["24"]),  # no hour of a clock
])
def test_no_hour_is_made_of_a_range_or_a_figure(text, expected):
    assert content_terms(text) == expected


def test_a_question_s_hour_is_required_as_a_time():
    assert "7:00" in required_terms("Which band plays Friday night from 7 o'clock?")
    assert "o'clock" not in question_terms("Which band plays from 7 o'clock?")  # the hour says it
    assert "7:00" in required_terms("Which band plays at 7pm on Friday?")


FLYER = """# Harbor Days 2026

LIVE MUSIC SCHEDULE
FRIDAY, JULY 31 (4:00 PM - 9:00 PM)
5:00 - 6:30 PM Whippoorwill Wood
7:00 - 9:30 PM Cryin' Out Loud
SATURDAY, AUGUST 1 (10:00 AM - 9:00 PM)
12:00 - 1:00 PM Snarky Sisterz
"""


def test_an_hour_in_words_meets_the_schedule_s_time(tmp_path):
    (a,) = ask_words(tmp_path / "f", {"harbor_days_flyer_2026.md": FLYER},
                     "Harbor Days Friday schedule: who is on at 7 o'clock?")
    assert quoted(a) and "Cryin' Out Loud" in quoted(a)[0], (quoted(a), a.refusal)


def test_a_range_of_hours_meets_the_question_s_hours():
    from engine.terms import range_asked
    assert range_asked("7-9", question_terms("What activity runs from 7 to 9 pm on Thursdays?")) == ("7", "9")


def test_a_range_of_hours_answers_the_question_s_hours(tmp_path):
    notes = "# Rec center\n\nThursday evenings 7-9 pm: open gym for adults.\nSaturday 10-12: swim.\n"
    (a,) = ask_words(tmp_path / "r", {"rec_center.md": notes}, "What activity runs from 7 to 9 pm on Thursdays?")
    assert quoted(a) and "open gym" in quoted(a)[0], (quoted(a), a.refusal)
