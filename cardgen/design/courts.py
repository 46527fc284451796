"""The court figures of Crazy Eights: king, queen and jack drawn as flat illustrations.

Each figure is the upper half of a double-headed court card: a bust from the crown or
hat down to the card's centre line, drawn once in a 40 × 33 design box (x from -20 to
20, y from -33 at the top to 0 on the centre line) and placed twice, the second time
turned half a turn, as on a standard deck. What tells them apart at card size: the
king's crown and beard; the queen's tiara, long hair and pearls; the jack's feathered cap
and bare chin. Each suit's court holds its own attribute (ATTRIBUTES: the king's sword,
sceptre, axe or orb; the queen's fan, rose, orb or tulip; the jack's halberd, sword, axe
or sceptre) and wears its suit's sleeves (crazy_eights.court_colors). The suit shows on
the chest medallion and beside the head.

Only what the fast renderer draws (draw/fastsvg.py): absolute paths, circles and rects.
Colors come by role (skin, hair, robe, …) from a scheme, so low ink draws the same lines
on white.
"""
from __future__ import annotations

from dataclasses import dataclass

from .templating import fmt

BOX_W, BOX_H = 40.0, 33.0  # the design box of one half figure
STROKE = 0.32  # outline width in design units (a poker card's panel draws them 1:1 in mm)


@dataclass(frozen=True)
class Shape:
    kind: str  # path | circle | rect | line (a stroked path, no fill)
    role: str  # the color role its fill takes; for a line, its stroke
    geometry: tuple  # path: (d,); circle: (cx, cy, r); rect: (x, y, w, h)


def _p(role: str, d: str) -> Shape:
    return Shape("path", role, (d,))


def _c(role: str, cx: float, cy: float, r: float) -> Shape:
    return Shape("circle", role, (cx, cy, r))


def _r(role: str, x: float, y: float, w: float, h: float) -> Shape:
    return Shape("rect", role, (x, y, w, h))


def _line(role: str, d: str) -> Shape:
    return Shape("line", role, (d,))


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> str:
    return (f"M{fmt(cx - rx)} {fmt(cy)}A{fmt(rx)} {fmt(ry)} 0 1 0 {fmt(cx + rx)} {fmt(cy)}"
            f"A{fmt(rx)} {fmt(ry)} 0 1 0 {fmt(cx - rx)} {fmt(cy)}Z")


FACE = (0.0, -19.6, 4.5, 5.5)  # the face's centre and radii

# the parts every figure shares: the robe with its sleeves and gold front, the neck
ROBE = (
    _p("robe", "M-16.6 0L-16.6 -6C-16.6 -10 -13.4 -12.4 -8.4 -13.4L-3 -14L3 -14L8.4 -13.4C13.4 -12.4 16.6 -10 16.6 -6L16.6 0Z"),
    _p("cloth", "M-16.6 0L-16.6 -6C-16.6 -9.4 -14.4 -11.7 -11.2 -12.8L-8.8 0Z"),
    _p("cloth", "M16.6 0L16.6 -6C16.6 -9.4 14.4 -11.7 11.2 -12.8L8.8 0Z"),
    _p("gold", "M-3.2 -14L3.2 -14L4.4 0L-4.4 0Z"),
    _r("skin", -2.1, -16.2, 4.2, 3.2),
)


MEDALLION = (0.0, -5.2, 3.6)  # where the suit symbol goes on the chest: x, y, height

EYES = (_c("ink", -1.7, -20.6, 0.55), _c("ink", 1.7, -20.6, 0.55),
        _line("ink", "M-2.7 -22.2L-0.9 -22.5"), _line("ink", "M0.9 -22.5L2.7 -22.2"),
        _line("ink", "M-0.1 -20.2C-0.4 -19.3 -0.7 -18.7 0.3 -18.4"))

