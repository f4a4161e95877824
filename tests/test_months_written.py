"""A month a document writes in figures without its name (engine/score.months_written,
dated_terms; quote/lines._row_date): a table's period code "202507", a year and month
"2025-07" or "7/2025" is the question's "July 2025", with its year when the question names
both; and a row whose first cell keys it by another month or year is no answer. Made-up
rows in the forms monthly statistics tables print them, through the real index and readers."""
import numpy as np
from conftest import ask_words, choose, quoted
from engine.pool import Pool
from engine.score import dated_terms, dates_held, months_written
from engine.terms import content_terms, question_terms


def _held(question, text):
    qterms = question_terms(question)
    pool = Pool(rows=(0,), terms=(tuple(content_terms(text)),))
    has = np.array([[t in set(pool.terms[0]) for t in qterms]])
    dates_held(pool, qterms, has)
    return {t: bool(has[0, k]) for k, t in enumerate(qterms)}


def test_the_forms_a_month_is_written_in_without_its_name():
    assert months_written(content_terms("Metro | 420 | 64 | 202507")) == {(2025, 7, 0)}
    assert months_written(content_terms("2025-07 | 420")) == {(2025, 7, 0)}
    assert months_written(content_terms("7/2025 total")) == {(2025, 7, 0)}
    # a short form is read on a line by the quote, not for a whole passage ("Oct 18th" in
    # October 2025's minutes is a farm market's day); a fiscal year's two years are no month
    assert months_written(content_terms("JUL 2025 permits")) == set()
    assert months_written(content_terms("Mar Vista branch")) == set()
    assert months_written(content_terms("2011-12 budget")) == set()
    assert months_written(content_terms("Permit 201913 issued")) == set()  # month 13


def test_a_period_code_holds_the_month_with_its_year_only():
    assert _held("Bremerton permitted units July 2025", "Bremerton | 420 | 202507")["juli"]
    # November 2016's row is no November 2025's
    assert not _held("Seattle building permits November 2025", "Seattle | 2151 | 201611")["novemb"]
    # asked without a year, the month alone
    assert _held("permits issued in November", "Seattle | 2151 | 201611")["novemb"]
    assert not _held("How much cash did the township report in October 2025?",
                     "Farm market back Oct 18th new hrs")["octob"]
    assert dated_terms(content_terms("Bremerton | 420 | 202507"), question_terms("units July 2025")) \
        == {"juli", "2025"}


ROWS = ["Period | Region | Units",
        "2025-06 | Bremerton | 143",
        "2025-07 | Bremerton | 420",
        "2025-08 | Bremerton | 118"]


def test_the_row_of_the_month_asked_is_quoted_and_not_its_neighbours():
    assert choose("How many units were permitted in Bremerton in July 2025?", ROWS) == ["2025-07 | Bremerton | 420"]
    # a row keyed by a whole date in figures is that month's too
    assert choose("How many units were permitted in Bremerton in July 2025?",
                  ["Date | Region | Units", "2025-06-30 | Bremerton | 143"]) == []


def test_only_the_first_cell_keys_a_row():
    # a posting date further along is no key: May's receipts were posted in June (a
    # review's made-up export)
    rows = ["Month | Fund | Receipts | Posted", "2025-04 | Water | 196310 | 2025-05-06",
            "2025-05 | Water | 210884 | 2025-06-04"]
    assert choose("How much did the water fund collect in May 2025?", rows) == [rows[2]]
    # a six-digit amount is no period
    assert choose("What is the technology budget for 2025?",
                  ["Department | FY2025 | Notes", "Technology | 201510 | software"]) != []


def test_a_date_asked_may_fall_in_another_month():
    assert choose("When does registration close for the May 17 race?",
                  ["2025-04-30 | Registration closes at midnight"]) != []


def test_a_period_of_another_year_is_another_year_s_row():
    assert choose("How many units were permitted in Bremerton in November 2025?",
                  ["Period | Region | Units", "201611 | Bremerton | 2026"]) == []
    # a fiscal year's two years are no year and month
    assert choose("What was spent on parks in FY2012?", ["Year | Parks", "2011-12 | $48,000"]) != []


def test_a_monthly_table_answers_by_its_period_code_through_the_index(tmp_path):
    rows = ["period,permit_region,units,single_family"]
    for month in range(1, 13):
        rows.append(f"2024{month:02d},Bremerton,{100 + month * 7},{40 + month}")
    july, nov_next = ask_words(tmp_path, {"permits_monthly.csv": "\n".join(rows) + "\n"},
                               "How many units were permitted in Bremerton in July 2024?",
                               "How many units were permitted in Bremerton in November 2025?")
    assert july.answered and quoted(july)[0] == "202407 | Bremerton | 149 | 47"
    assert not nov_next.answered  # the table ends in 2024


def test_a_year_and_month_that_may_be_a_resolution_number_keys_no_line():
    # "2014-06" as a line's first word is as often a resolution's number; the month the line
    # names by its word speaks for it
    assert choose("What did the council approve in July 2014?",
                  ["Resolution 2014-06 approved the fare study for $250,000 in July 2014"]) != []


def test_the_month_asked_in_another_year_is_another_period():
    # quote/lines._other_month_year: a month and a year written together in both
    line = "As of January 2023, the fund supported a total of 44 projects."
    assert choose("How many projects had the fund supported as of January 2022?", [line]) == []
    assert choose("How many projects had the fund supported as of January 2023?", [line]) == [line]
    # the unit names the year asked too: a comparison, which may answer
    both = "As of January 2023, the fund supported 44 projects, up from 30 in January 2022."
    assert choose("How many projects had the fund supported as of January 2022?", [both]) == [both]
    # a date asked: the question's month-year names the thing asked about
    done = "Completion of the Oak Street bridge is expected in March 2025."
    assert choose("When will the Oak Street bridge project that began in March 2023 be completed?", [done]) == [done]
    # a question naming no month and year together reads no month-year
    assert choose("How many projects had the fund supported in 2023?", [line]) == [line]

