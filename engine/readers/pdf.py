"""PDF reader (pypdf): a .pdf file in, one Line per non-blank line of each page out.

Text is pypdf's plain extraction, in the order the page draws it, with one repair: lines
that share a baseline but came out apart (a table drawn column by column puts each cell on
its own line; some files break a line in two) are joined into one row, left to right, cells
two spaces apart (`_rows`). Side-by-side columns of prose stay apart. Locator `p3:L7`: page 3,
line 7 of that page's text after the joining, blank lines counted, so ordinals keep gaps;
region `p3`. Text is as extracted, with the Latin ligatures (ﬁ ﬂ ﬀ ﬃ ﬄ ﬅ ﬆ) unfolded, a NUL
inside or at the start of a word read as the "fi" it stands for (some utility PDFs map that
ligature to code 0: "bene\x00ts" is "benefits" on the page), and any other NUL dropped.
pypdf's log messages and warnings never reach the terminal: they become a count in the
notes.

One bad page never costs the others: a page whose extraction fails, whose content unpacks to
more than MAX_PAGE_UNPACKED (a decompression bomb), or that has no text layer (a scan) is
named in the notes and the rest is read; lines of nothing but U+FFFD (a font pypdf cannot
map) are dropped and counted. Refuses, with a ReadError in plain words, what gives no line:
a file that is not a PDF, is empty or cut short; one encrypted with a password; one with no
pages, no text layer on any page (needs OCR), or nothing but oversized pages.
"""
from __future__ import annotations

import logging
import math
import re
import threading
import unicodedata
import warnings
import zlib
from bisect import bisect_left
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

from ..errors import ReadError
from ..types import Line, ReadResult
from .text import binary_hint, binary_kind, split_lines

# Limits (docs/decisions.md, "Hostile PDFs").
MAX_PAGE_UNPACKED = 64 << 20  # bytes a page's content streams may unpack to, in all
UNPACK_SLICE = 1 << 20        # they are unpacked this much at a time, each slice dropped
EOF_WINDOW = 4096             # the end-of-file marker is looked for in this many last bytes
MAX_FORMS = 1000              # form XObjects a page's check looks into, at most
MOST_LISTED = 10              # page numbers (or runs) a note lists before "and N more"
_FLATE = ("/FlateDecode", "/Fl")

_LIGATURES = {cp: unicodedata.normalize("NFKC", chr(cp)) for cp in range(0xFB00, 0xFB07)}
_LIGATURES[0] = None  # NUL: dropped

# Swapping the pypdf logger's handler is process-wide state; one PDF at a time keeps the
# save/restore pairs from interleaving between threads.
_QUIET_LOCK = threading.Lock()


_NUL_FI = re.compile(r"(?<=[A-Za-z])\x00(?=[A-Za-z])|(?<![A-Za-z0-9])\x00(?=[a-z])")

# Rows (docs/decisions.md, "PDF table rows"). Distances are in ems of the line's font size.
SAME_BASELINE = 0.2         # baselines this close are one row
FLOW_STEP = (0.5, 2.5)      # the next line of a text column is this far below the last ...
FLOW_INDENT = 3.0           # ... and starts within this distance of it, left or right
EM_PER_CHAR = 0.5           # pypdf says where text starts, not where it ends: widths are guessed
CELL_GAP = 1.5              # a gap at least this wide (guessed) parts two cells
CELL_SEPARATOR = "  "       # what stands between two cells of a joined row
_SENTENCE_END = tuple(".:;!?")


def clean(text: str) -> str:
    """Unfold ligatures, read a NUL within a word as "fi", drop other NULs; nothing else
    about the extracted text changes."""
    return _NUL_FI.sub("fi", text).translate(_LIGATURES)


