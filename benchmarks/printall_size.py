"""Issue 41 (B): what draw/dedupe.py saves on a print-everything file: the kit's files of a
paper gathered page for page as documents/printall.py gathers them, saved as they are and
saved with identical objects stored once, and the time dedupe takes.

    python benchmarks/printall_size.py OUTPUT_FOLDER [PAPER]
"""
from __future__ import annotations

import io
import json
import sys
import time
from pathlib import Path

import pikepdf

from cardgen.draw.dedupe import dedupe


def main(folder: str, paper: str = "letter") -> None:
    out = Path(folder)
    files = [e["path"] for e in json.loads((out / "manifest.json").read_text())["files"]
             if e["path"].endswith(f"-{paper}.pdf") and "/" in e["path"]]
    sources = [pikepdf.open(out / p) for p in files]
    with pikepdf.new() as pdf:
        for src in sources:
            pdf.pages.extend(src.pages)
        gathered = io.BytesIO()
        pdf.save(gathered, deterministic_id=True, compress_streams=True)
    for src in sources:
        src.close()
    with pikepdf.open(io.BytesIO(gathered.getvalue())) as pdf:
        start = time.perf_counter()
        merged = dedupe(pdf)
        took = time.perf_counter() - start
        after = io.BytesIO()
        pdf.save(after, deterministic_id=True, compress_streams=True)
    print(f"{len(files)} files of {paper}: {len(gathered.getvalue()):,} bytes gathered, {len(after.getvalue()):,} "
          f"with identical objects once ({merged} merged in {took:.2f} s)")


if __name__ == "__main__":
    main(*sys.argv[1:3] if len(sys.argv) > 1 else ["output"])
