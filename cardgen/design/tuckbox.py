"""Draw a tuck box net (layout/tuckbox.py) as one printable SVG page: the panels'
art from design/boxart.py, the cut and fold lines, the glue flaps and how to make it."""
from __future__ import annotations

from ..layout.boxfit import BoxFit
from ..layout.paper import MIN_MARGIN_MM, Paper
from ..layout.tuckbox import BLEED_MM, HEADER_MM, NOTCH_R, net, place
from . import boxart, textfit
from .templating import fmt, render

PT = 25.4 / 72


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
                paper: Paper, ground: str, low_ink: bool, theme, text, fan: list, edition: str = "",
                box: tuple = (1, 1)) -> str:
    """The box for cards of card_w × card_h mm, thickness mm each without sleeve, in the fit's
    room. cards: what this box holds; box: (which, of how many) when the deck needs several;
    text: the box words (documents/boxtext.py); fan: the card SVGs the front shows."""
    n = net(card_w, card_h, cards, thickness, fit)
    at = place(n, paper)
    transform = (f"translate({fmt(at.x)} {fmt(at.y)})" + (" rotate(90)" if at.rotated else ""))
    panels = {p.name: p.rect for p in n.panels if p.name in ("front", "back", "spine", "side", "lid")}
    W, H, D = n.inner
    m = MIN_MARGIN_MM
    tokens, fonts = theme.tokens, theme.fonts
    colors = boxart.scheme(tokens, ground, low_ink)
    f, b = panels["front"], panels["back"]
    count = (f"box {box[0]} of {box[1]} · " if box[1] > 1 else "") + f"{cards} cards"
    front = boxart.front(title, fan, f.w, f.h, colors, tokens, fonts, top_clear=NOTCH_R, tagline=text.tagline,
                         foot=(("count", count), ("edition", edition)), prefix=f"{game}-fan")
    back = boxart.back(title, text, b.w, b.h, colors, tokens, fonts)
    # every face the closed box shows (front, back, spines, lid, bottom) is one ground across its folds,
    # and the spines and lid carry the front's wordmark in its colors
    spines = "".join(boxart.spine(title, r.x, r.y, r.w, r.h, tokens, fonts, colors, face)
                     for face, r in (("spine", panels["spine"]), ("side", panels["side"])))
    lid = panels["lid"]
    lid_size = min(lid.h * 0.42, tokens.type_mm("heading"))
    if lid_size < boxart.MIN_TEXT_MM:  # a thin deck's lid: the title at the floor if it fits, else none
        fits = (lid.h >= boxart.MIN_TEXT_MM / 0.75
                and textfit.width_mm(title, fonts.file("black"), boxart.MIN_TEXT_MM) <= lid.w - 2 * NOTCH_R)
        lid_size = boxart.MIN_TEXT_MM if fits else 0.0
    # the lid folds over from the back: its words are turned to read from the front
    lid_words = "" if not lid_size else boxart.wordmark(
        title, lid.x + lid.w / 2, lid.y + lid.h / 2 + lid_size * boxart.CAP / 2, lid_size, fonts, colors, face="lid")
    if lid_words:
        lid_words = f'<g transform="rotate(180 {fmt(lid.x + lid.w / 2)} {fmt(lid.y + lid.h / 2)})">{lid_words}</g>'
    # the bleed stays inside the page's margins and below the header's words
    bleed_clip = (f"M{fmt(m)} {fmt(m + HEADER_MM - 0.5)}H{fmt(paper.width - m)}V{fmt(paper.height - m)}"
                  f"H{fmt(m)}Z")
    return render(
        "cards/tuckbox.svg.j2", page=paper, game=game, title=title, cards=cards, inner=n.inner,
        net=n, bleeds=sorted(n.bleeds(BLEED_MM), key=lambda p: p.name in ('front', 'back')), bleed_mm=BLEED_MM,
        bleed_clip=bleed_clip, transform=transform, outline=outline_path(n), panels=panels, fonts=fonts.role_map,
        ink=tokens.color("ink"), muted=tokens.color("muted"), ground=colors.ground, tint=colors.tint,
        glue=tokens.color("glue"), cut=tokens.color("cut"),
        fold=tokens.color("ink") if low_ink else tokens.color("cut"),  # seen on the dark ground too
        margin=MIN_MARGIN_MM, pt=PT,
        header_mm=tokens.type_mm("subhead"), note_mm=tokens.type_mm("caption"), glue_mm=tokens.type_mm("small"),
        line=tokens.mm("stroke.thin"),
        front=front, back=back, spines=spines, lid=lid_words, low_ink=low_ink, W=W, H=H, D=D, fit=fit,
        per_card=round(thickness + fit.sleeve_mm, 2), fit_words=FIT_WORDS.get(fit.name, fit.name), box=box)
