"""Spreadsheet reader (openpyxl, cached values): an .xlsx/.xlsm file in, one Line per row out.

A row with any non-empty cell becomes a Line: its cells' display text (numfmt), newlines
folded to spaces, joined with " | ". Locator `Rates!A7:D7` spans the row's first to last
non-empty cell (`Rates!B7` for one cell; names with spaces or punctuation quoted as Excel
does: `'Rate Table'!A7`); region = sheet name; ordinal = row number; each sheet's first
non-empty row is its header. Hidden sheets are read, chartsheets skipped; formulas without
a cached value are empty. A sheet stops after 10,000 consecutive empty rows (with a note).
"""
from __future__ import annotations

import re
import warnings
import zipfile
from pathlib import Path

from ..errors import ReadError
from ..types import Line, ReadResult
from .numfmt import display

SEPARATOR = " | "
EMPTY_ROW_LIMIT = 10_000
_BREAKS = re.compile(r"\s*[\r\n]+\s*")
_PLAIN_NAME = re.compile(r"[^\W\d][\w.]*\Z")
_CELL_LIKE = re.compile(r"([a-z]{1,3}\d+|r\d*c\d*|r|c)\Z", re.I)  # A1, R1C1: must be quoted


def sheet_ref(name: str) -> str:
    """The sheet name as it appears before '!' in an Excel reference."""
    if _PLAIN_NAME.match(name) and not _CELL_LIKE.match(name):
        return name
    return "'" + name.replace("'", "''") + "'"


def column_letter(n: int) -> str:
    """1 -> A, 27 -> AA (openpyxl has one too, but this keeps the import lazy)."""
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


def _sheet_lines(ws, notes: list[str]) -> list[Line]:
    ws.reset_dimensions()  # a stale or huge <dimension> must not pad rows with empty cells
    ref = sheet_ref(ws.title)
    lines: list[Line] = []
    empty_run = 0
    for row in ws.iter_rows():
        cells = []
        for cell in row:
            if cell.value is None:  # includes empty cells and formulas with no cached value
                continue
            text = cell_text(cell.value, cell.number_format)
            if text:
                cells.append((cell.column, cell.row, text))
        if not cells:
            empty_run += 1
            if empty_run >= EMPTY_ROW_LIMIT:
                notes.append(f"sheet {ws.title!r}: stopped after {EMPTY_ROW_LIMIT:,} "
                             "empty rows in a row")
                break
            continue
        empty_run = 0
        number = cells[0][1]
        first, last = column_letter(cells[0][0]), column_letter(cells[-1][0])
        span = f"{first}{number}" if first == last else f"{first}{number}:{last}{number}"
        lines.append(Line(text=SEPARATOR.join(c[2] for c in cells), locator=f"{ref}!{span}",
                          region=ws.title, ordinal=number, header=not lines))
    return lines


def read(path: Path) -> ReadResult:
    import openpyxl

    notes: list[str] = []
    lines: list[Line] = []
    with warnings.catch_warnings(record=True) as caught:  # openpyxl warns on stderr otherwise
        warnings.simplefilter("always")
        try:
            wb = openpyxl.load_workbook(Path(path), read_only=True, data_only=True)
        except zipfile.BadZipFile:
            raise ReadError("not a valid xlsx file (corrupt zip)",
                            "open it in a spreadsheet program and save it again as .xlsx") from None
        try:
            for ws in wb.worksheets:  # workbook order; chartsheets are not in this list
                lines.extend(_sheet_lines(ws, notes))
        finally:
            wb.close()
    if caught:
        notes.append(f"{len(caught)} xlsx warning{'s' if len(caught) != 1 else ''}")
    return ReadResult(lines=tuple(lines), kind="xlsx", notes=tuple(notes))
