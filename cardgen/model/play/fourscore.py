"""One game of FourScore, played out by bots: four rows, simultaneous cards, rows of five.

The 64 number cards of the Str8 Eight deck (no pass cards): four start the rows, the
other 60 are dealt evenly. Each round every seat picks a card, the cards are placed
lowest first (ties clockwise from the box), a row's fifth card takes the other four,
a card with no legal place takes the row holding the highest card, and a card that
names its neighbour with a facing arrow returns one card of the scoring pile to the
box. The fewest cards in the scoring pile wins. Seat 0 sits on the dealer's left and
starts with the box. The open cases are settled by the table of readings
(templates/readings/fourscore.toml), read into `Choices`.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache

from ..str8eight import DEFAULT_TABLE_SIZE, build_deck, groups_of
from .choices import from_table

GAME = "fourscore"
ROWS = 4
ROW_LIMIT = 5
MIN_PLAYERS, MAX_PLAYERS = 2, 6
LEFT, RIGHT = 0, 1
SIDES = ("left", "right")  # as the log names them


@dataclass(frozen=True)
class Choices:
    """How the engine plays the points the rules leave open: the `engine` values of the
    table of readings (templates/readings/fourscore.toml), which the booklet prints."""

    ALLOWED = {"row_tie": ("choose", "first"), "same_number_counts": (True, False)}
    row_tie: str  # choose: the player picks among rows tied for the highest card; first: the first such row
    same_number_counts: bool  # a card on a same-numbered end card counts toward the row's five


def table_choices() -> Choices:
    return from_table(Choices, GAME)


@dataclass(frozen=True)
class FourScoreVariant:
    table_size: int = DEFAULT_TABLE_SIZE
    players: int = 4
    choices: Choices = field(default_factory=table_choices)

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
    row_ties: int = 0  # takes where rows tied for the highest card (the player chose)
    log: "dict | None" = None


class Game:
    """The state of one game; bots read it through their seat."""

    def __init__(self, variant: FourScoreVariant, seed: int, log: bool = False):
        self.variant = variant
        self.choices = variant.choices
        self.rng = random.Random(seed)
        self.seed = seed
        self.groups = _groups(variant.table_size)
        deck = list(_values(variant.table_size))
        self.rng.shuffle(deck)
        p, k = variant.players, variant.cards_each
        self.rows = [[deck[i]] for i in range(ROWS)]
        self.stacked = [0] * ROWS  # cards laid on a same-numbered end card, when they do not count
        self.hands = [deck[ROWS + i * k: ROWS + (i + 1) * k] for i in range(p)]
        self.piles = [0] * p
        self.box = 0  # the seat holding the box
        self.fifth_cards = self.takes = self.bonuses = self.row_ties = 0
        self.events: "list | None" = [] if log else None
        self.opening = {"rows": [r[:] for r in self.rows], "hands": [h[:] for h in self.hands],
                        "left_over": deck[ROWS + p * k:]} if log else None

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

    def highest_rows(self) -> list:
        """The rows holding the highest card on the table (its right end), in row order."""
        top = max(row[-1] for row in self.rows)
        return [r for r, row in enumerate(self.rows) if row[-1] == top]

    def counted(self, r: int) -> int:
        """The cards of row r that count toward its limit."""
        return len(self.rows[r]) - self.stacked[r]

    def fills(self, v: int, spot: tuple) -> bool:
        """Whether v laid at spot is the row's fifth card."""
        r, side = spot
        end = self.rows[r][-1] if side == RIGHT else self.rows[r][0]
        adds = v != end or self.choices.same_number_counts
        return adds and self.counted(r) == ROW_LIMIT - 1

    def place(self, seat: int, v: int, spot: "tuple | None", take: "int | None" = None) -> None:
        """Lay v at spot, or (spot None) take a row of the highest card: take, one of them."""
        if spot is None:
            tied = self.highest_rows()
            r = tied[0] if take is None else take
            if r not in tied:
                raise RuntimeError(f"row {r} does not hold the highest card: rows {tied} do")
            self.piles[seat] += len(self.rows[r])
            self.rows[r], self.stacked[r] = [v], 0
            self.takes += 1
            self.row_ties += len(tied) > 1
            if self.events is not None:
                self.events.append({"p": seat, "card": v, "take": r, **({"tied": tied} if len(tied) > 1 else {})})
            return
        r, side = spot
        row = self.rows[r]
        neighbour = row[-1] if side == RIGHT else row[0]
        fifth = self.fills(v, spot)
        if side == RIGHT:
            row.append(v)
        else:
            row.insert(0, v)
        if v == neighbour and not self.choices.same_number_counts:
            self.stacked[r] += 1
        if fifth:
            self.piles[seat] += len(row) - 1
            self.rows[r], self.stacked[r] = [v], 0
            self.fifth_cards += 1
        returned = self.facing(v, neighbour) and self.piles[seat] > 0
        if returned:
            self.piles[seat] -= 1
            self.bonuses += 1
        if self.events is not None:
            self.events.append({"p": seat, "card": v, "row": r, "side": SIDES[side],
                                **({"fifth": True} if fifth else {}), **({"returned": True} if returned else {})})

    def play(self, bots: list) -> GameResult:
        p = self.variant.players
        rounds = 0
        while self.hands[0]:
            chosen = []
            for seat in range(p):
                v = bots[seat].choose(self, seat)
                self.hands[seat].remove(v)
                chosen.append(v)
            if self.events is not None:
                self.events.append({"reveal": chosen[:]})
            for v in sorted(set(chosen)):
                tied = sorted((s for s in range(p) if chosen[s] == v), key=lambda s: (s - self.box) % p)
                for seat in tied:
                    spots = self.spots(v)
                    spot = bots[seat].place(self, seat, v, spots) if spots else None
                    if spots and spot not in spots:
                        raise RuntimeError(f"{bots[seat]!r} placed {v} at {spot}: not a legal place")
                    take = None
                    if spot is None:
                        rows = self.highest_rows()
                        take = bots[seat].take(self, seat, v, rows) if self.choices.row_tie == "choose" else rows[0]
                    self.place(seat, v, spot, take)
                if len(tied) > 1:
                    self.box = tied[-1]
                    if self.events is not None:
                        self.events.append({"box": self.box})
            rounds += 1
        low = min(self.piles)
        winners = [s for s in range(p) if self.piles[s] == low]
        log = None
        if self.events is not None:
            log = {"game": GAME, "players": p, "table_size": self.variant.table_size, "seed": self.seed,
                   **self.opening, "events": self.events, "piles": self.piles[:], "winners": winners}
        return GameResult(self.piles[:], winners, rounds, self.fifth_cards, self.takes, self.bonuses,
                          self.row_ties, log)


