"""What a tuck box must hold: card stock and sleeves, as named presets.

A printed card is about 0.3 mm thick on 250–300 gsm stock and 0.4 mm on 350 gsm or two
sheets glued back to back; a sleeve adds its two films to the thickness and its seams to
the width and height (a poker card, 63.5 × 88.9 mm, goes into a 66 × 91 mm sleeve).
Sleeved decks do not press together, so their box keeps more room in depth.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class BoxFit:
    name: str
    card_mm: float  # one card's thickness as printed (the stock), without a sleeve
    sleeve_mm: float = 0.0  # a sleeve's two films
    sleeve_w: float = 0.0  # a sleeve is this much wider than its card
    sleeve_h: float = 0.0  # and this much taller
    room: float = 2.0  # added to the width and height so the deck slides in
    depth_room: float = 2.0  # added to the depth

    def inner(self, card_w: float, card_h: float, cards: int, card_mm: "float | None" = None) -> tuple:
        """The box's inside W, H, D in mm for cards of card_mm (default: this fit's stock)."""
        per_card = (self.card_mm if card_mm is None else card_mm) + self.sleeve_mm
        return (round(card_w + self.sleeve_w + self.room, 2), round(card_h + self.sleeve_h + self.room, 2),
                round(cards * per_card + self.depth_room, 2))


BOX_FITS = {
    "plain": BoxFit("plain", 0.30),
    "heavy": BoxFit("heavy", 0.40),
    "penny-sleeves": BoxFit("penny-sleeves", 0.30, sleeve_mm=0.08, sleeve_w=2.5, sleeve_h=2.1, depth_room=3.0),
    "sleeves": BoxFit("sleeves", 0.30, sleeve_mm=0.12, sleeve_w=2.5, sleeve_h=2.1, depth_room=3.0),
    "premium-sleeves": BoxFit("premium-sleeves", 0.30, sleeve_mm=0.20, sleeve_w=2.5, sleeve_h=2.1, depth_room=3.0),
    "double-sleeves": BoxFit("double-sleeves", 0.30, sleeve_mm=0.30, sleeve_w=3.5, sleeve_h=3.6, depth_room=3.0),
}
