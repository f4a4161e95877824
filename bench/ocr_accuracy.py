"""OCR engines measured on real pages: word accuracy against the text layer, pages/s, peak memory.

    python -m bench.ocr_accuracy [--docs ../shared/eval/cabinet] [--pages 30] [--dpi 200]
                                 [--engines tesserocr,rapidocr,pytesseract] [--no-all-cores]

Takes the PDFs of `--docs` that have a text layer, reads them as the engine's PDF reader does
(engine.readers.read: pypdf, rows joined), and samples `--pages` pages that have at least
MIN_WORDS words: round robin over the documents in sorted order, each document's pages taken
evenly spread. Each sampled page is rendered to a grayscale image with pypdfium2 at `--dpi`
(nothing is written into the repository: the images live in a temporary folder). Each engine
then OCRs every image in its own process (so ru_maxrss is that engine's own peak), first with
its threads pinned to 1, then at every core (unless --no-all-cores); the second run must give
the same text (it is checked) and is timed only.

Word accuracy of a page = 1 - (word-level Levenshtein distance between OCR words and
text-layer words) / (text-layer words), floored at 0, where words are what is left after NFKC,
lower-casing, and turning every character that is not a letter or digit into a space
("$75.00" -> "75 00"). A document's figure pools its pages (sum of distances / sum of reference
words). Word order counts, so a page whose columns or table cells OCR in another order than
the text layer's loses accuracy it would not lose as a quote; `recall` is order-free: the share
of the text layer's words (as a multiset) found in the OCR words. pages/s counts OCR time only
(after the engine is loaded); `load s` is the engine's start (import and models).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
import tempfile
import time
import unicodedata
from collections import Counter
from pathlib import Path

if __package__ in (None, ""):  # run as bench/ocr_accuracy.py: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "bench"

REPO = Path(__file__).resolve().parents[1]
CABINET = REPO.parent / "shared" / "eval" / "cabinet"
# "engine": the engine's own reader (engine/readers/ocr.py: tesserocr, then rows joined across
# blocks); "tesserocr": Tesseract's lines as it gives them
ENGINES = ("tesserocr", "rapidocr", "pytesseract", "engine")
MIN_WORDS = 20  # a page with fewer text-layer words says little about accuracy
TESSDATA = ("/usr/share/tesseract-ocr/5/tessdata", "/usr/share/tesseract-ocr/4.00/tessdata",
            "/usr/share/tessdata", "/usr/local/share/tessdata")


# -- words and distance -----------------------------------------------------------------
def words(text: str) -> list[str]:
    """NFKC, lower case, every run of non-letters-or-digits a separator."""
    return re.sub(r"[\W_]+", " ", unicodedata.normalize("NFKC", text).lower()).split()


def distance(a: list[str], b: list[str]) -> int:
    """Word-level Levenshtein distance (unit costs), two rows at a time."""
    if len(a) < len(b):
        a, b = b, a
    prev = list(range(len(b) + 1))
    for i, wa in enumerate(a, 1):
        cur = [i]
        for j, wb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (wa != wb)))
        prev = cur
    return prev[-1]


def found(ref: list[str], hyp: list[str]) -> int:
    """How many of the reference words (as a multiset) the OCR words hold."""
    have = Counter(hyp)
    return sum(min(n, have[w]) for w, n in Counter(ref).items())


# -- sampling and rendering --------------------------------------------------------------
def text_layer_pages(docs: Path) -> dict[str, dict[int, str]]:
    """{file name: {page: text}} for each PDF's pages with at least MIN_WORDS words."""
    from engine import readers
    from engine.errors import ReadError

    out: dict[str, dict[int, str]] = {}
    for path in sorted(docs.glob("*.pdf")):
        try:
            result = readers.read(path)
        except ReadError:
            continue
        pages: dict[int, list[str]] = {}
        for line in result.lines:
            if line.ocr is None:  # the text layer only: never a page the reader OCR'd
                pages.setdefault(int(line.region[1:]), []).append(line.text)
        kept = {n: "\n".join(t) for n, t in sorted(pages.items()) if len(words(" ".join(t))) >= MIN_WORDS}
        if kept:
            out[path.name] = kept
    return out


