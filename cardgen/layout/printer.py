"""A printer's profile as page transforms: what `cardgen calibrate` reads, applied.

Home printers put the back of a sheet a little off (shifted, sometimes turned) and print
every page a little larger or smaller. The [printer] table holds what the calibration
sheet reads, and here it becomes one affine map per page, in mm from the page's top-left
corner with y down: every page is scaled about its centre by 100 / the measured ruler;
a back page is then turned about its centre (clockwise as the back page is seen) and
moved by the back offset. On a gutterfold sheet the backs share the page with their
fronts, so they are turned about the centre of their half and moved there.

A map is (a, b, c, d, e, f): (x, y) goes to (a x + c y + e, b x + d y + f), the order
PDF writes matrices in.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from ..errors import CardgenError

IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def then(m: tuple, n: tuple) -> tuple:
    """m, then n."""
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def apply(m: tuple, x: float, y: float) -> tuple:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _about(cx: float, cy: float, m: tuple) -> tuple:
    return then(then((1.0, 0.0, 0.0, 1.0, -cx, -cy), m), (1.0, 0.0, 0.0, 1.0, cx, cy))


@dataclass(frozen=True)
class Correction:
    back_offset: tuple = (0.0, 0.0)  # mm, as the back page is drawn: x right, y down
    back_rotation: float = 0.0  # degrees, clockwise as the back page is seen
    scale: tuple = (100.0, 100.0)  # what the 100 mm rulers measure, mm

    @property
    def is_identity(self) -> bool:
        return not any(self.back_offset) and not self.back_rotation and tuple(self.scale) == (100.0, 100.0)

    def page(self, width: float, height: float) -> tuple:
        """Every page: scaled about its centre so that 100 mm prints as 100 mm."""
        kx, ky = 100.0 / self.scale[0], 100.0 / self.scale[1]
        return _about(width / 2, height / 2, (kx, 0.0, 0.0, ky, 0.0, 0.0))

    def back_turn(self, cx: float, cy: float) -> tuple:
        """A back turned about (cx, cy) and moved by the offset."""
        t = math.radians(self.back_rotation)
        cos, sin = math.cos(t), math.sin(t)
        dx, dy = self.back_offset
        return then(_about(cx, cy, (cos, sin, -sin, cos, 0.0, 0.0)), (1.0, 0.0, 0.0, 1.0, dx, dy))

    def back_page(self, width: float, height: float) -> tuple:
        """A duplex back page: scaled, then turned about the page centre and moved."""
        return then(self.page(width, height), self.back_turn(width / 2, height / 2))

    def describe(self) -> str:
        dx, dy = self.back_offset
        return (f"back offset {dx:g},{dy:g} mm, back rotation {self.back_rotation:g}°, "
                f"print scale {self.scale[0]:g},{self.scale[1]:g}")


def pdf_matrix(m: tuple, page_h_mm: float) -> tuple:
    """A map of page mm (y down) as a PDF cm matrix (points, y up)."""
    k = 72 / 25.4
    to_mm = (1 / k, 0.0, 0.0, -1 / k, 0.0, page_h_mm)
    to_pt = (k, 0.0, 0.0, -k, 0.0, page_h_mm * k)
    return then(then(to_mm, m), to_pt)


def page_maps(correction: Correction, side: str, width: float, height: float) -> "tuple[tuple, tuple]":
    """(the map of the whole page, the extra map of each back placed on it) for a page of
    fronts, backs (duplex) or a gutterfold sheet."""
    page = correction.page(width, height)
    if side == "backs":
        return correction.back_page(width, height), IDENTITY
    if side == "sheet":
        return page, correction.back_turn(width * 3 / 4, height / 2)
    return page, IDENTITY


def check_correction(spec, correction: Correction) -> None:
    """Refuse, before any work, a profile that would push cards off the sheet: every corner
    of every card's trim must stay on the page once the page (and back) maps are applied."""
    from .imposition import impose

    pages = impose(spec, 64)[:2]  # full sheets (no sheet holds 64 cards): a front page and its back, or one gutterfold sheet
    for page in pages:
        whole, extra = page_maps(correction, page.side, page.width, page.height)
        worst = None
        for p in page.placements:
            m = then(extra, whole) if p.back else whole
            for x in (p.trim.x, p.trim.right):
                for y in (p.trim.y, p.trim.bottom):
                    px, py = apply(m, x, y)
                    out = max(-px, px - page.width, -py, py - page.height)
                    worst = out if worst is None else max(worst, out)
        if worst is not None and worst > 1e-6:
            what = "card backs" if page.side != "fronts" else "cards"
            if correction.back_rotation == 0 and tuple(correction.scale) == (100.0, 100.0):
                dx, dy = correction.back_offset
                raise CardgenError(
                    f"--back-offset: {dx:g},{dy:g} would push card backs off the {spec.paper.name} page "
                    f"({spec.layout}) by {worst:.1f} mm; this sheet leaves room for {_room(page, correction)}")
            raise CardgenError(f"the printer correction ({correction.describe()}) would push {what} off the "
                               f"{spec.paper.name} page ({spec.layout}) by {worst:.1f} mm; print the calibration "
                               "sheet again and check the values under [printer]")


def _room(page, correction: Correction) -> str:
    """How far the backs may move each way, for the message."""
    backs = [p.trim for p in page.placements if p.back]
    left, top = min(t.x for t in backs), min(t.y for t in backs)
    right, bottom = page.width - max(t.right for t in backs), page.height - max(t.bottom for t in backs)
    return f"x from {-left:.1f} to {right:.1f} mm and y from {-top:.1f} to {bottom:.1f} mm"
