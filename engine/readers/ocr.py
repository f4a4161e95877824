"""OCR reader (Tesseract through tesserocr, the optional extra `ask-engine[ocr]`): an image file
(.png .jpg .jpeg .tif .tiff) or a PDF page without a text layer in; out, one Line per text line
Tesseract finds, each marked with Tesseract's confidence in it (Line.ocr, 0-100). Refuses, with
a ReadError saying how to install it, when the extra or Tesseract's English data is missing.

Why Tesseract through tesserocr: measured in docs/ocr.md (bench/ocr_accuracy.py). Its threads
are pinned to one (OMP_THREAD_LIMIT, read when libgomp starts: set before tesserocr is
imported); one engine is kept per process, so the reading process loads it once. A line read
under QUOTE_FLOOR, or with ink beside it that no line holds, is read again on its own
(`reread`), and a reading the re-reads agree on replaces it when Tesseract is surer of it. The pages of one file are read on several
cores by ocrpool.py (`jobs`).
"""
from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Callable

from ..errors import ReadError
from ..types import Line, ReadResult
from .ocrcache import PageCache, file_digest, page_key

DPI = 200                  # PDF pages are rendered at this resolution (docs/ocr.md)
MAX_PIXELS = 64_000_000    # a bigger image or rendered page is scaled down to this many pixels
# Confidence below which a line is matched but never quoted (quote/lines.py). Measured by
# bench/ocr_floor.py (docs/ocr.md): the lowest band edge at which the lines with a figure at or
# above it say only words their page's text layer says, 95% of the time (96% at 95; 88% at 90).
QUOTE_FLOOR = 95.0
# Seconds Tesseract may spend on one page (or image frame), and on each re-read of one of its
# lines: a page past it is named in a note and the others are read. Under the reading
# process's limit, which counts from each page done (on any of its OCR processes).
PAGE_SECONDS = 30.0
# Re-reading (docs/ocr.md, "Reading a line again"): a line under QUOTE_FLOOR, or with at least
# its height in dark pixels beside it (within REREAD_MARGIN of its height, left or right) that
# no line's box holds (a "$" Tesseract left out), is read again alone: its box widened by
# REREAD_MARGIN of its height across and REREAD_MARGIN_Y up and down, on a white border of
# half its height, as one text line (PSM 7), once at each of REREAD_SCALES. When every one of
# those readings says the same text, the lowest of their confidences is that reading's; it
# takes the line's place only when above the first reading's. (Taking the surest of several
# readings instead lifts chance misreadings over the floor: bench/ocr_floor.py.)
REREAD_MARGIN = 0.8
REREAD_MARGIN_Y = 0.3
REREAD_SCALES = (1, 2)
MAX_REREADS = 400  # lines a page, in reading order
REREAD = f"reread 2 agree floor {QUOTE_FLOOR:g} margin {REREAD_MARGIN:g}/{REREAD_MARGIN_Y:g} " \
    f"psm 7 scales {','.join(map(str, REREAD_SCALES))} max {MAX_REREADS}"  # in the cache key
TESSDATA = ("/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
            "/usr/share/tessdata", "/usr/local/share/tessdata")
INSTALL = ("pip install 'ask-engine[ocr]' (with Tesseract's English data: "
           "apt-get install tesseract-ocr-eng)")

_api = None  # this process's Tesseract, made on first use
_engine_tag: str | None = None  # Tesseract's version and its data's hash: part of a cache key
_cache_path: Path | None = None  # where pages read before are kept (use_cache)
_cache: PageCache | None = None  # that file, opened when the first page is read
# Called after each page or frame OCR'd (or found in the cache) with (done, total): the
# reading process sends it to the refresh for its progress line and its per-page deadline.
on_page: Callable[[int, int], None] | None = None


class PageTimeout(Exception):
    """Tesseract gave up on a page after PAGE_SECONDS."""


