"""Player aid cards: the player aid set on cards of the deck's size, to keep in hand.

The words are the player aid's own (templates/rules/<game>-reference.md, rendered with
the deck's facts), set from the top of a card down: a head band in the game's color with
its wordmark, then each section under a small pictogram, its lists and tables in type no
smaller than 7 pt, and a strip of the deck's own cards pictured small under the first
section's heading; a section that does not fit goes to the next card. The foot carries the
house mark and the edition's name. Each card is an SVG of the deck's card size with a
bleed; documents/aidsheet.py lays them out on a sheet with cut marks.
"""
from __future__ import annotations

import html
import re
from dataclasses import dataclass

from . import identity, textfit
from .fan import _rounded, card_drawing
from .templating import fmt

CAP = 0.72
BODY_PT, HEAD_PT, SMALL_PT = 7.4, 8.6, 7.0  # running text 7 pt at least (the checker's floor)
PT = 25.4 / 72
PAD = 3.6  # the text's inset from the trim (the safe zone plus a little)


@dataclass(frozen=True)
class Run:
    text: str
    bold: bool


def runs(markup: str) -> list:
    """The inline markup (reportlab mini-HTML: <b>, <i>, <br/>) as words with their weight."""
    out, bold = [], False
    for part in re.split(r"(<[^>]+>)", markup.replace("<br/>", " ")):
        if part.startswith("<"):
            bold = {"<b>": True, "</b>": False}.get(part, bold)
            continue
        for word in textfit.atoms(html.unescape(part)):  # "8 × 8", "30 min": never broken
            out.append(Run(word, bold))
    return out


def wrap_runs(words: list, width: float, size: float, fonts) -> list:
    """Greedy lines of words (each line a list of Runs) no wider than width mm."""
    files = {True: fonts.file("bold"), False: fonts.file("regular")}
    space = textfit.width_mm(" ", files[False], size)
    lines, line, used = [], [], 0.0
    for w in words:
        wide = textfit.width_mm(w.text, files[w.bold], size)
        if line and used + space + wide > width:
            lines.append(line)
            line, used = [], 0.0
        used += (space if line else 0) + wide
        line.append(w)
    if line:
        lines.append(line)
    return lines


def line_svg(line: list, x: float, y: float, size: float, fonts, color: str) -> str:
    """One line of words: a text of tspans, bold where the words are; spaces kept inside
    the runs (a tspan's edge space is not kept alike by every reader)."""
    groups = []
    for w in line:
        if groups and groups[-1][0] == w.bold:
            groups[-1][1].append(w.text)
        else:
            groups.append((w.bold, [w.text]))
    spans = []
    for i, (bold, texts) in enumerate(groups):
        text = " ".join(texts) + (" " if i < len(groups) - 1 else "")
        weight = ' font-weight="700"' if bold else ""
        spans.append(f"<tspan{weight}>{html.escape(text, quote=False)}</tspan>")
    return (f'<text x="{fmt(x)}" y="{fmt(y)}" font-family="{fonts.role("text")}" font-size="{fmt(size)}" '
            f'fill="{color}" xml:space="preserve">{"".join(spans)}</text>')


