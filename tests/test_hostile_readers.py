"""Readers on broken and strange files, every one generated here (tests/hostile.py).

Each reader reads what it can and says what it could not: a ReadError with a reason and a
fix, or notes beside the lines. Never a traceback, never silently nothing, never a hang.
"""
from __future__ import annotations

import codecs
import csv
import io
import sys
import time
import tracemalloc
import zipfile
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import hostile  # noqa: E402
from hostile import HOSTILE_FILES  # noqa: E402

from engine import readers  # noqa: E402
from engine.errors import ReadError  # noqa: E402
from engine.readers import csv_reader, text, xlsx  # noqa: E402

LIMIT = text.MAX_LINE_CHARS


@pytest.fixture(scope="module")
def cabinet(tmp_path_factory):
    """Every hostile file, written once into one folder (removed after: two are 50 MB)."""
    paths = hostile.write_all(tmp_path_factory.mktemp("hostile"))
    yield paths
    for path in paths.values():
        path.unlink(missing_ok=True)


def rows(result):
    return [(ln.locator, ln.text) for ln in result.lines]


def refusal(path: Path) -> ReadError:
    with pytest.raises(ReadError) as info:
        readers.read(path)
    return info.value


# ---------------------------------------------------------------- the whole table

@pytest.mark.parametrize("kind", sorted(HOSTILE_FILES))
def test_every_hostile_file_is_read_or_refused_plainly(kind, cabinet):
    case = HOSTILE_FILES[kind]
    started = time.perf_counter()
    if case.outcome == "failed":
        err = refusal(cabinet[kind])
        assert case.expect in err.message
        assert err.hint and "Traceback" not in str(err)
    else:
        result = readers.read(cabinet[kind])
        texts = [ln.text for ln in result.lines]
        if case.expect:
            assert any(case.expect in t for t in texts), texts[:5]
        else:
            assert texts == []
        if case.note:
            assert any(case.note in n for n in result.notes), result.notes
        assert all(t.strip() and "\x00" not in t and len(t) <= LIMIT for t in texts)
        assert readers.read(cabinet[kind]) == result  # deterministic
    assert time.perf_counter() - started < 120, "a reader must not hang on a hostile file"


def test_the_table_covers_every_outcome():
    assert {case.outcome for case in HOSTILE_FILES.values()} == {"ok", "failed"}
    assert all(k.split("-")[0] in ("text", "csv", "xlsx", "pdf", "docx", "html", "json", "jsonl")
               for k in HOSTILE_FILES)


# ---------------------------------------------------------------- text: encodings

@pytest.mark.parametrize("data, expected, notes", [
    (b"plain ascii\n", "plain ascii\n", []),
    ("naïve\n".encode(), "naïve\n", []),
    (codecs.BOM_UTF8 + b"bom\n", "bom\n", []),
    ("wide é\n".encode("utf-16"), "wide é\n", []),
    (codecs.BOM_UTF16_LE + "le é\n".encode("utf-16-le"), "le é\n", []),
    (codecs.BOM_UTF16_BE + "be é\n".encode("utf-16-be"), "be é\n", []),
    ("no bom here\n".encode("utf-16-le"), "no bom here\n",
     ["no byte order mark: decoded as UTF-16-LE"]),
    ("no bom here\n".encode("utf-16-be"), "no bom here\n",
     ["no byte order mark: decoded as UTF-16-BE"]),
    (codecs.BOM_UTF16_LE + "cut".encode("utf-16-le") + b"x", "cut\ufffd",
     ["not valid UTF-16: 1 undecodable byte sequence shown as \ufffd (first on line 1)"]),
    # legacy 8-bit files: no sign of UTF-8 anywhere
    (b"caf\xe9\n", "café\n", ["not valid UTF-8: decoded as cp1252"]),
    (b"\x93quoted\x94 5 \x80\n", "“quoted” 5 €\n", ["not valid UTF-8: decoded as cp1252"]),
    (b"a\x81b\n", "a\x81b\n", ["not valid UTF-8: decoded as latin-1"]),
    # UTF-8 files with bad lines: good lines untouched, each bad line on its own
    ("é ok\n".encode() + b"caf\xe9\n", "é ok\ncafé\n",
     ["not valid UTF-8 on line 2: read as cp1252"]),
    ("é ok\n".encode() + b"cut \xe2\x82 here\n", "é ok\ncut \ufffd here\n",
     ["not valid UTF-8 on line 2: undecodable bytes shown as \ufffd"]),
    (codecs.BOM_UTF8 + "é ok\n".encode() + b"caf\xe9\n", "é ok\ncafé\n",
     ["not valid UTF-8 on line 2: read as cp1252"]),
    ("€ € €\r\n".encode() + b"x\xe2\x82\r\ny\xff\r\n", "€ € €\r\nx\ufffd\r\nyÿ\r\n",
     ["not valid UTF-8 on line 3: read as cp1252",
      "not valid UTF-8 on line 2: undecodable bytes shown as \ufffd"]),
])
def test_decode(data, expected, notes):
    assert text.decode(data) == (expected, notes)


