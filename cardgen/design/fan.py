"""A hand of the deck's own cards, fanned: the illustration on a box front and a
booklet cover, drawn from the very card SVGs the build printed.

Each card's drawing is copied into the page as a group (its ids prefixed, its data-*
contract dropped: a box is not a card a checker should count), cut to the card's
rounded corners, with an edge and a shadow of its own. Words that would print under
the smallest legible size at the fan's scale become greeked bars, as illustrators draw
small print: nothing on the page is text smaller than type.min. Words a later card
covers, even in part, are left out: every word shown lies on its own card's ground.
"""
from __future__ import annotations

import math
import re
from xml.etree import ElementTree

from .templating import fmt
from .textfit import width_mm

NS = "http://www.w3.org/2000/svg"
PT_MM = 25.4 / 72
PIVOT = 1.25  # the fan turns about a point this many card heights below each card's top
_TRANSFORM = re.compile(r"(translate|rotate|scale)\(([^)]*)\)")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ID = re.compile(r'\bid="([^"]+)"')
_DATA = re.compile(r'\sdata-[a-z-]+="[^"]*"')
INHERITED = ("fill", "font-size", "font-family", "font-weight", "text-anchor")
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def _times(a: tuple, b: tuple) -> tuple:
    """The affine map a after b (SVG's matrix(a b c d e f) order)."""
    return (a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1], a[0] * b[2] + a[2] * b[3],
            a[1] * b[2] + a[3] * b[3], a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5])


def affine(transform: str) -> tuple:
    """A transform attribute (translate, rotate, scale, as our designs write them) as a matrix."""
    m = IDENTITY
    for name, args in _TRANSFORM.findall(transform or ""):
        v = [float(x) for x in _NUMBER.findall(args)]
        if name == "translate":
            step = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
        elif name == "scale":
            step = (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
        else:
            c, s = math.cos(math.radians(v[0])), math.sin(math.radians(v[0]))
            step = (c, s, -s, c, 0.0, 0.0)
            if len(v) == 3:
                step = _times(_times((1.0, 0.0, 0.0, 1.0, v[1], v[2]), step), (1.0, 0.0, 0.0, 1.0, -v[1], -v[2]))
        m = _times(m, step)
    return m


def _apply(m: tuple, x: float, y: float) -> tuple:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def _overlap(a: list, b: list) -> bool:
    """Whether two convex polygons (lists of points) overlap: no edge of either separates them."""
    for poly in (a, b):
        for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
            nx, ny = y2 - y1, x1 - x2
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            if max(pa) < min(pb) or max(pb) < min(pa):
                return False
    return True


def _font_file(fonts, style: dict):
    """The font file a text's family and weight name (the theme's roles: text, heavy)."""
    if style.get("font-family") == fonts.role("heavy"):
        return fonts.file("black")
    return fonts.file("bold" if style.get("font-weight", "400") in ("bold", "600", "700", "800", "900") else "regular")


def _text_box(el, style: dict, fonts) -> "tuple[float, float, float, float]":
    """x, y (top-left), width and height of a text's line, from its font's advances."""
    size = float(style.get("font-size", 3))
    text = " ".join("".join(el.itertext()).split())
    width = width_mm(text, _font_file(fonts, style), size)
    x = float(el.get("x", 0)) - {"middle": width / 2, "end": width}.get(style.get("text-anchor", "start"), 0.0)
    return x, float(el.get("y", 0)) - size * 0.75, width, size * 0.95


def _greek(el, style: dict, box: tuple) -> ElementTree.Element:
    """A bar where a line of small print was: its width, its color, at its x-height."""
    x, y, width, height = box
    size = float(style.get("font-size", 3))
    h = size * 0.42
    bar = ElementTree.Element(f"{{{NS}}}rect", {
        "x": fmt(x), "y": fmt(float(el.get("y", 0)) - size * 0.5), "width": fmt(max(width, h)), "height": fmt(h),
        "rx": fmt(h / 2), "fill": style.get("fill", "#000000")})
    if el.get("transform"):
        bar.set("transform", el.get("transform"))
    return bar


def _redraw_words(parent, style: dict, matrix: tuple, covers: list, smallest_mm: float, fonts) -> None:
    """Words under a card dealt later are left out (the fan hides them, and what lies over
    a word is then never another card); words too small at the fan's scale are greeked."""
    for i, el in enumerate(list(parent)):
        own = {**style, **{k: el.get(k) for k in INHERITED if el.get(k) is not None}}
        if el.tag != f"{{{NS}}}text":
            _redraw_words(el, own, _times(matrix, affine(el.get("transform"))), covers, smallest_mm, fonts)
            continue
        m = _times(matrix, affine(el.get("transform")))
        x, y, w, h = box = _text_box(el, own, fonts)
        corners = [_apply(m, px, py) for px, py in ((x, y), (x + w, y), (x + w, y + h), (x, y + h))]
        parent.remove(el)
        if any(_overlap(corners, cover) for cover in covers):
            continue
        scale = math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))
        parent.insert(i, _greek(el, own, box) if float(own.get("font-size", 3)) * scale < smallest_mm else el)


