"""Impose a booklet PDF two-up in saddle-stitch order (layout/saddle.py) with pikepdf:
each page is placed as is (vector, text intact) on a landscape sheet.

Each booklet page becomes a form XObject (render/pageforms.py) that keeps the page's
content stream and resources untouched, placed with one `Do`: nothing is parsed or
re-encoded, and pikepdf (qpdf, C++) does the copying, so imposing takes
milliseconds (merging pages operator by operator with pypdf took half a second).
"""
from __future__ import annotations

from pathlib import Path

from ..draw.pdf import SHORT_EDGE, print_setup_pdf, save_pdf
from ..draw.pdfmeta import on_pikepdf

from ..layout.saddle import sides

PT_PER_MM = 72 / 25.4


def write_fold(booklet: Path, path: Path, sheet_mm: tuple, meta, back_cover: bool = False) -> int:
    """sheet_mm: the landscape sheet (A4 for A5 pages, Letter for half-letter); meta: the
    file's metadata (draw/pdfmeta.py). The sheets hold the booklet's pages and nothing
    else: how to print, fold and staple them is the how-to-print page's to say. back_cover:
    the booklet's last page is its back cover, kept on the outside (blanks, should the
    pages not make whole sheets, go before it)."""
    import pikepdf

    sheet_w, sheet_h = (v * PT_PER_MM for v in sheet_mm)
    from .pageforms import page_form

    with pikepdf.open(booklet) as src, pikepdf.new() as dst:
        pages = src.pages
        for left, right in sides(len(pages), back_cover):
            sheet = dst.add_blank_page(page_size=(sheet_w, sheet_h))
            ops = []
            for number, x0 in ((left, 0.0), (right, sheet_w / 2)):
                if number is None:
                    continue
                page = pages[number - 1]
                box = page.mediabox
                pw, ph = float(box[2]) - float(box[0]), float(box[3]) - float(box[1])
                # centre the page in its half: half-letter fills half a Letter sheet exactly, A5 half an A4
                dx = x0 + (sheet_w / 2 - pw) / 2 - float(box[0])
                dy = (sheet_h - ph) / 2 - float(box[1])
                name = pikepdf.Name(f"/Page{number}")  # fixed names: reproducible files
                sheet.add_resource(dst.copy_foreign(page_form(src, page)), pikepdf.Name.XObject, name=name)
                ops.append(f"q 1 0 0 1 {dx:.3f} {dy:.3f} cm {name} Do Q")
            sheet.contents_add(pikepdf.Stream(dst, "\n".join(ops).encode("ascii")))
        print_setup_pdf(dst, SHORT_EDGE)
        on_pikepdf(dst, meta, "reportlab, pikepdf")
        tmp = path.with_name(path.name + ".part")
        save_pdf(dst, tmp)
        count = len(dst.pages)
    tmp.replace(path)
    return count

