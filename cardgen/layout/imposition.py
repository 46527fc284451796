"""Impose cards on home-print sheets: fronts in a grid at exact trim size, crop
marks that survive the printer's unprintable border, and backs placed so that each lands
behind its front.

All lengths are millimetres with the origin at the page's top-left corner. The
plan is pure data; documents/sheets.py draws it.

Margins. A printer prints nothing within a few millimetres of the paper's edges: the
margins `cardgen calibrate` measures ([printer] margin), or 5 mm each when unknown, the
worst case of common printers. Cards, their bleed and the page's words keep inside them;
left and right count as the larger of the two, since a back page mirrors its front (and a
gutterfold sheet, turned onto the paper either way, counts the larger of each pair).

Marks. Every cut line keeps at least MARK_SEEN_MM of mark inside the printable area, its
two ends together: a grid fits an axis when the margins leave its cards MARK_FIT_MM of
printable room (the 3 mm of mark, 0.3 mm off the card and 0.2 mm to spare at each end).
Marks start 3 mm from the edge, stop 0.3 mm short of any printed card or bleed, and are
drawn on every page: on the backs they mirror the fronts' and are drawn through the same
printer map as the backs (layout/printer.py), so a sheet held to the light shows the
duplex shift. The room left over goes first to 1 mm of outer bleed at each end, then to
3 mm of mark at each end, then to the rest of the bleed.

Where an upright grid holds fewer cards (three poker cards are 266.7 mm tall, Letter is
279.4: with 5 mm borders the column cuts would keep 2.1 mm of mark; a printer measured to
print within 3 and 5 mm leaves them 4.1), the cards are turned a quarter (2 × 4 on
Letter): fronts counterclockwise, top to the left; their backs clockwise, so a long-edge
flip or the gutterfold's fold puts each back upright behind its face. The orientation
holding more cards wins; upright on a tie. The sheet's note says which, and why.

Per axis, neighbouring cards either get a gutter that holds both cards' bleed
(when the paper leaves room for it and for the labels) or are butted so that one
cut serves both.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

from ..errors import CardgenError
from .paper import MARK_MARGIN_MM, MIN_MARGIN_MM, Paper

LABEL_ROOM_MM = 5.0  # margin band wanted beside the bleed for page labels
MARK_GAP_MM = 0.3  # crop marks stop this short of any printed card or bleed
MARK_SEEN_MM = 3.0  # every cut line keeps this much mark inside the printable area (both ends together)
MARK_SPARE_MM = 0.2  # and this much to spare at each end
MARK_FIT_MM = MARK_SEEN_MM + 2 * (MARK_GAP_MM + MARK_SPARE_MM)  # printable room an axis needs beyond its cards
MARK_END_MM = MARK_SEEN_MM + MARK_GAP_MM + MARK_SPARE_MM  # an end that holds a whole 3 mm mark by itself
MARK_MIN_MM = 1.0  # shorter free stretches along a cut get no mark
OUTER_BLEED_MM = 1.0  # the outer bleed gives way to the marks down to this (or the whole bleed, if less)
FOLD_ROOM_MM = 2.0  # gutterfold: bleed this far off the fold, so the marks across it show 3.4 mm
LAYOUTS = ("duplex", "fronts", "gutterfold")


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    @property
    def right(self) -> float:
        return self.x + self.w

    @property
    def bottom(self) -> float:
        return self.y + self.h


@dataclass(frozen=True)
class Placement:
    card: int  # index of the card in deck order
    trim: Rect  # where the card's trim box lands (on the page: a turned card is card_h wide)
    clip: Rect  # the part of the card (trim plus kept bleed) that is printed
    back: bool = False  # True: this is the card's back, not its face
    turn: int = 0  # quarter turns: 1 counterclockwise (top to the left), -1 clockwise


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    dashed: bool = False


@dataclass(frozen=True)
class Label:
    text: str
    x: float  # centre of the text
    y: float  # centre line of the text
    size_pt: float
    vertical: bool  # rotated 90° (reads bottom to top)
    room: float = 0.0  # the length it may take (mm): drawn smaller when longer; 0 = any


@dataclass(frozen=True)
class Ruler:
    """A calibration bar the user measures to confirm 100 % printing, its length written after it."""
    x: float
    y: float
    length: float
    label: str
    vertical: bool


@dataclass
class Page:
    width: float
    height: float
    side: str  # fronts | backs | sheet
    number: int  # 1-based among pages of this side
    total: int
    placements: list = field(default_factory=list)
    marks: list = field(default_factory=list)
    back_marks: list = field(default_factory=list)  # gutterfold: the backs' marks, which move as the backs do
    labels: list = field(default_factory=list)
    rulers: list = field(default_factory=list)
    folds: list = field(default_factory=list)
    per_page: int = 0  # the cards a full sheet of this plan holds


@dataclass(frozen=True)
class Axis:
    """Card positions along one page axis."""
    starts: tuple  # trim start of each card
    size: float  # card length along the axis
    gutter: bool  # True: each card keeps its bleed; False: butted
    bleed_out: float  # bleed wanted outside the first and last card (cut back to leave room for marks)
    margin: float = MIN_MARGIN_MM  # the printable margin at the start (and, the grid centred in them, the end)

    @property
    def first(self) -> float:
        return self.starts[0]

    @property
    def last(self) -> float:
        return self.starts[-1] + self.size

    def spans(self) -> list:
        return [(s, s + self.size) for s in self.starts]


def _axis(length: float, size: float, bleed: float, m_lo: float, m_hi: float) -> "Axis | None":
    """As many cards as a page axis takes when its printable part (length less the margins
    m_lo, m_hi) leaves them MARK_FIT_MM for the marks (None: not one), centred in that part;
    a gutter when there is room for it and the labels."""
    printable = length - m_lo - m_hi
    n = _count(printable, size)
    if n < 1:
        return None
    gutter_len = n * size + (n - 1) * 2 * bleed
    gutter = bleed > 0 and n > 1 and (printable - gutter_len) / 2 >= bleed + LABEL_ROOM_MM
    pitch = size + (2 * bleed if gutter else 0)
    total = n * size + (n - 1) * (pitch - size)
    start = m_lo + (printable - total) / 2
    starts = tuple(start + i * pitch for i in range(n))
    return Axis(starts, size, gutter, bleed, m_lo)


def _count(printable: float, size: float) -> int:
    """Cards of size along a printable stretch that leave their cut lines room for marks."""
    return max(0, int((printable - MARK_FIT_MM + 1e-9) // size))


def _clip_bleed(axis: Axis, page_len: float) -> float:
    """Outer bleed, once the marks have their room: up to OUTER_BLEED_MM at each end, then
    the marks 3 mm at each end, then the rest of the bleed."""
    room = axis.first - axis.margin - MARK_GAP_MM - (MARK_SEEN_MM / 2 + MARK_SPARE_MM)  # past half the mark
    first = max(0.0, min(axis.bleed_out, OUTER_BLEED_MM, room))
    mark = min(MARK_SEEN_MM / 2, room - first)
    return max(0.0, first + min(axis.bleed_out - first, room - first - mark))


def edges(margins: "tuple | None", layout: str = "duplex") -> tuple:
    """(top, right, bottom, left) margins the sheet keeps: the measured ones (None: 5 mm each),
    none under the 3 mm where marks start; left and right the larger of the two (a back page
    mirrors its front); on a gutterfold sheet, turned onto the paper either way, each edge the
    larger of the pair it may land on."""
    top, right, bottom, left = (max(MARK_MARGIN_MM, m) for m in (margins or (MIN_MARGIN_MM,) * 4))
    if layout == "gutterfold":
        across, down = max(top, bottom), max(left, right)
        return down, across, down, across
    side = max(left, right)
    return top, side, bottom, side


def _grid(paper: Paper, card_w: float, card_h: float, bleed: float, margins: tuple,
          measured: "tuple | None") -> tuple:
    """(x axis, y axis, turn, note) of the grid holding the most cards: upright, or turned a
    quarter; the note says which and why."""
    top, right, bottom, left = margins
    grids = []
    for turn, (w, h) in ((0, (card_w, card_h)), (1, (card_h, card_w))):
        xa, ya = _axis(paper.width, w, bleed, left, right), _axis(paper.height, h, bleed, top, bottom)
        count = len(xa.starts) * len(ya.starts) if xa and ya else 0
        grids.append((xa, ya, turn, count))
    best = max(grids, key=lambda g: g[3])  # the first (upright) on a tie
    if best[3] == 0:
        raise CardgenError(f"a {card_w:g} × {card_h:g} mm card does not fit a {paper.name} sheet with room for "
                           "crop marks: choose a smaller --card-size or larger --paper")
    other = grids[1 - best[2]]
    w, h = (card_w, card_h) if best[2] else (card_h, card_w)  # the other grid's card, as it would lie
    bare = int((paper.width - left - right + 1e-9) // w) * int((paper.height - top - bottom + 1e-9) // h)
    return best[:3] + (layout_note(best[3], best[2], other[3], bare, measured),)


def layout_note(count: int, turn: int, other: int, bare: int, measured: "tuple | None") -> str:
    """The sheet's word on its layout: how many cards, which way, and why. other: what the
    other way holds; bare: what it would hold if its marks needed no room."""
    way, other_way = ("upright", "turned") if turn == 0 else ("turned", "upright")
    inside = f"your {'/'.join(f'{m:g}' for m in measured)} mm margins" if measured else f"a {MIN_MARGIN_MM:g} mm border"
    if bare > count:  # the other way would hold more, but its cut marks would not print
        return f"{count} {way}: {bare} {other_way} would put marks in {inside}"
    if turn and other < count:
        return f"{count} {way}: {other_way} holds {other}"
    return f"{count} {way}: marks ≥ {MARK_SEEN_MM:g} mm inside {inside}"


def _cells(xa: Axis, ya: Axis, page: Paper, bleed: float):
    """Trim and clip rectangles for each grid cell, in reading order (row by row)."""
    bx, by = _clip_bleed(xa, page.width), _clip_bleed(ya, page.height)
    cells = []
    for j, y in enumerate(ya.starts):
        for i, x in enumerate(xa.starts):
            first_x, last_x = i == 0, i == len(xa.starts) - 1
            first_y, last_y = j == 0, j == len(ya.starts) - 1
            left = bx if first_x else (bleed if xa.gutter else 0)
            right = bx if last_x else (bleed if xa.gutter else 0)
            top = by if first_y else (bleed if ya.gutter else 0)
            bottom = by if last_y else (bleed if ya.gutter else 0)
            trim = Rect(x, y, xa.size, ya.size)
            clip = Rect(x - left, y - top, xa.size + left + right, ya.size + top + bottom)
            cells.append((trim, clip))
    return cells


def _mirror(rect: Rect, page_width: float) -> Rect:
    return Rect(page_width - rect.x - rect.w, rect.y, rect.w, rect.h)


def _back(front: Placement, page: "Paper | Page") -> Placement:
    """The back behind a front: mirrored for a long-edge flip (or across the fold) and turned
    the other way, which the flip makes the same way up. A printer's shift is cancelled by
    the back's page map (layout/printer.py), which its marks follow."""
    return Placement(front.card, _mirror(front.trim, page.width), _mirror(front.clip, page.width), True, -front.turn)


