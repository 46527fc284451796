"""A small, fast renderer for the SVG subset our own templates write.

CairoSVG handles any SVG but spends most of a card's time in generic machinery.
Our cards use a handful of elements (g, rect, circle, line, path with absolute
M/L/H/V/Q/C/A/Z, text with tspan, transforms translate/rotate/scale,
fill/stroke/opacity, a clipPath of paths), so we draw them straight onto a cairo
context, or onto a reportlab canvas through render/pdfcanvas.py: the same SVG stays
the single source, drawn ten times faster. Anything outside that subset (an
<image> but on the CMYK canvas, a gradient, relative path commands) raises Unsupported and the caller falls
back to CairoSVG; a test compares both renderings pixel by pixel.
"""
from __future__ import annotations

import math
import re
from xml.etree import ElementTree

NS = "{http://www.w3.org/2000/svg}"
PT_PER_MM = 72 / 25.4
_NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_CMD = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_TRANSFORM = re.compile(r"(translate|rotate|scale)\(([^)]*)\)")
INHERITED = ("fill", "stroke", "stroke-width", "stroke-opacity", "font-family", "font-size", "font-weight",
             "text-anchor", "stroke-dasharray")
DRAWN = {"g", "rect", "circle", "line", "path", "text", "title", "svg", "clipPath", "image"}
# cairo's enum values (cairocffi's constants), so drawing into a PDF need not import cairo
FONT_SLANT_NORMAL, FONT_WEIGHT_NORMAL, FONT_WEIGHT_BOLD = 0, 0, 1
_CLIP_REF = re.compile(r"url\(#([^)]+)\)")


class Unsupported(Exception):
    """The SVG uses something this renderer does not draw: use CairoSVG."""


def _color(value: str):
    if value in (None, "", "none"):
        return None
    if value.startswith("#") and len(value) == 7:
        return tuple(int(value[i:i + 2], 16) / 255 for i in (1, 3, 5))
    if value == "white":
        return (1.0, 1.0, 1.0)
    if value == "black":
        return (0.0, 0.0, 0.0)
    raise Unsupported(f"color {value}")


def _apply_transform(ctx, text: str) -> None:
    for name, args in _TRANSFORM.findall(text):
        v = [float(x) for x in _NUM.findall(args)]
        if name == "translate":
            ctx.translate(v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            ctx.scale(v[0], v[1] if len(v) > 1 else v[0])
        elif name == "rotate":
            if len(v) == 3:
                ctx.translate(v[1], v[2])
                ctx.rotate(math.radians(v[0]))
                ctx.translate(-v[1], -v[2])
            else:
                ctx.rotate(math.radians(v[0]))
    if _TRANSFORM.sub("", text).strip():
        raise Unsupported(f"transform {text}")


def _path(ctx, d: str) -> None:
    tokens = _CMD.findall(d)
    i, cmd = 0, None
    x = y = 0.0

    def num():
        nonlocal i
        i += 1
        return float(tokens[i - 1])
    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                ctx.close_path()
                continue
        if cmd is None or cmd not in "MLHVCQA":
            raise Unsupported(f"path command {cmd}")
        if cmd == "M":
            x, y = num(), num()
            ctx.move_to(x, y)
            cmd = "L"
        elif cmd == "L":
            x, y = num(), num()
            ctx.line_to(x, y)
        elif cmd == "H":
            x = num()
            ctx.line_to(x, y)
        elif cmd == "V":
            y = num()
            ctx.line_to(x, y)
        elif cmd == "C":
            x1, y1, x2, y2, x, y = (num() for _ in range(6))
            ctx.curve_to(x1, y1, x2, y2, x, y)
        elif cmd == "Q":
            qx, qy, nx, ny = (num() for _ in range(4))
            ctx.curve_to(x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y), nx + 2 / 3 * (qx - nx), ny + 2 / 3 * (qy - ny),
                         nx, ny)
            x, y = nx, ny
        elif cmd == "A":
            rx, ry, phi, large, sweep, nx, ny = (num() for _ in range(7))
            _arc(ctx, x, y, rx, ry, phi, large != 0, sweep != 0, nx, ny)
            x, y = nx, ny


