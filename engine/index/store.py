"""The SQLite store: schema, versioning, and every query the pipeline makes.

One file in WAL mode. Tables: meta (format and tokenizer versions), documents (one row per
file seen, with status ok / failed / skipped and the reason), lines (verbatim text and
locator), passages (span, terms, text), fts (FTS5 over passage terms, external content),
vectors (float32 blobs tagged with the model identity that made them). Every write is one
`BEGIN IMMEDIATE … COMMIT`, so a process killed at any instant leaves the last commit; a
reader can hold one snapshot (`hold_snapshot`) so that all it reads belongs together.
Where SQLite fails (a damaged page, a full disk, a lock), every public method of Store and
its transactions raise the project's IndexError_ (index_failure's message), never sqlite3's.
"""
from __future__ import annotations

import functools
import hashlib
import inspect
import json
import os
import sqlite3
import sys
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, NamedTuple, Sequence

import numpy as np

from .. import errors
from ..errors import IndexError_
from ..terms import TOKENIZER_VERSION
from . import vecfile
from .vecfile import Tag

FORMAT_VERSION = "5"  # 3: lines.ocr; 4: lines.furniture, documents.context; 5: documents' dates (an old index is emptied and read again)
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
    n_passages INTEGER NOT NULL DEFAULT 0,
    context TEXT NOT NULL DEFAULT '',  -- what the document says about itself (readers/layout.py)
    date_start TEXT,  -- its date of effect, first and last day (readers/dating.py); NULL: none found
    date_end TEXT,
    date_evidence TEXT  -- the line (locator and text) or "file name" the date was read from
);
CREATE TABLE IF NOT EXISTS lines(
    doc INTEGER NOT NULL,
    seq INTEGER NOT NULL,
    locator TEXT NOT NULL,
    text TEXT NOT NULL,
    ocr REAL,  -- OCR's confidence in the line, 0-100; NULL for a line read from text
    furniture INTEGER NOT NULL DEFAULT 0,  -- 1: page furniture, never quoted (readers/layout.py)
    PRIMARY KEY(doc, seq)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS lines_furniture ON lines(doc, seq) WHERE furniture = 1;
-- the OCR'd lines alone, so --status counts OCR'd pages without reading every line
CREATE INDEX IF NOT EXISTS lines_ocr ON lines(doc, locator) WHERE ocr IS NOT NULL;
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
CREATE INDEX IF NOT EXISTS vectors_model ON vectors(model, passage);
"""


# vectors kept across a reset, by their model and the hash of the text they embed
_KEPT_SCHEMA = ("CREATE TABLE IF NOT EXISTS kept_vectors(model TEXT NOT NULL, key BLOB NOT NULL,"
                " vec BLOB NOT NULL, PRIMARY KEY(model, key))")


def kept_key(text: str) -> bytes:
    """The key a vector of `text` is kept by: its SHA-256."""
    return hashlib.sha256(text.encode("utf-8")).digest()


class DocRow(NamedTuple):
    """One row of the documents table (a named tuple: 75,000 of them are made in 0.08 s,
    a frozen dataclass took 0.33 s)."""

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
    context: str = ""  # what the document says about itself once: title, headers (readers/layout.py)
    date_start: str | None = None  # its date of effect (readers/dating.py), ISO first and last day
    date_end: str | None = None
    date_evidence: str | None = None

    @property
    def dated(self):
        """Its date of effect as a dating.Dated, or None."""
        if not self.date_start:
            return None
        from ..readers.dating import Dated

        return Dated(self.date_start, self.date_end or self.date_start, self.date_evidence or "")

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


def _guarded(method):
    """`method`, with the SQLite errors it meets raised as the store's IndexError_."""
    @functools.wraps(method)
    def call(self: "Store", *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except sqlite3.DatabaseError as e:
            raise self._failure(e) from None
    return call


def _sqlite_errors_as_ours(cls):
    """Guard every public method of `cls` (see _guarded); the private ones are its plumbing."""
    for name, fn in list(vars(cls).items()):
        if not name.startswith("_") and inspect.isfunction(fn):
            setattr(cls, name, _guarded(fn))
    return cls


@_sqlite_errors_as_ours
class Store:
    """An open index. Use as a context manager or call close().

    `db` is the raw connection, for the store's own queries (and tests); everything else
    asks through the methods, which raise IndexError_ where SQLite fails."""

    def __init__(self, path: Path, create: bool = True):
        self.path = Path(path)
        self._documents: tuple[tuple, dict[str, DocRow]] | None = None
        if not self.path.exists() and not create:
            raise IndexError_(f"no index at {self.path}", "run ask on the folder once to build it")
        self.db: sqlite3.Connection | None = None
        self._opening = True  # until the file is known to be an ask index: index_unusable
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # the engine runs a question's searches on a helper thread, never two at once
            self.db = sqlite3.connect(str(self.path), timeout=30, isolation_level=None,
                                      check_same_thread=False)
            self._refuse_foreign()  # before WAL mode, which would rewrite a foreign file's header
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self._check_or_create()
        except sqlite3.DatabaseError as e:
            self._close_quietly()
            raise self._failure(e) from None
        except OSError as e:
            self._close_quietly()
            raise IndexError_(f"cannot create index at {self.path}: {e}",
                              "use --index PATH to put it somewhere writable") from None
        except IndexError_:
            self._close_quietly()
            raise
        self._opening = False

    def _failure(self, e: sqlite3.DatabaseError) -> IndexError_:
        """The error to raise for `e`, met while opening the index or after."""
        return index_failure(self.path, e, opening=self._opening)

    def _close_quietly(self) -> None:
        if self.db is not None:
            try:
                self.db.close()
            except sqlite3.Error:
                pass

    def _look(self) -> tuple[int, set[str]]:
        """(application id, table names), read in one snapshot."""
        self.db.execute("BEGIN")
        try:
            app_id = self.db.execute("PRAGMA application_id").fetchone()[0]
            tables = {r[0] for r in self.db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        except sqlite3.Error:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")
        return app_id, tables

    def _refuse_foreign(self) -> None:
        app_id, tables = self._look()
        if app_id != APP_ID and (app_id != 0 or tables):
            raise errors.index_foreign(self.path)

    def _check_or_create(self) -> None:
        app_id, tables = self._look()
        if app_id == 0 and not tables:
            with self.transaction():
                # look again under the write lock: another process may have created it meanwhile
                app_id = self.db.execute("PRAGMA application_id").fetchone()[0]
                if app_id == 0 and not self.db.execute("SELECT 1 FROM sqlite_master").fetchone():
                    self._create_schema()
                    self.db.execute(f"PRAGMA application_id={APP_ID}")
                    self._set_meta("format", FORMAT_VERSION)
                    self._set_meta("tokenizer", TOKENIZER_VERSION)
                    self._set_meta("index_id", uuid.uuid4().hex)
                    return
            app_id, tables = self._look()
        if app_id != APP_ID:
            raise errors.index_foreign(self.path)
        if self.meta("format") != FORMAT_VERSION:
            self.reset_content(keep_vectors=False)  # another format's rows may embed another text
        elif self.meta("tokenizer") != TOKENIZER_VERSION:
            self.retokenize()
        if self.meta("index_id") is None:  # an index made before vector files: once
            with self.transaction():
                if self.meta("index_id") is None:
                    # counting one model's vectors reads every vector without this index
                    # (0.35 s at 300k passages), 0.03 s with it
                    self.db.execute("CREATE INDEX IF NOT EXISTS vectors_model ON vectors(model, passage)")
                    self._set_meta("index_id", uuid.uuid4().hex)

    def retokenize(self) -> int:
        """Make every passage's terms again with this tokenizer, from the text and context the
        index holds, in one transaction; returns how many changed. Chunking does not depend
        on the tokenizer, so this is what re-reading every file would give, without reading
        or embedding anything again (the vectors are kept: they embed the text, not the
        terms). 0.25 ms a passage measured, about 75 s at 300k passages, against re-reading
        and re-embedding them all."""
        from ..terms import content_terms, matching_text
        from ..types import passage_text

        changed = 0
        with self.transaction():
            if self.meta("tokenizer") == TOKENIZER_VERSION:
                return 0  # another process did it meanwhile
            last = 0
            while True:
                rows = self.db.execute("SELECT id, terms, text, context FROM passages WHERE id > ?"
                                       " ORDER BY id LIMIT 2000", (last,)).fetchall()
                if not rows:
                    break
                for pid, old, text, context in rows:
                    new = " ".join(content_terms(matching_text(passage_text(text, context))))
                    if new != old:  # an external-content FTS row is replaced by delete + insert
                        self.db.execute("INSERT INTO fts(fts, rowid, terms) VALUES('delete', ?, ?)", (pid, old))
                        self.db.execute("INSERT INTO fts(rowid, terms) VALUES(?, ?)", (pid, new))
                        self.db.execute("UPDATE passages SET terms=? WHERE id=?", (new, pid))
                        changed += 1
                last = rows[-1][0]
            self._set_meta("tokenizer", TOKENIZER_VERSION)
        return changed

    def reset_content(self, keep_vectors: bool = True) -> None:
        """Start the content over (every document is re-read on the next refresh); the
        vectors are kept for passages made again with the same text (_keep_vectors), but
        for an index of another format."""
        with self.transaction():
            self._reset(keep_vectors)

    def _reset(self, keep_vectors: bool = True) -> None:
        # the id and generation outlive the content, so a vector file of the old content
        # can never pass for one of the new (vecfile.Tag)
        keep = {k: self.meta(k) for k in ("index_id", "generation")}
        if keep_vectors:
            self._keep_vectors()
        for t in ("vectors", "fts", "passages", "lines", "documents", "meta"):
            self.db.execute(f"DROP TABLE IF EXISTS {t}")
        self._create_schema()
        self._set_meta("format", FORMAT_VERSION)
        self._set_meta("tokenizer", TOKENIZER_VERSION)
        self._set_meta("index_id", keep["index_id"] or uuid.uuid4().hex)
        self._set_meta("generation", keep["generation"] or "0")

    def _keep_vectors(self) -> None:
        """Before the content starts over: every vector, by the model that made it and the
        hash of the very text it embeds (kept_key), in kept_vectors, which a reset leaves. A
        passage the new rules make with the same text and context takes its vector from there
        (vectors.embed_missing) instead of embedding it again: a change of chunking or of a
        reader re-embeds only the passages it changed. In the reset's transaction (an error
        there, a full disk, rolls the whole reset back). The key is of what passage_text makes
        of the stored text and context now: a change to passage_text bumps FORMAT_VERSION, and
        a reset for another format keeps nothing.""" 
        from ..types import passage_text

        self.db.execute(_KEPT_SCHEMA)
        if not {"vectors", "passages"} <= {n for (n,) in self.db.execute(
                "SELECT name FROM sqlite_master WHERE type='table'")}:
            return  # nothing embedded yet
        cur = self.db.execute("SELECT v.model, p.text, p.context, v.vec FROM vectors v"
                              " JOIN passages p ON p.id = v.passage ORDER BY v.passage")
        while rows := cur.fetchmany(2048):
            self.db.executemany("INSERT OR IGNORE INTO kept_vectors(model, key, vec) VALUES(?,?,?)",
                                [(m, kept_key(passage_text(t, c)), v) for m, t, c, v in rows])

    def kept_vectors(self, model: str, keys: Sequence[bytes]) -> dict[bytes, np.ndarray]:
        """key -> the kept vector `model` made of that text, for the keys there are (kept_key)."""
        if not self._has_kept():
            return {}
        out: dict[bytes, np.ndarray] = {}
        for part in range(0, len(keys), 500):
            chunk = keys[part:part + 500]
            marks = ",".join("?" * len(chunk))
            for key, vec in self.db.execute(f"SELECT key, vec FROM kept_vectors WHERE model = ? AND key IN ({marks})",
                                            (model, *chunk)):
                out[key] = np.frombuffer(vec, dtype=np.float32)
        return out

    def kept_count(self) -> int:
        """How many vectors are kept from before a reset (0 when none are)."""
        return self.db.execute("SELECT COUNT(*) FROM kept_vectors").fetchone()[0] if self._has_kept() else 0

    def drop_kept_vectors(self) -> None:
        """Forget the kept vectors (every passage has its own now)."""
        if self._has_kept():
            with self.transaction():
                self.db.execute("DROP TABLE IF EXISTS kept_vectors")

    def _has_kept(self) -> bool:
        return self.db.execute("SELECT 1 FROM sqlite_master WHERE type='table' AND name='kept_vectors'"
                               ).fetchone() is not None

    def ensure_rules(self, rules: str) -> bool:
        """Record the chunking rules the content was built with; reset if they changed
        (both in one transaction: a kill in between cannot leave old content under new rules)."""
        if self.meta("rules") == rules:
            return False
        with self.transaction():
            if self.db.execute("SELECT COUNT(*) FROM documents").fetchone()[0]:
                self._reset()
            self._set_meta("rules", rules)
        return True

    def _create_schema(self) -> None:
        # statement by statement: executescript() would commit the open transaction
        for stmt in SCHEMA.split(";\n"):
            if stmt.strip():
                self.db.execute(stmt)

    # -- plumbing -----------------------------------------------------------------
    def transaction(self):
        """One write transaction (BEGIN IMMEDIATE … COMMIT); ends a held snapshot first."""
        self.release_snapshot()
        return _Transaction(self)

    def hold_snapshot(self) -> None:
        """Keep reading one committed state of the index until release_snapshot() (or the next
        write): queries made in between never see a document half replaced by another process."""
        self.release_snapshot()
        self.db.execute("BEGIN")
        self.db.execute("SELECT COUNT(*) FROM meta").fetchone()  # the snapshot starts at a read

    def release_snapshot(self) -> None:
        if self.db.in_transaction:
            self.db.execute("COMMIT")

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

    def excluded(self) -> list[tuple[str, int]]:
        """What the last refresh left out: (rule's label, files it excluded), by source and line."""
        return [tuple(x) for x in json.loads(self.meta("excluded") or "[]")]

    def set_excluded(self, counts: Sequence[tuple[str, int]]) -> None:
        """Record the refresh's exclusion counts (written only when they changed)."""
        text = json.dumps([list(c) for c in counts], ensure_ascii=False)
        if text != (self.meta("excluded") or "[]"):
            with self.transaction():
                self._set_meta("excluded", text)

    # -- documents ----------------------------------------------------------------
    def documents(self) -> dict[str, DocRow]:
        """Every document row, by path. Read once per state of the index: a refresh that
        changed nothing and the snapshot after it share one read (0.3 s at 75,000 files).
        The state is the generation with the row count and highest id, so that even a
        writer that does not count generations is seen."""
        state = (self.meta("generation"),
                 *self.db.execute("SELECT COUNT(*), MAX(id) FROM documents").fetchone())
        if self._documents is None or self._documents[0] != state:
            # sorted here, not by SQLite: the same order (UTF-8 bytes and code points sort
            # alike) at a tenth of the cost of ORDER BY path over the unique index
            rows = sorted(self.db.execute("SELECT * FROM documents"), key=lambda r: r[1])
            self._documents = (state, {r[1]: DocRow(*r) for r in rows})
        return dict(self._documents[1])

    def document(self, doc: int) -> DocRow:
        return DocRow(*self.db.execute("SELECT * FROM documents WHERE id=?", (doc,)).fetchone())

    def remove_document(self, doc: int) -> None:
        """Delete a document with its lines, passages, FTS rows and vectors (caller holds a transaction)."""
        for pid, terms in self.db.execute("SELECT id, terms FROM passages WHERE doc=?", (doc,)).fetchall():
            self.db.execute("INSERT INTO fts(fts, rowid, terms) VALUES('delete', ?, ?)", (pid, terms))
            self.db.execute("DELETE FROM vectors WHERE passage=?", (pid,))
        _test_pause("remove")
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

    def put_content(self, doc: int, lines: Sequence[tuple[str, str, float | None, bool]],
                    passages: Sequence[tuple[str, int, int, str, str, str, str]],
                    context: str = "", dated=None) -> None:
        """Store a document's lines (locator, text, OCR confidence or None[, furniture]),
        passages (pid, first, last, span, terms, text, context), its own context and its date
        of effect (a dating.Dated or None)."""
        self.db.executemany(
            "INSERT INTO lines(doc, seq, locator, text, ocr, furniture) VALUES(?,?,?,?,?,?)",
            ((doc, i, ln[0], ln[1], ln[2], int(len(ln) > 3 and bool(ln[3]))) for i, ln in enumerate(lines)),
        )
        for pid, first, last, span, terms, text, matched in passages:
            cur = self.db.execute(
                "INSERT INTO passages(pid, doc, first, last, span, terms, text, context)"
                " VALUES(?,?,?,?,?,?,?,?)",
                (pid, doc, first, last, span, terms, text, matched),
            )
            self.db.execute("INSERT INTO fts(rowid, terms) VALUES(?, ?)", (cur.lastrowid, terms))
        self.db.execute(
            "UPDATE documents SET n_lines=?, n_passages=?, context=?, date_start=?, date_end=?,"
            " date_evidence=? WHERE id=?",
            (len(lines), len(passages), context, dated.start if dated else None,
             dated.end if dated else None, dated.evidence if dated else None, doc)
        )
        _test_pause("content")

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

    def count_matches(self, match: str, limit: int) -> int:
        """How many passages an FTS5 MATCH expression finds, counting no further than `limit`
        (so the cost is bounded by the limit, not by how common the words are)."""
        return self.db.execute("SELECT COUNT(*) FROM (SELECT 1 FROM fts WHERE fts MATCH ? LIMIT ?)",
                               (match, limit)).fetchone()[0]

    def docs_holding(self, term: str) -> frozenset[int]:
        """The documents any passage of which (its text or its context) holds a stemmed term:
        one full-text match, its passages' documents read by primary key (CROSS JOIN keeps
        that order; the planner's own read every passage of a document and matched each)."""
        match = '"' + term.replace('"', '""') + '"'
        return frozenset(r[0] for r in self.db.execute(
            "SELECT DISTINCT p.doc FROM fts f CROSS JOIN passages p ON p.id = f.rowid WHERE fts MATCH ?",
            (match,)))

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

    def lines_saying(self, doc: int, words: Sequence[str]) -> list[str]:
        """The texts of a document's lines that hold one of `words` (case aside), in order:
        the few a rule reads whole-document (quote/lines.kind_label_count)."""
        if not words:
            return []
        like = " OR ".join(["text LIKE ?"] * len(words))
        return [r[0] for r in self.db.execute(
            f"SELECT text FROM lines WHERE doc=? AND ({like}) ORDER BY seq", (doc, *[f"%{w}%" for w in words]))]

    def furniture(self, doc: int, first: int, last: int) -> frozenset[int]:
        """The seqs among lines first..last that are page furniture (readers/layout.py):
        never quoted."""
        return frozenset(r[0] for r in self.db.execute(
            "SELECT seq FROM lines WHERE doc=? AND seq BETWEEN ? AND ? AND furniture = 1",
            (doc, first, last)))

    def ocr_marks(self, doc: int, first: int, last: int) -> dict[int, float]:
        """OCR's confidence in each of lines first..last read by OCR (seq -> 0-100); the
        lines read from text are left out, so a text document gives {}."""
        return dict(self.db.execute(
            "SELECT seq, ocr FROM lines WHERE doc=? AND seq BETWEEN ? AND ? AND ocr IS NOT NULL",
            (doc, first, last)))

    def ocr_pages(self) -> dict[int, int]:
        """Per document with OCR'd lines, how many pages (or images) OCR read: the distinct
        pages of its OCR'd lines' locators (`p3:L7` -> p3; an image's `L7` -> its one page)."""
        return dict(self.db.execute(
            "SELECT doc, COUNT(DISTINCT CASE WHEN instr(locator, ':') > 0"
            " THEN substr(locator, 1, instr(locator, ':') - 1) ELSE '' END)"
            " FROM lines WHERE ocr IS NOT NULL GROUP BY doc ORDER BY doc"))

    def passages_missing_vectors(self, model: str) -> list[tuple[int, str, str]]:
        """(id, text, context) of passages with no vector from `model`, by id."""
        return list(self.db.execute(
            "SELECT p.id, p.text, p.context FROM passages p LEFT JOIN vectors v"
            " ON v.passage = p.id AND v.model = ? WHERE v.passage IS NULL ORDER BY p.id", (model,)))

    def missing_vector_sizes(self, model: str) -> list[tuple[int, int]]:
        """(id, characters of text and context) of passages with no vector from `model`, by id:
        what ordering the embedding work needs, without holding every text in memory."""
        return list(self.db.execute(
            "SELECT p.id, length(p.text) + length(p.context) FROM passages p LEFT JOIN vectors v"
            " ON v.passage = p.id AND v.model = ? WHERE v.passage IS NULL ORDER BY p.id", (model,)))

    def passage_texts(self, ids: Sequence[int]) -> dict[int, tuple[str, str]]:
        """id -> (text, context) for these passages."""
        out: dict[int, tuple[str, str]] = {}
        for i in range(0, len(ids), 900):
            part = list(ids[i : i + 900])
            marks = ",".join("?" * len(part))
            for pid, text, context in self.db.execute(
                    f"SELECT id, text, context FROM passages WHERE id IN ({marks})", part):
                out[pid] = (text, context)
        return out

    def passage_ids_of(self, paths: Iterable[str]) -> set[int]:
        """Rowids of the passages of the documents at these relative paths."""
        out: set[int] = set()
        paths = list(paths)
        for i in range(0, len(paths), 900):
            part = paths[i : i + 900]
            marks = ",".join("?" * len(part))
            out.update(r[0] for r in self.db.execute(
                f"SELECT p.id FROM passages p JOIN documents d ON d.id = p.doc WHERE d.path IN ({marks})", part))
        return out

    def with_vectors(self, model: str, ids: Sequence[int]) -> set[int]:
        """Which of these passages have a vector from `model`."""
        out: set[int] = set()
        for i in range(0, len(ids), 900):
            part = list(ids[i : i + 900])
            marks = ",".join("?" * len(part))
            out.update(r[0] for r in self.db.execute(
                f"SELECT passage FROM vectors WHERE model = ? AND passage IN ({marks})", (model, *part)))
        return out

    def has_vectors_not_from(self, model: str) -> bool:
        return self.db.execute("SELECT 1 FROM vectors WHERE model != ? LIMIT 1", (model,)).fetchone() is not None

    def drop_vectors_not_from(self, model: str) -> int:
        return self.db.execute("DELETE FROM vectors WHERE model != ?", (model,)).rowcount

    def put_vectors(self, model: str, rows: Sequence[tuple[int, np.ndarray]]) -> None:
        self.db.executemany(
            "INSERT OR REPLACE INTO vectors(passage, model, vec) VALUES(?,?,?)",
            ((pid, model, np.asarray(v, dtype=np.float32).tobytes()) for pid, v in rows),
        )
        _test_pause("vectors")

    def vector_matrix(self, model: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(passage ids, their document ids, unit vectors as one float32 matrix), by passage id.

        Read in blocks straight into the matrix: memory is the matrix itself, not the
        rows as Python objects besides it."""
        n = self.vector_count(model)
        cur = self.db.execute(
            "SELECT v.passage, p.doc, v.vec FROM vectors v JOIN passages p ON p.id = v.passage"
            " WHERE v.model=? ORDER BY v.passage", (model,))
        ids = np.zeros(n, np.int64)
        docs = np.zeros(n, np.int64)
        mat: np.ndarray | None = None
        at = 0
        while rows := cur.fetchmany(4096):
            if mat is None:
                mat = np.zeros((n, len(rows[0][2]) // 4), np.float32)
            rows = rows[: n - at]  # never more than counted (both read in the held snapshot)
            if not rows:
                break
            end = at + len(rows)
            ids[at:end] = [r[0] for r in rows]
            docs[at:end] = [r[1] for r in rows]
            mat[at:end] = np.frombuffer(b"".join(r[2] for r in rows), dtype=np.float32).reshape(len(rows), -1)
            at = end
        if mat is None or not at:
            return np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros((0, 0), np.float32)
        return ids[:at], docs[:at], mat[:at]

    def vector_tag(self, model: str) -> Tag:
        """What a vector file must carry to hold this snapshot's vectors of `model`."""
        rows, last = self.db.execute("SELECT COUNT(*), MAX(passage) FROM vectors WHERE model=?",
                                     (model,)).fetchone()
        return Tag(index=self.meta("index_id") or "", generation=int(self.meta("generation") or 0),
                   model=model, rows=rows, last=last or 0)

    def counts(self, model: str | None) -> tuple[int, int, int]:
        """(documents indexed ok, passages, passages with a vector from `model`)."""
        docs = self.db.execute("SELECT COUNT(*) FROM documents WHERE status='ok'").fetchone()[0]
        passages = self.passage_count()
        vecs = 0
        if model:
            vecs = self.vector_count(model)
        return docs, passages, vecs

    def passage_count(self) -> int:
        return self.db.execute("SELECT COUNT(*) FROM passages").fetchone()[0]

    def vector_count(self, model: str) -> int:
        """Vectors from `model` (counted once per snapshot by callers that need it often)."""
        return self.db.execute("SELECT COUNT(*) FROM vectors WHERE model=?", (model,)).fetchone()[0]

    def vectors_by_model(self) -> list[tuple[str, int]]:
        """(model, how many vectors it made) for every model with stored vectors, by model."""
        return list(self.db.execute("SELECT model, COUNT(*) FROM vectors GROUP BY model ORDER BY model"))

    def size_bytes(self) -> int:
        """Bytes of the index as SQLite counts it (pages × page size): what the file holds once
        the write-ahead log is folded in, the same whether or not another process has it open."""
        pages = self.db.execute("PRAGMA page_count").fetchone()[0]
        return pages * self.db.execute("PRAGMA page_size").fetchone()[0]


# one more generation, in the transaction that changed something (vecfile.Tag)
_BUMP = ("INSERT INTO meta(key, value) VALUES('generation', '1') ON CONFLICT(key) DO UPDATE "
         "SET value = CAST(value AS INTEGER) + 1")


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK on any exception; SQLite's errors as IndexError_."""

    def __init__(self, store: Store):
        self.store = store
        self.db = store.db
        self.changes = 0

    def __enter__(self):
        try:
            self.db.execute("BEGIN IMMEDIATE")
        except sqlite3.DatabaseError as e:
            raise self.store._failure(e) from None
        self.changes = self.db.total_changes
        return self.db

    def __exit__(self, exc_type, exc, tb):
        try:
            if exc_type is None:
                if self.db.total_changes != self.changes:  # something was written: a new state
                    self.db.execute(_BUMP)
                _test_pause("commit")
                self.db.execute("COMMIT")
            elif self.db.in_transaction:
                self.db.execute("ROLLBACK")
        except sqlite3.DatabaseError as e:
            raise self.store._failure(e) from None
        return False


def prepare_rebuild(path: Path) -> None:
    """Clear the index at `path` for a rebuild; the caller holds its IndexLock.

    A sound ask index is emptied in one transaction (a reader sees the old content or the new,
    and a kill leaves one or the other); a damaged file is deleted with its -wal, -shm and
    -journal files; an SQLite database that ask did not make is refused, untouched.
    """
    path = Path(path)
    if not path.exists():
        return
    state = _probe(path)
    if state == "foreign":
        raise errors.index_foreign(path, "--rebuild deletes only ask's own index files; point --index at a new path")
    if state == "sound":
        with Store(path) as store:
            store.reset_content()
        return
    _delete_index_files(path)


def _probe(path: Path) -> str:
    """'sound', 'damaged' or 'foreign'; a busy database raises instead of passing for damaged."""
    try:
        db = sqlite3.connect(str(path), timeout=30)
    except sqlite3.DatabaseError:
        return "damaged"
    try:
        app_id = db.execute("PRAGMA application_id").fetchone()[0]
        has_tables = db.execute("SELECT 1 FROM sqlite_master").fetchone() is not None
        if app_id != APP_ID:
            return "foreign" if app_id != 0 or has_tables else "damaged"
        return "sound" if db.execute("PRAGMA quick_check").fetchall() == [("ok",)] else "damaged"
    except sqlite3.OperationalError as e:
        if _busy(e):
            raise errors.index_locked(path, e) from None
        return "damaged"
    except sqlite3.DatabaseError:
        return "damaged"
    finally:
        db.close()


def index_failure(path: Path, e: sqlite3.Error, opening: bool = False) -> IndexError_:
    """The error to raise when SQLite fails on the index at `path`: while `opening` it (before
    it is known to be an ask index), or on an index that opened fine."""
    if _busy(e):
        return errors.index_locked(path, e)
    if opening:
        return errors.index_unusable(path, e)
    if isinstance(e, sqlite3.OperationalError) and "full" in str(e).lower():
        return errors.index_full(path, e)
    return errors.index_damaged(path, e)


def _busy(e: sqlite3.Error) -> bool:
    text = str(e).lower()
    return "locked" in text or "busy" in text


def _delete_index_files(path: Path) -> None:
    vecfile.remove(path)
    for p in (path, Path(f"{path}-wal"), Path(f"{path}-shm"), Path(f"{path}-journal")):
        try:
            p.unlink()
        except FileNotFoundError:
            pass
        except OSError as e:
            raise IndexError_(f"cannot delete {p}: {e.strerror}",
                              "check the permissions of the index's folder") from None


def _test_pause(point: str) -> None:
    """Test-only hook, off unless ASK_TEST_PAUSE is set (see docs/pipeline.md).

    ASK_TEST_PAUSE=POINT:N[:SECONDS] stops the process the Nth time it reaches POINT, inside
    the open transaction, for SECONDS (default 60), after printing "ask-test: paused at POINT N"
    on stderr, so a test can kill it exactly there. Points: content (a document's lines,
    passages and FTS rows written), remove (a document's FTS rows and vectors deleted, its
    passages not yet), vectors (a group of vectors written), commit (just before COMMIT).
    """
    spec = os.environ.get("ASK_TEST_PAUSE")
    if not spec:
        return
    want, _, rest = spec.partition(":")
    if want != point:
        return
    n_text, _, seconds = rest.partition(":")
    _REACHED[point] = n = _REACHED.get(point, 0) + 1
    if n == int(n_text or 1):
        sys.stderr.write(f"ask-test: paused at {point} {n}\n")
        sys.stderr.flush()
        time.sleep(float(seconds or 60))


_REACHED: dict[str, int] = {}
