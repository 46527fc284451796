"""Card figures in the rule booklets and player aids: how many cards a row, how wide and
how far they overlap, so that the numbers a reader must read on a card print at least
MIN_PRINTED_PT on paper and no figure is wider than the text column (a long run wraps).

Pure geometry in mm, and a reading of a card's SVG for the sizes that decide it
(read_face): nothing here draws.

What a reader must read on a face (must_read_mm):
- a card with arrows: the arrows' number slots (the number, or the "?" of the colors
  level); where a level prints no slot (large-print colors cards), the "×d" labels that
  stand in for it. The "×d" labels beside a number repeat what the arrow's color and
  shape say, and the cell line names a cell the big number already shows: both may
  print smaller.
- a card without arrows: the smallest text that shows a number, leaving out reminders
  (lines set in the muted reminder ink or marked data-mark="reminder": a penalty, a suit
  spelled out) — except on a bare Str8
  Eight face, whose cell line is the fact the card teaches.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

MIN_PRINTED_PT = 6.0  # the smallest type a reader should have to read on paper
PT_MM = 25.4 / 72
GAP_MM = 1.6  # between cards in a row
FACING_GAP_MM = 0.2  # "facing" pairs: edge to edge, so their arrows meet
ROW_GAP_MM = 2.4  # between the rows of a grid or strip
STRIP_MARGIN_MM = 0.8  # at full card size: what a covering card leaves free before the big number
FAN_SHOW = 0.2  # of a card's width: what each card of a fanned hand shows of itself, at least (its corner index)
FAN_MARGIN_MM = 1.5  # at full size: beyond the corner index, what a fanned card shows of itself
COLUMN_SHOW = 0.14  # of a card's height: what each card of a column of row starts shows (its top corner)
MUTED_INKS = ("#5b6270",)  # the designs' reminder ink (palette.MUTED_INK)
DIGIT_ADVANCE = 0.66  # of the font size: a digit's width when the font is not known (wider than any bundled cut's)


@dataclass(frozen=True)
class Face:
    """What the figures need to know of a card face, in mm at full size."""
    width: float
    height: float
    must_read_mm: "float | None"  # the smallest text a reader must read (None: nothing)
    left_arrows_end: float  # the right end of its left-side arrows (0: none)
    number_left: float  # where its big number starts (the card's middle when it has none)
    index_right: float = 0.0  # where its top-left corner index ends (0: none)


def _texts(root):
    for el in root.iter():
        if el.tag.endswith("text") and "".join(el.itertext()).strip():
            yield el


def _size(el, inherited: "float | None" = None) -> "float | None":
    try:
        return float(el.get("font-size")) if el.get("font-size") else inherited
    except ValueError:
        return inherited


def _path_right(d: str) -> float:
    """The largest x of an absolute path (M, L, Q, Z: what the arrow tags draw)."""
    numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", d or "")]
    xs = numbers[0::2]
    return max(xs, default=0.0)


def read_face(svg: str, digit: float = DIGIT_ADVANCE) -> Face:
    """The face's size, must-read text and layout landmarks, from its SVG. digit: the
    heavy cut's digit advance (FontSet.digit), which places the big number's left edge."""
    from xml.etree import ElementTree

    root = ElementTree.fromstring(re.sub(r"^<\?xml[^>]*\?>", "", svg.lstrip()).encode("utf-8"))
    width, height = (float(v) for v in re.findall(r"[\d.]+", root.get("viewBox", "0 0 0 0"))[2:4]) \
        if root.get("viewBox") else (0.0, 0.0)
    arrows = [el for el in root.iter() if el.get("data-group") is not None]
    must: "float | None" = None
    if arrows:
        slots = [_size(t) for a in arrows for t in _texts(a) if t.get("data-mark") in ("target", "unknown")]
        labels = [_size(t) for a in arrows for t in _texts(a) if t.get("data-mark") == "group"]
        found = [s for s in (slots or labels) if s]
        must = min(found) if found else None
    else:
        bare = root.get("data-scaffold") == "bare"
        sizes = []
        for t in _texts(root):
            text = "".join(t.itertext())
            muted = (t.get("fill") or "").lower() in MUTED_INKS or t.get("data-mark") == "reminder"
            if any(c.isdigit() for c in text) and t.get("data-mark") != "penalty" and (bare or not muted):
                if _size(t):
                    sizes.append(_size(t))
        must = min(sizes) if sizes else None
    left_end = 0.0
    for a in arrows:
        if a.get("data-side") == "left":
            m = re.search(r"translate\(\s*(-?[\d.]+)", a.get("transform") or "")
            paths = [p for p in a.iter() if p.tag.endswith("path") and p.get("data-mark") is None]
            if m and paths:
                left_end = max(left_end, float(m.group(1)) + _path_right(paths[0].get("d")))
    big = max(_texts(root), key=lambda t: _size(t) or 0.0, default=None)
    number_left = width / 2
    if big is not None and _size(big) and big.get("x"):
        text = "".join(big.itertext()).strip()
        span = len(text) * digit * _size(big)
        x = float(big.get("x"))
        anchor = big.get("text-anchor", "start")
        number_left = x - span / 2 if anchor == "middle" else (x - span if anchor == "end" else x)
    index_right = 0.0
    for t in _texts(root):
        y, x = float(t.get("y") or 1e9), float(t.get("x") or 1e9)
        if t is not big and y < height * 0.2 and x < width * 0.3 and not any(a for a in arrows if t in a.iter()):
            span = len("".join(t.itertext()).strip()) * digit * (_size(t) or 0.0)
            index_right = max(index_right, x + (span / 2 if t.get("text-anchor") == "middle" else span))
    return Face(width, height, must, left_end, number_left, index_right)


def smallest_width(card_w: float, must_read_mm: "float | None") -> float:
    """The narrowest a card may print so that text must_read_mm high (at full size) is
    MIN_PRINTED_PT; 0 when the card has nothing that must be read."""
    if not must_read_mm:
        return 0.0
    return card_w * MIN_PRINTED_PT * PT_MM / must_read_mm


@dataclass(frozen=True)
class FigurePlan:
    """n cards as a grid: rows[i] cards in row i, each card_w × card_h mm; step: from one
    card's left edge to the next card's in a row (card_w + gap when they do not overlap)."""
    card_w: float
    card_h: float
    rows: tuple[int, ...]
    gap: float
    row_gap: float = ROW_GAP_MM
    step: "float | None" = None  # None: card_w + gap

    @property
    def pitch(self) -> float:
        return self.card_w + self.gap if self.step is None else self.step

    @property
    def columns(self) -> int:
        return max(self.rows)

    @property
    def width(self) -> float:
        return self.card_w + (self.columns - 1) * self.pitch

    @property
    def height(self) -> float:
        return len(self.rows) * self.card_h + (len(self.rows) - 1) * self.row_gap

    def printed_pt(self, text_mm: float, card_w_mm: float) -> float:
        """The printed size (pt) of text set text_mm high on a card card_w_mm wide."""
        return text_mm * self.card_w / card_w_mm / PT_MM


def _rows(n: int, per_row: int) -> tuple:
    rows = math.ceil(n / per_row)
    columns = math.ceil(n / rows)  # 4 cards that need two rows: 2 + 2, not 3 + 1
    return tuple([columns] * (n // columns) + ([n % columns] if n % columns else []))


def plan_figure(n: int, card_mm: tuple, room: float, largest: float, gap: float = GAP_MM,
                must_read_mm: "float | None" = None) -> FigurePlan:
    """n cards side by side, in one row as wide as largest allows, or, when that would
    print the must-read text smaller than MIN_PRINTED_PT, the fewest rows whose cards are
    readable. card_mm: the card's full (trim) size; room: the text column's width."""
    if n < 1:
        raise ValueError("a figure shows at least one card")
    card_w, card_h = card_mm
    smallest = min(smallest_width(card_w, must_read_mm), room)

    def fit(k: int) -> float:  # the widest card k of which fill the room
        return (room - gap * (k - 1)) / k

    per_row = max([k for k in range(1, n + 1) if fit(k) >= smallest] or [1])
    counts = _rows(n, per_row)
    width = min(fit(max(counts)), max(smallest, min(largest, fit(max(counts)))))
    return FigurePlan(width, width * card_h / card_w, counts, gap)


def strip_cover(faces: list) -> float:
    """How much of a card's width (a fraction) the card before it in a strip may cover:
    up to its big number, never into it. That hides its left arrows, which only point
    back (and, where the number sits close to them, a sliver of them at most); the strip
    shows each card's number and its right arrows, beside the card that follows."""
    width = faces[0].width
    free = min(f.number_left for f in faces) - STRIP_MARGIN_MM
    return max(0.0, free) / width if width else 0.0


