"""A cairo-like drawing context over a reportlab canvas, so fastsvg draws our SVGs
straight into reportlab PDFs.

cairo is the right tool for pixels, but the PDF route through it costs a quarter
second just to import cairocffi (its C declarations are parsed on every start) and
then records, replays and rewrites every card. reportlab writes PDF operators as
strings, embeds subset fonts and reuses a card drawn once as a form XObject, so a
`--format pdf` build never loads cairo at all. fastsvg calls the same methods on
this context as on a cairo Context; the SVG stays the single source. Colors, line
styles and text go straight into the canvas's operator list (reportlab's own calls
cost ten times more per card); paths, state and opacity go through reportlab.

Two differences from cairo, both harmless for our templates: group opacity is
applied to each child (exact because our translucent groups never overlap
themselves), and text is measured from the font's own glyph boxes (unhinted, as in
cairo's vector output), read from the tables reportlab parsed to embed the font.

Given Inks (draw/cmyk.py), the context paints for a print shop instead: every fill,
stroke and text color as DeviceCMYK through the profile and the ink limit, translucent
paint flattened against the card's ground (its backdrop, known from the SVG) so no
transparency is written, and embedded PNGs converted to CMYK images.
"""
from __future__ import annotations

import math
from functools import lru_cache

from reportlab.lib.rl_accel import fp_str

from . import fonts as fontset
from .cmyk import LARGE_TYPE_MM, THIN_MM
from .fastsvg import Unsupported

FILL_NON_ZERO = 1  # reportlab.pdfgen.canvas.FILL_NON_ZERO: SVG's and cairo's default rule


@lru_cache(maxsize=None)
def _metrics(name: str):
    """(units per em, glyph of a char, advance of a glyph, ink x-bounds of a glyph) for a
    registered font, read from the tables reportlab has already parsed (no second parse)."""
    import struct

    from reportlab.pdfbase import pdfmetrics

    face = pdfmetrics.getFont(name).face
    data, glyf, loca = face._ttf_data, face.table["glyf"]["offset"], face.glyphPos
    hmetrics = face.hmetrics

    def advance(glyph: int) -> int:
        return hmetrics[min(glyph, len(hmetrics) - 1)][0]

    def xbounds(glyph: int):
        if glyph + 1 >= len(loca) or loca[glyph + 1] == loca[glyph]:
            return None  # an empty glyph (a space)
        x_min, _, x_max = struct.unpack_from(">hhh", data, glyf + loca[glyph] + 2)
        return x_min, x_max
    return face.unitsPerEm, face.charToGlyph, advance, lru_cache(maxsize=None)(xbounds)


@lru_cache(maxsize=None)
def _faces(fonts) -> dict:
    """A font set's faces as cairo (fontconfig) selects them, registered with reportlab
    once: the text family by weight, and the heavy cut by its own family name, which has
    one cut whatever the weight asked. A theme whose heavy cut carries the text family's
    name gets what fontconfig gives it: the regular or the bold cut."""
    names = fontset.register_reportlab_fonts(fonts, fontset.CARD_ROLES)
    text, heavy = fonts.role("text"), fonts.role("heavy")
    faces = {(text, False): names["text"], (text, True): names["bold"]}
    if heavy != text:
        faces[(heavy, False)] = faces[(heavy, True)] = names["heavy"]
    return faces


