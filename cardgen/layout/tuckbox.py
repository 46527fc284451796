"""A one-sheet tuck box net, sized from the card size and the deck's thickness.

Pure geometry in millimetres. Columns, left to right: side glue flap, front, side
(the spine), back, side. The back carries the lid and its tuck flap on top and the
bottom panel below; the sides carry dust flaps; the front has a thumb notch and a
bottom glue flap. Solid lines are cuts, dashed lines folds.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..errors import CardgenError
from .imposition import Line, Rect
from .paper import MIN_MARGIN_MM, Paper

CLEARANCE_MM = 2.0  # added to width, height and depth so the deck slides in
GLUE_W = 12.0
TUCK_H = 16.0
NOTCH_R = 9.0
HEADER_MM = 14.0  # room above the net for the page's title and instructions


@dataclass(frozen=True)
class Panel:
    name: str  # front | back | spine | side | lid | tuck | bottom | glue | dust
    rect: Rect
    glue: bool = False


@dataclass
class Net:
    inner: tuple  # W, H, D of the box's inside, mm
    width: float
    height: float
    panels: list = field(default_factory=list)
    outline: list = field(default_factory=list)  # (x, y) points of the cut line, closed
    notch: tuple = ()  # centre x, y and radius of the thumb notch (an arc on the outline)
    folds: list = field(default_factory=list)  # dashed Lines
    cards: int = 0  # how many cards it holds


def inner_size(card_w: float, card_h: float, cards: int, thickness: float) -> tuple:
    return (round(card_w + CLEARANCE_MM, 2), round(card_h + CLEARANCE_MM, 2),
            round(cards * thickness + CLEARANCE_MM, 2))


def net(card_w: float, card_h: float, cards: int, thickness: float) -> Net:
    W, H, D = inner_size(card_w, card_h, cards, thickness)
    dust = min(D * 0.8, W / 2 - 2)
    c0, c1, c2, c3, c4, c5 = 0, GLUE_W, GLUE_W + W, GLUE_W + W + D, GLUE_W + 2 * W + D, GLUE_W + 2 * W + 2 * D
    r0, r1, r2 = 0, TUCK_H, TUCK_H + D
    r3, r4 = r2 + H, r2 + H + D
    n = Net((W, H, D), c5, r4, cards=cards)
    n.panels = [
        Panel("glue", Rect(c0, r2, GLUE_W, H), glue=True),
        Panel("front", Rect(c1, r2, W, H)),
        Panel("spine", Rect(c2, r2, D, H)),
        Panel("back", Rect(c3, r2, W, H)),
        Panel("side", Rect(c4, r2, D, H)),
        Panel("lid", Rect(c3, r1, W, D)),
        Panel("tuck", Rect(c3, r0, W, TUCK_H)),
        Panel("bottom", Rect(c3, r3, W, D)),
        Panel("glue", Rect(c1, r3, W, D * 0.8), glue=True),
        Panel("dust", Rect(c2, r2 - dust, D, dust)),
        Panel("dust", Rect(c4, r2 - dust, D, dust)),
        Panel("dust", Rect(c2, r3, D, dust)),
        Panel("dust", Rect(c4, r3, D, dust)),
    ]
    gf = D * 0.8
    mid = (c1 + c2) / 2
    n.notch = (mid, r2, NOTCH_R)
    n.outline = [
        (c3 + 4, r0), (c4 - 4, r0), (c4, r0 + 4), (c4, r2),
        (c4 + 1.5, r2 - dust), (c5 - 4, r2 - dust), (c5, r2 - 2), (c5, r3),
        (c5, r3 + 2), (c5 - 4, r3 + dust), (c4 + 1.5, r3 + dust), (c4, r3),
        (c4, r4), (c3, r4), (c3, r3),
        (c3 - 1.5, r3 + dust), (c2 + 4, r3 + dust), (c2, r3 + 2), (c2, r3),
        (c2 - 3, r3 + gf), (c1 + 3, r3 + gf), (c1, r3),
        (c0, r3 - 5), (c0, r2 + 5), (c1, r2),
        (mid - NOTCH_R, r2), (mid + NOTCH_R, r2),  # the notch arc is drawn between these two
        (c2, r2), (c2, r2 - 2), (c2 + 4, r2 - dust), (c3 - 1.5, r2 - dust), (c3, r2),
        (c3, r0 + 4),
    ]
    n.folds = [Line(x, r2, x, r3, True) for x in (c1, c2, c3, c4)]
    n.folds += [Line(c2, r2, c3, r2, True), Line(c3, r2, c4, r2, True), Line(c4, r2, c5, r2, True),
                Line(c3, r1, c4, r1, True),
                Line(c1, r3, c2, r3, True), Line(c2, r3, c3, r3, True), Line(c3, r3, c4, r3, True),
                Line(c4, r3, c5, r3, True)]
    return n


@dataclass(frozen=True)
class NetPlacement:
    x: float  # where the net's origin lands on the page
    y: float
    rotated: bool  # turned a quarter turn to fit


def place(n: Net, paper: Paper) -> NetPlacement:
    """Centre the net on the page below the header, turning it if it only fits that way."""
    room_w = paper.width - 2 * MIN_MARGIN_MM
    room_h = paper.height - 2 * MIN_MARGIN_MM - HEADER_MM
    top = MIN_MARGIN_MM + HEADER_MM
    if n.width <= room_w and n.height <= room_h:
        return NetPlacement((paper.width - n.width) / 2, top + (room_h - n.height) / 2, False)
    if n.height <= room_w and n.width <= room_h:
        # rotate(90): the net's x runs down the page and its y runs right to left
        return NetPlacement((paper.width + n.height) / 2, top + (room_h - n.width) / 2, True)
    cards = n.cards
    fits = [t / 100 for t in range(10, 101) if _fits(_with_thickness(n, t / 100), paper, room_w, room_h)]
    advice = (f"cards up to {max(fits):g} mm thick fit: lower --card-thickness" if fits
              else "split the deck into two boxes")
    raise CardgenError(f"a tuck box for {cards} cards ({n.inner[2]:g} mm deep) does not fit on {paper.name}: {advice}")


MAX_BOXES = 4


def boxes_for(card_w: float, card_h: float, cards: int, thickness: float, papers) -> int:
    """How many boxes of equal size hold the deck when one box would not fit the paper:
    the fewest whose net fits every paper (a 12 × 12 Str8 Eight, 150 cards, takes two
    on A4). One box when even MAX_BOXES would not fit: place() then says why."""
    for k in range(1, MAX_BOXES + 1):
        n = net(card_w, card_h, -(-cards // k), thickness)
        if all(_fits(n, paper, paper.width - 2 * MIN_MARGIN_MM, paper.height - 2 * MIN_MARGIN_MM - HEADER_MM)
               for paper in papers):
            return k
    return 1


def _fits(n: Net, paper: Paper, room_w: float, room_h: float) -> bool:
    return (n.width <= room_w and n.height <= room_h) or (n.height <= room_w and n.width <= room_h)


def _with_thickness(n: Net, thickness: float) -> Net:
    """The same box for cards of another thickness."""
    return net(n.inner[0] - CLEARANCE_MM, n.inner[1] - CLEARANCE_MM, n.cards, thickness)
