"""Spreadsheet reader (openpyxl, cached values): an .xlsx/.xlsm file in, one Line per row out.

A row with any non-empty cell becomes a Line: its cells' display text (numfmt: dates as ISO
dates), newlines folded to spaces, joined with " | ". Locator `Rates!A7:D7` spans the row's
first to last non-empty cell (`Rates!B7` for one cell; names with spaces or punctuation quoted
as Excel does: `'Rate Table'!A7`); region = sheet name; ordinal = row number; each sheet's
first non-empty row is its header, or the first of two cells or more under a title's rows of one
cell (csv_reader.mark_header). A merged range's value is in its top-left cell only.
Hidden sheets are read like the others, with no note: their data is in the file the user
handed over, and a workbook reads the same whichever sheets are hidden. Chartsheets are
skipped.

Refused before openpyxl sees the file (ReadError): an OLE file (Office encryption, or an old
.xls under the new name), anything that is not a zip, a zip that is another Office format,
and a zip whose parts would unpack past the limits below, judged from the sizes the zip
declares (container.py, shared with the Word reader). Noted: formulas with no cached value
(read as empty), a sheet stopped after EMPTY_ROW_LIMIT consecutive empty rows listed in the
file (styled but empty), a sheet stopped at a row whose number does not rise (two million rows
all numbered 1 compress to almost nothing and would otherwise be read to the time limit) or
after MAX_ROWS rows read, a sheet that breaks midway (the rows before the break are kept), and
a workbook with no values at all.
"""
from __future__ import annotations

import re
import warnings
from pathlib import Path

from openpyxl import load_workbook
from openpyxl.cell.read_only import ReadOnlyCell
from openpyxl.worksheet._reader import DATA_TAG, DIMENSION_TAG, FORMULA_TAG, WorkSheetParser
from openpyxl.worksheet.dimensions import SheetDimension
from openpyxl.xml.functions import iterparse

from ..errors import ReadError
from ..types import Line, ReadResult
from . import container
from .csv_reader import mark_header
from .numfmt import display

SEPARATOR = " | "
EMPTY_ROW_LIMIT = 10_000
MAX_ROWS = 1_048_576  # rows read from one sheet (counted as read, whatever numbers they carry)
MAX_UNPACKED = container.MAX_UNPACKED      # the whole workbook, unpacked
MAX_WHOLE_PART = container.MAX_WHOLE_PART  # a part held in memory whole (all but worksheets)
OLE_MAGIC = container.OLE_MAGIC
SAVE_AGAIN = container.XLSX.save_again
_BREAKS = re.compile(r"\s*[\r\n]+\s*")
_PLAIN_NAME = re.compile(r"[^\W\d][\w.]*\Z")
_CELL_LIKE = re.compile(r"([a-z]{1,3}\d+|r\d*c\d*|r|c)\Z", re.I)  # A1, R1C1: must be quoted


def sheet_ref(name: str) -> str:
    """The sheet name as it appears before '!' in an Excel reference."""
    if _PLAIN_NAME.match(name) and not _CELL_LIKE.match(name):
        return name
    return "'" + name.replace("'", "''") + "'"


def column_letter(n: int) -> str:
    """1 -> A, 27 -> AA."""
    letters = ""
    while n:
        n, r = divmod(n - 1, 26)
        letters = chr(65 + r) + letters
    return letters


def cell_text(value: object, number_format: str | None) -> str:
    """One cell as shown: number format applied, inner newlines folded, ends stripped."""
    if value is None:
        return ""
    return _BREAKS.sub(" ", display(value, number_format)).strip()


def check_container(path: Path) -> None:
    """Refuse, before any unpacking, what is not a zip or would unpack past the limits
    (engine/readers/container.py; the limits are this module's, read at each call)."""
    container.check(path, container.XLSX, MAX_UNPACKED, MAX_WHOLE_PART)


def _dimensions(self):
    """WorkSheetParser.parse_dimensions (openpyxl 3.1), stopping where <sheetData> starts.

    openpyxl opens every read-only sheet by looking for its <dimension> element; it listens
    for end events, so when a sheet has none, the search ends only after <sheetData> has been
    parsed whole: a sheet is read twice, and two million rows that compress to 260 KB take
    the whole read time limit before a row reaches this module. <dimension> comes before
    <sheetData> in the schema (ECMA-376 18.3.1.99), so the first start event of <sheetData>
    settles it."""
    for _event, element in iterparse(self.source, events=("start",)):
        if element.tag == DIMENSION_TAG:
            return SheetDimension(ref=element.get("ref")).boundaries if element.get("ref") else None
        if element.tag == DATA_TAG:
            return None
    return None


WorkSheetParser.parse_dimensions = _dimensions  # the one change to openpyxl, for every sheet