def _free(lo: float, hi: float, blocked: list) -> list:
    """The parts of [lo, hi] outside the blocked intervals."""
    free, at = [], lo
    for a, b in sorted(blocked):
        if a > at:
            free.append((at, min(a, hi)))
        at = max(at, b)
        if at >= hi:
            break
    if at < hi:
        free.append((at, hi))
    return [(a, b) for a, b in free if b - a >= MARK_MIN_MM]


def _marks(placements: list, page_w: float, page_h: float, x_to: "float | None" = None) -> list:
    """A mark on every cut line wherever the line is clear of printed cards: from 3 mm off the
    page edge (across, up to x_to when given), stopping 0.3 mm short of any card or bleed
    (so never on a card)."""
    gap, marks = MARK_GAP_MM, []
    x_to = page_w - MARK_MARGIN_MM if x_to is None else x_to
    # a card's printed part, and its trim even where the 5 mm margin cuts the print short
    clips = [p.clip for p in placements] + [p.trim for p in placements]
    for x in sorted({round(v, 6) for p in placements for v in (p.trim.x, p.trim.right)}):
        blocked = [(c.y - gap, c.bottom + gap) for c in clips if c.x - gap < x < c.right + gap]
        marks += [Line(x, a, x, b) for a, b in _free(MARK_MARGIN_MM, page_h - MARK_MARGIN_MM, blocked)]
    for y in sorted({round(v, 6) for p in placements for v in (p.trim.y, p.trim.bottom)}):
        blocked = [(c.x - gap, c.right + gap) for c in clips if c.y - gap < y < c.bottom + gap]
        marks += [Line(a, y, b, y) for a, b in _free(MARK_MARGIN_MM, x_to, blocked)]
    return marks