def sample(pages: dict[str, dict[int, str]], n: int) -> list[tuple[str, int]]:
    """n (document, page) pairs: round robin over the documents, each one's pages evenly spread."""
    per_doc = -(-n // max(1, len(pages)))
    spread: dict[str, list[int]] = {}
    for name, texts in pages.items():
        numbers = list(texts)
        step = len(numbers) / per_doc
        spread[name] = sorted({numbers[int(i * step)] for i in range(min(per_doc, len(numbers)))})
    chosen: list[tuple[str, int]] = []
    for k in range(per_doc):
        for name in pages:  # sorted by name: the same sample every run
            if k < len(spread[name]) and len(chosen) < n:
                chosen.append((name, spread[name][k]))
    return chosen


def render(docs: Path, chosen: list[tuple[str, int]], dpi: int, folder: Path) -> tuple[list[str], float]:
    """Each chosen page as a grayscale PNG in `folder`; the image names and seconds spent."""
    import pypdfium2 as pdfium

    names, started = [], time.perf_counter()
    for i, (name, page) in enumerate(chosen):
        pdf = pdfium.PdfDocument(str(docs / name))
        try:
            image = pdf[page - 1].render(scale=dpi / 72, grayscale=True).to_pil()
        finally:
            pdf.close()
        out = folder / f"{i:03d}.png"
        image.save(out)
        names.append(out.name)
    return names, time.perf_counter() - started


# -- the engines (each in its own process) ----------------------------------------------------
def tessdata() -> str:
    """The folder with eng.traineddata. tesserocr's wheel bundles libtesseract but no language
    data, and without a path it spins looking for it: the path is always given."""
    for folder in ([os.environ["TESSDATA_PREFIX"]] if os.environ.get("TESSDATA_PREFIX") else []) + list(TESSDATA):
        if (Path(folder) / "eng.traineddata").is_file():
            return folder
    raise SystemExit("no eng.traineddata: apt-get install tesseract-ocr-eng")


def load(engine: str, threads: int):
    """A function image -> [(line text, confidence 0-100)] for the named engine."""
    if engine == "engine":
        from engine.readers import ocr

        ocr.use_cache(None)
        return lambda image: [(ln.text, ln.ocr) for ln in ocr.lines(image)]
    if engine == "tesserocr":
        import tesserocr
        from tesserocr import RIL, iterate_level

        api = tesserocr.PyTessBaseAPI(path=tessdata(), lang="eng")

        def run(image):
            # a copy: handed the PNG file's own image object, tesserocr passes Tesseract the
            # file's bytes, and Tesseract then reads small type far worse (94 words against
            # 463 on the ca_warn_report page); the engine always hands it a fresh image
            api.SetImage(image.copy())
            api.Recognize()
            lines = []
            for r in iterate_level(api.GetIterator(), RIL.TEXTLINE):
                text = (r.GetUTF8Text(RIL.TEXTLINE) or "").strip()
                if text:
                    lines.append((text, r.Confidence(RIL.TEXTLINE)))
            return lines
        return run
    if engine == "pytesseract":
        import pytesseract

        def run(image):
            d = pytesseract.image_to_data(image, lang="eng", output_type=pytesseract.Output.DICT,
                                          config=f"--tessdata-dir {tessdata()}")
            lines: dict[tuple, list] = {}
            for i, word in enumerate(d["text"]):
                if word.strip():
                    key = (d["block_num"][i], d["par_num"][i], d["line_num"][i])
                    lines.setdefault(key, []).append((word, float(d["conf"][i])))
            return [(" ".join(w for w, _ in ws), sum(c for _, c in ws) / len(ws))
                    for _, ws in sorted(lines.items())]
        return run
    if engine == "rapidocr":
        import cv2
        import numpy as np
        from rapidocr_onnxruntime import RapidOCR

        cv2.setNumThreads(threads)
        ocr = RapidOCR(intra_op_num_threads=threads, inter_op_num_threads=1)

        def run(image):
            result, _ = ocr(np.asarray(image.convert("RGB")))
            return rows(result or [])
        return run
    raise SystemExit(f"unknown engine {engine}")


def rows(boxes) -> list[tuple[str, float]]:
    """RapidOCR's boxes (corners, text, score 0-1) as lines: boxes whose vertical middles fall
    inside one another's height are one line, left to right; lines top to bottom."""
    items = sorted(((min(p[1] for p in b), max(p[1] for p in b), min(p[0] for p in b), t, s)
                    for b, t, s in boxes), key=lambda x: (x[0], x[2]))
    lines: list[list] = []
    for top, bottom, left, text, score in items:
        middle = (top + bottom) / 2
        if lines and lines[-1][0] <= middle <= lines[-1][1]:
            lines[-1][2].append((left, text, score))
        else:
            lines.append([top, bottom, [(left, text, score)]])
    out = []
    for _, _, parts in lines:
        parts.sort()  # by left edge, then text: a total order
        out.append((" ".join(t for _, t, _ in parts), 100 * sum(s for *_, s in parts) / len(parts)))
    return out


def child(engine: str, threads: int, folder: str, out_path: str) -> None:
    from PIL import Image

    started = time.perf_counter()
    run = load(engine, threads)
    loaded = time.perf_counter() - started
    pages, spent = [], 0.0
    for name in sorted(os.listdir(folder)):
        with Image.open(Path(folder) / name) as image:
            image.load()
            t = time.perf_counter()
            lines = run(image)
            spent += time.perf_counter() - t
        pages.append(lines)
    Path(out_path).write_text(json.dumps({"load_s": loaded, "ocr_s": spent, "pages": pages}),
                              encoding="utf-8")


def available(engine: str) -> bool:
    module = {"engine": "tesserocr", "tesserocr": "tesserocr", "pytesseract": "pytesseract", "rapidocr": "rapidocr_onnxruntime"}[engine]
    import importlib.util
    if importlib.util.find_spec(module) is None:
        return False
    if engine == "pytesseract":
        import shutil
        return shutil.which("tesseract") is not None
    return True


def env_for(threads: int) -> dict:
    """Every thread pool an engine may use, pinned: Tesseract's OpenMP, onnxruntime's and
    OpenCV's own pools are set in load()."""
    n = str(threads)
    return {"OMP_THREAD_LIMIT": n, "OMP_NUM_THREADS": n, "OPENBLAS_NUM_THREADS": n, "MKL_NUM_THREADS": n}


# -- the table ----------------------------------------------------------------------------------
def score(chosen, refs, pages) -> tuple[dict, dict]:
    """Per document: reference words, distance, found; and the same pooled over all pages."""
    per_doc: dict[str, list[int]] = {}
    for (name, page), lines in zip(chosen, pages):
        ref = words(refs[name][page])
        hyp = words("\n".join(t for t, _ in lines))
        d = per_doc.setdefault(name, [0, 0, 0, 0])
        d[0] += len(ref)
        d[1] += min(len(ref), distance(ref, hyp))
        d[2] += found(ref, hyp)
        d[3] += 1
    total = [sum(v[i] for v in per_doc.values()) for i in range(4)]
    return per_doc, {"ref": total[0], "dist": total[1], "found": total[2], "pages": total[3]}


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        engine, threads, folder, out_path = sys.argv[2:6]
        child(engine, int(threads), folder, out_path)
        return
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", default=str(CABINET))
    ap.add_argument("--pages", type=int, default=30)
    ap.add_argument("--dpi", type=int, default=200)
    ap.add_argument("--engines", default=",".join(ENGINES))
    ap.add_argument("--no-all-cores", action="store_true", help="only the one-thread runs")
    ap.add_argument("--json", default=None, help="also write every figure to this file")
    a = ap.parse_args()
    from . import children

    docs = Path(a.docs)
    refs = text_layer_pages(docs)
    chosen = sample(refs, a.pages)
    cores = os.cpu_count() or 1
    engines = [e for e in a.engines.split(",") if e]
    missing = [e for e in engines if not available(e)]
    print(f"machine: {cores} cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print(f"pages: {len(chosen)} from {len({n for n, _ in chosen})} documents at {a.dpi} dpi"
          + (f"; not installed: {', '.join(missing)}" if missing else ""))
    report: dict = {"cores": cores, "dpi": a.dpi, "pages": chosen, "runs": {}}
    with tempfile.TemporaryDirectory(prefix="ask-ocr-bench-") as tmp:
        folder = Path(tmp) / "pages"
        folder.mkdir()
        _, rendering = render(docs, chosen, a.dpi, folder)
        print(f"rendering (pypdfium2): {len(chosen) / rendering:.1f} pages/s")
        for engine in [e for e in engines if e not in missing]:
            configs = [1] + ([cores] if cores > 1 and not a.no_all_cores else [])
            first = None
            for threads in configs:
                out = Path(tmp) / f"{engine}-{threads}.json"
                c = children.run("bench.ocr_accuracy", ["--child", engine, str(threads), str(folder),
                                                        str(out)], out, env_for(threads))
                r = c.result
                row = {"threads": threads, "load_s": r["load_s"], "pages_per_s": len(chosen) / r["ocr_s"],
                       "peak_mib": c.peak_mb}
                if first is None:
                    first = r["pages"]
                    per_doc, total = score(chosen, refs, r["pages"])
                    row.update(per_doc=per_doc, total=total)
                else:
                    row["same_text"] = r["pages"] == first
                report["runs"][f"{engine}@{threads}"] = row
                print(f"  {engine} at {threads} thread{'s' if threads > 1 else ''}: "
                      f"{row['pages_per_s']:.2f} pages/s, load {row['load_s']:.1f} s, "
                      f"peak {row['peak_mib']:.0f} MiB" + (f", same text as at 1: {row['same_text']}"
                                                           if "same_text" in row else ""))
    print()
    print("\n".join(table(report, [e for e in engines if e not in missing])))
    if a.json:
        Path(a.json).write_text(json.dumps(report, indent=1), encoding="utf-8")


def table(report: dict, engines: list[str]) -> list[str]:
    """The Markdown tables: word accuracy (and recall) per document, then speed and memory."""
    runs = report["runs"]
    docs = sorted({n for n, _ in report["pages"]})
    head = "| document | pages | words | " + " | ".join(f"{e} acc / recall" for e in engines) + " |"
    out = [head, "|" + " --- |" * (3 + len(engines))]

    def cell(d):
        return f"{1 - d[1] / d[0]:.3f} / {d[2] / d[0]:.3f}" if d[0] else "-"
    for name in docs:
        first = runs[f"{engines[0]}@1"]["per_doc"][name]
        out.append(f"| {name} | {first[3]} | {first[0]} | "
                   + " | ".join(cell(runs[f"{e}@1"]["per_doc"][name]) for e in engines) + " |")
    tot = [runs[f"{e}@1"]["total"] for e in engines]
    out.append(f"| **all pages** | {tot[0]['pages']} | {tot[0]['ref']} | "
               + " | ".join(cell([t["ref"], t["dist"], t["found"]]) for t in tot) + " |")
    out += ["", "| engine | threads | pages/s | load s | peak MiB | same text as 1 thread |",
            "| --- | --- | --- | --- | --- | --- |"]
    for key, r in runs.items():
        out.append(f"| {key.split('@')[0]} | {r['threads']} | {r['pages_per_s']:.2f} | {r['load_s']:.1f} | "
                   f"{r['peak_mib']:.0f} | {'-' if 'same_text' not in r else ('yes' if r['same_text'] else 'NO')} |")
    return out


if __name__ == "__main__":
    main()
