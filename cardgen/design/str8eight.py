"""Str8 Eight card faces, pass cards and back as SVG documents.

The geometry lives here (millimetres, origin at the trim's top-left); the look
lives in templates/str8eight/*.svg.j2. Each group of multiples owns one fixed slot
(height) on both edges, the same on every card, so that two cards laid side by
side show one group's arrows facing each other.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import CardgenError
from ..model.sizes import SAFE_MM, CardSize
from ..model.str8eight import GAME, TITLE, Deck, NumberCard, PassCard
from ..model.upside_down import reads_as_another
from . import backs, palette
from .cards import DeckArt, Look, SVGCard
from .templating import fmt, render

CAP = 0.716  # Lato's cap/digit height as a fraction of the font size
DIGIT = 0.58  # Lato's tabular digit advance as a fraction of the font size
PT = 25.4 / 72  # one typographic point in mm

COLORS = {
    "paper": palette.PAPER,
    "ink": palette.INK,
    "muted": palette.MUTED_INK,
    "target": "#cc3311",
}
# low ink: a white body; color stays only where it carries meaning (arrows, bull's-eye)
LOW_INK_COLORS = {**COLORS, "paper": "#ffffff"}
BACK_NAVY = "#1c2740"


@dataclass(frozen=True)
class NumberLayout:
    """Positions shared by every number card of one deck (so the slots line up).

    Large print is for a pupil who reads with low vision: the corner index is 1.6 times
    as tall and stands in one corner only (its turned twin and the cell line are small
    print that such a reader skips, and each is one more thing to scan), the arrow numbers
    are 1.3 times as tall in taller tags, and the "×d" label gives way on a tag that shows
    its number (color, shape and number already say the group; at the colors level, where
    the number is left out, the label takes the number's place and size). The big value
    keeps the largest size the arrows leave room for. At the bare level the cell line
    stays: there it is the way into the table."""

    card: CardSize
    table_size: int
    large_print: bool = False
    scaffold: str = "full"
    cap: float = CAP
    digit: float = DIGIT

    index_x = SAFE_MM + 1.6
    cell_size = 8 * PT
    tag_head = 2.4
    tag_length = 16.4
    tag_cue_size = 7.4 * PT

    INDEX_PT, LARGE_INDEX = 15, 1.6  # the corner index, and large print's factor on it
    TARGET_PT, LARGE_TARGET = 10, 1.3  # an arrow's number, and large print's factor on it

    @property
    def index_size(self) -> float:
        return self.INDEX_PT * PT * (self.LARGE_INDEX if self.large_print else 1)

    @property
    def tag_target_size(self) -> float:
        return self.TARGET_PT * PT * (self.LARGE_TARGET if self.large_print else 1)

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
        return SAFE_MM + 1.6 + self.index_size * self.cap

    @property
    def slot_top(self) -> float:
        return self.index_y + 2.0 if self.large_print else 17.0

    @property
    def slot_pitch(self) -> float:
        return (self.card.height - 2 * self.slot_top) / self.table_size

    @property
    def tag_height(self) -> float:
        return min(7.4 if self.large_print else 6.0, self.slot_pitch * (0.9 if self.large_print else 0.86))

    def slot_y(self, group: int) -> float:
        """Centre line of a group's slot: fixed per group, identical on both edges."""
        return self.slot_top + (group - 0.5) * self.slot_pitch

    @property
    def tag_target_baseline(self) -> float:
        return self.tag_target_size * self.cap / 2

    @property
    def tag_cue_baseline(self) -> float:
        return self.tag_cue_size * self.cap / 2

    @property
    def shape_r(self) -> float:
        """Half the group shape's box: 2.2 mm across (2.6 in large print), inside the tag."""
        return min(1.3 if self.large_print else 1.1, self.tag_height * 0.32)

    @property
    def target_x(self) -> float:
        """Centre of the arrow's number (or, in large print at the colors level, its label)."""
        if self.large_print:
            return self.tag_head + (self.tag_length - self.tag_head) * 0.30
        return 5.95 if self.table_size >= 10 else 6.09  # room for three-digit numbers

    @property
    def shape_x(self) -> float:
        """Between the number and the label (a two-digit "×12" needs a little more room)."""
        if self.large_print:
            return self.tag_length - 2.3
        return self.tag_length - (6.25 if self.table_size >= 10 else 6.0)

    @property
    def cue_x(self) -> float:
        return self.tag_length - 2.45

    @property
    def _value_room(self) -> float:
        return self.card.width - 2 * (SAFE_MM + self.tag_length + 2.5)

    @property
    def value_size(self) -> float:
        """One size for every value of the deck, as large as the widest value allows."""
        return min(20.0, self._value_room / (self.digit * len(str(self.table_size ** 2))))

    @property
    def value_baseline(self) -> float:
        return self.card.height / 2 + self.value_size * self.cap / 2

    @property
    def cell_baseline(self) -> float:
        return self.card.height - SAFE_MM - 2.4

    @property
    def bullseye_y(self) -> float:
        return SAFE_MM + 5.2

    @property
    def bullseye_r(self) -> float:
        return 4.3

    def tag_path(self, side: str) -> str:
        """An arrow tag whose tip sits on the safe line and points off the card."""
        h, head, length, r = self.tag_height / 2, self.tag_head, self.tag_length, 1.0
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


def _arrow_context(layout: NumberLayout, arrow, theme) -> dict:
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
    elif not layout.large_print:
        texts.append(("unknown", layout.target_x, layout.tag_target_baseline, layout.tag_target_size, True, "?"))
    if not layout.large_print:
        texts.append(("group", layout.cue_x, layout.tag_cue_baseline, layout.tag_cue_size, False, f"×{arrow.group}"))
    elif not numbered:
        texts.append(("group", layout.target_x, layout.tag_target_baseline, layout.tag_target_size, True,
                      f"×{arrow.group}"))
    return {
        "group": arrow.group,
        "side": arrow.side,
        "target": arrow.target,
        "color": color,
        "text_color": palette.text_on(color),
        "shape": palette.group_shape(arrow.group),
        "shape_path": palette.shape_path(palette.group_shape(arrow.group), s * layout.shape_x, 0, layout.shape_r),
        "x": SAFE_MM if arrow.side == "left" else layout.card.width - SAFE_MM,
        "y": layout.slot_y(arrow.group),
        "path": layout.tag_path(arrow.side),
        "texts": [{"mark": m, "x": s * x, "y": y, "size": size, "heavy": heavy, "text": t}
                  for m, x, y, size, heavy, t in texts],
    }


def underline(x: float, baseline: float, size: float, digits: int, anchor: str = "start",
              digit: float = DIGIT) -> dict:
    """A bar under digits set at size (mm) from x (their start, or their middle): the mark
    that tells a 6 from a 9 (model/upside_down.py)."""
    width = digits * digit * size - 0.12 * size  # the digits' ink, less the last one's side bearing
    left = x - width / 2 if anchor == "middle" else x + 0.06 * size
    return {"x": left, "y": baseline + 0.09 * size, "w": width, "h": max(0.35, 0.075 * size)}


def number_svg(card: NumberCard, layout: NumberLayout, look: Look) -> str:
    bleed, low_ink = look.bleed, look.low_ink
    attrs = [("table-size", layout.table_size), ("value", card.value), ("cell", card.cell)]
    if layout.scaffold != "full" or layout.large_print:  # a full, standard card stays as it always was
        attrs += [("scaffold", layout.scaffold), ("large-print", "yes" if layout.large_print else "no")]
    ambiguous, digits = reads_as_another(card.value), len(str(card.value))
    L = {name: getattr(layout, name) for name in (
        "index_x", "index_y", "index_size", "cell_size", "cell_baseline",
        "bullseye_y", "bullseye_r", "value_size", "value_baseline", "index_turns", "shows_cell")}
    return render(
        "str8eight/number.svg.j2",
        card=layout.card, bleed=bleed, game=GAME, kind="number", extra_attrs=attrs,
        title=f"{TITLE} {card.value} ({card.row} × {card.col})",
        colors=LOW_INK_COLORS if low_ink else COLORS, fonts=look.theme.fonts.role_map, L=L, value=card.value,
        row=card.row, col=card.col, bullseye=card.bullseye,
        arrows=[_arrow_context(layout, a, look.theme) for a in card.arrows] if layout.shows_arrows else [],
        index_line=ambiguous and underline(layout.index_x, layout.index_y, layout.index_size, digits,
                                           digit=layout.digit),
        value_line=ambiguous and underline(layout.card.width / 2, layout.value_baseline, layout.value_size, digits,
                                           "middle", layout.digit))


# (ground, ink) of each direction: a light blue card and a dark wine one, far apart in
# lightness (L* 69 and 28), so they differ in grayscale too; the ink (the low-ink card's
# color, the badge's letter and arrow) dark enough on white
PASS_COLORS = {"left": ("#79aee0", "#2f6fae"), "right": ("#7a1f3d", "#7a1f3d")}


def _index_arrow(direction: str) -> str:
    """A small arrow under the corner letter, pointing the way the hands move."""
    s = -1 if direction == "left" else 1
    cx, y, half, head, shaft = SAFE_MM + 6.8, SAFE_MM + 9.6, 3.2, 1.5, 0.55
    tip, neck, tail = cx + s * half, cx + s * (half - 1.9), cx - s * half
    return (f"M{fmt(tail)} {fmt(y - shaft)}L{fmt(neck)} {fmt(y - shaft)}L{fmt(neck)} {fmt(y - head)}"
            f"L{fmt(tip)} {fmt(y)}L{fmt(neck)} {fmt(y + head)}L{fmt(neck)} {fmt(y + shaft)}L{fmt(tail)} {fmt(y + shaft)}Z")


def pass_svg(card: PassCard, table_size: int, look: Look) -> str:
    size, bleed, low_ink = look.size, look.bleed, look.low_ink
    ground, band = PASS_COLORS[card.direction]
    scheme = ({"ground": "#ffffff", "fg": band, "badge_fill": "#ffffff", "badge_stroke": 0.5} if low_ink
              else {"ground": ground, "fg": palette.text_on(ground), "badge_fill": "#ffffff", "badge_stroke": 0})
    s = -1 if card.direction == "left" else 1
    cx, cy = size.width / 2, size.height / 2
    # a broad arrow across the card, pointing the way the hands travel
    shaft_h, head_w, head_h, span = 9.0, 17.0, 26.0, 44.0
    tip = cx + s * span / 2
    tail = cx - s * span / 2
    neck = tip - s * head_w
    arrow = (f"M{fmt(tail)} {fmt(cy - shaft_h / 2)}L{fmt(neck)} {fmt(cy - shaft_h / 2)}"
             f"L{fmt(neck)} {fmt(cy - head_h / 2)}L{fmt(tip)} {fmt(cy)}"
             f"L{fmt(neck)} {fmt(cy + head_h / 2)}L{fmt(neck)} {fmt(cy + shaft_h / 2)}"
             f"L{fmt(tail)} {fmt(cy + shaft_h / 2)}Z")
    return render(
        "str8eight/pass.svg.j2",
        card=size, bleed=bleed, game=GAME, kind="pass",
        extra_attrs=[("table-size", table_size), ("direction", card.direction), ("points", card.points)],
        title=f"{TITLE} pass {card.direction}", fonts=look.theme.fonts.role_map, band=band, s=scheme,
        direction=card.direction, points=card.points, index_arrow=_index_arrow(card.direction),
        arrow=arrow, safe=SAFE_MM, cap=CAP, pt=PT)


def back_svg(table_size: int, look: Look) -> str:
    return backs.back_svg(GAME, look, name="STR8 EIGHT", glyph="8", ground=BACK_NAVY,
                          extra_attrs=[("table-size", table_size)], title=f"{TITLE} card back")


MIN_CARD_WIDTH = 56.0  # arrows on both edges plus a big value need a bridge card at least


def render_deck(deck: Deck, look: Look) -> DeckArt:
    """Every face in deck order (numbers by value, then pass cards), and the one back."""
    size = look.size
    if size.width < MIN_CARD_WIDTH:
        raise CardgenError(f"the Str8 Eight cards need a card at least {MIN_CARD_WIDTH:g} mm wide; "
                           f"{size.name} is {size.width:g} mm: use --card-size poker or bridge")
    fonts = look.theme.fonts
    layout = NumberLayout(size, deck.table_size, look.large_print, look.scaffold, fonts.cap, fonts.digit)
    faces = [SVGCard(c.slug, "number", number_svg(c, layout, look), f"{c.value} ({c.row}×{c.col})")
             for c in deck.number_cards]
    faces += [SVGCard(p.slug, "pass", pass_svg(p, deck.table_size, look), f"Pass {p.direction}")
              for p in deck.pass_cards]
    back = SVGCard("back", "back", back_svg(deck.table_size, look), "Back")
    return DeckArt(tuple(faces), (back,), (0,) * len(faces))
