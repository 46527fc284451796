"""Draw a tuck box net (layout/tuckbox.py) as one printable SVG page."""
from __future__ import annotations

from ..layout.boxfit import BoxFit
from ..layout.paper import MIN_MARGIN_MM, Paper
from ..layout.tuckbox import BLEED_MM, HEADER_MM, net, place
from . import palette
from .templating import fmt, render

PT = 25.4 / 72
CUT_LINE = "#8a909a"  # mid grey: the cut line runs over the dark panels' bleed and the light ones alike


def outline_path(n) -> str:
    """The cut line: a closed path, with the thumb notch as an arc into the front panel."""
    cx, cy, r = n.notch
    parts = []
    for i, (x, y) in enumerate(n.outline):
        if i and (x, y) == (cx + r, cy) and n.outline[i - 1] == (cx - r, cy):
            parts.append(f"A{fmt(r)} {fmt(r)} 0 0 0 {fmt(x)} {fmt(y)}")
        else:
            parts.append(("M" if i == 0 else "L") + f"{fmt(x)} {fmt(y)}")
    return "".join(parts) + "Z"


FIT_WORDS = {  # for the sheet's header: what the box was sized for
    "plain": "cards", "heavy": "heavy cards", "penny-sleeves": "cards in penny sleeves",
    "sleeves": "sleeved cards", "premium-sleeves": "cards in premium sleeves",
    "double-sleeves": "double-sleeved cards",
}


def tuckbox_svg(game: str, title: str, cards: int, card_w: float, card_h: float, fit: BoxFit, thickness: float,
                paper: Paper, ground: str, low_ink: bool, theme, side_note: str = "", edition: str = "",
                box: tuple = (1, 1)) -> str:
    """The box for cards of card_w × card_h mm, thickness mm each without sleeve, in the fit's
    room. cards: what this box holds; box: (which, of how many) when the deck needs several."""
    n = net(card_w, card_h, cards, thickness, fit)
    at = place(n, paper)
    transform = (f"translate({fmt(at.x)} {fmt(at.y)})" + (" rotate(90)" if at.rotated else ""))
    panels = {p.name: p.rect for p in n.panels if p.name in ("front", "back", "spine", "side", "lid")}
    W, H, D = n.inner
    m = MIN_MARGIN_MM
    # the bleed stays inside the page's margins and below the header's words
    bleed_clip = (f"M{fmt(m)} {fmt(m + HEADER_MM - 0.5)}H{fmt(paper.width - m)}V{fmt(paper.height - m)}"
                  f"H{fmt(m)}Z")
    return render(
        "cards/tuckbox.svg.j2", page=paper, game=game, title=title, cards=cards, inner=n.inner,
        net=n, bleeds=sorted(n.bleeds(BLEED_MM), key=lambda p: p.name in ('front', 'back')), bleed_mm=BLEED_MM, bleed_clip=bleed_clip, transform=transform,
        outline=outline_path(n), panels=panels, fonts=theme.fonts.role_map,
        ink=palette.INK, muted=palette.MUTED_INK, ground="#ffffff" if low_ink else ground,
        title_color=palette.INK if low_ink else "#ffffff", tint="#ffffff" if low_ink else "#f3efe6",
        glue=theme.tokens.color("glue"), cut=CUT_LINE, margin=MIN_MARGIN_MM, pt=PT, side_note=side_note, low_ink=low_ink,
        spine_size=min(D * 0.45, 9.0), W=W, H=H, D=D, thickness=thickness, fit=fit,
        per_card=round(thickness + fit.sleeve_mm, 2), fit_words=FIT_WORDS.get(fit.name, fit.name),
        edition=edition, box=box)