KING = (
    _p("hair", "M-5.3 -22C-6.6 -18 -6.2 -14.4 -4.4 -13L4.4 -13C6.2 -14.4 6.6 -18 5.3 -22Z"),
    *ROBE,
    # ermine collar: white with black tails
    _p("paper", "M-12 -13C-7.6 -9.8 7.6 -9.8 12 -13L10.4 -15.2C6 -12.8 -6 -12.8 -10.4 -15.2Z"),
    *(_p("ink", f"M{fmt(x)} -12.9L{fmt(x + 0.45)} -11.7L{fmt(x - 0.45)} -11.7Z") for x in (-7.5, -3.8, 0, 3.8, 7.5)),
    _p("skin", _ellipse(*FACE)),
    *EYES,
    # beard and moustache
    _p("hair", "M-4.5 -19C-4.7 -14.8 -2.6 -11.6 0 -10.8C2.6 -11.6 4.7 -14.8 4.5 -19"
               "C3.6 -16.6 2 -16.1 0 -16.4C-2 -16.1 -3.6 -16.6 -4.5 -19Z"),
    _p("hair", "M-2.8 -16.8C-1.6 -18.1 -0.5 -17.9 0 -17.3C0.5 -17.9 1.6 -18.1 2.8 -16.8"
               "C1.6 -17 0.6 -16.7 0 -16.3C-0.6 -16.7 -1.6 -17 -2.8 -16.8Z"),
    # crown: five points with pearls, a jewelled band
    _p("gold", "M-5.4 -24.1L-6 -30L-3.2 -27.1L0 -31.4L3.2 -27.1L6 -30L5.4 -24.1Z"),
    _c("gold", -6, -30.2, 0.7), _c("gold", 0, -31.6, 0.8), _c("gold", 6, -30.2, 0.7),
    _r("gold", -5.7, -25.6, 11.4, 1.9),
    _c("jewel", -3.2, -24.65, 0.55), _c("cloth", 0, -24.65, 0.6), _c("jewel", 3.2, -24.65, 0.55),
)

QUEEN = (
    # long hair, falling to the shoulders behind the face
    _p("hair", "M-5.6 -22.6C-7.8 -17 -7.2 -12.6 -9 -10L9 -10C7.2 -12.6 7.8 -17 5.6 -22.6C4.6 -26.2 -4.6 -26.2 -5.6 -22.6Z"),
    *ROBE,
    # square neckline, a white ruff and a string of pearls
    _p("paper", "M-10.6 -14.6C-6 -11.4 6 -11.4 10.6 -14.6L9.4 -12.4C5.6 -9.6 -5.6 -9.6 -9.4 -12.4Z"),
    *(_c("paper", x, y, 0.62) for x, y in ((-5.6, -9.9), (-3.8, -9.2), (-1.9, -8.8), (0, -8.7), (1.9, -8.8),
                                             (3.8, -9.2), (5.6, -9.9))),
    _p("skin", _ellipse(*FACE)),
    # a fringe across the brow
    _p("hair", "M-4.6 -22.4C-4 -25.6 4 -25.6 4.6 -22.4C2.6 -23.6 -2.6 -23.6 -4.6 -22.4Z"),
    *EYES,
    _p("jewel", _ellipse(0, -16.4, 1.0, 0.45)),
    # tiara with a jewel
    _p("gold", "M-4.9 -24.3L-4.9 -27.2L-2.7 -26L-1.4 -28.7L0 -26.6L1.4 -28.7L2.7 -26L4.9 -27.2L4.9 -24.3Z"),
    _c("jewel", 0, -25.3, 0.6),
)

