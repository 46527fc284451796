"""Survey the home-print plans: for every paper, card size, layout and bleed, how many
cards a sheet holds (and whether they are turned), the least mark a cut line keeps inside
a 5 mm blank border (a printer that prints nothing nearer the edge), on the fronts and on
the backs, and the outer bleed kept.

usage: python benchmarks/marks_survey.py
"""
from __future__ import annotations

from cardgen.layout.imposition import SheetSpec, impose
from cardgen.layout.paper import PAPERS
from cardgen.model.sizes import CARD_SIZES

BORDER = 5.0


def seen(marks, axis: str, at: float, length: float) -> list:
    """Each mark on the cut line, as the length a printer that skips BORDER mm prints."""
    out = []
    for m in marks:
        if axis == "x" and m.x1 == m.x2 and abs(m.x1 - at) < 1e-6:
            a, b = sorted((m.y1, m.y2))
        elif axis == "y" and m.y1 == m.y2 and abs(m.y1 - at) < 1e-6:
            a, b = sorted((m.x1, m.x2))
        else:
            continue
        out.append(max(0.0, min(b, length - BORDER) - max(a, BORDER)))
    return out


def page_least(page) -> tuple:
    """(least total per cut line, least single mark) on a page."""
    totals, singles = [], []
    xs = {round(v, 6) for p in page.placements for v in (p.trim.x, p.trim.right)}
    ys = {round(v, 6) for p in page.placements for v in (p.trim.y, p.trim.bottom)}
    for axis, values, length in (("x", xs, page.height), ("y", ys, page.width)):
        for at in values:
            parts = [s for s in seen(page.marks + page.back_marks, axis, at, length) if s > 0]
            totals.append(sum(parts))
            singles.append(max(parts, default=0.0))
    return min(totals), min(singles)


def main() -> None:
    print(f"{'paper':6} {'card':6} {'layout':10} {'bleed':>5} {'cards':>5} {'turned':>6} "
          f"{'front cut':>9} {'back cut':>9} {'outer bleed x/y':>15}")
    for paper in PAPERS.values():
        for size in CARD_SIZES.values():
            for layout in ("duplex", "fronts", "gutterfold"):
                for bleed in (0.0, 3.0, 6.0):
                    pages = impose(SheetSpec(paper, size.width, size.height, bleed, layout), 100)
                    front = pages[0]
                    back = pages[1] if layout == "duplex" else pages[0]
                    fronts = [p for p in front.placements if not p.back]
                    first = min(fronts, key=lambda p: (p.trim.y, p.trim.x))
                    outer = (first.trim.x - first.clip.x, first.trim.y - first.clip.y)
                    print(f"{paper.name:6} {size.name:6} {layout:10} {bleed:5g} {len(fronts):5} "
                          f"{'yes' if first.turn else 'no':>6} {page_least(front)[0]:8.1f}  {page_least(back)[0]:8.1f}  "
                          f"{outer[0]:7.2f}/{outer[1]:.2f}")


if __name__ == "__main__":
    main()
