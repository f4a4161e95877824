"""engine/readers/ocrpool.py: a scanned file's pages OCR'd by several processes give the same
bytes as one after another, report every page, and survive a worker's death; `--jobs` limits
them. Real Tesseract on image-only PDFs and TIFFs drawn here."""
import os
import pickle
import signal
import time
from pathlib import Path

import pytest
from PIL import Image, ImageDraw

from engine import config
from engine.errors import ReadError
from engine.readers import ocr, ocrpool

if os.environ.get("ASK_REQUIRE_OCR") == "1" and not ocr.available():  # .ci/run installed it
    raise RuntimeError(f"ASK_REQUIRE_OCR=1 but OCR is not available: {ocr.INSTALL}")
pytestmark = pytest.mark.skipif(
    not ocr.available(),
    reason="OCR extra not installed: pip install 'ask-engine[ocr]' and apt-get install tesseract-ocr-eng")

FEES = [("Tree Cutting Permit", "$75 (per tree)"), ("Variance Permit", "$400 + actual cost"),
        ("Partition", "$500 + actual cost"), ("Appeal of Type 1 Decision", "$250"),
        ("Dock Review", "$2,500"), ("Sign Permit", "$40")]


def drawn(n: int) -> list[Image.Image]:
    """n pages, each different: a title, a sentence, and two fee rows set as a table (small
    type, so some lines are read again)."""
    pages = []
    for k in range(n):
        image = Image.new("L", (1700, 700), 255)
        draw = ImageDraw.Draw(image)
        draw.text((100, 80), f"Fee Schedule part {k + 1}", fill=0, font_size=44)
        draw.text((100, 200), f"The fees below take effect on April {k + 2}, 2024.", fill=0, font_size=30)
        for row, (label, fee) in enumerate(FEES[k % 3 * 2:k % 3 * 2 + 2]):
            draw.text((100, 320 + 70 * row), label, fill=0, font_size=24)
            draw.text((1000, 320 + 70 * row), fee, fill=0, font_size=24)
        pages.append(image)
    return pages


def scan_pdf(path: Path, n: int) -> Path:
    images = drawn(n)
    images[0].save(path, save_all=True, append_images=images[1:], resolution=200.0)
    return path


@pytest.fixture
def jobs():
    """Set ocrpool.jobs for a test; the pool is stopped and the setting put back after it."""
    before = ocrpool.jobs

    def set_jobs(n: int) -> None:
        ocrpool.jobs = n
    yield set_jobs
    ocrpool.close()
    ocrpool.jobs = before


def read_pages(pdf: Path, n: int):
    seen = []
    ocr.on_page = lambda done, total: seen.append((done, total))
    try:
        return ocr.pdf_pages(pdf, list(range(1, n + 1))), seen
    finally:
        ocr.on_page = None


def test_pages_read_by_two_processes_are_the_serial_reading_byte_for_byte(tmp_path, jobs):
    pdf = scan_pdf(tmp_path / "scan.pdf", 5)
    jobs(1)
    serial, seen_serial = read_pages(pdf, 5)
    jobs(2)
    parallel, seen_parallel = read_pages(pdf, 5)
    assert pickle.dumps(parallel) == pickle.dumps(serial)
    pages, left = serial
    assert left == [] and sorted(pages) == [1, 2, 3, 4, 5]
    assert [ln.text for ln in pages[1]][:1] == ["Fee Schedule part 1"]
    assert all(ln.locator == f"p{n}:L{ln.ordinal}" for n in pages for ln in pages[n])
    assert ocrpool._pool is not None  # it did run on the pool
    # every page reported, the count going up one at a time, whichever page finished
    assert seen_serial == seen_parallel == [(k, 5) for k in range(6)]


def test_the_frames_of_a_tiff_are_read_in_parallel_as_serially(tmp_path, jobs):
    images = drawn(3)
    tiff = tmp_path / "scan.tiff"
    images[0].save(tiff, save_all=True, append_images=images[1:], resolution=200.0)
    jobs(1)
    serial = ocr.read_image(tiff)
    jobs(2)
    assert pickle.dumps(ocr.read_image(tiff)) == pickle.dumps(serial)
    assert [ln.region for ln in serial.lines][0] == "" and serial.lines[-1].region == "p3"


