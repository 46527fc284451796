"""A small, fast renderer for the SVG subset our own templates write.

CairoSVG handles any SVG but spends most of a card's time in generic machinery.
Our cards use a handful of elements (g, rect, circle, line, path with M/L/H/V/Q/C/Z,
text with tspan, transforms translate/rotate/scale, fill/stroke/opacity), so we draw
them straight onto cairo: the same SVG stays the single source, drawn ten times
faster. Anything outside that subset (an <image>, a clipPath, an arc) raises
Unsupported and the caller falls back to CairoSVG; a test compares both renderings
pixel by pixel.
"""
from __future__ import annotations

import math
import re
from xml.etree import ElementTree

NS = "{http://www.w3.org/2000/svg}"
PT_PER_MM = 72 / 25.4
_NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_CMD = re.compile(r"[MLHVQCZmlhvqcz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_TRANSFORM = re.compile(r"(translate|rotate|scale)\(([^)]*)\)")
INHERITED = ("fill", "stroke", "stroke-width", "stroke-opacity", "font-family", "font-size", "font-weight",
             "text-anchor", "stroke-dasharray")
DRAWN = {"g", "rect", "circle", "line", "path", "text", "title", "svg"}


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
        if cmd is None or cmd.islower():
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
    import cairocffi

    runs = [(el.text or "", style)]
    for child in el:
        if child.tag != NS + "tspan":
            raise Unsupported("text child")
        runs.append((child.text or "", {**style, **{k: v for k, v in child.attrib.items() if k in INHERITED}}))
        if child.tail:
            runs.append((child.tail, style))

    def select(s):
        weight = cairocffi.FONT_WEIGHT_BOLD if s.get("font-weight", "400") in ("bold", "600", "700", "800", "900") \
            else cairocffi.FONT_WEIGHT_NORMAL
        ctx.select_font_face(s.get("font-family", "sans-serif").split(",")[0].strip("'\" "),
                             cairocffi.FONT_SLANT_NORMAL, weight)
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


def _draw(ctx, el, inherited: dict) -> None:
    tag = el.tag[len(NS):] if el.tag.startswith(NS) else el.tag
    if tag not in DRAWN:
        raise Unsupported(tag)
    if tag == "title":
        return
    style = {**inherited, **{k: v for k, v in el.attrib.items() if k in INHERITED}}
    ctx.save()
    if el.get("transform"):
        _apply_transform(ctx, el.get("transform"))
    opacity = float(el.get("opacity", 1))
    if opacity < 1:
        ctx.push_group()
    if tag in ("g", "svg"):
        for child in el:
            _draw(ctx, child, style)
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
    if opacity < 1:
        ctx.pop_group_to_source()
        ctx.paint_with_alpha(opacity)
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
    ctx.save()
    ctx.scale(units_per_mm * w / bw, units_per_mm * h / bh)
    ctx.translate(-bx, -by)
    for child in root:
        _draw(ctx, child, {})
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


def png(svg: str, dpi: float = 96, size_px: "tuple | None" = None, background: "str | None" = None) -> bytes:
    """PNG bytes at dpi, or stretched to exactly size_px (width, height)."""
    import cairocffi

    root = ElementTree.fromstring(svg.encode("utf-8"))
    w, h, _ = _size(root)
    px = dpi / 25.4
    width, height = size_px or (round(w * px), round(h * px))
    surface = cairocffi.ImageSurface(cairocffi.FORMAT_ARGB32, width, height)
    ctx = cairocffi.Context(surface)
    if background:
        ctx.set_source_rgb(*_color(background))
        ctx.paint()
    ctx.scale(width / (w * px), height / (h * px))
    draw(ctx, svg, px)
    surface.flush()
    return _encode(surface, width, height, dpi if size_px is None else None)


def _encode(surface, width: int, height: int, dpi) -> bytes:
    """RGB PNG with light compression: cairo's own encoder spends most of a card's time in zlib.

    Our pages are opaque, so the alpha channel carries nothing and is dropped."""
    import io

    from PIL import Image

    data = bytes(surface.get_data())
    image = Image.frombuffer("RGBA", (width, height), data, "raw", "BGRA", surface.get_stride(), 1)
    out = io.BytesIO()
    extra = {"dpi": (dpi, dpi)} if dpi else {}
    image.convert("RGB").save(out, format="PNG", compress_level=1, **extra)
    return out.getvalue()
