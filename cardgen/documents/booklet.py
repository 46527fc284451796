"""Typeset a rule text (rules/document.py blocks) as a booklet PDF with reportlab.

A5 pages (half-letter for Letter users): a front page (today the title page with the
contents list; a cover drawn by another module when one is given), then the text with
headings, numbered steps, tables, callouts and pictures of real rendered cards
(documents/cardfigures.py), page numbers on the outer corners. The text stays text: search,
copy and pypdf extraction all work. Paragraphs allow no widows or orphans; a heading
and a paragraph that leads into a list, table or figure stay on the page of what
follows (keep-with-next, which reportlab applies only between flowables that are not
containers: so lists are bulleted paragraphs and short tables refuse to split
instead of being wrapped in KeepTogether). Card figures are as large as their
numbers need to be readable in print and never wider than the text column
(layout/figure.py), in rows if need be; a rule this edition settled or added carries a
small dagger (ruletext.DAGGER), set here as a superscript.
"""
from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from .cardfigures import LABEL_PT, CardRows, Picture, Tableau, parse_setup  # noqa: F401 (Picture: re-exported)
from .ruletext import DAGGER, Block
from ..design import palette
if TYPE_CHECKING:
    from ..draw.pdfmeta import PdfMeta
from ..layout.figure import FACING_GAP_MM, GAP_MM, plan_figure, plan_strip, strip_cover

MM = 72 / 25.4  # points per mm
WHOLE_TABLE_ROWS = 18  # tables up to this many rows never split across pages
BOOKLET_MARGINS = (14, 11, 14, 17)  # inner, outer, top, bottom (mm): a 114.7 mm column on half-letter,
# wide enough for a strip of four poker cards whose arrow numbers print at 6 pt
AID_MARGINS = (12, 12, 12, 12)
TITLE_TOP_MM = 12.0  # above the title on the title page
SETUP_SHARE = 0.62  # the most of a page's height the setup picture may take (the quick start holds the rest)
SMALL_PRINT = 0.9  # back matter ("About this edition") in type this much smaller than the body
AID_TYPE_PT = (7.0, 14.0)  # the player aid's body type: the largest in this range that fits a page


@dataclass(frozen=True)
class PageSpec:
    name: str  # a5 | half-letter
    width: float  # mm
    height: float


PAGE_SIZES = {"a4": PageSpec("a5", 148.0, 210.0), "letter": PageSpec("half-letter", 139.7, 215.9)}


def _styles(fonts: dict, base: float = 9.6, tokens=None, spacing: float = 1.0):
    """The paragraph styles, in the design tokens' colors (the shipped tokens when none are
    given); "tokens" holds the tokens themselves, for the tables and callouts. spacing: the
    running text's leading and the space after its paragraphs, as a share of the usual."""
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle

    from ..tokens import default_tokens

    tokens = tokens or default_tokens()
    ink, muted, accent = tokens.color("ink"), tokens.color("muted"), tokens.color("accent")
    em = base / 9.6  # headings and their spacing follow the body size (the player aid scales them all)
    body = ParagraphStyle("body", fontName=fonts["text"], fontSize=base, leading=base * 1.42 * spacing, textColor=ink,
                          spaceAfter=base * 0.6 * spacing, allowWidows=0, allowOrphans=0)
    return {
        "body": body,
        "title": ParagraphStyle("title", parent=body, fontName=fonts["heavy"], fontSize=30, leading=34,
                                textColor=ink, spaceAfter=6, alignment=TA_CENTER),
        "subtitle": ParagraphStyle("subtitle", parent=body, fontName=fonts["italic"], fontSize=11, leading=15,
                                   textColor=muted, alignment=TA_CENTER, spaceAfter=14),
        "h2": ParagraphStyle("h2", parent=body, fontName=fonts["heavy"], fontSize=14 * em, leading=17 * em,
                             textColor=accent, spaceBefore=14 * em, spaceAfter=6 * em, keepWithNext=1),
        "h3": ParagraphStyle("h3", parent=body, fontName=fonts["bold"], fontSize=10.8 * em, leading=14 * em,
                             spaceBefore=8 * em, spaceAfter=3 * em, keepWithNext=1),
        "item": ParagraphStyle("item", parent=body, leftIndent=14 * em, bulletIndent=0, bulletFontName=fonts["bold"],
                               bulletFontSize=base),
        "cell": ParagraphStyle("cell", parent=body, fontSize=base - 1, leading=(base - 1) * 1.3, spaceAfter=0),
        "head": ParagraphStyle("head", parent=body, fontName=fonts["bold"], fontSize=base - 1,
                               leading=(base - 1) * 1.3, spaceAfter=0, textColor=tokens.color("white")),
        "caption": ParagraphStyle("caption", parent=body, fontName=fonts["italic"], fontSize=base - 1.2,
                                  leading=(base - 1.2) * 1.35, textColor=muted, alignment=TA_CENTER,
                                  spaceBefore=3),
        "toc": ParagraphStyle("toc", parent=body, fontSize=base + 0.4, leading=(base + 0.4) * 1.45, spaceAfter=0),
        "small": ParagraphStyle("small", parent=body, fontSize=base * SMALL_PRINT,
                                leading=base * SMALL_PRINT * 1.38 * spacing, spaceAfter=base * 0.45 * spacing),
        "small_item": ParagraphStyle("small_item", parent=body, fontSize=base * SMALL_PRINT,
                                     leading=base * SMALL_PRINT * 1.38 * spacing, spaceAfter=base * 0.45 * spacing,
                                     leftIndent=14 * em,
                                     bulletIndent=0, bulletFontName=fonts["bold"], bulletFontSize=base * SMALL_PRINT),
        "label": ParagraphStyle("label", parent=body, fontName=fonts["italic"], fontSize=LABEL_PT,
                                leading=LABEL_PT * 1.2, textColor=muted, alignment=TA_CENTER,
                                spaceAfter=0),
        "toc_title": ParagraphStyle("toc_title", parent=body, fontName=fonts["heavy"], fontSize=12,
                                    leading=16, textColor=accent, spaceBefore=10, spaceAfter=4, keepWithNext=1),
        "tokens": tokens,
    }


