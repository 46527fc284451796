"""Every PNG cardgen writes: card SVGs to pixels, and the PNG file itself.

cairo (through fastsvg, or CairoSVG for SVG outside our subset) draws; this module
writes the file: IHDR, the resolution (pHYs) so editors and print shops open a card
at its real size, an sRGB profile (iCCP) where asked, one IDAT deflated at the fastest
level with unfiltered rows, IEND. Pillow's encoder tries every row filter on every
row, which was two thirds of a card's time; our images are flat-colored drawings,
for which unfiltered rows compress about as well (libvips and sharp made "no filter"
their default for the same reason) in a third of the time. The deflating is
libdeflate (the `deflate` package) at its level 1: a standard zlib stream, 25 % smaller
than zlib's level 1 and a quarter quicker (40 card PNGs, 110 MB of rows: 2.72 MB in
0.146 s against 3.61 MB in 0.19 s). Its output depends only on its input and version.
Intel's ISA-L was five times quicker still, but CI caught it writing different bytes for
the same card in two builds, which breaks reproducible builds; see the design notes.
"""
from __future__ import annotations

import hashlib
import io
import struct
import zlib
from functools import partial

import deflate

SOURCE_KEY = "cardgen-source"  # a tEXt note: "sha256:<hex>" of the SVG a PNG was drawn from

PNG_DPI = 300
SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def encode(rgb: bytes, width: int, height: int, dpi: "float | None" = None, icc: "bytes | None" = None) -> bytes:
    """An 8-bit RGB PNG of rgb (width × height × 3 bytes, rows top to bottom)."""
    if len(rgb) != width * 3 * height:
        raise ValueError("rgb must hold width × height pixels")
    import numpy as np

    return encode_array(np.frombuffer(rgb, np.uint8).reshape(height, width, 3), dpi, icc)


def encode_array(pixels, dpi: "float | None" = None, icc: "bytes | None" = None) -> bytes:
    """An 8-bit RGB PNG of a height × width × 3 array (numpy, any strides: a view of
    cairo's memory will do), each row behind its filter byte (0: none) in one copy."""
    height, width = pixels.shape[:2]
    rows, view = blank_rows(width, height)
    for channel in range(3):  # one plane at a time: four times quicker than one strided copy of all three
        view[..., channel] = pixels[..., channel]
    return encode_rows(rows, dpi, icc)


def blank_rows(width: int, height: int) -> tuple:
    """(rows, pixels): a PNG's scanlines (height × (1 + 3 × width) bytes, each row's filter
    byte 0) and the height × width × 3 view of their pixels, to draw or compose into
    before encode_rows: a large image (a Tabletop Simulator sheet) is then never copied."""
    import numpy as np

    rows = np.zeros((height, 1 + 3 * width), np.uint8)
    return rows, rows[:, 1:].reshape(height, width, 3)


def encode_rows(rows, dpi: "float | None" = None, icc: "bytes | None" = None) -> bytes:
    """The PNG of scanlines made by blank_rows (compressed as they lie in memory)."""
    height, row = rows.shape
    return _png(rows, (row - 1) // 3, height, dpi, icc)


def _png(raw, width: int, height: int, dpi: "float | None", icc: "bytes | None") -> bytes:
    parts = [SIGNATURE, _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))]
    if icc:
        parts.append(_chunk(b"iCCP", b"sRGB\0\0" + zlib.compress(icc)))
    if dpi:
        ppm = round(dpi / 0.0254)
        parts.append(_chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)))
    parts += [_chunk(b"IDAT", deflate.zlib_compress(raw, 1)), _chunk(b"IEND", b"")]
    return b"".join(parts)


def with_dpi(png: bytes, dpi: float) -> bytes:
    """The same PNG with its pHYs chunk (inserted, or replaced) right after IHDR."""
    if png[:8] != SIGNATURE:
        raise ValueError("not a PNG")
    ihdr_end = 8 + 8 + 13 + 4
    rest = png[ihdr_end:]
    if rest[4:8] == b"pHYs":
        rest = rest[8 + 9 + 4:]
    ppm = round(dpi / 0.0254)
    return png[:ihdr_end] + _chunk(b"pHYs", struct.pack(">IIB", ppm, ppm, 1)) + rest


def with_icc(png: bytes, icc: "bytes | None") -> bytes:
    """The same PNG tagged with this ICC profile (an iCCP chunk right after IHDR, as encode
    writes it), unless it has one already or there is none to give."""
    if png[:8] != SIGNATURE:
        raise ValueError("not a PNG")
    ihdr_end = 8 + 8 + 13 + 4
    at, chunks = ihdr_end, set()
    while at + 8 <= len(png):  # the chunks before the image data: is a profile among them?
        length, kind = struct.unpack(">I4s", png[at:at + 8])
        if kind == b"IDAT":
            break
        chunks.add(kind)
        at += 12 + length
    if not icc or chunks & {b"iCCP", b"sRGB"}:
        return png
    return png[:ihdr_end] + _chunk(b"iCCP", b"sRGB\0\0" + zlib.compress(icc)) + png[ihdr_end:]


def with_text(png: bytes, key: str, value: str) -> bytes:
    """The same PNG with a tEXt chunk (key, value: Latin-1) right after IHDR: a note a reader
    can find without decoding the image (the preview's thumbnails name the card SVG they show)."""
    if png[:8] != SIGNATURE:
        raise ValueError("not a PNG")
    ihdr_end = 8 + 8 + 13 + 4
    return png[:ihdr_end] + _chunk(b"tEXt", key.encode("latin-1") + b"\0" + value.encode("latin-1")) + png[ihdr_end:]


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


