"""The sequence atlas: every winning Str8 Eight sequence of a deck, counted exactly.

A winning sequence starts on a bull's-eye value (1..N) and each next value is one of
the right arrows of the last card, until it holds L cards. Values only climb, so a
sequence never repeats a value, and counting is a walk over a small acyclic graph
(dynamic programming, never an enumeration or a simulation):

    ways[v][k]     sequences of k more values after v      (ways[v][0] = 1)
    reach[v][j]    sequences from a bull's-eye that put v at position j (1-based)

A value's hub count (the sequences through it) is the sum over positions j of
reach[v][j] · ways[v][L − j]. Card-level counts weigh each value by its copies in
the deck, since a sequence of distinct values is laid with any copy of each.

The one-color runs (the bonus: consecutive multiples of one group, model/bonus.py) are
the runs that definition lists, counted where the deck holds every card of them.

`atlas(deck, length)` is the one entry point; the booklet's tips, the kit's poster,
`cardgen playtest --json` and the playability warning read the same numbers.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from .bonus import group_runs
from .str8eight import Deck, build_deck, successors

DEFAULT_SEQUENCE_LENGTH = 8
MIN_SEQUENCE_LENGTH, MAX_SEQUENCE_LENGTH = 2, 36  # 36: the longest run on a 12 × 12 table


@dataclass(frozen=True)
class Atlas:
    table_size: int
    sequence_length: int
    values: tuple  # distinct values, ascending
    copies: dict  # value -> cards of that value
    value_sequences: int  # distinct winning sequences of values
    card_sequences: int  # the same, counting every copy of every value
    starts: dict  # bull's-eye value -> winning value sequences starting on it
    through: dict  # value -> winning value sequences that use it (the hubs)
    positions: dict  # value -> tuple: sequences with the value at position 1..L
    bonus_runs: int  # winning value sequences that earn the one-color bonus (model/bonus.py)
    bonus_runs_by_group: dict  # group -> its bonus runs
    longest: int  # the longest sequence the table allows at all

    @property
    def playable(self) -> bool:
        """Whether a hand can be won at all."""
        return self.value_sequences > 0

    def share_through(self, value: int) -> float:
        """The share of winning sequences that pass through value (0 when there are none)."""
        return self.through.get(value, 0) / self.value_sequences if self.value_sequences else 0.0

    def mean_position(self, value: int) -> "float | None":
        """Where value sits on average in the winning sequences that use it (1 = first)."""
        counts = self.positions.get(value, ())
        total = sum(counts)
        return sum((j + 1) * c for j, c in enumerate(counts)) / total if total else None

    def hubs(self, top: int = 5) -> list:
        """The values most winning sequences pass through, most first (ties: lower value)."""
        return sorted(self.values, key=lambda v: (-self.through[v], v))[:top]

    def to_json(self) -> dict:
        """Plain JSON (value keys as text), as --json and the kit's atlas file hold it."""
        return {
            "table_size": self.table_size, "sequence_length": self.sequence_length,
            "value_sequences": self.value_sequences, "card_sequences": self.card_sequences,
            "bonus_runs": self.bonus_runs,
            "bonus_runs_by_group": {str(d): c for d, c in self.bonus_runs_by_group.items()},
            "longest_possible": self.longest,
            "starts": {str(v): c for v, c in self.starts.items()},
            "through": {str(v): c for v, c in self.through.items()},
            "positions": {str(v): list(c) for v, c in self.positions.items()},
            "copies": {str(v): c for v, c in self.copies.items()},
        }


def check_sequence_length(length: int) -> int:
    if not MIN_SEQUENCE_LENGTH <= length <= MAX_SEQUENCE_LENGTH:
        raise ValueError(f"sequence length {length} outside {MIN_SEQUENCE_LENGTH}–{MAX_SEQUENCE_LENGTH}")
    return length


@lru_cache(maxsize=64)
def completions(table_size: int, length: int) -> dict:
    """ways[(v, k)]: value sequences of exactly k more values after v, for k < length."""
    n = table_size
    values = sorted(set(value_copies(n)))
    succ = {v: successors(v, n) for v in values}
    ways = {(v, 0): 1 for v in values}
    for k in range(1, length):
        for v in values:
            ways[(v, k)] = sum(ways[(w, k - 1)] for w in succ[v])
    return ways


@lru_cache(maxsize=64)
def value_copies(n: int) -> dict:
    return dict(sorted(Counter(r * c for r in range(1, n + 1) for c in range(1, n + 1)).items()))


def atlas(deck: "Deck | int", length: int = DEFAULT_SEQUENCE_LENGTH) -> Atlas:
    """The atlas of a deck (or of the N × N table's deck) for sequences of `length` cards."""
    if isinstance(deck, int):
        deck = build_deck(deck, 0)
    n, L = deck.table_size, check_sequence_length(length)
    copies = dict(sorted(Counter(c.value for c in deck.number_cards).items()))
    values = tuple(copies)
    succ = {v: [w for w in successors(v, n) if w in copies] for v in values}
    ways = {(v, 0): 1 for v in values}
    cways = {(v, 0): copies[v] for v in values}  # card level: the copies of v and of what follows
    for k in range(1, L):
        for v in values:
            ways[(v, k)] = sum(ways[(w, k - 1)] for w in succ[v])
            cways[(v, k)] = copies[v] * sum(cways[(w, k - 1)] for w in succ[v])
    bulls = [v for v in values if v <= n]
    reach = {(v, j): 0 for v in values for j in range(1, L + 1)}
    for b in bulls:
        reach[(b, 1)] = 1
    for j in range(1, L):
        for v in values:  # ascending: every predecessor of v is done before v
            r = reach[(v, j)]
            if r:
                for w in succ[v]:
                    reach[(w, j + 1)] += r
    positions = {v: tuple(reach[(v, j)] * ways[(v, L - j)] for j in range(1, L + 1)) for v in values}
    through = {v: sum(positions[v]) for v in values}
    starts = {b: ways[(b, L - 1)] for b in bulls}
    runs = [d for d, run in group_runs(n, L) if all(v in copies for v in run)]
    return Atlas(
        table_size=n, sequence_length=L, values=values, copies=copies,
        value_sequences=sum(starts.values()), card_sequences=sum(cways[(b, L - 1)] for b in bulls),
        starts=starts, through=through, positions=positions, bonus_runs=len(runs),
        bonus_runs_by_group={d: runs.count(d) for d in range(1, n + 1)}, longest=_longest(values, succ, bulls))


def _longest(values, succ, bulls) -> int:
    """The most cards any sequence from a bull's-eye can hold."""
    depth = {}
    for v in reversed(values):
        depth[v] = 1 + max((depth[w] for w in succ[v]), default=0)
    return max((depth[b] for b in bulls), default=0)
