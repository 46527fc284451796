"""The sequence atlas as a poster page: how many winning sequences there are, and where each value sits in them.

One row per value: its copies in the deck, a bar for the share of winning sequences
that pass through it (the hubs), and one cell per position in the sequence, darker
where more sequences put the value there (a 24 that sits late shows its cells on the
right). The numbers are exact (model/atlas.py). The root and every row carry the
counts as data attributes, for `cardgen check` to compare with its own count.
"""
from __future__ import annotations

from ..layout.paper import Paper
from ..model.atlas import Atlas
from ..model.str8eight import GAME, TITLE
from . import measure
from .templating import render

PT = 25.4 / 72
MARGIN = 12.0


def _shade(t: float, accent: str) -> str:
    """White to the accent color, t in 0..1."""
    r0, g0, b0 = 0xff, 0xff, 0xff
    r1, g1, b1 = (int(accent[i:i + 2], 16) for i in (1, 3, 5))
    mix = lambda a, b: round(a + (b - a) * t)  # noqa: E731
    return f"#{mix(r0, r1):02x}{mix(g0, g1):02x}{mix(b0, b1):02x}"


def poster_svg(book: Atlas, trial, paper: Paper, theme, scaffold: str = "full") -> str:
    """trial: model.play.playability.Playability, the simulated hands (the poster says only
    whether a hand can be won at all: computer play's figures are the designer's notes');
    scaffold: the cards' level, whose words (featurewords.py) the poster speaks in."""
    from ..featurewords import phrase
    page = paper
    L = book.sequence_length
    smallest = theme.tokens.type_mm("min")  # no row's words under the smallest type
    top, bottom = 70.0, page.height - 24.0
    row_h = min(6.2, (bottom - top) / max(1, len(book.values)))
    if row_h * 0.62 < smallest:  # a large table's many values: the rows take the room above and below
        top, bottom = 62.0, page.height - 21.0
        row_h = min(6.2, (bottom - top) / max(1, len(book.values)))
    x_value, x_copies, x_bar = MARGIN + 10, MARGIN + 24, MARGIN + 30
    bar_w = 62.0
    x_cells = x_bar + bar_w + 22
    cell_w = min(9.0, (page.width - MARGIN - x_cells - 14) / L)
    x_mean = x_cells + L * cell_w + 2
    most = max(book.through.values(), default=0) or 1
    accent, white = theme.tokens.color("accent"), theme.tokens.color("white")
    rows = []
    for i, v in enumerate(book.values):
        counts = book.positions[v]
        peak = max(counts) or 1
        mean = book.mean_position(v)
        rows.append({
            "value": v, "y": top + i * row_h, "copies": book.copies[v], "through": book.through[v],
            "share": f"{book.share_through(v):.0%}" if book.value_sequences else "–",
            "bar": bar_w * book.through[v] / most, "bullseye": v <= book.table_size,
            "positions": " ".join(map(str, counts)),
            "cells": [{"x": x_cells + j * cell_w, "fill": _shade(c / peak, accent) if c else white}
                      for j, c in enumerate(counts)],
            "mean": f"{mean:.1f}" if mean is not None else "–",
        })
    if book.value_sequences:
        trial_line = (f"Read a row across: how many winning sequences use the value, and where in the "
                      f"{L} cards they use it.")
    else:
        trial_line = f"No hand of this variant can be won: no sequence of {L} cards fits the table."
    facts = [
        {"label": "winning sequences", "value": f"{book.value_sequences:,}", "data": "value-sequences"},
        {"label": "counting every copy", "value": f"{book.card_sequences:,}", "data": "card-sequences"},
        {"label": phrase("atlas-runs-lower", scaffold) + (" (bonus)" if L <= book.table_size else ""), "value": f"{book.bonus_runs:,}", "data": "bonus-runs"},
        {"label": "longest possible", "value": f"{book.longest}", "data": "longest"},
    ]
    fact_w = (page.width - 2 * MARGIN) / len(facts)
    for i, f in enumerate(facts):
        f["x"] = MARGIN + i * fact_w
        # a 12 × 12 table's counts run to 17 digits: each figure fits its column, measured
        f["size"] = min(19 * PT, (fact_w - 3) / max(measure.ink_width(theme.fonts, "heavy", f["value"], 1.0), 1e-6))
    return render(
        "str8eight/atlas.svg.j2", page=page, game=GAME, title=TITLE, fonts=theme.fonts.role_map,
        ink=theme.tokens.color("ink"), muted=theme.tokens.color("muted"), accent=accent, white=white,
        rule=theme.tokens.color("rule_faint"), stroke=theme.tokens.mm("stroke.hair"), book=book, trial=trial, trial_line=trial_line,
        climb=phrase("atlas-climb", scaffold), runs=phrase("atlas-runs", scaffold), runs_how=phrase("atlas-runs-how", scaffold),
        facts=facts, fact_w=fact_w, rows=rows, row_h=row_h, top=top, margin=MARGIN, pt=PT, L=L,
        x_value=x_value, x_copies=x_copies, x_bar=x_bar, bar_w=bar_w, x_cells=x_cells, cell_w=cell_w,
        x_mean=x_mean, text_size=min(7.5 * PT, max(row_h * 0.62, smallest)), footer_y=page.height - 14.0,
    )
