"""A player that looks ahead: information-set Monte-Carlo tree search over the cards it cannot see.

At a decision the player does not know the draw pile's order or the others' hands, only
what the table has shown (its own cards, the discard pile, the played pass cards, the
sequences or rows, the cards others were seen to take). Its information set is the
search's root. Each rollout deals the unseen cards at random into a world consistent
with what it saw (a determinization), makes one of its moves there, walks its own tree
of later decisions in that world, picking among the moves the world allows by UCB1 with
availability counts (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012), and
plays on with the greedy players in every seat for a horizon, where fitted odds of each
seat's winning take over from a finished hand. The other seats are the greedy model
inside the search, so the tree holds only the player's own decisions, and its nodes
merge equivalent moves (two cards of one value are one move).

What made it strong on a small budget, measured against greedy (see search()): the root
is expanded in full and all its moves are tried in the same worlds, so the deal's luck
cancels out of their comparison; a move clearly worse is dropped early; greedy's move
stands unless another beats it by MARGIN standard errors; and a short horizon with
fitted odds (one round) beat rollouts to the end of the hand, which are noisier and
cost six times as much (52.9 % of 240 hands won against greedy, against 58–62 %). Below
the root the tree grows only where a node has been walked WIDEN times, following
greedy's move until then (progressive widening): at the default budget it rarely does;
larger budgets deepen it.

The rules are the engine's: a determinization is the engine's own state (Hand.copy,
Game.copy), played on by the engine's own turn code, so the search can never make a
move the rules forbid. Its random numbers come from the hand's seed, the turn and the
seat, so a hand replays the same whatever process plays it. The budget is rollouts per
decision (`--lookahead-iterations`), not seconds: a result depends on the seed alone.
"""
from __future__ import annotations

import math
import random

from . import DEFAULT_ITERATIONS
from .bots import Greedy
from .fourscore import FourScoreGreedy, Game
from .str8eight import DISCARD, DISCARDS, PASS, PILE, Hand

UCB_C = 0.7  # exploration below the root: wins are counted 0–1
MAX_DEPTH = 4  # own decisions held in the tree below a root; deeper ones are the rollout's
WIDEN = 24  # walks through a node below the root before it tries moves other than the greedy one
# standard errors by which a move must beat the greedy one to be played instead (1.0: 58.1 %,
# 1.5: 61.9 %, 2.0: 60.4 % of 480 hands won against greedy at 64 rollouts)
MARGIN = 1.5
DROP = 1.0  # standard errors below the greedy move that set a move aside
# the search stops as soon as no move in contention has done better than greedy's, on average
# over the worlds dealt so far (one ROUND at least): greedy's move then stands. Measured on the
# ladder's hands of each game, the move chosen is the one the whole budget would choose in
# 98.5–99.6 % of decisions (the others: an improvement later worlds would have shown), for
# 64–78 % of the rollouts (benchmarks/lookahead_budget.py). Stopping early to play another
# move as well, once its lead looked clear, lost strength (58.2 % of 800 hands won against
# greedy, against 62.1 %): a few worlds are no measure of the noise, so that keeps the budget.
ROUND = 4  # worlds dealt between two looks at the moves still in contention
HORIZON = 1  # Str8 Eight: rounds a rollout plays before reading the odds (0: to the end of the hand)
# FourScore: rounds played after the current one before the odds are read (None: to the
# end). Against greedy, 60 games each: 3 rounds won 55, 1 won 53–54 in half the time, 0 won
# 48 in half that again.
FOURSCORE_HORIZON = 1
CANDIDATES = 5  # FourScore: the cards a search weighs, the cheapest on the table as it stands


