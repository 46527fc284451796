"""CPU of the rule booklets of one build (issue 42): write_booklets (the booklet, its fold
sheets and the player aid, per game and paper) timed with time.process_time, and the
whole build's CPU.

usage: python benchmarks/booklet_cpu.py [--profile FILE] [cardgen build options, e.g. --preset mtc]

Builds `--format pdf -j 1 -q` (result store off) in this process, so the booklets are
typeset here rather than in a child; prints one line a game (CPU s in write_booklets and
the trial layouts booklet_type made) and the totals. --profile FILE: also a cProfile of
write_booklets written to FILE (pstats). Note the load (`uptime`): the machine is shared.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time


def main(argv: list[str]) -> None:
    os.environ["CARDGEN_CACHE"] = "off"
    profile = None
    if argv[:1] == ["--profile"]:
        profile, argv = argv[1], argv[2:]
    from cardgen.builders import rulebook
    from cardgen.cli import main as cli
    from cardgen.documents import booklet

    write_booklets, write, rows, drafts = rulebook.write_booklets, booklet._write, [], [0, 0]

    def counted(*args, **kwargs):
        drafts[bool(kwargs.get("draft"))] += 1
        return write(*args, **kwargs)

    def timed(out, options, theme, game, *args, **kwargs):
        drafts[:] = [0, 0]
        start = time.process_time()
        if prof:
            prof.enable()
        try:
            write_booklets(out, options, theme, game, *args, **kwargs)
        finally:
            if prof:
                prof.disable()
        rows.append((game, time.process_time() - start, drafts[1], drafts[0]))

    rulebook.write_booklets, booklet._write = timed, counted
    import cProfile

    prof = cProfile.Profile() if profile else None
    start = time.process_time()
    with tempfile.TemporaryDirectory() as out:
        try:
            cli(["build", "--format", "pdf", "-j", "1", "-q", "--out", out, *argv])
        except SystemExit as stop:
            if stop.code:
                raise
        finally:
            if prof:
                prof.dump_stats(profile)
    whole = time.process_time() - start
    for game, cpu, trials, real in rows:
        print(f"{game:14} {cpu:6.3f} s CPU  {trials:3d} trial layouts  {real:2d} real")
    print(f"booklets {sum(r[1] for r in rows):.3f} s CPU of the build's {whole:.3f} s, "
          f"{sum(r[2] for r in rows)} trial layouts")


if __name__ == "__main__":
    main(sys.argv[1:])
