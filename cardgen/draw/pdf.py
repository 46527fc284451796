"""SVG documents to multi-page vector PDFs.

Our own templates are drawn by fastsvg straight onto a reportlab canvas
(render/pdfcanvas.py): no cairo to load, fonts subset and embedded once, text kept
as text, and a card used on several sheets stored once as a form XObject.

Any other SVG (a theme's back art with an image, say) takes the general route:
CairoSVG records it as vector drawing commands on a cairo RecordingSurface, and
the recordings are painted onto pages of a cairo PDFSurface we own.
"""
from __future__ import annotations

from pathlib import Path

from .pdfmeta import PdfMeta, on_canvas, on_pikepdf

PT_PER_MM = 72 / 25.4

# how each PDF asks to be printed (/ViewerPreferences /Duplex; ISO 32000-1 table 150)
SIMPLEX, LONG_EDGE, SHORT_EDGE = "Simplex", "DuplexFlipLongEdge", "DuplexFlipShortEdge"


def print_setup(canvas, duplex: "str | None") -> None:
    """Ask a reader to print this reportlab document at actual size (/PrintScaling /None: no
    "fit to page", which shrinks cards 1–3 %) and, when given, single- or double-sided and
    which edge to flip."""
    canvas.setViewerPreference("PrintScaling", "None")
    if duplex:
        canvas.setViewerPreference("Duplex", duplex)


def print_setup_pdf(pdf, duplex: "str | None") -> None:
    """print_setup for a pikepdf document."""
    import pikepdf

    prefs = pdf.Root.get("/ViewerPreferences")
    if not isinstance(prefs, pikepdf.Dictionary):
        prefs = pikepdf.Dictionary()
    prefs.PrintScaling = pikepdf.Name("/None")
    if duplex:
        prefs.Duplex = pikepdf.Name("/" + duplex)
    pdf.Root.ViewerPreferences = prefs


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


def new_pdf(path: Path):
    """A cairo PDF surface; finish_pdf sets its metadata (pdfmeta.py), dates included."""
    import cairocffi

    return cairocffi.PDFSurface(str(path), 1, 1)


def write_pages(svgs: list, path: Path, meta: PdfMeta, page_mm: tuple, fonts, bleed_mm: "float | None" = None,
                page_map: "tuple | None" = None, duplex: "str | None" = SIMPLEX, inks=None) -> int:
    """draw_pages(...), or its file as the same SVGs drawn the same way made it before, from the
    store (cache.py): keyed by the SVGs, the metadata, the page, the fonts' bytes, the bleed,
    the page map, duplex, the build date and the code. A print shop's CMYK file is always drawn."""
    if inks is not None or not isinstance(path, (str, Path)):
        return draw_pages(svgs, path, meta, page_mm, fonts, bleed_mm, page_map, duplex, inks)
    from .. import cache

    key = cache.store_key("pdf", {"svgs": svgs, "meta": meta, "page_mm": page_mm, "fonts": cache.fonts_inputs(fonts),
                                  "bleed": bleed_mm, "page_map": page_map, "duplex": duplex,
                                  **cache.drawing_inputs()})
    data = cache.fetch("pdf", key)
    if data is not None:
        from ..errors import writing

        with writing(path):
            Path(path).write_bytes(data)
        return len(svgs)
    count = draw_pages(svgs, path, meta, page_mm, fonts, bleed_mm, page_map, duplex)
    cache.keep("pdf", key, Path(path).read_bytes())
    return count


