"""Hold every booklet of the variant sweep to the page-finish rules (issue 27, item 4), and
count their pages.

usage: python benchmarks/booklet_finish.py [--quick]

Each variant of benchmarks/variant_sweep.py that builds a booklet (every table size 2–12
with every pass-card count, set sequence lengths, Crazy Eights' decks and aces, Eights),
plus the class presets, is built with `cardgen build --only rules --format pdf --paper
both` (a fresh process each), and every booklet it writes, on both page sizes, is read
by tests/finish.py: no heading or lead-in at a page's foot, no caption apart from its
figure, no line break inside a run of numbers, no page more than 40 % empty unless a
figure too tall for the space follows. Prints one line per booklet that breaks a rule and a
summary with the page counts; exit 1 when any booklet breaks one.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "tests")]

from finish import problems  # noqa: E402
from variant_sweep import should_refuse, variants  # noqa: E402

PRESETS = [(f"str8eight+fourscore preset={p}", ["--game", "str8eight", "--game", "fourscore", "--preset", p])
           for p in ("intro", "grade3", "mtc")]


def without(flags: list, *names: str) -> list:
    """The flags less the named ones and their values."""
    out, skip = [], False
    for f in flags:
        if not skip and f not in names:
            out.append(f)
        skip = f in names and not skip
    return out


def flag(flags: list, name: str, default):
    return type(default)(flags[flags.index(name) + 1]) if name in flags else default


def blocks_for(game: str, flags: list, record: dict):
    """The rule text's blocks of the booklet the variant built (for its headings and captions)."""
    from cardgen.builders.rulebook import booklet_blocks
    from cardgen.model.facts import fourscore_facts, str8eight_facts

    if game == "str8eight":
        from cardgen.builders.str8eight import rules_spec

        return booklet_blocks(rules_spec(str8eight_facts(record["table_size"], record["pass_cards"],
                                                         record["sequence_length"], record["scaffold"],
                                                         record["large_print"])))
    if game == "fourscore":
        from cardgen.builders.fourscore import rules_spec

        scaffold = {"grade3": "colors", "mtc": "bare"}.get(flag(flags, "--preset", ""), "full")
        return booklet_blocks(rules_spec(fourscore_facts(record["table_size"], record["pass_cards"], scaffold)))
    if game == "crazy-eights":
        from cardgen.builders.crazy_eights import _rules

        return booklet_blocks(_rules(record["decks"], record["ace_value"]))
    from cardgen.builders.eights import rules_spec

    return booklet_blocks(rules_spec())


def main(argv=None) -> int:
    from cardgen.documents.booklet import BOOKLET_MARGINS, PAGE_SIZES

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    root = Path(tempfile.mkdtemp(prefix="cardgen-finish-"))
    seen, broken, pages = set(), [], Counter()
    started = time.perf_counter()
    runs = [(name, flags) for name, flags in variants(args.quick) if not should_refuse(flags)] + PRESETS
    for i, (name, flags) in enumerate(runs):
        flags = without(flags, "--format", "--paper")
        key = tuple(flags)
        if key in seen:  # the sweep builds some variants in several formats: one booklet each
            continue
        seen.add(key)
        out = root / f"v{i:03d}"
        result = subprocess.run([sys.executable, "-m", "cardgen", "build", *flags, "--only", "rules",
                                 "--format", "pdf", "--paper", "both", "--out", str(out), "-q"],
                                capture_output=True, text=True)
        if result.returncode != 0:
            broken.append((name, f"build failed: {result.stderr.strip()[-300:]}"))
            print(f"FAILED   {name}: build", flush=True)
            continue
        manifest = json.loads((out / "manifest.json").read_text())
        for game, record in manifest["games"].items():
            booklets = (record.get("rules") or {}).get("booklet", {})
            blocks = blocks_for(game, flags, record)
            for file, meta in booklets.items():
                page = PAGE_SIZES["a4" if meta["page"] == "a5" else "letter"]
                found = problems(out / game / file, blocks, BOOKLET_MARGINS, page.height)
                pages[(game, meta["page"], meta["pages"])] += 1
                for problem in found:
                    broken.append((f"{name}: {file}", problem))
                print(f"{'ok      ' if not found else 'BROKEN  '} {name}: {file} ({meta['pages']} pages)"
                      + "".join(f"\n           {p}" for p in found), flush=True)
        shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(root, ignore_errors=True)
    booklets = sum(pages.values())
    print(f"\n{booklets} booklets read, {len(broken)} problem(s) ({time.perf_counter() - started:.0f} s)")
    for (game, size, count) in sorted(pages):
        print(f"  {game} {size}: {count} pages × {pages[(game, size, count)]}")
    for name, why in broken:
        print(f"  BROKEN: {name}: {why}")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