LARGEST_MM = {"facing": 30.0, "cover": 21.0, "strip": 40.0}  # the widest a card is drawn, by figure kind (else 26)


def _figure(block: Block, room: float, frame_h: float, card_picture: Callable, styles) -> list:
    """Real cards (cardfigures.py): a row or grid (cards), a pair edge to edge (facing), a
    sequence laid overlapping as on the table (strip), or the setup picture. Each is as
    large as its cards' numbers need to read in print, no wider than the column. A figure
    that fits a page moves to the next page whole, with its caption, rather than split; a
    taller one (a long strip) splits between rows. The cover is an ornament, drawn small
    in one row; every other figure is drawn to be read."""
    from reportlab.platypus import Paragraph

    if block.label == "setup":
        figure = Tableau(parse_setup(" ".join(block.items)), room, card_picture, styles["label"],
                         frame_h / MM * SETUP_SHARE)
    else:
        pictures = [card_picture(item) for item in block.items]
        size = pictures[0].size_mm
        must_read = min((p.must_read_mm for p in pictures if p.must_read_mm), default=None)
        if block.label == "cover":
            plan = plan_figure(len(pictures), size, room, LARGEST_MM["cover"])
        elif block.label == "strip":
            faces = [p.face for p in pictures if p.face]
            cover = strip_cover(faces) if len(faces) == len(pictures) else 0.0
            plan = plan_strip(len(pictures), size, room, must_read, cover, LARGEST_MM["strip"])
        else:
            plan = plan_figure(len(pictures), size, room, LARGEST_MM.get(block.label, 26.0),
                               FACING_GAP_MM if block.label == "facing" else GAP_MM, must_read)
        figure = CardRows(pictures, plan, "first" if block.label == "strip" else "last")
    caption = [Paragraph(_marks(block.caption), styles["caption"])] if block.caption else []
    height = figure.wrap(room * MM, frame_h)[1]
    whole = height + sum(c.wrap(room * MM, frame_h)[1] + c.getSpaceBefore() for c in caption) <= frame_h
    if whole:
        figure.split = lambda *_: []  # moved to the next page whole, never split
    figure.keepWithNext = 1 if caption else 0
    figure._float_with = 1 + len(caption) if whole and block.label != "cover" else 0  # see _defer_float
    return [figure] + caption


def _marks(text: str) -> str:
    """The dagger of a rule this edition settled or added, as a small superscript."""
    return text.replace(DAGGER, f"<super>{DAGGER}</super>")


@lru_cache(maxsize=None)
def _whole_table():
    from reportlab.platypus import Table

    class WholeTable(Table):
        """A short table: moved to the next page whole rather than split (and, not being
        a container, it can be kept with the heading or line that leads into it)."""
        def split(self, availWidth, availHeight):
            return []
    return WholeTable


def _table(block: Block, frame_w: float, styles):
    from reportlab.platypus import Paragraph, Table, TableStyle

    import re

    rows = block.items
    accent = styles["tokens"].color("accent")
    cols = max(len(r) for r in rows)
    data = [[Paragraph(_marks(c), styles["head" if i == 0 else "cell"]) for c in r + [""] * (cols - len(r))]
            for i, r in enumerate(rows)]
    # columns as wide as their longest cell asks, within reason: short columns stay short
    lengths = [max(len(re.sub(r"<[^>]+>", "", r[c])) if c < len(r) else 0 for r in rows) for c in range(cols)]
    weights = [min(max(n, 6), 40) for n in lengths]
    widths = [frame_w * w / sum(weights) for w in weights]
    kind = _whole_table() if len(rows) <= WHOLE_TABLE_ROWS else Table
    table = kind(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    style = [("FONT", (0, 0), (-1, -1), styles["body"].fontName),  # else reportlab names Helvetica
             ("BACKGROUND", (0, 0), (-1, 0), accent), ("VALIGN", (0, 0), (-1, -1), "TOP"),
             ("TOPPADDING", (0, 0), (-1, -1), 2.2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.6),
             ("LINEBELOW", (0, -1), (-1, -1), 0.6, accent)]
    for r in range(2, len(rows), 2):
        style.append(("BACKGROUND", (0, r), (-1, r), styles["tokens"].color("zebra")))
    if cols >= 8:  # a wide table (the 12 × 12 copies): narrower side padding, so a wider typeface's
        style += [("LEFTPADDING", (0, 0), (-1, -1), 3.5), ("RIGHTPADDING", (0, 0), (-1, -1), 3.5)]  # headers fit
    table.setStyle(TableStyle(style))
    return table


def _callout(block: Block, frame_w: float, styles):
    from reportlab.platypus import Paragraph, Table, TableStyle

    kind = block.label.lower()  # tip, example, note, option: tokens color.callout.<kind> and <kind>_bar
    tint, bar = styles["tokens"].color(f"callout.{kind}"), styles["tokens"].color(f"callout.{kind}_bar")
    label = palette.legible(bar, tint)  # the bar's hue, dark enough to read on the tint
    text = f'<font name="{styles["h3"].fontName}" color="{label}">{block.label}:</font> {_marks(block.text)}'
    box = Table([[Paragraph(text, styles["cell"])]], colWidths=[frame_w])
    box.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), styles["body"].fontName),
                             ("BACKGROUND", (0, 0), (-1, -1), tint),
                             ("LINEBEFORE", (0, 0), (0, -1), 2.4, bar),
                             ("LEFTPADDING", (0, 0), (-1, -1), 7), ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                             ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 5)]))
    box.spaceBefore, box.spaceAfter = 2, 7
    return box


