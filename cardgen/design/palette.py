"""Group colors that stay apart for color-blind players.

Paul Tol's "muted" scheme without its purple: the eight colors keep a CIEDE2000
distance of at least 10.9 under simulated deutan, protan and tritan vision (see
../shared/RESEARCH.md). Larger variant tables (N > 8) borrow further colors; the
"×d" label printed on every arrow carries the group for any reader, in color or not.
"""
from __future__ import annotations

GROUP_COLORS = (
    "#332288",  # 1 indigo
    "#88ccee",  # 2 cyan
    "#44aa99",  # 3 teal
    "#117733",  # 4 green
    "#999933",  # 5 olive
    "#ddcc77",  # 6 sand
    "#cc6677",  # 7 rose
    "#882255",  # 8 wine
    "#aa4499",  # 9 purple (variants only)
    "#e69f00",  # 10 orange
    "#0072b2",  # 11 blue
    "#d55e00",  # 12 vermillion
)

INK = "#1d2330"  # text and outlines
PAPER = "#fffcf4"  # card body
MUTED_INK = "#5b6270"


_active: "tuple | None" = None


def use(colors: "tuple | None") -> None:
    """Make a theme's group colors (or, with None, the defaults) the active ones."""
    global _active
    _active = tuple(colors) if colors else None


def group_colors() -> tuple:
    """The active colors; a theme's list is completed from the defaults for large tables."""
    if not _active:
        return GROUP_COLORS
    return _active + tuple(c for c in GROUP_COLORS if c not in _active)


def group_color(group: int) -> str:
    return group_colors()[group - 1]


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
