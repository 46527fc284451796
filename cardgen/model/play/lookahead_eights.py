"""The lookahead player for Eights: the search of lookahead.py over the cards it cannot see.

On its turn the player weighs the words it can spell (each the way the greedy player
would spell it, the best-scoring CANDIDATES of them): it deals the cards it cannot see
(the others' hands and the stack, whose cards are unknown to it) at random back into the
others' hands and the stack, spells each word in the same deals, and plays the hand on
with the greedy player in every seat (its own later words walked in its tree) to the
end of the hand. The reward is its points for the hand against the best of the others':
a short word that leaves the table open for the next player is worth less than it
scores. Greedy's word stands unless another beats it clearly (lookahead.search). Passing
and the cards given up on a pass are the greedy player's.

The rules are the engine's: a world is the engine's Game (Game.copy), played on by its
own turn code (Game.run), so the search never spells what the rules forbid.
"""
from __future__ import annotations

import math
import random

from . import DEFAULT_ITERATIONS
from .eights import SUITS, EightsGreedy, Game, HandTally, Spell
from .lookahead import _Walk, _decision_seed, search

CANDIDATES = 6  # the words a search weighs, best-scoring first
SCALE = 8.0  # points of a hand's difference that make a reward of about 0.88 (tanh 1)


def words(game: Game, seat: int, best: str) -> dict:
    """The words seat can spell, best-scoring first (at most CANDIDATES, best always among
    them): word -> the way greedy would spell it."""
    greedy = EightsGreedy()
    out = {}
    for w in game.candidates(seat):
        if len(out) >= CANDIDATES:
            break
        if game.ways(seat, w, first=True):
            out[w] = greedy.turn(game, seat, w)
    if best not in out:
        out[best] = greedy.turn(game, seat, best)
    return out


class _Walker(EightsGreedy):
    """The searching seat in a dealt world: its tree's words, then greedy's."""

    def __init__(self, walk: _Walk):
        self.walk = walk

    def turn(self, game: Game, seat: int, best: str) -> Spell:
        if not self.walk.open:
            return EightsGreedy.turn(self, game, seat, best)
        options = words(game, seat, best)
        return options[self.walk.move(list(options), best)]


class EightsLookahead:
    """Searches each word it spells (ISMCTS, as for Str8 Eight); passes as greedy does."""

    name = "lookahead"

    def __init__(self, iterations: int = DEFAULT_ITERATIONS):
        self.iterations = iterations
        self.greedy = EightsGreedy()

    def __repr__(self) -> str:
        return f"lookahead Eights bot ({self.iterations} iterations)"

    def exchange(self, game: Game, seat: int) -> list:
        return self.greedy.exchange(game, seat)

    def turn(self, game: Game, seat: int, best: str) -> Spell:
        options = words(game, seat, best)
        if len(options) == 1:
            return options[best]
        unseen = [c for s in range(game.players) if s != seat for c in game.hands[s]] + game.stack
        bots = [self.greedy] * game.players
        p = game.players

        def play(key: str, walk: _Walk, world: Game, rng) -> float:
            g = world.copy()
            g.rng = rng
            bots[seat] = walker = _Walker(walk)
            t = HandTally(p)
            _spell(g, seat, options[key], t)
            g.run(bots, (seat + 1) % p, t)
            mine = t.scores[seat]
            return 0.5 + 0.5 * math.tanh((mine - max(x for s, x in enumerate(t.scores) if s != seat)) / SCALE)
        # the state names the decision: the table's cards, the stack's size and the scores so far
        point = (sum(game.table[s] * 64 ** (s % 3) for s in SUITS) * 64 + len(game.stack)) * 512 + sum(game.totals)
        return options[search(list(options), best, self.iterations, _decision_seed(game.seed, point, seat, 0),
                              lambda rng: _world(game, seat, unseen, rng), play)]


def _spell(game: Game, seat: int, move: Spell, t: HandTally) -> None:
    """The seat's turn with move, by the engine's own turn code."""
    class _Once:
        def turn(self, g, s, best):
            return move

        def exchange(self, g, s):
            return []
    game.turn(_Once(), seat, t)


def _world(game: Game, seat: int, unseen: list, rng: random.Random) -> Game:
    """A copy of the game with the unseen cards dealt at random into the others' hands and the stack."""
    g = game.copy()
    cards = unseen[:]
    rng.shuffle(cards)
    at = 0
    for s in range(game.players):
        if s != seat:
            k = len(game.hands[s])
            g.hands[s] = cards[at:at + k]
            at += k
    g.stack = cards[at:]
    return g
