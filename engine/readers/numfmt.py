"""Spreadsheet number display: a cell value and its number format in, the text shown out.

`display(value, number_format)` covers General (no float artefacts: 15 significant digits),
fixed decimals, thousands separators, currency ("$", [$$-409], [$€-407]), percentages,
scientific notation, sections for negatives and zero (parentheses or '-'), booleans, and
dates and times, always written as ISO (2024-07-01, 2024-07-01 13:30, 13:30, 2024-07).
Formats it does not understand (conditions, fractions, digits split by literals) fall
back to General; it never raises on a strange format.
"""
from __future__ import annotations

import datetime as dt
import math
import re
from decimal import ROUND_HALF_UP, Context, Decimal

_EPOCH = dt.datetime(1899, 12, 30)  # Excel's 1900 date system, past its 1900-02-29 bug
_PLACEHOLDERS = "0#?"
_WIDE = Context(prec=400, rounding=ROUND_HALF_UP)  # room for every digit of any double
_COLOR = re.compile(r"(black|blue|cyan|green|magenta|red|white|yellow|color\d+)\Z", re.I)
_ELAPSED = re.compile(r"(h+|m+|s+)\Z", re.I)
_SECTION = re.compile(r'(?:"[^"]*"?|\[[^\]]*\]?|\\.?|[^;"\[\\])*', re.S)
_TOKEN = re.compile(r'"(?P<q>[^"]*)"?|\\(?P<esc>.?)|[_*].?|\[(?P<br>[^\]]*)\]|(?P<ch>.)', re.S)


class _Unsupported(Exception):
    """The format uses something this module does not render; show General instead."""


def general(value: float | int) -> str:
    """Excel's General: integers as written, other numbers to 15 significant digits."""
    if isinstance(value, int):
        return str(value)
    value = float(value)
    if not math.isfinite(value):
        return str(value)
    if value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    s = format(value, ".15g")
    if "e" in s:  # 1e-05 -> 1E-05, as Excel writes it
        mantissa, exp = s.split("e")
        s = f"{mantissa}E{exp[0]}{exp[1:].zfill(2)}"
    return s