def use_cache(path: Path | None) -> None:
    """Keep OCR results in the SQLite file `path` (None: no cache) from now on; the file is
    made when the first page is read, so a folder without scans never gets one."""
    global _cache, _cache_path
    if _cache is not None:
        _cache.close()
    _cache, _cache_path = None, Path(path) if path is not None else None


def _page_cache() -> PageCache | None:
    global _cache
    if _cache is None and _cache_path is not None:
        _cache = PageCache(_cache_path)
    return _cache


def tessdata() -> str | None:
    """The folder holding eng.traineddata: $TESSDATA_PREFIX when set (only it, as Tesseract
    itself does), else the usual system folders. (tesserocr's wheel carries libtesseract but
    no language data; asked for none, it spins looking for its build's folder, so the folder
    is always given.)"""
    prefix = os.environ.get("TESSDATA_PREFIX")
    for folder in [prefix] if prefix else TESSDATA:
        if (Path(folder) / "eng.traineddata").is_file():
            return folder
    return None


def install_hint() -> str:
    """What to do so that OCR can run here, naming what is missing: the extra's packages, or
    (with them installed) Tesseract's English data."""
    if importlib.util.find_spec("tesserocr") is None or importlib.util.find_spec("pypdfium2") is None \
            or tessdata() is not None:  # nothing in particular is missing: the whole command
        return INSTALL
    if os.environ.get("TESSDATA_PREFIX"):
        return (f"Tesseract's English data is missing: TESSDATA_PREFIX={os.environ['TESSDATA_PREFIX']} "
                "holds no eng.traineddata (apt-get install tesseract-ocr-eng, or point TESSDATA_PREFIX "
                "at the folder that holds it)")
    return ("Tesseract's English data is missing (the OCR extra is installed): apt-get install "
            "tesseract-ocr-eng, or set TESSDATA_PREFIX to the folder holding eng.traineddata")


def available() -> bool:
    """Whether OCR can run here: tesserocr, pypdfium2 and the English data are installed."""
    return (importlib.util.find_spec("tesserocr") is not None
            and importlib.util.find_spec("pypdfium2") is not None and tessdata() is not None)


def _engine():
    global _api, _engine_tag
    if _api is None:
        if not available():
            raise ReadError("needs OCR, which is not installed", install_hint())
        os.environ.setdefault("OMP_THREAD_LIMIT", "1")  # Tesseract's OpenMP: one thread
        import tesserocr

        _api = tesserocr.PyTessBaseAPI(path=tessdata(), lang="eng")
        data = file_digest(Path(tessdata()) / "eng.traineddata")
        _engine_tag = (f"tesseract {_api.Version()} eng {data} psm {int(_api.GetPageSegMode())} "
                       f"{REREAD}")
    return _api


def recognise(image) -> list[tuple]:
    """(text, confidence 0-100, block number, x0, y0, x1, y1) for each line Tesseract reads,
    in its reading order; lines of only spaces are left out. From the page cache when this
    very image was read before; raises PageTimeout past PAGE_SECONDS."""
    api = _engine()
    image = _prepared(image)
    key, found = look_up(image)
    if found is None:
        found = _recognised(api, image)
        keep(key, found)
    return found


def look_up(image) -> tuple[str, list[tuple] | None]:
    """A prepared image's cache key, and its lines when the page cache holds them (the
    engine must be made: the key names it)."""
    cache = _page_cache()
    if cache is None:
        return "", None
    key = page_key(_engine_tag, image)
    return key, cache.get(key)


def keep(key: str, found: list[tuple]) -> None:
    """The lines of the page whose key is `key` into the page cache, if there is one."""
    cache = _page_cache()
    if cache is not None and key:
        cache.put(key, found)


def _recognised(api, image) -> list[tuple]:
    """The page's lines as Tesseract reads it, each unsure one read again (`reread`)."""
    found = _read(api, image)
    return reread(api, image, found)


