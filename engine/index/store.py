"""The SQLite store: schema, versioning, and every query the pipeline makes.

One file in WAL mode. Tables: meta (format and tokenizer versions), documents (one row per
file seen, with status ok / failed / skipped and the reason), lines (verbatim text and
locator), passages (span, terms, text), fts (FTS5 over passage terms, external content),
vectors (float32 blobs tagged with the model identity that made them).
"""
from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

import numpy as np

from ..errors import IndexError_
from ..terms import TOKENIZER_VERSION

FORMAT_VERSION = "2"
APP_ID = 0x61736B31  # "ask1": marks the file as ours

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS documents(
    id INTEGER PRIMARY KEY,
    path TEXT NOT NULL UNIQUE,
    hash TEXT,
    size INTEGER NOT NULL DEFAULT 0,
    mtime_ns INTEGER NOT NULL DEFAULT 0,
    kind TEXT,
    status TEXT NOT NULL,
    error TEXT,
    hint TEXT,
    notes TEXT,
    n_lines INTEGER NOT NULL DEFAULT 0,
    n_passages INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS lines(
    doc INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    locator TEXT NOT NULL,
    text TEXT NOT NULL,
    PRIMARY KEY(doc, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS passages(
    id INTEGER PRIMARY KEY,
    pid TEXT NOT NULL,
    doc INTEGER NOT NULL,
    first INTEGER NOT NULL,
    last INTEGER NOT NULL,
    span TEXT NOT NULL,
    terms TEXT NOT NULL,
    text TEXT NOT NULL,
    context TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS passages_doc ON passages(doc);
CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(
    terms, content='passages', content_rowid='id',
    tokenize="unicode61 remove_diacritics 0 tokenchars '-.,/:%'''"
);
CREATE TABLE IF NOT EXISTS vectors(
    passage INTEGER PRIMARY KEY,
    model TEXT NOT NULL,
    vec BLOB NOT NULL
);
"""


@dataclass(frozen=True)
class DocRow:
    id: int
    path: str
    hash: str | None
    size: int
    mtime_ns: int
    kind: str | None
    status: str
    error: str | None
    hint: str | None
    notes: str | None
    n_lines: int
    n_passages: int

    @property
    def doc_id(self) -> str:
        return (self.hash or "")[:12]


@dataclass(frozen=True)
class PassageRow:
    id: int
    pid: str
    doc: int
    first: int
    last: int
    span: str
    terms: str
    text: str
    context: str


class Store:
    """An open index. Use as a context manager or call close()."""

    def __init__(self, path: Path, create: bool = True):
        self.path = Path(path)
        if not self.path.exists() and not create:
            raise IndexError_(f"no index at {self.path}", "run ask on the folder once to build it")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.db = sqlite3.connect(str(self.path), timeout=30, isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self._check_or_create()
        except sqlite3.DatabaseError as e:
            raise IndexError_(
                f"index file {self.path} is not a usable ask index ({e})",
                "delete it (it holds nothing that cannot be rebuilt) or point --index elsewhere",
            ) from None
        except OSError as e:
            raise IndexError_(f"cannot create index at {self.path}: {e}",
                              "use --index PATH to put it somewhere writable") from None

    def _check_or_create(self) -> None:
        app_id = self.db.execute("PRAGMA application_id").fetchone()[0]
        tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        if app_id == 0 and not tables:
            with self.transaction():
                self._create_schema()
                self.db.execute(f"PRAGMA application_id={APP_ID}")
                self._set_meta("format", FORMAT_VERSION)
                self._set_meta("tokenizer", TOKENIZER_VERSION)
            return
        if app_id != APP_ID:
            raise IndexError_(
                f"{self.path} is an SQLite file that does not belong to ask",
                "point --index at a new path; ask will not overwrite a foreign file",
            )
        if self.meta("format") != FORMAT_VERSION or self.meta("tokenizer") != TOKENIZER_VERSION:
            self.reset_content()

    def reset_content(self) -> None:
        """Start the content over (every document is re-read on the next refresh)."""
        with self.transaction():
            for t in ("vectors", "fts", "passages", "lines", "documents", "meta"):
                self.db.execute(f"DROP TABLE IF EXISTS {t}")
            self._create_schema()
            self._set_meta("format", FORMAT_VERSION)
            self._set_meta("tokenizer", TOKENIZER_VERSION)

    def ensure_rules(self, rules: str) -> bool:
        """Record the chunking rules the content was built with; reset if they changed."""
        if self.meta("rules") == rules:
            return False
        if self.db.execute("SELECT COUNT(*) FROM documents").fetchone()[0]:
            self.reset_content()
        with self.transaction():
            self._set_meta("rules", rules)
        return True

    def _create_schema(self) -> None:
        # statement by statement: executescript() would commit the open transaction
        for stmt in SCHEMA.split(";\n"):
            if stmt.strip():
                self.db.execute(stmt)

    # -- plumbing -----------------------------------------------------------------
    def transaction(self):
        return _Transaction(self.db)

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "Store":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def meta(self, key: str) -> str | None:
        row = self.db.execute("SELECT value FROM meta WHERE key=?", (key,)).fetchone()
        return row[0] if row else None

    def _set_meta(self, key: str, value: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES(?, ?)", (key, value))

    # -- documents ----------------------------------------------------------------
    def documents(self) -> dict[str, DocRow]:
        rows = self.db.execute("SELECT * FROM documents ORDER BY path")
        return {r[1]: DocRow(*r) for r in rows}

    def document(self, doc: int) -> DocRow:
        return DocRow(*self.db.execute("SELECT * FROM documents WHERE id=?", (doc,)).fetchone())

    def remove_document(self, doc: int) -> None:
        """Delete a document with its lines, passages, FTS rows and vectors (caller holds a transaction)."""
        for pid, terms in self.db.execute("SELECT id, terms FROM passages WHERE doc=?", (doc,)).fetchall():
            self.db.execute("INSERT INTO fts(fts, rowid, terms) VALUES('delete', ?, ?)", (pid, terms))
            self.db.execute("DELETE FROM vectors WHERE passage=?", (pid,))
        self.db.execute("DELETE FROM passages WHERE doc=?", (doc,))
        self.db.execute("DELETE FROM lines WHERE doc=?", (doc,))
        self.db.execute("DELETE FROM documents WHERE id=?", (doc,))

    def put_document(self, path: str, *, hash: str | None, size: int, mtime_ns: int, kind: str | None,
                     status: str, error: str | None = None, hint: str | None = None,
                     notes: str | None = None) -> int:
        """Insert a document row (caller has removed any previous row for the path)."""
        cur = self.db.execute(
            "INSERT INTO documents(path, hash, size, mtime_ns, kind, status, error, hint, notes)"
            " VALUES(?,?,?,?,?,?,?,?,?)",
            (path, hash, size, mtime_ns, kind, status, error, hint, notes),
        )
        return int(cur.lastrowid)

    def touch_document(self, doc: int, size: int, mtime_ns: int) -> None:
        self.db.execute("UPDATE documents SET size=?, mtime_ns=? WHERE id=?", (size, mtime_ns, doc))

    def put_content(self, doc: int, lines: Sequence[tuple[str, str]],
                    passages: Sequence[tuple[str, int, int, str, str, str, str]]) -> None:
        """Store a document's lines (locator, text) and passages
        (pid, first, last, span, terms, text, context)."""
        self.db.executemany(
            "INSERT INTO lines(doc, seq, locator, text) VALUES(?,?,?,?)",
            ((doc, i, loc, text) for i, (loc, text) in enumerate(lines)),
        )
        for pid, first, last, span, terms, text, context in passages:
            cur = self.db.execute(
                "INSERT INTO passages(pid, doc, first, last, span, terms, text, context)"
                " VALUES(?,?,?,?,?,?,?,?)",
                (pid, doc, first, last, span, terms, text, context),
            )
            self.db.execute("INSERT INTO fts(rowid, terms) VALUES(?, ?)", (cur.lastrowid, terms))
        self.db.execute(
            "UPDATE documents SET n_lines=?, n_passages=? WHERE id=?", (len(lines), len(passages), doc)
        )

    # -- passages and lines ---------------------------------------------------------
    def search(self, match: str, limit: int, docs: Sequence[int] | None = None) -> list[int]:
        """Passage rowids for an FTS5 MATCH expression, best BM25 first, ties by rowid."""
        if docs is None:
            sql = "SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY rank, rowid LIMIT ?"
            args: tuple = (match, limit)
        else:
            if not docs:
                return []
            marks = ",".join("?" * len(docs))
            sql = (f"SELECT f.rowid FROM fts f JOIN passages p ON p.id = f.rowid WHERE fts MATCH ?"
                   f" AND p.doc IN ({marks}) ORDER BY f.rank, f.rowid LIMIT ?")
            args = (match, *docs, limit)
        return [r[0] for r in self.db.execute(sql, args)]

    def passages(self, ids: Iterable[int]) -> dict[int, PassageRow]:
        ids = list(ids)
        out: dict[int, PassageRow] = {}
        for i in range(0, len(ids), 900):
            part = ids[i : i + 900]
            marks = ",".join("?" * len(part))
            for r in self.db.execute(f"SELECT * FROM passages WHERE id IN ({marks})", part):
                out[r[0]] = PassageRow(*r)
        return out

    def lines(self, doc: int, first: int, last: int) -> list[tuple[int, str, str]]:
        """(seq, locator, text) for lines first..last of a document, in order."""
        return list(self.db.execute(
            "SELECT seq, locator, text FROM lines WHERE doc=? AND seq BETWEEN ? AND ? ORDER BY seq",
            (doc, first, last)))

    def passages_missing_vectors(self, model: str) -> list[tuple[int, str, str]]:
        """(id, text, context) of passages with no vector from `model`, by id."""
        return list(self.db.execute(
            "SELECT p.id, p.text, p.context FROM passages p LEFT JOIN vectors v"
            " ON v.passage = p.id AND v.model = ? WHERE v.passage IS NULL ORDER BY p.id", (model,)))

    def drop_vectors_not_from(self, model: str) -> int:
        return self.db.execute("DELETE FROM vectors WHERE model != ?", (model,)).rowcount

    def put_vectors(self, model: str, rows: Sequence[tuple[int, np.ndarray]]) -> None:
        self.db.executemany(
            "INSERT OR REPLACE INTO vectors(passage, model, vec) VALUES(?,?,?)",
            ((pid, model, np.asarray(v, dtype=np.float32).tobytes()) for pid, v in rows),
        )

    def vector_matrix(self, model: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(passage ids, their document ids, unit vectors as one float32 matrix), by passage id."""
        rows = self.db.execute(
            "SELECT v.passage, p.doc, v.vec FROM vectors v JOIN passages p ON p.id = v.passage"
            " WHERE v.model=? ORDER BY v.passage", (model,)).fetchall()
        if not rows:
            return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros((0, 0), np.float32)
        ids = np.fromiter((r[0] for r in rows), dtype=np.int64, count=len(rows))
        docs = np.fromiter((r[1] for r in rows), dtype=np.int64, count=len(rows))
        mat = np.vstack([np.frombuffer(r[2], dtype=np.float32) for r in rows])
        return ids, docs, mat

    def counts(self, model: str | None) -> tuple[int, int, int]:
        """(documents indexed ok, passages, passages with a vector from `model`)."""
        docs = self.db.execute("SELECT COUNT(*) FROM documents WHERE status='ok'").fetchone()[0]
        passages = self.db.execute("SELECT COUNT(*) FROM passages").fetchone()[0]
        vecs = 0
        if model:
            vecs = self.db.execute("SELECT COUNT(*) FROM vectors WHERE model=?", (model,)).fetchone()[0]
        return docs, passages, vecs


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any exception."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self):
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, exc_type, exc, tb):
        self.db.execute("COMMIT" if exc_type is None else "ROLLBACK")
        return False
