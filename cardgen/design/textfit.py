"""Text measured in the theme's own font files, so a design can wrap a paragraph or fit
a title to a panel before the SVG is drawn.

A line's width is the sum of its glyphs' advances (fontmetrics.py reads them): exactly what
both our renderers lay out, since neither applies kerning (cairo's show_text, reportlab's
drawString).
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path


@lru_cache(maxsize=16)
def _advances(path: Path) -> tuple:
    """(advance of each character in font units, units per em, the fallback advance)."""
    from .fontmetrics import metrics

    upem, chars, _ = metrics(path)
    widths = {chr(code): m[0] for code, m in chars.items()}
    return widths, upem, widths.get("n", upem // 2)


# Where a line may not break: inside a product or an equation ("8 × 8", "12 × 12 = 144": the
# operator holds both its neighbours) and between a number and its unit ("30 min", "0.3 mm").
OPERATORS = frozenset("×=")
UNITS = frozenset({"mm", "cm", "in", "pt", "min", "mins", "minutes", "sec", "s", "h", "%", "gsm", "lb", "kg",
                   "g", "px", "dpi", "MB", "KB", "°"})
_NUMBER = re.compile(r"[(\[]?[−-]?\d[\d.,–-]*[+%]?")


def atoms(text: str) -> list:
    """text's words as the units a line breaks between: a product, an equation or a number
    with its unit stays one atom, its words joined by single spaces."""
    out: list = []
    joined = False  # the last atom ends in an operator: the next word belongs to it
    for word in text.split():
        unit = word.rstrip(".,;:)") in UNITS
        if out and (joined or word in OPERATORS or (unit and _NUMBER.fullmatch(out[-1].rsplit(" ", 1)[-1]))):
            out[-1] = f"{out[-1]} {word}"
        else:
            out.append(word)
        joined = word in OPERATORS
    return out


def width_mm(text: str, font_file: Path, size_mm: float) -> float:
    widths, upem, other = _advances(font_file)
    return sum(widths.get(ch, other) for ch in text) * size_mm / upem


def wrap(text: str, width: float, font_file: Path, size_mm: float) -> list:
    """The words of text in lines no wider than width mm (a word longer than that alone on its
    line), never broken inside a product or between a number and its unit (atoms), never one word alone on the last of several lines (an orphan): the measure is
    narrowed, to 70 % at most and without adding a line, until the last line holds two, or
    else the last word of the line above is brought down to it."""
    lines = _greedy(text, width, font_file, size_mm)
    if len(lines) < 2 or len(atoms(lines[-1])) > 1:
        return lines
    for step in range(1, 31):
        narrower = _greedy(text, width * (1 - step / 100), font_file, size_mm)
        if len(narrower) > len(lines):
            break
        if len(atoms(narrower[-1])) > 1:
            return narrower
    *before, last = atoms(lines[-2])  # else the last word of the line above brought down, when it fits
    if before and width_mm(f"{last} {lines[-1]}", font_file, size_mm) <= width:
        return lines[:-2] + [" ".join(before), f"{last} {lines[-1]}"]
    return lines


def _greedy(text: str, width: float, font_file: Path, size_mm: float) -> list:
    lines, line = [], ""
    for word in atoms(text):
        trial = f"{line} {word}" if line else word
        if line and width_mm(trial, font_file, size_mm) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line] if line else lines


def fit(text: str, width: float, font_file: Path, largest_mm: float) -> float:
    """The font size (mm) at which text fills width, at most largest_mm."""
    natural = width_mm(text, font_file, 1.0)
    return min(largest_mm, width / natural) if natural else largest_mm