def test_invalid_utf8_keeps_every_valid_line_as_written(cabinet):
    result = readers.read(cabinet["text-invalid-utf8"])
    assert rows(result) == [
        ("L1", "Résumé of the orchard inspection — naïve summary"),
        ("L2", "The orchard fee is 40 \ufffd per tree."),
        ("L3", "Café hours are posted."),
    ]
    assert result.notes == ("not valid UTF-8 on line 3: read as cp1252",
                            "not valid UTF-8 on line 2: undecodable bytes shown as \ufffd")


@pytest.mark.parametrize("kind, expected", [
    ("text-utf16-le-bom", [("L1", "Kayak rental deposit: 25 dollars (naïve paddlers welcome).")]),
    ("text-utf16-be-bom", [("L1", "Canoe launch closes at 8 pm.")]),
    ("text-latin1", [("L1", "The café on Elm Street opens at 7.")]),
    # NULs are dropped, whether one inside a line or a block of padding before the next line
    ("text-nul-bytes", [("L1", "The bridge toll is 3 dollars."), ("L2", "Ferry runs hourly.")]),
])
def test_text_encodings(kind, expected, cabinet):
    assert rows(readers.read(cabinet[kind])) == expected


def test_empty_and_blank_files_are_read_with_a_note(cabinet):
    empty = readers.read(cabinet["text-empty"])
    blank = readers.read(cabinet["text-blank-lines"])
    assert (empty.lines, empty.notes) == ((), ("empty file",))
    assert (blank.lines, blank.notes) == ((), ("no text: only blank lines",))


# ---------------------------------------------------------------- text: binary

def test_random_bytes_are_not_text(cabinet):
    err = refusal(cabinet["text-binary-random"])
    assert err.message == "not a text file (binary content)"
    assert err.hint == "save it as plain text, or move it out of the documents folder"


def test_a_png_named_txt_is_named_for_what_it_is(cabinet):
    err = refusal(cabinet["text-png-renamed"])
    assert err.message == "not a text file (binary content: a PNG image)"
    assert err.hint == "it looks like a PNG image: rename it to .png"


@pytest.mark.parametrize("data, what", [
    (b"%PDF-1.7\n1 0 obj\n", "a PDF"),
    (b"\x1f\x8b\x08\x00rest", "gzip-compressed data"),
    (bytes(64), "only NUL bytes"),
])
def test_binary_signatures(tmp_path, data, what):
    p = tmp_path / "odd.txt"
    p.write_bytes(data)
    assert refusal(p).message == f"not a text file (binary content: {what})"


def test_a_stray_control_byte_does_not_make_a_file_binary(tmp_path):
    p = tmp_path / "log.txt"
    p.write_bytes(b"page one\x0c\n" + b"alfa bravo charlie delta echo\n" * 10 + b"end \x1a\n")
    result = text.read(p)
    assert result.lines[0].text == "page one\x0c" and result.lines[-1].text == "end \x1a"


# ---------------------------------------------------------------- text: one huge line

