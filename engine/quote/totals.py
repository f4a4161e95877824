"""A question about a table as a whole is answered by its total row, not by its first row.

"How many total votes did Lynch get?" asks the sum over the precincts; the passage the gate
chose holds the candidates' header and the first precinct's row ("1A | 2315 | 413 | ..."),
which names nothing the question names and is one row among its siblings. When the question
asks for a whole (total, overall, countywide, altogether, combined, in all) and a quoted
table row's label (its cells that are not numbers) shares no word with the question, the
same table's total row below it ("Total: | 27357 | ...", "Totals | ...", "10 | ZZZ |
COUNTY TOTALS | 5208 | ...") is quoted in its place, when it holds the kind asked. The table
is the run of rows that follow the row (_totals: it ends at a blank row, another sheet, or a
row heading another table, "Month | 2022 | 2023"; the header printed again at a page's top
and a section's heading are passed over). Its one total row is taken, or among several
(sections' subtotals, then a grand total) the one labelled grand or overall; when that
cannot be told, or the table has none, the citation is left as it was. A helper's review on
made-up workbooks shaped the ends: two tables on one sheet parted by blank rows, and a
budget by fund whose first "Total" is the General Fund's. A row whose label the question names ("Bremerton-Silverdale-
Port Orchard | ... | total permitted units") is the one asked for, and the citation
holding it stays as it is.
"""
from __future__ import annotations

import re
from typing import Callable, Collection

from ..locators import span
from ..terms import content_terms
from ..types import Citation, QuotedLine
from .columns import SEPARATOR as _TABLE_ROW

# the question asks for a whole: "total", "overall", "countywide", "altogether", "in all"
_WHOLE = re.compile(r"\b(?:totals?|totalled|overall|altogether|combined|in\s+all|"
                    r"(?:county|city|state|district|town|system)[-\s]?wide)\b", re.I)
# the words of a total row's label: "Total:", "Totals", "Grand Total", "COUNTY TOTALS"
_TOTAL_LABEL = frozenset(content_terms("total grand county city state district town overall all precinct sum"))
_TOTAL, = content_terms("total")
# the words that mark the one total of several as the table's own ("Grand Total")
_GRAND = frozenset(content_terms("grand overall"))
_DIGIT = re.compile(r"\d")
_NUMBER = re.compile(r"^[-+\s$£€%().,:/–\d]*$")  # a cell that is a figure, a sum, a date
_REACH = 400  # rows of one table looked through below the quoted row
_HEAD = 12    # rows above it looked through for the table's header rows
_LOCATOR_TABLE = re.compile(r"^(.*!|T\d+:)")  # a sheet's or a document table's locator prefix


def asks_whole(question: str) -> bool:
    return _WHOLE.search(question) is not None


def _label(text: str) -> list[str]:
    """A row's label: its cells that are not numbers (at most three, in order)."""
    cells = [c.strip() for c in text.split(_TABLE_ROW)]
    return [c for c in cells if c and not _NUMBER.match(c)][:3]


def _label_terms(text: str) -> list[set[str]]:
    """The words of each cell of a row's label (_label)."""
    return [set(content_terms(c)) for c in _label(text)]


def _is_total(text: str) -> bool:
    return any(_TOTAL in terms and terms <= _TOTAL_LABEL for terms in _label_terms(text))


def _figures_row(text: str) -> bool:
    return _TABLE_ROW in text and _DIGIT.search(text) is not None


def _unnamed_row(text: str, qterms: Collection[str]) -> bool:
    """A table row with a label the question shares no word with, and no total row itself."""
    if not _figures_row(text):
        return False
    said = _label_terms(text)
    if not any(said) or _is_total(text):
        return False  # no label in words ("* | 12 | 40"): which row it is cannot be told
    return not any(terms & set(qterms) for terms in said)


def _named_row(text: str, qterms: Collection[str]) -> bool:
    """A table row of figures whose label shares a word with the question."""
    return _figures_row(text) and any(terms & set(qterms) for terms in _label_terms(text))


def _table(locator: str) -> str:
    m = _LOCATOR_TABLE.match(locator)
    return m.group(1) if m else ""


