"""Plain text reader: a .txt/.md/.rst file in, one Line per physical line that has text out.

Locator `L12` (1-based physical line), ordinal = line number, region "". Text is the line
exactly as in the file minus its line ending (indentation kept); blank lines yield nothing,
so a gap in ordinals marks a paragraph break. `load` (bytes to text, shared with the CSV
reader) refuses binary files and decodes the rest, choices below; `decode` is its last step.

- A byte order mark decides: UTF-8, UTF-16 (LE or BE) or UTF-32.
- Binary content (a known signature such as PNG's, or more than 1% control bytes other
  than tab, line breaks, form feed and escape) is refused: "not a text file".
- Valid UTF-8 is UTF-8. A file that is not is judged as a whole: with at least as many valid
  multi-byte characters as bad sequences it is UTF-8 with some bad lines, and each line is
  decoded on its own. A valid line is UTF-8. A bad line that shows UTF-8's pattern (a lead
  byte followed by a continuation byte) is damaged UTF-8: each bad sequence reads as U+FFFD
  (�), so the quoted line shows what the file holds and where it is damaged, never a guess
  spread over the whole file. A bad line with only lone high bytes is legacy text pasted in,
  read as cp1252 ("café" from byte E9). Any other file is an 8-bit legacy file, read as
  cp1252 (latin-1 when it holds a byte cp1252 leaves undefined). Each fallback is noted,
  with the lines where it applied.
- NUL characters are dropped: they are invisible in every viewer, come from padding or from
  UTF-16 read as 8-bit, and the quoted line must be printable. A file of nothing but NULs
  is refused. UTF-16 without a byte order mark is recognised by its NULs.
- A line longer than MAX_LINE_CHARS keeps only its start (cut at a word break), with a note,
  so one 50 MB line costs neither memory nor minutes and stays answerable near its start.
  (Splitting it into several lines would give them all the same locator.)
- An empty file, or one with only blank lines, reads as zero lines with a note.
"""
from __future__ import annotations

import codecs
import re
from itertools import chain
from pathlib import Path
from typing import Callable, Iterable, Iterator

from ..errors import ReadError
from ..types import Line, ReadResult

MAX_LINE_CHARS = 10_000
BINARY_CONTROL_SHARE = 0.01  # of the non-NUL bytes

# Longest BOMs first: the UTF-32-LE BOM starts with the UTF-16-LE one. (UTF-8's BOM is
# dropped and the rest read as any UTF-8 file.)
_WIDE_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF32_BE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF16_LE, "utf-16", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16", "UTF-16"),
)

_TEXT_BOMS = (codecs.BOM_UTF8, *(bom for bom, _, _ in _WIDE_BOMS))

# Signatures of common binary formats: (first bytes, what it is, the extension it wants).
_MAGIC = (
    (b"\x89PNG\r\n\x1a\n", "a PNG image", ".png"),
    (b"\xff\xd8\xff", "a JPEG image", ".jpg"),
    (b"GIF87a", "a GIF image", ".gif"),
    (b"GIF89a", "a GIF image", ".gif"),
    (b"%PDF-", "a PDF", ".pdf"),
    (b"PK\x03\x04", "a zip archive or Office file", ".zip, .xlsx or .docx"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "an Office file (OLE)", ".xls or .doc"),
    (b"\x1f\x8b", "gzip-compressed data", ".gz"),
    (b"\x7fELF", "a program", ""),
)
# Control bytes no text file holds (NUL is counted apart; tab, LF, VT, FF, CR, ESC are fine).
_CONTROL = bytes(b for b in range(32) if b not in b"\x00\t\n\x0b\x0c\r\x1b") + b"\x7f"
_ASCII = bytes(range(128))

# The same line breaks as Python's universal newlines and most editors: CRLF, LF, lone CR.
LINE_BREAK = re.compile(r"\r\n|\r|\n")
_BYTE_BREAK = re.compile(rb"\r\n|\r|\n")
_UTF8_PAIR = re.compile(rb"[\xc2-\xf4][\x80-\xbf]")  # a lead byte, then a continuation byte


