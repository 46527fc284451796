"""One game of FourScore, played out by bots: four rows, simultaneous cards, rows of five.

The 64 number cards of the Str8 Eight deck (no pass cards): four start the rows, the
other 60 are dealt evenly. Each round every seat picks a card, the cards are placed
lowest first (ties clockwise from the box), a row's fifth card takes the other four,
a card with no legal place takes the row holding the highest card, and a card that
names its neighbour with a facing arrow returns one card of the scoring pile to the
box. The fewest cards in the scoring pile wins. Readings of open cases: model/play/__init__.py.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from functools import lru_cache

from ..str8eight import DEFAULT_TABLE_SIZE, build_deck, groups_of

ROWS = 4
ROW_LIMIT = 5
MIN_PLAYERS, MAX_PLAYERS = 2, 6
LEFT, RIGHT = 0, 1


@dataclass(frozen=True)
class FourScoreVariant:
    table_size: int = DEFAULT_TABLE_SIZE
    players: int = 4

    def __post_init__(self):
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"FourScore is for {MIN_PLAYERS}–{MAX_PLAYERS} players, not {self.players}")
        if self.cards_each < 1:
            raise ValueError(f"a {self.table_size} × {self.table_size} deck cannot lay {ROWS} rows and deal "
                             f"{self.players} players a card each")

    @property
    def cards_each(self) -> int:
        return (self.table_size ** 2 - ROWS) // self.players


@lru_cache(maxsize=16)
def _values(table_size: int) -> tuple:
    return tuple(c.value for c in build_deck(table_size, 0).number_cards)


@lru_cache(maxsize=16)
def _groups(table_size: int) -> dict:
    return {v: frozenset(groups_of(v, table_size)) for v in set(_values(table_size))}


@dataclass
class GameResult:
    piles: list  # cards in each seat's scoring pile at the end
    winners: list  # the seats with the fewest
    rounds: int
    fifth_cards: int  # rows completed with a fifth card
    takes: int  # rows taken for want of a legal place
    bonuses: int  # facing-arrow matches that returned a card to the box


class Game:
    """The state of one game; bots read it through their seat."""

    def __init__(self, variant: FourScoreVariant, seed: int):
        self.variant = variant
        self.rng = random.Random(seed)
        self.groups = _groups(variant.table_size)
        deck = list(_values(variant.table_size))
        self.rng.shuffle(deck)
        p, k = variant.players, variant.cards_each
        self.rows = [[deck[i]] for i in range(ROWS)]
        self.hands = [deck[ROWS + i * k: ROWS + (i + 1) * k] for i in range(p)]
        self.piles = [0] * p
        self.box = 0  # the seat holding the box
        self.fifth_cards = self.takes = self.bonuses = 0

    def spots(self, v: int) -> list:
        """Where a card of value v may go: (row, side) pairs, in row order."""
        out = []
        g = self.groups[v]
        for r, row in enumerate(self.rows):
            left, right = row[0], row[-1]
            if v == right or (v > right and g & self.groups[right]):
                out.append((r, RIGHT))
            if v == left and len(row) > 1 and left != right or (v < left and g & self.groups[left]):
                out.append((r, LEFT))
        return out

    def facing(self, v: int, neighbour: int) -> bool:
        """The two cards name each other with arrows of one color: one step apart in a shared group."""
        d = abs(v - neighbour)
        return d > 0 and d in self.groups[v] and d in self.groups[neighbour]

    def highest_row(self) -> int:
        top = max(row[-1] for row in self.rows)
        return next(r for r, row in enumerate(self.rows) if row[-1] == top)

    def place(self, seat: int, v: int, spot: "tuple | None") -> None:
        if spot is None:
            r = self.highest_row()
            self.piles[seat] += len(self.rows[r])
            self.rows[r] = [v]
            self.takes += 1
            return
        r, side = spot
        row = self.rows[r]
        neighbour = row[-1] if side == RIGHT else row[0]
        if side == RIGHT:
            row.append(v)
        else:
            row.insert(0, v)
        if len(row) == ROW_LIMIT:
            self.piles[seat] += ROW_LIMIT - 1
            self.rows[r] = [v]
            self.fifth_cards += 1
        if self.facing(v, neighbour) and self.piles[seat]:
            self.piles[seat] -= 1
            self.bonuses += 1

    def play(self, bots: list) -> GameResult:
        p = self.variant.players
        rounds = 0
        while self.hands[0]:
            chosen = []
            for seat in range(p):
                v = bots[seat].choose(self, seat)
                self.hands[seat].remove(v)
                chosen.append(v)
            for v in sorted(set(chosen)):
                tied = sorted((s for s in range(p) if chosen[s] == v), key=lambda s: (s - self.box) % p)
                for seat in tied:
                    spots = self.spots(v)
                    spot = bots[seat].place(self, seat, v, spots) if spots else None
                    if spots and spot not in spots:
                        raise RuntimeError(f"{bots[seat]!r} placed {v} at {spot}: not a legal place")
                    self.place(seat, v, spot)
                if len(tied) > 1:
                    self.box = tied[-1]
            rounds += 1
        low = min(self.piles)
        return GameResult(self.piles[:], [s for s in range(p) if self.piles[s] == low], rounds,
                          self.fifth_cards, self.takes, self.bonuses)


class FourScoreRandom:
    name = "random"

    def choose(self, game: Game, seat: int) -> int:
        hand = game.hands[seat]
        return hand[game.rng.randrange(len(hand))]

    def place(self, game: Game, seat: int, v: int, spots: list) -> tuple:
        return spots[game.rng.randrange(len(spots))]

    def __repr__(self) -> str:
        return "random FourScore bot"


class FourScoreGreedy:
    """Plays the card that costs least on the table as it stands: no fifth card, no take,
    a facing-arrow match when there is one."""

    name = "greedy"

    def _cost(self, game: Game, seat: int, v: int, spot) -> float:
        if spot is None:
            return len(game.rows[game.highest_row()])
        r, side = spot
        row = game.rows[r]
        cost = ROW_LIMIT - 1 if len(row) == ROW_LIMIT - 1 else 0.1 * len(row)
        neighbour = row[-1] if side == RIGHT else row[0]
        if game.facing(v, neighbour) and (game.piles[seat] or cost >= 1):
            cost -= 1
        return cost

    def choose(self, game: Game, seat: int) -> int:
        best, best_cost = None, None
        for v in sorted(set(game.hands[seat])):
            spots = game.spots(v)
            cost = min((self._cost(game, seat, v, s) for s in spots), default=None)
            if cost is None:
                cost = self._cost(game, seat, v, None)
            if best is None or cost < best_cost:
                best, best_cost = v, cost
        return best

    def place(self, game: Game, seat: int, v: int, spots: list) -> tuple:
        return min(spots, key=lambda s: self._cost(game, seat, v, s))

    def __repr__(self) -> str:
        return "greedy FourScore bot"


FOURSCORE_BOTS = {"greedy": FourScoreGreedy, "random": FourScoreRandom}


def play_game(variant: FourScoreVariant, bots: list, seed: int) -> GameResult:
    if len(bots) != variant.players:
        raise ValueError(f"{len(bots)} bots for {variant.players} seats")
    return Game(variant, seed).play(bots)
