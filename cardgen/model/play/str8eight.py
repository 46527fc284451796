"""One hand of Str8 Eight, played out by bots: the state, the legal moves, the turn and the score.

Cards are small integers (an index into `Cards`), so a hand is a few lists and the
engine stays fast enough to play thousands of hands a second. A seat's sequence is
kept as its cards and as its last value (0 before it starts: the values that may
follow 0 are the bull's-eyes). Seat 0 sits on the dealer's left and moves first; turns
go 1, 2, … The cases the rules leave open are settled by the table of readings
(templates/readings/str8eight.toml), read into `Choices`; the one-color bonus is
model/bonus.py's.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache

from ..atlas import DEFAULT_SEQUENCE_LENGTH, check_sequence_length, completions
from ..bonus import run_group
from ..str8eight import DEFAULT_TABLE_SIZE, GAME, PASS_CARD_POINTS, build_deck, successors
from .choices import from_table

HAND_SIZE = 3
MIN_PLAYERS, MAX_PLAYERS = 2, 4

PLAY, PASS, DISCARD = "play", "pass", "discard"  # what a seat does with its fourth card
PILE, DISCARDS = "pile", "discard"  # where it draws from
MOVE_KINDS, TAKE_KIND = 4, 3  # a seat's moves counted: plays, passes, discards, takes from the discard pile


@dataclass(frozen=True)
class Choices:
    """How the engine plays the points the rules leave open: the `engine` values of the
    table of readings (templates/readings/str8eight.toml), which the booklet prints."""

    ALLOWED = {"pass_left": ("next", "previous"), "retake_discard": (True, False),
               "reshuffle": ("all", "keep-top"), "impasse_deal": ("next-player", "first-player")}
    pass_left: str  # next: a pass-left card sends each hand to the seat that plays next
    retake_discard: bool  # the card just taken from the discard pile may be discarded again
    reshuffle: str  # all: the whole discard pile goes into the new draw pile; keep-top: its top stays
    impasse_deal: str  # next-player: the redeal starts with the seat whose turn it is; first-player: seat 0
    max_turns: int  # a hand still running after this many turns (all seats) ends without a winner


def table_choices() -> Choices:
    return from_table(Choices, GAME)


@dataclass(frozen=True)
class Variant:
    """The rules that vary: the deck's table and pass cards, the sequence to make, the seats,
    and the readings of the open points (the table's, unless a test gives its own)."""

    table_size: int = DEFAULT_TABLE_SIZE
    pass_cards: int = 6  # even: half pass left, half right
    sequence_length: int = DEFAULT_SEQUENCE_LENGTH
    players: int = 4
    max_turns: "int | None" = None  # None: the table's limit (the playability trial sets a shorter one)
    choices: Choices = field(default_factory=table_choices)

    @property
    def turn_limit(self) -> int:
        return self.max_turns or self.choices.max_turns

    def __post_init__(self):
        check_sequence_length(self.sequence_length)
        if self.pass_cards % 2 or self.pass_cards < 0:
            raise ValueError(f"pass cards {self.pass_cards}: an even number, half each way")
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"Str8 Eight is for {MIN_PLAYERS}–{MAX_PLAYERS} players, not {self.players}")
        if self.table_size ** 2 + self.pass_cards <= HAND_SIZE * self.players:
            raise ValueError(f"a {self.table_size} × {self.table_size} deck with {self.pass_cards} pass cards "
                             f"cannot deal {HAND_SIZE} cards to {self.players} players and leave a draw pile")


