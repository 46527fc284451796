"""The skill ladder: matches of two players on the same deals, kept once played.

A ladder's figures depend only on the game, the variant, its matches (the players), the
budget (hands a match, the lookahead player's rollouts), the seed and the code, so they
are kept in the store (cache.py) under the digest of exactly those, and a playtest that
asks the same again reuses them without dealing a card.

A fresh ladder plays every match at once in one pool of workers (all the cores), chunk by
chunk in turn, and stops a match as soon as its interval ranks the two players: at each
look (after 8, 16, 32, … hands, each look within the budget) the stronger player's share
of the won hands is given a Wilson interval at the confidence 1 − ERROR / looks; a match
whose interval leaves out 50 % stops there. By Bonferroni's inequality, the chance that any
early stop of a match ranks the players the wrong way round (or ranks two equal players)
is at most ERROR, 5 %. A match that no look decides plays its whole budget, as before. The
looks fall on fixed hand counts and the hands are added up in order, so a seed gives the
same ladder whatever the number of workers.
"""
from __future__ import annotations

import math
from collections import deque

from .simulate import LADDER, SHARE_UNIT, Tally

ERROR = 0.05  # the chance, over all looks, that an early stop ranks a match's players wrongly
FIRST_LOOK = 8  # hands: fewer decide nothing at these confidences (n / (n + z²) must pass 50 %)

made = 0  # ladders played by this process (the store's misses): tests read it


def looks(budget: int) -> list:
    """The hand counts at which a match of this budget may stop: 8, 16, 32, … below it."""
    out, n = [], FIRST_LOOK
    while n < budget:
        out.append(n)
        n *= 2
    return out


def _z(budget: int) -> float:
    from statistics import NormalDist

    k = max(1, len(looks(budget)))
    return NormalDist().inv_cdf(1 - ERROR / (2 * k))


def ranked(game: str, tally: Tally, pair: tuple, z: float) -> bool:
    """Whether the interval of the stronger player's share at z leaves out 50 %."""
    unit = 1 if game == "str8eight" else SHARE_UNIT
    won = tally.bot_wins.get(pair[0], 0) / unit
    n = round(won + tally.bot_wins.get(pair[1], 0) / unit)
    if n <= 0:
        return False
    p = won / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return centre - half > 0.5 or centre + half < 0.5


class _Plan:
    """The chunks of every open match, one match's chunk after another's in turn, made as the
    pool asks for them (a decided match gets no more). sent: each chunk's (match, start, stop)
    in the order the pool hands the results back."""

    def __init__(self, game, variant, pairs, budget, seed, iterations):
        self.args = (game, variant, seed, iterations)
        self.pairs, self.budget = pairs, budget
        self.size = [2 if "lookahead" in " ".join(p) else FIRST_LOOK for p in pairs]  # never across a look
        self.open = [True] * len(pairs)
        self.next = [0] * len(pairs)
        self.sent: deque = deque()

    def __len__(self) -> int:
        return sum(-(-self.budget // s) for s in self.size)

    def __iter__(self):
        game, variant, seed, iterations = self.args
        while True:
            issued = False
            for i, pair in enumerate(self.pairs):
                a = self.next[i]
                if not self.open[i] or a >= self.budget:
                    continue
                b = min(a + self.size[i], self.budget)
                self.next[i] = b
                self.sent.append((i, a, b))
                issued = True
                yield (game, variant, pair, seed, LADDER, a, b, False, iterations)
            if not issued:
                return


def play_matches(game: str, variant, pairs: tuple, budget: int, seed: int, jobs: int, iterations: int) -> list:
    """[(pair, tally)] of each match, every match played side by side, each stopping at the
    first look that ranks its players (or at its budget)."""
    from .simulate import _ordered

    global made
    made += 1
    plan = _Plan(game, variant, pairs, budget, seed, iterations)
    tallies = [Tally() for _ in pairs]
    stops = set(looks(budget))
    z = _z(budget)
    for tally, _ in _ordered(plan, jobs):
        i, a, b = plan.sent.popleft()
        if not plan.open[i]:
            continue  # played past the look that decided the match: not counted
        tallies[i].add(tally)
        if b >= budget or (b in stops and ranked(game, tallies[i], pairs[i], z)):
            plan.open[i] = False  # no chunk of it is sent any more; those in flight are let finish
            # (at most two a worker), so the pool is never stopped while a worker holds its queue
    return list(zip(pairs, tallies))


def _inputs(game: str, variant, pairs: tuple, budget: int, seed: int, iterations: int) -> dict:
    """Everything a ladder's figures depend on (the code aside, which the store adds)."""
    import dataclasses

    return {"game": game, "variant": [type(variant).__name__, dataclasses.asdict(variant)],
            "matches": [list(p) for p in pairs], "budget": budget, "seed": seed, "iterations": iterations,
            "error": ERROR, "first_look": FIRST_LOOK}


def kept(game: str, variant, pairs: tuple, budget: int, seed: int, iterations: int) -> bool:
    """Whether the store holds this ladder (a playtest then plays no lookahead hand)."""
    from ..cache import holds, store_key

    return holds("ladder", store_key("ladder", _inputs(game, variant, pairs, budget, seed, iterations)))


def ladder(game: str, variant, pairs: tuple, budget: int, seed: int, jobs: int, iterations: int,
           figures, log=None) -> dict:
    """The ladder's figures (figures(played) makes them from the matches), from the store when
    the same ladder was played before."""
    from ..cache import kept_json

    return kept_json("ladder", _inputs(game, variant, pairs, budget, seed, iterations),
                     lambda: figures(play_matches(game, variant, pairs, budget, seed, jobs, iterations)), log)
