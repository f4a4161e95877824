"""The answer's line chooses among close passages (engine/pipeline.pick_by_line, config
answer_pick_depth): a passage close behind the gate's winner whose answer line says more of
the question is quoted first, unless it is another document's that says less of the question
(quote/cite.says_less, as for the runner-up when the winner gives no line); and a line naming
another day of the month the question's day is in is that other day's
(quote/lines._other_day). Made-up documents through the real
index, readers and quote (words only)."""
import importlib

from conftest import choose, write
from engine import Engine
from engine.config import Config

REPORT = """# Town of Elm Falls: Recreation Department fee report 2024

The recreation department reviewed its pool fees in 2024. Pool fees for residents and
non-residents were compared with three nearby towns, and the pool fee review found that
the season pass for the pool costs residents less than in two of the three towns.
The department collected $48,200 in pool revenue in 2024.

Staff recommended no change to the schedule for 2025. The review was presented to the
council in March and accepted without amendment.

## Schedule

Tennis court rental, per hour | $15.00
Pavilion rental, half day | $75.00
Pool season pass, resident | $95.00
Pool season pass, non-resident | $140.00
Pool daily admission | $6.00
"""


def _first_lines(tmp_path, depth, *questions):
    docs = tmp_path / "docs"
    write(docs, "fees.md", REPORT)
    with Engine(docs, index=tmp_path / f"i{depth}.sqlite", embed_model="none",
                config=Config(answer_pick_depth=depth)) as eng:
        return [[ln.text for c in eng.ask(q).citations for ln in c.lines] for q in questions]


QUESTIONS = ("What does a resident pay for a pool season pass?", "How much is the resident pool season pass?")


def test_the_passage_whose_line_holds_the_figure_asked_is_quoted_first(tmp_path):
    for lines in _first_lines(tmp_path, 4, *QUESTIONS):
        assert lines[0] == "Pool season pass, resident | $95.00"
        # the gate's winner stays as the runner-up
        assert "The department collected $48,200 in pool revenue in 2024." in lines[1:]


def test_off_the_gate_s_winner_is_quoted_first(tmp_path):
    # what the pick changes: the passage naming the topic everywhere led with another sum
    for lines in _first_lines(tmp_path, 0, *QUESTIONS):
        assert lines[0] == "The department collected $48,200 in pool revenue in 2024."


MINUTES = ["Rivergrove City Council minutes, August 13, 2018",
           "The meeting was called to order at Lloyd Minor Park at 7:08 p.m.",
           "Motion: the boat ramp hearing be continued to Monday, August 27, 2018 at 7 PM in Lloyd Minor Park."]


def test_a_line_of_another_day_of_the_month_is_no_answer_for_the_day_asked():
    assert choose("Where was the council meeting of August 13, 2018 held?", MINUTES[2:]) == []
    assert MINUTES[1] in choose("Where was the council meeting of August 13, 2018 held?", MINUTES[:2])
    # a line naming the question's day too speaks of it
    assert choose("How much did the council approve for the boat ramp on August 13?",
                  ["On August 13 the council approved $5,000 for the boat ramp, due by August 27."]) != []
    # a question asking when is answered by another day ("due June 13" for a June 10 meeting)
    assert choose("When were proposals due for the study discussed on June 10, 2014?",
                  ["Proposals for the fare study are due June 13, 2014."]) != []


CONTACT = """---
name: Elm Falls Utilities
address: 137 Main St.
phone: 606-789-2630
email: mail@elmfallsutilities.com
hours: 'Monday - Friday, 7:30 a.m. - 4:00 p.m.'
website: https://elmfallsutilities.example
---
"""


def test_hours_as_a_label_answer_what_hours_an_office_keeps(tmp_path):
    from conftest import ask_words, quoted
    office, = ask_words(tmp_path, {"elm_falls_utilities_contact.md": CONTACT},
                        "What hours is the Elm Falls Utilities office open?")
    # the first printed line: a record's fields are no wrapped sentence ("email: …" above)
    assert quoted(office)[0] == "hours: 'Monday - Friday, 7:30 a.m. - 4:00 p.m.'"
    # another's hours are no label for the office's
    pool, = ask_words(tmp_path / "pool", {"elm_falls_utilities_contact.md": CONTACT.replace("hours:", "pool hours:")},
                      "What hours is the Elm Falls Utilities office open?")
    assert not pool.answered


def test_another_place_s_hours_label_is_no_answer():
    clinic = ["## Walk-in clinic", "Address: 12 Elm Street", "Phone: 555-0100",
              "## Pharmacy", "Address: 14 Elm Street", "Hours: Monday - Saturday, 9:00 a.m. - 7:00 p.m."]
    from engine.quote.lines import _hours_label
    from engine.terms import question_terms
    q = question_terms("What hours is the walk-in clinic open?")
    assert not _hours_label(clinic, 5, q)  # the pharmacy's
    assert _hours_label(clinic[:3] + ["Hours: Monday - Friday, 8:00 a.m. - 5:00 p.m."], 3, q)
    assert _hours_label(["Clinic hours: 8 a.m. - 5 p.m."], 0, q)


def test_a_wrapped_line_opening_like_a_field_still_wraps():
    from engine.quote.lines import _wraps
    assert not _wraps("email: mail@elmfalls.example", "hours: 'Monday - Friday'")
    # a sentence left open ("... award and") goes on, whatever the next line opens with
    assert _wraps("note: the repair fund balance is $312,000 after the award and", "reserve: $150,000 is held back")


REVIEW = """# Elm Falls pool season pass review, 2024

The recreation department reviewed what Elm Falls residents pay for a pool season pass,
and compared the resident and non-resident pool season pass with three nearby towns.
The review of the pool season pass found residents pay less than in two of the three towns.
The review took staff about forty hours and cost $2,300 in staff time.
"""
COUNCIL = """# Elm Falls council minutes, March 11, 2024

The council accepted the recreation report without amendment.
Residents pay for a daily pool pass | $6.00
Tennis court rental, per hour | $15.00
"""
SEASON = "What does an Elm Falls resident pay for a pool season pass?"


def _season_answer(tmp_path):
    docs = tmp_path / "docs"
    write(docs, "elm_falls_pool_season_pass_review_2024.md", REVIEW)
    write(docs, "elm_falls_council_minutes_2024-03-11.md", COUNCIL)
    with Engine(docs, index=tmp_path / "season.sqlite", embed_model="none") as eng:
        return eng.ask(SEASON, explain=True)


def test_another_document_saying_less_of_the_question_never_answers_in_the_winner_s_place(tmp_path):
    # the review names the season pass everywhere but gives no fee; the minutes name less of
    # the question ("season" missing) and give another pass's fee: refused, not answered by it
    answer = _season_answer(tmp_path)
    first, second = answer.candidates[:2]
    assert first.path.startswith("elm_falls_pool_season_pass_review")
    assert second.path.startswith("elm_falls_council_minutes")
    assert second.weighted_coverage < first.weighted_coverage and "season" in second.unmatched
    assert answer.citations == () and answer.refusal.reason == "no_answer_kind"


def test_without_the_rule_the_minutes_daily_pass_answered(tmp_path, monkeypatch):
    # the module, not the function engine.quote exports by its name
    monkeypatch.setattr(importlib.import_module("engine.quote.cite"), "says_less", lambda c, first: False)
    answer = _season_answer(tmp_path)
    assert [ln.text for c in answer.citations for ln in c.lines] == ["Residents pay for a daily pool pass | $6.00"]
