"""Plain text reader: a .txt/.md/.rst file in, one Line per physical line that has text out.

Locator `L12` (1-based physical line), ordinal = line number, region "". Text is the line
exactly as in the file minus its line ending (indentation kept, NUL characters dropped);
blank lines yield nothing, so a gap in ordinals marks a paragraph break. `decode` is shared
with the CSV reader: UTF-8 (BOM or not), UTF-16/32 when a BOM says so, else cp1252/latin-1.
"""
from __future__ import annotations

import codecs
import re
from pathlib import Path

from ..types import Line, ReadResult

# Longest BOMs first: the UTF-32-LE BOM starts with the UTF-16-LE one.
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)

# The same line breaks as Python's universal newlines and most editors: CRLF, LF, lone CR.
LINE_BREAK = re.compile(r"\r\n|\r|\n")


def decode(data: bytes) -> tuple[str, str | None]:
    """Bytes to text, and a note when the bytes were not UTF-8 (None when they were)."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(codec), None
            except UnicodeDecodeError:
                break  # a BOM followed by garbage: fall through to the guesses below
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "not valid UTF-8: decoded as cp1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "not valid UTF-8: decoded as latin-1"


def split_lines(text: str) -> list[str]:
    """Physical lines without their endings; a final line ending adds no empty line."""
    parts = LINE_BREAK.split(text)
    if parts and parts[-1] == "":
        parts.pop()
    return parts


def read(path: Path) -> ReadResult:
    text, note = decode(Path(path).read_bytes())
    lines = []
    for number, raw in enumerate(split_lines(text), start=1):
        line = raw.replace("\x00", "")
        if line.strip():
            lines.append(Line(text=line, locator=f"L{number}", region="", ordinal=number))
    return ReadResult(lines=tuple(lines), kind="text", notes=(note,) if note else ())
