"""The cover of a rule booklet (and so of its fold-and-staple sheets): the box front's
art (wordmark, tagline, a fan of the deck's own cards) on the box's color, the
booklet's subtitle, and players, ages and time as pictograms.

A module of its own: the booklet's body (booklet.py) can be rebuilt around it without
touching it. It makes one page-sized SVG, drawn by the booklet as its first page.
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ..design import boxart, textfit
from ..design.templating import fmt

PANEL_SHARE = 0.56  # of the page height, the art panel


@dataclass(frozen=True)
class Cover:
    """A booklet cover, ready to draw: its SVG and the theme's fonts it names."""
    svg: str
    fonts: object  # the theme's FontSet


def cover_svg(title: str, subtitle: str, text, cards: list, page_mm: tuple, ground: str, low_ink: bool,
              theme) -> str:
    """The cover of a page of page_mm (width, height): text is the box words
    (documents/boxtext.py), cards the card SVGs the box front fans out."""
    w, h = page_mm
    tokens, fonts = theme.tokens, theme.fonts
    colors = boxart.scheme(tokens, ground, low_ink)
    margin = tokens.mm("space.xxl") * 2
    top = tokens.mm("space.xxl") * 2.5
    pw, ph = w - 2 * margin, h * PANEL_SHARE
    radius = tokens.mm("radius.panel") * 2
    outline = (f' stroke="{ground}" stroke-width="{fmt(tokens.mm("stroke.medium"))}"' if low_ink else "")
    art = boxart.front(title, cards, pw, ph, colors, tokens, fonts, top_clear=tokens.mm("space.xl"),
                       tagline=text.tagline, prefix="cover", sizes=("title", "lead"))
    parts = [f'<rect width="{fmt(w)}" height="{fmt(h)}" fill="{tokens.color("white")}"/>',
             f'<rect x="{fmt(margin)}" y="{fmt(top)}" width="{fmt(pw)}" height="{fmt(ph)}" rx="{fmt(radius)}" '
             f'fill="{colors.ground}"{outline}/>',
             f'<g transform="translate({fmt(margin)} {fmt(top)})">{art}</g>']
    on_page = boxart.Scheme(tokens.color("white"), tokens.color("ink"), tokens.color("muted"), ground,
                            tokens.color("white"))
    y = top + ph + tokens.mm("space.xxl") * 1.5
    size = tokens.type_mm("lead")
    for line in textfit.wrap(subtitle, pw, fonts.file("regular"), size):
        y += size * boxart.CAP
        parts.append(f'<text x="{fmt(w / 2)}" y="{fmt(y)}" font-family="{fonts.role("text")}" font-size="{fmt(size)}" '
                     f'text-anchor="middle" fill="{tokens.color("muted")}" data-face="subtitle">{escape(line)}</text>')
        y += size * 0.55
    icon = tokens.mm("space.xxl") * 2.2
    y += tokens.mm("space.xxl") * 1.5
    parts.append(boxart.icon_row(text.glance, margin + pw * 0.1, y, pw * 0.8, tokens, fonts, on_page, icon,
                                 ("subhead", "small")))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(w)}mm" '
            f'height="{fmt(h)}mm" viewBox="0 0 {fmt(w)} {fmt(h)}" data-kind="cover">'
            f'<title>{escape(title)}: rules</title>{"".join(parts)}</svg>')
