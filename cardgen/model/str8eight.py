"""The Str8 Eight deck, derived from the N×N multiplication table.

Every number card is one cell (r, c) of the table with value r·c. Value n belongs
to group d when d divides n and n/d ≤ N; for each of its groups the card links to
the previous multiple n−d (left edge, when n/d > 1) and the next one n+d (right
edge, when n/d < N). Cards 1..N carry a bull's-eye: they may start a sequence.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Literal


GAME = "str8eight"
TITLE = "Str8 Eight"
DEFAULT_TABLE_SIZE = 8
MIN_TABLE_SIZE, MAX_TABLE_SIZE = 2, 12
PASS_CARD_POINTS = 50

Side = Literal["left", "right"]


@dataclass(frozen=True)
class Arrow:
    """One link on a card's edge: a group's previous (left) or next (right) multiple."""

    group: int
    side: Side
    target: int


@dataclass(frozen=True)
class NumberCard:
    row: int
    col: int
    value: int
    arrows: tuple[Arrow, ...]
    bullseye: bool

    @property
    def cell(self) -> str:
        """Machine form of the cell, as in the SVG contract ("3x4")."""
        return f"{self.row}x{self.col}"

    @property
    def slug(self) -> str:
        return f"{self.value:03d}-{self.row}x{self.col}"


@dataclass(frozen=True)
class PassCard:
    direction: Literal["left", "right"]
    index: int  # 1..count within its direction
    points: int = PASS_CARD_POINTS

    @property
    def slug(self) -> str:
        return f"pass-{self.direction}-{self.index}"


@dataclass(frozen=True)
class Deck:
    table_size: int
    number_cards: tuple[NumberCard, ...]
    pass_cards: tuple[PassCard, ...]

    @property
    def groups(self) -> range:
        return range(1, self.table_size + 1)


def check_table_size(n: int) -> int:
    """The model's own guard; users' values are validated by the settings table first."""
    if not MIN_TABLE_SIZE <= n <= MAX_TABLE_SIZE:
        raise ValueError(f"table size {n} outside {MIN_TABLE_SIZE}–{MAX_TABLE_SIZE}")
    return n


def groups_of(value: int, n: int) -> list[int]:
    """The groups of multiples value belongs to, in ascending order."""
    return [d for d in range(1, n + 1) if value % d == 0 and value // d <= n]


def arrows_of(value: int, n: int) -> tuple[Arrow, ...]:
    """Left arrows first, then right arrows, each in group order."""
    groups = groups_of(value, n)
    left = [Arrow(d, "left", value - d) for d in groups if value // d > 1]
    right = [Arrow(d, "right", value + d) for d in groups if value // d < n]
    return tuple(left + right)


def value_counts(n: int) -> Counter:
    """How many cards of each value the deck holds: the number of table cells."""
    return Counter(r * c for r in range(1, n + 1) for c in range(1, n + 1))


def successors(value: int, n: int) -> list[int]:
    """The values that may follow value in a sequence (its right arrows), ascending, unique."""
    return sorted({a.target for a in arrows_of(value, n) if a.side == "right"})


def build_deck(table_size: int = DEFAULT_TABLE_SIZE, pass_cards_per_direction: int = 3) -> Deck:
    n = check_table_size(table_size)
    numbers = tuple(
        NumberCard(row=r, col=c, value=r * c, arrows=arrows_of(r * c, n), bullseye=r * c <= n)
        for r in range(1, n + 1) for c in range(1, n + 1))
    numbers = tuple(sorted(numbers, key=lambda card: (card.value, card.row)))
    passes = tuple(PassCard(direction, i)
                   for direction in ("left", "right")
                   for i in range(1, pass_cards_per_direction + 1))
    return Deck(table_size=n, number_cards=numbers, pass_cards=passes)


@dataclass(frozen=True)
class SequenceMap:
    """The sequence sheet's content: every table entry in its group, and the moves.

    Row d holds d, 2d, …, N·d; a link runs from each entry to the next multiple of its
    group. A value that sits in several rows is a crossing, where a sequence may
    change group. For each value: how many copies the deck has, and how many cards of
    the deck may follow it (the copies of all its successors)."""

    table_size: int
    values: tuple  # distinct values, ascending
    entries: tuple  # (value, group), row by row
    links: tuple  # (group, from, to)
    copies: dict  # value -> cards of that value in the deck
    followers: dict  # value -> cards in the deck that may follow it

    def groups_of(self, value: int) -> list[int]:
        return [g for v, g in self.entries if v == value]


def sequence_map(table_size: int = DEFAULT_TABLE_SIZE) -> SequenceMap:
    n = check_table_size(table_size)
    copies = dict(sorted(value_counts(n).items()))
    entries = tuple((d * k, d) for d in range(1, n + 1) for k in range(1, n + 1))
    links = tuple((d, d * k, d * (k + 1)) for d in range(1, n + 1) for k in range(1, n))
    followers = {v: sum(copies[s] for s in successors(v, n)) for v in copies}
    return SequenceMap(n, tuple(copies), entries, links, copies, followers)


# --- playing the deck: hands, targets, and sequences found by search ---------------------------

HAND_SIZE = 3  # cards in hand between turns
TARGETS = {2: 1000, 3: 500, 4: 500}  # the score that wins a game, by number of players
MOST_PLAYERS = 4  # one deck; more with two decks or in teams


def most_players(cards: int, hand: int = HAND_SIZE) -> int:
    """How many players a pile of cards can deal to: a hand each and at least one card
    left to draw."""
    return max(0, (cards - 1) // hand)


def check_playable(table_size: int, pass_cards: int) -> "str | None":
    """Why this deck cannot make a game of Str8 Eight, or None when it can: two players
    need their hands and a card to draw."""
    cards = table_size * table_size + pass_cards
    need = 2 * HAND_SIZE + 1
    if cards < need:
        return (f"a {table_size} × {table_size} table with {pass_cards} pass cards makes {cards} cards, "
                f"and two players' hands of {HAND_SIZE} and a draw pile need {need}")
    return None


def _links(n: int) -> dict:
    return {v: successors(v, n) for v in value_counts(n)}


def longest_from(n: int) -> dict:
    """For each value, the most cards a sequence starting with it can reach."""
    links = _links(n)
    best: dict = {}
    for v in sorted(links, reverse=True):
        best[v] = 1 + max((best[w] for w in links[v]), default=0)
    return best


def longest_sequence(n: int) -> int:
    """The longest sequence the table allows, from any bull's-eye."""
    best = longest_from(n)
    return max(best[v] for v in range(1, n + 1))


