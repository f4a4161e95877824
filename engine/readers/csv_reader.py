"""CSV reader: a .csv file in, one Line per record that has any non-empty field out.

Text is the record's non-empty fields, each stripped with inner line breaks folded to one
space, joined with " | ". Locator `row 253` counts CSV records, not physical lines (a quoted
field spanning lines is still one row; the header record is row 1); ordinal = that number,
region "". The first non-empty record is the header. Decoding is the text reader's.
"""
from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from ..errors import ReadError
from ..types import Line, ReadResult
from .text import decode

SEPARATOR = " | "
_BREAKS = re.compile(r"\s*[\r\n]+\s*")


def field_text(field: str) -> str:
    """One field as shown: line breaks (with the spaces around them) become one space."""
    return _BREAKS.sub(" ", field).strip()


def read(path: Path) -> ReadResult:
    text, note = decode(Path(path).read_bytes())
    text = text.replace("\x00", "")  # the csv module refuses NUL characters
    lines = []
    header_seen = False
    records = csv.reader(io.StringIO(text, newline=""))
    number = 0
    while True:
        try:
            record = next(records)
        except StopIteration:
            break
        except csv.Error as e:  # e.g. a field larger than the csv module's limit
            raise ReadError(f"malformed CSV after row {number}: {e}",
                            "check the file's quoting, or save it again from a spreadsheet")
        number += 1
        fields = [t for t in (field_text(f) for f in record) if t]
        if not fields:
            continue
        lines.append(Line(text=SEPARATOR.join(fields), locator=f"row {number}", region="",
                          ordinal=number, header=not header_seen))
        header_seen = True
    return ReadResult(lines=tuple(lines), kind="csv", notes=(note,) if note else ())
