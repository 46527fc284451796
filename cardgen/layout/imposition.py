"""Impose cards on home-print sheets: fronts in a grid at exact trim size, crop
marks in the margins, and backs placed so that each lands behind its front.

All lengths are millimetres with the origin at the page's top-left corner. The
plan is pure data; render/sheets.py draws it.

Per axis, neighbouring cards either get a gutter that holds both cards' bleed
(when the paper leaves room for it and for the labels) or are butted so that one
cut serves both. The outer bleed is clipped 5 mm from the page edge; crop marks
run from 3 mm to just short of the bleed, so they are never on a card.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..errors import CardgenError
from .paper import MARK_MARGIN_MM, MIN_MARGIN_MM, Paper

LABEL_ROOM_MM = 5.0  # margin band wanted beside the bleed for page labels
MARK_GAP_MM = 0.3  # crop marks stop this short of the bleed
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
    trim: Rect  # where the card's trim box lands
    clip: Rect  # the part of the card (trim plus kept bleed) that is printed
    back: bool = False  # True: this is the card's back, not its face


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


@dataclass(frozen=True)
class Ruler:
    """A calibration bar the user measures to confirm 100 % printing."""
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
    labels: list = field(default_factory=list)
    rulers: list = field(default_factory=list)
    folds: list = field(default_factory=list)


@dataclass(frozen=True)
class Axis:
    """Card positions along one page axis."""
    starts: tuple  # trim start of each card
    size: float  # card length along the axis
    gutter: bool  # True: each card keeps its bleed; False: butted
    bleed_out: float  # bleed kept outside the first and last card (clipped at 5 mm)

    @property
    def first(self) -> float:
        return self.starts[0]

    @property
    def last(self) -> float:
        return self.starts[-1] + self.size

    def edges(self) -> list:
        """Every trim edge along the axis: where the cuts go."""
        return sorted({round(v, 4) for s in self.starts for v in (s, s + self.size)})


def _axis(lo: float, hi: float, size: float, bleed: float) -> Axis:
    """Fit as many cards as the span [lo, hi] takes with 5 mm margins; gutter if room."""
    span = hi - lo
    n = int((span - 2 * MIN_MARGIN_MM + 1e-9) // size)
    if n < 1 or n * size > span - 2 * MIN_MARGIN_MM + 1e-9:
        raise CardgenError(f"a {size:g} mm card does not fit on this paper with 5 mm margins: "
                           "choose a smaller --card-size or larger --paper")
    gutter_len = n * size + (n - 1) * 2 * bleed
    gutter = bleed > 0 and n > 1 and (span - gutter_len) / 2 >= MIN_MARGIN_MM + bleed + LABEL_ROOM_MM
    pitch = size + (2 * bleed if gutter else 0)
    total = n * size + (n - 1) * (pitch - size)
    start = lo + (span - total) / 2
    starts = tuple(start + i * pitch for i in range(n))
    return Axis(starts, size, gutter, bleed)


def _clip_bleed(axis: Axis, page_len: float) -> float:
    """Outer bleed that stays 5 mm inside the page edge."""
    room = min(axis.first, page_len - axis.last) - MIN_MARGIN_MM
    return max(0.0, min(axis.bleed_out, room))


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


def _back(card: int, cell, page: "Paper | Page") -> Placement:
    """The back behind a front cell: mirrored for a long-edge flip (or across the fold).
    A printer's shift is cancelled by the whole back page's map (layout/printer.py)."""
    trim, clip = cell
    return Placement(card, _mirror(trim, page.width), _mirror(clip, page.width), True)


def _marks(xs: list, ys: list, x_extent: tuple, y_extent: tuple, page_w: float, page_h: float) -> list:
    """Crop marks in the margins, from 3 mm off the page edge to just short of the bleed."""
    (left, right), (top, bottom) = x_extent, y_extent  # outer edges of the printed bleed
    marks = []
    for x in xs:
        if top - MARK_GAP_MM > MARK_MARGIN_MM:
            marks.append(Line(x, MARK_MARGIN_MM, x, top - MARK_GAP_MM))
        if bottom + MARK_GAP_MM < page_h - MARK_MARGIN_MM:
            marks.append(Line(x, bottom + MARK_GAP_MM, x, page_h - MARK_MARGIN_MM))
    for y in ys:
        if left - MARK_GAP_MM > MARK_MARGIN_MM:
            marks.append(Line(MARK_MARGIN_MM, y, left - MARK_GAP_MM, y))
        if right + MARK_GAP_MM < page_w - MARK_MARGIN_MM:
            marks.append(Line(right + MARK_GAP_MM, y, page_w - MARK_MARGIN_MM, y))
    return marks


def _furniture(page: Page, paper: Paper, xa: Axis, ya: Axis, title: str, extent) -> None:
    """Page title, the 100 % instruction and a calibration bar, in the widest free margin.

    Each item stays within one card's span, so none crosses a crop mark."""
    (left, right), (top, bottom) = extent
    free_y = min(top, page.height - bottom) - MIN_MARGIN_MM
    free_x = min(left, page.width - right) - MIN_MARGIN_MM
    instruction = "Print at 100 % (actual size), not fit to page"
    size = 7.0
    if free_y >= 3.2 or free_y >= free_x:
        near = MIN_MARGIN_MM + free_y / 2 if free_y < 8 else top - 4
        far = page.height - near
        spans = [(s, s + xa.size) for s in xa.starts]
        page.labels.append(Label(title, _mid(spans[0]), near, size, False))
        page.labels.append(Label(instruction, _mid(spans[-1]), near, size, False))
        page.rulers.append(Ruler(_mid(spans[0]) - paper.ruler_mm / 2, far, paper.ruler_mm, paper.ruler_label, False))
        page.labels.append(Label(f"the bar on the left measures {paper.ruler_label}", _mid(spans[1 % len(spans)]),
                                 far, size, False))
    else:
        near = MIN_MARGIN_MM + free_x / 2 if free_x < 8 else left - 4
        far = page.width - near
        # vertical text reads bottom to top, so the first item sits in the bottom row
        spans = [(s, s + ya.size) for s in reversed(ya.starts)]
        page.labels.append(Label(title, near, _mid(spans[0]), size, True))
        page.labels.append(Label(instruction, near, _mid(spans[-1]), size, True))
        page.rulers.append(Ruler(far, _mid(spans[0]) - paper.ruler_mm / 2, paper.ruler_mm, paper.ruler_label, True))
        page.labels.append(Label(f"the bar below measures {paper.ruler_label}", far, _mid(spans[1 % len(spans)]),
                                 size, True))


