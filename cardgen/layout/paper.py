"""Paper sizes (portrait, mm) and the home-print rules that go with them."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import CardgenError

MIN_MARGIN_MM = 5.0  # nothing but crop marks closer than this to the page edge
MARK_MARGIN_MM = 3.0  # crop marks no closer than this


@dataclass(frozen=True)
class Paper:
    name: str
    width: float
    height: float
    ruler_mm: float  # calibration bar length: a round length users can measure
    ruler_label: str

    def landscape(self) -> "Paper":
        return Paper(self.name, self.height, self.width, self.ruler_mm, self.ruler_label)


PAPERS = {
    "letter": Paper("letter", 215.9, 279.4, 50.8, "2 in"),
    "a4": Paper("a4", 210.0, 297.0, 50.0, "50 mm"),
}


def papers(choice: str) -> list[Paper]:
    """--paper letter|a4|both."""
    if choice == "both":
        return [PAPERS["letter"], PAPERS["a4"]]
    try:
        return [PAPERS[choice]]
    except KeyError:
        raise CardgenError(f"unknown paper {choice!r}: use letter, a4 or both") from None
