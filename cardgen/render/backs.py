"""Card backs, one template for every deck: a lattice in the group colors around a
medallion with the game's name. Symmetric under a half turn, so a card's
orientation cannot be read from its back; each deck picks its own ground color."""
from __future__ import annotations

from ..model.sizes import SAFE_MM, CardSize
from . import palette
from .fonts import DEFAULT_FONTS
from .templating import render

CAP = 0.716


def scheme(ground: str, low_ink: bool) -> dict:
    if low_ink:  # white ground, the lattice as outlines
        return {"ground": "#ffffff", "tile_opacity": 0.8, "tile_stroke": 0.35, "line": palette.INK,
                "medallion": "#ffffff", "medallion_stroke": 0.5, "text": palette.INK}
    return {"ground": ground, "tile_opacity": 0.5, "tile_stroke": 0, "line": palette.PAPER,
            "medallion": palette.PAPER, "medallion_stroke": 0, "text": ground}


def back_svg(game: str, size: CardSize, bleed: float, *, name: str, glyph: str, ground: str,
             low_ink: bool = False, extra_attrs=(), title: str = "") -> str:
    n = 8
    cw, ch = (size.width + 2 * bleed) / n, (size.height + 2 * bleed) / n
    tiles = [{"x": -bleed + j * cw + 0.7, "y": -bleed + i * ch + 0.7, "w": cw - 1.4, "h": ch - 1.4,
              "color": palette.GROUP_COLORS[abs(i - j) % 8]} for i in range(n) for j in range(n)]
    return render("cards/back.svg.j2", card=size, bleed=bleed, game=game, kind="back",
                  extra_attrs=list(extra_attrs), title=title or f"{name.title()} card back",
                  fonts=DEFAULT_FONTS.roles, tiles=tiles, safe=SAFE_MM, s=scheme(ground, low_ink), cap=CAP,
                  name=name, glyph=glyph)
