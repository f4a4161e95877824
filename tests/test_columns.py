"""A table whose header names periods across its columns answers a question naming one only
from that column (quote/columns.py), and the CSV reader keeps the empty cells that place a
row's values under their columns. Made-up tables in the shapes ridership and budget exports
take, through the real readers and index."""
from conftest import ask_words, quoted
from engine.quote.columns import asked_cells, period_header, question_periods

HEADER = "Mode,Month,2022,2023,2024,2025\n"
SYSTEM = HEADER + ("Systemwide Ridership,November,111165,128066,142855,\n"
                   "Systemwide Ridership,December,97366,115264,122547,\n")
BUS = HEADER + "Bus,November,52000,,61000,64000\n"


def test_an_empty_cell_under_the_asked_year_is_no_answer(tmp_path):
    nov_2025, nov_2024 = ask_words(tmp_path, {"weekday_boardings.csv": SYSTEM},
                                   "How many systemwide weekday riders were there in November 2025?",
                                   "How many systemwide weekday riders were there in November 2024?")
    # the rows hold three years' figures, none for 2025: quoting one would give another year's
    assert not nov_2025.answered
    assert "none under a column for November 2025" in nov_2025.refusal.message
    assert "Systemwide Ridership | November | 111165 | 128066 | 142855" in quoted(nov_2024)


def test_an_inner_empty_cell_keeps_the_columns_in_place(tmp_path):
    nov_2023, nov_2025 = ask_words(tmp_path, {"bus_boardings.csv": BUS},
                                   "How many weekday bus riders were there in November 2023?",
                                   "How many weekday bus riders were there in November 2025?")
    # read without its empty cell, the row's 2023 column would hold 2024's 61000
    assert not nov_2023.answered
    assert "Bus | November | 52000 |  | 61000 | 64000" in quoted(nov_2025)


def test_the_cells_under_the_asked_period():
    header = "Item | FY23 Actual | FY24 Budget | FY25 Budget"
    asked = question_periods("What is the FY25 budget for legal services?", ["fy25", "budget", "legal"])
    assert asked_cells("Legal services | 1,200 | 1,500 | 1,650", header, False, asked) == "1,650"
    # a year no column names: the row holds nothing for it
    asked_2026 = question_periods("legal services in 2026", ["legal", "2026"])
    assert asked_cells("Legal services | 1,200 | 1,500 | 1,650", header, False, asked_2026) == ""
    # a row of another reader with fewer cells than its header cannot be placed: read whole
    assert asked_cells("Legal services | 1,500 | 1,650", header, False, asked) is None
    # a CSV row shorter than its header lacks only its last cells
    assert asked_cells("Legal services | 1,200", header, True, asked) == ""
    # a sum in one year's dollars names no period: the years run down the rows
    dollars = "Year | State | Holders | Gross Cost ($2024) - Licenses | Cost ($2024) - Resident"
    assert asked_cells("1960 | CALIFORNIA | 1402088", dollars, True,
                       question_periods("California license holders 1960", ["1960"])) is None
    # a header naming one period is no table of periods; a question naming none reads all
    assert asked_cells("Legal | 1,650", "Item | FY25 Budget", False, asked) is None
    assert asked_cells("Legal services | 1,200 | 1,500 | 1,650", header, False,
                       question_periods("legal services budget", ["legal", "budget"])) is None


def test_months_and_years_agree_with_the_column():
    header = "Route | Oct 2025 | Nov 2025 | Nov 2024"
    asked = question_periods("riders on route 4 in November 2025", ["rider", "rout", "4", "novemb", "2025"])
    assert asked_cells("4 | 310 | 322 | 298", header, False, asked) == "322"
    # "Market" and "Mayor" name no month
    assert not period_header("Market | Mayor")
    assert period_header("Item | 2023 | 2024-25")
    assert not period_header("Item | 2023 | 45")  # a number that is no period: a data row


def test_a_question_asking_a_name_reads_the_whole_row(tmp_path):
    files = {"board.csv": "seat,2024,2025\nChair,Ana Ruiz,\n"}
    (answer,) = ask_words(tmp_path, files, "Who was the board chair in 2024?")
    assert "Chair | Ana Ruiz" in quoted(answer)
