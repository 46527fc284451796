"""Crazy Eights playing cards as SVG: indices in two opposite corners, pips laid out
the classic way (one large symbol on aces), simple double-headed court cards, and
each card's penalty printed small. The eights are gold all over and say WILD; the 6
and 9 indices are underlined, as on standard cards (model/upside_down.py)."""
from __future__ import annotations

from ..model.crazy_eights import GAME, RED_SUITS, TITLE, PlayingCard
from ..model.sizes import SAFE_MM
from ..model.upside_down import reads_as_another
from . import backs, palette
from .cards import DeckArt, Look, SVGCard
from .templating import fmt, render

CAP = 0.716
PT = 25.4 / 72
RED = "#c0262d"
GOLD = "#d9a21b"
WILD_GROUND = {False: "#f6e3a4", True: "#fbf1d3"}  # normal ink, low ink: gold, pale gold
WILD_INK = "#7a5200"  # the WILD words, dark gold: 4.5:1 or more on either ground
BACK_GROUNDS = {1: "#7a1f2b", 2: "#1f4d33"}  # deck 1 wine red, deck 2 forest green

# suit symbols in a unit box (-1..1), point down for hearts, up for spades
SUIT_PATHS = {
    "diamonds": "M0 -1L0.74 0L0 1L-0.74 0Z",
    "hearts": ("M0 0.95C-0.15 0.75 -1 0.25 -1 -0.3C-1 -0.75 -0.65 -0.95 -0.42 -0.95C-0.2 -0.95 -0.05 -0.8 0 -0.62"
               "C0.05 -0.8 0.2 -0.95 0.42 -0.95C0.65 -0.95 1 -0.75 1 -0.3C1 0.25 0.15 0.75 0 0.95Z"),
    "spades": ("M0 -1C0.15 -0.8 1 -0.3 1 0.2C1 0.6 0.65 0.75 0.42 0.75C0.22 0.75 0.08 0.65 0.03 0.52"
               "C0.05 0.75 0.12 0.9 0.3 1L-0.3 1C-0.12 0.9 -0.05 0.75 -0.03 0.52C-0.08 0.65 -0.22 0.75 -0.42 0.75"
               "C-0.65 0.75 -1 0.6 -1 0.2C-1 -0.3 -0.15 -0.8 0 -1Z"),
    "clubs": ("M-0.07 0.05C-0.25 0.45 -0.95 0.55 -0.95 0.05C-0.95 -0.35 -0.5 -0.42 -0.3 -0.22"
              "C-0.55 -0.55 -0.35 -1 0 -1C0.35 -1 0.55 -0.55 0.3 -0.22C0.5 -0.42 0.95 -0.35 0.95 0.05"
              "C0.95 0.55 0.25 0.45 0.07 0.05C0.08 0.55 0.15 0.85 0.3 1L-0.3 1C-0.15 0.85 -0.08 0.55 -0.07 0.05Z"),
}

