"""The first printed line is the answer's (quote/lines.py _above_lead, config lead_first):
lines print in document order, so a heading or a neighbouring line above the answer that
scored well enough to be taken is left out, unless it answers too, is the answer's label,
a table row's header row, or gives a number of the question the answer's line does not."""
from conftest import choose as _choose
from engine.config import Config
from engine.kinds import asked
from engine.quote import choose_lines
from engine.terms import question_terms


OFF = Config().replace(lead_first=0)
SUMMARY = ["GSB Rate Schedule Summary", "Available to general service customers on the GSB schedule.",
           "Monthly Customer Charge: $1,560 per account"]
QUESTION = "What is the monthly customer charge on the GSB rate schedule?"


def test_a_heading_above_the_answer_is_not_printed_first():
    assert _choose(QUESTION, SUMMARY) == ["Monthly Customer Charge: $1,560 per account"]
    assert _choose(QUESTION, SUMMARY, OFF)[0] == SUMMARY[0]  # before: the heading printed first


def test_a_line_directly_over_its_value_is_its_label_and_stays():
    # a short line with no sentence's end over the value labels it (quote/lines.py _unit)
    lines = ["BY BARNES COUNTY AUDITOR", "EDWARD R. MCGOUGH"]
    assert _choose("Who is the Barnes County auditor?", lines) == lines


def test_a_label_over_its_value_stays():
    lines = ["(3) Customer Charge: Calculated on a monthly basis, invoiced, and",
             "collected pursuant to the applicable customer service policies:", "$1,715.00 per month."]
    assert _choose("What is the monthly customer charge?", lines) == lines


def test_a_line_above_that_answers_too_stays():
    both = ["Fence permit: $40.00", "Sign permit: $25.00"]
    assert _choose("What do fence and sign permits cost?", both) == both


def test_the_year_asked_for_stays_above_the_answer():
    got = _choose("What did a fence permit cost in 2019?",
                  ["Fee schedule", "Effective July 1, 2019", "Fence permit: $40.00"])
    assert got == ["Effective July 1, 2019", "Fence permit: $40.00"]


def test_no_kind_asked_keeps_document_order_as_it_was():
    lines = ["Parks and Recreation", "The parks department maintains the trails."]
    q = "What does the parks department maintain?"
    assert _choose(q, lines) == _choose(q, lines, OFF)


# shapes a review of the first version found (each printed the lines above before the rule)

def test_the_heading_a_stack_of_values_stands_under_stays():
    notice = ["Town of Elm Grove", "Special Council Meeting", "Monday, October 21, 2024", "7:00 pm",
              "at the Fire Hall"]
    got = _choose("What time is the special council meeting?", notice)
    assert "Special Council Meeting" in got and "7:00 pm" in got


def test_the_period_a_figure_is_for_stays():
    report = ["Water Treatment Plant Monthly Report - June 2024", "Plant operated 30 of 30 days",
              "Total water produced: 41.2 million gallons"]
    got = _choose("How much water did the plant produce?", report)
    assert got[0] == report[0] and report[2] in got


def test_a_dropped_line_leaves_its_place_to_the_next_best():
    # two lines allowed: the heading, dropped, takes neither
    lines = SUMMARY + ["Billed monthly to each GSB customer."]
    assert _choose(QUESTION, lines, limit=2) == lines[2:]
    assert _choose(QUESTION, lines, OFF, limit=2) == [lines[0], lines[2]]



def test_a_line_above_saying_less_of_the_question_than_the_answer_does_not_print_first():
    fines = ["Parking in a loading zone: $50", "Parking in a fire lane: $100"]
    assert _choose("What is the fine for parking in a fire lane?", fines) == ["Parking in a fire lane: $100"]
    wages = ["Fire Chief Salary $91,694", "Fire Wages $302,993", "Fire Call Wages $75,096"]
    assert _choose("How much are the fire call wages?", wages)[0] == "Fire Call Wages $75,096"



def test_a_number_of_the_question_above_the_answer_stays():
    # the year sits on a line of its own, not the answer's label: "Zone 2 ..." is not kept
    lines = ["Rates adopted for 2019", "Zone 2 hydrant meter: $30.00", "Notes on billing follow.",
             "Zone 3 hydrant meter: $45.00"]
    got = _choose("What is the Zone 3 hydrant meter rate for 2019?", lines)
    assert got[0] == "Rates adopted for 2019" and "Zone 3 hydrant meter: $45.00" in got
    assert "Zone 2 hydrant meter: $30.00" not in got


def test_a_table_rows_header_row_stays():
    rows = ["Customer Class | Meter Size | Water Base Charge per Month | Water Usage Rate",
            "Residential | 5/8 inch | $12.50 | $5.85", "Commercial | 2 inch | $45.00 | $6.10"]
    q = "What is the monthly water base charge for a residential 5/8 inch meter?"
    terms = question_terms(q)
    # the header's words rarer than the row's, as they are in a folder of rate sheets
    weights = {t: 3.0 if t in ("water", "base", "charg", "month") else 1.0 for t in terms}
    lines = [(i, f"L{i + 1}", t) for i, t in enumerate(rows)]
    got = [ln.text for ln in choose_lines(lines, terms, weights, Config(), 3, kinds=asked(q), question=q)]
    assert got == rows[:2]


def test_a_label_over_another_answering_line_stays():
    lines = ["Regular session", "Fence permit:", "$40.00", "Sign permit: $25.00"]
    got = _choose("What do fence and sign permits cost?", lines)
    assert got == ["Fence permit:", "$40.00", "Sign permit: $25.00"]


def test_a_sentence_with_a_year_above_the_answer_does_not_print_first():
    lines = ["Fence permit fees were last changed in 2012.", "Fence permit: $40.00"]
    assert _choose("What does a fence permit cost?", lines) == ["Fence permit: $40.00"]
