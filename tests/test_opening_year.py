"""A sentence dated by its opening words to another year gives no figure for the year a
question asks (quote/lines._opened_by_another_year): "In 2013 ... conducted 8,468 Traffic
Stops" for 2012. Made-up documents through the real readers and index (words arm), with
the rule turned off too.
"""
from conftest import ask_words, quoted

import engine.quote.lines as lines
from engine.terms import question_terms

REVIEW = """Norcross Police Department annual review

In 2013 the members of the Norcross Police Department
conducted 8,468 Traffic Stops, worked 1,500 Accidents, issued
6,100 citations and answered 31,000 calls for service.
The 2012 review is filed with the city clerk.
"""


def _opened(sentence: str, question: str):
    return lines._opened_by_another_year(sentence, question, question_terms(question))


def test_another_year_s_sentence_gives_no_figure(tmp_path):
    a, b = ask_words(tmp_path / "review", {"norcross_pd_annual_review.txt": REVIEW},
                     "How many traffic stops did Norcross police make in 2012?",
                     "How many traffic stops did Norcross police make in 2013?")
    assert not any("8,468" in line for line in quoted(a)), quoted(a)
    assert b.answered and any("8,468" in line for line in quoted(b)), (quoted(b), b.refusal)


def test_without_the_rule_another_year_s_sentence_answers(tmp_path, monkeypatch):
    monkeypatch.setattr(lines, "_opened_by_another_year", lambda unit, question, qterms: None)
    (a,) = ask_words(tmp_path / "off", {"norcross_pd_annual_review.txt": REVIEW},
                     "How many traffic stops did Norcross police make in 2012?")
    assert any("8,468" in line for line in quoted(a)), (quoted(a), a.refusal)


def test_only_the_opening_words_date_a_sentence():
    q = "How many traffic stops did police make in 2012?"
    assert _opened("During fiscal year 2013, officers made 8,468 stops.", q) == ("2013", "2012")
    # the asked year named too: a comparison, not another year's figure
    assert _opened("In 2013 officers made 8,468 stops, up from 7,900 in 2012.", q) is None
    # a year further along dates nothing
    assert _opened("Officers made 8,468 stops, the most since 2009.", q) is None
    # a price base is no date
    assert _opened("In 2013 dollars, the stops cost $4.1 million.", "What did the stops cost in 2012?") is None
    # a question asking a date reads the sentence whole
    assert _opened("In 2013 the audit was filed on May 2.", "When was the audit filed in 2012?") is None


def test_a_running_total_or_a_source_s_year_is_not_asked_in_a_year():
    # the review's cases: a total to date opens with the year it began; a report's year is
    # the source's, and a report gives the year before's figures
    planted = "In 2019 the city launched its canopy program and has planted 4,500 trees to date."
    assert _opened(planted, "How many trees has the city planted in 2024?") == ("2019", "2024")
    assert _opened(planted, "How many trees had the city planted as of 2024?") is None
    calls = "In 2023, officers answered 31,400 calls for service."
    assert _opened(calls, "How many calls did officers answer according to the 2024 annual report?") is None
    assert _opened(calls, "How many calls did officers answer in the 2024 annual report?") is None
    assert _opened(calls, "How many calls did officers answer in 2024?") == ("2023", "2024")


RELEASE = """Sioux City Police Department preliminary crime statistics

Comparing 2021 to 2020, the department is reporting a 4% rise in overall violent crime
with overall property crimes down by 4%.
"""


def test_a_sentence_opening_on_the_years_it_compares_is_dated_by_them(tmp_path):
    # a release filed in 2022 compares 2021 with 2020: no figure for a change in 2022
    a, b = ask_words(tmp_path / "release", {"sioux_city_crime_stats_release_2022-02-28.txt": RELEASE},
                     "By how much did violent crime change in Sioux City in 2022?",
                     "By how much did violent crime change in Sioux City in 2021?")
    assert not a.answered, quoted(a)
    assert b.answered and any("4% rise" in line for line in quoted(b)), (quoted(b), b.refusal)
    # a year it starts from alone dates no comparison: "From 2019, ..." may still hold in 2022
    assert _opened("From 2019, the fee has risen 2% a year.", "By how much did the fee rise in 2022?") is None
    assert _opened("From 2019 to 2021, the fee rose 6%.", "By how much did the fee rise in 2022?") is not None


def test_a_span_holding_the_asked_year_dates_no_other_year():
    # "Between 2024 and 2028, ... $3.5 million per year" holds 2026's figure
    assert _opened("Between 2024 and 2028, the city will spend $3.5 million per year on paving.",
                   "How much will the city spend on paving in 2026?") is None
    assert _opened("From 2019 to 2021, the city spent $2 million a year on paving.",
                   "How much will the city spend on paving in 2026?") is not None
