"""Versions: the gate's decision and the candidates in; two versions of one document side by
side, the one in force first, out (or None: the answer stays as it was).

A filing cabinet keeps old and new versions side by side: the 2018 fee resolution and the 2024
one, a rate workbook for August–November 2021 and the tariff PDF. Two documents are of one
*series* when their file names say the same thing once dates and numbers are set aside
(`same_series`: more than half of their words shared, and no word the question says in
one name that the other's name and passage lack: `told_apart`), or when one says, in its
first or last lines, that it supersedes, replaces, repeals or amends the other, naming it by a number of its
file name or by its date (`replaces`). When the winner and another candidate
of its series both pass the gate and their quoted lines hold different values of the kind
asked for, the answer quotes both, each with its date (readers/dating.py), and says so:

- a question asking what holds now ("now", "current", "today", "latest", "in force") gets the
  newest first;
- a question naming a year gets first the version whose date covers it;
- any other question gets the newest first.

Values that agree, a candidate of another series, a version without a date, or a question
that asks for no firm kind leave the answer exactly as it was. Equal dates break by path.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable, Sequence

from .kinds import evidence, firm
from .readers.dating import _DATE, parse_date
from .terms import content_terms

SERIES_SHARE = 0.5  # two file names of one series share more than this share of their words
SERIES_BUCKET = 500  # --status compares the names sharing a word only when at most this many do
_NOW = re.compile(r"\b(?:now|current|currently|today|latest|newest|in force|in effect|presently|"
                  r"at present|these days|anymore|any more)\b", re.I)
_DATED = re.compile(r"^(?:\d[\d\-/.]*|fy-?\d+(?:-\d+)?|q-?[1-4])$")
_YEAR = re.compile(r"^(?:19|20)\d\d$")


@lru_cache(maxsize=65536)
def series_words(path: str) -> frozenset[str]:
    """The words of a file's name that say what it is, not when: its stems less numbers,
    dates and fiscal years ("rivergrove_resolution_300-2024_fee_schedule.pdf" ->
    rivergrov, resolut, fee, schedul)."""
    name = path.rsplit("/", 1)[-1]
    stem = name.rsplit(".", 1)[0] if "." in name else name
    words = re.split(r"[-–_\s.]+", stem.lower())
    return frozenset(t for t in content_terms(" ".join(words)) if not _DATED.match(t))


def same_series(a: str, b: str) -> bool:
    """Two paths are versions of one document: different files whose names share more than
    SERIES_SHARE of their words (Jaccard)."""
    if a == b:
        return False
    wa, wb = series_words(a), series_words(b)
    union = wa | wb
    return bool(union) and len(wa & wb) / len(union) > SERIES_SHARE


def told_apart(a, b, qterms: Sequence[str]) -> bool:
    """The question names one of two candidates by a word of its file name that the other's
    name lacks and its passage does not say either: "ottawa_county_ks_general_election_results"
    and "rooks_county_ks_..." are one series by their names, but not for a question about
    Ottawa County that Rooks County's results never name ("water_sewer_rates_2022" and
    "water_rates_2024" stay versions for a sewer rate the 2024 schedule gives)."""
    words = (series_words(a.path) ^ series_words(b.path)) & set(qterms)
    return any(w in (b.unmatched if w in series_words(a.path) else a.unmatched) for w in words)


def series_of(paths: Sequence[str]) -> dict[str, str]:
    """Each path in a series of two or more -> the series' first path (in path order); for
    --status. Two paths of a series share a word of their names, so only paths sharing one
    are compared; a word more than SERIES_BUCKET names share is passed over (two versions
    share more than half their words, so one of the others nearly always joins them)."""
    ordered = sorted(paths)
    parent = {p: p for p in ordered}

    def root(p: str) -> str:
        while parent[p] != p:
            parent[p] = parent[parent[p]]
            p = parent[p]
        return p

    by_word: dict[str, list[str]] = {}
    for p in ordered:
        for w in sorted(series_words(p)):
            by_word.setdefault(w, []).append(p)
    compared: set[tuple[str, str]] = set()
    for w in sorted(by_word):
        group = by_word[w]
        if len(group) > SERIES_BUCKET:
            continue  # a word too many files share to tell a series by
        for i, a in enumerate(group):
            for b in group[i + 1:]:
                if (a, b) in compared:
                    continue
                compared.add((a, b))
                if same_series(a, b):
                    ra, rb = root(a), root(b)
                    if ra != rb:
                        parent[max(ra, rb)] = min(ra, rb)
    members: dict[str, list[str]] = {}
    for p in ordered:
        members.setdefault(root(p), []).append(p)
    return {p: group[0] for group in members.values() if len(group) > 1 for p in group}


@dataclass(frozen=True)
class Choice:
    """Which version goes first, and why (for the note)."""

    first: object  # Candidate
    second: object
    why: str


def values(lines, kinds, qterms) -> frozenset[str]:
    """The values of the asked kinds the quoted lines hold, as written (spacing folded)."""
    out = set()
    for ln in lines:
        for a, b in evidence(ln.text, kinds, qterms):
            out.add(" ".join(ln.text[a:b].split()).lower())
    return frozenset(out)


def order(winner, other, dated: Callable[[object], object], question: str, qterms) -> Choice:
    """The version to quote first: the newest for a question about now or naming no year, the
    one whose date covers the year a question names."""
    da, db = dated(winner), dated(other)
    newest = sorted([(winner, da), (other, db)], key=lambda cd: (cd[1].start, cd[1].end, cd[0].path),
                    reverse=True)
    if _NOW.search(question):
        return Choice(newest[0][0], newest[1][0], "the question asks what holds now: the newer first")
    years = [int(t) for t in qterms if _YEAR.match(t)]
    if years:
        covering = [c for c, d in ((winner, da), (other, db)) if any(d.covers(y) for y in years)]
        if len(covering) == 1:
            first = covering[0]
            second = other if first is winner else winner
            return Choice(first, second, f"the question names {years[0]}: the version of that date first")
    return Choice(newest[0][0], newest[1][0], "the newer first")


_REPLACES = re.compile(r"\b(?:supersed\w*|replac\w*|repeal\w*|rescind\w*|amend\w*)\b", re.I)
_FILE_NUMBER = re.compile(r"\d+(?:-\d+)+|\d{3,}")


def replaces(lines: Sequence[str], other_path: str, other_date) -> bool:
    """One of `lines` says it supersedes, replaces, repeals, rescinds or amends the other
    document, naming it by a number of its file name ("Resolution 259-2018") or by its date
    ("the schedule … effective July 1, 2019")."""
    name = other_path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    numbers = [n for n in _FILE_NUMBER.findall(name) if not re.fullmatch(r"(?:19|20)\d\d", n)]
    for text in lines:
        if not _REPLACES.search(text):
            continue
        if any(re.search(rf"(?<![\d-]){re.escape(n)}(?![\d-])", text) for n in numbers):
            return True
        if other_date is not None and other_date.start == other_date.end and any(
                parse_date(m) == other_date.start for m in _DATE.finditer(text)):
            return True
    return False


def across(d, cands: Sequence, q, cfg, passes: Callable[[object], bool], dated: Callable[[object], object],
           quote_pair: Callable[[object, object], tuple],
           edges: Callable[[object], Sequence[str]] = lambda c: ()) -> tuple[tuple, dict] | None:
    """Two versions side by side, or None to leave the answer as it was.

    `passes(c)`: c clears the gate on its own; `dated(c)`: c's document's dating.Dated or
    None; `quote_pair(first, second)`: the two citations quoting them (the quote's budget for
    a winner and a runner-up); `edges(c)`: the first and last lines of c's document, where a
    document says what it supersedes. Returns (citations with their dates, the versions
    note)."""
    if not firm(q.kinds):
        return None
    reach = cands[: cfg.kind_depth + 2]
    read: dict[str, Sequence[str]] = {}

    def edges_of(c) -> Sequence[str]:  # each document's lines read once for this question
        if c.path not in read:
            read[c.path] = edges(c)
        return read[c.path]

    def versions_of(a, b) -> bool:
        by_name = same_series(a.path, b.path) and not told_apart(a, b, q.terms)
        return by_name or replaces(edges_of(a), b.path, dated(b)) \
            or replaces(edges_of(b), a.path, dated(a))

    other = next((c for c in reach if c.path != d.winner.path and dated(c) is not None
                  and passes(c) and versions_of(d.winner, c)), None)
    if other is None or dated(d.winner) is None:
        return None
    pair = quote_pair(d.winner, other)
    if len(pair) < 2:
        return None
    mine, theirs = values(pair[0].lines, q.kinds, q.terms), values(pair[1].lines, q.kinds, q.terms)
    if not mine or not theirs or mine == theirs:
        return None  # values that agree are no conflict: the answer as it was
    choice = order(d.winner, other, dated, q.text, q.terms)
    if choice.first is not d.winner:
        pair = quote_pair(choice.first, choice.second)
        if len(pair) < 2:
            return None
    first, second = dated(choice.first), dated(choice.second)
    newer = choice.first if (first.start, first.end) >= (second.start, second.end) else choice.second
    cited = tuple(replace(c, date=dt.to_dict()) for c, dt in zip(pair, (first, second)))
    note = (f"two versions give different values: {choice.first.path} ({first.shown}) and "
            f"{choice.second.path} ({second.shown}); the newer is {newer.path}; {choice.why}")
    return cited, {"note": note, "newer": newer.path, "order": choice.why}
