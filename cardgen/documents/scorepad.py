"""Score pads and the tournament sheet, one page each, drawn with reportlab tables."""
from __future__ import annotations

from pathlib import Path

from ..layout.paper import Paper
from ..tokens import default_tokens

MM = 72 / 25.4


def _doc(path: Path, paper: Paper, font: str):
    from reportlab.platypus import SimpleDocTemplate

    return SimpleDocTemplate(str(path), pagesize=(paper.width * MM, paper.height * MM), invariant=1, leftMargin=12 * MM,
                             rightMargin=12 * MM, topMargin=12 * MM, bottomMargin=12 * MM,
                             initialFontName=font)  # else every page names an unembedded Helvetica


def _first_page(meta):
    """The first page's hook: printed one-sided at actual size, with the file's metadata."""
    def setup(canvas, doc) -> None:
        from ..draw.pdf import SIMPLEX, print_setup
        from ..draw.pdfmeta import on_canvas

        print_setup(canvas, SIMPLEX)
        on_canvas(canvas, meta)
    return setup


def _height(flowables, width: float) -> float:
    """The height a list of flowables takes, spacing included."""
    return sum(f.wrap(width, 10_000)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in flowables)


def _heading(title: str, lines: list[str], fonts: dict, tokens):
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, Spacer

    big = ParagraphStyle("t", fontName=fonts["heavy"], fontSize=20, leading=24, textColor=tokens.color("ink"))
    small = ParagraphStyle("s", fontName=fonts["text"], fontSize=9.5, leading=13, textColor=tokens.color("muted"))
    return [Paragraph(title, big)] + [Paragraph(line, small) for line in lines] + [Spacer(1, 5 * MM)]


def _banded(title: str, lines: list, fonts: dict, tokens, width: float) -> list:
    """A sheet's heading in the score pads' style: the house band, then the lines."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Flowable, Paragraph, Spacer

    class Band(Flowable):
        def wrap(self, aw, ah):
            return width, 11 * MM

        def draw(self):
            house_band(self.canv, 0, 11 * MM, width, 11 * MM, title, fonts, tokens)

    small = ParagraphStyle("s", fontName=fonts["text"], fontSize=9, leading=12, textColor=tokens.color("muted"))
    return [Band(), Spacer(1, 2 * MM)] + [Paragraph(line, small) for line in lines] + [Spacer(1, 4 * MM)]


def _grid_style(fonts: dict, size: float, label_rows: int, tokens) -> list:
    """A dark header row, then label_rows of small grey labels, then the grid to write in."""
    c, pt = tokens.color, 72 / 25.4
    return [
        ("FONT", (0, 0), (-1, -1), fonts["text"], size), ("FONT", (0, 0), (-1, 0), fonts["bold"], 9),
        ("TEXTCOLOR", (0, 0), (-1, 0), c("white")), ("BACKGROUND", (0, 0), (-1, 0), c("accent")),
        ("TEXTCOLOR", (0, 1), (-1, label_rows), c("muted")),
        ("FONT", (0, 1), (-1, label_rows), fonts["text"], tokens.pt("caption")),
        ("ALIGN", (0, 0), (-1, -1), "CENTER"), ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("GRID", (0, 1), (-1, -1), tokens.mm("stroke.hair") * pt, c("rule")),
        ("BOX", (0, 0), (-1, -1), tokens.mm("stroke.thin") * pt, c("ink")),
    ]


def house_band(canvas, x: float, y: float, w: float, h: float, title: str, fonts: dict, tokens) -> None:
    """A pad's head (points, top-left corner at x, y going down h): the house indigo band
    with the title in white and, at its right, the house mark and the edition's name
    (design/identity.py drawn with reportlab)."""
    from ..design.identity import EDITION

    c = tokens.color
    canvas.saveState()
    canvas.setFillColor(c("accent"))
    canvas.roundRect(x, y - h, w, h, 1.2 * MM, stroke=0, fill=1)
    canvas.setFillColor(c("white"))
    size = min(14.0, h * 0.55)
    canvas.setFont(fonts["heavy"], size)
    canvas.drawString(x + 3 * MM, y - h / 2 - size * 0.36, title)
    small = 7.0
    label = EDITION.upper()
    tw = canvas.stringWidth(label, fonts["bold"], small)
    canvas.setFont(fonts["bold"], small)
    canvas.setFillColor(c("box.soft"))
    canvas.drawString(x + w - 3 * MM - tw, y - h / 2 - small * 0.36, label)
    m = small * 1.3
    mx, my = x + w - 3 * MM - tw - small * 0.5 - m, y - h / 2 - m / 2
    canvas.roundRect(mx, my, m, m, m * 0.22, stroke=0, fill=1)
    canvas.setStrokeColor(c("accent"))
    canvas.setLineWidth(m * 0.075)
    r = m * 0.2
    for sign in (-1, 1):
        canvas.circle(mx + m / 2, my + m / 2 + sign * (r + m * 0.0375) * 0.92, r, stroke=1, fill=0)
    canvas.restoreState()


def _cut_line(canvas, x0: float, y0: float, x1: float, y1: float, tokens) -> None:
    canvas.saveState()
    canvas.setStrokeColor(tokens.color("cut"))
    canvas.setLineWidth(tokens.mm("stroke.thin") * MM)
    canvas.setDash(4, 3)
    canvas.line(x0, y0, x1, y1)
    canvas.restoreState()


def pads_per_sheet(players: int) -> int:
    """Four pads to a sheet for up to three players (two columns each), else two."""
    return 4 if players <= 3 else 2


def write_scorepad(path: Path, paper: Paper, title: str, lines: list[str], players: int, hands: int,
                   fonts: dict, meta, tokens=None) -> int:
    """Two (or, for up to three players, four) pads on the sheet, cut apart on the dashed
    lines: each a head band with the house mark, the scoring lines, then hands down the
    side and, for each player, the hand's score and the running total (in the design
    tokens' colors: the shipped ones when none are given); meta: the file's metadata
    (draw/pdfmeta.py). As many hands as fit rows 6 mm tall, at most hands."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph, Table, TableStyle

    tokens = tokens or default_tokens()
    W, H = paper.width * MM, paper.height * MM
    canvas = Canvas(str(path), pagesize=(W, H), invariant=1, initialFontName=fonts["text"])
    _first_page(meta)(canvas, None)
    margin, gap = 12 * MM, 10 * MM
    count = pads_per_sheet(players)
    cols, rows = (2, 2) if count == 4 else (1, 2)
    pw = (W - 2 * margin - (cols - 1) * gap) / cols
    ph = (H - 2 * margin - (rows - 1) * gap) / rows
    small = ParagraphStyle("s", fontName=fonts["text"], fontSize=7.5, leading=9.5, textColor=tokens.color("muted"))
    band = 9 * MM
    for i in range(count):
        cx, cy = i % cols, i // cols
        x = margin + cx * (pw + gap)
        top = H - margin - cy * (ph + gap)
        house_band(canvas, x, top, pw, band, f"{title} · score pad", fonts, tokens)
        y = top - band - 1.5 * MM
        for line in lines:
            para = Paragraph(line, small)
            _, h = para.wrap(pw, ph)
            para.drawOn(canvas, x, y - h)
            y -= h + 0.6 * MM
        y -= 1.5 * MM
        first = 12 * MM
        col = (pw - first) / (2 * players)
        head = [5.5 * MM, 7 * MM, 4.5 * MM]
        room = y - (top - ph) - sum(head)
        fit = max(1, min(hands, int(room / (6 * MM))))
        head1 = ["Hand"] + sum(([f"Player {p}", ""] for p in range(1, players + 1)), [])
        names = ["name"] + ["" for _ in range(2 * players)]
        head2 = [""] + ["score", "total"] * players
        body = [[str(h)] + [""] * (2 * players) for h in range(1, fit + 1)]
        table = Table([head1, names, head2] + body, colWidths=[first] + [col] * (2 * players),
                      rowHeights=head + [room / fit] * fit)
        style = _grid_style(fonts, 8, 2, tokens)
        for p in range(players):
            c = 1 + 2 * p
            style += [("SPAN", (c, 0), (c + 1, 0)), ("SPAN", (c, 1), (c + 1, 1)),
                      ("LINEAFTER", (c + 1, 0), (c + 1, -1), 0.9, tokens.color("ink")),
                      ("BACKGROUND", (c + 1, 3), (c + 1, -1), tokens.color("zebra"))]
        style[1] = ("FONT", (0, 0), (-1, 0), fonts["bold"], 8 if players > 4 else 9)
        table.setStyle(TableStyle(style))
        table.wrapOn(canvas, pw, room)
        table.drawOn(canvas, x, y - sum(head) - room)
    for c in range(1, cols):  # the cut lines between the pads
        xc = margin + c * pw + (c - 0.5) * gap
        _cut_line(canvas, xc, margin / 2, xc, H - margin / 2, tokens)
    for r in range(1, rows):
        yc = H - margin - r * ph - (r - 0.5) * gap
        _cut_line(canvas, margin / 2, yc, W - margin / 2, yc, tokens)
    canvas.showPage()
    canvas.save()
    return 1


