"""Our sRGB colors as a press prints them: CMYK through a real profile, under a shop's ink limit.

A print shop's PDF/X-1a wants DeviceCMYK only, with a total ink (C+M+Y+K) under its
limit (DriveThruCards: 240 %). Every color goes through littleCMS (Pillow's ImageCms)
from sRGB to the bundled GRACoL 2006 coated profile (templates/icc/README.md), never a
hand-made formula:

- Intent: relative colorimetric with black point compensation. Our cards are flat
  vector colors, nearly all inside the press gamut; relative colorimetric prints those
  exactly (perceptual would shift every color to make room for the few outside), and
  black point compensation maps sRGB's black onto the press's deepest black instead of
  clipping the dark navies and plums to one shade.
- Ink limit: a color whose conversion goes over the limit is searched again among
  CMYK mixes under it: gray component taken out of C, M and Y, the rest of C, M and Y
  scaled down, K raised (what GCR does), each mix measured back through the profile
  (CMYK -> Lab) and the one closest to the plain conversion kept (CIEDE2000). Its
  distance is kept with it, so a report can say what the limit cost.
- Headroom: every mix stays HEADROOM points under the shop's limit (235 % for a
  240 % shop), so the press's own variation, a RIP's rounding or a shop's stricter
  reading never takes a file over it.
- Black, on purpose: a near-black (L* < 20, chroma < 12: our ink #1d2330, #000000)
  is K alone in text, strokes and thin areas (one plate: no colored fringes when the
  plates shift on thin lines and small type), and a defined rich black, C55 M40 Y40
  K100 (235 %) in filled areas, deeper than K alone; under a lower limit its C, M and
  Y shrink to fit. Display type (LARGE_TYPE_MM and up: Eights' big letter, the big
  numbers) is an area too: its strokes are wide enough not to fringe, and a K-only
  glyph beside rich-black shapes of the same color (the letter I's slab bars) would
  print in two blacks. A thin area (THIN_MM across or less: the bar under a 6 or a 9,
  0.075 of its digits' size) goes with type of its size: under display type it is
  rich, under smaller type K alone, so a bar never prints in another black than the
  digits it underlines.

The converter is a value (Inks) passed down to the renderer, never module state;
the caches below only remember pure results.
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files

from ..colorcheck import _lab as _srgb_lab, _linear, ciede2000

PROFILE_NAME = "GRACoL2006_TR006_coated.icc"
RICH_BLACK = (55, 40, 40, 100)  # percent: C, M, Y, K (235 %)
HEADROOM = 5.0  # percent: how far under the shop's limit every mix stays
NEAR_BLACK_L, NEAR_BLACK_CHROMA = 20.0, 12.0
LARGE_TYPE_MM = 8.5  # 24 pt: type this size and up takes the fills' black (rich), smaller type K alone
THIN_MM = 0.075 * LARGE_TYPE_MM  # an area this thin prints like a line (K alone): an underline of small type
OUTPUT_CONDITION = "CGATS TR 006"  # the registered characterization of GRACoL 2006 coated
OUTPUT_CONDITION_INFO = "GRACoL 2006 coated (ANSI CGATS/GRACoL TR 006-2007), sheetfed offset, grade 1 coated paper"


@lru_cache(maxsize=1)
def profile_bytes() -> bytes:
    """The bundled CMYK profile's bytes (embedded as the PDF/X output intent)."""
    return (files("cardgen.templates") / "icc" / PROFILE_NAME).read_bytes()


@lru_cache(maxsize=4)
def _transforms(profile: bytes):
    """(sRGB -> CMYK, CMYK -> Lab) littleCMS transforms for a profile."""
    from PIL import ImageCms

    cmyk = ImageCms.ImageCmsProfile(io.BytesIO(profile))
    srgb, lab = ImageCms.createProfile("sRGB"), ImageCms.createProfile("LAB", 5000)
    to_cmyk = ImageCms.buildTransform(srgb, cmyk, "RGB", "CMYK", ImageCms.Intent.RELATIVE_COLORIMETRIC,
                                      flags=ImageCms.Flags.BLACKPOINTCOMPENSATION)
    to_lab = ImageCms.buildTransform(cmyk, lab, "CMYK", "LAB", ImageCms.Intent.RELATIVE_COLORIMETRIC)
    return to_cmyk, to_lab


def _apply(transform, mode: str, pixels: list) -> list:
    from PIL import Image, ImageCms

    im = Image.new(mode, (len(pixels), 1))
    im.putdata(pixels)
    out = ImageCms.applyTransform(im, transform)
    raw = out.tobytes()
    n = len(out.getbands())
    return [tuple(raw[i:i + n]) for i in range(0, len(raw), n)]


def _lab_values(encoded: tuple) -> tuple:
    """Pillow's 8-bit LAB pixel as L* a* b* (L scaled to 0-255, a and b signed bytes)."""
    L, a, b = encoded
    return (L * 100 / 255, a - 256 if a > 127 else a, b - 256 if b > 127 else b)


def lab_of(profile: bytes, cmyk8: list) -> list:
    """L*a*b* (D50) that the profile says each 8-bit CMYK mix prints as."""
    return [_lab_values(p) for p in _apply(_transforms(profile)[1], "CMYK", cmyk8)]


def total(cmyk8: tuple) -> float:
    """Total ink of an 8-bit CMYK mix in percent."""
    return sum(cmyk8) * 100 / 255