# a row's number by its locator: a sheet's cell range ("'3'!A16:L16"), a CSV's row ("row
# 22"), a document table's row ("T9:R8"), a text file's line ("L120")
_ROW_NUMBER = re.compile(r"![A-Z]{1,3}(\d+)\b|^rows? (\d+)|:R(\d+)$|^L(\d+)")
_YEAR_CELL = re.compile(r"^(?:19|20)\d\d$")


def _row_number(locator: str) -> int | None:
    m = _ROW_NUMBER.search(locator)
    return int(next(g for g in m.groups() if g)) if m else None


def _heads(text: str) -> bool:
    """A row that heads a table rather than giving figures: no cell a figure, or its figures
    all years with at most one label ("Month | 2022 | 2023")."""
    cells = [c.strip() for c in text.split(_TABLE_ROW) if c.strip()]
    figures = [c for c in cells if _NUMBER.match(c) and _DIGIT.search(c)]
    return not figures or (all(_YEAR_CELL.match(c) for c in figures) and len(cells) - len(figures) <= 1)


def _header(above: list, table: str) -> set[str]:
    """The texts of the rows heading the table just above a row (_heads)."""
    out: set[str] = set()
    for _, locator, text in reversed(above):
        if _TABLE_ROW not in text or _table(locator) != table:
            break
        if _heads(text):
            out.add(text)
    return out


def _totals(rows: list, table: str, header: set[str], start: int | None) -> list:
    """The total rows of the table the rows below a quoted row continue (`start`: that row's
    number). The table ends at a blank row (the row numbers skip), another sheet or document
    table, a line of text holding a figure, or a row heading another table; a line of text
    without one is a section's heading ("Enterprise Funds") and the header printed again at
    a page's top is passed over."""
    out, prev = [], start
    for seq, locator, text in rows:
        n = _row_number(locator)
        if _table(locator) != table or (n is not None and prev is not None and n > prev + 1):
            break
        prev = n if n is not None else prev
        if _TABLE_ROW not in text:
            if _DIGIT.search(text):
                break
            continue
        if text in header:
            continue
        if _heads(text):
            break
        if _is_total(text):
            out.append((seq, locator, text))
    return out


def _grand(totals: list) -> tuple | None:
    """The table's one total row, or among several (sections' subtotals and a grand total)
    the one labelled grand or overall; None when that cannot be told."""
    if len(totals) == 1:
        return totals[0]
    grand = [t for t in totals if any(_GRAND & terms for terms in _label_terms(t[2]))]
    return grand[0] if len(grand) == 1 else None


def total_row(citation: Citation, seq_of: dict[str, int], lines_of: Callable[[int, int], list],
              question: str, qterms: Collection[str], holds_kind: Callable[[str], bool]) -> Citation:
    """`citation` with its unnamed detail row replaced by the same table's total row (see the
    module's text), or as it was. `seq_of`: each quoted line's locator -> its seq;
    `lines_of(first, last)`: (seq, locator, text) of the document's lines first..last."""
    if not asks_whole(question):
        return citation
    rows = [i for i, ln in enumerate(citation.lines)
            if _unnamed_row(ln.text, qterms) and holds_kind(ln.text) and ln.locator in seq_of]
    if not rows or any(_named_row(ln.text, qterms) and holds_kind(ln.text) for ln in citation.lines):
        return citation  # a row the question names is the one it asks about
    last = citation.lines[rows[-1]]
    table, at = _table(last.locator), seq_of[last.locator]
    header = _header(lines_of(max(0, at - _HEAD), at - 1), table)
    total = _grand(_totals(lines_of(at + 1, at + _REACH), table, header, _row_number(last.locator)))
    if total is None or not holds_kind(total[2]):
        return citation
    seq, locator, text = total
    kept = [(seq_of.get(ln.locator, -1), ln) for i, ln in enumerate(citation.lines)
            if i not in rows and ln.locator != locator]
    score = max(citation.lines[i].score for i in rows)  # it stands in the row's place
    lines = tuple(ln for _, ln in sorted(kept + [(seq, QuotedLine(text=text, locator=locator, score=score))],
                                         key=lambda p: p[0]))
    return Citation(doc_id=citation.doc_id, path=citation.path, locator=span([ln.locator for ln in lines]),
                    score=citation.score, coverage=citation.coverage, lines=lines, date=citation.date)
