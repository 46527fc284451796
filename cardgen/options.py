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


def parse_offset(text: str) -> tuple:
    """'1.5,-0.5' -> (1.5, -0.5), in millimetres."""
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        raise CardgenError(f"--back-offset {text!r} is not X,Y in millimetres: write e.g. 1.5,-0.5") from None
    return (x, y)
