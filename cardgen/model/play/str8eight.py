"""One hand of Str8 Eight, played out by bots: the state, the legal moves, the turn and the score.

Cards are small integers (an index into `Cards`), so a hand is a few lists and the
engine stays fast enough to play thousands of hands a second. A seat's sequence is
kept as its cards and as its last value (0 before it starts: the values that may
follow 0 are the bull's-eyes). The readings of cases the rules leave open are in
this package's docstring (model/play/__init__.py).
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field
from functools import lru_cache

from ..atlas import DEFAULT_SEQUENCE_LENGTH, check_sequence_length, completions
from ..str8eight import DEFAULT_TABLE_SIZE, PASS_CARD_POINTS, build_deck, groups_of, successors

HAND_SIZE = 3
MIN_PLAYERS, MAX_PLAYERS = 2, 4
MAX_TURNS = 2000  # a hand still running after this many turns is stalled (see the readings)

PLAY, PASS, DISCARD = "play", "pass", "discard"  # what a seat does with its fourth card
PILE, DISCARDS = "pile", "discard"  # where it draws from


@dataclass(frozen=True)
class Variant:
    """The rules that vary: the deck's table and pass cards, the sequence to make, the seats."""

    table_size: int = DEFAULT_TABLE_SIZE
    pass_cards: int = 6  # even: half pass left, half right
    sequence_length: int = DEFAULT_SEQUENCE_LENGTH
    players: int = 4
    max_turns: int = MAX_TURNS

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
        # +1: the hands move to seat i+1 (left); -1: to seat i-1 (right); 0: a number card
        self.pass_dir = [0] * len(numbers) + [1 if p.direction == "left" else -1 for p in passes]
        self.points = [c.value for c in numbers] + [PASS_CARD_POINTS] * len(passes)
        values = sorted(set(self.value[:len(numbers)]))
        self.values = values
        self.follows = {v: frozenset(successors(v, n)) for v in values}
        self.follows[0] = frozenset(v for v in values if v <= n)  # no sequence yet: a bull's-eye starts one
        self.ways = completions(n, L)  # (value, k): ways to add k more cards after value
        self.groups = {v: frozenset(groups_of(v, n)) for v in values}
        self.index = {card_id: i for i, card_id in enumerate(self.ids)}

    def can_follow(self, last: int, card: int) -> bool:
        return self.value[card] in self.follows[last]

    def single_group(self, values: list) -> bool:
        """Every value in one group of multiples (the Str8 Eight bonus)."""
        common = set(self.groups[values[0]])
        for v in values[1:]:
            common &= self.groups[v]
        return bool(common)


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
        self.last = [0] * p
        self.turn = 0
        self.reshuffles = self.impasses = self.passes_played = 0
        self.progress = False  # a card joined a sequence or a pass card was played in this pass through the pile
        self.events: "list | None" = [] if log else None
        self.opening = ([[cards.ids[c] for c in h] for h in self.hands], [cards.ids[c] for c in self.draw[::-1]]) \
            if log else None

    # ---- what a seat may do
    def playable(self, seat: int, card: int) -> bool:
        return self.cards.value[card] in self.cards.follows[self.last[seat]]

    def legal_actions(self, seat: int) -> list:
        """Every (action, card) the seat may take with the 4 cards it holds."""
        out = []
        for c in self.hands[seat]:
            if self.cards.pass_dir[c]:
                out.append((PASS, c))
            elif self.playable(seat, c):
                out.append((PLAY, c))
            out.append((DISCARD, c))
        return out

    # ---- the turn
    def _refill(self) -> bool:
        """The draw pile is empty: reshuffle, or redeal at an impasse. False: nothing to draw, ever."""
        ids = self.cards.ids
        impasse = not self.progress or not (self.discard or self.passed)
        if impasse:
            for h in self.hands:
                self.discard.extend(h)
                h.clear()
        pile = self.discard + self.passed
        self.discard, self.passed = [], []
        if not pile:
            return False
        self.rng.shuffle(pile)
        self.draw = pile
        if impasse:
            self.impasses += 1
            for k in range(HAND_SIZE):
                for h in self.hands:
                    if len(self.draw) > 1:  # the next seat must still have a card to draw
                        h.append(self.draw.pop())
            if self.events is not None:
                self.events.append({"impasse": {"hands": [[ids[c] for c in h] for h in self.hands],
                                                "draw_pile": [ids[c] for c in reversed(self.draw)]}})
        else:
            self.reshuffles += 1
            if self.events is not None:
                self.events.append({"reshuffle": [ids[c] for c in reversed(self.draw)]})
        self.progress = False
        return True

    def play(self, bots: list) -> HandResult:
        cards, p, L = self.cards, self.players, self.cards.length
        ids, value, pass_dir = cards.ids, cards.value, cards.pass_dir
        events = self.events
        winner = None
        max_turns = cards.variant.max_turns
        while self.turn < max_turns:
            seat = self.turn % p
            if not self.draw and not self._refill():
                break
            bot = bots[seat]
            source = bot.draw_from(self, seat) if self.discard else PILE
            if source == DISCARDS and self.discard:
                card = self.discard.pop()
            else:
                source, card = PILE, self.draw.pop()
            hand = self.hands[seat]
            hand.append(card)
            if events is not None:
                events.append({"p": seat, "draw": source, "card": ids[card]})
            action, card = bot.act(self, seat)
            if card not in hand:
                raise RuntimeError(f"{bot!r} used card {ids[card]} that seat {seat} does not hold")
            hand.remove(card)
            if events is not None:
                events.append({"p": seat, action: ids[card]})
            self.turn += 1
            if action == PLAY:
                if not value[card] or value[card] not in cards.follows[self.last[seat]]:
                    raise RuntimeError(f"{bot!r} played {ids[card]} after {self.last[seat]}: not a legal move")
                self.seqs[seat].append(card)
                self.last[seat] = value[card]
                self.progress = True
                if len(self.seqs[seat]) == L:
                    winner = seat
                    break
            elif action == PASS:
                step = pass_dir[card]
                if not step:
                    raise RuntimeError(f"{bot!r} played number card {ids[card]} as a pass card")
                self.passed.append(card)
                self.passes_played += 1
                self.progress = True
                self.hands = [self.hands[(i - step) % p] for i in range(p)]  # seat i gets seat i-step's hand
            else:
                self.discard.append(card)
        return self._result(winner)

    # ---- the score
    def _result(self, winner: "int | None") -> HandResult:
        cards = self.cards
        value, points = cards.value, cards.points
        seq_sum = [sum(value[c] for c in s) for s in self.seqs]
        hand_sum = [sum(points[c] for c in h) for h in self.hands]
        bonus = winner is not None and cards.single_group([value[c] for c in self.seqs[winner]])
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
            winning_cells=tuple(cards.cell[c] for c in self.seqs[winner]) if winner is not None else (), log=log)


def play_hand(variant: Variant, bots: list, seed: int, log: bool = False) -> HandResult:
    """Deal a hand from seed and play it out; bots[i] plays seat i (seat 0 moves first)."""
    if len(bots) != variant.players:
        raise ValueError(f"{len(bots)} bots for {variant.players} seats")
    return Hand(cards_for(variant), seed, log).play(bots)
