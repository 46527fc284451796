"""Compare this checkout with an earlier commit, runs interleaved: median seconds and the ratio.

usage: python benchmarks/bench_compare.py REV [--runs 5] [--only print-a4,all-pdf,png-deck]

A shared machine's speed drifts from minute to minute (CPU steal), so timings taken at
different times do not compare. Here each case alternates between REV (checked out into
a temporary git worktree) and the working tree, so both see the same machine. Each run
is `cardgen build --clean` in a fresh process, start-up included, as bench_build.py.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_build import CASES

HERE = Path(__file__).resolve().parent.parent


def timed_build(root: Path, args: list[str], out: Path) -> float:
    env = {**os.environ, "PYTHONPATH": str(root)}  # that tree's cardgen, templates and fonts
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "cardgen", "build", "--out", str(out), "--clean", "-q", *args],
                   check=True, env=env, cwd=root, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rev", help="the earlier commit (hash, tag or branch)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="print-a4,all-pdf,png-deck", help="comma-separated case names")
    args = parser.parse_args()
    cases = [c for c in args.only.split(",") if c]
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "before"
        subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", "-q", str(old), args.rev], check=True)
        try:
            times: dict = {(c, side): [] for c in cases for side in ("before", "now")}
            for i in range(args.runs):
                for case in cases:
                    for side, root in (("before", old), ("now", HERE)):
                        out = Path(tmp) / f"{case}-{side}-{i}"
                        times[(case, side)].append(timed_build(root, CASES[case], out))
        finally:
            subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(old)], check=False)
    print(f"{'case':<10} {args.rev[:10]:>10} {'now':>8} {'ratio':>7}")
    for case in cases:
        before = statistics.median(times[(case, "before")])
        now = statistics.median(times[(case, "now")])
        print(f"{case:<10} {before:>9.3f}s {now:>7.3f}s {before / now:>6.2f}×")


if __name__ == "__main__":
    main()
