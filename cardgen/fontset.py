"""The fonts a theme sets its words in: four cuts in one folder, and the names the SVG
templates ask for. A value only: reading and checking the files is fontfiles.py's, and
making them the only fonts cairo and reportlab see is draw/fonts.py's."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from . import paths


@dataclass(frozen=True)
class FontSet:
    """Four cuts in one folder, and the family names the SVG templates ask for."""

    family: str
    files: tuple  # ((cut, file name), …) for regular, bold, black, italic
    roles: tuple  # ((role, fontconfig family), …): "text" and "heavy"
    folder: Path = paths.folder("cardgen.fonts")
    cap: float = 0.716  # the heavy cut's digit height, as a fraction of the font size (Lato's)
    digit: float = 0.58  # the heavy cut's tabular digit advance, as a fraction of the font size

    def file(self, cut: str) -> Path:
        return self.folder / dict(self.files)[cut]

    def role(self, name: str) -> str:
        return dict(self.roles)[name]

    @property
    def role_map(self) -> dict:
        return dict(self.roles)


DEFAULT_FONTS = FontSet(
    family="Lato",
    files=(("regular", "Lato-Regular.ttf"), ("bold", "Lato-Bold.ttf"), ("black", "Lato-Black.ttf"),
           ("italic", "Lato-Italic.ttf")),
    # cairo picks only regular or bold by weight, so the heavy cut is named by its family
    roles=(("text", "Lato"), ("heavy", "Lato Black")),
)

# Atkinson Hyperlegible (Braille Institute, SIL OFL 1.1: fonts/OFL-AtkinsonHyperlegible.txt),
# drawn for low-vision readers: 0 and O, 1, l and I, 6 and 9 are told apart by their shapes.
# It comes in regular, bold and their italics; the heavy role (big numbers, titles) takes the
# bold, the heaviest cut there is. Its digits are wider and shorter than Lato's.
HYPERLEGIBLE_FONTS = FontSet(
    family="Atkinson Hyperlegible",
    files=(("regular", "AtkinsonHyperlegible-Regular.ttf"), ("bold", "AtkinsonHyperlegible-Bold.ttf"),
           ("black", "AtkinsonHyperlegible-Bold.ttf"), ("italic", "AtkinsonHyperlegible-Italic.ttf")),
    roles=(("text", "Atkinson Hyperlegible"), ("heavy", "Atkinson Hyperlegible Heavy (cardgen)")),
    cap=0.668, digit=0.652,
)


# Andika (SIL International, SIL OFL 1.1 with the reserved name "Andika": fonts/OFL-Andika.txt,
# so the files ship as released, never subset or renamed), drawn for children learning to read:
# a plain zero (Atkinson's is slashed, and "10" reads as "1Ø" to a seven-year-old), a single-storey
# a and g, and I, l and 1 told apart. Regular, bold and italic; the heavy role takes the bold.
EARLY_READER_FONTS = FontSet(
    family="Andika",
    files=(("regular", "Andika-Regular.ttf"), ("bold", "Andika-Bold.ttf"), ("black", "Andika-Bold.ttf"),
           ("italic", "Andika-Italic.ttf")),
    roles=(("text", "Andika"), ("heavy", "Andika Heavy (cardgen)")),
    cap=0.713, digit=0.605,
)
