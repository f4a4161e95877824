"""JSON reader: a .json file, or a .jsonl/.ndjson file (one JSON value a line), in; one Line per
text value out.

Every string value with text becomes a line `harbour / master: Ines Okafor`: the keys of the
objects above it joined with " / " (array positions left out: they are in the locator), a
colon, the value with its line breaks folded to spaces. Inside a record (an object or list
that is an element of an array, or a JSON Lines line: see regions below) the keys start at the
record, after the record's name, its first field holding a short string: `$.boards[0].meets`
reads `Planning Board / meets: first Tuesday` (its name line `name: Planning Board`), so
every line of a record says which record it is, as a spreadsheet row does, and the list's
own key ("boards") does not repeat on every line. A number or true/false becomes a line
only under an object key (`fees / tree permit: 75`; a bare number in a list says nothing), shown
exactly as the file writes it (1e3 stays 1e3); null and empty strings give nothing. Keys show
underscores as spaces (`tree_permit` reads "tree permit": the tokenizer keeps `tree_permit`
whole). A string with no key above it (a document that is one string, or a list of strings)
is the line alone.

Locators are JSON paths: `$.permits[3].fee`, with a key that is not a plain name in brackets
(`$['opening hours']`); in JSON Lines the file's line comes first: `L12:$.title` (`L12:$` for
a line that is a single string). `--show ID:L12` shows every value of line 12. The region
(passages never cross one) is the outermost array element that holds an object or a list
(`$.permits[3]`: one record), or the line in JSON Lines; "" for values outside any array.

Bounds: a .json file is parsed whole, so one larger than MAX_JSON_BYTES is refused (JSON
Lines is read a line at a time); values nested deeper than MAX_DEPTH are skipped with a note
(Python's parser itself refuses about 1,000 levels: "nested too deeply"); reading stops
after MAX_VALUES lines, a JSON Lines line longer than MAX_RECORD_BYTES is skipped, a value
is cut to MAX_LINE_CHARS; each with a note. Invalid JSON is refused, naming the line and
column; in JSON Lines an invalid line is skipped with a note, and refused only when no line
is valid. Decoding and binary refusal are the text reader's.
"""
from __future__ import annotations

import codecs
import json
import re
from pathlib import Path
from typing import Iterator

from ..errors import ReadError
from ..types import Line, ReadResult
from ..units import size
from .text import (MAX_LINE_CHARS, binary_hint, binary_kind, cut, decode, load, numbers,
                   split_lines)

KEY_SEPARATOR = " / "  # not ".": the tokenizer keeps "boards.meets" whole, as it keeps 1,715.00
MAX_JSON_BYTES = 64 << 20
MAX_RECORD_BYTES = 16 << 20
MAX_DEPTH = 64
MAX_VALUES = 1_000_000
MAX_NAME_CHARS = 80
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_BREAKS = re.compile(r"\s*[\r\n]+\s*")
_WIDE_BOMS = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
FIX = ("correct the JSON at that place (python -m json.tool FILE names the first error), "
       "or rename the file if it is not JSON")


class _Number(str):
    """A number or constant kept as the file writes it."""


def _parse(text: str):
    return json.loads(text, parse_int=_Number, parse_float=_Number, parse_constant=_Number)


