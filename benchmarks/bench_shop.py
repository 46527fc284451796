"""Time and size the print-shop files: every game, every shop, as a user builds them.

usage: python benchmarks/bench_shop.py [--runs 3] [--jobs N]   (from the repository's top folder)

Each run is `cardgen build --format shop --shop all --clean` into a new folder in a fresh
process, then `cardgen check` on it; medians of the wall and CPU times are printed (CPU:
user + system of the process and its children, since on a shared machine the wall time
also waits for other people's work), then the size of each game's shop folders and the
result of each preflight report. Not part of the test suite: it renders every card of
every deck for three image shops.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def _timed(args: list) -> "tuple[float, float]":
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "cardgen", *args], check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    opts = parser.parse_args()
    builds, checks = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(opts.runs):
            out = Path(tmp) / f"out{run}"
            builds.append(_timed(["build", "--format", "shop", "--shop", "all", "--clean", "-j", str(opts.jobs),
                                  "-q", "--out", str(out)]))
            checks.append(_timed(["check", str(out)]))
        print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {opts.runs} runs, medians")
        for name, runs in (("build --format shop --shop all", builds), ("check", checks)):
            print(f"{name}: {statistics.median(w for w, _ in runs):.2f} s wall, "
                  f"{statistics.median(c for _, c in runs):.2f} s CPU")
        out = Path(tmp) / "out0"
        for game in sorted(p.name for p in out.iterdir() if (p / "shop").is_dir()):
            for folder in sorted(p for p in (out / game / "shop").iterdir() if p.is_dir()):
                files = [p for p in folder.iterdir() if p.is_file()]
                report = json.loads((folder / "preflight.json").read_text())
                print(f"  {game}/shop/{folder.name}: {len(files)} files, "
                      f"{sum(p.stat().st_size for p in files) / 1e6:.2f} MB, preflight {report['result']}")


if __name__ == "__main__":
    main()