def svg_to_png(svg: str, dpi: int = PNG_DPI) -> bytes:
    """A page or card at dpi, its resolution in the file."""
    from . import fastsvg

    try:
        return encode_array(fastsvg.pixels(svg, dpi), dpi)
    except fastsvg.Unsupported:
        import cairosvg

        return with_dpi(cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=dpi), dpi)


def rgb_png(svg: str, width_px: int, height_px: int) -> bytes:
    """The SVG drawn to exactly width × height pixels on white, as an RGB PNG (screens, shops)."""
    return encode_array(rgb_pixels(svg, width_px, height_px))


def rgb_pixels(svg: str, width_px: int, height_px: int):
    """The SVG drawn to exactly width × height pixels on white: a height × width × 3 array
    (numpy) of 8-bit RGB, to compose into a larger image or encode."""
    from . import fastsvg

    try:
        return fastsvg.pixels(svg, size_px=(width_px, height_px), background="#ffffff")
    except fastsvg.Unsupported:
        import cairosvg
        import numpy as np
        from PIL import Image

        png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), output_width=width_px, output_height=height_px,
                               background_color="#ffffff")  # cards are opaque; white under any anti-aliased edge
        with Image.open(io.BytesIO(png)) as im:
            return np.asarray(im.convert("RGB"))


def warm_up(fontset) -> None:
    """Load cairo, fontconfig and the theme's fonts once: run before render workers fork."""
    from . import fonts

    fonts.ensure_fonts(fontset)
    roles = fontset.role_map
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm" viewBox="0 0 10 10">'
           f'<text x="1" y="5" font-family="{roles["text"]}" font-size="3">8</text>'
           f'<text x="1" y="9" font-family="{roles["text"]}" font-weight="700" font-size="3">8</text>'
           f'<text x="5" y="9" font-family="{roles["heavy"]}" font-size="3">8</text></svg>')
    svg_to_png(svg, 20)


def _write_one(job: "tuple[str, list, int]") -> None:
    from ..errors import writing

    svg, paths, dpi = job
    # the SVG it is drawn from named in the file, as the preview's thumbnails do: `cardgen check`
    # holds a card's or a page's PNG to the SVG beside it (a PNG of another card or sheet is caught)
    png = with_text(svg_to_png(svg, dpi), SOURCE_KEY, "sha256:" + hashlib.sha256(svg.encode("utf-8")).hexdigest())
    for path in paths:
        with writing(path), open(path, "wb") as fh:
            fh.write(png)


def _rgb_png(job) -> bytes:
    return rgb_png(*job)


def _rgb_pixels(job):
    return rgb_pixels(*job)


def _once(jobs: list) -> "tuple[list, list]":
    """The distinct jobs, in first-seen order, and for each job the index of its distinct
    one: a deck's identical cards (Eights' letters, pass cards) are drawn once."""
    index: dict = {}
    which = [index.setdefault(job, len(index)) for job in jobs]
    return list(index), which


def write_pngs(jobs: "list[tuple[str, str, int]]", workers: int, fontset) -> None:
    """Render (svg, path, dpi) jobs, on the render workers (draw/workers.py) when there are
    cores; the same SVG at the same dpi is drawn once and written to each of its paths."""
    from . import workers as pool
    from .. import cache

    paths: dict = {}
    for svg, path, dpi in jobs:
        paths.setdefault((svg, dpi), []).append(path)
    # a drawing made before for the same SVG, dpi, fonts and code comes from the store (cache.py)
    fonts = cache.fonts_inputs(fontset) if cache.store_folder() is not None else None
    keys, todo = {}, []
    for (svg, dpi), where in paths.items():
        if fonts is not None:
            key = keys[(svg, dpi)] = cache.store_key("png", {"svg": svg, "dpi": dpi, "fonts": fonts,
                                                             "deflate": cache.library_version("deflate")})
            data = cache.fetch("png", key)
            if data is not None:
                for path in where:
                    _write_bytes(path, data)
                continue
        todo.append((svg, where, dpi))
    if todo:
        pool.run(_write_one, todo, workers, partial(warm_up, fontset))
    for svg, where, dpi in todo:
        if fonts is not None:
            with open(where[0], "rb") as fh:
                cache.keep("png", keys[(svg, dpi)], fh.read())


def _write_bytes(path: str, data: bytes) -> None:
    from ..errors import writing

    with writing(path), open(path, "wb") as fh:
        fh.write(data)


def rgb_pngs(svgs: list, width_px: int, height_px: int, workers: int, fontset) -> list[bytes]:
    """PNG bytes for each SVG at an exact pixel size, on several processes when worth it."""
    return _distinct(_rgb_png, svgs, width_px, height_px, workers, fontset)


def rgb_pixel_arrays(svgs: list, width_px: int, height_px: int, workers: int, fontset) -> list:
    """rgb_pixels of each SVG, on several processes when worth it: to compose, not to write."""
    return _distinct(_rgb_pixels, svgs, width_px, height_px, workers, fontset)


def _distinct(func, svgs: list, width_px: int, height_px: int, workers: int, fontset) -> list:
    from . import workers as pool

    distinct, which = _once([(svg, width_px, height_px) for svg in svgs])
    done = pool.run(func, distinct, workers, partial(warm_up, fontset))
    return [done[i] for i in which]
