"""Draw an imposition plan (layout/imposition.py) into a multi-page PDF.

Each card is drawn once, as a form XObject (or, on the cairo route for SVGs our
fast renderer does not draw, a recording), and placed wherever the plan puts it,
clipped to the bleed the plan keeps: text stays text, and a back used 70 times is
stored once.
"""
from __future__ import annotations

from pathlib import Path

from ..layout.imposition import Page
from . import fonts as fontset
from .pdf import PT_PER_MM, define_form, finish_pdf, new_pdf, record_svg, vector_document

MARK_WIDTH_MM = 0.2
INK = (0.11, 0.14, 0.19)


def write_sheets(pages: list[Page], faces: list, backs: list, bleed: float, path: Path, title: str) -> int:
    """faces[i] and backs[i] are card i's SVGs, drawn with this bleed."""
    from . import fastsvg

    try:
        return _write_vector(pages, faces, backs, bleed, path, title)
    except fastsvg.Unsupported:
        return _write_cairo(pages, faces, backs, bleed, path, title)


def _write_vector(pages, faces, backs, bleed, path, title) -> int:
    from .pdfcanvas import CanvasContext, flip

    canvas = vector_document(path, title, (pages[0].width * PT_PER_MM, pages[0].height * PT_PER_MM))
    forms: dict = {}  # SVG text -> form name: a back shared by every card is stored once
    card_pt = None
    for page in pages:
        for p in page.placements:
            svg = (backs if p.back else faces)[p.card]
            if svg not in forms:
                card_pt = ((p.trim.w + 2 * bleed) * PT_PER_MM, (p.trim.h + 2 * bleed) * PT_PER_MM)
                forms[svg] = f"card{len(forms)}"
                define_form(canvas, forms[svg], svg, card_pt)
    for page in pages:
        canvas.setPageSize((page.width * PT_PER_MM, page.height * PT_PER_MM))
        flip(canvas, page.height * PT_PER_MM)
        canvas.scale(PT_PER_MM, PT_PER_MM)
        ctx = CanvasContext(canvas)
        for p in page.placements:
            ctx.save()
            ctx.rectangle(p.clip.x, p.clip.y, p.clip.w, p.clip.h)
            ctx.clip()
            # the form is drawn y-up from its bottom-left corner
            ctx.translate(p.trim.x - bleed, p.trim.y + p.trim.h + bleed)
            ctx.scale(1 / PT_PER_MM, -1 / PT_PER_MM)
            canvas.doForm(forms[(backs if p.back else faces)[p.card]])
            ctx.restore()
        _decorate(ctx, page)
        canvas.showPage()
    canvas.save()
    return len(pages)


def _write_cairo(pages, faces, backs, bleed, path, title) -> int:
    import cairocffi

    recorded: dict = {}

    def recording(svg: str):
        if svg not in recorded:
            recorded[svg] = record_svg(svg)
        return recorded[svg]

    pdf = new_pdf(path, title)
    for page in pages:
        pdf.set_size(page.width * PT_PER_MM, page.height * PT_PER_MM)
        ctx = cairocffi.Context(pdf)
        ctx.scale(PT_PER_MM, PT_PER_MM)
        for p in page.placements:
            ctx.save()
            ctx.rectangle(p.clip.x, p.clip.y, p.clip.w, p.clip.h)
            ctx.clip()
            ctx.translate(p.trim.x - bleed, p.trim.y - bleed)
            ctx.scale(1 / PT_PER_MM, 1 / PT_PER_MM)
            ctx.set_source_surface(recording((backs if p.back else faces)[p.card]), 0, 0)
            ctx.paint()
            ctx.restore()
        _decorate(ctx, page)
        pdf.show_page()
    pdf.finish()
    finish_pdf(path)
    return len(pages)


def _decorate(ctx, page: Page) -> None:
    """Crop marks, fold lines, labels and the calibration bar (on a cairo or PDF-canvas context)."""
    _lines(ctx, page.marks, dashed=False)
    _lines(ctx, page.folds, dashed=True)
    for label in page.labels:
        _text(ctx, label.text, label.x, label.y, label.size_pt, label.vertical)
    for ruler in page.rulers:
        _ruler(ctx, ruler)


def _lines(ctx, lines, dashed: bool) -> None:
    if not lines:
        return
    ctx.save()
    ctx.set_source_rgb(*INK)
    ctx.set_line_width(MARK_WIDTH_MM)
    if dashed:
        ctx.set_dash([2.0, 1.5])
    for line in lines:
        ctx.move_to(line.x1, line.y1)
        ctx.line_to(line.x2, line.y2)
    ctx.stroke()
    ctx.restore()


def _text(ctx, text: str, x: float, y: float, size_pt: float, vertical: bool) -> None:
    """Text centred on (x, y); vertical text reads bottom to top."""
    ctx.save()
    ctx.select_font_face(fontset.active().roles["text"])
    ctx.set_font_size(size_pt / PT_PER_MM)
    ctx.set_source_rgb(*INK)
    ext = ctx.text_extents(text)  # (x_bearing, y_bearing, width, height, x_advance, y_advance)
    ctx.translate(x, y)
    if vertical:
        ctx.rotate(-3.141592653589793 / 2)
    ctx.move_to(-ext[4] / 2, size_pt / PT_PER_MM * 0.35)
    ctx.show_text(text)
    ctx.restore()


def _ruler(ctx, ruler) -> None:
    """A bar of known length with end ticks, labelled: measure it to check the scale."""
    ctx.save()
    ctx.set_source_rgb(*INK)
    ctx.set_line_width(0.25)
    ctx.translate(ruler.x, ruler.y)
    if ruler.vertical:
        ctx.rotate(3.141592653589793 / 2)
    ctx.move_to(0, 0)
    ctx.line_to(ruler.length, 0)
    for t in (0, ruler.length):
        ctx.move_to(t, -1.2)
        ctx.line_to(t, 1.2)
    ctx.stroke()
    ctx.restore()