def _arc(ctx, x0, y0, rx, ry, phi, large: bool, sweep: bool, x, y) -> None:
    """SVG's elliptical arc (endpoint form) as cubic Béziers: the SVG spec's conversion
    to centre form (implementation notes F.6.5), then quarter-turn pieces."""
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0 or (x0, y0) == (x, y):
        ctx.line_to(x, y)
        return
    cos, sin = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    dx, dy = (x0 - x) / 2, (y0 - y) / 2
    x1, y1 = cos * dx + sin * dy, -sin * dx + cos * dy
    grow = x1 * x1 / (rx * rx) + y1 * y1 / (ry * ry)
    if grow > 1:
        rx, ry = rx * math.sqrt(grow), ry * math.sqrt(grow)
    num = rx * rx * ry * ry - rx * rx * y1 * y1 - ry * ry * x1 * x1
    den = rx * rx * y1 * y1 + ry * ry * x1 * x1
    coef = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = coef * rx * y1 / ry, -coef * ry * x1 / rx
    cx, cy = cos * cxp - sin * cyp + (x0 + x) / 2, sin * cxp + cos * cyp + (y0 + y) / 2

    def angle(ux, uy, vx, vy):
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    ux, uy = (x1 - cxp) / rx, (y1 - cyp) / ry
    start = angle(1, 0, ux, uy)
    turn = angle(ux, uy, (-x1 - cxp) / rx, (-y1 - cyp) / ry)
    if not sweep and turn > 0:
        turn -= 2 * math.pi
    elif sweep and turn < 0:
        turn += 2 * math.pi
    pieces = max(1, math.ceil(abs(turn) / (math.pi / 2) - 1e-9))
    step = turn / pieces
    k = 4 / 3 * math.tan(step / 4)

    def point(px, py):  # unit circle -> the ellipse in user space
        px, py = px * rx, py * ry
        return cx + cos * px - sin * py, cy + sin * px + cos * py
    a = start
    for _ in range(pieces):
        b = a + step
        ca, sa, cb, sb = math.cos(a), math.sin(a), math.cos(b), math.sin(b)
        ctx.curve_to(*point(ca - k * sa, sa + k * ca), *point(cb + k * sb, sb - k * cb), *point(cb, sb))
        a = b


def _rect(ctx, el) -> None:
    x, y = float(el.get("x", 0)), float(el.get("y", 0))
    w, h = float(el.get("width")), float(el.get("height"))
    r = min(float(el.get("rx", el.get("ry", 0)) or 0), w / 2, h / 2)
    if r <= 0:
        ctx.rectangle(x, y, w, h)
        return
    ctx.new_sub_path()
    ctx.arc(x + w - r, y + r, r, -math.pi / 2, 0)
    ctx.arc(x + w - r, y + h - r, r, 0, math.pi / 2)
    ctx.arc(x + r, y + h - r, r, math.pi / 2, math.pi)
    ctx.arc(x + r, y + r, r, math.pi, 3 * math.pi / 2)
    ctx.close_path()


def _paint(ctx, style: dict, default_fill: str = "black") -> None:
    fill = _color(style.get("fill", default_fill))
    stroke = _color(style.get("stroke"))
    if fill:
        ctx.set_source_rgba(*fill, float(style.get("fill-opacity", 1)))
        ctx.fill_preserve() if stroke else ctx.fill()
    if stroke:
        ctx.set_source_rgba(*stroke, float(style.get("stroke-opacity", 1)))
        ctx.set_line_width(float(style.get("stroke-width", 1)))
        dash = style.get("stroke-dasharray")
        ctx.set_dash([float(v) for v in _NUM.findall(dash)] if dash else [])
        ctx.stroke()
    ctx.new_path()


