"""Crazy Eights: a standard 52-card deck; the cards left in a loser's hand cost points.

Penalties per the reference rules: 8 = 50, jack/queen/king 10, ace 10 (1 in a common
variant), every other card its face value. Above six players a second deck joins,
with a back of another color.
"""
from __future__ import annotations

from dataclasses import dataclass


GAME = "crazy-eights"
TITLE = "Crazy Eights"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("clubs", "diamonds", "hearts", "spades")
RED_SUITS = {"diamonds", "hearts"}
EIGHT_PENALTY = 50
COURT_PENALTY = 10


@dataclass(frozen=True)
class PlayingCard:
    rank: str
    suit: str
    penalty: int
    deck: int  # 1 or 2

    @property
    def slug(self) -> str:
        return f"{self.deck}-{self.suit}-{self.rank}"


def penalty(rank: str, ace_value: int = 10) -> int:
    if rank == "8":
        return EIGHT_PENALTY
    if rank in ("J", "Q", "K"):
        return COURT_PENALTY
    if rank == "A":
        return ace_value
    return int(rank)


def build_deck(decks: int = 1, ace_value: int = 10) -> list[PlayingCard]:
    if decks not in (1, 2):
        raise ValueError(f"decks {decks}: 1 or 2")
    if ace_value not in (1, 10):
        raise ValueError(f"ace value {ace_value}: 10 or 1")
    return [PlayingCard(rank, suit, penalty(rank, ace_value), d)
            for d in range(1, decks + 1) for suit in SUITS for rank in RANKS]


TARGET = 250  # the first to this score wins
WINNER_BONUS = 100  # most players give the game's winner this on top
SHORT_TARGET, LONG_TARGET = 100, 500  # the option for a quick or a long game
# (fewest players, most players or None for "or more", cards each, decks)
HAND_SIZES = ((2, 4, 7, 1), (5, 6, 5, 1), (7, None, 5, 2))
