"""The covers of a rule booklet (and so of its fold-and-staple sheets): the front, the
box front's art (wordmark, tagline, a fan of the deck's own cards, the edition mark) on
the box's color over the whole page, the booklet's subtitle, and players, ages and time
as pictograms; the back, what this kit holds for the game, the credits and the edition
mark.

Full bleed, without a bleed: the booklet's pages are half a Letter or A4 sheet exactly
(two to a fold sheet, nothing to spare around them), so the color runs to the page's edge
and stops there. A home printer leaves its own unprintable margin (about 3–5 mm) white
where the sheet's edge is; everything that carries meaning keeps SAFE_MM clear of every
edge, so the margin takes ground color only, and a folded booklet trimmed by 5 mm is
full bleed. Low ink: the ground is a light tint of the game's color (LOW_INK_TINT of
the way to white), the words in ink.

A module of its own: the booklet's body (booklet.py) can be rebuilt around it without
touching it. Each cover is one page-sized SVG, drawn by the booklet as its first or last
page.
"""
from __future__ import annotations

from dataclasses import dataclass
from html import escape

from ..design import boxart, identity, textfit
from ..design.templating import fmt

PANEL_SHARE = 0.58  # of the page height, the art (wordmark, tagline, fan, edition mark)
SAFE_MM = 10.0  # nothing but ground color nearer the page's edge than this
LOW_INK_TINT = 0.9  # low ink: the ground, this much of the way from the game's color to white
BAND_SHARE = 0.2  # the back cover's head band, of the page height


@dataclass(frozen=True)
class Cover:
    """A booklet cover, ready to draw: its SVG and the theme's fonts it names."""
    svg: str
    fonts: object  # the theme's FontSet


def cover_scheme(tokens, ground: str, low_ink: bool) -> boxart.Scheme:
    """The box's colors on a page: the game's color, or (low ink) a light tint of it."""
    if not low_ink:
        return boxart.scheme(tokens, ground, False)
    tint = identity.mix(ground, tokens.color("white"), LOW_INK_TINT)
    return boxart.Scheme(tint, tokens.color("ink"), tokens.color("muted"), ground, tint)


def _svg(title: str, kind: str, w: float, h: float, parts: list) -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(w)}mm" '
            f'height="{fmt(h)}mm" viewBox="0 0 {fmt(w)} {fmt(h)}" data-kind="{kind}">'
            f'<title>{escape(title)}</title>{"".join(parts)}</svg>')


def cover_svg(title: str, subtitle: str, text, cards: list, page_mm: tuple, ground: str, low_ink: bool,
              theme) -> str:
    """The front cover of a page of page_mm (width, height): text is the box words
    (documents/boxtext.py), cards the card SVGs the box front fans out."""
    w, h = page_mm
    tokens, fonts = theme.tokens, theme.fonts
    colors = cover_scheme(tokens, ground, low_ink)
    pw, ph = w - 2 * SAFE_MM, h * PANEL_SHARE
    art = boxart.front(title, cards, pw, ph, colors, tokens, fonts, top_clear=SAFE_MM - tokens.mm("space.l"),
                       tagline=text.tagline, prefix="cover", sizes=("title", "lead"))
    parts = [f'<rect width="{fmt(w)}" height="{fmt(h)}" fill="{colors.ground}" data-part="ground"/>',
             f'<g transform="translate({fmt(SAFE_MM)} 0)">{art}</g>']
    y = ph + tokens.mm("space.xxl") * 1.2
    size = tokens.type_mm("lead")
    for line in textfit.wrap(subtitle, pw, fonts.file("regular"), size):
        y += size * boxart.CAP
        parts.append(f'<text x="{fmt(w / 2)}" y="{fmt(y)}" font-family="{fonts.role("text")}" font-size="{fmt(size)}" '
                     f'text-anchor="middle" fill="{colors.soft}" data-face="subtitle">{escape(line)}</text>')
        y += size * 0.55
    icon = tokens.mm("space.xxl") * 2.2
    room = h - SAFE_MM - boxart.icon_row_height(tokens, icon)  # the row's top, at the lowest
    y = min(room, max(y + tokens.mm("space.xxl") * 1.5, (y + room) / 2))
    parts.append(boxart.icon_row(text.glance, SAFE_MM + pw * 0.1, y, pw * 0.8, tokens, fonts, colors, icon,
                                 ("subhead", "small")))
    return _svg(f"{title}: rules", "cover", w, h, parts)


