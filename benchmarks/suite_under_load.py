"""The whole test suite, N times in a row, with CPU burners running beside it.

usage: python benchmarks/suite_under_load.py [--runs 10] [--burners 4] [-- pytest args]
       (from the repository's top folder, in its virtual environment)

A suite that fails under load fails a developer's CI at random: this runs the README's test
command (pytest -q) --runs times while --burners processes each keep a core busy (a plain
Python loop, so the machine's load is the suite's plus theirs), and prints each run's
outcome, wall time, CPU time and the load, then how many passed. Exit status 1 when any
run failed. A failed run's whole pytest output (its tracebacks: what a flake under load
needs to be understood) is kept in a file of the system's temporary folder, named on the
run's line. The burners are this script's own children and end with it, on Ctrl-C and on
SIGTERM too.
"""
from __future__ import annotations

import argparse
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time

BURN = "while True:\n    pass\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--burners", type=int, default=4)
    parser.add_argument("pytest_args", nargs="*", default=["-q"])
    opts = parser.parse_args()
    # a SIGTERM (kill, pkill) ends the script through its finally, as Ctrl-C does, so the burners
    # and a running suite end with it instead of burning on as orphans
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(128 + signum))
    burners = [subprocess.Popen([sys.executable, "-c", BURN]) for _ in range(opts.burners)]
    passed = 0
    try:
        for run in range(1, opts.runs + 1):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            proc = subprocess.run([sys.executable, "-m", "pytest", *opts.pytest_args], capture_output=True, text=True)
            wall = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
            last = (proc.stdout.strip().splitlines() or ["(no output)"])[-1]
            ok = proc.returncode == 0
            passed += ok
            print(f"run {run}: {'pass' if ok else 'FAIL'} in {wall:.0f} s ({cpu:.0f} s CPU of the suite), "
                  f"load {os.getloadavg()[0]:.1f}: {last}", flush=True)
            if not ok:
                failures = [line for line in proc.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))]
                for line in failures:
                    print(f"    {line}", flush=True)
                with tempfile.NamedTemporaryFile("w", prefix=f"suite-under-load-run-{run}-", suffix=".txt",
                                                 delete=False) as kept:
                    kept.write(proc.stdout + proc.stderr)
                print(f"    the run's whole output: {kept.name}", flush=True)
    finally:
        for p in burners:
            p.send_signal(signal.SIGTERM)
        for p in burners:
            p.wait()
    print(f"{passed} of {opts.runs} runs passed with {opts.burners} CPU burners beside")
    return 0 if passed == opts.runs else 1


if __name__ == "__main__":
    sys.exit(main())
