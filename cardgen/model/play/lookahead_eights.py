"""The lookahead player for Eights: the search of lookahead.py over the cards it cannot see.

On its turn the player weighs the words it can spell (each the way the greedy player
would spell it, the best-scoring CANDIDATES of them) and a pass: it deals the cards it
cannot see (the others' hands and the stack, whose cards are unknown to it) at random back
into the others' hands and the stack, makes each move in the same deals, and plays the
hand on with the greedy player in every seat (its own later words walked in its tree) to
the end of the hand. The reward is its points for the hand against the best of the
others': a short word that leaves the table open for the next player is worth less than
it scores. Greedy's move stands unless another beats it clearly (lookahead.search). On a
pass it weighs the same way what to give up: greedy's cards, none, or its whole hand.

Measured against greedy (benchmarks/play_table.py --winrates, 400 four-player games at 64
rollouts) it wins about as often as greedy does: with number words greedy's best word is
hard to beat. Searching every way to spell the best word (which letters go back on the
table for the next player) cost four times as much and gained nothing measurable.

The rules are the engine's: a world is the engine's Game (Game.copy), played on by its
own turn code (Game.run), so the search never spells what the rules forbid.
"""
from __future__ import annotations

import math
import random

from . import DEFAULT_ITERATIONS
from .eights import SUITS, EightsGreedy, Game, HandTally, Spell
from .lookahead import _Walk, _decision_seed, deal_unseen, search

CANDIDATES = 6  # the words a search weighs, best-scoring first
WAYS = 1  # the ways to spell the best word a search weighs (which cards go back on the table)
SCALE = 8.0  # points of a hand's difference that make a reward of about 0.88 (tanh 1)


def words(game: Game, seat: int, best: str) -> dict:
    """The moves seat weighs, key -> Spell: every way (at most WAYS) to spell the best-scoring
    word, the way decides which letters go back on the table for the next player, and the
    greedy way of each of the next best-scoring words (CANDIDATES words in all)."""
    greedy = EightsGreedy()
    first = greedy.turn(game, seat, best)
    out = {(best, 0): first}
    for k, way in enumerate(w for w in game.ways(seat, best) if w != first):
        if k + 1 >= WAYS:
            break
        out[(best, k + 1)] = way
    n = 1
    for w in game.candidates(seat):
        if n >= CANDIDATES:
            break
        if w != best and game.ways(seat, w, first=True):
            out[(w, 0)] = greedy.turn(game, seat, w)
            n += 1
    return out


class _Walker(EightsGreedy):
    """The searching seat in a dealt world: its tree's words, then greedy's."""

    def __init__(self, walk: _Walk):
        self.walk = walk

    def turn(self, game: Game, seat: int, best: str) -> Spell:
        if not self.walk.open:
            return EightsGreedy.turn(self, game, seat, best)
        options = words(game, seat, best)
        return options[self.walk.move(list(options), (best, 0))]


class EightsLookahead:
    """Searches each word it spells, whether to pass, and what to give up on a pass (ISMCTS, as for Str8 Eight)."""

    name = "lookahead"

    def __init__(self, iterations: int = DEFAULT_ITERATIONS):
        self.iterations = iterations
        self.greedy = EightsGreedy()

    def __repr__(self) -> str:
        return f"lookahead Eights bot ({self.iterations} iterations)"

    def exchange(self, game: Game, seat: int) -> list:
        """The cards to give up on a pass: greedy's choice, none or all, searched."""
        greedy = self.greedy.exchange(game, seat)
        keys = {"greedy": greedy}
        if greedy:
            keys["none"] = []
        if len(greedy) < len(game.hands[seat]):
            keys["all"] = list(game.hands[seat])
        if len(keys) == 1:
            return greedy

        def first(g: Game, key: str, t: HandTally) -> None:
            g._exchange(seat, list(keys[key]))
            t.passes = 1
        return keys[self._search(game, seat, list(keys), "greedy", 1, first)]

    def _search(self, game: Game, seat: int, keys: list, default, kind: int, first) -> object:
        """first(world, key, tally) makes the searched move in a dealt world; the hand is then played out."""
        unseen = [c for s in range(game.players) if s != seat for c in game.hands[s]] + game.stack
        bots = [self.greedy] * game.players
        p = game.players

        def play(key, walk: _Walk, world: Game, rng) -> float:
            g = world.copy()
            g.rng = rng
            bots[seat] = _Walker(walk)
            t = HandTally(p)
            first(g, key, t)
            g.run(bots, (seat + 1) % p, t)
            mine = t.scores[seat]
            return 0.5 + 0.5 * math.tanh((mine - max(x for s, x in enumerate(t.scores) if s != seat)) / SCALE)
        # the state names the decision: the table's cards, the stack's size and the scores so far
        point = (sum(game.table[s] * 64 ** (s % 3) for s in SUITS) * 64 + len(game.stack)) * 512 + sum(game.totals)
        return search(keys, default, self.iterations, _decision_seed(game.seed, point, seat, kind),
                      lambda rng: _world(game, seat, unseen, rng), play)

    def turn(self, game: Game, seat: int, best: str) -> "Spell | None":
        options = words(game, seat, best)
        if game.stack:
            options[("pass",)] = None  # a pass, and greedy's exchange
        if len(options) == 1:
            return options[(best, 0)]

        def first(g: Game, key, t: HandTally) -> None:
            _spell(g, seat, options[key], t, self.greedy)
        return options[self._search(game, seat, list(options), (best, 0), 0, first)]


def _spell(game: Game, seat: int, move: "Spell | None", t: HandTally, greedy: EightsGreedy) -> None:
    """The seat's turn with move (None: a pass, with greedy's exchange), by the engine's own turn code."""
    class _Once:
        def turn(self, g, s, best):
            return move

        def exchange(self, g, s):
            return greedy.exchange(g, s)
    game.turn(_Once(), seat, t)


def _world(game: Game, seat: int, unseen: list, rng: random.Random) -> Game:
    """A copy of the game with the unseen cards dealt at random into the others' hands and the stack."""
    g = game.copy()
    g.stack = deal_unseen(g.hands, seat, unseen, rng)
    return g
