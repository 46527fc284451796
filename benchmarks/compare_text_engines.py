"""Compare the text pypdf and pdfium (the checker's reader since issue 42) extract from
the PDFs under the given folders that the checker reads words from (booklets, folds, aids,
pads, boxes, sheets, teacher pages, reports: not the card and print-sheet files), each page
normalised as the checker reads it and collapsed to one line. Prints the counts of pages
alike, alike but for spaces, and differing in their characters or order, and a sample of each.

usage: python benchmarks/compare_text_engines.py KIT [KIT ...] [--show N]   (folders or PDFs)
"""
from __future__ import annotations

import io
import sys
from pathlib import Path

SKIP = ("-cards.pdf", "-back.pdf", "-backs.pdf")


def _at(a: str, b: str) -> int:
    return next((j for j in range(min(len(a), len(b))) if a[j] != b[j]), min(len(a), len(b)))


def main() -> None:
    import pypdf

    from cardgen.check import pdftext

    args = [a for a in sys.argv[1:] if not a.startswith("--show")]
    show = int(next((a.split("=")[1] for a in sys.argv[1:] if a.startswith("--show=")), "3"))
    counts = {"same": 0, "spaces": 0, "differ": 0}
    for top in args:
        files = [Path(top)] if top.endswith(".pdf") else sorted(Path(top).rglob("*.pdf"))
        for path in files:
            if path.name.endswith(SKIP) or "-print-" in path.name or path.name.startswith("print-everything"):
                continue
            data = path.read_bytes()
            old = [p.extract_text() for p in pypdf.PdfReader(io.BytesIO(data)).pages]
            _, new = pdftext.read(data)
            for i, text in enumerate(old):
                a, b = " ".join(text.split()), " ".join(new[i].split())
                kind = "same" if a == b else "spaces" if a.replace(" ", "") == b.replace(" ", "") else "differ"
                counts[kind] += 1
                if kind != "same" and counts[kind] <= show:
                    if kind == "spaces":
                        a, b = a.replace(" ", "␣"), b.replace(" ", "␣")
                    k = _at(a, b)
                    print(f"[{kind}] {path} p{i + 1}:\n  pypdf : …{a[max(0, k - 50):k + 70]!r}\n"
                          f"  pdfium: …{b[max(0, k - 50):k + 70]!r}")
    print(", ".join(f"{v} pages {k}" for k, v in counts.items()))


if __name__ == "__main__":
    main()
