"""Can every text of a built file be read? Its size at actual size and its contrast with
what lies under it, measured on the files alone.

- Size: nothing under MIN_PT; a run of BODY_CHARS characters or more (running text,
  not a label) nothing under BODY_PT.
- Contrast: the WCAG 2 ratio between the text's color and the color painted under it,
  at least CONTRAST, or LARGE_CONTRAST from LARGE_PT up. What lies under a text is
  found the way a renderer would: every filled area painted before it (rectangles,
  circles, paths, their transforms, fill rules and opacities, on the white sheet) is
  hit-tested at points spread over the text's box, and the lowest contrast counts.
  A point over an image (a theme's back art) is not measured.

SVGs are read with their transforms; PDFs (the typeset booklets, aids, pads and teacher
pages) through their content streams: text size from the text and graphics matrices,
widths from the font's /Widths, colors from the color operators. Text inside a figure
(an SVG group with data-figure, PDF marked content /Figure: a picture of a card at
reduced size) belongs to the picture, not to the page's text, and is not measured.
Reads files only and imports nothing of the builder.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from .pdfread import IDENTITY, _times as _mul, apply as _apply  # m then n; a point through m

MIN_PT = 6.0
BODY_PT = 7.0
BODY_CHARS = 25  # a run this long is running text, which BODY_PT applies to
LARGE_PT = 18.0
CONTRAST, LARGE_CONTRAST = 4.5, 3.0
CELL = 10.0  # the hit-test grid's cell, in the file's units scaled to mm
PT_MM = 25.4 / 72
SVG_NS = "{http://www.w3.org/2000/svg}"
_NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_CMD = re.compile(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_TRANSFORM = re.compile(r"(matrix|translate|rotate|scale)\(([^)]*)\)")


@dataclass
class Region:
    """A filled area, in page millimetres: subpaths as point lists, its color (None: an
    image or a pattern, whose color is not known) and opacity."""
    subpaths: list
    bbox: tuple
    rgb: "tuple | None"
    alpha: float = 1.0
    evenodd: bool = False

    def contains(self, x: float, y: float) -> bool:
        x0, y0, x1, y1 = self.bbox
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        winding = 0
        crossings = 0
        for pts in self.subpaths:
            n = len(pts)
            for i in range(n):
                (ax, ay), (bx, by) = pts[i], pts[(i + 1) % n]
                if (ay <= y) != (by <= y):
                    t = (y - ay) / (by - ay)
                    if x < ax + t * (bx - ax):
                        crossings += 1
                        winding += 1 if by > ay else -1
        return crossings % 2 == 1 if self.evenodd else winding != 0


@dataclass
class Text:
    """One run of text: what it says, its size at actual size (pt), its color and the
    points of its box (page millimetres) its background is measured at."""
    text: str
    size_pt: float
    rgb: tuple
    points: list
    order: int  # the regions painted before it


@dataclass
class Reading:
    """What a file's texts measure: each text's (size, contrast or None, text, colors)."""
    file: str
    texts: list = field(default_factory=list)  # (size_pt, contrast, text, fg, bg)


@lru_cache(maxsize=4096)
def luminance(rgb: tuple) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple, b: tuple) -> float:
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


def _hex(rgb: tuple) -> str:
    return "#%02x%02x%02x" % tuple(max(0, min(255, round(v * 255))) for v in rgb)


class Canvas:
    """The areas and texts of one page, in paint order, with a grid to find areas fast."""

    def __init__(self):
        self.regions: list = []
        self.texts: list = []
        self.grid: dict = {}

    def fill(self, subpaths: list, rgb, alpha: float = 1.0, evenodd: bool = False) -> None:
        subpaths = [p for p in subpaths if len(p) >= 3]
        if not subpaths or alpha <= 0:
            return
        xs = [x for p in subpaths for x, _ in p]
        ys = [y for p in subpaths for _, y in p]
        bbox = (min(xs), min(ys), max(xs), max(ys))
        index = len(self.regions)
        self.regions.append(Region(subpaths, bbox, rgb, alpha, evenodd))
        for i in range(math.floor(bbox[0] / CELL), math.floor(bbox[2] / CELL) + 1):
            for j in range(math.floor(bbox[1] / CELL), math.floor(bbox[3] / CELL) + 1):
                self.grid.setdefault((i, j), []).append(index)

    def text(self, text: str, size_pt: float, rgb: tuple, points: list) -> None:
        self.texts.append(Text(text, size_pt, rgb, points, len(self.regions)))

    def under(self, x: float, y: float, before: int) -> "tuple | None":
        """The color painted at x, y by the areas before index `before`, on white; None
        where an image or pattern shows."""
        color = (1.0, 1.0, 1.0)
        for index in self.grid.get((math.floor(x / CELL), math.floor(y / CELL)), ()):
            if index >= before:
                break
            region = self.regions[index]
            if region.contains(x, y):
                if region.rgb is None:
                    if region.alpha >= 0.999:
                        color = None
                    continue
                if color is None:
                    color = region.rgb if region.alpha >= 0.999 else None
                    continue
                a = region.alpha
                color = tuple(a * s + (1 - a) * d for s, d in zip(region.rgb, color))
        return color

    def readings(self) -> list:
        """(size_pt, lowest contrast or None, text, fg hex, bg hex) per text."""
        out = []
        for t in self.texts:
            worst = None
            for x, y in t.points:
                bg = self.under(x, y, t.order)
                if bg is None:
                    continue
                ratio = contrast(t.rgb, bg)
                if worst is None or ratio < worst[0]:
                    worst = (ratio, bg)
            out.append((t.size_pt, None if worst is None else worst[0], t.text, _hex(t.rgb),
                        None if worst is None else _hex(worst[1])))
        return out


def _box_points(m: tuple, x0: float, x1: float, size: float) -> list:
    """Points over a text's box in its own space (baseline at y=0, y down for SVG; the
    caller's matrix maps them), spread over the middle of the letters' height."""
    pts = []
    for fx in (0.12, 0.5, 0.88):
        for fy in (0.22, 0.5):
            pts.append(_apply(m, x0 + (x1 - x0) * fx, -size * fy))
    return pts


# --- SVG ------------------------------------------------------------------------------

def _svg_transform(text: "str | None") -> tuple:
    m = IDENTITY
    for name, args in _TRANSFORM.findall(text or ""):
        v = [float(x) for x in _NUM.findall(args)]
        if name == "translate":
            step = (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            step = (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0)
        elif name == "rotate":
            r = math.radians(v[0])
            cos, sin = math.cos(r), math.sin(r)
            step = (cos, sin, -sin, cos, 0, 0)
            if len(v) == 3:
                step = _mul(_mul((1, 0, 0, 1, -v[1], -v[2]), step), (1, 0, 0, 1, v[1], v[2]))
        else:
            step = tuple(v[:6])
        m = _mul(step, m)  # SVG lists transforms outermost first: the last applies first
    return m


def _svg_color(value: "str | None"):
    """(rgb 0-1, known) of an SVG paint: None for none; (None, False) for a pattern."""
    if value is None or value in ("", "none", "transparent"):
        return None
    if value.startswith("#") and len(value) == 7:
        return tuple(int(value[i:i + 2], 16) / 255 for i in (1, 3, 5))
    if value.startswith("#") and len(value) == 4:
        return tuple(int(value[i] * 2, 16) / 255 for i in (1, 2, 3))
    return {"white": (1.0, 1.0, 1.0), "black": (0.0, 0.0, 0.0)}.get(value, "unknown")


def _arc(x1, y1, rx, ry, phi, large, sweep, x2, y2) -> list:
    """Points along an SVG elliptical arc (endpoint form), without its start."""
    if rx == 0 or ry == 0:
        return [(x2, y2)]
    rx, ry = abs(rx), abs(ry)
    cos, sin = math.cos(math.radians(phi)), math.sin(math.radians(phi))
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p, y1p = cos * dx + sin * dy, -sin * dx + cos * dy
    scale = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    k = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        k = -k
    cxp, cyp = k * rx * y1p / ry, -k * ry * x1p / rx
    cx, cy = cos * cxp - sin * cyp + (x1 + x2) / 2, sin * cxp + cos * cyp + (y1 + y2) / 2
    t1 = math.atan2((y1p - cyp) / ry, (x1p - cxp) / rx)
    t2 = math.atan2((-y1p - cyp) / ry, (-x1p - cxp) / rx)
    dt = t2 - t1
    if sweep and dt < 0:
        dt += 2 * math.pi
    elif not sweep and dt > 0:
        dt -= 2 * math.pi
    steps = max(2, int(abs(dt) / (math.pi / 12)))
    out = []
    for i in range(1, steps + 1):
        t = t1 + dt * i / steps
        x, y = rx * math.cos(t), ry * math.sin(t)
        out.append((cos * x - sin * y + cx, sin * x + cos * y + cy))
    return out


def path_points(d: str) -> list:
    """An SVG path's subpaths as point lists (curves flattened), in its own units."""
    tokens = _CMD.findall(d or "")
    subpaths, current = [], []
    x = y = sx = sy = 0.0
    i, cmd = 0, None

    def num() -> float:
        nonlocal i
        value = float(tokens[i])
        i += 1
        return value

    while i < len(tokens):
        if tokens[i].isalpha():
            cmd = tokens[i]
            i += 1
            if cmd in "Zz":
                if current:
                    subpaths.append(current)
                current, x, y = [], sx, sy
                continue
        if cmd is None:
            break
        rel = cmd.islower()
        c = cmd.upper()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        try:
            if c == "M":
                if current:
                    subpaths.append(current)
                x, y = ox + num(), oy + num()
                sx, sy, current = x, y, [(x, y)]
                cmd = "l" if rel else "L"
            elif c == "L":
                x, y = ox + num(), oy + num()
                current.append((x, y))
            elif c == "H":
                x = ox + num()
                current.append((x, y))
            elif c == "V":
                y = (y if rel else 0.0) + num()
                current.append((x, y))
            elif c in "QC":
                n = 2 if c == "Q" else 3
                pts = [(ox + num(), oy + num()) for _ in range(n)]
                p0 = (x, y)
                for k in range(1, 7):
                    t = k / 6
                    if n == 2:
                        (ax, ay), (bx, by) = pts
                        px = (1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * ax + t * t * bx
                        py = (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * ay + t * t * by
                    else:
                        (ax, ay), (bx, by), (ex, ey) = pts
                        px = ((1 - t) ** 3 * p0[0] + 3 * (1 - t) ** 2 * t * ax + 3 * (1 - t) * t * t * bx
                              + t ** 3 * ex)
                        py = ((1 - t) ** 3 * p0[1] + 3 * (1 - t) ** 2 * t * ay + 3 * (1 - t) * t * t * by
                              + t ** 3 * ey)
                    current.append((px, py))
                x, y = pts[-1]
            elif c == "A":
                rx, ry, phi, large, sweep = num(), num(), num(), num(), num()
                nx, ny = ox + num(), oy + num()
                current += _arc(x, y, rx, ry, phi, int(large), int(sweep), nx, ny)
                x, y = nx, ny
            else:  # S, T: not written by our templates; keep the end point
                n = 4 if c == "S" else 2
                vals = [num() for _ in range(n)]
                x, y = ox + vals[-2], oy + vals[-1]
                current.append((x, y))
        except (IndexError, ValueError):
            break
    if current:
        subpaths.append(current)
    return subpaths


def _circle(cx: float, cy: float, rx: float, ry: float) -> list:
    return [[(cx + rx * math.cos(2 * math.pi * k / 24), cy + ry * math.sin(2 * math.pi * k / 24)) for k in range(24)]]


def _length_mm(value: "str | None") -> "float | None":
    if not value:
        return None
    m = re.match(r"^\s*([\d.]+)\s*(mm|cm|in|pt|px)?\s*$", value)
    if not m:
        return None
    return float(m.group(1)) * {"mm": 1, "cm": 10, "in": 25.4, "pt": PT_MM, "px": 25.4 / 96, None: 25.4 / 96}[m.group(2)]


INHERITED = ("fill", "fill-opacity", "font-size", "font-weight", "text-anchor", "fill-rule")


def read_svg(root) -> Canvas:
    """The areas and texts of a parsed SVG, in millimetres."""
    canvas = Canvas()
    box = [float(v) for v in _NUM.findall(root.get("viewBox") or "")]
    width = _length_mm(root.get("width"))
    unit = width / box[2] if width and len(box) == 4 and box[2] else 25.4 / 96
    base = (unit, 0.0, 0.0, unit, -box[0] * unit if len(box) == 4 else 0.0, -box[1] * unit if len(box) == 4 else 0.0)

    def walk(el, m: tuple, style: dict, opacity: float, figure: bool) -> None:
        tag = el.tag.rsplit("}", 1)[-1]
        if tag in ("defs", "clipPath", "title", "desc", "style", "mask", "pattern", "linearGradient",
                   "radialGradient", "symbol"):
            return
        style = {**style, **{k: el.get(k) for k in INHERITED if el.get(k) is not None}}
        m = _mul(_svg_transform(el.get("transform")), m)
        opacity *= float(el.get("opacity", 1))
        figure = figure or el.get("data-figure") is not None
        paint = _svg_color(style.get("fill", "#000000"))
        alpha = opacity * float(style.get("fill-opacity", 1))
        shape = None
        if tag == "rect":
            x, y = float(el.get("x", 0)), float(el.get("y", 0))
            w, h = float(el.get("width", 0)), float(el.get("height", 0))
            shape = [[(x, y), (x + w, y), (x + w, y + h), (x, y + h)]]
        elif tag == "circle":
            r = float(el.get("r", 0))
            shape = _circle(float(el.get("cx", 0)), float(el.get("cy", 0)), r, r)
        elif tag == "ellipse":
            shape = _circle(float(el.get("cx", 0)), float(el.get("cy", 0)), float(el.get("rx", 0)),
                            float(el.get("ry", 0)))
        elif tag == "path":
            shape = path_points(el.get("d", ""))
        elif tag in ("polygon", "polyline"):
            v = [float(x) for x in _NUM.findall(el.get("points", ""))]
            shape = [list(zip(v[0::2], v[1::2]))]
        elif tag == "image":
            x, y = float(el.get("x", 0)), float(el.get("y", 0))
            w, h = float(el.get("width", 0)), float(el.get("height", 0))
            canvas.fill([[_apply(m, *p) for p in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]], None, opacity)
            return
        elif tag == "text":
            content = "".join(el.itertext()).strip()
            rgb = paint if isinstance(paint, tuple) else None
            if content and rgb is not None and not figure:
                size = float(style.get("font-size", 16))
                scale = math.hypot(m[2], m[3])  # the y axis's scale: mm per unit
                width = len(content) * 0.5 * size  # a narrow estimate: the middle of the text is measured
                x, y = float(el.get("x", 0)), float(el.get("y", 0))
                start = {"middle": x - width / 2, "end": x - width}.get(style.get("text-anchor", "start"), x)
                points = [_apply(m, px, y + py) for px, py in _box_points(IDENTITY, start, start + width, size)]
                canvas.text(content, size * scale / PT_MM, rgb, points)
            return
        if shape is not None and paint is not None:
            canvas.fill([[_apply(m, *p) for p in sub] for sub in shape],
                        paint if isinstance(paint, tuple) else None, alpha, style.get("fill-rule") == "evenodd")
        for child in el:
            walk(child, m, style, opacity, figure)

    walk(root, base, {}, 1.0, False)
    return canvas


# --- PDF ------------------------------------------------------------------------------

def _cmyk_rgb(c, m, y, k) -> tuple:
    return ((1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k))


class _PdfPage:
    """A walk over one page's content (and its forms): areas and texts in millimetres."""

    def __init__(self, canvas: Canvas, height_pt: float, maps: dict):
        self.canvas, self.maps = canvas, maps  # maps: each font's ToUnicode table, read once a file
        self.flip = (PT_MM, 0.0, 0.0, -PT_MM, 0.0, height_pt * PT_MM)  # PDF points, y up -> mm, y down

    def walk(self, owner, resources, ctm: tuple, figure: int = 0, depth: int = 0) -> None:
        import pikepdf

        if depth > 12:
            return
        state = {"ctm": ctm, "fill": (0.0, 0.0, 0.0), "alpha": 1.0, "space": "/DeviceGray"}
        stack, path, current = [], [], []
        font, size, tm, tlm, leading, mode = None, 12.0, IDENTITY, IDENTITY, 0.0, 0
        char_space = word_space = 0.0
        scale_h = 1.0
        marked: list = []
        for operands, op in pikepdf.parse_content_stream(owner):
            op = str(op)
            if op == "q":
                stack.append(dict(state))
            elif op == "Q":
                if stack:
                    state = stack.pop()
            elif op == "cm":
                state["ctm"] = _mul(tuple(float(v) for v in operands), state["ctm"])
            elif op in ("BMC", "BDC"):
                marked.append(str(operands[0]) == "/Figure")
            elif op == "EMC":
                if marked:
                    marked.pop()
            elif op == "rg":
                state["fill"] = tuple(float(v) for v in operands)
            elif op == "g":
                state["fill"] = (float(operands[0]),) * 3
            elif op == "k":
                state["fill"] = _cmyk_rgb(*(float(v) for v in operands))
            elif op == "cs":
                state["space"] = str(operands[0])
            elif op in ("sc", "scn"):
                v = [float(x) for x in operands if isinstance(x, (int, float)) or hasattr(x, "__float__")]
                if len(v) == 1:
                    state["fill"] = (v[0],) * 3
                elif len(v) == 3:
                    state["fill"] = tuple(v)
                elif len(v) == 4:
                    state["fill"] = _cmyk_rgb(*v)
            elif op == "gs" and resources is not None:
                gs = resources.get("/ExtGState", {}).get(str(operands[0]))
                if gs is not None and "/ca" in gs:
                    state["alpha"] = float(gs["/ca"])
            elif op == "m":
                if current:
                    path.append(current)
                current = [_apply(state["ctm"], float(operands[0]), float(operands[1]))]
            elif op == "l":
                current.append(_apply(state["ctm"], float(operands[0]), float(operands[1])))
            elif op in ("c", "v", "y"):
                v = [float(x) for x in operands]
                current.append(_apply(state["ctm"], v[-2], v[-1]))
            elif op == "h":
                if current:
                    path.append(current)
                    current = []
            elif op == "re":
                x, y, w, h = (float(v) for v in operands)
                if current:
                    path.append(current)
                    current = []
                path.append([_apply(state["ctm"], *p) for p in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))])
            elif op in ("f", "F", "f*", "B", "B*", "b", "b*"):
                if current:
                    path.append(current)
                self.canvas.fill([[_apply(self.flip, *p) for p in sub] for sub in path], state["fill"],
                                 state["alpha"], op.endswith("*"))
                path, current = [], []
            elif op in ("n", "S", "s"):
                path, current = [], []
            elif op == "BT":
                tm = tlm = IDENTITY
            elif op == "Tf":
                font = resources.get("/Font", {}).get(str(operands[0])) if resources is not None else None
                size = float(operands[1])
            elif op == "Tc":
                char_space = float(operands[0])
            elif op == "Tw":
                word_space = float(operands[0])
            elif op == "Tz":
                scale_h = float(operands[0]) / 100
            elif op == "TL":
                leading = float(operands[0])
            elif op == "Tr":
                mode = int(operands[0])
            elif op in ("Td", "TD"):
                tx, ty = float(operands[0]), float(operands[1])
                if op == "TD":
                    leading = -ty
                tlm = _mul((1, 0, 0, 1, tx, ty), tlm)
                tm = tlm
            elif op == "Tm":
                tm = tlm = tuple(float(v) for v in operands)
            elif op == "T*":
                tlm = _mul((1, 0, 0, 1, 0, -leading), tlm)
                tm = tlm
            elif op in ("Tj", "TJ", "'", '"'):
                if op in ("'", '"'):
                    tlm = _mul((1, 0, 0, 1, 0, -leading), tlm)
                    tm = tlm
                items = operands[-1] if op == "TJ" else [operands[-1]]
                shown, width = b"", 0.0
                for item in items:
                    if isinstance(item, (int, float)) or type(item).__name__ in ("Decimal",):
                        width -= float(item) / 1000 * size
                        continue
                    data = bytes(item)
                    shown += data
                    width += _advance(self._widths(font), data, size, char_space, word_space)
                width *= scale_h
                if mode not in (3, 7) and shown and not (figure or any(marked)):
                    trm = _mul(tm, state["ctm"])
                    vsize = size * math.hypot(trm[2], trm[3])
                    pts = [_apply(self.flip, *_apply(trm, x, -y)) for x, y in _box_points(IDENTITY, 0.0, width, size)]
                    self.canvas.text(self._decode(font, shown), vsize, state["fill"], pts)
                tm = _mul((1, 0, 0, 1, width, 0), tm)
            elif op == "Do" and resources is not None:
                xobj = resources.get("/XObject", {}).get(str(operands[0]))
                if xobj is None:
                    continue
                subtype = str(xobj.get("/Subtype"))
                if subtype == "/Image":
                    corners = [_apply(self.flip, *_apply(state["ctm"], *p)) for p in ((0, 0), (1, 0), (1, 1), (0, 1))]
                    self.canvas.fill([corners], None, 1.0)
                elif subtype == "/Form":
                    matrix = _mul(tuple(float(v) for v in xobj.get("/Matrix", IDENTITY)), state["ctm"])
                    if figure or any(marked):  # a picture: its area, of colors not measured here
                        x0, y0, x1, y1 = (float(v) for v in xobj.get("/BBox", (0, 0, 0, 0)))
                        corners = [_apply(self.flip, *_apply(matrix, *p)) for p in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]
                        self.canvas.fill([corners], None, 1.0)
                    else:
                        self.walk(xobj, xobj.get("/Resources", resources), matrix, figure, depth + 1)


    def _widths(self, font) -> tuple:
        """(widths, first code, two-byte codes) of a font, read once a file."""
        key = ("widths", None if font is None else font.objgen)
        if key not in self.maps:
            widths, first = None, 0
            if font is not None and "/Widths" in font:
                widths, first = [float(w) for w in font["/Widths"]], int(font.get("/FirstChar", 0))
            self.maps[key] = (widths, first, font is not None and str(font.get("/Subtype")) == "/Type0")
        return self.maps[key]

    def _decode(self, font, data: bytes) -> str:
        """The shown text, for the report and the running-text rule: through the font's
        ToUnicode map when it has one."""
        from .pdfread import _to_unicode

        key = None if font is None else font.objgen
        if key not in self.maps:
            self.maps[key] = _to_unicode(font) if font is not None else {}
        mapping = self.maps[key]
        if mapping:
            return "".join(mapping.get(b, "?") for b in data)
        return data.decode("latin-1", "replace")