@dataclass(frozen=True)
class Conversion:
    """One sRGB color's journey: the plain profile conversion, the mix printed, and what
    the ink limit cost (CIEDE2000 between the two, through the profile)."""
    rgb: tuple  # 8-bit sRGB
    plain: tuple  # 8-bit CMYK from the profile
    cmyk: tuple  # 8-bit CMYK printed
    delta_e: float  # 0 when the plain mix is printed

    @property
    def plain_ink(self) -> float:
        return total(self.plain)

    @property
    def ink(self) -> float:
        return total(self.cmyk)


def _under_limit(profile: bytes, plain: tuple, limit: float) -> "tuple[tuple, float]":
    """The mix under the limit closest to the plain one (see the module's docstring)."""
    import numpy as np

    cap = int(limit * 255 / 100)  # the largest 8-bit sum still within the limit
    c, m, y, k = (int(v) for v in plain)
    gray = min(c, m, y)
    cands = set()
    for s in range(0, gray + 1, max(1, gray // 24)):
        for scale in np.linspace(0.4, 1.0, 31):
            cmy = [round((v - s) * scale) for v in (c, m, y)]
            # K may rise (from the plain mix's) as far as the limit leaves room: it makes
            # up the depth the removed C, M and Y took with them
            for k2 in range(k, min(255, cap - sum(cmy)) + 1, 2):
                cands.add((*cmy, k2))
    cands = sorted(cands)
    target = lab_of(profile, [plain])[0]
    labs = np.array(lab_of(profile, cands))
    d76 = np.linalg.norm(labs - np.array(target), axis=1)
    best = np.argsort(d76, kind="stable")[:40]
    scored = sorted((ciede2000(target, tuple(labs[i])), cands[i]) for i in best)
    delta_e, mix = scored[0]
    return mix, delta_e


@lru_cache(maxsize=4096)
def convert(profile: bytes, rgb8: tuple, limit: float) -> Conversion:
    """One 8-bit sRGB color through the profile, under the ink limit (percent)."""
    plain = _apply(_transforms(profile)[0], "RGB", [tuple(rgb8)])[0]
    if total(plain) <= limit:
        return Conversion(tuple(rgb8), plain, plain, 0.0)
    mix, delta_e = _under_limit(profile, plain, limit)
    return Conversion(tuple(rgb8), plain, mix, round(delta_e, 2))


@lru_cache(maxsize=4096)
def near_black(rgb8: tuple) -> bool:
    """Dark and nearly neutral: printed as black on purpose rather than through the profile."""
    L, a, b = _srgb_lab(_linear("#%02x%02x%02x" % tuple(rgb8)))
    return L < NEAR_BLACK_L and (a * a + b * b) ** 0.5 < NEAR_BLACK_CHROMA


def rich_black(limit: float) -> tuple:
    """RICH_BLACK in 0-1, its C, M and Y shrunk to fit a limit below its 235 % (the limit
    here is the one a mix must stay under, headroom already taken off)."""
    c, m, y, k = RICH_BLACK
    room = max(0.0, limit - k)
    shrink = min(1.0, room / (c + m + y))
    return (c * shrink / 100, m * shrink / 100, y * shrink / 100, k / 100)


@dataclass(frozen=True)
class Inks:
    """The color transform a CMYK rendering uses: sRGB in, DeviceCMYK (0-1) out, every
    mix HEADROOM under ink_limit percent. kind: "fill" (areas), "line" (thin areas),
    "stroke" or "text"."""
    ink_limit: float = 240.0
    profile: bytes = b""

    def __post_init__(self):
        if not self.profile:
            object.__setattr__(self, "profile", profile_bytes())

    def __repr__(self):
        return f"Inks(ink_limit={self.ink_limit})"

    @property
    def cap(self) -> float:
        """The most ink any mix lays down: the limit less the headroom (a limit too low to
        spare it, under 100 % + HEADROOM, is kept as it is)."""
        return self.ink_limit - HEADROOM if self.ink_limit >= 100 + HEADROOM else self.ink_limit

    def cmyk(self, rgb: tuple, kind: str = "fill") -> tuple:
        """An sRGB color (0-1 floats) as C, M, Y, K fractions."""
        rgb8 = tuple(max(0, min(255, round(v * 255))) for v in rgb)
        if near_black(rgb8):
            return (0.0, 0.0, 0.0, 1.0) if kind in ("text", "stroke", "line") else rich_black(self.cap)
        return tuple(v / 255 for v in convert(self.profile, rgb8, self.cap).cmyk)

    def conversion(self, hex_color: str) -> Conversion:
        """The profile's record of one color (for reports)."""
        return convert(self.profile, tuple(int(hex_color[i:i + 2], 16) for i in (1, 3, 5)), self.cap)

    def image(self, im):
        """A Pillow image (any mode; alpha already flattened) as CMYK under the limit.

        Pixels over the limit keep their K and lose C, M and Y in proportion (a GCR
        search per pixel would cost seconds an image); the result stays within the limit."""
        import numpy as np
        from PIL import Image, ImageCms

        out = ImageCms.applyTransform(im.convert("RGB"), _transforms(self.profile)[0])
        px = np.asarray(out).astype(np.int32)
        cap = int(self.cap * 255 / 100)
        over = px.sum(axis=2) > cap
        if over.any():
            cmy, k = px[..., :3], px[..., 3:]
            room = np.clip(cap - k, 0, None)
            shrink = np.where(over[..., None], room / np.maximum(cmy.sum(axis=2, keepdims=True), 1), 1.0)
            cmy = np.floor(cmy * np.minimum(shrink, 1.0)).astype(np.int32)
            px = np.concatenate([cmy, k], axis=2)
        return Image.fromarray(px.astype(np.uint8), "CMYK")