def binary_kind(data: bytes) -> str | None:
    """What the binary content is ("a PNG image", "only NUL bytes"; "" when unknown), or None
    for text. Other readers ask it too, to say what a file that is not theirs holds."""
    for magic, what, _ in _MAGIC:
        if data.startswith(magic):
            return what
    nuls = data.count(0)
    if nuls == len(data):
        return "only NUL bytes"
    step = 1 << 20  # count in slices: no second copy of a big file
    control = sum(len(block) - len(block.translate(None, _CONTROL))
                  for block in (data[i:i + step] for i in range(0, len(data), step)))
    return "" if control > BINARY_CONTROL_SHARE * (len(data) - nuls) else None


def binary_hint(what: str) -> str:
    """What to do about a file `binary_kind` named `what`: rename it, restore it, or move it."""
    ext = next((e for _, w, e in _MAGIC if w == what and e), "")
    if ext:
        return f"it looks like {what}: rename it to {ext}"
    if what == "only NUL bytes":
        return "the file holds no text, perhaps never fully written: restore it from a backup"
    return "save it as plain text, or move it out of the documents folder"


def _utf16_without_bom(data: bytes) -> str | None:
    """"utf-16-le"/"utf-16-be" when NULs fill one byte of each pair (Latin-script UTF-16)."""
    sample = data[:4096]
    half = len(sample) // 2
    if half < 2:
        return None
    even, odd = sample[0::2].count(0), sample[1::2].count(0)
    if odd >= 0.4 * half and even <= 0.02 * half:
        return "utf-16-le"
    if even >= 0.4 * half and odd <= 0.02 * half:
        return "utf-16-be"
    return None


def _first_line_of(text: str, char: str) -> int:
    return len(LINE_BREAK.findall(text, 0, text.find(char))) + 1


def _as_utf8(raw: bytes) -> tuple[str, int, int]:
    """raw as UTF-8 with U+FFFD for each bad sequence; how many bad, how many good non-ASCII."""
    text = raw.decode("utf-8", "replace")
    bad = text.count("\ufffd") - raw.count(b"\xef\xbf\xbd")  # less any real U+FFFD
    good = len(text) - (len(raw) - len(raw.translate(None, _ASCII))) - bad
    return text, bad, good


def _legacy(raw: bytes) -> tuple[str, str]:
    try:
        return raw.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:  # one of the five bytes cp1252 leaves undefined
        return raw.decode("latin-1"), "latin-1"


def _line_by_line(data: bytes) -> tuple[str, list[str]]:
    """A UTF-8 file with some bad lines, each line decoded on its own (see the top)."""
    parts, legacy, damaged = [], {}, []
    pos, number = 0, 0
    for stop in chain((m.end() for m in _BYTE_BREAK.finditer(data)), (len(data),)):
        raw, pos = data[pos:stop], stop
        if not raw:
            continue
        number += 1
        try:
            parts.append(raw.decode("utf-8"))
            continue
        except UnicodeDecodeError:
            pass
        if _UTF8_PAIR.search(raw):
            text = raw.decode("utf-8", "replace")
            damaged.append(number)
        else:
            text, codec = _legacy(raw)
            legacy.setdefault(codec, []).append(number)
        parts.append(text)
    notes = [f"not valid UTF-8 on {_lines(ns)}: read as {codec}"
             for codec, ns in sorted(legacy.items())]
    if damaged:
        notes.append(f"not valid UTF-8 on {_lines(damaged)}: undecodable bytes shown as \ufffd")
    return "".join(parts), notes


def _lines(ns: list[int]) -> str:
    return f"line{'s' if len(ns) > 1 else ''} {numbers(ns)}"


