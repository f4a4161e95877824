"""Locators: join the locators of quoted lines into one citation span, and parse them back.

    L12 + L14            -> L12-14            text, Markdown, HTML (rendered lines)
    p3:L7 + p3:L9        -> p3:L7-9           PDF
    Rates!A7:D7 + A9:C9  -> Rates!A7:D9       XLSX
    row 4 + row 6        -> rows 4-6          CSV
    ¶12 + ¶14            -> ¶12-14            DOCX paragraphs
    T2:R3 + T2:R5        -> T2:R3-5           DOCX table rows
    $.a[1].b + $.a[1].c  -> $.a[1].b .. $.a[1].c   JSON paths (and L3:$.b in JSON Lines)

Any other pair reads "FIRST .. LAST", which --show takes back as the lines from one to the
other. docs/formats.md lists every form.
"""
from __future__ import annotations

import re
from typing import Sequence

_TEXT = re.compile(r"^L(\d+)$")
_PDF = re.compile(r"^p(\d+):L(\d+)$")
_CELL = re.compile(r"^(?P<sheet>.+)!(?P<c1>[A-Z]+)(?P<r1>\d+)(?::(?P<c2>[A-Z]+)(?P<r2>\d+))?$")
_ROW = re.compile(r"^row (\d+)$")
_PARA = re.compile(r"^\u00b6(\d+)$")
_TABLE_ROW = re.compile(r"^T(\d+):R(\d+)$")
_JSON_PATH = re.compile(r"^(?:L\d+:)?\$")


def _col_num(col: str) -> int:
    n = 0
    for ch in col:
        n = n * 26 + (ord(ch) - 64)
    return n


def span(locators: Sequence[str]) -> str:
    if not locators:
        return ""
    first, last = locators[0], locators[-1]
    if len(locators) == 1 or first == last:
        return first
    if (a := _TEXT.match(first)) and (b := _TEXT.match(last)):
        return f"L{a[1]}-{b[1]}"
    if (a := _PDF.match(first)) and (b := _PDF.match(last)) and a[1] == b[1]:
        return f"p{a[1]}:L{a[2]}-{b[2]}"
    if (a := _ROW.match(first)) and (b := _ROW.match(last)):
        return f"rows {a[1]}-{b[1]}"
    if (a := _PARA.match(first)) and (b := _PARA.match(last)):
        return f"\u00b6{a[1]}-{b[1]}"
    if (a := _TABLE_ROW.match(first)) and (b := _TABLE_ROW.match(last)) and a[1] == b[1]:
        return f"T{a[1]}:R{a[2]}-{b[2]}"
    cells = [_CELL.match(loc) for loc in locators]
    if all(cells) and len({m["sheet"] for m in cells}) == 1:
        cols = [m["c1"] for m in cells] + [m["c2"] or m["c1"] for m in cells]
        lo = min(cols, key=lambda c: (_col_num(c), c))
        hi = max(cols, key=lambda c: (_col_num(c), c))
        return f"{cells[0]['sheet']}!{lo}{cells[0]['r1']}:{hi}{cells[-1]['r2'] or cells[-1]['r1']}"
    return f"{first} .. {last}"


def line_range(locator: str) -> tuple[str, int, int] | None:
    """(kind, first, last) for a citation locator: kind 'L' (text or HTML line, JSON Lines
    line), 'pN' (PDF page N), 'row' (CSV), 'sheet:NAME' (spreadsheet rows), '¶' (DOCX
    paragraph; `para 12` is read as `¶12`) or 'TN' (DOCX table N). None when it cannot be
    parsed (a JSON path: see `subtree`)."""
    loc = locator.strip()
    if m := re.match(r"^L(\d+)(?:-L?(\d+))?$", loc):
        return "L", int(m[1]), int(m[2] or m[1])
    if m := re.match(r"^L(\d+):\$", loc):  # a value of a JSON Lines line: that line
        return "L", int(m[1]), int(m[1])
    if m := re.match(r"^(?:\u00b6|paras? )(\d+)(?:-\u00b6?(\d+))?$", loc):
        return "\u00b6", int(m[1]), int(m[2] or m[1])
    if m := re.match(r"^T(\d+)(?::R(\d+)(?:-R?(\d+))?)?$", loc):
        if m[2] is None:
            return f"T{m[1]}", 1, 10**9
        return f"T{m[1]}", int(m[2]), int(m[3] or m[2])
    if m := re.match(r"^p(\d+)(?::L(\d+)(?:-L?(\d+))?)?$", loc):
        if m[2] is None:
            return f"p{m[1]}", 1, 10**9
        return f"p{m[1]}", int(m[2]), int(m[3] or m[2])
    if m := re.match(r"^rows? (\d+)(?:-(\d+))?$", loc):
        return "row", int(m[1]), int(m[2] or m[1])
    if m := _CELL.match(loc):
        return f"sheet:{m['sheet']}", int(m["r1"]), int(m["r2"] or m["r1"])
    return None


def subtree(locators: Sequence[str], path: str) -> list[int]:
    """Indexes of the locators at or under a JSON path (`$.permits[3]` holds
    `$.permits[3].fee`, not `$.permits[30]`); [] when `path` is not a JSON path."""
    path = path.strip()
    if not _JSON_PATH.match(path):
        return []
    return [i for i, loc in enumerate(locators)
            if loc == path or (loc.startswith(path) and loc[len(path)] in ".[")]
