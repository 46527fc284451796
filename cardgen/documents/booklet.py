"""Typeset a rule text (rules/document.py blocks) as a booklet PDF with reportlab.

A5 pages (half-letter for Letter users): a title page with the contents list, then
the text with headings, numbered steps, tables, callouts and pictures of real
rendered cards, page numbers on the outer corners. The text stays text: search,
copy and pypdf extraction all work. Headings keep with what follows and
paragraphs allow no widows or orphans.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from .ruletext import Block
from ..design import palette

MM = 72 / 25.4  # points per mm
ACCENT = "#332288"
TINT = {"Tip": "#e8f3ee", "Example": "#eef0f8", "Note": "#f6f1e4", "Option": "#f7ecef"}
BAR = {"Tip": "#117733", "Example": "#332288", "Note": "#999933", "Option": "#882255"}


@dataclass(frozen=True)
class PageSpec:
    name: str  # a5 | half-letter
    width: float  # mm
    height: float


PAGE_SIZES = {"a4": PageSpec("a5", 148.0, 210.0), "letter": PageSpec("half-letter", 139.7, 215.9)}


def _styles(fonts: dict, base: float = 9.6):
    from reportlab.lib.enums import TA_CENTER
    from reportlab.lib.styles import ParagraphStyle

    ink = palette.INK
    body = ParagraphStyle("body", fontName=fonts["text"], fontSize=base, leading=base * 1.42, textColor=ink,
                          spaceAfter=base * 0.6, allowWidows=0, allowOrphans=0)
    return {
        "body": body,
        "title": ParagraphStyle("title", parent=body, fontName=fonts["heavy"], fontSize=30, leading=34,
                                textColor=ink, spaceAfter=6, alignment=TA_CENTER),
        "subtitle": ParagraphStyle("subtitle", parent=body, fontName=fonts["italic"], fontSize=11, leading=15,
                                   textColor=palette.MUTED_INK, alignment=TA_CENTER, spaceAfter=14),
        "h2": ParagraphStyle("h2", parent=body, fontName=fonts["heavy"], fontSize=14, leading=17,
                             textColor=ACCENT, spaceBefore=14, spaceAfter=6, keepWithNext=1),
        "h3": ParagraphStyle("h3", parent=body, fontName=fonts["bold"], fontSize=10.8, leading=14,
                             spaceBefore=8, spaceAfter=3, keepWithNext=1),
        "cell": ParagraphStyle("cell", parent=body, fontSize=base - 1, leading=(base - 1) * 1.3, spaceAfter=0),
        "head": ParagraphStyle("head", parent=body, fontName=fonts["bold"], fontSize=base - 1,
                               leading=(base - 1) * 1.3, spaceAfter=0, textColor="#ffffff"),
        "caption": ParagraphStyle("caption", parent=body, fontName=fonts["italic"], fontSize=base - 1.2,
                                  leading=(base - 1.2) * 1.35, textColor=palette.MUTED_INK, alignment=TA_CENTER,
                                  spaceBefore=3),
        "toc": ParagraphStyle("toc", parent=body, fontSize=base + 0.4, leading=(base + 0.4) * 1.6, spaceAfter=0),
        "toc_title": ParagraphStyle("toc_title", parent=body, fontName=fonts["heavy"], fontSize=12,
                                    leading=16, textColor=ACCENT, spaceBefore=10, spaceAfter=4),
    }


def _card(picture: tuple, width: float, height: float):
    """One card of a figure: vector (a form XObject, drawn once per document) or a PNG.
    picture: ("svg", svg text, the theme's FontSet) or ("png", bytes)."""
    from reportlab.platypus import Flowable, Image

    kind, data, *fontset = picture
    if kind == "png":
        return Image(io.BytesIO(data), width=width, height=height)

    class Card(Flowable):
        def wrap(self, *_):
            return width, height

        def draw(self):
            from ..draw.pdf import PT_PER_MM, define_form, svg_size_mm

            canvas = self.canv
            forms = canvas.__dict__.setdefault("_cardgen_forms", {})
            w_mm, h_mm = svg_size_mm(data)
            if data not in forms:
                forms[data] = f"pic{len(forms)}"
                define_form(canvas, forms[data], data, (w_mm * PT_PER_MM, h_mm * PT_PER_MM), fontset[0])
            canvas.saveState()
            canvas.scale(width / (w_mm * PT_PER_MM), height / (h_mm * PT_PER_MM))
            canvas.doForm(forms[data])
            canvas.restoreState()
    return Card()


def _figure(block: Block, frame_w: float, card_picture: Callable, styles, card_ratio: float):
    """A row of real cards; 'facing' puts two cards edge to edge so their arrows meet."""
    from reportlab.platypus import KeepTogether, Paragraph, Table, TableStyle

    n = len(block.items)
    gap = 0.2 * MM if block.label == "facing" else 1.6 * MM
    largest = {"facing": 30 * MM, "cover": 21 * MM}.get(block.label, 26 * MM)
    width = min(largest, (frame_w - gap * (n - 1)) / n)
    images = [_card(card_picture(item), width, width * card_ratio) for item in block.items]
    row = Table([images], colWidths=[width + gap] * n, hAlign="CENTER")
    row.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), styles["body"].fontName),
                             ("LEFTPADDING", (0, 0), (-1, -1), gap / 2), ("RIGHTPADDING", (0, 0), (-1, -1), gap / 2),
                             ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    parts = [row]
    if block.caption:
        parts.append(Paragraph(block.caption, styles["caption"]))
    return KeepTogether(parts)


