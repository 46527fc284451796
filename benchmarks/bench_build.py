"""Time `cardgen build` as a user runs it (a fresh process, start-up included).

usage: python benchmarks/bench_build.py [--runs 5] [--only NAME,...]

Cases, each run --runs times from scratch (--clean, a new folder), medians printed:
  print-a4      cardgen build --game str8eight --format pdf --paper a4   (the main job)
  all-pdf       every game, every PDF
  png-deck      cardgen build --game str8eight --format png              (70 cards at 300 DPI)
  all-formats   every game, --format all
  no-change     the same pdf build again, nothing changed (the cache)
The per-stage times of each case's last run come from `cardgen build -v`. The
ratio compares with the fastest Python route measured in ../shared/RESEARCH.md
(cairosvg to PDF pages, then cardimpose: 1.61 s for the 70-card A4 job).
"""
from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PEER_SECONDS = 1.61
CASES = {
    "print-a4": ["--game", "str8eight", "--format", "pdf", "--paper", "a4"],
    "all-pdf": ["--format", "pdf"],
    "png-deck": ["--game", "str8eight", "--format", "png"],
    "all-formats": ["--format", "all"],
}


def run(args: list[str], out: Path) -> tuple[float, str]:
    cmd = [sys.executable, "-m", "cardgen", "build", "--out", str(out), "-v", *args]
    start = time.perf_counter()
    proc = subprocess.run(cmd, check=True, capture_output=True, text=True)
    return time.perf_counter() - start, proc.stdout


def stages(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if re.match(r"^\S+ stages: ", line)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="", help="comma-separated case names")
    args = parser.parse_args()
    wanted = [c for c in args.only.split(",") if c] or [*CASES, "no-change"]
    print(f"{'case':<12} {'median s':>9} {'min s':>7} {'max s':>7}")
    for name in wanted:
        times, last = [], ""
        with tempfile.TemporaryDirectory() as tmp:
            for i in range(args.runs):
                out = Path(tmp) / f"out{i}"
                if name == "no-change":
                    run(CASES["print-a4"], out)
                    t, last = run(CASES["print-a4"], out)
                else:
                    t, last = run(CASES[name] + ["--clean"], out)
                times.append(t)
        med = statistics.median(times)
        extra = f"   {PEER_SECONDS / med:.2f}× the peer's 1.61 s" if name == "print-a4" else ""
        print(f"{name:<12} {med:>9.3f} {min(times):>7.3f} {max(times):>7.3f}{extra}")
        for line in stages(last):
            print(f"    {line}")


if __name__ == "__main__":
    main()
