"""A table opening on a title (a CSV's or a sheet's first rows of one field: "Table 215.30.
Enrollment, poverty, and federal funds ...") keeps its real header: the first row of two
fields or more under at most three title rows, its fields mostly words (readers.csv_reader.
mark_header), and the title rows are context with it (chunk). Before, the title row was the
header, so the column names ("Total revenue", "Federal funds") were never a row's context
and a row past the first passage could not match them."""
from pathlib import Path

from conftest import ask_words, quoted
from openpyxl import Workbook

from engine.readers import read as read_file
from engine.readers.csv_reader import mark_header
from engine.types import Line

TITLED = ("Table 215.30. Enrollment and revenues of the largest school districts,,,\n"
          "Source: state education department,,,\n"
          "District,Enrollment,Total revenue,Federal funds\n"
          + "".join(f"District {i},{1000 + i},{50000 + i},{900 + i}\n" for i in range(1, 60))
          + "Boston,48112,\"1,520,333\",\"88,104\"\n")


def _rows(*texts: str) -> list[Line]:
    return [Line(t, f"row {i}", "", i) for i, t in enumerate(texts, 1)]


def test_the_header_is_the_first_worded_row_under_the_title():
    got = mark_header(_rows("Table 1. Revenues", "District | Enrollment | Revenue", "Boston | 48112 | 1,520,333"))
    assert [ln.header for ln in got] == [False, True, False]


def test_a_table_without_a_title_keeps_its_first_row():
    got = mark_header(_rows("District | Enrollment", "Boston | 48112"))
    assert [ln.header for ln in got] == [True, False]


def test_a_row_of_figures_is_no_header():
    got = mark_header(_rows("Revenues", "2019 | 48112 | 1,520,333", "2020 | 48200 | 1,600,000"))
    assert [ln.header for ln in got] == [True, False, False]  # as before: the first row


def test_a_csv_reads_its_header_under_its_title(tmp_path: Path):
    f = tmp_path / "t.csv"
    f.write_text(TITLED)
    lines = read_file(f).lines
    assert [ln.text for ln in lines if ln.header] == ["District | Enrollment | Total revenue | Federal funds"]


def test_a_sheet_reads_its_header_under_its_title(tmp_path: Path):
    wb = Workbook()
    ws = wb.active
    ws.title = "Revenues"
    ws.append(["Table 215.30. Enrollment and revenues of the largest school districts"])
    ws.append(["District", "Enrollment", "Total revenue", "Federal funds"])
    ws.append(["Boston", 48112, 1520333, 88104])
    wb.save(tmp_path / "t.xlsx")
    lines = read_file(tmp_path / "t.xlsx").lines
    assert [ln.text for ln in lines if ln.header] == ["District | Enrollment | Total revenue | Federal funds"]


def test_a_row_far_down_answers_by_its_column_name(tmp_path: Path):
    (a,) = ask_words(tmp_path / "c", {"tabn215_30.csv": TITLED},
                     "What were Boston's federal funds?")
    assert quoted(a) and quoted(a)[0].startswith("Boston"), (quoted(a), a.refusal)


def test_a_title_row_still_dates_the_table(tmp_path: Path):
    from engine.readers.dating import date_of
    f = tmp_path / "rates.csv"
    f.write_text("Water rates,,\n\"Rates effective July 1, 2024\",,\nClass,Size,Charge\nResidential,5/8 inch,$12.00\n")
    got = date_of(read_file(f).lines, "rates.csv")
    assert got is not None and got.start == "2024-07-01", got
