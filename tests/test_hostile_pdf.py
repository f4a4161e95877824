"""Hostile PDFs, every one generated (tests/hostile.py, tests/minipdf.py): cut short, not a PDF
at all, no pages, a page tree that loops, encrypted with and without a password, a page pypdf
cannot parse, a font that is not a font, decompression bombs, scans with no text layer.

Each gives readable lines with notes that name the pages concerned, or a ReadError that says
what is wrong and what to do, in plain words. Never a traceback, never pypdf's noise on the
terminal, never unbounded memory or time.
"""
from __future__ import annotations

import io
import sys
import time
import tracemalloc
import zlib
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

import hostile  # noqa: E402
from hostile import HOSTILE_FILES, SCANNED_ONLY, SCANNED_PAGES  # noqa: E402
from minipdf import RawPage, encrypt, pdf_bytes, scanned_page, write_pdf  # noqa: E402

from engine import readers  # noqa: E402
from engine.errors import ReadError  # noqa: E402
from engine.index.worker import ReadWorker  # noqa: E402
from engine.readers import ocr  # noqa: E402
from engine.readers.pdf import bombs, reading  # noqa: E402

PDF_KINDS = sorted(k for k in HOSTILE_FILES if k.startswith("pdf-"))
MiB = 1 << 20


@pytest.fixture(scope="module")
def cabinet(tmp_path_factory):
    return hostile.write_all(tmp_path_factory.mktemp("hostile-pdf"), PDF_KINDS)


def rows(result):
    return [(ln.locator, ln.text) for ln in result.lines]


def refusal(path: Path) -> ReadError:
    with pytest.raises(ReadError) as info:
        readers.read(path)
    return info.value


# ---------------------------------------------------------------- what the user sees

# kind -> (message, hint) of the ReadError, word for word
REFUSED = {
    "pdf-truncated": ("not a valid PDF: the file is cut short (no end-of-file marker)",
                      "copy or download it again: it was not saved in full"),
    "pdf-random-bytes": ("not a valid PDF: no PDF header (unknown binary content)",
                         "check that the file opens in a PDF viewer, or move it out of the "
                         "documents folder"),
    "pdf-png-renamed": ("not a valid PDF: it looks like a PNG image",
                        "it looks like a PNG image: rename it to .png"),
    "pdf-text-renamed": ("not a valid PDF: it holds plain text",
                         "rename it to .txt if it should be read as text"),
    "pdf-empty": ("not a valid PDF: the file is empty",
                  "replace it with a complete copy, or remove it"),
    "pdf-zero-pages": ("PDF has no pages", "check that the file opens in a PDF viewer"),
    "pdf-page-tree-loop": ("damaged PDF: its list of pages cannot be read (Detected cyclic "
                           "page references.)",
                           "check that the file opens in a PDF viewer; if it does, save a "
                           "fresh copy (print to PDF)"),
    "pdf-password": ("encrypted, needs a password",
                     "open it with its password and save an unencrypted copy (print to PDF, "
                     "or qpdf --password=... --decrypt)"),
    "pdf-decompression-bomb": ("looks like a decompression bomb: page 1 unpacks to more than "
                               "64 MiB",
                               "if the file is genuine, save a fresh copy (print to PDF) or "
                               "split it"),
    "pdf-nested-bomb": ("looks like a decompression bomb: page 1 unpacks to more than 64 MiB",
                        "if the file is genuine, save a fresh copy (print to PDF) or split it"),
    "pdf-scanned-only": (SCANNED_ONLY, "check that the scan is upright and legible"
                         if ocr.available() else
                         f"none of its 3 pages has text (scanned?): read it by OCR: {ocr.INSTALL}"),
}

