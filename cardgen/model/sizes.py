"""Card sizes in millimetres, and the print conventions that go with them."""
from __future__ import annotations

from dataclasses import dataclass

from ..errors import CardgenError

SAFE_MM = 3.0  # text and marks stay this far inside the trim


@dataclass(frozen=True)
class CardSize:
    name: str
    width: float  # trim width, mm
    height: float  # trim height, mm


CARD_SIZES = {
    "poker": CardSize("poker", 63.5, 88.9),
    "bridge": CardSize("bridge", 56.0, 88.9),
    "mini": CardSize("mini", 45.0, 68.0),  # mini euro: too small for some designs
}


def card_size(name: str) -> CardSize:
    try:
        return CARD_SIZES[name]
    except KeyError:
        raise CardgenError(f"unknown card size {name!r}: use one of {', '.join(CARD_SIZES)}") from None
