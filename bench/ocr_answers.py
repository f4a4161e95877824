"""Spot check of answers from scans: golden questions about three short Rivergrove PDFs, asked
of the text-layer originals and of image-only copies read by OCR (needs the extra `ocr`).

    python -m bench.ocr_answers

Each PDF is copied into a temporary folder twice: as it is, and as an image-only PDF (every page
rendered by pypdfium2 at 200 dpi in grayscale, saved by Pillow: no text layer). Both folders are
indexed words only (--embed-model none) and asked the cases of tests/data/cabinet_golden.jsonl
whose expected quote is in one of the three; each answer's first citation is printed with
whether it passes. Nothing is copied into the repository. The whole-cabinet version is
listed in docs/ocr.md, "What remains".
"""
from __future__ import annotations

import fnmatch
import json
import shutil
import sys
import tempfile
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "bench"

REPO = Path(__file__).resolve().parents[1]
CABINET = REPO.parent / "shared" / "eval" / "cabinet"
GOLDEN = REPO / "tests" / "data" / "cabinet_golden.jsonl"
DOCS = ("rivergrove_resolution_300-2024_fee_schedule.pdf", "rivergrove_ordinance_88-2017_docks.pdf",
        "rivergrove_resolution_41425_public_records_policy.pdf")
DPI = 200


def image_only(source: Path, target: Path) -> None:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(source))
    try:
        images = [pdf[i].render(scale=DPI / 72, grayscale=True).to_pil() for i in range(len(pdf))]
    finally:
        pdf.close()
    images[0].save(target, save_all=True, append_images=images[1:], resolution=float(DPI))


def main() -> None:
    from engine import Engine
    from engine.golden import passes, read

    cases = [c for c in read(GOLDEN).cases if c.expect and any(
        fnmatch.fnmatch(d, e.path) for e in c.expect for d in DOCS)]
    with tempfile.TemporaryDirectory(prefix="ask-ocr-answers-") as tmp:
        root = Path(tmp)
        for kind in ("text", "image"):
            (root / kind).mkdir()
        for name in DOCS:
            shutil.copy(CABINET / name, root / "text" / name)
            image_only(CABINET / name, root / "image" / name)
        for kind in ("text", "image"):
            with Engine(root / kind, index=root / f"{kind}.sqlite", embed_model="none") as eng:
                for c in cases:
                    a = eng.ask(c.question)
                    quote = [(ln.locator, ln.text) for cit in a.citations[:1] for ln in cit.lines]
                    print(f"{kind:5} {'PASS' if passes(c, a) else 'FAIL'} {c.id}: "
                          f"{json.dumps(quote, ensure_ascii=False)}")


if __name__ == "__main__":
    main()
