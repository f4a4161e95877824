"""Readers: real files written into tmp_path, read back, compared line by line by eye."""
from __future__ import annotations

import datetime as dt
import logging
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from minipdf import pdf_bytes, write_pdf  # noqa: E402

from engine import readers  # noqa: E402
from engine.errors import ReadError  # noqa: E402
from engine.readers import csv_reader, numfmt, ocr, pdf, text, xlsx  # noqa: E402
from engine.readers.pdf import reading as pdf_reading, rows as pdf_rows  # noqa: E402
from engine.types import Line  # noqa: E402


def rows(result):
    """(locator, text) pairs: the part of a Line a person checks first."""
    return [(ln.locator, ln.text) for ln in result.lines]


# ---------------------------------------------------------------- text

def test_text_lines_locators_and_gaps(tmp_path):
    p = tmp_path / "notes.txt"
    p.write_bytes(b"\xef\xbb\xbfalfa bravo\r\n\r\n  charlie delta  \r\n   \r\necho\x00 foxtrot\r\n")
    result = readers.read(p)
    assert result.kind == "text"
    assert result.notes == ()
    assert result.lines == (
        Line("alfa bravo", "L1", "", 1),
        Line("  charlie delta  ", "L3", "", 3),
        Line("echo foxtrot", "L5", "", 5),
    )


def test_text_lone_cr_and_no_final_newline(tmp_path):
    p = tmp_path / "old.md"
    p.write_bytes(b"# Title\rbody line\n\nlast")
    assert rows(text.read(p)) == [("L1", "# Title"), ("L2", "body line"), ("L4", "last")]


def test_text_utf16_with_bom(tmp_path):
    p = tmp_path / "wide.txt"
    p.write_bytes("naïve café\n\nzoë\n".encode("utf-16"))
    result = text.read(p)
    assert rows(result) == [("L1", "naïve café"), ("L3", "zoë")]
    assert result.notes == ()


def test_text_cp1252_fallback_is_noted(tmp_path):
    p = tmp_path / "legacy.rst"
    p.write_bytes("price: 5 € – café\n".encode("cp1252"))
    result = text.read(p)
    assert rows(result) == [("L1", "price: 5 € – café")]
    assert result.notes == ("not valid UTF-8: decoded as cp1252",)


def test_text_latin1_when_cp1252_cannot_decode(tmp_path):
    p = tmp_path / "odd.txt"
    p.write_bytes(b"a\x81b\n")  # 0x81 is unassigned in cp1252
    result = text.read(p)
    assert rows(result) == [("L1", "a\x81b")]
    assert result.notes == ("not valid UTF-8: decoded as latin-1",)


def test_empty_text_file_has_no_lines(tmp_path):
    p = tmp_path / "empty.txt"
    p.write_bytes(b"\n \n\t\n")
    assert text.read(p).lines == ()


# ---------------------------------------------------------------- csv

def test_csv_records_not_physical_lines(tmp_path):
    p = tmp_path / "rates.csv"
    p.write_bytes(
        b"\xef\xbb\xbfName,Size,Rate\r\n"
        b"Residential, 5/8 inch ,$12.50\r\n"
        b",,\r\n"
        b'"Commercial","1 inch\r\n  (meter)",$30.00\r\n'
        b"Irrigation,,$8.00\r\n"
    )
    result = readers.read(p)
    assert result.kind == "csv"
    assert result.lines == (
        Line("Name | Size | Rate", "row 1", "", 1, header=True),
        Line("Residential | 5/8 inch | $12.50", "row 2", "", 2),
        Line("Commercial | 1 inch (meter) | $30.00", "row 4", "", 4),
        Line("Irrigation | $8.00", "row 5", "", 5),
    )


def test_csv_leading_blank_line_still_counts_as_a_row(tmp_path):
    p = tmp_path / "blank_first.csv"
    p.write_bytes("\nid,naïve\n1,x\n".encode("cp1252"))
    result = csv_reader.read(p)
    assert [(ln.locator, ln.text, ln.header) for ln in result.lines] == [
        ("row 2", "id | naïve", True),
        ("row 3", "1 | x", False),
    ]
    assert result.notes == ("not valid UTF-8: decoded as cp1252",)


