"""engine/readers/ocr.reread: a line Tesseract was unsure of is read again alone, at each scale,
and a reading the re-reads agree on replaces it, at their lowest confidence, when that is above
the first reading's. Real Tesseract on an image drawn here; the page's first reading is given
by hand (a line under the floor, a "$" left outside a line's box, a box over nothing), so each
case is the one it says whatever this Tesseract makes of a whole page; the rule itself is
also checked on readings given by hand."""
import os

import pytest
from PIL import Image, ImageDraw

from engine.readers import ocr, ocrcache

if os.environ.get("ASK_REQUIRE_OCR") == "1" and not ocr.available():  # .ci/run installed it
    raise RuntimeError(f"ASK_REQUIRE_OCR=1 but OCR is not available: {ocr.INSTALL}")
pytestmark = pytest.mark.skipif(
    not ocr.available(),
    reason="OCR extra not installed: pip install 'ask-engine[ocr]' and apt-get install tesseract-ocr-eng")

LABEL, FEE = "Variance Permit", "$400 + actual cost"


def page():
    """A fee row drawn as a table: the label at the left, the fee far to the right; and the
    boxes of the label, the fee, and the fee without its "$"."""
    image = Image.new("L", (1700, 400), 255)
    draw = ImageDraw.Draw(image)
    draw.text((100, 100), LABEL, fill=0, font_size=40)
    draw.text((1000, 100), FEE, fill=0, font_size=40)
    label = draw.textbbox((100, 100), LABEL, font_size=40)
    fee = draw.textbbox((1000, 100), FEE, font_size=40)
    dollar = draw.textbbox((1000, 100), "$", font_size=40)
    return image, label, fee, dollar


def readings(image, line):
    """Every reading the re-read makes of `line`, by the reference route: each crop read as
    one text line."""
    from tesserocr import PSM

    api = ocr._engine()
    mode = api.GetPageSegMode()
    api.SetPageSegMode(PSM.SINGLE_LINE)
    try:
        return [ocr._read(api, crop) for crop in ocr._crops(image, line)]
    finally:
        api.SetPageSegMode(mode)


def test_a_line_under_the_floor_takes_the_reading_the_rereads_agree_on():
    image, label, _, _ = page()
    found = [("Varlance Perm1t", 40.0, 0, *label)]  # what an unsure first reading might say
    again = readings(image, found[0])
    assert len(again) == len(ocr.REREAD_SCALES) and all(len(r) == 1 for r in again)
    assert {r[0][0] for r in again} == {LABEL}  # every scale reads the label the same
    (kept,) = ocr.reread(ocr._engine(), image, found)
    assert kept[:2] == (LABEL, min(r[0][1] for r in again)) and kept[1] > 40.0
    assert kept[2:] == found[0][2:]  # block and box stay the page's


def test_ink_beside_a_line_that_no_line_holds_has_it_read_again():
    """A "$" left outside the fee's box: the line is read again though it is over the floor,
    and the reading holding the "$" takes its place when Tesseract is surer of it."""
    image, _, fee, dollar = page()
    cut = ("400 + actual cost", 90.0, 1, dollar[2] + 2, fee[1], fee[2], fee[3])
    sure = ("400 + actual cost", 99.9, 1, *cut[3:])
    assert ocr._unsure(image, [sure], 0)
    blank = image.copy()
    ImageDraw.Draw(blank).rectangle(dollar, fill=255)
    assert not ocr._unsure(blank, [sure], 0)  # nothing beside it: a sure line stays as read
    (kept,) = ocr.reread(ocr._engine(), image, [cut])
    assert kept[0] == FEE and kept[1] > 90.0


def test_the_first_reading_wins_a_tie_and_a_reread_that_finds_nothing():
    image, _, fee, dollar = page()
    cut = ("400 + actual cost", 90.0, 1, dollar[2] + 2, fee[1], fee[2], fee[3])
    low = min(r[0][1] for r in readings(image, cut))
    tied = ("400 + actual cost", low, 1, *cut[3:])  # as sure as the re-reads together
    ghost = ("ghost", 30.0, 2, 600, 250, 900, 290)  # a box over white paper
    assert ocr.reread(ocr._engine(), image, [tied, ghost]) == [tied, ghost]


@pytest.mark.parametrize("first, again, kept", [
    # (text, confidence) first read; what each scale's re-read gives; the line kept
    (("$5OO", 80.0), [[("$500", 97.0)], [("$500", 96.0)]], ("$500", 96.0)),  # agree: the lower
    (("$500", 73.1), [[("$500", 89.5)], [("$560", 93.2)]], ("$500", 73.1)),  # disagree: first
    (("$500", 90.0), [[("$500", 97.0)], [("$500", 90.0)]], ("$500", 90.0)),  # tie: first
    (("$500", 90.0), [[("$500", 97.0)], [("$5", 98.0), ("00", 98.0)]], ("$500", 90.0)),  # two lines
    (("$500", 90.0), [[]], ("$500", 90.0)),  # nothing read: no second re-read
    (("$500", 90.0), [[("$500", 89.0)]], ("$500", 90.0)),  # less sure: no second re-read
])
def test_the_rule_on_readings_given_by_hand(monkeypatch, first, again, kept):
    image, label, _, _ = page()
    calls = iter(again)
    monkeypatch.setattr(ocr, "_read", lambda api, crop: [(t, c, 0, 0, 0, 1, 1) for t, c in next(calls)])
    line = (*first, 3, *label)
    assert ocr.reread(ocr._engine(), image, [line]) == [(*kept, 3, *label)]
    assert next(calls, "all used") == "all used"  # and no re-read more than it needed


def test_the_same_page_always_keeps_the_same_readings():
    image, label, fee, dollar = page()
    found = [("Varlance Perm1t", 40.0, 0, *label),
             ("400 + actual cost", 90.0, 1, dollar[2] + 2, fee[1], fee[2], fee[3])]
    first = ocr.reread(ocr._engine(), image, found)
    assert all(ocr.reread(ocr._engine(), image, found) == first for _ in range(3))


def test_the_cache_key_names_the_reread():
    """Pages cached before re-reading (or with other re-read settings) are read afresh."""
    ocr._engine()
    assert ocr.REREAD in ocr._engine_tag and f"floor {ocr.QUOTE_FLOOR:g}" in ocr.REREAD
    image = page()[0]
    before = ocr._engine_tag.replace(" " + ocr.REREAD, "")
    assert ocrcache.page_key(ocr._engine_tag, image) != ocrcache.page_key(before, image)
