"""Scoring: the pool in, the ranked pool out — each arm's scores, the fused value, the
rerank score and the final total order (rerank.py). Computed once here for both callers:
Engine.ask gates and quotes the top of the order, Engine.search lists it.

Which arms run is a choice ("all", or "bm25" / "tfidf" / "embed" joined by "+"); so is the
fusion ("minmax" or "rrf", engine/fuse.py). Bad names are usage errors with a hint.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType
from typing import Callable, Collection, Mapping, Sequence

import numpy as np

from .arms import bm25, cosine, tfidf
from .chunk import title as doc_title
from .clock import Clock
from .config import Config
from .errors import UsageError
from .fuse import FUSIONS, fuse, minmax, ranks, rrf, rrf_scale
from .pool import Pool
from .rerank import Order, Scored, rarity_weights
from .readers.dating import day_first, day_years, numeric_day, slashed
from .kinds import MONTH, header_like, holds, kind_words
from .terms import IRREGULAR, content_terms, is_number, range_asked, root_forms, stem
from .types import ArmScore, Candidate

ARMS = ("bm25", "tfidf", "embed")
LEXICAL = ("bm25", "tfidf")


def parse_arms(text: str | None) -> tuple[str, ...]:
    """"all" (or None) -> every arm; "bm25+embed" -> those, in the fixed order of ARMS."""
    if text is None or text.strip().lower() == "all":
        return ARMS
    names = [t.strip().lower() for t in str(text).split("+")]
    bad = [n for n in names if n not in ARMS]
    if bad or not names:
        raise UsageError(f"unknown arm {', '.join(map(repr, bad or [text]))} in --arms {text!r}",
                         "use all, or bm25, tfidf, embed joined by '+', e.g. --arms bm25+embed")
    return tuple(a for a in ARMS if a in names)


def parse_fusion(text: str | None, cfg: Config) -> str:
    """The fusion asked for, or the configured one when None."""
    if text is None:
        return cfg.fusion
    name = str(text).strip().lower()
    if name not in FUSIONS:
        raise UsageError(f"unknown fusion {text!r}", "use --fusion minmax or --fusion rrf")
    return name


@dataclass(frozen=True)
class Ranked:
    """A pool scored and ordered. `order` is the whole pool, best first (a total order)."""

    pool: Pool
    raw: Mapping[str, np.ndarray]  # the arms that ran, in ARMS order
    normed: Mapping[str, np.ndarray]
    arm_ranks: Mapping[str, np.ndarray]
    fused: Sequence[float]
    scale: float  # the rerank reads fused * scale (1 for minmax; 1 / best possible for rrf)
    fusion: str
    rarity: Mapping[str, float]
    order: Sequence[Scored]
    with_vec: int  # pool passages with a vector (0 when the vector arm did not run)

    @property
    def ran(self) -> tuple[str, ...]:
        return tuple(self.raw)

    def arm_scores(self, i: int) -> tuple[tuple[str, ArmScore], ...]:
        out = []
        for a, v in self.raw.items():
            r = float(v[i])
            out.append((a, ArmScore(0.0 if np.isnan(r) else r, float(self.normed[a][i]),
                                    int(self.arm_ranks[a][i]))))
        return tuple(out)

    def candidate(self, s: Scored, doc_rows, said: Mapping[str, str]) -> Candidate:
        row = self.pool.rows[s.i]
        doc = doc_rows[row.doc]
        return Candidate(
            rowid=row.id, pid=row.pid, doc_id=doc.doc_id, path=doc.path, locator=row.span,
            arms=self.arm_scores(s.i), fused=self.fused[s.i], coverage=s.coverage,
            weighted_coverage=s.weighted_coverage, phrase=s.phrase, numbers_found=s.numbers,
            score=s.score, matched=s.matched, unmatched=tuple(said.get(t, t) for t in s.unmatched),
            fused_scale=self.scale, kind=s.kind, named=s.named,
            date=doc.dated.to_dict() if doc.date_start else None)


    def candidates(self, n: int, doc_rows, said: Mapping[str, str]) -> list[Candidate]:
        """The first n of the order as candidates (only those anyone looks at are built)."""
        return [self.candidate(s, doc_rows, said) for s in self.order[:n]]


def arm_weights(ran: Sequence[str], cfg: Config, fusion: str, hyde: bool) -> dict[str, float] | None:
    """Each arm's weight in the fusion. minmax: the configured weights; rrf: none (all 1).
    With a written passage in the vector arm (hyde), that arm weighs at most cfg.hyde_share
    times the lexical arms together: the user's own words keep more weight."""
    if fusion == "minmax":
        w = {"bm25": cfg.w_bm25, "tfidf": cfg.w_tfidf, "embed": cfg.w_embed}
    else:
        w = dict.fromkeys(ARMS, 1.0)
    lexical = sum(w[a] for a in ran if a in LEXICAL)
    if hyde and "embed" in ran and lexical > 0:
        w["embed"] = min(w["embed"], cfg.hyde_share * lexical)
    elif fusion == "rrf":
        return None
    return {a: w[a] for a in ran}


def rank_pool(pool: Pool, qterms: Sequence[str], required: Sequence[str], cfg: Config, *,
              arms: Sequence[str] = ARMS, fusion: str = "minmax", qvec: np.ndarray | None = None,
              vectors: tuple | None = None, hyde: bool = False,
              path_of: Callable[[int], str], lap: Callable[[str], None] = lambda stage: None,
              kinds: tuple[str, ...] = (), joined: Mapping[str, tuple[str, ...]] | None = None,
              initials: Mapping[str, tuple[str, ...]] | None = None,
              context_of: Callable[[int], str] = lambda doc: "",
              names: Sequence[tuple[str, ...]] = (),
              acronyms: Mapping[str, str] | None = None, doc_dates: Sequence[str] = (),
              doc_names: Sequence[str] = (), opening_of: Callable[[int], str] = lambda doc: "") -> Ranked:
    """Score the pool with the chosen arms, fuse, rerank and order it.

    `qvec` is the vector the embedding arm compares with (the question's, or the written
    passage's with hyde); `vectors` what it reads: the stored (ids, matrix); `path_of` a
    document rowid's path (the last tie-break); `context_of` its context (what the document
    says about itself: readers/layout.py); `doc_dates`: a date the question names a document
    by (terms.document_dates); `doc_names`: the words of a clause it names the document it
    asks of by (terms.document_names), held where `opening_of(doc)` (a document's first lines)
    says them; `lap` hears each stage's end (timings)."""
    raw, with_vec = _arm_scores(pool, qterms, arms, qvec, vectors, lap)
    n = len(pool)
    pids = [r.pid for r in pool.rows]
    normed = {a: minmax(v) for a, v in raw.items()}
    arm_ranks = {a: ranks(v, pids) for a, v in raw.items()}
    weights = arm_weights(list(raw), cfg, fusion, hyde)
    if fusion == "rrf":
        fused_arr, scale = rrf(arm_ranks, raw, n, weights), rrf_scale(list(raw), weights)
    else:
        fused_arr, scale = fuse(normed, weights, n), 1.0
    fused = fused_arr.tolist()
    has = _terms_held(pool, qterms, required, kinds, joined or {}, path_of)
    spelled = spelled_out(pool, initials, context_of) if initials else {}
    initials_held(pool, qterms, initials or {}, has, path_of, spelled)
    spelled_held(pool, qterms, acronyms or {}, has, context_of, path_of)
    rarity = rarity_weights(qterms, has)
    named = named_by_document(pool, qterms, required, has, path_of, initials or {}, spelled, context_of,
                              doc_dates, doc_names, opening_of)
    if names and cfg.name_phrases:
        names_whole(pool, qterms, required, names, has, named, initials or {}, spelled, context_of)
        places_whole(pool, qterms, required, names, has, named, context_of)
    order = Order(pool, qterms, has, rarity, fused, scale, required, cfg, path_of, kinds, named)
    return Ranked(pool=pool, raw=raw, normed=normed, arm_ranks=arm_ranks, fused=fused,
                  scale=scale, fusion=fusion, rarity=rarity, order=order, with_vec=with_vec)


