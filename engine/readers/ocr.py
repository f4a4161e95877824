"""OCR reader (Tesseract through tesserocr, the optional extra `ask-engine[ocr]`): an image file
(.png .jpg .jpeg .tif .tiff) or a PDF page without a text layer in; out, one Line per text line
Tesseract finds, each marked with Tesseract's confidence in it (Line.ocr, 0-100). Refuses, with
a ReadError saying how to install it, when the extra or Tesseract's English data is missing.

Why Tesseract through tesserocr: measured in docs/ocr.md (bench/ocr_accuracy.py). Its threads
are pinned to one (OMP_THREAD_LIMIT, read when libgomp starts: set before tesserocr is
imported); one engine is kept per process, so the reading process loads it once.
"""
from __future__ import annotations

import importlib.util
import os
import time
from pathlib import Path

from ..errors import ReadError
from ..types import Line, ReadResult

DPI = 200                  # PDF pages are rendered at this resolution (docs/ocr.md)
MAX_PIXELS = 64_000_000    # a bigger image or rendered page is scaled down to this many pixels
QUOTE_FLOOR = 60.0         # confidence below which a line is matched but never quoted (quote/lines.py)
# Seconds one PDF may spend on OCR before its remaining pages are named in a note instead:
# under the reading process's 60 s per file, until reading keeps OCR'd pages page by page.
FILE_BUDGET = 40.0
TESSDATA = ("/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
            "/usr/share/tessdata", "/usr/local/share/tessdata")
INSTALL = ("pip install 'ask-engine[ocr]' (with Tesseract's English data: "
           "apt-get install tesseract-ocr-eng)")

_api = None  # this process's Tesseract, made on first use


def tessdata() -> str | None:
    """The folder holding eng.traineddata: $TESSDATA_PREFIX, else the usual system folders.
    (tesserocr's wheel carries libtesseract but no language data; asked for none, it spins
    looking for its build's folder, so the folder is always given.)"""
    prefix = os.environ.get("TESSDATA_PREFIX")
    for folder in ([prefix] if prefix else []) + list(TESSDATA):
        if (Path(folder) / "eng.traineddata").is_file():
            return folder
    return None


def available() -> bool:
    """Whether OCR can run here: tesserocr, pypdfium2 and the English data are installed."""
    return (importlib.util.find_spec("tesserocr") is not None
            and importlib.util.find_spec("pypdfium2") is not None and tessdata() is not None)


def _engine():
    global _api
    if _api is None:
        if not available():
            raise ReadError("needs OCR, which is not installed", INSTALL)
        os.environ.setdefault("OMP_THREAD_LIMIT", "1")  # Tesseract's OpenMP: one thread
        import tesserocr

        _api = tesserocr.PyTessBaseAPI(path=tessdata(), lang="eng")
    return _api


def recognise(image) -> list[tuple[str, float, bool]]:
    """(text, confidence 0-100, starts a new block) for each line Tesseract reads, in its
    reading order; lines of only spaces are left out."""
    from tesserocr import RIL, iterate_level

    api = _engine()
    api.SetImage(_prepared(image))
    api.Recognize()
    out = []
    for r in iterate_level(api.GetIterator(), RIL.TEXTLINE):
        try:
            text = (r.GetUTF8Text(RIL.TEXTLINE) or "").strip()
        except RuntimeError:  # tesserocr's "No text returned": a page with nothing on it
            continue
        if text:
            out.append((text, round(r.Confidence(RIL.TEXTLINE), 1), r.IsAtBeginningOf(RIL.BLOCK)))
    return out


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


def lines(image, region: str = "") -> list[Line]:
    """An image's lines: locator `L3` (or `p3:L7` with region `p3`); a new block of text leaves
    a gap in the ordinals, as a blank line does in text, so the chunker sees the break."""
    out: list[Line] = []
    ordinal = 0
    for text, confidence, new_block in recognise(image):
        ordinal += 2 if new_block and out else 1
        locator = f"{region}:L{ordinal}" if region else f"L{ordinal}"
        out.append(Line(text=text, locator=locator, region=region, ordinal=ordinal, ocr=confidence))
    return out


def read_image(path: Path) -> ReadResult:
    """An image file's lines: `L3` on the first frame; every further frame of a multi-page
    TIFF is a page of its own, `p2:L3` as in a PDF (its own region: no passage crosses it)."""
    from PIL import Image, UnidentifiedImageError

    _engine()  # refuse before opening when OCR is not installed
    Image.MAX_IMAGE_PIXELS = 4 * MAX_PIXELS  # past this Pillow refuses: a decompression bomb
    found: list[Line] = []
    try:
        with Image.open(path) as image:
            for frame in range(getattr(image, "n_frames", 1)):
                image.seek(frame)
                image.load()
                found += lines(image, region=f"p{frame + 1}" if frame else "")
    except UnidentifiedImageError:
        raise ReadError("not a readable image", "check that the file opens in an image viewer") from None
    except Image.DecompressionBombError:
        raise ReadError(f"image larger than {4 * MAX_PIXELS:,} pixels (a decompression bomb?)",
                        "scale the image down") from None
    if not found:
        raise ReadError("OCR found no text in the image",
                        "check that the image holds text, upright and legible")
    return ReadResult(lines=tuple(found), kind="image")


def pdf_pages(path: Path, numbers: list[int], budget: float = FILE_BUDGET
              ) -> tuple[dict[int, list[Line]], list[int]]:
    """The lines OCR finds on the PDF's pages `numbers` (1-based), each page rendered at DPI
    with pypdfium2; and the pages not reached within `budget` seconds."""
    import pypdfium2 as pdfium

    _engine()
    started = time.monotonic()
    found: dict[int, list[Line]] = {}
    pdf = pdfium.PdfDocument(str(path))
    try:
        for i, number in enumerate(numbers):
            if time.monotonic() - started > budget:
                return found, numbers[i:]
            page = pdf[number - 1]
            width, height = page.get_size()  # points
            scale = min(DPI / 72, (MAX_PIXELS / max(1.0, width * height)) ** 0.5)
            image = page.render(scale=scale, grayscale=True).to_pil()
            found[number] = lines(image, region=f"p{number}")
    finally:
        pdf.close()
    return found, []