class CanvasContext:
    """The subset of cairocffi.Context that fastsvg uses, drawing on a reportlab canvas.

    The canvas must already be flipped to SVG's y-down user space (see flip()); fonts is
    the theme's FontSet, whose families the SVG names."""

    def __init__(self, canvas, fonts, inks=None, backdrop=None):
        self.canvas = canvas
        self.fonts = fonts
        self.inks = inks  # a cmyk.Inks: DeviceCMYK, no transparency; None: RGB as drawn
        self.backdrop = backdrop  # the RGB that translucent paint lies on (with inks)
        self.path = None
        self.point = None  # current point, for cairo's arc and quad semantics
        self.source = (0.0, 0.0, 0.0, 1.0)
        self.font = ("", False)
        self.font_size = 10.0
        self.pending_fill = False
        self.alpha = 1.0  # group opacity, applied to each child
        self.zoom = 1.0  # points per user unit (scales only: what tells a thin area)
        self.extent = None  # the path's box in user units: (x0, y0, x1, y1)
        self._stack: list = []

    @property
    def code(self) -> list:
        """The canvas's operator list (reportlab swaps it when a form begins or ends)."""
        return self.canvas._code

    # state -------------------------------------------------------------------
    def save(self):
        self.canvas.saveState()
        self._stack.append((self.source, self.font, self.font_size, self.alpha, self.zoom))

    def restore(self):
        self.canvas.restoreState()
        self.source, self.font, self.font_size, self.alpha, self.zoom = self._stack.pop()

    def translate(self, x, y):
        self.canvas.translate(x, y)

    def scale(self, x, y):
        self.canvas.scale(x, y)
        self.zoom *= math.sqrt(abs(x * y))

    def rotate(self, radians):
        self.canvas.rotate(math.degrees(radians))

    def begin_opacity(self, opacity: float):
        self.save()
        self.alpha *= opacity

    def end_opacity(self):
        self.restore()

    # paths -------------------------------------------------------------------
    def _p(self):
        if self.path is None:
            self.path = self.canvas.beginPath()
        return self.path

    def _reach(self, x, y):
        e = self.extent
        self.extent = (x, y, x, y) if e is None else (min(e[0], x), min(e[1], y), max(e[2], x), max(e[3], y))

    def new_path(self):
        self.path, self.point, self.pending_fill, self.extent = None, None, False, None

    def new_sub_path(self):
        self.point = None

    def move_to(self, x, y):
        self._p().moveTo(x, y)
        self.point = (x, y)
        self._reach(x, y)

    def line_to(self, x, y):
        if self.point is None:
            return self.move_to(x, y)
        self._p().lineTo(x, y)
        self.point = (x, y)
        self._reach(x, y)

    def curve_to(self, x1, y1, x2, y2, x, y):
        if self.point is None:
            self.move_to(x1, y1)
        self._p().curveTo(x1, y1, x2, y2, x, y)
        self.point = (x, y)
        self._reach(x, y)

    def close_path(self):
        if self.path is not None:
            self.path.close()

    def rectangle(self, x, y, w, h):
        self._p().rect(x, y, w, h)
        self.point = (x, y)
        self._reach(x, y)
        self._reach(x + w, y + h)

    def arc(self, xc, yc, r, a1, a2):
        """cairo's arc: a line to the start, then Bézier quarters (or less) to the end."""
        while a2 < a1:
            a2 += 2 * math.pi
        start = (xc + r * math.cos(a1), yc + r * math.sin(a1))
        if self.point is None:
            self.move_to(*start)
        else:
            self.line_to(*start)
        segments = max(1, math.ceil((a2 - a1) / (math.pi / 2) - 1e-9))
        step = (a2 - a1) / segments
        k = 4 / 3 * math.tan(step / 4) * r
        a = a1
        for _ in range(segments):
            b = a + step
            ca, sa, cb, sb = math.cos(a), math.sin(a), math.cos(b), math.sin(b)
            self.curve_to(xc + r * ca - k * sa, yc + r * sa + k * ca,
                          xc + r * cb + k * sb, yc + r * sb - k * cb,
                          xc + r * cb, yc + r * sb)
            a = b

    # painting ----------------------------------------------------------------
    def set_source_rgb(self, r, g, b):
        self.source = (r, g, b, 1.0)

    def set_source_rgba(self, r, g, b, a=1.0):
        self.source = (r, g, b, a)

    def set_line_width(self, width):
        self.code.append(f"{fp_str(width)} w")

    def set_dash(self, dashes, offset=0):
        self.code.append(f"[{fp_str(*dashes) if dashes else ''}] {fp_str(offset)} d")

    def _opaque(self, r, g, b, a) -> tuple:
        """The color a translucent paint shows on the backdrop (for a print file, which
        may hold no transparency). Exact for our cards: their translucent shapes lie on
        the card's ground alone, never on each other."""
        if a >= 1:
            return (r, g, b)
        if self.backdrop is None:
            from ..errors import CardgenError

            raise CardgenError("a translucent shape lies on no known ground, so it cannot be printed without "
                               "transparency: give the card a full-page background rectangle first")
        return tuple(a * v + (1 - a) * w for v, w in zip((r, g, b), self.backdrop))

    def _cmyk(self, kind: str) -> str:
        r, g, b, a = self.source
        return fp_str(*(round(v, 4) for v in self.inks.cmyk(self._opaque(r, g, b, a * self.alpha), kind)))

    def _fill_color(self, kind: str = "fill"):
        if self.inks is not None:
            self.code.append(f"{self._cmyk(kind)} k")
            return
        r, g, b, a = self.source
        self.code.append(f"{fp_str(r, g, b)} rg")
        self.canvas.setFillAlpha(a * self.alpha)  # reportlab names the ExtGState (and skips a repeat)

    def fill_preserve(self):
        self._fill_color()
        self.pending_fill = True

    def _thin(self) -> bool:
        """The path is a thin area, THIN_MM across or less (an underline of small type):
        printed like a line (cmyk.py)."""
        if self.extent is None:
            return False
        x0, y0, x1, y1 = self.extent
        return min(x1 - x0, y1 - y0) * self.zoom * 25.4 / 72 < THIN_MM

    def fill(self):
        if self.path is not None:
            self._fill_color("line" if self.inks is not None and self._thin() else "fill")
            self.canvas.drawPath(self.path, stroke=0, fill=1, fillMode=FILL_NON_ZERO)
        self.new_path()

    def stroke(self):
        if self.path is not None:
            if self.inks is not None:
                self.code.append(f"{self._cmyk('stroke')} K")
            else:
                r, g, b, a = self.source
                self.code.append(f"{fp_str(r, g, b)} RG")
                self.canvas.setStrokeAlpha(a * self.alpha)
            self.canvas.drawPath(self.path, stroke=1, fill=1 if self.pending_fill else 0, fillMode=FILL_NON_ZERO)
        self.new_path()

    def clip(self):
        if self.path is not None:
            self.canvas.clipPath(self.path, stroke=0, fill=0, fillMode=FILL_NON_ZERO)
        self.new_path()

    # text --------------------------------------------------------------------
    def _font_name(self) -> str:
        """The reportlab font for the selected family and weight."""
        found = _faces(self.fonts).get(self.font)
        if found is None:
            raise Unsupported(f"font family {self.font[0]}")
        return found

    def select_font_face(self, family, slant=0, weight=0):
        self.font = (family, bool(weight))

    def set_font_size(self, size):
        self.font_size = size

    def text_extents(self, text: str) -> tuple:
        """(x_bearing, y_bearing, width, height, x_advance, y_advance) like cairo's; y unused."""
        upm, glyph_of, advance, xbounds = _metrics(self._font_name())
        scale = self.font_size / upm
        pen, left, right = 0, None, None
        for ch in text:
            glyph = glyph_of.get(ord(ch), 0)
            box = xbounds(glyph)
            if box is not None:
                left = pen + box[0] if left is None else min(left, pen + box[0])
                right = pen + box[1] if right is None else max(right, pen + box[1])
            pen += advance(glyph)
        if left is None:
            left = right = 0
        return (left * scale, 0.0, (right - left) * scale, 0.0, pen * scale, 0.0)

    def show_text(self, text: str):
        """One BT…ET block, encoded the way reportlab's text objects encode a TrueType font
        (its subsets, its escaping), with a text matrix that keeps glyphs upright in the
        flipped space; written directly, as drawString would cost ten calls a run."""
        from reportlab.pdfbase.pdfmetrics import getFont

        font = getFont(self._font_name())
        x, y = self.point or (0.0, 0.0)
        doc, escape = self.canvas._doc, self.canvas._escape
        self._fill_color("text" if self.font_size < LARGE_TYPE_MM else "fill")  # display type: an area
        ops = [f"BT 1 0 0 -1 {fp_str(x, y)} Tm"]
        for subset, chunk in font.splitString(text, doc):
            ops.append(f"{font.getSubsetInternalName(subset, doc)} {fp_str(self.font_size)} Tf ({escape(chunk)}) Tj")
        ops.append("ET")
        self.code.append(" ".join(ops))
        self.new_path()


    # images (CMYK only) ------------------------------------------------------
    def draw_image(self, png: bytes, x, y, w, h):
        """A PNG as a DeviceCMYK image filling the box (alpha flattened on the backdrop)."""
        import io

        from PIL import Image
        from reportlab.lib.utils import ImageReader

        if self.inks is None:
            raise Unsupported("image")
        with Image.open(io.BytesIO(png)) as im:
            im.load()
            if im.mode not in ("RGB", "L"):
                rgba = im.convert("RGBA")
                ground = tuple(round(v * 255) for v in self._opaque(0, 0, 0, 0)) if rgba.getextrema()[3][0] < 255 \
                    else (255, 255, 255)
                flat = Image.new("RGB", rgba.size, ground)
                flat.paste(rgba, mask=rgba.getchannel("A"))
                im = flat
            cmyk = self.inks.image(im)
        self.canvas.saveState()
        self.canvas.translate(x, y + h)
        self.canvas.scale(1, -1)  # the canvas runs y down (SVG's); an image is placed y up
        self.canvas.drawImage(ImageReader(cmyk), 0, 0, w, h)
        self.canvas.restoreState()


def _nothing(*args, **kwargs):
    return None


class Probe:
    """A context that draws nothing: fastsvg walks the SVG over it and raises Unsupported
    wherever drawing would (an element, a path command, a color, a font family), for
    a few hundredths of what drawing costs."""

    def __init__(self, fonts):
        self.fonts = fonts

    def __getattr__(self, name):
        return _nothing

    def select_font_face(self, family, slant=0, weight=0):
        if (family, bool(weight)) not in _faces(self.fonts):
            raise Unsupported(f"font family {family}")

    def text_extents(self, text: str) -> tuple:
        return (0.0,) * 6


def flip(canvas, height_pt: float) -> None:
    """Make the canvas's user space SVG's: origin top-left, y down, in points."""
    canvas.translate(0, height_pt)
    canvas.scale(1, -1)
