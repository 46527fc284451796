"""Validated build options shared by every game (the CLI fills them in)."""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from .errors import CardgenError
from .model.sizes import DEFAULT_BLEED_MM, card_size

FORMATS = ("svg", "pdf", "png", "tts", "pod", "html")


@dataclass(frozen=True)
class BuildOptions:
    out: Path = Path("output")
    games: tuple = ()
    formats: frozenset = frozenset({"pdf"})
    table_size: int = 8
    card_size: str = "poker"
    bleed: float = DEFAULT_BLEED_MM
    paper: str = "letter"  # letter | a4 | both
    layout: str = "duplex"  # duplex | fronts | gutterfold
    back_offset: tuple = (0.0, 0.0)  # mm, moves back pages to cancel a printer's duplex shift
    low_ink: bool = False
    decks: int = 1  # Crazy Eights: 2 for more than six players
    ace_value: int = 10  # Crazy Eights penalty for an ace (1 in a common variant)
    card_thickness: float = 0.3  # mm a card, for tuck boxes
    base_url: str = ""  # Tabletop Simulator image URLs: this + file name (default: file:/// paths)
    pass_cards: int = 6  # Str8 Eight: half pass left, half pass right
    group_colors: "tuple | None" = None  # theme: one "#rrggbb" per group
    fonts_dir: "Path | None" = None  # theme: a folder with the four cuts
    font_files: "dict | None" = None  # theme: regular/bold/black/italic file names in fonts_dir
    back_art: "Path | None" = None  # theme: SVG or PNG drawn on every back
    strict: bool = False  # color warnings become errors
    clean: bool = False  # ignore the cache: rebuild everything
    jobs: int = field(default_factory=lambda: os.cpu_count() or 1)

    def __post_init__(self):
        from .layout.imposition import LAYOUTS
        from .layout.paper import papers

        card_size(self.card_size)
        papers(self.paper)
        if self.layout not in LAYOUTS:
            raise CardgenError(f"unknown layout {self.layout!r}: use {', '.join(LAYOUTS)}")
        if not 0 <= self.bleed <= 6:
            raise CardgenError(f"bleed {self.bleed} mm is out of range: use 0 to 6 mm (3 is usual)")
        if self.pass_cards < 0 or self.pass_cards % 2 or self.pass_cards > 20:
            raise CardgenError(f"pass cards {self.pass_cards}: use an even number from 0 to 20 (half left, half right)")
        if self.group_colors is not None and len(self.group_colors) < min(self.table_size, 8):
            raise CardgenError(f"the theme lists {len(self.group_colors)} group colors; the {self.table_size}×"
                               f"{self.table_size} table needs {min(self.table_size, 8)}: add colors to theme.group_colors")
        if self.decks not in (1, 2):
            raise CardgenError(f"--decks {self.decks}: use 1, or 2 for more than six players")
        if self.ace_value not in (1, 10):
            raise CardgenError(f"--ace-value {self.ace_value}: use 10 (the reference rules) or 1 (a common variant)")
        if not 0.1 <= self.card_thickness <= 1.0:
            raise CardgenError(f"--card-thickness {self.card_thickness} mm: use 0.1 to 1.0 (0.3 is usual)")
        if any(abs(v) > 10 for v in self.back_offset):
            raise CardgenError(f"back offset {self.back_offset} is too large: printers shift by 1–4 mm; use -10 to 10")
        if self.jobs < 1:
            raise CardgenError(f"-j {self.jobs}: use at least one job")


def parse_formats(text: str) -> frozenset:
    """'svg,pdf' or 'all' -> {'svg', 'pdf'}."""
    names = [part.strip().lower() for part in text.split(",") if part.strip()]
    if not names:
        raise CardgenError("--format is empty: give svg, pdf, png, tts, pod, html (comma-separated) or all")
    if "all" in names:
        return frozenset(FORMATS)
    bad = [n for n in names if n not in FORMATS]
    if bad:
        raise CardgenError(f"unknown format {bad[0]!r}: use svg, pdf, png, tts, pod, html (comma-separated) or all")
    return frozenset(names)


def color_warnings(options: BuildOptions) -> list[str]:
    """Group colors that color-blind players would confuse (CIEDE2000 < 10, simulated)."""
    from .colorcheck import MIN_DISTANCE, too_close
    from .design.palette import GROUP_COLORS

    colors = list((options.group_colors or GROUP_COLORS)[:options.table_size])
    seen, lines = set(), []
    for i, j, kind, d in too_close(colors):
        if (i, j) in seen:
            continue
        seen.add((i, j))
        lines.append(f"group colors ×{i + 1} {colors[i]} and ×{j + 1} {colors[j]} are hard to tell apart with "
                     f"{kind} (CIEDE2000 {d:.1f} < {MIN_DISTANCE:g}): pick a more distinct color")
    return lines


def parse_offset(text: str) -> tuple:
    """'1.5,-0.5' -> (1.5, -0.5), in millimetres."""
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise CardgenError(f"--back-offset {text!r} is not X,Y in millimetres: write e.g. 1.5,-0.5") from None
    return (x, y)
