"""Reading and notes. A .pdf path in; out, a ReadResult: a Line for each non-blank line of
each page (a page without a text layer read by OCR when the extra is installed, its lines
marked), and notes that name the pages skipped, read by OCR, or not read in full. Refuses, with
a ReadError in plain words, a file where no page gives a line: no pages, a scan without OCR,
bombs, unmappable fonts."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ...errors import ReadError
from ...types import Line, ReadResult
from ...units import size
from .. import ocr
from ..text import split_lines
from . import bombs
from .fixes import Noise, clean, quiet_pypdf
from .opening import open_pdf
from .rows import page_text

MOST_LISTED = 10  # page numbers (or runs) a note lists before "and N more"
# A page whose text layer has fewer words than this, and an image over most of it, is a scan
# with a stamp (a page or Bates number) and is read by OCR; with more words it never is.
ALMOST_NONE = 5


def _undecodable(line: str) -> bool:
    """A line that is nothing but U+FFFD: pypdf's text for a font it has no map for."""
    visible = "".join(line.split())
    return bool(visible) and not visible.strip("\ufffd")


def _page_lines(number: int, text: str) -> list[Line]:
    region = f"p{number}"
    return [
        Line(text=line, locator=f"{region}:L{i}", region=region, ordinal=i)
        for i, line in enumerate(split_lines(clean(text)), start=1)
        if line.strip()
    ]


def _pages(numbers: list[int]) -> str:
    """"page 3", "pages 1, 2", "pages 2-5, 9", at most MOST_LISTED runs then "and N more"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts: list[str] = []
    for run in runs:
        parts += [f"{run[0]}-{run[-1]}"] if len(run) > 2 else map(str, run)
    shown = ", ".join(parts[:MOST_LISTED])
    more = f" and {len(parts) - MOST_LISTED} more" if len(parts) > MOST_LISTED else ""
    return f"page{'s' if len(numbers) > 1 else ''} {shown}{more}"


def _of(k: int, n: int) -> str:
    """"1 of 4 pages has", "3 of 4 pages have"."""
    return f"{k} of {n} page{'s' if n != 1 else ''} {'has' if k == 1 else 'have'}"


def _ocr() -> str:
    """How to have such a page read by OCR, naming what is missing here (ocr.install_hint)."""
    return f"read it by OCR: {ocr.install_hint()}"



_SPLIT = "if the file is genuine, save a fresh copy (print to PDF) or split it"
_FRESH = "check that the file opens in a PDF viewer; save a fresh copy"


@dataclass
class _Tally:
    """The lines read so far, and the pages by what went wrong on them."""

    lines: list[Line] = field(default_factory=list)
    failed: list[int] = field(default_factory=list)    # extraction raised
    bombs: list[int] = field(default_factory=list)     # content unpacks past the limit: skipped
    # past another of pypdf's limits: skipped, with its words
    limited: dict[int, str] = field(default_factory=dict)
    no_text: list[int] = field(default_factory=list)   # no text at all (a scan, or a blank page)
    # lines of nothing but U+FFFD, dropped: page -> how many
    garbled: dict[int, int] = field(default_factory=dict)
    undecodable: list[int] = field(default_factory=list)  # pages of only such lines
    thin: list[int] = field(default_factory=list)      # fewer than ALMOST_NONE words
    unjoined: list[int] = field(default_factory=list)  # table rows left as extracted
    ocred: list[int] = field(default_factory=list)     # no text layer, lines read by OCR
    replaced: list[int] = field(default_factory=list)  # thin or undecodable layer, OCR instead
    ocr_ran: bool = False                              # OCR looked at the pages in no_text
    ocr_left: list[int] = field(default_factory=list)  # no text layer, OCR gave up (time)


def read(path: Path) -> ReadResult:
    """Every page's lines, locator `p3:L7` (page 3, line 7 of the page's text after rows are
    joined, blank lines counted, so ordinals keep gaps), region `p3`.

    One bad page never costs the others: a page whose extraction fails, whose content unpacks
    to more than MAX_PAGE_UNPACKED (a decompression bomb), or that has no text layer (a scan)
    is named in the notes and the rest is read; lines of nothing but U+FFFD (a font pypdf
    cannot map) are dropped and counted; pypdf's warnings become a count in the notes."""
    notes: list[str] = []
    tally = _Tally()
    with quiet_pypdf() as noise:
        reader, count = open_pdf(Path(path), notes)
        too_big = bombs.limit_error()
        for number in range(1, count + 1):
            _read_page(reader, number, noise, too_big, tally)
    if ocr.available():
        _read_by_ocr(Path(path), tally)
    notes += _notes(tally, count)
    if noise.count:
        notes.append(f"{noise.count} pdf warning{'s' if noise.count != 1 else ''}")
    if not tally.lines:
        _nothing_read(count, tally)
    return ReadResult(lines=tuple(tally.lines), kind="pdf", notes=tuple(notes))


def _read_page(reader, number: int, noise: Noise, too_big, tally: _Tally) -> None:
    """Page `number`'s lines into the tally, or the page under what went wrong on it."""
    limits = noise.unpack_limits
    try:
        page = reader.pages[number - 1]
        if bombs.unpacks_past(page, bombs.MAX_PAGE_UNPACKED):
            tally.bombs.append(number)
            return
        text, joined = page_text(page)
    except too_big as e:  # pypdf's own limits: unpacking (a form, other filters), parsing
        if "decompress" in str(e).lower():
            tally.bombs.append(number)
        else:
            tally.limited[number] = str(e).strip() or type(e).__name__
        return
    except Exception:  # one broken page must not cost the rest of the file
        tally.failed.append(number)
        return
    if not joined:
        tally.unjoined.append(number)
    page_lines = _page_lines(number, text)
    kept = [ln for ln in page_lines if not _undecodable(ln.text)]
    bad = len(page_lines) - len(kept)
    tally.lines.extend(kept)
    if bad:
        tally.garbled[number] = bad
        if not kept:
            tally.undecodable.append(number)
    words = sum(len(ln.text.split()) for ln in kept)
    if 0 < words < ALMOST_NONE:
        tally.thin.append(number)
    if noise.unpack_limits > limits:  # a form pypdf gave up unpacking: no scan
        tally.bombs.append(number)
    elif not page_lines:
        tally.no_text.append(number)


