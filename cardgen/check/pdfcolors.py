"""Every color a PDF paints, read from its content streams: the ground truth for ink and color space.

A walk over each page's content (and the form XObjects it draws, at any depth) that
reports each color-setting operator, each image and each shading with its color
space. In a file without transparency (PDF/X-1a) nothing is blended, so the largest
C+M+Y+K among these is exactly the largest total ink anywhere on the press: no
rasterizing, no Ghostscript. Reads files only.
"""
from __future__ import annotations

from dataclasses import dataclass

DEVICE_N = {"/DeviceGray": 1, "/DeviceRGB": 3, "/DeviceCMYK": 4}
MAX_DEPTH = 12  # forms inside forms: ours nest two deep


@dataclass(frozen=True)
class Paint:
    """One color the file paints: page (1-based), where (operator, image or shading name),
    its color space family (/DeviceCMYK, /DeviceRGB, /ICCBased-3 …) and, for CMYK,
    the largest total ink in percent with the C, M, Y, K (0-1) that reach it."""
    page: int
    where: str
    space: str
    ink: "float | None" = None
    cmyk: "tuple | None" = None


def space_name(cs) -> str:
    """A color space as one word: /DeviceCMYK, /DeviceRGB, /ICCBased-4, /Indexed(/DeviceRGB) …"""
    import pikepdf

    if isinstance(cs, pikepdf.Name):
        return str(cs)
    if isinstance(cs, pikepdf.Array) and len(cs) > 0:
        family = str(cs[0])
        if family == "/ICCBased":
            return f"/ICCBased-{int(cs[1].get('/N', 0))}"
        if family == "/Indexed":
            return f"/Indexed({space_name(cs[1])})"
        if family in ("/Separation", "/DeviceN"):
            return f"{family}({space_name(cs[2])})"
        return family
    return repr(cs)


def _resolve(space, resources):
    """A color space operand (a name) through the resources' /ColorSpace dictionary."""
    import pikepdf

    if isinstance(space, pikepdf.Name) and str(space) not in DEVICE_N and str(space) != "/Pattern":
        named = resources.get("/ColorSpace", {}) if resources is not None else {}
        if str(space) in named:
            return named[str(space)]
    return space


def _cmyk_paint(page, where, values) -> Paint:
    c, m, y, k = (float(v) for v in values)
    return Paint(page, where, "/DeviceCMYK", round((c + m + y + k) * 100, 2), (c, m, y, k))


def _image_paint(page: int, name: str, image) -> Paint:
    """An image's color space and, for CMYK, its largest total ink over every pixel."""
    import pikepdf

    cs = image.get("/ColorSpace")
    space = space_name(cs) if cs is not None else ("/ImageMask" if image.get("/ImageMask") else "?")
    if space != "/DeviceCMYK":
        return Paint(page, f"image {name}", space)
    import numpy as np

    pil = pikepdf.PdfImage(image).as_pil_image()
    px = np.asarray(pil.convert("CMYK")).astype(np.int32)
    sums = px.sum(axis=2)
    where = np.unravel_index(int(np.argmax(sums)), sums.shape)
    c, m, y, k = (v / 255 for v in px[where])
    return Paint(page, f"image {name}", space, round(int(sums[where]) * 100 / 255, 2), (c, m, y, k))


def _walk(content_owner, resources, page: int, paints: list, depth: int, seen: set) -> None:
    import pikepdf

    if depth > MAX_DEPTH:
        return
    fill_space = stroke_space = pikepdf.Name("/DeviceGray")
    for operands, op in pikepdf.parse_content_stream(content_owner):
        op = str(op)
        if op in ("k", "K"):
            paints.append(_cmyk_paint(page, op, operands))
        elif op in ("rg", "RG"):
            paints.append(Paint(page, op, "/DeviceRGB"))
        elif op in ("g", "G"):
            gray = float(operands[0])
            paints.append(Paint(page, op, "/DeviceGray", round((1 - gray) * 100, 2), (0.0, 0.0, 0.0, 1 - gray)))
        elif op in ("cs", "CS"):
            space = _resolve(operands[0], resources)
            if op == "cs":
                fill_space = space
            else:
                stroke_space = space
            paints.append(Paint(page, op, space_name(space)))
        elif op in ("sc", "scn", "SC", "SCN"):
            space = fill_space if op.islower() else stroke_space
            if space_name(space) == "/DeviceCMYK" and len(operands) == 4:
                paints.append(_cmyk_paint(page, op, operands))
        elif op == "sh":
            shading = resources.get("/Shading", {}).get(str(operands[0])) if resources is not None else None
            space = space_name(shading.get("/ColorSpace")) if shading is not None else "?"
            paints.append(Paint(page, f"shading {operands[0]}", space))
        elif op == "INLINE IMAGE":
            image = operands[0]
            cs = image.obj.get("/CS", image.obj.get("/ColorSpace"))
            paints.append(Paint(page, "inline image", space_name(_resolve(cs, resources)) if cs is not None else "?"))
        elif op == "Do" and resources is not None:
            name = str(operands[0])
            xobj = resources.get("/XObject", {}).get(name)
            if xobj is None:
                continue
            subtype = str(xobj.get("/Subtype"))
            key = xobj.objgen
            if subtype == "/Image":
                if key not in seen or key == (0, 0):
                    seen.add(key)
                    paints.append(_image_paint(page, name, xobj))
            elif subtype == "/Form" and (key not in seen or key == (0, 0)):  # a form drawn again on the page
                seen.add(key)  # paints nothing new: walked once a page, as pdfread bounds it
                _walk(xobj, xobj.get("/Resources", resources), page, paints, depth + 1, seen)


def paints(pdf) -> list:
    """Every Paint of an open pikepdf document, page by page."""
    found: list = []
    for number, page in enumerate(pdf.pages, start=1):
        seen: set = set()
        _walk(page, page.obj.get("/Resources"), number, found, 0, seen)
    return found


def max_ink(found: list) -> "Paint | None":
    """The paint with the largest total ink (None when nothing with ink is painted)."""
    inked = [p for p in found if p.ink is not None]
    return max(inked, key=lambda p: p.ink) if inked else None
