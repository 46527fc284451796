"""The fonts every card is set in, taken from fonts/ and never from the system.

CairoSVG finds fonts through fontconfig and silently substitutes another font
when a family is missing. So before the first render we point FONTCONFIG_FILE at
a config that knows only the project's font folder, and we refuse to render when
a font file is missing or unreadable: a card must look the same on every machine.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from html import escape as _html_escape

from ..errors import CardgenError
from ..fontfiles import KNOWN_GOOD, check_font_file, check_font, from_folder, read_font  # noqa: F401 - named here too
from ..fontset import FontSet


def escape(text: str) -> str:
    """&, < and > escaped for fontconfig's XML (html's escape: xml.sax.saxutils would pull in
    urllib and http.client, a fiftieth of a second at every start)."""
    return _html_escape(text, quote=False)


_configured: "tuple[FontSet, Path] | None" = None


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
        data[name] = check_font_file(source / name)
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
    from .taggedfont import TaggedTTFont

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