def _heading(text: str, x: float, y: float, size: float, fonts, color: str, face: str) -> str:
    return (f'<text x="{fmt(x)}" y="{fmt(y)}" font-family="{fonts.role("heavy")}" font-size="{fmt(size)}" '
            f'fill="{color}" data-face="{face}">{escape(text)}</text>')


def back_cover_svg(title: str, text, page_mm: tuple, ground: str, low_ink: bool, theme) -> str:
    """The back cover: a head band in the cover's color with the wordmark and tagline; on
    the page, what this kit holds for the game (text.components: (count, what), …) and the
    credits; a foot band with the edition line and mark."""
    from ..design import palette

    w, h = page_mm
    tokens, fonts = theme.tokens, theme.fonts
    colors = cover_scheme(tokens, ground, low_ink)
    band = h * BAND_SHARE
    heavy, bold, regular = fonts.file("black"), fonts.file("bold"), fonts.file("regular")
    width = w - 2 * SAFE_MM
    parts = [f'<rect width="{fmt(w)}" height="{fmt(h)}" fill="{tokens.color("white")}"/>',
             f'<rect width="{fmt(w)}" height="{fmt(band)}" fill="{colors.ground}" data-part="head-band"/>']
    size = textfit.fit(title, width, heavy, tokens.type_mm("heading") * 1.6)
    tag = min(tokens.type_mm("lead"), textfit.fit(text.tagline, width, bold, tokens.type_mm("lead")))
    block = size * boxart.CAP + tokens.mm("space.m") + tag * boxart.CAP
    y = max(SAFE_MM, (band - block) / 2) + size * boxart.CAP
    parts.append(boxart.wordmark(title, w / 2, y, size, fonts, colors, face="back-wordmark"))
    y += tokens.mm("space.m") + tag * boxart.CAP
    parts.append(boxart._line(text.tagline, w / 2, y, tag, fonts, colors.soft, "700", face="back-tagline"))
    # the page: in this kit, then the credits, in ink on white
    ink, muted = tokens.color("ink"), tokens.color("muted")
    head_color = palette.legible(ground, tokens.color("white"))
    head = tokens.type_mm("subhead") * 1.15
    body = tokens.type_mm("body")
    x = SAFE_MM
    y = band + tokens.mm("space.xxl") * 1.4 + head * boxart.CAP
    parts.append(_heading("In this kit", x, y, head, fonts, head_color, "components-title"))
    y += tokens.mm("space.l")
    column = max((textfit.width_mm(count, bold, body) for count, _ in text.components), default=0.0)
    rows = []
    for count, what in text.components:
        lines = textfit.wrap(what, width - column - tokens.mm("space.l"), regular, body)
        y += body * 1.45
        rows.append(f'<text x="{fmt(x + column)}" y="{fmt(y)}" font-family="{fonts.role("text")}" font-weight="700" '
                    f'font-size="{fmt(body)}" text-anchor="end" fill="{ink}">{escape(count)}</text>')
        for i, line in enumerate(lines):
            rows.append(boxart._line(line, x + column + tokens.mm("space.l"), y + i * body * 1.3, body, fonts, ink,
                                     anchor="start"))
        y += (len(lines) - 1) * body * 1.3
    parts.append(f'<g data-face="components">{"".join(rows)}</g>')
    foot = h * 0.09
    y += tokens.mm("space.xxl") * 1.6 + head * boxart.CAP
    parts.append(_heading("Credits", x, y, head, fonts, head_color, "credits-title"))
    small = tokens.type_mm("small")
    y += tokens.mm("space.m")
    lines = []
    for paragraph in text.credit_lines:
        lines += textfit.wrap(paragraph, width, regular, small) + [""]
    for line in lines[:-1]:
        y += small * 1.4 if line else small * 0.5
        if line:
            lines_y = y
            parts.append(boxart._line(line, x, lines_y, small, fonts, muted, anchor="start", face="credits"))
    # the foot band: the edition line and the house mark
    parts.append(f'<rect y="{fmt(h - foot)}" width="{fmt(w)}" height="{fmt(foot)}" fill="{colors.ground}" '
                 f'data-part="foot-band"/>')
    mark = tokens.type_mm("small")
    parts.append(identity.edition_mark(w / 2, h - foot / 2 + mark * boxart.CAP / 2, mark, fonts, colors.soft,
                                       colors.ground))
    return _svg(f"{title}: rules, back cover", "back-cover", w, h, parts)
