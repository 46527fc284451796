"""Time the rules engines and `cardgen playtest`, and measure the lookahead player.

usage: python benchmarks/playtest.py [--game str8eight|fourscore|crazy-eights|eights|eights-english|all]
                                     [--hands N] [--runs 5] [--jobs N] [--profile]
       python benchmarks/playtest.py --end-to-end [--runs 5] [--game GAME]
       python benchmarks/playtest.py --ladder [--game GAME|all] [--runs 5] [--jobs N]
       python benchmarks/playtest.py --lookahead [--hands N] [--iterations N]
       python benchmarks/playtest.py --strength [--hands N] [--iterations N] [--jobs N]

Engines (the default): each run plays through cardgen.playtest.simulate (the code
`cardgen playtest` uses: chunks in forked processes, tallies added in order) and prints
the wall and CPU time and hands per second; the median of the runs is the figure to quote.
Str8 Eight plays 10,000 hands; FourScore, Crazy Eights and Eights are played as games to
their targets (--hands counts games there). --profile then plays a fifth of the hands in
this process under cProfile and lists where the time goes.

--end-to-end runs `cardgen playtest --game str8eight --hands 10000 --json FILE` as a user
does (a fresh process, start-up and report included; goal: 3 s on a 2-core machine), with
the default skill ladder and with --ladder-hands 0, and `--hands 1`: with the ladder and
the page kept in the store (goal: 1 s), with a store of its own for every run (the ladder
played and the page drawn afresh), and with --ladder-hands 0; and `--tune --table-size 6
--players 2 --hands 200` with its page kept and afresh. Beside the wall time: the CPU
time of the command and its children (user + system) and the machine's one-minute load
before each run, since on a shared machine the wall time also waits for other people's
work. --game plays another game instead (Str8 Eight's 10,000 hands are then 10,000 games).

--ladder plays the default skill ladder of each game afresh (ladder.play_matches, on every
core, as a playtest with nothing in the store does; goal for Str8 Eight: 2 s on a 2-core
machine) and prints its wall and CPU time and each match's hands and wins.

--lookahead plays hands with one lookahead player (at its default budget, or
--iterations) among greedy ones and prints its decisions per second of CPU: every
decision, and those it searched (more than one move open).

--strength plays the skill ladder's match, lookahead against greedy, on --hands deals
(each dealt twice, the seats swapped) for Str8 Eight and FourScore (or --game's, --match's
players, from --seed), and prints the lookahead player's share of the won hands with its
95 % interval. Measured (issue 42, seed 101, 400 deals): 62.1 % (58.7–65.4 %) before its
search stopped early, 62.0 % (58.6–65.3 %) after, at two thirds of the CPU;
`--match lookahead-no-pass,greedy --hands 200`: 58.5 % (53.6–63.2 %), then 58.0 % (53.1–62.7 %).
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from cardgen.model.play import DEFAULT_ITERATIONS
from cardgen.model.play.crazy_eights import CrazyEightsVariant
from cardgen.model.play.eights import EightsVariant
from cardgen.model.play.fourscore import FourScoreVariant
from cardgen.model.play.str8eight import Variant
from cardgen.playtest.figures import SHARE_UNIT, wilson
from cardgen.playtest.simulate import LADDER, simulate

CASES = {  # name: (the engine's game, its variant, default hands)
    "str8eight": ("str8eight", Variant(players=4), 10_000),
    "fourscore": ("fourscore", FourScoreVariant(players=4), 2_000),
    "crazy-eights": ("crazy-eights", CrazyEightsVariant(players=4), 2_000),
    "eights": ("eights", EightsVariant(players=4), 2_000),
    "eights-english": ("eights", EightsVariant(players=4, words="english"), 500),
}
END_TO_END = {  # name: the playtest's arguments (FRESH: a store of its own, empty, for every run)
    "10000 hands, default ladder": ["--hands", "10000"],
    "10000 hands, --ladder-hands 0": ["--hands", "10000", "--ladder-hands", "0"],
    "1 hand, default ladder kept": ["--hands", "1"],
    "1 hand, default ladder played afresh": ["--hands", "1", "FRESH"],
    "1 hand, --ladder-hands 0": ["--hands", "1", "--ladder-hands", "0"],
    "tune 6 × 6, 2 players, 200 hands, page kept": ["--tune", "--table-size", "6", "--players", "2", "--hands", "200"],
    "tune 6 × 6, 2 players, 200 hands, afresh": ["--tune", "--table-size", "6", "--players", "2", "--hands", "200",
                                                "FRESH"],
}  # (the tunes: Str8 Eight's alone)
GOAL_SECONDS = 3.0
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _cpu_children() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def _cpu_self() -> float:
    use = resource.getrusage(resource.RUSAGE_SELF)
    return use.ru_utime + use.ru_stime


def bench(name: str, hands: "int | None", runs: int, jobs: int, profile: bool) -> None:
    game, variant, default = CASES[name]
    hands = hands or default
    times, rates = [], []
    for run in range(runs):
        start, cpu = time.perf_counter(), _cpu_self() + _cpu_children()
        tally = simulate(game, variant, ("greedy",), hands, run + 1, jobs)
        seconds = time.perf_counter() - start
        used = _cpu_self() + _cpu_children() - cpu
        times.append(seconds)
        if game in ("str8eight", "fourscore"):
            rates.append(hands / seconds)
            unit = "hands" if game == "str8eight" else "games"
            print(f"{name} run {run + 1}: {hands} {unit} in {seconds:.2f} s (CPU {used:.2f} s) = "
                  f"{hands / seconds:,.0f} {unit}/s ({jobs} jobs; {tally.finished} finished)")
        else:
            rates.append(tally.hand_count / seconds)
            print(f"{name} run {run + 1}: {hands} games ({tally.hand_count} hands) in {seconds:.2f} s (CPU "
                  f"{used:.2f} s) = {hands / seconds:,.0f} games/s, {tally.hand_count / seconds:,.0f} hands/s "
                  f"({jobs} jobs)")
    print(f"{name} median: {statistics.median(times):.2f} s, {statistics.median(rates):,.0f} "
          f"{'hands' if game != 'fourscore' else 'games'}/s with {jobs} jobs")
    if profile:
        p = cProfile.Profile()
        p.enable()
        simulate(game, variant, ("greedy",), max(1, hands // 5), 99, 1)
        p.disable()
        pstats.Stats(p).sort_stats("tottime").print_stats(12)


def end_to_end(runs: int, game: str = "str8eight") -> None:
    """`cardgen playtest` as a user runs it, in a fresh process each time."""
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in END_TO_END.items():
            if "--tune" in args and game != "str8eight":
                continue
            walls, cpus, loads = [], [], []
            for run in range(runs + 1):  # the first run warms the bytecode caches and the disk
                out, figures = Path(tmp) / f"out{name}{run}", Path(tmp) / f"figures{run}.json"
                env = dict(ENV, CARDGEN_CACHE=str(Path(tmp) / f"store{name}{run}")) if "FRESH" in args else ENV
                load = os.getloadavg()[0]
                cpu, start = _cpu_children(), time.perf_counter()
                subprocess.run([sys.executable, "-m", "cardgen", "playtest", "--game", game,
                                *(a for a in args if a != "FRESH"), "--json", str(figures), "--out", str(out), "-q"],
                               check=True, env=env)
                wall, used = time.perf_counter() - start, _cpu_children() - cpu
                if run:
                    walls.append(wall)
                    cpus.append(used)
                    loads.append(load)
            print(f"{name}: median {statistics.median(walls):.2f} s wall (fastest {min(walls):.2f} s), CPU "
                  f"{statistics.median(cpus):.2f} s (user + system, all processes), load before the runs "
                  f"{min(loads):.1f}–{max(loads):.1f} on {os.cpu_count()} cores"
                  + (f"; goal {GOAL_SECONDS:.0f} s: {'met' if statistics.median(walls) <= GOAL_SECONDS else 'NOT met'}"
                     if "10000" in name and "ladder-hands 0" in name else ""))


def fresh_ladders(games: list, runs: int, jobs: int) -> None:
    """Each game's default skill ladder played afresh, as a playtest with an empty store plays it."""
    from cardgen.model.play import DEFAULT_LADDER_HANDS
    from cardgen.playtest import ladder
    from cardgen.playtest.run import _matches, _variant

    values = {"players": 4, "decks": 1, "ace_value": 10, "crazy_options": (), "eights_words": "numbers",
              "table_size": 8, "pass_cards": 6, "sequence_length": 0}
    for game in games:
        variant = _variant(game, values)
        pairs = _matches(game, variant)
        walls, cpus, loads = [], [], []
        for _ in range(runs):
            loads.append(os.getloadavg()[0])
            start, cpu = time.perf_counter(), _cpu_self() + _cpu_children()
            played = ladder.play_matches(game, variant, pairs, DEFAULT_LADDER_HANDS, 1, jobs, DEFAULT_ITERATIONS)
            walls.append(time.perf_counter() - start)
            cpus.append(_cpu_self() + _cpu_children() - cpu)
        unit = 1 if game == "str8eight" else SHARE_UNIT
        matches = "; ".join(f"{a} against {b}: {t.hands} played, {t.bot_wins.get(a, 0) / unit:g}–"
                            f"{t.bot_wins.get(b, 0) / unit:g}" for (a, b), t in played)
        print(f"{game} ladder, fresh: median {statistics.median(walls):.2f} s wall (fastest {min(walls):.2f} s), "
              f"CPU {statistics.median(cpus):.2f} s, {jobs} jobs, load {min(loads):.1f}–{max(loads):.1f} on "
              f"{os.cpu_count()} cores · {matches}", flush=True)