# kind -> ((locator, text) of every line, notes), exactly
READ = {
    "pdf-rc4-empty-password": ([("p1:L1", "The RC4 locked notice: boats moor at pier 4.")],
                               ("encrypted, opened with empty password",)),
    "pdf-aes128-empty-password": ([("p1:L1", "The AES-128 notice: the ferry leaves at 9.")],
                                  ("encrypted, opened with empty password",)),
    "pdf-aes256-empty-password": ([("p1:L1", "The AES-256 notice: the lock keeper is Ines.")],
                                  ("encrypted, opened with empty password",)),
    "pdf-broken-page": ([("p1:L1", "Alfa page one reads fine."),
                         ("p3:L1", "Charlie page three reads fine.")],
                        ("text extraction failed on page 2 (skipped)",)),
    # with OCR the undecodable page is rendered (pdfium draws the glyphs) and read instead
    "pdf-bad-font": ([("p1:L1", "Delta page one has a real font."),
                      ("p2:L1", "Words drawn with a font that is not a font")],
                     ("1 of 2 pages has an undecodable or almost empty text layer: read by OCR "
                      "instead (page 2)",)) if ocr.available() else
                    ([("p1:L1", "Delta page one has a real font.")],
                     ("1 line of undecodable characters (\ufffd) dropped on page 2 (a font "
                      "without a character map)",)),
    "pdf-bomb-page": ([("p1:L1", "Echo page one is an ordinary page.")],
                      ("page 2: content that unpacks to more than 64 MiB skipped (a "
                       "decompression bomb?)",)),
    "pdf-bomb-in-a-form": ([("p1:L1", "Form bomb cover page.")],
                           ("page 2: content that unpacks to more than 64 MiB skipped (a "
                            "decompression bomb?)",)),
    "pdf-scanned-pages": ([("p1:L1", "Foxtrot: the only page with a text layer.")],
                          (f"3 of 4 pages have no text layer (scanned?): {SCANNED_PAGES} "
                           "(pages 2-4)",)),
}


def test_every_pdf_kind_has_its_exact_outcome_here():
    assert sorted([*REFUSED, *READ]) == PDF_KINDS
    assert all(HOSTILE_FILES[k].outcome == "failed" for k in REFUSED)
    assert all(HOSTILE_FILES[k].outcome == "ok" for k in READ)


@pytest.mark.parametrize("kind", sorted(REFUSED))
def test_refused_in_plain_words(kind, cabinet, capfd):
    err = refusal(cabinet[kind])
    assert (err.message, err.hint) == REFUSED[kind]
    assert capfd.readouterr() == ("", "")  # pypdf's warnings are counted, never printed


@pytest.mark.parametrize("kind", sorted(READ))
def test_read_with_notes_that_name_the_pages(kind, cabinet, capfd):
    result = readers.read(cabinet[kind])
    assert (rows(result), result.notes) == READ[kind]
    assert capfd.readouterr() == ("", "")


def test_the_hostile_pdfs_are_the_same_bytes_every_time(tmp_path, cabinet):
    """Encryption draws ids and salts at random; minipdf.encrypt seeds them."""
    again = hostile.write_all(tmp_path, PDF_KINDS)
    assert [k for k in PDF_KINDS if again[k].read_bytes() != cabinet[k].read_bytes()] == []


# ---------------------------------------------------------------- not a PDF, or cut short

@pytest.mark.parametrize("keep", [0.05, 0.25, 0.5, 0.75, 0.95])
def test_a_pdf_cut_anywhere_is_refused_as_cut_short(tmp_path, keep):
    data = pdf_bytes([["Alfa page one."], ["Bravo page two."], ["Charlie page three."]])
    p = tmp_path / "cut.pdf"
    p.write_bytes(data[: int(len(data) * keep)])
    assert refusal(p).message == "not a valid PDF: the file is cut short (no end-of-file marker)"


@pytest.mark.parametrize("data, message", [
    (b"\x1f\x8b\x08\x00" + bytes(60), "not a valid PDF: it looks like gzip-compressed data"),
    (b"PK\x03\x04" + bytes(60), "not a valid PDF: it looks like a zip archive or Office file"),
    (bytes(64), "not a valid PDF: it holds only NUL bytes"),
    (b"%PDF-1.7\n" + bytes(range(256)) * 4 + b"\n%%EOF\n",
     "not a valid PDF: damaged (pypdf:"),
])
def test_what_a_file_that_is_no_pdf_looks_like(tmp_path, data, message):
    p = tmp_path / "odd.pdf"
    p.write_bytes(data)
    assert refusal(p).message.startswith(message)


def test_a_pdf_behind_junk_still_opens(tmp_path):
    """Viewers accept up to 1 KiB of junk before the header; so does pypdf, and so does ask."""
    p = tmp_path / "junk.pdf"
    p.write_bytes(b"junk from a mail gateway\n" + pdf_bytes([["Golf page one."]]))
    assert [t for _, t in rows(readers.read(p))] == ["Golf page one."]


# ---------------------------------------------------------------- encryption

@pytest.mark.parametrize("algorithm", ["RC4-40", "RC4-128", "AES-128", "AES-256", "AES-256-R5"])
def test_an_empty_user_password_opens_every_algorithm(tmp_path, algorithm):
    p = tmp_path / "open.pdf"
    p.write_bytes(encrypt(pdf_bytes([["Hotel page one."]]), "", algorithm))
    result = readers.read(p)
    assert rows(result) == [("p1:L1", "Hotel page one.")]
    assert result.notes == ("encrypted, opened with empty password",)


