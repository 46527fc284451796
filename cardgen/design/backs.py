"""Card backs, one template for every deck: a lattice in the group colors around a
medallion with the game's name. Symmetric under a half turn, so a card's
orientation cannot be read from its back; each deck picks its own ground color."""
from __future__ import annotations

from ..model.sizes import SAFE_MM, CardSize
from . import palette
from ..draw import fonts as fontset
from .templating import render

CAP = 0.716
_art: "dict | None" = None  # {"path": Path} of the theme's back art, when there is one
_art_cache: dict = {}


def use_art(path) -> None:
    """Draw the theme's art (SVG or PNG) on every back instead of the lattice; None: the lattice."""
    global _art
    _art = {"path": path} if path else None


def _art_uri(size: CardSize, bleed: float) -> "tuple[str, tuple] | None":
    """The art as a data: URI sized for the card, and where it goes (inside a frame of the deck's color)."""
    if not _art:
        return None
    from ..art import back_art_uri

    x, y = -bleed + ART_FRAME_MM, -bleed + ART_FRAME_MM
    w, h = size.width + 2 * bleed - 2 * ART_FRAME_MM, size.height + 2 * bleed - 2 * ART_FRAME_MM
    key = (str(_art["path"]), round(w, 3), round(h, 3))
    if key not in _art_cache:
        _art_cache[key] = back_art_uri(_art["path"], round(w / 25.4 * 300), round(h / 25.4 * 300))
    return _art_cache[key], (x, y, w, h)


ART_FRAME_MM = 5.0  # the deck's own color shows around the user's art, so two decks stay apart


def scheme(ground: str, low_ink: bool) -> dict:
    if low_ink:  # white ground, the lattice as outlines, lines and name in the deck's color
        return {"ground": "#ffffff", "tile_opacity": 0.8, "tile_stroke": 0.35, "line": ground,
                "medallion": "#ffffff", "medallion_stroke": 0.5, "text": ground}
    return {"ground": ground, "tile_opacity": 0.5, "tile_stroke": 0, "line": palette.PAPER,
            "medallion": palette.PAPER, "medallion_stroke": 0, "text": ground}


def back_svg(game: str, size: CardSize, bleed: float, *, name: str, glyph: str, ground: str,
             low_ink: bool = False, extra_attrs=(), title: str = "") -> str:
    n = 8
    cw, ch = (size.width + 2 * bleed) / n, (size.height + 2 * bleed) / n
    tiles = [{"x": -bleed + j * cw + 0.7, "y": -bleed + i * ch + 0.7, "w": cw - 1.4, "h": ch - 1.4,
              "color": palette.group_colors()[abs(i - j) % 8]} for i in range(n) for j in range(n)]
    art = _art_uri(size, bleed)
    if art:
        uri, (x, y, w, h) = art
        return render("cards/back-art.svg.j2", card=size, bleed=bleed, game=game, kind="back",
                      extra_attrs=list(extra_attrs), title=title or f"{name.title()} card back",
                      ground="#ffffff" if low_ink else ground, uri=uri, x=x, y=y, w=w, h=h)
    return render("cards/back.svg.j2", card=size, bleed=bleed, game=game, kind="back",
                  extra_attrs=list(extra_attrs), title=title or f"{name.title()} card back",
                  fonts=fontset.active().roles, tiles=tiles, safe=SAFE_MM, s=scheme(ground, low_ink), cap=CAP,
                  name=name, glyph=glyph)
