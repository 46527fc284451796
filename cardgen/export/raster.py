"""Card SVGs to RGB images of an exact pixel size, for screens and print shops."""
from __future__ import annotations

import io
import struct


def rgb_png(svg: str, width_px: int, height_px: int) -> bytes:
    """The SVG rendered to exactly width × height pixels on white, as an RGB PNG."""
    from ..render import fastsvg

    try:
        return fastsvg.png(svg, size_px=(width_px, height_px), background="#ffffff")
    except fastsvg.Unsupported:
        import cairosvg
        from PIL import Image

        from ..render.pngfile import encode

        png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width_px, output_height=height_px,
                               background_color="#ffffff")  # cards are opaque; white under any anti-aliased edge
        with Image.open(io.BytesIO(png)) as im:
            return encode(im.convert("RGB").tobytes(), width_px, height_px)


def rgb_image(svg: str, width_px: int, height_px: int):
    """The same, as an RGB Pillow image."""
    from PIL import Image

    with Image.open(io.BytesIO(rgb_png(svg, width_px, height_px))) as im:
        return im.convert("RGB")


def _rgb_png(job) -> bytes:
    return rgb_png(*job)


def rgb_pngs(svgs: list, width_px: int, height_px: int, workers: int) -> list[bytes]:
    """PNG bytes for each SVG at an exact pixel size, on several processes when worth it."""
    from ..render import workers as pool

    return pool.run(_rgb_png, [(svg, width_px, height_px) for svg in svgs], workers)


def srgb_profile() -> "bytes | None":
    """An sRGB ICC profile to tag images with, when Pillow has LittleCMS.

    LittleCMS stamps the profile with the current time; we pin the date and clear the
    profile id (zero means "not computed"), so images stay byte-identical."""
    try:
        from PIL import ImageCms

        icc = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    except Exception:  # Pillow built without LittleCMS: untagged RGB is read as sRGB anyway
        return None
    icc[24:36] = struct.pack(">6H", 2026, 1, 1, 0, 0, 0)
    icc[84:100] = bytes(16)
    return bytes(icc)