def plan_strip(n: int, card_mm: tuple, room: float, must_read_mm: "float | None", cover: float,
               largest: float = 40.0) -> FigurePlan:
    """A sequence laid as on the table, each card covering `cover` of the next one's width,
    wrapped into the fewest rows whose cards print the must-read text readably."""
    if n < 1:
        raise ValueError("a figure shows at least one card")
    card_w, card_h = card_mm
    smallest = min(smallest_width(card_w, must_read_mm), room)
    show = 1.0 - cover

    def fit(k: int) -> float:  # the widest card k of which fill the room, overlapping
        return room / (1 + (k - 1) * show)

    per_row = max([k for k in range(1, n + 1) if fit(k) >= smallest] or [1])
    counts = _rows(n, per_row)
    width = min(fit(max(counts)), max(smallest, largest))
    return FigurePlan(width, width * card_h / card_w, counts, 0.0, step=width * show)


def fan_show(faces: list) -> float:
    """How much of its width each card of a fanned hand shows: its corner index whole."""
    width = faces[0].width if faces else 0.0
    need = max((f.index_right for f in faces), default=0.0) + FAN_MARGIN_MM
    return min(0.35, max(FAN_SHOW, need / width)) if width else FAN_SHOW


def plan_fan(n: int, card_mm: tuple, room: float, must_read_mm: "float | None", show: float = FAN_SHOW) -> FigurePlan:
    """A hand held fanned: each card shows `show` of its width (its corner index) under the
    next; the last one whole. As large as readable, as small as fits."""
    card_w, card_h = card_mm
    width = max(smallest_width(card_w, must_read_mm), 1.0)
    width = min(width, room / (1 + (n - 1) * show))
    return FigurePlan(width, width * card_h / card_w, (n,), 0.0, step=width * show)
