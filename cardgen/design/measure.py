"""How wide a text's ink is, in the theme's own font: layouts fit texts by measuring them.

A design that guesses widths from an average digit leaves either too much room or too
little (a "×12" in Lato Bold is 1.64 em, in Atkinson Hyperlegible 1.49 em), so the
layouts ask the font: the advances from hmtx and, at both ends, the side bearings of
the outlines, the way the renderers centre the ink of a text.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

# the cut each role of a template draws with: fonts.heavy is the black cut, fonts.text
# with font-weight 700 the bold one
CUTS = {"heavy": "black", "bold": "bold", "text": "regular"}


@lru_cache(maxsize=4096)
def _ink_em(path: str, text: str) -> "tuple[float, float, float]":
    """(ink width, advance, left side bearing) of text in em: the advance less the first
    glyph's left side bearing and the last glyph's right one."""
    from .fontmetrics import metrics

    upm, chars, notdef = metrics(path)
    glyphs = [chars.get(ord(ch), notdef) for ch in text]
    if not glyphs:
        return 0.0, 0.0, 0.0
    advance = sum(g[0] for g in glyphs)
    ink, left = advance, 0
    (_, first_min, _), (last_advance, _, last_max) = glyphs[0], glyphs[-1]
    if first_min is not None:
        left = first_min
        ink -= left
    if last_max is not None:
        ink -= last_advance - last_max
    return ink / upm, advance / upm, left / upm


def ink_width(fonts, role: str, text: str, size: float) -> float:
    """The ink width of text set at size (any unit: the result is in the same) in the
    FontSet's cut for role ("heavy", "bold" or "text")."""
    return _ink_em(str(Path(fonts.file(CUTS[role]))), text)[0] * size


def ink_span(fonts, role: str, text: str, size: float) -> "tuple[float, float]":
    """(where the ink starts after the text's origin, its width) for a start-anchored text."""
    ink, _, left = _ink_em(str(Path(fonts.file(CUTS[role]))), text)
    return left * size, ink * size


def widest(fonts, role: str, texts, size: float) -> float:
    """The widest ink among texts at size."""
    texts = tuple(texts)
    try:
        return _widest(fonts, role, texts, size)
    except TypeError:  # a font set that cannot be hashed: measured each time
        return max((ink_width(fonts, role, t, size) for t in texts), default=0.0)


@lru_cache(maxsize=256)
def _widest(fonts, role: str, texts: tuple, size: float) -> float:
    """widest(), once a process for the same texts (a deck asks for its values' widest at every card)."""
    return max((ink_width(fonts, role, t, size) for t in texts), default=0.0)