class Cards:
    """The deck of a variant as flat tables the engine and the bots index by card number."""

    def __init__(self, variant: Variant):
        n, L = variant.table_size, variant.sequence_length
        deck = build_deck(n, variant.pass_cards // 2)
        self.variant = variant
        self.table_size, self.length = n, L
        numbers, passes = deck.number_cards, deck.pass_cards
        self.count = len(numbers) + len(passes)
        self.ids = [f"{c.value}@{c.row}x{c.col}" for c in numbers] + [p.slug for p in passes]
        self.value = [c.value for c in numbers] + [0] * len(passes)
        self.cell = [(c.row, c.col) for c in numbers] + [None] * len(passes)
        # +1: the hands move to seat i+1 (the next to play); -1: to seat i-1; 0: a number card
        left = 1 if variant.choices.pass_left == "next" else -1
        self.pass_dir = [0] * len(numbers) + [left if p.direction == "left" else -left for p in passes]
        self.points = [c.value for c in numbers] + [PASS_CARD_POINTS] * len(passes)
        values = sorted(set(self.value[:len(numbers)]))
        self.values = values
        self.follows = {v: frozenset(successors(v, n)) for v in values}
        self.follows[0] = frozenset(v for v in values if v <= n)  # no sequence yet: a bull's-eye starts one
        self.ways = completions(n, L)  # (value, k): ways to add k more cards after value
        self.retake = variant.choices.retake_discard  # read on every discard: kept at hand
        self.index = {card_id: i for i, card_id in enumerate(self.ids)}

    def can_follow(self, last: int, card: int) -> bool:
        return self.value[card] in self.follows[last]

    def bonus(self, values: list) -> bool:
        """A winning sequence of these values earns the one-color bonus (model/bonus.py)."""
        return len(values) == self.length and run_group(values, self.table_size) is not None


@lru_cache(maxsize=32)
def cards_for(variant: Variant) -> Cards:
    return Cards(variant)


@dataclass
class HandResult:
    """What one hand came to: enough for every figure of the playtest report."""

    winner: "int | None"
    bonus: bool
    turns: int
    reshuffles: int
    impasses: int
    passes_played: int
    scores: list
    lengths: list  # each seat's sequence length at the end
    winning_cells: tuple = ()  # (row, col) of each card of the winning sequence
    moves: tuple = ()  # per seat, MOVE_KINDS counts: plays, passes, discards, takes from the discard pile
    starts: tuple = ()  # per seat, the turn it laid its first card on (None: it never started)
    log: "dict | None" = None


class Hand:
    """The state of one hand. Bots read it (never change it) through the seat they play."""

    def __init__(self, cards: Cards, seed: int, log: bool = False):
        self.cards = cards
        self.players = cards.variant.players
        self.rng = random.Random(seed)
        self.seed = seed
        deck = list(range(cards.count))
        self.rng.shuffle(deck)
        p = self.players
        self.hands = [[deck[i + p * k] for k in range(HAND_SIZE)] for i in range(p)]
        self.draw = deck[p * HAND_SIZE:][::-1]  # the top card is the list's end: pop() draws it
        self.discard: list = []
        self.passed: list = []  # played pass cards
        self.seqs: list = [[] for _ in range(p)]
        self.shown: list = [[] for _ in range(p)]  # cards each seat is seen to hold (taken from the discard pile)
        self.last = [0] * p
        self.moves = [0] * (MOVE_KINDS * p)  # seat i's plays, passes, discards, discard-pile takes at i*MOVE_KINDS…
        self.starts: list = [None] * p  # the turn (all seats counted) each seat laid its first card on
        self.turn = 0
        self.taken: "int | None" = None  # the card this turn took from the discard pile
        self.reshuffles = self.impasses = self.passes_played = 0
        self.progress = False  # a card joined a sequence or a pass card was played in this pass through the pile
        self.events: "list | None" = [] if log else None
        self.opening = ([[cards.ids[c] for c in h] for h in self.hands], [cards.ids[c] for c in self.draw[::-1]]) \
            if log else None

    # ---- what a seat may do
    def playable(self, seat: int, card: int) -> bool:
        return self.cards.value[card] in self.cards.follows[self.last[seat]]

    def may_discard(self, card: int) -> bool:
        """Whether the card may go on the discard pile: any card, unless the readings
        forbid putting back the card just taken from it."""
        return card != self.taken or self.cards.retake

    def legal_actions(self, seat: int) -> list:
        """Every (action, card) the seat may take with the 4 cards it holds."""
        cards = self.cards
        pass_dir, value, after = cards.pass_dir, cards.value, cards.follows[self.last[seat]]
        taken = None if cards.retake else self.taken
        out = []
        for c in self.hands[seat]:
            if pass_dir[c]:
                out.append((PASS, c))
            elif value[c] in after:
                out.append((PLAY, c))
            if c != taken:
                out.append((DISCARD, c))
        return out

    # ---- the turn
    def _refill(self) -> bool:
        """The draw pile is empty at the start of a turn: reshuffle, or redeal at an impasse
        (the readings say how). False: nothing to draw, ever."""
        ids, choices, p = self.cards.ids, self.cards.variant.choices, self.players
        keep = self.discard[-1:] if choices.reshuffle == "keep-top" else []  # stays face up
        rest = self.discard[:len(self.discard) - len(keep)] + self.passed
        impasse = not self.progress or not rest  # nothing to shuffle counts as stuck
        if impasse:
            keep, rest = [], self.discard + [c for h in self.hands for c in h] + self.passed
            for h in self.hands:
                h.clear()
            for h in self.shown:
                h.clear()
        self.discard, self.passed = keep, []
        if not rest:
            return False
        self.rng.shuffle(rest)
        self.draw = rest
        if impasse:
            self.impasses += 1
            shuffled = [ids[c] for c in reversed(rest)] if self.events is not None else None
            first = self.turn % p if choices.impasse_deal == "next-player" else 0
            for k in range(HAND_SIZE):
                for i in range(p):
                    if len(self.draw) > 1:  # the seat about to play must still have a card to draw
                        self.hands[(first + i) % p].append(self.draw.pop())
            if self.events is not None:
                self.events.append({"impasse": {"pile": shuffled, "first": first,
                                                "hands": [[ids[c] for c in h] for h in self.hands],
                                                "draw_pile": [ids[c] for c in reversed(self.draw)]}})
        else:
            self.reshuffles += 1
            if self.events is not None:
                self.events.append({"reshuffle": [ids[c] for c in reversed(self.draw)]})
        self.progress = False
        return True

    def play(self, bots: list) -> HandResult:
        """Play turns until a seat wins, nothing is left to draw or the turn limit is reached.
        A hand may be resumed: the search (lookahead.py) plays copies on from a turn's start."""
        return self._result(self.run(bots, self.cards.variant.turn_limit))

    def run(self, bots: list, stop: int) -> "int | None":
        """Play turns until turn stop (or the end of the hand); the winner, if any."""
        p = self.players
        winner = None
        while self.turn < stop:
            seat = self.turn % p
            if not self.draw and not self._refill():
                break
            bot = bots[seat]
            if self.discard and bot.draw_from(self, seat) == DISCARDS:
                self.take(seat, DISCARDS)
            elif self.events is None:  # the draw pile's top card (take(), inlined: most turns)
                self.taken = None
                self.hands[seat].append(self.draw.pop())
            else:
                self.take(seat, PILE)
            action, card = bot.act(self, seat)
            if self.apply(seat, action, card, bot):
                winner = seat
                break
        return winner

    def take(self, seat: int, source: str) -> int:
        """The turn's draw: the discard pile's top card (DISCARDS) or the draw pile's."""
        if source == DISCARDS and self.discard:
            card = self.taken = self.discard.pop()
            self.shown[seat].append(card)
            self.moves[seat * MOVE_KINDS + TAKE_KIND] += 1
        else:
            source, card, self.taken = PILE, self.draw.pop(), None
        self.hands[seat].append(card)
        if self.events is not None:
            self.events.append({"p": seat, "draw": source, "card": self.cards.ids[card]})
        return card

    def apply(self, seat: int, action: str, card: int, bot=None) -> bool:
        """The seat does action with card (one of the 4 it holds) and its turn ends; True: it won."""
        cards = self.cards
        hand = self.hands[seat]
        if card not in hand:
            raise RuntimeError(f"{bot!r} used card {cards.ids[card]} that seat {seat} does not hold")
        hand.remove(card)
        shown = self.shown[seat]
        if shown and card in shown:
            shown.remove(card)
        if self.events is not None:
            self.events.append({"p": seat, action: cards.ids[card]})
        self.turn += 1
        if action == PLAY:
            v = cards.value[card]
            if not v or v not in cards.follows[self.last[seat]]:
                raise RuntimeError(f"{bot!r} played {cards.ids[card]} after {self.last[seat]}: not a legal move")
            seq = self.seqs[seat]
            seq.append(card)
            self.last[seat] = v
            self.progress = True
            self.moves[seat * MOVE_KINDS] += 1
            if len(seq) == 1:
                self.starts[seat] = self.turn - 1
            return len(seq) == cards.length
        if action == PASS:
            step = cards.pass_dir[card]
            if not step:
                raise RuntimeError(f"{bot!r} played number card {cards.ids[card]} as a pass card")
            self.passed.append(card)
            self.passes_played += 1
            self.moves[seat * MOVE_KINDS + 1] += 1
            self.progress = True
            p = self.players
            self.hands = [self.hands[(i - step) % p] for i in range(p)]  # seat i gets seat i-step's hand
            self.shown = [self.shown[(i - step) % p] for i in range(p)]
            return False
        if card == self.taken and not cards.retake:  # may_discard, inlined
            raise RuntimeError(f"{bot!r} put back {cards.ids[card]}, the discard it just took: the readings forbid it")
        self.discard.append(card)
        self.moves[seat * MOVE_KINDS + 2] += 1
        return False

    def copy(self) -> "Hand":
        """The state as it stands, for a search to play on (no log; the same random numbers)."""
        h = Hand.__new__(Hand)
        h.__dict__.update(self.__dict__)
        h.hands = [x[:] for x in self.hands]
        h.shown = [x[:] for x in self.shown]
        h.seqs = [x[:] for x in self.seqs]
        h.last = self.last[:]
        h.moves, h.starts = self.moves[:], self.starts[:]
        h.draw, h.discard, h.passed = self.draw[:], self.discard[:], self.passed[:]
        h.events = h.opening = None
        return h

    # ---- the score
    def _result(self, winner: "int | None") -> HandResult:
        cards = self.cards
        value, points = cards.value, cards.points
        seq_sum = [sum(value[c] for c in s) for s in self.seqs]
        hand_sum = [sum(points[c] for c in h) for h in self.hands]
        bonus = winner is not None and cards.bonus([value[c] for c in self.seqs[winner]])
        scores = [seq_sum[i] - hand_sum[i] for i in range(self.players)]
        if winner is not None:
            scores[winner] = seq_sum[winner]
            if bonus:
                for i in range(self.players):
                    if i != winner:
                        scores[winner] += seq_sum[i]
                        scores[i] = -hand_sum[i]
        log = None
        if self.events is not None:
            log = {"game": "str8eight", "players": self.players, "table_size": cards.table_size,
                   "sequence_length": cards.length, "seed": self.seed, "hands": self.opening[0],
                   "draw_pile": self.opening[1], "events": self.events, "winner": winner,
                   "str8eight": bonus, "scores": scores}
        return HandResult(
            winner=winner, bonus=bonus, turns=self.turn, reshuffles=self.reshuffles, impasses=self.impasses,
            passes_played=self.passes_played, scores=scores, lengths=[len(s) for s in self.seqs],
            winning_cells=tuple(cards.cell[c] for c in self.seqs[winner]) if winner is not None else (),
            moves=tuple(self.moves), starts=tuple(self.starts), log=log)


def play_hand(variant: Variant, bots: list, seed: int, log: bool = False) -> HandResult:
    """Deal a hand from seed and play it out; bots[i] plays seat i (seat 0 moves first)."""
    if len(bots) != variant.players:
        raise ValueError(f"{len(bots)} bots for {variant.players} seats")
    return Hand(cards_for(variant), seed, log).play(bots)
