"""Hostile files for the readers, each written on demand (no binaries are shipped).

HOSTILE_FILES maps a kind ("text-invalid-utf8", "xlsx-zip-bomb", "pdf-bomb-page", ...) to a
Hostile: call it with a folder and it writes `<kind><suffix>` there and returns the path. Its
`outcome` says what the reader must do: "ok" (read; some line holds `expect` unless it is "",
some note holds `note` unless it is "") or "failed" (ReadError whose message holds `expect`).
Everything is deterministic: the same bytes on every run (the encrypted PDFs too: see
minipdf.encrypt).
"""
from __future__ import annotations

import codecs
import io
import random
import struct
import zipfile
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from engine.readers import ocr

# A scanned page here is an image without text: with the OCR extra installed it is read by OCR
# and found blank; without it, it needs OCR (engine/readers/pdf/reading.py).
SCANNED_PAGES = "OCR found no text either (blank?)" if ocr.available() else "needs OCR"
# with OCR, the undecodable page is rendered and read instead
BAD_FONT = ("1 of 2 pages has an undecodable or almost empty text layer: read by OCR instead"
            if ocr.available() else "1 line of undecodable characters (\ufffd) dropped on page 2")
SCANNED_ONLY = ("no text layer, and OCR found no text (blank pages?)" if ocr.available()
                else "no text layer: needs OCR")

from minipdf import RawPage, encrypt, form_xobject, pdf_bytes, scanned_page, text_content

LONG_LINE_BYTES = 50 * 2**20  # the "single 50 MB line"
MILLION = 1_000_000
BOMB_BYTES = 3 * 2**29  # 1.5 GiB of sheet XML from about 1.5 MB of zip
PDF_BOMB_BYTES = 2**30  # a page's content stream: 1 GiB of spaces from about 1 MB


@dataclass(frozen=True)
class Hostile:
    write: Callable[[Path], Path]
    outcome: str  # "ok" | "failed"
    expect: str   # ok: text some line holds ("" for none); failed: part of the reason
    note: str = ""  # ok: part of a note the reader gives ("" when none is required)

    def __call__(self, folder: Path) -> Path:
        return self.write(Path(folder))


def _put(name: str, data: bytes) -> Callable[[Path], Path]:
    def write(folder: Path) -> Path:
        path = folder / name
        path.write_bytes(data)
        return path
    return write


def _random_bytes(n: int, seed: int) -> bytes:
    return random.Random(seed).randbytes(n)