def test_a_50_mb_line_is_cut_at_a_word_break_and_the_rest_still_reads(cabinet):
    path = cabinet["text-long-line"]
    tracemalloc.start()
    started = time.perf_counter()
    try:
        result = text.read(path)
        seconds = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    first, second = result.lines
    assert first.locator == "L1" and first.text.startswith("The glacier permit number is GP-7731.")
    assert LIMIT // 2 <= len(first.text) <= LIMIT
    original = path.read_bytes()[: LIMIT + 1].decode()
    assert original.startswith(first.text) and original[len(first.text)] == " "  # a word break
    assert (second.locator, second.text) == ("L2", "Glacier huts open in June.")
    assert result.notes == (f"line 1 is longer than {LIMIT:,} characters: "
                            f"only its first {LIMIT:,} are read",)
    assert seconds < 60  # a hang guard, not a timing: the machine is shared
    assert peak < 3 * path.stat().st_size  # the bytes and the text, no copies of the line


def test_long_lines_without_spaces_are_cut_hard_and_counted(tmp_path):
    p = tmp_path / "hex.txt"
    p.write_bytes(b"ab" * LIMIT + b"\nshort\n" + b"cd" * LIMIT + b"\r\n")
    result = text.read(p)
    assert [(ln.locator, len(ln.text)) for ln in result.lines] == [
        ("L1", LIMIT), ("L2", 5), ("L3", LIMIT)]
    assert result.notes == (f"2 lines are longer than {LIMIT:,} characters (lines 1, 3): "
                            f"only the first {LIMIT:,} of each are read",)


# ---------------------------------------------------------------- csv

@pytest.mark.parametrize("kind, expected", [
    ("csv-ragged", [("row 1", "Class | Day | Time"), ("row 2", "Pottery class | Monday"),
                    ("row 3", "Chess club | Tuesday | 6 pm | Room 4")]),
    # one record over two physical lines: one row, its locator the record number
    ("csv-multiline-field", [("row 1", "Event | Details"),
                             ("row 2", "Lantern walk | Meet at the gate bring a torch"),
                             ("row 3", "Next | row")]),
    ("csv-bom", [("row 1", "Facility | Rate"), ("row 2", "Tennis court | 15")]),
    ("csv-utf16-bom", [("row 1", "Item | Price"), ("row 2", "Lantern hire | 4 dollars")]),
    ("csv-latin1", [("row 1", "Place | Note"), ("row 2", "Café terrace | open late")]),
    ("csv-nul-bytes", [("row 1", "Tool | Price"), ("row 2", "Shovel rental | 6")]),
    ("csv-invalid-utf8", [("row 1", "Berth | Fee"), ("row 2", "Harbour mooring | 12 € a night"),
                          ("row 3", "Café kiosk | 3")]),
])
def test_csv_rows(kind, expected, cabinet):
    result = readers.read(cabinet[kind])
    assert rows(result) == expected
    assert result.lines[0].header and not any(ln.header for ln in result.lines[1:])


def test_csv_50_mb_line_is_one_cut_row(cabinet):
    started = time.perf_counter()
    result = csv_reader.read(cabinet["csv-long-line"])
    assert time.perf_counter() - started < 60  # a hang guard, not a timing
    assert [ln.locator for ln in result.lines] == ["row 1", "row 2", "row 3"]
    assert result.lines[1].text.startswith("ZX-1 | Bulk compost costs 9 dollars a load alfa")
    assert len(result.lines[1].text) <= LIMIT
    assert result.lines[2].text == "ZX-2 | Mulch is free"
    assert result.notes == (f"row 2 is longer than {LIMIT:,} characters: "
                            f"only its first {LIMIT:,} are read",)


def test_csv_cut_inside_a_quoted_field_does_not_swallow_the_next_rows(tmp_path):
    p = tmp_path / "quoted.csv"
    p.write_bytes(b'id,text\n1,"' + b"word " * LIMIT + b'end"\n2,after\n')
    result = csv_reader.read(p)
    assert [ln.locator for ln in result.lines] == ["row 1", "row 2", "row 3"]
    assert result.lines[2].text == "2 | after"


def test_csv_unclosed_quote_skips_its_row_and_reads_on(cabinet):
    result = readers.read(cabinet["csv-unclosed-quote"])
    assert rows(result)[:3] == [("row 1", "Name | Note"), ("row 2", "First | fine"),
                                ("row 4", "x | y")]
    assert result.notes == ("row 3 skipped: field larger than field limit (131072) "
                            "(an unclosed quote?)",)


