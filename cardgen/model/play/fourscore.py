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


@lru_cache(maxsize=16)
def _kin(table_size: int) -> dict:
    """value -> the values sharing a group with it (a card may be laid beside those)."""
    groups = _groups(table_size)
    return {v: frozenset(w for w in groups if groups[v] & groups[w]) for v in groups}


@lru_cache(maxsize=16)
def _facing(table_size: int) -> frozenset:
    """(v, w) pairs that name each other with arrows of one color: one step apart in a shared group."""
    groups = _groups(table_size)
    return frozenset((v, w) for v in groups for w in groups
                     if v != w and abs(v - w) in groups[v] and abs(v - w) in groups[w])


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
        self.kin = _kin(variant.table_size)
        self.facing_pairs = _facing(variant.table_size)
        deck = list(_values(variant.table_size))
        self.rng.shuffle(deck)
        p, k = variant.players, variant.cards_each
        self.rows = [[deck[i]] for i in range(ROWS)]
        self.stacked = [0] * ROWS  # cards laid on a same-numbered end card, when they do not count
        self.hands = [deck[ROWS + i * k: ROWS + (i + 1) * k] for i in range(p)]
        self.piles = [0] * p
        self.box = 0  # the seat holding the box
        self.fifth_cards = self.takes = self.bonuses = self.row_ties = 0
        self.rounds = 0
        self.played = [row[0] for row in self.rows]  # every card turned up so far (what nobody holds)
        self.chosen: list = []  # this round's cards, by seat
        self.values: list = []  # this round's values still to place, lowest first
        self.group: list = []  # the seats placing the current value, in order from the box
        self.at = 0  # the next of them
        self.events: "list | None" = [] if log else None
        self.opening = {"rows": [r[:] for r in self.rows], "hands": [h[:] for h in self.hands],
                        "left_over": deck[ROWS + p * k:]} if log else None

    def spots(self, v: int) -> list:
        """Where a card of value v may go: (row, side) pairs, in row order."""
        out = []
        kin = self.kin[v]
        for r, row in enumerate(self.rows):
            left, right = row[0], row[-1]
            if v == right or (v > right and right in kin):
                out.append((r, RIGHT))
            if v == left and len(row) > 1 and left != right or (v < left and left in kin):
                out.append((r, LEFT))
        return out

    def facing(self, v: int, neighbour: int) -> bool:
        """The two cards name each other with arrows of one color: one step apart in a shared group."""
        return (v, neighbour) in self.facing_pairs

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
        """Play rounds until the hands are empty. A game may be resumed, even between two
        placements of a round: the search (lookahead.py) plays copies on from its decisions."""
        p = self.variant.players
        self.run(bots, None)
        low = min(self.piles)
        winners = [s for s in range(p) if self.piles[s] == low]
        log = None
        if self.events is not None:
            log = {"game": GAME, "players": p, "table_size": self.variant.table_size, "seed": self.seed,
                   **self.opening, "events": self.events, "piles": self.piles[:], "winners": winners}
        return GameResult(self.piles[:], winners, self.rounds, self.fifth_cards, self.takes, self.bonuses,
                          self.row_ties, log)

    def run(self, bots: list, stop: "int | None") -> None:
        """Play on to the end of the game, or (stop) until stop rounds are complete."""
        p = self.variant.players
        while self.values or self.hands[0]:
            if not self.values:
                if stop is not None and self.rounds >= stop:
                    return
                self.reveal([bots[seat].choose(self, seat) for seat in range(p)])
            self.place_next(bots)

    def reveal(self, chosen: list) -> None:
        """The round's cards, one per seat, turned up together; they are placed lowest first."""
        for seat, v in enumerate(chosen):
            self.hands[seat].remove(v)
        self.chosen = chosen
        self.played.extend(chosen)
        self.values = sorted(set(chosen))
        if self.events is not None:
            self.events.append({"reveal": chosen[:]})

    def placing(self) -> tuple:
        """(seat, value) of the card placed next: within a value, seats in order from the box."""
        if not self.group:
            v, p = self.values[0], self.variant.players
            self.group = sorted((s for s in range(p) if self.chosen[s] == v), key=lambda s: (s - self.box) % p)
            self.at = 0
        return self.group[self.at], self.values[0]

    def place_next(self, bots: list) -> None:
        """The next card of the round placed where its seat's player puts it (or the row it takes)."""
        seat, v = self.placing()
        bot = bots[seat]
        spots = self.spots(v)
        spot = bot.place(self, seat, v, spots) if spots else None
        if spots and spot not in spots:
            raise RuntimeError(f"{bot!r} placed {v} at {spot}: not a legal place")
        take = None
        if spot is None:
            rows = self.highest_rows()
            take = bot.take(self, seat, v, rows) if self.choices.row_tie == "choose" else rows[0]
        self.place(seat, v, spot, take)
        self.placed()

    def placed(self) -> None:
        """The card just placed is done with: on to the next seat, value or round."""
        self.at += 1
        if self.at < len(self.group):
            return
        if len(self.group) > 1:
            self.box = self.group[-1]
            if self.events is not None:
                self.events.append({"box": self.box})
        self.group = []
        self.values.pop(0)
        if not self.values:
            self.rounds += 1

    def copy(self) -> "Game":
        """The state as it stands, for a search to play on (no log)."""
        g = Game.__new__(Game)
        g.__dict__.update(self.__dict__)
        g.rows = [r[:] for r in self.rows]
        g.stacked = self.stacked[:]
        g.hands = [h[:] for h in self.hands]
        g.piles = self.piles[:]
        g.played = self.played[:]
        g.values, g.group = self.values[:], self.group[:]
        g.events = g.opening = None
        return g


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
        n = len(row)
        neighbour = row[-1] if side == RIGHT else row[0]
        # a fifth card takes the row's others (Game.fills, inlined: this is the rollouts' hot path)
        fifth = (v != neighbour or game.choices.same_number_counts) and n - game.stacked[r] == ROW_LIMIT - 1
        cost = n if fifth else 0.1 * n
        if (v, neighbour) in game.facing_pairs and (game.piles[seat] or cost >= 1):
            cost -= 1
        return cost

    def costs(self, game: Game, seat: int) -> list:
        """(cost, value) of each card the seat holds (one per value, lowest value first): what
        laying it at its cheapest place would cost on the table as it stands."""
        out = []
        cost_of = self._cost
        for v in sorted(set(game.hands[seat])):
            spots = game.spots(v)
            out.append((min(cost_of(game, seat, v, s) for s in spots) if spots else cost_of(game, seat, v, None), v))
        return out

    def choose(self, game: Game, seat: int) -> int:
        best, best_cost = None, None
        for cost, v in self.costs(game, seat):
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
