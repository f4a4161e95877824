"""PDF reader (pypdf): a .pdf file in, one Line per non-blank line of each page out, a table
drawn cell by cell read as one line a row. Refuses, with a ReadError in plain words, a file that
gives no line. Modules: reading (the entry point, notes), opening, rows, bombs, fixes (pypdf)."""
from __future__ import annotations

from .fixes import clean
from .reading import read
from .rows import At

__all__ = ["At", "clean", "read"]
