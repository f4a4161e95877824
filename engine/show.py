"""Show: a citation handed back (ID[:LOCATOR]) in, the document's numbered lines around it out.

ID is any prefix of a document id (content hash) that `ask` printed; an ambiguous prefix
lists the documents it could mean. LOCATOR is any locator or citation span `ask` printed.
A citation line pasted whole ("[ID] PATH LOCATOR") is taken back too.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import NotFound
from .pipeline import Engine
from .locators import line_range, subtree
from .style import PLAIN, Style, md_block, md_code

CONTEXT = 2


@dataclass(frozen=True)
class Shown:
    doc_id: str
    path: str
    lines: tuple[tuple[str, str, bool], ...]  # (locator, text, inside the cited span)
    ocr: tuple[tuple[str, float], ...] = ()   # (locator, OCR's confidence) of the lines OCR read
    # a sheet's or CSV's header row (locator, text) when the lines shown start below it
    header: tuple[str, str] | None = None


def _kind_and_number(locator: str) -> tuple[str, int] | None:
    r = line_range(locator)
    return (r[0], r[1]) if r else None


def _split(ref: str) -> tuple[str, str]:
    """(id prefix, locator) from "ID", "ID:LOCATOR", or a citation line pasted whole:
    "[ID] PATH LOCATOR" (the path is dropped later, once the document is known)."""
    ref = ref.strip().strip("`")
    ref = re.sub(r"\s+\((score|coverage) [^()]*\)$", "", ref)  # a citation line's numbers
    if m := re.match(r"^\[([0-9A-Fa-f]+)\]\s*(.*)$", ref, re.S):
        return m[1], m[2].strip()
    doc_part, _, loc = ref.partition(":")
    return doc_part.strip(), loc.strip()


def _exact(rows, loc: str) -> list[int] | None:
    """Line indexes for a locator matched exactly against the stored ones: one line, or
    "FIRST .. LAST" (the span printed when two locators do not merge). None: no exact match."""
    where = {l: i for i, (_, l, _t) in reversed(list(enumerate(rows)))}  # first occurrence
    if loc in where:
        return [where[loc]]
    first, sep, last = loc.partition(" .. ")
    if sep and first in where and last in where and where[first] <= where[last]:
        return list(range(where[first], where[last] + 1))
    return None


def show(eng: Engine, ref: str, context: int = CONTEXT) -> Shown:
    doc_part, loc = _split(ref)
    prefix = doc_part.lower()
    if not prefix:
        raise NotFound("no document id given", "use an id printed by ask, e.g. --show 3f9a1c2b:L12")
    if not re.fullmatch(r"[0-9a-f]+", prefix):
        raise NotFound(f"{doc_part!r} is not a document id (ids are hexadecimal, e.g. 3f9a1c2b)",
                       "copy the id from ask's citation line: --show ID or --show ID:LOCATOR")
    # by path, then id: the same order every run (identical files share one id)
    matches = sorted((r for r in eng.doc_rows.values() if (r.hash or "").startswith(prefix)),
                     key=lambda r: (r.path, r.id))
    if not matches:
        raise NotFound(f"no document id starts with {prefix!r}", "copy the id from ask's citation line")
    if len({r.hash for r in matches}) > 1:
        listing = "; ".join(f"{r.doc_id} {r.path}" for r in matches[:10])
        more = f" (and {len(matches) - 10} more)" if len(matches) > 10 else ""
        raise NotFound(f"id prefix {prefix!r} is ambiguous, it starts {len(matches)} documents: "
                       f"{listing}{more}", "give more characters of the id")
    policy = eng.exclusions()  # a file excluded since the last refresh is not shown either
    kept = [r for r in matches if policy.why(r.path) is None]
    if not kept:
        raise NotFound(f"{matches[0].path} is excluded from the index by {policy.why(matches[0].path).label}",
                       "remove that rule to see it; the next refresh takes it out of the index")
    matches = kept
    doc = matches[0]
    for r in matches:  # a pasted citation line names the path: the copy it came from
        if loc == r.path or loc.startswith(r.path + " "):
            doc, loc = r, loc[len(r.path):].strip()
            break
    rows = eng.store.lines(doc.id, 0, 10**9)
    marks = eng.store.ocr_marks(doc.id, 0, 10**9)
    if not loc:
        return Shown(doc.doc_id, doc.path, tuple((l, t, False) for _, l, t in rows), _ocr(rows, marks))
    inside = _exact(rows, loc)
    if inside is None:  # a JSON path of an object or a list: the values under it
        inside = subtree([l for _, l, _t in rows], loc) or None
    want = line_range(loc) if inside is None else None
    if inside is None and want is None:
        raise NotFound(f"cannot read locator {loc!r}", "use a locator as printed, e.g. L12, p3:L7, Sheet!A7:D7, row 253, "
                       "\u00b612, T2:R3, $.items[3] (docs/formats.md)")
    if inside is None:
        kind, first, last = want
        inside = []
        for i, (_, l, _t) in enumerate(rows):
            k = line_range(l)
            if k and k[0] == kind and first <= k[1] <= last:
                inside.append(i)
    if not inside:
        raise NotFound(f"locator {loc!r} is not in {doc.path}", f"run --show {doc.doc_id} to see all its lines")
    lo, hi = max(0, inside[0] - context), min(len(rows) - 1, inside[-1] + context)
    span = set(inside)
    shown = rows[lo:hi + 1]
    return Shown(doc.doc_id, doc.path, tuple((rows[i][1], rows[i][2], i in span) for i in range(lo, hi + 1)),
                 _ocr(shown, marks), _header(doc.kind, rows, lo))


def _header(kind: str | None, rows, lo: int) -> tuple[str, str] | None:
    """A row of a sheet or a CSV shown without its header row: that row (the first line of
    the row's sheet, or of the file), so the cells can be read by their column names."""
    if kind not in ("xlsx", "csv") or lo == 0:
        return None
    sheet = rows[lo][1].rpartition("!")[0]
    first = next(i for i, (_, loc, _t) in enumerate(rows) if loc.rpartition("!")[0] == sheet)
    return (rows[first][1], rows[first][2]) if first < lo else None


def _ocr(rows, marks: dict[int, float]) -> tuple[tuple[str, float], ...]:
    return tuple((loc, marks[seq]) for seq, loc, _ in rows if seq in marks)


def show_text(s: Shown, style: Style = PLAIN) -> str:
    """The document's header line (dim), then its lines: '>' and bold for the cited ones."""
    ocr = dict(s.ocr)
    labels = [f"{l} (OCR)" if l in ocr else l for l, _, _ in s.lines]  # OCR read the line
    width = max((len(l) for l in labels), default=0)
    out = [style.dim(f"[{s.doc_id}] {s.path}")]
    for label, (loc, text, inside) in zip(labels, s.lines):
        out.append(f"{'>' if inside else ' '} {style.locator(label.ljust(width))}  "
                   f"{style.quote(text) if inside else text}")
    return "\n".join(out)


def show_dict(s: Shown) -> dict:
    """What --show --json prints."""
    ocr = dict(s.ocr)
    return {"doc_id": s.doc_id, "path": s.path,
            **({"header": {"locator": s.header[0], "text": s.header[1]}} if s.header else {}),
            "lines": [{"locator": l, "text": t, "cited": c,
                       **({"ocr": True, "confidence": round(ocr[l], 1)} if l in ocr else {})}
                      for l, t, c in s.lines]}


def show_md(s: Shown) -> str:
    """The lines in a fenced block, the cited ones marked with '>', under the document's name."""
    return f"{md_code(s.doc_id)} {md_code(s.path)}\n\n" + md_block(show_text(s))