def _advance(metrics: tuple, data: bytes, size: float, char_space: float, word_space: float) -> float:
    """The advance of a shown string in text space units, from the font's /Widths (0.5 em
    a glyph when it has none)."""
    widths, first, two_byte = metrics
    codes = [int.from_bytes(data[i:i + 2], "big") for i in range(0, len(data), 2)] if two_byte else data
    total = 0.0
    for code in codes:
        w = widths[code - first] if widths is not None and 0 <= code - first < len(widths) else 500.0
        total += w / 1000 * size + char_space + (word_space if code == 32 and not two_byte else 0.0)
    return total


def read_pdf(path: Path, first: "int | None" = None) -> list:
    """One Canvas per page of a PDF (of its first pages only, when given: a file that
    gathers others, read within the bound such a file is allowed, check/printall.py's).
    Kept by the file's digest (check/memo.py): legibility and the booklet pages' checks
    read the same booklets."""
    from . import memo
    from .pdfread import file_digest

    return memo.kept("pdf-canvases", f"{file_digest(Path(path))}:{first}", lambda: _read_pdf(path, first))


def _read_pdf(path: Path, first: "int | None") -> list:
    from .pdfread import open_pdf

    pages, maps = [], {}
    with open_pdf(Path(path), 1 if first is None else GATHERED) as pdf:
        for page in list(pdf.pages)[:first]:
            box = [float(v) for v in page.obj.get("/MediaBox", [0, 0, 612, 792])]
            canvas = Canvas()
            _PdfPage(canvas, box[3] - box[1], maps).walk(page, page.obj.get("/Resources"),
                                                    (1, 0, 0, 1, -box[0], -box[1]))
            pages.append(canvas)
    return pages