class Node:
    """One of the player's decision points, as reached by a path of its own moves."""

    __slots__ = ("children", "visits", "wins", "seen")

    def __init__(self):
        self.children: dict = {}
        self.visits = 0
        self.wins = 0.0
        self.seen = 0  # times this move was open to the player when its parent was walked (availability)

    def pick(self, keys: list, rng: random.Random) -> tuple:
        """Among the moves open here (keys): one never tried, else the best by UCB1 over availability.
        Returns (key, child, expanded)."""
        children = self.children
        fresh = []
        best, best_score = None, -1.0
        for k in keys:
            child = children.get(k)
            if child is None:
                fresh.append(k)
                continue
            child.seen += 1
            score = child.wins / child.visits + UCB_C * math.sqrt(math.log(child.seen) / child.visits)
            if score > best_score:
                best, best_score = k, score
        if fresh:
            k = fresh[rng.randrange(len(fresh))] if len(fresh) > 1 else fresh[0]
            child = children[k] = Node()
            child.seen = 1
            return k, child, True
        return best, children[best], False

    def most_visited(self):
        return max(self.children.items(), key=lambda kv: (kv[1].visits, kv[1].wins))[0]


class _Walk:
    """The searching seat inside one determinization: the tree's moves while it is in the
    tree (one node added per walk), then the rollout's (the greedy player's)."""

    def __init__(self, top: Node, rng: random.Random):
        self.node = top  # the node below the root move being tried
        self.path = [top]
        self.rng = rng
        self.open = True  # still walking the tree

    def step(self, keys: list, default=None):
        """The tree's move among keys (None: out of the tree, the rollout decides).

        A node below the root branches only once it has been walked WIDEN times; until
        then the walk follows the rollout's move (default) through it, so a young node is
        worth what the greedy player makes of it rather than what untried moves make of
        it (progressive widening). A forced move is walked through."""
        if not self.open:
            return None
        node = self.node
        if len(keys) == 1 or (node.visits < WIDEN and default in keys):
            key = keys[0] if len(keys) == 1 else default
            child = node.children.get(key)
            expanded = child is None
            if expanded:
                child = node.children[key] = Node()
            child.seen += 1
        else:
            key, child, expanded = node.pick(keys, self.rng)
        self.path.append(child)
        self.node = child
        if expanded or len(self.path) > MAX_DEPTH:
            self.open = False
        return key

    def move(self, keys: list, greedy):
        """The move to make among keys: the tree's while the walk is in it, else the greedy one."""
        if not self.open or len(keys) < 2:
            return greedy
        key = self.step(keys, greedy)
        return greedy if key is None else key

    def count(self, reward: float) -> None:
        for node in self.path:
            node.visits += 1
            node.wins += reward


def search(keys: list, default, iterations: int, seed: int, deal, play) -> object:
    """The move to make among keys, by about iterations rollouts in all.

    The root (the player's information set) is expanded in full, and the moves are tried
    in the same determinizations: deal(rng) makes a world, play(key, walk, world, rng)
    plays move key in a copy of it and returns the searcher's reward. Paired this way, two
    moves' rollouts share the luck of the deal and the difference of their means is
    measured with less noise than independent samples would give. Below each move the
    walk grows that move's tree of later decisions (_Walk). The worlds come ROUND at a
    time; after each round a move clearly worse than the default (the greedy move: its
    mean difference DROP standard errors below zero) is set aside, so the budget goes to
    the moves still in contention, and the search ends early when none is left or the
    default is clear (_clear: no move in contention has done better so far). The
    default is played unless another move beats it by more than MARGIN standard errors
    of the paired difference: a move that looks better only by chance is not taken
    (measured: taking the best mean instead lost to greedy)."""
    if len(keys) == 1:
        return keys[0]
    if default not in keys:
        default = keys[0]
    rng = random.Random(seed)
    nodes = {k: Node() for k in keys}
    alive = [k for k in keys if k != default]
    diffs: dict = {k: [] for k in alive}
    spent = 0

    def rollout(key, world) -> float:
        walk = _Walk(nodes[key], rng)
        reward = play(key, walk, world, rng)
        walk.count(reward)
        return reward

    while alive and spent < iterations:
        for _ in range(ROUND):
            world = deal(rng)
            base = rollout(default, world)
            for k in alive:
                diffs[k].append(rollout(k, world) - base)
            spent += 1 + len(alive)
        alive = [k for k in alive if _mean_se(diffs[k])[0] + DROP * _mean_se(diffs[k])[1] >= 0]
        if _clear(alive, diffs):
            break
    best, best_gain = default, 0.0
    for k in alive:
        mean, se = _mean_se(diffs[k])
        if mean > best_gain and mean > MARGIN * se:
            best, best_gain = k, mean
    return best