# -- what the page tells the person printing it ---------------------------------

LABEL_PT = 7.0
CHAR_MM = LABEL_PT * 0.19  # a generous average advance of Lato at 7 pt, to share out the margins
SPAN_CLEAR_MM = 1.5  # text keeps this far from the cut lines at either end of its span
RULER_LABEL_MM = 7.0  # room after the bar for its length ("50 mm" at 7 pt is 6 mm)
CARD_STOCK = "Card stock, 160–220 g/m² (60–80 lb cover)"


def instructions(layout: str, note: str = "") -> list:
    """The words a person needs to print and cut the sheets, in the order they do it, and
    the layout's note."""
    sides = ("Print double-sided, flip on the long edge" if layout == "duplex"
             else "Print single-sided (one side of the sheet)")
    cut = ("Fold on the dashed line, glue, then cut on the marks" if layout == "gutterfold"
           else "Cut on the marks" + ("" if note else f" (each shows at least {MARK_SEEN_MM:g} mm)"))
    return [sides, "Actual size, 100 %: no fit to page", CARD_STOCK, cut] + ([note] if note else [])


def _bands(page: Page, extent, x_spans: list, y_spans: list, margins: tuple) -> dict:
    """The margin bands with room for a line of text: name -> (vertical, depth, spans)."""
    (left, right), (top, bottom) = extent
    m_top, m_right, m_bottom, m_left = margins
    bands = {}
    for name, vertical, edge, length, spans, m in (
            ("top", False, top, None, x_spans, m_top), ("bottom", False, bottom, page.height, x_spans, m_bottom),
            ("left", True, left, None, y_spans, m_left), ("right", True, right, page.width, y_spans, m_right)):
        free = (edge if length is None else length - edge) - m
        if free < 3.2:
            continue
        if length is None:  # top or left: between the printable line and the cards
            depth = m + free / 2 if free < 8 else edge - 4
        else:
            depth = length - m - free / 2 if free < 8 else edge + 4
        # vertical text reads bottom to top: its first span is the lowest
        bands[name] = (vertical, depth, sorted(spans, reverse=vertical))
    return bands


