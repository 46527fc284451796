"""The inks every design shares, and legible text on a colored tag.

The group colors are the theme's (theme.py): they travel with the Theme value."""
from __future__ import annotations

INK = "#1d2330"  # text and outlines
PAPER = "#fffcf4"  # card body
MUTED_INK = "#5b6270"


def relative_luminance(hex_color: str) -> float:
    """WCAG relative luminance, used to pick legible text on a colored tag."""
    def channel(v: int) -> float:
        c = v / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def text_on(hex_color: str) -> str:
    """Dark ink on light colors, white on dark ones (whichever contrasts more)."""
    lum = relative_luminance(hex_color)
    contrast_white = 1.05 / (lum + 0.05)
    contrast_ink = (lum + 0.05) / (relative_luminance(INK) + 0.05)
    return "#ffffff" if contrast_white >= contrast_ink else INK
