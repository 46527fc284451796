"""Class sets: the mark that tells which deck a card belongs to, laid over any game's cards.

A class builds several decks at once; a card found under a desk must go back to its own.
Each set has a letter (A, B, …) and an outline shape, drawn together on a small white
badge in two opposite corners of every face and back (the second turned half a turn, so
a card held either way up shows one, and a back stays the same both ways up). The shape
says the set to a child who does not read the letter yet, and survives grayscale; no shape
looks like an arrow (the arrows on Str8 Eight faces carry meaning of their own).

The overlay is generic: it is added to the SVG the game's design drew, so every deck
takes it. Where the badge goes is the one thing each design decides (FREE_CORNERS): a
corner its own drawing leaves empty, inside the safe zone.
"""
from __future__ import annotations

import math
from dataclasses import replace

from ..model.sizes import SAFE_MM
from .cards import DeckArt, SVGCard
from .templating import fmt

# the most used sets (a class of 4–6 tables) get the shapes least alike
SHAPES = ("circle", "square", "triangle", "star", "heart", "cross",
          "diamond", "moon", "drop", "flower", "hexagon", "hourglass")
LETTERS = "ABCDEFGHIJKL"

BADGE_W, BADGE_H = 11.6, 6.4  # mm
SHAPE_R = 2.35  # the shape's outline fits a circle of this radius (4.7 mm across)
LETTER_MM = 4.4  # font size: 12.5 pt, a cap height of 3.2 mm
CAP = 0.716
INSET = SAFE_MM + 0.5  # from the trim to the badge's edge

# (game, card kind) -> (how far below the trim's top edge the badge's top sits, where its
# twin goes): the badge hugs the right edge there; its twin is the same badge turned half
# a turn (so in the bottom-left corner), or, where the bottom of the card is busy, beside
# it at the left edge ("left")
TURNED, LEFT = "turned", "left"
FREE_CORNERS = {
    ("str8eight", "number"): (INSET, TURNED),  # the indices sit top-left and bottom-right
    ("str8eight", "pass"): (INSET, TURNED),  # the direction indices likewise
    ("eights", "letter"): (SAFE_MM + 14.0 + 1.6, TURNED),  # just inside the suit band (design/eights.py)
    ("eights", "reference"): (INSET, LEFT),  # on the title band; the points notes fill the bottom
    ("crazy-eights", "card"): (INSET, TURNED),  # the indices sit top-left and bottom-right
}
BACK_CORNER = (INSET, TURNED)  # every back: over the lattice, on the badge's own white


def set_letter(index: int) -> str:
    return LETTERS[index]


def set_shape(index: int) -> str:
    return SHAPES[index]


def folder(index: int) -> str:
    """The set's folder in the game's output: set-a, set-b, …"""
    return f"set-{LETTERS[index].lower()}"


def _polygon(points) -> str:
    return "M" + "L".join(f"{fmt(x)} {fmt(y)}" for x, y in points) + "Z"


def _regular(n: int, r: float, turn: float = -90.0) -> str:
    return _polygon([(r * math.cos(math.radians(turn + 360 * i / n)), r * math.sin(math.radians(turn + 360 * i / n)))
                     for i in range(n)])


def shape_path(shape: str, r: float = SHAPE_R) -> str:
    """The outline of a shape centred on 0,0 that fits a circle of radius r, as path data."""
    if shape == "circle":
        return f"M{fmt(r)} 0A{fmt(r)} {fmt(r)} 0 1 1 {fmt(-r)} 0A{fmt(r)} {fmt(r)} 0 1 1 {fmt(r)} 0Z"
    if shape == "square":
        s = r * 0.8
        return _polygon([(-s, -s), (s, -s), (s, s), (-s, s)])
    if shape == "triangle":
        return _regular(3, r * 1.05, -90)
    if shape == "diamond":
        return _polygon([(0, -r), (r * 0.75, 0), (0, r), (-r * 0.75, 0)])
    if shape == "hexagon":
        return _regular(6, r, 0)
    if shape == "star":
        return _polygon([((r if i % 2 == 0 else r * 0.45) * math.cos(math.radians(-90 + 36 * i)),
                          (r if i % 2 == 0 else r * 0.45) * math.sin(math.radians(-90 + 36 * i))) for i in range(10)])
    if shape == "cross":
        a, b = r * 0.32, r * 0.9
        return _polygon([(-a, -b), (a, -b), (a, -a), (b, -a), (b, a), (a, a), (a, b), (-a, b), (-a, a), (-b, a),
                         (-b, -a), (-a, -a)])
    if shape == "heart":
        k = r / 2.0
        return (f"M0 {fmt(1.9 * k)}C{fmt(-0.6 * k)} {fmt(1.3 * k)} {fmt(-2 * k)} {fmt(0.4 * k)} {fmt(-2 * k)} "
                f"{fmt(-0.6 * k)}C{fmt(-2 * k)} {fmt(-1.7 * k)} {fmt(-0.5 * k)} {fmt(-2 * k)} 0 {fmt(-1 * k)}"
                f"C{fmt(0.5 * k)} {fmt(-2 * k)} {fmt(2 * k)} {fmt(-1.7 * k)} {fmt(2 * k)} {fmt(-0.6 * k)}"
                f"C{fmt(2 * k)} {fmt(0.4 * k)} {fmt(0.6 * k)} {fmt(1.3 * k)} 0 {fmt(1.9 * k)}Z")
    if shape == "moon":  # a crescent opening to the right
        i = r * 0.78
        return (f"M{fmt(r * 0.35)} {fmt(-r * 0.94)}A{fmt(r)} {fmt(r)} 0 1 0 {fmt(r * 0.35)} {fmt(r * 0.94)}"
                f"A{fmt(i)} {fmt(i)} 0 1 1 {fmt(r * 0.35)} {fmt(-r * 0.94)}Z")
    if shape == "drop":  # a raindrop, round at the bottom
        c = r * 0.62
        return (f"M0 {fmt(-r)}C{fmt(c * 0.5)} {fmt(-r * 0.45)} {fmt(c * 1.25)} {fmt(-r * 0.05)} {fmt(c * 1.25)} "
                f"{fmt(r * 0.35)}A{fmt(c * 1.25)} {fmt(c * 1.0)} 0 0 1 {fmt(-c * 1.25)} {fmt(r * 0.35)}"
                f"C{fmt(-c * 1.25)} {fmt(-r * 0.05)} {fmt(-c * 0.5)} {fmt(-r * 0.45)} 0 {fmt(-r)}Z")
    if shape == "flower":  # four round petals
        return _flower(r)
    if shape == "hourglass":
        s = r * 0.8
        return _polygon([(-s, -r * 0.9), (s, -r * 0.9), (0, 0), (s, r * 0.9), (-s, r * 0.9), (0, 0)])
    raise ValueError(f"unknown set shape {shape!r}")


