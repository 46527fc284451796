"""Card pages as PDF/X-1a:2003, the file DriveThruCards (and most offset printers) take as is.

PDF/X-1a asks for: CMYK (or spot) colors only, no transparency, every font embedded,
an output intent naming the printing condition with its ICC profile embedded, TrimBox
and BleedBox on every page, /GTS_PDFXVersion (and its conformance) and /Trapped in the
document info (pdfmeta.py writes them, in the XMP packet too), a
trailer /ID, and a PDF 1.3 or 1.4 file. Our renderer already draws DeviceCMYK without
transparency when it is handed Inks (draw/cmyk.py, pdfcanvas.py); this module renders
the card SVGs that way and finishes the file with pikepdf. Dates come from the build
date (reproducible.py) and the /ID from the content, so a rebuild is byte-identical.

cardgen/check/pdfx.py verifies such a file from its bytes alone.
"""
from __future__ import annotations

import io
from dataclasses import dataclass, replace
from pathlib import Path

from .pdf import PT_PER_MM, svg_size_mm
from .pdfmeta import PDFX_CONFORMANCE, PDFX_VERSION, PdfMeta, on_pikepdf  # noqa: F401 - shop.py reads them here
REGISTRY = "http://www.color.org"
DTC_BLEED_MM = 3.175  # 1/8 in


@dataclass(frozen=True)
class PdfxResult:
    """What to_pdfx wrote: the file, its page count and the palette conversions it used."""
    path: Path
    pages: int
    ink_limit: float


def to_pdfx(pages: list, path: Path, *, meta: PdfMeta, fonts, ink_limit: float = 240.0,
            bleed_mm: float = DTC_BLEED_MM, trim_mm: "tuple | None" = None, inks=None) -> PdfxResult:
    """Write card SVGs (one a page, each trim_mm plus bleed_mm on every side) as a PDF/X-1a:2003
    file at path, every color converted by inks (default: the bundled profile under ink_limit
    percent total ink).

    trim_mm, when given, must match the SVGs' own size less the bleed (a guard against a card
    drawn at another bleed than the shop's); TrimBox is the page inset by bleed_mm, BleedBox
    the whole page. fonts is the theme's FontSet (the SVGs' families)."""
    from .cmyk import Inks
    from .pdf import write_pages

    if not pages:
        raise ValueError("to_pdfx needs at least one page")
    inks = inks or Inks(ink_limit)
    page_mm = svg_size_mm(pages[0])
    for svg in pages:
        size = svg_size_mm(svg)
        if any(abs(a - b) > 1e-6 for a, b in zip(size, page_mm)):
            raise ValueError(f"pages differ in size: {size} and {page_mm} mm")
    if trim_mm is not None:
        want = (trim_mm[0] + 2 * bleed_mm, trim_mm[1] + 2 * bleed_mm)
        if any(abs(a - b) > 0.01 for a, b in zip(want, page_mm)):
            raise ValueError(f"cards are {page_mm[0]:g} × {page_mm[1]:g} mm, not the trim {trim_mm[0]:g} × "
                             f"{trim_mm[1]:g} mm plus {bleed_mm:g} mm bleed: render them at that bleed")
    buffer = io.BytesIO()
    meta = replace(meta, pdfx=True)
    write_pages(pages, buffer, meta, page_mm, fonts, bleed_mm=bleed_mm, duplex=None, inks=inks)
    path = Path(path)
    finish_pdfx(buffer.getvalue(), path, meta=meta, bleed_mm=bleed_mm, profile=inks.profile)
    return PdfxResult(path, len(pages), inks.ink_limit)


def finish_pdfx(pdf_bytes: bytes, path: Path, *, meta: PdfMeta, bleed_mm: float, profile: bytes) -> None:
    """Turn a CMYK PDF without transparency into PDF/X-1a:2003: output intent with the profile,
    document info keys and XMP (pdfmeta.py), boxes on every page, deterministic dates and /ID,
    a 1.4 header."""
    import pikepdf

    from .cmyk import OUTPUT_CONDITION, OUTPUT_CONDITION_INFO

    with pikepdf.open(io.BytesIO(pdf_bytes)) as pdf:
        icc = pikepdf.Stream(pdf, profile)
        icc.N = 4
        intent = pdf.make_indirect(pikepdf.Dictionary(
            Type=pikepdf.Name.OutputIntent, S=pikepdf.Name.GTS_PDFX,
            OutputConditionIdentifier=pikepdf.String(OUTPUT_CONDITION),
            OutputCondition=pikepdf.String(OUTPUT_CONDITION_INFO),
            RegistryName=pikepdf.String(REGISTRY), Info=pikepdf.String(OUTPUT_CONDITION_INFO),
            DestOutputProfile=pdf.make_indirect(icc)))
        pdf.Root.OutputIntents = pikepdf.Array([intent])
        inset = bleed_mm * PT_PER_MM
        for page in pdf.pages:
            x0, y0, x1, y1 = (float(v) for v in page.mediabox)
            page.bleedbox = pikepdf.Array([x0, y0, x1, y1])
            page.trimbox = pikepdf.Array([x0 + inset, y0 + inset, x1 - inset, y1 - inset])
            if "/Group" in page.obj:
                del page.obj.Group  # a transparency group: none may be left
        on_pikepdf(pdf, replace(meta, pdfx=True), "reportlab, pikepdf")
        buffer = io.BytesIO()
        pdf.save(buffer, deterministic_id=True, compress_streams=True, force_version="1.4",
                 object_stream_mode=pikepdf.ObjectStreamMode.disable)  # object streams are PDF 1.5
    path.write_bytes(buffer.getvalue())  # Python's own writing: a full disk is an OSError (pdf.save_pdf)
