"""CSV reader: a .csv file in, one Line per record that has any non-empty field out.

Text is the record's non-empty fields, each stripped with inner line breaks folded to one
space, joined with " | ". Locator `row 253` counts CSV records, not physical lines (a quoted
field spanning lines is still one row; the header record is row 1); ordinal = that number,
region "". The first non-empty record is the header, or the first of two fields or more under
a title's rows of one field (mark_header). Rows with fewer or more fields than the
header are read as they are. Decoding, binary refusal and NUL dropping are the text
reader's (`text.load`).

Bounds, each with a note: a physical line over MAX_LINE_CHARS is cut (at a comma or space,
an open quote closed) before the csv module sees it, and a row's text is cut to the same
length; a record the csv module refuses (a field over its 131,072-character limit, in
practice an unclosed quote) is skipped and reading goes on with the next line.
"""
from __future__ import annotations

import csv
import re
from dataclasses import replace
from pathlib import Path
from typing import Iterator

from ..errors import ReadError
from ..types import Line, ReadResult
from .text import MAX_LINE_CHARS, cut, line_spans, load, numbers, too_long_note

SEPARATOR = " | "
_BREAKS = re.compile(r"\s*[\r\n]+\s*")


def field_text(field: str) -> str:
    """One field as shown: line breaks (with the spaces around them) become one space."""
    return _BREAKS.sub(" ", field).strip()


def _physical(text: str, cut_at: list[int]) -> Iterator[str]:
    """The text's lines with their endings, as csv.reader wants them; overlong ones cut
    (their line numbers appended to cut_at)."""
    for number, (start, end, stop) in enumerate(line_spans(text), start=1):
        if end - start <= MAX_LINE_CHARS:
            yield text[start:stop]
            continue
        cut_at.append(number)
        kept = cut(text, start, end, breaks=", \t")
        if kept.count('"') % 2:
            kept += '"'  # close a quote the cut left open, or it would swallow what follows
        yield kept + text[end:stop]


_TITLE_ROWS = 3  # the most rows of a title (a table's name, its source) a header may stand under
_LETTER = re.compile(r"[^\W\d_]")


def _fields(line: Line) -> list[str]:
    return line.text.split(SEPARATOR)


def mark_header(lines: list[Line]) -> list[Line]:
    """The rows of one table with its header row marked: the first row, or, where the table
    opens on a title of one field a row ("Table 215.30. Enrollment, poverty, and federal
    funds ..."), the first row of two fields or more under at most _TITLE_ROWS such rows, its
    fields mostly words (a header names its columns; a row of figures is data). The title
    rows stay lines; chunk.py makes them context. Before, the title was the header, and
    the real column names were never any row's context. The title rows are furniture:
    matched as every passage's context, never quoted (a review: a title row quoted first,
    ahead of the row that answers)."""
    if not lines:
        return lines
    at = 0
    for j, line in enumerate(lines[:_TITLE_ROWS + 1]):
        fields = _fields(line)
        if len(fields) >= 2:
            worded = sum(1 for f in fields if _LETTER.search(f))
            at = j if j == 0 or 2 * worded >= len(fields) else 0
            break
    return [replace(ln, header=(j == at), furniture=j < at) for j, ln in enumerate(lines)]


def read(path: Path) -> ReadResult:
    text, notes = load(path)
    lines: list[Line] = []
    long: list[int] = []
    skipped: dict[str, list[int]] = {}
    cut_at: list[int] = []
    records = csv.reader(_physical(text, cut_at))
    number = 0
    while True:
        seen = len(cut_at)
        try:
            record = next(records)
        except StopIteration:
            break
        except csv.Error as e:  # the reader goes on at the next line
            number += 1
            skipped.setdefault(str(e), []).append(number)
            continue
        number += 1
        fields = [t for t in (field_text(f) for f in record) if t]
        if not fields:
            continue
        row = SEPARATOR.join(fields)
        if len(cut_at) > seen or len(row) > MAX_LINE_CHARS:
            long.append(number)
            row = cut(row, 0, len(row))
        lines.append(Line(text=row, locator=f"row {number}", region="", ordinal=number))
    if skipped and not lines:
        raise ReadError(f"malformed CSV: {next(iter(skipped))} (an unclosed quote?)",
                        "check the file's quoting, or save it again from a spreadsheet")
    for reason, rows in skipped.items():
        s = "s" if len(rows) > 1 else ""
        notes.append(f"row{s} {numbers(rows)} skipped: {reason} (an unclosed quote?)")
    if long:
        notes.append(too_long_note("row", long))
    if not lines and text:
        notes.append("no text: every row is empty")
    return ReadResult(lines=tuple(mark_header(lines)), kind="csv", notes=tuple(notes))
