"""The fonts every card is set in, taken from fonts/ and never from the system.

CairoSVG finds fonts through fontconfig and silently substitutes another font
when a family is missing. So before the first render we point FONTCONFIG_FILE at
a config that knows only the project's font folder, and we refuse to render when
a font file is missing or unreadable: a card must look the same on every machine.
"""
from __future__ import annotations

import hashlib
import io
import os
import struct
from pathlib import Path
from html import escape as _html_escape

from ..errors import CardgenError
from ..inputs import MB, read_file
from ..theme import DEFAULT_FONTS, FontSet


def escape(text: str) -> str:
    """&, < and > escaped for fontconfig's XML (html's escape: xml.sax.saxutils would pull in
    urllib and http.client, a fiftieth of a second at every start)."""
    return _html_escape(text, quote=False)


_SFNT_TAGS = {b"\x00\x01\x00\x00", b"OTTO", b"true"}
_configured: "tuple[FontSet, Path] | None" = None


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


def _check_font_file(path: Path) -> bytes:
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

    data = _check_font_file(path)
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


def ensure_fonts(fonts: FontSet) -> Path:
    """Verify the font files and make fontconfig (and so cairo, in this process and the
    ones it forks) see only them. Returns the fonts.conf path.

    The config lives in a private folder of this process (mkdtemp: mode 0700, a fresh
    name), never at a predictable path another user could plant. Switching to another
    font set in the same process reloads fontconfig and empties cairo's font caches, so
    a library caller's second build draws with its own fonts."""
    global _configured
    if _configured is not None and _configured[0] == fonts:
        return _configured[1]  # verified and configured already in this process
    source = fonts.folder.resolve()
    data, digests = {}, {}
    for _, name in fonts.files:
        data[name] = _check_font_file(source / name)
        digests[name] = hashlib.sha256(data[name]).hexdigest()
        if digests[name] not in KNOWN_GOOD:
            check_font(source / name)  # any other file (a theme's, a damaged copy): parsed in full
    # fontconfig scans a whole folder: it gets one of ours holding just the four files checked
    # (never the user's folder, where a FIFO would hang it or a link lead it anywhere)
    folder = _private_dir() / f"fonts-{hashlib.sha256(repr(sorted(digests.items())).encode()).hexdigest()[:12]}"
    # a black cut that is another cut's file too (a family without one: its bold) gets a copy of
    # its own, so renaming its family for the heavy role leaves the bold where cairo looks for it
    cuts = dict(fonts.files)
    shared = [cut for cut, name in cuts.items() if cut != "black" and name == cuts["black"]]
    black_name = f"heavy-{cuts['black']}" if shared else cuts["black"]
    if shared:
        folder = folder.with_name(folder.name + "-h")
    if not folder.is_dir():
        from ..errors import writing

        folder.mkdir(mode=0o700)
        for name, content in [*data.items(), *([(black_name, data[cuts["black"]])] if shared else [])]:
            with writing(folder / name):  # a full disk or `ulimit -f` names the file
                (folder / name).write_bytes(content)
    black = folder / black_name
    text = (
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        f"  <dir>{escape(str(folder))}</dir>\n  <cachedir>{escape(str(_private_dir() / 'cache'))}</cachedir>\n"
        # the black cut answers to the heavy role's name (its own family, whatever the file says)
        f'  <match target="scan"><test name="file"><string>{escape(str(black))}</string></test>'
        f'<edit name="family" mode="assign_replace"><string>{escape(fonts.role("heavy"))}</string></edit></match>\n'
        "</fontconfig>\n")
    conf = _private_dir() / f"fonts-{hashlib.sha256(text.encode()).hexdigest()[:12]}.conf"
    if not conf.exists():
        fd = os.open(conf, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
    os.environ["FONTCONFIG_FILE"] = str(conf)
    if _configured is not None:
        _reload_fontconfig()
    _configured = (fonts, conf)
    return conf


def _private_dir() -> Path:
    from ..private import folder

    return folder("fonts")


def _reload_fontconfig() -> None:
    """Make an already loaded fontconfig read FONTCONFIG_FILE again, and cairo forget the
    faces it found through the old one (only when cairo is loaded: then no drawing is
    under way between two builds)."""
    import ctypes
    import ctypes.util
    import sys

    name = ctypes.util.find_library("fontconfig")
    if name:
        ctypes.CDLL(name).FcInitReinitialize()
    cairo = sys.modules.get("cairocffi")
    if cairo is not None:
        cairo.cairo.cairo_debug_reset_static_data()


ROLES = ("text", "bold", "heavy", "italic")
CARD_ROLES = ("text", "bold", "heavy")  # what cards and sheets set: the italic (parsed in 12 ms) is the booklets'


def register_reportlab_fonts(fonts: FontSet, roles: tuple = ROLES) -> dict:
    """Register the cuts with reportlab (by path, never from the system), those of the roles
    asked for; returns the names to use: {"text", "bold", "heavy", "italic"}."""
    from reportlab import rl_config
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from .subsets import TaggedTTFont

    rl_config.useA85 = 0  # binary streams: smaller PDFs, and no slow ASCII85 pass over every image

    ensure_fonts(fonts)
    # names unique to the files, so a theme's fonts never mix with the defaults'
    tag = hashlib.sha256(str(fonts.folder.resolve()).encode() + repr(sorted(fonts.files)).encode()).hexdigest()[:8]
    names = {role: f"cg{tag}-{role}" for role in ("text", "bold", "heavy", "italic")}
    cuts = {"text": "regular", "bold": "bold", "heavy": "black", "italic": "italic"}
    for role, name in names.items():
        if role in roles and name not in pdfmetrics.getRegisteredFontNames():
            path = fonts.file(cuts[role])
            try:
                pdfmetrics.registerFont(TaggedTTFont(name, str(path)))
            except Exception as exc:  # noqa: BLE001 - reportlab's TTFError and whatever a damaged table raises
                why = f"{exc.__class__.__name__}: {str(exc).splitlines()[0] if str(exc) else 'unreadable'}"[:160]
                raise CardgenError(f"font file {path} cannot be embedded in a PDF ({why}): "
                                   "use a complete TrueType (glyf) font") from None
    addMapping(names["text"], 0, 0, names["text"])
    addMapping(names["text"], 1, 0, names["bold"])
    addMapping(names["text"], 0, 1, names["italic"])
    addMapping(names["text"], 1, 1, names["bold"])
    return names
