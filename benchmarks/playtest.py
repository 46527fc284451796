"""Time the rules engine: 10,000 four-player Str8 Eight hands with greedy players, every core.

usage: python benchmarks/playtest.py [--hands 10000] [--runs 5] [--jobs N] [--profile]

Each run plays the hands through cardgen.playtest.simulate (the code `cardgen playtest`
uses: chunks of hands in forked processes, tallies added in order) and prints the
wall time and hands per second; the median of the runs is the figure to quote (the
goal: under 10 s on a 2-core machine). --profile then plays 2,000 hands in this
process under cProfile and lists where the time goes.
"""
from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import time

from cardgen.model.play.str8eight import Variant
from cardgen.playtest.simulate import simulate


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--hands", type=int, default=10_000)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    variant = Variant(players=4)
    times = []
    for run in range(args.runs):
        start = time.perf_counter()
        tally = simulate("str8eight", variant, ("greedy",), args.hands, run + 1, args.jobs)
        seconds = time.perf_counter() - start
        times.append(seconds)
        turns = sum(t * k for t, k in tally.turns.items()) / tally.hands
        print(f"run {run + 1}: {args.hands} hands in {seconds:.2f} s = {args.hands / seconds:,.0f} hands/s "
              f"({args.jobs} jobs; {tally.finished} finished, {turns:.1f} turns a hand)")
    median = statistics.median(times)
    print(f"median: {median:.2f} s = {args.hands / median:,.0f} hands/s with {args.jobs} jobs "
          f"({'under' if median < 10 else 'OVER'} the 10 s goal)")
    if args.profile:
        profile = cProfile.Profile()
        profile.enable()
        simulate("str8eight", variant, ("greedy",), 2000, 99, 1)
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(12)


if __name__ == "__main__":
    main()
