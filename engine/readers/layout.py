"""Layout: a document's lines in, which of them are page furniture, and its context text, out.

Page furniture is what a printer or a browser puts on a page around the document: running
headers and footers, page numbers, the print stamp and address of a web capture. It names
the document, never answers a question about it, so it is kept for matching (the chunker
moves it into the passages' context) and never quoted (quote/lines.py). Two rules, neither
naming any document's words:

- **repetition**: on a document of pages, a line standing among the first or last
  `EDGE` lines of a page whose text, digits and spaces between letters aside, stands there on at least `REPEAT_SHARE`
  of the pages, or of its even or its odd pages as a book's running heads alternate (and on
  two at least), is a running header or footer (a line with a bar only when the bar joins a
  page number to a title: "48 | Alliance for Water Efficiency", or parts of a title one of
  which gives a year: "Harlow Fire & Rescue | 2023 Annual Report"; else it is a table's row;
  three figures side by side are a table's row too, however alike its pages' last rows);
  so is a report's title closing on its page's number, repeated so wherever the text layer
  puts it on the page (_paged_titles: a chart read after the foot);
  so is the line that closes a head or foot giving the page's number, standing in the head
  of two pages at least (_block_ends: a letter's continuation head "Name / Firm / Page 2 /
  date", the page number not counted among the EDGE lines); so is a
  line atop a later page that repeats the first page's title with more, on however
  few pages (_titled_heads: "EPA OGWDW | Understanding the Lead and Copper Rule  EPA
  October 2019");
- **shape**, on any line: a page number ("Page 3", "Page 3 of 12", "- 3 -", "3 of 12", a
  page's own number alone at its top or foot), a browser's print stamp ("8/9/22, 4:50 PM
  Rate Schedule | ..."), a report writer's run or print stamp ("RUN TIME:11:16 AM
  November 8, 2016", "Printed: 03/15/2019 10:14 AM"), a web address alone on its line
  (possibly with a page count).

A document's *context* is what it says about itself once: its first lines while they are
short (a title, the body that issued it, a date), its running headers and footers, and its
sheet names. A question's organisation, place or year that only the context states still
counts as present for the gate's names-and-numbers check (score.named_by_context).
"""
from __future__ import annotations

import dataclasses
import re
from typing import Sequence

from ..types import Line
from .dating import _MON

EDGE = 3  # lines from the top or the foot of a page where running headers and footers stand
REPEAT_SHARE = 0.5  # of the pages a running header or footer stands on
TITLE_LINES = 3  # a document's first lines that may be its title
TITLE_WORDS = 14  # a first line longer than this is running text, not a title
CONTEXT_CHARS = 600  # context text kept per document

_PAGE_NUMBER = re.compile(
    r"^\s*(?:(?:page|pg\.?|p\.)\s*\d+(?:\s*(?:of|/)\s*\d+)?|[-–—]\s*\d+\s*[-–—]|\d+\s*(?:of|/)\s*\d+)\s*$",
    re.I)
_PRINT_STAMP = re.compile(r"^\s*\d{1,2}/\d{1,2}/\d{2,4},?\s+\d{1,2}:\d\d(?::\d\d)?\s*(?:[AP]\.?M\.?)?(?:\s|$)", re.I)
# a report writer's run or print stamp: "RUN TIME:11:16 AM  November 8, 2016", "Run Date:
# 11/22/16 RUN TIME: 10:14", "Printed: 03/15/2019 10:14 AM": labels of running or printing,
# each before a date or a time of day, and nothing else but a page number; a date and a
# clock time both (a bus's "Run Time: 6:45 AM" is its start, a race's "Run Date: 11/28/2019"
# its day)
_STAMP_DATE = rf"(?:\d{{1,2}}[/.-]\d{{1,2}}[/.-]\d{{2,4}}|\d{{4}}-\d\d-\d\d|{_MON}\s+\d{{1,2}},?\s+\d{{4}}|\d{{1,2}}\s+{_MON}\s+\d{{4}})"
_STAMP_CLOCK = r"\d{1,2}:\d\d(?::\d\d)?(?:\s*[ap]\.?m\.?)?"
_STAMP_VALUE = rf"(?:{_STAMP_DATE}|{_STAMP_CLOCK}|page\s+\d+(?:\s+of\s+\d+)?)"
_STAMP_LABEL = r"(?:(?:report\s+)?run|print(?:ed)?|(?:date|time)\s+printed)(?:\s+(?:date|time|on|at))?(?:\s*:\s*|\s+|(?=\d))"
_RUN_STAMP = re.compile(rf"^\s*(?:{_STAMP_LABEL}(?:{_STAMP_VALUE}(?![\d/.-])[\s,;]*)+)+$", re.I)
_STAMP_CHARS = 100  # a stamp is short: a longer line is not tried (and no regex runs long on it)
_STAMP_DAY = re.compile(_STAMP_DATE, re.I)
_STAMP_TIME = re.compile(_STAMP_CLOCK)
_URL_LINE = re.compile(r"^\s*(?:https?://|www\.)\S+(?:\s+\d+\s*(?:/|of)\s*\d+)?\s*$", re.I)
_PAGE_REGION = re.compile(r"^p(\d+)$")


