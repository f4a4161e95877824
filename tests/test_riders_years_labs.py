"""Three rules of the twenty-fourth pass, on made-up documents through the real readers and
index (words arm), each checked with the rule turned off too:

- who a fare or fee is for is a closed class (quote/lines._RIDERS): "Youth Monthly Pass"
  gives no senior's pass;
- a sentence dated by its opening words to another year gives no figure for the year asked
  (quote/lines._opened_by_another_year): "In 2013 ... conducted 8,468 Traffic Stops" for 2012;
- "which lab" asks for an organisation, and a laboratory's name is one (kinds._BODY).
"""
from conftest import ask_words, choose, quoted

import engine.quote.lines as lines
from engine.kinds import asked, holds
from engine.terms import question_terms

FARES = """Harbor Transit fare table, effective July 1, 2024

| Fare | Price |
| --- | --- |
| Adult Monthly Pass | $75.00 |
| Youth Monthly Pass | $40.00 |
| Adult Day Pass | $5.00 |
"""

FARES_SENIOR = FARES.replace("| Adult Day Pass | $5.00 |", "| Senior Monthly Pass | $30.00 |\n| Adult Day Pass | $5.00 |")

REVIEW = """Norcross Police Department annual review

In 2013 the members of the Norcross Police Department
conducted 8,468 Traffic Stops, worked 1,500 Accidents, issued
6,100 citations and answered 31,000 calls for service.
The 2012 review is filed with the city clerk.
"""


def test_a_senior_pass_is_not_answered_by_the_youth_or_adult_rows(tmp_path):
    (a,) = ask_words(tmp_path / "fares", {"harbor_transit_fares.md": FARES},
                     "How much is a senior monthly pass on Harbor Transit?")
    assert not a.answered, quoted(a)


def test_the_senior_row_answers_when_there_is_one(tmp_path):
    (a,) = ask_words(tmp_path / "fares2", {"harbor_transit_fares.md": FARES_SENIOR},
                     "How much is a monthly pass for seniors on Harbor Transit?")
    assert a.answered and "Senior Monthly Pass | $30.00" in quoted(a)[0], (quoted(a), a.refusal)


def test_without_the_riders_class_the_youth_row_answers(monkeypatch):
    q = "How much is a senior monthly pass?"
    rows = ["Fares", "Youth Monthly Pass $40.00", "Adult Monthly Pass $75.00"]
    assert choose(q, rows) == []
    without = tuple(c for c in lines._SIBLINGS if c is not lines._RIDERS)
    for f in (lines.sibling, lines.contradicts):  # the classes are their default argument
        monkeypatch.setattr(f, "__defaults__", (without,) + f.__defaults__[1:])
    assert choose(q, rows) == ["Youth Monthly Pass $40.00", "Adult Monthly Pass $75.00"]


def test_a_child_is_a_child_however_written():
    # "Children" in the row is the class's "child": the row is the asked one, not a sibling
    assert "Children (6-12) | $1.00" in choose("What is the fare for a child?", ["Fares", "Children (6-12) | $1.00"])


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
    t = question_terms(q)
    # the asked year named too: a comparison, not another year's figure
    assert lines._opened_by_another_year("In 2013 officers made 8,468 stops, up from 7,900 in 2012.", q, t) is None
    # a year further along dates nothing
    assert lines._opened_by_another_year("Officers made 8,468 stops, the most since 2009.", q, t) is None
    # a price base is no date
    assert lines._opened_by_another_year("In 2013 dollars, the stops cost $4.1 million.",
                                         "What did the stops cost in 2012?", question_terms("What did the stops cost in 2012?")) is None
    assert lines._opened_by_another_year("During fiscal year 2013, officers made 8,468 stops.", q, t) == ("2013", "2012")
    # a question asking a date reads the sentence whole
    assert lines._opened_by_another_year("In 2013 the audit was filed on May 2.", "When was the audit filed in 2012?",
                                         question_terms("When was the audit filed in 2012?")) is None


def test_which_lab_asks_for_an_organisation():
    q = "Which lab tests the river samples?"
    assert asked(q) == ("organisation",)
    assert asked("What is the lab fee?") == ("amount", "rate")  # a fee is still a fee
    t = question_terms(q)
    assert holds("Samples are analyzed by Alpha Analytical Laboratory, Westborough", asked(q), t)
    assert holds("Results are reported by Eastern Labs", asked(q), t)
    assert not holds("The lab tests samples weekly.", asked(q), t)


STATS = """Norcross Police Department annual review

Other Statistics
In 2013 the members of the Norcross Police Department
conducted 8,468 Traffic Stops, worked 1,500 Accidents, issued
6,082 Citations and made 1,447 Arrests.
The Norcross Police Department conducted over 27,000 area
checks and over 1,600 Downtown Patrols.
The 2012 review is filed with the city clerk.
"""


def test_a_count_of_other_things_is_no_count_of_the_asked_one(tmp_path):
    # the passage counts traffic stops (2013's); the area checks and patrols are other things
    a, b = ask_words(tmp_path / "stats", {"norcross_pd_annual_review.txt": STATS},
                     "How many traffic stops did Norcross police make in 2012?",
                     "How many area checks did Norcross police make in 2013?")
    assert not a.answered, quoted(a)
    assert b.answered and any("27,000 area" in line for line in quoted(b)), (quoted(b), b.refusal)


def test_without_the_rule_the_area_checks_answer(tmp_path, monkeypatch):
    monkeypatch.setattr(lines, "_other_things_counted", lambda *a: None)
    (a,) = ask_words(tmp_path / "off", {"norcross_pd_annual_review.txt": STATS},
                     "How many traffic stops did Norcross police make in 2012?")
    assert a.answered and any("27,000" in line or "Citations" in line for line in quoted(a)), (quoted(a), a.refusal)


def test_what_a_question_counts():
    assert lines._counted_thing("How many traffic stops did the police make?") == "stop"
    assert lines._counted_thing("How many energy efficient technology projects had E2F supported?") == "project"
    assert lines._counted_thing("How many people attended the hearing?") == lines._counted_thing("how many people")
    assert lines._counted_thing("How many did the board approve?") is None
    # a passage that never counts the thing by its name keeps its counts ("units" for homes)
    assert choose("How many homes does the project propose?",
                  ["Project summary", "The project proposes 120 residential units on the site."]) \
        == ["The project proposes 120 residential units on the site."]
