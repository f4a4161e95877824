"""Opening a PDF. A path in; out, pypdf's reader (decrypted with the empty password when
locked) and the page count. Refuses, in plain words, a file that is not a PDF, is empty, cut
short or damaged, is locked with a password or a cipher it cannot open, or has no page tree."""
from __future__ import annotations

from pathlib import Path

from ...errors import ReadError
from ..text import binary_hint, binary_kind
from .fixes import font_program_encoding_only_when_the_pdf_has_none

EOF_WINDOW = 4096  # the end-of-file marker is looked for in this many last bytes


def _unopened(path: Path, error: Exception) -> ReadError:
    """Why pypdf could not open the file, in plain words: what the first and last bytes say."""
    try:
        with open(path, "rb") as f:
            head = f.read(1024)
            size = f.seek(0, 2)
            f.seek(max(0, size - EOF_WINDOW))
            tail = f.read()
    except OSError:
        head, tail, size = b"%PDF-", b"%%EOF", -1  # say what pypdf said
    if size == 0:
        return ReadError("not a valid PDF: the file is empty",
                         "replace it with a complete copy, or remove it")
    if b"%PDF-" not in head:
        what = binary_kind(head)
        if what is None:
            return ReadError("not a valid PDF: it holds plain text",
                             "rename it to .txt if it should be read as text")
        if what and what != "a PDF":
            said = f"it holds {what}" if what.startswith("only") else f"it looks like {what}"
            return ReadError(f"not a valid PDF: {said}", binary_hint(what))
        return ReadError("not a valid PDF: no PDF header (unknown binary content)",
                         "check that the file opens in a PDF viewer, or move it out of the "
                         "documents folder")
    if b"%%EOF" not in tail:
        return ReadError("not a valid PDF: the file is cut short (no end-of-file marker)",
                         "copy or download it again: it was not saved in full")
    detail = str(error).strip() or type(error).__name__
    return ReadError(f"not a valid PDF: damaged (pypdf: {detail})",
                     "check that the file opens in a PDF viewer; if it does, save a fresh copy "
                     "(print to PDF)")


def open_pdf(path: Path, notes: list[str]):
    """The opened (and, with the empty password, decrypted) reader, and its page count."""
    import pypdf
    from pypdf.errors import DependencyError

    font_program_encoding_only_when_the_pdf_has_none()

    try:
        reader = pypdf.PdfReader(str(path), strict=False)
        encrypted = reader.is_encrypted
    except (OSError, MemoryError):
        raise  # readers.read says these in plain words
    except Exception as e:  # pypdf's errors on a broken file are many and not all its own
        raise _unopened(path, e) from None
    if encrypted:
        try:
            opened = reader.decrypt("")
        except DependencyError:
            raise ReadError("encrypted with AES, which needs the 'cryptography' package",
                            "pip install cryptography, or save an unencrypted copy") from None
        except Exception as e:  # an unknown security handler, a damaged /Encrypt dictionary
            raise ReadError(f"encrypted in a way that cannot be opened ({e})",
                            "save an unencrypted copy (print to PDF, or qpdf --decrypt)") from None
        if opened == pypdf.PasswordType.NOT_DECRYPTED:
            raise ReadError("encrypted, needs a password",
                            "open it with its password and save an unencrypted copy (print to "
                            "PDF, or qpdf --password=... --decrypt)")
        notes.append("encrypted, opened with empty password")
    try:
        count = len(reader.pages)
    except (OSError, MemoryError):
        raise
    except Exception as e:  # a page tree that loops, or is not a tree at all
        raise ReadError(f"damaged PDF: its list of pages cannot be read ({e})",
                        "check that the file opens in a PDF viewer; if it does, save a fresh "
                        "copy (print to PDF)") from None
    return reader, count
