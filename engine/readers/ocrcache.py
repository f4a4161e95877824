"""OCR results kept by page content: a rendered page (or image frame) in, the lines Tesseract
read from it out, without running Tesseract again. So a refresh never repeats the OCR of an
unchanged page, and a run killed halfway keeps the pages it finished.

The key is the SHA-256 of the image exactly as Tesseract gets it (mode, size, pixels) and of
the engine that reads it (CACHE_VERSION, Tesseract's version, the language data's own hash,
the page segmentation mode, the re-read's settings `ocr.REREAD`): the same page in a renamed,
moved or re-saved file is found again, and a new engine, data file or re-read rule reads every
page afresh. The value is the lines as `ocr.recognise` gives them, re-reads included.

One SQLite file beside the index (`<index>.ocr`), written by the reading process only (its OCR
processes, ocrpool.py, only look pages up), one commit per page. It never decides an answer: a miss costs time, never a different line.
Anything wrong with the file (unwritable folder, a damaged file, another version) turns the
cache off for the run, and OCR goes on without it.
"""
from __future__ import annotations

import hashlib
import json
import sqlite3
from pathlib import Path

CACHE_VERSION = 2  # 2: each line with its block and box
SUFFIX = ".ocr"


def path_for(index: Path) -> Path:
    return Path(f"{index}{SUFFIX}")


class PageCache:
    """get(key) / put(key, lines) over one SQLite file; off (every get a miss, every put
    dropped) once anything goes wrong with it."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self.db: sqlite3.Connection | None = None
        self.hits = self.misses = 0
        try:
            self.db = sqlite3.connect(str(self.path), timeout=30, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("CREATE TABLE IF NOT EXISTS pages (key TEXT PRIMARY KEY, "
                            "lines TEXT NOT NULL) WITHOUT ROWID")
        except sqlite3.Error:
            self.close()

    def get(self, key: str) -> list[tuple] | None:
        if self.db is None:
            return None
        try:
            row = self.db.execute("SELECT lines FROM pages WHERE key = ?", (key,)).fetchone()
        except sqlite3.Error:
            self.close()
            return None
        if row is None:
            self.misses += 1
            return None
        self.hits += 1
        return [tuple(line) for line in json.loads(row[0])]

    def put(self, key: str, lines: list[tuple]) -> None:
        if self.db is None:
            return
        try:  # autocommit: the page is on disk (WAL) before the next one starts
            self.db.execute("INSERT OR REPLACE INTO pages (key, lines) VALUES (?, ?)",
                            (key, json.dumps(lines, ensure_ascii=False)))
        except sqlite3.Error:
            self.close()

    def close(self) -> None:
        if self.db is not None:
            try:
                self.db.close()
            except sqlite3.Error:
                pass
        self.db = None


def page_key(engine: str, image) -> str:
    """The key of a prepared PIL image read by `engine` (a string naming the engine's version
    and data)."""
    h = hashlib.sha256()
    h.update(f"ocr {CACHE_VERSION} {engine} {image.mode} {image.width}x{image.height}\n".encode())
    h.update(image.tobytes())
    return h.hexdigest()


def file_digest(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()
