"""CPU of booklet_type (the search for the body size and spacing that make a booklet's
pages whole fold sheets), per booklet, and the trial layouts it made (issue 42).

usage: python benchmarks/booklet_type.py [cardgen build options, e.g. --preset mtc]

Builds the rule booklets (`--only rules --format pdf --paper both -j 1`, result store off)
in this process, timing each call of booklet_type with time.process_time; prints one line
a booklet (game, page size, setting chosen, trial layouts, CPU s) and the total. Note the
load (`uptime`): the machine is shared.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time


def main(argv: list[str]) -> None:
    os.environ["CARDGEN_CACHE"] = "off"
    from cardgen.cli import main as cli
    from cardgen.documents import booklet

    search, write, rows, trials = booklet.booklet_type, booklet._write, [], [0]

    def counted(*args, **kwargs):
        trials[0] += bool(kwargs.get("draft"))
        return write(*args, **kwargs)

    def timed(blocks, page, title, *args, **kwargs):
        trials[0], start = 0, time.process_time()
        chosen = search(blocks, page, title, *args, **kwargs)
        rows.append((title, page.name, chosen, trials[0], time.process_time() - start))
        return chosen

    booklet.booklet_type, booklet._write = timed, counted
    with tempfile.TemporaryDirectory() as out:
        try:
            cli(["build", "--only", "rules", "--format", "pdf", "--paper", "both", "-j", "1", "-q",
                 "--out", out, *argv])
        except SystemExit as stop:
            if stop.code:
                raise
    for title, page, (size, spacing, notes), count, cpu in rows:
        print(f"{title:14} {page:12} {size:5.1f} pt x {spacing:4.2f} notes {notes}  {count:2d} trials  {cpu:.3f} s")
    print(f"total {sum(r[4] for r in rows):.3f} s CPU, {sum(r[3] for r in rows)} trials, {len(rows)} booklets")


if __name__ == "__main__":
    main(sys.argv[1:])
