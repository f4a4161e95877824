"""Answers from scans: every golden question whose answer lies in a cabinet PDF, asked of the
cabinet as it is and of the cabinet with those PDFs replaced by image-only copies read by OCR.

    python -m bench.ocr_answers [--docs ../shared/eval/cabinet] [--out bench/out]
                                [--embed-model none] [--work DIR]

Two temporary folders hold the whole cabinet. In the second, every PDF named by an expected
quote of tests/data/cabinet_golden.jsonl is an image-only copy: each page rendered by pypdfium2
at the engine's DPI in grayscale and saved by Pillow (no text layer), so the engine reads all
of it by OCR. Nothing is copied into the repository. Both folders are indexed the same way
(words only unless --embed-model names a model) and asked every case with an expected quote
in one of those PDFs. Per case: pass or fail on each side, the first citation's locators and
lines, and whether the two quotes hold the same words (bench.ocr_accuracy.words: case,
punctuation and spacing aside); an answer whose quote lacks the expected text is counted
wrong ("**wrong**"; "fail" is no answer). Written to `--out`/ocr_answers.{json,md}. OCR's page cache
lives beside the indexes: in the temporary folder (a second run OCRs again), or in `--work`,
which is kept, so a second run there reads every page from the cache.
"""
from __future__ import annotations

import argparse
import fnmatch
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "bench"

from .ocr_accuracy import words  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
CABINET = REPO.parent / "shared" / "eval" / "cabinet"
GOLDEN = REPO / "tests" / "data" / "cabinet_golden.jsonl"


def image_only(source: Path, target: Path, dpi: int) -> int:
    """`source` as an image-only PDF at `target`; returns its page count."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(source))
    try:
        images = [pdf[i].render(scale=dpi / 72, grayscale=True).to_pil() for i in range(len(pdf))]
    finally:
        pdf.close()
    images[0].save(target, save_all=True, append_images=images[1:], resolution=float(dpi))
    return len(images)


def answer_docs(cases, names: list[str]) -> list[str]:
    return sorted({d for c in cases for e in c.expect for d in names
                   if d.endswith(".pdf") and fnmatch.fnmatch(d, e.path)})


def first_quote(answer) -> list[tuple[str, str]]:
    return [(ln.locator, ln.text) for cit in answer.citations[:1] for ln in cit.lines]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", type=Path, default=CABINET)
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "out")
    ap.add_argument("--embed-model", default="none")
    ap.add_argument("--work", type=Path, default=None,
                    help="keep the copies, indexes and OCR's page cache in this folder")
    args = ap.parse_args()

    from engine import Engine
    from engine.golden import passes, read
    from engine.readers import ocr

    if not ocr.available():
        sys.exit(f"OCR is not installed: {ocr.INSTALL}")
    names = sorted(p.name for p in args.docs.iterdir() if p.is_file())
    cases = [c for c in read(GOLDEN).cases if c.expect]
    scanned = answer_docs(cases, names)
    cases = [c for c in cases if any(fnmatch.fnmatch(d, e.path) for e in c.expect for d in scanned)]
    results: dict[str, dict] = {c.id: {"question": c.question} for c in cases}
    timing = {}
    with tempfile.TemporaryDirectory(prefix="ask-ocr-answers-") as tmp:
        root = args.work or Path(tmp)
        pages = 0
        for kind in ("text", "image"):
            (root / kind).mkdir(parents=True, exist_ok=True)
            for name in names:
                if kind == "image" and name in scanned:
                    pages += image_only(args.docs / name, root / kind / name, ocr.DPI)
                else:
                    shutil.copy2(args.docs / name, root / kind / name)
        for kind in ("text", "image"):
            started = time.perf_counter()
            with Engine(root / kind, index=root / f"{kind}.sqlite",
                        embed_model=args.embed_model) as eng:
                timing[kind] = round(time.perf_counter() - started, 1)
                print(f"{kind}: indexed in {timing[kind]} s", file=sys.stderr)
                for c in cases:
                    a = eng.ask(c.question)
                    quote = first_quote(a)
                    results[c.id][kind] = {
                        "pass": passes(c, a), "answered": bool(a.citations),
                        "path": a.citations[0].path if a.citations else None,
                        "quote": quote, "ocr": [ln.ocr for cit in a.citations[:1] for ln in cit.lines]}
    for r in results.values():
        r["same_words"] = ([words(t) for _, t in r["text"]["quote"]]
                           == [words(t) for _, t in r["image"]["quote"]])
    both = sum(r["text"]["pass"] and r["image"]["pass"] for r in results.values())
    summary = {"cases": len(cases), "scanned_pdfs": len(scanned), "scanned_pages": pages,
               "text_pass": sum(r["text"]["pass"] for r in results.values()),
               "image_pass": sum(r["image"]["pass"] for r in results.values()),
               # answered, and the quote lacks the expected text: a wrong answer
               "text_wrong": sum(r["text"]["answered"] and not r["text"]["pass"] for r in results.values()),
               "image_wrong": sum(r["image"]["answered"] and not r["image"]["pass"]
                                  for r in results.values()),
               "both_pass": both,
               "both_pass_same_words": sum(r["text"]["pass"] and r["image"]["pass"] and r["same_words"]
                                           for r in results.values()),
               "index_seconds": timing, "embed_model": args.embed_model}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "ocr_answers.json").write_text(
        json.dumps({"summary": summary, "cases": results}, indent=1, ensure_ascii=False) + "\n")
    md = [f"{summary['cases']} golden cases, {len(scanned)} PDFs ({pages} pages) image-only, "
          f"embed model {args.embed_model}: text layer {summary['text_pass']} pass "
          f"({summary['text_wrong']} wrong), OCR {summary['image_pass']} pass "
          f"({summary['image_wrong']} wrong), both {both} ({summary['both_pass_same_words']} with "
          "the same words quoted)", "",
          "| case | text layer | image-only (OCR) | same words |", "| --- | --- | --- | --- |"]
    for cid, r in results.items():
        md.append(f"| {cid} | {_cell(r['text'])} | {_cell(r['image'])} | "
                  f"{'yes' if r['same_words'] else 'no'} |")
    (args.out / "ocr_answers.md").write_text("\n".join(md) + "\n")
    print("\n".join(md))


def _cell(side: dict) -> str:
    verdict = "pass" if side["pass"] else "**wrong**" if side["answered"] else "fail"
    where = ", ".join(loc for loc, _ in side["quote"]) or "no answer"
    return f"{verdict} `{where}`"


if __name__ == "__main__":
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    main()