def _furniture(page: Page, paper: Paper, title: str, words: list, extent, x_spans: list, y_spans: list,
               margins: tuple) -> None:
    """Title, printing and cutting instructions and a calibration bar, in the margins.

    Each item keeps within one card's span, off the cut lines, so none crosses a mark.
    The bar goes in the first span long enough (bottom, top, right, left margin); the
    words fill the other spans in reading order (top, bottom, left, right), several to a
    span when they fit, skipping a span too short for the next item; one that fits no span
    left goes where it is drawn largest, smaller."""
    bands = _bands(page, extent, x_spans, y_spans, margins)
    slots = {name: [(vertical, depth, span) for span in spans] for name, (vertical, depth, spans) in bands.items()}
    number, unit = paper.ruler_label.split()
    # the paper's bar; half of it where no span is long enough (small cards on a gutterfold sheet)
    for length, text in ((paper.ruler_mm, paper.ruler_label), (paper.ruler_mm / 2, f"{float(number) / 2:g} {unit}")):
        need = length + RULER_LABEL_MM + 2 * SPAN_CLEAR_MM
        found = next((s for name in ("bottom", "top", "right", "left") for s in slots.get(name, [])
                      if s[2][1] - s[2][0] >= need), None)
        if found is not None:
            vertical, depth, (a, b) = found
            start = (a + b) / 2 - (length + RULER_LABEL_MM) / 2
            if vertical:  # the bar runs down the page; its length is written above it
                page.rulers.append(Ruler(depth, start + RULER_LABEL_MM, length, text, True))
            else:
                page.rulers.append(Ruler(start, depth, length, text, False))
            for band in slots.values():
                if found in band:
                    band.remove(found)
            break
    order = [s for name in ("top", "bottom", "left", "right") for s in slots.get(name, [])]
    if not order:
        return
    rooms = [b - a - 2 * SPAN_CLEAR_MM for _, _, (a, b) in order]
    taken = _share_out([title] + list(words), rooms)
    for (vertical, depth, (a, b)), room, take in zip(order, rooms, taken):
        if take:
            page.labels.append(Label(" · ".join(take), depth if vertical else (a + b) / 2,
                                     (a + b) / 2 if vertical else depth, LABEL_PT, vertical, room))


