"""Words set in lines of a given width, measured with the font they will be drawn in.

SVG has no line breaking: a page of instructions (the calibration sheet, the how-to-print
page) breaks its sentences here, with the advance widths reportlab reads from the theme's
font files, so a line never runs past its column whatever the font.
"""
from __future__ import annotations

PT_MM = 25.4 / 72


class Measure:
    """Text widths (mm) in the theme's cuts: regular for "text", bold for "bold", the black
    cut for "heavy"."""

    def __init__(self, fonts):
        from ..draw.fonts import register_reportlab_fonts

        self.names = register_reportlab_fonts(fonts, ("text", "bold", "heavy"))

    def width(self, text: str, size_pt: float, role: str = "text") -> float:
        from reportlab.pdfbase.pdfmetrics import stringWidth

        return stringWidth(text, self.names[role], size_pt) * PT_MM

    def lines(self, text: str, width_mm: float, size_pt: float, role: str = "text") -> list:
        """text broken at spaces into lines no wider than width_mm (a word longer than that
        stands alone on its line), never inside a product or between a number and its unit
        (textfit.atoms)."""
        from .textfit import atoms

        out, line = [], ""
        for word in atoms(text):
            wider = f"{line} {word}" if line else word
            if line and self.width(wider, size_pt, role) > width_mm:
                out.append(line)
                line = word
            else:
                line = wider
        return out + ([line] if line else [])