# ---------------------------------------------------------------- pdf

def test_pdf_two_pages(tmp_path):
    p = write_pdf(tmp_path / "doc.pdf", [
        ["Water rates 2024", "  Residential 5/8 inch $12.50", "Commercial (1 inch) $30.00"],
        ["Page two heading", "Irrigation $8.00"],
    ])
    result = readers.read(p)
    assert result.kind == "pdf"
    assert result.notes == ()
    assert result.lines == (
        Line("Water rates 2024", "p1:L1", "p1", 1),
        Line("  Residential 5/8 inch $12.50", "p1:L2", "p1", 2),
        Line("Commercial (1 inch) $30.00", "p1:L3", "p1", 3),
        Line("Page two heading", "p2:L1", "p2", 1),
        Line("Irrigation $8.00", "p2:L2", "p2", 2),
    )


def test_pdf_blank_extracted_lines_leave_gaps():
    lines = pdf_reading._page_lines(4, "alfa\n\n  \nbravo ﬁles 12\x00\n")
    assert [(ln.locator, ln.region, ln.ordinal, ln.text) for ln in lines] == [
        ("p4:L1", "p4", 1, "alfa"),
        ("p4:L4", "p4", 4, "bravo files 12"),
    ]


@pytest.mark.parametrize("raw, expected", [
    ("ﬁnal ﬂow ﬀ ﬃ ﬄ", "final flow ff ffi ffl"),
    ("bene\x00ts de\x00ned", "benefits defined"),   # NUL standing for the "fi" ligature
    ("\x00nancial", "financial"),
    ("12\x0034 end\x00", "1234 end"),               # elsewhere a NUL is dropped
    ("Ⅻ ½ ２ café", "Ⅻ ½ ２ café"),  # NFKC touches only the ligatures
])
def test_pdf_clean(raw, expected):
    assert pdf.clean(raw) == expected


def test_garbage_pdf_is_a_read_error(tmp_path, capsys):
    p = tmp_path / "garbage.pdf"
    p.write_bytes(bytes(range(256)) * 8)
    with pytest.raises(ReadError):
        readers.read(p)
    assert capsys.readouterr() == ("", "")


def test_pdf_without_text_needs_ocr(tmp_path):
    p = write_pdf(tmp_path / "scan.pdf", [[], []])
    with pytest.raises(ReadError) as info:
        readers.read(p)
    if ocr.available():  # the pages are blank: OCR finds nothing either
        assert info.value.message == "no text layer, and OCR found no text (blank pages?)"
    else:
        assert info.value.message == "no text layer: needs OCR"
        assert "pip install 'ask-engine[ocr]'" in info.value.hint


def _broken_xref(path: Path) -> Path:
    good = pdf_bytes([["alfa bravo"], ["charlie"]])
    cut = good.rindex(b"startxref\n")
    path.write_bytes(good[:cut] + b"startxref\n123\n%%EOF\n")  # points into the middle
    return path


def test_pdf_warnings_are_counted_not_printed(tmp_path, capsys, caplog):
    caplog.set_level(logging.DEBUG)
    logger = logging.getLogger("pypdf")
    before = (logger.propagate, logger.level, list(logger.handlers))
    result = readers.read(_broken_xref(tmp_path / "broken.pdf"))
    assert rows(result) == [("p1:L1", "alfa bravo"), ("p2:L1", "charlie")]
    assert len(result.notes) == 1 and result.notes[0].endswith("pdf warnings")
    assert int(result.notes[0].split()[0]) >= 1
    assert capsys.readouterr() == ("", "")
    assert [r for r in caplog.records if r.name.startswith("pypdf")] == []
    assert (logger.propagate, logger.level, list(logger.handlers)) == before


def test_pypdf_really_warns_on_the_broken_file(tmp_path, caplog):
    """Guards the test above: without quiet_pypdf the same file does log warnings."""
    import pypdf

    caplog.set_level(logging.WARNING)
    pypdf.PdfReader(str(_broken_xref(tmp_path / "broken.pdf")))
    assert any(r.name.startswith("pypdf") for r in caplog.records)


