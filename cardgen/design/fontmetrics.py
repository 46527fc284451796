"""A font file's horizontal metrics, read once and kept: what measure.py and textfit.py fit
texts with.

For each character the font maps: its glyph's advance and the x-bounds of its outline (None
for an empty glyph, a space, or a font without TrueType outlines), and the same for .notdef
(what a character the font lacks is set in). Reading them takes fontTools and most of a
tenth of a second a font; they depend on the file's bytes alone, so they are kept in the
result store (cache.py, kind "metrics") under the file's digest (and the code's), and a
build whose fonts have not changed reads them back as a small JSON document.
"""
from __future__ import annotations

import os
from functools import lru_cache

KIND = "metrics"


def _read(path: str) -> dict:
    """The metrics from the file: units per em, code point -> [advance, x min, x max], .notdef's."""
    import logging
    import struct

    from fontTools.ttLib import TTFont

    log = logging.getLogger("fontTools")
    level, log.level = log.level, logging.ERROR  # the fonts' 1904-based dates are fine
    try:
        with TTFont(path, lazy=True, recalcTimestamp=False) as font:
            upm = font["head"].unitsPerEm
            cmap = font.getBestCmap()
            hmtx = font["hmtx"]

            def no_outlines(name: str):
                return None, None  # a font without glyf (CFF): no bounds read here

            bounds = no_outlines
            if "glyf" in font:  # each outline's header: numberOfContours, xMin, yMin, xMax, yMax
                loca, raw = font["loca"], font.reader["glyf"]

                def outline_bounds(name: str):
                    gid = font.getGlyphID(name)
                    start, end = loca[gid], loca[gid + 1]
                    if end <= start:
                        return None, None  # an empty glyph: no outline
                    x_min, _, x_max = struct.unpack_from(">hhh", raw, start + 2)
                    return x_min, x_max

                bounds = outline_bounds

            def one(name: str) -> list:
                return [hmtx[name][0], *bounds(name)]
            chars = {str(code): one(name) for code, name in cmap.items() if name in hmtx.metrics}
            notdef = one(".notdef")
    finally:
        log.level = level
    return {"upm": upm, "chars": chars, "notdef": notdef}


@lru_cache(maxsize=16)
def _kept(path: str, mtime_ns: int, size: int) -> tuple:
    from .. import cache

    digest = cache._font_file_digest(path, mtime_ns, size)
    data = cache.kept_json(KIND, {"font": digest}, lambda: _read(path))
    chars = {int(code): tuple(m) for code, m in data["chars"].items()}
    return data["upm"], chars, tuple(data["notdef"])


def metrics(path) -> tuple:
    """(units per em, {code point: (advance, x min, x max)}, .notdef's (advance, x min, x max))
    of the font file at path (x min and x max None where there is no outline)."""
    st = os.stat(path)
    return _kept(str(path), st.st_mtime_ns, st.st_size)
