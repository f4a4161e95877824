"""What the index leaves out: `.askignore` files and the `exclude` patterns, one policy for
every way a path reaches the index (the refresh's walk, the server's look at the folder, the
watcher, `--show`, `GET /file`).

The patterns are `.gitignore` syntax, matched by the `pathspec` library (git's own rules:
`*.bak`, `drafts/`, `/top-only.pdf`, `**/old/*.xlsx`, `!keep.bak`). A `.askignore` file may
sit in the documents folder and in any sub-folder; its patterns are relative to its own
folder. The configuration's `exclude` list and `--exclude` (the configuration's first) are
relative to the documents folder and come last. As in git, the last pattern that matches a
path decides (a `!` pattern includes again), deeper `.askignore` files come after shallower
ones, and nothing under an excluded folder can be included again. Hidden files and folders
(a name starting with ".") are never indexed, `.askignore` among them.
"""
from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Iterable

from pathspec import GitIgnoreSpec

from ..errors import UsageError

IGNORE_FILE = ".askignore"


@dataclass(frozen=True)
class Rule:
    """One pattern and where it was written: `source` is "exclude" (the configuration or
    --exclude) or the relative path of a .askignore file, `line` its line there (1-based;
    for "exclude", the pattern's place in the list)."""

    source: str
    line: int
    pattern: str

    @property
    def label(self) -> str:
        if self.source == "exclude":
            return f"exclude {self.pattern}"
        return f"{self.source} line {self.line}: {self.pattern}"


@dataclass(frozen=True)
class _Spec:
    base: str                  # the folder it applies in, relative, "" or ending in "/"
    spec: GitIgnoreSpec
    rules: tuple[Rule, ...]    # by the spec's pattern index


def _compile(patterns: Iterable[tuple[int, str]], source: str) -> tuple[_Spec | None, list[str]]:
    """A spec from (line, pattern) pairs, blank lines and comments left out; the lines that
    are not patterns are returned as problems ("line 3: ...")."""
    kept: list[tuple[int, str]] = []
    bad: list[str] = []
    for line, text in patterns:
        text = text.rstrip("\r\n")
        if not text.strip() or text.startswith("#"):
            continue
        try:
            GitIgnoreSpec.from_lines([text])
        except Exception as e:  # noqa: BLE001 - pathspec raises several types for a bad pattern
            bad.append(f"line {line}: {text!r} is not a pattern ({e})")
            continue
        kept.append((line, text))
    if not kept:
        return None, bad
    spec = GitIgnoreSpec.from_lines([t for _, t in kept])
    return _Spec("", spec, tuple(Rule(source, n, t) for n, t in kept)), bad


class Exclusions:
    """The policy for one documents folder as it is now: the `exclude` patterns given, and
    the .askignore files read as folders are visited (each folder's read once)."""

    def __init__(self, root: str | os.PathLike, patterns: Iterable[str] = ()):
        self.root = os.fspath(root)
        self.problems: list[tuple[str, str]] = []  # (.askignore path, what is wrong with it)
        self.files: list[tuple[str, tuple]] = []   # (.askignore path, its stat signature)
        given, bad = _compile(enumerate(patterns, 1), "exclude")
        if bad:
            raise UsageError("an exclude pattern is not a .gitignore pattern: " + "; ".join(bad),
                             "fix the pattern in --exclude or the configuration's exclude list")
        self._given = given
        self._folders: dict[str, _Spec | None] = {}

    def folder(self, base: str) -> _Spec | None:
        """The .askignore of a folder (relative, "" or ending in "/"), read once."""
        if base not in self._folders:
            self._folders[base] = self._read(base)
        return self._folders[base]

    def _read(self, base: str) -> _Spec | None:
        rel = base + IGNORE_FILE
        path = os.path.join(self.root, *rel.split("/"))
        try:
            st = os.stat(path)
            with open(path, "rb") as f:
                data = f.read()
        except FileNotFoundError:
            return None
        except OSError as e:
            self.problems.append((rel, f"cannot be read: {e.strerror or e}"))
            return None
        self.files.append((rel, (st.st_size, st.st_mtime_ns, st.st_ino, st.st_ctime_ns)))
        text = data.decode("utf-8", errors="replace")
        spec, bad = _compile(enumerate(text.splitlines(), 1), rel)
        self.problems.extend((rel, b) for b in bad)
        return None if spec is None else _Spec(base, spec.spec, spec.rules)

    def within(self, specs: tuple[_Spec, ...], base: str) -> tuple[_Spec, ...]:
        """The .askignore specs in force inside folder `base`: its parent's, then its own."""
        own = self.folder(base)
        return specs + (own,) if own is not None else specs

    def match(self, specs: tuple[_Spec, ...], path: str) -> Rule | None:
        """The rule excluding `path` itself (a folder's path ends in "/"), its folders aside:
        the last matching pattern over the .askignore specs in force (top down), then the
        exclude patterns; None when none matches or the last one to match is a `!`."""
        found: tuple[bool, Rule] | None = None
        for s in specs + ((self._given,) if self._given is not None else ()):
            r = s.spec.check_file(path[len(s.base):])
            if r.include is not None:
                found = (r.include, s.rules[r.index])
        return found[1] if found is not None and found[0] else None

    @property
    def none(self) -> bool:
        """No exclude pattern given (.askignore files may still be found)."""
        return self._given is None

    def why(self, rel: str, is_dir: bool = False) -> Rule | None:
        """The rule that keeps `rel` (relative, forward slashes) out of the index, or None.
        A folder excluded anywhere above it excludes it (git's rule)."""
        parts = rel.strip("/").split("/")
        specs = self.within((), "")
        for i in range(1, len(parts)):
            base = "/".join(parts[:i]) + "/"
            rule = self.match(specs, base)
            if rule is not None:
                return rule
            specs = self.within(specs, base)
        return self.match(specs, "/".join(parts) + ("/" if is_dir else ""))

    def signature(self) -> list[tuple[str, tuple]]:
        """The .askignore files read so far with their size, mtime, inode and ctime: a
        change to one is a change to what the index should hold."""
        return sorted(self.files)

