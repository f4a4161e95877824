"""A tiny PDF writer for tests and the sample generator: pages of text lines, nothing else.

write_pdf(path, pages) where pages is a list of pages and each page a list of items: a
string is the next line of the page's text, top down from (50, 790), one line per text row,
so pypdf extracts the lines back in order; an (x, y, string) tuple puts that string at x, y
(points from the bottom left), drawn after the lines in the order given, so a table can be
drawn column by column as many real PDFs do. Text uses the standard Helvetica font
(WinAnsi). Standard library only; the output is byte-identical per input, and pages of
strings alone come out exactly as before placed text existed.
"""
from __future__ import annotations

from pathlib import Path


def _escape(s: str) -> bytes:
    b = s.encode("cp1252", errors="replace")
    return b.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")


Item = str | tuple[float, float, str]  # a line of the flow, or (x, y, text) placed


def _num(v: float) -> bytes:
    return b"%d" % v if float(v).is_integer() else b"%.2f" % v


def pdf_bytes(pages: list[list[Item]], font_size: int = 10) -> bytes:
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # placeholder, filled once page ids are known
    pages_id = add(b"")
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    page_ids = []
    for items in pages:
        lines = [item for item in items if isinstance(item, str)]
        placed = [item for item in items if not isinstance(item, str)]
        leading = font_size + 4
        ops = [b"BT", b"/F1 %d Tf" % font_size, b"%d TL" % leading, b"50 790 Td"]
        for i, line in enumerate(lines):
            if i:
                ops.append(b"T*")
            ops.append(b"(" + _escape(line) + b") Tj")
        ops.append(b"ET")
        for x, y, text in placed:
            ops += [b"BT", b"/F1 %d Tf" % font_size, _num(x) + b" " + _num(y) + b" Td",
                    b"(" + _escape(text) + b") Tj", b"ET"]
        stream = b"\n".join(ops)
        content = add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        page_ids.append(
            add(
                b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 842] "
                b"/Resources << /Font << /F1 %d 0 R >> >> /Contents %d 0 R >>"
                % (pages_id, font, content)
            )
        )
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % pages_id
    kids = b" ".join(b"%d 0 R" % p for p in page_ids)
    objects[pages_id - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (kids, len(page_ids))

    out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for n, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        catalog,
        xref,
    )
    return bytes(out)


def write_pdf(path: str | Path, pages: list[list[Item]], font_size: int = 10) -> Path:
    p = Path(path)
    p.write_bytes(pdf_bytes(pages, font_size))
    return p
