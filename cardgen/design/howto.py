"""Draw the kit's how-to-print page (documents/howto.py): the files to print, the print
dialog as three systems name it, the first sheet's checks and the cutting order, with
pictures. The words are in templates/howto/page.svg.j2."""
from __future__ import annotations

from . import palette
from .templating import render
from .wrap import Measure

PT = 25.4 / 72
MARGIN_MM = 16.0


BODY_PT, FLOOR_PT = 8.5, 7.0  # the list's type: the page's running text, and running text's floor (cardgen check)
CONTINUED_HEAD_MM = 19.0  # a continuation page's title and heading, above its list


def page_svg(paper, paper_name: str, games: list, margins: "tuple | None", theme, everything: str = "") -> str:
    """The first page (pages_svg's)."""
    return pages_svg(paper, paper_name, games, margins, theme, everything)[0]


def pages_svg(paper, paper_name: str, games: list, margins: "tuple | None", theme, everything: str = "") -> list:
    """The pages: games is [{"title", "rows": [{"path", "what", "details"}]}] in the kit's order;
    margins: the printer's, when the sheets were laid out for measured ones; everything: the
    print-everything file of this paper, named as the other way to print.

    One page, its list of files at the largest type from 8.5 pt down to 7 pt (running text's
    floor) that fits; a list too long for that (a class kit of twelve sets) is set at 8.5 pt
    and runs on over continuation pages instead of shrinking."""
    import re

    measure = Measure(theme.fonts)
    width = paper.width - 2 * MARGIN_MM - 10
    # what the title, the intro and the pictures leave the list: the page drawn once, its last
    # line's foot less the list's height (everything under the list moves down with it)
    table, height = _table(games, measure, BODY_PT, width)
    drawn = _first(paper, paper_name, games, margins, theme, everything, measure, table, height, BODY_PT)
    foot = max((float(y) for y in re.findall(r'<text [^>]*?y="([-\d.]+)"', drawn)), default=0.0) + 1.0
    room = paper.height - MARGIN_MM - (foot - height)
    for tenth in range(int(BODY_PT * 10), int(FLOOR_PT * 10) - 1, -5):  # the largest type whose list fits
        size = tenth / 10
        table, height = _table(games, measure, size, width)
        if height <= room:
            return [_first(paper, paper_name, games, margins, theme, everything, measure, table, height, size)]
    size = BODY_PT
    chunks = _paginate(games, measure, size, width, room - 5.0,  # under the list: a line saying it runs on
                       paper.height - 2 * MARGIN_MM - CONTINUED_HEAD_MM)
    tables = [_table(chunk, measure, size, width) for chunk in chunks]
    pages = [_first(paper, paper_name, games, margins, theme, everything, measure, *tables[0], size,
                    more=len(chunks))]
    for number, (table, height) in enumerate(tables[1:], 2):
        pages.append(render("howto/more.svg.j2", page=paper, paper_name=paper_name, table=table, fonts=theme.fonts.role_map,
                            ink=palette.INK, muted=palette.MUTED_INK, pt=PT, m=MARGIN_MM, size=size, number=number,
                            pages=len(chunks), head=CONTINUED_HEAD_MM))
    return pages


def _first(paper, paper_name, games, margins, theme, everything, measure, table, height, size, more: int = 1) -> str:
    return render("howto/page.svg.j2", page=paper, paper_name=paper_name, table=table, table_height=height,
                  margins="/".join(f"{v:g}" for v in margins) if margins else "", fonts=theme.fonts.role_map, ink=palette.INK, muted=palette.MUTED_INK, pt=PT,
                  m=MARGIN_MM, size=size, wrap=measure.lines, width=measure.width, ruler=paper.ruler_label,
                  titles=[g["title"] for g in games], everything=everything,
                  diagrams=cutting(paper, games, (paper.width - 2 * MARGIN_MM - 6) / 2 - 8), more=more)


def _paginate(games: list, measure, size: float, width: float, first: float, rest: float) -> list:
    """games cut into one list per page: as many files as fit first mm on the first page and
    rest mm on each next, each game's files on one page where they fit one, else its title
    repeated ("continued") where they run over."""
    pages, page, room = [], [], first
    for game in games:
        title, rows = game["title"], []
        if page and _table(page + [game], measure, size, width)[1] > room \
                and _table([game], measure, size, width)[1] <= rest:  # a game's files kept together
            pages.append(page)
            page, room = [], rest
        for row in game["rows"]:
            if (page or rows) and _table(page + [{"title": title, "rows": rows + [row]}], measure, size,
                                         width)[1] > room:
                if rows:
                    page.append({"title": title, "rows": rows})
                    title = f"{game['title']} (continued)"
                pages.append(page)
                page, rows, room = [], [], rest
            rows.append(row)
        page.append({"title": title, "rows": rows})
    pages.append(page)
    return pages


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
