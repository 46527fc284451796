"""Every speed target of issue 30 in one run, the peer alongside: medians of fresh processes.

usage: python benchmarks/bench_targets.py [--runs 5] [--rev REV] [--only CASE,...] [--peer PYTHON]
       (from the repository's top folder)

Cases (each a fresh `python -m cardgen ...` process, start-up included, into a new folder):
  only-print  build --game str8eight --format pdf --paper a4 --only print --clean: the 70-card
              A4 print job, against the peer doing the same job (goal: 6x the peer)
  only-print-kept  the same job without --clean, into a new folder, the result store warm (the
              untimed first run fills it): the drawings taken from the store (issue 42)
  all-pdf     build --clean: every game, every PDF (goal: 1.2 s)
  all-both    build --format all --paper both --clean (goal: 6 s, 250 MiB)
  no-change   build again into a folder the same build just made (goal: 0.3 s)
  help        cardgen --help (start-up)
  check       cardgen check of a default build (start-up and reading)
  playtest    playtest --hands 1 --game str8eight (start-up and report drawing)
  peer        the peer's job: CairoSVG draws the 70 card SVGs and the back to PDF pages,
              cardimpose lays them out 3 x 3 on A4, duplex, with crop marks
              (benchmarks/peer_print.py, run by --peer PYTHON, its own virtual environment)

With --rev REV the same cases also run on that commit (a temporary git worktree), each run
of a case alternating between REV and this checkout, so both see the same machine; the
ratio column is REV's median over this checkout's. On a shared machine the wall time waits
for other people's work: the CPU time (user + system of the process and its children) is
printed beside it, and the load average before and after. Peak memory is the largest
resident set of any one process of the build (ru_maxrss) and the largest sum of the
proportional set sizes (PSS) of the whole process tree, sampled every 20 ms.
The runs keep Python's bytecode caches, as an installed cardgen has them (one untimed run
of each case warms them).
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
PEER_PYTHON = "/tmp/cardgen-peer/bin/python"
GOALS = {"only-print": "6x the peer", "only-print-kept": "6x the peer", "all-pdf": 1.2, "all-both": 6.0, "no-change": 0.3}
MEMORY_GOAL_MIB = 250
CASES = {
    "only-print": ["build", "--game", "str8eight", "--format", "pdf", "--paper", "a4", "--only", "print", "--clean"],
    "only-print-kept": ["build", "--game", "str8eight", "--format", "pdf", "--paper", "a4", "--only", "print"],
    "all-pdf": ["build", "--clean"],
    "all-both": ["build", "--format", "all", "--paper", "both", "--clean"],
    "no-change": ["build"],
    "help": ["--help"],
    "check": ["check"],
    "playtest": ["playtest", "--game", "str8eight", "--hands", "1"],
}


def _env(root: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPATH"] = str(root)  # that tree's cardgen, templates and fonts
    return env


def _tree(pid: int) -> list:
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as fh:
                    todo += [int(c) for c in fh.read().split()]
        except OSError:
            pass
    return found


def _pss_kib(pids: list) -> int:
    total = 0
    for p in pids:
        try:
            with open(f"/proc/{p}/smaps_rollup") as fh:
                for line in fh:
                    if line.startswith("Pss:"):
                        total += int(line.split()[1])
                        break
        except OSError:
            pass
    return total


class Run:
    """One fresh process, timed: wall and CPU seconds, largest process and tree memory (MiB)."""

    def __init__(self, cmd: list, env: dict, cwd: Path):
        peak = [0]
        start = time.perf_counter()
        proc = subprocess.Popen(cmd, env=env, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        done = threading.Event()
        err: list = []

        def sample() -> None:
            while not done.wait(0.02):
                peak[0] = max(peak[0], _pss_kib(_tree(proc.pid)))
        threads = [threading.Thread(target=sample, daemon=True),
                   threading.Thread(target=lambda: err.append(proc.stderr.read()), daemon=True)]
        for t in threads:
            t.start()
        _, status, use = os.wait4(proc.pid, 0)  # this process tree's own usage
        self.wall = time.perf_counter() - start
        done.set()
        for t in threads:
            t.join()
        code = os.waitstatus_to_exitcode(status)
        proc.returncode = code
        if code != 0:
            raise SystemExit(f"{' '.join(cmd)} failed ({code}): {err[0].decode()[-500:]}")
        self.cpu = use.ru_utime + use.ru_stime
        self.tree_mib = peak[0] / 1024
        self.max_rss_mib = use.ru_maxrss / 1024


def run_case(case: str, root: Path, tmp: Path, i: int) -> Run:
    py = [sys.executable, "-m", "cardgen"]
    out = tmp / f"{root.name}-{case}-{i}"
    args = CASES[case]
    if case == "no-change":
        subprocess.run(py + ["build", "--out", str(out), "-q"], env=_env(root), cwd=root, check=True)
    elif case == "check":
        subprocess.run(py + ["build", "--out", str(out), "-q"], env=_env(root), cwd=root, check=True)
        return Run(py + ["check", str(out)], _env(root), root)
    elif case == "playtest":
        return Run(py + args + ["--out", str(out)], _env(root), root)
    if case == "help":
        return Run(py + args, _env(root), root)
    return Run(py + args + ["--out", str(out), "-q"], _env(root), root)


def run_peer(python: str, svg_dir: Path, tmp: Path, i: int) -> Run:
    return Run([python, str(HERE / "benchmarks" / "peer_print.py"), str(svg_dir), str(tmp / f"peer-{i}.pdf")],
               {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}, tmp)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--rev", help="an earlier commit to run alongside, interleaved")
    parser.add_argument("--only", default="", help="comma-separated case names (default: all)")
    parser.add_argument("--peer", default=PEER_PYTHON, help="the peer's Python (with cairosvg and cardimpose)")
    args = parser.parse_args()
    cases = [c for c in args.only.split(",") if c] or [*CASES, "peer"]
    peer = args.peer if Path(args.peer).exists() else None
    if "peer" in cases and peer is None:
        print(f"no peer at {args.peer} (see benchmarks/peer_print.py): the peer is left out")
        cases.remove("peer")
    print(f"load average {' '.join(f'{v:.1f}' for v in os.getloadavg())} on {os.cpu_count()} cores; "
          f"{args.runs} runs a case, medians")
    results: dict = {}
    with tempfile.TemporaryDirectory() as tmpname:
        tmp = Path(tmpname)
        roots = [("now", HERE)]
        if args.rev:
            old = tmp / "before"
            subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", "-q", str(old), args.rev],
                           check=True)
            roots.insert(0, (args.rev[:10], old))
        try:
            svg_dir = tmp / "peer-svgs"
            if "peer" in cases:  # the peer draws the very SVGs cardgen writes
                subprocess.run([sys.executable, "-m", "cardgen", "build", "--game", "str8eight", "--format", "svg",
                                "--out", str(svg_dir), "-q"], env=_env(HERE), check=True)
            for case in cases:
                sides = [("peer", None)] if case == "peer" else roots
                for i in range(-1, args.runs):  # run -1 warms the bytecode caches, untimed
                    for side, root in sides:
                        r = run_peer(peer, svg_dir / "str8eight" / "svg", tmp, i) if root is None \
                            else run_case(case, root, tmp, i)
                        if i >= 0:
                            results.setdefault((case, side), []).append(r)
        finally:
            if args.rev:
                subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(tmp / "before")],
                               check=False)
    peer_wall = statistics.median(r.wall for r in results[("peer", "peer")]) if ("peer", "peer") in results else None
    peer_cpu = statistics.median(r.cpu for r in results[("peer", "peer")]) if peer_wall else None
    print(f"{'case':<11} {'side':<11} {'wall s':>7} {'min':>6} {'max':>6} {'cpu s':>6} {'tree MiB':>8} "
          f"{'max proc':>8}  vs")
    for case in cases:
        sides = ["peer"] if case == "peer" else [s for s, _ in roots]
        for side in sides:
            runs = results[(case, side)]
            wall = statistics.median(r.wall for r in runs)
            cpu = statistics.median(r.cpu for r in runs)
            note = ""
            if side != "peer" and args.rev and side == "now":
                before = results[(case, roots[0][0])]
                note = (f"{statistics.median(r.wall for r in before) / wall:.2f}x faster than {roots[0][0]} "
                        f"(CPU {statistics.median(r.cpu for r in before) / cpu:.2f}x)")
            if case.startswith("only-print") and peer_wall:
                note += f"; {peer_wall / wall:.2f}x the peer (CPU {peer_cpu / cpu:.2f}x), goal 6x"
            elif isinstance(GOALS.get(case), float):
                note += f"; goal {GOALS[case]:g} s: {'met' if wall <= GOALS[case] else 'not met'}"
            if case == "all-both":
                note += f"; memory goal {MEMORY_GOAL_MIB} MiB"
            print(f"{case:<11} {side:<11} {wall:>7.3f} {min(r.wall for r in runs):>6.2f} "
                  f"{max(r.wall for r in runs):>6.2f} {cpu:>6.2f} {max(r.tree_mib for r in runs):>8.0f} "
                  f"{max(r.max_rss_mib for r in runs):>8.0f}  {note.lstrip('; ')}")
    print(f"load average at the end {' '.join(f'{v:.1f}' for v in os.getloadavg())}")


if __name__ == "__main__":
    main()
