"""The calibration sheet's geometry: ladders that read a printer's duplex error, and rulers.

Printed double-sided and held to the light, each ladder shows a long line from the back
running across a staircase of short dashes on the front, one dash every 0.25 mm. The
dash the line runs through exactly names, in its number, the correction to type in:
the line stays straight and long, so a back that is also shifted along the ladder
changes nothing. Four ladders (all lengths mm, origin at the front's top-left corner):

- X, near the middle: the back offset across (back_offset's first number);
- Y, below the middle: the back offset down (its second number);
- A and B, above and below the middle, ROTATION_BASE apart: the back turned by an
  angle moves A and B opposite ways, so back_rotation = (A − B) × DEGREES_PER_MM.

Every number is the value that cancels the error, in the [printer] table's terms: the
offset moves the back page as it is drawn (x right, y down), the rotation turns it
clockwise as the back page is seen. Two 100 mm rulers, across and down, read the scale.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from .paper import Paper

STEP_MM = 0.25  # one dash to the next: the reading's resolution
SPAN_MM = 4.0  # readings from -SPAN to +SPAN
ROW_MM = 1.8  # dash pitch along the ladder
DASH_MM = 1.2  # a dash's length
LINE_OVERHANG_MM = 6.0  # the back line runs this far past the ladder's ends: shifts along it read the same
DEGREES_PER_MM = 0.3  # rotation per mm of A − B
ROTATION_BASE_MM = 180 / math.pi / DEGREES_PER_MM  # A to B: 190.99 mm, so 1 mm of A − B is 0.3°
RULER_MM = 100.0


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
class CalRuler:
    axis: str  # "x" across, "y" down
    x: float  # start
    y: float
    length: float = RULER_MM


@dataclass
class Plan:
    paper: Paper
    ladders: list = field(default_factory=list)
    rulers: list = field(default_factory=list)

    def ladder(self, name: str) -> Ladder:
        return next(l for l in self.ladders if l.name == name)


def _values() -> list:
    n = round(SPAN_MM / STEP_MM)
    return [k * STEP_MM for k in range(-n, n + 1)]


def _ladder(name: str, axis: str, x: float, y: float) -> Ladder:
    """Rungs from -SPAN to +SPAN. Across (x): a rung of value v sits v mm right of the back
    line's place, since a back drawn v mm too far left (from the front) needs +v. Down (y):
    a rung of value v sits v mm above it, since a back v mm too low needs -v."""
    values = _values()
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


def plan(paper: Paper) -> Plan:
    """The sheet for a paper: A and B on the vertical centre line, X left of the middle,
    Y below it, the rulers across above the middle and down on the right."""
    w, h = paper.width, paper.height
    xc, yc = w / 2, h / 2
    p = Plan(paper)
    p.ladders = [
        _ladder("A", "x", xc, yc - ROTATION_BASE_MM / 2),
        _ladder("X", "x", xc - 52, yc),
        _ladder("Y", "y", xc, yc + 42),
        _ladder("B", "x", xc, yc + ROTATION_BASE_MM / 2),
    ]
    p.rulers = [CalRuler("x", xc - RULER_MM / 2, yc - 40), CalRuler("y", xc + 58, yc - RULER_MM / 2 + 6)]
    return p


def readings_to_profile(a: float, b: float, x: float, y: float) -> tuple:
    """(back offset, back rotation) from the four ladders' readings, as the sheet says."""
    return (x, y), round((a - b) * DEGREES_PER_MM, 4)
