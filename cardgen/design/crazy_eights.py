"""Crazy Eights playing cards as SVG: indices in two opposite corners, pips laid out
the classic way (one large symbol on aces), double-headed court cards with drawn
figures (design/courts.py), and each card's penalty printed small. The eights are the
special cards: gold rays out into the bleed, a WILD ribbon at each end and their 50
points large in a medallion at the centre. The 6 and 9 indices are underlined, as on
standard cards (model/upside_down.py)."""
from __future__ import annotations

from ..model.crazy_eights import GAME, RED_SUITS, TITLE, PlayingCard
from ..model.sizes import SAFE_MM
from ..model.upside_down import reads_as_another
from . import backs, courts
from .cards import DeckArt, Look, SVGCard
from .setmark import BADGE_H, BADGE_W, INSET
from .templating import fmt, render

CAP = 0.716
PT = 25.4 / 72
RIBBON_H = 7.0  # the WILD ribbon's height, mm
RAYS = 24  # wedges of the wild eight's sunburst (every other one drawn)
BACKS = {1: "back_1", 2: "back_2"}  # each deck's back color token: wine red, forest green


def back_color(tokens, deck: int) -> str:
    return tokens.color(f"crazy_eights.{BACKS[deck]}")


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
HAIR = {"K": "hair_king", "Q": "hair_queen", "J": "hair_jack"}  # grey, chestnut, fair


def court_colors(tokens, rank: str, suit_color: str, suit: str = "spades") -> dict:
    """The figure's fill for each role of design/courts.py: the robe in the suit's color,
    the sleeves (and the jack's cap) in the suit's own cloth."""
    court = lambda name: tokens.color("court." + name)  # noqa: E731
    red = tokens.color("crazy_eights.red")
    return {"skin": court("skin"), "gold": court("gold"), "cloth": court(f"cloth_{suit}"), "steel": court("steel"),
            "wood": court("wood"), "leaf": court("leaf"), "hair": court(HAIR[rank]), "robe": suit_color,
            "paper": tokens.color("white"), "feather": tokens.color("white"), "ink": tokens.color("ink"),
            "jewel": red, "rose": red}


def symbol(suit: str, x: float, y: float, size: float, turn: bool = False) -> str:
    """A suit symbol centred on (x, y), size mm tall; turn=True draws it upside down."""
    t = f"translate({fmt(x)} {fmt(y)}) scale({fmt(size / 2)})" + (" rotate(180)" if turn else "")
    return f'<path transform="{t}" d="{SUIT_PATHS[suit]}"/>'


def pip_layout(width: float, height: float, ribbon_top: float) -> tuple:
    """(pip height, half the columns' spread, half the rows' spread) in mm: the classic
    proportions, the pips a little smaller on narrow cards and the rows kept clear of
    the WILD ribbons (from ribbon_top) at both ends."""
    pip = min(8.2, width * 0.13)
    half_h = min(height * 0.29, height / 2 - (ribbon_top + RIBBON_H + 1.2) - pip / 2)
    return pip, width * 0.19, half_h


def court_figure(card: PlayingCard, color: str, look: Look, panel: tuple) -> str:
    """The figure in a court panel (x, y, w, h): the top half and the same turned half a turn."""
    x, y, w, h = panel
    tokens = look.theme.tokens
    colors = court_colors(tokens, card.rank, color, card.suit)
    line = tokens.color("ink")
    if look.low_ink:  # the same drawing as lines in the suit's color on white; eyes and suit stay
        colors = {role: value if role == "ink" else tokens.color("white") for role, value in colors.items()}
        colors["leaf"] = line = color  # the rose's stem is a line of its own
    scale = courts.placement(w, h)
    cx, cy = x + w / 2, y + h / 2
    half = courts.figure_svg(card.rank, colors, line,
                             lambda sx, sy, size: f'<g fill="{color}">{symbol(card.suit, sx, sy, size)}</g>',
                             card.suit)
    top = f'<g transform="translate({fmt(cx)} {fmt(cy)}) scale({fmt(scale)})">{half}</g>'
    return top + f'<g transform="rotate(180 {fmt(cx)} {fmt(cy)})">{top}</g>'


def sunburst(width: float, height: float, clear: float) -> list:
    """Every other wedge of RAYS from the card's centre, out to a circle that stays clear
    mm inside the long edges (no pattern edge near the trim to show a crooked cut) and off
    the corners where a class set's badge goes (the badge lies on plain gold)."""
    import math

    cx, cy = width / 2, height / 2
    bx, by = width - INSET - BADGE_W, INSET + BADGE_H  # the badge's corner nearest the centre
    r = min(math.hypot(bx - cx, by - cy) - 1.0, cx - clear)
    step = 2 * math.pi / RAYS
    paths = []
    for i in range(0, RAYS, 2):
        (x1, y1), (x2, y2) = ((cx + r * math.cos(a), cy + r * math.sin(a)) for a in (i * step, (i + 1) * step))
        paths.append(f"M{fmt(cx)} {fmt(cy)}L{fmt(x1)} {fmt(y1)}A{fmt(r)} {fmt(r)} 0 0 1 {fmt(x2)} {fmt(y2)}Z")
    return paths


