"""Rebuild after one option changed: how much the store of drawings (cardgen/cache.py) saves.

usage: python benchmarks/rebuild_one_option.py [--args "build options"] [--runs N]
       (default build: --game str8eight --format pdf,png)

A build with the base options fills an output folder and a store. Then, for each of five
one-option changes, a copy of that folder is built again with the option changed, in a
fresh process, twice: with a copy of the base build's store (the drawings the change leaves
alone come from it) and with the store off (every drawing made again, as before the store).
The game-level cache keeps nothing here: each change moves the game's key. Printed: wall
time and CPU time (user + system of the process and its children) for each, medians of
--runs, and the one-minute load beside them (the machine is shared; CPU time is the fairer
figure when it is busy).
"""
from __future__ import annotations

import argparse
import os
import resource
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CHANGES = [("--paper a4", ["--paper", "a4"]), ("--pass-cards 4", ["--pass-cards", "4"]),
           ("--layout fronts", ["--layout", "fronts"]), ("--box-fit sleeves", ["--box-fit", "sleeves"]),
           ("--low-ink", ["--low-ink"])]


def run(args: list, out: Path, store: str) -> tuple:
    env = {**os.environ, "CARDGEN_CACHE": store}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "cardgen", "build", *args, "--out", str(out), "-q"], check=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--args", default="--game str8eight --format pdf,png")
    parser.add_argument("--runs", type=int, default=3)
    opts = parser.parse_args()
    base = shlex.split(opts.args)
    with tempfile.TemporaryDirectory(prefix="rebuild-") as tmp:
        tmp = Path(tmp)
        run(base, tmp / "base", str(tmp / "store"))
        print(f"base: cardgen build {opts.args}; load {os.getloadavg()[0]:.1f}")
        print(f"{'change':<20} {'with the store':>24} {'store off':>24}")
        for name, change in CHANGES:
            rows = {}
            for mode in ("store", "off"):
                walls, cpus = [], []
                for i in range(opts.runs):
                    out = tmp / f"out-{mode}-{i}"
                    shutil.copytree(tmp / "base", out)
                    store = "off"
                    if mode == "store":
                        store = str(tmp / f"store-{i}")
                        shutil.copytree(tmp / "store", store)
                    wall, cpu = run(base + change, out, store)
                    walls.append(wall)
                    cpus.append(cpu)
                    shutil.rmtree(out)
                    if mode == "store":
                        shutil.rmtree(store)
                rows[mode] = f"{statistics.median(walls):.2f} s, {statistics.median(cpus):.2f} s CPU"
            print(f"{name:<20} {rows['store']:>24} {rows['off']:>24}   (load {os.getloadavg()[0]:.1f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