def count_sequences(n: int, length: int) -> int:
    """How many different sequences of length values start on a bull's-eye."""
    links = _links(n)
    ways = {v: 1 for v in links}
    for _ in range(length - 1):
        ways = {v: sum(ways[w] for w in links[v]) for v in links}
    return sum(ways[v] for v in range(1, n + 1))


def is_sequence(values, n: int) -> bool:
    """A legal sequence: starts on a bull's-eye, each card on a right arrow of the last."""
    values = list(values)
    return bool(values) and 1 <= values[0] <= n and all(
        b in successors(a, n) for a, b in zip(values, values[1:]))


def step_group(a: int, b: int) -> int:
    """The group whose right arrow leads from a to b (b − a)."""
    return b - a


def varied_sequence(n: int, length: int, avoid: "dict | None" = None, starts=None) -> "tuple | None":
    """A sequence of length cards that passes through as many groups as it can, found
    greedily: at each step the smallest next card that uses a group not used yet, as
    long as the sequence can still reach its length (else the smallest that can). Tried
    from every bull's-eye (starts), keeping the one with the most groups, then the one
    that starts highest. avoid: value -> copies already spoken for elsewhere."""
    links = _links(n)
    copies = value_counts(n)
    avoid = avoid or {}
    free = {v for v in links if copies[v] - avoid.get(v, 0) > 0}
    reach: dict = {}  # the longest run of free values from each free value
    for v in sorted(free, reverse=True):
        reach[v] = 1 + max((reach[w] for w in links[v] if w in free), default=0)
    best = None
    for start in (starts if starts is not None else range(1, n + 1)):
        if start not in free or reach[start] < length:
            continue
        seq, used = [start], set()
        while len(seq) < length:
            left = length - len(seq)
            options = [w for w in links[seq[-1]] if w in free and reach[w] >= left]
            new = [w for w in options if step_group(seq[-1], w) not in used]
            nxt = min(new or options)
            used.add(step_group(seq[-1], nxt))
            seq.append(nxt)
        key = (len(used), start)
        if best is None or key > best[0]:
            best = (key, tuple(seq))
    return best[1] if best else None


def mean_sequence_total(n: int, length: int) -> float:
    """What a winning sequence is worth on average, over every sequence of length cards
    that starts on a bull's-eye (each counted once)."""
    links = _links(n)
    ways = {v: 1 for v in links}  # sequences of k cards from v
    sums = {v: v for v in links}  # their totals added up
    for _ in range(length - 1):
        ways, sums = ({v: sum(ways[w] for w in links[v]) for v in links},
                      {v: sum(ways[w] * v + sums[w] for w in links[v]) for v in links})
    count = sum(ways[v] for v in range(1, n + 1))
    return sum(sums[v] for v in range(1, n + 1)) / count if count else 0.0


def _two_figures(x: float) -> int:
    """x rounded to two significant figures (1,234 -> 1,200; 87.6 -> 88), at least 10."""
    from math import floor, log10

    if x < 10:
        return 10
    step = 10 ** (floor(log10(x)) - 1)
    return int(floor(x / step + 0.5) * step)


def targets_for(n: int, length: int) -> dict:
    """The scores that win a game: the reference rules' for the 8 × 8 game, and for
    another table the same in winning sequences (scaled by what an average one is
    worth), so a game lasts about as many hands. An added rule, said so in print."""
    if (n, length) == (DEFAULT_TABLE_SIZE, DEFAULT_TABLE_SIZE):
        return dict(TARGETS)
    ratio = mean_sequence_total(n, length) / mean_sequence_total(DEFAULT_TABLE_SIZE, DEFAULT_TABLE_SIZE)
    two = _two_figures(TARGETS[2] * ratio)
    more = _two_figures(two * TARGETS[3] / TARGETS[2])
    return {2: two, 3: more, 4: more}