def _table(block: Block, frame_w: float, styles):
    from reportlab.platypus import Paragraph, Table, TableStyle

    import re

    rows = block.items
    cols = max(len(r) for r in rows)
    data = [[Paragraph(c, styles["head" if i == 0 else "cell"]) for c in r + [""] * (cols - len(r))]
            for i, r in enumerate(rows)]
    # columns as wide as their longest cell asks, within reason: short columns stay short
    lengths = [max(len(re.sub(r"<[^>]+>", "", r[c])) if c < len(r) else 0 for r in rows) for c in range(cols)]
    weights = [min(max(n, 6), 40) for n in lengths]
    widths = [frame_w * w / sum(weights) for w in weights]
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    style = [("FONT", (0, 0), (-1, -1), styles["body"].fontName),  # else reportlab names Helvetica
             ("BACKGROUND", (0, 0), (-1, 0), ACCENT), ("VALIGN", (0, 0), (-1, -1), "TOP"),
             ("TOPPADDING", (0, 0), (-1, -1), 2.2), ("BOTTOMPADDING", (0, 0), (-1, -1), 2.6),
             ("LINEBELOW", (0, -1), (-1, -1), 0.6, ACCENT)]
    for r in range(2, len(rows), 2):
        style.append(("BACKGROUND", (0, r), (-1, r), "#f1efe9"))
    table.setStyle(TableStyle(style))
    return table


def _callout(block: Block, frame_w: float, styles):
    from reportlab.platypus import Paragraph, Table, TableStyle

    text = f'<font name="{styles["h3"].fontName}" color="{BAR[block.label]}">{block.label}:</font> {block.text}'
    box = Table([[Paragraph(text, styles["cell"])]], colWidths=[frame_w])
    box.setStyle(TableStyle([("FONT", (0, 0), (-1, -1), styles["body"].fontName),
                             ("BACKGROUND", (0, 0), (-1, -1), TINT[block.label]),
                             ("LINEBEFORE", (0, 0), (0, -1), 2.4, BAR[block.label]),
                             ("LEFTPADDING", (0, 0), (-1, -1), 7), ("RIGHTPADDING", (0, 0), (-1, -1), 6),
                             ("TOPPADDING", (0, 0), (-1, -1), 4), ("BOTTOMPADDING", (0, 0), (-1, -1), 5)]))
    box.spaceBefore, box.spaceAfter = 2, 7
    return box


def _list(block: Block, styles):
    from reportlab.platypus import ListFlowable, ListItem, Paragraph

    items = [ListItem(Paragraph(text, styles["body"]), leftIndent=14) for text in block.items]
    return ListFlowable(items, bulletType="1" if block.ordered else "bullet", start="1" if block.ordered else "•",
                        bulletFontName=styles["h3"].fontName, bulletFontSize=styles["body"].fontSize,
                        bulletColor=ACCENT, leftIndent=14, spaceAfter=4)


