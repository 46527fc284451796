"""Time how `cardgen check` reads a forged page of junk markup (issue 40).

usage: python benchmarks/bench_check_pages.py [--pairs 20000,40000,80000]   (from the top folder)

Python's own HTML parser took time growing with the square of a run of "</" (each "<" began
a tag it scanned to the end of the page for, again and again): 40,000 pairs took 1.8 s, and
the 32 MB a page may hold would never end. The pages are read by Lexbor (selectolax) as a
browser reads them; this prints the time of one page check for each size, so the growth
can be seen (linear: doubling the pairs doubles the time, at most).
"""
from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", default="20000,40000,80000")
    opts = parser.parse_args()
    from cardgen.check.preview import read_page
    from cardgen.check.report import GameReport
    from cardgen.check.webfiles import check_page

    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "index.html"
        for n in (int(v) for v in opts.pairs.split(",")):
            page.write_text("<!doctype html><html><body>" + "</" * n)
            start = time.perf_counter()
            check_page(Path(tmp), "index.html", {"index.html"}, GameReport("preview"))
            read_page(page)
            print(f"{n:>9,} pairs of '</' ({page.stat().st_size / 1e6:.2f} MB): {time.perf_counter() - start:.3f} s")


if __name__ == "__main__":
    main()