def _arm_scores(pool: Pool, qterms: Sequence[str], arms: Sequence[str], qvec: np.ndarray | None,
                vectors: tuple | None, lap: Callable[[str], None]) -> tuple[dict[str, np.ndarray], int]:
    """Each chosen arm's raw scores of the pool (an arm with nothing to score left out), and
    how many of its passages had a vector."""
    raw: dict[str, np.ndarray] = {}
    for name, arm in (("bm25", bm25), ("tfidf", tfidf)):
        if name in arms:
            arr = arm.score(pool, qterms)
            if arr is not None:
                raw[name] = arr
        lap(name)
    with_vec = 0
    if "embed" in arms and qvec is not None and vectors is not None:
        vec_scores, with_vec = cosine.score(pool, qvec, *vectors)  # (ids, matrix)
        if vec_scores is not None:
            raw["embed"] = vec_scores
    lap("embed")
    return raw, with_vec


def _terms_held(pool: Pool, qterms: Sequence[str], required: Sequence[str], kinds: tuple[str, ...],
                joined: Mapping[str, tuple[str, ...]], path_of: Callable[[int], str]) -> np.ndarray:
    """Which question terms each passage holds, as the rerank reads them: its own words, and
    the dates, forms, ranges, compounds, years and states that hold a term in other words."""
    has = pool.has(qterms)
    dates_held(pool, qterms, has)
    forms_held(pool, qterms, has)
    ranges_held(pool, qterms, has, kinds)
    compounds_held(pool, qterms, has)
    measures_held(pool, qterms, has)
    roots_held(pool, qterms, has)
    joined_held(pool, qterms, has)
    short_months_held(pool, qterms, has)
    spans_unheld(pool, qterms, has, path_of)
    headed_years_held(pool, qterms, has)
    states_held(pool, qterms, required, has)
    for word, parts in joined.items():  # "pge" in a passage holds PG&E's "pg" and "e"
        held = pool.has([word])[:, 0]
        for k, t in enumerate(qterms):
            if t in parts:
                has[:, k] |= held
    return has


# the U.S. states' two-letter abbreviations (USPS Publication 28, appendix B), for a document
# that names its state only so: in its path's words, or in capitals after a comma in its context
_STATE_NAMES = {
    "al": "alabama", "ak": "alaska", "az": "arizona", "ar": "arkansas", "ca": "california",
    "co": "colorado", "ct": "connecticut", "de": "delaware", "dc": "district columbia",
    "fl": "florida", "ga": "georgia", "hi": "hawaii", "id": "idaho", "il": "illinois",
    "in": "indiana", "ia": "iowa", "ks": "kansas", "ky": "kentucky", "la": "louisiana",
    "me": "maine", "md": "maryland", "ma": "massachusetts", "mi": "michigan", "mn": "minnesota",
    "ms": "mississippi", "mo": "missouri", "mt": "montana", "ne": "nebraska", "nv": "nevada",
    "nh": "new hampshire", "nj": "new jersey", "nm": "new mexico", "ny": "new york",
    "nc": "north carolina", "nd": "north dakota", "oh": "ohio", "ok": "oklahoma", "or": "oregon",
    "pa": "pennsylvania", "ri": "rhode island", "sc": "south carolina", "sd": "south dakota",
    "tn": "tennessee", "tx": "texas", "ut": "utah", "vt": "vermont", "va": "virginia",
    "wa": "washington", "wv": "west virginia", "wi": "wisconsin", "wy": "wyoming",
    "pr": "puerto rico", "gu": "guam", "vi": "virgin islands"}
_STATES = {code: tuple(content_terms(name)) for code, name in _STATE_NAMES.items()}
_STATE_CODE = re.compile(r",\s+([A-Z]{2})\b(?!\.[A-Z])")
# a state's name word -> the codes that write it ("florida" -> "fl"; "york" -> "ny"; "new" ->
# "nh", "nj", "nm", "ny"): a table's "Key West | Monroe | FL" row is in Florida
_CODES_OF = {w: frozenset(code for code, words in _STATES.items() if w in words)
             for name in _STATES.values() for w in name}


def state_codes(term: str) -> tuple[str, ...]:
    """The postal codes that write a state's name word, in order ("california" -> ("ca",));
    () for a word no state's name holds."""
    return tuple(sorted(_CODES_OF.get(term, ())))


_INITIALS_LEFT = 2  # letters a path's initialism may have past the question's name


def _path_words(path: str) -> list[str]:
    """A path's words as its file name writes them, lower case ("fowd_board_minutes.txt" ->
    fowd, board, minutes, txt)."""
    return re.split(r"[^0-9a-z]+", path.lower())


_PATH_SPAN = re.compile(r"(?<![\d-])((?:19|20)\d\d)_((?:19|20)?\d\d)(?![\d-])")  # "2021_22", "2019_2020"


def path_names(path: str, initials: Mapping[str, tuple[str, ...]], context: str = "") -> set[str]:
    """The terms a document names of itself: its path's words ("oakland_budget_fy16.csv"
    names "oakland", "fy16"...), the names whose initials the path writes ("fowd_board_minutes"
    names "fair", "oak", "water", "district" for a question about the Fair Oaks Water
    District; "sfusd_agenda" names "San Francisco Unified", the name without its last two
    words), the terms of its context (its title lines and running headers:
    readers/layout.py context), and a state its path or context abbreviates (_STATES)."""
    words = _path_words(path)
    held = set(content_terms(" ".join(words)))
    # the path's terms as the question writes them ("fy2016-17"), in their one form too
    # (_form_key: "fy2016-2017")
    whole = set(content_terms(re.sub(r"[_/.]+", " ", path.lower().rsplit(".", 1)[0])))
    held |= whole | {_form_key(t) for t in whole}
    # a span of years a file's name writes with an underscore for its dash ("enrollment_2021_22"
    # is of the school year 2021-22, as the question writes it)
    spans = {f"{a}-{b}" for a, b in _PATH_SPAN.findall(path.lower().rsplit("/", 1)[-1])}
    held |= spans | {_form_key(t) for t in spans}
    for w in words:  # "manchester_mn_fee_schedule.pdf" names Minnesota
        held.update(_STATES.get(w, ()))
    held -= _spanned_years(path)
    if context:
        held.update(content_terms(context))
        for code in _STATE_CODE.findall(context):  # "CITY OF PAONIA, CO" names Colorado
            held.update(_STATES.get(code.lower(), ()))
    for short, parts in initials.items():
        # the initials, or the initials with a body's last word or two left out of the
        # question ("San Francisco Unified" for "sfusd": ...School District)
        if any(w.startswith(short) and len(w) - len(short) <= _INITIALS_LEFT for w in words):
            held.update(parts)
    return held


# a span of years a path names ("cso_volumes_2005-2019.xlsx"); "budget_2016-17" is one
# fiscal year
_PATH_YEARS = re.compile(r"(?<!\d)((?:19|20)\d\d)[-–]((?:19|20)\d\d)(?!\d)")


# a date in a file's name, its parts split by "-", "_" or "." ("minutes_2021-04-20.pdf",
# "notice_2021_04_20.pdf", "spending_2018-01.csv")
_PATH_DATE = re.compile(r"(?<![0-9])((?:19|20)[0-9][0-9])[-_.](0[1-9]|1[0-2])(?:[-_.](0[1-9]|[12][0-9]|3[01]))?(?![0-9])")


def path_dates(path: str) -> list[str]:
    """The dates a path's file name writes in figures, as terms dated_terms reads
    ("2021-04-20", "2018-01"): minutes filed by the day they met are that month's in every
    passage, though their lines rarely name the month. A fiscal year's two years
    ("budget_2011-12") are no month (year_month)."""
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    return ["-".join(p for p in m.groups() if p) for m in _PATH_DATE.finditer(name)]


# a table's row as the readers write it: cells joined by " | ", or three figures apart
_CELLS = re.compile(r" \| |(?:(?:^|\s)[-$(]?[\d.,]+%?\)?(?=\s|$).*){3}")


