"""Eights letter cards, their back and the scoring reference card, as SVG.

The letter is big and capital in the middle; the suit's number and color fill a
band at the top and, turned, at the bottom, with one dot per unit of the suit
number as a cue that survives grayscale. A capital I gets slab serifs so it can't
be taken for the digit 1 or a lower-case l.
"""
from __future__ import annotations

from ..model.eights import GAME, TARGETS, TITLE, WORDS, LetterCard
from ..model.sizes import SAFE_MM
from . import backs, palette
from .cards import DeckArt, Look, SVGCard
from .templating import render

CAP = 0.716
PT = 25.4 / 72
BACK_PLUM = "#3a2444"
LOOK_ALIKES = {"I"}  # drawn with slab serifs


def letter_svg(card: LetterCard, look: Look) -> str:
    size, bleed, low_ink = look.size, look.bleed, look.low_ink
    color = look.theme.group_color(card.suit)
    letter = card.letter.upper()
    big = 40.0
    dots = [{"x": size.width / 2 + (i - (card.suit - 1) / 2) * 2.6} for i in range(card.suit)]
    return render(
        "eights/letter.svg.j2", card=size, bleed=bleed, game=GAME, kind="letter",
        extra_attrs=[("suit", card.suit), ("letter", letter)], title=f"{TITLE}: {letter} of suit {card.suit}",
        fonts=look.theme.fonts.role_map, color=color, on_color=palette.text_on(color),
        paper="#ffffff" if low_ink else palette.PAPER, ink=palette.INK, muted=palette.MUTED_INK,
        low_ink=low_ink, letter=letter, suit=card.suit, safe=SAFE_MM, cap=CAP, pt=PT, big=big,
        band_h=14.0, dots=dots, serif=letter in LOOK_ALIKES)


def reference_svg(look: Look) -> str:
    size, bleed, low_ink = look.size, look.bleed, look.low_ink
    rows = [{"word": w, "points": p, "y": 29.5 + i * 6.4} for i, (w, p) in enumerate(WORDS.items())]
    # the game's targets, from the model: "game: 50 points with 2–3 players," / "30 points with 4 or more"
    target_lines = [{"points": points, "text": ("game: " if i == 0 else "") + f"{points} points with "
                     + (f"{low} or more" if high is None else f"{low}–{high} players")
                     + ("," if i < len(TARGETS) - 1 else "")} for i, (low, high, points) in enumerate(TARGETS)]
    return render(
        "eights/reference.svg.j2", card=size, bleed=bleed, game=GAME, kind="reference", extra_attrs=[],
        title=f"{TITLE}: words and points", fonts=look.theme.fonts.role_map, ink=palette.INK,
        muted=palette.MUTED_INK, paper="#ffffff" if low_ink else palette.PAPER, band=BACK_PLUM,
        low_ink=low_ink, rows=rows, target_lines=target_lines, safe=SAFE_MM, cap=CAP, pt=PT)


def render_deck(deck: "list[LetterCard]", look: Look) -> DeckArt:
    """The 64 letter cards and the reference card (faces, in deck order), and the back."""
    faces = [SVGCard(c.slug, "letter", letter_svg(c, look), f"{c.letter.upper()} (suit {c.suit})") for c in deck]
    faces.append(SVGCard("reference", "reference", reference_svg(look), "Words and points"))
    back = SVGCard("back", "back", backs.back_svg(GAME, look, name="EIGHTS", glyph="E", ground=BACK_PLUM,
                                                  title=f"{TITLE} card back"), "Back")
    return DeckArt(tuple(faces), (back,), (0,) * len(faces))
