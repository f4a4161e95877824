"""Word reader (python-docx): a .docx file in, one Line per body paragraph with text and one per
table row out.

Paragraphs, headings and the title among them, are read in document order with the body's
tables between them. Locator `¶12`: the body's 12th paragraph, empty paragraphs counted, tables
not; region ""; ordinal 2 × 12, so that each paragraph is a paragraph to the chunker, as a
text file's paragraphs with blank lines between them are. A table row is one Line, its cells'
text joined with " | " (empty cells left out, a cell's own paragraphs and any table inside it
joined with spaces); locator `T2:R3` (the body's 2nd table, its 3rd row); region `T2`; the
table's first row with text is its header, as a spreadsheet's is. A merged cell's text is in
its first cell only. Line breaks inside a paragraph fold to one space; tabs are kept.

What Word shows as the document's text is read: tracked insertions are kept and deletions
dropped (the document as if every change were accepted), field results kept and field codes
dropped, content controls read for what they hold. Not read, each decided in
docs/decisions.md: headers and footers, footnotes and endnotes, comments, text boxes and
shapes (counted in a note), and the numbers or bullets Word draws before list items.

Refused (ReadError) before python-docx sees the file: what container.check refuses (not a
zip, an old .doc, encrypted, another Office format, a zip bomb); then a package python-docx
cannot open, or XML nested past lxml's depth limit of 256.
"""
from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import Iterator

from docx import Document
from docx.oxml.ns import qn

from ..errors import ReadError
from ..types import Line, ReadResult
from . import container
from .text import MAX_LINE_CHARS, cut

SEPARATOR = " | "
_P, _TBL, _TR, _TC = qn("w:p"), qn("w:tbl"), qn("w:tr"), qn("w:tc")
_TEXT = qn("w:t")
_TABS = {qn("w:tab"), qn("w:ptab")}
_BREAKS = {qn("w:br"), qn("w:cr")}
_HYPHEN = qn("w:noBreakHyphen")
_MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
# Containers a block (paragraph or table) may sit in: read through.
_BLOCK_WRAPPERS = {qn("w:sdt"), qn("w:sdtContent"), qn("w:customXml")}
# Not what Word shows as the text: deleted or moved-away runs, field codes, properties, and
# the fallback copy of a shape (its other copy is read, or not, as a shape).
_SKIP = {qn("w:del"), qn("w:moveFrom"), qn("w:delText"), qn("w:instrText"),
         qn("w:delInstrText"), qn("w:rPr"), qn("w:pPr"), qn("w:sym"), _MC + "Fallback"}
_SHAPES = {qn("w:drawing"), qn("w:pict"), qn("w:object")}
_TEXT_BOX = qn("w:txbxContent")
_FOLD = re.compile(r"\s*\n\s*")


class _Seen:
    """What the walk met and left out, for the notes."""

    def __init__(self) -> None:
        self.text_boxes = 0


def _inline_text(p, seen: _Seen) -> str:
    """A paragraph's (or cell's) visible text: runs in document order, as Word shows it."""
    parts: list[str] = []
    stack = [iter(p)]
    while stack:
        el = next(stack[-1], None)
        if el is None:
            stack.pop()
            continue
        tag = el.tag
        if not isinstance(tag, str) or tag in _SKIP:  # comments, processing instructions
            continue
        if tag == _TEXT:
            parts.append(el.text or "")
        elif tag in _TABS:
            parts.append("\t")
        elif tag in _BREAKS:
            parts.append("\n")
        elif tag == _HYPHEN:
            parts.append("-")
        elif tag in _SHAPES:
            seen.text_boxes += sum(1 for _ in el.iter(_TEXT_BOX))
        elif tag == _P and parts:  # a paragraph inside a cell: a space between paragraphs
            parts.append("\n")
            stack.append(iter(el))
        elif tag == _TR and parts:  # a table inside a cell: rows apart
            parts.append("\n")
            stack.append(iter(el))
        else:
            stack.append(iter(el))
    return _FOLD.sub(" ", "".join(parts)).strip()


