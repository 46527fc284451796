"""The sequence sheet: the whole table as a map of moves, as one landscape SVG page.

One column per distinct value (ascending), one row per group of multiples. Row d
holds d, 2d, …, N·d under their values, with arrows to each next multiple. A value
standing in several rows is a crossing (a grey band joins its entries): there a
sequence may change group. Under the chart: the copies of each value in the deck
and how many cards of the deck may follow it. Rows are labelled "×d" at both ends,
so the sheet reads in grayscale too, and carry the group's shape, as the cards do.

The sheet is also the answer key of the deck's scaffold level (settings.SCAFFOLDS): its
title names the level, and a line says what those cards leave out that the sheet gives.
"""
from __future__ import annotations

from ..layout.paper import Paper
from ..model.str8eight import GAME, TITLE, SequenceMap
from ..featurewords import phrase
from . import palette
from .templating import fmt, render

PT = 25.4 / 72
CAP = 0.716
MARGIN = 10.0
LABEL_W = 13.0  # room for the "×d" row labels on each side


# what each level's cards leave out, which this sheet then supplies (our words)
KEY_NOTES = {
    "full": "Full cards show every arrow's number: this key is for checking a sequence and planning a route.",
    "colors": "Colors cards show each arrow's color, shape and group but not its number: the number is the "
              "next chip (right arrow) or the one before (left arrow) in that group's row.",
    "bare": "Bare cards show only their number and cell, no arrows: a number's groups are the rows it stands in, "
            "and the chips next to it in those rows are the cards it may lead to or come after.",
}


def sheet_svg(seq: SequenceMap, paper: Paper, theme, scaffold: str = "full") -> str:
    page = paper.landscape()
    n = seq.table_size
    x0, x1 = MARGIN + LABEL_W, page.width - MARGIN - LABEL_W
    pitch = (x1 - x0) / len(seq.values)
    digits = len(str(max(seq.values)))
    chip_w, chip_h = min(5.2, pitch * 0.7), 4.6
    text_pt = min(7.5, chip_w / (0.62 * digits) / PT)
    # a table too wide for its numbers to stand at the smallest type (tokens: type.min)
    # across their chips turns them a quarter turn: they run up the chip, which is taller
    upright = text_pt >= theme.tokens.pt("min")
    if not upright:
        chip_h = 5.2
        text_pt = min(7.5, (chip_h - 0.6) / (0.62 * digits) / PT)
    col_x = {v: x0 + (i + 0.5) * pitch for i, v in enumerate(seq.values)}
    top, chart_h = 47.0, 100.0
    row_pitch = chart_h / n
    row_y = {d: top + (d - 0.5) * row_pitch for d in range(1, n + 1)}

    shape = {d: theme.group_shape(d) for d in range(1, n + 1)}
    entries = [{"value": v, "group": d, "x": col_x[v], "y": row_y[d], "color": theme.group_color(d),
                "text_color": palette.text_on(theme.group_color(d), theme.tokens)} for v, d in seq.entries]
    head = min(1.2, (pitch - chip_w) * 0.45)
    links = []
    for d, a, b in seq.links:
        xa, xb, y = col_x[a] + chip_w / 2 + 0.3, col_x[b] - chip_w / 2 - 0.3, row_y[d]
        links.append({
            "group": d, "from": a, "to": b, "color": theme.group_color(d),
            "line": f"M{fmt(xa)} {fmt(y)}H{fmt(xb - head)}",
            "head": f"M{fmt(xb)} {fmt(y)}L{fmt(xb - head)} {fmt(y - head * 0.7)}"
                    f"L{fmt(xb - head)} {fmt(y + head * 0.7)}Z",
        })
    crossings = []
    for v in seq.values:
        groups = seq.groups_of(v)
        if len(groups) > 1:
            y_a, y_b = row_y[min(groups)], row_y[max(groups)]
            crossings.append({"x": col_x[v] - chip_w / 2 - 0.8, "y": y_a - chip_h / 2 - 0.8,
                              "w": chip_w + 1.6, "h": y_b - y_a + chip_h + 1.6})
    bottom = top + chart_h
    legend_top = bottom + 24.0
    legend = []
    per_row = 4
    col_w = (page.width - 2 * MARGIN) / per_row
    for d in range(1, n + 1):
        i = d - 1
        legend.append({
            "group": d, "color": theme.group_color(d), "text_color": palette.text_on(theme.group_color(d), theme.tokens),
            "x": MARGIN + (i % per_row) * col_w, "y": legend_top + (i // per_row) * 7.0,
            "multiples": " ".join(str(d * k) for k in range(1, n + 1)), "shape": shape[d],
            "shape_path": palette.shape_path(shape[d], MARGIN + (i % per_row) * col_w + 10.3,
                                             legend_top + (i // per_row) * 7.0 - 1.0, 1.0),
        })
    row_shapes = [{"group": d, "shape": shape[d],
                   "left": palette.shape_path(shape[d], MARGIN + 8.2, row_y[d], min(1.2, row_pitch * 0.3)),
                   "right": palette.shape_path(shape[d], page.width - MARGIN - 8.2, row_y[d],
                                               min(1.2, row_pitch * 0.3))} for d in range(1, n + 1)]
    key_y = legend_top + ((n - 1) // per_row + 1) * 7.0 + 4.0
    return render(
        "str8eight/sequence-sheet.svg.j2",
        page=page, game=GAME, title=TITLE, fonts=theme.fonts.role_map, ink=theme.tokens.color("ink"),
        muted=theme.tokens.color("muted"), paper_color=theme.tokens.color("white"), band=theme.tokens.color("band"),
        target=theme.tokens.color("target"),
        n=n, seq=seq, scaffold=scaffold, upright=upright, key_note=KEY_NOTES[scaffold], follow_line=phrase("sheet-follow", scaffold), row_shapes=row_shapes, col_x=col_x, row_y=row_y, chip_w=chip_w, chip_h=chip_h, text_size=text_pt * PT,
        cap=CAP, pt=PT, entries=entries, links=links, crossings=crossings, margin=MARGIN,
        x0=x0, x1=x1, label_w=LABEL_W, top=top, bottom=bottom, legend=legend, key_y=key_y,
        bullseye_y=top - 11.5, header_y=top - 5.0, copies_y=bottom + 6.0, follow_y=bottom + 12.0,
    )