def draw_pages(svgs: list, path: Path, meta: PdfMeta, page_mm: tuple, fonts, bleed_mm: "float | None" = None,
               page_map: "tuple | None" = None, duplex: "str | None" = SIMPLEX, inks=None) -> int:
    """One SVG a page, each page page_mm in size, set up to print at actual size (and duplex,
    see print_setup), with meta's metadata (pdfmeta.py); returns the page count.

    With bleed_mm (cards), each page gets a TrimBox (the card) and a BleedBox (the
    whole page), which print shops read to cut and to check the bleed. page_map: a map
    of page mm (layout/printer.py) the drawing goes through, a printer's scale cancelled
    (or a list of them, one a page).
    Our own templates are drawn straight into reportlab; anything else goes through cairo.
    With inks (draw/cmyk.py), every color is DeviceCMYK and nothing is translucent (a print
    shop's file): there is no cairo route then, so an SVG outside the fast renderer's
    subset is an error."""
    from . import fastsvg

    matrices = [None] * len(svgs)
    if page_map is not None:
        from ..layout.printer import IDENTITY, pdf_matrix

        maps = page_map if isinstance(page_map, list) else [page_map] * len(svgs)
        matrices = [pdf_matrix(m, page_mm[1]) if m != IDENTITY else None for m in maps]
    if inks is not None:
        try:
            return _write_pages_vector(svgs, path, meta, page_mm, fonts, bleed_mm, matrices, duplex, inks)
        except fastsvg.Unsupported as exc:
            from ..errors import CardgenError

            raise CardgenError(f"a card uses {exc}, which the CMYK renderer does not draw: "
                               "keep print-shop cards to our own templates") from None
    try:
        return _write_pages_vector(svgs, path, meta, page_mm, fonts, bleed_mm, matrices, duplex)
    except fastsvg.Unsupported:
        from .fonts import ensure_fonts

        ensure_fonts(fonts)
        return _write_pages_cairo([record_svg(s) for s in svgs], path, meta, page_mm, bleed_mm, matrices, duplex)


def vector_document(path, meta: "PdfMeta | None", page_pt: tuple, fonts):
    """A reportlab canvas with meta's metadata (reproducible) and only our fonts named;
    path may be a file object. meta None: a scrap whose pages go into another file."""
    from reportlab.pdfgen.canvas import Canvas

    from .fonts import CARD_ROLES, register_reportlab_fonts

    names = register_reportlab_fonts(fonts, CARD_ROLES)
    canvas = Canvas(path if hasattr(path, "write") else str(path), pagesize=page_pt, invariant=1, pageCompression=1, initialFontName=names["text"])
    if meta is not None:
        on_canvas(canvas, meta)
    return canvas


def draw_svg(canvas, svg: str, height_pt: float, fonts, inks=None) -> None:
    """Draw one of our SVGs on the canvas, its top-left at the origin, y up as in PDF;
    with inks, in DeviceCMYK without transparency (pdfcanvas.py)."""
    from . import fastsvg
    from .pdfcanvas import CanvasContext, flip

    canvas.saveState()
    flip(canvas, height_pt)
    backdrop = fastsvg.backdrop(svg) if inks is not None else None
    fastsvg.draw(CanvasContext(canvas, fonts, inks, backdrop), svg, PT_PER_MM)
    canvas.restoreState()


def svg_size_mm(svg: str) -> tuple:
    """The page size an SVG declares in its width/height (always mm in our templates)."""
    import re

    w = re.search(r'<svg[^>]*\swidth="([\d.]+)mm"', svg)
    h = re.search(r'<svg[^>]*\sheight="([\d.]+)mm"', svg)
    return float(w.group(1)), float(h.group(1))


def can_draw(svg: str, fonts) -> bool:
    """Whether the SVG is inside what the fast renderer draws (walked, not drawn)."""
    from . import fastsvg
    from .pdfcanvas import Probe

    try:
        fastsvg.draw(Probe(fonts), svg, PT_PER_MM)
        return True
    except fastsvg.Unsupported:
        return False