def test_the_page_cache_is_written_by_the_reading_process_and_read_by_the_workers(tmp_path, jobs, monkeypatch):
    import sqlite3

    pdf = scan_pdf(tmp_path / "scan.pdf", 3)
    cache = tmp_path / "i.sqlite.ocr"
    monkeypatch.setattr(ocr, "_cache", None)
    ocr.use_cache(cache)
    try:
        jobs(2)
        first = ocr.pdf_pages(pdf, [1, 2, 3])
        with sqlite3.connect(cache) as db:
            assert db.execute("SELECT count(*) FROM pages").fetchone()[0] == 3
        ocrpool.close()  # new workers: they find every page in the cache
        assert ocr.pdf_pages(pdf, [1, 2, 3]) == first
        assert ocr._page_cache().hits == 0  # the workers looked it up, not this process
    finally:
        ocr.use_cache(None)


def test_a_killed_ocr_worker_costs_no_page(tmp_path, jobs):
    """A worker killed after the first page is back: the pages it had not sent back are read
    by this process, and the lines are the serial reading's."""
    pdf = scan_pdf(tmp_path / "scan.pdf", 4)
    jobs(1)
    serial, _ = read_pages(pdf, 4)
    jobs(2)
    killed = []

    def kill_one(done, total):
        if done == 1 and not killed:
            pid = next(iter(ocrpool._pool._processes))
            os.kill(pid, signal.SIGKILL)
            killed.append(pid)
    ocr.on_page = kill_one
    try:
        parallel = ocr.pdf_pages(pdf, [1, 2, 3, 4])
    finally:
        ocr.on_page = None
    assert killed and pickle.dumps(parallel) == pickle.dumps(serial)
    assert ocrpool._pool is None  # the broken pool was let go; the next file starts a new one


def _children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as f:
                    stat = f.read()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                out.append(int(entry))
    return out


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="needs /proc to find the OCR workers")
def test_a_killed_reading_process_leaves_no_ocr_worker_and_no_half_page(tmp_path):
    """The reading process is killed after its first page: its OCR workers die with it, and
    the pages in the cache are whole (the next read is the same as one without a cache)."""
    from engine.index.worker import ReadWorker

    pdf = scan_pdf(tmp_path / "scan.pdf", 4)
    cache = tmp_path / "i.sqlite.ocr"
    workers = []

    def kill_after_one(done, total):
        if done == 1:
            workers.extend(_children(worker.pid))
            os.kill(worker.pid, signal.SIGKILL)

    with ReadWorker(ocr_cache=cache, on_page=kill_after_one, ocr_jobs=2) as worker:
        with pytest.raises(ReadError) as info:
            worker.read(pdf)
    assert "killed" in info.value.message and len(workers) == 2
    deadline = time.monotonic() + 30
    while any(os.path.exists(f"/proc/{pid}") and "Z" != _state(pid) for pid in workers):
        assert time.monotonic() < deadline, "an OCR worker outlived its reading process"
        time.sleep(0.1)
    with ReadWorker(ocr_cache=cache, ocr_jobs=2) as worker:
        again = worker.read(pdf)
    with ReadWorker(ocr_jobs=1) as worker:
        fresh = worker.read(pdf)
    assert pickle.dumps(again) == pickle.dumps(fresh)


def _state(pid: int) -> str:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "gone"


def test_jobs_1_and_jobs_2_index_the_same_lines(tmp_path):
    """`ask --jobs 1` reads every page in the reading process, `--jobs 2` on two; the same
    folder answers the same, and the index holds the same lines."""
    import json

    from click.testing import CliRunner

    from engine.cli import main

    docs = tmp_path / "docs"
    docs.mkdir()
    scan_pdf(docs / "fees.pdf", 3)
    out = {}
    for n in (1, 2):
        index = tmp_path / f"jobs{n}.sqlite"
        r = CliRunner().invoke(main, ["What does a tree cutting permit cost?", "--docs", str(docs),
                                      "--index", str(index), "--embed-model", "none", "--jobs", str(n),
                                      "--candidates", "1", "--json"])
        assert r.exit_code in (0, 1), r.output
        answer = json.loads(r.stdout)
        doc_id = answer["candidates"][0]["doc_id"]
        r = CliRunner().invoke(main, ["--docs", str(docs), "--index", str(index), "--embed-model", "none",
                                      "--show", doc_id, "--json"])
        assert r.exit_code == 0, r.output
        out[n] = (answer["citations"], answer["refusal"], json.loads(r.stdout)["lines"])
    assert out[1] == out[2]
    assert any(ln["text"].startswith("Fee Schedule part 3") for ln in out[1][2])


def test_jobs_is_every_core_by_default_and_limits_the_processes():
    from engine.config import Config

    assert Config().ocr_jobs == 0 and config.jobs(0) == config.cores()
    assert config.jobs(1) == 1 and config.jobs(3) == 3
