"""The look a build draws with: design tokens, fonts and back art, as one value.

A Theme is made once from the options (theme_for) and passed down to every card
design, document and drawing call; nothing reads it from module state, so a library
caller gets exactly the theme it passes, and the color check sees exactly the
colors that are drawn.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .fontset import DEFAULT_FONTS, EARLY_READER_FONTS, HYPERLEGIBLE_FONTS, FontSet  # noqa: F401 - the theme's fonts, named here too
from .tokens import Tokens, default_tokens

# The built-in group colors are design tokens (templates/design/tokens.toml, group.colors):
# ×1–×8 Paul Tol's "muted" scheme, ×9–×12 for larger tables, neighbours in the table far
# apart; every arrow also carries its group's shape and "×d" label, for any reader.
DEFAULT_GROUP_COLORS = default_tokens().group_colors
MAX_GROUPS = len(DEFAULT_GROUP_COLORS)


def font_set(name: str) -> FontSet:
    """The bundled fonts a --font choice names (looked up when asked, never copied)."""
    return {"standard": DEFAULT_FONTS, "hyperlegible": HYPERLEGIBLE_FONTS, "early-reader": EARLY_READER_FONTS}[name]


@dataclass(frozen=True)
class Theme:
    """The design tokens a build draws with (a theme's colors already in them), its fonts
    and its back art."""

    tokens: Tokens = field(default_factory=default_tokens)
    fonts: FontSet = DEFAULT_FONTS
    back_art: "Path | None" = None  # SVG or PNG drawn on every back instead of the lattice
    art_cache: dict = field(default_factory=dict, compare=False, hash=False, repr=False)

    @property
    def group_colors(self) -> tuple:
        """One per group, exactly as drawn (MAX_GROUPS of them)."""
        return self.tokens.group_colors

    def group_color(self, group: int) -> str:
        return self.group_colors[group - 1]

    def group_shape(self, group: int) -> str:
        return self.tokens.group_shapes[group - 1]

    def with_group_colors(self, colors: tuple, where: str = "[theme] group_colors") -> "Theme":
        """This theme with its group colors (a full set: see complete_colors) replaced."""
        from dataclasses import replace

        return replace(self, tokens=self.tokens.override({"group.colors": tuple(colors)}, where))


DEFAULT_THEME = Theme()


def complete_colors(colors: "tuple | None") -> tuple:
    """A theme's colors, completed for large tables from the built-in palette: each added
    color is the built-in one farthest (CIEDE2000, under simulated color-blind vision)
    from every color already chosen, so a theme's own colors are never followed by a
    near twin of one of them."""
    if not colors:
        return DEFAULT_GROUP_COLORS
    from .colorcheck import min_distance

    chosen = list(colors)
    spare = [c for c in DEFAULT_GROUP_COLORS if c not in chosen]
    while len(chosen) < MAX_GROUPS and spare:
        best = max(spare, key=lambda c: min_distance(c, chosen))
        chosen.append(best)
        spare.remove(best)
    return tuple(chosen[:MAX_GROUPS]) if len(colors) <= MAX_GROUPS else tuple(chosen)


def theme_for(options) -> Theme:
    """The theme a build's options ask for; theme fonts and back art are read and checked
    here, before anything is written."""
    fonts = font_set(options.font)
    if options.fonts_dir:  # a theme's own fonts win over --font
        from .fontfiles import from_folder

        fonts = from_folder(Path(options.fonts_dir), dict(options.font_files or ()))
    back_art = Path(options.back_art) if options.back_art else None
    if back_art is not None:
        from .art import load

        load(back_art)  # refused here, before any output is made, when it is too big, a FIFO, …
    theme = Theme(default_tokens(), fonts, back_art)
    return theme.with_group_colors(complete_colors(options.group_colors)) if options.group_colors else theme
