"""Time `cardgen check` on card SVGs padded with long comments (issue 40, item 10).

usage: python benchmarks/bench_check_comments.py [--mb 4] [--cards 6] [--runs 3]   (from the top folder)

Builds the Eights deck as SVG once, pads --cards of its card SVGs with a comment of --mb
megabytes each (under the checker's 32 MB cap for an SVG), reseals the manifest as a forger
would, then times `cardgen check` on it in a fresh process, --runs times: medians of wall
and CPU time. The check fails (the padded files are listed again); its time is the point.
Parsed 16 kB at a time, the time grew with the square of the comment's length (six
31 MB comments: 296 s); read in one pass it grows with the length.
"""
from __future__ import annotations

import argparse
import hashlib
import json
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
    subprocess.run([sys.executable, "-m", "cardgen", *args], stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=4.0)
    parser.add_argument("--cards", type=int, default=6)
    parser.add_argument("--runs", type=int, default=3)
    opts = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "out"
        subprocess.run([sys.executable, "-m", "cardgen", "build", "--game", "eights", "--format", "svg", "-q",
                        "-j", "1", "--out", str(out)], check=True)
        base = _timed(["check", str(out)])
        cards = sorted((out / "eights" / "svg").glob("*.svg"))[:opts.cards]
        pad = "<!--" + "x" * int(opts.mb * (1 << 20)) + "-->"
        for card in cards:
            card.write_text(card.read_text().replace("</svg>", pad + "</svg>"))
        data = json.loads((out / "manifest.json").read_text())
        for entry in data["files"]:
            entry["sha256"] = hashlib.sha256((out / entry["path"]).read_bytes()).hexdigest()
        (out / "manifest.json").write_text(json.dumps(data))
        runs = [_timed(["check", str(out)]) for _ in range(opts.runs)]
    wall, cpu = statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
    print(f"check, unpadded: {base[0]:.2f} s wall, {base[1]:.2f} s CPU")
    print(f"check, {opts.cards} card SVGs padded with {opts.mb:g} MB comments: {wall:.2f} s wall, {cpu:.2f} s CPU "
          f"(median of {opts.runs})")


if __name__ == "__main__":
    main()
