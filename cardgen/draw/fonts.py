"""The fonts every card is set in, taken from fonts/ and never from the system.

CairoSVG finds fonts through fontconfig and silently substitutes another font
when a family is missing. So before the first render we point FONTCONFIG_FILE at
a config that knows only the project's font folder, and we refuse to render when
a font file is missing or unreadable: a card must look the same on every machine.
"""
from __future__ import annotations

import hashlib
import os
import struct
import tempfile
from pathlib import Path
from xml.sax.saxutils import escape

from ..errors import CardgenError
from ..theme import DEFAULT_FONTS, FontSet


_SFNT_TAGS = {b"\x00\x01\x00\x00", b"OTTO", b"true"}
_configured: "tuple[FontSet, Path] | None" = None


def from_folder(folder: Path, files: dict) -> FontSet:
    """A theme's fonts: the four cuts by file name; families read from the files themselves.

    A black cut that shares the regular's family name (most families) gets a name of its
    own, which fontconfig gives that file (see ensure_fonts): else cairo, which picks only
    regular or bold by weight, would never draw it."""
    if not folder.is_dir():
        raise CardgenError(f"theme fonts folder {folder} {'is not a folder' if folder.exists() else 'does not exist'}: "
                           "name a folder holding the four cuts under [theme] fonts")
    cuts = {**dict(DEFAULT_FONTS.files), **files}
    for cut, name in cuts.items():
        if not (folder / name).exists():
            raise CardgenError(f"theme fonts folder {folder} has no {name} for the {cut} cut: add it, or name "
                               f"the file under [theme] font_files = {{ {cut} = \"…\" }}")
        _check_font_file(folder / name)
    from fontTools.ttLib import TTFont, TTLibError

    def family(name: str) -> str:
        try:
            with TTFont(str(folder / name), lazy=True) as font:
                return str(font["name"].getDebugName(1))
        except (TTLibError, KeyError, OSError) as exc:
            raise CardgenError(f"font file {folder / name} has no readable name table ({exc}): "
                               "replace it with a complete TrueType/OpenType font") from None
    text, heavy = family(cuts["regular"]), family(cuts["black"])
    if heavy == text:
        heavy = f"{text} Heavy (cardgen)"
    return FontSet(family=text, files=tuple(cuts.items()), roles=(("text", text), ("heavy", heavy)), folder=folder)


def _check_font_file(path: Path) -> None:
    """Cheap structural check: an sfnt header whose table directory fits the file."""
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise CardgenError(
            f"font file {path} is missing: put an open-licence TTF of that name in {path.parent} "
            "(for cardgen's own fonts: reinstall cardgen)") from None
    except OSError as exc:
        raise CardgenError(f"font file {path} cannot be read ({exc.strerror}): fix its permissions") from None
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
    folder = fonts.folder.resolve()
    for _, name in fonts.files:
        _check_font_file(folder / name)
    black = folder / dict(fonts.files)["black"]
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


_private: "tuple[int, Path] | None" = None  # (pid, folder): a forked child makes its own


def _private_dir() -> Path:
    global _private
    if _private is None or _private[0] != os.getpid():
        import atexit
        import shutil

        folder = Path(tempfile.mkdtemp(prefix="cardgen-fonts-"))
        atexit.register(shutil.rmtree, folder, True)
        _private = (os.getpid(), folder)
    return _private[1]


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


def register_reportlab_fonts(fonts: FontSet) -> dict:
    """Register the cuts with reportlab (by path, never from the system); returns the
    names to use: {"text", "bold", "heavy", "italic"}."""
    from reportlab import rl_config
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    rl_config.useA85 = 0  # binary streams: smaller PDFs, and no slow ASCII85 pass over every image

    ensure_fonts(fonts)
    # names unique to the files, so a theme's fonts never mix with the defaults'
    tag = hashlib.sha256(str(fonts.folder.resolve()).encode() + repr(sorted(fonts.files)).encode()).hexdigest()[:8]
    names = {role: f"cg{tag}-{role}" for role in ("text", "bold", "heavy", "italic")}
    cuts = {"text": "regular", "bold": "bold", "heavy": "black", "italic": "italic"}
    for role, name in names.items():
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(fonts.file(cuts[role]))))
    addMapping(names["text"], 0, 0, names["text"])
    addMapping(names["text"], 1, 0, names["bold"])
    addMapping(names["text"], 0, 1, names["italic"])
    addMapping(names["text"], 1, 1, names["bold"])
    return names
