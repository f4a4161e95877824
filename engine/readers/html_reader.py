"""HTML reader (the standard library's html.parser): an .html/.htm file in, one Line per line of
the page's visible text out.

The page is rendered to text the way a text browser dumps it: the `<title>` first, headings
and paragraphs as lines of their own with a blank line around them, a line break at every
other block element (div, li, tr, br, dd, ...), runs of spaces and line breaks folded to one
space, character references decoded (a no-break space shows as a space), `<pre>` kept line
for line. A table row is one line, its
cells' text joined with " | " (empty cells left out). Dropped with everything inside:
script, style, template, noscript, svg; comments; images (their alt text too). CSS is not
applied: an element hidden by a style sheet or the `hidden` attribute is read.

Locator `L12`: line 12 of that rendered text, blank lines counted (so gaps mark paragraph
breaks for the chunker, and `--show ID:L12` finds it); it counts rendered lines, not lines of
the HTML source. Region "" outside tables; each outermost table is a region of its own
("table 2"), whose first row is its header when every cell of that row is a `<th>`.

Bytes become text as the text reader's do (`text.load`: byte order marks, binary refusal,
UTF-8 or cp1252 line by line), except that a page that is not valid UTF-8 and declares
another encoding (`<meta charset>`) is decoded as it declares, with a note.
"""
from __future__ import annotations

import codecs
import re
from html.parser import HTMLParser
from pathlib import Path

from ..types import Line, ReadResult
from .text import MAX_LINE_CHARS, cut, decode, load, too_long_note

SEPARATOR = " | "
DROPPED = frozenset({"script", "style", "template", "noscript", "svg"})
PARAGRAPHS = frozenset({
    "title", "p", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "blockquote", "table", "ul", "ol",
    "dl", "figure", "hr", "section", "article", "header", "footer", "nav", "aside", "main",
    "address", "details", "form", "fieldset", "body", "html", "head"})
BREAKS = frozenset({
    "div", "li", "tr", "br", "dt", "dd", "caption", "figcaption", "summary", "legend", "option",
    "center", "hgroup", "thead", "tbody", "tfoot", "menu", "dialog", "search", "textarea",
    "select", "label"})
