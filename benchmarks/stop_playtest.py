"""Stop a playtest and a tune with SIGTERM to the process group, again and again (issue 40).

Each stop runs `cardgen playtest` (plain, with its skill ladder, and --tune; two workers
each) in a session of its own, waits for a moment (tests/stopper.py: a status line, the
workers idle between two chunks, the report half drawn), sends SIGTERM to the whole group
after a random extra delay (0 to --spread seconds, so the stops fall all over each phase),
and requires exit 143 within 5 s with nothing left behind: no process, no report, no
--json file, no private folder. Prints each stop that was not clean and the count.

    python benchmarks/stop_playtest.py            # 50 stops, two at a time
    python benchmarks/stop_playtest.py --stops 200 --at-once 1
    python benchmarks/stop_playtest.py --signal INT  # Ctrl-C at a terminal: exit 130
"""
from __future__ import annotations

import argparse
import random
import signal
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from stopper import MOMENTS, stop_at  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stops", type=int, default=50)
    parser.add_argument("--at-once", type=int, default=2)
    parser.add_argument("--spread", type=float, default=0.6, help="the most seconds added after a moment")
    parser.add_argument("--seed", type=int, default=40)
    parser.add_argument("--signal", default="TERM", choices=("TERM", "INT", "HUP"), help="sent to the group")
    args = parser.parse_args()
    sig = signal.Signals[f"SIG{args.signal}"]
    rng = random.Random(args.seed)
    plan = [(i, MOMENTS[i % len(MOMENTS)], 0.0 if MOMENTS[i % len(MOMENTS)].pause else rng.uniform(0, args.spread))
            for i in range(args.stops)]
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="stop-playtest-") as tmp:
        def one(item):
            i, moment, later = item
            outcome = stop_at(moment, Path(tmp) / str(i), later=later, sig=sig)
            good = outcome.clean and outcome.prompt
            print(f"{i + 1:3}. {'clean' if good else 'NOT CLEAN'}  {outcome}"[:160], flush=True)
            return outcome

        with ThreadPoolExecutor(args.at_once) as pool:
            outcomes = list(pool.map(one, plan))
    bad = [o for o in outcomes if not (o.clean and o.prompt)]
    slowest = max(o.seconds for o in outcomes)
    print(f"{len(outcomes) - len(bad)} of {len(outcomes)} stops by SIG{args.signal} clean (exit {128 + sig} within "
          "5 s, nothing left); "
          f"slowest exit {slowest:.2f} s after the signal; {time.monotonic() - started:.0f} s in all")
    for o in bad:
        print(f"  not clean: {o}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
