"""Dating: a document's lines and path in, its date of effect with the evidence out.

A filing cabinet keeps old and new versions side by side; to say which is in force, each
document gets the date it takes effect, from the first rule that finds one (docs/versions.md):

1. among its first 40 lines, one saying when it takes effect: "Effective …", "Adopted …",
   "Passed …", "Approved …", "Enacted …", "Revised …", "Issued …" followed by a date;
2. a date among the document's first 12 lines (a meeting's minutes, an agenda, a letter);
3. further down, the latest line saying when it took effect ("ADOPTED … this 8th day of
   April, 2024"; an amendment's date over the original's);
4. a fiscal or calendar year among its first lines ("FY2024", "Fiscal Year 2023-24",
   "2023 Annual Report"; of several years on one line, the latest);
5. a date, a month or a year in its file name ("…_2024-03-11.pdf", "…_2021-08_to_2021-11",
   "…_fy2025.csv"), a range read as its first and last day.

Before them all, a spreadsheet whose sheet is named for a range of days ("…_210801-211130")
is dated by it. Page furniture (a print stamp) and a table's rows (its data) never date a
document. A date is a span of days (`Dated.start`, `Dated.end`, ISO strings): a day is itself, a
month or a year all of its days, a fiscal year its calendar year (FY2024: 2024; "2023-24":
from 2023 through 2024). The evidence says which line (its locator and text) or "file name".
No date found: None. Deterministic: the rules read the lines in order and take the first.
"""
from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from typing import Sequence

from ..types import Line

FIRST_LINES = 12  # a document's first lines, where its own date stands
EFFECT_LINES = 40  # the lines near the top where "Effective …" is the document's own date
_MONTHS = {m.lower(): n for n, m in enumerate(calendar.month_name) if m}
_MONTHS.update({m.lower(): n for n, m in enumerate(calendar.month_abbr) if m})
_MONTHS["sept"] = 9
_MON = r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
_YEAR = r"(?:19|20)\d\d"
# one date, the forms documents print: March 17, 2010 / 17 March 2010 / 2010-03-17 / 3/17/2010 / 3/17/10
_DATE = re.compile(
    rf"\b(?P<mon>{_MON})\s+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?,?\s+(?P<year>{_YEAR})\b"
    rf"|\b(?P<day2>\d{{1,2}})\s+(?P<mon2>{_MON}),?\s+(?P<year2>{_YEAR})\b"
    rf"|\b(?P<iy>{_YEAR})-(?P<im>\d\d)-(?P<id>\d\d)\b"
    rf"|\b(?P<um>\d{{1,2}})/(?P<ud>\d{{1,2}})/(?P<uy>{_YEAR}|\d\d)\b"
    rf"|\b(?:this\s+)?(?P<day3>\d{{1,2}})(?:st|nd|rd|th)?\s+day\s+of\s+(?P<mon3>{_MON}),?\s+(?P<year3>{_YEAR})\b", re.I)
_MONTH_YEAR = re.compile(rf"\b(?P<mon>{_MON})\s+(?P<year>{_YEAR})\b", re.I)


def day_years(text: str) -> tuple[set[str], str]:
    """The years `text` writes inside a day's date (_DATE: "April 8, 2022", "2022-04-08"),
    and the text with those dates blanked."""
    years = {m["year"] or m["year2"] or m["iy"] or m["uy"] or m["year3"] for m in _DATE.finditer(text)}
    return {y for y in years if len(y) == 4}, _DATE.sub(" ", text)
_EFFECT = re.compile(r"\b(?:effective|adopted|passed|approved|enacted|revised|amended|issued|in effect)\b"
                     r"(?:\s+(?:on|date|as of|from|since|beginning))?\s*:?\s*", re.I)
_FISCAL = re.compile(rf"\b(?:fy|fiscal year)\s?(?P<a>{_YEAR}|\d\d)(?:\s?[-–/]\s?(?P<b>{_YEAR}|\d\d))?\b", re.I)
_CAL_YEAR = re.compile(rf"(?<![\d/-])\b(?P<y>{_YEAR})\b(?![\d/-])")
# in a file name: 2024-03-11, 2021-08, 2021-08_to_2021-11, 2020-2021, fy2025, 2018
_NAME_DAY = re.compile(rf"(?P<y>{_YEAR})-(?P<m>\d\d)-(?P<d>\d\d)")
_NAME_MONTH = re.compile(rf"(?P<y>{_YEAR})-(?P<m>\d\d)(?!\d)")
_NAME_YEAR = re.compile(rf"(?<!\d)(?P<y>{_YEAR})(?!\d)")
_YYMMDD = re.compile(r"(?<!\d)(?P<a>\d{6})-(?P<b>\d{6})(?!\d)")
_PAGE = re.compile(r"^p\d+$")