def png_bytes() -> bytes:
    """A real 2 x 2 grey PNG."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        crc = zlib.crc32(kind + body)
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", crc)
    pixels = zlib.compress(b"\x00\x80\x80" * 2)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", pixels) + chunk(b"IEND", b""))


def _long_line(first_words: bytes, tail: bytes = b"") -> bytes:
    filler = b" alfa bravo charlie delta echo"
    n = (LONG_LINE_BYTES - len(first_words)) // len(filler)
    return first_words + filler * n + b"\n" + tail


# ---------------------------------------------------------------- spreadsheets

def _workbook(fill: Callable) -> bytes:
    """An openpyxl workbook made by `fill(wb)`, as bytes."""
    import openpyxl

    wb = openpyxl.Workbook()
    fill(wb)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def _uncached_formulas(wb) -> None:
    ws = wb.active
    ws.title = "Plough"
    ws.append(["Street", "Passes", "Double"])
    for i in range(1, 13):  # openpyxl saves formulas without a cached value, as Excel would not
        ws.append([f"Snow plough route {i}", i, f"=B{i + 1}*2"])


def _merged(wb) -> None:
    ws = wb.active
    ws.title = "Festival"
    ws["A1"] = "Harvest festival schedule"
    ws.merge_cells("A1:C1")
    ws.append(["Stall", "Day", "Fee"])
    ws.append(["Apple press", "Saturday", 20])
    ws["A4"] = "Cider tent"
    ws.merge_cells("A4:B4")
    ws["C4"] = 35


def _hidden(wb) -> None:
    ws = wb.active
    ws.title = "Current"
    ws.append(["Tariff", "Rate"])
    ws.append(["Standing charge", 4.5])
    old = wb.create_sheet("Archive 2019")
    old.sheet_state = "hidden"
    old.append(["Tariff", "Rate"])
    old.append(["Archived tariff for lamplighters", 1.25])


def _dates(wb) -> None:
    import datetime as dt

    ws = wb.active
    ws.title = "Inspections"
    ws.append(["Hydrant", "Inspected", "Booked for"])
    ws.append(["Hydrant H-12", dt.date(2024, 3, 15), dt.datetime(2024, 3, 15, 9, 30)])
    ws["B2"].number_format = "m/d/yyyy"  # the sheet shows 3/15/2024; ask shows ISO
    ws["C2"].number_format = "yyyy-mm-dd h:mm"


def _plain(wb) -> None:
    wb.active.append(["Depot", "Salt (tonnes)"])
    wb.active.append(["North depot salt store", 140])


def _rezip(data: bytes, replace: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info.filename, replace.get(info.filename, src.read(info.filename)))
    return out.getvalue()


_SHEET_HEAD = (b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
               b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">')


def _inline_row(r: int, *texts: str) -> bytes:
    cells = "".join(f'<c r="{chr(65 + i)}{r}" t="inlineStr"><is><t>{t}</t></is></c>'
                    for i, t in enumerate(texts))
    return f'<row r="{r}">{cells}</row>'.encode()


def million_empty_rows_sheet() -> bytes:
    """Sheet XML: two rows of text, then rows 3 to 1,000,000 present, styled and empty."""
    empty = "".join(f'<row r="{n}" s="1" customFormat="1"/>' for n in range(3, MILLION + 1))
    return (_SHEET_HEAD + b'<dimension ref="A1:C1000000"/><sheetData>'
            + _inline_row(1, "Depot", "Grit bins") + _inline_row(2, "Harbour depot", "12")
            + empty.encode() + b"</sheetData></worksheet>")


def _million_rows(folder: Path) -> Path:
    def styled(wb) -> None:  # a cell with a number format, so style 1 exists
        wb.active["A1"] = 1.5
        wb.active["A1"].number_format = "0.00"
    path = folder / "xlsx-million-empty-rows.xlsx"
    path.write_bytes(_rezip(_workbook(styled),
                            {"xl/worksheets/sheet1.xml": million_empty_rows_sheet()}))
    return path


TWO_MILLION = 2_000_000


def _rows_all_numbered_one(folder: Path) -> Path:
    """Two million rows that all claim to be row 1, each with a value, and no <dimension>:
    about 260 KB zipped. Written in chunks (the sheet unpacks to about 90 MB)."""
    path = folder / "xlsx-rows-all-numbered-1.xlsx"
    base = _workbook(lambda wb: None)
    row = b'<row r="1"><c r="A1" t="n"><v>7</v></c></row>' * 10_000
    with zipfile.ZipFile(io.BytesIO(base)) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename != "xl/worksheets/sheet1.xml":
                dst.writestr(info.filename, src.read(info.filename))
        with dst.open("xl/worksheets/sheet1.xml", "w") as sheet:
            sheet.write(_SHEET_HEAD + b"<sheetData>" + _inline_row(1, "Depot", "Salt bins"))
            for _ in range(TWO_MILLION // 10_000):
                sheet.write(row)
            sheet.write(b"</sheetData></worksheet>")
    return path


# A zip bomb: deflate blocks of spaces, each ending in a full flush so one block's bytes can
# be repeated; the CRC of the repeats is combined, not computed over 1.5 GiB.

def _gf2_times(mat: list[int], vec: int) -> int:
    out, i = 0, 0
    while vec:
        if vec & 1:
            out ^= mat[i]
        vec >>= 1
        i += 1
    return out


def _gf2_square(mat: list[int]) -> list[int]:
    return [_gf2_times(mat, mat[n]) for n in range(32)]


def crc32_combine(crc1: int, crc2: int, len2: int) -> int:
    """CRC-32 of A+B from crc(A), crc(B) and len(B): zlib's crc32_combine."""
    if len2 <= 0:
        return crc1
    odd = [0xEDB88320] + [1 << n for n in range(31)]
    even = _gf2_square(odd)
    odd = _gf2_square(even)
    while True:
        even = _gf2_square(odd)
        if len2 & 1:
            crc1 = _gf2_times(even, crc1)
        len2 >>= 1
        if not len2:
            break
        odd = _gf2_square(even)
        if len2 & 1:
            crc1 = _gf2_times(odd, crc1)
        len2 >>= 1
        if not len2:
            break
    return crc1 ^ crc2


def _crc_repeat(chunk: bytes, times: int) -> int:
    """CRC-32 of chunk * times, by doubling."""
    crc, length = 0, 0
    power_crc, power_len = zlib.crc32(chunk), len(chunk)
    while times:
        if times & 1:
            crc = crc32_combine(crc, power_crc, power_len) if length else power_crc
            length += power_len
        times >>= 1
        if times:
            power_crc = crc32_combine(power_crc, power_crc, power_len)
            power_len *= 2
    return crc


def adler32_combine(adler1: int, adler2: int, len2: int) -> int:
    """Adler-32 of A+B from adler(A), adler(B) and len(B): zlib's adler32_combine. Over B,
    the running sum starts at A's sum instead of 1, adding (sum(A) - 1) at each of its bytes."""
    base = 65521
    a1, b1, a2, b2 = adler1 & 0xFFFF, adler1 >> 16, adler2 & 0xFFFF, adler2 >> 16
    a = (a1 + a2 - 1) % base
    b = (b1 + b2 + (len2 % base) * (a1 - 1)) % base
    return (b << 16) | a


def _adler_repeat(chunk: bytes, times: int) -> int:
    """Adler-32 of chunk * times, by doubling."""
    adler, length = 1, 0
    power, power_len = zlib.adler32(chunk), len(chunk)
    while times:
        if times & 1:
            adler = adler32_combine(adler, power, power_len)
            length += power_len
        times >>= 1
        if times:
            power = adler32_combine(power, power, power_len)
            power_len *= 2
    return adler