def _list(block: Block, styles, style: str = "item") -> list:
    """A list as bulleted paragraphs (reportlab's ListFlowable is a container, which
    keep-with-next passes over)."""
    from reportlab.platypus import Paragraph

    items = []
    for i, text in enumerate(block.items, 1):
        bullet = str(i) if block.ordered else "•"
        items.append(Paragraph(f'<bullet><font color="{styles["tokens"].color("accent")}">{bullet}</font></bullet>'
                               f'{_marks(text)}', styles[style]))
    items[-1].spaceAfter = styles[style].spaceAfter * 1.7  # the list ends
    return items


CONTENTS_FORM = "contents-pages"


def _plain(text: str) -> str:
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", text))


CONTENTS_GAP_MM = 6.0  # between the contents list's two columns


def _contents_grid(count: int, width: float) -> tuple:
    """(rows, column width, column pitch) of a contents list of count lines: two columns
    from nine sections up (a booklet of a dozen pages keeps its contents to a third of a
    page), one below."""
    columns = 2 if count > 8 else 1
    rows = -(-count // columns)
    column_w = (width - (columns - 1) * CONTENTS_GAP_MM * MM) / columns
    return rows, column_w, column_w + CONTENTS_GAP_MM * MM


def _contents_line(i: int, rows: int, pitch: float, leading: float) -> tuple:
    """The lower left corner of line i: down the first column, then the second."""
    return (i // rows) * pitch, (rows - i % rows - 1) * leading


def _contents(titles: list, style, width: float):
    """The contents list, laid out in one pass: one line a section, so its height is
    known before the pages are; the dot leaders and page numbers are a form XObject
    drawn after the last page (_finish_contents), when the numbers are known."""
    from reportlab.platypus import Flowable

    rows, column_w, pitch = _contents_grid(len(titles), width)

    class Contents(Flowable):
        def wrap(self, *_):
            return width, rows * style.leading

        def draw(self):
            canvas = self.canv
            canvas.saveState()
            canvas.setFont(style.fontName, style.fontSize)
            canvas.setFillColor(style.textColor)
            for i, title in enumerate(titles):
                x, y = _contents_line(i, rows, pitch, style.leading)
                canvas.drawString(x, y + _BASELINE * style.leading, _plain(title))
                # the whole line jumps to its section
                canvas.linkRect("", f"h2-{i}", (x, y, x + column_w, y + style.leading), relative=1)
            canvas.doForm(CONTENTS_FORM)
            canvas.restoreState()
    return Contents()


_BASELINE = 0.3  # of the leading, from the bottom of a contents line


def _finish_contents(canvas, entries: list, style, width: float) -> None:
    """entries: (title, page) in order. Dots from each title to its right-aligned page number."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    rows, column_w, pitch = _contents_grid(len(entries), width)
    canvas.beginForm(CONTENTS_FORM, 0, 0, width, max(1, rows) * style.leading)
    canvas.setFont(style.fontName, style.fontSize)
    canvas.setFillColor(style.textColor)
    dot = stringWidth(" .", style.fontName, style.fontSize)
    for i, (title, page) in enumerate(entries):
        x, y = _contents_line(i, rows, pitch, style.leading)
        y += _BASELINE * style.leading
        number = str(page)
        right = x + column_w
        canvas.drawRightString(right, y, number)
        start = stringWidth(_plain(title) + " ", style.fontName, style.fontSize)
        room = column_w - stringWidth(number + "  ", style.fontName, style.fontSize) - start
        if room > dot:
            dots = " ." * int(room // dot)
            canvas.drawRightString(right - stringWidth(number + "  ", style.fontName, style.fontSize), y, dots)
    canvas.endForm()


LEADS_INTO = {"list", "table", "figure"}  # a paragraph just before one of these introduces it (a figure: see introduces)


def introduces(text: str) -> bool:
    """Whether a paragraph leads into the figure after it: it ends with a colon, as a
    line that points at a picture does. Any other paragraph before a figure is text the
    figure illustrates, and the figure may float away from it to the next page."""
    return _plain(text).rstrip().endswith(":")


def _defer_float(doc, flowables: list, start: int = 0) -> None:
    """A figure that fits a page but not the rest of this one floats, as figures do in
    books: the text after it fills this page (as long as each piece fits whole and no
    new section begins) and the figure heads the next. flowables[start] begins the
    figure's unit (its lead-in line, grid, caption and the space after), marked with how
    many flowables make it up; flowables[:start] are headings just before it, which stay
    here with the text that moves up (and move on with the figure when none can)."""
    from reportlab.platypus import KeepTogether, PageBreak
    from reportlab.platypus.doctemplate import ActionFlowable

    frame = doc.frame
    heads = flowables[:start]
    count = flowables[start]._float_with
    figure, rest = flowables[start:start + count], flowables[start + count:]
    room = frame._y - frame._y1p - _height(heads, frame._width)
    if (frame._atTop and not heads) or _height(figure, frame._width) <= room or getattr(figure[0], "_lead_in", False):
        return  # a figure introduced by a line of text goes on with it: moving later text up would scramble it
    moved = []
    while rest:
        doc.handle_keepWithNext(rest)  # a heading travels with what follows it
        nxt = rest[0]
        parts = nxt._content if isinstance(nxt, KeepTogether) else [nxt]
        if nxt is None or isinstance(nxt, (PageBreak, ActionFlowable)) or getattr(nxt, "_float_with", 0) \
                or any(getattr(f, "_heading", False) for f in parts):
            break  # text of the figure's own section only, never a new one ahead of it
        need = _height(parts, frame._width)
        if need > room:
            break
        room -= need
        moved.append(rest.pop(0))
    if heads and not moved:
        return  # nothing to keep the heading company: it goes on with its figure
    flowables[:] = heads + moved + figure + rest


def _height(parts: list, width: float) -> float:
    """The height flowables take in a frame of this width, with the space around them."""
    return sum(f.wrap(width, 1e6)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in parts)


@dataclass(frozen=True)
class TextArea:
    """The text frame of a page (points) and the width a figure may take (mm): the column's."""
    width: float
    height: float
    figure_room_mm: float


def flowables(blocks: list[Block], styles, frame: TextArea, card_picture: Callable, with_contents: bool,
              compact: bool = False, cover: bool = False):
    """The story of a booklet (or, compact, of a player aid). cover: page 1 is a cover
    drawn by another module, so the title blocks are left to it and the contents list
    heads the page after the first [[newpage]] (the one after the quick start)."""
    from reportlab.platypus import PageBreak, Paragraph, Spacer

    story = []
    title_done = False
    small = False  # [[small]]: the rest of the section in the small print of back matter
    lead_in = None
    titles = [b.text for b in blocks if b.kind == "h2"]
    contents = [Paragraph("Contents", styles["toc_title"]), _contents(titles, styles["toc"], frame.width)]
    contents_due = with_contents and cover
    for i, block in enumerate(blocks):
        following = blocks[i + 1].kind if i + 1 < len(blocks) else None
        if block.kind in ("title", "subtitle") or (block.kind == "figure" and block.label == "cover"
                                                   and not title_done):
            if cover:
                continue
            if block.kind == "title":
                story += [Paragraph(block.text, styles["h2"])] if compact else \
                    [Spacer(1, TITLE_TOP_MM * MM), Paragraph(block.text, styles["title"])]
            elif block.kind == "subtitle":
                story.append(Paragraph(block.text, styles["caption" if compact else "subtitle"]))
            else:
                story += [Spacer(1, 6 * MM), *_figure(block, frame.figure_room_mm, frame.height, card_picture,
                                                      styles), Spacer(1, 3 * MM)]
            continue
        if not title_done:
            if with_contents and not cover:
                story += contents + [PageBreak()]
            elif cover:
                story.append(PageBreak())  # page 1 is the cover's
        title_done = True
        if block.kind == "small":
            small = True
            continue
        if block.kind == "h2":
            small = False
        body, item = ("small", "small_item") if small else ("body", "item")
        if block.kind == "newpage":
            story.append(PageBreak())
            if contents_due:
                story += contents + [Spacer(1, 4 * MM)]
                contents_due = False
        elif block.kind == "h2":
            p = Paragraph(_marks(block.text), styles["h2"])
            p._toc_entry = block.text  # picked up by the doc template for the contents list
            p._heading = True
            story.append(p)
        elif block.kind == "h3":
            p = Paragraph(_marks(block.text), styles["h3"])
            p._heading = True
            story.append(p)
        elif block.kind == "para":
            p = Paragraph(_marks(block.text), styles[body])
            if following in LEADS_INTO - {"figure"} or (following == "figure" and introduces(block.text)):
                p.keepWithNext = 1  # never the last line of a page, its list on the next
            story.append(p)
            lead_in = p if introduces(block.text) else None
        elif block.kind == "list":
            story += _list(block, styles, item)
        elif block.kind == "table":
            # short tables never split; long ones split with their header repeated
            story += [_table(block, frame.width, styles), Spacer(1, 6)]
        elif block.kind == "callout":
            story.append(_callout(block, frame.width, styles))
        elif block.kind == "figure":
            figure = _figure(block, frame.figure_room_mm, frame.height, card_picture, styles)
            unit = [*figure, Spacer(1, 6)]
            if figure[0]._float_with:
                figure[0]._float_with += 1  # the space after it floats with it
                if story and story[-1] is lead_in:  # the line that leads into it floats with it too
                    story.pop()
                    lead_in._float_with, figure[0]._float_with = figure[0]._float_with + 1, 0
                    lead_in._lead_in = True
                    unit.insert(0, lead_in)
            story += unit
    if contents_due:  # no [[newpage]]: the contents close the booklet rather than vanish
        story += contents
    return story


def warm_up(fonts: dict) -> None:
    """Typeset a scrap (a paragraph with inline styles, a table) so reportlab's lazily
    built machinery is ready: done once before several games fork, it is shared by all."""
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table

    styles = _styles(fonts)
    doc = SimpleDocTemplate(io.BytesIO(), initialFontName=fonts["text"])
    doc.build([Paragraph("a <b>b</b> <i>c</i> <font color='#332288'>d</font>", styles["body"]),
               Table([[Paragraph("e", styles["cell"]), "f"]])])


def _frame(page: PageSpec, margins: tuple) -> TextArea:
    inner, outer, top, bottom = margins
    frame_w = page.width - inner - outer
    return TextArea(frame_w * MM, (page.height - top - bottom) * MM, frame_w)  # figures keep to the column


def aid_fits(blocks: list[Block], page: PageSpec, fonts: dict, card_picture: Callable, size: float,
             tokens=None) -> bool:
    """Whether the player aid set in size pt fits its one page: measured by reportlab
    laying the story into the page's frame (nothing is written)."""
    return _aid_layout(blocks, page, fonts, card_picture, size, tokens)[0]


def _aid_layout(blocks: list[Block], page: PageSpec, fonts: dict, card_picture: Callable, size: float,
                tokens=None) -> "tuple[bool, float, float]":
    """(every flowable placed on the page, height the aid needs, the page frame's height) in
    size pt. What does not fit is laid on into a frame ten pages tall, so an aid that
    overflows says by how much. The frames are drafts (_draft_frame: placed as reportlab
    places them, nothing drawn: drawing was two thirds of a try's CPU) and a paragraph
    wrapped again at the same width keeps its lines (_wraps_kept)."""
    from reportlab.pdfgen.canvas import Canvas

    from . import fastpara

    fastpara.install()
    frame = _frame(page, AID_MARGINS)
    story = flowables(blocks, _styles(fonts, size, tokens), frame, card_picture, with_contents=False, compact=True)
    canvas = Canvas(io.BytesIO(), pagesize=(page.width * MM, page.height * MM), initialFontName=fonts["text"])
    draft = _draft_frame()

    def lay(height: float) -> float:
        """Place what is left of the story in a frame height tall; returns the height used."""
        box = draft(0, 0, frame.width, height, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        box.addFromList(story, canvas)
        return height - box._y

    with _wraps_kept():
        used = lay(frame.height)
        fits = not story
        if story:
            used = frame.height + lay(frame.height * 10)
    return fits, used, frame.height


def aid_type_size(blocks: list[Block], page: PageSpec, fonts: dict, card_picture: Callable, tokens=None) -> float:
    """The largest body size (to 0.1 pt, within AID_TYPE_PT) at which the aid fits one
    page; the smallest when even that does not (the page count then says so).

    Each try is a full layout (15 ms), so the search goes where the aid's height points:
    every layout also says how tall the aid is at that size (largest_fitting)."""
    lo, hi = (round(v * 10) for v in AID_TYPE_PT)

    def measure(tenths: int) -> "tuple[bool, float]":
        fits, used, _ = _aid_layout(blocks, page, fonts, card_picture, tenths / 10, tokens)
        return fits, used

    fits_lo, used_lo, page_h = _aid_layout(blocks, page, fonts, card_picture, lo / 10, tokens)
    if not fits_lo:
        return lo / 10
    return largest_fitting(lo, hi, measure, page_h, used_lo) / 10


def largest_fitting(lo: int, hi: int, measure: Callable, target: float, used_lo: float, tries: int = 4) -> int:
    """The largest n in lo..hi that fits, where measure(n) -> (fits, height needed), fits(lo)
    holds with height used_lo, and fits holds up to a point and not after.

    The height grows with n about in proportion, so the first try is lo · target / used_lo
    and the next ones where the line through the two measurements nearest the target
    crosses it: right or a tenth off, three or four layouts where halving 7–14 pt took
    eight. After `tries` guesses the rest is found by halving the bracket, so a height that
    says nothing still ends with the same answer."""
    low, high = lo, hi  # low fits; the answer is in low..high
    points = [(lo, used_lo, True)]
    guess = lo * target / used_lo if used_lo > 0 else hi
    made = 0
    while low < high:
        if made < tries:
            n = min(max(int(guess + 1e-9), low + 1), high)
        else:
            n = (low + high + 1) // 2
        fits, used = measure(n)
        made += 1
        if fits:
            low = n
        else:
            high = n - 1
        points.append((n, used, fits))
        # the page takes a little more than its frame's height (the space below the last
        # paragraph is dropped): aim at the tallest aid that fitted, if taller
        aim = max([u for _, u, f in points if f] + [target])
        a, b = sorted(points, key=lambda p: abs(p[1] - aim))[:2]
        guess = a[0] + (aim - a[1]) * (b[0] - a[0]) / (b[1] - a[1]) if b[1] != a[1] else n + (1 if fits else -1)
    return low


def write_player_aid(blocks: list[Block], path: Path, page: PageSpec, title: str, fonts: dict,
                     card_picture: Callable, *, meta: PdfMeta, tokens=None) -> "tuple[int, float]":
    """A one-page player aid in the page size of the booklet, in the largest type that
    fits. Returns its page count and the body size used."""
    size = aid_type_size(blocks, page, fonts, card_picture, tokens)
    pages = write_booklet(blocks, path, page, title, fonts, card_picture, contents=False, one_page=True,
                          base_size=size, meta=meta, tokens=tokens)
    return pages, size


QUARTER = 0.3  # no page of a booklet with covers filled less than this, but the back cover: cardgen
# check holds them to a quarter, measured its own way (from the type area the pages use), so a margin
BODY_RANGE = (8.8, 11.4)  # the body type a booklet with covers may be set in, to make whole sheets
SPACINGS = (0.9, 0.95, 1.0, 1.06, 1.12)  # and the leading, as a share of the usual
DEFAULT_BODY = 9.6
CLOSE_ENOUGH = 0.1  # a tighter setting this near the default look (size off by a share, plus spacing off) is taken


def write_booklet(blocks: list[Block], path: Path, page: PageSpec, title: str, fonts: dict,
                  card_picture: Callable, contents: bool = True, one_page: bool = False,
                  base_size: float = DEFAULT_BODY, *, meta: PdfMeta, cover=None, tokens=None, back=None) -> int:
    """Typeset blocks into path; returns the page count. one_page: the player aid (no
    title page, no contents, smaller margins). title: the game, in the page footers;
    meta: the file's metadata (draw/pdfmeta.py); cover: a cover.Cover (the box art's
    module) drawn as page 1 in place of the title page, the contents list then heading
    the page after the quick start; back: the back cover (a cover.Cover), drawn as the
    last page. A booklet with both covers is set in the body size and leading
    (booklet_type) that make its pages whole fold sheets, four pages each, none of them
    under a quarter full but the back cover."""
    spacing, notes = 1.0, 0
    if cover is not None and back is not None and not one_page:
        base_size, spacing, notes = booklet_type(blocks, page, title, fonts, card_picture, contents, meta=meta,
                                                 cover=cover, tokens=tokens, back=back)
    return _write(blocks, path, page, title, fonts, card_picture, contents, one_page, base_size, meta=meta,
                  cover=cover, tokens=tokens, back=back, spacing=spacing, notes=notes)[0]


def whole_sheets(pages: int, fills: list) -> bool:
    """Saddle stitching folds sheets of four pages: the booklet makes whole ones (no blank
    page before the back cover) and every page but the back cover is at least QUARTER full
    (of its text frame, to the lowest thing placed)."""
    return pages % 4 == 0 and all(f >= QUARTER for f in fills[1:-1])


def _combos() -> list:
    """(growth, size, spacing) of every body size (tenths of a point, within BODY_RANGE)
    and spacing, by how much room the text takes (about its size squared times its
    spacing), the nearer the default look first among equals."""
    lo, hi = BODY_RANGE
    out = [((t / 10 / DEFAULT_BODY) ** 2 * sp, t / 10, sp) for t in range(round(lo * 10), round(hi * 10) + 1)
           for sp in SPACINGS]
    return sorted(out, key=lambda c: (round(c[0], 3), abs(c[1] - DEFAULT_BODY) + 8 * abs(c[2] - 1)))


def booklet_type(blocks: list[Block], page: PageSpec, title: str, fonts: dict, card_picture: Callable,
                 contents: bool = True, *, meta: PdfMeta, cover, tokens=None, back) -> tuple:
    """(body size, spacing): the default when its pages make whole sheets (whole_sheets),
    else the nearest the default look that does, of the settings (_combos, ordered by the
    room the text takes) that fill the whole sheets just below the default's page count
    or just above it. The page count grows with the room, so each is found by halving:
    the roomiest setting that still keeps to the sheets below (its last page the fullest),
    the least roomy one that fills the last page of the sheets above a quarter. Each try
    is a layout in memory, a dozen at most. When neither does (a long table that will not
    split leaves a page short at every size), the setting tried nearest the default whose
    pages are all a quarter full and fewest (or, none tried being so, one _filled_settings
    finds), and a ruled Notes page or more before the back cover to make the sheets whole:
    (size, spacing, Notes pages).""" 
    tried: dict = {}

    def layout(combo: tuple) -> tuple:
        if combo not in tried:
            tried[combo] = _write(blocks, io.BytesIO(), page, title, fonts, card_picture, contents, False, combo[1],
                                  meta=meta, cover=cover, tokens=tokens, back=back, spacing=combo[2], draft=True)
        return tried[combo]

    default = (1.0, DEFAULT_BODY, 1.0)
    pages, fills = layout(default)
    if whole_sheets(pages, fills):
        return DEFAULT_BODY, 1.0, 0
    combos = _combos()
    at = min(range(len(combos)), key=lambda k: abs(combos[k][0] - 1.0))
    found = []
    below, above = 4 * (pages // 4), 4 * -(-pages // 4)
    if below >= 4:  # halving over the tighter settings: the last that keeps to `below` pages
        lo, hi = 0, at  # combos[lo] is the tightest; pages(combos[hi]) > below
        if layout(combos[lo])[0] <= below:
            while hi - lo > 1:
                mid = (lo + hi) // 2
                lo, hi = (mid, hi) if layout(combos[mid])[0] <= below else (lo, mid)
            for k in range(lo, max(-1, lo - 3), -1):  # a page under a quarter full: a little tighter
                if whole_sheets(*layout(combos[k])):
                    found.append(combos[k])
                    break
    cost = lambda c: abs(c[1] - DEFAULT_BODY) / DEFAULT_BODY + abs(c[2] - 1)  # noqa: E731
    lo, hi = at, len(combos) - 1  # the roomier settings: the first whose `above` pages are all filled
    reaches = lambda c: layout(c)[0] > above or (layout(c)[0] == above and layout(c)[1][-2] >= QUARTER)  # noqa: E731
    if not (found and cost(found[0]) <= CLOSE_ENOUGH) and reaches(combos[hi]):
        while hi - lo > 1:
            mid = (lo + hi) // 2
            lo, hi = (lo, mid) if reaches(combos[mid]) else (mid, hi)
        for k in range(hi, min(len(combos), hi + 3)):
            if whole_sheets(*layout(combos[k])):
                found.append(combos[k])
                break
    if not found:
        filled = [(layout(c)[0] + -layout(c)[0] % 4, cost(c), c) for c in tried
                  if all(f >= QUARTER for f in layout(c)[1][1:-1])]
        if not filled:
            filled = _filled_settings(combos, at, layout, cost, range(below + 1, above))
        if not filled:
            return DEFAULT_BODY, 1.0, 0
        _, _, best = min(filled)
        return best[1], best[2], -layout(best)[0] % 4
    best = min(found, key=cost)
    return best[1], best[2], 0


def _filled_settings(combos: list, start: int, layout: Callable, cost: Callable, counts) -> list:
    """(pages made whole, cost, setting) of the settings whose pages are all a quarter full
    (but the back cover), for booklet_type's Notes pages when no setting makes whole sheets
    by itself and none it tried is filled: for each page count in counts, the roomiest
    setting that keeps to it (its last text page the fullest it gets at that count), found
    by halving, or one or two a little tighter, and (roomier than the default, combos[start])
    the least roomy that fills that count's last text page a quarter; when none is, the
    settings in turn from the nearest the default look (a table that will not split may
    leave a page short elsewhere)."""
    def filled(c: tuple) -> bool:
        return all(f >= QUARTER for f in layout(c)[1][1:-1])

    def entry(c: tuple) -> tuple:
        return layout(c)[0] + -layout(c)[0] % 4, cost(c), c

    def reaches(c: tuple, count: int) -> bool:
        return layout(c)[0] > count or (layout(c)[0] == count and layout(c)[1][-2] >= QUARTER)

    out = []
    for count in counts:
        lo, hi = 0, len(combos) - 1
        if layout(combos[lo])[0] > count:
            continue
        if layout(combos[hi])[0] <= count:
            lo = hi
        while hi - lo > 1:  # combos[lo] keeps to count pages, combos[hi] does not
            mid = (lo + hi) // 2
            lo, hi = (mid, hi) if layout(combos[mid])[0] <= count else (lo, mid)
        for k in range(lo, max(-1, lo - 3), -1):
            if filled(combos[k]):
                out.append(entry(combos[k]))
                break
        if start < lo:  # roomier than the default: the least roomy whose last text page of count is filled
            first, last = start, lo
            while last - first > 1:
                mid = (first + last) // 2
                first, last = (first, mid) if reaches(combos[mid], count) else (mid, last)
            for k in range(last, min(lo + 1, last + 3)):
                if filled(combos[k]):
                    out.append(entry(combos[k]))
                    break
    if not out:
        for c in sorted(combos, key=cost):
            if filled(c):
                return [entry(c)]
    return out


def _notes_page(styles, frame: TextArea) -> list:
    """A page headed Notes, ruled to its foot for the players' own notes and scores."""
    from reportlab.platypus import Flowable, Paragraph

    heading = Paragraph("Notes", styles["h2"])
    pitch = 8 * MM
    rule = styles["tokens"].color("muted")

    class Ruled(Flowable):
        def wrap(self, width, height):
            self.width, self.height = width, max(pitch, height - 1)
            return self.width, self.height

        def draw(self):
            canvas = self.canv
            canvas.saveState()
            canvas.setFillColor(rule)
            y = self.height - pitch
            while y >= 0:  # each rule a thin filled bar, 0.4 pt
                canvas.rect(0, y - 0.2, self.width, 0.4, stroke=0, fill=1)
                y -= pitch
            canvas.restoreState()
    return [heading, Ruled()]


def _draw_nothing(*_args, **_kwargs) -> None:
    pass


@lru_cache(maxsize=None)
def _draft_frame():
    """A reportlab Frame that places flowables exactly as Frame does (the same wrap, split
    and spacing) but draws none of them: a trial layout of booklet_type."""
    from reportlab.platypus import Frame

    class DraftFrame(Frame):
        def _add(self, flowable, canv, trySplit=0):
            own = "drawOn" in flowable.__dict__
            if not own:
                flowable.drawOn = _draw_nothing
            try:
                return Frame._add(self, flowable, canv, trySplit)
            finally:
                if not own:
                    del flowable.drawOn
        add = _add
    return DraftFrame


@contextlib.contextmanager
def _wraps_kept():
    """Within a layout (booklet_type's trials and the booklet written), a paragraph wrapped
    again at the width it was last wrapped at takes its last lines rather than breaking
    them anew: reportlab wraps a paragraph two or three times as it tries where it fits
    (keep-with-next, lists, splits), and Paragraph.wrap depends only on the width, the
    paragraph's text and its style (drawing reads the lines and changes none of them)."""
    from reportlab.platypus.paragraph import Paragraph

    wrap = Paragraph.wrap

    def kept(self, availWidth, availHeight):
        last = self.__dict__.get("_kept_wrap")
        if last is not None and last[0] == availWidth and last[1] is self.style and last[2] is self.frags:
            self.width, self._wrapWidths, self.blPara, self.height = last[3]
            return self.width, self.height
        out = wrap(self, availWidth, availHeight)
        if "blPara" in self.__dict__:
            self._kept_wrap = (availWidth, self.style, self.frags,
                               (self.width, self._wrapWidths, self.blPara, self.height))
        return out
    Paragraph.wrap = kept
    try:
        yield
    finally:
        Paragraph.wrap = wrap


def _write(blocks: list[Block], path, page: PageSpec, title: str, fonts: dict,
           card_picture: Callable, contents: bool = True, one_page: bool = False,
           base_size: float = DEFAULT_BODY, *, meta: PdfMeta, cover=None, tokens=None, back=None,
           spacing: float = 1.0, notes: int = 0, draft: bool = False) -> tuple:
    """Typeset into path (a file, or a BytesIO for a trial); returns (page count, how full
    each page is: the share of its text frame from the top to the lowest thing placed).
    draft: a trial of booklet_type, the same flow with nothing drawn (no flowable, cover,
    back cover or footer drawn, no metadata, the file never written), so the same pages and
    fills at a fraction of the cost (tests/test_booklet_type.py holds the two equal)."""
    from reportlab.platypus import BaseDocTemplate, Frame, NextPageTemplate, PageBreak, PageTemplate, Spacer
    from reportlab.platypus.doctemplate import ActionFlowable

    from ..draw.pdf import SIMPLEX, draw_svg, print_setup
    from ..draw.pdfmeta import on_canvas
    from . import fastpara

    fastpara.install()
    _DraftFrame = _draft_frame() if draft else None
    w, h = page.width * MM, page.height * MM
    margins = AID_MARGINS if one_page else BOOKLET_MARGINS
    inner, outer, top, bottom = margins
    styles = _styles(fonts, base_size, tokens, spacing)

    class Doc(BaseDocTemplate):
        def handle_flowable(self, flowables):
            start = 0
            while start < len(flowables) and getattr(flowables[start], "_heading", False):
                start += 1
            if start < len(flowables) and getattr(flowables[start], "_float_with", 0):
                _defer_float(self, flowables, start)
            super().handle_flowable(flowables)

        def _setPageTemplate(self):
            explicit = hasattr(self, "_nextPageTemplateIndex")
            super()._setPageTemplate()
            if not explicit and hasattr(self, "_nextPageTemplateIndex"):
                # reportlab keeps the automatic next template's index and applies it again at the
                # next page's end: odd, even, even, odd… set the inner margin on the wrong side
                del self._nextPageTemplateIndex

        def beforeDocument(self):
            self._toc = []  # (title, page) of each section, in order
            self._fills = {}  # page -> how full its frame is
            # the player aid prints on one side; the reading copy at actual size, as the reader likes
            if not draft:
                print_setup(self.canv, SIMPLEX if one_page else None)
                on_canvas(self.canv, meta)

        def afterFlowable(self, flowable):
            frame = getattr(self, "frame", None)
            if frame is not None and not isinstance(flowable, (ActionFlowable, Spacer)):
                low = frame._y - frame._y1p  # what is left of the frame below the flowable
                tall = frame._y2 - frame._topPadding - frame._y1p
                self._fills[self.page] = max(self._fills.get(self.page, 0.0), 1 - low / tall)
            entry = getattr(flowable, "_toc_entry", None)
            if entry:
                key = f"h2-{len(self._toc)}"
                self._toc.append((entry, self.page))
                self.canv.bookmarkPage(key)
                self.canv.addOutlineEntry(_plain(entry), key, level=0, closed=True)

    def frame_for(odd: bool):
        left = inner if odd else outer
        return (_DraftFrame if draft else Frame)(left * MM, bottom * MM, w - (inner + outer) * MM, h - (top + bottom) * MM,
                       leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="odd" if odd else "even")

    def footer(canvas, doc):
        if draft:  # draws nothing that moves the text
            return
        if doc.page == 1 and cover is not None and not one_page:
            draw_svg(canvas, cover.svg, h, cover.fonts)
        if one_page or doc.page == 1:
            return
        if getattr(doc, "_on_back", False):
            draw_svg(canvas, back.svg, h, back.fonts)
            return
        canvas.saveState()
        canvas.setFont(fonts["text"], 8)
        canvas.setFillColor(styles["tokens"].color("muted"))
        y = 9 * MM
        if doc.page % 2:  # right-hand page: number on the outer (right) corner
            canvas.drawRightString(w - outer * MM, y, f"{title}  ·  {doc.page}")
        else:
            canvas.drawString(outer * MM, y, f"{doc.page}  ·  {title}")
        canvas.restoreState()

    def back_page(canvas, doc):
        doc._on_back = True
        footer(canvas, doc)

    doc = Doc(path if isinstance(path, io.BytesIO) else str(path), pagesize=(w, h), invariant=1, leftMargin=0, rightMargin=0, topMargin=0, bottomMargin=0,
              initialFontName=fonts["text"])  # else every page names an unembedded Helvetica
    doc.addPageTemplates([PageTemplate("odd", [frame_for(True)], onPage=footer, autoNextPageTemplate="even"),
                          PageTemplate("even", [frame_for(False)], onPage=footer, autoNextPageTemplate="odd"),
                          PageTemplate("back", [frame_for(False)], onPage=back_page)])
    frame = _frame(page, margins)
    frame_w = frame.width
    story = flowables(blocks, styles, frame, card_picture, contents and not one_page, one_page,
                      cover=cover is not None and not one_page)
    for _ in range(notes):  # ruled pages to write on, making the sheets whole
        story += [PageBreak(), *_notes_page(styles, frame)]
    if back is not None and not one_page:  # the back cover: a page of its own, the last
        story += [NextPageTemplate("back"), PageBreak(), Spacer(1, 1)]
    with _wraps_kept():
        if draft:
            doc._doSave = 0  # nothing written: only the flow is wanted
            doc.build(story)
        elif contents and not one_page:
            doc._doSave = 0  # reportlab's switch: build() leaves the canvas open for the contents form
            doc.build(story)
            _finish_contents(doc.canv, doc._toc, styles["toc"], frame_w)
            doc.canv.save()
        else:
            doc.build(story)
    pages = doc.page
    return pages, [doc._fills.get(n, 1.0 if n in (1, pages) else 0.0) for n in range(1, pages + 1)]
