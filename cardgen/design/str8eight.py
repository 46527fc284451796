"""Str8 Eight card faces, pass cards and back as SVG documents.

The geometry lives here (millimetres, origin at the trim's top-left, sizes from the
theme's design tokens and its measured fonts); the look lives in
templates/str8eight/*.svg.j2. The faces share one layout grid (NumberLayout): a navy
head and foot, a band of the group colors along each, and the field between, where
each edge's arrow tags stack around the value's line.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from functools import cached_property, lru_cache

from ..errors import CardgenError
from ..model.sizes import SAFE_MM, CardSize
from ..model.str8eight import GAME, TITLE, Deck, NumberCard, PassCard
from ..model.upside_down import reads_as_another
from ..theme import DEFAULT_THEME, Theme
from . import backs, measure, palette
from .cards import DeckArt, Look, SVGCard
from .templating import fmt, render

PT = 25.4 / 72  # one typographic point in mm
GRID = 0.8  # the layout grid's step (tokens: space.unit)
BADGE_ROOM = 3.5 + 6.4 + 0.8  # a class set's badge in the head's free corner, and a step under it
# kept for callers that name the back's color; the design reads the theme's tokens
BACK_NAVY = DEFAULT_THEME.tokens.color("str8eight.back")


def _up(value: float, step: float = GRID) -> float:
    """value rounded up to the layout grid."""
    return math.ceil(round(value / step, 6)) * step


@dataclass(frozen=True)
class NumberLayout:
    """The layout grid of every number card of one deck, from the theme's tokens and its
    measured fonts.

    Three rows: a slim head band (the corner index, large, its top on the safe line) and a
    foot band (cell line, turned index) of the deck's navy, running out into the bleed,
    and the field between them; the bull's-eye of 1–N is a medallion hung on the head's
    color strip. Three columns in the field: the arrow tags at both edges, the big value
    between. A card's tags stack as one block per edge, in group order, centred on the
    value's line (the middle of the card), so a card of one arrow a side and a card of six
    look balanced alike; the tag columns are as wide as the deck's longest arrow number and
    "×d" label need (measured in the theme's font). The value takes the room its card's
    tags leave: between two tag columns the size the deck's widest value of its digit count
    allows, and on a card with tags on one edge only, or none (the bare faces), it moves
    to the middle of the wider room and grows into it, up to the tokens' maxima. The value's
    ink stays at least `gutter` (2.4 mm) from every tag.

    Large print is for a pupil who reads with low vision: the corner index is 1.6 times
    as tall and stands in one corner only (its turned twin and the cell line are small
    print that such a reader skips, and each is one more thing to scan), the arrow numbers
    are 1.3 times as tall in taller tags, and the "×d" label gives way on a tag that shows
    its number (color, shape and number already say the group; at the colors level, where
    the number is left out, the label takes the number's place and size). At the bare
    level the cell line stays: there it is the way into the table."""

    card: CardSize
    table_size: int
    large_print: bool = False
    scaffold: str = "full"
    theme: Theme = DEFAULT_THEME

    LARGE_INDEX = 1.3  # large print's factor on the corner index (20 pt -> 26 pt)
    TARGET_PT, LARGE_TARGET = 10, 1.3  # an arrow's number, and large print's factor on it
    bullseye_r = 4.3
    strip = 1.2  # the band of group colors along the head's and the foot's inner edges
    gutter = 2.4  # between a tag column and the value's ink (2 mm at least, rounding included)

    @property
    def tokens(self):
        return self.theme.tokens

    @property
    def cap(self) -> float:
        return self.theme.fonts.cap

    @property
    def digit(self) -> float:
        return self.theme.fonts.digit

    @property
    def index_x(self) -> float:
        return SAFE_MM + self.tokens.mm("space.s")

    @property
    def _index_token(self) -> float:
        return self.tokens.type_mm("card_index") * (self.LARGE_INDEX if self.large_print else 1)

    @cached_property
    def index_size(self) -> float:
        """The corner index's size: the token's, but never more than 0.85 of the deck's
        smallest big value (the value stays the largest figure on every card)."""
        return min(self._index_token, 0.85 * self.value_size)

    @property
    def cell_size(self) -> float:
        return self.tokens.type_mm("card_cell")

    @property
    def tag_target_size(self) -> float:
        return self.tokens.type_mm("card_arrow") * (self.LARGE_TARGET if self.large_print else 1)

    @property
    def tag_cue_size(self) -> float:
        return self.tokens.type_mm("card_arrow_label")

    @property
    def index_turns(self) -> tuple:
        """The corner index at top left, and (not in large print) turned at bottom right."""
        return (0,) if self.large_print else (0, 180)

    @property
    def shows_cell(self) -> bool:
        return not self.large_print or self.scaffold == "bare"

    @property
    def shows_arrows(self) -> bool:
        return self.scaffold != "bare"

    @property
    def index_y(self) -> float:
        """The corner index's baseline: its digits' top half a grid step inside the safe line."""
        return SAFE_MM + self.tokens.mm("space.xs") / 2 + self.index_size * self.cap

    @property
    def bullseye_y(self) -> float:
        """The bull's-eye hangs on the head's color strip, its centre on the strip's middle."""
        return self.head + self.strip / 2

    @cached_property
    def head(self) -> float:
        """The head band's depth from the trim (the foot's likewise): a small step below the
        index's digits, and room for a class set's badge in the free corner (design/setmark.py:
        6.4 mm tall, 3.5 mm from the trim) with a grid step under it, on the grid."""
        return _up(max(self.index_y + self.tokens.mm("space.s"), BADGE_ROOM))

    @property
    def field(self) -> tuple:
        """The field's top and bottom, inside the color strips."""
        return self.head + self.strip, self.card.height - self.head - self.strip

    @property
    def line_y(self) -> float:
        """The value's line: the middle of the card, which the tag stacks balance on."""
        return self.card.height / 2

    # --- the arrow tags -------------------------------------------------------------
    @property
    def tag_height(self) -> float:
        return 7.4 if self.large_print else 6.0

    @property
    def tag_gap(self) -> float:
        return self.tokens.mm("space.tag_gap")

    @property
    def tag_head(self) -> float:
        """The pointed end's depth."""
        return self.tag_height * 0.4

    @property
    def shape_r(self) -> float:
        """Half the group shape's box: 2.2 mm across (2.6 in large print), inside the tag."""
        return 1.3 if self.large_print else 1.1

    @property
    def short_tags(self) -> bool:
        """Large print's tags: the "×d" label gives way (at the colors level it takes the
        number's place)."""
        return self.large_print

    @property
    def _number_texts(self) -> list:
        """What can stand in a tag's number place: every target of the deck (N² at most),
        "?" at the colors level, and with short tags at that level the "×d" label."""
        n = self.table_size
        texts = [str(v) for v in range(1, n * n + 1)] + ["?"]
        if self.short_tags and self.scaffold != "full":
            texts += [f"×{d}" for d in range(1, n + 1)]
        return texts

    @cached_property
    def _number_w(self) -> float:
        return measure.widest(self.theme.fonts, "heavy", self._number_texts, self.tag_target_size)

    @cached_property
    def _label_w(self) -> float:
        return measure.widest(self.theme.fonts, "bold", [f"×{d}" for d in range(1, self.table_size + 1)],
                              self.tag_cue_size)

    @property
    def shows_label(self) -> bool:
        """The small "×d" label at the tag's inner end (short tags show none)."""
        return not self.short_tags

    @cached_property
    def target_x(self) -> float:
        """Centre of the arrow's number (or, in large print at the colors level, its label),
        from the tip."""
        return self.tag_head + self.tokens.mm("space.xs") * 0.6 + self._number_w / 2

    @cached_property
    def shape_x(self) -> float:
        """Centre of the group's shape: a clear gap after the widest number."""
        return self.target_x + self._number_w / 2 + self.tokens.mm("space.xs") * 1.25 + self.shape_r

    @cached_property
    def cue_x(self) -> float:
        """Centre of the "×d" label: a gap after the shape."""
        return self.shape_x + self.shape_r + self.tokens.mm("space.xs") + self._label_w / 2

    @cached_property
    def tag_length(self) -> float:
        end = self.cue_x + self._label_w / 2 if self.shows_label else self.shape_x + self.shape_r
        return _up(end + self.tokens.mm("space.xs") * 1.25, 0.1)

    def tag_ys(self, count: int) -> list:
        """The centres of count tags stacked on one edge, balanced on the value's line."""
        pitch = self.tag_height + self.tag_gap
        return [self.line_y + (i - (count - 1) / 2) * pitch for i in range(count)]

    @property
    def tag_target_baseline(self) -> float:
        return self.tag_target_size * self.cap / 2

    @property
    def tag_cue_baseline(self) -> float:
        return self.tag_cue_size * self.cap / 2

    def tag_path(self, side: str) -> str:
        """An arrow tag whose tip sits on the safe line and points off the card."""
        h, head, length, r = self.tag_height / 2, self.tag_head, self.tag_length, self.tokens.mm("radius.tag")
        s = -1 if side == "right" else 1
        points = [
            "M0 0",
            f"L{fmt(s * head)} {fmt(-h)}",
            f"L{fmt(s * (length - r))} {fmt(-h)}",
            f"Q{fmt(s * length)} {fmt(-h)} {fmt(s * length)} {fmt(-h + r)}",
            f"L{fmt(s * length)} {fmt(h - r)}",
            f"Q{fmt(s * length)} {fmt(h)} {fmt(s * (length - r))} {fmt(h)}",
            f"L{fmt(s * head)} {fmt(h)}",
            "Z",
        ]
        return "".join(points)

    # --- the value --------------------------------------------------------------------
    @cached_property
    def value_room(self) -> float:
        """The width between the two tag columns."""
        return self.card.width - 2 * (SAFE_MM + self.tag_length + self.gutter)

    def value_box(self, sides: frozenset) -> tuple:
        """(left, right) of the room a card's value takes, given the edges its tags stand on:
        a tag column and the gutter on those edges, the safe line and a step on the others."""
        edge = SAFE_MM + self.tokens.mm("space.s")
        column = SAFE_MM + self.tag_length + self.gutter
        return (column if "left" in sides else edge), self.card.width - (column if "right" in sides else edge)

    def _widest_em(self, digits: int) -> float:
        values = [str(v) for v in range(1, self.table_size ** 2 + 1) if len(str(v)) == digits]
        return measure.widest(self.theme.fonts, "heavy", values or ["0" * digits], 1.0)

    def value_max(self, sides: frozenset) -> float:
        """The tallest value a card may print: the token between two tag columns, larger on a
        card with one column (card_value_one_side) or none (card_value_alone), never taller
        than the field leaves room for."""
        token = {2: "card_value_max", 1: "card_value_one_side", 0: "card_value_alone"}[len(sides)]
        top, bottom = self.field
        tall = (bottom - top - 4 * self.tokens.mm("space.l")) / self.cap
        return min(self.tokens.type_mm(token), tall)

    def value_size_for(self, value: int, sides: frozenset) -> float:
        """One size for every value of the deck with as many digits and tags on the same
        number of edges: as large as the widest of them allows in its room."""
        left, right = self.value_box(sides)
        return min(self.value_max(sides), (right - left) / self._widest_em(len(str(value))))

    @cached_property
    def value_size(self) -> float:
        """The size of the deck's widest value between two tag columns (the smallest value
        size the deck prints)."""
        widest = measure.widest(self.theme.fonts, "heavy", [str(v) for v in range(1, self.table_size ** 2 + 1)], 1.0)
        return min(self.tokens.type_mm("card_value_max"), self.value_room / widest)

    @property
    def value_baseline(self) -> float:
        return self.line_y + self.value_size * self.cap / 2

    def line_band_for(self, size: float) -> tuple:
        """The band along the value's line (top, height): the value's height and a margin."""
        height = _up(size * self.cap + 2 * self.tokens.mm("space.l"))
        return self.line_y - height / 2, height

    @cached_property
    def line_band(self) -> tuple:
        return self.line_band_for(self.value_size)

    @property
    def cell_baseline(self) -> float:
        return self.card.height - SAFE_MM - 2.4


def _strip(layout, bleed: float, colors: tuple, y: float, height: float) -> list:
    """The head's or foot's band of group colors: one equal part per group, bleed to bleed."""
    left, width = -bleed, layout.card.width + 2 * bleed
    step = width / len(colors)
    return [{"x": left + i * step, "y": y, "w": step + (0.05 if i < len(colors) - 1 else 0), "h": height,
             "color": c} for i, c in enumerate(colors)]


@lru_cache(maxsize=64)  # the same field on every number card of a deck
def lattice(card: CardSize, bleed: float, top: float, bottom: float, pitch: float = 5.6) -> str:
    """The field's motif: two sets of diagonal lines crossing, a lattice of "×" signs from
    bleed to bleed across the card, between top and bottom (the field: the head and foot
    cover the rest, so nothing is drawn there to be covered), as one path of line segments.
    No line runs along the trim; the lattice is centred on the card, so it is the same
    turned half a turn."""
    x0, y0, x1, y1 = -bleed, top, card.width + bleed, bottom
    cx, cy = card.width / 2, card.height / 2
    reach = int(((x1 - x0) + (y1 - y0)) / pitch / 2) + 1
    parts = []
    for sign in (1, -1):  # y - cy = sign * (x - cx) + k * pitch
        for k in range(-reach, reach + 1):
            c = k * pitch
            ends = []
            for x in (x0, x1):  # where the line meets the left and right edges, then clipped to the box
                ends.append((x, cy + sign * (x - cx) + c))
            (ax, ay), (bx, by) = ends
            t = sorted(((y0 - ay) / (by - ay), (y1 - ay) / (by - ay)))
            lo, hi = max(0.0, t[0]), min(1.0, t[1])
            if hi - lo > 1e-6:
                parts.append(f"M{fmt(ax + (bx - ax) * lo)} {fmt(ay + (by - ay) * lo)}"
                             f"L{fmt(ax + (bx - ax) * hi)} {fmt(ay + (by - ay) * hi)}")
    return "".join(parts)


def _arrow_context(layout: NumberLayout, arrow, y: float, theme) -> dict:
    """An arrow's tag and what it shows at the deck's scaffold level: full, its number and
    label; colors, its label only (a "?" where the number was, except in large print,
    where the label takes that place); always its group's color and shape. The data
    attributes name the target at every level: the checker reads the moves from them."""
    color = theme.group_color(arrow.group)
    s = -1 if arrow.side == "right" else 1
    numbered = layout.scaffold == "full"
    texts = []  # (mark, x, baseline, size, heavy, text)
    if numbered:
        texts.append(("target", layout.target_x, layout.tag_target_baseline, layout.tag_target_size, True,
                      str(arrow.target)))
    elif not layout.short_tags:
        texts.append(("unknown", layout.target_x, layout.tag_target_baseline, layout.tag_target_size, True, "?"))
    if layout.shows_label:
        texts.append(("group", layout.cue_x, layout.tag_cue_baseline, layout.tag_cue_size, False, f"×{arrow.group}"))
    elif not numbered:
        texts.append(("group", layout.target_x, layout.tag_target_baseline, layout.tag_target_size, True,
                      f"×{arrow.group}"))
    shape = theme.group_shape(arrow.group)
    return {
        "group": arrow.group,
        "side": arrow.side,
        "target": arrow.target,
        "color": color,
        "text_color": palette.text_on(color, theme.tokens),
        "shape": shape,
        "shape_path": palette.shape_path(shape, s * layout.shape_x, 0, layout.shape_r),
        "x": SAFE_MM if arrow.side == "left" else layout.card.width - SAFE_MM,
        "y": y,
        "path": layout.tag_path(arrow.side),
        "texts": [{"mark": m, "x": s * x, "y": y, "size": size, "heavy": heavy, "text": t}
                  for m, x, y, size, heavy, t in texts],
    }


def _arrows(layout: NumberLayout, card: NumberCard, theme) -> list:
    """Every arrow of the card, each edge's tags stacked in group order on the value's line."""
    out = []
    for side in ("left", "right"):
        mine = sorted((a for a in card.arrows if a.side == side), key=lambda a: a.group)
        out += [_arrow_context(layout, a, y, theme) for a, y in zip(mine, layout.tag_ys(len(mine)))]
    return out


def face_colors(tokens, low_ink: bool) -> dict:
    """The number and pass cards' inks: the deck's navy head and foot with light type, a
    warm field; in low ink a white card, the bands drawn as the color strips alone."""
    c = tokens.color
    if low_ink:
        return {"paper": c("white"), "band": c("white"), "head": c("white"), "head_ink": c("ink"),
                "head_muted": c("muted"), "ink": c("ink"), "muted": c("muted"), "target": c("target"),
                "halo": c("white"), "low_ink": True}
    return {"paper": c("str8eight.ground"), "band": c("str8eight.band"), "head": c("str8eight.back"),
            "motif": c("str8eight.motif"), "motif_width": tokens.mm("stroke.regular"),
            "head_ink": c("str8eight.head_ink"), "head_muted": c("str8eight.head_muted"), "ink": c("ink"),
            "muted": c("muted"), "target": c("target"), "halo": c("str8eight.ground"), "low_ink": False}


def underline(fonts, text: str, x: float, baseline: float, size: float, anchor: str = "start") -> dict:
    """A bar under the digits of text set at size (mm) from x (their start, or their middle,
    where the renderers centre the ink): the mark that tells a 6 from a 9
    (model/upside_down.py). As wide as the digits' ink, measured in the heavy cut."""
    left, width = measure.ink_span(fonts, "heavy", text, size)
    start = x - width / 2 if anchor == "middle" else x + left
    return {"x": start, "y": baseline + 0.09 * size, "w": width, "h": max(0.35, 0.075 * size)}


def number_svg(card: NumberCard, layout: NumberLayout, look: Look) -> str:
    bleed, low_ink, theme = look.bleed, look.low_ink, look.theme
    attrs = [("table-size", layout.table_size), ("value", card.value), ("cell", card.cell)]
    if layout.scaffold != "full" or layout.large_print:  # a full, standard card stays as it always was
        attrs += [("scaffold", layout.scaffold), ("large-print", "yes" if layout.large_print else "no")]
    ambiguous, text = reads_as_another(card.value), str(card.value)
    L = {name: getattr(layout, name) for name in (
        "index_x", "index_y", "index_size", "cell_size", "cell_baseline", "head", "strip",
        "bullseye_y", "bullseye_r", "index_turns", "shows_cell")}
    sides = frozenset(a.side for a in card.arrows) if layout.shows_arrows else frozenset()
    left, right = layout.value_box(sides)
    size = layout.value_size_for(card.value, sides)
    value_x, value_baseline = (left + right) / 2, layout.line_y + size * layout.cap / 2
    L.update(value_size=size, value_baseline=value_baseline, value_x=value_x, line_band=layout.line_band_for(size))
    colors = theme.group_colors[:layout.table_size]
    foot = layout.card.height - layout.head
    return render(
        "str8eight/number.svg.j2",
        card=layout.card, bleed=bleed, game=GAME, kind="number", extra_attrs=attrs,
        title=f"{TITLE} {card.value} ({card.row} × {card.col})",
        colors=face_colors(theme.tokens, low_ink), fonts=theme.fonts.role_map, L=L, value=card.value,
        row=card.row, col=card.col, bullseye=card.bullseye,
        strips=_strip(layout, bleed, colors, layout.head, layout.strip)
        + _strip(layout, bleed, colors[::-1], foot - layout.strip, layout.strip),
        lattice="" if low_ink else lattice(layout.card, bleed, *layout.field),
        arrows=_arrows(layout, card, theme) if layout.shows_arrows else [],
        index_line=ambiguous and underline(theme.fonts, text, layout.index_x, layout.index_y, layout.index_size),
        value_line=ambiguous and underline(theme.fonts, text, value_x, value_baseline, size, "middle"))


def _hand(direction: str, cx: float, cy: float, colors: tuple) -> dict:
    """The pass card's pictogram: a hand of three cards fanned, sliding the way hands
    move, with speed lines behind it and an arrowhead before it. Returns its parts (path
    data in mm, centred on cx, cy)."""
    s = -1 if direction == "left" else 1
    w, h = 10.4, 14.4  # one card of the fan
    cards = []
    for i, turn in enumerate((-16, 0, 16)):
        # each card turns about a point below the fan, as a hand holds them; the fan leans
        # the way it travels
        px, py = cx - s * 3.0, cy + 9.0
        angle = turn + s * 8
        tag_y = -h / 2 + 2.2
        cards.append({"transform": f"rotate({fmt(angle)} {fmt(px)} {fmt(py)})",
                      "x": cx - s * 3.0 - w / 2, "y": cy - h / 2 + 1.0, "w": w, "h": h,
                      "tags": [{"x": cx - s * 3.0 - w / 2 + 1.0, "y": cy + tag_y + 1.0 + k * 2.4, "w": 3.0, "h": 1.5,
                                "color": colors[(i * 2 + k) % len(colors)]} for k in range(2)],
                      "bar": {"x": cx - s * 3.0 - 1.6, "y": cy - 1.6, "w": 4.4, "h": 5.2}})
    tip, base, half = cx + s * 22.0, cx + s * 10.5, 9.0
    head = f"M{fmt(base)} {fmt(cy - half)}L{fmt(tip)} {fmt(cy)}L{fmt(base)} {fmt(cy + half)}Z"
    lines = []
    # the speed lines 1.5 mm clear of the fan: the cards' K-only outlines never touch their rich black
    for dy, length in ((-5.0, 6.0), (0.0, 9.0), (5.0, 6.0)):
        end = cx - s * 12.0
        start = end - s * length
        lo, hi = sorted((start, end))
        lines.append({"x": lo, "y": cy + dy - 1.1, "w": hi - lo, "h": 2.2})
    return {"cards": cards, "head": head, "lines": lines}


def pass_colors(tokens, direction: str, low_ink: bool) -> dict:
    """(ground, fg, badge) of a pass card: a light blue and a dark wine card, far apart in
    lightness (L* 69 and 28), so they differ in grayscale too; in low ink a white card
    in the direction's ink."""
    ground, ink = tokens.color(f"str8eight.pass_{direction}"), tokens.color(f"str8eight.pass_{direction}_ink")
    faces = face_colors(tokens, low_ink)
    if low_ink:
        return {**faces, "ground": tokens.color("white"), "fg": ink, "badge": ink, "badge_fill": tokens.color("white"),
                "badge_stroke": tokens.mm("stroke.medium")}
    return {**faces, "ground": ground, "fg": palette.text_on(ground, tokens), "badge": ink,
            "badge_fill": tokens.color("white"), "badge_stroke": 0}


def _index_arrow(direction: str, x: float, y: float, scale: float = 1.0) -> str:
    """A small arrow from x, its shaft on y, pointing the way the hands move (scale: to the
    corner letter's size, 1 at the number cards' 20 pt index)."""
    s = -1 if direction == "left" else 1
    half, head, shaft = 3.2 * scale, 1.5 * scale, 0.55 * scale
    cx = x + half
    tip, neck, tail = cx + s * half, cx + s * (half - 1.9 * scale), cx - s * half
    return (f"M{fmt(tail)} {fmt(y - shaft)}L{fmt(neck)} {fmt(y - shaft)}L{fmt(neck)} {fmt(y - head)}"
            f"L{fmt(tip)} {fmt(y)}L{fmt(neck)} {fmt(y + head)}L{fmt(neck)} {fmt(y + shaft)}L{fmt(tail)} {fmt(y + shaft)}Z")


INDEX_CAP_MM = 20 * 25.4 / 72 * 0.716  # the 20 pt index's digit height the arrow is drawn for


def pass_svg(card: PassCard, table_size: int, look: Look, layout: "NumberLayout | None" = None) -> str:
    """A pass card in the number cards' family: their slim head and foot, and in the corners
    the direction's letter at the number index's size (mirrored at the foot), with an arrow
    the way the hands move and the card's points beside it."""
    size, bleed, tokens, fonts = look.size, look.bleed, look.theme.tokens, look.theme.fonts
    layout = layout or NumberLayout(size, table_size, look.large_print, look.scaffold, look.theme)
    scheme = pass_colors(tokens, card.direction, look.low_ink)
    head = layout.head
    colors = look.theme.group_colors[:table_size]
    cx, cy = size.width / 2, size.height / 2
    word = tokens.type_mm("card_pass_word")
    letter = card.direction[0].upper()
    letter_size, cap = layout.index_size, fonts.cap
    middle = layout.index_y - letter_size * cap / 2  # the letter's mid-height: the arrow and points on it
    scale = letter_size * cap / INDEX_CAP_MM
    arrow_x = layout.index_x + sum(measure.ink_span(fonts, "heavy", letter, letter_size)) + tokens.mm("space.s")
    points_size = tokens.type_mm("caption")
    points_x = arrow_x + 6.4 * scale + tokens.mm("space.s")
    return render(
        "str8eight/pass.svg.j2",
        card=size, bleed=bleed, game=GAME, kind="pass",
        extra_attrs=[("table-size", table_size), ("direction", card.direction), ("points", card.points)],
        title=f"{TITLE} pass {card.direction}", fonts=look.theme.fonts.role_map, s=scheme,
        direction=card.direction, points=card.points, head=head,
        strips=_strip(layout, bleed, colors, head, layout.strip)
        + _strip(layout, bleed, colors[::-1], size.height - head - layout.strip, layout.strip),
        hand=_hand(card.direction, cx, cy, colors),
        index={"x": layout.index_x, "y": layout.index_y, "size": letter_size, "text": letter,
               "fill": scheme["badge"] if look.low_ink else scheme["head_ink"]},
        index_arrow=_index_arrow(card.direction, arrow_x, middle, scale),
        word={"size": word, "above": cy - 13.0, "below": cy + 13.0 + word * cap},
        note={"size": tokens.type_mm("card_pass_note"), "y": size.height - head - layout.strip - 3.2},
        points_at={"x": points_x, "y": middle + points_size * cap / 2}, points_size=points_size)


def back_svg(table_size: int, look: Look) -> str:
    return backs.back_svg(GAME, look, name="STR8 EIGHT", glyph="8", ground=look.theme.tokens.color("str8eight.back"),
                          extra_attrs=[("table-size", table_size)], title=f"{TITLE} card back",
                          pattern="lattice", wordmark=TITLE)


MIN_CARD_WIDTH = 56.0  # arrows on both edges plus a big value need a bridge card at least


def render_numbers(deck: Deck, look: Look) -> DeckArt:
    """The number faces in deck order, and the one back: the part of the deck the pass cards
    leave alone (a new --pass-cards keeps it)."""
    layout = NumberLayout(look.size, deck.table_size, look.large_print, look.scaffold, look.theme)
    faces = tuple(SVGCard(c.slug, "number", number_svg(c, layout, look), f"{c.value} ({c.row}×{c.col})")
                  for c in deck.number_cards)
    back = SVGCard("back", "back", back_svg(deck.table_size, look), "Back")
    return DeckArt(faces, (back,), (0,) * len(faces))


def render_passes(deck: Deck, look: Look) -> DeckArt:
    """The pass faces in deck order (on the number cards' back, drawn with them)."""
    layout = NumberLayout(look.size, deck.table_size, look.large_print, look.scaffold, look.theme)
    faces = tuple(SVGCard(p.slug, "pass", pass_svg(p, deck.table_size, look, layout), f"Pass {p.direction}")
                  for p in deck.pass_cards)
    return DeckArt(faces, (), (0,) * len(faces))


def deck_in_parts(deck: Deck, look: Look, drawn) -> DeckArt:
    """The deck drawn as two parts that change apart, the number cards with the back and the
    pass cards, each by drawn(render_part, the deck cut down to that part): a store of
    drawings (kept.py) keeps each part under its own inputs."""
    size = look.size
    if size.width < MIN_CARD_WIDTH:
        raise CardgenError(f"the Str8 Eight cards need a card at least {MIN_CARD_WIDTH:g} mm wide; "
                           f"{size.name} is {size.width:g} mm: use --card-size poker or bridge")
    numbers = drawn(render_numbers, replace(deck, pass_cards=()))
    passes = drawn(render_passes, replace(deck, number_cards=()))
    faces = numbers.faces + passes.faces
    return DeckArt(faces, numbers.backs, (0,) * len(faces))


def render_deck(deck: Deck, look: Look) -> DeckArt:
    """Every face in deck order (numbers by value, then pass cards), and the one back."""
    return deck_in_parts(deck, look, lambda render_part, part: render_part(part, look))


render_deck.in_parts = deck_in_parts  # kept.kept_deck keeps the parts apart
