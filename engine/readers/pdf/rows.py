"""Rows and geometry. A pypdf page in; out, its text with the lines that share a baseline (a
table drawn column by column, a line broken in two) joined into one row, left to right. Refuses
to join columns of prose side by side; when joining fails, pypdf's plain text is kept."""
from __future__ import annotations

import math
from bisect import bisect_left
from dataclasses import dataclass

# Rows (docs/decisions.md, "PDF table rows"). Distances are in ems of the line's font size.
SAME_BASELINE = 0.2         # baselines this close are one row
FLOW_STEP = (0.5, 2.5)      # the next line of a text column is this far below the last ...
FLOW_INDENT = 3.0           # ... and starts within this distance of it, left or right
EM_PER_CHAR = 0.5           # pypdf says where text starts, not where it ends: widths are guessed
CELL_GAP = 1.5              # a gap at least this wide (guessed) parts two cells
CELL_SEPARATOR = "  "       # what stands between two cells of a joined row
_SENTENCE_END = tuple(".:;!?")


# ---------------------------------------------------------------- where text starts

@dataclass(frozen=True, slots=True)
class At:
    """Where a line's first visible text starts, in the frame of its writing direction: x
    along the line and baseline y (points, y growing up the text), the font size as drawn,
    and the frame: the coordinate space (0 the page; n the nth form XObject drawn, whose text
    pypdf reports in the form's own coordinates) and the direction (0, 90, 180 or 270
    degrees; a landscape page drawn on a portrait one writes at 90)."""

    x: float
    y: float
    size: float
    space: int = 0
    turn: int = 0


_TURNS = {(1, 0): 0, (0, 1): 90, (-1, 0): 180, (0, -1): 270}


def _at(cm, tm, font_size, space: int) -> At | None:
    """Text matrix times CTM, for text written along an axis (slanted or mirrored text
    gives None; italic shear is fine)."""
    try:
        a, b = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3]
        c, d = tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
        e = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
        f = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
        scale = math.hypot(a, b)
        ux, uy = round(a / scale, 3), round(b / scale, 3)  # writing direction
        size = float(font_size) * (d * ux - c * uy)           # height across it
    except (TypeError, ValueError, IndexError, ZeroDivisionError, OverflowError):
        return None
    turn = _TURNS.get((ux, uy))
    x, y = e * ux + f * uy, f * ux - e * uy
    if turn is None or not (size > 0 and all(map(math.isfinite, (x, y, size)))):
        return None
    return At(x, y, size, space, turn)


class _Recorder:
    """pypdf visitor callbacks: the extracted text in pieces, each with where it starts."""

    def __init__(self) -> None:
        self.pieces: list[tuple[str, At | None]] = []
        self._spaces = [0]       # coordinate space of the form being drawn, innermost last
        self._entering = False   # a `Do` was seen and its content has not started yet
        self._forms = 0

    def before(self, op, operands, cm, tm) -> None:
        if self._entering:  # first operator inside a form: what follows is in its space
            self._forms += 1
            self._spaces.append(self._forms)
        self._entering = op == b"Do"

    def after(self, op, operands, cm, tm) -> None:
        if op == b"Do":
            if self._entering:  # an image, or a form with no content
                self._entering = False
            elif len(self._spaces) > 1:
                self._spaces.pop()

    def text(self, text, cm, tm, font, font_size) -> None:
        if text:
            where = _at(cm, tm, font_size, self._spaces[-1]) if text.strip() else None
            self.pieces.append((text, where))

    def lines(self, text: str) -> tuple[list[str], list[At | None]]:
        """`text` split at "\\n", each line with where its first visible piece starts (None
        when that piece starts inside another line)."""
        if "".join(t for t, _ in self.pieces) != text:
            raise ValueError("visited text differs from the extracted text")
        lines: list[str] = []
        at: list[At | None] = []
        parts: list[str] = []
        where: At | None = None
        seen = False  # the current line has visible text already
        for piece, piece_at in self.pieces:
            for k, part in enumerate(piece.split("\n")):
                if k:
                    lines.append("".join(parts))
                    at.append(where)
                    parts, where, seen = [], None, False
                parts.append(part)
                if not seen and part.strip():
                    seen, where = True, piece_at if k == 0 else None
        lines.append("".join(parts))
        at.append(where)
        return lines, at


# ---------------------------------------------------------------- rows

def _prose(text: str) -> bool:
    """Running text: four words or more, at least half of them starting in lower case."""
    words = text.split()
    return len(words) >= 4 and 2 * sum(w[0].islower() for w in words) >= len(words)


def _flows(lines: list[str], at: list[At | None],
           order: list[int]) -> tuple[dict[int, int], set[int], set[int]]:
    """Group the lines into flows (drawn one under the other: a column of text, or of
    cells) and mark the prose ones. Returns (flow of each line, lines that read as prose,
    lines that continue the line above mid-sentence)."""
    runs: list[list[int]] = []
    for i in order:
        here = at[i]
        above = at[runs[-1][-1]] if runs else None
        if here and above and (here.space, here.turn) == (above.space, above.turn):
            em = min(above.size, here.size)
            if (FLOW_STEP[0] * em <= above.y - here.y <= FLOW_STEP[1] * em
                    and abs(here.x - above.x) <= FLOW_INDENT * em):
                runs[-1].append(i)
                continue
        runs.append([i])
    flow: dict[int, int] = {}
    prose: set[int] = set()
    continued: set[int] = set()
    for n, run in enumerate(runs):
        flow.update(dict.fromkeys(run, n))
        proper = {i for i in run if _prose(lines[i])}
        # a prose flow (a column of text) counts as prose all through, short lines too
        prose.update(run if len(proper) >= 2 and 3 * len(proper) >= len(run) else proper)
        for up, i in zip(run, run[1:]):
            last, first = lines[up].rstrip(), lines[i].lstrip()
            if ((up in proper or i in proper) and not last.endswith(_SENTENCE_END)
                    and (first[:1].islower() or last.endswith("-"))):
                continued.add(i)
    return flow, prose, continued


