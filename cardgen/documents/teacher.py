"""Typeset the Str8 Eight teacher pages: lesson plan, recording sheet, answer key and
fact coverage, one page each on the home-print paper.

The words come from templates/rules/str8eight-teacher.md (one page per "# " title,
numbers from model/teacher.py's TeacherFacts); a line [[name]] places a table drawn
here from the same facts. A page's text is set in the largest type that leaves its
table the room it needs, and the table then takes the rest of the page, so each
page fits its paper whatever the table size.
"""
from __future__ import annotations

import re
from pathlib import Path

from ..design import palette
from ..layout.paper import Paper
from ..tokens import default_tokens
from .booklet import _callout, _list, _styles, _table
from .ruletext import Block, load

MM = 72 / 25.4
MARGIN_MM = 12.0
DIRECTIVE = re.compile(r"^\[\[([a-z-]+)\]\]$")
TEXT_PT = (7.5, 11.0)  # the body size range a page's text is set in
RECORDING_ROW_MM = 14.0  # a line of an eight-year-old's handwriting for one row of cards (at least 12)
CHILD_GLYPH_MM = 3.5  # a digit or sign as a child of eight writes it (about 5 mm tall), with the gap after it
CELL_PAD_MM = 4.0  # room left in a box beside the written fact
MAX_CARDS_A_LINE = 8  # longer sequences take two (or more) lines of the recording sheet


def widest_fact(n: int) -> str:
    """The longest fact a pupil writes for the n × n table: "12 × 12 = 144"."""
    return f"{n} × {n} = {n * n}"


def child_cell_mm(n: int) -> float:
    """How wide a recording box must be for the widest fact of the table in a child's hand:
    each digit and sign CHILD_GLYPH_MM (spaces are the gaps already counted), plus padding."""
    return len(widest_fact(n).replace(" ", "")) * CHILD_GLYPH_MM + CELL_PAD_MM
TEMPLATE = "str8eight-teacher"
KEY_PT = 7.0  # the answer key's smallest type (the running-text floor): set larger when the page allows
KEY_PT_MAX = 11.0
KEY_LEADING = 1.16  # a key row's height, in font sizes
KEY_PAD = 1.5  # points: a key cell's padding on each side (_style's LEFTPADDING and RIGHTPADDING)
FRAME_PAD = 6.0  # points: reportlab's frame padding on each side, inside the margins


def pages_of(blocks: list) -> list:
    """The blocks split at each title: one list per page."""
    pages: list = []
    for b in blocks:
        if b.kind == "title" or not pages:
            pages.append([])
        pages[-1].append(b)
    return pages


def _styles_for(fonts: dict, size: float, tokens) -> dict:
    from reportlab.lib.styles import ParagraphStyle

    styles = _styles(fonts, size, tokens)
    styles["page_title"] = ParagraphStyle("page_title", parent=styles["body"], fontName=fonts["heavy"],
                                          fontSize=18, leading=22, textColor=tokens.color("accent"), spaceAfter=2)
    styles["page_sub"] = ParagraphStyle("page_sub", parent=styles["body"], fontName=fonts["italic"],
                                        fontSize=size, leading=size * 1.35, textColor=tokens.color("muted"),
                                        spaceAfter=size * 0.9)
    return styles


def _text(blocks: list, styles: dict, width: float) -> list:
    """Flowables of a page's words; a directive is left in place as its name."""
    from reportlab.platypus import Paragraph

    out: list = []
    for i, b in enumerate(blocks):
        if b.kind == "title":
            out.append(Paragraph(b.text, styles["page_title"]))
        elif b.kind == "subtitle" or (b.kind == "para" and i == 1 and b.text.startswith("<i>")
                                      and b.text.endswith("</i>")):  # the italic line under a page's title
            out.append(Paragraph(b.text, styles["page_sub"]))
        elif b.kind == "h2":
            out.append(Paragraph(b.text, styles["h3"]))
        elif b.kind == "h3":
            out.append(Paragraph(b.text, styles["h3"]))
        elif b.kind == "para" and DIRECTIVE.match(b.text):
            out.append(DIRECTIVE.match(b.text).group(1))
        elif b.kind == "para":
            out.append(Paragraph(b.text, styles["body"]))
        elif b.kind == "list":
            out += _list(b, styles)
        elif b.kind == "table":
            out.append(_table(b, width, styles))
        elif b.kind == "callout":
            out.append(_callout(b, width, styles))
    return out