def pictogram(heading: str, cx: float, cy: float, r: float, color: str, ink: str) -> str:
    """A small disc in the game's color with a pictogram for the section: a turn (an arrow
    round), a sequence (three cards), pass cards (an arrow), scoring (a plus), winning
    (a cup), anything else (a dot)."""
    h = heading.lower()
    disc = f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(r)}" fill="{color}"/>'
    s = r * 0.55
    if "turn" in h:
        mark = (f'<path d="M{fmt(cx - s)} {fmt(cy)}A{fmt(s)} {fmt(s)} 0 1 1 {fmt(cx)} {fmt(cy + s)}" fill="none" '
                f'stroke="{ink}" stroke-width="{fmt(r * 0.22)}"/>'
                f'<path d="M{fmt(cx - s - r * 0.3)} {fmt(cy - r * 0.05)}L{fmt(cx - s + r * 0.3)} {fmt(cy - r * 0.05)}'
                f'L{fmt(cx - s)} {fmt(cy + r * 0.35)}Z" fill="{ink}"/>')
    elif "sequence" in h or "hand" in h or "deal" in h:
        w, hh = r * 0.55, r * 0.8
        mark = "".join(f'<rect x="{fmt(cx - w / 2 + dx)}" y="{fmt(cy - hh / 2 - dx * 0.3)}" width="{fmt(w)}" '
                       f'height="{fmt(hh)}" rx="{fmt(r * 0.08)}" fill="{ink}" stroke="{color}" '
                       f'stroke-width="{fmt(r * 0.1)}"/>' for dx in (-r * 0.35, 0, r * 0.35))
    elif "pass" in h:
        mark = (f'<path d="M{fmt(cx - s)} {fmt(cy - r * 0.12)}L{fmt(cx + s * 0.2)} {fmt(cy - r * 0.12)}'
                f'L{fmt(cx + s * 0.2)} {fmt(cy - s * 0.7)}L{fmt(cx + s)} {fmt(cy)}L{fmt(cx + s * 0.2)} '
                f'{fmt(cy + s * 0.7)}L{fmt(cx + s * 0.2)} {fmt(cy + r * 0.12)}L{fmt(cx - s)} {fmt(cy + r * 0.12)}Z" '
                f'fill="{ink}"/>')
    elif "scor" in h or "point" in h:
        t = r * 0.2
        mark = (f'<rect x="{fmt(cx - s)}" y="{fmt(cy - t / 2)}" width="{fmt(2 * s)}" height="{fmt(t)}" fill="{ink}"/>'
                f'<rect x="{fmt(cx - t / 2)}" y="{fmt(cy - s)}" width="{fmt(t)}" height="{fmt(2 * s)}" fill="{ink}"/>')
    elif "win" in h:
        mark = (f'<path d="M{fmt(cx - s)} {fmt(cy - s * 0.8)}L{fmt(cx + s)} {fmt(cy - s * 0.8)}'
                f'C{fmt(cx + s)} {fmt(cy + s * 0.2)} {fmt(cx - s)} {fmt(cy + s * 0.2)} {fmt(cx - s)} {fmt(cy - s * 0.8)}Z'
                f'M{fmt(cx - r * 0.08)} {fmt(cy)}L{fmt(cx + r * 0.08)} {fmt(cy)}L{fmt(cx + r * 0.08)} {fmt(cy + s * 0.6)}'
                f'L{fmt(cx + s * 0.6)} {fmt(cy + s * 0.9)}L{fmt(cx - s * 0.6)} {fmt(cy + s * 0.9)}'
                f'L{fmt(cx - r * 0.08)} {fmt(cy + s * 0.6)}Z" fill="{ink}"/>')
    else:
        mark = f'<circle cx="{fmt(cx)}" cy="{fmt(cy)}" r="{fmt(r * 0.3)}" fill="{ink}"/>'
    return f'<g data-mark="pictogram">{disc}{mark}</g>'


def _pieces(blocks: list, width: float, fonts, body_pt: float = BODY_PT) -> list:
    """The aid's blocks as sections: (heading, [(kind, lines, height)])."""
    body = body_pt * PT
    lead = body * 1.28
    sections, current = [], None
    for b in blocks:
        if b.kind in ("title",):
            continue
        if b.kind == "subtitle":
            sections.append(["", [("sub", b.text)]])
            continue
        if b.kind in ("h2", "h3"):
            current = [re.sub(r"<[^>]+>", "", html.unescape(b.text)), []]
            sections.append(current)
            continue
        if current is None:
            current = ["", []]
            sections.append(current)
        if b.kind == "list":
            for i, item in enumerate(b.items):
                mark = f"{i + 1}" if b.ordered else "•"
                current[1].append(("item", (mark, item)))
        elif b.kind == "table":
            for row in b.items[1:] if len(b.items) > 1 else b.items:
                current[1].append(("row", row))
        elif b.kind in ("para", "small", "callout"):
            current[1].append(("para", b.text))
    out = []
    for heading, parts in sections:
        pieces = []
        for kind, data in parts:
            if kind == "sub":
                lines = wrap_runs(runs(data), width, SMALL_PT * PT, fonts)
                pieces.append(("sub", lines, len(lines) * SMALL_PT * PT * 1.25))
            elif kind == "item":
                mark, text = data
                lines = wrap_runs(runs(text), width - 3.2, body, fonts)
                pieces.append(("item", (mark, lines), len(lines) * lead + 0.5))
            elif kind == "row":
                left, right = (data + ["", ""])[:2]
                lines_l = wrap_runs([Run(w.text, True) for w in runs(left)], width * 0.36, body, fonts)
                lines_r = wrap_runs(runs(right), width * 0.6, body, fonts)
                pieces.append(("row", (lines_l, lines_r), max(len(lines_l), len(lines_r)) * lead + 0.7))
            else:
                lines = wrap_runs(runs(data), width, body, fonts)
                pieces.append(("para", lines, len(lines) * lead + 0.6))
        out.append((heading, pieces))
    return out


