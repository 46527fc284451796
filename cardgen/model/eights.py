"""Eric Pederson's Eights: 64 letter cards in 8 suits numbered 1–8.

Players spell ONE … EIGHT from their hand and the eight cards on the table; a word
scores the number it spells.
"""
from __future__ import annotations

from dataclasses import dataclass

GAME = "eights"
TITLE = "Eights"

SUIT_LETTERS = {
    1: "eeiotnrv",
    2: "eeiofnvg",
    3: "eeitfnsg",
    4: "eeithnvw",
    5: "eeotfrsx",
    6: "eeothsvu",
    7: "eiothsru",
    8: "eiofhrwx",
}
WORDS = {"ONE": 1, "TWO": 2, "THREE": 3, "FOUR": 4, "FIVE": 5, "SIX": 6, "SEVEN": 7, "EIGHT": 8}


@dataclass(frozen=True)
class LetterCard:
    suit: int
    index: int  # 1..8 within the suit, in the published order
    letter: str  # lower case, as published

    @property
    def slug(self) -> str:
        return f"{self.suit}-{self.index}-{self.letter}"


def build_deck() -> list[LetterCard]:
    return [LetterCard(suit, i, letter) for suit, letters in SUIT_LETTERS.items()
            for i, letter in enumerate(letters, 1)]