# --- the verdict ----------------------------------------------------------------------

def problems(readings: list) -> list:
    """The texts of one file that break a rule: (what is wrong) lines."""
    out = []
    for size, ratio, text, fg, bg in readings:
        shown = text if len(text) <= 28 else text[:25] + "…"
        floor = BODY_PT if len(text) >= BODY_CHARS else MIN_PT
        if size < floor - 0.05:
            out.append(f"text {shown!r} is {size:.1f} pt, under {floor:g} pt"
                       + (" (running text)" if floor == BODY_PT else ""))
        need = LARGE_CONTRAST if size >= LARGE_PT - 0.05 else CONTRAST
        if ratio is not None and ratio < need - 0.005:
            out.append(f"text {shown!r} in {fg} on {bg} has a contrast of {ratio:.2f}:1, under {need:g}:1")
    return out


def measure_file(path: Path, first: "int | None" = None) -> list:
    """(size_pt, contrast, text, fg, bg) for every text of an SVG or a PDF (of a PDF's first
    pages only, when given)."""
    path = Path(path)
    if path.suffix == ".svg":
        from . import svgread

        return read_svg(svgread.parse(path)).readings()
    return [r for canvas in read_pdf(path, first) for r in canvas.readings()]


def _measured(path: Path, first: "int | None" = None) -> list:
    """measure_file, remembered by the file's content (check/memo.py): a check run again on
    the same files (a watch loop, the test suite's damaged copies) measures only what changed."""
    from . import memo
    from .pdfread import file_digest

    key = file_digest(path) if path.suffix == ".pdf" else memo.file_digest(path)
    return memo.kept("legibility", f"{key}{path.suffix}:{first}", lambda: measure_file(path, first))


