"""Draw the print-everything file's first page (documents/printall.py): what the kit holds,
how many sheets of card stock and of plain paper, and every part of the file with its
pages, sheets, sides and stock, in the order they print.

The words a checker reads back are each one text line: a part's page range, then its
path, then its description; a stock's tile says "<stock>", "<n> sheets", "pages a–b"; a
game's contents start "<title>: a deck of <n> cards"."""
from __future__ import annotations

from html import escape

from .identity import house_mark
from .templating import fmt
from .wrap import Measure

PT = 25.4 / 72
MARGIN_MM = 16.0


def pages_label(first: int, last: int) -> str:
    return f"{first}" if first == last else f"{first}–{last}"


def page_svg(paper, paper_name: str, titles: list, contents: list, stocks: list, parts: list,
             howto_name: str, theme) -> str:
    """The first page (pages_svg's)."""
    return pages_svg(paper, paper_name, titles, contents, stocks, parts, howto_name, theme)[0]


FLOOR_PT = 7.0  # the table's smallest type: running text's floor (cardgen check)


def pages_svg(paper, paper_name: str, titles: list, contents: list, stocks: list, parts: list,
              howto_name: str, theme) -> list:
    """contents: [(title, words)]; stocks: [{"stock", "sheets", "first", "last", "weight"}];
    parts: [{"path", "what", "details", "first", "last", "stock"}] in print order.

    One page, its table at the largest type from 8 pt down to 7 pt that fits; a table too
    long for that (a class kit of twelve sets: 90 parts) is set at 8 pt and runs on over
    continuation pages, its column heads and stock band repeated, instead of shrinking."""
    tokens, fonts = theme.tokens, theme.fonts
    ink, muted, accent = tokens.color("ink"), tokens.color("muted"), tokens.color("accent")
    white, band, zebra, rule = tokens.color("white"), tokens.color("band"), tokens.color("zebra"), tokens.color("rule")
    measure = Measure(fonts)
    m, w = MARGIN_MM, paper.width - 2 * MARGIN_MM
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(paper.width)}mm" height="{fmt(paper.height)}mm" '
           f'viewBox="0 0 {fmt(paper.width)} {fmt(paper.height)}" data-kind="print-everything" '
           f'data-paper="{paper.name}">',
           f'<title>Print everything ({escape(paper_name)})</title>',
           f'<rect width="{fmt(paper.width)}" height="{fmt(paper.height)}" fill="{white}"/>',
           f'<g font-family="{fonts.role("text")}" fill="{ink}">']

    def text(x, y, words, size, color=ink, role="text", anchor=None):
        family = f' font-family="{fonts.role("heavy")}"' if role == "heavy" else \
            (' font-weight="700"' if role == "bold" else "")
        a = f' text-anchor="{anchor}"' if anchor else ""
        out.append(f'<text x="{fmt(x)}" y="{fmt(y)}" font-size="{fmt(size * PT)}" fill="{color}"{family}{a}>'
                   f'{escape(words)}</text>')

    def para(x, y, words, size, room, color=ink, role="text") -> float:
        lead = size * PT * 1.35
        lines = wrap(measure, words, room, size, role)
        for i, line in enumerate(lines):
            text(x, y + i * lead, line, size, color, role)
        return y + len(lines) * lead

    # the masthead: the house mark, the title, the paper and the games
    out.append(house_mark(m + 6, m + 5, 12, accent, white))
    text(m + 15, m + 5.6, "Print everything", 22, accent, "heavy")
    text(m + 15, m + 10.4, f"{paper_name} paper · {', '.join(titles)}", 9.5, muted)
    y = m + 15
    out.append(f'<rect x="{fmt(m)}" y="{fmt(y)}" width="{fmt(w)}" height="0.6" fill="{accent}"/>')
    y += 6
    y = para(m, y, "Every file of the kit to print on this paper, in one file and in the order to print and cut "
             f"them. Print it a range of pages at a time, as the table says: each range on its stock, on one "
             f"side or both. For the print dialog and the cutting order, see {howto_name}.", 9, w) + 3

    # the stocks: a tile each
    gap = 5
    tile_w = (w - gap * (len(stocks) - 1)) / max(len(stocks), 1)
    for i, s in enumerate(stocks):
        x = m + i * (tile_w + gap)
        out.append(f'<rect x="{fmt(x)}" y="{fmt(y)}" width="{fmt(tile_w)}" height="21" rx="2" fill="{band}"/>')
        out.append(f'<rect x="{fmt(x)}" y="{fmt(y)}" width="1.6" height="21" fill="{accent if i == 0 else ink}"/>')
        text(x + 5, y + 5.5, s["stock"][:1].upper() + s["stock"][1:], 10, ink, "bold")
        text(x + 5, y + 13.5, f"{s['sheets']} sheet{'s' if s['sheets'] != 1 else ''}", 20, accent if i == 0 else ink,
             "heavy")
        text(x + tile_w - 4, y + 5.5, f"pages {pages_label(s['first'], s['last'])}", 9, ink, "bold", "end")
        text(x + 5, y + 18.2, s["weight"], 8, muted)
    y += 21 + 8

    # what the kit holds
    text(m, y, "In the kit", 12, accent, "heavy")
    y += 5.5
    col = max((measure.width(title, 8.5, "bold") for title, _ in contents), default=0) + 5
    for i, (title, words) in enumerate(contents):
        lines = wrap(measure, words, w - col - 2, 8.5)
        h = len(lines) * 8.5 * PT * 1.35 + 1.6
        if i % 2 == 0:
            out.append(f'<rect x="{fmt(m)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}" fill="{zebra}"/>')
        text(m + 2, y + 0.8 + 8.5 * PT, title, 8.5, ink, "bold")
        para(m + col, y + 0.8 + 8.5 * PT, words, 8.5, w - col - 2)
        y += h
    y += 8

    # the parts, in print order
    text(m, y, "In the order to print and cut", 12, accent, "heavy")
    y += 3
    size = 8.0
    for tenth in range(80, int(FLOOR_PT * 10) - 1, -5):  # the largest type whose table fits the page
        size = tenth / 10
        if y + _table_height(parts, measure, size, w) <= paper.height - m:
            break
    else:
        size = 8.0  # no size fits: the table runs on over more pages
    lead = size * PT * 1.4
    col_pages = measure.width("888–888", size, "bold") + 3
    col_path = min(max((measure.width(p["path"], size, "bold") for p in parts), default=0) + 4, w * 0.5)
    room = w - col_pages - col_path - 2
    y += 2
    heads = ((m + 2, "Pages"), (m + col_pages, "File"), (m + col_pages + col_path, "What it is, sheets, sides, stock"))

    def column_heads(y: float) -> float:
        for x, label in heads:
            text(x, y + size * PT, label.upper(), max(size * 0.8, 7.0), muted, "bold")  # 7 pt: running text
        return y + lead

    y = column_heads(y)
    pages = []
    current = None
    row = 0
    for p in parts:
        lines = wrap(measure, f"{p['what']}: {p['details']}", room, size)
        h = lead * len(lines) + 1.4
        band = (lead + 4.5) if p["stock"] != current else 0.0
        if y + band + h > paper.height - m:  # the page is full: the table runs on over the next
            out.append(f'<rect x="{fmt(m)}" y="{fmt(y)}" width="{fmt(w)}" height="0.3" fill="{rule}"/>')
            out.append("</g></svg>")
            pages.append("\n".join(out))
            out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{fmt(paper.width)}mm" height="{fmt(paper.height)}mm" '
                   f'viewBox="0 0 {fmt(paper.width)} {fmt(paper.height)}" data-kind="print-everything" '
                   f'data-paper="{paper.name}" data-page="{len(pages) + 1}">',
                   f'<title>Print everything ({escape(paper_name)}), continued</title>',
                   f'<rect width="{fmt(paper.width)}" height="{fmt(paper.height)}" fill="{white}"/>',
                   f'<g font-family="{fonts.role("text")}" fill="{ink}">']
            text(m, m + 4, "Print everything", 14, accent, "heavy")
            text(m + w, m + 4, f"{paper_name} paper · the order to print and cut, continued", 8.5, muted,
                 anchor="end")
            out.append(f'<rect x="{fmt(m)}" y="{fmt(m + 7)}" width="{fmt(w)}" height="0.6" fill="{accent}"/>')
            y = column_heads(m + 10)
            current, row = None, 0
        if p["stock"] != current:
            current = p["stock"]
            s = next(s for s in stocks if s["stock"] == current)
            y += 2.5
            out.append(f'<rect x="{fmt(m)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(lead + 2)}" fill="{ink}"/>')
            text(m + 2, y + lead * 0.85 + 0.6, f"On {current}", size, white, "bold")
            text(m + w - 2, y + lead * 0.85 + 0.6, f"pages {pages_label(s['first'], s['last'])} · "
                 f"{s['sheets']} sheet{'s' if s['sheets'] != 1 else ''}", size, white, "text", "end")
            y += lead + 2
            row = 0
        if row % 2:
            out.append(f'<rect x="{fmt(m)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}" fill="{zebra}"/>')
        base = y + 0.7 + size * PT
        text(m + 2, base, pages_label(p["first"], p["last"]), size, accent, "bold")
        text(m + col_pages, base, p["path"], size, ink, "bold")
        for i, line in enumerate(lines):
            text(m + col_pages + col_path, base + i * lead, line, size, ink)
        y += h
        row += 1
    out.append(f'<rect x="{fmt(m)}" y="{fmt(y)}" width="{fmt(w)}" height="0.3" fill="{rule}"/>')
    out.append("</g></svg>")
    return pages + ["\n".join(out)]


def _table_height(parts: list, measure, size: float, w: float) -> float:
    lead = size * PT * 1.4
    col_pages = measure.width("888–888", size, "bold") + 3
    col_path = min(max((measure.width(p["path"], size, "bold") for p in parts), default=0) + 4, w * 0.5)
    room = w - col_pages - col_path - 2
    stocks = len({p["stock"] for p in parts})
    rows = sum(lead * len(wrap(measure, f"{p['what']}: {p['details']}", room, size)) + 1.4 for p in parts)
    return stocks * (lead + 4.5) + lead + 2 + rows


def wrap(measure, words: str, room: float, size: float, role: str = "text") -> list:
    """words in lines no wider than room, never leaving one word alone on the last line: the
    measure narrowed (to 70 % at most) until the last line holds two words, the lines no more."""
    lines = measure.lines(words, room, size, role)
    if len(lines) < 2 or len(lines[-1].split()) > 1:
        return lines
    for step in range(1, 31):
        narrower = measure.lines(words, room * (1 - step / 100), size, role)
        if len(narrower) > len(lines):
            break
        if len(narrower[-1].split()) > 1:
            return narrower
    return lines
