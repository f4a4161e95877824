"""A date the question names a document or a meeting by ("In the April 2023 housing memo",
"at its November 9, 2023 session") is held by every passage of a document whose own date
as its file name writes it falls within it (terms.document_dates, score.named_by_document): the memo's figures are
that memo's though their lines never name the month. Made-up memos through the real readers
and index (words arm), with the rule turned off too (as shipped: engine/config.py).
"""
import dataclasses

from conftest import quoted, write

from engine import Engine
from engine.config import Config
from engine.score import _dated_within
from engine.terms import document_dates

FILLER = ("The taskforce met with planning staff from each member city to review permit\n"
          "records, reconcile counts with state filings and confirm the definitions used.\n")


def _memo(month: str, units: str, total: str) -> str:
    return ("MEMORANDUM\nTo: Metro Mayors Coalition\nFrom: Housing Taskforce staff\n"
            f"Subject: Tracking of permitted units through 2022\nDate: {month}\n\n"
            "Purpose\n" + FILLER * 6 + "\n"
            "Affordable housing\n"
            f"Since 2015 the taskforce municipalities have permitted {units} deed-restricted\n"
            f"affordable units, out of {total} units permitted in all.\n\n"
            "Next steps\n" + FILLER * 6)


MEMOS = {"housing_taskforce_memo_2023-04-06.txt": _memo("April 6, 2023", "8,631", "50,200"),
         "housing_taskforce_memo_2023-05-04.txt": _memo("May 4, 2023", "8,702", "50,950")}
ASK = "In the {} housing taskforce memo, how many deed-restricted affordable units had the municipalities permitted?"


def _ask(tmp_path, config: Config, *questions):
    docs = tmp_path / "docs"
    for name, text in MEMOS.items():
        write(docs, name, text)
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none", config=config) as eng:
        return [eng.ask(q) for q in questions]


ON = dataclasses.replace(Config(), document_dates=1)  # off as shipped (engine/config.py)


def test_the_memo_named_by_its_date_answers_and_another_month_is_refused(tmp_path):
    april, may, june = _ask(tmp_path, ON, ASK.format("April 2023"), ASK.format("May 2023"),
                            ASK.format("June 2023"))
    assert april.answered and any("8,631" in t for t in quoted(april)), (quoted(april), april.refusal)
    assert not any("8,702" in t for t in quoted(april))
    assert may.answered and any("8,702" in t for t in quoted(may)), (quoted(may), may.refusal)
    assert not june.answered and june.refusal.reason == "name_or_number_missing", quoted(june)


def test_without_the_rule_the_memo_s_date_is_not_held(tmp_path):
    assert Config().document_dates == 0
    (april,) = _ask(tmp_path, Config(), ASK.format("April 2023"))
    assert not any("8,631" in t for t in quoted(april)), quoted(april)


def test_the_dates_a_question_names_a_record_by():
    assert document_dates("In MAPC's April 2023 tracking memo, how many units?") == ("april", "2023")
    assert document_dates("When does the board meet after its November 9, 2023 session?") == ("novemb", "9", "2023")
    assert document_dates("What dial-in number is given for the meeting in December 2022?") == ("decemb", "2022")
    assert document_dates("According to the minister's written reply of August 2024, what was the rate?") == ("august", "2024")
    # the date of a figure, or a year alone, names no document
    assert document_dates("What was Windsor's unemployment rate in March 2022?") == ()
    assert document_dates("How many units were permitted in the 2023 memo?") == ()
    assert document_dates("How many stops did police make in June 2022?") == ()


def test_a_file_name_s_date_within_the_asked_one():
    assert _dated_within("2023-04-06", ("april", "2023"))
    assert _dated_within("2023-11-09", ("novemb", "9", "2023"))
    assert not _dated_within("2023-11-08", ("novemb", "9", "2023"))
    assert not _dated_within("2023-11", ("novemb", "9", "2023"))  # a month's file is of no day of it
    assert _dated_within("2023-11", ("novemb", "2023"))
    assert not _dated_within("2024-04-06", ("april", "2023"))


def test_only_the_file_name_dates_minutes(tmp_path):
    # a review's made-up minutes: the May minutes approve April's near the top, which dates
    # them April 10 by their date of effect (readers/dating.py); the file name says May 8
    may = ("Village Council minutes\nRegular meeting\nMay 8, 2023\n\n"
           "The council approved the minutes of April 10, 2023 as written.\n\n" + FILLER * 8 +
           "\nThere being no further business, the meeting adjourned at 8:15 p.m.\n")
    docs = tmp_path / "docs"
    write(docs, "village_council_minutes_2023-05-08.txt", may)
    with Engine(docs, index=tmp_path / "i.sqlite", embed_model="none", config=ON) as eng:
        april = eng.ask("What time did the April 2023 council meeting adjourn?")
        may_q = eng.ask("What time did the May 2023 council meeting adjourn?")
    assert not april.answered, quoted(april)
    assert may_q.answered and any("8:15" in t for t in quoted(may_q)), (quoted(may_q), may_q.refusal)
    assert document_dates("How many yes votes did Measure C get in the March 2024 election?") == ()