def write_tournament(path: Path, paper: Paper, title: str, rounds: int, players: int, fonts: dict,
                     lines: list, meta, tokens=None) -> int:
    """The moderator's sheet: each player's table and score per round, and the running total;
    lines: how a tournament runs, from the rule text; meta: the file's metadata."""
    from reportlab.platypus import Table, TableStyle

    tokens = tokens or default_tokens()
    doc = _doc(path, paper, fonts["text"])
    name_w = 40 * MM
    col = (doc.width - name_w - 16 * MM) / (3 * rounds)
    head1 = ["Player"] + sum(([f"Round {r}", "", ""] for r in range(1, rounds + 1)), []) + ["Final"]
    head2 = [""] + ["table", "score", "total"] * rounds + [""]
    body = [[""] * (2 + 3 * rounds) for _ in range(players)]
    heading = _banded(f"{title} · tournament sheet", lines, fonts, tokens, doc.width)
    room = doc.height - _height(heading, doc.width) - (7 + 5 + 10) * MM
    table = Table([head1, head2] + body, colWidths=[name_w] + [col] * (3 * rounds) + [16 * MM],
                  rowHeights=[7 * MM, 5 * MM] + [room / players] * players)
    style = _grid_style(fonts, 8, 1, tokens)
    for r in range(rounds):
        c = 1 + 3 * r
        style += [("SPAN", (c, 0), (c + 2, 0)), ("LINEAFTER", (c + 2, 0), (c + 2, -1), 0.9, tokens.color("ink")),
                  ("BACKGROUND", (c + 2, 2), (c + 2, -1), tokens.color("zebra"))]
    table.setStyle(TableStyle(style))
    doc.build(heading + [table], onFirstPage=_first_page(meta))
    return doc.page
