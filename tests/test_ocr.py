"""OCR (engine/readers/ocr.py) on a scanned page the test makes: text drawn into an image with
Pillow, saved as a PNG and as an image-only PDF (Pillow writes the image as the page, with no
text layer), then read back. Skipped only when the OCR extra is not installed."""
import os
import signal
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from engine.errors import ReadError
from engine.readers import ocr

if os.environ.get("ASK_REQUIRE_OCR") == "1" and not ocr.available():  # .ci/run installed it
    raise RuntimeError(f"ASK_REQUIRE_OCR=1 but OCR is not available: {ocr.INSTALL}")
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
    assert s["ocr_cache"]["path"].endswith("i.sqlite.ocr") and s["ocr_cache"]["bytes"] > 0
    assert f"OCR page cache: {s['ocr_cache']['path']} (" in text


def test_lines_below_the_confidence_floor_are_matched_but_never_quoted(ask, monkeypatch):
    """Every line of the scan below the floor: the passage still matches (--search finds it,
    with no line to show), but it is no answer: nothing in it may be quoted."""
    from engine.quote import lines as quote_lines

    monkeypatch.setattr(quote_lines, "QUOTE_FLOOR", 100.5)
    code, out = ask(QUESTION, as_json=True)
    assert code == 1 and not out["answered"] and out["refusal"]["reason"] == "no_relevant_line"
    assert "read by OCR with a confidence under" in out["refusal"]["message"]
    assert "scan.png" in out["refusal"]["message"]
    code, hits = ask("--search", "tree removal permit", as_json=True)
    hit = next(h for h in hits if h["path"] == "scan.png")
    assert hit["line"] is None


def test_a_search_hit_carries_the_mark(ask):
    code, hits = ask("--search", "tree removal permit", as_json=True)
    hit = next(h for h in hits if h["path"] == "scan.png")
    assert hit["line"]["text"] == PAGE[1] and hit["line"]["ocr"] is True and hit["line"]["confidence"] > 0


# -- the page cache, the per-page limit, reading again once OCR is installed ----------------
def scan_pdf(path: Path, pages: list[str]) -> Path:
    """An image-only PDF, one drawn page per text (each page different, so each its own key)."""
    images = []
    for text in pages:
        image = Image.new("L", (1700, 400), 255)
        ImageDraw.Draw(image).text((100, 150), text, fill=0, font_size=40)
        images.append(image)
    images[0].save(path, save_all=True, append_images=images[1:], resolution=200.0)
    return path


PAGES = ["The harbour fee is twelve dollars.", "The mooring fee is nine dollars.",
         "The launch fee is four dollars."]


def cached_pages(path: Path) -> int:
    import sqlite3

    with sqlite3.connect(path) as db:
        return db.execute("SELECT count(*) FROM pages").fetchone()[0]


def test_a_page_read_once_is_read_from_the_cache_after(tmp_path, monkeypatch):
    """The second read of the same pages, even in another file, runs no Tesseract at all."""
    from engine import readers

    pdf = scan_pdf(tmp_path / "scan.pdf", PAGES[:2])
    monkeypatch.setattr(ocr, "_cache", None)
    ocr.use_cache(tmp_path / "i.sqlite.ocr")
    try:
        first = readers.read(pdf)
        assert [ln.text for ln in first.lines] == PAGES[:2]
        assert cached_pages(tmp_path / "i.sqlite.ocr") == 2

        def no_tesseract(*_):
            raise AssertionError("Tesseract ran on a page the cache holds")

        monkeypatch.setattr(ocr, "_recognised", no_tesseract)
        copy = tmp_path / "renamed copy.pdf"
        copy.write_bytes(pdf.read_bytes())
        assert readers.read(copy) == first
    finally:
        ocr.use_cache(None)


def test_a_killed_reading_keeps_the_pages_it_finished(tmp_path):
    """The reading process is killed after reporting page 2 of 3: those two pages are kept,
    and the next read gives the same lines as a read without any cache."""
    from engine.index.worker import ReadWorker

    pdf = scan_pdf(tmp_path / "scan.pdf", PAGES)
    cache = tmp_path / "i.sqlite.ocr"
    seen = []

    def kill_after_two(done, total):
        seen.append((done, total))
        if done == 2:
            os.kill(worker.pid, signal.SIGKILL)

    with ReadWorker(ocr_cache=cache, on_page=kill_after_two) as worker:
        with pytest.raises(ReadError) as info:
            worker.read(pdf)
    assert "killed" in info.value.message and seen == [(0, 3), (1, 3), (2, 3)]
    assert cached_pages(cache) == 2
    with ReadWorker(ocr_cache=cache) as worker:
        again = worker.read(pdf)
    with ReadWorker() as worker:
        fresh = worker.read(pdf)
    assert again == fresh and [ln.text for ln in again.lines] == PAGES
    assert cached_pages(cache) == 3