def ribbon(width: float, top: float) -> dict:
    """The WILD ribbon's box (x, y, w, h) between the index and the class-set badge's corner,
    top mm below the trim (no edge of it runs along the trim any nearer)."""
    left, right = SAFE_MM + 8.2, width - (INSET + BADGE_W + 1.0)
    want = 22.0
    centre = width / 2 if width / 2 - want / 2 >= left and width / 2 + want / 2 <= right else (left + right) / 2
    w = min(want, right - left)
    return {"x": centre - w / 2, "y": top, "w": w, "h": RIBBON_H, "cx": centre,
            "tail": min(1.8, w * 0.1)}


def card_svg(card: PlayingCard, look: Look) -> str:
    size, bleed, low_ink = look.size, look.bleed, look.low_ink
    t = look.theme.tokens
    color = t.color("crazy_eights.red") if card.suit in RED_SUITS else t.color("ink")
    cx, cy = size.width / 2, size.height / 2
    clear = t.mm("space.frame_clear")
    pip, half_w, half_h = pip_layout(size.width, size.height, clear)
    pips = []
    if card.rank.isdigit():
        n = int(card.rank)
        pips = [symbol(card.suit, cx + px * half_w, cy + py * half_h, pip, turn=py > 0.01) for px, py in PIPS[n]]
    ace = symbol(card.suit, cx, cy, min(24.0, size.width * 0.38)) if card.rank == "A" else ""
    wild = card.rank == "8"
    court = None
    if card.rank in courts.FIGURES:
        panel = (SAFE_MM + 8.5, SAFE_MM + 8, size.width - 2 * SAFE_MM - 17, size.height - 2 * SAFE_MM - 16)
        court = {"panel": panel, "figure": court_figure(card, color, look, panel)}
    medallion = None
    if wild:  # the centre, between the middle pips: the card's points, large
        r = min(half_h * 0.5 - pip / 2, half_w - 0.37 * pip) - 1.0
        number, word = r * 0.78, max(t.type_mm("min"), r * 0.3)
        gap = number * 0.16
        top = cy - (number * CAP + gap + word * CAP) / 2  # the two lines centred as a block
        medallion = {"r": r, "number": number, "word": word, "number_y": top + number * CAP,
                     "word_y": top + number * CAP + gap + word * CAP}
    name = RANK_NAMES.get(card.rank, card.rank)
    return render(
        "crazy-eights/card.svg.j2", card=size, bleed=bleed, game=GAME, kind="card",
        extra_attrs=[("rank", card.rank), ("suit", card.suit), ("penalty", card.penalty), ("deck", card.deck)],
        title=f"{TITLE}: {name} of {card.suit}", fonts=look.theme.fonts.role_map, color=color,
        paper=t.color("white") if low_ink else t.color("paper"), ink=t.color("ink"), muted=t.color("muted"),
        white=t.color("white"), wild_ground=t.color("crazy_eights.wild_ground_low_ink" if low_ink else "crazy_eights.wild_ground"),
        wild_ink=t.color("crazy_eights.wild_ink"), rays=[] if low_ink else sunburst(size.width, size.height, clear),
        ray_color=t.color("crazy_eights.wild_rays"), deck_color=back_color(t, card.deck), ribbon=ribbon(size.width, clear),
        medallion=medallion, tint=t.color("white") if low_ink else t.color(
            "crazy_eights.court_red" if card.suit in RED_SUITS else "crazy_eights.court_dark"),
        low_ink=low_ink, rank=card.rank, suit=card.suit, penalty=card.penalty, wild=wild, pips=pips, ace=ace,
        rank_turns=reads_as_another(card.rank), court=court,
        index_symbol=symbol(card.suit, SAFE_MM + 3.6, SAFE_MM + 12.2, 4.4), safe=SAFE_MM, cap=CAP, pt=PT,
        rank_mm=t.type_mm("card_rank"), penalty_mm=t.type_mm("caption"), wild_mm=t.type_mm("lead"),
        panel_radius=t.mm("radius.panel"), frame=t.mm("stroke.medium"), ribbon_line=t.mm("stroke.medium"))


def suit_ring(look: Look, cx: float, cy: float, radius: float, k: float, s: dict) -> str:
    """The back's ring round the medallion: the four suits twice over, each pip facing out,
    opposite pips alike (the ring is the same turned half a turn), in the paper's color
    on the deck's (the deck's color on white in low ink)."""
    out = []
    for i in range(8):
        suit = ("spades", "hearts", "clubs", "diamonds")[i % 4]
        angle = i * 45
        out.append(f'<g transform="rotate({fmt(angle)} {fmt(cx)} {fmt(cy)})">'
                   f'{symbol(suit, cx, cy - radius, 3.4 * k)}</g>')
    return f'<g fill="{s["gold"]}">{"".join(out)}</g>'


def render_deck(cards: "list[PlayingCard]", look: Look) -> DeckArt:
    """Faces in deck order, the backs (one per deck) and each face's back."""
    decks = max(c.deck for c in cards)
    faces = [SVGCard(c.slug, "card", card_svg(c, look),
                     f"{RANK_NAMES.get(c.rank, c.rank)} of {c.suit}".capitalize() + (f" (deck {c.deck})" if decks > 1 else ""))
             for c in cards]
    back_list = [SVGCard(f"back-{d}", "back", backs.back_svg(
        GAME, look, name="CRAZY EIGHTS", glyph="8♦", ground=back_color(look.theme.tokens, d),
        extra_attrs=[("deck", d)], title=f"{TITLE} card back, deck {d}", pattern="sunburst", wordmark=TITLE,
        ornament=suit_ring), f"Back (deck {d})")
        for d in range(1, decks + 1)]
    return DeckArt(tuple(faces), tuple(back_list), tuple(c.deck - 1 for c in cards))
