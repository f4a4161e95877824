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


def test_image_files_are_read_through_the_registry(tmp_path):
    from engine import readers

    for suffix in (".png", ".jpg", ".jpeg", ".tif", ".tiff"):
        assert readers.supported(f"scan{suffix}")
    path = scanned(tmp_path / "scan.jpg")
    result = readers.read(path)
    assert result.kind == "image" and [ln.text for ln in result.lines] == PAGE


def test_every_frame_of_a_multi_page_tiff_is_read_as_a_page(tmp_path):
    """Frame 1 keeps the image's `L3`; frame 2 is page 2, `p2:L1`, in a region of its own."""
    first = Image.open(scanned(tmp_path / "scan.png"))
    second = Image.new("L", (1700, 300), 255)
    ImageDraw.Draw(second).text((100, 80), "Second page about dock permits.", fill=0, font_size=40)
    tiff = tmp_path / "scan.tiff"
    first.save(tiff, save_all=True, append_images=[second], resolution=200.0)
    result = ocr.read_image(tiff)
    assert [(ln.region, ln.text) for ln in result.lines] == [
        ("", PAGE[0]), ("", PAGE[1]), ("", PAGE[2]), ("p2", "Second page about dock permits.")]
    assert [ln.locator for ln in result.lines] == [f"L{ln.ordinal}" for ln in result.lines[:3]] + ["p2:L1"]
    assert result.notes == ()


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


def test_a_pdf_reads_its_scanned_page_by_ocr_and_its_text_page_as_text(tmp_path):
    """Page 1 has a text layer (never OCR'd: no mark), page 2 is the scan: its lines come
    after page 1's with page 2 locators, marked, and a note counts the page read by OCR. Read
    through the reading process, under its time and memory limits."""
    from pypdf import PdfWriter

    from engine.index.worker import ReadWorker
    from minipdf import write_pdf

    text = write_pdf(tmp_path / "text.pdf", [["Alfa bravo charlie is the text layer."]])
    scan = tmp_path / "scan.pdf"
    Image.open(scanned(tmp_path / "scan.png")).save(scan, resolution=200.0)
    both = tmp_path / "both.pdf"
    writer = PdfWriter()
    writer.append(str(text))
    writer.append(str(scan))
    writer.write(both)
    with ReadWorker() as worker:
        result = worker.read(both)
    assert [(ln.region, ln.text, ln.ocr is not None) for ln in result.lines] == [
        ("p1", "Alfa bravo charlie is the text layer.", False),
        ("p2", PAGE[0], True), ("p2", PAGE[1], True), ("p2", PAGE[2], True)]
    # line numbers on the page; where Tesseract sees a new block of text, a gap (as a blank line)
    assert [ln.locator for ln in result.lines][:2] == ["p1:L1", "p2:L1"]
    ordinals = [ln.ordinal for ln in result.lines[1:]]
    assert ordinals == sorted(set(ordinals)) and ordinals[1] == 3  # the blank line drawn
    assert all(ln.locator == f"p2:L{ln.ordinal}" for ln in result.lines[1:])
    assert result.notes == ("1 of 2 pages has no text layer: read by OCR (page 2)",)


def test_a_blank_page_is_still_named(tmp_path):
    from minipdf import write_pdf

    from engine import readers

    pdf = write_pdf(tmp_path / "blank.pdf", [["Alfa bravo."], []])
    assert readers.read(pdf).notes == (
        "1 of 2 pages has no text layer (scanned?): OCR found no text either (blank?) (page 2)",)
    with pytest.raises(ReadError) as info:
        readers.read(write_pdf(tmp_path / "blanks.pdf", [[], []]))
    assert info.value.message == "no text layer, and OCR found no text (blank pages?)"


# -- the mark through the index and the output ---------------------------------------------
QUESTION = "What is the fee for a tree removal permit?"


@pytest.fixture
def ask(tmp_path):
    """The command line on a folder holding the scanned page (scan.png) and a text note."""
    import json

    from click.testing import CliRunner

    from engine.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    scanned(docs / "scan.png")
    (docs / "notes.txt").write_text("The dock permit costs ten dollars.\n", encoding="utf-8")

    def _ask(*args, as_json=False):
        r = CliRunner().invoke(main, [*args, "--docs", str(docs), "--index", str(tmp_path / "i.sqlite"),
                                      "--embed-model", "none"] + (["--json"] if as_json else []))
        return r.exit_code, json.loads(r.stdout) if as_json else r.output
    return _ask


def test_an_ocr_line_is_quoted_with_its_mark_and_confidence(ask):
    code, out = ask(QUESTION, as_json=True)
    assert code == 0
    (line,) = out["citations"][0]["lines"]
    assert line["text"] == PAGE[1] and out["citations"][0]["path"] == "scan.png"
    assert line["ocr"] is True and ocr.QUOTE_FLOOR <= line["confidence"] <= 100
    code, text = ask(QUESTION)
    assert f"{line['locator']} (OCR)  {PAGE[1]}" in text
    code, md = ask(QUESTION, "--format", "md")
    assert f"> `{line['locator']}` (OCR) " in md
    code, out = ask("dock permit cost", as_json=True)  # a text line: no mark, no confidence
    assert set(out["citations"][0]["lines"][0]) == {"text", "locator", "score"}


def test_show_marks_the_lines_ocr_read(ask):
    doc_id = ask(QUESTION, as_json=True)[1]["citations"][0]["doc_id"]
    code, text = ask("--show", f"{doc_id}:L1")
    assert code == 0 and f"> L1 (OCR)  {PAGE[0]}" in text
    code, shown = ask("--show", doc_id, as_json=True)
    assert [ln["text"] for ln in shown["lines"]] == PAGE
    assert all(ln["ocr"] is True and ln["confidence"] >= ocr.QUOTE_FLOOR for ln in shown["lines"])


def test_status_counts_the_pages_ocr_read(ask):
    code, s = ask("--status", as_json=True)
    assert s["ocr_pages"] == 1 and s["ocr"] == [{"path": "scan.png", "pages": 1}]
    assert s["documents"] == {"image": 1, "text": 1}
    code, text = ask("--status")
    assert "OCR'd pages: 1 (in 1 file)\n  scan.png: 1 page\n" in text


def test_lines_below_the_confidence_floor_are_matched_but_never_quoted(ask, monkeypatch):
    """Every line of the scan below the floor: the passage still matches (--search finds it,
    with no line to show), but it is no answer: nothing in it may be quoted."""
    from engine.quote import lines as quote_lines

    monkeypatch.setattr(quote_lines, "QUOTE_FLOOR", 100.5)
    code, out = ask(QUESTION, as_json=True)
    assert code == 1 and not out["answered"] and out["refusal"]["reason"] == "no_relevant_line"
    code, hits = ask("--search", "tree removal permit", as_json=True)
    hit = next(h for h in hits if h["path"] == "scan.png")
    assert hit["line"] is None


def test_a_search_hit_carries_the_mark(ask):
    code, hits = ask("--search", "tree removal permit", as_json=True)
    hit = next(h for h in hits if h["path"] == "scan.png")
    assert hit["line"]["text"] == PAGE[1] and hit["line"]["ocr"] is True and hit["line"]["confidence"] > 0