def tabular(text: str) -> bool:
    """Whether most of a passage's lines are a table's rows (_CELLS). A table filed by its
    date ("jail_population_2020-06-01.pdf", "spending_2018-01.csv") never repeats it on a
    row; prose says its dates in its sentences, and a minutes' line without the month may
    be of any meeting (docs/decisions.md, the twenty-first pass)."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    return bool(lines) and 2 * sum(1 for ln in lines if _CELLS.search(ln)) >= len(lines)


def _table_dated(path: str, text: str, qterms: Sequence[str]) -> set[str]:
    """The question's month, year or day that a passage's path dates (path_dates) where the
    passage is a table's rows (tabular) writing no year but the path's: a lease's rent
    schedule filed in 2023 ("Total 2010 $ 3,960.00 Monthly Rent") is of the years its rows
    say, not the month the file was signed."""
    dates = path_dates(path)
    if not dates or not tabular(text):
        return set()
    if set(_YEAR_WRITTEN.findall(text)) - {d[:4] for d in dates}:
        return set()
    months = {int(d[5:7]) for d in dates}
    if any(_MONTH_OF[m.group(1)[:3].lower()] not in months for m in _MONTH_WRITTEN.finditer(text)):
        return set()  # "May-23 | 13 | 7" in a July report: the rows say their own months
    return dated_terms(dates, qterms)


_YEAR_WRITTEN = re.compile(r"(?<![\d.,$])((?:19|20)\d\d)(?![\d,]|\.\d)")
# a month a row writes by its name or its short form, capitalised ("May-23", "Jan 9", "MARCH")
_MONTH_WRITTEN = re.compile(rf"(?<![A-Za-z])(?=[A-Z])({MONTH})(?![A-Za-z])", re.I)
_MONTH_OF = {m: n for n, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)}


def _spanned_years(path: str) -> set[str]:
    """The years bounding a span of more than two years in the path: a table of 2005 to
    2019 is no document of 2005 alone, and a question's 2005 must be said in its passage (a
    biennium, "budget_2023-2025", names both; "minutes_2021_2024-01-09" is no span)."""
    return {y for m in _PATH_YEARS.finditer(path) if int(m.group(2)) - int(m.group(1)) > 2 for y in m.groups()}


def spans_unheld(pool: Pool, qterms: Sequence[str], has: np.ndarray, path_of: Callable[[int], str]) -> None:
    """Unmark in `has` (in place) a question's year that a passage holds only by its
    document's title, where the year bounds the span of years the file's name gives
    ("fishing_license_holders_1960-2025.csv" puts 2025 in every passage's title) and the
    passage's own lines date themselves to other years: the table's 1963 rows are no 2025
    figures (path_names leaves such years out too). A passage saying no year of its own
    keeps it: a PDF's row of yearly totals under a header on another page."""
    years = [(k, t) for k, t in enumerate(qterms) if _YEAR.match(t)]
    if not years:
        return
    for i, row in enumerate(pool.rows):
        held = [(k, t) for k, t in years if has[i, k]]
        spanned = _spanned_years(path_of(row.doc)) if held else set()
        held = [(k, t) for k, t in held if t in spanned]
        if not held:
            continue
        name = doc_title(path_of(row.doc))
        rest = row.context[len(name):] if row.context.startswith(name) else row.context
        own = content_terms(row.text) + content_terms(rest)
        if not any(_YEAR.match(t) or numeric_day(t) for t in own):
            continue  # no year of its own: the title's span may be its
        kept = set(own) | {_form_key(t) for t in own} | dated_terms(own, qterms)  # "2025.0", "2025-01-01"
        for k, t in held:
            if t not in kept and _form_key(t) not in kept:
                has[i, k] = False


# a column named by a short word and its year ("wkd2024": weekday boardings in 2024, "pop2020")
_HEADED_YEAR = re.compile(r"^([a-z_]{1,8}?)((?:19|20)\d\d)$")


def headed_years_held(pool: Pool, qterms: Sequence[str], has: np.ndarray) -> None:
    """Mark in `has` (in place) a question's year as held by a table whose header row names
    its columns by one short word run on to their years ("month_ | wkd2017 | ... |
    wkd2024"): a data export's yearly columns. Only the table's header row (the one its
    passage carries in its context, or the first line of the table: kinds.header_like), and
    only a series (the same word before two years or more): a row's code ("WO2019 | Maple
    Drive | Completed ...") names no year."""
    years = {t: k for k, t in enumerate(qterms) if _YEAR.match(t)}
    if not years:
        return
    for i, row in enumerate(pool.rows):
        carried = [ln for ln in row.context.splitlines() if " | " in ln]
        first = row.text.split("\n", 1)[0]
        header = carried[-1] if carried else (first if header_like(first) else "")  # cells, " | " apart
        series: dict[str, set[str]] = {}
        for t in content_terms(header):
            m = _HEADED_YEAR.match(t)
            if m:
                series.setdefault(m[1], set()).add(m[2])
        for said in series.values():
            if len(said) >= 2:
                for year in said & years.keys():
                    has[i, years[year]] = True


def _in_order(terms: Sequence[str], parts: tuple[str, ...]) -> bool:
    """Whether `parts` stand together, in order, in `terms`."""
    n = len(parts)
    return any(tuple(terms[i:i + n]) == parts for i in range(len(terms) - n + 1))


def spelled_out(pool: Pool, initials: Mapping[str, tuple[str, ...]],
                context_of: Callable[[int], str]) -> dict[int, set[str]]:
    """Each pool document's initials (the question's, terms.initialisms) whose name it spells
    out: the name's words together and in order in its context (title lines, running
    headers) or in one of its passages in the pool, while no line of its context gives the
    initials to another name ("Calaveras County Water District" heading minutes that write
    "CCWD", for a question on the Contra Costa Water District). A document names a body in
    full once and by its initials after; initials in a document that never spells the name
    out are another body's or another thing's ("ADA", "SFD": single-family dwelling, "oct"
    in a file's name)."""
    rows_of: dict[int, list[Sequence[str]]] = {}
    for row, terms in zip(pool.rows, pool.terms):
        rows_of.setdefault(row.doc, []).append(terms)
    out: dict[int, set[str]] = {}
    for doc, rows in rows_of.items():
        terms, theirs = _context_names(context_of(doc))
        out[doc] = {short for short, parts in initials.items()
                    if theirs.get(short, {parts}) == {parts}
                    and (_in_order(terms, parts) or any(parts[0] in r and _in_order(r, parts) for r in rows))}
    return out


@lru_cache(maxsize=4096)
def _context_names(context: str) -> tuple[tuple[str, ...], Mapping[str, frozenset[tuple[str, ...]]]]:
    """A document's context (readers/layout.py) as its terms, and the initials of the names
    its lines give (a line in capitals read as a name is written); kept by the context's
    text, the same for every question."""
    from .terms import initialisms

    theirs: dict[str, set[tuple[str, ...]]] = {}
    for line in context.splitlines():
        for short, parts in initialisms(line.title() if line.isupper() else line).items():
            theirs.setdefault(short, set()).add(parts)
    return tuple(content_terms(context)), MappingProxyType({k: frozenset(v) for k, v in theirs.items()})


def _capitals(line: str) -> bool:
    """Whether most of a line's letters (the initials' own taken out by the caller) are
    capitals: such a line writes every word as initials would be ("THE BOARD VOTED TO CAP
    WATER DELIVERIES"); "SJWD: 14" is no such line."""
    letters = [c for c in line if c.isalpha()]
    return sum(c.isupper() for c in letters) > 0.6 * len(letters)


def _line_at(text: str, at: int) -> str:
    """The line of `text` holding the character at `at`."""
    end = text.find("\n", at)
    return text[text.rfind("\n", 0, at) + 1:len(text) if end < 0 else end]


def initials_held(pool: Pool, qterms: Sequence[str], initials: Mapping[str, tuple[str, ...]],
                  has: np.ndarray, path_of: Callable[[int], str], spelled: Mapping[int, set[str]]) -> None:
    """Mark in `has` (in place) a name's words as held by a passage that writes the name's
    initials (terms.initialisms) — in capitals in its own text ("SJWD"), on a line whose other
    letters are not mostly capitals, or as a word of its file's path ("sjwd_board_minutes.txt") — in
    a document that spells the name out (spelled_out)."""
    if not initials:
        return
    paths: dict[int, list[str]] = {}
    for short, parts in initials.items():
        cols = [k for k, t in enumerate(qterms) if t in parts]
        if not cols:
            continue
        written = re.compile(rf"(?<![\w&]){re.escape(short.upper())}(?![\w&])")
        for i, row in enumerate(pool.rows):
            if short not in spelled[row.doc]:
                continue
            if row.doc not in paths:
                paths[row.doc] = _path_words(path_of(row.doc))
            if short in paths[row.doc] or any(not _capitals(_line_at(row.text, m.start()).replace(short.upper(), ""))
                                              for m in written.finditer(row.text)):
                has[i, cols] = True


_JOINING = r"(?:\s+(?:of|for|and|the|on|in|at|to|de|del|&))*(?:\s+|-)"  # "Administration for Children and Families"


@lru_cache(maxsize=256)
def _spelled(letters: str) -> re.Pattern:
    """A name whose capitalised words' initials are `letters`, small joining words between
    them: "Los Angeles" for "LA", "Community Development Block Grant" for "CDBG"."""
    words = [rf"{c}(?:[a-z]+|[A-Z]+)" for c in letters]
    return re.compile(r"(?<![\w-])" + _JOINING.join(words) + r"(?![\w-])")


def spelled_held(pool: Pool, qterms: Sequence[str], acronyms: Mapping[str, str], has: np.ndarray,
                 context_of: Callable[[int], str], path_of: Callable[[int], str]) -> None:
    """Mark in `has` (in place) a question's initialism ("ACF", terms.acronyms) as held by a
    passage that spells its name out ("Administration for Children and Families"): in its
    own text, or, for three letters or more, in its document's context (title lines,
    running headers). A document names a body in full and a person asking writes its
    initials. Two letters name many things ("PD" is the Parks, the Planning and the Police
    Department of one budget; "LA" a "Los Alamitos Boulevard"): a two-letter initialism's
    name must stand in the passage itself, one name only, and the document's file name must
    spell it too ("los_angeles_public_library_branches.csv"), as a review's made-up
    folders showed."""
    for term, letters in acronyms.items():
        if term not in qterms:
            continue
        k = qterms.index(term)
        spelled = _spelled(letters)
        short = len(letters) <= 2
        by_doc: dict[int, bool] = {}  # per document: its file name (two letters) or its context spells it
        for i, row in enumerate(pool.rows):
            if has[i, k]:
                continue
            if row.doc not in by_doc:
                if short:
                    words = _path_words(path_of(row.doc))
                    by_doc[row.doc] = any(a[:1] == letters[0].lower() and b[:1] == letters[1].lower()
                                          for a, b in zip(words, words[1:]))
                else:
                    by_doc[row.doc] = spelled.search(context_of(row.doc)) is not None
            if short:
                has[i, k] = by_doc[row.doc] and len({" ".join(m.group(0).split()).lower()
                                                     for m in spelled.finditer(row.text)}) == 1
            else:
                has[i, k] = by_doc[row.doc] or spelled.search(row.text) is not None


def names_whole(pool: Pool, qterms: Sequence[str], required: Sequence[str],
                names: Sequence[tuple[str, ...]], has: np.ndarray, named: np.ndarray,
                initials: Mapping[str, tuple[str, ...]], spelled: Mapping[int, set[str]],
                context_of: Callable[[int], str]) -> None:
    """Take back from `named` (in place) the first word of a proper name of the question
    (terms.name_runs) that a passage's document gives only by a state's code, when the
    document does not hold the name whole: its words together and in order, common words
    aside, in its context or in one of its passages in the pool, or its initials spelled out
    (spelled_out). Minutes of the Multnomah County Farm Bureau headed "Portland, OR" hold
    "Farm Bureau" and name Oregon (named_by_document), but their president is not the
    Oregon Farm Bureau's: a state that leads a body's name names another body than the
    county's. A word the document writes itself stays (a review found "Salem Mayor Chuck
    Bennett", "Multnomah County Sheriff" and "Boulder County Clerk" refused when it did
    not), and so does a trailing state ("Xcel Energy Colorado" from a sheet of Xcel
    Energy's headed "Denver, CO": the state's part of that body)."""
    from .kinds import common_terms

    need, common = set(required), common_terms()
    # "Tulare County Federal Credit Union": tulare, credit; only a name a state's word opens
    # has a word to take back (below), so only those are looked at
    runs = [own for own in (tuple(t for t in p if t not in common) for p in names)
            if len(own) >= 2 and set(own) & need and own[0] in _CODES_OF and own[0] in need]
    if not runs:
        return
    rows_of: dict[int, list[int]] = {}
    for i, row in enumerate(pool.rows):
        rows_of.setdefault(row.doc, []).append(i)
    for doc, idx in rows_of.items():
        context = _context_names(context_of(doc))[0]
        for parts in runs:
            # what is taken back: the name's first word, a state's, when the document does not
            # write it (it gives it by a code: "Portland, OR" for "Oregon Farm Bureau"); a
            # word it writes stays, and so does a trailing state ("Xcel Energy Colorado" from
            # a sheet of Xcel Energy's headed "Denver, CO": the state's part of that body); a
            # word the passage holds in another form (has) stays held
            if parts[0] in context:
                continue
            seqs = [[t for t in ts if t not in common] for ts in [context] + [pool.terms[i] for i in idx]]
            if any(_in_order(t, parts) for t in seqs) or \
                    any(set(parts) <= set(p) and s in spelled.get(doc, ()) for s, p in initials.items()):
                continue
            cols = [k for k, t in enumerate(qterms) if t == parts[0] and t in need]
            for i in idx:
                named[i, cols] = has[i, cols]


# the words a place's name goes on with after a state's word ("Jersey City", "Washington
# County", "Virginia Beach"); "South Dakota" and "Missouri Board" are no such place
_PLACE_WORDS = frozenset(content_terms("city county town township village borough parish beach heights springs"))


def places_whole(pool: Pool, qterms: Sequence[str], required: Sequence[str],
                 names: Sequence[tuple[str, ...]], has: np.ndarray, named: np.ndarray,
                 context_of: Callable[[int], str]) -> None:
    """Take back from `has` and `named` (in place) the state's word that opens a place's
    name (_PLACE_WORDS: "Jersey City", "Kansas City") from a passage that does not hold
    the place whole, its words together and in order, nor does its document's context: a
    court table filed as nj_... names New Jersey (path_names), and its "EGG HARBOR CITY" row
    holds "city", but only the "JERSEY CITY" row is the city's. (A body's name a state's word
    opens, "Oregon Farm Bureau", is names_whole's.)"""
    need = set(required)
    places = [tuple(p) for p in names if len(p) >= 2 and p[0] in _CODES_OF and p[0] in need
              and set(p[1:]) <= _PLACE_WORDS]
    for parts in places:
        whole: dict[int, bool] = {}  # a document's context holds the place whole
        cols = [k for k, t in enumerate(qterms) if t == parts[0]]
        for i, row in enumerate(pool.rows):
            if row.doc not in whole:
                whole[row.doc] = _in_order(_context_names(context_of(row.doc))[0], parts)
            if not whole[row.doc] and not _in_order(pool.terms[i], parts):
                has[i, cols] = False
                named[i, cols] = False


def named_by_document(pool: Pool, qterms: Sequence[str], required: Sequence[str], has: np.ndarray,
                      path_of: Callable[[int], str], initials: Mapping[str, tuple[str, ...]],
                      spelled: Mapping[int, set[str]], context_of: Callable[[int], str] = lambda doc: "",
                      doc_dates: Sequence[str] = (), doc_names: Sequence[str] = (),
                      opening_of: Callable[[int], str] = lambda doc: "") -> np.ndarray:
    """`has` with a name or number the question requires (terms.required_terms) also held by
    every passage whose document names it of itself (path_names: its path, its title lines
    and running headers): a file named for a body, a place or a date, or minutes headed by
    the body that met, are about it in every passage, though a passage's own lines rarely
    repeat it. A path's initials name the body only in a document that spells its name out
    (spelled_out): "oct" in a file's name is a month as often as the Orange County Transit.
    `doc_dates`: the question's terms of a date it names a document or a meeting by
    (terms.document_dates: "In MAPC's April 2023 tracking memo"); every passage of a document
    whose file name writes one date (path_dates), within that date, holds them
    (_dated_within). Only the file name's: the date of effect (readers/dating.py) of minutes
    is often another meeting's ("approved the minutes of April 10, 2023") or a motion's
    ("effective August 1, 2023"), a review found. `doc_names`: the words of the clause the
    question opens with to name the document it asks of ("In the City of Little Rock and ARDOT
    2017 stormwater annual report, ..."); every passage of a document whose opening lines
    (`opening_of`: terms.DOCUMENT_OPENING of them) say one holds it: a report names its
    authors and its subject on its first page, not in the passage that answers. A number the
    question writes after a word is the path's where the path joins the two ("Rate 58",
    "rate58"); so are two words the path writes as one ("Metro Transit", "metrotransit").
    Read for the required check only; coverage counts the passage's own words, and the
    initials it or its path writes (initials_held)."""
    need = [k for k, t in enumerate(qterms) if t in set(required)]
    if not need:
        return has
    out = has.copy()
    named: dict[int, set[str]] = {}
    dates_asked = _asked_dates(qterms) is not None  # a month, a year or a day a file's name may date
    clause = set(doc_names) & {qterms[k] for k in need}  # the document clause's required words
    # a number with the word before it, as a file's name joins them: the question's "Rate 58"
    # is the "rate58" of connecticut_light_and_power_rate58.docx (the number alone is not
    # the path's: "58 kW" is no rate's number)
    joined = {k: {qterms[k - 1] + qterms[k]} for k in need
              if k and is_number(qterms[k]) and qterms[k - 1].isalpha()}
    # two words a file's name writes as one: the question's "Metro Transit" is the
    # "metrotransit" of twincities_mn_metrotransit_state_fair_express_2018.html
    for k in need:
        for a, b in ((k - 1, k), (k, k + 1)):
            if 0 <= a and b < len(qterms) and _JOINABLE.fullmatch(qterms[a]) and _JOINABLE.fullmatch(qterms[b]):
                joined.setdefault(k, set()).add(qterms[a] + qterms[b])

    for i, row in enumerate(pool.rows):
        if row.doc not in named:
            mine = {s: p for s, p in initials.items() if s in spelled.get(row.doc, ())}
            named[row.doc] = path_names(path_of(row.doc), mine, context_of(row.doc)) - _days_years(
                path_of(row.doc), context_of(row.doc), qterms)
            filed = path_dates(path_of(row.doc)) if doc_dates else []
            if len(filed) == 1 and _dated_within(filed[0], doc_dates):
                named[row.doc] |= set(doc_dates)
            if clause and not clause <= named[row.doc]:
                named[row.doc] |= clause & set(content_terms(opening_of(row.doc)))
        dated = _table_dated(path_of(row.doc), row.text, qterms) if dates_asked else set()
        for k in need:
            if qterms[k] in named[row.doc] or _form_key(qterms[k]) in named[row.doc] or qterms[k] in dated \
                    or joined.get(k, set()) & named[row.doc]:
                out[i, k] = True
    return out


_JOINABLE = re.compile(r"[a-z]{3,}")  # a word a file's name may join to the next (named_by_document)

# the period a report's title says it is of ("Annual Report for 2021", "2021 Annual Report",
# "Report of the Year 2021", "for the year ended December 31, 2021")
_PERIOD_TITLE = re.compile(r"\b(?:report|review|statistics|summary|accounts|statements?)\s+(?:for|of)\s+(?:the\s+)?"
                           r"(?:(?:calendar|fiscal)\s+)?(?:year\s+)?((?:19|20)\d\d)(?![\d-])"
                           r"|\b((?:19|20)\d\d)\s+annual\s+report\b|\bannual\s+report\s+((?:19|20)\d\d)(?![\d-])"
                           r"|\byear\s+end(?:ed|ing)\s+[A-Za-z]+\.?\s+\d{1,2},?\s+((?:19|20)\d\d)\b", re.I)


def _days_years(path: str, context: str, qterms: Sequence[str]) -> set[str]:
    """The years a document names only by its day (dated_only), its file name aside, where the
    question asks a year alone (no month): a period's year, not the day's it was presented."""
    if any(t in MONTHS for t in qterms):
        return set()
    return dated_only(context) - set(_path_words(path))


def dated_only(context: str) -> set[str]:
    """The years a document's context (its title lines, running headers) writes only in a
    day's date, when its title says the report is of another year: the Internal Audit
    Department's "Annual Report for 2021", presented "April 8, 2022", tells nothing made
    in 2022; its date names the document, not the period its figures are of."""
    periods = {y for m in _PERIOD_TITLE.finditer(context) for y in m.groups() if y}
    if not periods:
        return set()
    dated, bare = day_years(context)
    return {y for y in dated - periods if not re.search(rf"(?<![\d-]){y}(?![\d-])", bare)}


def _dated_within(filed: str, terms: Sequence[str]) -> bool:
    """A file name's date ("2023-11-09", or a month, "2023-11": path_dates) falls within the
    date `terms` write (a month and a year, and a day beside the month when given, read as
    _asked_dates reads a question's: ("novemb", "9", "2023")): minutes filed as 2023-11-09
    are of "its November 9, 2023 session"; a file of a month is of no day of it."""
    months, years, days = _asked_dates(terms) or ((), (), ())
    if not months or not years:
        return False
    want = f"{years[0][1]:04d}-{months[0][1]:02d}" + (f"-{days[0][2]:02d}" if days else "")
    return filed.startswith(want)


_STATE_HEADER = re.compile(r"^(?:state|st|state code|state/territory)$", re.I)


def _state_column(lines: Sequence[str]) -> int | None:
    """The index of a table's state column: the cell headed "State" (or "ST") in the first
    header row among `lines` (a sheet's or CSV's header row joins its passages' context)."""
    for line in lines:
        if "|" in line:
            cells = [c.strip() for c in line.split("|")]
            for j, cell in enumerate(cells):
                if _STATE_HEADER.match(cell):
                    return j
    return None


def states_held(pool: Pool, qterms: Sequence[str], required: Sequence[str], has: np.ndarray) -> None:
    """Mark in `has` (in place) a U.S. state the question names, capitalised (a required
    name: "Portland, Oregon", not "the main office"), as held by a passage of a table whose
    column headed "State" gives that state's code (USPS Publication 28, _STATES) on a row
    holding the question's other names: the per diem row "305 | OR | Portland | Multnomah"
    under "ID | STATE | DESTINATION ..." is Portland, Oregon's; "173 | ME | Portland" is
    Maine's. Not when another row of the passage gives another state's code beside those
    names (both Portlands: which row answers is then the rows' to say, not the passage's).
    A code in another column ("IN" network, "OR" operating room) or in running text is no
    state. A helper's review on made-up tables shaped the column and row conditions."""
    need = set(required)
    codes = {code: words for code, words in _STATES.items() if words and set(words) <= need}
    if not codes:
        return
    state_words = {w for words in codes.values() for w in words}
    others = {t for t in need if t not in state_words}
    capitals = [code.upper() for code in codes]
    for i, row in enumerate(pool.rows):
        if "|" not in row.text or not any(c in row.text for c in capitals):
            continue
        col = _state_column(row.context.splitlines() + row.text.splitlines()[:1])
        if col is None:
            continue
        found: set[str] = set()  # the states' codes on rows holding the other names
        for line in row.text.splitlines():
            cells = [c.strip() for c in line.split("|")]
            if len(cells) > col and cells[col].lower() in _STATES \
                    and (not others or others & set(content_terms(line))):
                found.add(cells[col].lower())
        for code, words in codes.items():
            if found == {code}:
                has[i, [k for k, t in enumerate(qterms) if t in words]] = True


def dates_held(pool: Pool, qterms: Sequence[str], has: np.ndarray) -> None:
    """Mark in `has` (in place) a question's month name, year or day of a month as held by a
    passage that writes a date of that month, year or day in numbers (dated_terms)."""
    asked = _asked_dates(qterms)
    if asked is None:
        return
    for i, terms in enumerate(pool.terms):
        for k in _dated(terms, *asked):
            has[i, k] = True


def dated_terms(terms: Sequence[str], qterms: Sequence[str]) -> set[str]:
    """The question's month names, years and days of a month that `terms` (a passage's or a
    line's, in order) write as a date in numbers: "October 2021" is in a row dated 2021-10-01
    or 10/1/21, "December 8" in one dated 2022-12-08, "July 2025" in a table's period "202507"
    or a heading's "2025-07" (months_written), as a reader would see it."""
    asked = _asked_dates(qterms)
    return set() if asked is None else {qterms[k] for k in _dated(terms, *asked)}


def _asked_dates(qterms: Sequence[str]):
    months = [(k, MONTHS[t]) for k, t in enumerate(qterms) if t in MONTHS]
    years = [(k, int(t)) for k, t in enumerate(qterms) if _YEAR.match(t)]
    # a day beside its month's name, either order: "December 8", "8 December"
    days = [(j, MONTHS[qterms[k]], int(qterms[j])) for k, _ in months for j in (k - 1, k + 1)
            if 0 <= j < len(qterms) and qterms[j].isdigit() and 1 <= int(qterms[j]) <= 31]
    return (months, years, days) if months or years else None


def _dated(terms: Sequence[str], months, years, days) -> list[int]:
    """The question columns (of _asked_dates) that `terms` hold as dates in numbers."""
    dated = {(int(d[:4]), int(d[5:7]), int(d[8:10])) for d in map(numeric_day, terms) if d}
    dated |= glued_days(terms)
    written = months_written(terms)
    if not dated and not written:
        return _day_first_held(terms, months, years, days)
    # a month written in figures is the question's with its year, where both are asked
    # ("201611" is no November 2025)
    asked = {y for _, y in years}
    out = [k for k, month in months if any(m == month for _, m, _ in dated)
           or any(m == month and (not asked or y in asked) for y, m, _ in written)]
    dated |= written
    out += [k for k, year in years if any(y == year for y, _, _ in dated)]
    out += [j for j, month, day in days if any(m == month and d == day for _, m, d in dated)]
    return sorted(set(out) | set(_day_first_held(terms, months, years, days)))


def _days_first(terms: Sequence[str]) -> bool:
    """The passage writes its dates in figures day first: one of them can be read no other
    way ("14/10/2015") and none only month first ("12/15/2015"). A US record's "3/4/2015" is
    March 4; read day first, it answered for April 3 (a review's made-up treasurer's register)."""
    firsts = [f for f in map(slashed, terms) if f]
    return any(a > 12 for a, _, _ in firsts) and not any(b > 12 for _, b, _ in firsts)


def _day_first_held(terms: Sequence[str], months, years, days) -> list[int]:
    """The question columns (of _asked_dates) of a whole day the question gives, its day, its
    month and its year, that `terms` write in figures day first (where _days_first), as most
    of the world writes a date ("PAYE paid on 1/7/2015", "31/7/2015" for "on 1 July 2015",
    "31 July 2015"). Never a month or a day without its year: "March 5" would meet the US
    "5/3/2021", May 3."""
    if not days or not years or not _days_first(terms):
        return []
    asked = {y for _, y in years}
    swapped = {(int(d[:4]), int(d[5:7]), int(d[8:10])) for d in map(day_first, terms) if d}
    out: list[int] = []
    for j, month, day in days:
        on = {y for y, m, d in swapped if m == month and d == day} & asked
        if on:
            out += [j] + [k for k, m in months if m == month] + [k for k, y in years if y in on]
    return out


# a month's name with its day run on, the space lost ("April20, 2021", "Dec.13, 2006": a
# PDF's text layer drops spaces); a day of the month only (1 to 31)
_GLUED_DAY = re.compile(rf"^({MONTH})\.?(\d{{1,2}})$")


def glued_days(terms: Sequence[str]) -> set[tuple[int | None, int, int]]:
    """(None, month, day) of each term writing a month's name and its day as one word
    ("april20", "dec.13"): the month and the day a reader sees, the year unsaid."""
    out: set[tuple[int | None, int, int]] = set()
    for t in terms:
        m = _GLUED_DAY.match(t)
        if m and 1 <= int(m[2]) <= 31:
            out.add((None, _MONTH_OF[m[1][:3]], int(m[2])))
    return out


# a month written in figures with its year and no day: a table's period code "202507", a
# heading's "2025-07", a column's "7/2025" (not "2011-12": a fiscal year's two years, year_month)
_YEAR_MONTH = re.compile(r"^((?:19|20)\d\d)-?(0[1-9]|1[0-2])$|^(0?[1-9]|1[0-2])/((?:19|20)\d\d)$")


def year_month(term: str) -> tuple[int | None, int | None]:
    """(year, month) of a month in figures without a day (_YEAR_MONTH), or (None, None)."""
    m = _YEAR_MONTH.match(term)
    if not m:
        return None, None
    year, month = (int(m[1]), int(m[2])) if m[1] else (int(m[4]), int(m[3]))
    return (None, None) if m[1] and month == (year + 1) % 100 else (year, month)


def months_written(terms: Sequence[str]) -> set[tuple[int, int, int]]:
    """(year, month, 0) of each month a passage writes in figures without a day: a table's
    period "202507", a heading's "2025-07", a column's "7/2025". Not a month's short form
    ("Jul 2025", "Oct 18th"): the quote reads those on a line (quote/lines._dated_months),
    but counted for a whole passage they gave a farm market's "Oct 18th" to a question on
    October 2025's cash and answered a blind set's question wrongly, gaining nothing on the
    read sets (docs/decisions.md, the sixteenth pass)."""
    out: set[tuple[int, int, int]] = set()
    for t in terms:
        if _YEAR_MONTH.match(t):
            year, month = year_month(t)
            if month:
                out.add((year, month, 0))
    return out


def forms_held(pool: Pool, qterms: Sequence[str], has: np.ndarray) -> None:
    """Mark in `has` (in place) a question term as held by a passage that writes it in
    another form a reader takes for the same (`other_forms`): a number of the same value
    ("25" and "25.00", "1500" and "1,500"), a fiscal year's two years written short or long
    ("2019-20", "2019-2020", "FY2019-20", "FY19-20"), a fiscal year by the year it ends in
    ("FY26", "FY2026" and 2026), a street's suffix spelt out or abbreviated as the U.S.
    Postal Service abbreviates it ("Mission Street" and "MISSION ST"), a unit of measure and
    its symbol ("sq ft" and "square feet": _UNITS), a state's name and its two-letter code
    ("Florida" and a row's "FL")."""
    wanted = [(k, other_forms(t)) for k, t in enumerate(qterms)]
    wanted = [(k, forms) for k, forms in wanted if forms]
    if not wanted:
        return
    for i, terms in enumerate(pool.terms):
        present = None
        for k, forms in wanted:
            if has[i, k]:
                continue
            if present is None:
                present = {_form_key(t) for t in terms}
            if forms & present:
                has[i, k] = True


def ranges_held(pool: Pool, qterms: Sequence[str], has: np.ndarray, kinds: tuple[str, ...] = ()) -> None:
    """Mark in `has` (in place) both ends of a range the question gives apart ("for 11 to 18
    units": 11 and 18) as held by a passage writing the range as one term ("Tier 2 11-18
    $3.02"). Both ends, never one: "11-18" says nothing of 11 units alone. Where the range
    stands on rows holding the asked kind (any figure, where none is asked), not where
    another such row's label (_row_label) names a word of the question the range's rows do
    not: that row is the asked thing's, the range another's ("Day Camp | 6-12 | ... $195"
    beside "Junior Tennis | 8-14 | ... $110" for the tennis fee for ages 6 to 12: a
    review's made-up fee table). A header's range ("Grade | Title | Steps 1-5 | ...") names
    its column for every row."""
    # (an hour the question gives as a time, "to 9 pm" made "9:00" by terms._times, is 9)
    numbers = {t[:-3] if t.endswith(":00") else t: k for k, t in enumerate(qterms)
               if t.isdigit() or (t.endswith(":00") and t[:-3].isdigit())}
    if len(numbers) < 2:
        return
    words = {t for t in qterms if not is_number(t)} - kind_words(kinds)
    asked = kinds or ("figure", "count")
    for i, terms in enumerate(pool.terms):
        ranges = {t for t in terms if range_asked(t, numbers)}
        if not ranges:
            continue
        texts = pool.rows[i].text.splitlines()
        lines = [set(content_terms(line)) for line in texts]
        mine = [k for k, ts in enumerate(lines) if ts & ranges]
        if all(holds(texts[k], asked, qterms) for k in mine):  # a row's range, not a header's
            said = set().union(*(lines[k] for k in mine))
            labels = set().union(*(set(content_terms(_row_label(line))) for k, line in enumerate(texts)
                                   if k not in mine and holds(line, asked, qterms)))
            if (labels & words) - said:
                continue
        for t in ranges:
            a, b = range_asked(t, numbers)
            has[i, numbers[a]] = has[i, numbers[b]] = True


def _row_label(line: str) -> str:
    """What a row is of: its first cell ("Junior Tennis | 8-14 | ..."), the words before a
    label's colon ("Tier A: 1-2500 square feet ..."), or the words before its first figure
    ("Tier 1 1-10 $2.23")."""
    if " | " in line:
        return line.split(" | ", 1)[0]
    head = line.split(":", 1)
    if len(head) == 2 and len(head[0]) <= 40:
        return head[0]
    return re.split(r"\d", line, maxsplit=1)[0]


def compounds_held(pool: Pool, qterms: Sequence[str], has: np.ndarray) -> None:
    """Mark in `has` (in place) a question's word as held by a passage writing it with a
    number joined on ("COVID" in "COVID-19 violations", "Form" in "Form-990"): one term in
    the passage, the word and its number, where the question names the word alone. In a
    heading, a sentence or the document's context, not in a table's row: a row's compound
    is that row's, and held for the passage it let its neighbours answer ("What COVID
    violation did Sunrise Bakery have?" by Sunrise Bakery's row, the COVID-19 one Blue
    Kettle's: a review's made-up inspection log)."""
    words = {t: k for k, t in enumerate(qterms) if t.isalpha() and len(t) >= 3}
    if not words:
        return
    for i, terms in enumerate(pool.terms):
        if not any((m := _COMPOUND_TERM.match(t)) and m[1] in words for t in terms):
            continue
        row = pool.rows[i]
        for line in (row.context + "\n" + row.text).splitlines():
            if _CELLS.search(line):
                continue  # a table's row: "Blue Kettle | ... | COVID-19" is that row's, not its neighbours'
            for t in content_terms(line):
                m = _COMPOUND_TERM.match(t)
                if m and m[1] in words:
                    has[i, words[m[1]]] = True


_COMPOUND_TERM = re.compile(r"^([a-z]{3,})-\d+[a-z]?$")


def measures_held(pool: Pool, qterms: Sequence[str], has: np.ndarray) -> None:
    """Mark in `has` (in place) a question's number joined to its unit or noun ("5/8-inch",
    "3-bedroom") as held by a passage holding the number and the word apart: a page writes
    5/8" (read "5/8 inch") or "3 bedroom" as often. Where the passage writes them joined it
    holds the term itself."""
    asked = {k: m for k, t in enumerate(qterms) if (m := _MEASURE_TERM.match(t))}
    if not asked:
        return
    for i, terms in enumerate(pool.terms):
        held = set(terms)
        for k, m in asked.items():
            if m[1] in held and stem(m[2]) in held:
                has[i, k] = True


_MEASURE_TERM = re.compile(r"^([\d/.,]+)-([a-z]+)$")  # "5/8-inch", "3-bedroom"


def roots_held(pool: Pool, qterms: Sequence[str], has: np.ndarray) -> None:
    """Mark in `has` (in place) a question's word as held by a passage saying its Latin-rooted
    noun or verb (terms.COVERAGE_ROOTS): "decision" for "when did the court decide",
    "response" for "how did the council respond". The quote reads them as one word
    (quote/lines._lemmas); so does a passage's coverage. Each word's few other forms are
    looked up in the pool's vocabulary, in a sorted order."""
    vocab = pool.counts.vocab
    for k, t in enumerate(qterms):
        forms = [w for w in sorted(root_forms(t)) if w in vocab]
        if forms:
            has[:, k] |= pool.has(forms).any(axis=1)


# a number and the word after it written as one term: "90-day", "30-days", "3-bedroom", and a
# slash's "2026/Program" ("Fiscal Year 2026/Program Year 2025")
_JOINED_NUMBER = re.compile(r"^((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?)[-/]([a-z]{2,})$")


def _parted(term: str) -> tuple[str, str] | None:
    """A joined number and word as the number's form key and the word's stem, or None."""
    m = _JOINED_NUMBER.match(term)
    return (_form_key(m[1]), stem(m[2])) if m else None


_SHORT_MONTH_YEAR = re.compile(r"^([a-z]{3,4})-((?:19|20)?\d\d)$")  # "apr-20", "sept-2019"


def short_months_held(pool: Pool, qterms: Sequence[str], has: np.ndarray) -> None:
    """Mark in `has` (in place) a question's month as held by a passage that abbreviates it
    beside a year, as a table's period is written ("Apr 2020", "Apr-20", "Sept. 2019" for
    "April 2020"). Beside a year only: "Winter = Nov-March" or "back Oct 18th" name a season's
    or another day's month, and a question's month is a period's (the cabinet's rate sheet and
    minutes: the abbreviation alone let those passages past the names check, and answer)."""
    asked = {k: n for k, t in enumerate(qterms) if (n := _month_number(t))}
    if not asked:
        return
    for i, terms in enumerate(pool.terms):
        dated = {_month_number(a) for a, b in zip(terms, terms[1:]) if _YEAR.match(b)} | {
            _month_number(m[1]) for t in terms if (m := _SHORT_MONTH_YEAR.match(t))}
        for k, month in asked.items():
            if month in dated:
                has[i, k] = True


def _month_number(term: str) -> int | None:
    """The month a term names, written out (as stemmed: MONTHS) or short ("apr", "sept":
    _MONTH_OF); None for any other term."""
    return MONTHS.get(term) or _MONTH_OF.get("sep" if term == "sept" else term)


def joined_held(pool: Pool, qterms: Sequence[str], has: np.ndarray) -> None:
    """Mark in `has` (in place) a question's number and the word after it as held where a
    passage writes the two the other way, joined or apart: the question's "90-day" by a
    passage's "90 day" or "90 days"; the question's "90 day" (or "FY2026"'s 2026) by a
    passage's "90-day" ("2026/Program"). The same number beside the same word, one term or
    two: a hyphen or a slash is no other figure. The word is held only with its number
    (joined_in, passage by passage)."""
    if not any(_parted(t) or is_number(t) for t in qterms):
        return
    at: dict[str, list[int]] = {}
    for k, t in enumerate(qterms):
        at.setdefault(t, []).append(k)
    read = joined_reader(qterms)  # the question read once, the passages one by one
    for i, terms in enumerate(pool.terms):
        for t in read(terms):
            has[i, at[t]] = True


def joined_in(qterms: Collection[str], said: Sequence[str], whole: bool = False) -> set[str]:
    """The question terms that terms `said` (a passage's or a line's) write joined where the
    question writes them apart, or apart where it joins them: the question's "31-day" by
    "31 Day"; the question's 31 and "day" by "31-day" (the number alone, with "FY2026"'s 2026
    by "2026/Program", unless `whole`: then only with its word, as a line speaks of the
    question by "3-bedroom" only where it asks of 3 bedrooms). The same number beside the
    same word."""
    return _reader_of(frozenset(qterms), whole)(said)


@lru_cache(maxsize=256)
def _reader_of(qterms: frozenset[str], whole: bool) -> Callable[[Sequence[str]], set[str]]:
    """joined_reader, kept per question: a line is read many times over (quote/lines.about)."""
    return joined_reader(qterms, whole)


def joined_reader(qterms: Collection[str], whole: bool = False) -> Callable[[Sequence[str]], set[str]]:
    """joined_in for one question, its terms read once: read(said) -> the terms held."""
    joined = [(t, p) for t in qterms if (p := _parted(t))]
    numbers: dict[str, list[str]] = {}
    for t in qterms:
        if is_number(t) and not _parted(t):
            for key in sorted(other_forms(t) | {_form_key(t)}):
                numbers.setdefault(key, []).append(t)
    words = {t for t in qterms if t.isalpha()}

    def read(said: Sequence[str]) -> set[str]:
        out = set()
        for t, (key, word) in joined:
            if any(b == word and _form_key(a) == key for a, b in zip(said, said[1:])):
                out.add(t)
        for t in said if numbers else ():
            part = _parted(t) if ("-" in t or "/" in t) else None
            if part is None or part[0] not in numbers or (whole and part[1] not in words):
                continue
            out.update(numbers[part[0]])
            if part[1] in words:
                out.add(part[1])
        return out

    return read


# street suffixes and their abbreviations (USPS Publication 28, appendix C1: the most common)
_STREET_FORMS = (("street", "st"), ("avenue", "ave"), ("boulevard", "blvd"), ("road", "rd"),
                 ("drive", "dr"), ("lane", "ln"), ("court", "ct"), ("place", "pl"),
                 ("parkway", "pkwy"), ("highway", "hwy"), ("circle", "cir"), ("terrace", "ter"),
                 ("suite", "ste"), ("building", "bldg"))
_STREET = {stem(a): stem(b) for a, b in _STREET_FORMS} | {stem(b): stem(a) for a, b in _STREET_FORMS}
# units of measure and their usual abbreviations (the U.S. customary units' symbols, NIST
# Handbook 44 appendix C), those no other common word writes: not "in" (a stop word), "mi"
# (Michigan), "min" (minimum), "mo" (Missouri)
UNIT_FORMS = (("square", "sq"), ("feet", "ft"), ("foot", "ft"), ("hour", "hr"), ("hours", "hrs"),
              ("year", "yr"), ("years", "yrs"), ("gallon", "gal"), ("pound", "lb"), ("pounds", "lbs"),
              ("ounce", "oz"), ("yard", "yd"), ("cubic", "cu"))


def _both_ways(pairs: Sequence[tuple[str, str]]) -> dict[str, frozenset[str]]:
    """Each word of `pairs` (as a stem) to the stems it pairs with, either way round."""
    out: dict[str, set[str]] = {}
    for a, b in pairs:
        out.setdefault(stem(a), set()).add(stem(b))
        out.setdefault(stem(b), set()).add(stem(a))
    return {t: frozenset(o) for t, o in out.items()}


_UNITS = _both_ways(UNIT_FORMS)
_THOUSANDS = re.compile(r"^(\d{1,3}(?:\.\d)?)k$")
# a verb's stem and its irregular past forms, each to the others (terms.IRREGULAR)
_VERB_FORMS = ({past: frozenset({verb}) for past, verb in IRREGULAR.items()}
               | {verb: frozenset(p for p, v in IRREGULAR.items() if v == verb) for verb in IRREGULAR.values()})
_PLAIN_NUMBER = re.compile(r"^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$")
_YEAR_SPAN = re.compile(r"^((?:19|20)\d\d)[-/–]((?:19|20)?\d\d)$")
_FY_SPAN = re.compile(r"^fy(\d\d)[-/–](\d\d)$")  # "fy22-23": a fiscal year's two years written short
_FY_ONE = re.compile(r"^fy((?:19|20)?\d\d)$")  # "fy26", "fy2026": a fiscal year named by the year it ends in


@lru_cache(maxsize=100_000)
def _form_key(term: str) -> str:
    """The one spelling of `term` that its other forms share: a number's value, a fiscal
    year's two full years, a fiscal year's one as a number ("fy26": 2026), an ordinal's place
    ("75th", "seventy-fifth": _ordinal); else the term itself."""
    thousands = _THOUSANDS.match(term)
    if thousands:  # "10k": ten thousand
        term = str(int(float(thousands.group(1)) * 1000))
    if _PLAIN_NUMBER.match(term):
        whole, _, frac = term.replace(",", "").partition(".")
        frac = frac.rstrip("0")
        return "#" + whole + ("." + frac if frac else "")
    span = _YEAR_SPAN.match(term[2:] if term.startswith("fy") else term)
    if span:
        start, end = span.group(1), span.group(2)
        end = start[:2] + end if len(end) == 2 else end
        if int(end) == int(start) + 1:  # a fiscal year's two years ("2021-08" is August)
            return f"fy{start}-{end}"
    short = _FY_SPAN.match(term)
    if short:
        return f"fy20{short.group(1)}-20{short.group(2)}"
    one = _FY_ONE.match(term)
    if one:  # "FY26" is fiscal 2026, as a question names it ("in fiscal 2026"); "FY98" 1998
        year = one.group(1)
        return "#" + (year if len(year) == 4 else ("19" if year >= "50" else "20") + year)
    place = _ordinal(term)
    if place:  # "75th" and "seventy-fifth" are one ordinal
        return f"#{place}th"
    return term


# an ordinal in figures ("75th", "1st") or in words, as stemmed ("seventi-fifth", "twentieth"):
# the two are one ordinal ("SEVENTY-FIFTH PRECINCT" for "the 75th Precinct")
_ORDINAL_FIGURE = re.compile(r"^(\d+)(?:st|nd|rd|th)$")
_ORDINAL_UNITS = dict(zip(content_terms("first second third fourth fifth sixth seventh eighth ninth"), range(1, 10)))
_ORDINAL_WORDS = _ORDINAL_UNITS | dict(zip(content_terms(
    "tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth "
    "twentieth thirtieth fortieth fiftieth sixtieth seventieth eightieth ninetieth"),
    (*range(10, 20), 20, 30, 40, 50, 60, 70, 80, 90)))
_TENS = dict(zip(content_terms("twenty thirty forty fifty sixty seventy eighty ninety"), range(20, 100, 10)))
# "first" and "second" alone are read as no place: minutes say "second by Councilmember
# Brooks" (the motion's seconder) and "on first reading" far more often than the 2nd District
# (a review's made-up minutes: "second" answered "who represents the 2nd District?")
_ORDINAL_VERBS = frozenset(content_terms("first second"))


def _ordinal(term: str) -> int | None:
    """The place an ordinal term names, in figures or in words, or None."""
    figure = _ORDINAL_FIGURE.match(term)
    if figure:
        return int(figure.group(1))
    if term in _ORDINAL_WORDS and term not in _ORDINAL_VERBS:
        return _ORDINAL_WORDS[term]
    tens, _, unit = term.partition("-")
    if tens in _TENS and unit in _ORDINAL_UNITS:  # "seventi-fifth": 75
        return _TENS[tens] + _ORDINAL_UNITS[unit]
    return None


def held_in_other_forms(qterms: Collection[str], said: Collection[str]) -> set[str]:
    """The question terms that terms `said` (a line's) write in another form (other_forms:
    "25.00" for 25, "FY26" for 2026, "SEVENTY-FIFTH" for 75th), as forms_held reads a
    passage's."""
    wanted = [(t, f) for t in qterms if (f := other_forms(t))]
    if not wanted:
        return set()
    keys = {_form_key(t) for t in said}
    return {t for t, f in wanted if f & keys}


@lru_cache(maxsize=100_000)
def other_forms(term: str) -> frozenset[str]:
    """The form keys (_form_key) a passage's terms may show for question term `term`, when it
    has other forms; else empty."""
    key = _form_key(term)
    if key != term:
        return frozenset({key})
    if term in _STREET:
        return frozenset({_STREET[term]})
    if term in _UNITS:  # "sq ft" is held by "square feet", and "per hour" by "/hr"
        return _UNITS[term]
    if term in _VERB_FORMS:  # "hold" is held by a passage saying "held", and "met" by "meet"
        return _VERB_FORMS[term]
    return _CODES_OF.get(term, frozenset())


# a month's name as a term (the stemmer's form) -> its number ("may" is the month's term
# only: the verb is a stop word, terms.MAY_MONTH)
MONTHS = {stem(m): n for n, m in enumerate(
    "january february march april may june july august september october november december".split(), 1)}
_YEAR = re.compile(r"^(?:19|20)\d\d$")


def dated_as_asked(terms: Collection[str], qterms: Collection[str]) -> bool:
    """Some term is a date in numbers of a month the question names (and of a year it names,
    when it names years): a row's "2021-11-01" for "... effective November 1, 2021", its
    period "202507" for "July 2025"."""
    months = {MONTHS[q] for q in qterms if q in MONTHS}
    if not months:
        return False
    years = {int(q) for q in qterms if _YEAR.match(q)}
    for t in terms:
        year, month = _date_of(t)
        if month is None:
            year, month = year_month(t)  # "202507", "2025-07", "7/2025"
        if month in months and (not years or year in years):
            return True
    return False


def _date_of(term: str) -> tuple[int | None, int | None]:
    """(year, month) of a date written in numbers (readers/dating.numeric_day), or (None, None)."""
    day = numeric_day(term)
    return (int(day[:4]), int(day[5:7])) if day else (None, None)


def score(q, pulled, cfg: Config, clock: Clock, path_of: Callable[[int], str],
          context_of: Callable[[int], str] = lambda doc: "",
          opening_of: Callable[[int], str] = lambda doc: "") -> Ranked:
    """The pulled pool ranked for a query (a question.Query, a pull.Pulled): the vector arm
    reads the stored vectors the pull gave with the question's vector (the pull embeds the
    question only when every passage has one: pull.py). `path_of`: a document rowid's path."""
    return rank_pool(pulled.pool, q.terms, q.required, cfg, arms=q.arms, fusion=q.fusion,
                     qvec=pulled.qvec, vectors=pulled.vectors, hyde=q.hyde is not None,
                     path_of=path_of, lap=clock.lap, kinds=q.kinds, joined=q.joined,
                     initials=q.initials, context_of=context_of, names=q.names,
                     acronyms=q.acronyms if cfg.spelled_initials else None,
                     doc_dates=q.doc_dates if cfg.document_dates else (),
                     doc_names=q.doc_names if cfg.document_names else (), opening_of=opening_of)
