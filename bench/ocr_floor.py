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

Each page is read once by Tesseract and its lines are scored twice: as Tesseract first read
them (`ocr._read`), and as the engine keeps them after reading its unsure lines again
(`ocr.reread`, what `ocr.lines` gives): two tables from the same run. Below them, the lines
the re-reads lifted to the floor or above (on the page, no line at or above the floor had
that text before): how many, and how many of them are faithful, figure lines apart.
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
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


def floor_for(scored: list[dict]) -> int | None:
    """The lowest band edge whose lines at or above it have figure lines faithful >= TARGET;
    None when not even the top band's are."""
    for lo in BANDS[:-1]:
        figures = [s for s in scored if s["figure"] and s["confidence"] >= lo]
        if figures and sum(s["faithful"] for s in figures) / len(figures) >= TARGET:
            return lo
    return None


def at_or_above(scored: list[dict], floor: float) -> dict:
    """Lines at or above `floor`: how many, and the faithful share of them and of their
    figure lines (unrounded counts, so a share near TARGET is read exactly)."""
    lines = [s for s in scored if s["confidence"] >= floor]
    figures = [s for s in lines if s["figure"]]
    return {"lines": len(lines), "faithful": sum(s["faithful"] for s in lines),
            "figure_lines": len(figures), "figure_faithful": sum(s["faithful"] for s in figures)}


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
    first: list[dict] = []
    seconds = [0.0, 0.0]
    with tempfile.TemporaryDirectory() as tmp:
        names, _ = render(args.docs, chosen, ocr.DPI, Path(tmp))
        api = ocr._engine()
        for (name, page), image_name in zip(chosen, names):
            ref = Counter(words(pages[name][page]))
            with Image.open(Path(tmp) / image_name) as image:
                prepared = ocr._prepared(image)
                started = time.perf_counter()
                raw = ocr._read(api, prepared)
                middle = time.perf_counter()
                kept = ocr.reread(api, prepared, raw)
                seconds[0] += middle - started
                seconds[1] += time.perf_counter() - middle
            before = ocr._as_lines(raw, region=f"p{page}")
            found = ocr._as_lines(kept, region=f"p{page}")
            sure = {ln.text for ln in before if ln.ocr >= ocr.QUOTE_FLOOR}
            first += score_lines(before, ref)
            for ln, s in zip(*_scored_with_lines(found, ref)):
                s["lifted"] = ln.ocr >= ocr.QUOTE_FLOOR and ln.text not in sure
                scored.append(s)
            print(f"{name} p{page}: {len(found)} lines", file=sys.stderr)
    floor = floor_for(scored)
    first_floor = floor_for(first)
    lifted = [s for s in scored if s.get("lifted")]
    lifted_figures = [s for s in lifted if s["figure"]]
    report = {"pages": len(chosen), "documents": len({n for n, _ in chosen}), "lines": len(scored),
              "dpi": ocr.DPI, "target": TARGET, "floor": floor, "bands": band_rows(scored),
              "reread": ocr.REREAD, "first_reading": {"lines": len(first), "floor": first_floor,
                                                      "bands": band_rows(first)},
              "at_floor": at_or_above(scored, ocr.QUOTE_FLOOR),
              "first_at_floor": at_or_above(first, ocr.QUOTE_FLOOR),
              "lifted": {"lines": len(lifted), "faithful": sum(s["faithful"] for s in lifted),
                         "figure_lines": len(lifted_figures),
                         "figure_faithful": sum(s["faithful"] for s in lifted_figures)},
              "seconds": {"first_reading": round(seconds[0], 1), "rereads": round(seconds[1], 1)}}
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "ocr_floor.json").write_text(json.dumps(report, indent=1) + "\n")
    md = [f"{len(scored)} OCR lines on {len(chosen)} pages of {report['documents']} cabinet PDFs "
          f"at {ocr.DPI} dpi, unsure lines read again ({ocr.REREAD})", ""]
    md += _table(report["bands"])
    md += ["", f"Lowest floor with figure lines at or above it faithful >= {TARGET:.0%}: **{floor}**",
           _at(report["at_floor"], ocr.QUOTE_FLOOR),
           "", f"As Tesseract first read them (no line read again): {len(first)} lines", ""]
    md += _table(report["first_reading"]["bands"])
    md += ["", f"Lowest floor then: **{first_floor}**", _at(report["first_at_floor"], ocr.QUOTE_FLOOR), "",
           f"Lifted to {ocr.QUOTE_FLOOR:g} or above by a re-read: {len(lifted)} lines, "
           f"{sum(s['faithful'] for s in lifted)} faithful; {len(lifted_figures)} figure lines, "
           f"{sum(s['faithful'] for s in lifted_figures)} faithful. Tesseract's time: "
           f"{seconds[0]:.1f} s first readings, {seconds[1]:.1f} s re-reads."]
    (args.out / "ocr_floor.md").write_text("\n".join(md) + "\n")
    print("\n".join(md))


def _scored_with_lines(lines, ref: Counter) -> tuple[list, list[dict]]:
    """score_lines, with the lines it scored beside (it leaves out lines without words)."""
    kept = [ln for ln in lines if words(ln.text)]
    return kept, score_lines(kept, ref)


def _at(counts: dict, floor: float) -> str:
    return (f"At or above {floor:g}: {counts['lines']} lines, {counts['faithful']} faithful "
            f"({_pct(_share(counts['faithful'], counts['lines']))}); {counts['figure_lines']} figure "
            f"lines, {counts['figure_faithful']} faithful "
            f"({_share(counts['figure_faithful'], counts['figure_lines']) or 0:.1%})")


def _table(rows: list[dict]) -> list[str]:
    md = ["| confidence | lines | faithful | figure lines | figure lines faithful | word precision |",
          "| --- | --- | --- | --- | --- | --- |"]
    for r in rows:
        md.append(f"| {r['band']} | {r['lines']} | {_pct(r['faithful'])} | {r['figure_lines']} | "
                  f"{_pct(r['figure_faithful'])} | {_pct(r['word_precision'])} |")
    return md


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{x:.0%}"


if __name__ == "__main__":
    main()
