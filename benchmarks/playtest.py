"""Time the rules engines: four-player hands with greedy players, every core.

usage: python benchmarks/playtest.py [--game str8eight|crazy-eights|eights|eights-english|all]
                                     [--hands N] [--runs 5] [--jobs N] [--profile]

Each run plays through cardgen.playtest.simulate (the code `cardgen playtest` uses: chunks
in forked processes, tallies added in order) and prints the wall time and hands per second;
the median of the runs is the figure to quote. Str8 Eight plays 10,000 hands (the goal:
under 10 s on a 2-core machine). Crazy Eights and Eights are played as games to their
targets; --hands counts games there (default 2,000, 500 with open words) and the rate is
given in hands (each game's hands counted) as well as games. --profile then plays a fifth
of the hands in this process under cProfile and lists where the time goes.
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import time

from cardgen.model.play.crazy_eights import CrazyEightsVariant
from cardgen.model.play.eights import EightsVariant
from cardgen.model.play.str8eight import Variant
from cardgen.playtest.simulate import simulate

CASES = {  # name: (the engine's game, its variant, default hands)
    "str8eight": ("str8eight", Variant(players=4), 10_000),
    "crazy-eights": ("crazy-eights", CrazyEightsVariant(players=4), 2_000),
    "eights": ("eights", EightsVariant(players=4), 2_000),
    "eights-english": ("eights", EightsVariant(players=4, words="english"), 500),
}


def bench(name: str, hands: "int | None", runs: int, jobs: int, profile: bool) -> None:
    game, variant, default = CASES[name]
    hands = hands or default
    times, rates = [], []
    for run in range(runs):
        start = time.perf_counter()
        tally = simulate(game, variant, ("greedy",), hands, run + 1, jobs)
        seconds = time.perf_counter() - start
        times.append(seconds)
        if game == "str8eight":
            turns = sum(t * k for t, k in tally.turns.items()) / tally.hands
            rates.append(hands / seconds)
            print(f"{name} run {run + 1}: {hands} hands in {seconds:.2f} s = {hands / seconds:,.0f} hands/s "
                  f"({jobs} jobs; {tally.finished} finished, {turns:.1f} turns a hand)")
        else:
            rates.append(tally.hand_count / seconds)
            print(f"{name} run {run + 1}: {hands} games ({tally.hand_count} hands) in {seconds:.2f} s = "
                  f"{hands / seconds:,.0f} games/s, {tally.hand_count / seconds:,.0f} hands/s ({jobs} jobs)")
    median = statistics.median(times)
    unit = "hands" if game == "str8eight" else "games"
    line = f"{name} median: {median:.2f} s for {hands} {unit}, {statistics.median(rates):,.0f} hands/s with {jobs} jobs"
    if game == "str8eight":
        line += f" ({'under' if median < 10 else 'OVER'} the 10 s goal)"
    print(line)
    if profile:
        p = cProfile.Profile()
        p.enable()
        simulate(game, variant, ("greedy",), max(1, hands // 5), 99, 1)
        p.disable()
        pstats.Stats(p).sort_stats("tottime").print_stats(12)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", choices=(*CASES, "all"), default="str8eight")
    ap.add_argument("--hands", type=int, default=None)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    for name in (CASES if args.game == "all" else (args.game,)):
        bench(name, args.hands, args.runs, args.jobs, args.profile)


if __name__ == "__main__":
    main()