def _clear(alive: list, diffs: dict) -> bool:
    """Whether greedy's move stands: no move in contention has done better on average."""
    for k in alive:
        if sum(diffs[k]) > 0:
            return False
    return True


def _mean_se(xs: list) -> tuple:
    """The mean of paired differences and its standard error."""
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, math.sqrt(var / n)


def _decision_seed(game_seed: int, turn: int, seat: int, kind: int) -> int:
    return ((game_seed * 1_000_003 + turn) * 8 + seat) * 4 + kind


# ---- Str8 Eight ------------------------------------------------------------------------------

def _klass(cards, card: int) -> int:
    """What a card is worth to a move: its value, or a pass card's direction (-1, -2): two 12s are one move."""
    return cards.value[card] or (-1 if cards.pass_dir[card] > 0 else -2)


class _Str8EightWalker(Greedy):
    """The searching seat in a determinized hand: the tree's moves, then greedy's."""

    def __init__(self, walk: _Walk):
        self.walk = walk

    def draw_from(self, hand: Hand, seat: int) -> str:
        greedy = Greedy.draw_from(self, hand, seat)
        return self.walk.move(_draw_keys(hand, seat), greedy) if self.walk.open else greedy

    def greedy_act(self, hand: Hand, seat: int) -> tuple:
        return Greedy.act(self, hand, seat)

    def act(self, hand: Hand, seat: int) -> tuple:
        greedy = self.greedy_act(hand, seat)
        if not self.walk.open:
            return greedy
        moves = self.moves(hand, seat)
        return moves[self.walk.move(list(moves), (greedy[0], _klass(hand.cards, greedy[1])))]

    def moves(self, hand: Hand, seat: int) -> dict:
        return _act_moves(hand, seat)


def _draw_keys(hand: Hand, seat: int) -> list:
    """Where a drawing seat may sensibly take from: the discard pile when its top is a pass card or a
    card this seat or the next could lay, else only the draw pile."""
    cards = hand.cards
    top = hand.discard[-1]
    if cards.pass_dir[top]:
        return [PILE, DISCARDS]
    v = cards.value[top]
    nxt = (seat + 1) % hand.players
    if v in cards.follows[hand.last[seat]] or v in cards.follows[hand.last[nxt]]:
        return [PILE, DISCARDS]
    return [PILE]


def _act_moves(hand: Hand, seat: int) -> dict:
    """The seat's legal moves with its four cards, one per kind of move: (action, class) -> (action, card)."""
    cards = hand.cards
    moves = {}
    for action, card in hand.legal_actions(seat):
        key = (action, _klass(cards, card))
        if key not in moves:
            moves[key] = (action, card)
    return moves