def _height(flowables: list, width: float) -> float:
    return sum(f.wrap(width, 1e6)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flowables
               if not isinstance(f, str))


def _style(fonts: dict, tokens, header_rows: int = 1) -> list:
    c, pt = tokens.color, 72 / 25.4
    return [("FONT", (0, 0), (-1, -1), fonts["text"]), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("ALIGN", (0, 0), (-1, -1), "CENTER"), ("TEXTCOLOR", (0, 0), (-1, header_rows - 1), c("white")),
            ("BACKGROUND", (0, 0), (-1, header_rows - 1), c("accent")),
            ("GRID", (0, 0), (-1, -1), tokens.mm("stroke.hair") * pt, c("rule")),
            ("BOX", (0, 0), (-1, -1), tokens.mm("stroke.thin") * pt, c("ink")), ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0), ("LEFTPADDING", (0, 0), (-1, -1), 1.5),
            ("RIGHTPADDING", (0, 0), (-1, -1), 1.5)]


def _width(text: str, font: str) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, font, 1.0)


# --- the tables ------------------------------------------------------------------------------

def _guide(n: int, font: str, size: float) -> str:
    """"×" and "=" spaced for a child's hand: room before the × for the first factor, between
    them for the second, after the = for the product, each as many digits as the table's
    largest (CHILD_GLYPH_MM a digit, a little air beside each sign); non-breaking spaces, so
    the room is kept."""
    import math

    space = _width(NBSP, font) * size / MM  # mm of one space at this size
    room = lambda digits, air=1.5: NBSP * math.ceil((digits * CHILD_GLYPH_MM + air) / space)  # noqa: E731
    return f"{room(len(str(n)))}×{room(len(str(n)))}={room(len(str(n * n)))}"


NBSP = "\u00a0"


