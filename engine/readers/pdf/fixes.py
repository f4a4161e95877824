"""pypdf workarounds. Extracted text in, text with the Latin ligatures unfolded and NULs read
as "fi" or dropped out (`clean`); pypdf's log and warnings in, a count out (`quiet_pypdf`); a
font program's own encoding refused where the PDF names an /Encoding of its own."""
from __future__ import annotations

import logging
import re
import threading
import unicodedata
import warnings
from contextlib import contextmanager
from typing import Iterator

_LIGATURES = {cp: unicodedata.normalize("NFKC", chr(cp)) for cp in range(0xFB00, 0xFB07)}
_LIGATURES[0] = None  # NUL: dropped

# Swapping the pypdf logger's handler is process-wide state; one PDF at a time keeps the
# save/restore pairs from interleaving between threads.
_QUIET_LOCK = threading.Lock()

_NUL_FI = re.compile(r"(?<=[A-Za-z])\x00(?=[A-Za-z])|(?<![A-Za-z0-9])\x00(?=[a-z])")


def clean(text: str) -> str:
    """Unfold ligatures, read a NUL within a word as "fi", drop other NULs; nothing else
    about the extracted text changes."""
    return _NUL_FI.sub("fi", text).translate(_LIGATURES)


class _Counter(logging.Handler):
    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0
        self.unpack_limits = 0  # pypdf stopped unpacking a stream past its limit and went on

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1
        try:
            if "while decompressing" in record.getMessage().lower():
                self.unpack_limits += 1
        except Exception:  # a record whose message cannot be formatted: counted all the same
            pass


class Noise:
    """How many warnings pypdf raised or logged while the `quiet_pypdf` block ran."""

    def __init__(self, handler: _Counter, caught: list) -> None:
        self._handler = handler
        self._caught = caught

    @property
    def count(self) -> int:
        return self._handler.count + len(self._caught)

    @property
    def unpack_limits(self) -> int:
        """How many times pypdf said it stopped unpacking a stream at its size limit."""
        return self._handler.unpack_limits


@contextmanager
def quiet_pypdf() -> Iterator[Noise]:
    """Route the `pypdf` logger and `warnings` into a counter; restore both afterwards."""
    logger = logging.getLogger("pypdf")
    handler = _Counter()
    with _QUIET_LOCK:
        saved = (logger.propagate, logger.level)
        logger.addHandler(handler)
        logger.propagate = False
        logger.setLevel(logging.WARNING)
        try:
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                yield Noise(handler, caught)
        finally:
            logger.removeHandler(handler)
            logger.propagate, level = saved
            logger.setLevel(level)


def resolved(obj):
    """The object a pypdf indirect reference points to; any other object as it is."""
    return obj.get_object() if hasattr(obj, "get_object") else obj


def font_program_encoding_only_when_the_pdf_has_none() -> None:
    """Install, once, a guard around pypdf's reading of a font's character map.

    With fontTools, pypdf (7.1) reads a Type1 font embedded as CFF (/FontFile3 /Type1C) with
    no /ToUnicode through the font program's own encoding, and uses that map as if it were a
    /ToUnicode: the /Encoding the font dictionary names is then discarded. Where the PDF names
    an /Encoding it is the one that holds (PDF 32000-1, 9.6.6: the built-in encoding is only
    the base when none is named); read that way, a real file (senate_office_expenditures.pdf
    of the eval cabinet: /MacRomanEncoding over a CFF subset) turned to garbage. So the font
    program's encoding is used only for a font that names no /Encoding, which is what pypdf
    did before fontTools for every such font (docs/decisions.md, "pypdf and fontTools")."""
    from pypdf import _cmap

    original = getattr(_cmap, "_parse_to_unicode", None)
    if original is None or getattr(original, "guarded_by_ask", False):
        return

    def parse_to_unicode(ft, *args, **kwargs):  # any later arguments pass through untouched
        try:
            descriptor = resolved(ft.get("/FontDescriptor")) or {}
            program = resolved(descriptor["/FontFile3"]) if "/FontFile3" in descriptor else None
            from_program = (program is not None and "/ToUnicode" not in ft and "/Encoding" in ft
                            and program.get("/Subtype") == "/Type1C")
        except Exception:  # a damaged font dictionary: pypdf's own handling
            from_program = False
        return ({}, []) if from_program else original(ft, *args, **kwargs)

    parse_to_unicode.guarded_by_ask = True
    _cmap._parse_to_unicode = parse_to_unicode