class _Counting:
    """A player wrapped to count its decisions: all, and those with more than one move open."""

    def __init__(self, bot, options):
        self.bot, self.options = bot, options
        self.decisions = self.searched = 0

    def __getattr__(self, name):
        method = getattr(self.bot, name)
        options = self.options.get(name)
        if options is None:
            return method

        def counted(*args):
            self.decisions += 1
            self.searched += options(*args) > 1
            return method(*args)
        return counted


def lookahead_speed(hands: int, iterations: int) -> None:
    """Decisions per CPU second of one lookahead player among greedy ones."""
    from cardgen.model.play import lookahead
    from cardgen.model.play.bots import Greedy
    from cardgen.model.play.fourscore import FourScoreGreedy, play_game
    from cardgen.model.play.str8eight import play_hand

    bot = _Counting(lookahead.Str8EightLookahead(iterations), {
        "draw_from": lambda h, s: len(lookahead._draw_keys(h, s)),
        "act": lambda h, s: len(lookahead._act_moves(h, s))})
    cpu = _cpu_self()
    for i in range(hands):
        seats = [Greedy() for _ in range(4)]
        seats[i % 4] = bot  # its seat moves on every hand
        play_hand(Variant(), seats, 7_000 + i)
    used = _cpu_self() - cpu
    print(f"Str8 Eight lookahead, {iterations} rollouts a decision: {bot.decisions} decisions ({bot.searched} "
          f"searched) in {hands} hands, {used:.2f} s CPU: {bot.decisions / used:,.0f} decisions/s, "
          f"{bot.searched / used:,.0f} searched decisions/s, {used / hands:.3f} s a hand")
    bot = _Counting(lookahead.FourScoreLookahead(iterations), {
        "choose": lambda g, s: min(len(set(g.hands[s])), lookahead.CANDIDATES),
        "place": lambda g, s, v, spots: len(spots), "take": lambda g, s, v, rows: len(rows)})
    games = max(1, hands // 5)
    cpu = _cpu_self()
    for i in range(games):
        seats = [FourScoreGreedy() for _ in range(4)]
        seats[i % 4] = bot
        play_game(FourScoreVariant(), seats, 7_000 + i)
    used = _cpu_self() - cpu
    print(f"FourScore lookahead, {iterations} rollouts a decision: {bot.decisions} decisions ({bot.searched} "
          f"searched) in {games} games, {used:.2f} s CPU: {bot.decisions / used:,.0f} decisions/s, "
          f"{bot.searched / used:,.0f} searched decisions/s, {used / games:.3f} s a game")


def strength(deals: int, iterations: int, jobs: int, seed: int = 1, match: tuple = ("lookahead", "greedy"),
             games: tuple = ("str8eight", "fourscore")) -> None:
    """A ladder match (the lookahead-greedy one) on many deals, with its 95 % interval."""
    strong, weak = match
    for game in games:
        variant = CASES[game][1]
        start, cpu = time.perf_counter(), _cpu_self() + _cpu_children()
        t = simulate(game, variant, match, 2 * deals, seed, jobs, stream=LADDER, iterations=iterations)
        unit = 1 if game == "str8eight" else SHARE_UNIT
        won = t.bot_wins.get(strong, 0) / unit
        decided = round((t.bot_wins.get(strong, 0) + t.bot_wins.get(weak, 0)) / unit)
        low, high = wilson(won, decided)
        unit = "hands" if game == "str8eight" else "games"
        print(f"{game}, seed {seed}: {strong} ({iterations} rollouts a decision) against {weak}, {2 * deals} {unit} on {deals} "
              f"deals: {won / decided:.1%} of the {decided} won (95 %: {low:.1%}–{high:.1%}); "
              f"{time.perf_counter() - start:.0f} s wall, {_cpu_self() + _cpu_children() - cpu:.0f} s CPU")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", choices=(*CASES, "all"), default="str8eight")
    ap.add_argument("--hands", type=int, default=None)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--iterations", type=int, default=DEFAULT_ITERATIONS)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--end-to-end", action="store_true")
    ap.add_argument("--lookahead", action="store_true")
    ap.add_argument("--strength", action="store_true")
    ap.add_argument("--ladder", action="store_true")
    ap.add_argument("--seed", type=int, default=1, help="--strength: the deals' seed")
    ap.add_argument("--match", default="lookahead,greedy", help="--strength: the two players (lookahead-no-pass,greedy)")
    args = ap.parse_args()
    if args.end_to_end:
        end_to_end(args.runs, "str8eight" if args.game in ("all", "eights-english") else args.game)
    elif args.ladder:
        fresh_ladders(["str8eight", "fourscore", "crazy-eights", "eights"] if args.game == "all"
                      else [CASES[args.game][0]], args.runs, args.jobs)
    elif args.lookahead:
        lookahead_speed(args.hands or 40, args.iterations)
    elif args.strength:
        strength(args.hands or 500, args.iterations, args.jobs, args.seed, tuple(args.match.split(",")),
                 ("str8eight", "fourscore") if args.game == "str8eight" and args.match == "lookahead,greedy"
                 else (CASES[args.game][0],))
    else:
        for name in (CASES if args.game == "all" else (args.game,)):
            bench(name, args.hands, args.runs, args.jobs, args.profile)


if __name__ == "__main__":
    main()
