"""Office zip containers (.xlsx, .docx): a path in, nothing out, or a ReadError before unpacking.

`check(path, kind)` refuses, judged only from the first bytes and the sizes the zip's directory
declares (zipfile never unpacks more than that): an OLE file (Office encryption, or an old
97-2003 file under the new name), anything that is not a zip, a zip that holds no document of
the kind (another Office format is named for what it is), and a zip whose parts would unpack
past the limits below (a zip bomb). Standard library only: it runs before the format's own
library is imported.
"""
from __future__ import annotations

import mmap
import re
import zipfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import ReadError
from ..units import size

MAX_UNPACKED = 1 << 30      # the whole file, unpacked
MAX_WHOLE_PART = 128 << 20  # a part the format's library holds in memory whole
BOMB_RATIO = 500            # real XML packs 5 to 50 times; deflate's ceiling is about 1,030
BOMB_MIN = 16 << 20         # ... judged only for parts that unpack past this
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ENCRYPTED = "EncryptedPackage".encode("utf-16-le")  # stream names in an OLE directory


@dataclass(frozen=True)
class Kind:
    """What one Office format looks like inside, and what to tell its user."""

    ext: str                 # ".xlsx"
    folder: str              # the folder its main parts live in: "xl/"
    what: str                # "spreadsheet": "no spreadsheet in it"
    old_streams: tuple[str, ...]  # OLE stream names of its 97-2003 ancestor
    old_name: str            # "an Excel 97-2003 workbook (.xls)"
    resave_old: str          # the hint for that ancestor under this format's name
    save_again: str          # the hint for a damaged file
    too_big: str             # the hint for a file past the limits
    unlock: str              # the hint for an encrypted file
    streamed: str = r"\Z."   # parts read in a stream, exempt from MAX_WHOLE_PART (a regex)


XLSX = Kind(".xlsx", "xl/", "spreadsheet", ("Workbook", "Book"),
            "an Excel 97-2003 workbook (.xls)",
            "open it in a spreadsheet program and save it as .xlsx",
            "open it in a spreadsheet program and save it again as .xlsx",
            "export its sheets as CSV, or split the workbook",
            "remove the password and save a copy: in Excel, File > Info > "
            "Protect Workbook > Encrypt with Password, then clear it",
            r"xl/worksheets/[^/]+\.xml\Z")
DOCX = Kind(".docx", "word/", "Word document", ("WordDocument",),
            "a Word 97-2003 document (.doc)",
            "open it in a word processor and save it as .docx",
            "open it in a word processor and save it again as .docx",
            "split the document, or save it as plain text",
            "remove the password and save a copy: in Word, File > Info > "
            "Protect Document > Encrypt with Password, then clear it")
KINDS = (XLSX, DOCX)


def _ole(path: Path, kind: Kind) -> ReadError:
    with open(path, "rb") as fh, mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as data:
        encrypted = data.find(_ENCRYPTED) >= 0
        old = [k for k in KINDS
               if any(data.find(s.encode("utf-16-le")) >= 0 for s in k.old_streams)]
    if not encrypted and old:
        ext = old[0].old_name.rsplit("(", 1)[-1].rstrip(")")
        if old[0] is kind:
            return ReadError(f"{kind.old_name} named {kind.ext}", kind.resave_old)
        return ReadError(f"{old[0].old_name} named {kind.ext}", f"rename it to {ext}")
    return ReadError("encrypted, needs a password", kind.unlock)


def check(path: Path, kind: Kind, max_unpacked: int = MAX_UNPACKED,
          max_whole_part: int = MAX_WHOLE_PART) -> None:
    """Refuse, before any unpacking, what is not a zip of this kind or would unpack too far."""
    with open(path, "rb") as fh:
        head = fh.read(len(OLE_MAGIC))
    if head == OLE_MAGIC:
        raise _ole(path, kind)
    name = kind.ext.lstrip(".")
    try:
        with zipfile.ZipFile(path) as zf:
            parts = zf.infolist()
    except zipfile.BadZipFile:
        why = "corrupt zip" if head.startswith(b"PK") else ("empty file" if not head
                                                            else "not a zip archive")
        raise ReadError(f"not a valid {name} file ({why})", kind.save_again) from None
    names = {part.filename for part in parts}
    if "[Content_Types].xml" not in names or not any(n.startswith(kind.folder) for n in names):
        other = next((k for k in KINDS if k is not kind and "[Content_Types].xml" in names
                      and any(n.startswith(k.folder) for n in names)), None)
        if other is not None:
            raise ReadError(f"not a valid {name} file (a {other.what}, not a {kind.what})",
                            f"rename it to {other.ext}")
        raise ReadError(f"not a valid {name} file (a zip archive, but no {kind.what} in it)",
                        "if it is not a " + kind.what + ", rename it to its real extension; "
                        "otherwise " + kind.save_again)
    streamed = re.compile(kind.streamed)
    for part in parts:
        if part.file_size > BOMB_MIN and part.file_size > BOMB_RATIO * max(part.compress_size, 1):
            raise ReadError(f"looks like a zip bomb: {part.filename} unpacks to "
                            f"{size(part.file_size)} from {size(part.compress_size)}",
                            "if the file is genuine, " + kind.too_big)
        if part.file_size > max_whole_part and not streamed.match(part.filename):
            raise ReadError(f"too large to read safely: {part.filename} unpacks to "
                            f"{size(part.file_size)} (limit {size(max_whole_part)})", kind.too_big)
    total = sum(part.file_size for part in parts)
    if total > max_unpacked:
        raise ReadError(f"too large to read safely: unpacks to {size(total)} "
                        f"(limit {size(max_unpacked)})", kind.too_big)