def _shape(text: str) -> str:
    """A line's text with digits and spacing ignored (page numbers, dates in a header)."""
    return re.sub(r"\d+", "#", " ".join(text.split()).lower())


def _repeat_key(shape: str) -> str:
    """A shape as the pages' running lines are compared by: its spaces between two letters
    left out too, as a PDF's text layer splits a word on one page and not on the next ("...
    Season P age 9" under "... Season Page 5"); not the spaces by a figure or a sign ("Motion
    carried 5-0." is no "Motion carried 4 - 1.")."""
    return _LETTER_SPACE.sub("", shape)


_LETTER_SPACE = re.compile(r"(?<=[^\W\d_]) (?=[^\W\d_])")


def by_shape(line: Line) -> bool:
    """A page number, a print stamp or a web address alone: furniture wherever it stands."""
    t = line.text
    if _PAGE_NUMBER.match(t) or _PRINT_STAMP.match(t) or _URL_LINE.match(t):
        return True
    if _run_stamp(t.strip()):
        return True
    m = _PAGE_REGION.match(line.region)
    return m is not None and t.strip() == m.group(1)  # the page's own number, alone


def _run_stamp(text: str) -> bool:
    """A short line of run or print labels and their values (_RUN_STAMP), a date and a clock
    time among them: a race's "Run Date: 11/28/2019" alone is the event's day."""
    return (len(text) <= _STAMP_CHARS and _RUN_STAMP.match(text) is not None
            and _STAMP_DAY.search(text) is not None and _STAMP_TIME.search(text) is not None)


def _pages(lines: Sequence[Line]) -> dict[str, list[int]]:
    """Page region -> the indexes of its lines, for the regions that are pages ("p3")."""
    pages: dict[str, list[int]] = {}
    for i, ln in enumerate(lines):
        if _PAGE_REGION.match(ln.region):
            pages.setdefault(ln.region, []).append(i)
    return pages


def furniture(lines: Sequence[Line]) -> frozenset[int]:
    """The indexes of `lines` that are page furniture (see the module's docstring)."""
    out = {i for i, ln in enumerate(lines) if not ln.header and by_shape(ln)}
    pages = _pages(lines)
    if len(pages) >= 2:
        edges: dict[str, set[str]] = {}  # shape -> the pages it stands at the edge of
        reach: dict[str, set[str]] = {}  # shape -> the pages it stands in a head or foot of (_edge)
        at_edge: list[tuple[int, str]] = []
        blocks = []  # each page's head, top down, and its foot, foot up (_edge)
        for region, idx in pages.items():
            head, foot = _edge(lines, idx), _edge(lines, idx[::-1])
            blocks += [head, foot]
            for i in head + foot:
                reach.setdefault(_repeat_key(_shape(lines[i].text)), set()).add(region)
            for i in idx[:EDGE] + [i for i in idx[-EDGE:] if i not in idx[:EDGE]]:
                s = _shape(lines[i].text)
                if (s and (_PAGED.match(s) or "|" not in s or _titled_bars(lines[i].text)) and not lines[i].header
                        and not _FIGURE_ROW.search(lines[i].text)):
                    key = _repeat_key(s)
                    edges.setdefault(key, set()).add(region)
                    at_edge.append((i, key))
        side = {r: int(_PAGE_REGION.match(r).group(1)) % 2 for r in pages}
        running = {s: _running(regions, side) for s, regions in edges.items()}
        out.update(i for i, s in at_edge if running[s])
        out.update(_block_ends(lines, blocks, reach, out))
        out.update(_titled_heads(lines, pages))
        out.update(_paged_titles(lines, pages, side))
    return frozenset(out)


_PAGED_TAIL = re.compile(r"(?:page|pg\.?|p\.)\s?(\d+)(?:\s*of\s*\d+)?\s*$", re.I)  # a line closing on a page's number
_PAGED_WORDS = 4  # the fewest words a paged title says before its page's number


