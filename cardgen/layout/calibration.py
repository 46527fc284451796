"""The calibration sheet's geometry, and what its readings say about the printer.

Printed double-sided and held to the light, each duplex ladder shows a long line from the
back running across a staircase of short dashes on the front, one dash every 0.25 mm.
The dash the line runs through exactly names, in its number, the correction at that
ladder: the line stays straight and long, so a back also shifted along the ladder reads
the same. Four ladders (all lengths mm, origin at the front's top-left corner):

- A and B, above and below the middle, ROTATION_BASE_MM apart, read across: a back turned
  by an angle moves them opposite ways;
- X, between them at mid-height, reads across too: the back offset across, and a check
  on A and B (X lies on the line through their readings);
- Y, low on the left, reads down: the back offset down.

Every number is the value that cancels the error there, in the [printer] table's terms:
the offset moves the back page as it is drawn (x right, y down), the rotation turns it
clockwise as the back page is seen. A back turned by t (radians) about the page centre
(cx, cy) and moved by (dx, dy) needs, at a point (x, y) of the back page, the correction
(dx − t (y − cy), dy + t (x − cx)); the front's x is the back's W − x. So the across
ladders give t and dx, and Y gives dy once t is known, wherever they are on the page.
A printer's scale moves the dashes and the line alike (both sides are scaled about the
same centre), so it does not change what a ladder reads.

An edge ladder along each side (E top, F right, G bottom, H left) shows how close to that
edge the printer prints: each rung runs from its number towards the edge and ends in a
crossbar, d mm from the edge, d from 0.5 to 12 by 0.5; the printer leaves off the
crossbars it cannot reach. The smallest number whose crossbar printed gives the margin,
once the page's scale is counted (a rung d mm in prints (1 − k)·c + k·d from the edge,
k the scale, c half the page): the margin the builds keep, in the drawing's millimetres.
Two 100 mm rulers, across and down, read the scale.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..errors import CardgenError
from .paper import Paper

STEP_MM = 0.25  # one dash to the next: the reading's resolution
SPAN_MM = 4.0  # readings from -SPAN to +SPAN
ROW_MM = 1.8  # dash pitch along the ladder
DASH_MM = 1.2  # a dash's length
LINE_OVERHANG_MM = 4.0  # the back line runs this far past the ladder's ends: shifts along it read the same
ROTATION_BASE_MM = 160.0  # A to B
RULER_MM = 100.0
EDGE_STEP_MM = 0.5  # edge ladders: one rung to the next
EDGE_VALUES = tuple(k * EDGE_STEP_MM for k in range(1, 25))  # 0.5 to 12 mm from the edge
EDGE_PITCH_MM = 2.8  # rung to rung, along the edge
EDGE_INNER_MM = 15.0  # the rungs start this far in, where every printer prints
CROSSBAR_MM = 1.6
EDGES = ("top", "right", "bottom", "left")
EDGE_LETTERS = {"top": "E", "right": "F", "bottom": "G", "left": "H"}
AGREE_MM = 0.75  # X may differ this much from what A and B say at its height (a misread dash on each, and one)
RULER_RANGE = (97.0, 103.0)  # the [printer] scale's range: further off is the print dialog's "fit to page"


@dataclass(frozen=True)
class Rung:
    value: float  # the reading this dash gives, mm
    x1: float
    y1: float
    x2: float
    y2: float

    @property
    def centre(self) -> tuple:
        return (self.x1 + self.x2) / 2, (self.y1 + self.y2) / 2


@dataclass(frozen=True)
class Ladder:
    name: str  # A, X, Y, B
    axis: str  # "x": reads across (rungs stacked down the page); "y": reads down (rungs side by side)
    x: float  # where a reading of 0 lies: the back line's position, front coordinates
    y: float
    rungs: tuple  # Rung, from -SPAN to +SPAN
    line: tuple  # the back's line (x1, y1, x2, y2), front coordinates

    def back_line(self, page_w: float) -> tuple:
        """The line as drawn on the back page (a long-edge flip mirrors x)."""
        x1, y1, x2, y2 = self.line
        return page_w - x1, y1, page_w - x2, y2


@dataclass(frozen=True)
class EdgeRung:
    value: float  # mm from the edge to the crossbar
    stem: tuple  # (x1, y1, x2, y2): from the number's end to the crossbar
    bar: tuple  # the crossbar, parallel to the edge


@dataclass(frozen=True)
class EdgeLadder:
    edge: str  # top, right, bottom, left
    rungs: tuple  # EdgeRung, 0.5 mm first

    @property
    def name(self) -> str:
        return EDGE_LETTERS[self.edge]


@dataclass(frozen=True)
class CalRuler:
    axis: str  # "x" across, "y" down
    x: float  # start
    y: float
    length: float = RULER_MM


@dataclass
class Plan:
    paper: Paper
    ladders: list = field(default_factory=list)
    edges: list = field(default_factory=list)
    rulers: list = field(default_factory=list)
    text: tuple = (0.0, 0.0, 0.0, 0.0)  # the instructions' column: x, y, width, height

    def ladder(self, name: str) -> Ladder:
        return next(l for l in self.ladders if l.name == name)

    def edge(self, edge: str) -> EdgeLadder:
        return next(e for e in self.edges if e.edge == edge)


def ladder_values() -> list:
    n = round(SPAN_MM / STEP_MM)
    return [k * STEP_MM for k in range(-n, n + 1)]


def _ladder(name: str, axis: str, x: float, y: float) -> Ladder:
    """Rungs from -SPAN to +SPAN. Across (x): a rung of value v sits v mm right of the back
    line's place, since a back drawn v mm too far left (from the front) needs +v. Down (y):
    a rung of value v sits v mm above it, since a back v mm too low needs -v."""
    values = ladder_values()
    half = (len(values) - 1) / 2
    rungs = []
    for i, v in enumerate(values):
        along = (i - half) * ROW_MM
        if axis == "x":
            rungs.append(Rung(v, x + v, y + along - DASH_MM / 2, x + v, y + along + DASH_MM / 2))
        else:
            rungs.append(Rung(v, x + along - DASH_MM / 2, y - v, x + along + DASH_MM / 2, y - v))
    reach = half * ROW_MM + DASH_MM / 2 + LINE_OVERHANG_MM
    line = (x, y - reach, x, y + reach) if axis == "x" else (x - reach, y, x + reach, y)
    return Ladder(name, axis, x, y, tuple(rungs), line)


def edge_length() -> float:
    return (len(EDGE_VALUES) - 1) * EDGE_PITCH_MM


def _edge(paper: Paper, edge: str, start: float) -> EdgeLadder:
    """Rungs along one edge from start (x for top and bottom, y for the sides), each from
    EDGE_INNER_MM in out to its crossbar."""
    w, h = paper.width, paper.height
    rungs = []
    for i, d in enumerate(EDGE_VALUES):
        at = start + i * EDGE_PITCH_MM
        half = CROSSBAR_MM / 2
        if edge == "top":
            rungs.append(EdgeRung(d, (at, EDGE_INNER_MM, at, d), (at - half, d, at + half, d)))
        elif edge == "bottom":
            rungs.append(EdgeRung(d, (at, h - EDGE_INNER_MM, at, h - d), (at - half, h - d, at + half, h - d)))
        elif edge == "left":
            rungs.append(EdgeRung(d, (EDGE_INNER_MM, at, d, at), (d, at - half, d, at + half)))
        else:
            rungs.append(EdgeRung(d, (w - EDGE_INNER_MM, at, w - d, at), (w - d, at - half, w - d, at + half)))
    return EdgeLadder(edge, tuple(rungs))


def plan(paper: Paper) -> Plan:
    """The sheet for a paper. The instructions take a column on the left; A, X and B stand
    in a column on the right, the down ruler beside them; the across ruler runs under the
    title, Y sits below the instructions; an edge ladder runs along each side, clear of the
    rest (top and bottom towards the right, left and right about the middle and below it)."""
    w, h = paper.width, paper.height
    yc = h / 2
    column = w - 56
    p = Plan(paper)
    p.ladders = [
        _ladder("A", "x", column, yc - ROTATION_BASE_MM / 2),
        _ladder("X", "x", column, yc),
        _ladder("Y", "y", 60.0, h - 33.0),
        _ladder("B", "x", column, yc + ROTATION_BASE_MM / 2),
    ]
    p.rulers = [CalRuler("x", 24.0, 32.5), CalRuler("y", w - 28.0, 36.0)]
    length = edge_length()
    p.edges = [_edge(paper, "top", w - 24 - length), _edge(paper, "right", yc + 20),
               _edge(paper, "bottom", w - 24 - length), _edge(paper, "left", yc - length / 2)]
    p.text = (24.0, 40.0, 98.0, h - 33.0 - 15.0 - 40.0)
    return p


# -- what the readings say ---------------------------------------------------

@dataclass(frozen=True)
class Readings:
    """What a person read off the printed sheet: the ladders A, B, X, Y (mm, as numbered),
    the edge ladders (top, right, bottom, left: the smallest number whose crossbar printed)
    and the 100 mm rulers (across, down: what they measured, mm)."""
    a: float
    b: float
    x: float
    y: float
    edges: tuple
    ruler: tuple


@dataclass(frozen=True)
class Found:
    """The printer, as the [printer] table puts it."""
    back_offset: tuple  # mm
    back_rotation: float  # degrees
    scale: tuple  # what 100 mm printed as, mm
    margins: tuple  # top, right, bottom, left: how close to each edge it prints, mm


def check_reading(name: str, value: float) -> float:
    """A reading that is on its ladder, or a CardgenError saying what the ladder holds."""
    if name in "ABXY":
        steps = value / STEP_MM
        if not math.isfinite(value) or abs(value) > SPAN_MM + 1e-9 or abs(steps - round(steps)) > 1e-6:
            raise CardgenError(f"ladder {name} has no dash numbered {_signed(value)}: its dashes run from "
                               f"−{SPAN_MM:g} to +{SPAN_MM:g} in steps of {STEP_MM:g}; read the number beside the "
                               "dash the line runs through")
        return round(steps) * STEP_MM + 0.0
    if name in EDGE_LETTERS.values():
        steps = value / EDGE_STEP_MM
        if not math.isfinite(value) or abs(steps - round(steps)) > 1e-6 or not EDGE_VALUES[0] <= value <= EDGE_VALUES[-1]:
            raise CardgenError(f"edge ladder {name} has no rung numbered {value:g}: its rungs run from "
                               f"{EDGE_VALUES[0]:g} to {EDGE_VALUES[-1]:g} in steps of {EDGE_STEP_MM:g}; give the "
                               "smallest number whose crossbar printed")
        return round(steps) * EDGE_STEP_MM
    low, high = RULER_RANGE
    if not math.isfinite(value) or not low <= value <= high:
        raise CardgenError(f"the {name} ruler measured {value:g} mm: a printer at 100 % prints it {low:g} to "
                           f"{high:g} mm long; further off, the print dialog shrank or stretched the page "
                           "('fit to page'): print the sheet again at actual size and measure again")
    return value


def solve(p: Plan, r: Readings) -> Found:
    """The printer's correction from the readings, or a CardgenError when they do not agree."""
    a, b, x, y = p.ladder("A"), p.ladder("B"), p.ladder("X"), p.ladder("Y")
    cx, cy = p.paper.width / 2, p.paper.height / 2
    t = (r.a - r.b) / (b.y - a.y)  # radians, clockwise as the back page is seen
    # what A and B say about the across correction at X's height, and what X read there
    at_x = r.a + (r.b - r.a) * (x.y - a.y) / (b.y - a.y)
    if abs(at_x - r.x) > AGREE_MM + 1e-9:
        error = CardgenError(f"the readings disagree: A {_signed(r.a)} and B {_signed(r.b)} put X near "
                             f"{_signed(round(at_x, 2))}, but X reads {_signed(r.x)}; hold the sheet to the light "
                             "again and read A, X and B once more")
        error.again = ("A", "X", "B")  # what `calibrate --read` asks again at a terminal
        raise error
    dx = (at_x + r.x) / 2 + t * (x.y - cy)  # the across correction at the centre, from all three
    back_x = p.paper.width - y.x  # Y's place on the back page
    dy = r.y - t * (back_x - cx)
    kx, ky = r.ruler[0] / RULER_MM, r.ruler[1] / RULER_MM

    def margin(d: float, k: float, half: float) -> float:
        return math.ceil(((1 - k) * half + k * d) * 10 - 1e-6) / 10  # rounded up: never less than measured

    top, right, bottom, left = r.edges
    margins = (margin(top, ky, cy), margin(right, kx, cx), margin(bottom, ky, cy), margin(left, kx, cx))
    return Found((round(dx, 2) + 0.0, round(dy, 2) + 0.0), round(math.degrees(t), 3) + 0.0,
                 (round(r.ruler[0], 2), round(r.ruler[1], 2)), tuple(max(0.0, m) for m in margins))


def _signed(v: float) -> str:
    return "0" if v == 0 else f"{'+' if v > 0 else chr(0x2212)}{abs(v):g}"


def on_top_of(old, found: Found) -> Found:
    """Readings of a check print (drawn through the old correction): what is left of the
    error, added to the old values; the scale multiplied; the margins as measured."""
    return Found((round(old.back_offset[0] + found.back_offset[0], 2) + 0.0,
                  round(old.back_offset[1] + found.back_offset[1], 2) + 0.0),
                 round(old.back_rotation + found.back_rotation, 3) + 0.0,
                 tuple(round(s * f / RULER_MM, 2) for s, f in zip(old.scale, found.scale)), found.margins)