def _encrypted(path: Path, user_password: str) -> Path:
    import pypdf

    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(str(write_pdf(path, [["secret rates"]]))))
    writer.encrypt(user_password=user_password, owner_password="owner", algorithm="RC4-128")
    with open(path, "wb") as fh:
        writer.write(fh)
    return path


def test_pdf_encrypted_with_empty_password_is_read(tmp_path):
    result = pdf.read(_encrypted(tmp_path / "open.pdf", ""))
    assert rows(result) == [("p1:L1", "secret rates")]
    assert "encrypted, opened with empty password" in result.notes


def test_pdf_encrypted_with_password_is_refused(tmp_path):
    with pytest.raises(ReadError) as info:
        readers.read(_encrypted(tmp_path / "locked.pdf", "hunter2"))
    assert info.value.message == "encrypted, needs a password"


# A fee table drawn column by column, labels first and amounts after, as many real PDFs
# draw them; pypdf's plain extraction then gives every cell a line of its own.
FEE_TABLE = [
    "Fee schedule",
    "Fees below apply from 1 July 2024.",
    (50, 700, "Tree removal permit"), (50, 686, "Building permit (city fee)"), (50, 672, "Appeal"),
    (300, 700, "$75.00"), (300, 686, "$25.00"), (300, 672, "$250.00 per appeal"),
]


def test_pypdf_puts_cells_of_a_table_drawn_by_columns_apart(tmp_path):
    """Guards the test below: without the joining, a label and its amount are lines apart."""
    import pypdf

    page = pypdf.PdfReader(str(write_pdf(tmp_path / "fees.pdf", [FEE_TABLE]))).pages[0]
    assert page.extract_text().split("\n") == [
        "Fee schedule", "Fees below apply from 1 July 2024.",
        "Tree removal permit", "Building permit (city fee)", "Appeal",
        "$75.00", "$25.00", "$250.00 per appeal",
    ]


def test_pdf_table_row_reads_as_one_line(tmp_path):
    pages = [FEE_TABLE, ["Page two", "Irrigation $8.00"]]
    result = readers.read(write_pdf(tmp_path / "fees.pdf", pages))
    assert rows(result) == [
        ("p1:L1", "Fee schedule"),
        ("p1:L2", "Fees below apply from 1 July 2024."),
        ("p1:L3", "Tree removal permit  $75.00"),
        ("p1:L4", "Building permit (city fee)  $25.00"),
        ("p1:L5", "Appeal  $250.00 per appeal"),
        ("p2:L1", "Page two"),
        ("p2:L2", "Irrigation $8.00"),
    ]
    assert result.notes == ()


# Two columns of prose on the same baselines, the left one drawn first: joining their lines
# would make nonsense, so they read as pypdf gives them, column after column. Once the
# right column is known to stand beside another, its address lines stay apart from the
# heading at their height too.
TWO_COLUMNS = [
    (50, 700, "The council met on the second"), (50, 686, "Tuesday of the month and heard a"),
    (50, 672, "report on the state of the"), (50, 658, "mains."), (50, 630, "PERMITS"),
    (320, 700, "Members asked whether the rates"), (320, 686, "for irrigation would rise, and"),
    (320, 672, "were told to write to City Hall,"), (320, 658, "100 Main Street, Rivergrove,"),
    (320, 644, "Oregon 97000."), (320, 630, "Permits are issued by"),
]


def test_pdf_prose_columns_side_by_side_stay_apart(tmp_path):
    import pypdf

    path = write_pdf(tmp_path / "columns.pdf", [TWO_COLUMNS])
    plain = pypdf.PdfReader(str(path)).pages[0].extract_text().split("\n")
    assert [text for _, text in rows(readers.read(path))] == plain == [t for _, _, t in TWO_COLUMNS]


A = pdf.At