def _paged_titles(lines: Sequence[Line], pages: dict[str, list[int]], side: dict[str, int]) -> set[int]:
    """A report's title closing on its page's number ("Minnesota Department of Health Weekly
    Influenza & Respiratory Activity Report: Summary of the 2022-23 Influenza Season Page 5",
    "... Page 5 of 11"), repeated, digits and spaces between letters aside ("... Season P
    age 9"), on the pages as a running foot is (_running), wherever the text layer puts it:
    a PDF's charts and tables may be read after the foot, so it stands at no page's edge.
    Once on each page, its number following the page's by one offset throughout (a cover
    unnumbered): an agenda's items "... packet page 12" and "... packet page 19", a table of
    contents' "Quarter 1 Financial Report .... Page 3" lines, a slide's "Source: ..., page
    14" are the document's own lines (a review's made-up folders). A title of a few words
    at least, no table's row."""
    where: dict[str, dict[str, list[tuple[int, int]]]] = {}  # key -> page -> (line, page number said)
    for region, idx in pages.items():
        page = int(_PAGE_REGION.match(region).group(1))
        for i in idx:
            text = lines[i].text
            if lines[i].header or "|" in text or len(text.split()) <= _PAGED_WORDS:
                continue
            said = _PAGED_TAIL.search(_LETTER_SPACE.sub("", " ".join(text.split())))
            if said:
                key = _repeat_key(_shape(text))
                where.setdefault(key, {}).setdefault(region, []).append((i, int(said.group(1)) - page))
    out = set()
    for on in where.values():
        if any(len(found) > 1 for found in on.values()):
            continue  # twice on a page: a list's lines ("... Page 3", "... Page 4"), no foot
        if len({offset for found in on.values() for _, offset in found}) == 1 and _running(set(on), side):
            out.update(i for found in on.values() for i, _ in found)
    return out


_BLOCK_WORDS = 8  # the most words of a line closing a running head: a name, a date, a title


def _block_ends(lines: Sequence[Line], blocks: list[list[int]], reach: dict[str, set[str]],
                found: set[int]) -> set[int]:
    """The line that closes a running head or foot: in a page's head or foot (`blocks`,
    _edge), every line between it and the page's edge already furniture (one at least),
    short, no row of figures, and itself standing in the head or foot of two pages at least
    (`reach`); only in a head or foot that gives the page's number ("Page 2"): a letter's
    first page heads none, and its dateline is its own. A bundle of letters heads each
    continuation page "Kirk Payne / Mold Masters Company / Page 2 / February 16, 2024", each
    letter with its own date, so the date stands on too few of the bundle's pages to count
    as running by itself."""
    out = set()
    for block in blocks:
        if not any(by_shape(lines[j]) for j in block):
            continue  # a head without its page's number: a letter's first page, its dateline its own
        for k, i in enumerate(block):
            if i in found:
                continue
            text = lines[i].text
            if (k and not lines[i].header and len(text.split()) <= _BLOCK_WORDS
                    and not _FIGURE_ROW.search(text) and len(reach.get(_repeat_key(_shape(text)), ())) >= 2):
                out.add(i)
            break
    return out


def _edge(lines: Sequence[Line], idx: Sequence[int]) -> list[int]:
    """A page's head (or foot, with `idx` foot up): its first EDGE lines, a page number
    among them not counted: a letter's continuation head "Kirk Payne / Mold Masters Company
    / Page 2 / February 16, 2024" stands four lines deep. Only _block_ends reads past EDGE:
    the first page's own dateline, in its first lines, stands on one page's edge."""
    out: list[int] = []
    for i in idx:
        if len(out) - sum(1 for j in out if by_shape(lines[j])) >= EDGE:
            break
        out.append(i)
    return out


_HEAD_MORE = 6  # the most words a running head says beyond the title it repeats


