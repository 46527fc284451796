"""A class set's inventory checklist: one page per paper, one line per value (or rank,
letter, kind of card) with how many cards show it and a box to tick ("12 · 4 cards"),
the set's badge printed large at the top and the count to reach.

A teacher counts a set back in after a lesson, sorting the cards by what they show; the
page says what "complete" means for this deck (its own card list, so a variant's deck is
listed as built). A back is the other side of a card, not a card, so it is not listed.
Each line carries data-cards (the file names of its cards) and data-count for the
checker, which also reads the PDF's words.
"""
from __future__ import annotations

from math import ceil

from ..layout.paper import Paper
from .cards import DeckArt
from .setmark import BADGE_W, SHAPES, badge_svg, set_letter
from .templating import render

PT = 25.4 / 72
MARGIN = 14.0
BADGE_SCALE = 3.0
ROW_PITCH_MAX = 8.0  # mm
ROWS_MAX = 32  # a column holds at most this many lines; a bigger deck takes more columns
TEXT_PT = 11.0
BOX = 3.4  # tick box, mm

# how a card kind is counted on the page: (one, many)
KIND_WORDS = {"number": ("number card", "number cards"), "pass": ("pass card", "pass cards"),
              "letter": ("letter card", "letter cards"), "reference": ("reference card", "reference cards"),
              "card": ("playing card", "playing cards")}


def _plural(n: int, kind: str) -> str:
    one, many = KIND_WORDS.get(kind, (f"{kind} card", f"{kind} cards"))
    return f"{n} {one if n == 1 else many}"


def count_line(art: DeckArt, letter: str) -> str:
    """'70 cards in set B: 64 number cards and 6 pass cards.' (faces only: a back is a side)."""
    kinds: dict = {}
    for card in art.faces:
        kinds[card.kind] = kinds.get(card.kind, 0) + 1
    parts = [_plural(n, k) for k, n in kinds.items()]
    listed = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"{len(art.faces)} cards in set {letter}: {listed}."


def shown(card) -> str:
    """What a card is counted by: its value, rank, letter or kind ("12 (3×4)" -> "12",
    "8 of hearts" -> "8", "E (suit 1)" -> "E", "Pass left")."""
    return card.name.split(" (")[0].split(" of ")[0] or card.slug


def lines(art: DeckArt) -> list:
    """(what the cards show, their slugs) in deck order, one entry per value."""
    found: dict = {}
    for card in art.faces:
        found.setdefault(shown(card), []).append(card.slug)
    return list(found.items())


def line_text(key: str, count: int) -> str:
    return f"{key} · {count} card{'' if count == 1 else 's'}"


def inventory_svg(art: DeckArt, game: str, title: str, index: int, paper: Paper, theme) -> str:
    letter, shape = set_letter(index), SHAPES[index]
    fonts = theme.fonts.role_map
    rows_in = [(" ".join(slugs), len(slugs), line_text(key, len(slugs))) for key, slugs in lines(art)]
    backs = len(art.backs)
    count_y = MARGIN + BADGE_SCALE * 6.4 + 12.0
    top = count_y + 16.0
    footer = [f"Every card of set {letter} and its back wear this {shape} badge with the letter {letter} in two "
              "corners. A card wearing",
              "another badge belongs to that set: put it back there. Print this page one-sided, at actual "
              "size (100 %)."]
    bottom = paper.height - MARGIN - len(footer) * 4.2 - 4.0
    cols = max(3, ceil(len(rows_in) / ROWS_MAX))
    per_col = ceil(len(rows_in) / cols)
    pitch = min(ROW_PITCH_MAX, (bottom - top) / per_col)
    col_w = (paper.width - 2 * MARGIN) / cols
    text_w = max(len(name) for _, _, name in rows_in) * TEXT_PT * PT * 0.55
    rows = [{"slugs": slugs, "count": count, "name": name, "x": MARGIN + (i // per_col) * col_w,
             "box_x": MARGIN + (i // per_col) * col_w + min(text_w + 3.0, col_w - BOX - 4.0),
             "y": top + (i % per_col) * pitch + BOX}
            for i, (slugs, count, name) in enumerate(rows_in)]
    return render(
        "cards/inventory.svg.j2", page=paper, game=game, title=title, letter=letter, shape=shape,
        count=len(art.faces), badge=badge_svg(index, 0.0, 0.0, fonts), badge_scale=BADGE_SCALE,
        text_x=MARGIN + BADGE_SCALE * BADGE_W + 6.0, margin=MARGIN, fonts=fonts, ink=theme.tokens.color("ink"),
        muted=theme.tokens.color("muted"), white=theme.tokens.color("white"), pt=PT, text_mm=TEXT_PT * PT, box=BOX, rows=rows, count_y=count_y,
        count_line=count_line(art, letter), footer=footer,
        intro=[f"After each lesson, sort set {letter}’s cards by what they show, count each pile",
               f"and tick its line. {'Its back' if backs == 1 else 'Its backs'} and every face show the badge on the left."])