def decode(data: bytes) -> tuple[str, list[str]]:
    """Bytes to text, and notes when the bytes were not clean UTF-8 (none when they were)."""
    for bom, codec, what in _WIDE_BOMS:
        if data.startswith(bom):
            try:
                return data.decode(codec), []
            except UnicodeDecodeError:  # trust the BOM; show the damage where it is
                text = data.decode(codec, "replace")
                bad = text.count("\ufffd")
                return text, [f"not valid {what}: {bad:,} undecodable byte sequence"
                              f"{'s' if bad > 1 else ''} shown as \ufffd "
                              f"(first on line {_first_line_of(text, chr(0xFFFD))})"]
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    elif wide := _utf16_without_bom(data):
        return data.decode(wide, "replace"), [f"no byte order mark: decoded as {wide.upper()}"]
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError:
        pass
    _, bad, good = _as_utf8(data)
    if good >= bad:  # mostly valid multi-byte UTF-8: a UTF-8 file with some bad lines
        return _line_by_line(data)
    text, codec = _legacy(data)  # no sign of UTF-8 anywhere: an 8-bit legacy file
    return text, [f"not valid UTF-8: decoded as {codec}"]


def load(path: Path, decoder: Callable[[bytes], tuple[str, list[str]]] | None = None
         ) -> tuple[str, list[str]]:
    """A text file's content, NULs dropped, and its notes; ReadError for binary content.
    `decoder` (default `decode`) turns the bytes into text and notes (the HTML reader's
    honours a page's declared encoding)."""
    data = Path(path).read_bytes()
    if not data:
        return "", ["empty file"]
    if not data.startswith(_TEXT_BOMS):
        what = binary_kind(data)
        if what is not None:
            raise ReadError(f"not a text file (binary content{': ' + what if what else ''})",
                            binary_hint(what))
    text, notes = (decoder or decode)(data)
    del data
    if "\x00" in text:
        text = text.replace("\x00", "")
    return text, notes


def split_lines(text: str) -> list[str]:
    """Physical lines without their endings; a final line ending adds no empty line."""
    parts = LINE_BREAK.split(text)
    if parts and parts[-1] == "":
        parts.pop()
    return parts


def line_spans(text: str) -> Iterator[tuple[int, int, int]]:
    """(start, end, end with the line break) of each physical line, without copying them."""
    pos = 0
    if "\r" in text:
        for m in LINE_BREAK.finditer(text):
            yield pos, m.start(), m.end()
            pos = m.end()
    else:  # the common case, and far faster on one huge line
        while (end := text.find("\n", pos)) >= 0:
            yield pos, end, end + 1
            pos = end + 1
    if pos < len(text):
        yield pos, len(text), len(text)


def cut(text: str, start: int, end: int, breaks: str = " \t") -> str:
    """text[start:end], or its first MAX_LINE_CHARS cut at the last break in the second half."""
    if end - start <= MAX_LINE_CHARS:
        return text[start:end]
    window = text[start:start + MAX_LINE_CHARS]
    at = max(window.rfind(b) for b in breaks)
    return window[:at] if at >= MAX_LINE_CHARS // 2 else window


def numbers(values: Iterable[int], most: int = 5) -> str:
    """"3, 7, 9" or "3, 7, 9, 11, 12 and 4 more"."""
    values = list(values)
    shown = ", ".join(map(str, values[:most]))
    return shown + (f" and {len(values) - most} more" if len(values) > most else "")


def too_long_note(unit: str, which: list[int]) -> str:
    """The note for lines or rows cut to MAX_LINE_CHARS."""
    if len(which) == 1:
        return (f"{unit} {which[0]} is longer than {MAX_LINE_CHARS:,} characters: "
                f"only its first {MAX_LINE_CHARS:,} are read")
    return (f"{len(which)} {unit}s are longer than {MAX_LINE_CHARS:,} characters "
            f"({unit}s {numbers(which)}): only the first {MAX_LINE_CHARS:,} of each are read")


def read(path: Path) -> ReadResult:
    text, notes = load(path)
    lines, long = [], []
    for number, (start, end, _) in enumerate(line_spans(text), start=1):
        line = cut(text, start, end)
        if len(line) < end - start:
            long.append(number)
        if line.strip():
            lines.append(Line(text=line, locator=f"L{number}", region="", ordinal=number))
    if long:
        notes.append(too_long_note("line", long))
    if not lines and text:
        notes.append("no text: only blank lines")
    return ReadResult(lines=tuple(lines), kind="text", notes=tuple(notes))
