"""Where OCR's confidence stops being safe to quote: Tesseract's per-line confidence against the
line's faithfulness to the text layer, on real pages.

    python -m bench.ocr_floor [--docs ../shared/eval/cabinet] [--pages 60] [--out bench/out]

Samples `--pages` pages with a text layer from the cabinet's PDFs, as bench/ocr_accuracy.py
does (same sample for the same count), renders each as the engine does (ocr.DPI, grayscale,
pypdfium2) and reads it with the engine's own `ocr.lines` (no page cache). Each OCR line is
scored against its page's text layer, whose words (bench.ocr_accuracy.words: NFKC, lower case,
punctuation a separator) form a multiset:

- a line is **faithful** when every one of its words is among the page's text-layer words: a
  quote of it would say nothing the document does not say (lenient: a misread word that
  happens to occur elsewhere on the page counts as right);
- a **figure line** holds a word with a digit; it is faithful on the same terms, its figures
  included. A misread figure is the costly kind of wrong quote.

The lines are grouped by confidence band; the table gives lines, faithful share, figure lines
and their faithful share, and word precision. QUOTE_FLOOR (engine/readers/ocr.py) is set from
it: the lowest band edge above which the bands' pooled figure lines are faithful at least
TARGET of the time (see docs/ocr.md for the figure and the choice).
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    __package__ = "bench"

from .ocr_accuracy import CABINET, render, sample, text_layer_pages, words  # noqa: E402

BANDS = (0, 30, 50, 60, 70, 80, 85, 90, 95, 101)
TARGET = 0.95  # share of figure lines that must be faithful above the floor


def score_lines(lines, ref: Counter) -> list[dict]:
    out = []
    for ln in lines:
        ws = words(ln.text)
        if not ws:
            continue
        right = sum(1 for w in ws if ref[w] > 0)
        out.append({"confidence": ln.ocr, "words": len(ws), "right": right,
                    "faithful": right == len(ws), "figure": any(c.isdigit() for c in ln.text)})
    return out


def band_rows(scored: list[dict]) -> list[dict]:
    rows = []
    for lo, hi in zip(BANDS, BANDS[1:]):
        inside = [s for s in scored if lo <= s["confidence"] < hi]
        figures = [s for s in inside if s["figure"]]
        rows.append({
            "band": f"{lo}-{min(hi, 100)}", "lo": lo, "lines": len(inside),
            "faithful": _share(sum(s["faithful"] for s in inside), len(inside)),
            "figure_lines": len(figures),
            "figure_faithful": _share(sum(s["faithful"] for s in figures), len(figures)),
            "word_precision": _share(sum(s["right"] for s in inside), sum(s["words"] for s in inside)),
        })
    return rows


def floor_for(scored: list[dict]) -> int:
    """The lowest band edge whose lines at or above it have figure lines faithful >= TARGET."""
    for lo in BANDS[:-1]:
        figures = [s for s in scored if s["figure"] and s["confidence"] >= lo]
        if figures and sum(s["faithful"] for s in figures) / len(figures) >= TARGET:
            return lo
    return BANDS[-2]


def _share(k: int, n: int) -> float | None:
    return round(k / n, 3) if n else None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--docs", type=Path, default=CABINET)
    ap.add_argument("--pages", type=int, default=60)
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent / "out")
    args = ap.parse_args()

    from PIL import Image

    from engine.readers import ocr

    if not ocr.available():
        sys.exit(f"OCR is not installed: {ocr.INSTALL}")
    ocr.use_cache(None)
    pages = text_layer_pages(args.docs)
    chosen = sample(pages, args.pages)
    scored: list[dict] = []
    with tempfile.TemporaryDirectory() as tmp:
        names, _ = render(args.docs, chosen, ocr.DPI, Path(tmp))
        for (name, page), image_name in zip(chosen, names):
            ref = Counter(words(pages[name][page]))
            with Image.open(Path(tmp) / image_name) as image:
                found = ocr.lines(image, region=f"p{page}")
            scored += score_lines(found, ref)
            print(f"{name} p{page}: {len(found)} lines", file=sys.stderr)
    rows = band_rows(scored)
    floor = floor_for(scored)
    report = {"pages": len(chosen), "documents": len({n for n, _ in chosen}), "lines": len(scored),
              "dpi": ocr.DPI, "target": TARGET, "floor": floor, "bands": rows}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "ocr_floor.json").write_text(json.dumps(report, indent=1) + "\n")
    md = [f"{len(scored)} OCR lines on {len(chosen)} pages of {report['documents']} cabinet PDFs "
          f"at {ocr.DPI} dpi", "",
          "| confidence | lines | faithful | figure lines | figure lines faithful | word precision |",
          "| --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        md.append(f"| {r['band']} | {r['lines']} | {_pct(r['faithful'])} | {r['figure_lines']} | "
                  f"{_pct(r['figure_faithful'])} | {_pct(r['word_precision'])} |")
    md += ["", f"Lowest floor with figure lines at or above it faithful >= {TARGET:.0%}: **{floor}**"]
    (args.out / "ocr_floor.md").write_text("\n".join(md) + "\n")
    print("\n".join(md))


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.0%}"


if __name__ == "__main__":
    main()