def _read(api, image) -> list[tuple]:
    """(text, confidence, block, x0, y0, x1, y1) of each line Tesseract reads in `image` with
    the engine's page segmentation mode as it stands."""
    from tesserocr import RIL, iterate_level

    api.SetImage(image)
    if not api.Recognize(timeout=int(PAGE_SECONDS * 1000)):
        raise PageTimeout()
    out = []
    block = -1
    for r in iterate_level(api.GetIterator(), RIL.TEXTLINE):
        if r.IsAtBeginningOf(RIL.BLOCK):
            block += 1
        try:
            text = (r.GetUTF8Text(RIL.TEXTLINE) or "").strip()
        except RuntimeError:  # tesserocr's "No text returned": a page with nothing on it
            continue
        box = r.BoundingBox(RIL.TEXTLINE)
        if text and box:
            out.append((text, round(r.Confidence(RIL.TEXTLINE), 1), max(0, block), *box))
    return out


def reread(api, image, found: list[tuple]) -> list[tuple]:
    """`found` with each line that needs it (`_unsure`) read again alone, as one text line,
    once at each of REREAD_SCALES. The readings must agree, word for word: then their lowest
    confidence is theirs, and they take the line's place when that is above the first
    reading's (the floor is applied to it); a tie keeps the first reading, and so does a
    re-read that finds no line, or more than one. The line's block and box stay the page's.
    (A reading whose confidence is not above the first one's ends the line's re-reads: the
    lowest of them could not be.)"""
    from tesserocr import PSM

    gray = image.convert("L") if image.mode != "L" else image
    todo = [i for i in range(len(found)) if _unsure(gray, found, i)][:MAX_REREADS]
    if not todo:
        return found
    out = list(found)
    mode = api.GetPageSegMode()
    api.SetPageSegMode(PSM.SINGLE_LINE)
    try:
        for i in todo:
            agreed = _agreed(api, gray, found[i])
            if agreed is not None:
                out[i] = (*agreed, *found[i][2:])
    finally:
        api.SetPageSegMode(mode)
    return out


def _agreed(api, gray, line: tuple) -> tuple[str, float] | None:
    """(text, confidence) that every re-read of `line` gives, at the lowest confidence, when
    it is above the line's own; else None."""
    agreed: tuple[str, float] | None = None
    for crop in _crops(gray, line):
        again = _read(api, crop)
        if len(again) != 1 or again[0][1] <= line[1] or (agreed and again[0][0] != agreed[0]):
            return None
        agreed = (again[0][0], min(again[0][1], agreed[1])) if agreed else again[0][:2]
    return agreed


def _unsure(gray, found: list[tuple], i: int) -> bool:
    """Line i is read again: under QUOTE_FLOOR, or with ink beside its box (within
    REREAD_MARGIN of its height) that no line's box holds, at least its height in pixels."""
    text, confidence, _, x0, y0, x1, y1 = found[i]
    if confidence < QUOTE_FLOOR:
        return True
    from PIL import ImageDraw

    height = y1 - y0
    reach = int(REREAD_MARGIN * height)
    for left, right in ((max(0, x0 - reach), x0), (x1, min(gray.width, x1 + reach))):
        if right <= left or height <= 0:
            continue
        strip = gray.crop((left, y0, right, y1))
        draw = ImageDraw.Draw(strip)
        for j, other in enumerate(found):
            if j != i and other[3] < right and left < other[5] and other[4] < y1 and y0 < other[6]:
                draw.rectangle((other[3] - left, other[4] - y0, other[5] - left - 1,
                                other[6] - y0 - 1), fill=255)
        if sum(strip.histogram()[:128]) >= height:
            return True
    return False


