"""Draw the kit's how-to-print page (documents/howto.py): the files to print, the print
dialog as three systems name it, the first sheet's checks and the cutting order, with
pictures. The words are in templates/howto/page.svg.j2."""
from __future__ import annotations

from . import palette
from .templating import render
from .wrap import Measure

PT = 25.4 / 72
MARGIN_MM = 16.0


def page_svg(paper, paper_name: str, games: list, margins: "tuple | None", theme, everything: str = "") -> str:
    """One page: games is [{"title", "rows": [{"path", "what", "details"}]}] in the kit's order;
    margins: the printer's, when the sheets were laid out for measured ones; everything: the
    print-everything file of this paper, named as the other way to print."""
    measure = Measure(theme.fonts)
    room = paper.height - 2 * MARGIN_MM - 150  # what the title, the intro and the pictures leave the list
    width = paper.width - 2 * MARGIN_MM - 10
    for tenth in range(85, 59, -5):  # the largest type (8.5 pt down to 6) whose list fits
        size = tenth / 10
        table, height = _table(games, measure, size, width)
        if height <= room:
            break
    return render("howto/page.svg.j2", page=paper, paper_name=paper_name, table=table, table_height=height,
                  margins="/".join(f"{v:g}" for v in margins) if margins else "", fonts=theme.fonts.role_map, ink=palette.INK, muted=palette.MUTED_INK, pt=PT,
                  m=MARGIN_MM, size=size, wrap=measure.lines, width=measure.width, ruler=paper.ruler_label,
                  titles=[g["title"] for g in games], everything=everything,
                  diagrams=cutting(paper, games, (paper.width - 2 * MARGIN_MM - 6) / 2 - 8))


def cutting(paper, games: list, room: float) -> list:
    """The cutting pictures: one per grid the page's card sheets are laid in (in the order
    they are listed), each a sheet with its row cuts numbered and a strip with its column
    cuts, the grid as the sheets were built; scaled together to fit room mm across."""
    grids = []
    for game in games:
        for row in game["rows"]:
            if row.get("grid") and row["grid"] not in grids:
                grids.append(row["grid"])
    height, pics = 31.0, []
    for cols, rows, turned, layout, w, h in grids:
        sw, sh = (paper.height / 2, paper.width) if layout == "gutterfold" else (paper.width, paper.height)
        scale = height / sh
        pics.append({"cols": cols, "rows": rows, "turned": turned, "sw": sw * scale, "sh": height,
                     "cw": w * scale, "ch": h * scale})
    wide = sum(p["sw"] + 6 + p["cols"] * p["cw"] + 6 for p in pics)
    shrink = min(1.0, room / wide) if wide else 1.0
    x, number = 0.0, 1
    for p in pics:
        for k in ("sw", "sh", "cw", "ch"):
            p[k] *= shrink
        p["x"] = x
        p["gx"] = (p["sw"] - p["cols"] * p["cw"]) / 2  # the grid, centred on the sheet
        p["gy"] = (p["sh"] - p["rows"] * p["ch"]) / 2
        p["tx"] = x + p["sw"] + 6 * shrink  # the strip
        p["first"] = number
        number += p["rows"] + 1 + p["cols"] + 1
        p["caption"] = f"{p['cols']} across, {p['rows']} down, {'turned' if p['turned'] else 'upright'}"
        x = p["tx"] + p["cols"] * p["cw"] + 6 * shrink
    return pics


def _table(games: list, measure, size: float, width: float) -> tuple:
    """The list of files set in size: (items, its height mm). Each item is a game's title or a
    file's path with its description wrapped beside it, at y (mm, from the list's top)."""
    lead = size * PT * 1.45
    paths = [r["path"] for g in games for r in g["rows"]]
    column = min(max((measure.width(p, size, "bold") for p in paths), default=0) + 3, width * 0.55)
    items, y = [], 0.0
    for game in games:
        items.append({"kind": "game", "text": game["title"], "y": y + size * 1.1 * PT})
        y += size * PT * 1.6
        for row in game["rows"]:
            lines = measure.lines(f"{row['what']}: {row['details']}", width - column, size)
            items.append({"kind": "file", "text": row["path"], "lines": lines, "y": y + size * PT, "column": column})
            y += lead * len(lines) + size * PT * 0.25
        y += 1.2
    return items, y
