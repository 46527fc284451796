"""Font files as a theme names them: read within a size limit, checked in full with
fontTools (a damaged file is one error naming it, before anything draws with it), and a
theme's folder turned into a FontSet. Nothing here draws: draw/fonts.py hands the checked
files to fontconfig and reportlab."""
from __future__ import annotations

import hashlib
import io
import os
import struct
from pathlib import Path

from .errors import CardgenError
from .fontset import DEFAULT_FONTS, FontSet
from .inputs import MB, read_file

_SFNT_TAGS = {b"\x00\x01\x00\x00", b"OTTO", b"true"}


def from_folder(folder: Path, files: dict) -> FontSet:
    """A theme's fonts: the four cuts by file name; families read from the files themselves.

    Each file is parsed in full first (check_font): a damaged one is refused here, in one
    line naming it, before anything draws with it.

    A black cut that shares the regular's family name (most families) gets a name of its
    own, which fontconfig gives that file (see ensure_fonts): else cairo, which picks only
    regular or bold by weight, would never draw it."""
    if not folder.is_dir():
        raise CardgenError(f"theme fonts folder {folder} {'is not a folder' if folder.exists() else 'does not exist'}: "
                           "name a folder holding the four cuts under [theme] fonts")
    cuts = {**dict(DEFAULT_FONTS.files), **files}
    for cut, name in cuts.items():
        if not os.path.lexists(folder / name):
            raise CardgenError(f"theme fonts folder {folder} has no {name} for the {cut} cut: add it, or name "
                               f"the file under [theme] font_files = {{ {cut} = \"…\" }}")
    families = {cut: check_font(folder / name) for cut, name in cuts.items()}
    text, heavy = families["regular"], families["black"]
    if heavy == text:
        heavy = f"{text} Heavy (cardgen)"
    return FontSet(family=text, files=tuple(cuts.items()), roles=(("text", text), ("heavy", heavy)), folder=folder)


MAX_FONT_BYTES = 32 * MB
_TEST_TEXT = "0123456789AEIOUaeiou"  # every card draws these: a font must have outlines for them


def read_font(path: Path) -> bytes:
    """A font file's bytes: looked at first (a regular file, at most MAX_FONT_BYTES), then read."""
    return read_file(path, f"font file {path}", MAX_FONT_BYTES,
                     missing=f"put an open-licence TTF of that name in {path.parent} "
                             "(for cardgen's own fonts: reinstall cardgen)",
                     too_big="use a font file of an ordinary size", absent="is missing")


def check_font_file(path: Path) -> bytes:
    """Cheap structural check: a regular file of a sane size, with an sfnt header whose
    table directory fits the file. Returns its bytes."""
    data = read_font(path)
    ok = len(data) >= 12 and data[:4] in _SFNT_TAGS
    if ok:
        (num_tables,) = struct.unpack(">H", data[4:6])
        end = 12 + 16 * num_tables
        ok = 0 < num_tables < 64 and end <= len(data)
        for i in range(num_tables if ok else 0):
            _tag, _sum, offset, length = struct.unpack(">4sIII", data[12 + 16 * i:28 + 16 * i])
            if offset + length > len(data):
                ok = False
                break
    if not ok:
        raise CardgenError(
            f"font file {path} is not a valid TrueType/OpenType font: replace it with a good copy")
    return data