@pytest.mark.parametrize("lines, at, expected", [
    # cells drawn column by column: one row each, two spaces between cells, blanks kept
    (["Permit", "Appeal", "", "$75", "$250"],
     [A(50, 700, 10), A(50, 680, 10), None, A(300, 700, 10), A(300, 680, 10)],
     ["Permit  $75", "Appeal  $250", ""]),
    # baselines a little apart (under 0.2 em) are one row; the row sits where its first
    # cell was drawn, whichever column that is
    (["$75", "Permit"], [A(300, 700, 10), A(50, 701.5, 10)], ["Permit  $75"]),
    # a line pypdf broke in two, drawn one piece right after the other: joined as drawn
    (["of this ordinanc", "e. Any sign"], [A(72, 668, 12), A(147, 668, 12)],
     ["of this ordinance. Any sign"]),
    # left alone: other baselines, no position (rotated text), another form's coordinates,
    # text drawn over text
    (["Permit", "$75"], [A(50, 700, 10), A(300, 697, 10)], ["Permit", "$75"]),
    (["Permit", "$75"], [A(50, 700, 10), None], ["Permit", "$75"]),
    (["Permit", "$75"], [A(50, 700, 10), A(300, 700, 10, space=1)], ["Permit", "$75"]),
    (["Permit", "$75"], [A(50, 700, 10), A(300, 700, 10, turn=90)], ["Permit", "$75"]),
    (["Permit", "Permit"], [A(50, 700, 10), A(50.5, 700, 10)], ["Permit", "Permit"]),
    # two columns of prose, every line a sentence of its own
    (["The council met on the first day.", "Reports were heard at some length.",
      "Members asked if the rates will rise.", "Staff said that it is not yet known."],
     [A(50, 700, 10), A(50, 686, 10), A(320, 700, 10), A(320, 686, 10)],
     ["The council met on the first day.", "Reports were heard at some length.",
      "Members asked if the rates will rise.", "Staff said that it is not yet known."]),
    # a margin heading beside a prose line that continues a sentence
    (["The rules below apply to every", "permit the city issues after the",
      "first of July this year.", "Scope"],
     [A(200, 700, 10), A(200, 686, 10), A(200, 672, 10), A(50, 686, 10)],
     ["The rules below apply to every", "permit the city issues after the",
      "first of July this year.", "Scope"]),
])
def test_pdf_rows(lines, at, expected):
    assert pdf_rows._rows(lines, at) == expected


@pytest.mark.parametrize("cm, tm, size, expected", [
    ([1, 0, 0, 1, 0, 0], [1, 0, 0, 1, 50, 700], 10, A(50, 700, 10)),
    ([2, 0, 0, 2, 10, 0], [1, 0, 0.3, 1, 50, 700], 10, A(110, 1400, 20)),  # scaled; italic
    ([0, 1, -1, 0, 0, 0], [1, 0, 0, 1, 50, 700], 10, A(50, 700, 10, turn=90)),  # landscape
    ([1, 0, 0, -1, 0, 0], [1, 0, 0, 1, 50, 700], 10, None),  # mirrored
    ([1, 0, 0, 1, 0, 0], [0.7, 0.7, -0.7, 0.7, 50, 700], 10, None),  # slanted 45 degrees
])
def test_pdf_where_text_starts(cm, tm, size, expected):
    assert pdf_rows._at(cm, tm, size, 0) == expected


def test_pdf_text_in_a_form_keeps_the_forms_coordinates():
    rec, one = pdf_rows._Recorder(), [1, 0, 0, 1, 0, 0]
    rec.text("page\n", one, [1, 0, 0, 1, 50, 700], None, 10)
    rec.before(b"Do", ["/Im1"], one, one)  # an image: nothing drawn inside
    rec.after(b"Do", ["/Im1"], one, one)
    rec.before(b"Do", ["/Fm1"], one, one)
    rec.before(b"BT", [], one, one)  # the form's content starts
    rec.text("form\n", one, [1, 0, 0, 1, 300, 700], None, 10)
    rec.after(b"Do", ["/Fm1"], one, one)
    rec.text("page again", one, [1, 0, 0, 1, 50, 686], None, 10)
    lines, at = rec.lines("page\nform\npage again")
    assert lines == ["page", "form", "page again"]
    assert [a.space for a in at] == [0, 1, 0]
    with pytest.raises(ValueError):
        rec.lines("something else")