def aid_cards(title: str, blocks: list, size, bleed: float, ground: str, low_ink: bool, theme,
              pictures: list = (), game: str = "") -> list:
    """The aid's cards, as SVG documents of the card's size: pictures, the SVGs of a few of
    the deck's cards, shown small under the first section's heading. The body type is the
    largest of 7.4, 7.2 and 7 pt that sets the aid on the fewest cards."""
    tried = [_aid_cards(title, blocks, size, bleed, ground, low_ink, theme, pictures, game, pt)
             for pt in (BODY_PT, 7.2, 7.0)]
    fewest = min(len(t) for t in tried)
    return next(t for t in tried if len(t) == fewest)


def _aid_cards(title: str, blocks: list, size, bleed: float, ground: str, low_ink: bool, theme,
               pictures, game: str, body_pt: float) -> list:
    tokens, fonts = theme.tokens, theme.fonts
    W, H = size.width, size.height
    width = W - 2 * PAD
    body, head = body_pt * PT, HEAD_PT * PT
    lead = body * 1.28
    ink, muted, white = tokens.color("ink"), tokens.color("muted"), tokens.color("white")
    band_fill = white if low_ink else ground
    band_text = ground if low_ink else white
    accent = ground
    band = 10.4
    foot = 6.4
    sections = _pieces(blocks, width, fonts, body_pt)
    pics = list(pictures)[:4]
    pic_h = 14.0 if pics else 0.0
    cards, parts, y = [], [], band + 2.6

    def start():
        return band + 2.6

    def finish():
        cards.append(parts[:])
        parts.clear()

    first_section = True
    for heading, pieces in sections:
        whole = sum(p[2] for p in pieces)
        usable = H - foot - 1.5 - start()
        # a short section (a table, a few lines) stays whole on one card; a long one needs its first lines
        body_need = whole if whole < 0.45 * usable else sum(p[2] for p in pieces[:2])
        need = (head * 1.6 if heading else 0) + body_need + (pic_h if first_section and heading else 0)
        if y + need > H - foot - 1.5 and parts:
            finish()
            y = start()
        if heading:
            r = head * 0.62
            parts.append(pictogram(heading, PAD + r, y + r * 0.9, r, accent, white))
            parts.append(f'<text x="{fmt(PAD + 2 * r + 1.4)}" y="{fmt(y + r * 0.9 + head * CAP / 2)}" '
                         f'font-family="{fonts.role("heavy")}" font-size="{fmt(head)}" fill="{accent}">'
                         f'{html.escape(heading, quote=False)}</text>')
            y += 2 * r + 1.2
            if first_section and pics:
                parts.append(_picture_row(pics, PAD, y, width, pic_h - 2.0, fonts, tokens, game))
                y += pic_h
            first_section = False
        for kind, data, height in pieces:
            if y + height > H - foot - 1.5:
                finish()
                y = start()
            if kind == "sub":
                for line in data:
                    y += SMALL_PT * PT * 1.25
                    parts.append(line_svg(line, PAD, y - SMALL_PT * PT * 0.3, SMALL_PT * PT, fonts, muted))
                y += 0.8
            elif kind == "item":
                mark, lines = data
                parts.append(f'<text x="{fmt(PAD + 0.6)}" y="{fmt(y + body * CAP + 0.2)}" font-family="{fonts.role("text")}" '
                             f'font-weight="700" font-size="{fmt(body)}" fill="{accent}">{html.escape(mark)}</text>')
                for line in lines:
                    parts.append(line_svg(line, PAD + 3.2, y + body * CAP + 0.2, body, fonts, ink))
                    y += lead
                y += 0.5
            elif kind == "row":
                left, right = data
                top = y
                for i, line in enumerate(left):
                    parts.append(line_svg(line, PAD, top + body * CAP + 0.3 + i * lead, body, fonts, ink))
                for i, line in enumerate(right):
                    parts.append(line_svg(line, PAD + width * 0.4, top + body * CAP + 0.3 + i * lead, body, fonts, ink))
                y += height
                parts.append(f'<rect x="{fmt(PAD)}" y="{fmt(y - 0.35)}" width="{fmt(width)}" '
                             f'height="{fmt(tokens.mm("stroke.hair"))}" fill="{tokens.color("rule")}"/>')
            else:
                for line in data:
                    parts.append(line_svg(line, PAD, y + body * CAP + 0.2, body, fonts, ink))
                    y += lead
                y += 0.6
        y += 1.0
    if parts:
        finish()
    out = []
    for i, content in enumerate(cards):
        out.append(_card(title, content, i + 1, len(cards), size, bleed, band, band_fill, band_text, foot, low_ink,
                         ground, theme, game))
    return out


