"""Chunking: a document's lines in, passages out.

A passage is a run of consecutive lines inside one region (page or sheet); it never
crosses a region and stays under `chunk_words` words (about the model's comfortable
window). Prose breaks at blank lines and headings once a passage has some body; tables
break every `chunk_rows` rows and carry the region's header row as matching context.
Prose passages carry the Markdown headings above them (and a Markdown table's header row)
as matching context too, so a table row under "## Loan periods" can match "loan".
Structure is context in every format (docs/pipeline.md, "Structure as context"):
- a heading line (Markdown "#", an underline, or `looks_like_heading`: a short ALL-CAPS
  line, a short numbered or lettered title such as "9. Docks." or "B. MONTHLY RATE.")
  opens the passage it heads, instead of ending the one before;
- the last plain heading above a passage joins its context, across page breaks, so a list
  that starts under "9. Docks." on one page keeps that heading on the next; so does the last
  section numbered by levels ("6.1.1.1.1 Residential Service"), which the plain headings
  inside it ("MONTHLY RATE") do not end: a tariff's rate row is its section's;
- a page header (a line that stands at the top of two or more pages, digits aside: a
  schedule's name) joins the context of every passage on those pages;
- page furniture (readers/layout.py: running headers and footers, page numbers, print
  stamps) is left out of a passage's text and joins its context: matched, never quoted.
Every passage also carries its document's title (the file's path without its extension, in
words) as matching context: a name or year that appears only in the file name
("grand-rapids-court-fees-FY16.xlsx") still counts as present in each of its passages.
A passage id hashes the document's content hash and the passage's span: stable across runs.
"""
from __future__ import annotations

import hashlib
import re
from itertools import groupby
from typing import Sequence

from .config import Config
from .readers.layout import barred_furniture
from .types import Line, Passage

CHUNK_VERSION = "10"  # bump when passages could come out differently for the same lines
MIN_PARAGRAPH_WORDS = 40  # a paragraph shorter than this joins the next one


def passage_id(content_hash: str, first: Line, last: Line) -> str:
    key = f"{content_hash}:{first.locator}..{last.locator}".encode("utf-8")
    return hashlib.sha256(key).hexdigest()[:16]


def _words(line: Line) -> int:
    return len(line.text.split())


def _is_heading(line: Line, plain: bool = True) -> bool:
    t = line.text.lstrip()
    return t.startswith("#") or (len(t) > 2 and set(t) <= set("=-~^*")) or (plain and looks_like_heading(t))


_NUMBERED = re.compile(r"^(?:(?:Section|SECTION|Article|ARTICLE|Part|PART|Chapter|CHAPTER)\s+)?"
                       r"(?:[A-Z]|\d{1,2}(?:\.\d{1,2})*|[IVX]{1,5})[.)]\s+([A-Z][^.:;!?]{1,60})[.:]?$")
_VALUE = re.compile(r"[$£€%]|\d[\d,]*\.\d|\d{3,}|\|")


# a section's heading numbered by levels, its number's closing period left out as tariffs,
# codes and specifications write it ("6.1.1.1.1 Residential Service", "3.2 Permit Fees")
_SECTION = re.compile(r"^\d{1,2}(?:\.\d{1,3}){1,6}\.?\s+([A-Z][^.:;!?$%|]{1,80})$")
_SECTION_WORDS = 10
# a line opening on a section's number however it goes on: "Section 9.030. Fees and System
# Development Charges. All fees ..." (a contents page's last entry, "9.030 Fees and System
# Development Charges", is no context for the whole ordinance after it: a tuning file's false
# answer)
_SECTION_START = re.compile(r"^\s*(?:(?:Section|SECTION|Sec\.|§)\s*\d{1,2}(?:\.\d{1,3})+[.,]?(?:\s|$)"
                            r"|\d{1,2}(?:\.\d{1,3})+\.?\s+[A-Z])")  # (not "12.50 per month", a wrapped value)
_SIZE_WORDS = frozenset("inch inches in foot feet ft yard yards mile miles acre acres ton tons gallon gallons "
                        "pound pounds kw kva mw million billion percent".split())


