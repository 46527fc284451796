"""Draw the kit's how-to-print page (documents/howto.py): the files to print, the print
dialog as three systems name it, the first sheet's checks and the cutting order, with
pictures. The words are in templates/howto/page.svg.j2."""
from __future__ import annotations

from . import palette
from .templating import render
from .wrap import Measure

PT = 25.4 / 72
MARGIN_MM = 16.0


def page_svg(paper, paper_name: str, games: list, margins: "tuple | None", theme) -> str:
    """One page: games is [{"title", "rows": [{"path", "what", "details"}]}] in the kit's order;
    margins: the printer's, when the sheets were laid out for measured ones."""
    measure = Measure(theme.fonts)
    rows = sum(len(g["rows"]) for g in games)
    # the file list takes what the pictures leave: its type shrinks for a large kit (class sets)
    room = paper.height - 2 * MARGIN_MM - 162 - len(games) * 1.2
    size = max(6.0, min(8.5, room / max(1e-9, (rows * 1.45 + len(games) * 1.55) * PT)))
    return render("howto/page.svg.j2", page=paper, paper_name=paper_name, games=games, margins=margins,
                  fonts=theme.fonts.role_map, ink=palette.INK, muted=palette.MUTED_INK, pt=PT, m=MARGIN_MM,
                  size=size, wrap=measure.lines, width=measure.width, ruler=paper.ruler_label,
                  titles=[g["title"] for g in games])