@dataclass(frozen=True)
class Dated:
    """A document's date of effect: the span of days it names, and where it was read."""

    start: str  # ISO date, first day
    end: str  # ISO date, last day
    evidence: str  # "p1:L5 Effective October 1, 2018" or "file name"

    @property
    def shown(self) -> str:
        """The date as a person reads it: "2018-10-01", "2021-08 to 2021-11", "2024"."""
        if self.start == self.end:
            return self.start
        if self.start[5:] == "01-01" and self.end[5:] == "12-31":
            a, b = self.start[:4], self.end[:4]
            return a if a == b else f"{a} to {b}"
        if self.start[8:] == "01" and self.end == _last_day(int(self.end[:4]), int(self.end[5:7])):
            a, b = self.start[:7], self.end[:7]
            return a if a == b else f"{a} to {b}"
        return f"{self.start} to {self.end}"

    def covers(self, year: int) -> bool:
        return int(self.start[:4]) <= year <= int(self.end[:4])

    def to_dict(self) -> dict:
        return {"value": self.shown, "start": self.start, "end": self.end, "evidence": self.evidence}


def _last_day(year: int, month: int) -> str:
    return f"{year:04d}-{month:02d}-{calendar.monthrange(year, month)[1]:02d}"


def _day(year: int, month: int, day: int) -> str | None:
    if not (1 <= month <= 12) or not (1 <= day <= calendar.monthrange(year, month)[1]):
        return None
    return f"{year:04d}-{month:02d}-{day:02d}"


def _year(text: str) -> int:
    y = int(text)
    return y + 2000 if y < 100 else y


def parse_date(m: re.Match) -> str | None:
    """The ISO day of a _DATE match (None for an impossible one)."""
    g = m.groupdict()
    if g["mon"]:
        return _day(int(g["year"]), _MONTHS[g["mon"].lower().rstrip(".")], int(g["day"]))
    if g["mon2"]:
        return _day(int(g["year2"]), _MONTHS[g["mon2"].lower().rstrip(".")], int(g["day2"]))
    if g["mon3"]:
        return _day(int(g["year3"]), _MONTHS[g["mon3"].lower().rstrip(".")], int(g["day3"]))
    if g["iy"]:
        return _day(int(g["iy"]), int(g["im"]), int(g["id"]))
    return _day(_year(g["uy"]), int(g["um"]), int(g["ud"]))


def numeric_day(term: str) -> str | None:
    """The ISO day of a term that is a date written in numbers (2021-10-01, 10/1/2021,
    3/17/10), or None."""
    m = _DATE.fullmatch(term)
    return parse_date(m) if m is not None and (m["iy"] or m["um"]) else None


_SLASHED = re.compile(r"(\d{1,2})/(\d{1,2})/(\d\d|\d{4})")


def slashed(term: str) -> tuple[int, int, str] | None:
    """A term that is a date in figures with slashes, as its two first fields and its year as
    written ("14/10/2015": (14, 10, "2015")), whichever field is the day; or None."""
    m = _SLASHED.fullmatch(term)
    return (int(m[1]), int(m[2]), m[3]) if m else None


def day_first(term: str) -> str | None:
    """The ISO day of a term that is a date in figures read day first, as most of the world
    writes one ("1/7/2015": 1 July 2015; numeric_day reads it month first, 7 January), or
    None where that reading is no day (a four-digit year is 19xx or 20xx)."""
    fields = slashed(term)
    if fields is None or (len(fields[2]) == 4 and fields[2][:2] not in ("19", "20")):
        return None
    return _day(_year(fields[2]), fields[1], fields[0])


def _first_date(text: str) -> str | None:
    for m in _DATE.finditer(text):
        day = parse_date(m)
        if day:
            return day
    return None


def _years(a: int, b: int, evidence: str) -> Dated:
    return Dated(f"{a:04d}-01-01", f"{max(a, b):04d}-12-31", evidence)


