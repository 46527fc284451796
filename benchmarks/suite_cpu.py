"""Where the test suite's time goes: wall and CPU seconds per test and per file.

usage: CARDGEN_TEST_CPU=/tmp/cpu.jsonl pytest -q      (tests/conftest.py appends a line a test)
       python benchmarks/suite_cpu.py /tmp/cpu.jsonl [--top 20]

A test's CPU is its own process's and that of the children it waited for (subprocesses,
build pools), over setup, call and teardown: a session fixture's build is charged to the
first test that asks for it. Wall far above CPU means waiting: on another xdist worker's
shared build, on a server, on a busy machine.
"""
from __future__ import annotations

import argparse
import collections
import json
import sys


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("--top", type=int, default=20)
    opts = parser.parse_args()
    rows = [json.loads(line) for line in open(opts.file) if line.strip()]
    wall = sum(r[1] for r in rows)
    cpu = sum(r[2] for r in rows)
    print(f"{len(rows)} tests: {wall:.0f} s of test wall time, {cpu:.0f} s of CPU")
    files: dict = collections.defaultdict(lambda: [0, 0.0, 0.0])
    for nodeid, w, c in rows:
        f = files[nodeid.split("::")[0]]
        f[0] += 1
        f[1] += w
        f[2] += c
    print(f"\nfiles by CPU (top {opts.top}):\n   cpu s   wall s  tests  file")
    for name, (n, w, c) in sorted(files.items(), key=lambda kv: -kv[1][2])[:opts.top]:
        print(f"{c:8.1f} {w:8.1f} {n:6d}  {name}")
    print(f"\ntests by CPU (top {opts.top}):\n   cpu s   wall s  test")
    for nodeid, w, c in sorted(rows, key=lambda r: -r[2])[:opts.top]:
        print(f"{c:8.1f} {w:8.1f}  {nodeid}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