def _step(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    if _NAME.match(key):
        return f"{path}.{key}"
    return path + "['" + key.replace("\\", "\\\\").replace("'", "\\'") + "']"


def _label(key: str) -> str:
    """A key as its lines show it: underscores as spaces (so `tree_permit` matches "tree
    permit"), line breaks folded; the locator keeps the key as written."""
    return _BREAKS.sub(" ", key.replace("_", " ")).strip()


def _shown(value) -> str | None:
    """A leaf as its line shows it, or None for nothing."""
    if isinstance(value, str):  # _Number too
        return _BREAKS.sub(" ", value).strip() or None
    if value is True or value is False:
        return "true" if value else "false"
    return None


class _Walk:
    """Leaves of one JSON value, in document order, with their paths; counts what it skips."""

    def __init__(self) -> None:
        self.too_deep = 0
        self.cut: list[str] = []

    def leaves(self, value, root: str, region: str) -> Iterator[tuple[str, str, str]]:
        """(locator, text, region) for each leaf that gives a line. `region` given: `value` is
        a record (a JSON Lines line)."""
        named = _name(value) if region else None
        stack: list[tuple[object, str, tuple[str, ...], str, bool, int, str | None]] = [
            (value, root, (named[1],) if named else (), region, False, 0,
             named[0] if named else None)]
        while stack:
            node, path, keys, reg, keyed, depth, name_key = stack.pop()
            if isinstance(node, dict) or isinstance(node, list):
                if depth >= MAX_DEPTH:
                    self.too_deep += 1
                    continue
                if isinstance(node, dict):  # the record's name field itself: no name before it
                    items = [(k, v, (() if k == name_key else keys) + (_label(k),), True)
                             for k, v in node.items()]
                else:
                    items = [(i, v, keys, False) for i, v in enumerate(node)]
                for key, child, child_keys, child_keyed in reversed(items):
                    child_path = _step(path, key)
                    child_reg, child_name = reg, None
                    if not reg and isinstance(key, int) and isinstance(child, (dict, list)):
                        child_reg = child_path  # a record: its keys start again, after its name
                        named = _name(child)
                        child_keys = (named[1],) if named else ()
                        child_name = named[0] if named else None
                    stack.append((child, child_path, child_keys, child_reg, child_keyed,
                                  depth + 1, child_name))
                continue
            if not keyed and isinstance(node, (_Number, bool)):  # a bare number says nothing
                continue
            shown = _shown(node)
            if shown is None:
                continue
            label = KEY_SEPARATOR.join(k for k in keys if k)
            text = f"{label}: {shown}" if label else shown
            if len(text) > MAX_LINE_CHARS:
                self.cut.append(path)
                text = cut(text, 0, len(text))
            yield path, text, reg


def _name(record) -> tuple[str, str] | None:
    """(key, shown value) of a record's name: its first field holding a short string (up to
    MAX_NAME_CHARS), as "name", "title" or "id" usually are; None when it has none."""
    if not isinstance(record, dict):
        return None
    for key, value in record.items():
        if isinstance(value, str) and not isinstance(value, _Number):
            shown = _shown(value)
            if shown and len(shown) <= MAX_NAME_CHARS:
                return key, shown
    return None


def _notes(walk: _Walk, values: int, notes: list[str]) -> None:
    if walk.too_deep:
        many = walk.too_deep != 1
        notes.append(f"{walk.too_deep:,} object{'s' if many else ''} or list{'s' if many else ''} "
                     f"nested deeper than {MAX_DEPTH} levels not read")
    if walk.cut:
        notes.append(f"{len(walk.cut):,} value{'s' if len(walk.cut) != 1 else ''} longer than "
                     f"{MAX_LINE_CHARS:,} characters: only the first {MAX_LINE_CHARS:,} read "
                     f"({', '.join(walk.cut[:3])}{' ...' if len(walk.cut) > 3 else ''})")
    if values >= MAX_VALUES:
        notes.append(f"stopped after {MAX_VALUES:,} values")


def read_json(path: Path) -> ReadResult:
    path = Path(path)
    nbytes = path.stat().st_size
    if nbytes > MAX_JSON_BYTES:
        raise ReadError(f"too large to read safely: {size(nbytes)} of JSON "
                        f"(limit {size(MAX_JSON_BYTES)}, read whole)",
                        "split it, or save it as JSON Lines (.jsonl, one record a line), "
                        "which is read a line at a time")
    text, notes = load(path)
    if not text.strip():
        if text and not notes:
            notes.append("no text: only blank lines")
        return ReadResult(lines=(), kind="json", notes=tuple(notes))
    try:
        value = _parse(text)
    except json.JSONDecodeError as e:
        raise ReadError(f"not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})",
                        FIX) from None
    except RecursionError:
        raise ReadError("not readable JSON: nested too deeply (about 1,000 levels or more)",
                        "flatten the data, or split it into smaller files") from None
    del text
    walk = _Walk()
    lines: list[Line] = []
    for locator, shown, region in walk.leaves(value, "$", ""):
        lines.append(Line(text=shown, locator=locator, region=region, ordinal=len(lines) + 1))
        if len(lines) >= MAX_VALUES:
            break
    _notes(walk, len(lines), notes)
    if not lines:
        notes.append("no text values")
    return ReadResult(lines=tuple(lines), kind="json", notes=tuple(notes))


def _records(path: Path, notes: list[str], oversize: list[int]) -> Iterator[tuple[int, str]]:
    """(line number, text) of each non-blank line, decoded one at a time: UTF-8, or cp1252
    for a line that is not (noted); a line past MAX_RECORD_BYTES is skipped (listed)."""
    with open(path, "rb") as fh:
        head = fh.read(4096)
        if head.startswith(_WIDE_BOMS):  # UTF-16/32: rare, read whole as the text reader does
            text, more = load(path)
            notes.extend(more)
            yield from ((n, t) for n, t in enumerate(split_lines(text), start=1) if t.strip())
            return
        if head and (what := binary_kind(head)) is not None:
            raise ReadError(f"not a text file (binary content{': ' + what if what else ''})",
                            binary_hint(what))
        fh.seek(3 if head.startswith(codecs.BOM_UTF8) else 0)
        legacy: list[int] = []
        number = 0
        while True:
            raw = fh.readline(MAX_RECORD_BYTES + 1)
            if not raw:
                break
            number += 1
            if len(raw) > MAX_RECORD_BYTES and not raw.endswith(b"\n"):
                oversize.append(number)
                while raw and not raw.endswith(b"\n"):  # the rest of the line, a slice at a time
                    raw = fh.readline(1 << 20)
                continue
            if not raw.strip():
                continue
            try:
                yield number, raw.decode("utf-8")
            except UnicodeDecodeError:
                legacy.append(number)
                yield number, decode(raw)[0]
        if legacy:
            notes.append(f"not valid UTF-8 on line{'s' if len(legacy) > 1 else ''} "
                         f"{numbers(legacy)}: read as cp1252")


def read_jsonl(path: Path) -> ReadResult:
    path = Path(path)
    notes: list[str] = []
    oversize: list[int] = []
    bad: dict[int, str] = {}
    walk = _Walk()
    lines: list[Line] = []
    records = 0
    for number, text in _records(path, notes, oversize):
        try:
            value = _parse(text.replace("\x00", ""))
        except json.JSONDecodeError as e:
            bad[number] = f"{e.msg} (column {e.colno})"
            continue
        except RecursionError:
            bad[number] = "nested too deeply"
            continue
        records += 1
        region = f"L{number}"
        for locator, shown, _ in walk.leaves(value, f"{region}:$", region):
            lines.append(Line(text=shown, locator=locator, region=region,
                              ordinal=len(lines) + 1))
        if len(lines) >= MAX_VALUES:
            break
    if bad and not records:
        first = min(bad)
        raise ReadError(f"not valid JSON Lines: line {first}: {bad[first]}"
                        + (f", and {len(bad) - 1} more bad lines" if len(bad) > 1 else ""),
                        "each line must be one whole JSON value; if the file is one JSON "
                        "document spread over lines, rename it to .json")
    if bad:
        which = sorted(bad)
        notes.append(f"line{'s' if len(which) > 1 else ''} {numbers(which)} skipped: not valid "
                     f"JSON ({bad[which[0]]})")
    if oversize:
        notes.append(f"line{'s' if len(oversize) > 1 else ''} {numbers(oversize)} skipped: "
                     f"longer than {size(MAX_RECORD_BYTES)}")
    _notes(walk, len(lines), notes)
    if not records and not oversize and not notes:
        notes.append("empty file")
    elif not lines:
        notes.append("no text values")
    return ReadResult(lines=tuple(lines), kind="jsonl", notes=tuple(notes))