def card_drawing(svg: str, prefix: str, placement: tuple, covers: list, smallest_mm: float,
                 fonts) -> "tuple[str, float, float]":
    """(the card's drawing as markup in its own millimetres, its trim width, its height):
    what lies inside the root element but the title, placed on the page by the matrix
    placement, under the cards dealt after it (covers: their outlines on the page)."""
    ElementTree.register_namespace("", NS)
    root = ElementTree.fromstring(re.sub(r"^<\?xml[^>]*\?>", "", svg.lstrip()).encode("utf-8"))
    w, h = (float(v) for v in root.get("data-trim-mm").split(","))
    _redraw_words(root, {}, placement, covers, smallest_mm, fonts)
    body = "".join(ElementTree.tostring(el, encoding="unicode") for el in root if el.tag != f"{{{NS}}}title")
    body = body.replace(f' xmlns="{NS}"', "")
    ids = _ID.findall(body)
    for name in ids:  # several cards on one page: each card's clip paths its own
        body = body.replace(f'id="{name}"', f'id="{prefix}{name}"').replace(f"url(#{name})", f"url(#{prefix}{name})")
    return _DATA.sub("", body), w, h


def _rounded(w: float, h: float, r: float, dx: float = 0.0, dy: float = 0.0) -> str:
    x0, y0, x1, y1 = dx, dy, dx + w, dy + h
    return (f"M{fmt(x0 + r)} {fmt(y0)}H{fmt(x1 - r)}A{fmt(r)} {fmt(r)} 0 0 1 {fmt(x1)} {fmt(y0 + r)}"
            f"V{fmt(y1 - r)}A{fmt(r)} {fmt(r)} 0 0 1 {fmt(x1 - r)} {fmt(y1)}H{fmt(x0 + r)}"
            f"A{fmt(r)} {fmt(r)} 0 0 1 {fmt(x0)} {fmt(y1 - r)}V{fmt(y0 + r)}A{fmt(r)} {fmt(r)} 0 0 1 {fmt(x0 + r)} {fmt(y0)}Z")


def layout(count: int, card_w: float, card_h: float, box: tuple) -> "tuple[float, list]":
    """(scale, [(angle, translate x, translate y)]) of count cards fanned to fill box
    (x, y, w, h) as fully as they can, centred in it."""
    spread = 0.0 if count == 1 else min(10.0, 36.0 / (count - 1))
    angles = [(i - (count - 1) / 2) * spread for i in range(count)]
    pivot = (card_w / 2, card_h * PIVOT)
    points = []
    for a in angles:
        c, s = math.cos(math.radians(a)), math.sin(math.radians(a))
        for px, py in ((0, 0), (card_w, 0), (0, card_h), (card_w, card_h)):
            dx, dy = px - pivot[0], py - pivot[1]
            points.append((c * dx - s * dy, s * dx + c * dy))
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    x, y, w, h = box
    scale = min(w / (max(xs) - min(xs)), h / (max(ys) - min(ys)))
    ox = x + (w - scale * (max(xs) - min(xs))) / 2 - scale * min(xs)
    oy = y + (h - scale * (max(ys) - min(ys))) / 2 - scale * min(ys)
    return scale, [(a, ox, oy) for a in angles]


def fan_svg(cards: list, box: tuple, fonts, tokens, ground: str, prefix: str = "fan") -> str:
    """The cards (SVG texts, in the order dealt: the last on top) fanned in box (x, y, w, h)."""
    if not cards:
        return ""
    first = ElementTree.fromstring(re.sub(r"^<\?xml[^>]*\?>", "", cards[0].lstrip()).encode("utf-8"))
    card_w, card_h = (float(v) for v in first.get("data-trim-mm").split(","))
    scale, places = layout(len(cards), card_w, card_h, box)
    radius = tokens.mm("radius.card")
    edge = tokens.mm("stroke.thin") / scale
    shade = shadow(ground)
    out = ['<g data-art="fan" data-figure="cards">']  # a picture of cards, not the page's words
    turns = [affine(f"translate({fmt(ox)} {fmt(oy)}) scale({fmt(scale)}) rotate({fmt(angle)}) "
                    f"translate({fmt(-card_w / 2)} {fmt(-card_h * PIVOT)})") for angle, ox, oy in places]
    outlines = [[_apply(m, x, y) for x, y in ((0, 0), (card_w, 0), (card_w, card_h), (0, card_h))] for m in turns]
    for i, (svg, (angle, ox, oy)) in enumerate(zip(cards, places)):
        body, w, h = card_drawing(svg, f"{prefix}{i}-", turns[i], outlines[i + 1:], tokens.type_mm("min"), fonts)
        turn = (f"translate({fmt(ox)} {fmt(oy)}) scale({fmt(scale)}) rotate({fmt(angle)}) "
                f"translate({fmt(-w / 2)} {fmt(-h * PIVOT)})")
        clip = f"{prefix}{i}-trim"
        out.append(
            f'<g transform="{turn}">'
            f'<path d="{_rounded(w, h, radius, 0.9 / scale, 1.2 / scale)}" fill="{shade}"/>'
            f'<clipPath id="{clip}"><path d="{_rounded(w, h, radius)}"/></clipPath>'
            f'<g clip-path="url(#{clip})">{body}</g>'
            f'<path d="{_rounded(w, h, radius)}" fill="none" stroke="{tokens.color("rule")}" '
            f'stroke-width="{fmt(edge)}"/></g>')
    out.append("</g>")
    return "".join(out)


def shadow(ground: str) -> str:
    """The ground darkened by a third: a drop shadow drawn opaque (no transparency to
    flatten in print files)."""
    r, g, b = (int(ground[i:i + 2], 16) for i in (1, 3, 5))
    return "#" + "".join(f"{round(v * 0.66):02x}" for v in (r, g, b))
