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


def write_scorepad(path: Path, paper: Paper, title: str, lines: list[str], players: int, hands: int,
                   fonts: dict, meta, tokens=None) -> int:
    """Hands down the side; for each player the hand's score and the running total (in the
    design tokens' colors: the shipped ones when none are given); meta: the file's metadata
    (draw/pdfmeta.py)."""
    from reportlab.platypus import Table, TableStyle

    tokens = tokens or default_tokens()
    doc = _doc(path, paper, fonts["text"])
    width = doc.width
    first = 14 * MM
    col = (width - first) / (2 * players)
    head1 = ["Hand"] + sum(([f"Player {p}", ""] for p in range(1, players + 1)), [])
    names = ["name"] + ["" for _ in range(2 * players)]
    head2 = [""] + ["score", "total"] * players
    body = [[str(h)] + [""] * (2 * players) for h in range(1, hands + 1)]
    heading = _heading(f"{title} · score pad", lines, fonts, tokens)
    room = doc.height - _height(heading, width) - (7 + 9 + 5.5 + 10) * MM
    table = Table([head1, names, head2] + body, colWidths=[first] + [col] * (2 * players),
                  rowHeights=[7 * MM, 9 * MM, 5.5 * MM] + [room / hands] * hands)
    style = _grid_style(fonts, 8.5, 2, tokens)
    for p in range(players):
        c = 1 + 2 * p
        style += [("SPAN", (c, 0), (c + 1, 0)), ("SPAN", (c, 1), (c + 1, 1)),
                  ("LINEAFTER", (c + 1, 0), (c + 1, -1), 0.9, tokens.color("ink")),
                  ("BACKGROUND", (c + 1, 3), (c + 1, -1), tokens.color("zebra"))]
    table.setStyle(TableStyle(style))
    doc.build(heading + [table], onFirstPage=_first_page(meta))
    return doc.page


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
    heading = _heading(f"{title} · tournament sheet", lines, fonts, tokens)
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