def _join(part: list[int], lines: list[str], at: list[At | None],
          rank: dict[int, int]) -> str | None:
    """One row from the lines in `part`, left to right; None when they overlap (text drawn
    over text, or right to left)."""
    part = sorted(part, key=lambda i: (at[i].x, i))  # ties on x: drawing order decides
    row = lines[part[0]]
    for left, right in zip(part, part[1:]):
        a, b = at[left], at[right]
        width = EM_PER_CHAR * a.size * len(lines[left].strip())
        if b.x < a.x + width / 2:
            return None
        if (b.x - a.x - width) / a.size >= CELL_GAP:
            row = row.rstrip() + CELL_SEPARATOR + lines[right].lstrip()
        elif rank[right] == rank[left] + 1:  # a line pypdf broke in two: as drawn
            row += lines[right]
        else:
            row = row.rstrip() + " " + lines[right].lstrip()
    return row


def _baselines(order: list[int], at: list[At | None]) -> list[list[int]]:
    """The lines of `order` that share a baseline with another (in one frame), in groups of two
    or more in drawing order; the first line drawn anchors its group, each line is in one."""
    placed = [i for i in order if at[i] is not None]
    by_y: dict[tuple[int, int], list[tuple[float, int]]] = {}
    for i in placed:
        by_y.setdefault((at[i].space, at[i].turn), []).append((at[i].y, i))
    for ys in by_y.values():
        ys.sort()  # ties on y: drawing order decides
    taken: set[int] = set()
    groups: list[list[int]] = []
    for i in placed:  # drawing order, so the first line drawn anchors its row
        if i in taken:
            continue
        a, ys = at[i], by_y[at[i].space, at[i].turn]
        members = [i]
        k = bisect_left(ys, (a.y - SAME_BASELINE * a.size, -1))
        while k < len(ys) and ys[k][0] <= a.y + SAME_BASELINE * a.size:
            y, j = ys[k]
            near = abs(y - a.y) <= SAME_BASELINE * min(a.size, at[j].size)
            if j > i and j not in taken and near:
                members.append(j)
            k += 1
        if len(members) > 1:
            members.sort()
            taken.update(members)
            groups.append(members)
    return groups


def _rows(lines: list[str], at: list[At | None]) -> list[str]:
    """The page's lines with those on one baseline joined into one row at the place of the
    first one drawn; the others leave no trace (blank lines stay as they were).

    A baseline's lines form clusters, each a run drawn one right after the other (one visual
    line pypdf broke). Clusters drawn apart join only when the row is not two columns of
    prose side by side: no two of them hold prose and none holds a line that continues a
    sentence from the line above. A prose flow kept apart from its neighbour once is a
    column, and keeps every row it touches apart. Clusters always join within themselves."""
    order = [i for i, t in enumerate(lines) if t.strip()]
    rank = {i: k for k, i in enumerate(order)}
    groups = _baselines(order, at)
    if not groups:
        return lines
    flow, prose, continued = _flows(lines, at, order)
    plans = []
    columns: set[int] = set()  # prose flows seen side by side with another
    for members in groups:
        clusters = [[members[0]]]
        for j in members[1:]:
            if rank[j] == rank[clusters[-1][-1]] + 1:
                clusters[-1].append(j)
            else:
                clusters.append([j])
        apart = len(clusters) > 1 and (
            sum(any(j in prose for j in c) for c in clusters) >= 2
            or any(j in continued for j in members))
        if apart:
            columns.update(flow[j] for j in members if j in prose)
        plans.append((members, clusters, apart))
    out = list(lines)
    gone: set[int] = set()
    for members, clusters, apart in plans:
        if len(clusters) > 1 and any(flow[j] in columns for j in members):
            apart = True
        for part in clusters if apart else [members]:
            row = _join(part, lines, at, rank) if len(part) > 1 else None
            if row is not None:
                out[part[0]] = row
                gone.update(part[1:])
    return [t for i, t in enumerate(out) if i not in gone]


def page_text(page) -> tuple[str, bool]:
    """The page's text with its rows joined, and True; or, when joining fails, pypdf's
    plain text as the reader always took it, and False. Raises when pypdf cannot extract."""
    rec = _Recorder()
    try:
        text = page.extract_text(visitor_text=rec.text, visitor_operand_before=rec.before,
                                 visitor_operand_after=rec.after) or ""
    except Exception:  # maybe only the visitors: extract again without them
        return page.extract_text() or "", False
    try:
        return "\n".join(_rows(*rec.lines(text))), True
    except Exception:  # the same text, without the joining
        return text, False

