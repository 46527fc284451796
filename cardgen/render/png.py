"""SVG to PNG at print resolution, with the resolution written into the file.

cairo's PNGs carry no DPI, so we add a pHYs chunk ourselves: image editors and
print shops then open the card at its real size.
"""
from __future__ import annotations

import struct
import zlib

PNG_DPI = 300


def with_dpi(png: bytes, dpi: int) -> bytes:
    """Insert (or replace) the pHYs chunk right after IHDR."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    ihdr_end = 8 + 8 + 13 + 4
    rest = png[ihdr_end:]
    if rest[4:8] == b"pHYs":
        rest = rest[8 + 9 + 4:]
    ppm = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", ppm, ppm, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)
    return png[:ihdr_end] + chunk + rest


def svg_to_png(svg: str, dpi: int = PNG_DPI) -> bytes:
    from . import fastsvg

    try:
        return fastsvg.png(svg, dpi)  # written with its pHYs already
    except fastsvg.Unsupported:
        import cairosvg

        return with_dpi(cairosvg.svg2png(bytestring=svg.encode("utf-8"), dpi=dpi), dpi)


def _write_one(job: "tuple[str, str, int]") -> None:
    svg, path, dpi = job
    with open(path, "wb") as fh:
        fh.write(svg_to_png(svg, dpi))


def write_pngs(jobs: "list[tuple[str, str, int]]", workers: int) -> None:
    """Render (svg, path, dpi) jobs, on the render workers (render/workers.py) when there are cores."""
    from . import workers as pool

    pool.run(_write_one, jobs, workers)
