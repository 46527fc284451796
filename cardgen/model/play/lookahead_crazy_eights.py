"""The lookahead player for Crazy Eights: the search of lookahead.py over the cards it cannot see.

At each decision (what to play or whether to draw, whether to play a card just drawn,
which suit an 8 names) the player deals the cards it has not seen (every card but its
own hand and the discard pile) at random into the others' hands, as many as each holds,
and into the stock; tries each of its moves in the same deals, plays the hand out with
the greedy player in every seat (its own later decisions walked in its tree), and keeps
greedy's move unless another beats it clearly (lookahead.search). A hand is short and
the engine fast, so the rollouts go to the end of the hand. The reward is the hand's
score against the best of the others', which is what a game to a target adds up: going
out with many points caught in the others' hands is worth more than going out alone,
and being caught with an 8 costs more than being caught with a 3.

The rules are the engine's: a world is the engine's Hand (Hand.copy), played on by its
own turn code (Hand.run), so the search never makes a move the rules forbid; its random
numbers come from the game's seed, the hand, the turn count and the seat.
"""
from __future__ import annotations

import math
import random

from ..crazy_eights import SUITS
from . import DEFAULT_ITERATIONS
from .crazy_eights import DRAW, PASS, PLAY, CrazyGreedy, Hand
from .lookahead import _Walk, _decision_seed, deal_unseen, search

SCALE = 40.0  # points of a hand's score difference that make a reward of about 0.88 (tanh 1)
CHOOSE, DRAWN, SUIT = 0, 1, 2  # the kinds of decision, for their seeds


def _key(hand: Hand, seat: int, move: tuple) -> tuple:
    """What a move is worth to the search: two cards of one rank and suit (two decks) are
    one move, and so are two 8s naming the same suit (an 8 that goes out names none)."""
    if move[0] != PLAY:
        return move[:1]
    c = hand.cards
    _, card, suit = move
    if c.eight[card]:
        return (PLAY, "8", suit if len(hand.hands[seat]) > 1 else None)
    return (PLAY, c.rank[card], c.suit[card])


def moves(hand: Hand, seat: int) -> dict:
    """The seat's legal moves, one per kind: key -> (PLAY, card, suit) / (DRAW,) / (PASS,)."""
    c = hand.cards
    out = {}
    for card in hand.playable(seat):
        last = len(hand.hands[seat]) == 1  # an 8 that goes out names no suit
        for suit in ((None,) if not c.eight[card] or last else SUITS):
            move = (PLAY, card, suit)
            out.setdefault(_key(hand, seat, move), move)
    if hand.can_draw():
        out[(DRAW,)] = (DRAW,)
    if not out:
        out[(PASS,)] = (PASS,)
    return out


def reward(hand: Hand, seat: int, winner: "int | None", turns: int, stalled: bool) -> float:
    """The seat's reward for a hand played out: its score against the best of the others'."""
    scores = hand._result(winner, turns, stalled).scores
    others = [s for i, s in enumerate(scores) if i != seat]
    if hand.variant.penalty_scoring:  # the fewest points win
        diff = min(others) - scores[seat]
    else:
        diff = scores[seat] - max(others)
    return 0.5 + 0.5 * math.tanh(diff / SCALE)


class _Walker(CrazyGreedy):
    """The searching seat in a dealt world: the root's move first, then its tree's, then greedy's."""

    def __init__(self, walk: _Walk, first: "tuple | None" = None):
        self.walk = walk
        self.first = first

    def choose(self, hand: Hand, seat: int) -> tuple:
        if self.first is not None:
            move, self.first = self.first, None
            return move
        greedy = CrazyGreedy.choose(self, hand, seat)
        if not self.walk.open:
            return greedy
        options = moves(hand, seat)
        return options[self.walk.move(list(options), _key(hand, seat, greedy))]

    def play_drawn(self, hand: Hand, seat: int, card: int) -> bool:
        return self.walk.move([True, False], True) if self.walk.open else True

    def name_suit(self, hand: Hand, seat: int, card: int) -> "str | None":
        greedy = CrazyGreedy.name_suit(self, hand, seat, card)
        if greedy is None or not self.walk.open or not hand.hands[seat][:-1]:
            return greedy
        return self.walk.move(list(SUITS), greedy)