def _share_out(items: list, rooms: list) -> list:
    """items, in order, into spans of these rooms, in order (a span may take several or none):
    the largest text for the item drawn smallest, then for the next smallest (none larger
    than LABEL_PT); among equals, as many to a span as fit, the earlier spans first. The
    items of each span."""
    from functools import lru_cache

    def scale(k: int, i: int, j: int) -> float:
        return min(1.0, rooms[k] / (len(" · ".join(items[i:j])) * CHAR_MM))

    @lru_cache(maxsize=None)
    def best(i: int, k: int) -> "tuple | None":
        """(each item's scale, smallest first; the spans' (span, first, end) items) for items[i:]
        in spans k on; None: they do not go."""
        if i == len(items):
            return (), ()
        if k == len(rooms):
            return None
        found = None
        for j in range(len(items), i, -1):  # as many to this span as can go, then fewer
            rest = best(j, k + 1)
            if rest is not None:
                score = tuple(sorted(rest[0] + (round(scale(k, i, j), 6),) * (j - i)))
                if found is None or score > found[0]:
                    found = (score, ((k, i, j),) + rest[1])
        skip = best(i, k + 1)
        return skip if skip is not None and (found is None or skip[0] > found[0]) else found

    taken: list = [[] for _ in rooms]
    plan = best(0, 0) or ((), ((len(rooms) - 1, 0, len(items)),))
    for k, i, j in plan[1]:
        taken[k] = items[i:j]
    return taken


def _extent(cells) -> tuple:
    clips = [c for _, c in cells]
    return ((min(c.x for c in clips), max(c.right for c in clips)),
            (min(c.y for c in clips), max(c.bottom for c in clips)))


@dataclass(frozen=True)
class SheetSpec:
    paper: Paper
    card_w: float
    card_h: float
    bleed: float
    layout: str = "duplex"
    title: str = ""
    margins: "tuple | None" = None  # the printer's, measured (top, right, bottom, left); None: 5 mm each

    @property
    def edges(self) -> tuple:
        return edges(self.margins, self.layout)


def per_sheet(spec: SheetSpec) -> tuple:
    """(cards a sheet holds, whether they are turned) for this spec."""
    page = impose(spec, 1)[0]
    return page.per_page, page.placements[0].turn != 0


def sheet_grid(spec: SheetSpec) -> tuple:
    """(columns, rows, whether turned) of a full sheet's fronts, as the paper lies when it is
    cut (gutterfold: the left half, folded): the grid the how-to-print page draws."""
    page = impose(spec, impose(spec, 1)[0].per_page)[0]
    fronts = [p for p in page.placements if not p.back][:page.per_page]
    cols = len({round(p.trim.x, 3) for p in fronts})
    rows = len({round(p.trim.y, 3) for p in fronts})
    return cols, rows, fronts[0].turn != 0


def impose(spec: SheetSpec, count: int) -> list[Page]:
    """Plan the pages for count card faces (and their backs, as the layout asks)."""
    if spec.layout not in LAYOUTS:
        raise CardgenError(f"unknown layout {spec.layout!r}: use {', '.join(LAYOUTS)}")
    if spec.layout == "gutterfold":
        return _gutterfold(spec, count)
    paper = spec.paper
    xa, ya, turn, note = _grid(paper, spec.card_w, spec.card_h, spec.bleed, spec.edges, spec.margins)
    cells = _cells(xa, ya, paper, spec.bleed)
    per_page = len(cells)
    sheets = math.ceil(count / per_page)
    extent = _extent(cells)
    words = instructions(spec.layout, note)
    pages = []
    full = [Placement(k, trim, clip, False, turn) for k, (trim, clip) in enumerate(cells)]
    front_marks = _marks(full, paper.width, paper.height)
    back_marks = _marks([_back(p, paper) for p in full], paper.width, paper.height)
    for s in range(sheets):
        first = s * per_page
        n = min(per_page, count - first)
        front = Page(paper.width, paper.height, "fronts", s + 1, sheets, per_page=per_page)
        front.placements = [replace(p, card=first + p.card) for p in full[:n]]
        front.marks = list(front_marks)  # every cut of the full grid: the last sheet is cut the same way
        _furniture(front, paper, f"{spec.title} · fronts {s + 1}/{sheets} · {paper.name}", words, extent,
                   xa.spans(), ya.spans(), spec.edges)
        pages.append(front)
        if spec.layout == "duplex":
            back = Page(paper.width, paper.height, "backs", s + 1, sheets, per_page=per_page)
            back.placements = [_back(p, paper) for p in front.placements]
            back.marks = list(back_marks)
            _furniture(back, paper, f"{spec.title} · backs {s + 1}/{sheets} · {paper.name}", words, extent,
                       xa.spans(), ya.spans(), spec.edges)
            pages.append(back)
    return pages