def _picture_row(pics: list, x: float, y: float, width: float, height: float, fonts, tokens, game: str) -> str:
    """The deck's cards pictured small, side by side, with a small arrow between each."""
    parts = []
    n = len(pics)
    gap = 3.2
    ratio = 88.9 / 63.5
    h = height
    w = h / ratio
    total = n * w + (n - 1) * gap
    left = x + (width - total) / 2
    for i, svg in enumerate(pics):
        cx = left + i * (w + gap)
        cw, ch = (float(v) for v in re.search(r'data-trim-mm="([\d.]+),([\d.]+)"', svg).groups())
        scale = w / cw
        body, cw, ch = card_drawing(svg, f"aid{game}{i}-", (scale, 0, 0, scale, cx, y), [], 6 * PT, fonts)
        clip = f"aidclip{game}{i}"
        parts.append(f'<g transform="translate({fmt(cx)} {fmt(y)}) scale({fmt(scale)})">'
                     f'<clipPath id="{clip}"><path d="{_rounded(cw, ch, 2.5)}"/></clipPath>'
                     f'<g clip-path="url(#{clip})">{body}</g>'
                     f'<path d="{_rounded(cw, ch, 2.5)}" fill="none" stroke="{tokens.color("rule")}" '
                     f'stroke-width="{fmt(0.3 / scale)}"/></g>')
        if i < n - 1:
            ax = cx + w + gap / 2
            ay = y + h / 2
            parts.append(f'<path d="M{fmt(ax - 1.0)} {fmt(ay - 1.2)}L{fmt(ax + 1.0)} {fmt(ay)}L{fmt(ax - 1.0)} {fmt(ay + 1.2)}Z" '
                         f'fill="{tokens.color("muted")}"/>')
    return f'<g data-mark="card-pictures">{"".join(parts)}</g>'


def _card(title: str, content: list, number: int, count: int, size, bleed: float, band: float, band_fill: str,
          band_text: str, foot: float, low_ink: bool, ground: str, theme, game: str) -> str:
    from .boxart import Scheme, wordmark

    tokens, fonts = theme.tokens, theme.fonts
    W, H = size.width, size.height
    paper = tokens.color("white") if low_ink else tokens.color("paper")
    name = min(4.4, textfit.fit(title, W * 0.55, fonts.file("black"), 4.4))
    colors = Scheme(band_fill, band_text, band_text, tokens.color("box.accent") if not low_ink else ground, band_fill)
    label = "PLAYER AID" + (f" {number}/{count}" if count > 1 else "")
    small = 6.3 * PT  # the label and the edition's mark: a few words, not running text
    parts = [f'<rect x="{fmt(-bleed)}" y="{fmt(-bleed)}" width="{fmt(W + 2 * bleed)}" height="{fmt(H + 2 * bleed)}" '
             f'fill="{paper}"/>',
             f'<rect x="{fmt(-bleed)}" y="{fmt(-bleed)}" width="{fmt(W + 2 * bleed)}" height="{fmt(band + bleed)}" '
             f'fill="{band_fill}"/>']
    if low_ink:
        parts.append(f'<rect x="{fmt(-bleed)}" y="{fmt(band - 0.5)}" width="{fmt(W + 2 * bleed)}" height="0.5" '
                     f'fill="{ground}"/>')
    base = band / 2 + 1.5 + name * CAP / 2 - 1.5
    parts.append(wordmark(title, PAD + textfit.width_mm(title, fonts.file("black"), name) / 2, base, name, fonts,
                          colors, face="aid-wordmark"))
    parts.append(f'<text x="{fmt(W - PAD)}" y="{fmt(base)}" font-family="{fonts.role("text")}" font-weight="700" '
                 f'font-size="{fmt(small)}" text-anchor="end" fill="{band_text}">{label}</text>')
    parts += content
    parts.append(identity.edition_mark(W / 2, H - 3.6, small, fonts, tokens.color("muted"), paper))
    body = "".join(parts)
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" '
            f'width="{fmt(W + 2 * bleed)}mm" height="{fmt(H + 2 * bleed)}mm" '
            f'viewBox="{fmt(-bleed)} {fmt(-bleed)} {fmt(W + 2 * bleed)} {fmt(H + 2 * bleed)}" data-game="{game}" '
            f'data-kind="aid-card" data-trim-mm="{fmt(W)},{fmt(H)}" data-bleed-mm="{fmt(bleed)}">'
            f'<title>{html.escape(title)}: player aid card {number} of {count}</title>{body}</svg>')