# PDFs drawn from the card SVGs (the SVGs are measured): card sheets, backs, print sheets, shop files
# pages made of the card drawings (read from the card SVGs instead); a proof places a shop's
# CMYK pages, whose colors a naive CMYK-to-RGB reading would misjudge
DRAWN_FROM_CARDS = {"faces", "back", "print", "shop", "proof"}
# the kit's own pages (manifest game "kit"), held to the rule like a game's: the how-to-print
# pages whole, and of a print-everything file its first page, the components page (every
# other page is a page of a game's file, measured with its game)
KIT_PAGES = {"how-to-print": None, "print-everything": "components"}
GATHERED = 8  # what a file read for its first pages only may draw: check/printall.py's bound


def _components(path: Path) -> int:
    """A print-everything file's components pages: those before its first part (check/printall.py)."""
    from . import memo
    from .pdfread import file_digest, open_pdf, page_text
    from .printall import _components_pages

    def count() -> int:
        with open_pdf(path, GATHERED) as pdf:
            return _components_pages([line.strip() for line in page_text(pdf, 1).splitlines()], len(pdf.pages))

    return memo.kept("components", file_digest(path), count)


def check_legibility(out: Path, files: list, report) -> None:
    """Every SVG and typeset PDF of one game's entries in the manifest ((path, kind)
    pairs), or of the kit's own pages (KIT_PAGES): a violation per text that breaks a rule,
    and a summary line with the smallest size and the lowest contrast measured."""
    from .pdfread import Unreadable as PdfUnreadable
    from .safefile import Refused
    from .svgread import Unreadable as SvgUnreadable

    svgs = {p for p, _ in files if p.endswith(".svg")}
    kinds = dict(files)
    chosen = [p for p, kind in files if p.endswith(".svg") or (
        p.endswith(".pdf") and kind not in DRAWN_FROM_CARDS and p[:-4] + ".svg" not in svgs)]
    count, smallest, lowest = 0, None, None
    for name in sorted(chosen):
        try:
            first = KIT_PAGES.get(kinds[name])
            readings = _measured(out / name, _components(out / name) if first == "components" else first)
        except (SvgUnreadable, PdfUnreadable, Refused, OSError, ValueError):
            continue  # unreadable files are reported by the checks that need them
        for size, ratio, text, *_ in readings:
            count += 1
            if smallest is None or size < smallest[0]:
                smallest = (size, name, text)
            if ratio is not None and (lowest is None or ratio < lowest[0]):
                lowest = (ratio, name, text)
        found = problems(readings)
        for line in found[:3]:
            report.fail(name, "-", line)
        if len(found) > 3:
            report.fail(name, "-", f"and {len(found) - 3} more text(s) too small or too faint")
    if count:
        report.summary.append(
            f"legibility: {count} texts in {len(chosen)} files; smallest {smallest[0]:.1f} pt ({smallest[1]}), "
            f"lowest contrast {lowest[0]:.2f}:1 ({lowest[1]}); floors {MIN_PT:g} pt ({BODY_PT:g} pt running text), "
            f"{CONTRAST:g}:1 ({LARGE_CONTRAST:g}:1 from {LARGE_PT:g} pt)")
