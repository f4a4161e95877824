"""Every error the library raises on purpose, in one place.

Library code raises these; only the command line turns them into a message and an exit
status (2 for usage and unusable input). Each carries a `hint` saying how to fix it.
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
