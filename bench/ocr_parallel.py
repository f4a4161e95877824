"""OCR of a scanned PDF's pages on every core against one after another, in the same run.

    python -m bench.ocr_parallel [--docs ../shared/eval/cabinet] [--pages 16] [--jobs N]
                                 [--repeat 2] [--out bench/out]

Samples `--pages` pages with a text layer from the cabinet's PDFs as bench/ocr_accuracy.py
does (the same sample for the same count), renders each at the engine's DPI in grayscale with
pypdfium2 and saves them as one image-only PDF (Pillow: no text layer) in a temporary folder;
nothing is written into the repository. That PDF is then read the way a refresh reads it, by
the reading process (engine/index/worker.py ReadWorker, no page cache), first with ocr_jobs 1
(every page in the reading process, one after another), then with ocr_jobs `--jobs` (default:
every core; one forked Tesseract process per job, engine/readers/ocrpool.py), `--repeat` times
in turn. Each time counts the whole read: the reading process's start, the text layer, the
pool's start, rendering, OCR and re-reads. The parallel reading must give the same bytes as
the serial one (the pickled ReadResult, lines, locators, confidences and notes; checked every
time). Reported: each mode's best and median seconds, the ratio of the medians, pages/s, and
the load average before and after (the machine may be shared: read the figures with it).
"""
from __future__ import annotations

import argparse
import json
import os
import pickle
import statistics
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "bench"

from .ocr_accuracy import CABINET, render, sample, text_layer_pages  # noqa: E402


def image_only_pdf(folder: Path, names: list[str], target: Path, dpi: int) -> None:
    from PIL import Image

    images = [Image.open(folder / name) for name in names]
    try:
        images[0].save(target, save_all=True, append_images=images[1:], resolution=float(dpi))
    finally:
        for image in images:
            image.close()


def timed_read(path: Path, jobs: int):
    from engine.index.worker import ReadWorker

    started = time.perf_counter()
    with ReadWorker(ocr_cache=None, ocr_jobs=jobs) as worker:
        result = worker.read(path)
    return time.perf_counter() - started, result


def main() -> None:
    from engine import config
    from engine.readers import ocr

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", type=Path, default=CABINET)
    ap.add_argument("--pages", type=int, default=16)
    ap.add_argument("--jobs", type=int, default=0, help="OCR processes in the parallel run (0: every core)")
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "out")
    args = ap.parse_args()
    if not ocr.available():
        sys.exit(f"OCR is not installed: {ocr.INSTALL}")
    jobs = config.jobs(args.jobs)
    chosen = sample(text_layer_pages(args.docs), args.pages)
    seconds: dict[int, list[float]] = {1: [], jobs: []}
    same = True
    with tempfile.TemporaryDirectory(prefix="ask-ocr-parallel-") as tmp:
        names, _ = render(args.docs, chosen, ocr.DPI, Path(tmp))
        pdf = Path(tmp) / "scan.pdf"
        image_only_pdf(Path(tmp), names, pdf, ocr.DPI)
        load_before = os.getloadavg()
        reference = None
        for r in range(args.repeat):
            for n in (1, jobs):
                took, result = timed_read(pdf, n)
                seconds[n].append(took)
                blob = pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL)
                reference = reference or blob
                same = same and blob == reference
                print(f"round {r + 1}: ocr_jobs {n}: {took:.1f} s, {len(result.lines)} lines", file=sys.stderr)
        load_after = os.getloadavg()
    serial, parallel = statistics.median(seconds[1]), statistics.median(seconds[jobs])
    report = {"pages": len(chosen), "documents": len({n for n, _ in chosen}), "dpi": ocr.DPI,
              "cores": config.cores(), "jobs": jobs, "repeat": args.repeat,
              "seconds": {str(k): [round(s, 2) for s in v] for k, v in seconds.items()},
              "serial_median": round(serial, 2), "parallel_median": round(parallel, 2),
              "speedup": round(serial / parallel, 2), "identical": same,
              "load_before": [round(x, 2) for x in load_before],
              "load_after": [round(x, 2) for x in load_after]}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "ocr_parallel.json").write_text(json.dumps(report, indent=1) + "\n")
    print(f"{report['pages']} pages of {report['documents']} cabinet PDFs as one image-only PDF at "
          f"{ocr.DPI} dpi; {report['cores']} cores; load average before {load_before[0]:.2f}, "
          f"after {load_after[0]:.2f}")
    print("| ocr_jobs | runs (s) | median s | pages/s |")
    print("| --- | --- | --- | --- |")
    for n, runs in seconds.items():
        med = statistics.median(runs)
        print(f"| {n} | {', '.join(f'{s:.1f}' for s in runs)} | {med:.1f} | {len(chosen) / med:.2f} |")
    print(f"speedup {report['speedup']:.2f}x; parallel lines identical to serial: "
          f"{'yes' if same else 'NO'}")
    if not same:
        sys.exit(1)


if __name__ == "__main__":
    main()
