"""Every error the library raises on purpose, in one place.

Library code raises these; only the edges (the command line, the HTTP and MCP servers) turn
them into a message and an exit status (2 for usage and unusable input) or a reply. Each
carries a `hint` saying how to fix it. A message that more than one place raises is built by
one function at the end of this file (docs_missing, index_damaged, index_busy ...).
"""
from __future__ import annotations


class AskError(Exception):
    """Base class. `hint` tells the user what to do about it."""

    exit_code = 2

    def __init__(self, message: str, hint: str = ""):
        super().__init__(message)
        self.message = message
        self.hint = hint

    def __str__(self) -> str:
        return f"{self.message}\n  hint: {self.hint}" if self.hint else self.message


class UsageError(AskError):
    """The command or call was malformed (bad option values, missing arguments)."""


class ConfigError(AskError):
    """A configuration file could not be read or holds an unknown or invalid setting."""


class DocsError(AskError):
    """The documents folder does not exist or cannot be listed."""


class IndexError_(AskError):
    """The index file cannot be opened, is corrupt, or belongs to something else."""


class ReadError(AskError):
    """One document could not be read. Recorded per file in the index; never fatal to a run."""


class BatchError(AskError):
    """A batch file is missing or has a malformed line (the line number is in the message)."""


class NotFound(AskError):
    """An id or locator given back to `--show` matches nothing (or more than one thing)."""


# -- the messages said in more than one place, each built here once -------------------------
def docs_missing(path, hint: str = "check the --docs path") -> DocsError:
    """The documents folder is not there (or is not a folder)."""
    return DocsError(f"documents folder not found: {path}", hint)


def index_foreign(path, hint: str = "point --index at a new path; ask will not overwrite or "
                                    "delete a foreign file") -> IndexError_:
    """The index path holds an SQLite database that ask did not make."""
    return IndexError_(f"{path} is an SQLite file that does not belong to ask", hint)


def index_locked(path, cause) -> IndexError_:
    """SQLite found the index locked (busy) by another process."""
    return IndexError_(f"index {path} is locked by another process ({cause})",
                       "try again when the other ask has finished")


def index_unusable(path, cause) -> IndexError_:
    """The index file could not be opened as an ask index (not SQLite, or broken at its start)."""
    return IndexError_(f"index file {path} is not a usable ask index ({cause})",
                       "run again with --rebuild to replace it (an index holds nothing that cannot be "
                       "rebuilt from the documents), or point --index elsewhere")


def index_damaged(path, cause) -> IndexError_:
    """SQLite failed on an index that opened fine: a damaged page, a broken table."""
    return IndexError_(f"index file {path} is damaged ({cause})",
                       "run again with --rebuild to replace it (an index holds nothing that "
                       "cannot be rebuilt from the documents)")


def index_full(path, cause) -> IndexError_:
    """The index could not be written: the disk is full."""
    return IndexError_(f"index {path} could not be written ({cause})",
                       "free some disk space, or use --index PATH on another disk")


def holder_words(holder: int | None) -> str:
    """' (pid N)' for the process that holds the index's write lock, '' when it is not known."""
    return f" (pid {holder})" if holder else ""


def index_busy(path, holder: int | None, wait: float) -> IndexError_:
    """Another ask kept the index's write lock for longer than we would wait."""
    return IndexError_(
        f"another ask{holder_words(holder)} is still updating the index {path} after {wait:g} s",
        "run again when it has finished, or give --wait SECONDS to wait longer (the lock "
        "goes away as soon as that process ends, even if it is killed)")
