"""Eights letter cards, their back and the scoring reference card, as SVG.

The letter is big and capital on a letter tile in the middle, tinted with its suit's
color; the suit's number and color fill a band at the top and, turned, at the bottom,
with one dot per unit of the suit number as a cue that survives grayscale. Sizes come
from the design tokens and the card: a mini card's tile and scoring rows are smaller,
never crowded. A capital I gets slab serifs so it can't
be taken for the digit 1 or a lower-case l; a W (an M upside down) and the suit number
6 (a 9) are underlined (model/upside_down.py).
"""
from __future__ import annotations

from ..model.eights import GAME, TARGETS, TITLE, WORDS, LetterCard
from ..model.sizes import SAFE_MM
from ..model.upside_down import reads_as_another
from . import backs, palette
from .cards import DeckArt, Look, SVGCard
from .setmark import BADGE_H
from .templating import render

CAP = 0.716
PT = 25.4 / 72
LOOK_ALIKES = {"I"}  # drawn with slab serifs
TILE_TINT = 0.16  # how much of the suit's color the letter tile takes (the rest is paper)
UNDER = 0.16  # below a letter's baseline, its underline's depth (letter.svg.j2: 0.075 gap + 0.075 bar)


def tint(color: str, paper: str, share: float) -> str:
    """color mixed into paper: share of color, the rest paper."""
    a, b = ([int(c[i:i + 2], 16) for i in (1, 3, 5)] for c in (color, paper))
    return "#" + "".join(f"{round(x * share + y * (1 - share)):02x}" for x, y in zip(a, b))


def letter_layout(width: float, height: float, tokens) -> dict:
    """Where a letter card's parts go, for any card size: the suit bands at the ends, and
    between them the letter tile, clear of the class-set badge under the top band on
    cards large enough to take one (design/setmark.py)."""
    band = min(14.0, height * 0.16)
    # large text (WCAG: 3:1 suffices from 18 pt, as the lighter suit colors need)
    band_text = max(min(tokens.type_mm("card_band"), band * 0.57), tokens.type_mm("large"))
    clear = BADGE_H + 2.8 if height > 80 else tokens.mm("space.m")
    top = SAFE_MM + band + clear
    inset = SAFE_MM + tokens.mm("space.xxl")
    tile = {"x": inset, "y": top, "w": width - 2 * inset, "h": height - 2 * top}
    caption = tokens.type_mm("caption")
    pad = tokens.mm("space.m")
    room = tile["h"] - caption * 1.6 - 2 * pad  # above the caption
    # the letter and, below its baseline, room for the underline a W carries (UNDER of its size)
    big = min(tokens.type_mm("card_letter"), room / (CAP + UNDER), (tile["w"] - 2 * pad) / 0.95)
    letter_y = tile["y"] + pad + (room - big * (CAP + UNDER)) / 2 + big * CAP
    dot_step = min(2.6, (width - 2 * SAFE_MM - 4 * band_text) / 8)
    return {"band_h": band, "band_text": band_text, "tile": tile, "big": big, "letter_y": letter_y,
            "caption": caption, "caption_y": tile["y"] + tile["h"] - pad, "dot_step": dot_step,
            "dot_r": min(0.85, dot_step * 0.33)}


def letter_svg(card: LetterCard, look: Look) -> str:
    size, bleed, low_ink = look.size, look.bleed, look.low_ink
    t = look.theme.tokens
    color = look.theme.group_color(card.suit)
    letter = card.letter.upper()
    paper = t.color("white") if low_ink else t.color("paper")
    at = letter_layout(size.width, size.height, t)
    dots = [{"x": size.width / 2 + (i - (card.suit - 1) / 2) * at["dot_step"]} for i in range(card.suit)]
    return render(
        "eights/letter.svg.j2", card=size, bleed=bleed, game=GAME, kind="letter",
        extra_attrs=[("suit", card.suit), ("letter", letter)], title=f"{TITLE}: {letter} of suit {card.suit}",
        fonts=look.theme.fonts.role_map, color=color, on_color=palette.text_on(color), paper=paper,
        ink=t.color("ink"), muted=t.color("muted"), low_ink=low_ink, letter=letter, suit=card.suit, safe=SAFE_MM,
        cap=CAP, at=at, dots=dots, serif=letter in LOOK_ALIKES, tile_fill=paper if low_ink else tint(
            color, paper, TILE_TINT), radius=t.mm("radius.tile") * 2, line=t.mm("stroke.medium"),
        letter_turns=reads_as_another(letter), suit_turns=reads_as_another(card.suit))


