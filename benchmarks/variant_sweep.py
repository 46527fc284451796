"""Build and check every variant a user can ask for, as a user would (a fresh `cardgen`
process each), and count what built, what was refused and what failed.

usage: python benchmarks/variant_sweep.py [--quick] [--keep DIR]

Variants:
  str8eight + fourscore  every table size 2–12 × every pass-card count 0, 2, … 20, with
                         PDFs (the words) and both papers; a size the model says deals no
                         game must be refused in one line (exit 2), and is counted so
  str8eight + fourscore  every table size 2–12 (6 pass cards; 4 for size 2) in every format
  str8eight              set sequence lengths, 2 up to the longest the table allows
  crazy-eights           both deck counts × both ace values, every format
  eights                 every format
Each build is followed by `cardgen check`, which reads the booklets', aids' and pads'
words against the cards. A variant the bots rarely finish (a winning run near the longest
the table allows, say) must be warned about by the build and flagged by check, and only
for that: it is counted as flagged. --quick: sizes 2, 3, 6, 9, 12 and pass cards 0, 2, 6, 20 only.
Exit 1 when anything failed.
"""
from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIZES = range(2, 13)
PASSES = range(0, 21, 2)


def cardgen(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardgen", *args], capture_output=True, text=True)


def variants(quick: bool) -> list:
    sizes = (2, 3, 6, 9, 12) if quick else SIZES
    passes = (0, 2, 6, 20) if quick else PASSES
    out = []
    for n in sizes:
        for p in passes:
            games = ["str8eight", "fourscore"] if n > 2 else ["str8eight"]  # FourScore's refusal: below
            out.append((f"{'+'.join(games)} n={n} pass={p} pdf", [*(x for g in games for x in ("--game", g)),
                        "--table-size", str(n), "--pass-cards", str(p), "--format", "pdf", "--paper", "both"]))
    out.append(("fourscore n=2 pass=6 pdf", ["--game", "fourscore", "--table-size", "2", "--format", "pdf"]))
    for n in sizes:
        p = 6 if n > 2 else 4
        games = ["str8eight", "fourscore"] if n > 2 else ["str8eight"]
        out.append((f"{'+'.join(games)} n={n} pass={p} all", [*(x for g in games for x in ("--game", g)),
                    "--table-size", str(n), "--pass-cards", str(p), "--format", "all"]))
    for n, length in ((8, 2), (8, 5), (8, 12), (8, 20), (3, 5), (12, 36)):
        out.append((f"str8eight n={n} sequence={length} pdf", ["--game", "str8eight", "--table-size", str(n),
                    "--sequence-length", str(length), "--format", "pdf"]))
    for decks in (1, 2):
        for ace in (10, 1):
            out.append((f"crazy-eights decks={decks} ace={ace} all", ["--game", "crazy-eights", "--decks", str(decks),
                        "--ace-value", str(ace), "--format", "all"]))
    out.append(("eights all", ["--game", "eights", "--format", "all"]))
    return out


def should_refuse(flags: list) -> bool:
    """What the model says: a deck too small to deal, or FourScore with nothing to deal."""
    from cardgen.model.facts import check_fourscore_playable
    from cardgen.model.str8eight import check_playable

    if "--table-size" not in flags:
        return False
    n, p = int(flags[flags.index("--table-size") + 1]), int(flags[flags.index("--pass-cards") + 1]) \
        if "--pass-cards" in flags else 6
    games = [flags[i + 1] for i, f in enumerate(flags) if f == "--game"]
    return bool(("str8eight" in games and check_playable(n, p)) or ("fourscore" in games and check_fourscore_playable(n)))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--keep", type=Path, help="build into this folder and keep the output")
    args = parser.parse_args(argv)
    root = args.keep or Path(tempfile.mkdtemp(prefix="cardgen-sweep-"))
    built, refused, flagged, failed = [], [], [], []
    started = time.perf_counter()
    for i, (name, flags) in enumerate(variants(args.quick)):
        out = root / f"v{i:03d}"
        t0 = time.perf_counter()
        result = cardgen("build", *flags, "--out", str(out), "-q", "--clean")
        errors = [line for line in result.stderr.splitlines() if not line.startswith("cardgen: warning:")]
        if result.returncode == 2 and len(errors) == 1 and "Traceback" not in result.stderr and should_refuse(flags):
            refused.append((name, errors[0]))
            print(f"refused  {name}: {errors[0]}", flush=True)
            continue
        if should_refuse(flags):
            failed.append((name, "build", f"the model says this deals no game, yet the build said: "
                                         f"exit {result.returncode} {result.stderr.strip()[-300:]}"))
            print(f"FAILED   {name}: not refused", flush=True)
            continue
        if result.returncode != 0:
            failed.append((name, "build", (result.stderr or result.stdout).strip()[-600:]))
            print(f"FAILED   {name}: build exit {result.returncode}", flush=True)
            continue
        check = cardgen("check", str(out))
        warned = "cannot make a game" in result.stderr
        problems = [line for line in check.stdout.splitlines() if line.startswith("  ") and ": " in line]
        if warned and check.returncode == 1 and problems and all("playability" in line for line in problems):
            flagged.append((name, problems[0].strip()))  # warned by the build, failed by check: as intended
            print(f"flagged  {name}: {problems[0].strip()}", flush=True)
        elif check.returncode != 0 or warned:
            bad = [line for line in check.stdout.splitlines() if line.startswith("  ") and ": " in line][-6:]
            failed.append((name, "check", "\n".join(bad)))
            print(f"FAILED   {name}: check", flush=True)
        else:
            built.append(name)
            print(f"ok       {name} ({time.perf_counter() - t0:.1f} s)", flush=True)
        if not args.keep:
            shutil.rmtree(out, ignore_errors=True)
    print()
    print(f"{len(built)} variants built and checked clean, {len(refused)} refused in one line, "
          f"{len(flagged)} built with a warning and flagged by check as unplayable, "
          f"{len(failed)} failed ({time.perf_counter() - started:.0f} s)")
    for name, why in refused:
        print(f"  refused: {name}: {why}")
    for name, why in flagged:
        print(f"  flagged: {name}: {why}")
    for name, stage, why in failed:
        print(f"  FAILED ({stage}): {name}\n    " + why.replace("\n", "\n    "))
    if not args.keep:
        shutil.rmtree(root, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