def _from_name(path: str) -> Dated | None:
    name = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    days = [m for m in _NAME_DAY.finditer(name) if _day(int(m["y"]), int(m["m"]), int(m["d"]))]
    if days:
        first, last = days[0], days[-1]
        return Dated(_day(int(first["y"]), int(first["m"]), int(first["d"])),
                     _day(int(last["y"]), int(last["m"]), int(last["d"])), "file name")
    months = [m for m in _NAME_MONTH.finditer(name) if 1 <= int(m["m"]) <= 12]
    if months:
        a, b = months[0], months[-1]
        return Dated(f"{a['y']}-{a['m']}-01", _last_day(int(b["y"]), int(b["m"])), "file name")
    fiscal = _FISCAL.search(name.replace("_", " "))
    if fiscal:
        a = _year(fiscal["a"])
        return _years(a, _year(fiscal["b"]) if fiscal["b"] else a, "file name")
    years = [int(m["y"]) for m in _NAME_YEAR.finditer(name)]
    if years:
        return _years(years[0], years[-1], "file name")
    return None


def _effect(ln: Line) -> Dated | None:
    """The date a line says the document takes effect, or None."""
    for m in _EFFECT.finditer(ln.text):
        d = _DATE.search(ln.text, m.end(), m.end() + 60)
        day = parse_date(d) if d else None
        where = _where(ln)
        if day:
            return Dated(day, day, where)
        my = _MONTH_YEAR.match(ln.text, m.end())
        if my:
            month, year = _MONTHS[my["mon"].lower().rstrip(".")], int(my["year"])
            return Dated(f"{year:04d}-{month:02d}-01", _last_day(year, month), where)
    return None


def _where(ln: Line) -> str:
    return f"{ln.locator} {' '.join(ln.text.split())}"


def _year_of_line(ln: Line) -> Dated | None:
    """A fiscal year on the line, else its latest calendar year ("2020 2021 2022": 2022)."""
    fiscal = _FISCAL.search(ln.text)
    if fiscal:
        a = _year(fiscal["a"])
        return _years(a, _year(fiscal["b"]) if fiscal["b"] else a, _where(ln))
    years = [int(y["y"]) for y in _CAL_YEAR.finditer(ln.text)]
    return _years(max(years), max(years), _where(ln)) if years else None


def _sheet_range(lines: Sequence[Line]) -> Dated | None:
    """A date range a sheet's name gives ("Industrial_B-20_210801-211130": yymmdd-yymmdd)."""
    for region in dict.fromkeys(ln.region for ln in lines if ln.region and not _PAGE.match(ln.region)):
        m = _YYMMDD.search(region)
        if m:
            a = _day(2000 + int(m["a"][:2]), int(m["a"][2:4]), int(m["a"][4:]))
            b = _day(2000 + int(m["b"][:2]), int(m["b"][2:4]), int(m["b"][4:]))
            if a and b and a <= b:
                return Dated(a, b, f"sheet {region}")
    return None


_TABLE_LOCATOR = re.compile(r"^row \d|.+![A-Z]+\d")  # a CSV's row, a sheet's cell


def date_of(lines: Sequence[Line], path: str) -> Dated | None:
    """The document's date of effect (see the module's docstring), or None."""
    # page furniture (a print stamp's date) and a table's rows (its data) do not date it; a
    # table's title rows do ("Rates effective July 1, 2024" over the header: csv_reader.mark_header)
    body = [ln for ln in lines if not ln.header and (not ln.furniture or _TABLE_LOCATOR.match(ln.locator))
            and " | " not in ln.text]
    sheet = _sheet_range(lines)
    if sheet:
        return sheet
    for ln in body[:EFFECT_LINES]:  # 1. near the top, a line saying when it takes effect
        got = _effect(ln)
        if got:
            return got
    first = body[:FIRST_LINES]
    for ln in first:  # 2. a date among the first lines (minutes, an agenda, a letter)
        day = _first_date(ln.text)
        if day:
            return Dated(day, day, _where(ln))
    # 3. further down, the latest of the lines saying when it took effect (an amendment's)
    later = [got for got in map(_effect, body[EFFECT_LINES:]) if got]
    if later:
        return max(later, key=lambda d: (d.start, d.end))
    for ln in first:  # 4. a fiscal or calendar year among the first lines
        got = _year_of_line(ln)
        if got:
            return got
    return _from_name(path)  # 5. the file name