def section_heading(text: str) -> bool:
    """A heading numbered by levels (_SECTION): at most ten words after its number, each of
    four letters or more capitalised, one whole number at most ("6.1.1.1.2 Secondary Service
    Less Than or Equal to 10 kW"; "1.2 Water 1,234 5.6" is a row); a number of
    two levels only ("10.4") before two words at least, as a decimal before its row's label
    ("10.4 Water") is no heading."""
    t = " ".join(text.split())
    m = _SECTION.match(t)
    if m is None or len(re.findall(r"\d+", m.group(1))) > 1 or re.search(r"\d[,.]\d", m.group(1)):
        return False  # one whole number at most ("Less Than or Equal to 10 kW"), as a row's figures are more
    title_words = m.group(1).split()
    if (title_words[-1].isdigit() and not re.fullmatch(r"(?:19|20)\d\d", title_words[-1])) \
            or title_words[0].lower() in _SIZE_WORDS:
        return False  # "7.1 Connection Fees 9": a contents page's entry; "1.5 Inch Meter": a size
    levels = t.split(None, 1)[0].rstrip(".").count(".") + 1
    return (len(title_words) <= _SECTION_WORDS and (levels > 2 or len(title_words) >= 2)
            and all(w[0].isupper() for w in title_words if len(w) >= 4 and w[0].isalpha()))


def looks_like_heading(text: str) -> bool:
    """A plain-text heading: at most eight words, no amount, figure or table cell, and either
    every letter in capitals (at least four letters) or a short numbered or lettered title
    ("9. Docks.", "B. Monthly Rate.", "Section 3. Fees", "6.1.1 Residential Service": every
    word of four letters or more capitalised, so a list item "a. Docks shall be painted" is
    not one). Markdown headings are found apart."""
    t = " ".join(text.split())
    if section_heading(t):
        return True
    if not t or len(t.split()) > 8 or _VALUE.search(t) or t.startswith("#"):
        return False
    letters = [c for c in t if c.isalpha()]
    if len(letters) >= 4 and all(c.isupper() for c in letters):
        return True
    m = _NUMBERED.match(t)
    return m is not None and all(w[0].isupper() for w in m.group(1).split() if len(w) >= 4)


def _prose_spans(lines: Sequence[Line], start: int, cfg: Config) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    first, words = start, 0
    for i, line in enumerate(lines, start):
        w = _words(line)
        if i > first:
            prev = lines[i - 1 - start]
            heading = _is_heading(line, cfg.structure) and not _is_heading(prev, cfg.structure)
            paragraph_break = line.ordinal > prev.ordinal + 1 or heading
            # a heading opens the passage it heads: it never ends the one before
            if words + w > cfg.chunk_words or (paragraph_break and words >= MIN_PARAGRAPH_WORDS) \
                    or (heading and words > 0 and cfg.structure):
                spans.append((first, i - 1))
                first, words = i, 0
        words += w
    spans.append((first, start + len(lines) - 1))
    return spans


def _table_spans(lines: Sequence[Line], start: int, cfg: Config) -> list[tuple[int, int]]:
    spans: list[tuple[int, int]] = []
    first, words = start, 0
    for i, line in enumerate(lines, start):
        w = _words(line)
        if i > first and (i - first >= cfg.chunk_rows or words + w > cfg.chunk_words):
            spans.append((first, i - 1))
            first, words = i, 0
        words += w
    spans.append((first, start + len(lines) - 1))
    return spans