class _Counter(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0
        self.unpack_limits = 0  # pypdf stopped unpacking a stream past its limit and went on

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        try:
            if "while decompressing" in record.getMessage().lower():
                self.unpack_limits += 1
        except Exception:  # a record whose message cannot be formatted: counted all the same
            pass


class Noise:
    """How many warnings pypdf raised or logged while the `quiet_pypdf` block ran."""

    def __init__(self, handler: _Counter, caught: list) -> None:
        self._handler = handler
        self._caught = caught

    @property
    def count(self) -> int:
        return self._handler.count + len(self._caught)

    @property
    def unpack_limits(self) -> int:
        """How many times pypdf said it stopped unpacking a stream at its size limit."""
        return self._handler.unpack_limits


@contextmanager
def quiet_pypdf() -> Iterator[Noise]:
    """Route the `pypdf` logger and `warnings` into a counter; restore both afterwards."""
    logger = logging.getLogger("pypdf")
    handler = _Counter()
    with _QUIET_LOCK:
        saved = (logger.propagate, logger.level)
        logger.addHandler(handler)
        logger.propagate = False
        logger.setLevel(logging.WARNING)
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                yield Noise(handler, caught)
        finally:
            logger.removeHandler(handler)
            logger.propagate, level = saved
            logger.setLevel(level)


# ---------------------------------------------------------------- where text starts

@dataclass(frozen=True, slots=True)
class At:
    """Where a line's first visible text starts, in the frame of its writing direction: x
    along the line and baseline y (points, y growing up the text), the font size as drawn,
    and the frame: the coordinate space (0 the page; n the nth form XObject drawn, whose text
    pypdf reports in the form's own coordinates) and the direction (0, 90, 180 or 270
    degrees; a landscape page drawn on a portrait one writes at 90)."""

    x: float
    y: float
    size: float
    space: int = 0
    turn: int = 0


_TURNS = {(1, 0): 0, (0, 1): 90, (-1, 0): 180, (0, -1): 270}


def _at(cm, tm, font_size, space: int) -> At | None:
    """Text matrix times CTM, for text written along an axis (slanted or mirrored text
    gives None; italic shear is fine)."""
    try:
        a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
        c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
        e = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        f = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        scale = math.hypot(a, b)
        ux, uy = round(a / scale, 3), round(b / scale, 3)  # writing direction
        size = float(font_size) * (d * ux - c * uy)           # height across it
    except (TypeError, ValueError, IndexError, ZeroDivisionError, OverflowError):
        return None
    turn = _TURNS.get((ux, uy))
    x, y = e * ux + f * uy, f * ux - e * uy
    if turn is None or not (size > 0 and all(map(math.isfinite, (x, y, size)))):
        return None
    return At(x, y, size, space, turn)


class _Recorder:
    """pypdf visitor callbacks: the extracted text in pieces, each with where it starts."""

    def __init__(self) -> None:
        self.pieces: list[tuple[str, At | None]] = []
        self._spaces = [0]       # coordinate space of the form being drawn, innermost last
        self._entering = False   # a `Do` was seen and its content has not started yet
        self._forms = 0

    def before(self, op, operands, cm, tm) -> None:
        if self._entering:  # first operator inside a form: what follows is in its space
            self._forms += 1
            self._spaces.append(self._forms)
        self._entering = op == b"Do"

    def after(self, op, operands, cm, tm) -> None:
        if op == b"Do":
            if self._entering:  # an image, or a form with no content
                self._entering = False
            elif len(self._spaces) > 1:
                self._spaces.pop()

    def text(self, text, cm, tm, font, font_size) -> None:
        if text:
            where = _at(cm, tm, font_size, self._spaces[-1]) if text.strip() else None
            self.pieces.append((text, where))

    def lines(self, text: str) -> tuple[list[str], list[At | None]]:
        """`text` split at "\\n", each line with where its first visible piece starts (None
        when that piece starts inside another line)."""
        if "".join(t for t, _ in self.pieces) != text:
            raise ValueError("visited text differs from the extracted text")
        lines: list[str] = []
        at: list[At | None] = []
        parts: list[str] = []
        where: At | None = None
        seen = False  # the current line has visible text already
        for piece, piece_at in self.pieces:
            for k, part in enumerate(piece.split("\n")):
                if k:
                    lines.append("".join(parts))
                    at.append(where)
                    parts, where, seen = [], None, False
                parts.append(part)
                if not seen and part.strip():
                    seen, where = True, piece_at if k == 0 else None
        lines.append("".join(parts))
        at.append(where)
        return lines, at


# ---------------------------------------------------------------- rows

def _prose(text: str) -> bool:
    """Running text: four words or more, at least half of them starting in lower case."""
    words = text.split()
    return len(words) >= 4 and 2 * sum(w[0].islower() for w in words) >= len(words)


def _flows(lines: list[str], at: list[At | None],
           order: list[int]) -> tuple[dict[int, int], set[int], set[int]]:
    """Group the lines into flows (drawn one under the other: a column of text, or of
    cells) and mark the prose ones. Returns (flow of each line, lines that read as prose,
    lines that continue the line above mid-sentence)."""
    runs: list[list[int]] = []
    for i in order:
        here = at[i]
        above = at[runs[-1][-1]] if runs else None
        if here and above and (here.space, here.turn) == (above.space, above.turn):
            em = min(above.size, here.size)
            if (FLOW_STEP[0] * em <= above.y - here.y <= FLOW_STEP[1] * em
                    and abs(here.x - above.x) <= FLOW_INDENT * em):
                runs[-1].append(i)
                continue
        runs.append([i])
    flow: dict[int, int] = {}
    prose: set[int] = set()
    continued: set[int] = set()
    for n, run in enumerate(runs):
        flow.update(dict.fromkeys(run, n))
        proper = {i for i in run if _prose(lines[i])}
        # a prose flow (a column of text) counts as prose all through, short lines too
        prose.update(run if len(proper) >= 2 and 3 * len(proper) >= len(run) else proper)
        for up, i in zip(run, run[1:]):
            last, first = lines[up].rstrip(), lines[i].lstrip()
            if ((up in proper or i in proper) and not last.endswith(_SENTENCE_END)
                    and (first[:1].islower() or last.endswith("-"))):
                continued.add(i)
    return flow, prose, continued


def _join(part: list[int], lines: list[str], at: list[At | None],
          rank: dict[int, int]) -> str | None:
    """One row from the lines in `part`, left to right; None when they overlap (text drawn
    over text, or right to left)."""
    part = sorted(part, key=lambda i: (at[i].x, i))  # ties on x: drawing order decides
    row = lines[part[0]]
    for left, right in zip(part, part[1:]):
        a, b = at[left], at[right]
        width = EM_PER_CHAR * a.size * len(lines[left].strip())
        if b.x < a.x + width / 2:
            return None
        if (b.x - a.x - width) / a.size >= CELL_GAP:
            row = row.rstrip() + CELL_SEPARATOR + lines[right].lstrip()
        elif rank[right] == rank[left] + 1:  # a line pypdf broke in two: as drawn
            row += lines[right]
        else:
            row = row.rstrip() + " " + lines[right].lstrip()
    return row


def _rows(lines: list[str], at: list[At | None]) -> list[str]:
    """The page's lines with those on one baseline joined into one row at the place of the
    first one drawn; the others leave no trace (blank lines stay as they were).

    A baseline's lines form clusters, each a run drawn one right after the other (one visual
    line pypdf broke). Clusters drawn apart join only when the row is not two columns of
    prose side by side: no two of them hold prose and none holds a line that continues a
    sentence from the line above. A prose flow kept apart from its neighbour once is a
    column, and keeps every row it touches apart. Clusters always join within themselves."""
    order = [i for i, t in enumerate(lines) if t.strip()]
    rank = {i: k for k, i in enumerate(order)}
    placed = [i for i in order if at[i] is not None]
    by_y: dict[tuple[int, int], list[tuple[float, int]]] = {}
    for i in placed:
        by_y.setdefault((at[i].space, at[i].turn), []).append((at[i].y, i))
    for ys in by_y.values():
        ys.sort()  # ties on y: drawing order decides
    taken: set[int] = set()
    groups: list[list[int]] = []
    for i in placed:  # drawing order, so the first line drawn anchors its row
        if i in taken:
            continue
        a, ys = at[i], by_y[at[i].space, at[i].turn]
        members = [i]
        k = bisect_left(ys, (a.y - SAME_BASELINE * a.size, -1))
        while k < len(ys) and ys[k][0] <= a.y + SAME_BASELINE * a.size:
            y, j = ys[k]
            near = abs(y - a.y) <= SAME_BASELINE * min(a.size, at[j].size)
            if j > i and j not in taken and near:
                members.append(j)
            k += 1
        if len(members) > 1:
            members.sort()
            taken.update(members)
            groups.append(members)
    if not groups:
        return lines
    flow, prose, continued = _flows(lines, at, order)
    plans = []
    columns: set[int] = set()  # prose flows seen side by side with another
    for members in groups:
        clusters = [[members[0]]]
        for j in members[1:]:
            if rank[j] == rank[clusters[-1][-1]] + 1:
                clusters[-1].append(j)
            else:
                clusters.append([j])
        apart = len(clusters) > 1 and (
            sum(any(j in prose for j in c) for c in clusters) >= 2
            or any(j in continued for j in members))
        if apart:
            columns.update(flow[j] for j in members if j in prose)
        plans.append((members, clusters, apart))
    out = list(lines)
    gone: set[int] = set()
    for members, clusters, apart in plans:
        if len(clusters) > 1 and any(flow[j] in columns for j in members):
            apart = True
        for part in clusters if apart else [members]:
            row = _join(part, lines, at, rank) if len(part) > 1 else None
            if row is not None:
                out[part[0]] = row
                gone.update(part[1:])
    return [t for i, t in enumerate(out) if i not in gone]


def _page_text(page) -> tuple[str, bool]:
    """The page's text with its rows joined, and True; or, when joining fails, pypdf's
    plain text as the reader always took it, and False. Raises when pypdf cannot extract."""
    rec = _Recorder()
    try:
        text = page.extract_text(visitor_text=rec.text, visitor_operand_before=rec.before,
                                 visitor_operand_after=rec.after) or ""
    except Exception:  # maybe only the visitors: extract again without them
        return page.extract_text() or "", False
    try:
        return "\n".join(_rows(*rec.lines(text))), True
    except Exception:  # the same text, without the joining
        return text, False


# ---------------------------------------------------------------- opening

def _size(n: int) -> str:
    for unit, shift in (("GiB", 30), ("MiB", 20), ("KiB", 10)):
        if n >= 1 << shift:
            return f"{n / (1 << shift):g} {unit}"
    return f"{n} bytes"


def _unopened(path: Path, error: Exception) -> ReadError:
    """Why pypdf could not open the file, in plain words: what the first and last bytes say."""
    try:
        with open(path, "rb") as f:
            head = f.read(1024)
            size = f.seek(0, 2)
            f.seek(max(0, size - EOF_WINDOW))
            tail = f.read()
    except OSError:
        head, tail, size = b"%PDF-", b"%%EOF", -1  # say what pypdf said
    if size == 0:
        return ReadError("not a valid PDF: the file is empty",
                         "replace it with a complete copy, or remove it")
    if b"%PDF-" not in head:
        what = binary_kind(head)
        if what is None:
            return ReadError("not a valid PDF: it holds plain text",
                             "rename it to .txt if it should be read as text")
        if what and what != "a PDF":
            said = f"it holds {what}" if what.startswith("only") else f"it looks like {what}"
            return ReadError(f"not a valid PDF: {said}", binary_hint(what))
        return ReadError("not a valid PDF: no PDF header (unknown binary content)",
                         "check that the file opens in a PDF viewer, or move it out of the "
                         "documents folder")
    if b"%%EOF" not in tail:
        return ReadError("not a valid PDF: the file is cut short (no end-of-file marker)",
                         "copy or download it again: it was not saved in full")
    detail = str(error).strip() or type(error).__name__
    return ReadError(f"not a valid PDF: damaged (pypdf: {detail})",
                     "check that the file opens in a PDF viewer; if it does, save a fresh copy "
                     "(print to PDF)")


def _font_program_encoding_only_when_the_pdf_has_none() -> None:
    """Install, once, a guard around pypdf's reading of a font's character map.

    With fontTools, pypdf (7.1) reads a Type1 font embedded as CFF (/FontFile3 /Type1C) with
    no /ToUnicode through the font program's own encoding, and uses that map as if it were a
    /ToUnicode: the /Encoding the font dictionary names is then discarded. Where the PDF names
    an /Encoding it is the one that holds (PDF 32000-1, 9.6.6: the built-in encoding is only
    the base when none is named); read that way, a real file (senate_office_expenditures.pdf
    of the eval cabinet: /MacRomanEncoding over a CFF subset) turned to garbage. So the font
    program's encoding is used only for a font that names no /Encoding, which is what pypdf
    did before fontTools for every such font (docs/decisions.md, "pypdf and fontTools")."""
    from pypdf import _cmap

    original = getattr(_cmap, "_parse_to_unicode", None)
    if original is None or getattr(original, "guarded_by_ask", False):
        return

    def parse_to_unicode(ft, *args, **kwargs):  # any later arguments pass through untouched
        try:
            descriptor = _resolved(ft.get("/FontDescriptor")) or {}
            program = _resolved(descriptor["/FontFile3"]) if "/FontFile3" in descriptor else None
            from_program = (program is not None and "/ToUnicode" not in ft and "/Encoding" in ft
                            and program.get("/Subtype") == "/Type1C")
        except Exception:  # a damaged font dictionary: pypdf's own handling
            from_program = False
        return ({}, []) if from_program else original(ft, *args, **kwargs)

    parse_to_unicode.guarded_by_ask = True
    _cmap._parse_to_unicode = parse_to_unicode


def _open(path: Path, notes: list[str]):
    """The opened (and, with the empty password, decrypted) reader, and its page count."""
    import pypdf
    from pypdf.errors import DependencyError

    _font_program_encoding_only_when_the_pdf_has_none()

    try:
        reader = pypdf.PdfReader(str(path), strict=False)
        encrypted = reader.is_encrypted
    except (OSError, MemoryError):
        raise  # readers.read says these in plain words
    except Exception as e:  # pypdf's errors on a broken file are many and not all its own
        raise _unopened(path, e) from None
    if encrypted:
        try:
            opened = reader.decrypt("")
        except DependencyError:
            raise ReadError("encrypted with AES, which needs the 'cryptography' package",
                            "pip install cryptography, or save an unencrypted copy") from None
        except Exception as e:  # an unknown security handler, a damaged /Encrypt dictionary
            raise ReadError(f"encrypted in a way that cannot be opened ({e})",
                            "save an unencrypted copy (print to PDF, or qpdf --decrypt)") from None
        if opened == pypdf.PasswordType.NOT_DECRYPTED:
            raise ReadError("encrypted, needs a password",
                            "open it with its password and save an unencrypted copy (print to "
                            "PDF, or qpdf --password=... --decrypt)")
        notes.append("encrypted, opened with empty password")
    try:
        count = len(reader.pages)
    except (OSError, MemoryError):
        raise
    except Exception as e:  # a page tree that loops, or is not a tree at all
        raise ReadError(f"damaged PDF: its list of pages cannot be read ({e})",
                        "check that the file opens in a PDF viewer; if it does, save a fresh "
                        "copy (print to PDF)") from None
    return reader, count


# ---------------------------------------------------------------- decompression bombs

def _resolved(obj):
    return obj.get_object() if hasattr(obj, "get_object") else obj


def _drawn_streams(page) -> Iterator:
    """The streams extraction unpacks: the page's content streams, then the form XObjects its
    resources hold, and theirs, each once (images are never unpacked to read text)."""
    from pypdf.generic import ArrayObject, DictionaryObject, StreamObject

    contents = _resolved(page.get("/Contents"))
    yield from map(_resolved, contents if isinstance(contents, ArrayObject) else [contents])
    seen: set[int] = set()
    holders = [page]
    while holders and len(seen) < MAX_FORMS:
        resources = _resolved(holders.pop().get("/Resources"))
        xobjects = _resolved(resources.get("/XObject")) if isinstance(
            resources, DictionaryObject) else None
        if not isinstance(xobjects, DictionaryObject):
            continue
        for name in sorted(xobjects):  # sorted: the same order every run
            form = _resolved(xobjects[name])
            if (isinstance(form, StreamObject) and id(form) not in seen
                    and _resolved(form.get("/Subtype")) == "/Form"):
                seen.add(id(form))
                holders.append(form)
                yield form


def _inflate(packed: Iterator[bytes]) -> Iterator[bytes]:
    """One zlib layer, unpacked UNPACK_SLICE bytes at a time, as its input arrives."""
    inflate = zlib.decompressobj()
    for data in packed:
        while data and not inflate.eof:
            out = inflate.decompress(data, UNPACK_SLICE)
            data = inflate.unconsumed_tail
            if out:
                yield out
        if inflate.eof:
            return
    while not inflate.eof and (out := inflate.decompress(b"", UNPACK_SLICE)):
        yield out  # what zlib still held when the input ran out


def _unpacks_past(page, limit: int) -> bool:
    """True when the streams the page draws (content and forms) unpack to more than `limit`
    bytes in all. A stream packed by Flate (once, or several times over: a bomb inside a bomb)
    is unpacked a slice at a time through each layer, each slice counted and dropped: memory
    stays at a slice a layer, time at `limit` bytes of inflating. Streams this cannot judge
    (other filters, bad data) are left to pypdf, whose own limits stop them."""
    from pypdf.generic import ArrayObject, StreamObject

    total = 0
    for stream in _drawn_streams(page):
        if not isinstance(stream, StreamObject):
            continue
        filters = _resolved(stream.get("/Filter"))
        chain = [_resolved(f) for f in filters] if isinstance(filters, ArrayObject) else [filters]
        data = getattr(stream, "_data", None)  # the stream as stored (decrypted, still packed)
        if not chain or not all(f in _FLATE for f in chain) or not isinstance(data, bytes):
            continue
        unpacked = iter([data])
        for _ in chain:
            unpacked = _inflate(unpacked)
        try:
            for out in unpacked:
                total += len(out)
                if total > limit:
                    return True
        except zlib.error:
            continue
    return False


def _limit_error():
    """pypdf's error for a stream past its own unpacking limits (older pypdf: none)."""
    from pypdf import errors

    return getattr(errors, "LimitReachedError", ())


# ---------------------------------------------------------------- pages

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


_OCR = "run OCR on it (for example ocrmypdf) and save the result beside it"
_SPLIT = "if the file is genuine, save a fresh copy (print to PDF) or split it"
_FRESH = "check that the file opens in a PDF viewer; save a fresh copy"


def read(path: Path) -> ReadResult:
    notes: list[str] = []
    lines: list[Line] = []
    # pages by what went wrong on them
    failed: list[int] = []        # extraction raised
    bombs: list[int] = []         # content unpacks past the limit: skipped
    limited: dict[int, str] = {}  # past another of pypdf's limits: skipped, with its words
    no_text: list[int] = []       # no text at all (a scan, or a blank page)
    garbled: list[int] = []       # lines of nothing but U+FFFD, dropped (`dropped` in all)
    unjoined: list[int] = []      # table rows left as extracted
    dropped = 0
    with quiet_pypdf() as noise:
        reader, count = _open(Path(path), notes)
        too_big = _limit_error()
        for number in range(1, count + 1):
            limits = noise.unpack_limits
            try:
                page = reader.pages[number - 1]
                if _unpacks_past(page, MAX_PAGE_UNPACKED):
                    bombs.append(number)
                    continue
                text, joined = _page_text(page)
            except too_big as e:  # pypdf's own limits: unpacking (a form, other filters), parsing
                if "decompress" in str(e).lower():
                    bombs.append(number)
                else:
                    limited[number] = str(e).strip() or type(e).__name__
                continue
            except Exception:  # one broken page must not cost the rest of the file
                failed.append(number)
                continue
            if not joined:
                unjoined.append(number)
            page_lines = _page_lines(number, text)
            kept = [ln for ln in page_lines if not _undecodable(ln.text)]
            bad = len(page_lines) - len(kept)
            lines.extend(kept)
            if bad:
                garbled.append(number)
                dropped += bad
            if noise.unpack_limits > limits:  # a form pypdf gave up unpacking: no scan
                bombs.append(number)
            elif not page_lines:
                no_text.append(number)
    if bombs:
        notes.append(f"{_pages(bombs)}: content that unpacks to more than "
                     f"{_size(MAX_PAGE_UNPACKED)} skipped (a decompression bomb?)")
    if limited:
        notes.append(f"{_pages(list(limited))} skipped: {_past_limits(limited)}")
    if failed:
        notes.append(f"text extraction failed on {_pages(failed)} (skipped)")
    if no_text and lines:
        notes.append(f"{_of(len(no_text), count)} no text layer (scanned?): needs OCR "
                     f"({_pages(no_text)})")
    if dropped and lines:
        notes.append(f"{dropped} line{'s' if dropped != 1 else ''} of undecodable characters "
                     f"(\ufffd) dropped on {_pages(garbled)} (a font without a character map)")
    if unjoined:
        notes.append(f"table rows not joined on {_pages(unjoined)} (lines as extracted)")
    if noise.count:
        notes.append(f"{noise.count} pdf warning{'s' if noise.count != 1 else ''}")
    if not lines:
        _nothing_read(count, bombs, limited, failed, garbled)
    return ReadResult(lines=tuple(lines), kind="pdf", notes=tuple(notes))


def _past_limits(limited: dict[int, str]) -> str:
    first = min(limited)
    return f"too large or complex to read safely (pypdf on page {first}: {limited[first]})"


def _nothing_read(count: int, bombs: list[int], limited: dict[int, str], failed: list[int],
                  garbled: list[int]):
    """Raise the ReadError that says why no page gave a line."""
    if count == 0:
        raise ReadError("PDF has no pages", "check that the file opens in a PDF viewer")
    if bombs:
        raise ReadError(f"looks like a decompression bomb: {_pages(bombs)} unpack"
                        f"{'s' if len(bombs) == 1 else ''} to more than "
                        f"{_size(MAX_PAGE_UNPACKED)}", _SPLIT)
    if limited:
        raise ReadError(_past_limits(limited), _SPLIT)
    if len(failed) == count:
        raise ReadError("text extraction failed on every page", _FRESH)
    if garbled:
        raise ReadError("text cannot be decoded (a font without a character map): needs OCR",
                        _OCR)
    which = "its only page has" if count == 1 else f"none of its {count} pages has"
    raise ReadError("no text layer: needs OCR", f"{which} text (scanned?): {_OCR}")