@pytest.mark.parametrize("algorithm", ["RC4-128", "AES-256"])
def test_a_real_password_is_asked_for_not_guessed(tmp_path, algorithm):
    p = tmp_path / "locked.pdf"
    p.write_bytes(encrypt(pdf_bytes([["India page one."]]), "s3cret", algorithm))
    err = refusal(p)
    assert err.message == "encrypted, needs a password" and "password" in err.hint


def test_aes_needs_the_cryptography_package_and_it_is_installed():
    """pyproject.toml lists it: without it every AES file would fail to open."""
    import cryptography  # noqa: F401


# ---------------------------------------------------------------- broken pages

def test_a_broken_page_costs_only_itself(tmp_path):
    pages = [["Page one."], hostile.broken_page(), ["Page three."], hostile.broken_page(),
             hostile.broken_page(), hostile.broken_page(), ["Page seven."]]
    result = readers.read(write_pdf(tmp_path / "broken.pdf", pages))
    assert rows(result) == [("p1:L1", "Page one."), ("p3:L1", "Page three."),
                            ("p7:L1", "Page seven.")]
    assert result.notes == ("text extraction failed on pages 2, 4-6 (skipped)",)


def test_pypdf_really_cannot_parse_the_broken_page():
    """Guards the tests above: the page fails in pypdf itself, nothing is patched."""
    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(pdf_bytes([hostile.broken_page()])))
    with pytest.raises(Exception):
        reader.pages[0].extract_text()


def test_every_page_broken_is_refused(tmp_path):
    p = write_pdf(tmp_path / "all.pdf", [hostile.broken_page(), hostile.broken_page()])
    assert refusal(p).message == "text extraction failed on every page"


def test_a_font_that_is_not_a_font_leaves_no_replacement_characters(tmp_path):
    import pypdf

    p = write_pdf(tmp_path / "font.pdf", [hostile.bad_font_page()])
    raw = pypdf.PdfReader(str(p)).pages[0].extract_text()
    assert raw.strip() and not raw.strip().strip("\ufffd")  # pypdf: nothing but U+FFFD
    if ocr.available():  # the page is rendered and read by OCR instead
        (line,) = readers.read(p).lines
        assert (line.locator, line.text) == ("p1:L1", "Words drawn with a font that is not a font")
        assert line.ocr is not None
    else:
        err = refusal(p)
        assert err.message == "text cannot be decoded (a font without a character map): needs OCR"


@pytest.mark.parametrize("line, dropped", [
    ("\ufffd\ufffd\ufffd", True),
    (" \ufffd \ufffd ", True),
    ("\ufffd 12", False),   # a readable number stays
    ("Caf\ufffd hours", False),
    ("", False),
])
def test_undecodable(line, dropped):
    assert reading._undecodable(line) is dropped


# ---------------------------------------------------------------- scans

def test_pages_without_text_are_counted_and_named(tmp_path):
    pages = [["Juliet page one."], scanned_page(), RawPage(b""), ["Kilo page four."],
             *[scanned_page() for _ in range(3)]]
    result = readers.read(write_pdf(tmp_path / "scan.pdf", pages))
    assert rows(result) == [("p1:L1", "Juliet page one."), ("p4:L1", "Kilo page four.")]
    assert result.notes == (f"5 of 7 pages have no text layer (scanned?): {SCANNED_PAGES} "
                            "(pages 2, 3, 5-7)",)


def test_one_scanned_page_says_so_in_the_singular(tmp_path):
    result = readers.read(write_pdf(tmp_path / "scan.pdf", [["Lima."], scanned_page()]))
    assert result.notes == (f"1 of 2 pages has no text layer (scanned?): {SCANNED_PAGES} "
                            "(page 2)",)


def test_a_one_page_scan(tmp_path):
    err = refusal(write_pdf(tmp_path / "scan.pdf", [scanned_page()]))
    assert err.message == SCANNED_ONLY
    assert err.hint == ("check that the scan is upright and legible" if ocr.available() else
                        f"its only page has no text (scanned?): read it by OCR: {ocr.INSTALL}")


