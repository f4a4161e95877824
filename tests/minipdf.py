"""A tiny PDF writer for tests and the sample generator: pages of text lines, nothing else.

write_pdf(path, pages) where pages is a list of pages and each page a list of items: a
string is the next line of the page's text, top down from (50, 790), one line per text row,
so pypdf extracts the lines back in order; an (x, y, string) tuple puts that string at x, y
(points from the bottom left), drawn after the lines in the order given, so a table can be
drawn column by column as many real PDFs do. Text uses the standard Helvetica font
(WinAnsi). Standard library only; the output is byte-identical per input, and pages of
strings alone come out exactly as before placed text existed.

For hostile files a page can instead be a RawPage: its content stream exactly as given
(already packed when it names a filter), with extra XObjects (an image: a "scanned" page;
a form) or its own font dictionary (a broken one). `scanned_page()` is a page showing only
an image; `encrypt()` (the one helper that needs pypdf) locks a file with a password.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


def _escape(s: str) -> bytes:
    b = s.encode("cp1252", errors="replace")
    return b.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")


Item = str | tuple[float, float, str]  # a line of the flow, or (x, y, text) placed


@dataclass(frozen=True)
class RawPage:
    """A page drawn by exactly `content`. `filter` is the stream's /Filter when `content` is
    already packed ("/FlateDecode"); `xobjects` are (name, object body) pairs the page's
    resources list under /XObject; `font`, when given, is the body of font /F1 instead of
    Helvetica (b"42" makes a font that is not a font)."""

    content: bytes
    filter: str = ""
    xobjects: tuple[tuple[str, bytes], ...] = ()
    font: bytes | None = None


Page = list[Item] | RawPage


def stream_object(data: bytes, entries: bytes = b"") -> bytes:
    """The body of a stream object holding `data` as stored, with more dictionary entries."""
    head = b"<< /Length %d" % len(data) + (b" " + entries if entries else b"") + b" >>"
    return head + b"\nstream\n" + data + b"\nendstream"


def image_xobject() -> bytes:
    """A 2 x 2 grey image, as a scanner would put a page (much smaller)."""
    return stream_object(b"\x80\x40\x40\x80", b"/Type /XObject /Subtype /Image /Width 2 "
                                              b"/Height 2 /ColorSpace /DeviceGray "
                                              b"/BitsPerComponent 8")


HELVETICA = b"3 0 R"  # pdf_bytes always writes its Helvetica font as object 3


def form_xobject(content: bytes, filter: str = "") -> bytes:
    """A form XObject drawing `content` (packed with `filter` when one is named) with its own
    resources: font /F1, the Helvetica every file of pdf_bytes has."""
    entries = (b"/Type /XObject /Subtype /Form /BBox [0 0 612 842] "
               b"/Resources << /Font << /F1 " + HELVETICA + b" >> >>")
    if filter:
        entries += b" /Filter " + filter.encode()
    return stream_object(content, entries)


def scanned_page() -> RawPage:
    """A page that only shows an image: no text layer, as a scan without OCR."""
    return RawPage(b"q 400 0 0 500 100 200 cm /Im1 Do Q", xobjects=(("Im1", image_xobject()),))


def text_content(*lines: str, font_size: int = 10) -> bytes:
    """The content stream write_pdf draws for a page of these lines (for a RawPage)."""
    ops = [b"BT", b"/F1 %d Tf" % font_size, b"%d TL" % (font_size + 4), b"50 790 Td"]
    for i, line in enumerate(lines):
        if i:
            ops.append(b"T*")
        ops.append(b"(" + _escape(line) + b") Tj")
    ops.append(b"ET")
    return b"\n".join(ops)


def _num(v: float) -> bytes:
    return b"%d" % v if float(v).is_integer() else b"%.2f" % v


def _content(items: list[Item], font_size: int) -> bytes:
    lines = [item for item in items if isinstance(item, str)]
    placed = [item for item in items if not isinstance(item, str)]
    ops = [text_content(*lines, font_size=font_size)]
    for x, y, text in placed:
        ops += [b"BT", b"/F1 %d Tf" % font_size, _num(x) + b" " + _num(y) + b" Td",
                b"(" + _escape(text) + b") Tj", b"ET"]
    return b"\n".join(ops)


def pdf_bytes(pages: list[Page], font_size: int = 10) -> bytes:
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # placeholder, filled once page ids are known
    pages_id = add(b"")
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
    assert b"%d 0 R" % font == HELVETICA
    page_ids = []
    for page in pages:
        resources = b"/Font << /F1 %d 0 R >>" % font
        if isinstance(page, RawPage):
            filt = b" /Filter " + page.filter.encode() if page.filter else b""
            content = add(b"<< /Length %d%s >>\nstream\n" % (len(page.content), filt)
                          + page.content + b"\nendstream")
            if page.font is not None:
                resources = b"/Font << /F1 %d 0 R >>" % add(page.font) if page.font else b""
            if page.xobjects:
                named = b" ".join(b"/%s %d 0 R" % (name.encode(), add(body))
                                  for name, body in page.xobjects)
                resources += b" /XObject << " + named + b" >>"
        else:
            stream = _content(page, font_size)
            content = add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        page_ids.append(
            add(
                b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 842] "
                b"/Resources << %s >> /Contents %d 0 R >>"
                % (pages_id, resources, content)
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


def write_pdf(path: str | Path, pages: list[Page], font_size: int = 10) -> Path:
    p = Path(path)
    p.write_bytes(pdf_bytes(pages, font_size))
    return p


def encrypt(data: bytes, user_password: str, algorithm: str = "RC4-128") -> bytes:
    """`data` (a PDF) encrypted by pypdf ("RC4-40", "RC4-128", "AES-128", "AES-256"): an
    empty user password opens in any viewer without asking; any other must be typed. AES
    needs the `cryptography` package. pypdf draws the file id, salts and IVs from
    `secrets.token_bytes`; a seeded generator stands in for it meanwhile, so the same call
    gives the same bytes."""
    import io
    import random
    import secrets

    import pypdf

    seeded = random.Random(f"{algorithm}:{user_password}").randbytes
    drawn = secrets.token_bytes
    secrets.token_bytes = seeded
    try:
        writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(data)))
        writer.encrypt(user_password=user_password, owner_password="owner of the file",
                       algorithm=algorithm)
        out = io.BytesIO()
        writer.write(out)
    finally:
        secrets.token_bytes = drawn
    return out.getvalue()