def _deflated_repeat(head: bytes, chunk: bytes, times: int, tail: bytes) -> tuple[bytes, int, int]:
    """(raw deflate data, CRC-32, size) of head + chunk * times + tail, times >= 1."""
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    first = c.compress(head) + c.flush(zlib.Z_FULL_FLUSH)
    block = c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)
    again = c.compress(chunk) + c.flush(zlib.Z_FULL_FLUSH)
    if block != again:  # a full flush resets the compressor: a block must repeat exactly
        raise RuntimeError("deflate blocks do not repeat; cannot build the zip bomb")
    last = c.compress(tail) + c.flush()
    crc = crc32_combine(zlib.crc32(head), _crc_repeat(chunk, times), len(chunk) * times)
    crc = crc32_combine(crc, zlib.crc32(tail), len(tail))
    return first + block * times + last, crc, len(head) + len(chunk) * times + len(tail)


def raw_zip(members: list[tuple[str, bytes, int, int]]) -> bytes:
    """A zip from (name, raw deflate data, CRC-32, unpacked size), no zip64."""
    out, central = io.BytesIO(), io.BytesIO()
    for name, data, crc, size in members:
        offset = out.tell()
        n = name.encode()
        out.write(struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0x21, crc, len(data),
                              size, len(n), 0) + n + data)
        central.write(struct.pack("<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0x21, crc,
                                  len(data), size, len(n), 0, 0, 0, 0, 0, offset) + n)
    start, cd = out.tell(), central.getvalue()
    out.write(cd + struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(members), len(members),
                               len(cd), start, 0))
    return out.getvalue()