def define_form(canvas, name: str, svg: str, size_pt: tuple, fonts) -> None:
    """The SVG as a named form XObject: drawn once, placed as often as needed."""
    from reportlab.pdfbase.pdfdoc import PDFResourceDictionary

    canvas.beginForm(name, 0, 0, *size_pt)
    draw_svg(canvas, svg, size_pt[1], fonts)
    # reportlab (5.x) leaves a form's ExtGState (our opacities) out of its resources,
    # so the form names /gRLs0 that no reader can find: give it complete resources
    resources = PDFResourceDictionary()
    resources.basicFonts()
    resources.basicProcs()
    state = canvas._extgstate.getState()
    if state:
        resources.ExtGState = state
    canvas.endForm(Resources=resources)


def _write_pages_vector(svgs, path, meta, page_mm, fonts, bleed_mm, matrices, duplex, inks=None) -> int:
    width, height = (v * PT_PER_MM for v in page_mm)
    canvas = vector_document(path, meta, (width, height), fonts)
    print_setup(canvas, duplex)
    if bleed_mm is not None:
        inset = bleed_mm * PT_PER_MM
        canvas.setBleedBox((0, 0, width, height))
        canvas.setTrimBox((inset, inset, width - inset, height - inset))
    for svg, matrix in zip(svgs, matrices):
        if matrix is not None:
            canvas.saveState()
            canvas.transform(*matrix)
        draw_svg(canvas, svg, height, fonts, inks)
        if matrix is not None:
            canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return len(svgs)


def _write_pages_cairo(recordings: list, path: Path, meta: PdfMeta, page_mm: tuple, bleed_mm, matrices,
                       duplex) -> int:
    import cairocffi

    pdf = new_pdf(path)
    width, height = (v * PT_PER_MM for v in page_mm)
    for rec, matrix in zip(recordings, matrices):
        pdf.set_size(width, height)
        ctx = cairocffi.Context(pdf)
        if matrix is not None:  # cairo's space runs down from the top: the PDF matrix seen from there
            a, b, c, d, e, f = matrix
            ctx.transform(cairocffi.Matrix(a, -b, -c, d, e + c * height, height - f - d * height))
        ctx.set_source_surface(rec, 0, 0)
        ctx.paint()
        pdf.show_page()
    pdf.finish()
    finish_pdf(path, meta, bleed_mm, duplex)
    return len(recordings)


def save_pdf(pdf, path: Path) -> None:
    """Save a pikepdf document through Python's own file writing: qpdf writing a file itself
    aborts the whole process on a full disk (a C++ exception), where Python raises an
    OSError that becomes one line."""
    import io

    buffer = io.BytesIO()
    pdf.save(buffer, deterministic_id=True, compress_streams=True)
    with open(path, "wb") as fh:
        fh.write(buffer.getbuffer())


def finish_pdf(path: Path, meta: PdfMeta, bleed_mm: "float | None" = None, duplex: "str | None" = SIMPLEX) -> None:
    """Rewrite a cairo PDF through pikepdf (qpdf): tidy, set up printing (see print_setup),
    give it our metadata (cairo's dates are the wall clock's) and, for single cards, add
    print boxes.

    cairo 1.16 lists a form used several times on a page once per use in the page's
    resources (/x40 40 0 R /x40 40 0 R …); strict readers warn, and qpdf writes it once.
    With bleed_mm, every page gets TrimBox = MediaBox inset by the bleed and
    BleedBox = MediaBox, which print shops read to cut and to check the bleed."""
    import pikepdf

    tmp = path.with_name(path.name + ".boxes")
    with pikepdf.open(path) as pdf:
        if bleed_mm is not None:
            inset = bleed_mm * PT_PER_MM
            for page in pdf.pages:
                x0, y0, x1, y1 = (float(v) for v in page.mediabox)
                page.bleedbox = pikepdf.Array([x0, y0, x1, y1])
                page.trimbox = pikepdf.Array([x0 + inset, y0 + inset, x1 - inset, y1 - inset])
        print_setup_pdf(pdf, duplex)
        on_pikepdf(pdf, meta, "cairo, pikepdf")
        save_pdf(pdf, tmp)
    tmp.replace(path)
