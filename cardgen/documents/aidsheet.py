"""The player aid cards on a sheet of card stock: <game>-aid-cards-<paper>.pdf.

As many cards of the deck's size as the paper holds (three by two on Letter and A4), each
with a 1.5 mm bleed, 3 mm apart, the aid's cards repeated in turn so every player gets a
set; cut marks in the margin on every cut line. One side: the cards have no back.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..design.templating import fmt

GUTTER = 3.0  # between two cards: each card's bleed runs half of it
MARK = 4.0  # a cut mark's length in the margin
MARK_GAP = 1.0  # between a mark and the cards' bleed


def _grid(page_w: float, page_h: float, card_w: float, card_h: float) -> tuple:
    cols = max(1, int((page_w - 2 * (MARK + MARK_GAP + 1.0) + GUTTER) // (card_w + GUTTER)))
    rows = max(1, int((page_h - 2 * (MARK + MARK_GAP + 1.0) + GUTTER) // (card_h + GUTTER)))
    return cols, rows


def printed(cards: list, paper) -> int:
    """How many aid cards the sheet holds: whole sets of the aid's cards, as many as fit."""
    w, h = (float(v) for v in re.search(r'data-trim-mm="([\d.]+),([\d.]+)"', cards[0]).groups())
    cols, rows = _grid(paper.width, paper.height, w, h)
    slots = cols * rows
    return slots - slots % len(cards) if len(cards) <= slots else slots


def sheet_svg(cards: list, paper, cut: str, line: float) -> str:
    """One page of paper (layout.paper.Paper) with the aid cards (SVG documents of the
    same trim) laid out, their bleeds inside their gutters, and the cut marks."""
    w, h = (float(v) for v in re.search(r'data-trim-mm="([\d.]+),([\d.]+)"', cards[0]).groups())
    cols, rows = _grid(paper.width, paper.height, w, h)
    grid_w, grid_h = cols * w + (cols - 1) * GUTTER, rows * h + (rows - 1) * GUTTER
    x0, y0 = (paper.width - grid_w) / 2, (paper.height - grid_h) / 2
    bleed = GUTTER / 2
    parts = []
    used = printed(cards, paper)  # whole sets of the aid only
    for i in range(used):
        svg = cards[i % len(cards)]
        c, r = i % cols, i // cols
        x, y = x0 + c * (w + GUTTER), y0 + r * (h + GUTTER)
        inner = re.sub(r"^.*?<svg[^>]*>", "", svg, count=1, flags=re.S)
        inner = re.sub(r"</svg>\s*$", "", inner)
        inner = re.sub(r"<title>.*?</title>", "", inner, count=1, flags=re.S)
        inner = re.sub(r'id="([^"]+)"', lambda m: f'id="s{i}-{m.group(1)}"', inner)
        inner = re.sub(r'url\(#([^)]+)\)', lambda m: f"url(#s{i}-{m.group(1)})", inner)
        clip = f"cell{i}"
        box = (f"M{fmt(-bleed)} {fmt(-bleed)}H{fmt(w + bleed)}V{fmt(h + bleed)}H{fmt(-bleed)}Z")
        parts.append(f'<g transform="translate({fmt(x)} {fmt(y)})"><clipPath id="{clip}"><path d="{box}"/></clipPath>'
                     f'<g clip-path="url(#{clip})">{inner}</g></g>')
    marks = []
    xs = sorted({x0 + c * (w + GUTTER) for c in range(cols)} | {x0 + c * (w + GUTTER) + w for c in range(cols)})
    ys = sorted({y0 + r * (h + GUTTER) for r in range(rows)} | {y0 + r * (h + GUTTER) + h for r in range(rows)})
    top, bottom = y0 - bleed - MARK_GAP, y0 + grid_h + bleed + MARK_GAP
    left, right = x0 - bleed - MARK_GAP, x0 + grid_w + bleed + MARK_GAP
    if used < cols * rows:  # a short last row: its cells stay blank, their marks with them
        rows_used = -(-used // cols)
        ys = sorted({y0 + r * (h + GUTTER) for r in range(rows_used)} | {y0 + r * (h + GUTTER) + h for r in range(rows_used)})
    for x in xs:
        marks.append(f"M{fmt(x)} {fmt(top - MARK)}V{fmt(top)}M{fmt(x)} {fmt(bottom)}V{fmt(bottom + MARK)}")
    for y in ys:
        marks.append(f"M{fmt(left - MARK)} {fmt(y)}H{fmt(left)}M{fmt(right)} {fmt(y)}H{fmt(right + MARK)}")
    parts.append(f'<path data-mark="cut-marks" d="{"".join(marks)}" fill="none" stroke="{cut}" '
                 f'stroke-width="{fmt(line)}"/>')
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" '
            f'width="{fmt(paper.width)}mm" height="{fmt(paper.height)}mm" viewBox="0 0 {fmt(paper.width)} '
            f'{fmt(paper.height)}" data-kind="aid-cards" data-cards="{used}">'
            f'<title>Player aid cards</title>{"".join(parts)}</svg>')


def write_aid_sheet(path: Path, cards: list, paper, theme, meta) -> int:
    from ..draw.pdf import SIMPLEX, write_pages

    svg = sheet_svg(cards, paper, theme.tokens.color("cut"), theme.tokens.mm("stroke.thin"))
    return write_pages([svg], path, meta, (paper.width, paper.height), theme.fonts, duplex=SIMPLEX)