class Str8EightLookahead:
    """Searches each draw and each move (ISMCTS, `iterations` determinizations a decision)."""

    name = "lookahead"

    def __init__(self, iterations: int = DEFAULT_ITERATIONS, passes: bool = True, horizon: int = HORIZON):
        self.iterations = iterations
        self.horizon = horizon  # rounds a rollout plays before the odds are read; 0: to the end
        self.passes = passes  # False: never plays a pass card (the ladder's measure of what they are worth)
        self.greedy = Greedy()

    def __repr__(self) -> str:
        return f"lookahead bot ({self.iterations} iterations)"

    def draw_from(self, hand: Hand, seat: int) -> str:
        keys = _draw_keys(hand, seat)
        if len(keys) == 1:
            return keys[0]
        walker_of = _Str8EightWalker if self.passes else _NoPassWalker
        bots = [self.greedy] * hand.players

        def play(key, walk: _Walk, world: Hand, rng) -> float:
            h = world.copy()
            h.rng = rng
            h.take(seat, key)
            walker = bots[seat] = walker_of(walk)
            if h.apply(seat, *walker.act(h, seat)):
                return 1.0
            return self._finish(h, seat, bots)
        return search(keys, self.greedy.draw_from(hand, seat), self.iterations,
                      _decision_seed(hand.seed, hand.turn, seat, 0), self._dealer(hand, seat), play)

    def act(self, hand: Hand, seat: int) -> tuple:
        moves = _act_moves(hand, seat)
        walker_of = _Str8EightWalker if self.passes else _NoPassWalker
        if not self.passes:
            moves = {k: m for k, m in moves.items() if m[0] != PASS}
        if len(moves) == 1:
            return next(iter(moves.values()))
        action, card = walker_of.greedy_act(self.greedy, hand, seat)
        bots = [self.greedy] * hand.players

        def play(key, walk: _Walk, world: Hand, rng) -> float:
            h = world.copy()
            h.rng = rng
            if h.apply(seat, *moves[key]):
                return 1.0
            bots[seat] = walker_of(walk)
            return self._finish(h, seat, bots)
        return moves[search(list(moves), (action, _klass(hand.cards, card)), self.iterations,
                            _decision_seed(hand.seed, hand.turn, seat, 1), self._dealer(hand, seat), play)]

    def _dealer(self, hand: Hand, seat: int):
        """deal(rng): a determinization of the hand as the seat sees it."""
        unseen = _unseen(hand, seat)
        deep = self.horizon * hand.players + 2 if self.horizon else len(unseen)  # draw-pile cards a rollout reaches
        return lambda rng: _determinize(hand, seat, unseen, rng, deep)

    def _finish(self, h: Hand, seat: int, bots: list) -> float:
        """Play the determinized hand on for the horizon; the seat's reward (a win, or its odds)."""
        limit = h.cards.variant.turn_limit
        stop = min(limit, h.turn + self.horizon * h.players) if self.horizon else limit
        winner = h.run(bots, stop)
        if winner is not None:
            return 1.0 if winner == seat else 0.0
        if h.turn >= stop and stop < limit:
            return odds(h, seat)
        return 1.0 / h.players


class _NoPassWalker(_Str8EightWalker):
    """The walker of a player that never plays its pass cards (it discards them): the
    ladder's measure of what pass cards are worth to a strong player."""

    def greedy_act(self, hand: Hand, seat: int) -> tuple:
        action, card = Greedy.act(self, hand, seat)
        if action == PASS:  # greedy would pass: the least useful card goes instead
            need = hand.cards.length - len(hand.seqs[seat])
            return DISCARD, self._least_useful(hand, seat, need, 0)
        return action, card

    def moves(self, hand: Hand, seat: int) -> dict:
        return {k: m for k, m in _act_moves(hand, seat).items() if m[0] != PASS}


# The odds of each seat, read from a hand in progress: a conditional logit over the seats,
# exp(w · x_s) / Σ exp(w · x_t), fitted by Newton's method to 380,000 positions of greedy
# four-player hands on the 8 × 8 deck (log-likelihood -1.12 a position, against -1.39 for
# even odds). x_s: cards still to lay, cards in hand that extend the sequence one after
# another now, seats until s moves, pass cards held, log(1 + ways to finish).
ODDS_WEIGHTS = (-1.256, 0.393, -0.037, -0.067, 0.712)


def odds(hand: Hand, seat: int) -> float:
    """The seat's chance to win the hand from here, by the fitted odds (a search's horizon)."""
    cards = hand.cards
    value, follows, ways = cards.value, cards.follows, cards.ways
    L, p = cards.length, hand.players
    w_need, w_chain, w_pos, w_pass, w_ways = ODDS_WEIGHTS
    mover = hand.turn % p
    log1p = math.log1p
    scores = []
    for s in range(p):
        last = hand.last[s]
        need = L - len(hand.seqs[s])
        held = hand.hands[s]
        # the number cards held, by value: the chain takes the lowest value that can follow and
        # still be finished, one card after another (a card taken is gone, its copies stay)
        left = [value[x] for x in held if value[x]]
        passes = len(held) - len(left)
        chain, at = 0, last
        while chain < need and left:
            nxt = 0
            after = follows[at]
            for v in left:
                if v in after and ways[(v, need - chain - 1)] and (not nxt or v < nxt):
                    nxt = v
            if not nxt:
                break
            left.remove(nxt)
            at = nxt
            chain += 1
        finishes = ways[(last, need)] if last else _start_ways(cards, need)
        scores.append(w_need * need + w_chain * chain + w_pos * ((s - mover) % p) + w_pass * passes
                      + w_ways * log1p(finishes))
    top = max(scores)
    total = 0
    for u in scores:
        total += math.exp(u - top)
    return math.exp(scores[seat] - top) / total