def test_files_read_without_ocr_are_read_again_once_it_is_installed(tmp_path, monkeypatch):
    """Without the extra (no English data here), the image fails and the scanned page of the
    PDF is named "needs OCR"; with it, the next refresh reads those two files again, and only
    them, and the scan answers."""
    from engine.config import Config
    from engine.index import Store
    from engine.index.refresh import refresh
    from minipdf import write_pdf
    from pypdf import PdfWriter

    docs = tmp_path / "docs"
    docs.mkdir()
    scanned(docs / "scan.png")
    text = write_pdf(tmp_path / "text.pdf", [["Alfa bravo charlie is the text layer."]])
    writer = PdfWriter()
    writer.append(str(text))
    writer.append(str(scan_pdf(tmp_path / "s.pdf", PAGES[:1])))
    writer.write(docs / "mixed.pdf")
    (docs / "notes.txt").write_text("The dock permit costs ten dollars.\n", encoding="utf-8")
    store = Store(tmp_path / "i.sqlite")
    empty = tmp_path / "no-tessdata"
    empty.mkdir()
    monkeypatch.setenv("TESSDATA_PREFIX", str(empty))  # the reading process inherits it
    assert not ocr.available()
    before = refresh(store, docs, Config())
    assert dict(before.failed) == {"scan.png": "needs OCR, which is not installed"}
    assert "needs OCR" in store.documents()["mixed.pdf"].notes
    assert refresh(store, docs, Config()).read == 0  # still no OCR: nothing read again
    monkeypatch.delenv("TESSDATA_PREFIX")
    assert ocr.available()
    after = refresh(store, docs, Config())
    assert sorted(after.read_paths) == ["mixed.pdf", "scan.png"] and not after.failed
    assert store.documents()["mixed.pdf"].notes == "1 of 2 pages has no text layer: read by OCR (page 2)"
    assert refresh(store, docs, Config()).read == 0  # and never again


def test_a_scan_with_a_stamped_number_is_read_by_ocr_and_a_text_page_is_not(tmp_path):
    """A page whose text layer is only a stamp ("Page 7", fewer than ALMOST_NONE words) over
    a full-page image is a scan: OCR reads it, and its lines replace the stamp's. A page with
    the same stamp and no image, or with a sentence of text over an image, is never OCR'd."""
    from pypdf import PdfReader, PdfWriter

    from engine import readers
    from engine.readers.pdf.reading import ALMOST_NONE
    from minipdf import write_pdf

    image_pdf = scan_pdf(tmp_path / "image.pdf", PAGES[:1])
    size = PdfReader(str(image_pdf)).pages[0].mediabox
    assert len("Page 7".split()) < ALMOST_NONE <= len("Sentence of text over the image.".split())

    def stamped(name: str, text: str) -> Path:
        writer = PdfWriter()
        writer.append(str(image_pdf))
        stamp = PdfReader(str(write_pdf(tmp_path / f"{name}-stamp.pdf", [[text]]))).pages[0]
        writer.pages[0].merge_page(stamp)
        writer.pages[0].mediabox = size
        writer.write(tmp_path / f"{name}.pdf")
        return tmp_path / f"{name}.pdf"

    scan = readers.read(stamped("stamped", "Page 7"))
    assert [ln.text for ln in scan.lines] == PAGES[:1] and scan.lines[0].ocr is not None
    assert scan.notes == ("1 of 1 page has an undecodable or almost empty text layer: read by "
                          "OCR instead (page 1)",)
    text_over = readers.read(stamped("sentence", "Sentence of text over the image."))
    assert [(ln.text, ln.ocr) for ln in text_over.lines] == [("Sentence of text over the image.", None)]
    plain = readers.read(write_pdf(tmp_path / "plain.pdf", [["Page 7"]]))
    assert [(ln.text, ln.ocr) for ln in plain.lines] == [("Page 7", None)] and plain.notes == ()