_MD_HEADING = re.compile(r"^(#{1,6})\s+\S")
MD_TABLE_RULE = re.compile(r"^\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


class _ProseContext:
    """Headings in force at a line (outermost first) and the header of a Markdown table the
    line continues. Passages ask in document order, so one forward walk serves them all."""

    def __init__(self, lines: Sequence[Line]):
        self.lines = lines
        self.pos = 0  # lines[:pos] have been walked
        self.stack: dict[int, str] = {}
        self.table_header: str | None = None

    def at(self, a: int) -> str:
        for i in range(self.pos, a):
            text = self.lines[i].text.strip()
            m = _MD_HEADING.match(text)
            if m:
                level = len(m.group(1))
                self.stack = {k: v for k, v in self.stack.items() if k < level}
                self.stack[level] = text.lstrip("#").strip()
                self.table_header = None
            elif MD_TABLE_RULE.match(text) and i > 0:
                self.table_header = self.lines[i - 1].text.strip()
            elif not text.startswith("|"):
                self.table_header = None
        self.pos = max(self.pos, a)
        parts = [self.stack[k] for k in sorted(self.stack)]
        if self.table_header and self.lines[a].text.lstrip().startswith("|"):
            parts.append(self.table_header)
        return "\n".join(parts)


class _PlainContext:
    """The last plain heading above a line (across pages) and each page's header lines.

    A page header is a line among the first two of a page whose text, digits aside, stands
    among the first two lines of at least one other page of the document."""

    def __init__(self, lines: Sequence[Line]):
        self.lines = lines
        tops: dict[str, list[str]] = {}  # region -> its first two lines' shapes
        for ln in lines:
            if ln.region and len(tops.setdefault(ln.region, [])) < 2:
                tops[ln.region].append(_shape(ln.text))
        seen: dict[str, int] = {}
        for shapes in tops.values():
            for s in set(shapes):
                seen[s] = seen.get(s, 0) + 1
        self.page_header = {s for s, n in seen.items() if n >= 2 and s}
        self.headers: dict[str, list[str]] = {}  # region -> its header lines, in order
        for ln in lines:
            if ln.region and _shape(ln.text) in self.page_header:
                text = " ".join(ln.text.split())
                got = self.headers.setdefault(ln.region, [])
                if text not in got and len(got) < 2:
                    got.append(text)
        # the last heading above each line, and the last numbered section's ("6.1.1.1.1
        # Residential Service"), which the plain headings under it ("MONTHLY RATE") do not end
        self.heading: list[tuple[str | None, str | None]] = []
        last = section = None
        for ln in lines:
            if looks_like_heading(ln.text) and _shape(ln.text) not in self.page_header:
                if section_heading(ln.text):
                    section = " ".join(ln.text.split())  # (a plain heading in force stays: "PERMIT
                    # REQUIREMENTS" may stand over "3.2 Penalties ...", as "MONTHLY RATE" under "6.1.1.1.1")
                else:
                    last = " ".join(ln.text.split())
            elif _SECTION_START.match(ln.text):
                section = None  # a section run into its text ("Section 1.010. Title. This ...") ends the one before
            self.heading.append((section, last))

    def at(self, a: int) -> str:
        """Context for the passage that starts at line a: its page's headers, then the section
        and the heading in force above it (when the passage does not open with them itself)."""
        parts = list(self.headers.get(self.lines[a].region, ()))
        first = " ".join(self.lines[a].text.split())
        for above in self.heading[a]:
            if above is not None and above != first and above not in parts:
                parts.append(above)
        return "\n".join(parts)


def _shape(text: str) -> str:
    """A line's text with digits and spacing ignored (page numbers, dates in a header)."""
    return re.sub(r"\d+", "#", " ".join(text.split()).lower())


_TITLE_SEP = re.compile(r"[\\/_.\-\s]+")


def table_header(context: str) -> str:
    """The header row a table passage carries in its context (written by chunk below), or "";
    never a running header set off by bars that the context carries as page furniture
    ("Brookfield Planning Commission | Staff Report | Meeting of ...": layout.barred_furniture)."""
    return next((ln for ln in reversed(context.split("\n")) if " | " in ln and not barred_furniture(ln)), "")


def title(rel_path: str) -> str:
    """A document's title for matching: its relative path without the extension, separators
    as spaces ("fees/grand-rapids_FY16.xlsx" -> "fees grand rapids FY16")."""
    stem = rel_path.rsplit(".", 1)[0] if "." in rel_path.rsplit("/", 1)[-1] else rel_path
    return " ".join(w for w in _TITLE_SEP.split(stem) if w)


def chunk(lines: Sequence[Line], content_hash: str, cfg: Config, doc_title: str = "") -> list[Passage]:
    """Split one document's lines (in reading order) into passages; `doc_title` (see title())
    is added to every passage's matching context."""
    out: list[Passage] = []
    pos = 0
    has_headings = any(_MD_HEADING.match(ln.text) or ln.text.startswith("|") for ln in lines)
    prose_context = _ProseContext(lines)
    plain = _PlainContext(lines) if not has_headings and cfg.structure else None
    for _, group in groupby(lines, key=lambda ln: ln.region):
        region = list(group)
        start = pos
        pos += len(region)
        header = next((ln for ln in region if ln.header), None)
        spans = (_table_spans if header else _prose_spans)(region, start, cfg)
        # a table's title rows over its header ("Table 215.30. Enrollment, poverty, ...")
        titles = region[:region.index(header)] if header is not None else []
        for a, b in spans:
            body = lines[a : b + 1]
            if header is not None:
                context = "\n".join(ln.text for ln in (*titles, header) if ln not in body)
            else:
                context = prose_context.at(a) if has_headings else plain.at(a) if plain else ""
            # page furniture (readers/layout.py) is matched as context, not read as text
            text_lines = [ln for ln in body if not ln.furniture] or body
            furniture = [] if len(text_lines) == len(body) else [
                t for t in dict.fromkeys(" ".join(ln.text.split()) for ln in body if ln.furniture)
                if t not in context.split("\n")]
            out.append(
                Passage(
                    pid=passage_id(content_hash, lines[a], lines[b]),
                    first=a,
                    last=b,
                    text="\n".join(ln.text for ln in text_lines),
                    context="\n".join(c for c in (doc_title, context, *furniture) if c),
                )
            )
    return out