def _start_ways(cards, need: int) -> int:
    """The ways to finish a sequence not yet started (need cards), kept on the deck's tables."""
    memo = cards.__dict__.setdefault("_start_ways", {})
    got = memo.get(need)
    if got is None:
        got = memo[need] = sum(cards.ways[(b, need - 1)] for b in cards.follows[0])
    return got


def _unseen(hand: Hand, seat: int) -> list:
    """The cards the seat cannot place: in the draw pile or in the others' hands (those the table
    saw them take from the discard pile excepted)."""
    known = set(hand.hands[seat])
    known.update(hand.discard)
    known.update(hand.passed)
    for s in hand.seqs:
        known.update(s)
    for s, shown in enumerate(hand.shown):
        if s != seat:
            known.update(shown)
    return [c for c in range(hand.cards.count) if c not in known]


def deal_unseen(hands: list, seat: int, unseen: list, rng: random.Random) -> list:
    """The unseen cards shuffled and dealt into every other seat's hand in place, each hand keeping
    its size; returns the cards left over, in their shuffled order (Crazy Eights' stock, Eights'
    stack)."""
    cards = unseen[:]
    rng.shuffle(cards)
    at = 0
    for s in range(len(hands)):
        if s != seat:
            k = len(hands[s])
            hands[s] = cards[at:at + k]
            at += k
    return cards[at:]


def _determinize(hand: Hand, seat: int, unseen: list, rng: random.Random, deep: int) -> Hand:
    """A copy of the hand with the unseen cards dealt at random into the others' hands and onto
    the top of the draw pile (its deep top cards; a rollout that ends sooner never sees the
    order of the rest, which stays as it was)."""
    h = hand.copy()
    hidden = [len(hand.hands[s]) - len(hand.shown[s]) if s != seat else 0 for s in range(hand.players)]
    picked = rng.sample(unseen, min(len(unseen), sum(hidden) + deep))
    at = 0
    for s, k in enumerate(hidden):
        if k:
            h.hands[s] = hand.shown[s] + picked[at:at + k]
            at += k
    top = picked[at:]
    if len(picked) < len(unseen):
        taken = set(picked)
        h.draw = [c for c in unseen if c not in taken] + top
    else:
        h.draw = top
    return h


# ---- FourScore -------------------------------------------------------------------------------

class _FourScoreWalker(FourScoreGreedy):
    """The searching seat in a determinized game: the tree's cards and places, then greedy's."""

    def __init__(self, walk: _Walk):
        self.walk = walk

    def choose(self, game: Game, seat: int) -> int:
        return self.walk.move(sorted(set(game.hands[seat])), FourScoreGreedy.choose(self, game, seat))

    def place(self, game: Game, seat: int, v: int, spots: list) -> tuple:
        return self.walk.move(spots, FourScoreGreedy.place(self, game, seat, v, spots))

    def take(self, game: Game, seat: int, v: int, rows: list) -> int:
        return self.walk.move(rows, FourScoreGreedy.take(self, game, seat, v, rows))


