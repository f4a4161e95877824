"""Question text as typed in, cleaned for asking: terminal escape sequences and control
characters removed, lone surrogates (argument bytes that were not UTF-8) made visible.

A colour code such as "\\x1b[31m" pasted with a question would otherwise read as a code word
("31m") the answer must hold; a NUL or a lone surrogate cannot be printed back as JSON.
"""
from __future__ import annotations

import re

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
