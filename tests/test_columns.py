"""A table whose header names periods across its columns answers a question naming one only
from that column (quote/columns.py), where a row's cells line up with its header's. Made-up
tables in the shapes budget and ridership exports take, through the real readers and index."""
from conftest import ask_words, quoted
from engine.quote.columns import asked_cells, period_header, question_periods

BUDGET = ("Program,FY2023 Actual,FY2024 Adopted,FY2025 Proposed\n"
          "Street Resurfacing,\"1,240,000\",\"1,300,000\",\"1,450,000\"\n"
          "Storm Drain Rehab,780000,n/a,810000\n"
          "Tree Planting,95000,98000,99000\n"
          "2020 Parks Bond Projects,\"2,100,000\",\"3,400,000\",\"1,200,000\"\n")


def test_the_row_is_quoted_for_a_period_its_columns_name(tmp_path):
    fy2023, fy2025 = ask_words(tmp_path, {"capital_budget_fy2023-2026.csv": BUDGET},
                               "How much is budgeted for Street Resurfacing in FY2023?",
                               "How much is proposed for Street Resurfacing in FY2025?")
    assert "Street Resurfacing | 1,240,000 | 1,300,000 | 1,450,000" in quoted(fy2023)
    assert "Street Resurfacing | 1,240,000 | 1,300,000 | 1,450,000" in quoted(fy2025)


def test_the_row_asked_about_with_nothing_in_the_column_answers_nothing(tmp_path):
    (drain,) = ask_words(tmp_path, {"capital_budget_fy2023-2026.csv": BUDGET},
                         "How much was adopted for Storm Drain Rehab in FY2024?")
    # the Storm Drain row's FY2024 cell holds no figure; Tree Planting's 98000 under that
    # column is another program's
    assert not drain.answered
    assert "none under a column for 2024" in drain.refusal.message


def test_a_row_naming_the_year_itself_is_read_whole(tmp_path):
    (bond,) = ask_words(tmp_path, {"capital_budget_fy2023-2026.csv": BUDGET},
                        "How much was spent on the 2020 Parks Bond Projects?")
    assert "2020 Parks Bond Projects | 2,100,000 | 3,400,000 | 1,200,000" in quoted(bond)


def test_the_cells_under_the_asked_period():
    header = "Item | FY23 Actual | FY24 Budget | FY25 Budget"
    asked = question_periods("What is the FY25 budget for legal services?", ["fy25", "budget", "legal"])
    assert asked_cells("Legal services | 1,200 | 1,500 | 1,650", header, asked) == "1,650"
    # a year no column names: the row holds nothing for it
    asked_2026 = question_periods("legal services in 2026", ["legal", "2026"])
    assert asked_cells("Legal services | 1,200 | 1,500 | 1,650", header, asked_2026) == ""
    # a row with fewer cells than its header (a reader left an empty one out) cannot be placed
    assert asked_cells("Legal services | 1,500 | 1,650", header, asked) is None
    # a sum in one year's dollars names no period: the years run down the rows
    dollars = "Year | State | Holders | Gross Cost ($2024) - Licenses | Cost ($2024) - Resident"
    assert asked_cells("1960 | CALIFORNIA | 1402088 | 100 | 90", dollars,
                       question_periods("California license holders 1960", ["1960"])) is None
    # a header naming one period is no table of periods; a question naming none reads all
    assert asked_cells("Legal | 1,650", "Item | FY25 Budget", asked) is None
    assert asked_cells("Legal services | 1,200 | 1,500 | 1,650", header,
                       question_periods("legal services budget", ["legal", "budget"])) is None


def test_months_and_years_agree_with_the_column():
    header = "Route | Oct 2025 | Nov 2025 | Nov 2024"
    asked = question_periods("riders on route 4 in November 2025", ["rider", "rout", "4", "novemb", "2025"])
    assert asked_cells("4 | 310 | 322 | 298", header, asked) == "322"
    # "Market" and "Mayor" name no month
    assert not period_header("Market | Mayor")
    assert period_header("Item | 2023 | 2024-25")
    assert not period_header("Item | 2023 | 45")  # a number that is no period: a data row


def test_a_question_asking_a_name_reads_the_whole_row(tmp_path):
    files = {"board.csv": "seat,2024,2025\nChair,Ana Ruiz,Lee Park\n"}
    (answer,) = ask_words(tmp_path, files, "Who was the board chair in 2024?")
    assert "Chair | Ana Ruiz | Lee Park" in quoted(answer)


def test_a_row_naming_its_figures_counts_or_shares_holds_no_sum():
    """A performance measures table gives one measure a row, its unit in a cell of its own
    ("percentage") or in its label ("Number of ..."): its bare numbers answer no question
    asking for a sum of money (kinds.counted_row), though they do one asking for the share."""
    from conftest import choose
    rows = ["Dept | Program | Measure | Unit | 2017 Actual | 2018 Budget",
            "94 | Parking Citation Processing | Two Year Parking Ticket Collection Rate | percentage | 86 | 86",
            "13 | Cannabis Regulation | Number of Cannabis Businesses Licensed | count | 0 | 200"]
    assert choose("How much money does the city expect from parking tickets in 2018?", rows) == []
    assert choose("How much cannabis business tax revenue did the city budget for 2018?", rows) == []
    assert any("Collection Rate" in t for t in choose("What is the two-year parking ticket collection rate?", rows))
    money = ["Source | 2017 Actual | 2018 Budget", "Parking Fines | 140,512,000 | 141,900,000",
             "Share of regional dispatch costs | 1,288,400 | 1,342,000"]  # a share of costs is a sum
    assert any("1,342,000" in t for t in choose("How much is the city's share of regional dispatch costs in 2018?", money))
    assert any("141,900,000" in t for t in choose("How much money does the city expect from parking fines in 2018?", money))