class FourScoreLookahead:
    """Searches each card, each place with a choice and each tied take (ISMCTS, as for Str8 Eight)."""

    name = "lookahead"

    def __init__(self, iterations: int = DEFAULT_ITERATIONS, horizon: "int | None" = FOURSCORE_HORIZON):
        self.iterations = iterations
        self.horizon = horizon  # rounds played after the current one before the odds are read; None: to the end
        self.greedy = FourScoreGreedy()

    def __repr__(self) -> str:
        return f"lookahead FourScore bot ({self.iterations} iterations)"

    def _search(self, game: Game, seat: int, keys: list, default, kind: int, first) -> object:
        """first(copy, key, bots): the searched move made in a determinized copy; the game is then played out."""
        unseen = _fourscore_unseen(game, seat)
        bots = [self.greedy] * game.variant.players

        stop = None if self.horizon is None else game.rounds + 1 + self.horizon  # the round in play counts

        def play(key, walk: _Walk, world: Game, rng) -> float:
            g = world.copy()
            g.rng = rng
            bots[seat] = _FourScoreWalker(walk)
            first(g, key, bots)
            g.run(bots, stop)
            return fourscore_odds(g, seat)
        return search(keys, default, self.iterations, _decision_seed(game.seed, game.rounds, seat, kind),
                      lambda rng: _fourscore_world(game, seat, unseen, rng), play)

    def choose(self, game: Game, seat: int) -> int:
        ranked = sorted(self.greedy.costs(game, seat))  # cheapest first: the greedy card leads
        default = ranked[0][1]
        keys = sorted(v for _, v in ranked[:CANDIDATES])

        def first(g: Game, key: int, bots: list) -> None:
            g.reveal([key if s == seat else bots[s].choose(g, s) for s in range(g.variant.players)])
        return self._search(game, seat, keys, default, 0, first)

    def place(self, game: Game, seat: int, v: int, spots: list) -> tuple:
        default = self.greedy.place(game, seat, v, spots)
        if len(spots) == 1:
            return default

        def first(g: Game, key: tuple, bots: list) -> None:
            g.place(seat, v, key)
            g.placed()
        return self._search(game, seat, spots, default, 1, first)

    def take(self, game: Game, seat: int, v: int, rows: list) -> int:
        default = self.greedy.take(game, seat, v, rows)
        if len(rows) == 1 or game.choices.row_tie != "choose":
            return default

        def first(g: Game, key: int, bots: list) -> None:
            g.place(seat, v, None, key)
            g.placed()
        return self._search(game, seat, rows, default, 2, first)


# A FourScore seat's odds from the scoring piles: exp(-β·pile) over the seats, with β = 0.8 /
# rounds_left^0.65 (the fewer rounds left, the more a card in the pile decides), fitted to the
# round starts of 3,000 greedy four-player games (log-likelihood -1.147 a position, against
# -1.386 for even odds). A finished game is scored exactly: a share of the win.
FOURSCORE_ODDS = (0.8, 0.65)


def fourscore_odds(game: Game, seat: int) -> float:
    """The seat's chance to win from here: exact when the game is over, else the fitted odds."""
    piles = game.piles
    left = len(game.hands[seat])
    if not left and not game.values:
        low = min(piles)
        return 1.0 / piles.count(low) if piles[seat] == low else 0.0
    b0, alpha = FOURSCORE_ODDS
    beta = b0 / max(left, 1) ** alpha
    low = min(piles)
    weights = [math.exp(-beta * (x - low)) for x in piles]
    return weights[seat] / sum(weights)


def _fourscore_unseen(game: Game, seat: int) -> list:
    """The values the seat cannot place: in the others' hands or among the cards left undealt."""
    from collections import Counter

    from .fourscore import _values

    rest = Counter(_values(game.variant.table_size))
    rest.subtract(game.hands[seat])
    rest.subtract(game.played)
    return sorted(rest.elements())


def _fourscore_world(game: Game, seat: int, unseen: list, rng: random.Random) -> Game:
    """A copy of the game with the unseen values dealt at random to the others."""
    g = game.copy()
    hidden = [len(game.hands[s]) if s != seat else 0 for s in range(game.variant.players)]
    picked = rng.sample(unseen, sum(hidden))
    at = 0
    for s, k in enumerate(hidden):
        if k:
            g.hands[s] = picked[at:at + k]
            at += k
    return g