def _blocks(body) -> Iterator:
    """The body's paragraphs and tables in document order, through content controls."""
    stack = [iter(body)]
    while stack:
        el = next(stack[-1], None)
        if el is None:
            stack.pop()
        elif el.tag in (_P, _TBL):
            yield el
        elif el.tag in _BLOCK_WRAPPERS:
            stack.append(iter(el))


def _children(el, tag: str) -> Iterator:
    """el's children of this tag, through content controls (a row or cell may sit in one)."""
    stack = [iter(el)]
    while stack:
        child = next(stack[-1], None)
        if child is None:
            stack.pop()
        elif child.tag == tag:
            yield child
        elif child.tag in _BLOCK_WRAPPERS:
            stack.append(iter(child))


def _row_text(tr, seen: _Seen) -> str:
    cells = (_inline_text(tc, seen) for tc in _children(tr, _TC))
    return SEPARATOR.join(c for c in cells if c)


def _open(path: Path):
    try:
        return Document(str(path))
    except Exception as e:  # a missing or malformed part, or damage inside the zip
        message = str(e).replace(str(path), path.name)
        if "Excessive depth" in message:
            raise ReadError("nested too deeply to read safely (XML deeper than 256 levels)",
                            container.DOCX.save_again) from None
        if "content type is" in message:
            kind = message.rsplit("content type is", 1)[-1].strip(" '\"")
            raise ReadError(f"not a Word document (content type {kind})",
                            "save it from Word as a .docx document") from None
        raise ReadError(f"not a valid docx file ({type(e).__name__}: {message})",
                        container.DOCX.save_again) from None


def _fit(text: str, locator: str, long: list[str]) -> str:
    """A line cut to MAX_LINE_CHARS, its locator listed in `long` when it was cut."""
    if len(text) > MAX_LINE_CHARS:
        long.append(locator)
        text = cut(text, 0, len(text))
    return text


def read(path: Path) -> ReadResult:
    path = Path(path)
    container.check(path, container.DOCX)
    with warnings.catch_warnings():  # python-docx and lxml warn on stderr otherwise
        warnings.simplefilter("ignore")
        doc = _open(path)
    seen = _Seen()
    lines: list[Line] = []
    long: list[str] = []
    paragraph = table = 0
    for block in _blocks(doc.element.body):
        if block.tag == _P:
            paragraph += 1
            locator = f"\u00b6{paragraph}"
            text = _fit(_inline_text(block, seen), locator, long)
            if text:
                lines.append(Line(text=text, locator=locator, region="", ordinal=2 * paragraph))
            continue
        table += 1
        region, header = f"T{table}", True
        for row, tr in enumerate(_children(block, _TR), start=1):
            locator = f"{region}:R{row}"
            text = _fit(_row_text(tr, seen), locator, long)
            if text:
                lines.append(Line(text=text, locator=locator, region=region, ordinal=row,
                                  header=header))
                header = False
    notes: list[str] = []
    if long:
        notes.append(_too_long(long))
    if seen.text_boxes:
        many = seen.text_boxes != 1
        notes.append(f"{seen.text_boxes} text box{'es' if many else ''} not read")
    if not lines:
        notes.append("no text: every paragraph and table is empty")
    return ReadResult(lines=tuple(lines), kind="docx", notes=tuple(notes))


def _too_long(which: list[str]) -> str:
    if len(which) == 1:
        return (f"{which[0]} is longer than {MAX_LINE_CHARS:,} characters: "
                f"only its first {MAX_LINE_CHARS:,} are read")
    return (f"{len(which)} paragraphs or rows are longer than {MAX_LINE_CHARS:,} characters "
            f"({', '.join(which[:5])}{f' and {len(which) - 5} more' if len(which) > 5 else ''})"
            f": only the first {MAX_LINE_CHARS:,} of each are read")
