"""Card backs, one template for every deck: a lattice in the group colors around a
medallion with the game's name. Symmetric under a half turn, so a card's
orientation cannot be read from its back; each deck picks its own ground color.
Nothing runs parallel to the trim near it: home duplex drifts 1–2 mm, and a frame
there would show the drift as uneven margins."""
from __future__ import annotations

from .cards import Look
from .templating import render



def _art_uri(look: Look) -> "tuple[str, tuple] | None":
    """The theme's back art as a data: URI sized for the card, and where it goes (on the
    deck's color, ART_INSET_MM inside the trim); None when the theme has none (the
    lattice is drawn)."""
    art = look.theme.back_art
    if not art:
        return None
    from ..art import back_art_uri

    size = look.size
    x, y = ART_INSET_MM, ART_INSET_MM
    w, h = size.width - 2 * ART_INSET_MM, size.height - 2 * ART_INSET_MM
    key = (str(art), round(w, 3), round(h, 3))
    cache = look.theme.art_cache
    if key not in cache:
        cache[key] = back_art_uri(art, round(w / 25.4 * 300), round(h / 25.4 * 300))
    return cache[key], (x, y, w, h)


# the deck's own color shows around the user's art, so two decks stay apart; its edge stays
# well inside the trim (no thin border there: a 1.5 mm duplex shift would show as uneven margins)
ART_INSET_MM = 6.0


def scheme(ground: str, low_ink: bool, tokens) -> dict:
    """The back's inks and strokes, from the design tokens."""
    white, paper = tokens.color("white"), tokens.color("paper")
    common = {"tile_r": tokens.mm("radius.tile"), "ring": tokens.mm("stroke.bold"),
              "glyph": tokens.type_mm("back_glyph"), "name": tokens.type_mm("back_name")}
    if low_ink:  # white ground, the lattice as outlines, lines and name in the deck's color
        return {**common, "ground": white, "tile_opacity": 0.8, "tile_stroke": tokens.mm("stroke.regular"),
                "line": ground, "medallion": white, "medallion_stroke": tokens.mm("stroke.medium"), "text": ground}
    return {**common, "ground": ground, "tile_opacity": 0.5, "tile_stroke": 0, "line": paper,
            "medallion": paper, "medallion_stroke": 0, "text": ground}


def back_svg(game: str, look: Look, *, name: str, glyph: str, ground: str, extra_attrs=(), title: str = "") -> str:
    size, bleed, low_ink = look.size, look.bleed, look.low_ink
    n = 8
    cw, ch = (size.width + 2 * bleed) / n, (size.height + 2 * bleed) / n
    tiles = [{"x": -bleed + j * cw + 0.7, "y": -bleed + i * ch + 0.7, "w": cw - 1.4, "h": ch - 1.4,
              "color": look.theme.group_color(abs(i - j) % 8 + 1)} for i in range(n) for j in range(n)]
    art = _art_uri(look)
    if art:
        uri, (x, y, w, h) = art
        return render("cards/back-art.svg.j2", card=size, bleed=bleed, game=game, kind="back",
                      extra_attrs=list(extra_attrs), title=title or f"{name.title()} card back",
                      ground=look.theme.tokens.color("white") if low_ink else ground, uri=uri, x=x, y=y, w=w, h=h)
    return render("cards/back.svg.j2", card=size, bleed=bleed, game=game, kind="back",
                  extra_attrs=list(extra_attrs), title=title or f"{name.title()} card back",
                  fonts=look.theme.fonts.role_map, tiles=tiles, s=scheme(ground, low_ink, look.theme.tokens), cap=look.theme.fonts.cap,
                  name=name, glyph=glyph)
