"""The three pictograms a box back and a booklet cover put beside players, ages and time:
two people, a birthday cake, a clock. Flat shapes in one color, drawn in a box of
size mm centred on (x, y), within the fast renderer's subset."""
from __future__ import annotations

from .templating import fmt


def _at(x: float, y: float, size: float):
    """Unit-box coordinates (-1..1) to millimetres."""
    return lambda ux, uy: f"{fmt(x + ux * size / 2)} {fmt(y + uy * size / 2)}"


def players(x: float, y: float, size: float, color: str, ground: str) -> str:
    """Two people, the one behind a little smaller."""
    p = _at(x, y, size)
    r = size / 2

    def person(cx: float, cy: float, k: float) -> str:
        head = f'<circle cx="{fmt(x + cx * r)}" cy="{fmt(y + (cy - 0.42 * k) * r)}" r="{fmt(0.27 * k * r)}"/>'
        body = (f'<path d="M{p(cx - 0.5 * k, cy + 0.62 * k)}C{p(cx - 0.5 * k, cy - 0.02 * k)} '
                f'{p(cx - 0.28 * k, cy - 0.08 * k)} {p(cx, cy - 0.08 * k)}C{p(cx + 0.28 * k, cy - 0.08 * k)} '
                f'{p(cx + 0.5 * k, cy - 0.02 * k)} {p(cx + 0.5 * k, cy + 0.62 * k)}Z"/>')
        return head + body
    # the front person is outlined in the ground color, so the two stay apart
    return (f'<g fill="{color}">{person(0.36, 0.18, 0.82)}</g>'
            f'<g fill="{color}" stroke="{ground}" stroke-width="{fmt(size * 0.05)}">{person(-0.26, 0.3, 1.0)}</g>')


def ages(x: float, y: float, size: float, color: str, ground: str) -> str:
    """A cake with one candle: icing drawn as a wave in the ground color."""
    p = _at(x, y, size)
    return (f'<g fill="{color}">'
            f'<path d="M{p(-0.82, 0.02)}L{p(0.82, 0.02)}L{p(0.82, 0.86)}L{p(-0.82, 0.86)}Z"/>'
            f'<path d="M{p(-0.09, 0.02)}L{p(0.09, 0.02)}L{p(0.09, -0.5)}L{p(-0.09, -0.5)}Z"/>'
            f'<path d="M{p(0, -0.98)}C{p(0.2, -0.78)} {p(0.16, -0.6)} {p(0, -0.6)}'
            f'C{p(-0.16, -0.6)} {p(-0.2, -0.78)} {p(0, -0.98)}Z"/></g>'
            f'<path d="M{p(-0.82, 0.3)}C{p(-0.55, 0.52)} {p(-0.3, 0.52)} {p(-0.05, 0.3)}'
            f'C{p(0.2, 0.52)} {p(0.5, 0.52)} {p(0.82, 0.3)}" fill="none" stroke="{ground}" '
            f'stroke-width="{fmt(size * 0.07)}"/>')


def clock(x: float, y: float, size: float, color: str, ground: str) -> str:
    """A clock face showing ten past ten."""
    p = _at(x, y, size)
    r = size / 2
    return (f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(0.92 * r)}" fill="{color}"/>'
            f'<path d="M{p(0, -0.6)}L{p(0, 0)}L{p(0.42, -0.28)}" fill="none" stroke="{ground}" '
            f'stroke-width="{fmt(size * 0.09)}"/>'
            f'<circle cx="{fmt(x)}" cy="{fmt(y)}" r="{fmt(0.09 * r)}" fill="{ground}"/>')


ICONS = {"players": players, "ages": ages, "time": clock}
