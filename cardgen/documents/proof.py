"""A designer's proof: a card PDF with its trim line, bleed edge and safe line drawn on.

The lines are read from each page's own TrimBox and BleedBox (and the safe margin given),
so the proof shows what the file tells a shop, not what we meant it to. They are drawn in
colors the cards never use, labelled, as one form XObject marked /CardgenProof, on a
COPY: the source file is opened read-only and the proof is written elsewhere. A proof is
refused inside a shop's upload folder (shop/<slug>/) and in place of its source, and the
shop preflight fails any upload file that carries the mark.
"""
from __future__ import annotations

import io
from pathlib import Path

from ..errors import CardgenError

PT_PER_MM = 72 / 25.4
PROOF_KEY = "/CardgenProof"
FORM_NAME = "/CardgenProofLines"
TRIM_RGB = (0.93, 0.0, 0.55)  # magenta: the cut
BLEED_RGB = (0.0, 0.62, 0.89)  # cyan: the edge of the printed picture
SAFE_RGB = (0.96, 0.5, 0.0)  # orange: keep words and marks inside
LINE_PT = 0.5
LABEL_PT = 6.0  # the smallest type anything prints at (tokens: type.min), in the 3 mm bands


def refuse_shop_target(source: Path, target: Path) -> None:
    """A proof never replaces its source and never lands where files go to a shop."""
    if target.resolve() == source.resolve():
        raise CardgenError(f"a proof is never written over its card PDF ({source.name})")
    if target.resolve().parent.parent.name == "shop":
        raise CardgenError(f"a proof is never written into a shop's upload folder ({target.parent.name}/)")


def _overlay(width: float, height: float, trim: tuple, safe_pt: float, fonts) -> bytes:
    """One page, the size of the card page, with the three lines and their labels."""
    from ..draw.fonts import CARD_ROLES, register_reportlab_fonts
    from ..draw.pdf import vector_document

    buffer = io.BytesIO()
    names = register_reportlab_fonts(fonts, CARD_ROLES)
    c = vector_document(buffer, None, (width, height), fonts)
    c.setLineWidth(LINE_PT)
    half = LINE_PT / 2
    x0, y0, x1, y1 = trim
    c.setStrokeColorRGB(*BLEED_RGB)
    c.setDash(2, 1.5)
    c.rect(half, half, width - LINE_PT, height - LINE_PT)  # the bleed edge: the page's own edge
    c.setStrokeColorRGB(*TRIM_RGB)
    c.setDash()
    c.rect(x0, y0, x1 - x0, y1 - y0)
    c.setStrokeColorRGB(*SAFE_RGB)
    c.setDash(1, 1)
    c.rect(x0 + safe_pt, y0 + safe_pt, x1 - x0 - 2 * safe_pt, y1 - y0 - 2 * safe_pt)
    c.setFont(names["bold"], LABEL_PT)
    mm = lambda v: f"{v / PT_PER_MM:.3f}".rstrip("0").rstrip(".")  # noqa: E731
    bleed = min(x0, y0, width - x1, height - y1)
    # labels in the bands between the lines, where a card keeps nothing that matters
    mid = LABEL_PT * 0.35
    safe_label = f"SAFE {mm(safe_pt)} mm"
    for rgb, text, x, y in (
            (BLEED_RGB, f"BLEED {mm(bleed)} mm", x0, height - bleed / 2 - mid),
            (SAFE_RGB, safe_label, (x0 + x1 - c.stringWidth(safe_label, names["bold"], LABEL_PT)) / 2,
             y1 - safe_pt / 2 - mid),
            (TRIM_RGB, f"TRIM {mm(x1 - x0)} x {mm(y1 - y0)} mm", x0 + safe_pt, y0 + safe_pt / 2 - mid)):
        _label(c, names["bold"], rgb, text, x, y)
    note = "PROOF - DO NOT PRINT"
    _label(c, names["bold"], TRIM_RGB, note, x1 - safe_pt - c.stringWidth(note, names["bold"], LABEL_PT),
           y0 + safe_pt / 2 - mid)
    c.showPage()
    c.save()
    return buffer.getvalue()


def _label(c, font: str, rgb: tuple, text: str, x: float, y: float) -> None:
    """A label on a white ground, readable over any card."""
    from ..design.palette import legible

    width = c.stringWidth(text, font, LABEL_PT)
    c.setFillColorRGB(1, 1, 1)
    c.rect(x - 0.8, y - 1.1, width + 1.6, LABEL_PT + 1.4, stroke=0, fill=1)
    c.setFillColor(legible("#%02x%02x%02x" % tuple(round(v * 255) for v in rgb), "#ffffff"))  # the line's hue, 4.5:1
    c.drawString(x, y, text)


def write_proof(source: Path, target: Path, safe_mm: float, fonts, meta) -> Path:
    """target: source's pages with the proof lines over them (see the module's docstring),
    with meta's metadata (draw/pdfmeta.py), never the source's (a shop file's PDF/X keys)."""
    import pikepdf

    from ..draw.pdf import save_pdf
    from ..draw.pdfmeta import on_pikepdf

    refuse_shop_target(source, target)
    forms: dict = {}
    with pikepdf.open(source) as pdf:
        for page in pdf.pages:
            media = [float(v) for v in page.mediabox]
            trim = [float(v) for v in (page.obj.get("/TrimBox") or page.mediabox)]
            key = (tuple(round(v, 3) for v in media), tuple(round(v, 3) for v in trim))
            if key not in forms:
                width, height = media[2] - media[0], media[3] - media[1]
                local = tuple(v - o for v, o in zip(trim, (media[0], media[1], media[0], media[1])))
                with pikepdf.open(io.BytesIO(_overlay(width, height, local, safe_mm * PT_PER_MM, fonts))) as ov:
                    form = pdf.copy_foreign(ov.pages[0].as_form_xobject())
                form[PROOF_KEY] = True
                forms[key] = form
            # by hand, not page.add_overlay: that names the form at random, and the proof
            # would differ from build to build
            page.add_resource(forms[key], pikepdf.Name.XObject, pikepdf.Name(FORM_NAME))
            page.contents_add(pdf.make_stream(b"q\n"), prepend=True)
            page.contents_add(pdf.make_stream(f"Q\nq 1 0 0 1 {media[0]:g} {media[1]:g} cm {FORM_NAME} Do Q\n".encode()))
        if "/OutputIntents" in pdf.Root:
            del pdf.Root.OutputIntents  # a proof is no PDF/X file
        on_pikepdf(pdf, meta, "reportlab, pikepdf")
        save_pdf(pdf, target)
    return target
