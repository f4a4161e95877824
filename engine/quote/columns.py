"""Columns: a table row's figures for the period the question asks, read under its header.

A table whose header names periods across its columns ("Program | FY2023 Actual | FY2024
Adopted | FY2025 Proposed") answers a question naming one of them only from the cells under
that period's column: "Legal services | 1,200 | 1,500 | 1,650" holds 1,650 for FY2025, and
nothing for 2026, though it holds three figures. `asked_cells` gives, for such a row, the
cells standing under the asked period's columns (joined as a row), "" when none does; for
any other row, None (the row is read whole, as before). A row naming the asked year itself,
outside the period columns ("2020 Parks Bond Projects | ..."), is read whole too: the year
names the row. When the row that speaks most of the question has nothing under the column,
the passage answers nothing (quote/lines.py): another row's figure there would be another
item's.

Only where a row's cells line up with its header's: exactly as many of them. The readers
leave empty cells out ("Sidewalk Repair | 410000 | 520000" under three years' columns is
FY2023 and FY2025, not FY2024), so a shorter row's cells cannot be placed. Keeping a CSV's
empty cells in its rows' text was tried and dropped (docs/decisions.md, the seventeenth
pass): the quoted text of rows changed under answers others check.

Periods are years ("2025", "FY25", "FY 2025", "2024-25": both years) and months ("Nov",
"November"). The rule applies when header cells name at least two different periods of a dimension
(year, month) the question names ("Gross Cost ($2024)" and "Cost ($2024) - Resident" name
no period: a sum in 2024's dollars); a column answers when every dimension it names that the
question names agrees (a "Nov 2025" column for "November 2025"; a "2025" column for it
too). Numbers only: a question asking for a name or a date reads the whole row.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Collection, Sequence

from ..chunk import MD_TABLE_RULE
from ..kinds import MONTH, header_like
from ..terms import content_terms

SEPARATOR = " | "
NUMERIC_KINDS = frozenset({"amount", "count", "figure", "measure", "percentage", "rate", "vote",
                           "length", "area", "weight", "flow", "power", "pressure", "voltage",
                           "temperature", "duration"})
_YEAR = re.compile(r"(?<![\d$])((?:19|20)\d\d)(?:\s?[-–/]\s?(\d\d(?:\d\d)?))?(?!\d)")
_FY = re.compile(r"(?<![A-Za-z])(?:FY|CY)\s?[-']?\s?(\d\d)(?!\d)", re.I)
_MONTH = re.compile(rf"(?<![A-Za-z])({MONTH})(?![A-Za-z])", re.I)
_NAMES = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
          "October", "November", "December")
_SHORT = [n[:3].lower() for n in _NAMES]
_MONTH_TERMS = {t: n for n, name in enumerate(_NAMES, 1) for t in content_terms(name)}  # ("may": no term)


def _years(text: str) -> frozenset[int]:
    out = set()
    for m in _YEAR.finditer(text):
        out.add(int(m[1]))
        if m[2]:  # "2024-25", "2024-2025": a fiscal year of two calendar years
            end = int(m[2]) if len(m[2]) == 4 else int(m[1][:2] + m[2])
            if 0 < end - int(m[1]) <= 1:
                out.add(end)
    for m in _FY.finditer(text):
        out.add(2000 + int(m[1]))
    return frozenset(out)


@lru_cache(maxsize=4096)
def _cell_periods(cell: str) -> tuple[frozenset[int], frozenset[int]]:
    """The years and months a header cell names."""
    months = frozenset(_SHORT.index(m[1][:3].lower()) + 1 for m in _MONTH.finditer(cell))
    return _years(cell), months


def question_periods(question: str, qterms: Collection[str]) -> tuple[frozenset[int], frozenset[int]]:
    """The years and months a question names ("FY25" is 2025)."""
    months = frozenset(_MONTH_TERMS[t] for t in qterms if t in _MONTH_TERMS)
    return _years(question), months


def period_header(row: str) -> bool:
    """A row that may head a table of periods: two or more cells, none empty, every cell
    naming a period or no number at all ("Item | 2023 | 2024")."""
    cells = row.split(SEPARATOR)
    if len(cells) < 2 or any(not c.strip() for c in cells):
        return False
    named = [any(_cell_periods(c)) for c in cells]
    return sum(named) >= 2 and all(n or not re.search(r"\d", c) for n, c in zip(named, cells))


def opening_header(texts: Sequence[str]) -> str:
    """The header row a table's first passage opens with (its rows' labels, kinds.header_like,
    or its columns' periods, period_header), or the row a Markdown table's rule stands under
    (a heading may open the passage: "## 1. Loan periods" over "| Material | Renewals |"), or ""."""
    if texts and (header_like(texts[0]) or period_header(texts[0])):
        return texts[0]
    return next((texts[i - 1] for i in range(1, min(len(texts), 4)) if MD_TABLE_RULE.match(texts[i])
                 and SEPARATOR in texts[i - 1]), "")


def asked_cells(row: str, header: str, asked: tuple[frozenset[int], frozenset[int]]) -> str | None:
    """The row's cells under the header's columns for the asked period, joined; "" when the
    header has no column for it; None when the rule does not apply (see the module's note)."""
    years, months = asked
    if not (years or months) or not header:
        return None
    heads = header.split(SEPARATOR)
    cells = row.split(SEPARATOR)
    if len(cells) != len(heads):
        return None
    periods = [_cell_periods(h) for h in heads]
    dims = [d for d, asked_d in enumerate((years, months))
            if asked_d and len({p[d] for p in periods if p[d]}) >= 2]
    if not dims:
        return None
    wanted = (years, months)

    def answers(p) -> bool:
        named = [d for d in (0, 1) if p[d] and wanted[d]]
        return bool(set(named) & set(dims)) and all(p[d] & wanted[d] for d in named)

    if any(_years(c) & years for c, p in zip(cells, periods) if not any(p[d] for d in dims)):
        return None  # the row names the year itself ("2020 Parks Bond Projects"): no column's
    cols = [j for j, p in enumerate(periods) if answers(p)]
    return SEPARATOR.join(cells[j] for j in cols if cells[j].strip())


def said(asked: tuple[frozenset[int], frozenset[int]]) -> str:
    """The asked periods in words, for a refusal ("November 2025", "2024 or 2025")."""
    years, months = asked
    return " or ".join(" ".join(p for p in (_NAMES[m - 1] if m else "", str(y) if y else "") if p)
                       for m in sorted(months) or [0] for y in sorted(years) or [0])


def only_elsewhere(lines: list[str], header: str, kinds: tuple[str, ...],
                   asked: tuple[frozenset[int], frozenset[int]], holds) -> bool:
    """Some row holds a figure of the kind, but none under the asked period's columns: it
    gives other periods' figures only (for the refusal's words). `holds(text)`: whether a
    text holds the kind."""
    if not header or not set(kinds) <= NUMERIC_KINDS:
        return False
    return any(t != header and c is not None and holds(t) and not (c and holds(c))
               for t, c in ((t, asked_cells(t, header, asked)) for t in lines))