# the bundled font files as shipped: known good, so not parsed again on every build
KNOWN_GOOD = frozenset({
    "19d661d659af129704947b0027e5b77bef2bd43b7ced2973b350225f73fac07c",  # Lato-Black.ttf
    "e0b1c4de011de8dd077cf21f97919fc31158eb290ee1176cbae06d500a6304bc",  # Lato-Bold.ttf
    "bbc138d69289c5604474166e150d39995770ca98ffb9df02adb68666ec36cc37",  # Lato-Italic.ttf
    "0ad460bd756454f8485609747b25c5644a54d307a65daabbb24c646c112ed541",  # Lato-Regular.ttf
    "5a3b0c8cc8ca545155150b4512a1fa248298df121c50d6557e651e61fbdab92f",  # AtkinsonHyperlegible-Bold.ttf
    "021beda4d3c6edfc78872e436d74009f9a1bcb294331908fe5747c61d3dcc514",  # AtkinsonHyperlegible-Italic.ttf
    "7fb917c89019896d0b52ee84b7cbb3304c18cb90b19a62f5e32712bd23e97669",  # AtkinsonHyperlegible-Regular.ttf
    "4361126189a2d0e0da66999352db58aaf1b4ca940faf8a8239d725f8303d890d",  # Andika-Bold.ttf
    "6a4a0dd26d28f577b51dd6afb5acf6fd91ab21694e25649c270a32179bb52a62",  # Andika-Italic.ttf
    "202b96b1f174a4a43baefe885b40dacacb81786755efd08ed4b7704e79c45515",  # Andika-Regular.ttf
})
_parsed: dict = {}  # sha256 of a font's bytes -> its family name: each content is parsed once a process


def check_font(path: Path) -> str:
    """Parse the font in full with fontTools (the tables that drawing and PDF embedding
    read: head, hhea, maxp, hmtx, cmap, name, post, OS/2, and every glyph's outline in
    glyf or CFF); any damage is one CardgenError naming the file. Returns its family."""
    import logging

    from fontTools.pens.boundsPen import ControlBoundsPen
    from fontTools.ttLib import TTFont

    data = check_font_file(path)
    digest = hashlib.sha256(data).digest()
    if digest in _parsed:
        return _parsed[digest]
    log = logging.getLogger("fontTools")
    level, log.level = log.level, logging.CRITICAL + 1  # damage is one error here, not a warning per glyph
    problem = family = None
    try:
        with TTFont(io.BytesIO(data), recalcBBoxes=False, recalcTimestamp=False) as font:
            for tag in ("head", "hhea", "maxp", "hmtx", "cmap", "name", "post"):
                if tag not in font:
                    raise KeyError(f"no {tag!r} table")
                font[tag]  # noqa: B018 - decompiling it is the check
            if "OS/2" in font:
                font["OS/2"]  # noqa: B018
            cmap = font["cmap"].getBestCmap()
            family = font["name"].getDebugName(1)
            if not cmap:
                problem = "no Unicode character map (cmap)"
            elif not family:
                problem = "no family name (name table)"
            else:
                glyphs = font.getGlyphSet()
                # glyf and CFF alike: every outline cardgen can set is decoded (Latin-1, general
                # punctuation, arrows and ×: what cards and rules use), not a whole CJK font's
                used = {cmap[c] for c in cmap if c <= 0xFF or 0x2000 <= c <= 0x21FF or c == 0xD7}
                for name in sorted(used):
                    glyphs[name].draw(ControlBoundsPen(glyphs))
                missing = [ch for ch in _TEST_TEXT if ord(ch) not in cmap or not _has_outline(glyphs, cmap[ord(ch)])]
                if missing:
                    problem = f"no outlines for {''.join(missing)!r}"
    except Exception as exc:  # noqa: BLE001 - fontTools raises anything on damaged tables
        kind = exc.__class__.__name__
        kind = f"{exc.__class__.__module__}.{kind}" if kind == "error" else kind  # struct.error
        problem = f"{kind}: {str(exc).splitlines()[0] if str(exc) else 'damaged'}"[:160]
    finally:
        log.level = level
    if problem:
        raise CardgenError(f"font file {path} is damaged ({problem}): replace it with a good copy of the font")
    _parsed[digest] = str(family)
    return _parsed[digest]


def _has_outline(glyphs, name: str) -> bool:
    from fontTools.pens.boundsPen import ControlBoundsPen

    pen = ControlBoundsPen(glyphs)
    glyphs[name].draw(pen)
    return pen.bounds is not None