JACK = (
    # short curls below the cap
    _p("hair", "M-5.4 -23.4C-6.8 -20.6 -6.4 -17.4 -4.8 -16.2L-3.8 -21.2Z"),
    _p("hair", "M5.4 -23.4C6.8 -20.6 6.4 -17.4 4.8 -16.2L3.8 -21.2Z"),
    *ROBE,
    # pointed white collar
    _p("paper", "M-8.2 -14.2L-2.6 -9.2L0 -12.4L2.6 -9.2L8.2 -14.2L6.2 -15.4L0 -13.6L-6.2 -15.4Z"),
    _p("skin", _ellipse(*FACE)),
    *EYES,
    _line("ink", "M-1.2 -16.6C-0.4 -16 0.4 -16 1.2 -16.6"),
    # feathered cap
    _p("feather", "M1.6 -28.6C3.4 -32.2 7 -33 10.2 -32.2C7.8 -31.2 5.8 -29.8 4.2 -27.6Z"),
    _line("ink", "M3.2 -28.4C5 -30.6 7.2 -31.6 9.4 -32"),
    _p("cloth", "M-5.8 -24C-6.2 -28 -2.6 -30 1 -29.8C4.8 -29.6 7.2 -27.6 6.4 -24Z"),
    _r("gold", -6.2, -25, 13, 1.6),
)

HAND = (12.4, -10.4)  # the right hand that holds the attribute

# what a figure holds, drawn upright in its right hand (x about 12, from the hand up)
SWORD = (
    _p("steel", "M11.6 -12.2L11.6 -28.6L12.4 -30.6L13.2 -28.6L13.2 -12.2Z"),
    _line("ink", "M12.4 -27.8L12.4 -13.2"),
    _r("gold", 9.6, -13.1, 5.6, 1.3),
    _r("wood", 11.7, -11.8, 1.4, 3),
    _c("gold", 12.4, -8.4, 0.8),
)
SCEPTRE = (
    _r("gold", 11.8, -27.2, 1.2, 18.6),
    _c("gold", 12.4, -28.6, 1.9),
    _c("jewel", 12.4, -28.6, 0.9),
    _r("gold", 10.6, -24.6, 3.6, 1.0),
    _r("gold", 10.9, -12.8, 3.0, 0.9),
)
AXE = (
    _r("wood", 11.9, -29.0, 1.1, 20.6),
    _p("steel", "M13 -28.2C16.6 -29.4 18.4 -26.2 17.6 -22.4C16.6 -23.6 14.8 -24 13 -23.6Z"),
    _p("steel", "M11.9 -27.4L9.6 -26.2L11.9 -25Z"),
    _c("gold", 12.45, -29.4, 0.75),
)
ORB = (  # a globe with a cross, held at the shoulder
    _r("gold", 11.9, -24.8, 1.0, 3.2),
    _r("gold", 10.9, -23.8, 3.0, 1.0),
    _c("gold", 12.4, -18.2, 3.6),
    _p("cloth", "M8.8 -18.6C10.4 -17.6 14.4 -17.6 16 -18.6L16 -17.8C14.4 -16.8 10.4 -16.8 8.8 -17.8Z"),
    _c("jewel", 12.4, -18.2, 0.9),
)
HALBERD = (
    _r("wood", 11.9, -30.4, 1.1, 22.0),
    _p("steel", "M12.45 -32.6L13.3 -30.2L11.6 -30.2Z"),
    _p("steel", "M13 -29.6C15.8 -29.2 17 -27 16.6 -24.4L13 -25.6Z"),
    _p("steel", "M11.9 -28.6L9.4 -27.4L11.9 -26.4Z"),
)
ROSE = (  # five round petals round a gold heart: a flower, not a letter
    _line("leaf", "M12.4 -9C12.8 -15 12.3 -19 12.6 -22.4"),
    _p("leaf", "M12.6 -15.6C14.6 -17.4 16.2 -16.6 16.8 -15C14.8 -14.2 13.5 -14.6 12.6 -15.6Z"),
    _p("leaf", "M12.5 -19.2C10.6 -20.8 9.2 -20.2 8.7 -18.7C10.4 -18 11.6 -18.3 12.5 -19.2Z"),
    *(_c("rose", 12.6 + 1.55 * dx, -25.0 + 1.55 * dy, 1.25) for dx, dy in
      ((0.0, -1.0), (0.95, -0.31), (0.59, 0.81), (-0.59, 0.81), (-0.95, -0.31))),
    _c("gold", 12.6, -25.0, 0.9),
)
TULIP = (  # a tulip for the clubs
    _line("leaf", "M12.4 -9C12.6 -15 12.4 -19 12.6 -22"),
    _p("leaf", "M12.5 -14C10.2 -16 9.6 -19 10.2 -21C11.8 -19.4 12.4 -17 12.5 -14Z"),
    _p("rose", "M10.2 -26.6L11.4 -24.6L12.6 -27.2L13.8 -24.6L15 -26.6L15 -23.6C15 -21.8 10.2 -21.8 10.2 -23.6Z"),
)
FAN = (  # a folded fan, held up
    _p("paper", "M12.4 -12L7.4 -24.6C10.4 -27.2 14.4 -27.2 17.4 -24.6Z"),
    *(_line("ink", f"M12.4 -12L{fmt(x)} {fmt(-24.6 - 2.2 * (1 - abs(x - 12.4) / 5))}") for x in (8.8, 10.6, 12.4, 14.2, 16)),
    _c("gold", 12.4, -12, 0.8),
)

