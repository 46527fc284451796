"""Time `cardgen build` as a user runs it (a fresh process, start-up included).

usage: python benchmarks/bench_build.py [--runs 5] [--only NAME,...]   (from the repository's top folder)

Cases, each run --runs times from scratch (--clean, a new folder), medians printed:
  only-print    cardgen build --game str8eight --format pdf --paper a4 --only print: the
                70-card A4 print job alone (card SVGs, card and back PDFs, 16 duplex sheets),
                as a user runs it; its goal is 6× the peer's speed (see below)
  print-a4      cardgen build --game str8eight --format pdf --paper a4   (the main job)
  all-pdf       every game, every PDF
  png-deck      cardgen build --game str8eight --format png              (70 cards at 300 DPI)
  all-formats   every game, --format all
  no-change     the same pdf build again, nothing changed (the cache)
  deck-a4       only the peer's job, through the Python API in a fresh process: the 70
                card SVGs, the card and back PDFs and the A4 3 × 3 duplex sheets
                (no booklet, sequence sheet or tuck box), start-up included
The per-stage times of each case's last run come from `cardgen build -v`. The
ratio compares with the fastest Python route measured in ../shared/RESEARCH.md
(cairosvg to PDF pages, then cardimpose: 1.61 s for the 70-card A4 job). Beside the
wall time each case shows the processes' CPU time (user + system, the build and its
children): on a shared machine the wall time waits for other people's work too.
The runs keep Python's bytecode caches as an installed cardgen has them (pip writes them
at install; PYTHONDONTWRITEBYTECODE, which a sandbox may set, is dropped for the runs),
and one run of each case warms them before the timed ones.
"""
from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PEER_SECONDS = 1.61
GOAL_RATIO = 6.0  # issue 16: the print job alone at least 6× the peer's speed, start-up included
CASES = {
    "only-print": ["--game", "str8eight", "--format", "pdf", "--paper", "a4", "--only", "print"],
    "print-a4": ["--game", "str8eight", "--format", "pdf", "--paper", "a4"],
    "all-pdf": ["--format", "pdf"],
    "png-deck": ["--game", "str8eight", "--format", "png"],
    "all-formats": ["--format", "all"],
}


ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def run(args: list[str], out: Path) -> tuple[float, str, float]:
    """Wall seconds, stdout and CPU seconds of one fresh `cardgen build`."""
    cmd = [sys.executable, "-m", "cardgen", "build", "--out", str(out), "-v", *args]
    cpu, start = _cpu(), time.perf_counter()
    proc = subprocess.run(cmd, check=True, capture_output=True, text=True, env=ENV)
    return time.perf_counter() - start, proc.stdout, _cpu() - cpu


# the peer's job alone: card SVGs -> PDF pages -> A4 sheets, as cardgen's build does it
DECK_A4 = """
import sys
from pathlib import Path
from cardgen.layout.imposition import SheetSpec, impose
from cardgen.layout.paper import PAPERS
from cardgen.model.sizes import card_size
from cardgen.model.str8eight import build_deck
from cardgen.design.cards import Look
from cardgen.design.str8eight import render_deck
from cardgen.documents.sheets import write_sheets
from cardgen.draw.pdf import write_pages
from cardgen.draw.pdfmeta import meta_for
from cardgen.theme import DEFAULT_THEME
out = Path(sys.argv[1]); out.mkdir(parents=True)
size = card_size("poker")
art = render_deck(build_deck(8, 3), Look(size, 3.0, False, DEFAULT_THEME))
faces, backs = [c.svg for c in art.faces], [c.svg for c in art.backs]
page = (size.width + 6, size.height + 6)
fonts = DEFAULT_THEME.fonts
write_pages(faces, out / "cards.pdf", meta_for("faces", "Str8 Eight"), page, fonts, 3.0)
write_pages(backs, out / "back.pdf", meta_for("back", "Str8 Eight"), page, fonts, 3.0)
spec = SheetSpec(PAPERS["a4"], size.width, size.height, 3.0, "duplex", "Str8 Eight")
write_sheets(impose(spec, len(faces)), out / "cards.pdf", out / "back.pdf", [0] * len(faces), 3.0,
             out / "print-a4.pdf", meta_for("print", "Str8 Eight"), fonts)
"""


def run_deck_a4(out: Path) -> tuple[float, float]:
    cpu, start = _cpu(), time.perf_counter()
    subprocess.run([sys.executable, "-c", DECK_A4, str(out)], check=True, capture_output=True, text=True, env=ENV)
    return time.perf_counter() - start, _cpu() - cpu


def stages(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if re.match(r"^\S+ stages: ", line)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--only", default="", help="comma-separated case names")
    args = parser.parse_args()
    wanted = [c for c in args.only.split(",") if c] or [*CASES, "no-change", "deck-a4"]
    print(f"{'case':<12} {'median s':>9} {'min s':>7} {'max s':>7} {'cpu s':>7}")
    for name in wanted:
        times, cpus, last = [], [], ""
        with tempfile.TemporaryDirectory() as tmp:
            for i in range(-1, args.runs):  # run -1 warms the bytecode caches, untimed
                out = Path(tmp) / f"out{i}"
                if name == "no-change":
                    run(CASES["print-a4"], out)
                    t, last, cpu = run(CASES["print-a4"], out)
                elif name == "deck-a4":
                    t, cpu = run_deck_a4(out)
                else:
                    t, last, cpu = run(CASES[name] + ["--clean"], out)
                if i >= 0:
                    times.append(t)
                    cpus.append(cpu)
        med = statistics.median(times)
        extra = ""
        if name in ("only-print", "print-a4", "deck-a4"):
            extra = f"   {PEER_SECONDS / med:.2f}× the peer's {PEER_SECONDS} s"
        if name == "only-print":
            goal = PEER_SECONDS / GOAL_RATIO
            extra += (f"; goal {GOAL_RATIO:g}× = {goal:.3f} s: {'met' if med <= goal else 'not met'}"
                      f" (on CPU time: {PEER_SECONDS / statistics.median(cpus):.2f}×)")
        print(f"{name:<12} {med:>9.3f} {min(times):>7.3f} {max(times):>7.3f} {statistics.median(cpus):>7.3f}{extra}")
        for line in stages(last):
            print(f"    {line}")


if __name__ == "__main__":
    main()
