"""A table filed by its date names that date's month in every row (score.path_dates,
_table_dated): "precinct_results_2018-11-06.csv" is November 2018's though no row says so.
Prose does not (a minutes' line without the month may be of any meeting), nor a table whose
rows write another year (a 2023 lease's rent schedule for 2010). Made-up files through the
real readers and index, on the words arm."""
from conftest import ask_words, quoted

from engine.score import _table_dated, path_dates, tabular
from engine.terms import stem

RESULTS = """Precinct,Name,Registered,Ballots Cast,Mayor A,Mayor B
1,Castle Valley,305,257,120,130
2,Thompson Springs,88,61,30,29
3,Spanish Valley,1450,1012,500,480
"""

Q = "How many registered voters did the Castle Valley precinct have in the November 2018 election?"


def test_a_table_filed_by_its_date_is_that_month_s(tmp_path):
    (a,) = ask_words(tmp_path / "on", {"grandview_precinct_results_2018-11-06.csv": RESULTS}, Q)
    assert quoted(a) and "Castle Valley" in quoted(a)[0] and "305" in quoted(a)[0], (quoted(a), a.refusal)


def test_another_month_is_still_missing(tmp_path):
    (a,) = ask_words(tmp_path / "other", {"grandview_precinct_results_2018-11-06.csv": RESULTS},
                     Q.replace("November", "December"))
    assert not a.citations and a.refusal.reason == "name_or_number_missing", (quoted(a), a.refusal)


def test_without_the_date_in_its_name_the_month_is_missing(tmp_path):
    (a,) = ask_words(tmp_path / "undated", {"grandview_precinct_results_2018.csv": RESULTS}, Q)
    assert not a.citations and a.refusal.reason == "name_or_number_missing", (quoted(a), a.refusal)


MINUTES = """Grandview Water District
Regular Board Meeting

President Ames called the meeting to order at 6:30 p.m. Five directors were present.
The board approved the consent calendar. President Ames adjourned the meeting at 7:02 p.m.
"""


def test_prose_is_not_named_by_its_file_s_month(tmp_path):
    # a minutes' line without the month may be another meeting's: the path names the year
    # (its word), never the month
    (a,) = ask_words(tmp_path / "prose", {"grandview_board_minutes_2025-12-15.txt": MINUTES},
                     "What time did the Grandview board meeting in December 2025 start?")
    assert not a.citations and a.refusal.reason == "name_or_number_missing", (quoted(a), a.refusal)


def test_the_dates_a_file_name_writes():
    assert path_dates("a/b/minutes_2021-04-20.pdf") == ["2021-04-20"]
    assert path_dates("notice_2021_04_20.pdf") == ["2021-04-20"]
    assert path_dates("spending_2018-01.csv") == ["2018-01"]
    assert path_dates("2018-01/readme.txt") == []  # a folder's name dates no file
    assert path_dates("ridership_2017-2025.csv") == []
    # a fiscal year's two years parse as a month here; dated_terms reads no month in them
    assert _table_dated("budget_2011-12.csv", "a | 1 | 2\nb | 3 | 4", [stem("december"), "2011"]) == set()


def test_what_reads_as_a_table():
    assert tabular("Bexar 1552 225 56 288\nHarris 10 20 30")
    assert tabular("OCC | Direct Services | 14547.82")
    assert not tabular("President Ames called the meeting to order at 6:30 p.m.\nthe second of 3 items")


def test_a_row_writing_another_year_is_its_own():
    q = [stem("march"), "2023"]
    assert _table_dated("port_lease_2023-03.pdf", "Total 2010 $ 3,960.00 Monthly Rent 12 4", q) == set()
    assert _table_dated("port_lease_2023-03.pdf", "Total 2023 $ 3,960.00 Monthly Rent 12 4", q) == {stem("march"), "2023"}
    # a figure that only looks like a year is none
    assert _table_dated("port_lease_2023-03.pdf", "Rent | $2,010.00 | 12", q) == {stem("march"), "2023"}


def test_without_the_rule_the_november_row_is_refused(tmp_path, monkeypatch):
    import engine.score as score
    monkeypatch.setattr(score, "_table_dated", lambda path, text, qterms: set())
    (a,) = ask_words(tmp_path / "off", {"grandview_precinct_results_2018-11-06.csv": RESULTS}, Q)
    assert not a.citations and a.refusal.reason == "name_or_number_missing", (quoted(a), a.refusal)


def test_rows_writing_their_own_months_keep_them():
    # a July report's rows for January to June ("May-23") are no July's
    q = [stem("july"), "2023"]
    assert _table_dated("claims_report_2023-07.csv", "May-23 | 13 | 7 | 11\nJun-23 | 1 | 2 | 3", q) == set()
    assert _table_dated("claims_report_2023-07.csv", "Workers comp | 13 | 7 | 11\nLiability | 1 | 2 | 3", q) \
        == {stem("july"), "2023"}
    # the file's own month, by its short form, and a word that only opens like a month
    assert _table_dated("snow_2024-02.csv", "Storm 4 | Feb 12 | 3 | 390", [stem("february")]) == {stem("february")}
    assert _table_dated("snow_2024-02.csv", "Marketing | 1 | 2 | 3", [stem("february")]) == {stem("february")}


def test_a_file_name_s_span_of_years_with_an_underscore_is_the_span():
    # "enrollment_2021_22" is of the school year 2021-22, as the question writes it
    from engine.score import _form_key, path_names
    named = path_names("washington_private_school_enrollment_2021_22.xlsx", {})
    assert "2021-22" in named and _form_key("2021-22") in named
    # a year beside a dated day is no span ("minutes_2021_2024-01-09")
    assert "2021-2024" not in path_names("minutes_2021_2024-01-09.pdf", {})