def _crops(gray, line: tuple):
    """The line's box widened by the margins, on a white border of half its height, at each
    of REREAD_SCALES (Lanczos: the same pixels every time)."""
    from PIL import Image

    _, _, _, x0, y0, x1, y1 = line
    height = y1 - y0
    mx, my = int(REREAD_MARGIN * height), int(REREAD_MARGIN_Y * height)
    crop = gray.crop((max(0, x0 - mx), max(0, y0 - my), min(gray.width, x1 + mx),
                      min(gray.height, y1 + my)))
    pad = max(1, height // 2)
    canvas = Image.new("L", (crop.width + 2 * pad, crop.height + 2 * pad), 255)
    canvas.paste(crop, (pad, pad))
    for scale in REREAD_SCALES:
        yield canvas if scale == 1 else canvas.resize(
            (canvas.width * scale, canvas.height * scale), Image.LANCZOS)


def _prepared(image):
    """Upright (EXIF orientation), transparency on white, at most MAX_PIXELS pixels."""
    from PIL import Image, ImageOps

    image = ImageOps.exif_transpose(image)
    if image.mode in ("RGBA", "LA", "P", "PA"):
        rgba = image.convert("RGBA")
        image = Image.new("RGB", rgba.size, "white")
        image.paste(rgba, mask=rgba.getchannel("A"))
    if image.width * image.height > MAX_PIXELS:
        scale = (MAX_PIXELS / (image.width * image.height)) ** 0.5
        image = image.resize((max(1, int(image.width * scale)), max(1, int(image.height * scale))))
    return image


def rows(found: list[tuple]) -> list[tuple[str, float, bool]]:
    """Tesseract's lines (text, confidence, block, x0, y0, x1, y1; pixels, y down) as rows:
    (text, confidence, starts a new block). Lines of different blocks at one height, side by
    side, are one row, left to right, two spaces between them (a table Tesseract read column
    by column: a fee apart from its label), at the place of the first one read; its
    confidence is the lowest of its parts. Prose is never joined: not a line that reads as
    prose (_prose), nor any line of a block or a column (lines starting within a line's
    height of one another) where two lines and a third of them do. Stricter than PDF rows,
    which may join one prose piece: a scan has no drawing order to tell a column of text from
    a table's, and a row of two columns' half sentences is a wrong quote."""
    from .pdf.rows import CELL_SEPARATOR  # here: the pdf package imports this module

    prose_line = [_prose(item[0]) for item in found]

    def mostly(members: list[int]) -> bool:
        k = sum(prose_line[i] for i in members)
        return k >= 2 and 3 * k >= len(members)

    blocks: dict[int, list[int]] = {}
    for i, item in enumerate(found):
        blocks.setdefault(item[2], []).append(i)
    prose_block = {b: mostly(members) for b, members in blocks.items()}
    prose = []
    for i, (_, _, block, x0, y0, _, y1) in enumerate(found):
        column = [j for j, other in enumerate(found) if abs(other[3] - x0) <= y1 - y0]
        prose.append(prose_line[i] or prose_block[block] or mostly(column))
    joined: list[list[int]] = []
    for i, (_, _, block, x0, y0, x1, y1) in enumerate(found):
        middle, height = (y0 + y1) / 2, y1 - y0
        best, gap = None, None
        for row in joined:
            first = found[row[0]]
            off = abs(middle - (first[4] + first[6]) / 2)
            if (off > 0.5 * min(height, first[6] - first[4])
                    or any(found[j][2] == block for j in row)
                    or any(x0 < found[j][5] and found[j][3] < x1 for j in row)  # overlapping
                    or prose[i] or any(prose[j] for j in row)):
                continue
            if gap is None or off < gap:
                best, gap = row, off
        if best is None:
            joined.append([i])
        else:
            best.append(i)
    out = []
    for n, row in enumerate(joined):
        parts = sorted(row, key=lambda j: (found[j][3], j))
        text = CELL_SEPARATOR.join(found[j][0] for j in parts)
        new_block = n > 0 and found[row[0]][2] != found[joined[n - 1][0]][2]
        out.append((text, min(found[j][1] for j in row), new_block))
    return out


def _prose(text: str) -> bool:
    """Running text: four words or more that start with a letter, at least half of them in
    lower case. (pdf.rows counts every word: a fee cell such as "500 + actual cost" would read
    as prose, and a fee table's columns would never join.)"""
    words = [w for w in text.split() if w[0].isalpha()]
    return len(words) >= 4 and 2 * sum(w[0].islower() for w in words) >= len(words)


def lines(image, region: str = "") -> list[Line]:
    """An image's lines: locator `L3` (or `p3:L7` with region `p3`); a new block of text leaves
    a gap in the ordinals, as a blank line does in text, so the chunker sees the break."""
    return _as_lines(recognise(image), region)


def _as_lines(found: list[tuple], region: str) -> list[Line]:
    out: list[Line] = []
    ordinal = 0
    for text, confidence, new_block in rows(found):
        ordinal += 2 if new_block and out else 1
        locator = f"{region}:L{ordinal}" if region else f"L{ordinal}"
        out.append(Line(text=text, locator=locator, region=region, ordinal=ordinal, ocr=confidence))
    return out


def _require() -> None:
    """Refuse, saying how to install it, when OCR cannot run here."""
    if not available():
        raise ReadError("needs OCR, which is not installed", install_hint())


def read_image(path: Path) -> ReadResult:
    """An image file's lines: `L3` on the first frame; every further frame of a multi-page
    TIFF is a page of its own, `p2:L3` as in a PDF (its own region: no passage crosses it).
    The frames are read on up to ocrpool.jobs cores."""
    from PIL import Image, UnidentifiedImageError

    from . import ocrpool

    _require()  # refuse before opening when OCR is not installed
    Image.MAX_IMAGE_PIXELS = 4 * MAX_PIXELS  # past this Pillow refuses: a decompression bomb
    found: list[Line] = []
    try:
        with Image.open(path) as image:
            frames = getattr(image, "n_frames", 1)
        read = ocrpool.read([("image", str(path), frame) for frame in range(frames)], on_page)
    except UnidentifiedImageError:
        raise ReadError("not a readable image", "check that the file opens in an image viewer") from None
    except Image.DecompressionBombError:
        raise ReadError(f"image larger than {4 * MAX_PIXELS:,} pixels (a decompression bomb?)",
                        "scale the image down") from None
    for frame, page in enumerate(read):
        if page is None:
            raise ReadError(f"OCR took longer than {PAGE_SECONDS:g} s on "
                            + (f"page {frame + 1}" if frames > 1 else "the image"),
                            "scale the image down, or split it")
        found += _as_lines(page, region=f"p{frame + 1}" if frame else "")
    if not found:
        raise ReadError("OCR found no text in the image",
                        "check that the image holds text, upright and legible")
    return ReadResult(lines=tuple(found), kind="image")


def mostly_image(path: Path, numbers: list[int], share: float = 0.5) -> list[int]:
    """The pages among `numbers` on which one image covers at least `share` of the page: a
    scan, whatever few words its text layer has (pdfium's page objects, nothing rendered)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    out = []
    pdf = pdfium.PdfDocument(str(path))
    try:
        for number in numbers:
            page = pdf[number - 1]
            x0, y0, x1, y1 = page.get_mediabox()
            area = max(1.0, (x1 - x0) * (y1 - y0))
            for obj in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE], max_depth=2):
                left, bottom, right, top = obj.get_bounds()
                covered = (max(0.0, min(right, x1) - max(left, x0))
                           * max(0.0, min(top, y1) - max(bottom, y0)))
                if covered >= share * area:
                    out.append(number)
                    break
    finally:
        pdf.close()
    return out


def pdf_pages(path: Path, numbers: list[int]) -> tuple[dict[int, list[Line]], list[int]]:
    """The lines OCR finds on the PDF's pages `numbers` (1-based), each page rendered at DPI
    with pypdfium2, on up to ocrpool.jobs cores; and the pages Tesseract gave up on
    (PAGE_SECONDS). `on_page` hears of every page done, so the reading process's time limit
    counts per page, not per file."""
    from . import ocrpool

    _require()
    if on_page is not None:
        on_page(0, len(numbers))  # the pages' clock starts now (a rate from the first page on)
    read = ocrpool.read([("pdf", str(path), number) for number in numbers], on_page)
    found: dict[int, list[Line]] = {}
    left: list[int] = []
    for number, page in zip(numbers, read):
        if page is None:
            left.append(number)
        else:
            found[number] = _as_lines(page, region=f"p{number}")
    return found, left
