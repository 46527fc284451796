"""The numbers the player aids state, taken from the variant being built.

One place on purpose: the aid texts (templates/rules/*-reference.md) are Jinja
templates that read this record as `f`, with the field names of issue 14's facts
records for the rule booklets, so those can take its place. Numbers the rules fix
(hand size, rows, row length) stay in the texts; what a build option changes
(table size, sequence length, pass cards, ace value, decks) comes from here.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model import crazy_eights, eights, str8eight
from ..options import BuildOptions

NUMBER_NAMES = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen")
STR8EIGHT_HAND = 3  # cards in hand between turns
STR8EIGHT_TARGETS = {2: 1000, 3: 500, 4: 500}  # players -> the score that wins
CRAZY_EIGHTS_TARGET = 250
FOURSCORE_ROWS = 4
FOURSCORE_PLAYERS = (2, 6)


@dataclass(frozen=True)
class Str8EightAid:
    title: str
    table_size: int
    sequence_length: int  # cards in a winning sequence
    bonus_name: str  # the one-group sequence, named for its length
    number_cards: int
    pass_cards: int
    pass_points: int
    players: tuple  # (fewest, most) with one deck
    targets: dict  # players -> score that wins
    bonus_group: int  # the group of the one-group example

    @property
    def pass_each_way(self) -> int:
        return self.pass_cards // 2

    @property
    def bonus_run(self) -> tuple:
        """A one-group winning sequence from the group's bull's-eye, or () when the
        group is shorter than a winning sequence."""
        if self.sequence_length > self.table_size:
            return ()
        return tuple(self.bonus_group * k for k in range(1, self.sequence_length + 1))


@dataclass(frozen=True)
class FourScoreAid:
    title: str
    table_size: int
    number_cards: int
    pass_cards: int
    rows: int
    players: tuple  # (fewest, most)
    deal: tuple  # (players, cards each, left over)


@dataclass(frozen=True)
class CrazyEightsAid:
    title: str
    decks: int
    ace_value: int
    target: int

    @property
    def other_ace_value(self) -> int:
        return 1 if self.ace_value == 10 else 10


@dataclass(frozen=True)
class EightsAid:
    title: str  # the Eights deck has no options: its aid states the rules' numbers


def aid_facts(game: str, options: BuildOptions):
    """The record the player aid of game reads, for this build's options."""
    if game == "str8eight":
        n, length = options.table_size, options.sequence_length
        cards = n * n + options.pass_cards
        return Str8EightAid(
            title=str8eight.TITLE, table_size=n, sequence_length=length,
            bonus_name=f"Str8 {NUMBER_NAMES[length].capitalize()}" if length < len(NUMBER_NAMES) else f"Str8 {length}",
            number_cards=n * n,
            pass_cards=options.pass_cards, pass_points=str8eight.PASS_CARD_POINTS,
            # a hand each and a card left to draw
            players=(2, max(2, min(4, (cards - 1) // STR8EIGHT_HAND))), targets=dict(STR8EIGHT_TARGETS),
            bonus_group=min(4, n))
    if game == "fourscore":
        n = options.table_size
        dealt = n * n - FOURSCORE_ROWS
        deal = tuple((p, dealt // p, dealt % p) for p in range(FOURSCORE_PLAYERS[0], FOURSCORE_PLAYERS[1] + 1)
                     if dealt // p >= 1)
        return FourScoreAid(title="FourScore", table_size=n, number_cards=n * n, pass_cards=options.pass_cards,
                            rows=FOURSCORE_ROWS, players=(FOURSCORE_PLAYERS[0], deal[-1][0] if deal else 0),
                            deal=deal)
    if game == "crazy-eights":
        return CrazyEightsAid(title=crazy_eights.TITLE, decks=options.decks, ace_value=options.ace_value,
                              target=CRAZY_EIGHTS_TARGET)
    if game == "eights":
        return EightsAid(title=eights.TITLE)
    raise ValueError(f"no player aid facts for {game!r}")