@pytest.mark.parametrize("where", ["_rows", "_Recorder.text"])  # joining; pypdf's visit
def test_pdf_rows_fall_back_to_the_lines_as_extracted(tmp_path, monkeypatch, where):
    def broken(*args):
        raise RuntimeError("boom")

    owner, _, name = where.rpartition(".")
    monkeypatch.setattr(getattr(pdf_rows, owner) if owner else pdf_rows, name, broken)
    result = readers.read(write_pdf(tmp_path / "fees.pdf", [FEE_TABLE, ["Page two"]]))
    assert [text for _, text in rows(result)][2:6] == [
        "Tree removal permit", "Building permit (city fee)", "Appeal", "$75.00"]
    assert result.notes == ("table rows not joined on pages 1, 2 (lines as extracted)",)


def test_pdf_reading_is_deterministic(tmp_path):
    path = write_pdf(tmp_path / "fees.pdf", [FEE_TABLE, TWO_COLUMNS])
    assert readers.read(path) == readers.read(path)


# ---------------------------------------------------------------- xlsx

@pytest.fixture
def workbook(tmp_path) -> Path:
    import openpyxl
    import openpyxl.chart

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Rates"
    ws.append(["Class", "Size", "Rate", "Change", "Effective"])
    ws.append(["Residential", "5/8 inch", 12.5, 0.0537, dt.datetime(2024, 7, 1)])
    ws.append([None, None, None, None, None])
    ws.append(["Commercial\nlarge", "1 inch", 26.509999999999998, -0.012,
               dt.datetime(2024, 7, 1, 13, 30)])
    ws.append(["  Total  ", None, "=SUM(C2:C4)", None, None])
    ws.append([None, None, 1234567.891, None, None])
    ws.append([None, True, -1234.5, None, None])
    for row in (2, 4):
        ws[f"C{row}"].number_format = '"$"#,##0.00'
        ws[f"D{row}"].number_format = "0.00%"
    ws["E2"].number_format = "mm-dd-yy"
    ws["E4"].number_format = "yyyy-mm-dd h:mm"
    ws["C6"].number_format = "#,##0"
    ws["C7"].number_format = "[$$-409]#,##0.00_);([$$-409]#,##0.00)"
    ws["C4"].number_format = "General"

    table = wb.create_sheet("Rate Table")
    table["B3"] = "Tier"
    table["C3"] = "Limit"
    table["B4"] = "Merged heading"
    table.merge_cells("B4:C4")
    table["C5"] = 3.0
    hidden = wb.create_sheet("Old")
    hidden.sheet_state = "hidden"
    hidden["A1"] = "hidden but read"
    chart = openpyxl.chart.BarChart()
    chart.add_data(openpyxl.chart.Reference(ws, min_col=3, min_row=1, max_row=4),
                   titles_from_data=True)
    wb.create_chartsheet("Chart").add_chart(chart)  # skipped: a chartsheet has no rows
    p = tmp_path / "rates.xlsx"
    wb.save(p)
    return p


def test_xlsx_rows_locators_and_display(workbook):
    result = readers.read(workbook)
    assert result.kind == "xlsx"
    # the workbook's one formula was never calculated and saved: said, and read as empty
    assert result.notes == ("1 formula cell has no saved value (read as empty): open and save the file in Excel",)
    assert [(ln.locator, ln.region, ln.ordinal, ln.header, ln.text) for ln in result.lines] == [
        ("Rates!A1:E1", "Rates", 1, True, "Class | Size | Rate | Change | Effective"),
        ("Rates!A2:E2", "Rates", 2, False, "Residential | 5/8 inch | $12.50 | 5.37% | 2024-07-01"),
        ("Rates!A4:E4", "Rates", 4, False,
         "Commercial large | 1 inch | 26.51 | -1.20% | 2024-07-01 13:30"),
        ("Rates!A5", "Rates", 5, False, "Total"),  # the formula has no cached value
        ("Rates!C6", "Rates", 6, False, "1,234,568"),
        ("Rates!B7:C7", "Rates", 7, False, "TRUE | ($1,234.50)"),
        ("'Rate Table'!B3:C3", "Rate Table", 3, True, "Tier | Limit"),
        ("'Rate Table'!B4", "Rate Table", 4, False, "Merged heading"),
        ("'Rate Table'!C5", "Rate Table", 5, False, "3"),
        ("Old!A1", "Old", 1, True, "hidden but read"),
    ]


