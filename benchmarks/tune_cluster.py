"""Lookahead hands a second where a tune plays them: one process, the local pool (-j 2), and a
Dask LocalCluster of two worker processes; and what a block costs on each beyond its hands.

    python benchmarks/tune_cluster.py            # 8 x 8 table, 3 players, 64 rollouts, 60 hands
    python benchmarks/tune_cluster.py --quick    # 20 hands
    python benchmarks/tune_cluster.py --scheduler tcp://HOST:8786   # also an existing cluster

The hands are the tune's work units (cardgen/playtest/executors.py): blocks of 10 lookahead
hands, each one tally back. The overhead per block is measured with empty blocks (no hand
played): the round trip of the work unit and its answer, with 2 x slots blocks in flight.
The load average is printed before and after: on a shared machine the figures wait for
other people's work.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="20 hands instead of 60")
    parser.add_argument("--hands", type=int, default=None)
    parser.add_argument("--table-size", type=int, default=8)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=64)
    parser.add_argument("--empty-blocks", type=int, default=400, help="blocks for the overhead")
    parser.add_argument("--scheduler", default=None, help="also measure an existing cluster")
    args = parser.parse_args()
    hands = args.hands or (20 if args.quick else 60)

    from cardgen.model.play.str8eight import Variant
    from cardgen.playtest import executors
    from cardgen.playtest.simulate import _run_chunk
    from cardgen.playtest.tune import block_size

    n = args.table_size
    variant = Variant(table_size=n, pass_cards=4, sequence_length=min(6, n), players=args.players)
    bots = ("lookahead",)
    size = block_size(bots)
    blocks = [("str8eight", variant, bots, 1, 0, a, min(a + size, hands), False, args.iterations)
              for a in range(0, hands, size)]
    empty = [("str8eight", variant, ("greedy",), 1, 0, 0, 0, False, 1)] * args.empty_blocks
    print(f"lookahead in every seat: {n} x {n} table, {args.players} players, {args.iterations} rollouts a "
          f"decision; {hands} hands in blocks of {size}")
    print(f"machine: {os.cpu_count()} cores, load average {_load()} before")

    _run_chunk(blocks[0][:5] + (0, 1) + blocks[0][7:])  # warm this process's tables (the pool forks from it)
    started, cpu = time.perf_counter(), time.process_time()
    for block in blocks:
        _run_chunk(block)
    one = hands / (time.perf_counter() - started)
    print(f"one process:          {one:6.2f} hands/s; {hands / (time.process_time() - cpu):.2f} hands a CPU second")

    results = {}
    import resource

    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    with executors.Local(2) as pool:
        results["-j 2 (local pool)"] = _measure(pool, blocks, empty, hands)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu_local = after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime
    from distributed import LocalCluster

    started = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, dashboard_address=":0", silence_logs=50) as cluster:
        up = time.perf_counter() - started
        with executors.Dask(cluster.scheduler_address) as workers:
            connected = time.perf_counter() - started - up
            before = workers.client.run(time.process_time)
            results["LocalCluster, 2 workers"] = _measure(workers, blocks, empty, hands)
            cpu_cluster = sum(workers.client.run(time.process_time).values()) - sum(before.values())
        busy, gap, wall, blocks = _tune_on(cluster.scheduler_address, args.quick)
    if args.scheduler:
        with executors.Dask(args.scheduler) as workers:
            results[f"{args.scheduler} ({workers.slots} threads)"] = _measure(workers, blocks, empty, hands)
    for name, (rate, overhead) in results.items():
        print(f"{name + ':':<22}{rate:6.2f} hands/s ({rate / one:.2f} x one process); "
              f"{overhead * 1000:.2f} ms a block beyond its hands")
    print(f"hands a CPU second in the workers (their warm-up and the empty blocks counted too): -j 2 "
          f"{hands / cpu_local:.2f}, LocalCluster {hands / cpu_cluster:.2f}")
    print(f"LocalCluster start: {up:.2f} s, connecting: {connected:.2f} s (once a run)")
    print(f"a lookahead tune on the LocalCluster: {blocks} blocks in {wall:.1f} s, the workers busy {busy:.0%} of "
          f"the time, at most {gap * 1000:.0f} ms between two blocks of a worker")
    print(f"load average after: {_load()}")


def _measure(executor, blocks: list, empty: list, hands: int) -> tuple:
    """(hands a second over the blocks, seconds a block for empty blocks): the first blocks
    warm every worker (imports and tables) before the clock starts."""
    for _ in executor.ordered([b[:5] + (0, 1) + b[7:] for b in [blocks[0]] * 2 * executor.slots]):
        pass
    started = time.perf_counter()
    for _ in executor.ordered(blocks):
        pass
    rate = hands / (time.perf_counter() - started)
    started = time.perf_counter()
    for _ in executor.ordered(empty):
        pass
    return rate, (time.perf_counter() - started) / len(empty)


def _tune_on(address: str, quick: bool) -> tuple:
    """A small lookahead tune on the cluster, watched through its task stream: (the share of
    the wall time the workers spent in blocks, the longest wait between two blocks of one
    worker, the wall time, the blocks)."""
    from distributed import Client, get_task_stream

    from cardgen.options import PlaytestOptions
    from cardgen.playtest.tune import tune

    fixed = {"table_size": 6, "players": 2}
    options = PlaytestOptions(tune=True, games=("str8eight",), sweep=(("pass_cards", (0, 4)),
                              ("sequence_length", (4, 5, 6))), hands=100 if quick else 200, bots=("lookahead",),
                              lookahead_iterations=16, executor="dask", scheduler=address, **fixed)
    with Client(address, set_as_default=False) as client:
        workers = len(client.nthreads())
        with get_task_stream(client) as stream:
            started = time.perf_counter()
            tune(options, set(fixed))
            wall = time.perf_counter() - started
    spans: dict = {}
    for task in stream.data:
        for s in task["startstops"]:
            if s["action"] == "compute":
                spans.setdefault(task["worker"], []).append((s["start"], s["stop"]))
    busy = sum(b - a for runs in spans.values() for a, b in runs)
    gaps = [b[0] - a[1] for runs in spans.values() for a, b in zip(sorted(runs), sorted(runs)[1:])]
    return busy / (workers * wall), max(gaps, default=0.0), wall, sum(map(len, spans.values()))


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
