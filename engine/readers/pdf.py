"""PDF reader (pypdf): a .pdf file in, one Line per non-blank extracted line out.

Locator `p3:L7`: page 3, line 7 of that page's extracted text, blank lines counted, so
ordinals keep gaps; region `p3`. Text is as extracted, with the Latin ligatures (ﬁ ﬂ ﬀ ﬃ ﬄ ﬅ ﬆ)
unfolded, a NUL inside or at the start of a word read as the "fi" it stands for (some
utility PDFs map that ligature to code 0: "bene\x00ts" is "benefits" on the page), and any
other NUL dropped. pypdf's log messages and warnings never reach
the terminal: they become a count in the notes. Refuses, with a ReadError, encrypted files
that need a password and files with no text layer at all (scans needing OCR).
"""
from __future__ import annotations

import logging
import re
import threading
import unicodedata
import warnings
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

from ..errors import ReadError
from ..types import Line, ReadResult
from .text import split_lines

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

    def emit(self, record: logging.LogRecord) -> None:
        self.count += 1


class Noise:
    """How many warnings pypdf raised or logged while the `quiet_pypdf` block ran."""

    def __init__(self, handler: _Counter, caught: list) -> None:
        self._handler = handler
        self._caught = caught

    @property
    def count(self) -> int:
        return self._handler.count + len(self._caught)


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


def _open(path: Path, notes: list[str]):
    import pypdf
    from pypdf.errors import DependencyError, PdfReadError

    try:
        reader = pypdf.PdfReader(str(path), strict=False)
    except PdfReadError as e:
        raise ReadError(f"not a valid PDF ({e})",
                        "check that the file opens in a PDF viewer") from None
    if reader.is_encrypted:
        try:
            opened = reader.decrypt("")
        except DependencyError:
            raise ReadError("encrypted with AES, which needs the 'cryptography' package",
                            "pip install cryptography, or save an unencrypted copy") from None
        if opened == pypdf.PasswordType.NOT_DECRYPTED:
            raise ReadError("encrypted, needs a password",
                            "save an unencrypted copy (print to PDF, or qpdf --decrypt)")
        notes.append("encrypted, opened with empty password")
    return reader


def _page_lines(number: int, text: str) -> list[Line]:
    region = f"p{number}"
    return [
        Line(text=line, locator=f"{region}:L{i}", region=region, ordinal=i)
        for i, line in enumerate(split_lines(clean(text)), start=1)
        if line.strip()
    ]


def read(path: Path) -> ReadResult:
    notes: list[str] = []
    lines: list[Line] = []
    failed: list[int] = []
    with quiet_pypdf() as noise:
        reader = _open(Path(path), notes)
        pages = len(reader.pages)
        for number, page in enumerate(reader.pages, start=1):
            try:
                text = page.extract_text() or ""
            except Exception:  # one broken page must not cost the rest of the file
                failed.append(number)
                continue
            lines.extend(_page_lines(number, text))
    if failed:
        notes.append(f"text extraction failed on page{'s' if len(failed) > 1 else ''} "
                     + ", ".join(map(str, failed)) + " (skipped)")
    if noise.count:
        notes.append(f"{noise.count} pdf warning{'s' if noise.count != 1 else ''}")
    if not lines:
        if pages == 0:
            raise ReadError("PDF has no pages", "check that the file opens in a PDF viewer")
        if len(failed) == pages:
            raise ReadError("text extraction failed on every page",
                            "check that the file opens in a PDF viewer; save a fresh copy")
        raise ReadError("no text layer: needs OCR",
                        "run OCR on it (for example ocrmypdf) and save the result beside it")
    return ReadResult(lines=tuple(lines), kind="pdf", notes=tuple(notes))