# classic pip positions: x in columns -1/0/1, y from -1 (top) to 1 (bottom)
PIPS = {
    2: [(0, -1), (0, 1)],
    3: [(0, -1), (0, 0), (0, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    7: [(-1, -1), (1, -1), (0, -0.5), (-1, 0), (1, 0), (-1, 1), (1, 1)],
    8: [(-1, -1), (1, -1), (0, -0.5), (-1, 0), (1, 0), (0, 0.5), (-1, 1), (1, 1)],
    9: [(-1, -1), (1, -1), (-1, -1 / 3), (1, -1 / 3), (0, 0), (-1, 1 / 3), (1, 1 / 3), (-1, 1), (1, 1)],
    10: [(-1, -1), (1, -1), (0, -2 / 3), (-1, -1 / 3), (1, -1 / 3), (-1, 1 / 3), (1, 1 / 3), (0, 2 / 3),
         (-1, 1), (1, 1)],
}
RANK_NAMES = {"A": "ace", "J": "jack", "Q": "queen", "K": "king"}
# court emblems above the big letter, in a unit box: a crown, a tiara, a plumed cap
EMBLEMS = {
    "K": "M-1 0.6L-1 -0.4L-0.5 0.1L0 -0.8L0.5 0.1L1 -0.4L1 0.6Z",
    "Q": "M-1 0.6L-0.85 -0.2L-0.4 0.2L0 -0.6L0.4 0.2L0.85 -0.2L1 0.6Z",
    "J": "M-1 0.6C-1 -0.2 -0.4 -0.6 0 -0.6C0.6 -0.6 0.9 -0.9 1 -0.5C1 0 0.6 0.2 0.6 0.6Z",
}


def symbol(suit: str, x: float, y: float, size: float, turn: bool = False) -> str:
    """A suit symbol centred on (x, y), size mm tall; turn=True draws it upside down."""
    t = f"translate({fmt(x)} {fmt(y)}) scale({fmt(size / 2)})" + (" rotate(180)" if turn else "")
    return f'<path transform="{t}" d="{SUIT_PATHS[suit]}"/>'


def card_svg(card: PlayingCard, look: Look) -> str:
    size, bleed, low_ink = look.size, look.bleed, look.low_ink
    color = RED if card.suit in RED_SUITS else palette.INK
    cx, cy = size.width / 2, size.height / 2
    pips = []
    if card.rank.isdigit():
        n = int(card.rank)
        half_w, half_h, pip = size.width * 0.19, size.height * 0.29, 8.2
        pips = [symbol(card.suit, cx + px * half_w, cy + py * half_h, pip, turn=py > 0.01) for px, py in PIPS[n]]
    ace = symbol(card.suit, cx, cy, 24.0) if card.rank == "A" else ""
    court = {"path": EMBLEMS[card.rank]} if card.rank in EMBLEMS else None
    name = RANK_NAMES.get(card.rank, card.rank)
    return render(
        "crazy-eights/card.svg.j2", card=size, bleed=bleed, game=GAME, kind="card",
        extra_attrs=[("rank", card.rank), ("suit", card.suit), ("penalty", card.penalty), ("deck", card.deck)],
        title=f"{TITLE}: {name} of {card.suit}", fonts=look.theme.fonts.role_map, color=color,
        paper="#ffffff" if low_ink else palette.PAPER, ink=palette.INK, muted=palette.MUTED_INK, gold=GOLD,
        wild_ground=WILD_GROUND[low_ink], wild_ink=WILD_INK,
        tint="#ffffff" if low_ink else ("#f7e3e1" if color == RED else "#e6e8ee"), low_ink=low_ink,
        rank=card.rank, suit=card.suit, penalty=card.penalty, wild=card.rank == "8", pips=pips, ace=ace,
        rank_turns=reads_as_another(card.rank),
        court=court, index_symbol=symbol(card.suit, SAFE_MM + 3.6, SAFE_MM + 12.2, 4.4),
        court_symbol=symbol(card.suit, cx + 8.5, cy - 12, 6.5), safe=SAFE_MM, cap=CAP, pt=PT)


def render_deck(cards: "list[PlayingCard]", look: Look) -> DeckArt:
    """Faces in deck order, the backs (one per deck) and each face's back."""
    decks = max(c.deck for c in cards)
    faces = [SVGCard(c.slug, "card", card_svg(c, look),
                     f"{RANK_NAMES.get(c.rank, c.rank)} of {c.suit}".capitalize() + (f" (deck {c.deck})" if decks > 1 else ""))
             for c in cards]
    back_list = [SVGCard(f"back-{d}", "back", backs.back_svg(
        GAME, look, name="CRAZY EIGHTS", glyph="8", ground=BACK_GROUNDS[d],
        extra_attrs=[("deck", d)], title=f"{TITLE} card back, deck {d}"), f"Back (deck {d})")
        for d in range(1, decks + 1)]
    return DeckArt(tuple(faces), tuple(back_list), tuple(c.deck - 1 for c in cards))