def test_xlsx_stops_after_a_long_empty_stretch(tmp_path, monkeypatch):
    import openpyxl

    monkeypatch.setattr(xlsx, "EMPTY_ROW_LIMIT", 5)
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Data"
    ws["A1"] = "first"
    ws["A4"] = "after a short gap"
    for r in range(5, 40):
        ws[f"B{r}"].number_format = "0.00"  # styled but empty
    ws["A100"] = "beyond the limit"
    p = tmp_path / "long.xlsx"
    wb.save(p)
    result = xlsx.read(p)
    assert rows(result) == [("Data!A1", "first"), ("Data!A4", "after a short gap")]
    assert result.notes == ("sheet 'Data': stopped after 5 empty rows in a row",)


def test_corrupt_xlsx_is_a_read_error(tmp_path):
    p = tmp_path / "broken.xlsx"
    p.write_bytes(b"PK\x03\x04 not really a zip")
    with pytest.raises(ReadError) as info:
        readers.read(p)
    assert info.value.message == "not a valid xlsx file (corrupt zip)"


@pytest.mark.parametrize("name, expected", [
    ("Rates", "Rates"),
    ("Sheet1", "Sheet1"),
    ("rates_2024.v2", "rates_2024.v2"),
    ("Rate Table", "'Rate Table'"),
    ("Q&A", "'Q&A'"),
    ("2024", "'2024'"),
    ("A1", "'A1'"),
    ("R1C1", "'R1C1'"),
    ("Bob's", "'Bob''s'"),
    ("Übersicht", "Übersicht"),
])
def test_sheet_ref(name, expected):
    assert xlsx.sheet_ref(name) == expected


@pytest.mark.parametrize("n, letters", [(1, "A"), (4, "D"), (26, "Z"), (27, "AA"), (16384, "XFD")])
def test_column_letter(n, letters):
    assert xlsx.column_letter(n) == letters


# ---------------------------------------------------------------- numfmt

ACCOUNTING = '_("$"* #,##0.00_);_("$"* \\(#,##0.00\\);_("$"* "-"??_);_(@_)'