def _flower(r: float) -> str:
    """Four round petals about the centre: one outline of four arcs."""
    p = r * 0.5  # petal radius; petal centres at distance p from the centre
    d = p * math.sqrt(2)  # where neighbouring petals meet, on the diagonals
    pts = [(d * math.cos(math.radians(a)), d * math.sin(math.radians(a))) for a in (-135, -45, 45, 135)]
    out = f"M{fmt(pts[0][0])} {fmt(pts[0][1])}"
    for x, y in pts[1:] + pts[:1]:
        out += f"A{fmt(p)} {fmt(p)} 0 1 1 {fmt(x)} {fmt(y)}"
    return out + "Z"


def badge_svg(index: int, x: float, y: float, fonts: dict, turn: "tuple | None" = None) -> str:
    """The badge whose top-left corner is at x, y (mm): a white rounded box, the set's shape
    and its letter. data-set, data-shape and data-box-mm (x,y,w,h as drawn, before any turn)
    are what the checker reads."""
    letter, shape = LETTERS[index], SHAPES[index]
    rotate = f"rotate(180 {fmt(turn[0])} {fmt(turn[1])}) " if turn else ""
    cy = BADGE_H / 2
    return (f'<g data-set="{letter}" data-shape="{shape}" data-box-mm="{fmt(x)},{fmt(y)},{fmt(BADGE_W)},'
            f'{fmt(BADGE_H)}" transform="{rotate}translate({fmt(x)} {fmt(y)})">'
            f'<rect width="{fmt(BADGE_W)}" height="{fmt(BADGE_H)}" rx="1.8" fill="#ffffff" stroke="#1d2330" '
            f'stroke-width="0.3"/>'
            f'<path data-outline="{shape}" transform="translate({fmt(3.4)} {fmt(cy)})" d="{shape_path(shape)}" '
            f'fill="none" stroke="#1d2330" stroke-width="0.5" stroke-linejoin="round"/>'
            f'<text x="{fmt(8.25)}" y="{fmt(cy + LETTER_MM * CAP / 2)}" font-family="{fonts["heavy"]}" '
            f'font-size="{fmt(LETTER_MM)}" text-anchor="middle" fill="#1d2330">{letter}</text></g>')


def _trim(svg: str) -> "tuple[float, float]":
    import re

    m = re.search(r'data-trim-mm="([\d.]+),([\d.]+)"', svg)
    return float(m.group(1)), float(m.group(2))


def mark_card(card: SVGCard, game: str, index: int, fonts: dict) -> SVGCard:
    """The card with its set's badge in the free top-right corner and, turned, the bottom-left."""
    w, h = _trim(card.svg)
    top, twin = BACK_CORNER if card.kind == "back" else FREE_CORNERS[(game, card.kind)]
    x = w - INSET - BADGE_W
    second = badge_svg(index, x, top, fonts, turn=(w / 2, h / 2)) if twin == TURNED else \
        badge_svg(index, INSET, top, fonts)
    marks = badge_svg(index, x, top, fonts) + "\n  " + second
    end = card.svg.rstrip().rfind("</svg>")
    svg = card.svg[:end] + "  " + marks + "\n" + card.svg[end:]
    return replace(card, svg=svg)


def mark_deck(art: DeckArt, game: str, index: int, fonts: dict) -> DeckArt:
    """Every face and back of the deck wearing set index's mark."""
    return DeckArt(tuple(mark_card(c, game, index, fonts) for c in art.faces),
                   tuple(mark_card(c, game, index, fonts) for c in art.backs), art.back_of)
