"""Impose a booklet PDF two-up in saddle-stitch order (layout/saddle.py) with pypdf:
each page is placed as is (vector, text intact) on a landscape sheet."""
from __future__ import annotations

from pathlib import Path

from ..layout.saddle import sides

PT_PER_MM = 72 / 25.4


def write_fold(booklet: Path, path: Path, sheet_mm: tuple, title: str) -> int:
    """sheet_mm: the landscape sheet (A4 for A5 pages, Letter for half-letter)."""
    import pypdf
    from pypdf import Transformation

    reader = pypdf.PdfReader(str(booklet))
    pages = reader.pages
    sheet_w, sheet_h = (v * PT_PER_MM for v in sheet_mm)
    writer = pypdf.PdfWriter()
    for left, right in sides(len(pages)):
        sheet = writer.add_blank_page(width=sheet_w, height=sheet_h)
        for number, x0 in ((left, 0.0), (right, sheet_w / 2)):
            if number is None:
                continue
            page = pages[number - 1]
            pw, ph = float(page.mediabox.width), float(page.mediabox.height)
            # centre the page in its half: half-letter fills half a Letter sheet exactly, A5 half an A4
            dx = x0 + (sheet_w / 2 - pw) / 2
            dy = (sheet_h - ph) / 2
            sheet.merge_transformed_page(page, Transformation().translate(dx, dy))
    writer.add_metadata({"/Title": f"{title} – rules, fold and staple", "/Creator": "cardgen"})
    with open(path, "wb") as fh:
        writer.write(fh)
    return len(writer.pages)
