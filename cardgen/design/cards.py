"""What every card design takes and gives: one interface for all the decks.

A design module offers render_deck(deck, look) -> DeckArt: the game model's deck in,
every face in deck order, each distinct back once and which back each face wears
out. Builders never slice lists by position or know a design's own signature.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..model.sizes import CardSize
from ..theme import Theme


@dataclass(frozen=True)
class SVGCard:
    """One rendered card: where it goes in the deck, what it is, and its SVG text."""

    slug: str
    kind: str  # number | pass | back (and the other decks' kinds)
    svg: str
    name: str = ""  # what a person calls it: "12 (3×4)", "Pass left", "8 of hearts"


@dataclass(frozen=True)
class Look:
    """How a deck is drawn: card size, bleed, ink and the theme."""

    size: CardSize
    bleed: float
    low_ink: bool
    theme: Theme
    scaffold: str = "full"  # Str8 Eight: full | colors | bare, what the faces tell (settings.SCAFFOLDS)
    large_print: bool = False  # Str8 Eight: bigger numerals, fewer elements

    def with_bleed(self, bleed: float) -> "Look":
        return replace(self, bleed=bleed)


@dataclass(frozen=True)
class DeckArt:
    faces: tuple  # SVGCard, in deck order
    backs: tuple  # SVGCard, each distinct back once
    back_of: tuple  # for each face, its index in backs

    @property
    def cards(self) -> tuple:
        return self.faces + self.backs
