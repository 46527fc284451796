"""`cardgen serve` under load on loopback: many browsers at once asking for previews while
kits are being built. Proves every build either completes (its kit checked, its zip there)
or is refused at once with 503 and Retry-After -- nothing lost, nothing left waiting.

usage: python benchmarks/serve_load.py [--clients 20] [--previews 400] [--builds 10]

Each client is a thread with its own connection (and cookie). The previews are spread over
the clients, with variants drawn from a few knob values; the builds are asked for at the
start, from different clients, each for a different small kit (one game, so the run stays
short), then followed through their event streams to the end. Printed: preview latency
p50/p95 under that load, and each build's fate.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor

GAMES = ("eights", "crazy-eights", "str8eight")


def pct(values: list, q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, max(0, round(q * (len(values) - 1))))]


def main() -> None:
    import httpx2

    ap = argparse.ArgumentParser()
    ap.add_argument("--clients", type=int, default=20)
    ap.add_argument("--previews", type=int, default=400)
    ap.add_argument("--builds", type=int, default=10)
    args = ap.parse_args()
    print(f"load before: {os.getloadavg()[0]:.2f} (1 min), {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as data:
        proc = subprocess.Popen([sys.executable, "-m", "cardgen", "serve", "--no-browser", "--port", "0", "--data",
                                 data], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        m = re.search(r"open (http://[^/]+)/\?token=(\S+)", proc.stdout.readline())
        base, token = m.group(1), m.group(2)
        head = {"origin": base}
        local = threading.local()

        def client():
            if not hasattr(local, "c"):
                local.c = httpx2.Client(base_url=base, timeout=600)
                local.c.get(f"/?token={token}")
            return local.c

        def preview(i: int) -> float:
            rng = random.Random(i)
            form = {"games": rng.choice(GAMES), "games__shown": "1", "table_size": str(rng.choice((6, 8, 10))),
                    "paper": rng.choice(("letter", "a4"))}
            t = time.perf_counter()
            r = client().post("/api/preview", data=form, headers=head)
            assert r.status_code == 200, r.text[:200]
            return (time.perf_counter() - t) * 1000

        def build(i: int) -> tuple:
            form = {"games": GAMES[i % len(GAMES)], "games__shown": "1", "table_size": str(6 + i % 5),
                    "paper": ("letter", "a4")[i % 2]}
            t = time.perf_counter()
            r = client().post("/api/build", data=form, headers=head)
            if r.status_code == 503:
                assert int(r.headers["retry-after"]) > 0
                return ("refused (503, Retry-After " + r.headers["retry-after"] + " s)", time.perf_counter() - t)
            assert r.status_code in (200, 202), r.text
            end = None
            with client().stream("GET", f"/jobs/{r.json()['job']}/events") as events:
                event = None
                for line in events.iter_lines():
                    if line.startswith("event:"):
                        event = line.split(":", 1)[1].strip()
                    elif line.startswith("data:") and event in ("done", "failed", "cancelled"):
                        end = (event, json.loads(line[5:]))
            assert end is not None, "the event stream ended without an end"
            if end[0] != "done":
                return (f"{end[0]}: {end[1]}", time.perf_counter() - t)
            page = client().get(end[1]["url"])
            z = client().get(end[1]["url"] + "/kit.zip")
            ok = page.status_code == 200 and "agrees with the rules" in page.text and z.content[:2] == b"PK"
            return ("completed, checked, zip " + ("ok" if ok else "MISSING"), time.perf_counter() - t)

        try:
            started = time.perf_counter()
            with ThreadPoolExecutor(args.clients) as pool:
                builds = [pool.submit(build, i) for i in range(args.builds)]
                previews = list(pool.map(preview, range(args.previews)))
                fates = [b.result() for b in builds]
            took = time.perf_counter() - started
        finally:
            proc.send_signal(signal.SIGINT)
            code = proc.wait(120)
    print(f"load after: {os.getloadavg()[0]:.2f}; server exit code on Ctrl-C: {code}")
    print(f"previews: {len(previews)} from {args.clients} clients while building: p50 "
          f"{statistics.median(previews):.0f} ms, p95 {pct(previews, 0.95):.0f} ms, max {max(previews):.0f} ms")
    done = sum(f.startswith("completed") for f, _ in fates)
    refused = sum(f.startswith("refused") for f, _ in fates)
    for i, (fate, seconds) in enumerate(fates):
        print(f"  build {i + 1}: {fate} after {seconds:.1f} s")
    print(f"builds: {len(fates)} asked, {done} completed, {refused} refused with 503, "
          f"{len(fates) - done - refused} other; all answered in {took:.0f} s")
    if done + refused != len(fates) or any("MISSING" in f for f, _ in fates):
        sys.exit(1)


if __name__ == "__main__":
    main()
