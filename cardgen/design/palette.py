"""Legible text on a color, and the groups' shapes.

Colors are design tokens (templates/design/tokens.toml) and travel with the Theme value;
INK, PAPER and MUTED_INK repeat the shipped tokens' values for the callers that have no
theme at hand (tests/test_tokens.py keeps them equal)."""
from __future__ import annotations

INK = "#1d2330"  # color.ink
PAPER = "#fffcf4"  # color.paper
MUTED_INK = "#5b6270"  # color.muted


def relative_luminance(hex_color: str) -> float:
    """WCAG relative luminance, used to pick legible text on a colored tag."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """The WCAG contrast ratio of two colors (1 to 21)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)))
    return (lb + 0.05) / (la + 0.05)


LEGIBLE = 4.5  # WCAG's contrast for text under 18 pt


def legible(color: str, ground: str, ratio: float = LEGIBLE) -> str:
    """color, darkened (mixed with black in steps of 5 %) until it reads on ground at ratio:
    a label keeps its hue (a callout's olive, a deck's red) and becomes legible."""
    rgb = [int(color[i:i + 2], 16) for i in (1, 3, 5)]
    out = color
    for step in range(21):
        out = "#%02x%02x%02x" % tuple(round(v * (1 - step / 20)) for v in rgb)
        if contrast(out, ground) >= ratio:
            return out
    return out


def text_on(hex_color: str, tokens=None) -> str:
    """The tokens' white or ink on a color, whichever contrasts more; black where neither
    reaches LEGIBLE (a mid-tone such as ×7's rose: ink 4.3:1, black 5.7:1)."""
    white, ink = (tokens.color("white"), tokens.color("ink")) if tokens is not None else ("#ffffff", INK)
    best = white if contrast(hex_color, white) >= contrast(hex_color, ink) else ink
    if contrast(hex_color, best) < LEGIBLE and contrast(hex_color, "#000000") > contrast(hex_color, best):
        return "#000000"
    return best


# Each group's shape (tokens: group.shapes), drawn small and filled on its arrows, its
# sequence-sheet row and the legend, so a group is told by its outline as well as by its
# color and "×d" label: in grayscale, ×3 (teal) and ×5 (olive) are 2.1 L* apart, but a
# triangle is no down-triangle. Filled solids only (a class set's mark is a letter inside
# an outline shape, in a corner), each with its own silhouette at 2 mm: no two differ only
# by a turn of a few degrees.


def _star(points: int, inner: float) -> list:
    import math

    return [((1 if i % 2 == 0 else inner) * math.sin(math.pi * i / points),
             -(1 if i % 2 == 0 else inner) * math.cos(math.pi * i / points)) for i in range(2 * points)]


# outlines in a unit box (x and y from -1 to 1, y down), as polygons; the round ones are paths
_POLYGONS = {
    "square": [(-0.82, -0.82), (0.82, -0.82), (0.82, 0.82), (-0.82, 0.82)],
    "triangle": [(0, -1), (1, 0.78), (-1, 0.78)],
    "diamond": [(0, -1), (1, 0), (0, 1), (-1, 0)],
    "triangle-down": [(-1, -0.78), (1, -0.78), (0, 1)],
    "plus": [(-0.32, -1), (0.32, -1), (0.32, -0.32), (1, -0.32), (1, 0.32), (0.32, 0.32), (0.32, 1),
             (-0.32, 1), (-0.32, 0.32), (-1, 0.32), (-1, -0.32), (-0.32, -0.32)],
    "star": _star(5, 0.45),
    "hourglass": [(-0.9, -1), (0.9, -1), (0.14, 0), (0.9, 1), (-0.9, 1), (-0.14, 0)],
    "cross": [(-1, -0.55), (-0.55, -1), (0, -0.45), (0.55, -1), (1, -0.55), (0.45, 0), (1, 0.55), (0.55, 1),
              (0, 0.45), (-0.55, 1), (-1, 0.55), (-0.45, 0)],
    "bar": [(-1, -0.42), (1, -0.42), (1, 0.42), (-1, 0.42)],
}


SHAPE_NAMES = frozenset(_POLYGONS) | {"circle", "half-disc", "heart"}  # what shape_path can draw


def shape_path(name: str, x: float, y: float, r: float) -> str:
    """The shape's outline centred on (x, y), r (mm) from its centre to its box's edge."""
    from .templating import fmt

    def at(px: float, py: float) -> str:
        return f"{fmt(x + r * px)} {fmt(y + r * py)}"
    if name == "circle":
        return f"M{at(-0.92, 0)}A{fmt(0.92 * r)} {fmt(0.92 * r)} 0 1 0 {at(0.92, 0)}" \
               f"A{fmt(0.92 * r)} {fmt(0.92 * r)} 0 1 0 {at(-0.92, 0)}Z"
    if name == "half-disc":
        return f"M{at(-1, 0.45)}A{fmt(r)} {fmt(r)} 0 0 1 {at(1, 0.45)}Z"
    if name == "heart":
        return (f"M{at(0, 1)}L{at(-0.92, 0.05)}A{fmt(0.5 * r)} {fmt(0.5 * r)} 0 0 1 {at(0, -0.55)}"
                f"A{fmt(0.5 * r)} {fmt(0.5 * r)} 0 0 1 {at(0.92, 0.05)}Z")
    points = _POLYGONS[name]
    return "M" + "L".join(at(px, py) for px, py in points) + "Z"
