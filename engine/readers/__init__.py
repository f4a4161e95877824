"""Readers: one module per format, each "path in, lines with locators out".

`read(path)` picks the reader by file suffix and returns a ReadResult; it raises
errors.ReadError with a plain reason and a fix when a file cannot be read. Format modules
are imported only when a file of that format is read (pypdf, openpyxl and python-docx are
slow to import). `register()` lets new formats plug into the same table the built-ins use.
"""
from __future__ import annotations

import dataclasses
import importlib
import os
from pathlib import Path
from typing import Callable

from ..errors import ReadError
from ..types import ReadResult
from . import layout

ReaderFn = Callable[[Path], ReadResult]

# Bump whenever any reader could give different lines for the same file: an index built by
# older readers is then rebuilt (refresh records it with the chunking rules).
READERS_VERSION = "25"  # 25: a running header of a title's parts set apart by bars (layout._titled_bars)

# suffix -> "module:function" (lazy) or a callable registered at run time
_REGISTRY: dict[str, str | ReaderFn] = {
    ".txt": "text:read",
    ".text": "text:read",
    ".md": "text:read",
    ".markdown": "text:read",
    ".rst": "text:read",
    ".pdf": "pdf:read",
    ".xlsx": "xlsx:read",
    ".xlsm": "xlsx:read",
    ".csv": "csv_reader:read",
    ".docx": "docx_reader:read",
    ".html": "html_reader:read",
    ".htm": "html_reader:read",
    ".json": "json_reader:read_json",
    ".jsonl": "json_reader:read_jsonl",
    ".ndjson": "json_reader:read_jsonl",
    # images are read by OCR (the extra `ask-engine[ocr]`); without it each one fails with
    # "needs OCR, which is not installed" and the install command, never skipped unsaid
    ".png": "ocr:read_image",
    ".jpg": "ocr:read_image",
    ".jpeg": "ocr:read_image",
    ".tif": "ocr:read_image",
    ".tiff": "ocr:read_image",
}


def register(suffix: str, fn: ReaderFn) -> None:
    """Add or replace the reader for a suffix such as ".docx"."""
    _REGISTRY[suffix.lower()] = fn


def loaded() -> dict[str, ReaderFn]:
    """The readers held as functions, by suffix in sorted order: those registered at run time
    and the built-ins already imported (the others are still "module:function" names)."""
    return {suffix: entry for suffix, entry in sorted(_REGISTRY.items()) if callable(entry)}


def suffixes() -> tuple[str, ...]:
    return tuple(sorted(_REGISTRY))


def supported(path: str | Path) -> bool:
    """Whether a reader claims the file's suffix (a path string is enough: no Path is made)."""
    base = os.path.basename(os.fspath(path))
    dot = base.rfind(".")  # as os.path.splitext, at a third of its cost: leading dots are no suffix
    return dot > 0 and bool(base[:dot].lstrip(".")) and base[dot:].lower() in _REGISTRY


def reader_for(path: Path) -> ReaderFn:
    entry = _REGISTRY.get(path.suffix.lower())
    if entry is None:
        raise ReadError(f"unsupported file type {path.suffix or '(none)'}",
                        "supported: " + " ".join(suffixes()))
    if callable(entry):
        return entry
    module, func = entry.split(":")
    fn = getattr(importlib.import_module(f"{__name__}.{module}"), func)
    _REGISTRY[path.suffix.lower()] = fn
    return fn


def read(path: Path) -> ReadResult:
    """Read one file, its page furniture marked (layout.py). Any failure inside a reader
    becomes a ReadError with its reason."""
    fn = reader_for(path)
    try:
        result = fn(path)
        return dataclasses.replace(result, lines=layout.mark(result.lines))
    except ReadError:
        raise
    except MemoryError:
        raise ReadError("file too large to read in memory", "split the file") from None
    except PermissionError:
        raise ReadError("permission denied", "make the file readable by this user") from None
    except FileNotFoundError:
        raise ReadError("file vanished while being read", "run ask again") from None
    except Exception as e:  # a reader library failing on a bad file must not stop the run
        raise ReadError(f"could not read: {type(e).__name__}: {e}".strip(),
                        "check that the file opens in its usual program") from None
