"""OCR (engine/readers/ocr.py) on a scanned page the test makes: text drawn into an image with
Pillow, saved as a PNG and as an image-only PDF (Pillow writes the image as the page, with no
text layer), then read back. Skipped only when the OCR extra is not installed."""
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from engine.errors import ReadError
from engine.readers import ocr

pytestmark = pytest.mark.skipif(
    not ocr.available(),
    reason="OCR extra not installed: pip install 'ask-engine[ocr]' and apt-get install tesseract-ocr-eng")

PAGE = [
    "Tree Permits",
    "The application fee for a tree removal permit is $75.00.",
    "A pruning permit costs $30.00 per address.",
]


def scanned(path: Path) -> Path:
    """PAGE drawn black on white at about 200 dpi, a blank line before the second paragraph."""
    image = Image.new("L", (1700, 600), 255)
    draw = ImageDraw.Draw(image)
    for y, text in ((80, PAGE[0]), (240, PAGE[1]), (320, PAGE[2])):
        draw.text((100, y), text, fill=0, font_size=40)
    image.save(path, resolution=200.0)
    return path


def test_an_image_file_reads_as_marked_lines(tmp_path):
    result = ocr.read_image(scanned(tmp_path / "scan.png"))
    assert result.kind == "image"
    assert [ln.text for ln in result.lines] == PAGE
    assert [ln.locator for ln in result.lines][0] == "L1"
    assert all(ln.locator == f"L{ln.ordinal}" and ln.region == "" for ln in result.lines)
    assert all(ln.ocr is not None and ln.ocr >= ocr.QUOTE_FLOOR for ln in result.lines)


def test_an_image_only_pdf_page_reads_with_page_locators(tmp_path):
    pdf = tmp_path / "scan.pdf"
    Image.open(scanned(tmp_path / "scan.png")).save(pdf, resolution=200.0)
    pages, left = ocr.pdf_pages(pdf, [1])
    assert left == []
    assert [ln.text for ln in pages[1]] == PAGE
    assert all(ln.locator == f"p1:L{ln.ordinal}" and ln.region == "p1" for ln in pages[1])
    assert all(ln.ocr is not None for ln in pages[1])


def test_an_image_without_text_is_refused(tmp_path):
    blank = tmp_path / "blank.png"
    Image.new("L", (400, 300), 255).save(blank)
    with pytest.raises(ReadError) as info:
        ocr.read_image(blank)
    assert info.value.message == "OCR found no text in the image"


def test_a_file_that_is_no_image_is_refused(tmp_path):
    fake = tmp_path / "logo.png"
    fake.write_text("png")
    with pytest.raises(ReadError) as info:
        ocr.read_image(fake)
    assert info.value.message == "not a readable image"