LEAD = "each word scores the number it spells"


def reference_layout(width: float, height: float, tokens, fonts, target_texts: list) -> dict:
    """The scoring card's rows spread over what the band, the lead line and the target
    lines leave; those wrap where the card is narrow, never set under running text's size."""
    from . import textfit

    band = min(14.0, height * 0.16)
    usable = width - 2 * SAFE_MM - 2 * tokens.mm("space.s")
    note = tokens.type_mm("caption")
    lead = tokens.type_mm("small")
    if textfit.width_mm(LEAD, fonts.file("bold"), lead) > usable:
        lead = tokens.type_mm("caption")
    lead_lines = textfit.wrap(LEAD, usable, fonts.file("bold"), lead)
    notes = [textfit.wrap(text, usable, fonts.file("regular"), note) for text in target_texts]
    edge = tokens.mm("space.frame_clear")  # the last line no nearer the trim (a long line of text reads as a frame)
    note_lines = sum(len(lines) for lines in notes)
    notes_top = height - edge - (note_lines - 1) * note * 1.35
    top = SAFE_MM + band + tokens.mm("space.l") + lead * CAP
    first = top + (len(lead_lines) - 1) * lead * 1.3 + tokens.mm("space.m")
    bottom = notes_top - note * CAP - tokens.mm("space.s")
    pitch = min(6.4, (bottom - first) / len(WORDS))
    word = min(tokens.type_mm("heading"), pitch * 0.62 / CAP)
    placed, y = [], notes_top
    for lines in notes:
        placed.append([(line, y + i * note * 1.35) for i, line in enumerate(lines)])
        y += len(lines) * note * 1.35
    return {"edge": edge, "band_h": band, "band_text": min(tokens.type_mm("card_band") * 0.75, band * 0.43),
            "lead": lead, "lead_lines": [(line, top + i * lead * 1.3) for i, line in enumerate(lead_lines)],
            "rows_y": first, "pitch": pitch, "word": word, "note": note, "notes": placed}


def reference_svg(look: Look) -> str:
    size, bleed, low_ink = look.size, look.bleed, look.low_ink
    t = look.theme.tokens
    # the game's targets, from the model: "game: 50 points with 2–3 players," / "30 points with 4 or more"
    targets = [(points, ("game: " if i == 0 else "") + f"{points} points with "
                + (f"{low} or more" if high is None else f"{low}–{high} players")
                + ("," if i < len(TARGETS) - 1 else "")) for i, (low, high, points) in enumerate(TARGETS)]
    at = reference_layout(size.width, size.height, t, look.theme.fonts, [text for _, text in targets])
    rows = [{"word": w, "points": p, "y": at["rows_y"] + i * at["pitch"]} for i, (w, p) in enumerate(WORDS.items())]
    target_lines = [{"points": points, "lines": lines} for (points, _), lines in zip(targets, at["notes"])]
    return render(
        "eights/reference.svg.j2", card=size, bleed=bleed, game=GAME, kind="reference", extra_attrs=[],
        title=f"{TITLE}: words and points", fonts=look.theme.fonts.role_map, ink=t.color("ink"),
        muted=t.color("muted"), paper=t.color("white") if low_ink else t.color("paper"), band=t.color("eights.back"),
        white=t.color("white"), zebra=t.color("white") if low_ink else t.color("zebra"), line=t.mm("stroke.medium"),
        low_ink=low_ink, rows=rows, target_lines=target_lines, safe=SAFE_MM, cap=CAP, at=at)


def render_deck(deck: "list[LetterCard]", look: Look) -> DeckArt:
    """The 64 letter cards and the reference card (faces, in deck order), and the back."""
    faces = [SVGCard(c.slug, "letter", letter_svg(c, look), f"{c.letter.upper()} (suit {c.suit})") for c in deck]
    faces.append(SVGCard("reference", "reference", reference_svg(look), "Words and points"))
    back = SVGCard("back", "back", backs.back_svg(GAME, look, name="EIGHTS", glyph="E", ground=look.theme.tokens.color("eights.back"),
                                                  title=f"{TITLE} card back", pattern="argyle", wordmark=TITLE), "Back")
    return DeckArt(tuple(faces), (back,), (0,) * len(faces))
