"""Time `cardgen build` end to end, per format, as a user runs it (start-up included).

usage: python benchmarks/bench_build.py [--runs 5] [--formats svg,pdf,png,all]

Each run builds into a fresh folder; the median and spread of the wall times are
printed, together with the ratio to the fastest peer route measured in
../shared/RESEARCH.md (cairosvg to PDF pages, then cardimpose: 1.6 s for 70 cards).
"""
from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PEER_SECONDS = 1.61


def time_build(fmt: str, runs: int, extra: list[str]) -> list[float]:
    times = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as tmp:
            cmd = [sys.executable, "-m", "cardgen", "build", "--format", fmt,
                   "--out", str(Path(tmp) / "out"), "-q", *extra]
            start = time.perf_counter()
            subprocess.run(cmd, check=True)
            times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--formats", default="svg,pdf,png,all")
    parser.add_argument("extra", nargs="*", help="further cardgen build options")
    args = parser.parse_args()
    print(f"{'format':<8} {'median s':>9} {'min s':>7} {'max s':>7}  vs peer 1.61 s")
    for fmt in args.formats.split(","):
        times = time_build(fmt, args.runs, args.extra)
        med = statistics.median(times)
        print(f"{fmt:<8} {med:>9.3f} {min(times):>7.3f} {max(times):>7.3f}  {PEER_SECONDS / med:>5.2f}×")


if __name__ == "__main__":
    main()