def test_csv_with_no_readable_record_is_refused(tmp_path):
    p = tmp_path / "broken.csv"
    p.write_bytes(b'"an unclosed quote, then nothing else\n')
    limit = csv.field_size_limit(10)  # the module-wide limit, lowered for this test only
    try:
        err = refusal(p)
    finally:
        csv.field_size_limit(limit)
    assert err.message == "malformed CSV: field larger than field limit (10) (an unclosed quote?)"


def test_csv_empty_and_binary(cabinet):
    assert readers.read(cabinet["csv-empty"]).notes == ("empty file",)
    assert refusal(cabinet["csv-binary"]).message == "not a text file (binary content)"


# ---------------------------------------------------------------- xlsx: refused unread

@pytest.mark.parametrize("kind, message", [
    ("xlsx-truncated", "not a valid xlsx file (corrupt zip)"),
    ("xlsx-random-bytes", "not a valid xlsx file (not a zip archive)"),
    ("xlsx-plain-zip", "not a valid xlsx file (a zip archive, but no spreadsheet in it)"),
    ("xlsx-encrypted", "encrypted, needs a password"),
    ("xlsx-old-xls-renamed", "an Excel 97-2003 workbook (.xls) named .xlsx"),
])
def test_xlsx_refusals(kind, message, cabinet):
    err = refusal(cabinet[kind])
    assert err.message == message
    assert "save" in err.hint


def test_ole_magic_alone_reads_as_encrypted(tmp_path):
    p = tmp_path / "locked.xlsx"
    p.write_bytes(xlsx.OLE_MAGIC + bytes(1024))
    assert refusal(p).message == "encrypted, needs a password"


def test_zip_bomb_is_refused_from_its_declared_sizes(cabinet):
    path = cabinet["xlsx-zip-bomb"]
    with zipfile.ZipFile(path) as zf:
        sheet = zf.getinfo("xl/worksheets/sheet1.xml")
    assert sheet.file_size > xlsx.MAX_UNPACKED and path.stat().st_size < 4 * 2**20
    started = time.perf_counter()
    err = refusal(path)
    assert time.perf_counter() - started < 30  # a hang guard: it is refused before unpacking
    assert err.message == ("looks like a zip bomb: xl/worksheets/sheet1.xml unpacks to "
                           "1.5 GiB from 1.5 MiB")


def test_the_zip_bomb_is_a_real_zip():
    """Guards the test above: the bomb's bytes really unpack to what they declare."""
    data = hostile.zip_bomb(3 * 2**24)
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        assert zf.testzip() is None
        sheet = zf.read("xl/worksheets/sheet1.xml")
    assert len(sheet) == zf.getinfo("xl/worksheets/sheet1.xml").file_size >= 3 * 2**24
    assert sheet.startswith(b"<?xml") and sheet.endswith(b"</sheetData></worksheet>")


def test_too_large_but_not_a_bomb(tmp_path, monkeypatch):
    monkeypatch.setattr(xlsx, "MAX_UNPACKED", 1000)
    p = hostile.HOSTILE_FILES["xlsx-dates"](tmp_path)
    err = refusal(p)
    assert err.message.startswith("too large to read safely: unpacks to ")
    assert err.message.endswith("(limit 1000 bytes)")


def test_a_part_read_whole_has_its_own_limit(tmp_path, monkeypatch):
    monkeypatch.setattr(xlsx, "MAX_WHOLE_PART", 100)
    err = refusal(hostile.HOSTILE_FILES["xlsx-dates"](tmp_path))
    assert err.message.startswith("too large to read safely: ")
    assert err.message.endswith("(limit 100 bytes)") and "worksheets" not in err.message


# ---------------------------------------------------------------- xlsx: read, with notes

def test_formulas_without_saved_values_are_empty_and_counted(cabinet):
    result = readers.read(cabinet["xlsx-uncached-formulas"])
    assert rows(result)[:3] == [("Plough!A1:C1", "Street | Passes | Double"),
                                ("Plough!A2:B2", "Snow plough route 1 | 1"),
                                ("Plough!A3:B3", "Snow plough route 2 | 2")]
    assert not any("None" in ln.text or "=" in ln.text for ln in result.lines)
    assert result.notes == ("12 formula cells have no saved value (read as empty): "
                            "open and save the file in Excel",)


