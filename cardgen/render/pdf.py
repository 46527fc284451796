"""SVG documents to one multi-page vector PDF.

CairoSVG writes one page per call, so we parse each SVG and draw it onto a
cairo PDFSurface we own: one document, fonts embedded once, text kept as text.
"""
from __future__ import annotations

from pathlib import Path
from typing import Iterable

from .. import __version__
from .reproducible import iso_date


def _page_surface_class():
    from cairosvg.surface import PDFSurface

    class PageSurface(PDFSurface):
        """Draws one SVG as the next page of a shared cairo PDF surface."""

        def __init__(self, pdf, tree):
            self._pdf = pdf
            super().__init__(tree, None, 72)

        def _create_surface(self, width, height):
            self._pdf.set_size(width, height)
            return self._pdf, width, height

    return PageSurface


def write_pdf(svgs: Iterable[str], path: Path, title: str,
              boxes: "list[dict] | None" = None) -> int:
    """Write every SVG as one page, in order. Returns the page count."""
    import cairocffi
    from cairosvg.parser import Tree

    PageSurface = _page_surface_class()
    pdf = cairocffi.PDFSurface(str(path), 1, 1)
    pdf.set_metadata(cairocffi.PDF_METADATA_TITLE, title)
    pdf.set_metadata(cairocffi.PDF_METADATA_CREATOR, f"cardgen {__version__}")
    pdf.set_metadata(cairocffi.PDF_METADATA_CREATE_DATE, iso_date())
    pages = 0
    for svg in svgs:
        PageSurface(pdf, Tree(bytestring=svg.encode("utf-8")))
        pdf.show_page()
        pages += 1
    pdf.finish()
    return pages