CONTENTS_FORM = "contents-pages"


def _plain(text: str) -> str:
    import html
    import re

    return html.unescape(re.sub(r"<[^>]+>", "", text))


def _contents(titles: list, style, width: float):
    """The contents list, laid out in one pass: one line a section, so its height is
    known before the pages are; the dot leaders and page numbers are a form XObject
    drawn after the last page (_finish_contents), when the numbers are known."""
    from reportlab.platypus import Flowable

    class Contents(Flowable):
        def wrap(self, *_):
            return width, len(titles) * style.leading

        def draw(self):
            canvas = self.canv
            canvas.saveState()
            canvas.setFont(style.fontName, style.fontSize)
            canvas.setFillColor(style.textColor)
            for i, title in enumerate(titles):
                y = (len(titles) - i - 1) * style.leading
                canvas.drawString(0, y + _BASELINE * style.leading, _plain(title))
                # the whole line jumps to its section
                canvas.linkRect("", f"h2-{i}", (0, y, width, y + style.leading), relative=1)
            canvas.doForm(CONTENTS_FORM)
            canvas.restoreState()
    return Contents()


_BASELINE = 0.3  # of the leading, from the bottom of a contents line


def _finish_contents(canvas, entries: list, style, width: float) -> None:
    """entries: (title, page) in order. Dots from each title to its right-aligned page number."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    height = max(1, len(entries)) * style.leading
    canvas.beginForm(CONTENTS_FORM, 0, 0, width, height)
    canvas.setFont(style.fontName, style.fontSize)
    canvas.setFillColor(style.textColor)
    dot = stringWidth(" .", style.fontName, style.fontSize)
    for i, (title, page) in enumerate(entries):
        y = (len(entries) - i - 1) * style.leading + _BASELINE * style.leading
        number = str(page)
        canvas.drawRightString(width, y, number)
        start = stringWidth(_plain(title) + " ", style.fontName, style.fontSize)
        room = width - stringWidth(number + "  ", style.fontName, style.fontSize) - start
        if room > dot:
            dots = " ." * int(room // dot)
            canvas.drawRightString(width - stringWidth(number + "  ", style.fontName, style.fontSize), y, dots)
    canvas.endForm()


def flowables(blocks: list[Block], styles, frame_w: float, card_picture: Callable, card_ratio: float,
              with_contents: bool, compact: bool = False):
    from reportlab.platypus import KeepTogether, PageBreak, Paragraph, Spacer

    story = []
    title_done = False
    for block in blocks:
        if block.kind == "title":
            if compact:
                story.append(Paragraph(block.text, styles["h2"]))
            else:
                story += [Spacer(1, 18 * MM), Paragraph(block.text, styles["title"])]
            continue
        if block.kind == "subtitle":
            story.append(Paragraph(block.text, styles["caption" if compact else "subtitle"]))
            continue
        if block.kind == "figure" and block.label == "cover" and not title_done:
            story += [Spacer(1, 8 * MM), _figure(block, frame_w, card_picture, styles, card_ratio), Spacer(1, 4 * MM)]
            continue
        if not title_done and with_contents:
            titles = [b.text for b in blocks if b.kind == "h2"]
            story += [Paragraph("Contents", styles["toc_title"]), _contents(titles, styles["toc"], frame_w),
                      PageBreak()]
        title_done = True
        if block.kind == "h2":
            p = Paragraph(block.text, styles["h2"])
            p._toc_entry = block.text  # picked up by the doc template for the contents list
            story.append(p)
        elif block.kind == "h3":
            story.append(Paragraph(block.text, styles["h3"]))
        elif block.kind == "para":
            story.append(Paragraph(block.text, styles["body"]))
        elif block.kind == "list":
            story.append(_list(block, styles))
        elif block.kind == "table":
            table = _table(block, frame_w, styles)
            # short tables never split; long ones split with their header repeated
            story.append(KeepTogether([table]) if len(block.items) <= 18 else table)
            story.append(Spacer(1, 6))
        elif block.kind == "callout":
            story.append(_callout(block, frame_w, styles))
        elif block.kind == "figure":
            story.append(_figure(block, frame_w, card_picture, styles, card_ratio))
            story.append(Spacer(1, 6))
    return story


def warm_up(fonts: dict) -> None:
    """Typeset a scrap (a paragraph with inline styles, a table) so reportlab's lazily
    built machinery is ready: done once before several games fork, it is shared by all."""
    from reportlab.platypus import Paragraph, SimpleDocTemplate, Table

    styles = _styles(fonts)
    doc = SimpleDocTemplate(io.BytesIO(), initialFontName=fonts["text"])
    doc.build([Paragraph("a <b>b</b> <i>c</i> <font color='#332288'>d</font>", styles["body"]),
               Table([[Paragraph("e", styles["cell"]), "f"]])])


def write_player_aid(blocks: list[Block], path: Path, page: PageSpec, title: str, fonts: dict,
                     card_picture: Callable) -> int:
    """A one-page player aid: the largest type (9.5 pt down to 7 pt) at which it fits one page."""
    size = 9.5
    while True:
        pages = write_booklet(blocks, path, page, title, fonts, card_picture, contents=False, one_page=True,
                              base_size=size)
        if pages == 1 or size <= 7.0:
            return pages
        size -= 0.5


def write_booklet(blocks: list[Block], path: Path, page: PageSpec, title: str, fonts: dict,
                  card_picture: Callable, card_ratio: float = 88.9 / 63.5, contents: bool = True,
                  one_page: bool = False, base_size: float = 9.6) -> int:
    """Typeset blocks into path; returns the page count. one_page: the player aid (no
    title page, no contents, smaller margins)."""
    from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

    from ..draw.pdf import SIMPLEX, print_setup

    w, h = page.width * MM, page.height * MM
    inner, outer, top, bottom = (12, 12, 12, 12) if one_page else (17, 14, 15, 18)
    styles = _styles(fonts, base_size)

    class Doc(BaseDocTemplate):
        def beforeDocument(self):
            self._toc = []  # (title, page) of each section, in order
            # the player aid prints on one side; the reading copy at actual size, as the reader likes
            print_setup(self.canv, SIMPLEX if one_page else None)

        def afterFlowable(self, flowable):
            entry = getattr(flowable, "_toc_entry", None)
            if entry:
                key = f"h2-{len(self._toc)}"
                self._toc.append((entry, self.page))
                self.canv.bookmarkPage(key)
                self.canv.addOutlineEntry(_plain(entry), key, level=0, closed=True)

    def frame_for(odd: bool):
        left = inner if odd else outer
        return Frame(left * MM, bottom * MM, w - (inner + outer) * MM, h - (top + bottom) * MM,
                     leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, id="odd" if odd else "even")

    def footer(canvas, doc):
        if one_page or doc.page == 1:
            return
        canvas.saveState()
        canvas.setFont(fonts["text"], 8)
        canvas.setFillColor(palette.MUTED_INK)
        y = 9 * MM
        if doc.page % 2:  # right-hand page: number on the outer (right) corner
            canvas.drawRightString(w - outer * MM, y, f"{title}  ·  {doc.page}")
        else:
            canvas.drawString(outer * MM, y, f"{doc.page}  ·  {title}")
        canvas.restoreState()

    doc = Doc(str(path), pagesize=(w, h), title=f"{title} – rules", author="cardgen", creator="cardgen",
              invariant=1, leftMargin=0, rightMargin=0, topMargin=0, bottomMargin=0,
              initialFontName=fonts["text"])  # else every page names an unembedded Helvetica
    doc.addPageTemplates([PageTemplate("odd", [frame_for(True)], onPage=footer, autoNextPageTemplate="even"),
                          PageTemplate("even", [frame_for(False)], onPage=footer, autoNextPageTemplate="odd")])
    frame_w = w - (inner + outer) * MM
    story = flowables(blocks, styles, frame_w, card_picture, card_ratio, contents and not one_page, one_page)
    if contents and not one_page:
        doc._doSave = 0  # reportlab's switch: build() leaves the canvas open for the contents form
        doc.build(story)
        _finish_contents(doc.canv, doc._toc, styles["toc"], frame_w)
        doc.canv.save()
    else:
        doc.build(story)
    return doc.page
