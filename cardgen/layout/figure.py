"""Card figures in the rule booklets: how many cards a row and how wide, so that the
smallest text a reader must read on a card (Str8 Eight's arrow numbers) prints at
least MIN_PRINTED_PT on paper.

Pure geometry in mm. A strip of any length becomes a grid filled row by row; it may
be wider than the text column, up to FIGURE_EDGE_MM from the page edges, because a
readable card is wider than a third of a column.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

MIN_PRINTED_PT = 6.0  # the smallest type a reader should have to read on paper
PT_MM = 25.4 / 72
FIGURE_EDGE_MM = 9.0  # figures keep this far from the page edges (home printers reach ~6 mm)
GAP_MM = 1.6  # between cards in a row
FACING_GAP_MM = 0.2  # "facing" pairs: edge to edge, so their arrows meet
ROW_GAP_MM = 2.4  # between the rows of a grid


@dataclass(frozen=True)
class FigurePlan:
    """n cards as a grid: rows[i] cards in row i, each card_w × card_h mm, gap apart."""
    card_w: float
    card_h: float
    rows: tuple[int, ...]
    gap: float
    row_gap: float = ROW_GAP_MM

    @property
    def columns(self) -> int:
        return max(self.rows)

    @property
    def width(self) -> float:
        return self.columns * self.card_w + (self.columns - 1) * self.gap

    @property
    def height(self) -> float:
        return len(self.rows) * self.card_h + (len(self.rows) - 1) * self.row_gap

    def printed_pt(self, text_mm: float, card_w_mm: float) -> float:
        """The printed size (pt) of text set text_mm high on a card card_w_mm wide."""
        return text_mm * self.card_w / card_w_mm / PT_MM


def figure_room(frame_w: float, inner: float, outer: float) -> float:
    """The widest a figure centred on the text frame may be, keeping FIGURE_EDGE_MM from
    both page edges (inner and outer are the page margins)."""
    return frame_w + 2 * max(0.0, min(inner, outer) - FIGURE_EDGE_MM)


def smallest_width(card_w: float, must_read_mm: "float | None") -> float:
    """The narrowest a card may print so that text must_read_mm high (at full size) is
    MIN_PRINTED_PT; 0 when the card has nothing that must be read."""
    if not must_read_mm:
        return 0.0
    return card_w * MIN_PRINTED_PT * PT_MM / must_read_mm


def plan_figure(n: int, card_mm: tuple, room: float, largest: float, gap: float = GAP_MM,
                must_read_mm: "float | None" = None) -> FigurePlan:
    """A row of n cards, as wide as largest allows, or, when that would print the
    must-read text smaller than MIN_PRINTED_PT, the fewest rows whose cards are
    readable. card_mm: the card's full (trim) size; room: the width available."""
    if n < 1:
        raise ValueError("a figure shows at least one card")
    card_w, card_h = card_mm
    smallest = smallest_width(card_w, must_read_mm)

    def fit(k: int) -> float:  # the widest card k of which fill the room
        return (room - gap * (k - 1)) / k

    per_row = max([k for k in range(1, n + 1) if fit(k) >= smallest] or [1])
    rows = math.ceil(n / per_row)
    columns = math.ceil(n / rows)  # 4 cards that need two rows: 2 + 2, not 3 + 1
    width = min(fit(columns), max(smallest, min(largest, fit(columns))))
    counts = [columns] * (n // columns) + ([n % columns] if n % columns else [])
    return FigurePlan(width, width * card_h / card_w, tuple(counts), gap)
