"""SVG documents to multi-page vector PDFs.

CairoSVG writes one page per call, so each SVG is parsed once and recorded as
vector drawing commands on a cairo RecordingSurface; recordings are then painted
onto pages of a cairo PDFSurface we own. One document, fonts embedded once, text
kept as text, and a card used on several sheets is drawn from one recording.
"""
from __future__ import annotations

from pathlib import Path

from .. import __version__
from .reproducible import iso_date

PT_PER_MM = 72 / 25.4


def record_svg(svg: str):
    """The SVG drawn onto a cairo RecordingSurface, in points, origin at the bleed corner.

    Our own templates go through the fast renderer; anything else through CairoSVG."""
    from . import fastsvg

    try:
        return fastsvg.record(svg)
    except fastsvg.Unsupported:
        return _record_with_cairosvg(svg)


def _record_with_cairosvg(svg: str):
    import cairocffi
    from cairosvg.parser import Tree
    from cairosvg.surface import PDFSurface

    class RecordedSurface(PDFSurface):
        def _create_surface(self, width, height):
            extents = (0, 0, width, height)
            return cairocffi.RecordingSurface(cairocffi.CONTENT_COLOR_ALPHA, extents), width, height

    return RecordedSurface(Tree(bytestring=svg.encode("utf-8")), None, 72).cairo


def new_pdf(path: Path, title: str):
    """A cairo PDF surface with fixed metadata (reproducible: no wall-clock dates)."""
    import cairocffi

    pdf = cairocffi.PDFSurface(str(path), 1, 1)
    pdf.set_metadata(cairocffi.PDF_METADATA_TITLE, title)
    pdf.set_metadata(cairocffi.PDF_METADATA_CREATOR, f"cardgen {__version__}")
    pdf.set_metadata(cairocffi.PDF_METADATA_CREATE_DATE, iso_date())
    return pdf


def write_pages(recordings: list, path: Path, title: str, page_mm: tuple, bleed_mm: "float | None" = None) -> int:
    """One recording a page, each page page_mm in size; returns the page count.

    With bleed_mm (cards), each page gets a TrimBox (the card) and a BleedBox (the
    whole page), which print shops read to cut and to check the bleed."""
    import cairocffi

    pdf = new_pdf(path, title)
    width, height = (v * PT_PER_MM for v in page_mm)
    for rec in recordings:
        pdf.set_size(width, height)
        ctx = cairocffi.Context(pdf)
        ctx.set_source_surface(rec, 0, 0)
        ctx.paint()
        pdf.show_page()
    pdf.finish()
    finish_pdf(path, bleed_mm)
    return len(recordings)


def finish_pdf(path: Path, bleed_mm: "float | None" = None) -> None:
    """Rewrite a cairo PDF through pypdf: tidy and, for single cards, add print boxes.

    cairo 1.16 lists a form used several times on a page once per use in the page's
    resources (/x40 40 0 R /x40 40 0 R …); strict readers warn, so we write it once.
    With bleed_mm, every page gets TrimBox = MediaBox inset by the bleed and
    BleedBox = MediaBox, which print shops read to cut and to check the bleed."""
    import logging

    import pypdf
    from pypdf.generic import RectangleObject

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # the duplicate keys we are removing
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(str(path)))
    if bleed_mm is not None:
        inset = bleed_mm * PT_PER_MM
        for page in writer.pages:
            x0, y0, x1, y1 = (float(v) for v in page.mediabox)
            page.bleedbox = RectangleObject([x0, y0, x1, y1])
            page.trimbox = RectangleObject([x0 + inset, y0 + inset, x1 - inset, y1 - inset])
    tmp = path.with_name(path.name + ".boxes")
    with open(tmp, "wb") as fh:
        writer.write(fh)
    tmp.replace(path)