def _titled_heads(lines: Sequence[Line], pages: dict[str, list[int]]) -> set[int]:
    """The lines atop a page after the first that repeat the document's title with more
    ("EPA OGWDW | Understanding the Lead and Copper Rule  EPA October 2019" over a fact
    sheet titled "Understanding the Lead and Copper Rule"): a running head, however few
    pages it stands on. The title: a line of three words or more among the first page's
    first TITLE_LINES, no sentence and no table's row ("Tier | Rate | Use"); the head: a line
    opening on the title or holding it after a bar, saying at most _HEAD_MORE words more, no
    sentence, no row of figures, no line the next one runs on from ("City Council adopted
    an Open Data Policy resolution on 10/13/2015" under a title "Open Data Policy" is the
    document's own text)."""
    order = sorted(pages, key=lambda r: int(_PAGE_REGION.match(r).group(1)))
    titles = [_shape(lines[i].text) for i in pages[order[0]][:TITLE_LINES]
              if 3 <= len(lines[i].text.split()) <= TITLE_WORDS and not lines[i].header
              and "|" not in lines[i].text and not lines[i].text.rstrip().endswith(".")]
    out = set()
    for region in order[1:]:
        idx = pages[region]
        for k, i in enumerate(idx[:EDGE]):
            text = lines[i].text
            s, words = _shape(text), len(text.split())
            after = lines[idx[k + 1]].text.lstrip() if k + 1 < len(idx) else ""
            if (lines[i].header or text.rstrip().endswith(".") or _FIGURE_RUN.search(text)
                    or after[:1].islower()):  # a sentence, a table's row, a line running on
                continue
            if any(t and (s.startswith(t) or f"| {t}" in s) and words - len(t.split()) <= _HEAD_MORE
                   for t in titles):
                out.add(i)
    return out


_FIGURE_RUN = re.compile(r"\d[\d,.]*\s+\$?\d")  # two figures side by side: a table's row
# three figures side by side: a table's row, however alike the rows at the pages' feet
# ("22 61,237 63,378 64,925 ..." closing each page of a salary schedule)
_FIGURE_ROW = re.compile(r"\d[\d,.]*\s+\$?\d[\d,.]*\s+\$?\d")


# a running header or footer that joins the page's number to a title with a bar ("48  |
# Alliance for Water Efficiency", "Chapter 3 | 49"): a bar otherwise marks a table's row
_PAGED = re.compile(r"^(?:#\s*\|\s*[^|]*[a-z][^|]*|[^|]*[a-z][^|]*\|\s*#)$")
_YEAR = re.compile(r"\b(?:19|20)\d\d\b")


def barred_furniture(text: str) -> bool:
    """A running header or footer's shape that holds a bar (a page's number joined to a
    title, _PAGED; a title's parts, _titled_bars): in a passage's context it is no table's
    header row (chunk.table_header)."""
    return bool(_PAGED.match(_shape(text))) or _titled_bars(text)


def _titled_bars(text: str) -> bool:
    """A title's parts set apart by bars ("Harlow Fire & Rescue  |  2023 Annual Report",
    "Brookfield Planning Commission  |  Staff Report  |  Meeting of September 18, 2024"): two
    or three parts of two words or more, one giving a year; no table's row (whose cells
    are words or figures alone: "Account | Description | Amount")."""
    parts = [p.split() for p in text.split("|")]
    return 2 <= len(parts) <= 3 and all(len(p) >= 2 for p in parts) and _YEAR.search(text) is not None


def _running(regions: set[str], side: dict[str, int]) -> bool:
    """A shape standing at the edge of these page regions runs through the document: on
    REPEAT_SHARE of its pages (two at least), or of its even or its odd pages, as a book's
    running heads alternate ("48 | Alliance for ..." on the left, "Chapter 3 | 49" on the
    right). `side`: every page region's parity (0 even, 1 odd)."""
    if len(regions) >= max(2, REPEAT_SHARE * len(side)):
        return True
    for parity in (0, 1):
        pages = sum(1 for p in side.values() if p == parity)
        on = sum(1 for r in regions if side[r] == parity)
        if pages >= 4 and on >= max(2, REPEAT_SHARE * pages):
            return True
    return False


def mark(lines: Sequence[Line]) -> tuple[Line, ...]:
    """The same lines, the furniture among them marked (Line.furniture)."""
    found = furniture(lines)
    if not found:
        return tuple(lines)
    return tuple(dataclasses.replace(ln, furniture=True) if i in found else ln
                 for i, ln in enumerate(lines))


def context(lines: Sequence[Line]) -> str:
    """What a document says about itself once: its first short lines (until a longer one),
    its running headers and footers, its sheet names; one line each, repeats left out."""
    parts: list[str] = []

    shapes: set[str] = set()

    def add(text: str) -> None:
        t = " ".join(text.split())
        if any(c.isalpha() for c in t) and _shape(t) not in shapes:
            shapes.add(_shape(t))
            parts.append(t)

    body = [ln for ln in lines if not ln.furniture and not ln.header and " | " not in ln.text]
    for ln in body[:TITLE_LINES]:
        if len(ln.text.split()) > TITLE_WORDS:
            break
        add(ln.text)
    for ln in lines:
        if ln.furniture and not _PAGE_NUMBER.match(ln.text):
            add(ln.text)
    for ln in lines:
        if ln.region and not _PAGE_REGION.match(ln.region):
            add(ln.region)
    return "\n".join(parts)[:CONTEXT_CHARS]
