"""Play many hands side by side and add them up: the same seed gives the same tally whatever -j is.

Hand i is dealt from a seed made of the run's seed, the stream (the main run or the
skill ladder's matches, which all play the same deals) and i alone, so which process
plays it changes nothing. Hands are played in chunks; each chunk comes back as a tally
of whole numbers (counters of turns, scores, cards…) and, with a log, its hands' JSON
lines. Tallies are added and lines
written in chunk order as chunks finish, with at most a few chunks in flight, so
memory stays flat however many hands are played.
"""
from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from ..model.play.players import fourscore_bot, make_bot
from ..model.play.fourscore import FourScoreVariant, play_game
from ..model.play import DEFAULT_ITERATIONS
from ..model.play.str8eight import Variant, play_hand

MAIN, LADDER = 0, 2  # the streams of seeds (1 was the skill match the ladder replaced)
SHARE_UNIT = 60  # a tied FourScore win is split k ways (k ≤ 6): wins are counted in 1/60ths


def hand_seed(seed: int, stream: int, i: int) -> int:
    """The seed of hand i of a stream; a ladder's hands come in pairs on one deal (duplicate)."""
    return (seed << 40) | (stream << 36) | (i // 2 if stream == LADDER else i)


def seating(bots: tuple, players: int, stream: int, i: int) -> tuple:
    """The bot in each seat for hand i: as asked (one name: every seat), or for a ladder
    match (bots: the two players) the two in alternate seats, swapped on the second hand
    of each deal, so each plays every deal from both sets of seats."""
    if stream == LADDER:
        return tuple(bots[(s + i) % 2] for s in range(players))
    return bots * players if len(bots) == 1 else bots


@dataclass
class Tally:
    """Whole-number sums over hands; tallies of chunks add up in any grouping."""

    hands: int = 0
    finished: int = 0
    seat_wins: Counter = field(default_factory=Counter)  # seat -> wins (FourScore: 1/60ths)
    bot_wins: Counter = field(default_factory=Counter)  # bot name -> wins
    bot_seats: Counter = field(default_factory=Counter)  # bot name -> seats played
    turns: Counter = field(default_factory=Counter)  # turns -> hands (FourScore: rounds)
    bonus: int = 0  # Str8 Eight: one-color bonus wins; FourScore: facing-arrow returns
    reshuffles: Counter = field(default_factory=Counter)  # per hand -> hands
    impasses: Counter = field(default_factory=Counter)
    passes: Counter = field(default_factory=Counter)
    winner_scores: Counter = field(default_factory=Counter)
    other_scores: Counter = field(default_factory=Counter)
    heat: Counter = field(default_factory=Counter)  # (row, col) -> cards in winning sequences
    lengths: Counter = field(default_factory=Counter)  # the others' sequence lengths at the end
    fifth_cards: Counter = field(default_factory=Counter)  # FourScore, per game -> games
    takes: Counter = field(default_factory=Counter)
    bonuses: Counter = field(default_factory=Counter)
    # Crazy Eights and Eights: games of several hands (hands counts games there)
    hand_count: int = 0  # hands played in all
    game_hands: Counter = field(default_factory=Counter)  # hands in a game -> games
    stock_out: int = 0  # hands in which the stock ran out
    blocked: int = 0  # Crazy Eights: hands nobody went out of (stalled ones included)
    out_on_eight: int = 0  # Crazy Eights: hands won with an 8 as the last card
    eight_caught: int = 0  # Crazy Eights: hands ending with an 8 in someone's hand
    eights_played: Counter = field(default_factory=Counter)  # per hand -> hands
    hand_scores: Counter = field(default_factory=Counter)  # Crazy Eights: the hand winner's score; Eights: each seat's
    turns_all: int = 0  # Eights: turns played
    turns_with_word: int = 0  # Eights: turns on which the seat to move could spell a word
    word_lengths: Counter = field(default_factory=Counter)  # Eights: letters -> words spelled
    words: Counter = field(default_factory=Counter)  # Eights: word -> times spelled
    # ladder matches: what each player does, (bot, what) -> count (Str8 Eight: plays, passes,
    # discards, takes, started, start_turns; FourScore: pile)
    bot_moves: Counter = field(default_factory=Counter)

    def add(self, other: "Tally") -> "Tally":
        for name, value in vars(other).items():
            if isinstance(value, Counter):
                getattr(self, name).update(value)
            else:
                setattr(self, name, getattr(self, name) + value)
        return self


STR8EIGHT_MOVES = ("plays", "passes", "discards", "takes")  # Hand.moves, per seat


def _str8eight_chunk(variant: Variant, bots: tuple, seed: int, stream: int, start: int, stop: int,
                     log: bool, iterations: int) -> tuple:
    t = Tally()
    lines = [] if log else None
    cache: dict = {}
    for i in range(start, stop):
        names = seating(bots, variant.players, stream, i)
        players = cache.get(names) or cache.setdefault(names, [make_bot(n, iterations) for n in names])
        r = play_hand(variant, players, hand_seed(seed, stream, i), log=log)
        if stream == LADDER:
            _str8eight_moves(t, names, r)
        t.hands += 1
        t.turns[r.turns] += 1
        t.reshuffles[r.reshuffles] += 1
        t.impasses[r.impasses] += 1
        t.passes[r.passes_played] += 1
        t.bot_seats.update(names)
        if r.winner is not None:
            t.finished += 1
            t.seat_wins[r.winner] += 1
            t.bot_wins[names[r.winner]] += 1
            t.bonus += r.bonus
            t.winner_scores[r.scores[r.winner]] += 1
            t.heat.update(r.winning_cells)
        for seat, score in enumerate(r.scores):
            if seat != r.winner:
                t.other_scores[score] += 1
                t.lengths[r.lengths[seat]] += 1
        if log:
            lines.append(json.dumps(r.log, separators=(",", ":")))
    return t, lines


def _str8eight_moves(t: Tally, names: tuple, r) -> None:
    """What each seat's player did in a ladder hand."""
    kinds = len(STR8EIGHT_MOVES)
    moves = t.bot_moves
    for seat, name in enumerate(names):
        for k, what in enumerate(STR8EIGHT_MOVES):
            moves[(name, what)] += r.moves[seat * kinds + k]
        if r.starts[seat] is not None:
            moves[(name, "started")] += 1
            moves[(name, "start_turns")] += r.starts[seat] // len(names)  # its own turns before it
    
def _fourscore_chunk(variant: FourScoreVariant, bots: tuple, seed: int, stream: int, start: int, stop: int,
                     log: bool, iterations: int) -> tuple:
    t = Tally()
    lines = [] if log else None
    cache: dict = {}
    for i in range(start, stop):
        names = seating(bots, variant.players, stream, i)
        players = cache.get(names) or cache.setdefault(names, [fourscore_bot(n, iterations) for n in names])
        r = play_game(variant, players, hand_seed(seed, stream, i), log=log)
        if stream == LADDER:
            for seat, name in enumerate(names):
                t.bot_moves[(name, "pile")] += r.piles[seat]
        t.hands += 1
        t.finished += 1
        t.turns[r.rounds] += 1
        t.bot_seats.update(names)
        share = SHARE_UNIT // len(r.winners)
        for seat in r.winners:
            t.seat_wins[seat] += share
            t.bot_wins[names[seat]] += share
        for seat, pile in enumerate(r.piles):
            (t.winner_scores if seat in r.winners else t.other_scores)[pile] += 1
        t.fifth_cards[r.fifth_cards] += 1
        t.takes[r.takes] += 1
        t.bonuses[r.bonuses] += 1
        t.bonus += r.bonuses
        if log:
            lines.append(json.dumps(r.log, separators=(",", ":")))
    return t, lines


def _game_tally(t: Tally, names: tuple, r) -> None:
    """What every game of several hands adds: its length, its winners (a share each) and the totals."""
    t.hands += 1
    t.bot_seats.update(names)
    t.hand_count += len(r.hands)
    t.game_hands[len(r.hands)] += 1
    if r.winners:
        t.finished += 1
        share = SHARE_UNIT // len(r.winners)
        for seat in r.winners:
            t.seat_wins[seat] += share
            t.bot_wins[names[seat]] += share
    for seat, total in enumerate(r.totals):
        (t.winner_scores if seat in r.winners else t.other_scores)[total] += 1


def _games_chunk(play, make, add_hand, variant, bots: tuple, seed: int, stream: int, start: int,
                 stop: int, log: bool, iterations: int) -> tuple:
    """Games of several hands (Crazy Eights, Eights): each game's tally, and add_hand's for each hand."""
    t = Tally()
    lines = [] if log else None
    cache: dict = {}
    for i in range(start, stop):
        names = seating(bots, variant.players, stream, i)
        players = cache.get(names) or cache.setdefault(names, [make(n, iterations) for n in names])
        r = play(variant, players, hand_seed(seed, stream, i), log=log)
        _game_tally(t, names, r)
        for h in r.hands:
            add_hand(t, h)
            if log:
                lines.append(json.dumps(h.log, separators=(",", ":")))
    return t, lines


def _crazy_eights_hand(t: Tally, h) -> None:
    t.turns[h.turns] += 1
    t.reshuffles[h.reshuffles] += 1
    t.stock_out += h.reshuffles > 0
    t.eights_played[h.eights_played] += 1
    t.eight_caught += h.eights_caught > 0
    if h.winner is None:
        t.blocked += 1
    else:
        t.out_on_eight += h.out_on_eight
        t.hand_scores[h.scores[h.winner]] += 1


def _eights_hand(t: Tally, h) -> None:
    t.turns[h.turns] += 1
    t.turns_all += h.turns
    t.turns_with_word += h.turns_with_word
    t.stock_out += h.stack_ran_out
    t.hand_scores.update(h.scores)
    for _, word in h.words:
        t.word_lengths[len(word)] += 1
        t.words[word.upper()] += 1


def _crazy_eights_chunk(*args) -> tuple:
    from ..model.play import crazy_eights
    from ..model.play.players import crazy_eights_bot

    return _games_chunk(crazy_eights.play_game, crazy_eights_bot, _crazy_eights_hand, *args)


def _eights_chunk(*args) -> tuple:
    from ..model.play import eights
    from ..model.play.players import eights_bot

    return _games_chunk(eights.play_game, eights_bot, _eights_hand, *args)


# each game's chunk player (Crazy Eights' and Eights' engines are imported only when played)
CHUNKS = {"str8eight": _str8eight_chunk, "fourscore": _fourscore_chunk, "crazy-eights": _crazy_eights_chunk,
          "eights": _eights_chunk}


def _run_chunk(args):
    game, *rest = args
    return CHUNKS[game](*rest)


def simulate(game: str, variant, bots: tuple, hands: int, seed: int, jobs: int, stream: int = MAIN,
             log=None, progress=None, iterations: int = DEFAULT_ITERATIONS, executor=None) -> Tally:
    """Play hands hands of game; log: an open text file taking one JSON line per hand;
    progress(played) hears how many are played as the chunks come in; iterations: the
    lookahead player's budget, when one plays; executor: where to play them (executors.py;
    None: here, on jobs processes)."""
    if executor is not None:
        jobs = executor.slots
    slow = "lookahead" in " ".join(bots)
    size = max(1, min(2 if slow else 250, -(-hands // (max(1, jobs) * 4))))
    chunks = [(game, variant, bots, seed, stream, a, min(a + size, hands), log is not None, iterations)
              for a in range(0, hands, size)]
    total = Tally()
    answers = _ordered(chunks, jobs) if executor is None else executor.ordered(chunks)
    for done, (tally, lines) in enumerate(answers, 1):
        total.add(tally)
        if lines:
            log.write("\n".join(lines) + "\n")
        if progress is not None and done % 8 == 0:
            progress(total.hands)  # the hands (FourScore: games) played so far
    return total


class Workers:
    """Chunks played side by side in forked processes, or here, in turn, with one job.

    The processes are forked (the parent's modules and memoised tables come for free)
    with the render workers' signal handling (draw/workers.py): Ctrl-C is the parent's
    to act on, and SIGTERM ends a worker at once; the build's own handlers are reset in
    every forked child by interrupt.py. Each worker has a pipe of its own (pool.py), so
    a stop that kills them all at once can never leave this process waiting on a lock a
    dead worker held. Leaving the `with` block stops the workers, whatever happened."""

    def __init__(self, jobs: int):
        self.jobs = max(1, jobs)
        self.pool = None

    def __enter__(self) -> "Workers":
        if self.jobs > 1:
            from ..draw.workers import worker_signals
            from ..pool import Pool

            self.pool = Pool(self.jobs, initializer=worker_signals, name="playtest")
        return self

    def __exit__(self, *exc) -> None:
        if self.pool is not None:
            self.pool.terminate()

    def submit(self, chunk: tuple):
        """The chunk's result, to .get(): played now with one job, by a worker otherwise."""
        if self.pool is None:
            return _Done(_run_chunk(chunk))
        return self.pool.submit(_run_chunk, chunk)


class _Done:
    def __init__(self, value):
        self.value = value

    def get(self):
        from ..interrupt import checkpoint

        checkpoint()  # as a pool's Result.get() does: a stop whose raise was swallowed (interrupt._unraisable)
        return self.value


def _ordered(chunks: list, jobs: int):
    """Each chunk's result in order, at most 2 × jobs chunks in flight (memory flat in the
    number of hands)."""
    from collections import deque

    jobs = min(jobs, len(chunks))
    with Workers(jobs) as workers:
        pending = deque()
        it = iter(chunks)
        for chunk in it:
            pending.append(workers.submit(chunk))
            if len(pending) >= 2 * jobs:
                break
        while pending:
            result = pending.popleft().get()
            nxt = next(it, None)
            if nxt is not None:
                pending.append(workers.submit(nxt))
            yield result