def test_merged_cells_read_once_from_the_top_left(cabinet):
    assert rows(readers.read(cabinet["xlsx-merged-cells"])) == [
        ("Festival!A1", "Harvest festival schedule"),
        ("Festival!A2:C2", "Stall | Day | Fee"),
        ("Festival!A3:C3", "Apple press | Saturday | 20"),
        ("Festival!A4:C4", "Cider tent | 35"),
    ]


def test_a_million_empty_styled_rows_stop_early(cabinet):
    path = cabinet["xlsx-million-empty-rows"]
    with zipfile.ZipFile(path) as zf:
        sheet = zf.read("xl/worksheets/sheet1.xml")
    assert b'<dimension ref="A1:C1000000"/>' in sheet and sheet.count(b"<row ") == hostile.MILLION
    started = time.perf_counter()
    result = readers.read(path)
    assert time.perf_counter() - started < 60  # a hang guard, not a timing
    assert rows(result) == [("Sheet!A1:B1", "Depot | Grit bins"),
                            ("Sheet!A2:B2", "Harbour depot | 12")]
    assert result.notes == ("sheet 'Sheet': stopped after 10,000 empty rows in a row",)


def test_hidden_sheets_are_read_like_the_others(cabinet):
    result = readers.read(cabinet["xlsx-hidden-sheet"])
    assert [(ln.region, ln.locator, ln.text, ln.header) for ln in result.lines] == [
        ("Current", "Current!A1:B1", "Tariff | Rate", True),
        ("Current", "Current!A2:B2", "Standing charge | 4.5", False),
        ("Archive 2019", "'Archive 2019'!A1:B1", "Tariff | Rate", True),
        ("Archive 2019", "'Archive 2019'!A2:B2", "Archived tariff for lamplighters | 1.25", False),
    ]
    assert result.notes == ()


def test_dates_show_as_iso_whatever_the_sheet_format(cabinet):
    result = readers.read(cabinet["xlsx-dates"])
    assert rows(result)[1] == ("Inspections!A2:C2", "Hydrant H-12 | 2024-03-15 | 2024-03-15 09:30")


def test_a_sheet_that_breaks_midway_keeps_its_rows(tmp_path):
    data = (hostile._SHEET_HEAD + b'<dimension ref="A1:A2"/><sheetData>'
            + hostile._inline_row(1, "Kept row")
            + b'<row r="2"><c r="A2" t="inlineStr"><is><t>broken')  # the XML stops here
    source = hostile.HOSTILE_FILES["xlsx-dates"](tmp_path).read_bytes()
    p = tmp_path / "half.xlsx"
    p.write_bytes(hostile._rezip(source, {"xl/worksheets/sheet1.xml": data}))
    result = readers.read(p)
    assert rows(result) == [("Inspections!A1", "Kept row")]
    assert len(result.notes) == 1
    assert result.notes[0].startswith("sheet 'Inspections': unreadable after row 1 (")


def test_an_empty_workbook_says_so(tmp_path):
    import openpyxl

    p = tmp_path / "blank.xlsx"
    openpyxl.Workbook().save(p)
    result = readers.read(p)
    assert (result.lines, result.notes) == ((), ("no cells with values",))


def test_a_sheet_s_size_is_looked_up_without_reading_its_rows():
    """openpyxl looks for <dimension> before a read-only sheet is read; the search stops at
    <sheetData> (engine/readers/xlsx.py), so a sheet without one is not parsed twice."""
    from openpyxl.worksheet._reader import WorkSheetParser

    import engine.readers.xlsx  # noqa: F401  (installs the lookup)

    class Source:
        def __init__(self, head: bytes):
            self.parts = [head]

        def read(self, n: int = -1) -> bytes:
            if not self.parts:
                raise AssertionError("read past the start of <sheetData>")
            return self.parts.pop(0)

    ns = b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
    without = WorkSheetParser(Source(ns + b"<sheetData><row r=\"1\">"), [])
    assert without.parse_dimensions() is None
    given = WorkSheetParser(Source(ns + b'<dimension ref="A1:C9"/><sheetData>'), [])
    assert given.parse_dimensions() == (1, 1, 3, 9)