def _read_by_ocr(path: Path, tally: _Tally) -> None:
    """The pages a text layer does not serve, read by OCR: pages without one; pages whose
    lines are all undecodable; and pages of fewer than ALMOST_NONE words with an image over
    most of the page (a scan with a stamped number). No other page is ever OCR'd. A page's
    OCR lines take the place of its text-layer lines (pages never mix); pages OCR finds
    nothing on keep what they had, pages Tesseract gave up on move to ocr_left."""
    scans = ocr.mostly_image(path, tally.thin) if tally.thin else []
    todo = sorted(set(tally.no_text) | set(tally.undecodable) | set(scans))
    if not todo:
        return
    found, left = ocr.pdf_pages(path, todo)
    tally.ocr_ran = True
    read = {n for n, lines in found.items() if lines}
    tally.ocred = sorted(read & set(tally.no_text))
    tally.replaced = sorted(read - set(tally.no_text))
    tally.ocr_left = sorted(set(left) & set(tally.no_text))
    tally.no_text = [n for n in tally.no_text if n in found and not found[n]]
    for n in tally.replaced:
        tally.garbled.pop(n, None)
    tally.undecodable = [n for n in tally.undecodable if n not in read]
    kept = [ln for ln in tally.lines if int(ln.region[1:]) not in read]
    extra = [ln for n in sorted(read) for ln in found[n]]
    # lines in page order; within a page, the order its one source gave
    tally.lines = sorted(kept + extra, key=lambda ln: int(ln.region[1:]))


def _notes(tally: _Tally, count: int) -> list[str]:
    """The notes that name the pages skipped, without text, garbled or left unjoined."""
    notes: list[str] = []
    if tally.bombs:
        notes.append(f"{_pages(tally.bombs)}: content that unpacks to more than "
                     f"{size(bombs.MAX_PAGE_UNPACKED)} skipped (a decompression bomb?)")
    if tally.limited:
        notes.append(f"{_pages(list(tally.limited))} skipped: {_past_limits(tally.limited)}")
    if tally.failed:
        notes.append(f"text extraction failed on {_pages(tally.failed)} (skipped)")
    if tally.ocred:
        notes.append(f"{_of(len(tally.ocred), count)} no text layer: read by OCR "
                     f"({_pages(tally.ocred)})")
    if tally.ocr_left:
        notes.append(f"{_of(len(tally.ocr_left), count)} no text layer and not read: OCR took "
                     f"longer than {ocr.PAGE_SECONDS:g} s a page ({_pages(tally.ocr_left)})")
    if tally.no_text and tally.lines:
        why = "OCR found no text either (blank?)" if tally.ocr_ran else "needs OCR"
        notes.append(f"{_of(len(tally.no_text), count)} no text layer (scanned?): {why} "
                     f"({_pages(tally.no_text)})")
    if tally.replaced:
        notes.append(f"{_of(len(tally.replaced), count)} an undecodable or almost empty text "
                     f"layer: read by OCR instead ({_pages(tally.replaced)})")
    dropped = sum(tally.garbled.values())
    if dropped and tally.lines:
        notes.append(f"{dropped} line{'s' if dropped != 1 else ''} of undecodable characters "
                     f"(\ufffd) dropped on {_pages(sorted(tally.garbled))} "
                     "(a font without a character map)")
    if tally.unjoined:
        notes.append(f"table rows not joined on {_pages(tally.unjoined)} (lines as extracted)")
    return notes


def _past_limits(limited: dict[int, str]) -> str:
    first = min(limited)
    return f"too large or complex to read safely (pypdf on page {first}: {limited[first]})"


def _nothing_read(count: int, tally: _Tally):
    """Raise the ReadError that says why no page gave a line."""
    if count == 0:
        raise ReadError("PDF has no pages", "check that the file opens in a PDF viewer")
    if tally.bombs:
        raise ReadError(f"looks like a decompression bomb: {_pages(tally.bombs)} unpack"
                        f"{'s' if len(tally.bombs) == 1 else ''} to more than "
                        f"{size(bombs.MAX_PAGE_UNPACKED)}", _SPLIT)
    if tally.limited:
        raise ReadError(_past_limits(tally.limited), _SPLIT)
    if len(tally.failed) == count:
        raise ReadError("text extraction failed on every page", _FRESH)
    if tally.garbled and tally.ocr_ran:
        raise ReadError("text cannot be decoded (a font without a character map), and OCR "
                        "found no text either", _FRESH)
    if tally.garbled:
        raise ReadError("text cannot be decoded (a font without a character map): needs OCR",
                        _ocr())
    which = "its only page has no" if count == 1 else f"none of its {count} pages has"
    if tally.ocr_left:
        raise ReadError(f"no text layer, and OCR took longer than {ocr.PAGE_SECONDS:g} s a page",
                        "scan at a lower resolution, or split the file")
    if tally.ocr_ran:
        raise ReadError("no text layer, and OCR found no text (blank pages?)",
                        "check that the scan is upright and legible")
    raise ReadError("no text layer: needs OCR", f"{which} text (scanned?): {_ocr()}")
