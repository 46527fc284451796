"""The play table's expert, timed, and the lookahead players' strength, measured.

    python benchmarks/play_table.py --times            # the expert's move time per game, p50/p95
    python benchmarks/play_table.py --winrates         # lookahead against greedy, Crazy Eights and Eights
    python benchmarks/play_table.py --winrates --games 300 --jobs 2

--times plays whole hands at a table (cardgen/model/play/table.py) with expert opponents,
the person's seat answered by the first legal move, and times each expert decision (the
bots' moves between two of the person's); it prints the machine's load beside the figures,
since on a shared machine the wall time waits for other people's work.
--winrates plays skill-ladder matches (the same deals twice, seats swapped) of the
lookahead player against greedy and prints its share of the won games with a 95 % Wilson
interval (fair: 50 %).
"""
from __future__ import annotations

import argparse
import os
import time


def winrates(games: int, jobs: int, iterations: "int | None", seed: int, only: tuple) -> None:
    from cardgen.model.play import DEFAULT_ITERATIONS
    from cardgen.playtest.figures import ladder_figures
    from cardgen.playtest.run import _variant
    from cardgen.playtest.simulate import LADDER, simulate

    values = {"players": 4, "decks": 1, "ace_value": 10, "crazy_options": (), "eights_words": "numbers"}
    iterations = iterations or DEFAULT_ITERATIONS
    for game in only:
        variant = _variant(game, values)
        start = time.perf_counter()
        pair = ("lookahead", "greedy")
        t = simulate(game, variant, pair, games, seed, jobs, stream=LADDER, iterations=iterations)
        m = ladder_figures(game, [(pair, t)], variant.players, iterations, games)["matches"][0]
        s = m["strong_share"]
        print(f"{game}: lookahead ({iterations} rollouts) against greedy, 4 players, {games} games "
              f"({m['decided']} decided): {100 * s['rate']:.1f} % of the won games, 95 % interval "
              f"{100 * s['low']:.1f}–{100 * s['high']:.1f} % (fair 50 %) · {time.perf_counter() - start:.0f} s",
              flush=True)


def _pct(xs: list, q: float) -> float:
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def times(hands: int, seed: int, only: tuple) -> None:
    from cardgen.model.play.table import EXPERT_ITERATIONS, GAMES, Table

    for game in [g for g in GAMES if g in only]:
        spent: list = []  # each expert decision (a bot's draw, move, word, suit…)
        waits: list = []  # each play(): the person's move checked, the bots' moves until the person's turn
        for i in range(hands):
            table = Table.create({"game": game, "seats": 4, "level": "expert"}, seed=seed + i)
            table.timings = spent
            while not table.over:
                view = table.view()
                if view["phase"] == "hand-over":
                    break  # one hand of each game
                start = time.perf_counter()
                table.play(view["moves"][0]["id"])
                waits.append(time.perf_counter() - start)
        spent.sort()
        waits.sort()
        print(f"{game} (expert: {EXPERT_ITERATIONS[game]} rollouts a decision, 3 expert opponents): "
              f"{len(spent)} decisions over {hands} hands, p50 {1000 * _pct(spent, 0.5):.0f} ms, "
              f"p95 {1000 * _pct(spent, 0.95):.0f} ms, max {1000 * spent[-1]:.0f} ms; the person's wait after "
              f"a move ({len(waits)} moves): p50 {1000 * _pct(waits, 0.5):.0f} ms, p95 {1000 * _pct(waits, 0.95):.0f} "
              f"ms, max {1000 * waits[-1]:.0f} ms", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--times", action="store_true")
    ap.add_argument("--winrates", action="store_true")
    ap.add_argument("--games", type=int, default=200, help="games per win-rate match")
    ap.add_argument("--hands", type=int, default=3, help="hands per game timed")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--iterations", type=int, default=None)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default=None, help="the games, comma-separated (default: all four for --times, "
                                                 "Crazy Eights and Eights for --winrates)")
    a = ap.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores", flush=True)
    if a.times or not a.winrates:
        times(a.hands, a.seed, tuple((a.only or "str8eight,fourscore,crazy-eights,eights").split(",")))
    if a.winrates:
        winrates(a.games, a.jobs, a.iterations, a.seed, tuple((a.only or "crazy-eights,eights").split(",")))
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end", flush=True)


if __name__ == "__main__":
    main()