_CELL = "\ue000"  # private use: stands for a cell boundary until the row is joined
_SPACES = re.compile(r"[ \t\n\r\f]+")
_DECLARED = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9._:-]+)""", re.I)
_SAME_AS_FALLBACK = {"utf-8", "ascii", "latin-1", "iso8859-1", "cp1252"}


def _decode(data: bytes) -> tuple[str, list[str]]:
    """The page's bytes as text: as the text reader decodes them, unless they are not UTF-8
    and the page declares an encoding (other than the cp1252 the text reader falls back to)."""
    declared = _DECLARED.search(data[:4096])
    if declared and not data.startswith((codecs.BOM_UTF8, codecs.BOM_UTF16_LE,
                                         codecs.BOM_UTF16_BE)):
        try:
            codec = codecs.lookup(declared[1].decode("ascii")).name
        except (LookupError, UnicodeDecodeError):
            codec = None
        if codec and codec not in _SAME_AS_FALLBACK and "utf" not in codec:
            try:
                data.decode("utf-8")
            except UnicodeDecodeError:
                return data.decode(codec, "replace"), [f"decoded as {codec}, as the page declares"]
    return decode(data)


def _spaced(text: str) -> str:
    """Runs of HTML white space as one space, no-break spaces as spaces, ends stripped."""
    return _SPACES.sub(" ", text).replace("\xa0", " ").strip()


class _Render(HTMLParser):
    """Start and end tags and text in, rendered lines out: (text or None for a blank line,
    region, header)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.out: list[tuple[str | None, str, bool]] = []
        self.buf: list[str] = []
        self.blank = False        # a blank line is due before the next line
        self.dropping = ""        # the dropped element we are inside, "" when none
        self.drop_depth = 0
        self.pre = 0
        self.pre_start = False    # just after <pre>: a line break there is not shown
        self.tables = 0           # outermost tables seen
        self.depth = 0            # tables open
        self.cells = 0            # cells begun in the current row
        self.th = 0               # ... of which <th>
        self.first_row = False    # the current row is its table's first

    # -- lines
    def flush(self, pre: bool = False) -> None:
        raw, self.buf = "".join(self.buf), []
        header = False
        if pre:
            text = raw.replace(_CELL, "").rstrip()
        else:
            if _CELL in raw:
                cells = (_spaced(c) for c in raw.split(_CELL))
                text = SEPARATOR.join(c for c in cells if c)
                header = self.first_row and self.depth == 1 and self.cells > 0 \
                    and self.th == self.cells
            else:
                text = _spaced(raw)
        if not text.strip():
            if pre and self.out:
                self.out.append((None, "", False))
            return
        if self.blank and self.out and self.out[-1][0] is not None:
            self.out.append((None, "", False))
        self.blank = False
        region = f"table {self.tables}" if self.depth else ""
        self.out.append((text, region, header))
        if header or self.cells:
            self.first_row = False

    def paragraph(self) -> None:
        self.flush()
        self.blank = True

    # -- parser events
    def handle_starttag(self, tag, attrs) -> None:
        if self.dropping:
            self.drop_depth += tag == self.dropping
            return
        if tag in DROPPED:
            self.dropping, self.drop_depth = tag, 1
            return
        if tag in ("td", "th"):
            if self.cells:
                self.buf.append(_CELL)
            else:
                self.flush()
                self.buf.append(_CELL)
            self.cells += 1
            self.th += tag == "th"
            return
        if tag == "tr":
            self.flush()
            self.cells = self.th = 0
            return
        if tag == "table":
            self.paragraph()
            if not self.depth:
                self.tables += 1
                self.first_row = True
            self.depth += 1
            self.cells = self.th = 0
            return
        if tag in PARAGRAPHS:
            self.paragraph()
        elif tag in BREAKS:
            self.flush()
        if tag == "pre":
            self.pre += 1
            self.pre_start = True

    def handle_startendtag(self, tag, attrs) -> None:
        if tag in DROPPED:  # <svg/>: nothing inside to drop
            return
        self.handle_starttag(tag, attrs)
        if tag not in ("td", "th", "tr", "table"):
            self.handle_endtag(tag)

    def handle_endtag(self, tag) -> None:
        if self.dropping:
            if tag == self.dropping:
                self.drop_depth -= 1
                if not self.drop_depth:
                    self.dropping = ""
            return
        if tag == "pre" and self.pre:
            self.flush(pre=True)
            self.pre -= 1
            self.blank = True
            return
        if tag == "tr":
            self.flush()
            self.cells = self.th = 0
        elif tag == "table" and self.depth:
            self.flush()
            self.depth -= 1
            self.cells = self.th = 0
            self.blank = True
        elif tag in PARAGRAPHS:
            self.paragraph()
        elif tag in BREAKS:
            self.flush()

    def handle_data(self, data: str) -> None:
        if self.dropping or not data:
            return
        data = data.replace(_CELL, "")
        if self.pre_start:
            self.pre_start = False
            data = data[1:] if data.startswith("\n") else data
        if not self.pre:
            self.buf.append(data)
            return
        first, *rest = data.split("\n")
        self.buf.append(first)
        for part in rest:
            self.flush(pre=True)
            self.buf.append(part)

    def close(self) -> None:
        super().close()
        self.flush(pre=bool(self.pre))


def render(html: str) -> list[tuple[str | None, str, bool]]:
    """The page's rendered lines (None: a blank line), each with its region and header flag."""
    parser = _Render()
    parser.feed(html)
    parser.close()
    return parser.out


def read(path: Path) -> ReadResult:
    html, notes = load(path, _decode)
    lines: list[Line] = []
    long: list[int] = []
    for number, (text, region, header) in enumerate(render(html), start=1):
        if text is None:
            continue
        if len(text) > MAX_LINE_CHARS:
            long.append(number)
            text = cut(text, 0, len(text))
        lines.append(Line(text=text, locator=f"L{number}", region=region, ordinal=number,
                          header=header))
    if long:
        notes.append(too_long_note("rendered line", long))
    if not lines and html:
        notes.append("no visible text")
    return ReadResult(lines=tuple(lines), kind="html", notes=tuple(notes))