# what each court holds in each suit: the rank's figure and headwear stay, the attribute
# and the sleeves' color change with the suit
ATTRIBUTES = {
    "K": {"spades": SWORD, "hearts": SCEPTRE, "diamonds": AXE, "clubs": ORB},
    "Q": {"spades": FAN, "hearts": ROSE, "diamonds": ORB, "clubs": TULIP},
    "J": {"spades": HALBERD, "hearts": SWORD, "diamonds": AXE, "clubs": SCEPTRE},
}

FIGURES = {"K": KING, "Q": QUEEN, "J": JACK}

SUIT_AT = (-14.2, -25.6, 6.0)  # the suit symbol beside the head: x, y, height


def _element(shape: Shape, fill: str, stroke: str, stroke_width: float) -> str:
    if shape.kind == "line":
        return f'<path d="{shape.geometry[0]}" fill="none" stroke="{stroke}" stroke-width="{fmt(stroke_width)}"/>'
    paint = f'fill="{fill}" stroke="{stroke}" stroke-width="{fmt(stroke_width)}"'
    if shape.kind == "path":
        return f'<path d="{shape.geometry[0]}" {paint}/>'
    if shape.kind == "circle":
        cx, cy, r = shape.geometry
        return f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(r)}" {paint}/>'
    x, y, w, h = shape.geometry
    return f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}" {paint}/>'


def figure_svg(rank: str, colors: dict, line: str, suit_symbol, suit: str = "spades") -> str:
    """One half figure in design units: colors maps each role to a fill; line is the
    outline color; suit_symbol(x, y, height) draws the suit (a callable from the card's
    design, in its color); suit chooses what the figure holds (ATTRIBUTES). Features
    (eyes, brows) take the line color; a line shape its role."""
    parts = []
    for shape in FIGURES[rank] + ATTRIBUTES[rank][suit] + (_c("skin", *HAND, 1.7),):
        fill = colors[shape.role]
        if shape.kind == "line":
            parts.append(_element(shape, "none", colors.get(shape.role, line), STROKE * 1.1))
        elif shape.role == "ink":
            parts.append(_element(shape, fill, "none", 0))
        else:
            parts.append(_element(shape, fill, line, STROKE))
    x, y, h = MEDALLION
    parts.append(_element(_c("gold", x, y, h * 0.92), colors["gold"], line, STROKE))
    parts.append(_element(_c("paper", x, y, h * 0.72), colors["paper"], line, STROKE * 0.6))
    parts.append(suit_symbol(x, y, h))
    parts.append(suit_symbol(*SUIT_AT))
    return "".join(parts)


CLEAR = 0.9  # of the panel's width the design box takes: the sleeves stand clear of the frame


def placement(panel_w: float, panel_h: float) -> float:
    """The scale that fits a half figure in half a court panel of panel_w × panel_h mm,
    a margin clear of the panel's frame at both sides."""
    return min(panel_w * CLEAR / BOX_W, panel_h / 2 / BOX_H)
