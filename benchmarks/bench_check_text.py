"""Time a whole `cardgen check` of built kits (issue 42: reading the PDFs' text took 6 of
its 7.4 s CPU with pypdf; pdfium reads it 26 times faster). Each kit is checked RUNS times
in a fresh process (nothing kept between runs); prints the median CPU (user + system of the
process and its children) and wall time, and the load before and after.

usage: python benchmarks/bench_check_text.py KIT [KIT ...] [--runs 5] [--pythonpath TREE]
  --pythonpath: run another tree's cardgen (e.g. `git archive` of main unpacked) to compare
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time


def _load() -> str:
    return open("/proc/loadavg").read().split(" ", 3)[:3].__str__() if os.path.exists("/proc/loadavg") else "?"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("kits", nargs="+")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--pythonpath", default=None)
    opts = parser.parse_args()
    env = dict(os.environ)
    if opts.pythonpath:
        env["PYTHONPATH"] = opts.pythonpath
    code = "import sys; from cardgen.cli import main; sys.argv = ['cardgen', 'check', '--out', sys.argv[1]]; main()"
    print(f"load before: {_load()}")
    for kit in opts.kits:
        cpus, walls = [], []
        for _ in range(opts.runs):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            done = subprocess.run([sys.executable, "-c", code, kit], env=env, capture_output=True, text=True)
            walls.append(time.perf_counter() - start)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpus.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
            last = (done.stdout.strip().splitlines() or ["?"])[-1]
        print(f"{kit}: CPU {statistics.median(cpus):.2f} s, wall {statistics.median(walls):.2f} s "
              f"(median of {opts.runs}; exit {done.returncode}: {last[:60]})")
    print(f"load after: {_load()}")


if __name__ == "__main__":
    main()
