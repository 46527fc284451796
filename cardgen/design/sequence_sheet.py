"""The sequence sheet: the whole table as a map of moves, as one landscape SVG page.

One column per distinct value (ascending), one row per group of multiples. Row d
holds d, 2d, …, N·d under their values, with arrows to each next multiple. A value
standing in several rows is a crossing (a grey band joins its entries): there a
sequence may change group. Under the chart: the copies of each value in the deck
and how many cards of the deck may follow it. Rows are labelled "×d" at both ends,
so the sheet reads in grayscale too, and carry the group's shape, as the cards do.
Every number stands upright: a table whose columns are too many for one line (10 × 10
to 12 × 12) is cut into two bands, one under the other, each with its own values,
copies and followers lines; a row running on into the next band leaves the first at
its right end and enters the second at its left.

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
BAND_PT = 7.0  # the chip numbers' smallest size before the columns are cut into bands


# what each level's cards leave out, which this sheet then supplies (our words)
KEY_NOTES = {
    "full": "Full cards show every arrow's number: this key is for checking a sequence and planning a route.",
    "colors": "Colors cards show each arrow's color, shape and group but not its number: the number is the "
              "next chip (right arrow) or the one before (left arrow) in that group's row.",
    "bare": "Bare cards show only their number and cell, no arrows: a number's groups are the rows it stands in, "
            "and the chips next to it in those rows are the cards it may lead to or come after.",
}


def _bands(seq: SequenceMap, x0: float, x1: float) -> list:
    """The value columns cut into bands of equal count, as few as let every number stand
    upright at BAND_PT or more across its chip (one band up to 9 × 9; 10 × 10 to 12 × 12
    take two, one under the other)."""
    values = list(seq.values)
    digits = len(str(max(values)))
    for count in range(1, len(values) + 1):
        per = -(-len(values) // count)
        chip_w = min(5.2, (x1 - x0) / per * 0.7)
        if chip_w / (0.62 * digits) / PT >= BAND_PT:
            break
    return [values[i:i + per] for i in range(0, len(values), per)]


def sheet_svg(seq: SequenceMap, paper: Paper, theme, scaffold: str = "full") -> str:
    page = paper.landscape()
    n = seq.table_size
    x0, x1 = MARGIN + LABEL_W, page.width - MARGIN - LABEL_W
    bands = _bands(seq, x0, x1)
    pitch = (x1 - x0) / len(bands[0])
    digits = len(str(max(seq.values)))
    # the rows each band holds: a group whose multiples reach into the band's values
    rows = [[d for d in range(1, n + 1) if any(d <= v <= d * n and v % d == 0 for v in band)] for band in bands]
    top = 47.0
    if len(bands) == 1:
        row_pitch, gap, foot, legend_step = 100.0 / n, 0.0, 12.0, 7.0
    else:
        # every band's rows, its values line, copies and followers, the legend and the key in the page
        gap, foot, legend_step = 12.5, 9.5, 6.0
        legend_h = 11.0 + ((n - 1) // 4 + 1) * legend_step + 7.0
        room = page.height - MARGIN - top - legend_h - (len(bands) - 1) * gap - len(bands) * foot
        row_pitch = min(100.0 / n, room / sum(len(r) for r in rows))
    chip_h = min(4.6, row_pitch - 0.8)
    if len(bands) == 1:
        chip_w = min(5.2, pitch * 0.7)
        text_pt = min(7.5, chip_w / (0.62 * digits) / PT)
    else:  # chips as wide as the longest number at 7.5 pt in the theme's digits, leaving room for the arrows
        em = theme.fonts.digit
        chip_w = min(pitch - 2.2, digits * em * 7.5 * PT + 0.8)
        text_pt = min(7.5, (chip_w - 0.8) / (digits * em) / PT, (chip_h - 1.2) / (CAP * PT))
    col_x, row_y, placed = {}, {}, []  # value -> x; (band, group) -> y; per band its geometry
    y = top
    for b, (band, band_rows) in enumerate(zip(bands, rows)):
        for i, v in enumerate(band):
            col_x[v] = x0 + (i + 0.5) * pitch
        for i, d in enumerate(band_rows):
            row_y[b, d] = y + (i + 0.5) * row_pitch
        bottom = y + len(band_rows) * row_pitch
        placed.append({"band": b, "values": band, "rows": band_rows, "top": y, "bottom": bottom,
                       "header_y": y - 5.0, "bullseye_y": y - 11.5,
                       "copies_y": bottom + foot / 2, "follow_y": bottom + foot})
        y = bottom + foot + gap
    band_of = {v: b for b, band in enumerate(bands) for v in band}

    shape = {d: theme.group_shape(d) for d in range(1, n + 1)}
    entries = [{"value": v, "group": d, "x": col_x[v], "y": row_y[band_of[v], d], "color": theme.group_color(d),
                "text_color": palette.text_on(theme.group_color(d), theme.tokens)} for v, d in seq.entries]
    head = min(1.2, (pitch - chip_w) * 0.45)

    def arrow(xa: float, xb: float, y: float) -> dict:
        return {"line": f"M{fmt(xa)} {fmt(y)}H{fmt(xb - head)}",
                "head": f"M{fmt(xb)} {fmt(y)}L{fmt(xb - head)} {fmt(y - head * 0.7)}"
                        f"L{fmt(xb - head)} {fmt(y + head * 0.7)}Z"}

    links = []
    for d, a, b in seq.links:
        ba, bb = band_of[a], band_of[b]
        xa, xb = col_x[a] + chip_w / 2 + 0.3, col_x[b] - chip_w / 2 - 0.3
        if ba == bb:
            parts = [arrow(xa, xb, row_y[ba, d])]
        else:  # the row runs on in the next band: out at this band's right end, in at the next's left
            parts = [arrow(xa, x1 + 1.2, row_y[ba, d]), arrow(x0 - 1.2, xb, row_y[bb, d])]
        links.append({"group": d, "from": a, "to": b, "color": theme.group_color(d), "parts": parts})
    crossings = []
    for v in seq.values:
        groups = seq.groups_of(v)
        if len(groups) > 1:
            y_a, y_b = row_y[band_of[v], min(groups)], row_y[band_of[v], max(groups)]
            crossings.append({"x": col_x[v] - chip_w / 2 - 0.8, "y": y_a - chip_h / 2 - 0.8,
                              "w": chip_w + 1.6, "h": y_b - y_a + chip_h + 1.6})
    columns = [{"value": v, "x": col_x[v], "header_y": p["header_y"], "bullseye_y": p["bullseye_y"],
                "copies_y": p["copies_y"], "follow_y": p["follow_y"]} for p in placed for v in p["values"]]
    legend_top = placed[-1]["follow_y"] + 12.0
    legend = []
    per_row = 4
    col_w = (page.width - 2 * MARGIN) / per_row
    for d in range(1, n + 1):
        i = d - 1
        legend.append({
            "group": d, "color": theme.group_color(d), "text_color": palette.text_on(theme.group_color(d), theme.tokens),
            "x": MARGIN + (i % per_row) * col_w, "y": legend_top + (i // per_row) * legend_step,
            "multiples": " ".join(str(d * k) for k in range(1, n + 1)), "shape": shape[d],
            "shape_path": palette.shape_path(shape[d], MARGIN + (i % per_row) * col_w + 10.3,
                                             legend_top + (i // per_row) * legend_step - 1.0, 1.0),
        })
    row_labels = [{"group": d, "y": row_y[p["band"], d]} for p in placed for d in p["rows"]]
    row_shapes = [{"group": d, "shape": shape[d],
                   "left": palette.shape_path(shape[d], MARGIN + 8.2, row_y[p["band"], d], min(1.2, row_pitch * 0.3)),
                   "right": palette.shape_path(shape[d], page.width - MARGIN - 8.2, row_y[p["band"], d],
                                               min(1.2, row_pitch * 0.3))} for p in placed for d in p["rows"]]
    key_y = legend_top + ((n - 1) // per_row + 1) * legend_step + 4.0
    return render(
        "str8eight/sequence-sheet.svg.j2",
        page=page, game=GAME, title=TITLE, fonts=theme.fonts.role_map, ink=theme.tokens.color("ink"),
        muted=theme.tokens.color("muted"), paper_color=theme.tokens.color("white"), band=theme.tokens.color("band"),
        target=theme.tokens.color("target"),
        n=n, seq=seq, scaffold=scaffold, key_note=KEY_NOTES[scaffold], follow_line=phrase("sheet-follow", scaffold),
        bands=placed, columns=columns, row_labels=row_labels, row_shapes=row_shapes,
        chip_w=chip_w, chip_h=chip_h, text_size=text_pt * PT,
        cap=CAP, pt=PT, entries=entries, links=links, crossings=crossings, margin=MARGIN,
        x0=x0, x1=x1, label_w=LABEL_W, legend=legend, key_y=key_y,
    )