@pytest.mark.parametrize("value, fmt, expected", [
    # General: no float artefacts, integer-valued floats as integers
    (26.509999999999998, "General", "26.51"),
    (0.1 + 0.2, "General", "0.3"),
    (3.0, "General", "3"),
    (-0.0, "General", "0"),
    (42, "General", "42"),
    (-7.25, "General", "-7.25"),
    (1e-05, "General", "1E-05"),
    (1e20, "General", "1E+20"),
    (26.509999999999998, None, "26.51"),
    (26.509999999999998, "", "26.51"),
    # fixed decimals and thousands
    (1234.5, "0", "1235"),
    (2.5, "0", "3"),
    (2.675, "0.00", "2.68"),
    (26.509999999999998, "0.00", "26.51"),
    (1234567.891, "#,##0", "1,234,568"),
    (1234.5, "#,##0.00", "1,234.50"),
    (-1234.5, "#,##0.00", "-1,234.50"),
    (999.999, "#,##0.00", "1,000.00"),
    (7, "0.0#", "7.0"),
    (7.123, "0.0#", "7.12"),
    (0.5, "#.00", ".50"),
    (1234567, '#,##0,"K"', "1,235K"),
    # currency
    (12.5, '"$"#,##0.00', "$12.50"),
    (12.5, "$#,##0.00", "$12.50"),
    (12.5, "[$$-409]#,##0.00", "$12.50"),
    (-12.5, "[$$-409]#,##0.00", "-$12.50"),
    (12.5, "[$€-407]#,##0.00", "€12.50"),
    (12.5, ACCOUNTING, "$12.50"),
    (-12.5, ACCOUNTING, "$(12.50)"),
    (0, ACCOUNTING, "$-"),
    # negative sections
    (-1234.5, "#,##0.00_);(#,##0.00)", "(1,234.50)"),
    (-1234.5, "#,##0.00;[Red]-#,##0.00", "-1,234.50"),
    (-5, "0;[Red]0", "5"),  # the sheet shows it red, without a sign
    (0, '0.00;-0.00;"zero"', "zero"),
    (0, "0;-0;;@", ""),
    # percentages
    (0.5, "0%", "50%"),
    (0.0537, "0.00%", "5.37%"),
    (-0.012, "0.00%", "-1.20%"),
    (5, '0"%"', "5%"),
    # other
    (12345, "0.00E+00", "1.23E+04"),
    (0.000123, "0.00E+00", "1.23E-04"),
    (0, "0.00E+00", "0.00E+00"),
    (1e30, "#,##0", "1,000,000,000,000,000,000,000,000,000,000"),
    (-0.001, "0.00", "-0.00"),  # Excel keeps the sign of a value that rounds to zero
    (3.14159, '0.00 "kg"', "3.14 kg"),
    (1.5, "[Blue]0.0", "1.5"),
    (True, "General", "TRUE"),
    (False, "0.00", "FALSE"),
    (None, "0.00", ""),
    ("abc", "0.00", "abc"),
    # unknown or unsupported formats fall back to General
    (42, "@", "42"),
    (123456789, "000-00-0000", "123456789"),
    (5, "[<10]0;0.0", "5"),
    (0.75, "# ?/?", "0.75"),
    (5, "[Red", "5"),
    # dates and times, always ISO
    (dt.datetime(2024, 7, 1), "mm-dd-yy", "2024-07-01"),
    (dt.datetime(2024, 7, 1), "[$-409]mmmm d, yyyy;@", "2024-07-01"),
    (dt.datetime(2024, 7, 1, 13, 30), "yyyy-mm-dd h:mm", "2024-07-01 13:30"),
    (dt.datetime(2024, 7, 1, 13, 30, 15), "m/d/yy h:mm:ss", "2024-07-01 13:30:15"),
    (dt.datetime(2024, 7, 1, 13, 30, 15), "mm-dd-yy", "2024-07-01"),
    (dt.datetime(2024, 7, 1, 13, 30), "General", "2024-07-01 13:30"),
    (dt.datetime(2024, 7, 1), "General", "2024-07-01"),
    (dt.datetime(2024, 7, 1), "mmm-yy", "2024-07"),
    (dt.datetime(2024, 7, 1, 13, 29, 59, 999_000), "h:mm", "13:30"),
    (dt.date(2024, 7, 1), "General", "2024-07-01"),
    (dt.time(13, 30), "h:mm AM/PM", "13:30"),
    (dt.time(9, 5, 7), "hh:mm:ss", "09:05:07"),
    (dt.timedelta(hours=26, minutes=30), "[h]:mm:ss", "26:30:00"),
    (dt.timedelta(hours=26, minutes=30), "[h]:mm", "26:30"),
    (45474, "mm-dd-yy", "2024-07-01"),
    (45474.5625, "yyyy-mm-dd h:mm", "2024-07-01 13:30"),
])
def test_display(value, fmt, expected):
    assert numfmt.display(value, fmt) == expected


# ---------------------------------------------------------------- registry

def test_every_reader_is_registered():
    for suffix in (".txt", ".text", ".md", ".markdown", ".rst", ".pdf", ".xlsx", ".xlsm", ".csv"):
        assert readers.supported(Path("x" + suffix))


def test_an_image_without_the_ocr_extra_fails_saying_how_to_install_it(tmp_path, monkeypatch):
    """Images are never skipped as unsupported: without the extra each one fails with the fix."""
    monkeypatch.setattr(ocr, "available", lambda: False)
    monkeypatch.setattr(ocr, "_api", None)
    path = tmp_path / "scan.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\n")
    assert readers.supported(path)
    with pytest.raises(ReadError) as info:
        readers.read(path)
    assert info.value.message == "needs OCR, which is not installed"
    assert info.value.hint.startswith("pip install 'ask-engine[ocr]'")
