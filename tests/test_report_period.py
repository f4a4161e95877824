"""A report of part of a year answers no question about the full year or another part
(engine/scope.py: asked_period, document_period, other_period): a half-year report's row for
"the full year 2023" is another period's figure. Made-up reports through the real readers
and index (words arm), the period read from the file name and from the title lines, with
the rule turned off too."""
from conftest import ask_words, quoted

import engine.scope as scope

HALF = """Harbor Foods Group
Half-Year Report 2023

Segment sales, January to June 2023, in millions
Coffee capsules: sales of $3,128 million, organic growth 4.1 percent.
Frozen meals: sales of $1,904 million, organic growth 2.2 percent.
Pet food: sales of $2,655 million, organic growth 6.0 percent.
"""
ANNUAL = """Harbor Foods Group
Annual Report 2023

Segment sales for the year 2023, in millions
Coffee capsules: sales of $6,410 million, organic growth 3.9 percent.
Frozen meals: sales of $3,870 million, organic growth 1.8 percent.
Pet food: sales of $5,402 million, organic growth 5.5 percent.
"""
THIRD = """County Sheriff Statistics, Third Quarter 2019

Arrests by month
Total arrests in the quarter: 1,212, down from 1,305 a year earlier.
Traffic stops in the quarter: 4,870.
"""
FULL = "What were Harbor Foods' coffee capsule sales for the full year 2023?"


def test_a_half_year_report_does_not_answer_the_full_year(tmp_path):
    (a,) = ask_words(tmp_path, {"harbor_foods_half_year_2023.txt": HALF}, FULL)
    assert not a.answered and "reports a half year, not the full year" in a.refusal.message, \
        (quoted(a), a.refusal)


def test_the_annual_report_answers_the_full_year_beside_it(tmp_path):
    (a,) = ask_words(tmp_path, {"harbor_foods_half_year_2023.txt": HALF, "harbor_foods_2023.txt": ANNUAL}, FULL)
    assert a.answered and any("6,410" in t for t in quoted(a)), (quoted(a), a.refusal)
    assert not any("3,128" in t for t in quoted(a)), quoted(a)


def test_the_half_year_still_answers_its_own_half(tmp_path):
    (a,) = ask_words(tmp_path, {"harbor_foods_half_year_2023.txt": HALF},
                     "What were Harbor Foods' coffee capsule sales in the first half of 2023?")
    assert a.answered and any("3,128" in t for t in quoted(a)), (quoted(a), a.refusal)


def _answers_then_refuses(tmp_path, files, asks, says, refuses, why):
    """`asks` is answered with a line holding `says`; `refuses` is refused, saying `why`."""
    answered, refused = ask_words(tmp_path, files, asks, refuses)
    assert answered.answered and any(says in t for t in quoted(answered)), (quoted(answered), answered.refusal)
    assert not refused.answered and why in refused.refusal.message, (quoted(refused), refused.refusal)


def test_a_quarter_named_by_the_title(tmp_path):
    _answers_then_refuses(tmp_path, {"county_sheriff_statistics_2019.txt": THIRD},
                          "How many arrests did the county sheriff make in the third quarter of 2019?", "1,212",
                          "How many arrests did the county sheriff make in the second quarter of 2019?",
                          "reports the third quarter, not the second quarter")


def test_without_the_rule_the_half_year_figure_is_quoted(tmp_path, monkeypatch):
    monkeypatch.setattr(scope, "asked_period", lambda question: None)
    (a,) = ask_words(tmp_path, {"harbor_foods_half_year_2023.txt": HALF}, FULL)
    assert any("3,128" in t for t in quoted(a)), (quoted(a), a.refusal)


def test_what_a_question_and_a_document_name():
    assert scope.asked_period("Nespresso's sales for the full year 2023") == "FY"
    assert scope.asked_period("overtime paid for the whole of 2017") == "FY"
    assert scope.asked_period("arrests in Q3 2019") == "Q3"
    assert scope.asked_period("sales in the second half") == "H2"
    assert scope.asked_period("Q3 sales compared with Q2") is None  # two periods: none asked
    assert scope.asked_period("sales for January to June 2023") is None
    assert scope.document_period("nestle_2023_half_year_analyses.xlsx") == {"H?"}
    assert scope.document_period("sfpd_summary_2019q3.pdf") == {"Q3"}
    assert scope.document_period("report.pdf", "Fourth Quarter and Full Year 2023 Results") == {"Q4", "FY"}
    assert scope.document_period("semi_annual_report.pdf") == {"H?"}
    assert scope.document_period("faq1.pdf") == frozenset()
    assert scope.other_period("FY", frozenset({"Q4"})) is None  # a year-end report closes the year
    assert scope.other_period("Q2", frozenset({"H1"})) is None  # a half-year report has its quarters
    assert scope.other_period("FY", frozenset({"H?"})) == "reports a half year, not the full year"


THIRD_RELEASE = """Harbor Foods Group
Third Quarter 2024 Results

Net sales for the third quarter were $1,204 million.
The company raised its full-year 2024 revenue guidance to $4,900 million.
For the fourth quarter, we expect net sales of about $1,300 million.
"""


def test_a_passage_naming_the_asked_period_answers(tmp_path):
    # the third-quarter release states the full year's guidance: it answers; its fourth
    # quarter is an outlook, after the report's own period: no figure of it
    _answers_then_refuses(tmp_path, {"harbor_foods_q3_2024_results.txt": THIRD_RELEASE},
                          "What is Harbor Foods' revenue guidance for the full year 2024?", "4,900",
                          "What were Harbor Foods' net sales in the fourth quarter of 2024?", "reports the third quarter")


def test_a_code_beside_no_year_names_no_period():
    assert scope.document_period("bus_route_q3_map.txt") == frozenset()  # a route
    assert scope.document_period("building_h1_lease.txt") == frozenset()  # a building
    assert scope.document_period("report_fy2024_q3.pdf") == {"Q3"}
    assert scope.document_period("results_q1_2024.pdf") == {"Q1"}
    # "annual" beside a quarter names the budget the report is on, not the report's period
    assert scope.document_period("r.pdf", "Quarterly Report on the FY2025 Annual Budget\nFirst Quarter") == {"Q1"}
    assert scope.document_period("r.pdf", "Half-Year Report\nH1 2023") == {"H1"}  # the half named