class FourScoreRandom:
    name = "random"

    def choose(self, game: Game, seat: int) -> int:
        hand = game.hands[seat]
        return hand[game.rng.randrange(len(hand))]

    def place(self, game: Game, seat: int, v: int, spots: list) -> tuple:
        return spots[game.rng.randrange(len(spots))]

    def take(self, game: Game, seat: int, v: int, rows: list) -> int:
        """Rows tie for the highest card: any of them."""
        return rows[game.rng.randrange(len(rows))] if len(rows) > 1 else rows[0]

    def __repr__(self) -> str:
        return "random FourScore bot"


class FourScoreGreedy:
    """Plays the card that costs least on the table as it stands: no fifth card, no take,
    a facing-arrow match when there is one."""

    name = "greedy"

    def _cost(self, game: Game, seat: int, v: int, spot) -> float:
        if spot is None:
            return len(game.rows[self.take(game, seat, v, game.highest_rows())])
        r, side = spot
        row = game.rows[r]
        cost = len(row) if game.fills(v, spot) else 0.1 * len(row)  # a fifth card takes the row's others
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

    def take(self, game: Game, seat: int, v: int, rows: list) -> int:
        """Rows tie for the highest card: the one that costs least, the fewest cards (the
        first of the rows, when the readings leave no choice)."""
        if game.choices.row_tie != "choose":
            return rows[0]
        return min(rows, key=lambda r: len(game.rows[r]))

    def __repr__(self) -> str:
        return "greedy FourScore bot"


FOURSCORE_BOTS = {"greedy": FourScoreGreedy, "random": FourScoreRandom}


def play_game(variant: FourScoreVariant, bots: list, seed: int, log: bool = False) -> GameResult:
    """Deal a game from seed and play it out; log: keep the JSON record a referee replays."""
    if len(bots) != variant.players:
        raise ValueError(f"{len(bots)} bots for {variant.players} seats")
    return Game(variant, seed, log).play(bots)
