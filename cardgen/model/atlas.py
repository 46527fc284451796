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

A single-group sequence (the Str8 Eight bonus) is one whose cards all belong to one
group of multiples; the walk carries the set of groups that still hold every card so
far (a bit mask), so sequences lying in two groups at once are counted once.

`atlas(deck, length)` is the one entry point; the booklet's tips, the kit's poster,
`cardgen playtest --json` and the playability warning read the same numbers.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from .str8eight import Deck, build_deck, groups_of, successors

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
    single_group: int  # distinct winning value sequences all in one group
    single_group_by_group: dict  # group -> winning value sequences lying in that group
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
            "single_group_sequences": self.single_group,
            "single_group_by_group": {str(d): c for d, c in self.single_group_by_group.items()},
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
    single, by_group = _single_group(n, values, succ, bulls, L)
    return Atlas(
        table_size=n, sequence_length=L, values=values, copies=copies,
        value_sequences=sum(starts.values()), card_sequences=sum(cways[(b, L - 1)] for b in bulls),
        starts=starts, through=through, positions=positions, single_group=single,
        single_group_by_group=by_group, longest=_longest(values, succ, bulls))


def _single_group(n: int, values, succ, bulls, L: int) -> tuple:
    """Sequences whose every card lies in one group: a walk carrying the groups (a bit
    mask) that hold every card so far."""
    mask_of = {v: sum(1 << (d - 1) for d in groups_of(v, n)) for v in values}
    layer: Counter = Counter({(b, mask_of[b]): 1 for b in bulls})
    for _ in range(L - 1):
        nxt: Counter = Counter()
        for (v, mask), count in layer.items():
            for w in succ[v]:
                m = mask & mask_of[w]
                if m:
                    nxt[(w, m)] += count
        layer = nxt
    total = sum(layer.values())
    by_group = {d: sum(c for (v, m), c in layer.items() if m >> (d - 1) & 1) for d in range(1, n + 1)}
    return total, by_group


def _longest(values, succ, bulls) -> int:
    """The most cards any sequence from a bull's-eye can hold."""
    depth = {}
    for v in reversed(values):
        depth[v] = 1 + max((depth[w] for w in succ[v]), default=0)
    return max((depth[b] for b in bulls), default=0)