def _mid(span) -> float:
    return (span[0] + span[1]) / 2


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


def impose(spec: SheetSpec, count: int) -> list[Page]:
    """Plan the pages for count card faces (and their backs, as the layout asks)."""
    if spec.layout not in LAYOUTS:
        raise CardgenError(f"unknown layout {spec.layout!r}: use {', '.join(LAYOUTS)}")
    if spec.layout == "gutterfold":
        return _gutterfold(spec, count)
    paper = spec.paper
    xa = _axis(0, paper.width, spec.card_w, spec.bleed)
    ya = _axis(0, paper.height, spec.card_h, spec.bleed)
    cells = _cells(xa, ya, paper, spec.bleed)
    per_page = len(cells)
    sheets = math.ceil(count / per_page)
    extent = _extent(cells)
    marks = _marks(xa.edges(), ya.edges(), *extent, paper.width, paper.height)
    pages = []
    for s in range(sheets):
        first = s * per_page
        n = min(per_page, count - first)
        front = Page(paper.width, paper.height, "fronts", s + 1, sheets)
        front.placements = [Placement(first + k, *cells[k]) for k in range(n)]
        front.marks = list(marks)
        _furniture(front, paper, xa, ya, f"{spec.title} · fronts {s + 1}/{sheets} · {paper.name}", extent)
        pages.append(front)
        if spec.layout == "duplex":
            back = Page(paper.width, paper.height, "backs", s + 1, sheets)
            # long-edge flip: a card's column is mirrored, its row is kept
            back.placements = [_back(first + k, cells[k], paper) for k in range(n)]
            _furniture(back, paper, xa, ya, f"{spec.title} · backs {s + 1}/{sheets} · {paper.name}", extent)
            pages.append(back)
    return pages


def _gutterfold(spec: SheetSpec, count: int) -> list[Page]:
    """Landscape sheets: fronts on the left half, backs mirrored on the right; fold on the centre line."""
    paper = spec.paper.landscape()
    fold = paper.width / 2
    # trim to fold: ideally bleed + 5 mm, at least bleed + 1 mm, so the fold misses the bleed
    n = int((fold - spec.bleed - 1.0 - MIN_MARGIN_MM + 1e-9) // spec.card_w)
    if n < 1:
        raise CardgenError("the card does not fit a gutterfold sheet: choose --layout duplex or a smaller --card-size")
    gap = min(spec.bleed + MIN_MARGIN_MM, fold - MIN_MARGIN_MM - n * spec.card_w)
    xa = Axis(tuple(fold - gap - (n - i) * spec.card_w for i in range(n)), spec.card_w, False, spec.bleed)
    ya = _axis(0, paper.height, spec.card_h, spec.bleed)
    bx_in = min(spec.bleed, gap - 1.0)  # bleed on the fold side stays 1 mm off the fold at least
    fronts = []
    for trim, clip in _cells(xa, ya, paper, spec.bleed):
        if abs(trim.right - xa.last) < 1e-6:  # fold side
            clip = Rect(clip.x, clip.y, trim.right + bx_in - clip.x, clip.h)
        fronts.append((trim, clip))
    per_page = len(fronts)
    sheets = math.ceil(count / per_page)
    extent_x = (min(c.x for _, c in fronts), paper.width - min(c.x for _, c in fronts))
    extent = (extent_x, (min(c.y for _, c in fronts), max(c.bottom for _, c in fronts)))
    xs = xa.edges() + [paper.width - x for x in xa.edges()]
    marks = _marks(sorted(xs), ya.edges(), *extent, paper.width, paper.height)
    pages = []
    for s in range(sheets):
        first = s * per_page
        k_count = min(per_page, count - first)
        page = Page(paper.width, paper.height, "sheet", s + 1, sheets)
        page.placements = [Placement(first + k, *fronts[k]) for k in range(k_count)]
        page.placements += [_back(first + k, fronts[k], paper) for k in range(k_count)]
        page.marks = list(marks)
        page.folds = [Line(fold, MARK_MARGIN_MM, fold, paper.height - MARK_MARGIN_MM, dashed=True)]
        _furniture(page, paper, xa, ya, f"{spec.title} · sheet {s + 1}/{sheets} · fold on the dashed line", extent)
        pages.append(page)
    return pages
