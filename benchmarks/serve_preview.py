"""The live preview's latency, as the page asks for it: `cardgen serve` started as a user
starts it, then POST /api/preview over loopback, one request at a time (a designer dragging
knobs), and the time until the whole answer (cards of each game, a print sheet, the box,
the sheet count) has arrived.

usage: python benchmarks/serve_preview.py [--requests 200] [--variants 12] [--seed 1]

Two figures, p50 and p95 of each:
  warm    the knob values were each drawn once before (the session is warm: the designer goes
          back and forth between values already seen) -- the target is p95 <= 150 ms
  first   each request a variant not drawn before in this server (a knob set to a new value)
The machine's one-minute load is printed before and after: on a shared machine the times
also wait for other people's work.
"""
from __future__ import annotations

import argparse
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time

KNOBS = {"table_size": ["6", "7", "8", "9", "10", "12"], "pass_cards": ["0", "4", "6", "8"],
         "low_ink": ["", "on"], "card_size": ["poker", "bridge"], "paper": ["letter", "a4"],
         "scaffold": ["full", "colors", "bare"], "bleed": ["3", "2", "0"]}
BASE = {"games": ["str8eight", "eights", "crazy-eights", "fourscore"], "games__shown": "1", "low_ink__shown": "1"}


def start(data: str):
    proc = subprocess.Popen([sys.executable, "-m", "cardgen", "serve", "--no-browser", "--port", "0", "--data", data],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    m = re.search(r"open (http://[^/]+)/\?token=(\S+)", proc.stdout.readline())
    return proc, m.group(1), m.group(2)


def variant(rng: random.Random) -> dict:
    v = {k: rng.choice(vals) for k, vals in KNOBS.items()}
    if v["low_ink"] == "":
        del v["low_ink"]
    return {**BASE, **v}


def pct(values: list, q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, max(0, round(q * (len(values) - 1))))]


def main() -> None:
    import httpx2

    ap = argparse.ArgumentParser()
    ap.add_argument("--requests", type=int, default=200)
    ap.add_argument("--variants", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as data:
        proc, base, token = start(data)
        try:
            with httpx2.Client(base_url=base, timeout=60) as c:
                c.get(f"/?token={token}")
                head = {"origin": base}

                def ask(form: dict) -> float:
                    t = time.perf_counter()
                    r = c.post("/api/preview", data=form, headers=head)
                    r.read()
                    assert r.status_code == 200, r.text[:200]
                    return (time.perf_counter() - t) * 1000
                seen = []
                while len(seen) < args.variants:
                    v = variant(rng)
                    if v not in seen:
                        seen.append(v)
                first = [ask(v) for v in seen]  # each variant's first drawing (the first one warms the process)
                fresh = []
                for _ in range(max(10, args.requests // 10)):
                    v = variant(rng)
                    if v not in seen:
                        seen.append(v)
                        fresh.append(ask(v))
                warm = [ask(rng.choice(seen)) for _ in range(args.requests)]
        finally:
            proc.send_signal(signal.SIGINT)
            proc.wait(60)
    print(f"load after: {os.getloadavg()[0]:.2f}")
    print(f"warm:  {len(warm)} requests over {len(seen)} variants seen before: p50 {statistics.median(warm):.1f} ms, "
          f"p95 {pct(warm, 0.95):.1f} ms, max {max(warm):.1f} ms (target p95 <= 150 ms)")
    print(f"first: {len(fresh)} variants new to the server: p50 {statistics.median(fresh):.1f} ms, "
          f"p95 {pct(fresh, 0.95):.1f} ms (the very first request, start-up included: {first[0]:.0f} ms)")


if __name__ == "__main__":
    main()
