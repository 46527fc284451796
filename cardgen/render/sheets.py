"""Draw an imposition plan (layout/imposition.py) into a multi-page PDF.

Each card is recorded once as vector drawing commands and painted wherever the
plan places it, clipped to the bleed the plan keeps: text stays text, and a back
used 70 times is stored once.
"""
from __future__ import annotations

from pathlib import Path

from ..layout.imposition import Page
from . import fonts as fontset
from .pdf import PT_PER_MM, finish_pdf, new_pdf
MARK_WIDTH_MM = 0.2
INK = (0.11, 0.14, 0.19)


def write_sheets(pages: list[Page], faces: list, backs: list, bleed: float, path: Path, title: str) -> int:
    """faces[i] and backs[i] are card i's recordings (render/pdf.py record_svg), made with this bleed."""
    import cairocffi

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
            ctx.set_source_surface((backs if p.back else faces)[p.card], 0, 0)
            ctx.paint()
            ctx.restore()
        _lines(ctx, page.marks, dashed=False)
        _lines(ctx, page.folds, dashed=True)
        for label in page.labels:
            _text(ctx, label.text, label.x, label.y, label.size_pt, label.vertical)
        for ruler in page.rulers:
            _ruler(ctx, ruler)
        pdf.show_page()
    pdf.finish()
    finish_pdf(path)
    return len(pages)


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