class CrazyEightsLookahead:
    """Searches each play, each drawn card and each suit an 8 names (ISMCTS, as for Str8 Eight)."""

    name = "lookahead"

    def __init__(self, iterations: int = DEFAULT_ITERATIONS):
        self.iterations = iterations
        self.greedy = CrazyGreedy()

    def __repr__(self) -> str:
        return f"lookahead Crazy Eights bot ({self.iterations} iterations)"

    def _search(self, hand: Hand, seat: int, keys: list, default, kind: int, start) -> object:
        """start(world, key, bots) makes the searched move in a dealt world and returns the
        seat that plays next (or ("out", seat) when the move went out)."""
        unseen = _unseen(hand, seat)
        bots = [self.greedy] * hand.players

        def play(key, walk: _Walk, world: Hand, rng) -> float:
            h = world.copy()
            h.rng = rng
            bots[seat] = _Walker(walk)
            nxt = start(h, key, bots)
            if isinstance(nxt, tuple):
                return reward(h, seat, nxt[1], 0, False)
            return reward(h, seat, *h.run(bots, nxt))
        # the state names the decision: the same hand at the same point searches the same worlds
        point = ((hand.lead * 64 + hand.reshuffles) * 256 + len(hand.stock)) * 256 + len(hand.discard)
        seed = _decision_seed(hand.game.seed, point, seat, kind)
        return search(keys, default, self.iterations, seed, lambda rng: _world(hand, seat, unseen, rng), play)

    def choose(self, hand: Hand, seat: int) -> tuple:
        options = moves(hand, seat)
        if len(options) == 1:
            return next(iter(options.values()))
        if len(hand.hands[seat]) == 1 and (DRAW,) in options and len(options) > 1:
            return next(m for m in options.values() if m[0] == PLAY)  # going out: nothing does better
        default = _key(hand, seat, self.greedy.choose(hand, seat))

        def start(h: Hand, key, bots: list):
            bots[seat].first = options[key]
            return seat
        return options[self._search(hand, seat, list(options), default, CHOOSE, start)]

    def play_drawn(self, hand: Hand, seat: int, card: int) -> bool:
        def start(h: Hand, key: bool, bots: list):
            if not key:
                return h._next(seat)
            h._play(seat, card, bots[seat].name_suit(h, seat, card), bots[seat])
            return _after(h, seat, card)
        return self._search(hand, seat, [True, False], True, DRAWN, start)

    def name_suit(self, hand: Hand, seat: int, card: int) -> "str | None":
        greedy = self.greedy.name_suit(hand, seat, card)
        if greedy is None or len(hand.hands[seat]) == 1:  # not an 8, or the 8 goes out
            return greedy

        def start(h: Hand, key: str, bots: list):
            h._play(seat, card, key, bots[seat])
            return _after(h, seat, card)
        return self._search(hand, seat, list(SUITS), greedy, SUIT, start)


def _after(h: Hand, seat: int, played: int):
    """The end of a turn on which seat played a card: ("out", seat), or the seat that plays next."""
    if not h.hands[seat]:
        return ("out", seat)
    return h._act(seat, played) if h.variant.action_cards else h._next(seat)


def _unseen(hand: Hand, seat: int) -> list:
    """The cards the seat cannot place: in the others' hands or in the stock."""
    known = set(hand.hands[seat])
    known.update(hand.discard)
    return [c for c in range(hand.cards.count) if c not in known]


def _world(hand: Hand, seat: int, unseen: list, rng: random.Random) -> Hand:
    """A copy of the hand with the unseen cards dealt at random into the others' hands and the stock."""
    h = hand.copy()
    h.stock = deal_unseen(h.hands, seat, unseen, rng)
    return h
