"""Show: a citation handed back (ID[:LOCATOR]) in, the document's numbered lines around it out.

ID is any prefix of a document id (content hash) that `ask` printed; an ambiguous prefix
lists the documents it could mean. LOCATOR is any locator or citation span `ask` printed.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import NotFound
from .pipeline import Engine
from .quote.locators import line_range

CONTEXT = 2


@dataclass(frozen=True)
class Shown:
    doc_id: str
    path: str
    lines: tuple[tuple[str, str, bool], ...]  # (locator, text, inside the cited span)


def _kind_and_number(locator: str) -> tuple[str, int] | None:
    r = line_range(locator)
    return (r[0], r[1]) if r else None


def show(eng: Engine, ref: str, context: int = CONTEXT) -> Shown:
    ref = ref.strip()
    doc_part, _, loc = ref.partition(":")
    prefix = doc_part.lower()
    if not prefix:
        raise NotFound("no document id given", "use an id printed by ask, e.g. --show 3f9a1c2b:L12")
    matches = sorted({r.hash: r for r in eng.doc_rows.values() if (r.hash or "").startswith(prefix)}.values(),
                     key=lambda r: r.path)
    if not matches:
        raise NotFound(f"no document id starts with {prefix!r}", "copy the id from ask's citation line")
    if len(matches) > 1:
        listing = "; ".join(f"{r.doc_id} {r.path}" for r in matches[:10])
        raise NotFound(f"id prefix {prefix!r} is ambiguous: {listing}", "give more characters of the id")
    doc = matches[0]
    rows = eng.store.lines(doc.id, 0, 10**9)
    if not loc:
        return Shown(doc.doc_id, doc.path, tuple((l, t, False) for _, l, t in rows))
    want = line_range(loc)
    if want is None:
        raise NotFound(f"cannot read locator {loc!r}", "use a locator as printed, e.g. L12, p3:L7, Sheet!A7:D7, row 253")
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
    return Shown(doc.doc_id, doc.path, tuple((rows[i][1], rows[i][2], i in span) for i in range(lo, hi + 1)))


def show_text(s: Shown) -> str:
    width = max((len(l) for l, _, _ in s.lines), default=0)
    out = [f"[{s.doc_id}] {s.path}"]
    for loc, text, inside in s.lines:
        out.append(f"{'>' if inside else ' '} {loc.ljust(width)}  {text}")
    return "\n".join(out)
