"""A question about a table as a whole is answered by its total row, not by its first row.

"How many total votes did Lynch get?" asks the sum over the precincts; the passage the gate
chose holds the candidates' header and the first precinct's row ("1A | 2315 | 413 | ..."),
which names nothing the question names and is one row among its siblings. When the question
asks for a whole (total, overall, countywide, altogether, combined, in all) and a quoted
table row's label (its cells that are not numbers) shares no word with the question, the
same table's total row below it ("Total: | 27357 | ...", "Totals | ...", "10 | ZZZ |
COUNTY TOTALS | 5208 | ...") is quoted in its place, when it holds the kind asked. The table
is the run of rows holding " | " and a digit that follow the row in the document (the same
sheet or table by locator), passing over its header rows printed again at a page's top; the
first total row in it is taken. Without such a row the
citation is left as it was. A row whose label the question names ("Bremerton-Silverdale-
Port Orchard | ... | total permitted units") is the one asked for, and the citation
holding it stays as it is.
"""
from __future__ import annotations

import re
from typing import Callable, Collection

from ..terms import content_terms
from ..types import Citation, QuotedLine
from ..locators import span

# the question asks for a whole: "total", "overall", "countywide", "altogether", "in all"
_WHOLE = re.compile(r"\b(?:totals?|totalled|overall|altogether|combined|in\s+all|"
                    r"(?:county|city|state|district|town|system)[-\s]?wide)\b", re.I)
# the words of a total row's label: "Total:", "Totals", "Grand Total", "COUNTY TOTALS"
_TOTAL_LABEL = frozenset({"total", "grand", "counti", "citi", "state", "district", "town",
                          "overal", "all", "precinct", "sum"})
_TABLE_ROW = " | "
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


def _is_total(text: str) -> bool:
    for cell in _label(text):
        terms = set(content_terms(cell))
        if "total" in terms and terms <= _TOTAL_LABEL:
            return True
    return False


def _unnamed_row(text: str, qterms: Collection[str]) -> bool:
    """A table row with a label the question shares no word with, and no total row itself."""
    if _TABLE_ROW not in text or not _DIGIT.search(text):
        return False
    said = [set(content_terms(c)) for c in _label(text)]
    if not any(said) or _is_total(text):
        return False  # no label in words ("* | 12 | 40"): which row it is cannot be told
    return not any(terms & set(qterms) for terms in said)


def _named_row(text: str, qterms: Collection[str]) -> bool:
    """A table row of figures whose label shares a word with the question."""
    return _TABLE_ROW in text and _DIGIT.search(text) is not None and \
        any(set(content_terms(c)) & set(qterms) for c in _label(text))


def _table(locator: str) -> str:
    m = _LOCATOR_TABLE.match(locator)
    return m.group(1) if m else ""


def _header(above: list, table: str) -> set[str]:
    """The texts of the table rows just above a row that hold no digit: its header rows."""
    out: set[str] = set()
    for _, locator, text in reversed(above):
        if _TABLE_ROW not in text or _table(locator) != table:
            break
        if not _DIGIT.search(text):
            out.add(text)
    return out


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
    for seq, locator, text in lines_of(at + 1, at + _REACH):
        if _TABLE_ROW not in text or _table(locator) != table:
            break
        if text in header:
            continue  # the header printed again at a page's top
        if not _DIGIT.search(text):
            break
        if _is_total(text):
            if not holds_kind(text):
                break
            kept = [(seq_of.get(ln.locator, -1), ln) for i, ln in enumerate(citation.lines) if i not in rows]
            score = max(citation.lines[i].score for i in rows)  # it stands in the row's place
            lines = tuple(ln for _, ln in sorted(kept + [(seq, QuotedLine(text=text, locator=locator, score=score))],
                                                  key=lambda p: p[0]))
            return Citation(doc_id=citation.doc_id, path=citation.path,
                            locator=span([ln.locator for ln in lines]), score=citation.score,
                            coverage=citation.coverage, lines=lines, date=citation.date)
    return citation