@pytest.mark.parametrize("numbers, said", [
    ([3], "page 3"),
    ([1, 2], "pages 1, 2"),
    ([2, 3, 4, 5, 9], "pages 2-5, 9"),
    (list(range(1, 301)), "pages 1-300"),
    (list(range(1, 40, 2)), "pages 1, 3, 5, 7, 9, 11, 13, 15, 17, 19 and 10 more"),
])
def test_page_lists(numbers, said):
    assert reading._pages(numbers) == said


# ---------------------------------------------------------------- decompression bombs

def test_the_bomb_is_real():
    """Guards the bomb tests: the stream inflates, Adler-32 checked by zlib, to what it says."""
    size = 40 * MiB
    head = b"BT (x) Tj ET\n"
    data = zlib.decompress(hostile.flate_bomb(size, head, b"%end"))
    assert len(data) >= size and data.startswith(head) and data.endswith(b" %end")
    assert len(hostile.flate_bomb()) < 1.1 * MiB  # 1 GiB from about 1 MiB


@pytest.mark.parametrize("split", [0, 1, 7, 65521, 100_000])
def test_adler32_combine(split):
    data = bytes(range(256)) * 800
    a, b = data[:split], data[split:]
    assert hostile.adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(data)


def test_a_1_gib_bomb_is_refused_in_bounded_memory_and_time(cabinet):
    path = cabinet["pdf-decompression-bomb"]
    tracemalloc.start()
    started = time.perf_counter()
    try:
        err = refusal(path)
        seconds = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert err.message.startswith("looks like a decompression bomb")
    assert seconds < 60  # a hang guard, not a timing: the machine is shared
    assert peak < 16 * MiB  # the file (1 MiB) and one slice, never the 64 MiB counted


def test_the_limit_is_a_setting_of_the_reader(tmp_path, monkeypatch):
    p = write_pdf(tmp_path / "b.pdf", [["Mike page one."], hostile.bomb_page(2 * MiB)])
    monkeypatch.setattr(bombs, "MAX_PAGE_UNPACKED", 1 * MiB)
    assert readers.read(p).notes == ("page 2: content that unpacks to more than 1 MiB skipped "
                                     "(a decompression bomb?)",)
    monkeypatch.setattr(bombs, "MAX_PAGE_UNPACKED", 4 * MiB)
    result = readers.read(p)  # under the limit: the page is read as any other
    assert rows(result) == [("p1:L1", "Mike page one."), ("p2:L1", "Bomb page text")]


def _pypdf_limits() -> bool:
    from pypdf import errors, filters

    return hasattr(errors, "LimitReachedError") and hasattr(filters, "ZLIB_MAX_OUTPUT_LENGTH")


@pytest.mark.skipif(not _pypdf_limits(), reason="this pypdf has no unpacking limit of its own")
@pytest.mark.parametrize("kind", ["pdf-bomb-page", "pdf-bomb-in-a-form"])
def test_pypdf_own_limit_is_the_second_guard(kind, cabinet, monkeypatch):
    """With the reader's check off, pypdf stops at its own limit (75 MB), and the note is the
    same: whether it raised (a content stream) or only logged and went on (a form)."""
    monkeypatch.setattr(bombs, "MAX_PAGE_UNPACKED", 1 << 40)
    started = time.perf_counter()
    result = readers.read(cabinet[kind])
    assert time.perf_counter() - started < 60  # a hang guard, not a timing: the machine is shared
    assert [t for _, t in rows(result)] == [READ[kind][0][0][1]]
    assert result.notes[0] == ("page 2: content that unpacks to more than 1024 GiB skipped "
                               "(a decompression bomb?)")


@pytest.mark.skipif(not _pypdf_limits(), reason="this pypdf has no unpacking limit of its own")
def test_pypdf_own_limit_catches_a_bomb_inside_a_bomb_too(cabinet, monkeypatch):
    monkeypatch.setattr(bombs, "MAX_PAGE_UNPACKED", 1 << 40)
    assert refusal(cabinet["pdf-nested-bomb"]).message.startswith("looks like a decompression bomb")


def test_the_reading_process_refuses_the_bomb_under_its_memory_limit(cabinet):
    """The backstop: the reading process runs under an address-space limit; the bomb is
    refused there in plain words, well inside it, and nothing crashes."""
    with ReadWorker(timeout=60, memory=1 << 30) as worker:
        with pytest.raises(ReadError) as info:
            worker.read(cabinet["pdf-decompression-bomb"])
        assert info.value.message.startswith("looks like a decompression bomb")
        result = worker.read(cabinet["pdf-bomb-page"])  # the same process reads on
        assert [t for _, t in rows(result)] == ["Echo page one is an ordinary page."]
