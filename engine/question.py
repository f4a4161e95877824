"""The question: text as typed in, cleaned, and the frozen `Query` every stage reads.

In: the question (or search query), its options and what the index can offer (`Vectors`).
Out: a `Query` built once (text, notes, terms, surface forms, required terms, document
filter, hyde, fusion, arms, depths), shared by ask and search. Refuses: an empty question,
an empty --hyde passage, a result count below 1 (UsageError with an example).

Cleaning: terminal escape sequences and control characters removed, lone surrogates
(argument bytes that were not UTF-8) made visible.

A colour code such as "\\x1b[31m" pasted with a question would otherwise read as a code word
("31m") the answer must hold; a NUL or a lone surrogate cannot be printed back as JSON.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Mapping, Sequence

from . import kinds
from .config import Config
from .errors import UsageError
from .score import ARMS, parse_arms, parse_fusion
from .scope import scope_terms
from .terms import (acronyms, document_dates, document_names, initialisms, joined_names, name_runs, question_terms, required_terms,
                    surface_forms)

MAX_QUESTION_CHARS = 2000

_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[@-_]")
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
_SPACES = re.compile(r"[\t\n\r]")
_SURROGATES = re.compile(r"[\ud800-\udfff]")


def clean(question: str) -> str:
    """Escape sequences and control characters out (tab, newline, CR become spaces), lone
    surrogates become U+FFFD, ends stripped. May return "" (the caller says it is empty)."""
    text = _ESCAPES.sub("", question)
    text = _SPACES.sub(" ", text)
    text = _CONTROLS.sub("", text)
    return _SURROGATES.sub("\ufffd", text).strip()


def from_argv(question: str) -> str:
    """A command-line argument back to text: bytes that were not UTF-8 (Python keeps them as
    lone surrogates) are read as UTF-8 if they are, else as cp1252 (a Latin-1 terminal)."""
    if not _SURROGATES.search(question):
        return question
    raw = question.encode("utf-8", "surrogateescape")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", "replace")


@dataclass(frozen=True)
class Vectors:
    """What the vector arm can use for this query: a vector for every passage (`ready`), and,
    when it cannot run, why (`missing`, in plain words)."""

    ready: bool
    missing: str


@dataclass(frozen=True)
class Query:
    """One question (or search query), built once; every stage reads it, none changes it."""

    text: str
    notes: tuple[str, ...]  # the engine's notes, then what building the query noticed
    terms: tuple[str, ...]  # content terms, every arm's (terms.question_terms)
    said: Mapping[str, str]  # term -> the word as typed, for messages
    required: tuple[str, ...]  # numbers and names an answer must hold
    docs: tuple[int, ...] | None  # document rowids --path allows (None: all)
    path: str | None
    hyde: str | None  # a written passage the vector arm embeds instead of the text
    fusion: str
    arms: tuple[str, ...]
    k: int  # the whole-question search's depth (each word goes cfg.word_depth times deeper)
    near_k: int  # nearest stored vectors to pull (0: none)
    kinds: tuple[str, ...] = ()  # what kind of value an answer must hold (engine/kinds.py)
    scope: tuple[str, ...] = ()  # class words the answering document must use (engine/scope.py)
    joined: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # "pge" -> ("pg", "e")
    initials: Mapping[str, tuple[str, ...]] = field(default_factory=dict)  # "fowd" -> ("fair", "oak", ...)
    names: tuple[tuple[str, ...], ...] = ()  # proper names of two words or more (terms.name_runs)
    acronyms: Mapping[str, str] = field(default_factory=dict)  # "acf" -> "ACF" (terms.acronyms)
    doc_dates: tuple[str, ...] = ()  # a date it names a document by: ("april", "2023") (terms.document_dates)
    doc_names: tuple[str, ...] = ()  # the words of a clause naming the document it asks of (terms.document_names)


def _cut(text, what: str, example: str, notes: list[str]) -> str:
    """The text cleaned and cut to MAX_QUESTION_CHARS (with a note), or a usage error."""
    if isinstance(text, str):
        text = clean(text)
    if not isinstance(text, str) or not text:
        raise UsageError(f"the {what} is empty", example)
    if len(text) > MAX_QUESTION_CHARS:
        notes.append(f"{what} cut to its first {MAX_QUESTION_CHARS} characters")
        text = text[:MAX_QUESTION_CHARS]
    return text


def _hyde(hyde: str | None, vectors: Vectors, notes: list[str]) -> str | None:
    """The written hypothetical passage, cleaned; None (with a note) when it cannot be used."""
    if hyde is None:
        return None
    text = clean(hyde) if isinstance(hyde, str) else ""
    if not text:
        raise UsageError("the --hyde passage is empty",
                         'write a sentence as the document would say it, e.g. --hyde "The fee is ..."')
    if not vectors.ready:  # as the pull decides for the vector arm
        notes.append(f"--hyde not used: {vectors.missing}")
        return None
    if len(text) > MAX_QUESTION_CHARS:
        notes.append(f"--hyde passage cut to its first {MAX_QUESTION_CHARS} characters")
        text = text[:MAX_QUESTION_CHARS]
    return text


def _docs(path: str | None, docs_matching: Callable[[str], Sequence[int]], notes: list[str]):
    if not path:
        return None
    docs = tuple(docs_matching(path))
    if not docs:
        notes.append(f"no indexed document matches --path {path!r}")
    return docs


def _query(text: str, notes: list[str], **fields) -> Query:
    return Query(text=text, notes=tuple(notes), terms=question_terms(text),
                 said=surface_forms(text), required=required_terms(text),
                 scope=scope_terms(text), joined=joined_names(text),
                 initials=initialisms(text), names=name_runs(text), acronyms=acronyms(text),
                 doc_dates=document_dates(text), doc_names=document_names(text), **fields)


def _asks(text: str, cfg: Config) -> tuple[str, ...]:
    return kinds.asked(text) if cfg.kind_depth > 0 or cfg.kind_bonus > 0 else ()


def for_ask(text, cfg: Config, *, notes: Sequence[str], vectors: Vectors,
            docs_matching: Callable[[str], Sequence[int]], path: str | None = None,
            candidates: int | None = None, hyde: str | None = None,
            fusion: str | None = None) -> Query:
    """The query of Engine.ask: every arm; the pull at least `candidates` deep."""
    notes = list(notes)  # e.g. another process is still updating the index
    text = _cut(text, "question", 'ask "What is the tree permit fee?" --docs DIR', notes)
    fusion = parse_fusion(fusion, cfg)
    hyde = _hyde(hyde, vectors, notes)
    docs = _docs(path, docs_matching, notes)
    near_k = max(cfg.vector_k, candidates or 0) if cfg.vector_k > 0 else 0
    return _query(text, notes, docs=docs, path=path, hyde=hyde, fusion=fusion, arms=ARMS,
                  k=max(cfg.pull_k, candidates or 0), near_k=near_k, kinds=_asks(text, cfg))


def for_search(text, cfg: Config, *, notes: Sequence[str], vectors: Vectors,
               docs_matching: Callable[[str], Sequence[int]], k: int, arms: str = "all",
               path: str | None = None, hyde: str | None = None,
               fusion: str | None = None) -> Query:
    """The query of Engine.search: the arms asked for; the pull at least `k` deep."""
    notes = list(notes)
    text = _cut(text, "query", 'ask "tree permit fee" --docs DIR --search', notes)
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise UsageError(f"the number of results must be a whole number of at least 1, got {k!r}",
                         "for example -n 10")
    asked = parse_arms(arms)
    fusion = parse_fusion(fusion, cfg)
    if "embed" not in asked and hyde is not None:
        notes.append("--hyde not used: the vector arm (embed) is not among --arms")
        hyde = None
    hyde = _hyde(hyde, vectors, notes)
    if "embed" in asked and not vectors.ready:
        notes.append(vectors.missing if asked != ("embed",) else
                     f"{vectors.missing}; --arms embed has nothing to rank (try --arms bm25)")
    docs = _docs(path, docs_matching, notes)
    return _query(text, notes, docs=docs, path=path, hyde=hyde, fusion=fusion, arms=asked,
                  k=max(cfg.pull_k, k), near_k=max(cfg.vector_k, k) if "embed" in asked else 0,
                  kinds=_asks(text, cfg))