def display(value: object, number_format: str | None = "General") -> str:
    """The text a spreadsheet shows for `value` under `number_format`."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, str):
        return value
    fmt = number_format or "General"
    if isinstance(value, (dt.datetime, dt.date, dt.time, dt.timedelta)):
        return _temporal(value, _tokens(_sections(fmt)[0]))
    if not isinstance(value, (int, float, Decimal)):
        return str(value)
    if isinstance(value, float) and not math.isfinite(value):
        return general(value)
    try:
        return _number(value, fmt)
    except (_Unsupported, ArithmeticError):  # ArithmeticError: beyond Decimal's precision
        return general(value)


def _sections(fmt: str) -> list[str]:
    """Split on ';' outside quotes, brackets and escapes."""
    out, pos = [], 0
    while True:
        m = _SECTION.match(fmt, pos)
        out.append(m.group())
        if m.end() >= len(fmt):
            return out
        pos = m.end() + 1


def _tokens(section: str) -> list[tuple[str, str]]:
    """("lit", text) for quoted or escaped text, ("br", inner) for [..], ("ch", c) else.

    `_x` (pad to the width of x) and `*x` (fill with x) have no text of their own."""
    out = []
    for m in _TOKEN.finditer(section):
        if m["br"] is not None:
            out.append(("br", m["br"]))
        elif m["ch"] is not None:
            out.append(("ch", m["ch"]))
        elif m["q"] is not None or m["esc"] is not None:
            out.append(("lit", m["q"] if m["q"] is not None else m["esc"]))
    return out


def _clock(tokens: list[tuple[str, str]]) -> tuple[bool, bool, bool, bool, bool] | None:
    """(date, month-without-day, time, seconds, elapsed) when the tokens form a date/time."""
    chars = "".join(t for kind, t in tokens if kind == "ch").lower()
    elapsed = [t.lower() for kind, t in tokens if kind == "br" and _ELAPSED.match(t)]
    letters = set(chars.replace("am/pm", "h").replace("a/p", "h")) & set("ymdhs")
    letters |= {e[0] for e in elapsed}
    if not letters or "general" in chars:
        return None
    time = bool(letters & {"h", "s"}) or bool(elapsed)
    date = bool(letters & {"y", "d"}) or ("m" in letters and not time)
    return (date, date and "d" not in letters and "y" in letters, time, "s" in letters,
            bool(elapsed))


def _temporal(value: object, tokens: list[tuple[str, str]]) -> str:
    shape = _clock(tokens)
    if isinstance(value, dt.timedelta):
        seconds = round(value.total_seconds())
        sign, seconds = ("-" if seconds < 0 else ""), abs(seconds)
        hours, rest = divmod(seconds, 3600)
        text = f"{sign}{hours}:{rest // 60:02d}"
        return text + f":{rest % 60:02d}" if (shape and shape[3]) or rest % 60 else text
    if isinstance(value, dt.time):
        value = dt.datetime.combine(dt.date(1899, 12, 30), value)
    elif not isinstance(value, dt.datetime):  # a plain date
        return value.isoformat()
    value = (value + dt.timedelta(microseconds=500_000)).replace(microsecond=0)
    if shape is None:  # a date under General: show what it holds
        has_seconds = value.second != 0
        shape = (True, False, value.time() != dt.time(0), has_seconds, False)
    date, month_only, time, seconds, _ = shape
    parts = []
    if date:
        parts.append(f"{value:%Y-%m}" if month_only else f"{value:%Y-%m-%d}")
    if time or not date:
        parts.append(f"{value:%H:%M:%S}" if seconds else f"{value:%H:%M}")
    return " ".join(parts)


def _number(value: int | float | Decimal, fmt: str) -> str:
    sections = _sections(fmt)
    signed = len(sections) == 1
    section = sections[0]
    if value < 0 and len(sections) > 1:
        section = sections[1]  # the negative section writes its own sign or parentheses
    elif value == 0 and len(sections) > 2:
        section = sections[2]
    tokens = _tokens(section)
    if ("ch", "[") in tokens or any(kind == "br" and t[:1] in "<>=" for kind, t in tokens):
        raise _Unsupported  # an unclosed bracket, or a conditional section
    shape = _clock(tokens)
    if shape is not None:  # a serial number under a date format; Excel's 1900 system
        if shape[4]:
            return _temporal(dt.timedelta(days=float(value)), tokens)
        if value < 0:
            raise _Unsupported
        return _temporal(_EPOCH + dt.timedelta(days=float(value) + (value < 60)), tokens)
    chars = "".join(t for kind, t in tokens if kind == "ch")
    if chars.strip().lower() == "general":
        return general(value if signed else abs(value))
    if "@" in chars or "/" in chars:
        raise _Unsupported  # a text section used for a number, or a fraction
    if not section:
        return ""  # an empty section hides the value
    body = _render(tokens, abs(Decimal(format(value, ".15g") if isinstance(value, float)
                                       else value)))
    return ("-" if value < 0 and signed else "") + body


def _render(tokens: list[tuple[str, str]], x: Decimal) -> str:
    """Lay a non-negative number out over the section's literals and one digit pattern."""
    parts: list[tuple[str, str]] = []  # ("lit", text) | ("num", pattern) | ("exp", sign+pat)
    i = 0
    while i < len(tokens):
        kind, t = tokens[i]
        if kind == "br":
            if t.startswith("$"):
                parts.append(("lit", t[1:].split("-")[0]))
            elif not _COLOR.match(t):
                raise _Unsupported
        elif kind == "ch" and t in "Ee" and i + 1 < len(tokens) and tokens[i + 1] in (
                ("ch", "+"), ("ch", "-")):
            j = i + 2
            while j < len(tokens) and tokens[j][0] == "ch" and tokens[j][1] in _PLACEHOLDERS:
                j += 1
            parts.append(("exp", tokens[i + 1][1] + "".join(tok for _, tok in tokens[i + 2:j])))
            i = j
            continue
        elif kind == "ch" and t in _PLACEHOLDERS + ".,":
            j = i
            while j < len(tokens) and tokens[j][0] == "ch" and tokens[j][1] in _PLACEHOLDERS + ".,":
                j += 1
            run = "".join(tok for _, tok in tokens[i:j])
            parts.append(("num" if any(c in run for c in _PLACEHOLDERS) else "lit", run))
            i = j
            continue
        else:
            parts.append(("lit", t))
        i += 1
    nums = [p for p in parts if p[0] == "num"]
    if len(nums) > 1:
        raise _Unsupported  # digits split by literals (000-00-0000): leave it to General
    if not nums:
        return "".join(t for kind, t in parts if kind == "lit")
    percent = tokens.count(("ch", "%"))  # a quoted "%" is only text
    x = x * Decimal(100) ** percent
    exp = next((t for kind, t in parts if kind == "exp"), None)
    out = []
    for kind, t in parts:
        if kind == "lit":
            out.append(t)
        elif kind == "num":
            out.append(_scientific(x, t, exp) if exp is not None else _digits(x, t))
    return "".join(out)


def _digits(x: Decimal, pattern: str) -> str:
    trimmed = pattern.rstrip(",")  # each trailing comma divides by a thousand
    x = x / Decimal(1000) ** (len(pattern) - len(trimmed))
    int_pat, _, frac_pat = trimmed.partition(".")
    places = sum(c in _PLACEHOLDERS for c in frac_pat)
    min_places = frac_pat.rfind("0") + 1
    q = x.quantize(Decimal(1).scaleb(-places), context=_WIDE)
    whole, _, frac = f"{q:f}".partition(".")
    while len(frac) > min_places and frac.endswith("0"):
        frac = frac[:-1]
    min_whole = int_pat.count("0")
    if whole == "0" and min_whole == 0:
        whole = ""
    whole = whole.zfill(min_whole)
    if "," in int_pat and whole:
        head = len(whole) % 3 or 3
        whole = ",".join([whole[:head]] + [whole[k:k + 3] for k in range(head, len(whole), 3)])
    return whole + ("." + frac if "." in pattern else "")


def _scientific(x: Decimal, pattern: str, exp: str) -> str:
    places = sum(c in _PLACEHOLDERS for c in pattern.partition(".")[2])
    mantissa, _, power = f"{x:.{places}E}".partition("E")
    n = int(power) if x else 0  # Decimal writes zero as 0.00E+2
    sign = "-" if n < 0 else ("+" if exp[0] == "+" else "")
    width = max(1, sum(c in _PLACEHOLDERS for c in exp[1:]))
    return f"{mantissa}E{sign}{str(abs(n)).zfill(width)}"