def _fold_axis(fold: float, size: float, bleed: float, margin: float) -> "tuple[Axis, float] | None":
    """Columns on the left half of a gutterfold sheet, ending near the fold; and the bleed kept
    on the fold side (its edge FOLD_ROOM_MM off the fold, so the marks across it show 3 mm)."""
    n = int((fold - margin - bleed - FOLD_ROOM_MM + 1e-9) // size)
    if n < 1:
        return None
    gap = min(bleed + MIN_MARGIN_MM, fold - margin - n * size)  # trim to fold
    xa = Axis(tuple(fold - gap - (n - i) * size for i in range(n)), size, False, bleed, margin)
    return xa, max(0.0, min(bleed, gap - FOLD_ROOM_MM))


def _gutterfold(spec: SheetSpec, count: int) -> list[Page]:
    """Landscape sheets: fronts on the left half, backs mirrored on the right; fold on the centre line."""
    paper = spec.paper.landscape()
    fold = paper.width / 2
    top, side, bottom, _ = margins = spec.edges
    best = None
    for turn, (w, h) in ((0, (spec.card_w, spec.card_h)), (1, (spec.card_h, spec.card_w))):
        xs, ya = _fold_axis(fold, w, spec.bleed, side), _axis(paper.height, h, spec.bleed, top, bottom)
        if xs and ya and (best is None or len(xs[0].starts) * len(ya.starts) > best[3]):
            best = (xs, ya, turn, len(xs[0].starts) * len(ya.starts))
    if best is None:
        raise CardgenError("the card does not fit a gutterfold sheet: choose --layout duplex or a smaller --card-size")
    (xa, bx_in), ya, turn, per_sheet = best
    outer = xa.first - side  # the outer margin: its bleed leaves room for marks when it can, else stops at the margin
    bx_out = min(spec.bleed, outer - MARK_END_MM) if outer >= MARK_END_MM else min(spec.bleed, outer)
    by = _clip_bleed(ya, paper.height)
    fronts = []
    for j, y in enumerate(ya.starts):
        top = by if j == 0 else (spec.bleed if ya.gutter else 0)
        bottom = by if j == len(ya.starts) - 1 else (spec.bleed if ya.gutter else 0)
        for i, x in enumerate(xa.starts):
            left = max(0.0, bx_out) if i == 0 else 0.0
            right = bx_in if i == len(xa.starts) - 1 else 0.0
            fronts.append((Rect(x, y, xa.size, ya.size), Rect(x - left, y - top, xa.size + left + right,
                                                               ya.size + top + bottom)))
    per_page = len(fronts)
    sheets = math.ceil(count / per_page)
    extent_x = (min(c.x for _, c in fronts), paper.width - min(c.x for _, c in fronts))
    extent = (extent_x, (min(c.y for _, c in fronts), max(c.bottom for _, c in fronts)))
    full = [Placement(k, trim, clip, False, turn) for k, (trim, clip) in enumerate(fronts)]
    full += [_back(p, paper) for p in full]
    # the fronts' marks on the left half; the backs' are their mirror, drawn with the backs
    # (through their printer map), the two meeting at the fold
    marks = _marks(full[:per_page], paper.width, paper.height, x_to=fold)
    back_marks = [Line(paper.width - m.x1, m.y1, paper.width - m.x2, m.y2) for m in marks]
    x_spans = xa.spans() + [(paper.width - b, paper.width - a) for a, b in xa.spans()]
    words = instructions(spec.layout, layout_note(per_sheet, turn, 0, 0, spec.margins))
    pages = []
    for s in range(sheets):
        first = s * per_page
        k_count = min(per_page, count - first)
        page = Page(paper.width, paper.height, "sheet", s + 1, sheets, per_page=per_page)
        page.placements = [replace(p, card=first + p.card) for p in full[:per_page][:k_count]]
        page.placements += [replace(p, card=first + p.card) for p in full[per_page:][:k_count]]
        page.marks, page.back_marks = list(marks), list(back_marks)
        page.folds = [Line(fold, MARK_MARGIN_MM, fold, paper.height - MARK_MARGIN_MM, dashed=True)]
        _furniture(page, paper, f"{spec.title} · sheet {s + 1}/{sheets} · fold on the dashed line", words, extent,
                   x_spans, ya.spans(), margins)
        pages.append(page)
    return pages
