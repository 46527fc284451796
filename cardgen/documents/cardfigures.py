"""Pictures of real cards in the booklets: rows and grids, sequences laid overlapping as on
the table, fanned hands and the setup picture, each card drawn from the print cards
(cut at the trim line) with its edge, so a white low-ink card still shows where it ends.

The geometry comes from layout/figure.py (as large as the card's must-read text needs,
never wider than the text column); here it is drawn, as reportlab flowables that split
between rows when a page cannot hold them whole.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Callable

from ..layout.figure import (COLUMN_SHOW, GAP_MM, ROW_GAP_MM, Face, FigurePlan, fan_show, plan_fan,
                             smallest_width)

MM = 72 / 25.4
EDGE_PT = 0.6  # the card's edge line
EDGE_INK = "#80868f"  # 3.7:1 on white paper: seen on a white low-ink card, quiet on a colored one
CORNER_MM = 3.0  # a cut card's corner radius, at full size
SLOT_FILL = "#f3f1ea"  # an empty place on the table
PILE_OFFSET_MM = 0.9  # each card under the top one of a pile peeks out this far
SMALL_CARD_MM = 16.0  # piles and empty places in the setup picture: nothing on them to read
STACK_SLACK_MM = 4.0  # a stack of small things may stand this much taller than the tallest thing beside it
FACE_MIN_MM = 20.0  # a face in the setup picture is drawn at least this wide, however little it must be read
LINE_GAP_MM = 3.0  # between the lines of a setup picture that wraps
LABEL_PT = 7.0
LABEL_GAP_MM = 1.2
ITEM_GAP_MM = 4.0


@dataclass(frozen=True)
class Picture:
    """One card of a figure, cut at the trim line: an SVG drawn as a vector form (fonts:
    the theme's FontSet it names) or PNG bytes; face: what layout/figure.py read of it
    (its must-read text, where its arrows and big number sit)."""
    kind: str  # svg | png
    data: "str | bytes"
    size_mm: tuple  # the card's trim width and height
    fonts: object = None
    face: "Face | None" = None

    @property
    def must_read_mm(self) -> "float | None":
        return self.face.must_read_mm if self.face else None


def draw_card(canvas, picture: Picture, x: float, y: float, w: float, h: float) -> None:
    """The card at (x, y) (points, lower left), w × h: clipped to its rounded corners and
    outlined. Vector cards are form XObjects, defined once per document."""
    from ..draw.pdf import PT_PER_MM, define_form

    radius = CORNER_MM * w / picture.size_mm[0]  # w is in points, size in mm: the radius scales with the card
    name = None
    if picture.kind != "png":
        forms = canvas.__dict__.setdefault("_cardgen_forms", {})
        w_mm, h_mm = picture.size_mm
        if picture.data not in forms:
            forms[picture.data] = f"pic{len(forms)}"
            define_form(canvas, forms[picture.data], picture.data, (w_mm * PT_PER_MM, h_mm * PT_PER_MM),
                        picture.fonts)
        name = forms[picture.data]
    canvas.saveState()
    path = canvas.beginPath()
    path.roundRect(x, y, w, h, radius)
    canvas.clipPath(path, stroke=0, fill=0)
    if name is None:
        from reportlab.lib.utils import ImageReader

        canvas.drawImage(ImageReader(io.BytesIO(picture.data)), x, y, w, h)
    else:
        canvas.translate(x, y)
        canvas.scale(w / (picture.size_mm[0] * PT_PER_MM), h / (picture.size_mm[1] * PT_PER_MM))
        # marked as a figure: a picture of a card, its words drawn small with it, not the
        # page's own text (the legibility check reads the page's text only)
        canvas.addLiteral("/Figure BMC")
        canvas.doForm(name)
        canvas.addLiteral("EMC")
    canvas.restoreState()
    canvas.saveState()
    canvas.setStrokeColor(EDGE_INK)
    canvas.setLineWidth(EDGE_PT)
    canvas.roundRect(x, y, w, h, radius, stroke=1, fill=0)
    canvas.restoreState()


def draw_slot(canvas, x: float, y: float, w: float, h: float, radius: float) -> None:
    """An empty place on the table: a dashed outline."""
    canvas.saveState()
    canvas.setFillColor(SLOT_FILL)
    canvas.setStrokeColor(EDGE_INK)
    canvas.setLineWidth(EDGE_PT)
    canvas.setDash(2.2, 1.6)
    canvas.roundRect(x, y, w, h, radius, stroke=1, fill=1)
    canvas.restoreState()


def _flowable_base():
    from reportlab.platypus import Flowable

    return Flowable


class CardRows(_flowable_base()):
    """Cards in rows by a FigurePlan: side by side, or overlapping (plan.step < card_w).
    on_top: "first" (a strip: each card lies over the next, hiding its left arrows) or
    "last" (a fanned hand: each card over the one before). Splits between rows."""

    def __init__(self, pictures: list, plan: FigurePlan, on_top: str = "last"):
        super().__init__()
        self.pictures, self.plan, self.on_top = pictures, plan, on_top
        self.hAlign = "CENTER"

    def wrap(self, *_):
        return self.plan.width * MM, self.plan.height * MM

    def split(self, avail_w, avail_h):
        from dataclasses import replace

        plan = self.plan
        fit = int((avail_h / MM + plan.row_gap) // (plan.card_h + plan.row_gap))
        if fit < 1 or fit >= len(plan.rows):
            return []
        first = sum(plan.rows[:fit])
        head = CardRows(self.pictures[:first], replace(plan, rows=plan.rows[:fit]), self.on_top)
        tail = CardRows(self.pictures[first:], replace(plan, rows=plan.rows[fit:]), self.on_top)
        tail.__dict__.update({k: v for k, v in self.__dict__.items() if k in ("keepWithNext",)})
        return [head, tail]

    def draw(self):
        plan = self.plan
        i = 0
        top = plan.height
        for count in plan.rows:
            places = [(i + k, k * plan.pitch) for k in range(count)]  # a short last row starts at the left
            if self.on_top == "first":
                places.reverse()
            y = top - plan.card_h
            for index, x in places:
                draw_card(self.canv, self.pictures[index], x * MM, y * MM, plan.card_w * MM, plan.card_h * MM)
            top -= plan.card_h + plan.row_gap
            i += count


@dataclass
class Item:
    """One thing in the setup picture: kind hand (a fanned hand), row (cards side by side),
    column (cards laid one above the other, each showing its top), card (one card face
    up), back (a face-down pile), empty (a place still empty); names: its cards; label:
    what it is."""
    kind: str
    names: list
    label: str
    pictures: list = field(default_factory=list)
    w: float = 0.0  # mm, the picture without its label
    h: float = 0.0
    card_w: float = 0.0
    card_h: float = 0.0
    show: float = 0.0  # a hand: the share of its width each card shows
    x: float = 0.0  # mm from the tableau's left, and from its top to the picture's top
    y: float = 0.0
    label_h: float = 0.0


KINDS = ("hand", "row", "column", "card", "back", "empty")


def parse_setup(text: str) -> list:
    """"hand 3 12 20 = Your hand | back = Draw pile | empty = Discard pile" -> Items."""
    from ..errors import CardgenError

    items = []
    for part in text.split("|"):
        what, _, label = part.partition("=")
        words = what.split()
        if not words or words[0] not in KINDS:
            raise CardgenError(f"setup picture: {part.strip()!r} does not start with one of {', '.join(KINDS)}")
        items.append(Item(words[0], words[1:], label.strip()))
    return items


class Tableau(_flowable_base()):
    """The setup picture: hands, piles and empty places, each labelled, laid out left to
    right in the text column; small things (piles, empty places) stack in columns beside
    the tall ones."""

    def __init__(self, items: list, room_mm: float, card_picture: Callable, label_style, max_height_mm: float = 1e9):
        super().__init__()
        self.items, self.room, self.label_style = items, room_mm, label_style
        self.hAlign = "CENTER"
        self._measure(card_picture)
        self._place()
        self.scale = min(1.0, max_height_mm / self.height_mm, room_mm / max(self.width_mm, 1e-9))
        # a last resort, for a setup picture no page can hold: the whole picture smaller (its
        # cards then print their numbers smaller, which tests/test_booklet_finish.py reports)

    def _measure(self, card_picture) -> None:
        from reportlab.platypus import Paragraph

        for item in self.items:
            item.pictures = [card_picture(name) for name in item.names]
            faces = [p for p in item.pictures]
            size = faces[0].size_mm if faces else None
            if size is None:  # a pile or empty place: the deck's card shape, small
                back = card_picture("back") if item.kind == "back" else None
                item.pictures = [back] if back else []
                size = back.size_mm if back else self._shape(card_picture)
                item.card_w = SMALL_CARD_MM
                item.card_h = SMALL_CARD_MM * size[1] / size[0]
                extra = 2 * PILE_OFFSET_MM if item.kind == "back" else 0.0
                item.w, item.h = item.card_w + extra, item.card_h + extra
            else:
                must = min((p.must_read_mm for p in faces if p.must_read_mm), default=None)
                width = min(max(smallest_width(size[0], must), FACE_MIN_MM), self.room)
                item.card_w, item.card_h = width, width * size[1] / size[0]
                n = len(faces)
                if item.kind == "hand":
                    item.show = fan_show([p.face for p in faces if p.face])
                    item.w, item.h = item.card_w * (1 + (n - 1) * item.show), item.card_h
                    if item.w > self.room:  # too many to fan at that size: as large as fits
                        plan = plan_fan(n, size, self.room, must, item.show)
                        item.card_w, item.card_h = plan.card_w, plan.card_h
                        item.w, item.h = plan.width, plan.card_h
                elif item.kind == "row":
                    item.w, item.h = n * item.card_w + (n - 1) * GAP_MM, item.card_h
                elif item.kind == "column":
                    item.w, item.h = item.card_w, item.card_h * (1 + (n - 1) * COLUMN_SHOW)
                else:
                    item.w, item.h = item.card_w, item.card_h
            if item.label:
                p = Paragraph(item.label, self.label_style)
                item.label_h = p.wrap(max(item.w, SMALL_CARD_MM + 6) * MM, 1e6)[1] / MM + LABEL_GAP_MM
                item.paragraph = p

    @staticmethod
    def _shape(card_picture) -> tuple:
        try:
            return card_picture("back").size_mm
        except Exception:
            return (63.5, 88.9)

    def _place(self) -> None:
        """Left to right, in lines as wide as the column; a small item stacks under the
        small one before it while the stack stays no taller than the tallest item of its
        line."""
        x = top = line_h = 0.0
        tallest = max(i.h + i.label_h for i in self.items)
        stack_x = stack_bottom = None
        widest = 0.0
        for item in self.items:
            small = item.kind in ("back", "empty")
            total = item.h + item.label_h
            slot = self._slot(item)
            overflows = x and x + slot > self.room + 0.01
            if small and stack_x is not None and (overflows or stack_bottom + ITEM_GAP_MM / 2 + total
                                                  <= top + tallest + STACK_SLACK_MM):
                item.x, item.y = stack_x, stack_bottom + ITEM_GAP_MM / 2
                stack_bottom = item.y + total
                line_h = max(line_h, stack_bottom - top)
                continue
            if item.kind == "hand" and x and x + slot > self.room + 0.01:
                slot = self._fewer(item, self.room - x)  # a hand shows fewer cards rather than take a line
            if x and x + slot > self.room + 0.01:  # a new line
                top += line_h + LINE_GAP_MM
                x = line_h = 0.0
                stack_x = None
            item.x, item.y = x, top
            stack_x, stack_bottom = (x, top + total) if small else (None, None)
            line_h = max(line_h, total)
            x += slot + ITEM_GAP_MM
            widest = max(widest, x - ITEM_GAP_MM)
        self.width_mm = widest
        self.height_mm = max(i.y + i.h + i.label_h for i in self.items)

    def _fewer(self, item, room: float) -> float:
        """Show the last cards of a hand only (two at least), as many as fit room."""
        while len(item.pictures) > 2 and item.card_w * (1 + (len(item.pictures) - 1) * item.show) > room:
            item.pictures = item.pictures[1:]
        item.w = item.card_w * (1 + (len(item.pictures) - 1) * item.show)
        return self._slot(item)

    @staticmethod
    def _slot(item) -> float:
        """The width an item takes: its picture, or its label's room for a small one."""
        return max(item.w, SMALL_CARD_MM + 6 if item.label else 0)

    def wrap(self, *_):
        return self.width_mm * MM * self.scale, self.height_mm * MM * self.scale

    def draw(self):
        c = self.canv
        c.saveState()
        c.scale(self.scale, self.scale)
        self._draw(c)
        c.restoreState()

    def _draw(self, c):
        top = self.height_mm
        for item in self.items:
            slot_w = self._slot(item)
            left = item.x + (slot_w - item.w) / 2
            y_top = top - item.y
            w, h = item.card_w * MM, item.card_h * MM
            if item.kind == "empty":
                draw_slot(c, left * MM, (y_top - item.h) * MM, w, h, CORNER_MM * item.card_w / 63.5 * MM)
            elif item.kind == "back":
                for k in (2, 1, 0):
                    off = k * PILE_OFFSET_MM
                    draw_card(c, item.pictures[0], (left + off) * MM, (y_top - item.card_h - off) * MM, w, h) \
                        if item.pictures else draw_slot(c, (left + off) * MM, (y_top - item.card_h - off) * MM, w, h, 2)
            elif item.kind == "hand":
                step = item.card_w * item.show
                for k, pic in enumerate(item.pictures):
                    draw_card(c, pic, (left + k * step) * MM, (y_top - item.card_h) * MM, w, h)
            elif item.kind == "row":
                for k, pic in enumerate(item.pictures):
                    draw_card(c, pic, (left + k * (item.card_w + GAP_MM)) * MM, (y_top - item.card_h) * MM, w, h)
            elif item.kind == "row":
                for k, pic in enumerate(item.pictures):
                    draw_card(c, pic, (left + k * (item.card_w + GAP_MM)) * MM, (y_top - item.card_h) * MM, w, h)
            elif item.kind == "column":
                step = item.card_h * COLUMN_SHOW
                for k, pic in enumerate(item.pictures):
                    draw_card(c, pic, left * MM, (y_top - item.card_h - k * step) * MM, w, h)
            else:
                draw_card(c, item.pictures[0], left * MM, (y_top - item.card_h) * MM, w, h)
            if item.label:
                p = item.paragraph
                pw, ph = p.wrap(slot_w * MM, 1e6)
                p.drawOn(c, item.x * MM, (y_top - item.h - LABEL_GAP_MM) * MM - ph)


__all__ = ["Picture", "CardRows", "Tableau", "Item", "parse_setup", "draw_card", "GAP_MM", "ROW_GAP_MM"]