def _text(ctx, el, style: dict) -> None:
    runs = [(el.text or "", style)]
    for child in el:
        if child.tag != NS + "tspan":
            raise Unsupported("text child")
        runs.append((child.text or "", {**style, **{k: v for k, v in child.attrib.items() if k in INHERITED}}))
        if child.tail:
            runs.append((child.tail, style))

    def select(s):
        bold = s.get("font-weight", "400") in ("bold", "600", "700", "800", "900")
        ctx.select_font_face(s.get("font-family", "sans-serif").split(",")[0].strip("'\" "),
                             FONT_SLANT_NORMAL, FONT_WEIGHT_BOLD if bold else FONT_WEIGHT_NORMAL)
        ctx.set_font_size(float(s.get("font-size", 12)))
    anchor = style.get("text-anchor", "start")
    if len(runs) == 1:
        # like CairoSVG (whose look the designs were drawn against): centre the ink, not the advance
        select(style)
        x_bearing, _, width = ctx.text_extents(runs[0][0])[:3]
        shift = {"middle": width / 2 + x_bearing, "end": width + x_bearing}.get(anchor, 0.0)
    else:
        width = 0.0
        for text, s in runs:
            select(s)
            width += ctx.text_extents(text)[4]
        shift = {"middle": width / 2, "end": width}.get(anchor, 0.0)
    x = float(el.get("x", 0)) - shift
    y = float(el.get("y", 0))
    for text, s in runs:
        if not text:
            continue
        select(s)
        fill = _color(s.get("fill", "black"))
        if fill:
            ctx.set_source_rgb(*fill)
        ctx.move_to(x, y)
        ctx.show_text(text)
        x += ctx.text_extents(text)[4]
    ctx.new_path()  # show_text leaves a current point, which a following arc would join


def _image(ctx, el) -> None:
    """An embedded PNG (a theme's back art: a data: URI already fitted to its box), drawn
    only by a context that converts images (the CMYK PDF canvas); others use CairoSVG."""
    import base64

    href = el.get("href") or el.get("{http://www.w3.org/1999/xlink}href") or ""
    prefix = "data:image/png;base64,"
    if getattr(type(ctx), "draw_image", None) is None or not href.startswith(prefix):
        raise Unsupported("image")
    ctx.draw_image(base64.b64decode(href[len(prefix):]), float(el.get("x", 0)), float(el.get("y", 0)),
                   float(el.get("width")), float(el.get("height")))


def backdrop(svg: str):
    """The color (0-1 RGB) a card's first element paints over its whole page, or None:
    what a translucent paint above it is flattened against when transparency is not allowed."""
    root = ElementTree.fromstring(svg.encode("utf-8"))
    _, _, (bx, by, bw, bh) = _size(root)
    for el in root:
        if el.tag == NS + "title":
            continue
        if el.tag != NS + "rect" or el.get("transform") or el.get("opacity"):
            return None
        x, y = float(el.get("x", 0)), float(el.get("y", 0))
        w, h = float(el.get("width", 0)), float(el.get("height", 0))
        covers = x <= bx + 1e-6 and y <= by + 1e-6 and x + w >= bx + bw - 1e-6 and y + h >= by + bh - 1e-6
        fill = el.get("fill", "black")
        return _color(fill) if covers and float(el.get("fill-opacity", 1)) == 1 else None
    return None


def _clip(ctx, ref: str, clips: dict) -> None:
    """clip-path="url(#id)" naming a clipPath of plain paths in user space."""
    match = _CLIP_REF.fullmatch(ref.strip())
    target = clips.get(match.group(1)) if match else None
    if target is None or target.get("clipPathUnits", "userSpaceOnUse") != "userSpaceOnUse":
        raise Unsupported(f"clip-path {ref}")
    for child in target:
        if child.tag != NS + "path" or child.get("transform"):
            raise Unsupported("clipPath content")
        _path(ctx, child.get("d", ""))
    ctx.clip()


def _draw(ctx, el, inherited: dict, clips: dict) -> None:
    tag = el.tag[len(NS):] if el.tag.startswith(NS) else el.tag
    if tag not in DRAWN:
        raise Unsupported(tag)
    if tag in ("title", "clipPath"):
        return  # a clipPath is drawn where a clip-path attribute names it
    style = {**inherited, **{k: v for k, v in el.attrib.items() if k in INHERITED}}
    opacity = float(el.get("opacity", 1))
    # every paint sets its own color, width and dash, so only a transform, a clip or an
    # opacity needs the graphics state saved (a PDF then carries a q/Q pair for it alone)
    stateful = bool(el.get("transform") or el.get("clip-path")) or opacity < 1
    if stateful:
        ctx.save()
    if el.get("transform"):
        _apply_transform(ctx, el.get("transform"))
    if el.get("clip-path"):
        _clip(ctx, el.get("clip-path"), clips)
    if opacity < 1:
        if hasattr(ctx, "begin_opacity"):
            ctx.begin_opacity(opacity)  # PDF canvas: the alpha goes on each child
        else:
            ctx.push_group()
    if tag in ("g", "svg"):
        for child in el:
            _draw(ctx, child, style, clips)
    elif tag == "rect":
        _rect(ctx, el)
        _paint(ctx, style)
    elif tag == "circle":
        ctx.arc(float(el.get("cx", 0)), float(el.get("cy", 0)), float(el.get("r")), 0, 2 * math.pi)
        _paint(ctx, style)
    elif tag == "line":
        ctx.move_to(float(el.get("x1", 0)), float(el.get("y1", 0)))
        ctx.line_to(float(el.get("x2", 0)), float(el.get("y2", 0)))
        _paint(ctx, {**style, "fill": "none"})
    elif tag == "path":
        _path(ctx, el.get("d", ""))
        _paint(ctx, style)
    elif tag == "text":
        _text(ctx, el, style)
    elif tag == "image":
        _image(ctx, el)
    if opacity < 1:
        if hasattr(ctx, "end_opacity"):
            ctx.end_opacity()
        else:
            ctx.pop_group_to_source()
            ctx.paint_with_alpha(opacity)
    if stateful:
        ctx.restore()