def zip_bomb(unpacked: int = BOMB_BYTES) -> bytes:
    """A real workbook whose sheet1.xml unpacks to `unpacked` bytes (mostly spaces)."""
    chunk = b" " * (1 << 24)
    head = _SHEET_HEAD + b"<sheetData>" + _inline_row(1, "Bomb")
    tail = b"</sheetData></worksheet>"
    times = max(1, -(-(unpacked - len(head) - len(tail)) // len(chunk)))  # rounded up
    members = []
    with zipfile.ZipFile(io.BytesIO(_workbook(_plain))) as src:
        for info in src.infolist():
            if info.filename == "xl/worksheets/sheet1.xml":
                members.append((info.filename, *_deflated_repeat(head, chunk, times, tail)))
                continue
            body = src.read(info.filename)
            c = zlib.compressobj(9, zlib.DEFLATED, -15)
            members.append((info.filename, c.compress(body) + c.flush(), zlib.crc32(body),
                            len(body)))
    return raw_zip(members)


def ole_file(*stream_names: str) -> bytes:
    """The start of an OLE compound file (what Office encryption writes) naming its streams."""
    header = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504)
    directory = b"".join(name.encode("utf-16-le").ljust(128, b"\x00") for name in stream_names)
    return header + directory + _random_bytes(2048, 11)


def _workbook_file(name: str, fill: Callable) -> Callable[[Path], Path]:
    def write(folder: Path) -> Path:
        path = folder / name
        path.write_bytes(_workbook(fill))
        return path
    return write


def _truncated(folder: Path) -> Path:
    data = _workbook(_plain)
    return _put("xlsx-truncated.xlsx", data[: len(data) // 2])(folder)


def _bomb(folder: Path) -> Path:
    return _put("xlsx-zip-bomb.xlsx", zip_bomb())(folder)


def _plain_zip(folder: Path) -> Path:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("notes.txt", "just a zip archive")
    return _put("xlsx-plain-zip.xlsx", out.getvalue())(folder)


# ---------------------------------------------------------------- pdf

def flate_bomb(unpacked: int = PDF_BOMB_BYTES, head: bytes = b"", tail: bytes = b"") -> bytes:
    """A zlib stream, as a PDF's /FlateDecode holds, of head + spaces + tail: `unpacked` bytes
    or a little more (whole blocks of spaces: 16 MiB, or 1 MiB for a small one), with the
    right Adler-32 at its end."""
    chunk = b" " * (1 << (24 if unpacked >= 1 << 24 else 20))
    times = max(1, -(-(unpacked - len(head) - len(tail)) // len(chunk)))
    raw, _, _ = _deflated_repeat(head, chunk, times, tail)
    adler = adler32_combine(zlib.adler32(head), _adler_repeat(chunk, times), len(chunk) * times)
    adler = adler32_combine(adler, zlib.adler32(tail), len(tail))
    return b"\x78\xda" + raw + struct.pack(">I", adler)  # 78 DA: deflate, 32K window, best


def bomb_page(unpacked: int = PDF_BOMB_BYTES) -> RawPage:
    """A page whose content stream is a decompression bomb; its first bytes draw a line."""
    return RawPage(flate_bomb(unpacked, text_content("Bomb page text") + b"\n"),
                   filter="/FlateDecode")


def nested_bomb_page() -> RawPage:
    """A bomb inside a bomb: /Filter [/FlateDecode /FlateDecode], the outer layer a few KiB
    that unpack to the 1 MiB of the inner one, which unpacks to 1 GiB."""
    inner = flate_bomb(PDF_BOMB_BYTES, text_content("Nested bomb text") + b"\n")
    return RawPage(zlib.compress(inner, 9), filter="[/FlateDecode /FlateDecode]")


def broken_page() -> RawPage:
    """A page whose content stream stops inside a string, as a file cut off mid-write or
    damaged on disk: pypdf cannot parse the page at all."""
    return RawPage(text_content("Bravo page text before the damage")
                   + b"\nBT /F1 10 Tf 50 700 Td (the content stream was cut off here")


def bad_font_page() -> RawPage:
    """A page whose font /F1 is the number 42, not a font: pypdf gives its text as U+FFFD."""
    return RawPage(text_content("Words drawn with a font that is not a font"), font=b"42")


def _pdf(name: str, pages: list, user_password: str | None = None,
         algorithm: str = "RC4-128") -> Callable[[Path], Path]:
    def write(folder: Path) -> Path:
        data = pdf_bytes(pages)
        if user_password is not None:
            data = encrypt(data, user_password, algorithm)
        return _put(name, data)(folder)
    return write


def _pdf_truncated(folder: Path) -> Path:
    data = pdf_bytes([["Truncated report, page one."], ["Page two."], ["Page three."]])
    return _put("pdf-truncated.pdf", data[: len(data) // 2])(folder)


def _pdf_page_tree_loop(folder: Path) -> Path:
    data = pdf_bytes([["A page no page tree reaches."]])
    looped = data.replace(b"/Kids [5 0 R]", b"/Kids [2 0 R]")  # the page list lists itself
    if looped == data:  # (the same length, so the cross-reference offsets still hold)
        raise RuntimeError("minipdf's page tree changed; cannot build the loop")
    return _put("pdf-page-tree-loop.pdf", looped)(folder)


def _pdf_bomb(name: str, pages_before: list, bomb: Callable[[], RawPage] = bomb_page
              ) -> Callable[[Path], Path]:
    def write(folder: Path) -> Path:  # the bomb is built when written, not on import
        return _put(name, pdf_bytes([*pages_before, bomb()]))(folder)
    return write


def _pdf_bomb_in_a_form(folder: Path) -> Path:
    """The bomb in a form XObject the page draws: the reader's check looks into forms too."""
    form = form_xobject(flate_bomb(PDF_BOMB_BYTES, text_content("Form bomb text") + b"\n"),
                        "/FlateDecode")
    page = RawPage(b"/X1 Do", xobjects=(("X1", form),))
    return _put("pdf-bomb-in-a-form.pdf", pdf_bytes([["Form bomb cover page."], page]))(folder)


# ---------------------------------------------------------------- docx, html, json

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def _blank_docx() -> bytes:
    """python-docx's empty document, as bytes."""
    import docx

    out = io.BytesIO()
    docx.Document().save(out)
    return out.getvalue()


def docx_with_body(body_xml: str) -> bytes:
    """A real .docx whose body is exactly `body_xml` (WordprocessingML, prefix w:)."""
    xml = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
           f'<w:document xmlns:w="{W_NS}" '
           f'xmlns:v="urn:schemas-microsoft-com:vml" '
           f'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">'
           f'<w:body>{body_xml}</w:body></w:document>')
    return _rezip(_blank_docx(), {"word/document.xml": xml.encode()})


def _p(text: str) -> str:
    return f"<w:p><w:r><w:t xml:space=\"preserve\">{text}</w:t></w:r></w:p>"


TRACKED_CHANGES = (
    _p("Ferry timetable for the winter.")
    + '<w:p><w:r><w:t xml:space="preserve">The ferry fare is </w:t></w:r>'
      '<w:del w:id="1" w:author="Clerk"><w:r><w:delText>12</w:delText></w:r></w:del>'
      '<w:ins w:id="2" w:author="Clerk"><w:r><w:t>14</w:t></w:r></w:ins>'
      '<w:r><w:t xml:space="preserve"> dollars.</w:t></w:r></w:p>')
TEXT_BOX = (
    _p("The quay opens at dawn.")
    + '<w:p><w:r><w:pict><v:shape><v:textbox><w:txbxContent>' + _p("Boxed aside")
    + '</w:txbxContent></v:textbox></v:shape></w:pict></w:r></w:p>')


def _docx_file(name: str, body_xml: str) -> Callable[[Path], Path]:
    def write(folder: Path) -> Path:
        return _put(name, docx_with_body(body_xml))(folder)
    return write


def _docx_truncated(folder: Path) -> Path:
    data = docx_with_body(_p("Truncated notice."))
    return _put("docx-truncated.docx", data[: len(data) // 2])(folder)


def _docx_bomb(folder: Path) -> Path:
    """A real document whose word/document.xml unpacks to 1.5 GiB (mostly spaces)."""
    chunk = b" " * (1 << 24)
    head = (f'<?xml version="1.0"?><w:document xmlns:w="{W_NS}"><w:body>'.encode()
            + _p("Bomb").encode())
    tail = b"</w:body></w:document>"
    times = -(-(BOMB_BYTES - len(head) - len(tail)) // len(chunk))
    members = []
    with zipfile.ZipFile(io.BytesIO(_blank_docx())) as src:
        for info in src.infolist():
            if info.filename == "word/document.xml":
                members.append((info.filename, *_deflated_repeat(head, chunk, times, tail)))
                continue
            body = src.read(info.filename)
            c = zlib.compressobj(9, zlib.DEFLATED, -15)
            members.append((info.filename, c.compress(body) + c.flush(), zlib.crc32(body),
                            len(body)))
    return _put("docx-zip-bomb.docx", raw_zip(members))(folder)


def _docx_spreadsheet(folder: Path) -> Path:
    return _put("docx-xlsx-renamed.docx", _workbook(_plain))(folder)


def _sparse(name: str, size: int, head: bytes) -> Callable[[Path], Path]:
    """A file of `size` bytes that takes no disk space past its head (a sparse file)."""
    def write(folder: Path) -> Path:
        path = folder / name
        with open(path, "wb") as fh:
            fh.write(head)
            fh.truncate(size)
        return path
    return write


def _deep_json() -> bytes:
    deep = '"Buried value"'
    for _ in range(100):
        deep = '{"inner": ' + deep + "}"
    return ('{"harbour": "The lighthouse keeper is Odile Brandt.", "deep": ' + deep + "}").encode()


# ---------------------------------------------------------------- the table

HOSTILE_FILES: dict[str, Hostile] = {
    # ---- text
    "text-invalid-utf8": Hostile(
        _put("text-invalid-utf8.txt",
             "Résumé of the orchard inspection — naïve summary\n".encode()
             + b"The orchard fee is 40 \xe2\x82 per tree.\n"  # a euro sign cut short: damage
             + b"Caf\xe9 hours are posted.\n"),  # cp1252 pasted into a UTF-8 file
        "ok", "The orchard fee is 40 \ufffd per tree.", "undecodable bytes shown as \ufffd"),
    "text-utf16-le-bom": Hostile(
        _put("text-utf16-le-bom.txt", codecs.BOM_UTF16_LE
             + "Kayak rental deposit: 25 dollars (naïve paddlers welcome).\n".encode("utf-16-le")),
        "ok", "Kayak rental deposit: 25 dollars (naïve paddlers welcome)."),
    "text-utf16-be-bom": Hostile(
        _put("text-utf16-be-bom.txt",
             codecs.BOM_UTF16_BE + "Canoe launch closes at 8 pm.\n".encode("utf-16-be")),
        "ok", "Canoe launch closes at 8 pm."),
    "text-latin1": Hostile(
        _put("text-latin1.txt", "The café on Elm Street opens at 7.\n".encode("latin-1")),
        "ok", "The café on Elm Street opens at 7.", "decoded as cp1252"),
    "text-nul-bytes": Hostile(
        _put("text-nul-bytes.txt",
             b"The bridge\x00 toll is 3 dollars.\n" + bytes(4096) + b"Ferry runs hourly.\n"),
        "ok", "Ferry runs hourly."),
    "text-long-line": Hostile(
        _put("text-long-line.txt", _long_line(b"The glacier permit number is GP-7731.",
                                               b"Glacier huts open in June.\n")),
        "ok", "The glacier permit number is GP-7731.", "longer than 10,000 characters"),
    "text-empty": Hostile(_put("text-empty.txt", b""), "ok", "", "empty file"),
    "text-blank-lines": Hostile(
        _put("text-blank-lines.md", b"\n  \n\t\r\n"), "ok", "", "only blank lines"),
    "text-binary-random": Hostile(
        _put("text-binary-random.txt", _random_bytes(4096, 7)),
        "failed", "not a text file (binary content)"),
    "text-png-renamed": Hostile(
        _put("text-png-renamed.txt", png_bytes()),
        "failed", "not a text file (binary content: a PNG image)"),
    "text-only-nul": Hostile(
        _put("text-only-nul.txt", bytes(1024)), "failed", "only NUL bytes"),
    # ---- csv
    "csv-invalid-utf8": Hostile(
        _put("csv-invalid-utf8.csv",
             "Berth,Fee\nHarbour mooring,12 € a night\n".encode() + b"Caf\xe9 kiosk,3\n"),
        "ok", "Harbour mooring | 12 € a night", "not valid UTF-8 on line 3: read as cp1252"),
    "csv-utf16-bom": Hostile(
        _put("csv-utf16-bom.csv", "Item,Price\nLantern hire,4 dollars\n".encode("utf-16")),
        "ok", "Lantern hire | 4 dollars"),
    "csv-latin1": Hostile(
        _put("csv-latin1.csv", "Place,Note\nCafé terrace,open late\n".encode("latin-1")),
        "ok", "Café terrace | open late", "decoded as cp1252"),
    "csv-nul-bytes": Hostile(
        _put("csv-nul-bytes.csv", b"Tool,Price\nShovel\x00 rental,6\n"),
        "ok", "Shovel rental | 6"),
    "csv-long-line": Hostile(
        _put("csv-long-line.csv", b"Code,Description\n" + _long_line(
            b"ZX-1,Bulk compost costs 9 dollars a load", b"ZX-2,Mulch is free\n")),
        "ok", "ZX-1 | Bulk compost costs 9 dollars a load", "row 2 is longer than 10,000"),
    "csv-ragged": Hostile(
        _put("csv-ragged.csv",
             b"Class,Day,Time\nPottery class,Monday\nChess club,Tuesday,6 pm,Room 4\n"),
        "ok", "Chess club | Tuesday | 6 pm | Room 4"),
    "csv-multiline-field": Hostile(
        _put("csv-multiline-field.csv",
             b'Event,Details\n"Lantern walk","Meet at the gate\r\nbring a torch"\nNext,row\n'),
        "ok", "Lantern walk | Meet at the gate bring a torch"),
    "csv-bom": Hostile(
        _put("csv-bom.csv", codecs.BOM_UTF8 + b"Facility,Rate\nTennis court,15\n"),
        "ok", "Facility | Rate"),
    "csv-empty": Hostile(_put("csv-empty.csv", b""), "ok", "", "empty file"),
    "csv-binary": Hostile(
        _put("csv-binary.csv", _random_bytes(4096, 8)),
        "failed", "not a text file (binary content)"),
    "csv-unclosed-quote": Hostile(
        _put("csv-unclosed-quote.csv",
             b'Name,Note\nFirst,fine\nSecond,"never closed\n' + b"x,y\n" * 40_000),
        "ok", "First | fine", "skipped: field larger than field limit"),
    # ---- spreadsheets
    "xlsx-truncated": Hostile(_truncated, "failed", "not a valid xlsx file (corrupt zip)"),
    "xlsx-random-bytes": Hostile(
        _put("xlsx-random-bytes.xlsx", _random_bytes(4096, 9)),
        "failed", "not a valid xlsx file (not a zip archive)"),
    "xlsx-plain-zip": Hostile(_plain_zip, "failed", "not a valid xlsx file"),
    "xlsx-zip-bomb": Hostile(_bomb, "failed", "looks like a zip bomb"),
    "xlsx-uncached-formulas": Hostile(
        _workbook_file("xlsx-uncached-formulas.xlsx", _uncached_formulas),
        "ok", "Snow plough route 12 | 12", "12 formula cells have no saved value"),
    "xlsx-merged-cells": Hostile(
        _workbook_file("xlsx-merged-cells.xlsx", _merged), "ok", "Harvest festival schedule"),
    "xlsx-million-empty-rows": Hostile(
        _million_rows, "ok", "Harbour depot | 12", "stopped after 10,000 empty rows"),
    "xlsx-rows-all-numbered-1": Hostile(
        _rows_all_numbered_one, "ok", "Depot | Salt bins", "rows out of order"),
    "xlsx-hidden-sheet": Hostile(
        _workbook_file("xlsx-hidden-sheet.xlsx", _hidden),
        "ok", "Archived tariff for lamplighters | 1.25"),
    "xlsx-dates": Hostile(
        _workbook_file("xlsx-dates.xlsx", _dates),
        "ok", "Hydrant H-12 | 2024-03-15 | 2024-03-15 09:30"),
    "xlsx-encrypted": Hostile(
        _put("xlsx-encrypted.xlsx", ole_file("Root Entry", "EncryptionInfo", "EncryptedPackage")),
        "failed", "encrypted, needs a password"),
    "xlsx-old-xls-renamed": Hostile(
        _put("xlsx-old-xls-renamed.xlsx", ole_file("Root Entry", "Workbook")),
        "failed", "Excel 97-2003 workbook"),
    # ---- pdf
    "pdf-truncated": Hostile(_pdf_truncated, "failed", "the file is cut short"),
    "pdf-random-bytes": Hostile(
        _put("pdf-random-bytes.pdf", _random_bytes(4096, 12)),
        "failed", "not a valid PDF: no PDF header"),
    "pdf-png-renamed": Hostile(
        _put("pdf-png-renamed.pdf", png_bytes()),
        "failed", "not a valid PDF: it looks like a PNG image"),
    "pdf-text-renamed": Hostile(
        _put("pdf-text-renamed.pdf", b"Meeting notes saved with the wrong name.\n"),
        "failed", "not a valid PDF: it holds plain text"),
    "pdf-empty": Hostile(
        _put("pdf-empty.pdf", b""), "failed", "not a valid PDF: the file is empty"),
    "pdf-zero-pages": Hostile(_pdf("pdf-zero-pages.pdf", []), "failed", "PDF has no pages"),
    "pdf-page-tree-loop": Hostile(
        _pdf_page_tree_loop, "failed", "damaged PDF: its list of pages cannot be read"),
    "pdf-rc4-empty-password": Hostile(
        _pdf("pdf-rc4-empty-password.pdf", [["The RC4 locked notice: boats moor at pier 4."]], "",
             "RC4-128"),
        "ok", "The RC4 locked notice: boats moor at pier 4.",
        "encrypted, opened with empty password"),
    "pdf-aes128-empty-password": Hostile(
        _pdf("pdf-aes128-empty-password.pdf", [["The AES-128 notice: the ferry leaves at 9."]],
             "", "AES-128"),
        "ok", "The AES-128 notice: the ferry leaves at 9.",
        "encrypted, opened with empty password"),
    "pdf-aes256-empty-password": Hostile(
        _pdf("pdf-aes256-empty-password.pdf", [["The AES-256 notice: the lock keeper is Ines."]],
             "", "AES-256"),
        "ok", "The AES-256 notice: the lock keeper is Ines.",
        "encrypted, opened with empty password"),
    "pdf-password": Hostile(
        _pdf("pdf-password.pdf", [["Salaries are confidential."]], "hunter2", "AES-128"),
        "failed", "encrypted, needs a password"),
    "pdf-broken-page": Hostile(
        _pdf("pdf-broken-page.pdf", [["Alfa page one reads fine."], broken_page(),
                                     ["Charlie page three reads fine."]]),
        "ok", "Charlie page three reads fine.", "text extraction failed on page 2 (skipped)"),
    "pdf-bad-font": Hostile(
        _pdf("pdf-bad-font.pdf", [["Delta page one has a real font."], bad_font_page()]),
        "ok", "Delta page one has a real font.", BAD_FONT),
    "pdf-decompression-bomb": Hostile(
        _pdf_bomb("pdf-decompression-bomb.pdf", []),
        "failed", "looks like a decompression bomb: page 1 unpacks to more than 64 MiB"),
    "pdf-nested-bomb": Hostile(
        _pdf_bomb("pdf-nested-bomb.pdf", [], nested_bomb_page),
        "failed", "looks like a decompression bomb: page 1 unpacks to more than 64 MiB"),
    "pdf-bomb-page": Hostile(
        _pdf_bomb("pdf-bomb-page.pdf", [["Echo page one is an ordinary page."]]),
        "ok", "Echo page one is an ordinary page.",
        "page 2: content that unpacks to more than 64 MiB skipped (a decompression bomb?)"),
    "pdf-bomb-in-a-form": Hostile(
        _pdf_bomb_in_a_form, "ok", "Form bomb cover page.",
        "page 2: content that unpacks to more than 64 MiB skipped (a decompression bomb?)"),
    "pdf-scanned-pages": Hostile(
        _pdf("pdf-scanned-pages.pdf", [["Foxtrot: the only page with a text layer."],
                                       scanned_page(), scanned_page(), scanned_page()]),
        "ok", "Foxtrot: the only page with a text layer.",
        f"3 of 4 pages have no text layer (scanned?): {SCANNED_PAGES} (pages 2-4)"),
    "pdf-scanned-only": Hostile(
        _pdf("pdf-scanned-only.pdf", [scanned_page(), scanned_page(), scanned_page()]),
        "failed", SCANNED_ONLY),
    # ---- docx
    "docx-truncated": Hostile(_docx_truncated, "failed", "not a valid docx file (corrupt zip)"),
    "docx-random-bytes": Hostile(
        _put("docx-random-bytes.docx", _random_bytes(4096, 13)),
        "failed", "not a valid docx file (not a zip archive)"),
    "docx-empty": Hostile(_put("docx-empty.docx", b""), "failed",
                          "not a valid docx file (empty file)"),
    "docx-old-doc-renamed": Hostile(
        _put("docx-old-doc-renamed.docx", ole_file("Root Entry", "WordDocument")),
        "failed", "a Word 97-2003 document (.doc) named .docx"),
    "docx-encrypted": Hostile(
        _put("docx-encrypted.docx", ole_file("Root Entry", "EncryptionInfo", "EncryptedPackage")),
        "failed", "encrypted, needs a password"),
    "docx-xlsx-renamed": Hostile(
        _docx_spreadsheet, "failed", "not a valid docx file (a spreadsheet, not a Word document)"),
    "docx-zip-bomb": Hostile(_docx_bomb, "failed", "looks like a zip bomb"),
    "docx-deeply-nested": Hostile(
        _docx_file("docx-deeply-nested.docx",
                   "<w:sdt><w:sdtContent>" * 1000 + _p("Nested")
                   + "</w:sdtContent></w:sdt>" * 1000),
        "failed", "nested too deeply to read safely"),
    "docx-no-text": Hostile(_docx_file("docx-no-text.docx", "<w:p/><w:p/>"), "ok", "",
                            "no text: every paragraph and table is empty"),
    "docx-tracked-changes": Hostile(
        _docx_file("docx-tracked-changes.docx", TRACKED_CHANGES), "ok",
        "The ferry fare is 14 dollars."),
    "docx-text-box": Hostile(
        _docx_file("docx-text-box.docx", TEXT_BOX), "ok", "The quay opens at dawn.",
        "1 text box not read"),
    # ---- html
    "html-empty": Hostile(_put("html-empty.html", b""), "ok", "", "empty file"),
    "html-script-only": Hostile(
        _put("html-script-only.html",
             b"<html><head><script>document.write('Quarry permits cost 40 dollars');</script>"
             b"<style>p { color: red }</style></head><body><noscript>Turn on scripts"
             b"</noscript></body></html>"),
        "ok", "", "no visible text"),
    "html-binary": Hostile(
        _put("html-binary.html", _random_bytes(4096, 14)),
        "failed", "not a text file (binary content)"),
    "html-png-renamed": Hostile(
        _put("html-png-renamed.htm", png_bytes()),
        "failed", "not a text file (binary content: a PNG image)"),
    "html-deeply-nested": Hostile(
        _put("html-deeply-nested.html",
             b"<div>" * 100_000 + b"The beacon is lit at dusk." + b"</div>" * 100_000),
        "ok", "The beacon is lit at dusk."),
    "html-unclosed-tags": Hostile(
        _put("html-unclosed-tags.html",
             b"<p>The slipway closes at 6 pm.<p>Second paragraph<table><tr><td>Boat<td>Fee"
             b"<tr><td>Dinghy<td>4 dollars<!-- never closed " + b"x " * 100_000),
        "ok", "Dinghy | 4 dollars"),
    "html-long-line": Hostile(
        _put("html-long-line.html",
             b"<p>" + _long_line(b"The glacier permit number is GP-7731.",
                                 b"</p><p>Huts open in June.</p>")),
        "ok", "Huts open in June.", "rendered line 1 is longer than 10,000 characters"),
    "html-declared-charset": Hostile(
        _put("html-declared-charset.html",
             '<meta charset="shift_jis"><p>港の料金は 5 ドルです。</p>'
             .encode("shift_jis")),
        "ok", "港の料金は 5 ドルです。", "decoded as shift_jis, as the page declares"),
    # ---- json
    "json-invalid": Hostile(
        _put("json-invalid.json", b'{"pier": "North pier",\n "fee": 5,,\n}'),
        "failed", "not valid JSON: Expecting property name enclosed in double quotes (line 2"),
    "json-truncated": Hostile(
        _put("json-truncated.json", b'{"moorings": [{"berth": "A-1", "fee": "410 dol'),
        "failed", "not valid JSON: Unterminated string"),
    "json-empty": Hostile(_put("json-empty.json", b""), "ok", "", "empty file"),
    "json-nested-past-the-parser": Hostile(
        _put("json-nested-past-the-parser.json", b"[" * 100_000), "failed", "nested too deeply"),
    "json-nested-deep": Hostile(
        _put("json-nested-deep.json", _deep_json()),
        "ok", "harbour: The lighthouse keeper is Odile Brandt.",
        "1 object or list nested deeper than 64 levels not read"),
    "json-too-large": Hostile(
        _sparse("json-too-large.json", 65 << 20, b'{"padding": "'),
        "failed", "too large to read safely: 65 MiB of JSON (limit 64 MiB, read whole)"),
    "json-png-renamed": Hostile(
        _put("json-png-renamed.json", png_bytes()),
        "failed", "not a text file (binary content: a PNG image)"),
    "json-latin1": Hostile(
        _put("json-latin1.json",
             '{"caf\u00e9": "Caf\u00e9 on the quay opens at 7"}'.encode("latin-1")),
        "ok", "café: Café on the quay opens at 7", "decoded as cp1252"),
    # ---- jsonl
    "jsonl-bad-lines": Hostile(
        _put("jsonl-bad-lines.jsonl",
             b'{"boat": "Heron", "berth": "B-4"}\nnot json at all\n\n{"boat": "Kestrel"\n'
             b'{"boat": "Osprey", "berth": "C-9"}\n'),
        "ok", "Osprey / berth: C-9", "lines 2, 4 skipped: not valid JSON"),
    "jsonl-pretty-printed": Hostile(
        _put("jsonl-pretty-printed.jsonl", b'{\n  "boat": "Heron",\n  "berth": "B-4"\n}\n'),
        "failed", "not valid JSON Lines: line 1"),
    "jsonl-long-line": Hostile(
        _put("jsonl-long-line.jsonl",
             b'{"log": "' + b"x" * (17 << 20) + b'"}\n{"boat": "Tern", "berth": "D-2"}\n'),
        "ok", "Tern / berth: D-2", "line 1 skipped: longer than 16 MiB"),
    "jsonl-empty": Hostile(_put("jsonl-empty.jsonl", b"\n\n"), "ok", "", "empty file"),
}


def write_all(folder: Path, kinds: list[str] | None = None) -> dict[str, Path]:
    """Write every hostile file (or those of `kinds`) into folder; kind -> path."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    return {kind: HOSTILE_FILES[kind](folder) for kind in (kinds or sorted(HOSTILE_FILES))}
