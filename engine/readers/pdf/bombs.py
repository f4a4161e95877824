"""Decompression-bomb guard. A pypdf page in; out, whether the streams it draws (content and
forms) unpack to more than a limit, counted a slice at a time and never held. It refuses to
judge other filters and bad data: those it leaves to pypdf, whose own limits stop them."""
from __future__ import annotations

import zlib
from typing import Iterator

from .fixes import resolved

# Limits (docs/decisions.md, "Hostile PDFs").
MAX_PAGE_UNPACKED = 64 << 20  # bytes a page's content streams may unpack to, in all
UNPACK_SLICE = 1 << 20        # they are unpacked this much at a time, each slice dropped
MAX_FORMS = 1000              # form XObjects a page's check looks into, at most
_FLATE = ("/FlateDecode", "/Fl")


def _drawn_streams(page) -> Iterator:
    """The streams extraction unpacks: the page's content streams, then the form XObjects its
    resources hold, and theirs, each once (images are never unpacked to read text)."""
    from pypdf.generic import ArrayObject, DictionaryObject, StreamObject

    contents = resolved(page.get("/Contents"))
    yield from map(resolved, contents if isinstance(contents, ArrayObject) else [contents])
    seen: set[int] = set()
    holders = [page]
    while holders and len(seen) < MAX_FORMS:
        resources = resolved(holders.pop().get("/Resources"))
        xobjects = resolved(resources.get("/XObject")) if isinstance(
            resources, DictionaryObject) else None
        if not isinstance(xobjects, DictionaryObject):
            continue
        for name in sorted(xobjects):  # sorted: the same order every run
            form = resolved(xobjects[name])
            if (isinstance(form, StreamObject) and id(form) not in seen
                    and resolved(form.get("/Subtype")) == "/Form"):
                seen.add(id(form))
                holders.append(form)
                yield form


def _inflate(packed: Iterator[bytes]) -> Iterator[bytes]:
    """One zlib layer, unpacked UNPACK_SLICE bytes at a time, as its input arrives."""
    inflate = zlib.decompressobj()
    for data in packed:
        while data and not inflate.eof:
            out = inflate.decompress(data, UNPACK_SLICE)
            data = inflate.unconsumed_tail
            if out:
                yield out
        if inflate.eof:
            return
    while not inflate.eof and (out := inflate.decompress(b"", UNPACK_SLICE)):
        yield out  # what zlib still held when the input ran out


def unpacks_past(page, limit: int) -> bool:
    """True when the streams the page draws (content and forms) unpack to more than `limit`
    bytes in all. A stream packed by Flate (once, or several times over: a bomb inside a bomb)
    is unpacked a slice at a time through each layer, each slice counted and dropped: memory
    stays at a slice a layer, time at `limit` bytes of inflating. Streams this cannot judge
    (other filters, bad data) are left to pypdf, whose own limits stop them."""
    from pypdf.generic import ArrayObject, StreamObject

    total = 0
    for stream in _drawn_streams(page):
        if not isinstance(stream, StreamObject):
            continue
        filters = resolved(stream.get("/Filter"))
        chain = [resolved(f) for f in filters] if isinstance(filters, ArrayObject) else [filters]
        data = getattr(stream, "_data", None)  # the stream as stored (decrypted, still packed)
        if not chain or not all(f in _FLATE for f in chain) or not isinstance(data, bytes):
            continue
        unpacked = iter([data])
        for _ in chain:
            unpacked = _inflate(unpacked)
        try:
            for out in unpacked:
                total += len(out)
                if total > limit:
                    return True
        except zlib.error:
            continue
    return False


def limit_error():
    """pypdf's error for a stream past its own unpacking limits (older pypdf: none)."""
    from pypdf import errors

    return getattr(errors, "LimitReachedError", ())