class _Rows(WorkSheetParser):
    """openpyxl's sheet parser (cached values), counting formulas that have none. It is driven
    here as ReadOnlyWorksheet.iter_rows drives it (openpyxl 3.1), because iter_rows shows a
    formula with no cached value and an empty cell alike."""

    uncached = 0

    def parse_cell(self, element):
        cell = super().parse_cell(element)
        if cell["value"] is None and element.find(FORMULA_TAG) is not None:
            self.uncached += 1
        return cell


def _number_format(ws, style_id: int, known: dict[int, str]) -> str:
    if style_id not in known:
        try:
            known[style_id] = ReadOnlyCell(ws, 1, 1, None, "n", style_id).number_format
        except (IndexError, KeyError, AttributeError, TypeError):  # a style the file lacks
            known[style_id] = "General"
    return known[style_id]


def _sheet_lines(wb, ws, notes: list[str]) -> tuple[list[Line], int, bool]:
    """The sheet's lines, how many formula cells had no cached value, and whether it broke."""
    ref = sheet_ref(ws.title)
    lines: list[Line] = []
    formats: dict[int, str] = {}
    empty_run = 0
    previous = 0  # the number of the row read last
    read_rows = 0
    broken = False
    source = ws._get_source()
    rows = _Rows(source, ws._shared_strings, data_only=True, epoch=wb.epoch,
                 date_formats=wb._date_formats, timedelta_formats=wb._timedelta_formats)
    try:
        for number, cells in rows.parse():
            number = int(number)  # openpyxl gives the attribute's text for some files
            read_rows += 1
            if number <= previous:  # a sheet lists its rows in ascending order (ECMA-376 18.3.1.73)
                notes.append(f"sheet {ws.title!r}: stopped at a row numbered {number:,} after row "
                             f"{previous:,} (rows out of order: a damaged or generated file)")
                break
            if read_rows > MAX_ROWS:
                notes.append(f"sheet {ws.title!r}: stopped after {MAX_ROWS:,} rows (Excel's limit)")
                break
            previous = number
            shown = []
            for cell in sorted(cells, key=lambda c: c["column"]):  # stable: file order on ties
                if cell["value"] is None:  # empty, or a formula with no cached value
                    continue
                text = cell_text(cell["value"], _number_format(ws, cell["style_id"], formats))
                if text:
                    shown.append((cell["column"], text))
            if not shown:
                empty_run += 1
                if empty_run >= EMPTY_ROW_LIMIT:
                    notes.append(f"sheet {ws.title!r}: stopped after {EMPTY_ROW_LIMIT:,} "
                                 "empty rows in a row")
                    break
                continue
            empty_run = 0
            first, last = column_letter(shown[0][0]), column_letter(shown[-1][0])
            span = f"{first}{number}" if first == last else f"{first}{number}:{last}{number}"
            lines.append(Line(text=SEPARATOR.join(t for _, t in shown), locator=f"{ref}!{span}",
                              region=ws.title, ordinal=number))
    except Exception as e:  # a damaged sheet keeps the rows read before the damage
        after = f" after row {lines[-1].ordinal}" if lines else ""
        broken = True
        notes.append(f"sheet {ws.title!r}: unreadable{after} ({type(e).__name__}: {e})")
    finally:
        source.close()
    return mark_header(lines), rows.uncached, broken


def read(path: Path) -> ReadResult:
    path = Path(path)
    check_container(path)
    notes: list[str] = []
    lines: list[Line] = []
    uncached = 0
    broken = False
    with warnings.catch_warnings(record=True) as caught:  # openpyxl warns on stderr otherwise
        warnings.simplefilter("always")
        try:
            wb = load_workbook(path, read_only=True, data_only=True)
        except Exception as e:  # a missing or malformed part, or damage inside the zip
            raise ReadError(f"not a valid xlsx file ({type(e).__name__}: {e})",
                            SAVE_AGAIN) from None
        try:
            for ws in wb.worksheets:  # workbook order; chartsheets are not in this list
                sheet, missing, damaged = _sheet_lines(wb, ws, notes)
                lines.extend(sheet)
                uncached += missing
                broken = broken or damaged
        finally:
            wb.close()
    if uncached:
        many = uncached != 1
        notes.append(f"{uncached:,} formula cell{'s' if many else ''} {'have' if many else 'has'} "
                     "no saved value (read as empty): open and save the file in Excel")
    if caught:
        notes.append(f"{len(caught)} xlsx warning{'s' if len(caught) != 1 else ''}")
    if not lines:
        if broken:
            raise ReadError("not a valid xlsx file: " + "; ".join(notes), SAVE_AGAIN)
        notes.append("no cells with values")
    return ReadResult(lines=tuple(lines), kind="xlsx", notes=tuple(notes))