def recording(f, fonts: dict, width: float, room: float, tokens):
    """One block of rows per sequence: a box per card (the worked example filled in, the
    rest with faint × and = to write around), and the sequence's total."""
    from reportlab.platypus import Table, TableStyle

    length = len(f.example)
    first, last = 9 * MM, 16 * MM
    fits = max(1, min(MAX_CARDS_A_LINE, int((width - first - last) // (child_cell_mm(f.n) * MM))))
    lines = -(-length // fits)
    per_line = -(-length // lines)
    col = (width - first - last) / per_line
    row_h = RECORDING_ROW_MM * MM
    head_h = 6 * MM
    sequences = max(1, int((room - head_h) // (row_h * lines)))
    texts = [s.text for s in f.example]
    size = min(10.5, min(col * 0.9 / _width(t, fonts["text"]) for t in texts))
    guide = _guide(f.n, fonts["text"], size)  # faint marks to write the fact around, centered in the box
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph

    cell = ParagraphStyle("rec", fontName=fonts["text"], fontSize=size, leading=size * 1.2, alignment=1)
    example_style = ParagraphStyle("ex", parent=cell, textColor=tokens.color("accent"), fontName=fonts["bold"])
    if lines == 1:
        header = ["#"] + [f"card {i + 1}" for i in range(per_line)] + ["total"]
    else:  # a sequence over several lines: the cards read on from line to line
        header = ["#", f"cards, {per_line} a line"] + [""] * (per_line - 1) + ["total"]
    rows, spans = [header], []
    for k in range(sequences):
        for line in range(lines):
            cards = range(line * per_line, min(length, (line + 1) * per_line))
            if k == 0:
                row = [Paragraph(texts[i], example_style) for i in cards]
            else:
                row = [guide for _ in cards]
            row += [""] * (per_line - len(row))
            number = ("e.g." if k == 0 else str(k)) if line == 0 else ""
            total = (str(f.example_total) if k == 0 else "") if line == 0 else ""
            rows.append([number] + row + [total])
        if lines > 1:
            top = 1 + k * lines
            spans += [("SPAN", (0, top), (0, top + lines - 1)), ("SPAN", (-1, top), (-1, top + lines - 1))]
    table = Table(rows, colWidths=[first] + [col] * per_line + [last],
                  rowHeights=[head_h] + [row_h] * (len(rows) - 1))
    style = _style(fonts, tokens) + spans + [("FONT", (0, 0), (-1, 0), fonts["bold"], 8),
                                     ("FONT", (0, 1), (-1, -1), fonts["text"], size),
                                     ("TEXTCOLOR", (0, 1), (-1, lines), tokens.color("accent")),
                                     # the "×  =" guides: light, but 4.5:1 (a pupil reads them)
                                     ("TEXTCOLOR", (1, 1 + lines), (-2, -1), palette.legible(tokens.color("rule_faint"), tokens.color("white"))),
                                     ("FONT", (-1, 1), (-1, lines), fonts["bold"], size)]
    for k in range(1, sequences, 2):
        style.append(("BACKGROUND", (-1, 1 + k * lines), (-1, (k + 1) * lines), tokens.color("zebra")))
    table.setStyle(TableStyle(style))
    return table


def answer_key(f, fonts: dict, width: float, room: float, tokens):
    """A row per value: its facts, then under each times table it belongs to the previous
    and next multiple (– past the table's ends); tables it is not in are shaded. Set in
    the largest type, up to KEY_PT_MAX, in which the widest text of every column fits its
    column and the rows the page's room; never below KEY_PT: a key too long for the room
    at that size runs on to the next page, its header repeated."""
    from reportlab.platypus import Table, TableStyle

    n = f.n
    rows = [["value", "cards"] + [f"×{d}" for d in range(1, n + 1)]]
    shaded = []
    for i, k in enumerate(f.key, 1):
        row = [str(k.value), k.facts]
        for d in range(1, n + 1):
            if d in k.neighbours:
                prev, nxt = k.neighbours[d]
                row.append(f"{'–' if prev is None else prev} · {'–' if nxt is None else nxt}")
            else:
                row.append("")
                shaded.append((d + 1, i))
        rows.append(row)
    # widths at 1 pt, each column's widest text in the font it is set in (the header row bold)
    value_w = max(_width(r[0], fonts["bold"]) for r in rows) + 0.5
    facts_w = max([_width(r[1], fonts["text"]) for r in rows[1:]] + [_width("cards", fonts["bold"])])
    group_w = max([_width(c, fonts["text"]) for r in rows[1:] for c in r[2:]]
                  + [_width(c, fonts["bold"]) for c in rows[0][2:]])
    pad = KEY_PAD * 2
    # as large as the width allows (each column its widest text and padding) and the rows the
    # room; below KEY_PT only never: then the columns are those of KEY_PT and the key runs on
    size = min(KEY_PT_MAX, (width - (n + 2) * pad) / (value_w + facts_w + n * group_w),
               (room - 2) / len(rows) / KEY_LEADING)
    size = max(KEY_PT, size)
    row_h = size * KEY_LEADING
    widths = [value_w * size + pad, facts_w * size + pad]
    widths += [max(group_w * size + pad, (width - sum(widths)) / n)] * n
    table = Table(rows, colWidths=widths, rowHeights=[row_h] * len(rows), repeatRows=1)
    style = _style(fonts, tokens) + [("FONT", (0, 0), (-1, 0), fonts["bold"], size),
                             ("FONT", (0, 1), (-1, -1), fonts["text"], size),
                             ("FONT", (0, 1), (0, -1), fonts["bold"], size),
                             ("ALIGN", (1, 1), (1, -1), "LEFT")]
    style += [("BACKGROUND", (c, r), (c, r), tokens.color("zebra")) for c, r in shaded]
    table.setStyle(TableStyle(style))
    return table


def coverage_grid(f, fonts: dict, width: float, room: float, tokens):
    """The N × N table: each fact's product, and under it how many winning sequences in
    100 pass through it; the darker, the more. Drawn straight on the canvas (a table of
    144 two-size paragraphs takes reportlab a tenth of a second)."""
    from reportlab.platypus import Flowable

    n = f.n
    side = min(width / (n + 0.7), room / (n + 0.7), 20 * MM)
    head = side * 0.7
    top = max(f.through.values()) or 1
    big = min(side * 0.36, 12)
    small = big * 0.62
    total = head + n * side

    class Grid(Flowable):
        def wrap(self, *_):
            return total, total

        def draw(self):
            c = self.canv
            c.saveState()
            c.setLineWidth(0.4)
            c.setStrokeColor(tokens.color("rule"))
            c.setFillColor(tokens.color("accent"))
            c.rect(0, total - head, total, head, stroke=0, fill=1)
            c.rect(0, 0, head, total, stroke=0, fill=1)
            c.setFillColor(tokens.color("white"))
            c.setFont(fonts["bold"], big * 0.8)
            c.drawCentredString(head / 2, total - head / 2 - big * 0.28, "×")
            for k in range(1, n + 1):  # the header row, then row by row: the text reads in that order
                c.drawCentredString(head + (k - 0.5) * side, total - head / 2 - big * 0.28, str(k))
            for r, line in enumerate(f.grid, 1):
                c.setFillColor(tokens.color("white"))
                c.setFont(fonts["bold"], big * 0.8)
                c.drawCentredString(head / 2, total - head - (r - 0.5) * side - big * 0.28, str(r))
                for col, (_, _, value, share) in enumerate(line, 1):
                    x, y = head + (col - 1) * side, total - head - r * side
                    fill = _mix(tokens.color("white"), tokens.color("accent"), 0.85 * f.through.get(value, 0) / top)
                    c.setFillColor(fill)
                    c.rect(x, y, side, side, stroke=1, fill=1)
                    c.setFillColor(palette.text_on(fill, tokens))
                    c.setFont(fonts["bold"], big)
                    c.drawCentredString(x + side / 2, y + side * 0.5, str(value))
                    c.setFont(fonts["text"], small)
                    c.drawCentredString(x + side / 2, y + side * 0.5 - small * 1.45, share)
            c.setStrokeColor(tokens.color("ink"))
            c.setLineWidth(0.8)
            c.rect(0, 0, total, total, stroke=1, fill=0)
            c.restoreState()
    grid = Grid()
    grid.hAlign = "CENTER"
    return grid


def group_shares(f, fonts: dict, width: float, room: float, tokens):
    """Each times table's share of the steps of all winning sequences (per 100)."""
    from reportlab.platypus import Table, TableStyle

    n = f.n
    first = 26 * MM
    col = (width - first) / n
    rows = [["times table"] + [f"×{d}" for d in range(1, n + 1)],
            ["steps in 100"] + [str(f.step_share[d]) for d in range(1, n + 1)]]
    table = Table(rows, colWidths=[first] + [col] * n, rowHeights=[6 * MM, 7 * MM])
    table.setStyle(TableStyle(_style(fonts, tokens) + [("FONT", (0, 0), (-1, 0), fonts["bold"], 8.5),
                                               ("FONT", (0, 1), (-1, 1), fonts["bold"], 10)]))
    return table


def _mix(a: str, b: str, t: float) -> str:
    ca = [int(a[i:i + 2], 16) for i in (1, 3, 5)]
    cb = [int(b[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(ca, cb))


TABLES = {"recording": recording, "answer-key": answer_key, "coverage-grid": coverage_grid,
          "group-shares": group_shares}
FILLS = ("recording", "answer-key", "coverage-grid")  # take the room the page's words leave
FILL_MIN = {"recording": 0.45, "answer-key": 0.75, "coverage-grid": 0.6}  # of the frame height, at least


def _page(blocks: list, f, fonts: dict, width: float, height: float, tokens) -> list:
    """One page's flowables: the largest type in TEXT_PT that leaves its table the room
    it needs, and that table sized to the rest."""
    from reportlab.platypus import Spacer

    fill = next((b for b in blocks if b.kind == "para" and DIRECTIVE.match(b.text)
                 and DIRECTIVE.match(b.text).group(1) in FILLS), None)
    fill_name = DIRECTIVE.match(fill.text).group(1) if fill else None
    need = FILL_MIN.get(fill_name, 0.0) * height
    story = None
    for tenth in range(round(TEXT_PT[1] * 10), round(TEXT_PT[0] * 10) - 1, -1):
        story = _build(blocks, f, fonts, width, height, tenth / 10, fill_name, None, tokens)
        size, used = tenth / 10, _height(story, width)
        if used + need <= height:
            break
    room = height - used - 4
    story = _build(blocks, f, fonts, width, height, size, fill_name, room, tokens)
    return [s if not isinstance(s, str) else Spacer(1, 0) for s in story]


def _build(blocks, f, fonts, width, height, size, fill_name, room, tokens) -> list:
    from reportlab.platypus import Spacer

    styles = _styles_for(fonts, size, tokens)
    story = []
    items = _text(blocks, styles, width)
    for i, item in enumerate(items):
        if isinstance(item, str):
            if item == fill_name:
                last = i == len(items) - 1
                if room is None:
                    story += [item] if last else [item, Spacer(1, 3 * MM)]  # sized later: the room left
                    continue
                story.append(TABLES[item](f, fonts, width, room, tokens))
                if not last:
                    story.append(Spacer(1, 3 * MM))
            else:
                story += [TABLES[item](f, fonts, width, 0, tokens), Spacer(1, 3 * MM)]
        else:
            story.append(item)
    return story


def write_teacher(path: Path, paper: Paper, facts, fonts: dict, meta, tokens=None) -> int:
    """The four teacher pages into path, with meta's metadata (draw/pdfmeta.py), in the design
    tokens' colors and strokes (the shipped ones when none are given); returns the page count."""
    from reportlab.platypus import PageBreak, SimpleDocTemplate

    from ..draw.pdf import SIMPLEX, print_setup
    from ..draw.pdfmeta import on_canvas

    blocks = load(TEMPLATE, facts)
    doc = SimpleDocTemplate(str(path), pagesize=(paper.width * MM, paper.height * MM), invariant=1, leftMargin=MARGIN_MM * MM, rightMargin=MARGIN_MM * MM,
                            topMargin=MARGIN_MM * MM, bottomMargin=MARGIN_MM * MM, initialFontName=fonts["text"])
    story: list = []
    for i, page in enumerate(pages_of(blocks)):
        if i:
            story.append(PageBreak())
        story += _page(page, facts, fonts, doc.width - 2 * FRAME_PAD, doc.height - 2 * FRAME_PAD,
                       tokens or default_tokens())

    def setup(canvas, _doc):
        print_setup(canvas, SIMPLEX)
        on_canvas(canvas, meta)
    doc.build(story, onFirstPage=setup, onLaterPages=setup)
    return doc.page


def page_blocks(facts) -> list:
    """The pages' blocks (for tests: the words of each page)."""
    return pages_of(load(TEMPLATE, facts))


__all__ = ["write_teacher", "page_blocks", "Block"]
