"""Whether a Str8 Eight variant can make a game: a winning sequence exists, and hands finish.

The atlas says whether any winning sequence exists at all; a short run of greedy hands
(a fixed seed, so the same variant always gets the same verdict) says whether hands
end in practice, within the engine's turn limit. The build warns (--strict: stops)
and the kit's atlas poster records both, for `cardgen check` to read.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ..atlas import atlas
from ..str8eight import build_deck
from .bots import Greedy
from .str8eight import HAND_SIZE, Variant, play_hand

HANDS = 60  # enough to tell "rarely" from "usually"; a few hundredths of a second
SEED = 1
TURN_LIMIT = 1000  # turns, all seats counted: a hand of the real game takes about 80
MIN_FINISHED = 0.5  # fewer hands than this finishing is "rarely"


@dataclass(frozen=True)
class Playability:
    table_size: int
    pass_cards: int
    sequence_length: int
    sequences: int  # winning value sequences (the atlas)
    players: int  # seats in the trial hands
    hands: int
    finished: int
    median_turns: int = 0  # turns of a finished trial hand, all seats counted (the teacher pages cite it)

    @property
    def finish_rate(self) -> float:
        return self.finished / self.hands if self.hands else 0.0

    def problems(self) -> list:
        """One line per reason the variant cannot make a game, naming the fix."""
        n, L = self.table_size, self.sequence_length
        if not self.sequences:
            return [f"no winning sequence of {L} cards exists in the {n} × {n} table, so no hand can be won: "
                    f"lower --sequence-length or raise --table-size"]
        if self.finish_rate < MIN_FINISHED:
            return [f"only {self.finished} of {self.hands} trial hands with {self.players} players finish within "
                    f"{TURN_LIMIT} turns ({self.sequences} winning sequences of {L} in the {n} × {n} table): "
                    f"lower --sequence-length or raise --table-size"]
        return []


@lru_cache(maxsize=16)
def playability(table_size: int, pass_cards: int, sequence_length: int) -> Playability:
    """The variant's verdict; the hands are played once for a variant and this code, then
    read from the result store (cache.py) by later builds."""
    from dataclasses import asdict

    from ... import cache

    kept = cache.kept_json("facts", {"playability": [table_size, pass_cards, sequence_length]},
                           lambda: asdict(_playability(table_size, pass_cards, sequence_length)))
    return Playability(**kept)


def _playability(table_size: int, pass_cards: int, sequence_length: int) -> Playability:
    sequences = atlas(build_deck(table_size, 0), sequence_length).value_sequences
    players = next((p for p in (4, 3, 2) if table_size ** 2 + pass_cards > HAND_SIZE * p), 0)
    finished = hands = median = 0
    if sequences and players:
        variant = Variant(table_size, pass_cards, sequence_length, players, max_turns=TURN_LIMIT)
        bots = [Greedy()] * players
        hands = HANDS
        results = [play_hand(variant, bots, SEED * 1000 + i) for i in range(HANDS)]
        turns = sorted(r.turns for r in results if r.winner is not None)
        finished = len(turns)
        median = turns[len(turns) // 2] if turns else 0
    return Playability(table_size, pass_cards, sequence_length, sequences, players, hands, finished, median)