def _size(root) -> tuple:
    """(width_mm, height_mm, viewBox) of one of our SVGs."""
    w, h = root.get("width", ""), root.get("height", "")
    if not (w.endswith("mm") and h.endswith("mm")):
        raise Unsupported("size not in mm")
    box = [float(v) for v in root.get("viewBox", "").split()]
    if len(box) != 4:
        raise Unsupported("viewBox")
    return float(w[:-2]), float(h[:-2]), box


def draw(ctx, svg: str, units_per_mm: float) -> tuple:
    """Draw the SVG with its top-left at the context's origin, units_per_mm device units to a mm.
    Returns the drawing's size in mm."""
    root = ElementTree.fromstring(svg.encode("utf-8"))
    w, h, (bx, by, bw, bh) = _size(root)
    clips = {el.get("id"): el for el in root.iter(NS + "clipPath")}
    ctx.save()
    ctx.scale(units_per_mm * w / bw, units_per_mm * h / bh)
    ctx.translate(-bx, -by)
    for child in root:
        _draw(ctx, child, {}, clips)
    ctx.restore()
    return w, h


def record(svg: str):
    """The SVG on a cairo RecordingSurface in points (as render/pdf.py expects)."""
    import cairocffi

    root = ElementTree.fromstring(svg.encode("utf-8"))
    w, h, _ = _size(root)
    surface = cairocffi.RecordingSurface(cairocffi.CONTENT_COLOR_ALPHA, (0, 0, w * PT_PER_MM, h * PT_PER_MM))
    draw(cairocffi.Context(surface), svg, PT_PER_MM)
    return surface


def pixels(svg: str, dpi: float = 96, size_px: "tuple | None" = None, background: "str | None" = None):
    """The SVG drawn at dpi, or stretched to exactly size_px (width, height), over a
    background color when given: a height × width × 3 array (numpy) of 8-bit RGB, for
    an opaque drawing (the alpha byte is dropped). cairo draws into memory the array
    owns, so no copy is made; draw/png.py writes the file."""
    import sys

    import cairocffi
    import numpy as np

    root = ElementTree.fromstring(svg.encode("utf-8"))
    w, h, _ = _size(root)
    px = dpi / 25.4
    width, height = size_px or (round(w * px), round(h * px))
    stride = cairocffi.ImageSurface.format_stride_for_width(cairocffi.FORMAT_ARGB32, width)
    memory = np.zeros((height, stride), np.uint8)
    target = cairocffi.ImageSurface.create_for_data(memory, cairocffi.FORMAT_ARGB32, width, height, stride)
    ctx = cairocffi.Context(target)
    if background:
        ctx.set_source_rgb(*_color(background))
        ctx.paint()
    ctx.scale(width / (w * px), height / (h * px))
    draw(ctx, svg, px)
    target.finish()
    argb = memory[:, :4 * width].reshape(height, width, 4)  # one native-endian 0xAARRGGBB word a pixel
    return argb[..., 2::-1] if sys.byteorder == "little" else argb[..., 1:]


def image(svg: str, dpi: float = 96, size_px: "tuple | None" = None, background: "str | None" = None):
    """The SVG as a Pillow RGB image (tests and tools that look at pixels)."""
    from PIL import Image

    return Image.fromarray(pixels(svg, dpi, size_px, background).copy(), "RGB")
